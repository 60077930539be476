// The last answer shown, kept beside the saved entries so that a returning visitor sees it at once,
// before Python has started: the engine's response with the exact request it answers and the engine
// build it came from. It is shown only for a byte-identical request from the same build (the engine
// is a pure function of the two); anything else (another build, other entries, a damaged or
// oversized copy, no storage) is no answer, and a copy that cannot be read is dropped without a
// word: it is a cache, not something the visitor typed.
import { ENGINE_DIR, PYODIDE_DIR } from "../../engine/engine-files.js";
import { storage } from "./store.js";

/** The engine build: its content-hashed folders, as the build names them (engine-files.js). */
export const BUILD = `${PYODIDE_DIR} ${ENGINE_DIR}`;
/** The kept format's version. */
const VERSION = 1;
/** The most characters kept: a long list (10 000 games, some 300 000 characters of request alone)
 * is not stored a second time; such a visitor waits for Python, as before. */
export const MAX_ANSWER = 300_000;

/** The fewest characters a game of an answer takes: the names of a rated game's seven keys. */
const GAME_KEYS_LENGTH = '"opponent""score""difference""expected""change""rated""rating_after"'.length;

/** A plain object (not an array, not null). @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/**
 * The text to keep for `response`, the answer to `request` (its JSON text) from engine `build`;
 * null when it is longer than MAX_ANSWER.
 * @param {string} build @param {string} request @param {unknown} response @returns {string | null}
 */
export function answerText(build, request, response) {
  // Too long before the response is even written: its games alone take at least their keys' names
  // (some 70 characters each), and writing 10 000 of them only to drop them costs every keystroke.
  const games = isObject(response) && Array.isArray(response.games) ? response.games.length : 0;
  if (request.length + GAME_KEYS_LENGTH * games > MAX_ANSWER) return null;
  const text = JSON.stringify({ v: VERSION, build, request, response });
  return text.length > MAX_ANSWER ? null : text;
}

/**
 * The kept answer in `text` ({v, build, request, response}), whatever it answers; null when it is
 * no kept answer this version reads (damaged, too long, another format).
 * @param {string} text @returns {{build: string, request: string, response: Record<string, unknown>} | null}
 */
function parse(text) {
  if (text.length > MAX_ANSWER) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const fits = isObject(data) && data.v === VERSION && typeof data.build === "string" && typeof data.request === "string"
    && isObject(data.response) && typeof data.response.ok === "boolean";
  return fits ? /** @type {any} */ (data) : null;
}

/**
 * The response kept in `text` when it answers `request` from engine `build`; else null (another
 * request or build, or a text that is no kept answer).
 * @param {string | null} text @param {string} build @param {string} request @returns {Record<string, unknown> | null}
 */
export function readAnswer(text, build, request) {
  const data = text === null ? null : parse(text);
  return data && data.build === build && data.request === request ? data.response : null;
}

/**
 * The kept answer under `key` to `request` from this build, or null. A kept copy that cannot be read
 * is removed; one that answers other entries or another build is left for the next answer to replace.
 * @param {string} key @param {string} request @param {string} [build]
 */
export function loadAnswer(key, request, build = BUILD) {
  const store = storage();
  try {
    const text = store?.getItem(key) ?? null;
    if (text !== null && !parse(text)) store?.removeItem(key);
    return readAnswer(text, build, request);
  } catch {
    return null;
  }
}

/**
 * Keep `response`, the answer to `request`, under `key`; one too long to keep removes the older one
 * (it answers other entries). Nothing is said when the browser keeps nothing or is full: the entries
 * come first (state.js frees this copy for them).
 * @param {string} key @param {string} request @param {unknown} response @param {string} [build]
 */
export function saveAnswer(key, request, response, build = BUILD) {
  const text = answerText(build, request, response);
  try {
    if (text === null) storage()?.removeItem(key);
    else storage()?.setItem(key, text);
  } catch {
    forgetAnswer(key);
  }
}

/** Remove the kept answer under `key`; whether there was one. @param {string} key */
export function forgetAnswer(key) {
  try {
    const store = storage();
    const had = store?.getItem(key) != null;
    store?.removeItem(key);
    return had;
  } catch {
    return false;
  }
}

/**
 * Whether a kept answer is one Python could have given to `request`: its system, one game per game
 * asked, and its arithmetic (the new rating is the rating plus the change, in every system). Only
 * code of the widget's own origin can write one, but an answer shown must be Python's or say it is not.
 * An answer with errors is not shown either: Python says them soon enough, at their fields.
 * @param {Record<string, any>} r the kept answer @param {Record<string, any>} request the request it is kept for
 */
export function couldAnswer(r, request) {
  if (!r.ok) return false;
  const asked = request.events ? request.events.reduce((/** @type {number} */ n, /** @type {any} */ e) => n + e.games.length, 0) : request.games.length;
  const numbers = [r.rating, r.change, r.new_rating].every((x) => typeof x === "number" && Number.isFinite(x));
  return r.system === request.system && r.rating === (request.rating ?? null) && Array.isArray(r.games) && r.games.length === asked
    && (!numbers || Math.abs(r.rating + r.change - r.new_rating) <= 1e-6 * Math.max(1, Math.abs(r.new_rating)));
}
