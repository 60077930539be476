// What the visitor typed, kept safe: saved in this origin's local storage on every change and
// restored on reload, and packed into a link's fragment. Anything read back is checked field by
// field; a corrupt, old or hostile state is refused as a whole (the caller says so), never half-used.

import { CONTRACT, GAME_KEYS, RESULTS, SYSTEMS, choices, ownFields } from "./fields.js";

export const VERSION = 1;
// The widget's own limits on what it keeps (the engine's, such as the most games, are the contract's).
const MAX_TEXT = 40;
const MAX_LINK = 200000;
/** The most tournaments a rating period holds in the form. */
export const MAX_EVENTS = 31;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month it is now, as a rating period ("2025-11"): the default period. */
export function currentPeriod(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * @typedef {{opponent: string, result: string, extra?: Record<string, string>, event?: number}} GameEntry a
 *   game's row: `extra` holds what a system's games carry besides opponent and score ("opponent_rd"), by
 *   key; `event` the index of its tournament in `events` (0 when left out)
 * @typedef {{name: string, rating: string}} EventEntry a tournament of the rating period (FIDE), as
 *   typed: its name, and the rating it was rated with ("" for the period's rating)
 * @typedef {Record<string, Record<string, string | boolean>>} SystemEntries each system's own fields
 *   (ownFields: "player.rd", "settings.tau"), by system and path, as typed: text, or a checkbox's state
 * @typedef {{system: string, rating: string, k: string, fewer30: boolean, junior: boolean,
 *   reached2400: boolean, reached2300: boolean, timeControl: string, cap400: boolean, update: string,
 *   period: string, entries: SystemEntries, events: EventEntry[], games: GameEntry[]}} State
 *   `games` are in the order of their events; there is always at least one event
 */

/** @type {Record<string, string[]>} */
const CHOICES = {
  system: SYSTEMS,
  timeControl: choices("time_control"),
  update: choices("update"),
};
const TEXTS = ["rating", "k"];
const FLAGS = ["fewer30", "junior", "reached2400", "cap400"];

// Values are only ever shown as input values or text, never as markup.
const isText = (/** @type {unknown} */ v) => typeof v === "string" && v.length <= MAX_TEXT && !/[\u0000-\u001f]/.test(v);

/**
 * The state in `data` if every field is well formed, else null.
 * @param {unknown} data @returns {State | null}
 */
export function checkState(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const d = /** @type {Record<string, unknown>} */ (data);
  if (d.v !== VERSION) return null;
  for (const [key, allowed] of Object.entries(CHOICES)) if (!allowed.includes(/** @type {string} */ (d[key]))) return null;
  for (const key of TEXTS) if (!isText(d[key])) return null;
  for (const key of FLAGS) if (typeof d[key] !== "boolean") return null;
  // Saved before rating periods: not rated 2300 before, the current period, one tournament.
  const reached2300 = d.reached2300 ?? false;
  if (typeof reached2300 !== "boolean") return null;
  const period = d.period ?? currentPeriod();
  if (typeof period !== "string" || !PERIOD.test(period)) return null;
  const events = checkEvents(d.events ?? [{ name: "", rating: "" }]);
  if (!events) return null;
  const entries = checkEntries(d.entries ?? {}); // saved before systems had fields of their own: none
  if (!entries) return null;
  if (!Array.isArray(d.games) || d.games.length > CONTRACT.limits.max_games) return null;
  const games = [];
  for (const g of d.games) {
    if (!g || typeof g !== "object" || !isText(g.opponent) || !RESULTS.includes(g.result)) return null;
    const extra = checkExtra(g.extra ?? {});
    if (!extra) return null;
    const event = g.event ?? 0;
    if (!Number.isInteger(event) || event < 0 || event >= events.length) return null;
    /** @type {GameEntry} */
    const game = Object.keys(extra).length ? { opponent: g.opponent, result: g.result, extra }
      : { opponent: g.opponent, result: g.result };
    if (event) game.event = event;
    games.push(game);
  }
  games.sort((a, b) => (a.event ?? 0) - (b.event ?? 0)); // stable: each event's games keep their order
  return {
    system: /** @type {string} */ (d.system), rating: /** @type {string} */ (d.rating), k: /** @type {string} */ (d.k),
    fewer30: /** @type {boolean} */ (d.fewer30), junior: /** @type {boolean} */ (d.junior),
    reached2400: /** @type {boolean} */ (d.reached2400), timeControl: /** @type {string} */ (d.timeControl),
    cap400: /** @type {boolean} */ (d.cap400), update: /** @type {string} */ (d.update), reached2300, period,
    entries, events, games,
  };
}

/**
 * The tournaments of a period, if each has a name and rating as text, else null.
 * @param {unknown} data @returns {EventEntry[] | null}
 */
function checkEvents(data) {
  if (!Array.isArray(data) || data.length < 1 || data.length > MAX_EVENTS) return null;
  /** @type {EventEntry[]} */
  const events = [];
  for (const e of data) {
    if (!isObject(e) || !isText(e.name ?? "") || !isText(e.rating ?? "")) return null;
    events.push({ name: /** @type {string} */ (e.name ?? ""), rating: /** @type {string} */ (e.rating ?? "") });
  }
  return events;
}

/** A plain object (not an array, not null). @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/**
 * Each system's own entries, if every system and path is known and every value fits its field
 * (text for a number, true or false for a checkbox, one of the choices), else null.
 * @param {unknown} data @returns {SystemEntries | null}
 */
function checkEntries(data) {
  if (!isObject(data)) return null;
  /** @type {SystemEntries} */
  const entries = {};
  for (const [system, values] of Object.entries(data)) {
    if (!SYSTEMS.includes(system) || !isObject(values)) return null;
    const fields = ownFields(system);
    /** @type {Record<string, string | boolean>} */
    const own = {};
    for (const [path, value] of Object.entries(values)) {
      const field = fields.find((f) => f.path === path);
      const fits = field?.kind === "bool" ? typeof value === "boolean"
        : field?.kind === "choice" ? typeof value === "string" && (value === "" || field.choices.includes(value))
        : field?.kind === "number" ? isText(value) : false;
      if (!fits) return null;
      own[path] = /** @type {string | boolean} */ (value);
    }
    entries[system] = own;
  }
  return entries;
}

/**
 * A game's extra values by known key, as text; empty ones are left out. Null when malformed.
 * @param {unknown} data @returns {Record<string, string> | null}
 */
function checkExtra(data) {
  if (!isObject(data)) return null;
  /** @type {Record<string, string>} */
  const extra = {};
  for (const [key, value] of Object.entries(data)) {
    if (!GAME_KEYS.includes(key) || !isText(value)) return null;
    if (value !== "") extra[key] = /** @type {string} */ (value);
  }
  return extra;
}

/** @param {State} state */
function plain(state) {
  const { system, rating, k, fewer30, junior, reached2400, reached2300, timeControl, cap400, update, period } = state;
  return { v: VERSION, system, rating, k, fewer30, junior, reached2400, reached2300, timeControl, cap400, update,
    period, entries: state.entries, events: state.events.map(({ name, rating }) => ({ name, rating })),
    games: state.games.map(plainGame) };
}

/**
 * A game as kept: its extra values only when it has some, its event only when not the first, so
 * that a long event stays small. @param {GameEntry} game @returns {GameEntry}
 */
export function plainGame({ opponent, result, extra, event }) {
  const kept = Object.entries(extra ?? {}).filter(([, v]) => v !== "");
  /** @type {GameEntry} */
  const game = kept.length ? { opponent, result, extra: Object.fromEntries(kept) } : { opponent, result };
  if (event) game.event = event;
  return game;
}

/** Local storage, or null where the browser refuses it (blocked third-party storage, private modes). */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The saved state under `key`: {state} when usable, {state: null, problem} when something was
 * saved but cannot be used (it is then removed), {state: null} when nothing was saved.
 * @param {string} key @returns {{state: State | null, problem?: "corrupt" | "old"}}
 */
export function loadSaved(key) {
  const store = storage();
  let text = null;
  try {
    text = store?.getItem(key) ?? null;
  } catch {
    return { state: null };
  }
  if (text === null) return { state: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  const state = checkState(data);
  if (state) return { state };
  try {
    store?.removeItem(key);
  } catch { /* nothing more to do */ }
  const old = data && typeof data === "object" && "v" in data && data.v !== VERSION;
  return { state: null, problem: old ? "old" : "corrupt" };
}

/** @param {string} key @param {State} state */
export function save(key, state) {
  try {
    storage()?.setItem(key, JSON.stringify(plain(state)));
  } catch { /* full or refused: the entries stay on the page */ }
}

/** @param {string} key */
export function forget(key) {
  try {
    storage()?.removeItem(key);
  } catch { /* nothing saved then */ }
}

/** The fragment that carries a whole calculation: #c=<base64url of JSON>. @param {State} state */
export function toFragment(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(plain(state)));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return "#c=" + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The state in a location hash: {state} when it is a good calculation, {state: null, problem}
 * when it tries to be one and is not, {state: null} when there is none.
 * @param {string} hash @returns {{state: State | null, problem?: "bad_link"}}
 */
export function fromFragment(hash) {
  if (!hash.startsWith("#c=")) return { state: null };
  const bad = { state: null, problem: /** @type {"bad_link"} */ ("bad_link") };
  const code = hash.slice(3);
  if (code.length > MAX_LINK || !/^[A-Za-z0-9_-]*$/.test(code)) return bad;
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const state = checkState(JSON.parse(text));
    return state ? { state } : bad;
  } catch {
    return bad;
  }
}
