// Printing a view's table (the tournament report's, the ladder's ranking), in two ways:
// - the view's own Print button (printButton): the frame's page printed alone by the browser, with the
//   print stylesheet (style.css @media print): every row, the printed columns, headers on every page;
// - the club's page printed whole: a browser prints a frame only as tall as it is on screen, so the
//   frame gives the page that embeds it (a named origin, frame.js toHost) a copy of what it would print
//   as text: the view's name, its facts, the date, the table's printed columns and every row shown (a
//   ladder player's page: their history's and their head-to-head records'), and the notes on the file the view prints
//   with its table ("What the file did not say").
//   embed.js prints that copy in the frame's place. Sent a moment after the table last changed, and
//   null when the view closes. Texts only: the club's page builds its own table from them.
import { toHost } from "./frame.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { options } from "./options.js";

/** How long the table is left to settle (rows drawn in steps, a K typed) before its copy is made. */
const SETTLE_MS = 400;

/**
 * A table as embed.js prints it: its caption, its columns' headers, whether each holds numbers (set to the right),
 * and its rows (a row of one text: a note across the table).
 * @typedef {{caption: string, heads: string[], numeric: boolean[], rows: string[][]}} TableCopy
 */

/**
 * The notes on the file a view prints with its table ("What the file did not say": K assumed, no TPR, a player of the
 * players file in no pool): their heading and each note.
 * @typedef {{heading: string, items: string[]}} NotesCopy
 */

/**
 * What embed.js prints: the view's name, lines under it (facts, the date printed), and its table; `more`, the tables
 * after it (a ladder player's head-to-head records after their history); `notes`, the view's notes on the file, after
 * its tables.
 * @typedef {{title: string, lines: string[]} & TableCopy & {more?: TableCopy[], notes?: NotesCopy}} Copy
 */

/** Today's date in the page's language, as printed under a view's name. */
export const printedOn = () => t("view.printed", {
  date: new Intl.DateTimeFormat(options.lang, { dateStyle: "long" }).format(new Date()),
});

/**
 * The button that prints the view (the frame's own page); in a frame a site builder made from the widget's address
 * (no loader: no `host`), which may not let it print or download (a sandbox without allow-modals or
 * allow-downloads: both did nothing, without a word), with a link to the view in its own tab, where both work.
 */
export function printButton() {
  const button = h("button", { type: "button", class: "print-button", text: t("view.print") });
  button.addEventListener("click", () => window.print());
  if (options.host || window.top === window) return button;
  const link = h("a", { href: location.href, target: "_blank", rel: "noopener", class: "own-tab", text: t("view.ownTab") });
  return h("span", { class: "print-tools" }, [button, link]);
}

/** The view's name as shown: its own heading (`id`: the file's or event's name), or, where the club's
 * `heading` stands in its place, the page's; the element of that text. @param {string} id */
export function shownName(id) {
  const own = /** @type {HTMLElement} */ (document.getElementById(id));
  const page = /** @type {HTMLElement | null} */ (document.querySelector("h1"));
  return !own.hidden || !page || !options.heading || options.heading === "none" ? own : page;
}

/** A cell's mark (style.css draws it on screen, data-rule: FIDE's ±800 performance rule), in the copy's text. @type {Record<string, string>} */
const MARKS = { plus_800: " *", minus_800: " **" };

/** Whether a cell is printed: not a column left off paper (`no-print`), nor one a phone alone shows (`phone-only`: a
 * head-to-head record's W–D–L, which its wins, draws and losses columns say on paper). @param {Element} cell */
const printed = (cell) => !cell.classList.contains("no-print") && !cell.classList.contains("phone-only");

/** The most characters of a text in the copy: embed/print-copy.js refuses a copy with a longer one (a 522-character
 * name typed in a ladder's file: the club's page printed only what its frame showed), so each is cut to it. */
export const COPY_TEXT = 500;

/** `text`, cut to COPY_TEXT characters with an ellipsis (never between the two halves of a character). @param {string} text */
export const short = (text) => {
  if (text.length <= COPY_TEXT) return text;
  const end = /[\uD800-\uDBFF]/.test(text[COPY_TEXT - 2]) ? COPY_TEXT - 2 : COPY_TEXT - 1;
  return text.slice(0, end) + "…";
};

/** The most lines under a copy's name (embed/print-copy.js refuses a copy with more). */
const COPY_LINES = 10;

/**
 * The lines under a copy's name: the first of `lines` that are not blank, and the date it was printed always last
 * (a ladder's rules line and eight notes pushed it past the tenth, and off the paper).
 * @param {string[]} lines @param {string} date @returns {string[]}
 */
export const copyLines = (lines, date) => [...lines.filter(Boolean).slice(0, COPY_LINES - 1), date].map(short);

/** The most notes a copy carries (embed/print-copy.js refuses a copy with more): a file's problems are said once by
 * kind (contract.group_problems), some forty kinds for a report's file, some seventy for a ladder's two files. */
export const COPY_NOTES = 100;

/** The notes of `box` (a view's "What the file did not say": a heading and a list) as printed: none where it is hidden
 * or has none. The club's page printed the view's table without them (hp110): not that K was assumed for 134 players,
 * nor that a players file's member played in no pool. @param {HTMLElement | undefined} box @returns {NotesCopy | null} */
function notesCopy(box) {
  const items = box && !box.hidden ? [...box.querySelectorAll("li")].map((li) => li.textContent?.trim() ?? "").filter(Boolean) : [];
  if (!box || !items.length) return null;
  return { heading: short(box.querySelector("h4")?.textContent?.trim() ?? ""), items: items.slice(0, COPY_NOTES).map(short) };
}

/** `table` as printed: its caption, its printed columns' headers, and its rows (a player's open row left out).
 * @param {HTMLTableElement} table @returns {TableCopy} */
function tableCopy(table) {
  // Nor a column no row has a value in (the report's: event.js drawRows, as on its own paper).
  const blank = (table.dataset.blank ?? "").split(" ").filter(Boolean).map((key) => `c-${key}`);
  const kept = (/** @type {Element} */ cell) => printed(cell) && !blank.some((name) => cell.classList.contains(name));
  const heads = [...table.tHead?.rows[0]?.cells ?? []].filter(kept);
  const rows = [...table.tBodies[0]?.rows ?? []].filter((r) => !r.classList.contains("detail"));
  return {
    caption: short(table.caption?.textContent ?? ""),
    // Without the marks of a sort, nor the soft hyphens a view's headers break at on screen (keep-words.js).
    heads: heads.map((c) => short(c.textContent?.replace(/[↕▲▼\u00AD]/g, "").trim() ?? "")),
    numeric: heads.map((c) => !/\bc-(name|title|federation|kWhy|first|marks)\b/.test(c.className)),
    rows: rows.map((r) => [...r.cells].filter(kept).map((c) => short((c.textContent?.trim() ?? "") + (MARKS[c.getAttribute("data-rule") ?? ""] ?? "")))),
  };
}

/**
 * The copy of `section`'s view as printed: its name (`title`), its facts (`totals`, a <dl>), and its table (`table`):
 * the rows now in it (every row shown, those far from view too: long-table.js keeps them), or its tables, the first
 * and those after it (a ladder player's history and head-to-head records); `more`, lines after the facts (the rules
 * a ladder was rated by); `notesBox`, the view's notes on the file it prints with its table (notesCopy).
 * @param {HTMLElement} title @param {HTMLElement} totals @param {HTMLTableElement | HTMLTableElement[]} table
 * @param {string[]} [more] @param {HTMLElement} [notesBox] @returns {Copy}
 */
export function copyOf(title, totals, table, more = [], notesBox = undefined) {
  const [first, ...after] = Array.isArray(table) ? table : [table];
  const facts = [...totals.querySelectorAll(":scope > div")].map((d) => `${d.querySelector("dt")?.textContent}: ${d.querySelector("dd")?.textContent}`);
  // What a mark means (FIDE's ±800 performance rule: the report's notes under its table, when shown).
  const notes = [...(first.closest("section")?.querySelectorAll(".rule-note:not([hidden])") ?? [])]
    .map((n) => `${MARKS[n.getAttribute("data-rule") ?? ""] ?? ""} ${n.textContent}`.trim());
  const fileNotes = notesCopy(notesBox);
  return {
    title: short(title.textContent ?? ""),
    lines: copyLines([facts.join(" · "), ...more, ...notes], printedOn()),
    ...tableCopy(first),
    ...(after.length ? { more: after.map(tableCopy) } : {}),
    ...(fileNotes ? { notes: fileNotes } : {}),
  };
}

/**
 * Keep the embedding page's copy of a view's table up to date: `section` is the view, shown or hidden;
 * its copy (`copy()`, null while it has no table to print) is sent once it has settled. Nothing is sent
 * where no page that named its origin embeds the frame.
 * @param {HTMLElement} section @param {() => Copy | null} copy
 */
export function followForPrint(section, copy) {
  const send = toHost;
  // A file named in the widget's own address (src: any page may frame such an address and name itself as
  // host) is not copied to that page: embed.js hands its frames their files, and never puts src there.
  if (!send || new URLSearchParams(location.search).has("src")) return;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let last = "";
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const made = section.hidden ? null : copy();
      const text = JSON.stringify(made);
      if (text === last) return;
      last = text;
      send("elo-calculator:print", made);
    }, SETTLE_MS);
  };
  new MutationObserver(settle).observe(section, { subtree: true, childList: true, characterData: true, attributeFilter: ["hidden"] });
}
