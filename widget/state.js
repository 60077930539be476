// The page's state: the options the embedding page passed (URL parameters), and the one object
// holding what the visitor typed, as typed (each game with an id for its row), with the defaults
// it starts from, where it is restored from (a link, the saved entries) and its saving.
import { defaultK } from "./fields.js";
import { readOptions } from "./params.js";
import { VERSION, checkState, currentPeriod, forget, fromFragment, loadSaved, plainGame, save } from "./store.js";

/** @typedef {import("./store.js").State} State */
/** @typedef {{id: number, opponent: string, result: string, extra: Record<string, string>, event: number}} GameEntry */
/** @typedef {Omit<State, "games"> & {games: GameEntry[]}} PageState */

export const options = readOptions(location.search, navigator.languages ?? [navigator.language]);
const storageKey = `elo-calculator:v1:${options.host ?? "page"}:${options.system}`;

let nextGameId = 1;
/** A game row's entry, with an id of its own. @param {import("./store.js").GameEntry} game @returns {GameEntry} */
export const newGame = (game) => ({
  id: nextGameId++, opponent: game.opponent, result: game.result, extra: { ...game.extra }, event: game.event ?? 0,
});

/** The state before anything was typed: the embedding page's defaults. @returns {State} */
export function defaults() {
  return {
    system: options.system, rating: options.rating, k: options.k || defaultK(options.system),
    fewer30: false, junior: false, reached2400: false, reached2300: false, timeControl: "standard", cap400: false,
    update: "event", period: currentPeriod(), entries: {}, events: [{ name: "", rating: "" }],
    games: [{ opponent: "", result: "1" }],
  };
}

/** What the visitor typed: the one state object, changed in place. @type {PageState} */
export const state = { ...defaults(), games: defaults().games.map(newGame) };

/** Fields the visitor has left at least once: only these show "required" messages. @type {Set<string>} */
export const touched = new Set();

/** Replace the whole state (start, link, reset, undo), keeping nothing of the old one. @param {State} next */
export function setState(next) {
  Object.assign(state, next, {
    entries: structuredClone(next.entries), events: next.events.map((e) => ({ ...e })), games: next.games.map(newGame),
  });
  touched.clear();
}

/** A copy of the state as it is now, to bring back later (reset's undo), or null. */
export function snapshot() {
  return checkState({ v: VERSION, ...state, games: state.games.map(plainGame) });
}

export function saveState() {
  save(storageKey, state);
}

/** Forget the saved entries: the embedding page's defaults apply again, as on a first visit. */
export function forgetSaved() {
  forget(storageKey);
}

/**
 * The state to start from: a link's calculation, else the saved entries, else none (the defaults);
 * and the text key of the notice to show about it ("" for none).
 * @returns {{state: State | null, notice: string, fromLink: boolean}}
 */
export function startingState() {
  const fromLink = fromFragment(location.hash);
  if (fromLink.state || fromLink.problem) history.replaceState(null, "", location.pathname + location.search);
  if (fromLink.state) return { state: fromLink.state, notice: "", fromLink: true };
  const saved = loadSaved(storageKey);
  const notice = fromLink.problem ? "link.bad" : saved.problem ? `saved.${saved.problem}` : "";
  return { state: saved.state, notice, fromLink: false };
}
