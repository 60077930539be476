// The club's page printed whole, with a view (a tournament report, a ladder's ranking) embedded: a
// browser prints a frame only as tall as it is on screen, a few rows of a long table. The frame sends a
// copy of what it prints, as text (widget/page/print-copy.js); the loader (embed.js) keeps it, checked,
// and only when the page is about to be printed ("beforeprint") makes it a table of the page's own in the
// element's shadow root, in the frame's place: in the club's fonts, every row, its headers on every page (or
// several tables: a ladder player's history and head-to-head records), and after them the view's notes on its file.
// Nothing of it is read as markup; the table is taken down after printing.

/** The copy's limits: a report of 20 000 players, 40 columns, 200 000 cells at most, each text of 500 characters
 * (widget/page/print-copy.js cuts a longer one to COPY_TEXT, the same). */
const MAX_ROWS = 20000;
const MAX_COLUMNS = 40;
const MAX_CELLS = 200000;
export const MAX_TEXT = 500;

/** The copy's look on paper (and none on screen), in the element's shadow root. A row's cells at its bottom, as the
 * view's own page prints them (style.css @media print): a long name wrapped, and the row's rank and figures printed
 * on a line of their own halfway down it, a cell's default (hp110). No ligatures: Firefox's PDF wrote "Schaﬀer" with
 * one character for "ff", and a search of it for "Schaffer" found nothing (hp110). */
export const PRINT_CSS = ".print-copy{display:none}@media print{.print-copy:not([hidden]){display:block;font-variant-ligatures:none}" +
  ".print-copy:not([hidden])+div iframe{display:none}.print-copy h2{font-size:1.2em;margin:0 0 .25em}" +
  ".print-copy p{margin:0 0 .25em;font-size:9pt}.print-copy table{border-collapse:collapse;font-size:9pt;" +
  "font-variant-numeric:tabular-nums}.print-copy caption{text-align:start;font-weight:600;padding:.25em 0}" +
  ".print-copy th,.print-copy td{padding:1px 4px;border-bottom:1px solid #999;text-align:start;white-space:nowrap;" +
  "vertical-align:bottom}" +
  ".print-copy .long{white-space:normal;overflow-wrap:anywhere;min-width:16em}" +
  ".print-copy .n{text-align:end}.print-copy tr{break-inside:avoid}.print-copy table+table{margin-top:1em}" +
  ".print-copy .note{white-space:normal;font-style:italic}.print-copy h3{font-size:1em;margin:1em 0 .25em}" +
  ".print-copy ul{margin:0;padding-inline-start:1.25em;font-size:9pt}.print-copy li{break-inside:avoid}}";

/** A text longer than this wraps on paper (class "long"): a row on one line, but a note typed as a name would push
 * every figure after it off the page. */
export const LONG_TEXT = 60;

/** An array's items, a hole read as `undefined` (refused where an item must be a text, a row, a table): an array
 * with holes (postMessage keeps them) went past `every` and `some`, which skip them, and a hole was read as a table,
 * an exception where a refusal was meant (rv89). @param {unknown[]} value */
const items = (value) => Array.from(value);

/** Texts, or null when `value` is not an array of at most `max` short texts. @param {unknown} value @param {number} max */
function texts(value, max) {
  if (!Array.isArray(value) || value.length > max) return null;
  const all = items(value);
  return all.every((x) => typeof x === "string" && x.length <= MAX_TEXT) ? /** @type {string[]} */ (all) : null;
}

/** The most notes on the file a copy may have (widget/page/print-copy.js cuts to COPY_NOTES, the same). */
export const MAX_NOTES = 100;

/** The view's notes on its file ("What the file did not say"), checked: a heading and at most MAX_NOTES texts; none
 * (undefined) where the copy has none, null for anything else. @param {unknown} value */
function readNotes(value) {
  if (value === undefined) return undefined;
  const n = value && typeof value === "object" ? /** @type {Record<string, unknown>} */ (value) : null;
  const items = n ? texts(n.items, MAX_NOTES) : null;
  return n && items && typeof n.heading === "string" && n.heading.length <= MAX_TEXT ? { heading: n.heading, items } : null;
}

/** The tables after the first a copy may have: a ladder player's page prints their history and their head-to-head
 * records (hp110: the frame sent no copy of it, and the club's page printed 70 of a player's 120 games, cut). */
const MAX_MORE = 4;

/**
 * A table of the copy, checked: its caption, its headers, whether each column holds numbers, and its rows, each as
 * wide as the headers, or of one text: a note across the table (a new season's regression in a team's history).
 * @param {Record<string, unknown>} c
 * @returns {{caption: string, heads: string[], numeric: boolean[], rows: string[][]} | null}
 */
function readTable(c) {
  const heads = texts(c.heads, MAX_COLUMNS);
  const numeric = Array.isArray(c.numeric) && items(c.numeric).every((x) => typeof x === "boolean") ? /** @type {boolean[]} */ (items(c.numeric)) : null;
  if (!heads || !numeric || numeric.length !== heads.length || typeof c.caption !== "string" || c.caption.length > MAX_TEXT
    || !Array.isArray(c.rows) || c.rows.length > MAX_ROWS || c.rows.length * heads.length > MAX_CELLS) return null;
  const rows = items(c.rows).map((row) => texts(row, MAX_COLUMNS));
  if (rows.some((row) => !row || (row.length !== heads.length && row.length !== 1))) return null;
  return { caption: c.caption, heads, numeric, rows: /** @type {string[][]} */ (rows) };
}

/**
 * The copy the frame sent, checked: every part a text (or texts) within the limits, its first table's parts and
 * those of the tables after it (`more`: readTable); 200 000 cells in all; its notes on the file (`notes`: readNotes);
 * null for none (the view closed) or for anything else.
 * @param {unknown} copy
 * @returns {{title: string, lines: string[], caption: string, heads: string[], numeric: boolean[], rows: string[][],
 *   more: {caption: string, heads: string[], numeric: boolean[], rows: string[][]}[],
 *   notes?: {heading: string, items: string[]}} | null}
 */
export function readCopy(copy) {
  if (!copy || typeof copy !== "object") return null;
  const c = /** @type {Record<string, unknown>} */ (copy);
  const lines = texts(c.lines, 10);
  const first = readTable(c);
  const others = c.more === undefined ? [] : Array.isArray(c.more) && c.more.length <= MAX_MORE ? items(c.more) : null;
  const more = others?.map((t) => (t && typeof t === "object" ? readTable(/** @type {Record<string, unknown>} */ (t)) : null));
  const notes = readNotes(c.notes);
  if (!lines || !first || !more || more.some((t) => !t) || notes === null || typeof c.title !== "string"
    || c.title.length > MAX_TEXT) return null;
  const tables = /** @type {NonNullable<ReturnType<typeof readTable>>[]} */ ([first, ...more]);
  if (tables.reduce((cells, t) => cells + t.rows.length * t.heads.length, 0) > MAX_CELLS) return null;
  return { title: c.title, lines, ...first, more: tables.slice(1), ...(notes ? { notes } : {}) };
}

/** @typedef {NonNullable<ReturnType<typeof readCopy>>} Copy */

/** The copies kept, by their element's section, until the page is printed. @type {Map<HTMLElement, Copy>} */
const copies = new Map();
/** Whether the page is being printed now (between "beforeprint" and "afterprint"). */
let printing = false;

/**
 * Keep the copy a frame sent for `section` (a <section class="print-copy"> before the frame's box), or
 * none; made into a table when the page is printed.
 * @param {HTMLElement} section @param {unknown} copy
 */
export function writeCopy(section, copy) {
  notes.delete(section);
  const read = readCopy(copy);
  section.hidden = !read;
  section.replaceChildren();
  // How many rows it would print, in all its tables (the page's scripts, tests).
  section.dataset.rows = String(read ? [read, ...read.more].reduce((rows, t) => rows + t.rows.length, 0) : 0);
  if (read) copies.set(section, read);
  else copies.delete(section);
  if (read && printing) build(section, read);
}

/** The sections that say, while the page prints, that their view was not loaded yet (`writeNotLoaded`). */
const notes = new Set();

/**
 * While the page prints: `section`'s view, a frame not loaded yet (lazy, below the fold), says so and how to have it
 * on paper (`text`), where the loader's link to it would print alone; taken down after printing, or by its copy.
 * @param {HTMLElement} section @param {string} text
 */
export function writeNotLoaded(section, text) {
  if (copies.has(section)) return;
  const note = Object.assign(document.createElement("p"), { textContent: text });
  section.replaceChildren(note);
  section.hidden = false;
  notes.add(section);
}

// (A script, not a page, in tests: no window to listen to.)
globalThis.addEventListener?.("beforeprint", () => {
  printing = true;
  for (const [section, copy] of copies) {
    if (section.isConnected) build(section, copy);
    else copies.delete(section); // its element was taken out of the page
  }
});
globalThis.addEventListener?.("afterprint", () => {
  printing = false;
  for (const section of copies.keys()) section.replaceChildren();
  for (const section of notes) {
    if (!copies.has(section)) Object.assign(section, { hidden: true }).replaceChildren();
  }
  notes.clear();
});

/** The copy as the page prints it: its name, its lines, its tables, and its notes on the file (as the view's own page
 * prints them with its table: a heading and a list). @param {HTMLElement} section @param {Copy} read */
function build(section, read) {
  const make = (/** @type {string} */ tag, /** @type {string} */ text = "", /** @type {string} */ className = "") =>
    Object.assign(document.createElement(tag), { textContent: text, className });
  const tables = [read, ...read.more].map((one) => {
    const table = document.createElement("table");
    table.append(make("caption", one.caption));
    const head = table.createTHead().insertRow();
    one.heads.forEach((text, i) => {
      const th = make("th", text, one.numeric[i] ? "n" : "");
      th.setAttribute("scope", "col");
      head.append(th);
    });
    const body = table.createTBody();
    for (const row of one.rows) {
      const tr = body.insertRow();
      if (row.length < one.heads.length) tr.append(Object.assign(make("td", row[0], "note"), { colSpan: one.heads.length }));
      else row.forEach((text, i) => tr.append(make("td", text, one.numeric[i] ? "n" : text.length > LONG_TEXT ? "long" : "")));
    }
    return table;
  });
  /** @type {HTMLElement[]} */
  const notes = [];
  if (read.notes) {
    const list = make("ul");
    list.append(...read.notes.items.map((text) => make("li", text)));
    notes.push(make("h3", read.notes.heading), list);
  }
  section.replaceChildren(...(read.title ? [make("h2", read.title)] : []), ...read.lines.map((line) => make("p", line)), ...tables, ...notes);
}
