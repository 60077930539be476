// What the visitor typed, kept safe: saved in this origin's local storage on every change and
// restored on reload, and packed (compressed) into a link's fragment. Saved entries are read back
// field by field: a field that cannot be used falls back to its default and a game that cannot be
// used is left out, each named for a notice, while everything else is kept. A link is someone
// else's calculation: it is used only when all of it reads, else refused whole (the caller says so).
// Every reader applies the contract's limits (tournaments, games) before it builds anything: a short
// link of 100 000 empty tournaments would otherwise build them all, and be saved to come back.

import { CONTRACT, GAME_KEYS, RESULTS, SYSTEMS, ownFields } from "./fields.js";
import { LANGUAGES } from "../../page/params.js";
import { currentPeriod } from "../../shared/periods.js";

/** The saved format: 3 keeps every system's own fields (FIDE's and Elo's too) under `entries`, by the
 * contract's paths. 2 kept FIDE's and Elo's beside the rating under names of their own (each field's
 * `former` in the contract), and kept any text and any number of games; 1 had limits of its own. Both
 * are read, into format 3, keeping every character typed. Format 3 also says the language its numbers and words
 * were typed in (`lang`), for a page in another language to write them its way (retype.js). It is no new format:
 * a build that does not know it reads the rest as before (its cached copy, its tab left open: a version 4 would
 * have stopped them saving and refused this build's links), and entries without it (formats 1 and 2, and format
 * 3 saved before it) are read in the page's language, as every earlier build read them. */
export const VERSION = 3;
const READS = [1, 2, 3];
/** The longest link code (after "#c=") the widget opens and makes: every browser opens a link this
 * long, and a realistic 10 000-game calculation fits (bench/bench.py prints the sizes). */
export const MAX_LINK = 200000;
/** The most bytes a compressed link may unpack to: many times a realistic 10 000-game calculation
 * (some 0.5 MB), short of a link that takes seconds to draw. */
const MAX_UNPACKED = 8 * 1024 * 1024;
/** The marker of a compressed link code ("#c=z." + base64url of deflate-raw); "." is not base64url. */
const PACKED = "z.";
/** The most tournaments a rating period holds in the form (Python's limit, elo_core MAX_EVENTS). */
export const MAX_EVENTS = CONTRACT.limits.max_events;
/** The most games the form holds (Python's limit, elo_core MAX_GAMES). */
export const MAX_GAMES = CONTRACT.limits.max_games;
/** The longest text of one box read back (elo_core MAX_TEXT): the form's boxes take no more. */
export const MAX_TEXT = CONTRACT.limits.max_text;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * @typedef {{opponent: string, result: string, extra?: Record<string, string>, event?: number}} GameEntry a
 *   game's row: `extra` holds what a system's games carry besides opponent and score ("opponent_rd"), by
 *   key; `event` the index of its tournament in `events` (0 when left out)
 * @typedef {{name: string, rating: string}} EventEntry a tournament of the rating period (FIDE), as
 *   typed: its name, and the rating it was rated with ("" for the period's rating)
 * @typedef {Record<string, Record<string, string | boolean>>} SystemEntries each system's own fields
 *   (ownFields: "player.junior", "player.rd", "settings.tau"), by system and path, as typed: text, a
 *   choice, or a checkbox's state; a field never touched is left out (its default)
 * @typedef {{system: string, rating: string, k: string, period: string, periodChosen: boolean,
 *   entries: SystemEntries, events: EventEntry[], games: GameEntry[]}} State
 *   `rating` and `k` are shared by the systems; `games` are in the order of their events; there is
 *   always at least one event; a field not offered now (FIDE's standard rating while "Your rating" is
 *   typed) keeps what was typed; `period` (a period of tournaments: FIDE's) follows the current month
 *   (it is read back as this month's) unless `periodChosen`: the visitor chose it
 * @typedef {{key: string, n?: number, count?: number}} Dropped a part that could not be read back: the
 *   text key that names it ("game.number"), with its number when it has one, or how many were left
 *   out past a limit ("saved.eventsCut")
 */

/** The state before anything is typed, the one default (state.js puts the embedding page's options
 * over it): the contract's first system, and no entry of any system's own fields (each its default). @returns {State} */
export function blankState() {
  return {
    system: SYSTEMS[0], rating: "", k: "", period: currentPeriod(), periodChosen: false, entries: {},
    events: [{ name: "", rating: "" }], games: [{ opponent: "", result: "1" }],
  };
}

// Each top-level field: how it is checked, and the text key that names it in a notice.
/** @type {Record<string, string>} */
const NAMES = { system: "system.label", rating: "rating.label", k: "k.label", period: "period.label", periodChosen: "period.label" };
// Left out by older versions: their default, with nothing to say.
const LATER = ["period", "periodChosen", "events", "entries"];

/** Where formats 1 and 2 kept a system's field beside the rating (its `former` name), by that name. */
const FORMER = new Map(SYSTEMS.flatMap((system) => ownFields(system).filter((f) => f.former).map((f) => [f.former, { system, field: f }])));

// Any text up to MAX_TEXT: values are only ever shown as input values or text, never as markup.
const isText = (/** @type {unknown} */ v) => typeof v === "string" && v.length <= MAX_TEXT;

/** A plain object (not an array, not null). @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/**
 * The state in `data`, read field by field: a field that does not fit takes its value in `base`, a
 * game or a value that does not fit is left out, and each is named in `dropped`; with the language it was
 * typed in (`lang`: "" where it does not say one of the widget's, the page's then). Null when `data` is
 * no saved state at all (not an object, or no version this code reads). A period the visitor did not
 * choose moves on to this month's: `earlierPeriod` is the one it had, when it was another. A link's
 * period is its calculation's (`link`): it is kept, as chosen.
 * @param {unknown} data @param {State} [base] where a bad field's value comes from
 * @param {{link?: boolean}} [how]
 * @returns {{state: State, dropped: Dropped[], earlierPeriod: string, lang: string} | null}
 */
export function readState(data, base = blankState(), { link = false } = {}) {
  if (!isObject(data) || !READS.includes(/** @type {number} */ (data.v))) return null;
  /** @type {Dropped[]} */
  const dropped = [];
  /** @type {Record<string, unknown>} */
  const top = {};
  /** @param {string} key @param {(v: unknown) => boolean} fits */
  const take = (key, fits) => {
    const value = data[key];
    if (value === undefined && LATER.includes(key)) top[key] = base[/** @type {keyof State} */ (key)];
    else if (fits(value)) top[key] = value;
    else {
      top[key] = base[/** @type {keyof State} */ (key)];
      dropped.push({ key: NAMES[key] });
    }
  };
  take("system", (v) => SYSTEMS.includes(/** @type {string} */ (v)));
  for (const key of ["rating", "k"]) take(key, isText);
  take("periodChosen", (v) => typeof v === "boolean");
  take("period", (v) => typeof v === "string" && PERIOD.test(v));
  if (dropped.some((d) => d.key === "period.label")) top.periodChosen = false; // this month's: it follows the months
  if (link) top.periodChosen = true;
  let earlierPeriod = "";
  if (!top.periodChosen && top.period !== currentPeriod()) {
    earlierPeriod = /** @type {string} */ (top.period);
    top.period = currentPeriod();
  }
  const events = data.events === undefined ? [{ name: "", rating: "" }] : readEvents(data.events, dropped);
  const entries = readEntries(data.v === 3 ? data.entries ?? {} : formerEntries(data), dropped);
  const games = readGames(data.games, events.length, dropped) ?? base.games.map((g) => ({ ...g }));
  return {
    state: /** @type {State} */ ({ ...top, entries, events, games }),
    dropped,
    earlierPeriod,
    lang: LANGUAGES.includes(/** @type {string} */ (data.lang)) ? /** @type {string} */ (data.lang) : "",
  };
}

/**
 * The state in `data` if all of it reads, else null: what a link must be.
 * @param {unknown} data @returns {State | null}
 */
export function checkState(data) {
  return checkedLink(data)?.state ?? null;
}

/** `data` read as a link, all of it, with the language it was typed in; else null. @param {unknown} data */
function checkedLink(data) {
  const read = readState(data, blankState(), { link: true });
  return read && read.dropped.length === 0 ? read : null;
}

/**
 * The tournaments of a period; one without a name and rating as text keeps what it has of them.
 * @param {unknown} data @param {Dropped[]} dropped @returns {EventEntry[]}
 */
function readEvents(data, dropped) {
  if (!Array.isArray(data) || data.length < 1) {
    dropped.push({ key: "saved.events" });
    return [{ name: "", rating: "" }];
  }
  if (data.length > MAX_EVENTS) dropped.push({ key: "saved.eventsCut", count: data.length - MAX_EVENTS });
  return data.slice(0, MAX_EVENTS).map((e, i) => {
    const name = isObject(e) ? e.name ?? "" : "";
    const rating = isObject(e) ? e.rating ?? "" : "";
    if (!isText(name) || !isText(rating) || !isObject(e)) dropped.push({ key: "events.number", n: i + 1 });
    return { name: isText(name) ? /** @type {string} */ (name) : "", rating: isText(rating) ? /** @type {string} */ (rating) : "" };
  });
}

/**
 * The entries of format 1 or 2 in format 3's shape: each system's own (`entries`, format 2), with FIDE's
 * and Elo's fields that were kept beside the rating (by their `former` names) put among their system's.
 * A value that does not fit its field is carried over as it is, for readEntries to name and leave out.
 * @param {Record<string, unknown>} data @returns {unknown}
 */
function formerEntries(data) {
  const entries = isObject(data.entries) ? structuredClone(data.entries) : data.entries ?? {};
  if (!isObject(entries)) return entries;
  for (const [name, { system, field }] of FORMER) {
    if (data[name] === undefined) continue; // left out by version 1 (some of FIDE's): its default
    const own = isObject(entries[system]) ? entries[system] : (entries[system] = {});
    /** @type {Record<string, unknown>} */ (own)[field.path] = data[name];
  }
  return entries;
}

/**
 * Each system's own entries that fit their field (text for a number, true or false for a checkbox,
 * one of the choices); the others are left out.
 * @param {unknown} data @param {Dropped[]} dropped @returns {SystemEntries}
 */
function readEntries(data, dropped) {
  /** @type {SystemEntries} */
  const entries = {};
  if (!isObject(data)) {
    dropped.push({ key: "saved.otherEntries" });
    return entries;
  }
  for (const [system, values] of Object.entries(data)) {
    if (!SYSTEMS.includes(system) || !isObject(values)) {
      dropped.push({ key: "saved.otherEntries" });
      continue;
    }
    const fields = ownFields(system);
    /** @type {Record<string, string | boolean>} */
    const own = {};
    for (const [path, value] of Object.entries(values)) {
      const field = fields.find((f) => f.path === path);
      const fits = field?.kind === "period" ? false : field?.kind === "bool" ? typeof value === "boolean"
        : field?.kind === "choice" ? typeof value === "string" && (value === "" || field.choices.includes(value))
        : field?.kind === "number" ? isText(value) : false;
      if (fits) own[path] = /** @type {string | boolean} */ (value);
      else dropped.push(field ? { key: `field.${path}` } : { key: "saved.otherEntries" });
    }
    entries[system] = own;
  }
  return entries;
}

/**
 * The games that read (an opponent as text, a known result), in the order of their events; a game's
 * extra value that does not fit is left out, and so is a game of a tournament that is not there.
 * Null when `data` is no list of games.
 * @param {unknown} data @param {number} events how many tournaments there are
 * @param {Dropped[]} dropped @returns {GameEntry[] | null}
 */
function readGames(data, events, dropped) {
  if (!Array.isArray(data)) {
    dropped.push({ key: "games.heading" });
    return null;
  }
  if (data.length > MAX_GAMES) dropped.push({ key: "saved.gamesCut", count: data.length - MAX_GAMES });
  /** @type {GameEntry[]} */
  const games = [];
  data.slice(0, MAX_GAMES).forEach((g, i) => {
    const event = isObject(g) ? g.event ?? 0 : 0;
    if (!isObject(g) || !isText(g.opponent) || !RESULTS.includes(/** @type {string} */ (g.result))
        || !Number.isInteger(event) || /** @type {number} */ (event) < 0 || /** @type {number} */ (event) >= events) {
      dropped.push({ key: "game.number", n: i + 1 });
      return;
    }
    /** @type {Record<string, string>} */
    const extra = {};
    let bad = !isObject(g.extra ?? {});
    for (const [key, value] of Object.entries(isObject(g.extra) ? g.extra : {})) {
      if (!GAME_KEYS.includes(key) || !isText(value)) bad = true;
      else if (value !== "") extra[key] = /** @type {string} */ (value);
    }
    if (bad) dropped.push({ key: "game.number", n: i + 1 });
    games.push(plainGame({ opponent: /** @type {string} */ (g.opponent), result: /** @type {string} */ (g.result),
      extra, event: /** @type {number} */ (event) }));
  });
  return games.sort((a, b) => (a.event ?? 0) - (b.event ?? 0)); // stable: each event's games keep their order
}

/** `state` as saved, typed in `lang` (none: a copy that never leaves the page). @param {State} state @param {string} [lang] */
function plain(state, lang) {
  const { system, rating, k, period, periodChosen } = state;
  return { v: VERSION, lang, system, rating, k, period, periodChosen, entries: state.entries,
    events: state.events.map(({ name, rating }) => ({ name, rating })), games: state.games.map(plainGame) };
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

/** A copy of a state, as saved: nothing shared with it. @param {State} state @returns {State} */
export function copyState(state) {
  const { v, lang, ...rest } = structuredClone(plain(state));
  return rest;
}

/** Local storage, or null where the browser refuses it (blocked third-party storage, private modes). */
export function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The saved state under `key`: {state, dropped} when it reads (`dropped` names what could not be
 * used: it was left out), {state: null, problem} when something was saved but is no state this
 * version reads (set aside under `<key>:unread`; a newer version's is left in place), {state: null}
 * when nothing was saved.
 * @param {string} key @param {State} [base] where a field that cannot be used takes its value
 * @returns {{state: State | null, dropped?: Dropped[], earlierPeriod?: string, lang?: string, keptAside?: boolean,
 *   problem?: "corrupt" | "old" | "newer"}}
 */
export function loadSaved(key, base) {
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
  const read = readState(data, base);
  // Entries read with parts left out are saved again repaired: the whole text is set aside first,
  // so that nothing typed is lost (a state over a limit, from a link or an older build, is cut).
  // Where it cannot be (storage full), the entries are not saved again at once (`keptAside`).
  if (read?.dropped.length && !setAside(store, key, text)) return { ...read, keptAside: false };
  if (read) return read;
  // A newer build's entries (a tab of this one left open, or a cached copy): left as they are.
  if (isObject(data) && typeof data.v === "number" && data.v > VERSION) return { state: null, problem: "newer" };
  // Anything else is set aside under a key of its own, not deleted: it can still be read by hand.
  setAside(store, key, text);
  try {
    store?.removeItem(key);
  } catch { /* nothing more to do */ }
  const old = isObject(data) && "v" in data;
  return { state: null, problem: old ? "old" : "corrupt" };
}

/** Keep `text`, saved under `key`, under `<key>:unread`, where it can still be read by hand; a text
 * set aside earlier stays, the next goes to `<key>:unread:2` and on (the ninth place is reused).
 * Whether it is kept (not where the browser's storage is full).
 * @param {Storage | null} store @param {string} key @param {string} text @returns {boolean} */
function setAside(store, key, text) {
  for (let n = 1; n <= 9; n++) {
    const aside = `${key}:unread${n > 1 ? ":" + n : ""}`;
    try {
      const there = store?.getItem(aside);
      if (there === text) return true;
      if (there != null && n < 9) continue;
      store?.setItem(aside, text);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Save `state`, typed in `lang`, under `key`: "saved", "full" when the browser's storage for this site is full, or
 * "unavailable" when this browser keeps nothing here (the entries then stay on the page only).
 * @param {string} key @param {State} state @param {string} [lang] @returns {"saved" | "full" | "unavailable"}
 */
export function save(key, state, lang) {
  const store = storage();
  if (!store) return "unavailable";
  try {
    store.setItem(key, JSON.stringify(plain(state, lang)));
    return "saved";
  } catch (e) {
    const full = e instanceof DOMException && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED");
    return full ? "full" : "unavailable";
  }
}

/** @param {string} key */
export function forget(key) {
  try {
    storage()?.removeItem(key);
  } catch { /* nothing saved then */ }
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} code */
const fromBase64url = (code) => Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The bytes of a stream, refusing more than MAX_UNPACKED. @param {ReadableStream<Uint8Array>} stream */
async function readAll(stream) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_UNPACKED) {
      await reader.cancel();
      throw new RangeError("link unpacks to too much");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Whether this browser packs and unpacks links (CompressionStream with deflate-raw). */
function canPack() {
  try {
    return typeof CompressionStream === "function" && Boolean(new DecompressionStream("deflate-raw"));
  } catch {
    return false;
  }
}

/**
 * Marks a fragment that holds the visitor's own entries, carried over a reload of their own (a language chosen in
 * the menu, Retry): taken without "this came from a link" (state.js startingState). It changes no more than
 * what is said: entries that differ from the saved ones are still offered beside them, as any link's.
 */
export const OWN = "~own";

/**
 * `toFragment(state, lang)` marked as the visitor's own (OWN). @param {State} state @param {string} [lang]
 * @returns {Promise<string | null>}
 */
export async function ownFragment(state, lang) {
  const fragment = await toFragment(state, lang);
  return fragment && fragment + OWN;
}

/**
 * The fragment that carries a whole calculation: #c=z.<base64url of deflate-raw of the JSON>, or
 * (a browser that cannot compress) #c=<base64url of the JSON>; null when it is longer than any
 * link the widget opens (MAX_LINK). `lang`: the language it was typed in, for a page in another to read it.
 * @param {State} state @param {string} [lang] @returns {Promise<string | null>}
 */
export async function toFragment(state, lang) {
  const bytes = new TextEncoder().encode(JSON.stringify(plain(state, lang)));
  const code = canPack()
    ? PACKED + toBase64url(await readAll(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"))))
    : toBase64url(bytes);
  return code.length - (canPack() ? PACKED.length : 0) > MAX_LINK ? null : "#c=" + code;
}

/**
 * The state in a location hash: {state} when it is a good calculation, {state: null, problem} when
 * it tries to be one and is not ("unsupported": a compressed link this browser cannot unpack),
 * {state: null} when there is none; a good one with the language it was typed in (`lang`, as readState's).
 * @param {string} hash @returns {Promise<{state: State | null, lang?: string, problem?: "bad_link" | "unsupported"}>}
 */
export async function fromFragment(hash) {
  if (!hash.startsWith("#c=")) return { state: null };
  if (hash.endsWith(OWN)) hash = hash.slice(0, -OWN.length);
  const bad = { state: null, problem: /** @type {"bad_link"} */ ("bad_link") };
  const packed = hash.startsWith(PACKED, 3);
  const code = hash.slice(packed ? 3 + PACKED.length : 3);
  if (code.length > MAX_LINK || !/^[A-Za-z0-9_-]*$/.test(code)) return bad;
  if (packed && !canPack()) return { state: null, problem: "unsupported" };
  try {
    const bytes = packed
      ? await readAll(new Blob([fromBase64url(code)]).stream().pipeThrough(new DecompressionStream("deflate-raw")))
      : fromBase64url(code);
    const read = checkedLink(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
    return read ? { state: read.state, lang: read.lang } : bad;
  } catch {
    return bad;
  }
}
