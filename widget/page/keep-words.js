// Table headers broken as little as their box has room for, and only at a syllable where they must break: a view's
// tables on a phone (a ladder player's, a report player's games). Their headers may break anywhere (style.css), or
// a column of one long word ("dell'avversario") left a column of names 17 px and its names broke letter by letter;
// so each header is given a min-width of its widest syllable, then of its words on two lines, then whole, as long as
// its table still fits its box, and the page's language's header words carry soft hyphens (i18n "hyphens").
import { t } from "./i18n.js";
import { options } from "./options.js";

/** Where words are measured in a header's font. @type {CanvasRenderingContext2D | null | undefined} */
let measure;

const SHY = "\u00AD";
/** The header words of each language, by the word in lower case, as the lengths of their syllables (i18n's
 * "hyphens", "Un-ent-schie-den …"): where a header may break, with a hyphen. Without the language's dictionary
 * (Debian's Chromium) "Unentschieden" broke as "Une|ntsc|hied|en", and with it (Firefox) as "Un|ent|schi|e|den", in
 * a column as narrow as the others left it. @type {Map<string, Map<string, number[]>>} */
const syllables = new Map();

/** `text` with a soft hyphen between the syllables of its known words, in the page's language. @param {string} text */
function hyphenate(text) {
  let words = syllables.get(options.lang);
  if (!words) {
    const known = t("hyphens").split(/\s+/).filter(Boolean);
    syllables.set(options.lang, words = new Map(known.map((w) => [w.replaceAll("-", "").toLowerCase(), w.split("-").map((s) => s.length)])));
  }
  const byWord = words;
  return text.replace(/[\p{L}\p{M}'’]+/gu, (word) => {
    const lengths = byWord.get(word.toLowerCase());
    if (!lengths || lengths.reduce((a, b) => a + b, 0) !== word.length) return word;
    let at = 0;
    return lengths.map((n) => word.slice(at, at += n)).join(SHY);
  });
}

/** A header's widths with each of its words: whole, on two lines at its best soft hyphen, and at its widest
 * syllable (a hyphen after each but the last). @param {string} text @param {(s: string) => number} width */
function wordWidths(text, width) {
  const each = text.split(/\s+/).filter(Boolean).map((word) => {
    const parts = word.split(SHY);
    const whole = width(parts.join(""));
    const cuts = parts.slice(1).map((_, i) => Math.max(width(`${parts.slice(0, i + 1).join("")}-`), width(parts.slice(i + 1).join(""))));
    return { whole, half: Math.min(whole, ...cuts), least: Math.max(...parts.map((part, i) => width(i < parts.length - 1 ? `${part}-` : part))) };
  });
  const most = (/** @type {"whole" | "half" | "least"} */ key) => Math.max(0, ...each.map((w) => w[key]));
  return { whole: most("whole"), half: most("half"), least: most("least") };
}

/**
 * The headers of `table` as little broken as its box has room for (but a player's name in it, `.who`): each at least as
 * wide as its widest syllable, then its words on two lines at most, then whole, a column of names first, then the
 * shortest, as long as the table fits. A header broken anywhere (style.css) could shrink to a letter, and the
 * columns shared the room evenly, "Expect|ed score" with room to spare (hp109). @param {HTMLTableElement} table
 */
function keepWords(table) {
  const heads = [...(table.tHead?.rows[0]?.cells ?? [])];
  measure ??= document.createElement("canvas").getContext("2d");
  if (!measure || !heads.length) return;
  const ctx = measure;
  const sizes = heads.map((th) => {
    th.style.minWidth = "";
    const own = [...th.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    for (const node of own) node.textContent = hyphenate(node.textContent ?? "");
    const style = getComputedStyle(th);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // Border-box: its padding too, and a pixel for the rounding.
    const extra = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 1;
    const widths = wordWidths(own.map((node) => node.textContent).join(" "), (s) => ctx.measureText(s).width);
    return { th, whole: Math.ceil(widths.whole + extra), half: Math.ceil(widths.half + extra), least: Math.ceil(widths.least + extra) };
  });
  const box = table.parentElement;
  if (!box) return;
  const style = getComputedStyle(box);
  // The box's own width, fractions of a pixel and all (a frame in a club's column, a phone of 411.43 px): a whole
  // clientWidth below a table of 100% kept no header whole (rv88); nor past the edge by a fraction (scrollWidth).
  const px = (/** @type {string} */ name) => parseFloat(style.getPropertyValue(name));
  const room = box.getBoundingClientRect().width - px("padding-left") - px("padding-right")
    - px("border-left-width") - px("border-right-width");
  const fits = () => table.getBoundingClientRect().width <= room;
  /** Each of `some` headers at `level` in turn while the table fits; the first that does not fit stays as it was,
   * and so do the longer ones. @param {typeof sizes} some @param {"whole" | "half" | "least"} level */
  const widen = (some, level) => {
    for (const size of some) {
      const before = size.th.style.minWidth;
      size.th.style.minWidth = `${size[level]}px`;
      if (fits()) continue;
      size.th.style.minWidth = before;
      break;
    }
  };
  // Every header its widest syllable first; then a column of names (the history's, a report player's opponents)
  // whole if it can be: it takes the room the others leave, and its names broke letter by letter in a column as narrow
  // as the others left it (35 px, Italian on a 320 px phone); then the others, the shortest first. (Names whole before
  // the others' syllables broke English's "Cha|nge|," in a 320 px phone's games table, rv89.)
  const names = sizes.filter((size) => size.th.classList.contains("c-name"));
  const others = sizes.filter((size) => !names.includes(size));
  const shortest = (/** @type {"whole" | "half" | "least"} */ level) => others.sort((a, b) => a[level] - b[level]);
  widen([...names, ...shortest("least")], "least");
  for (const level of /** @type {const} */ (["half", "whole"])) widen(names, level);
  for (const level of /** @type {const} */ (["half", "whole"])) widen(shortest(level), level);
}

/** The boxes whose tables' headers keepWords keeps whole, and those tables, by the width each was kept at; and what
 * keeps them again when one's width changes (a phone turned, rows drawn). @type {Map<Element, number>} */
const kept = new Map();
/** @type {ResizeObserver | null} */
let wordsKept = null;
/** The box each kept table is kept in. @type {WeakMap<Element, Element>} */
const boxOf = new WeakMap();

/** The width an element of `kept` was kept at: a box's own (clientWidth), a table's drawn. @param {Element} el */
const widthOf = (el) => (el.localName === "table" ? el.getBoundingClientRect().width : el.clientWidth);

/** The headers of the tables in `box` kept whole as its room allows (keepWords), now and whenever its width or a
 * table's changes (rows drawn in steps may widen it, a phone turned); a box no longer in the page is let go.
 * @param {Element} box */
export function keepWordsIn(box) {
  for (const el of kept.keys()) {
    if (!el.isConnected) {
      wordsKept?.unobserve(el); // a table replaced (another opponent's stakes)
      kept.delete(el);
    }
  }
  const tables = [...box.querySelectorAll("table")];
  tables.forEach(keepWords);
  for (const el of [box, ...tables]) kept.set(el, widthOf(el));
  for (const made of tables) boxOf.set(made, box);
  wordsKept ??= new ResizeObserver((entries) => {
    const changed = entries.map(({ target }) => target).filter((el) => kept.has(el) && kept.get(el) !== widthOf(el));
    // In the next frame, not in this callback: the heights keepWords changes would be a loop's error here (rv88).
    if (changed.length) requestAnimationFrame(() => {
      for (const box of new Set(changed.map((el) => boxOf.get(el) ?? el))) {
        if (box?.isConnected && kept.has(box)) keepWordsIn(box);
      }
    });
  });
  for (const el of [box, ...tables]) wordsKept.observe(el);
}
