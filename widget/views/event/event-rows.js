// The tournament report's rows (event view, event.js): elo_core's answer to an `event` request
// (event.event_report) read into the table's columns, sorted, filtered by name, and asked of elo_core as CSV.
// Pure: no page, no engine. Texts come through the `say` given (i18n.js t), so that tests run in Node.

import { nameKey, nameTest } from "../../page/text.js";

/** @typedef {(key: string, vars?: Record<string, string | number>) => string} Say */
/** A player of the answer (event.PlayerReport). @typedef {Record<string, any>} Player */
/**
 * A cell's value: a number (shown in the page's language, written plainly in the CSV), a text
 * (already in the page's language), or null (nothing: "—" on the page, empty in the CSV).
 * @typedef {number | string | null} Value
 */
/**
 * A column: its key, the text key of its header, how many places its numbers show ("rating": as the
 * system shows ratings, contract.js ratingPlaces; `sign`: with +), whether it sorts (the sort's key),
 * from which width it is in the table (`fit`), whether it is printed, and its value for a player.
 * @typedef {{key: string, head: string, places: number | "rating", sign?: boolean, sort?: SortKey, fit: 1 | 2 | 3,
 *   print: boolean, value: (p: Player, say: Say) => Value}} Column
 * @typedef {"rank" | "start" | "rating" | "change" | "name"} SortKey
 * @typedef {"ascending" | "descending"} Direction
 */

/** Why K is what it is, in words: the rule, the 700 rule, and whether it rests on facts assumed.
 * @param {Player} p @param {Say} say */
export function kWhy(p, say) {
  if (p.k === null || p.k === undefined) return null;
  const parts = [say(`k.rule.${p.k_rule}`)];
  if (p.rule_700) parts.push(say("event.k700"));
  if (p.k_assumed) parts.push(say("event.kAssumed"));
  return parts.join("; ");
}

/** An unrated player's first rating, or why there is none (with the games still needed).
 * @param {Player} p @param {Say} say @returns {Value} */
export function firstRating(p, say) {
  const first = p.first_rating;
  if (!first) return null;
  if (first.rating !== null) return first.rating;
  const why = say(`event.first.${first.reason}`);
  return first.games_needed > 0 ? `${why} (${say("event.first.needed", { count: first.games_needed })})` : why;
}

/** The rating a player leaves with: a rated one's new rating; an unrated one's first rating where the event gives
 * them one (it was "—" on a phone and on paper, where the First rating column is not: only the performance was on
 * the line); else none. @param {Player} p @returns {Value} */
export function newRating(p) {
  if ((p.rating ?? p.start_rating ?? null) !== null) return p.new_rating;
  return typeof p.first_rating?.rating === "number" ? p.first_rating.rating : null;
}

/** The performance rating, or why there is none. @param {Player} p @param {Say} say @returns {Value} */
export function performance(p, say) {
  const perf = p.performance ?? {};
  if (typeof perf.rating === "number") return perf.rating;
  return perf.reason ? say(`performance.${perf.reason}`) : null;
}

/** Points as a crosstable writes them, in halves whatever the language: 6½, ½, 2. @param {number} x */
export const halves = (x) => `${x >= 1 || x === 0 ? Math.floor(x) : ""}${x % 1 ? "½" : ""}`;

/** A norm's words for the table: made (with the rounds it runs to, a Swiss's made early), or in a running
 * event still possible: with the points the rounds to come must bring, made once they are played (0), or open
 * (no average to judge them by: none typed, no game yet). @param {Record<string, any>} n @param {Say} say */
function normText(n, say) {
  if (n.met) return n.through_round ? say("event.norm.metThrough", { title: n.title, round: n.through_round }) : say("event.norm.met", { title: n.title });
  if (n.to_go === null) return say("event.norm.open", { title: n.title, count: n.remaining });
  if (n.to_go === 0) return say("event.norm.secured", { title: n.title, count: n.remaining });
  return say("event.norm.toGo", { title: n.title, points: halves(n.to_go), count: n.remaining });
}

/** A player's title norms as the table shows them: those made, then those a running event still holds open
 * (elo_core.reports.norms); null for none. @param {Player} p @param {Say} say @returns {Value} */
export function normsText(p, say) {
  const shown = (p.norms ?? []).filter((/** @type {Record<string, any>} */ n) => n.met || (n.remaining > 0 && n.possible));
  return shown.length ? shown.map((/** @type {Record<string, any>} */ n) => normText(n, say)).join("; ") : null;
}

/** Whether a player made a norm. @param {Player} p */
export const madeNorm = (p) => (p.norms ?? []).some((/** @type {Record<string, any>} */ n) => n.met);
/** Whether a player of a running event can still make a norm. @param {Player} p */
export const onCourse = (p) => (p.norms ?? []).some((/** @type {Record<string, any>} */ n) => !n.met && n.remaining > 0 && n.possible);

/** The places an exact change needs (K × a sum of two-place expected scores). @param {number | null} x */
export const exactPlaces = (x) => (x === null || Number.isInteger(Math.round(x * 100) / 10) ? 1 : 2);

/** The table's columns, in order; the CSV has the same. What a visitor comes for (the name, the change and
 * the new rating) comes first, so that it is in view at every width: `fit` says from which width a column is
 * shown in the table (1: always; 2: from 36rem; 3: from 64rem; event.css), the others then in the player's
 * own row; `print` that it is printed. @type {Column[]} */
export const COLUMNS = [
  // Rank 0 is a player the pairing program did not rank (withdrawn, a dummy "bye" player): none.
  { key: "rank", head: "event.col.rank", places: 0, sort: "rank", fit: 1, print: true, value: (p) => p.rank || null },
  { key: "start", head: "event.col.start", places: 0, sort: "start", fit: 2, print: true, value: (p) => p.start },
  { key: "name", head: "event.col.name", places: 0, sort: "name", fit: 1, print: true, value: (p) => p.name },
  { key: "title", head: "event.col.title", places: 0, fit: 3, print: true, value: (p) => p.title || null },
  { key: "federation", head: "event.col.federation", places: 0, fit: 3, print: true, value: (p) => p.federation || null },
  { key: "rating", head: "event.col.rating", places: 0, sort: "rating", fit: 2, print: true, value: (p, say) => p.rating ?? say("event.unrated") },
  { key: "change", head: "event.col.change", places: 1, sign: true, sort: "change", fit: 1, print: true, value: (p) => p.change ?? null },
  { key: "rounded", head: "event.col.rounded", places: "rating", sign: true, fit: 3, print: false, value: (p) => p.change_rounded ?? null },
  { key: "newRating", head: "event.col.newRating", places: "rating", fit: 1, print: true, value: newRating },
  { key: "performance", head: "event.col.performance", places: 0, fit: 2, print: true, value: performance },
  // FIDE's tie-break figures (C.07 10.1-10.2), as pairing programs show them beside the standings.
  { key: "tpr", head: "event.col.tpr", places: 0, fit: 3, print: true, value: (p) => p.tpr ?? null },
  { key: "aro", head: "event.col.aro", places: 0, fit: 3, print: false, value: (p) => p.aro ?? null },
  { key: "norms", head: "event.col.norms", places: 0, fit: 2, print: true, value: normsText },
  // Score: every game over the board, whatever the ratings (an event of unrated players has its points).
  { key: "score", head: "event.col.score", places: 1, fit: 2, print: true, value: (p) => p.score_played ?? p.score },
  { key: "gamesPlayed", head: "event.col.gamesPlayed", places: 0, fit: 3, print: true, value: (p) => p.games_played ?? null },
  { key: "games", head: "event.col.games", places: 0, fit: 3, print: false, value: (p) => p.games },
  { key: "expected", head: "event.col.expected", places: 2, fit: 3, print: false, value: (p) => p.expected ?? null },
  { key: "k", head: "event.col.k", places: 0, fit: 3, print: false, value: (p) => p.k ?? null },
  { key: "kWhy", head: "event.col.kWhy", places: 0, fit: 3, print: false, value: kWhy },
  { key: "first", head: "event.col.first", places: 0, fit: 3, print: false, value: firstRating },
];

/** The sort keys, each with the direction it starts in when its header is first pressed. @type {Record<SortKey, Direction>} */
export const FIRST_DIRECTION = { rank: "ascending", start: "ascending", rating: "descending", change: "descending", name: "ascending" };

const collator = new Intl.Collator(undefined, { sensitivity: "base" });

/** A player's value for a sort key: null sorts last either way. @param {Player} p @param {SortKey} key
 * @returns {number | string | null} */
function sortValue(p, key) {
  if (key === "name") return p.name;
  if (key === "change") return p.change ?? null;
  if (key === "rank") return p.rank || null; // 0: not ranked (COLUMNS)
  return p[key] ?? null;
}

/**
 * The players in the order asked (a new array): by `key`, `direction`; players without a value (no
 * rank, unrated, no change) last either way; ties by start number.
 * @param {Player[]} players @param {SortKey} key @param {Direction} direction
 */
export function sortPlayers(players, key, direction) {
  const sign = direction === "ascending" ? 1 : -1;
  return [...players].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === y ? a.start - b.start : x === null ? 1 : -1;
    const order = typeof x === "string" ? collator.compare(x, String(y)) : x - Number(y);
    return order * sign || a.start - b.start;
  });
}


/** Each player's name as the filter matches it (text.js nameKey), worked out once a player (the filter of a large
 * report, a pause at a time). @type {WeakMap<Player, string>} */
const nameKeys = new WeakMap();

/** Which players the norms' filter shows: all, those who made a norm, those on course for one. @typedef {"all" | "met" | "onCourse"} NormFilter */

/** The players whose name holds `query` (case, accents and spellings such as ø, ß, ü aside: text.js spellings;
 * blank: all), and of them those the norms' filter asks for.
 * @param {Player[]} players @param {string} query @param {NormFilter} [norms] */
export function filterPlayers(players, query, norms = "all") {
  const test = nameTest(query);
  if (norms !== "all") players = players.filter(norms === "met" ? madeNorm : onCourse);
  if (!test) return players;
  return players.filter((p) => {
    let key = nameKeys.get(p);
    if (key === undefined) nameKeys.set(p, key = nameKey(String(p.name)));
    return test(key);
  });
}

/** The table's CSV as a request for elo_core's writer (the bridge's `csv` kind with a `table`,
 * csv_writer.table_csv, which quotes, keeps formulas as text and writes CRLF, as for the ladder's CSV): a
 * header row of the columns' headers, then a row a player.
 * @param {Player[]} players @param {Say} say @param {string} [separator] "," or ";" (file-open.js csvSeparator) */
export function csvRequest(players, say, separator = ",") {
  const table = [COLUMNS.map((c) => say(c.head)), ...players.map((p) => COLUMNS.map((c) => c.value(p, say)))];
  return JSON.stringify({ kind: "csv", table, separator });
}

/** The text keys of the result codes that are no game rated (elo_core.files.trf: forfeits, unrated games, byes). */
const RESULT_KEYS = {
  "1": "result.win", "=": "result.draw", "0": "result.loss", "+": "event.result.forfeitWin", "-": "event.result.forfeitLoss",
  W: "event.result.unratedWin", D: "event.result.unratedDraw", L: "event.result.unratedLoss", H: "event.result.halfBye",
  F: "event.result.fullBye", U: "event.result.allocatedBye", Z: "event.result.zeroBye", "": "event.result.none",
};

/** What a round's result code means, in words. @param {string} code @param {Say} say */
export function resultText(code, say) {
  return say(Object.hasOwn(RESULT_KEYS, code) ? RESULT_KEYS[/** @type {keyof typeof RESULT_KEYS} */ (code)] : "event.result.unreadable");
}

/**
 * A player's rounds as lines of the games table: round, opponent, their rating, result, difference,
 * expected score, and the change or why the round is not rated.
 * @param {Player} p @param {Say} say
 * @returns {{round: number, opponent: string | null, rating: Value, result: string, difference: number | null,
 *   expected: number | null, change: number | null, reason: string | null}[]}
 */
export function gameLines(p, say) {
  return (p.rounds ?? []).map((/** @type {Record<string, any>} */ r) => ({
    round: r.round,
    opponent: r.opponent === null ? null : `${r.opponent_name ?? ""} (${r.opponent})`,
    rating: r.opponent === null ? null : r.opponent_rating ?? say("event.unrated"),
    result: resultText(r.result, say),
    difference: r.difference ?? null,
    expected: r.expected ?? null,
    change: r.change ?? null,
    reason: r.reason ? say(`event.reason.${r.reason}`) : null,
  }));
}
