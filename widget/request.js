// The request for the engine (elo_core's calculate()), built from what the visitor typed. Pure:
// no page, no DOM, no texts, so it is unit-tested under node (tests/js/request.test.mjs).
// Which fields a system sends is the contract's (contract.js); how each is read from the form is here.
import { CONTRACT, HAND_MADE, gameFields } from "./fields.js";
import { parseNumber } from "./numbers.js";

/**
 * What the form holds, as typed, with any game type (the page's games carry an id for their row).
 * @template {import("./store.js").GameEntry} G
 * @typedef {Omit<import("./store.js").State, "games"> & {games: G[]}} Entries
 */
/** @typedef {{a: number, b: number}} Ambiguity a typed number that reads as a or as b */
/** @typedef {"fewer30" | "junior" | "reached2400" | "cap400" | "timeControl" | "update"} ChoiceEntry */

/** The form's entry for each of the contract's choice and yes/no fields. @type {Record<string, ChoiceEntry>} */
const ENTRY = {
  time_control: "timeControl",
  "player.fewer_than_30_games": "fewer30",
  "player.junior": "junior",
  "player.reached_2400": "reached2400",
  cap_400: "cap400",
  update: "update",
};

/**
 * The request for `entries` typed in `lang`; which game entry each of its games came from
 * (`sources[i]` is `games[i]`); and the numbers that could be read two ways, by field path
 * ("rating", "games[2].opponent"): these are sent as "ambiguous", for Python to refuse.
 * @template {import("./store.js").GameEntry} G
 * @param {Entries<G>} entries @param {string} lang
 * @returns {{request: Record<string, unknown>, sources: G[], ambiguous: Map<string, Ambiguity>}}
 */
export function buildRequest(entries, lang) {
  /** @type {Map<string, Ambiguity>} */
  const ambiguous = new Map();
  /**
   * A typed number: a number, null when empty, or the text for Python to refuse.
   * @param {string} text @param {string} field
   */
  const number = (text, field) => {
    const parsed = parseNumber(text, lang);
    if (parsed.kind === "empty") return null;
    if (parsed.kind === "number") return parsed.value;
    if (parsed.kind === "ambiguous") {
      ambiguous.set(field, { a: parsed.a, b: parsed.b });
      return "ambiguous";
    }
    return text.trim();
  };
  /** @type {G[]} */
  const sources = [];
  const games = [];
  const perGame = gameFields(entries.system);
  for (const game of entries.games) {
    if (game.opponent.trim() === "") continue; // a row not filled in yet is not an error
    const i = games.length;
    /** @type {Record<string, unknown>} */
    const sent = { opponent: number(game.opponent, `games[${i}].opponent`), score: Number(game.result) };
    for (const { key } of perGame) {
      // Sent only when typed: a blank is Python's to read (its default, or "required").
      const value = number(game.extra?.[key] ?? "", `games[${i}].${key}`);
      if (value !== null) sent[key] = value;
    }
    games.push(sent);
    sources.push(game);
  }
  const handMade = HAND_MADE.includes(entries.system);
  const own = entries.entries?.[entries.system] ?? {};
  /** @type {Record<string, unknown>} */
  const request = { system: entries.system };
  for (const field of CONTRACT.systems[entries.system]?.fields ?? []) {
    if (field.path.startsWith("games[]")) continue; // in each game, above
    if (field.kind === "rating") {
      // Always sent: an empty rating is null, which FIDE reads as a first rating.
      request[field.path] = number(entries.rating, field.path);
    } else if (field.kind === "k") {
      // Sent only when typed: without it FIDE's rules choose K, and Elo says it is required.
      const k = number(entries.k, field.path);
      if (k !== null) request[field.path] = k;
    } else if (handMade) {
      if (field.path in ENTRY) put(request, field.path, entries[ENTRY[field.path]]);
    } else if (field.kind === "bool") {
      put(request, field.path, own[field.path] === true);
    } else if (field.kind === "choice") {
      const value = own[field.path];
      if (typeof value === "string" && value !== "") put(request, field.path, value);
    } else if (field.kind === "number") {
      // Sent only when typed: a blank means the field's default, or is "required" in Python.
      const text = own[field.path];
      const value = number(typeof text === "string" ? text : "", field.path);
      if (value !== null) put(request, field.path, value);
    }
  }
  request.games = games;
  return { request, sources, ambiguous };
}

/** Set a dotted path ("player.junior") in `target`. @param {Record<string, any>} target @param {string} path @param {unknown} value */
function put(target, path, value) {
  const keys = path.split(".");
  const last = /** @type {string} */ (keys.pop());
  for (const key of keys) target = target[key] ??= {};
  target[last] = value;
}
