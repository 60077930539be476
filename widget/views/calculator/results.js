// The engine's answer on the page: the totals, each game's figures in its row, the first-rating
// steps, the K used, errors at their fields, the chart, a polite announcement once typing pauses,
// the one-line summary and the text to share, and the elo:result event for the embedding page.
// Numbers are shown the language's way; a change is coloured by its sign, which it also shows.
// What to show of a system's answer is the contract's (`display`, generated from each system's
// module): this module draws any system's answer without naming one.
import { drawChart } from "../../page/chart.js";
import { $ } from "../../page/dom.js";
import { announcer, voice } from "../../page/say.js";
import { CONTRACT, displayOf, fieldId, ownFields } from "./fields.js";
import { ratingPlaces } from "../../shared/contract.js";
import { hasText, t } from "../../page/i18n.js";
import { DIRECTION, formatAsHeld, formatNumber, isBlank } from "../../shared/numbers.js";
import { setShareText } from "./share.js";
import { needsLines } from "./needs.js";
import { options } from "../../page/options.js";
import { state, touched } from "./state.js";
import { showSummary } from "./summary.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("../../shared/contract.js").FieldError} FieldError */
/** @typedef {import("../../shared/contract.js").Answer} Answer */
/** @typedef {import("../../shared/contract.js").GameAnswer} GameAnswer */
/**
 * An answer to show: the engine's response, the game entry each of its games came from, and the
 * numbers that read two ways (request.js), by field.
 * `paths` is each game's field path in the request ("games[2]", "events[1].games[0]").
 * @typedef {{response: Answer | import("../../shared/contract.js").Failure, sources: GameEntry[], paths: string[],
 *   ambiguous: Map<string, import("./request.js").Ambiguity>}} Shown
 */

const OUTPUTS = ["score", "expected", "new-rating", "performance"];

// Ten thousand games format some 30 000 numbers per answer, mostly the same few hundred: each
// text is made once (Intl is the slow part), in a cache emptied when it grows large.
/** @type {Map<string, string>} */
const formatted = new Map();
/** @param {number} x @param {number} decimals @returns {string} */
export const fmt = (x, decimals, sign = false) => {
  const key = `${options.lang}|${sign ? "+" : ""}${x.toFixed(decimals)}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  if (formatted.size > 50_000) formatted.clear();
  const text = formatNumber(x, options.lang, { decimals, sign });
  formatted.set(key, text);
  return text;
};

/** "up", "down" or "" (no colour) for a change as it is shown with `decimals`. @param {number | null} x @param {number} decimals */
export const trend = (x, decimals) => x === null ? "" : Math.round(x * 10 ** decimals) > 0 ? "up" : Math.round(x * 10 ** decimals) < 0 ? "down" : "";

/** The total change with its colour, and the exact figure below it where the system rounds it. @param {any} r @param {number} places */
function showChange(r, places) {
  const change = $("change");
  change.textContent = r?.change == null ? t("results.none") : fmt(r.change, places, true);
  change.className = trend(r?.change ?? null, places);
  // FIDE, DWZ, US Chess publish a whole change from an exact one: the exact one is secondary text,
  // its line kept (unseen) while there is none, so that the first one moves nothing.
  const exact = typeof r?.change_exact === "number" && places === 0 && r.change !== null;
  $("exact-line").hidden = places !== 0;
  $("exact-line").classList.toggle("none", !exact);
  $("exact").textContent = exact ? fmt(r.change_exact, 2, true) : "";
}

/** The totals before there is any answer (a refusal, a reset). A result still waiting to be announced is not
 * (it was said over a refusal that came within the second), and the next one is, even if it is the last again. */
export function showNoResults() {
  onPage = null;
  results.hush();
  for (const id of OUTPUTS) $(id).textContent = t("results.none");
  $("performance").classList.remove("words");
  showChange(null, ratingPlaces(state.system));
  showOwn(null);
  showWarnings([]);
  showSummary(null, null, "");
  setShareText(null);
}

/**
 * The results' listeners, installed once by the view that shows them (calculator.js), before its rows
 * are made: what was typed last (errors it brings elsewhere wait), the rows made ("elo:rows", form.js), the button naming the field the calculation waits
 * for, the blocks of rows the browser renders, the chart's width, and printing.
 */
export function bindResults() {
  document.addEventListener("input", typedIn, true);
  document.addEventListener("elo:rows", (event) => rowsAgain(/** @type {CustomEvent} */ (event).detail?.near));
  $("missing").addEventListener("click", () => missingField?.focus());
  saysShown = "oncontentvisibilityautostatechange" in HTMLElement.prototype;
  document.addEventListener("contentvisibilityautostatechange", blockShown, true);
  new ResizeObserver(chartResized).observe($("chart"));
  addEventListener("beforeprint", () => { printing = true; redrawChart?.(); });
  addEventListener("afterprint", () => { printing = false; redrawChart?.(); });
}

/** A warning's number as the language writes it; other values as they are. @param {unknown} x */
const param = (x) => typeof x === "number" ? fmt(x, Number.isInteger(x) ? 0 : 1) : String(x);

/**
 * The engine's warnings (FIDE's 1400 floor, the 2024 adjustment), each in its own line by the new
 * rating, said in the page's language by code; the texts, for the announcement.
 * @param {{code: string, message: string, params: Record<string, unknown>}[]} warnings
 */
function showWarnings(warnings) {
  const texts = warnings.map((w) => hasText(`warning.${w.code}`)
    ? t(`warning.${w.code}`, Object.fromEntries(Object.entries(w.params).map(([k, v]) => [k, param(v)])))
    : w.message);
  const box = $("warnings");
  if (box.textContent !== texts.join("")) {
    box.replaceChildren(...texts.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  }
  box.hidden = texts.length === 0;
  return texts;
}

/**
 * Each tournament's subtotal line: its score, expected score and exact change.
 * @param {any[] | undefined} events the answer's, or none
 */
function showEvents(events) {
  for (const [i, e] of (events ?? []).entries()) {
    const el = document.getElementById(`ev-total-${i}`);
    if (!el) continue;
    const text = t("events.subtotalValue", {
      score: fmt(e.score, e.score % 1 ? 1 : 0), games: e.rated_games,
      expected: e.expected === null ? t("results.none") : fmt(e.expected, 2),
      change: e.change_exact === null ? t("results.none") : fmt(e.change_exact, 2, true),
    });
    if (el.textContent !== text) el.textContent = text;
  }
}

/**
 * The chosen system's own figures (`outputs` in the contract: a new RD, a bonus), each a line labelled
 * `results.<key>` with its places, "—" where the answer has none; and its flags (lichess's
 * "provisional"). The lines are made again when the system changes.
 * @param {any} r the answer, or null for none
 */
function showOwn(r) {
  const box = $("own-outputs");
  const outputs = CONTRACT.systems[state.system]?.outputs ?? [];
  if (box.dataset.system !== state.system) {
    box.dataset.system = state.system;
    box.replaceChildren(...outputs.map(({ key }) => {
      const line = document.createElement("div");
      const dt = Object.assign(document.createElement("dt"), { id: `t-own-${key}`, textContent: t(`results.${key}`) });
      const value = Object.assign(document.createElement("output"), { id: `own-${key}` });
      value.setAttribute("aria-live", "off");
      value.setAttribute("aria-labelledby", dt.id);
      const dd = document.createElement("dd");
      dd.append(value);
      line.append(dt, dd);
      return line;
    }));
    box.hidden = outputs.length === 0;
  }
  for (const { key, places } of outputs) {
    const value = r?.[key];
    $(`own-${key}`).textContent = typeof value === "number" ? fmt(value, places) : t("results.none");
  }
  // Its yes/no figures that, when true, are said in a line of their own (`results.<key>`).
  $("flags").textContent = displayOf(state.system).flags.filter((key) => r?.[key] === true).map((key) => t(`results.${key}`)).join(" ");
}

/** Shows the last answer's errors and figures again in the game rows: form.js says when it has made
 * the rows ("elo:rows": all of a long list, made in several tasks; or those around the row the
 * keyboard goes to, `detail.near`, when a game is removed, put back or added).
 * @type {(near?: Element | null) => void} */
let rowsAgain = () => {};

/** An answer with no game, as shown: nothing of a new rating, nor of what describes it (its system's
 * outputs `of_new_rating`, its flags). @param {any} r */
function withoutNewRating(r) {
  /** @type {any} */
  const shown = { ...r, new_rating: null, change: null, change_exact: null };
  for (const { key, of_new_rating } of CONTRACT.systems[state.system]?.outputs ?? []) if (of_new_rating) shown[key] = null;
  for (const key of displayOf(state.system).flags) shown[key] = false;
  return shown;
}

/** The answer on the page and the game entries its games came from (none while there is none, or a refusal):
 * paper.js prints them. @type {{answer: any, sources: GameEntry[]} | null} */
let onPage = null;
export const answerOnPage = () => onPage;

/**
 * The answer on the page. One kept from the last visit (`kept`), not yet computed again by Python,
 * is shown as such (app.js says so above it): it is not announced, shared, put in the summary bar nor
 * sent to the embedding page; Python's own answer is.
 * @param {Shown} shown @param {boolean} [kept]
 */
export function showResults({ response: r, sources, paths, ambiguous }, kept = false) {
  const places = ratingPlaces(state.system);
  showErrors(r.ok ? [] : r.errors, sources, paths, ambiguous);
  figureOf = r.ok ? figures(r, sources) : pendingFigures();
  rowsAgain = (near) => {
    showErrors(r.ok ? [] : r.errors, sources, paths, ambiguous);
    showFigures(near);
  };
  showFigures();
  if (!r.ok) return showRefused();
  onPage = { answer: r, sources };
  // No new rating, and no change, before there is a game (in every system, as in FIDE's first rating):
  // nor any of the system's own figures of the new rating (its exact value, RD, volatility, index,
  // bonus) or lichess's "provisional", which describes it.
  const answer = r.games.length === 0 ? withoutNewRating(r) : r;
  showTotals(r, answer, places);
  const notes = displayOf(state.system).notes;
  $("k-used").textContent = notes.includes("k_used") ? kUsedText(r) : "";
  showFirstRating(notes.includes("first_rating") ? r : null);
  showEvents(notes.includes("event_subtotals") ? r.events : undefined);
  const warnings = showWarnings(notes.includes("warnings") ? r.warnings ?? [] : []);
  const needs = showNeeds(notes.includes("needs") ? r.needs : null, places);
  renderChart(r, places);
  if (kept) {
    showSummary(null, null, "");
    setShareText(null);
    return;
  }
  tellResult(answer, places, [...warnings, ...needs]);
  if (!performance.getEntriesByName("elo:first-result").length) performance.mark("elo:first-result");
  document.dispatchEvent(new CustomEvent("elo:result", { detail: r }));
}

/** What a target or a norm takes (the answer's `needs`: none asked, none), under the totals, its ratings with the
 * system's `places`; its lines, which are said with the result.
 * @param {Record<string, any> | null | undefined} needs @param {number} places @returns {string[]} */
function showNeeds(needs, places) {
  const lines = needsLines(needs, t, fmt, places);
  const box = $("needs");
  box.hidden = lines.length === 0;
  $("needs-text").replaceChildren(...lines.map((line) => Object.assign(document.createElement("p"), { textContent: line })));
  return lines;
}

/** A refusal (errors at their fields, shown already): no totals, no first-rating steps, no chart, no K. */
/** No answer for the entries on the page (the engine failed after answering others): every figure "—", the game
 * rows' too, no chart, nothing to share; the errors of the last answer (for other entries) taken down too. */
export function showNoAnswer() {
  showErrors([], [], [], new Map());
  rowsAgain = (near) => showFigures(near);
  showPendingFigures();
  showRefused();
}

function showRefused() {
  showNoResults();
  $("needs").hidden = true;
  $("first").hidden = true;
  $("chart").hidden = true;
  redrawChart = null;
  $("k-used").textContent = "";
  for (const el of document.querySelectorAll(".event-total")) el.textContent = "";
}

/** The totals of answer `r`: score, expected score, the change, the new rating and the performance, and
 * the system's own figures; those of the new rating from `answer` (r, or r without one: no game).
 * @param {any} r @param {any} answer @param {number} places */
function showTotals(r, answer, places) {
  const out = (/** @type {string} */ id, /** @type {string} */ text) => { $(id).textContent = text; };
  const rated = r.rated_games ?? r.games.filter((/** @type {any} */ g) => g.rated).length;
  out("score", t("results.scoreValue", { score: fmt(r.score, r.score % 1 ? 1 : 0), games: rated }));
  out("expected", r.expected === null ? t("results.none") : fmt(r.expected, 2));
  showOwn(answer);
  showChange(answer, places);
  out("new-rating", answer.new_rating === null ? t("results.none") : fmt(answer.new_rating, places));
  const perf = r.performance;
  out("performance", perf.rating === null ? t(`performance.${perf.reason}`) : fmt(perf.rating, 0));
  $("performance").classList.toggle("words", perf.rating === null); // why there is none: words, not a figure
}

/** Which K the answer used and why ("" where it says none, or for a first rating). @param {any} r */
export function kUsedText(r) {
  if (r.rating === null || !r.k_rule || typeof r.k !== "number") return "";
  const text = t("k.used", { k: fmt(r.k, Number.isInteger(r.k) ? 0 : 2), reason: t(`k.rule.${r.k_rule}`) });
  return r.rule_700 ? `${text} ${t("k.rule700", { before: r.k_before_700 ?? "", games: r.rated_games ?? "", k: r.k })}` : text;
}

/** A first rating's steps (a system that notes them, `r`; null: none), under the totals. @param {any} r */
function showFirstRating(r) {
  const initial = r?.initial;
  $("first").hidden = !r || r.rating !== null || r.games.length === 0 || !initial;
  if (!r || r.rating !== null || !initial) return;
  $("first-text").textContent = firstRatingText(initial);
}

/** The steps of a first rating, in words: the average, the percentage, the computed rating (capped or
 * none), and the games still needed. @param {any} initial the answer's `initial` */
export function firstRatingText(initial) {
  const computed = initial.rating === null ? t(`first.none.${initial.reason}`)
    : t(initial.computed > initial.rating ? "first.capped" : "first.computed", { computed: fmt(initial.computed, 0) });
  // The archived rule of periods before March 2024 ("2022") averages the rated opponents only.
  const steps = t(initial.rules === "2022" ? "first.steps2022" : "first.steps", {
    average: fmt(initial.average, 2), percent: initial.percent, dp: fmt(initial.dp, 0, true), computed,
  });
  return initial.games_needed > 0 ? `${steps} ${t("first.needed", { count: initial.games_needed })}` : steps;
}

/** Python's own answer told: the summary bar, the text to share, and a polite announcement once typing
 * pauses (with the warnings). @param {any} answer @param {number} places @param {string[]} warnings */
function tellResult(answer, places, warnings) {
  const unrated = answer.rating === null;
  showSummary(answer.new_rating === null ? null : fmt(answer.new_rating, places),
    answer.change === null || unrated ? null : fmt(answer.change, places, true), trend(answer.change, places));
  setShareText(answer.new_rating === null ? null : () => shareText(answer, places));
  results.later([announcement(answer, places), ...warnings].filter(Boolean).join(" "));
}

/** What is announced of an answer: its new rating, and the change unless it is a first rating. @param {any} answer @param {number} places */
export function announcement(answer, places) {
  if (answer.new_rating === null) return "";
  const rating = fmt(answer.new_rating, places);
  return answer.rating === null || answer.change === null ? t("results.announceFirst", { rating })
    : t("results.announce", { rating, change: fmt(answer.change, places, true) });
}

// ---- errors at their fields ----------------------------------------------------------------

/** The element of a field path ("rating", "games[2].opponent", "events[1].games[0].opponent"); `at`
 * gives each game's place in `sources` by its path (a map: ten thousand errors, one per game, each
 * looked up in a list of ten thousand paths, held a keystroke 200 ms). */
function fieldElement(/** @type {string} */ field, /** @type {GameEntry[]} */ sources, /** @type {Map<string, number>} */ at) {
  const m = /^((?:events\[\d+\]\.)?games\[\d+\])\.(\w+)$/.exec(field);
  if (m) {
    const game = sources[at.get(m[1]) ?? -1];
    const id = m[2] === "opponent" ? "opp" : m[2] === "score" ? "res" : `x-${m[2]}`; // x-: a system's own (form.js)
    return game ? document.getElementById(`${id}-${game.id}`) : null;
  }
  if (field === "rating" || field === "k") return $(field);
  if (field === "period") return $("period-month");
  const ev = /^events\[(\d+)\]\.(name|rating)$/.exec(field);
  if (ev) return document.getElementById(`ev-${ev[2]}-${ev[1]}`);
  if (ownFields(state.system).some((f) => f.path === field)) return $(fieldId(field));
  return $("games-error"); // the list as a whole ("games": too many) or the request ("")
}

/** @param {FieldError} e @param {Shown["ambiguous"]} ambiguous */
function errorText(e, ambiguous) {
  const local = ambiguous.get(e.field);
  if (local) {
    return t("error.ambiguous", { a: formatAsHeld(local.a, options.lang), b: formatAsHeld(local.b, options.lang) });
  }
  // Text that shows other digits than it holds (a direction override): said so, not shown back, as it
  // would reorder the message too.
  // (Python shows a value as its repr: the character, or its escape "\u202e".)
  const value = String(e.params.value ?? "");
  if (e.code === "not_a_number" && (DIRECTION.test(value) || /\\u(202[a-e]|206[6-9])/i.test(value))) return t("error.direction");
  const specific = `error.${e.code}.${e.field}`;
  if (hasText(specific)) return t(specific, { ...e.params, ...(e.field === "period" ? { min: month(e.params.min) } : {}) });
  // A system's own wording of a code (DWZ's "choose the previous rules"), for that system only.
  if (hasText(`error.${e.code}.${state.system}`)) return t(`error.${e.code}.${state.system}`);
  // A system's own number (an RD, an age, τ) is not a rating: its range and wholeness said as a number's.
  const own = !/^(rating|k|period|player\.standard_rating|events\[\d+\]\.rating|(events\[\d+\]\.)?games\[\d+\]\.(opponent|score))$/.test(e.field);
  // A bound above 0 but below what is shown (a game's K: 1e-9) reads "above 0": "from 0" refused a 0 it named.
  if (own && e.code === "out_of_range" && e.params.min > 0 && e.params.min < 1e-6) {
    return t("error.number.above", { max: formatAsHeld(e.params.max, options.lang) });
  }
  if (own && hasText(`error.number.${e.code}`)) {
    const local = (/** @type {unknown} */ x) => typeof x === "number" ? formatAsHeld(x, options.lang) : String(x);
    return t(`error.number.${e.code}`, { min: local(e.params.min), max: local(e.params.max) });
  }
  if (hasText(`error.${e.code}`)) return t(`error.${e.code}`, { ...e.params, message: e.message });
  return t("error.other", { message: e.message });
}

/** A period ("2022-01") as the language names its month ("January 2022"); anything else as it is. @param {unknown} period */
export function month(period) {
  const m = /^(\d{4})-(\d{2})$/.exec(String(period));
  if (!m) return String(period);
  return new Intl.DateTimeFormat(options.lang, { month: "long", year: "numeric", timeZone: "UTC" })
    .format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15));
}

/** The fields marked invalid and the messages written: only these are cleared next time (a search
 * of ten thousand rows for them took longer than the calculation). @type {Element[]} */
let marked = [];

// An error that typing in one field brings to another (ECF's "difference over 400" at every game
// while "1850" is typed as 1, 18, 185) waits until the visitor stops typing: appearing under each
// game for a keystroke, it would move the page up and down. One that was already shown stays.
const SETTLE_MS = 700;
/** The field typed in last (a box to type in, not a checkbox or a list), and when.
 * @type {{field: EventTarget | null, at: number}} */
let lastInput = { field: null, at: -Infinity };
/** Keeps lastInput (bindResults: on the document, before the form hears it). @param {Event} event */
function typedIn({ target }) {
  const typed = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== "checkbox");
  lastInput = typed ? { field: target, at: performance.now() } : { field: null, at: -Infinity };
}
let settleTimer = 0;

/** The errors held back are those of an answer no longer on the page (the form was replaced): dropped. */
export function dropHeldErrors() {
  clearTimeout(settleTimer);
}
/** The ids of the fields with an error said at them, as last shown. @type {Set<string>} */
let shownAt = new Set();

/** @param {FieldError[]} errors @param {GameEntry[]} sources @param {string[]} paths @param {Shown["ambiguous"]} ambiguous */
function showErrors(errors, sources, paths, ambiguous) {
  clearTimeout(settleTimer);
  const typing = document.activeElement === lastInput.field && performance.now() - lastInput.at < SETTLE_MS;
  let held = false;
  for (const el of marked) {
    el.removeAttribute("aria-invalid");
    if (el.classList.contains("error")) el.textContent = "";
  }
  marked = [];
  /** @type {HTMLElement[]} */
  const waiting = []; // fields not reached yet that the calculation needs
  const at = new Map(errors.length ? paths.map((path, i) => [path, i]) : []);
  for (const e of errors) {
    const el = fieldElement(e.field, sources, at);
    if (!el) continue;
    // A field the visitor has not reached yet is no mistake: nothing is said at it while it is untouched
    // and "required", nor while it is empty and no game is entered (DWZ's "enter a DWZ or choose the
    // 2014 rules" for a blank rating, on a form just opened).
    const pristine = el instanceof HTMLInputElement && el.value.trim() === "" && sources.length === 0;
    if (!touched.has(el.id) && (e.code === "required" || pristine)) {
      if (!pristine && el instanceof HTMLElement) waiting.push(el);
      continue;
    }
    if (typing && el !== lastInput.field && !shownAt.has(el.id)) {
      held = true;
      continue;
    }
    if (el.id === "games-error") {
      if (!el.textContent) el.textContent = errorText(e, ambiguous);
      marked.push(el);
      continue;
    }
    el.setAttribute("aria-invalid", "true");
    marked.push(el);
    // The field's own box, else the one that describes it: a game's result (a score that says another result) has
    // none of its own, and is described by its row's, under the opponent's field (form.js).
    const box = document.getElementById(`${el.id}-error`)
      ?? document.getElementById(el.getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("-error")) ?? "");
    if (box && !box.textContent) {
      box.textContent = errorText(e, ambiguous);
      marked.push(box);
    }
  }
  shownAt = new Set(marked.map((el) => el.id));
  if (!held) announceErrors(marked.filter((el) => el.classList.contains("error") && el.id !== "games-error"));
  if (held) {
    settleTimer = window.setTimeout(() => showErrors(errors, sources, paths, ambiguous), SETTLE_MS);
    // The line naming a field waited for stays as it is until then, unless that field is being filled in.
    if (missingField && missingField === lastInput.field) $("missing").hidden = true;
    return;
  }
  // With nothing said at any field, the result would just stay "—": the first field it waits for is
  // named under the totals, and the button goes to it.
  missingField = marked.length === 0 && sources.length > 0 ? waiting[0] : undefined;
  const name = missingField?.getAttribute("aria-label") || /** @type {HTMLInputElement} */ (missingField)?.labels?.[0]?.textContent;
  $("missing").hidden = !missingField;
  $("missing").textContent = missingField ? t("results.missing", { field: name ?? "" }) : "";
}
/** The field the calculation waits for, named by the button #missing. @type {HTMLElement | undefined} */
let missingField;

// ---- each game's figures in its row ----------------------------------------------------------

/** @typedef {string | {lead: string, label: string, change: string, trend: string}} Figure a row's
 * line of figures: the difference and expected score (`lead`), then the change with its label (the
 * change coloured by its sign); or one text ("" for none) */

/**
 * The figures of each game of answer `r` by its row's game id, made when a row is written (ten
 * thousand at once cost a keystroke more than the calculation).
 * @param {any} r @param {GameEntry[]} sources @returns {(id: number) => Figure}
 */
function figures(r, sources) {
  /** @type {Map<number, number>} */
  const index = new Map(); // game id -> its place in r.games
  sources.forEach((game, i) => index.set(game.id, i));
  const { columns, together } = displayOf(state.system);
  const [lead, last] = splitColumns(columns);
  const games = Array.isArray(r.games) ? r.games : []; // none in a refusal, or in a damaged kept answer
  /** @type {((id: number) => Figure) | undefined} */
  let pending; // made only if some game has no figures
  return (id) => {
    const g = games[index.get(id) ?? -1];
    if (!g) return "";
    // A game without figures waits for them ("—"); where a system gives them together, only a rated one.
    if (columns.every((c) => g[/** @type {keyof GameAnswer} */ (c.key)] == null) && (g.rated || !together)) {
      return (pending ??= pendingFigures())(id);
    }
    if (!g.rated) return notRatedText(g);
    const value = last && /** @type {number | null} */ (g[/** @type {keyof GameAnswer} */ (last.key)]);
    // An optional column only where the game has it (a league game's home advantage).
    const shownLead = lead.filter((c) => !c.optional || g[/** @type {keyof GameAnswer} */ (c.key)] != null);
    return { lead: shownLead.map((c) => `${t(`game.${c.key}`)} ${columnFigure(c, g)}`).join(" · "),
      label: last ? t(`game.${last.key}`) : "", change: last ? columnFigure(last, g) : "",
      trend: last ? trend(typeof value === "number" ? value : null, last.places) : "" };
  };
}

/** Column `c`'s figure of game `g` as shown, "—" where it has none. @param {import("../../shared/contract.js").Column} c @param {GameAnswer} g */
export function columnFigure(c, g) {
  const x = /** @type {number | null | undefined} */ (g[/** @type {keyof GameAnswer} */ (c.key)]);
  return typeof x === "number" ? fmt(x, c.trim && Number.isInteger(x) ? 0 : c.places, c.sign) : t("results.none");
}

/** Why game `g` was not rated, in words. @param {GameAnswer} g */
export const notRatedText = (g) => t(hasText(`game.notRated.${g.reason}`) ? `game.notRated.${g.reason}` : "game.notRated");

/** A system's game columns: those shown first, and the one coloured by its sign (the change), shown last.
 * @param {import("../../shared/contract.js").Column[]} columns @returns {[import("../../shared/contract.js").Column[], import("../../shared/contract.js").Column | undefined]} */
const splitColumns = (columns) => [columns.filter((c) => !c.trend), columns.find((c) => c.trend)];

/** The figures of the answer shown, by game id. @type {(id: number) => Figure} */
let figureOf = () => "";

/** What each row's figures element shows (written here only), so that an unchanged row costs nothing. @type {WeakMap<Element, string>} */
const written = new WeakMap();

/** Before Python's first answer, each game with an opponent typed shows its line with "—" for its
 * figures, as the totals do: the answer then fills the lines in place, and a game being typed further
 * down does not move (three games typed while Python loaded moved the third 61 px at 375 px). */
export function showPendingFigures() {
  figureOf = pendingFigures();
  showFigures();
}

/** Each game with an opponent typed: its line with "—" for every figure; no line for the others.
 * Also while an answer gives a game no figures (no rating yet, a field still to fill in, a refusal):
 * the line stays, and the game rows keep their height until the figures come. @returns {(id: number) => Figure} */
function pendingFigures() {
  const none = t("results.none");
  const typed = new Set(state.games.filter((g) => !isBlank(g.opponent)).map((g) => g.id));
  const [lead, last] = splitColumns(displayOf(state.system).columns.filter((c) => !c.optional));
  const line = { lead: lead.map((c) => `${t(`game.${c.key}`)} ${none}`).join(" · "),
    label: last ? t(`game.${last.key}`) : "", change: last ? none : "", trend: "" };
  return (id) => typed.has(id) ? line : "";
}

/**
 * Write a row's figures (its `.game-out`, id "out-<game id>") where they changed:
 * `lead<span class="chg"><span class="sep"> · </span>label <span class="trend">change</span></span>`.
 * Where the line would not fit (style.css) the change goes on a line of its own, "—" or a figure alike:
 * the answer then fills the lines before it without making them taller.
 * @param {Element} el
 */
function writeFigures(el) {
  const f = figureOf(Number(el.id.slice(4)));
  const text = typeof f === "string" ? f : `${f.lead}\n${f.label}\n${f.change}\n${f.trend}`;
  if (written.get(el) === text) return;
  written.set(el, text);
  const chg = el.lastElementChild;
  if (typeof f === "string") {
    el.textContent = f;
  } else if (el.childNodes.length === 2 && el.firstChild instanceof Text && chg?.className === "chg") {
    el.firstChild.data = f.lead;
    const [, label, value] = chg.childNodes;
    /** @type {Text} */ (label).data = `${f.label} `;
    /** @type {Text} */ (value.firstChild).data = f.change;
    if (/** @type {Element} */ (value).className !== f.trend) /** @type {Element} */ (value).className = f.trend;
  } else {
    const span = (/** @type {string} */ className, /** @type {(string | Node)[]} */ ...content) => {
      const s = document.createElement("span");
      s.className = className;
      s.append(...content);
      return s;
    };
    el.replaceChildren(f.lead, span("chg", span("sep", " · "), `${f.label} `, span(f.trend, f.change)));
  }
}

// A long list's rows out of view are not rendered (blocks of rows with content-visibility: auto,
// form.js): the browser says which blocks it renders (contentvisibilityautostatechange), and their
// rows are written at once, the others a slice at a time when the page is idle (and any block as it
// comes into view). Where the browser does not say, or the list is short, every row is written at once.
// (bindResults says whether it does.)
let saysShown = false;
/** The blocks of rows the browser renders now. @type {Set<Element>} */
const shownBlocks = new Set();
/** @param {Element} block */
const writeBlock = (block) => { for (const el of block.getElementsByClassName("game-out")) writeFigures(el); };
/** A block of rows the browser starts or stops rendering. @param {Event} event */
function blockShown(event) {
  const block = /** @type {Element} */ (event.target);
  if (!block.classList?.contains("rows")) return;
  if (/** @type {any} */ (event).skipped) {
    shownBlocks.delete(block);
  } else {
    shownBlocks.add(block);
    writeBlock(block);
  }
}
const ROWS_AT_ONCE = 500;
let figuresRun = 0;

/** The blocks of rows of the game lists (form.js): each list's children, in order. */
function blocks() {
  /** @type {Element[]} */
  const found = [];
  for (const el of $("games").children) {
    const list = el.classList.contains("games") ? el : el.querySelector(":scope > .games"); // a tournament's
    if (list) found.push(...list.children);
  }
  return found;
}

/** Each game row's figures from the answer shown (figureOf): every row gets them, the rows in
 * view before the next frame, and those around the row `near` at once. @param {Element | null} [near] */
function showFigures(near = null) {
  const run = ++figuresRun;
  if (!saysShown || state.games.length <= ROWS_AT_ONCE) {
    for (const el of $("games").getElementsByClassName("game-out")) writeFigures(el);
    return;
  }
  let shown = 0;
  for (const block of shownBlocks) {
    if (!block.isConnected) {
      shownBlocks.delete(block);
      continue;
    }
    writeBlock(block);
    shown++;
  }
  // Blocks just made around the game the keyboard goes to (a game removed, put back or added), which
  // the browser has not yet said it shows: their rows get their figures now, or they would be a line
  // shorter for a frame and the page would move.
  const block = near?.closest(".rows");
  if (!shown && block) for (const b of [block.previousElementSibling, block, block.nextElementSibling]) if (b) writeBlock(b);
  /** @type {Element[]} */
  let all = [];
  const rest = (/** @type {number} */ from, /** @type {() => number} */ left) => {
    if (run !== figuresRun) return; // a newer answer is being shown
    if (from === 0) all = blocks();
    let i = from;
    while (i < all.length && left() > 0) writeBlock(all[i++]);
    if (i < all.length) whenIdle((more) => rest(i, more));
  };
  whenIdle((left) => rest(0, left));
}

/**
 * Run `work` when the page has nothing else to do (after the frame, between keystrokes), telling it
 * how many milliseconds it may take; where the browser cannot say (Safari), in a task of its own.
 * @param {(left: () => number) => void} work
 */
function whenIdle(work) {
  // At most 8 ms at a time, so that a keystroke meanwhile waits no longer.
  const slice = (/** @type {IdleDeadline | null} */ deadline) => {
    const until = performance.now() + 8;
    work(() => Math.min(until - performance.now(), deadline && !deadline.didTimeout ? deadline.timeRemaining() : 8));
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(slice, { timeout: 1000 });
  else setTimeout(() => slice(null));
}

// ---- the chart -----------------------------------------------------------------------------

// The chart is drawn at its real width, which a ResizeObserver reports (reading it while
// rendering would force a layout of the whole page on every keystroke).
let chartWidth = 600;
/** @type {(() => void) | null} */
let redrawChart = null;
/** @param {ResizeObserverEntry[]} entries the chart's */
function chartResized([entry]) {
  const width = Math.round(entry.contentRect.width);
  if (width > 0 && Math.abs(width - chartWidth) > 8) {
    chartWidth = width;
    // Not inside the observer's callback: the redraw changes the observed size again.
    requestAnimationFrame(() => redrawChart?.());
  }
}

// On paper the chart is drawn for the page's width (some 680 CSS px on A4 or Letter), not for the
// phone's screen it was drawn for; the screen's again after printing (bindResults).
const PRINT_WIDTH = 680;
let printing = false;

/** The most games charted: a line of more points is not read, and its table redrawn per keystroke holds the page. */
const CHART_MAX_GAMES = 500;

/** @param {any} r @param {number} places */
function renderChart(r, places) {
  const figure = $("chart");
  // A system that does not rate game by game (DWZ, US Chess) has no rating after each game: no chart.
  // Nor for a period of several tournaments (each rated from its own rating), nor with a game that has
  // no expected score (an unrated opponent).
  // Nor for more games than a chart (and its table, read row by row) can show.
  figure.hidden = r.rating === null || r.games.length === 0 || r.games.length > CHART_MAX_GAMES || r.events !== undefined ||
    r.games.some((/** @type {any} */ g) => g.rating_after === null || g.expected === null);
  if (figure.hidden) {
    redrawChart = null; // nothing to draw again (on resize, or for paper)
    return;
  }
  // The chart says how the rating moved: from the pre-event rating, or as the answer's `chart_by` says.
  const by = displayOf(state.system).chart_by;
  const how = by && typeof r[by] === "string" ? r[by] : "event";
  $("chart-title").textContent = t("chart.title");
  redrawChart = () => renderChart(r, places);
  drawChart(figure, printing ? PRINT_WIDTH : chartWidth, {
    rating: r.rating,
    points: r.games.map((/** @type {any} */ g) => ({ rating: g.rating_after, expected: g.expected, score: g.score })),
  }, {
    title: t("chart.title"),
    desc: t(`chart.desc.${how}`),
    rating: t("chart.rating"), expected: t("chart.expected"), game: t("chart.game"), start: t("chart.start"),
    result: t("game.result"),
    point: (n, rating, expected) => t("chart.point", { n, rating, expected }),
    fmtRating: (x) => fmt(x, places), fmtTick: (x) => fmt(x, 0), fmtExpected: (x) => fmt(x, 2),
    mark: (score) => t(`chart.mark.${resultKey(score)}`), resultName: (score) => t(`result.${resultKey(score)}`),
  });
}

// ---- the announcement ----------------------------------------------------------------------

// Results are announced once typing pauses, not on every keystroke. A field's error is said at it (aria-describedby),
// where a screen reader reaches it only by going back to the field: the errors shown are announced too, as politely
// as a result (once typing pauses), each set once. (The games list's error box is an alert of its own.)
const results = voice(announcer);
const errors = voice(announcer, { once: true });

/** The most messages said at once; the rest are counted ("4 more fields to correct"). */
const SAID_ERRORS = 3;

/** The errors shown when they were last said, each as its box's id and its text: a new error is said alone, not
 * again with those heard before it (a second field's error re-announced the first's, hp111). @type {Set<string>} */
let saidErrors = new Set();

/**
 * The fields' errors said politely (those not said yet), each with its field's name, in the form's order, one message
 * once for all the fields it is said at ("Opponent rating, game 1; Opponent rating, game 2: …"), at most SAID_ERRORS
 * of them: they were said as one run of messages, no field named, one sentence for each of 40 games (hp84).
 * @param {Element[]} boxes the fields' error boxes showing an error
 */
function announceErrors(boxes) {
  const shown = boxes.map((box) => /** @type {[Element, string]} */ ([box, box.textContent?.trim() ?? ""])).filter(([, text]) => text);
  const keys = shown.map(([box, text]) => `${box.id}\n${text}`);
  if (!shown.length) {
    saidErrors = new Set(); // corrected: an error that comes back is new
    errors.later("");
    return;
  }
  // An error said is corrected while others stay: should it come back, it is said again, though the voice said
  // just that last (rv90).
  const now = new Set(keys); // a set: 10 000 games' errors looked up in a list took seconds
  if ([...saidErrors].some((key) => !now.has(key))) {
    saidErrors = new Set([...saidErrors].filter((key) => now.has(key)));
    errors.hush();
  }
  errors.later(() => {
    const fresh = shown.filter((_, i) => !saidErrors.has(keys[i]));
    saidErrors = now;
    return errorWords(fresh);
  });
}

/** What is said of the errors shown: each message with its fields' names (announceErrors). @param {[Element, string][]} shown */
function errorWords(shown) {
  /** @type {Map<string, string[]>} */
  const fields = new Map(); // message -> the names of the fields it is said at
  // In the answer's order, the form's (rating, K, each game); a box's field by its id (form.js: "<field>-error"),
  // not by a search of the page: 10 000 games' errors each searched for theirs held the page for seconds.
  for (const [box, text] of shown) {
    const field = /** @type {HTMLInputElement | null} */ (document.getElementById(box.id.replace(/-error$/, "")));
    const name = field?.getAttribute("aria-label") || field?.labels?.[0]?.textContent?.trim() || "";
    fields.set(text, [...(fields.get(text) ?? []), ...(name ? [name] : [])]);
  }
  // Names joined by semicolons: a field's own name may hold a comma ("Opponent rating, game 1").
  const said = [...fields].slice(0, SAID_ERRORS).map(([text, names]) => {
    const shown = names.length > SAID_ERRORS ? [...names.slice(0, SAID_ERRORS), t("results.errorsOthers", { count: names.length - SAID_ERRORS })] : names;
    return shown.length ? `${shown.join("; ")}: ${text}` : text;
  });
  const more = [...fields.values()].slice(SAID_ERRORS).reduce((n, names) => n + Math.max(names.length, 1), 0);
  return [...said, ...(more ? [t("results.errorsMore", { count: more })] : [])].join(" ");
}

// ---- the result as text (to share) ---------------------------------------------------------

/** "win", "draw" or "loss". @param {number} score */
export const resultKey = (score) => score === 1 ? "win" : score === 0 ? "loss" : "draw";

/**
 * The answer as a few lines a person can paste anywhere: the system, the new rating, the change
 * (and its exact figure), then each game with its opponent, result and change.
 * @param {any} r @param {number} places
 */
function shareText(r, places) {
  const exact = $("exact-line").hidden ? "" : ` (${t("results.exact")} ${fmt(r.change_exact, 2, true)})`;
  const lines = [
    `${t("title")} · ${t(`system.${r.system}`)}`,
    t("share.rating", { rating: fmt(r.new_rating, places) }),
    ...(r.change === null || r.rating === null ? [] : [t("share.change", { change: fmt(r.change, places, true) + exact })]),
  ];
  r.games.forEach((/** @type {any} */ g, /** @type {number} */ i) => {
    lines.push(t("share.game", {
      n: i + 1,
      opponent: g.opponent === null ? t("game.unratedWord") : fmt(g.opponent, Number.isInteger(g.opponent) ? 0 : 1),
      result: t(`result.${resultKey(g.score)}`),
      change: g.change === null || g.change === undefined ? t("results.none") : fmt(g.change, 1, true),
    }));
  });
  return lines.join("\n");
}
