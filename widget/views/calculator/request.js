// The request for the engine (elo_core's calculate()), built from what the visitor typed. Pure:
// no page, no DOM, no texts, so it is unit-tested under node (tests/js/request.test.mjs).
// Which fields a system sends is the contract's (contract.js); how each is read from the form is here.
import { CONTRACT, choiceOf, entryOf, gameFields, offered, ratesPeriods } from "./fields.js";
import { isBlank, parseNumber } from "../../shared/numbers.js";

/**
 * What the form holds, as typed, with any game type (the page's games carry an id for their row).
 * @template {import("./store.js").GameEntry} G
 * @typedef {Omit<import("./store.js").State, "games"> & {games: G[]}} Entries
 */
/** @typedef {{a: number, b: number}} Ambiguity a typed number that reads as a or as b */

/** A word as compared: trimmed, lower case, without accents ("Non classé" -> "non classe"). @param {string} text */
const plainWord = (text) => text.trim().toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, " ");

/** Whether `text` says the opponent is unrated: one of `words` (the language's), or English "unrated". */
export function isUnrated(/** @type {string} */ text, /** @type {string[]} */ words = []) {
  const typed = plainWord(text);
  return typed !== "" && ["unrated", ...words].some((w) => plainWord(w) === typed);
}

// Each typed text read once: a list of ten thousand games holds a few hundred different numbers,
// and is built into a request on every keystroke.
/** @type {Map<string, import("../../shared/numbers.js").Parsed>} */
const readTexts = new Map();
/** `parseNumber`, remembered. @param {string} text @param {string} lang */
function readNumber(text, lang) {
  const key = `${lang}|${text}`;
  const known = readTexts.get(key);
  if (known) return known;
  if (readTexts.size > 50_000) readTexts.clear();
  const parsed = parseNumber(text, lang);
  readTexts.set(key, parsed);
  return parsed;
}

/**
 * Typed numbers as the request sends them, read the `lang` way: a number, null when empty, "ambiguous"
 * for one that reads two ways (kept in `ambiguous` by field path, for the page to say at the field), or
 * the text, trimmed, for Python to refuse.
 * @param {string} lang
 * @returns {{number: (text: string, field: string) => number | string | null, ambiguous: Map<string, Ambiguity>}}
 */
export function numberReader(lang) {
  /** @type {Map<string, Ambiguity>} */
  const ambiguous = new Map();
  /** @param {string} text @param {string} field */
  const number = (text, field) => {
    const parsed = readNumber(text, lang);
    if (parsed.kind === "empty") return null;
    // Too big for a JS number (309 digits): Infinity would travel as null, a first rating. The
    // largest finite number stands in, so that Python names the field's range at the field.
    if (parsed.kind === "number") return Number.isFinite(parsed.value) ? parsed.value : Math.sign(parsed.value) * Number.MAX_VALUE;
    if (parsed.kind === "ambiguous") {
      ambiguous.set(field, { a: parsed.a, b: parsed.b });
      return "ambiguous";
    }
    return text.trim();
  };
  return { number, ambiguous };
}

/** @typedef {ReturnType<typeof numberReader>["number"]} ReadNumber */

/**
 * The request for `entries` typed in `lang`; which game entry each of its games came from
 * (`sources[i]` is `games[i]`, or the i-th game over all events) and the field path of that game
 * ("games[3]", "events[1].games[0]"); and the numbers that could be read two ways, by field path
 * ("rating", "games[2].opponent"): these are sent as "ambiguous", for Python to refuse.
 * Where the system rates periods (FIDE), an opponent typed as "unrated" (one of `unrated`, the language's
 * words, or English) is sent as null; two or more tournaments are sent as `events`, one as `games`; the
 * period always. Each field of the contract is sent as its kind says, only while it is `offered`.
 * @template {import("./store.js").GameEntry} G
 * @param {Entries<G>} entries @param {string} lang @param {string[]} [unrated]
 * @returns {{request: Record<string, unknown>, sources: G[], paths: string[], ambiguous: Map<string, Ambiguity>}}
 */
export function buildRequest(entries, lang, unrated = []) {
  const { number, ambiguous } = numberReader(lang);
  /** @type {Record<string, unknown>} */
  const request = { system: entries.system };
  for (const field of CONTRACT.systems[entries.system]?.fields ?? []) {
    if (!field.path.startsWith("games[]")) sendField(request, field, entries, number); // a game's: in each game
  }
  const periods = ratesPeriods(entries.system);
  const games = gameReader(entries, lang, periods ? unrated : null, number);
  const eventList = entries.events ?? [{ name: "", rating: "" }];
  // The games last (the request's JSON is read so by the bridge, elo_core.bridge).
  if (periods && eventList.length > 1) request.events = eventList.map((e, i) => eventRequest(e, i, number, games.of));
  else request.games = games.of(null, "games");
  return { request, sources: games.sources, paths: games.paths, ambiguous };
}

/**
 * A field of the contract (not a game's) into `request` at its path, as its kind says, read from
 * `entries`. A field not offered now keeps what was typed in the form, and is not sent (a yes/no one: no).
 * @param {Record<string, unknown>} request @param {import("../../shared/contract.js").Field} field
 * @param {Entries<import("./store.js").GameEntry>} entries @param {ReadNumber} number
 */
export function sendField(request, field, entries, number) {
  const typed = entryOf(entries, field.path);
  const on = offered(field, entries);
  if (field.kind === "rating") {
    // Always sent: an empty rating is null, which FIDE reads as a first rating.
    request[field.path] = number(entries.rating, field.path);
  } else if (field.kind === "k") {
    // Sent only when typed: without it FIDE's rules choose K, and Elo says it is required.
    const k = number(entries.k, field.path);
    if (k !== null) request[field.path] = k;
  } else if (field.kind === "bool") {
    put(request, field.path, on && typed === true);
  } else if (field.kind === "choice") {
    if (on) put(request, field.path, choiceOf(field, entries));
  } else if (field.kind === "number") {
    // Sent only when typed: a blank means the field's default, or is "required" in Python.
    const value = on ? number(typeof typed === "string" ? typed : "", field.path) : null;
    if (value !== null) put(request, field.path, value);
  } else if (field.kind === "period" && entries.period) {
    request[field.path] = entries.period;
  }
}

/**
 * The games of `entries` as the request sends them: `of(e, prefix)` gives those of event `e` (every game
 * for null) under `prefix` ("games", "events[1].games"), each row with an opponent typed; each game sent
 * is added to `sources` and its path to `paths`, in order. An opponent typed as one of `unrated` (or
 * English "unrated") is null where they are given (a system that rates periods), else a number or text.
 * @template {import("./store.js").GameEntry} G
 * @param {Entries<G>} entries @param {string} lang @param {string[] | null} unrated @param {ReadNumber} number
 */
export function gameReader(entries, lang, unrated, number) {
  const perGame = gameFields(entries.system).filter((f) => offered(f, entries)); // a field not offered is not sent
  /** @type {G[]} */
  const sources = [];
  /** @type {string[]} */
  const paths = [];
  /** @param {G} game @param {string} path */
  const one = (game, path) => {
    /** @type {Record<string, unknown>} */
    const sent = {
      // A number is never an unrated word: the words are looked for only in other text.
      opponent: unrated && readNumber(game.opponent, lang).kind !== "number" && isUnrated(game.opponent, unrated)
        ? null : number(game.opponent, `${path}.opponent`),
      score: Number(game.result),
    };
    for (const { key, kind, choices } of perGame) {
      // Sent only when typed: a blank is Python's to read (its default, or "required"); a choice, only when not its
      // default (its first: Elo's neutral venue, which a calculation without a league's facts never sends).
      const typed = game.extra?.[key] ?? "";
      if (kind === "choice") {
        if (typed && typed !== choices[0]) sent[key] = typed;
        continue;
      }
      const value = number(typed, `${path}.${key}`);
      if (value !== null) sent[key] = value;
    }
    return sent;
  };
  /** @param {number | null} e @param {string} prefix */
  const of = (e, prefix) => {
    /** @type {Record<string, unknown>[]} */
    const sent = [];
    for (const game of entries.games) {
      if (e !== null && (game.event ?? 0) !== e) continue;
      if (isBlank(game.opponent)) continue; // a row not filled in yet is not an error
      const path = `${prefix}[${sent.length}]`;
      sent.push(one(game, path));
      sources.push(game);
      paths.push(path);
    }
    return sent;
  };
  return { of, sources, paths };
}

/**
 * Tournament `i` of a period as the request sends it: its name and rating when typed (the period's
 * rating when left empty, Python's default), and its games.
 * @param {import("./store.js").EventEntry} e @param {number} i @param {ReadNumber} number
 * @param {(e: number, prefix: string) => Record<string, unknown>[]} gamesOf
 */
function eventRequest(e, i, number, gamesOf) {
  /** @type {Record<string, unknown>} */
  const event = {};
  if (e.name.trim()) event.name = e.name.trim();
  const rating = number(e.rating, `events[${i}].rating`);
  if (rating !== null) event.rating = rating;
  event.games = gamesOf(i, `events[${i}].games`);
  return event;
}

/** Set a dotted path ("player.junior") in `target`. @param {Record<string, any>} target @param {string} path @param {unknown} value */
function put(target, path, value) {
  const keys = path.split(".");
  const last = /** @type {string} */ (keys.pop());
  for (const key of keys) target = target[key] ??= {};
  target[last] = value;
}
