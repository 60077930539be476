// A player's own row in the tournament report (event view, event.js): on a narrow screen, first the
// player's figures that their row leaves out (event-rows.js COLUMNS' `fit`); their title norms, each
// condition with its figures (elo_core.reports.norms); what the file does not say
// (K, or the facts K comes from: fewer than 30 games, once 2400, 2300 as a junior, a junior), set by
// the visitor with the event rated again at once; the player's games, each with why it is not rated
// where it is not; and a button that opens the player in the calculator.
import { t } from "../../page/i18n.js";
import { formatNumber, isBlank, parseNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { COLUMNS, gameLines, kWhy } from "./event-rows.js";
import { cellText } from "./event-table.js";
import { FACT_FIELDS, factName } from "./event-file.js";
import { LongTable } from "../../page/long-table.js";
import { canLink, playerLinkButton } from "../../page/player-link.js";
import { keepWordsIn } from "../../page/keep-words.js";

/** @typedef {import("./event-rows.js").Player} Player */
/** @typedef {import("./event-file.js").Override} Override */
/**
 * What the row tells the view: K typed (a number, null for blank, NaN for no number), a fact ticked, an
 * unrated player's own start rating typed (plain Elo; as K), or the player to open in the calculator; and
 * whether the row offers a link of its own (a club's file, named by its address: player-link.js).
 * @typedef {{k: (start: number, k: number | null) => void, fact: (start: number, fact: string, on: boolean) => void,
 *   rating: (start: number, rating: number | null) => void, calculator: (start: number) => void, link: boolean}} Hooks
 */
/** The parts of the row that change with each answer, and the player's answer they show (fillDetail): the
 * games' table is drawn in steps (long-table.js: 10 000 rounds), its rows kept and written again.
 * @typedef {{figures: HTMLElement[], rule: HTMLElement, norms: HTMLElement, kNote: HTMLElement, kError: HTMLElement, kInput: HTMLInputElement, games: LongTable,
 *   rows: HTMLTableRowElement[], caption: HTMLElement, shows: Player | null}} Detail */

/** The games table's columns a phone leaves out (the 5th and 6th: gameRow). */
const NARROW = ["difference", "expected"];

/** The columns a narrow table may leave out (`fit` over 1), shown in the player's own row there. */
const LEFT_OUT = COLUMNS.filter((c) => c.fit > 1);

/** The text keys of the facts' labels (the calculator's own). */

/** An element with a class and a text. @param {string} tag @param {string} [className] @param {string} [text] */
function el(tag, className = "", text = "") {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text) made.textContent = text;
  return made;
}

/** The K field and the facts, for player `p`. @param {Player} p @param {Override} given @param {Hooks} on */
function kEditor(p, given, on) {
  const box = el("fieldset", "event-k");
  box.append(el("legend", "", t("event.kFor", { name: p.name })));
  const id = `event-k-${p.start}`;
  const label = el("label", "", t("event.kLabel"));
  label.setAttribute("for", id);
  const kInput = /** @type {HTMLInputElement} */ (el("input"));
  Object.assign(kInput, { id, inputMode: "decimal", spellcheck: false, value: given.k === undefined ? "" : String(given.k) });
  kInput.setAttribute("aria-describedby", `${id}-note ${id}-error`);
  const kNote = el("p", "hint");
  kNote.id = `${id}-note`;
  const kError = el("p", "error");
  kError.id = `${id}-error`;
  kInput.addEventListener("input", () => {
    const read = isBlank(kInput.value) ? null : parseNumber(kInput.value, options.lang);
    on.k(p.start, read === null ? null : read.kind === "number" ? read.value : NaN);
  });
  box.append(label, kInput, kNote, kError);
  for (const field of FACT_FIELDS) {
    const fact = factName(field);
    const check = /** @type {HTMLInputElement} */ (el("input"));
    check.type = "checkbox";
    check.checked = Boolean(given[fact] ?? (fact === "junior" && p.junior));
    check.addEventListener("change", () => on.fact(p.start, fact, check.checked));
    const line = el("label", "check");
    line.append(check, " ", el("span", "", t(`field.${field.path}`)));
    box.append(line);
  }
  return { box, kInput, kNote, kError };
}

/** An unrated player's own start rating (plain Elo only: style.css shows it there), before the start rating
 * of every unrated player above the table. @param {Player} p @param {Override} given @param {Hooks} on */
function startEditor(p, given, on) {
  const id = `event-start-${p.start}`;
  const label = el("label", "", t("event.ownStart", { name: p.name }));
  label.setAttribute("for", id);
  const input = /** @type {HTMLInputElement} */ (el("input"));
  Object.assign(input, { id, inputMode: "decimal", spellcheck: false, value: given.rating === undefined ? "" : String(given.rating) });
  const error = el("p", "error");
  error.id = `${id}-error`;
  input.setAttribute("aria-describedby", error.id);
  input.addEventListener("input", () => {
    const read = isBlank(input.value) ? null : parseNumber(input.value, options.lang);
    const rating = read === null ? null : read.kind === "number" ? read.value : NaN;
    error.textContent = Number.isNaN(rating) ? t("event.startInvalid") : "";
    if (Number.isNaN(rating)) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    if (!Number.isNaN(rating)) on.rating(p.start, rating);
  });
  const field = el("div", "field event-own-start");
  field.append(label, input, error);
  return field;
}

/** The games table's frame, its body filled by fillDetail. @param {Player} p */
function gamesTable(p) {
  const table = el("table", "event-games");
  const caption = el("caption", "", t("event.games", { name: p.name }));
  caption.id = `event-games-${p.start}`;
  const head = el("tr");
  for (const key of ["round", "opponent", "rating", "result", "difference", "expected", "change"]) {
    // On a phone the difference and the expected score step out (NARROW): the change is what was asked.
    const th = /** @type {HTMLTableCellElement} */ (el("th", NARROW.includes(key) ? "fit-2" : key === "opponent" ? "c-name" : "", t(`event.g.${key}`)));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const games = /** @type {HTMLTableSectionElement} */ (el("tbody"));
  table.append(caption, thead, games);
  return { table, games, caption };
}

/**
 * Make a player's own row's content in `cell` (once, when first opened).
 * @param {HTMLTableCellElement} cell @param {Player} p @param {Override} given @param {Hooks} on
 * @returns {Detail}
 */
export function makeDetail(cell, p, given, on) {
  // The figures a narrow table leaves out, each shown where its column is not (style.css: `.figures`).
  const list = el("dl", "figures");
  const figures = LEFT_OUT.map((column) => {
    const item = el("div", `fit-${column.fit}`);
    const value = el("dd");
    item.append(el("dt", "", t(column.head)), value);
    list.append(item);
    return value;
  });
  const { box, kInput, kNote, kError } = kEditor(p, given, on);
  if (p.rating === null || p.rating === undefined) box.append(startEditor(p, given, on));
  const open = el("button", "to-calculator", t("event.toCalculator", { name: p.name }));
  open.setAttribute("type", "button");
  open.addEventListener("click", () => on.calculator(p.start));
  const { table, games, caption } = gamesTable(p);
  // It scrolls sideways on a phone: a region of its own, reached by keyboard.
  const wrap = el("div", "table-wrap games-wrap");
  Object.assign(wrap, { tabIndex: 0 });
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-labelledby", caption.id);
  wrap.append(table);
  const body = el("div", "detail-body");
  // How FIDE's rule for a 100 % or 0 % score gave the performance, where it did.
  const rule = el("p", "hint");
  rule.hidden = true;
  const norms = el("div", "event-norms");
  body.append(list, rule, norms, ...(on.link && canLink() ? [playerLinkButton(String(p.start), p.name)] : []), box, open, wrap);
  cell.append(body);
  keepWordsIn(wrap); // "Elo dell'avversario" whole left "Avversario" 17 px on a phone, its names letter by letter
  return { figures, rule, norms, kNote, kError, kInput, games: new LongTable(games, wrap), rows: [], caption, shows: null };
}

/** A number of a game's line, or a dash. @param {number | null} x @param {number} places @param {boolean} [sign] */
const num = (x, places, sign = false) => (x === null ? "—" : formatNumber(x, options.lang, { decimals: places, sign }));

/** The player's figures in their own row: those the table leaves out, K and why, and their games, the
 * event rated by `system`. @param {Detail} d @param {Player} p @param {string} system */
export function fillDetail(d, p, system) {
  d.shows = p;
  LEFT_OUT.forEach((column, i) => {
    const text = cellText(column.value(p, t), column, system);
    if (d.figures[i].textContent !== text) d.figures[i].textContent = text;
  });
  const why = kWhy(p, t);
  d.kNote.textContent = why === null ? t("event.kNone") : t("event.kUsed", { k: num(p.k, 0), why });
  d.rule.textContent = p.performance_rule ? `${t("event.col.performance")}: ${t(`event.performance.${p.performance_rule}`)}` : "";
  d.rule.hidden = !p.performance_rule;
  const lines = gameLines(p, t);
  d.games.show(lines.length, (i) => [gameRow(d, i, lines[i])]);
  d.norms.replaceChildren(...normsBlock(p));
}

/** A norm's standing in words: made (over which rounds), not made, on course (what the rounds to come must
 * bring) or no longer possible. @param {Record<string, any>} n */
function normStanding(n) {
  if (n.met) return n.through_round ? t("event.norm.madeThrough", { round: n.through_round }) : t("event.norm.made");
  if (n.remaining > 0 && !n.possible) return t("event.norm.impossible");
  if (n.remaining > 0 && n.to_go === null) return t("event.norm.onCourseOpen", { count: n.remaining });
  if (n.remaining > 0 && n.to_go === 0) return t("event.norm.onCourseSecured", { count: n.remaining });
  if (n.remaining > 0) return t("event.norm.onCourse", { points: num(n.to_go, n.to_go % 1 ? 1 : 0), count: n.remaining });
  return n.needed === null ? t("event.norm.notMade") : t("event.norm.notMadeNeeded", { points: num(n.needed, 1) });
}

/** A condition with its figures: what the games give, the least or most the norm allows, and whether it holds
 * (or, rounds still to come, still can). @param {Record<string, any>} c @param {boolean} running */
function conditionText(c, running) {
  const value = c.code === "score" ? `${num(c.value, 0)} %` : num(c.value, 0);
  const limit = c.code === "score" ? `${num(c.limit, 0)} %` : num(c.limit, 0);
  const bound = t(c.kind === "min" ? "event.norm.atLeast" : "event.norm.atMost", { limit });
  const holds = t(c.ok ? (running ? "event.norm.stillPossible" : "event.norm.conditionMet") : "event.norm.conditionFailed");
  return `${t(`event.norm.c.${c.code}`)}: ${value} (${bound}): ${holds}`;
}

/** The player's title norms: each with its standing and conditions; or why none can be judged; or that there
 * is none to make (a title held). @param {Player} p @returns {HTMLElement[]} */
function normsBlock(p) {
  const head = el("h4", "", t("event.norm.heading"));
  if (p.norms_reason) return [head, el("p", "hint", t(`event.norm.reason.${p.norms_reason}`))];
  if (!p.norms?.length) return [head, el("p", "hint", t("event.norm.none"))];
  const parts = [head];
  for (const n of p.norms) {
    const line = el("p", `norm-standing${n.met ? " made" : ""}`);
    line.append(el("strong", "", t("event.norm.title", { title: n.title })), `: ${normStanding(n)}`);
    const list = el("ul", "norm-conditions");
    for (const c of n.conditions) list.append(el("li", c.ok ? "ok" : "failed", conditionText(c, n.remaining > 0)));
    parts.push(line, list);
  }
  return parts;
}

/**
 * The games table's row `i` (made once, its cells written again where they changed): round, opponent,
 * their rating, result, difference, expected score, and the change or why the round is not rated.
 * @param {Detail} d @param {number} i @param {ReturnType<typeof gameLines>[number]} g
 */
function gameRow(d, i, g) {
  let tr = d.rows[i];
  if (!tr) {
    d.rows[i] = tr = /** @type {HTMLTableRowElement} */ (el("tr"));
    for (let c = 0; c < 7; c++) tr.append(el("td", c === 1 ? "c-name" : c === 4 || c === 5 ? "fit-2" : ""));
  }
  const change = g.reason ?? num(g.change, g.change !== null && !Number.isInteger(Math.round(g.change * 100) / 10) ? 2 : 1, true);
  const cells = [String(g.round), g.opponent ?? "—", typeof g.rating === "number" ? num(g.rating, 0) : g.rating ?? "—",
    g.result, num(g.difference, 0, true), num(g.expected, 2), change];
  cells.forEach((text, c) => {
    const td = tr.children[c];
    if (td.textContent !== text) td.textContent = text;
  });
  return tr;
}

/** An error of the player's K (from the page: no number; from Python: its message), or none.
 * @param {Detail} d @param {string} message */
export function showKError(d, message) {
  d.kError.textContent = message;
  if (message) d.kInput.setAttribute("aria-invalid", "true");
  else d.kInput.removeAttribute("aria-invalid");
}
