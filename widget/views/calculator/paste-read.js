// What a paste holds, once the engine has read it (elo_core.bridge.parse): which lines may name a
// tournament, how the text splits into tournaments, which games fit in the list, where the pasted
// tournaments go among the period's, what to say about what was not added, and what goes back into
// the paste box. Pure functions of plain data (no page, no engine): paste.js puts them to work, and
// tests/js/paste.test.mjs checks them under node.
import { plainDigits } from "../../shared/numbers.js";

/** @typedef {import("../../engine/engine.js").ParseResult} ParseResult */
/** @typedef {ParseResult["games"][number]} PastedGame */
/** @typedef {ParseResult["problems"][number]} Problem */
/**
 * The engine's whole answer (elo_core.bridge.parse): also the problems not listed, by reason, and
 * the non-blank lines past its text limit, left unread (how many, and the first one's number).
 * @typedef {ParseResult & {unlisted?: Record<string, number>, unread?: {lines: number, from: number}}} PasteAnswer
 */
/** A pasted tournament: its name ("" for none) and its games. @typedef {{name: string, games: PastedGame[]}} PastedEvent */

/** The text's lines, as the engine numbers them (from 1). @param {string} text */
export const linesOf = (text) => text.split(/\r\n|\r|\n/);

/** Whether a line with no rating may name a tournament: it has a word, and no number that could be a
 * rating mistyped ("16200 1", "-0 1", "1620.5 1" are games to correct, and listed as such), that is
 * one of three digits or more, or with a sign or decimals: "Round 2" and "U1800 Open" are names.
 * @param {string} text */
export function mayBeName(text) {
  const plain = plainDigits(text);
  // No lookbehind: a browser before Safari 16.4 refuses to parse it, and with it the whole page's script.
  return /\p{L}{2}/u.test(plain) && !/(?:^|[^\p{L}\p{N}])([+\-\u2212]\d|\d{3}|\d+[.,]\d)/u.test(plain);
}

/** The lines that may name a tournament: read as no game for want of a rating, and worded like a name.
 * @param {ParseResult} read @returns {Problem[]} */
export function nameCandidates(read) {
  return read.problems.filter((p) => p.reason === "no_rating" && mayBeName(p.text));
}

/** The text that tells which candidates are results with the rating left out: each line with a
 * rating added, for the engine to read again (its line n is the n-th candidate). @param {Problem[]} candidates */
export function withRatings(candidates) {
  return candidates.map((p) => `${p.text} 1500`).join("\n");
}

/**
 * Pasted text as tournaments (FIDE, the paste dialog): a blank line, or a line naming a tournament
 * (a candidate that did not read as a game once given a rating: `check`, the engine's reading of
 * withRatings), starts a new one. Null when the text holds one tournament: it is then pasted as
 * before, its games into the last tournament.
 * @param {string} text @param {ParseResult} read @param {Problem[]} candidates @param {{games: PastedGame[]}} check
 * @returns {{events: PastedEvent[], problems: Problem[]} | null}
 */
export function splitEvents(text, read, candidates, check) {
  const results = new Set(check.games.map((g) => candidates[g.line - 1]?.line));
  const names = new Map(candidates.filter((p) => !results.has(p.line)).map((p) => [p.line, p.text.trim()]));
  /** @type {PastedEvent[]} */
  const events = [{ name: "", games: [] }];
  const byLine = new Map(read.games.map((g) => [g.line, g]));
  linesOf(text).forEach((line, i) => {
    const n = i + 1;
    const last = events[events.length - 1];
    if (line.trim() === "" || names.has(n)) {
      if (last.games.length) events.push({ name: names.get(n) ?? "", games: [] });
      else if (names.has(n)) last.name = names.get(n) ?? "";
      return;
    }
    const game = byLine.get(n);
    if (game) last.games.push(game);
  });
  const full = events.filter((e) => e.games.length);
  if (full.length < 2) return null;
  return { events: full, problems: read.problems.filter((p) => !names.has(p.line)) };
}

/**
 * The games that fit in the list's `room` (the first ones); those that do not become problems of
 * their own ("too many games"), in line order among the others.
 * @template {PasteAnswer} R
 * @param {string} text @param {R} read @param {number} room @returns {R}
 */
export function fitting(text, read, room) {
  if (read.games.length <= room) return read;
  const lines = linesOf(text);
  /** @type {Problem[]} */
  const refused = read.games.slice(room).map((g) => ({ line: g.line, text: lines[g.line - 1].trim().slice(0, 200), reason: "too_many_games" }));
  const problems = [...read.problems, ...refused].sort((a, b) => a.line - b.line);
  return { ...read, games: read.games.slice(0, room), problems };
}

/**
 * The pasted tournaments after the period's last, in `state` (changed in place): empty rows give way,
 * the first one's games join the last one typed (which takes its name if it has none and no games),
 * and those past `maxEvents` go into the last one there is.
 * @template G
 * @param {{events: {name: string, rating: string}[], games: (G & {event: number})[]}} state
 * @param {PastedEvent[]} events
 * @param {{toGame: (game: PastedGame, event: number) => G & {event: number}, blank: (game: G) => boolean, maxEvents: number}} how
 * @returns {number} how many tournaments went into the last one, for want of room
 */
export function addEvents(state, events, { toGame, blank, maxEvents }) {
  let last = state.events.length - 1;
  state.games = state.games.filter((g) => !blank(g));
  if (!state.games.some((g) => g.event === last) && !state.events[last].name) state.events[last].name = events[0].name;
  let merged = 0;
  events.forEach((e, i) => {
    if (i && state.events.length < maxEvents) {
      state.events.push({ name: e.name, rating: "" });
      last = state.events.length - 1;
    } else if (i) {
      merged++;
    }
    state.games.push(...e.games.map((g) => toGame(g, last)));
  });
  return merged;
}

/**
 * What to say beside the lines to correct, as [text key, values]: games that found no room in the
 * list, lines past the engine's text limit, tournaments that found no room in the period.
 * @param {PasteAnswer} read @param {number} merged @param {{maxGames: number, maxEvents: number}} limits
 * @returns {[string, Record<string, number>][]}
 */
export function pasteNotes(read, merged, { maxGames, maxEvents }) {
  const full = read.problems.filter((p) => p.reason === "too_many_games").length + (read.unlisted?.too_many_games ?? 0);
  /** @type {[string, Record<string, number>][]} */
  const notes = [];
  if (full) notes.push(["paste.full", { added: read.games.length, count: full, max: maxGames }]);
  if (read.unread?.lines) notes.push(["paste.unread", { count: read.unread.lines, line: read.unread.from }]);
  if (merged) notes.push(["paste.eventsFull", { max: maxEvents, count: merged }]);
  return notes;
}

/**
 * The lines to correct that the dialog lists (the first `shown`), and how many more there are,
 * those the engine only counted included.
 * @param {PasteAnswer} read @param {number} shown @returns {{listed: Problem[], more: number}}
 */
export function problemList(read, shown) {
  const listed = read.problems.slice(0, shown);
  const more = read.problems.length - listed.length + Object.values(read.unlisted ?? {}).reduce((a, b) => a + b, 0);
  return { listed, more };
}

/**
 * The paste box's text once the dialog shows a paste's problems: what the visitor typed there
 * meanwhile first, then the lines to correct when they are all listed (many are not put back: a huge
 * textarea holds the page for seconds, and the list says where they are).
 * @param {string} typed @param {Problem[]} problems @param {number} more
 */
export function refill(typed, problems, more) {
  return [typed.trim(), more ? "" : problems.map((p) => p.text).join("\n")].filter(Boolean).join("\n");
}

/** The longest text that pastes into an opponent box as one value. */
export const MAX_VALUE = 200;

/** Whether text pasted into an opponent box is games for the paste reader: several lines or cells,
 * or a line longer than any value (a whole table copied as one line); one value pastes as typed.
 * @param {string} text */
export function pastesAsGames(text) {
  return /[\n\t]/.test(text.trim()) || text.length > MAX_VALUE;
}
