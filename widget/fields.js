// The contract's vocabulary as the widget reads it. contract.js (generated from Python) owns the
// facts: the systems, each system's fields with their choices and rules, the limits and scores.
// This module only answers the widget's questions about them.
import { CONTRACT, SYSTEMS } from "./contract.js";

export { CONTRACT, SYSTEMS };

/** The K a system starts with when it needs one (its K field is required) and none was typed. */
const USUAL_K = "20";

/**
 * The field `path` ("k", "player.junior") of `system`, or null when the system has none.
 * @param {string} system @param {string} path @returns {import("./contract.js").Field | null}
 */
export function field(system, path) {
  return CONTRACT.systems[system]?.fields.find((f) => f.path === path) ?? null;
}

/** Every value a choice field accepts, in any system that has it. @param {string} path */
export function choices(path) {
  const found = new Set(Object.keys(CONTRACT.systems).flatMap((system) => field(system, path)?.choices ?? []));
  return [...found];
}

/** The K a new calculation in `system` starts with: the usual one where K is required, else none. */
export function defaultK(/** @type {string} */ system) {
  return field(system, "k")?.required ? USUAL_K : "";
}

/** The decimal places a system's ratings and rating changes are shown with. */
export function ratingPlaces(/** @type {string} */ system) {
  return CONTRACT.systems[system]?.places ?? 0;
}

/** What a system's answers show (contract.js `display`); a system unknown shows the common figures only. */
const PLAIN_DISPLAY = /** @type {import("./contract.js").Display} */ ({
  columns: CONTRACT.systems[SYSTEMS[0]].display.columns, together: false, flags: [], notes: [], chart_by: "" });

/** What the page shows of `system`'s answers. @param {string} system @returns {import("./contract.js").Display} */
export const displayOf = (system) => CONTRACT.systems[system]?.display ?? PLAIN_DISPLAY;

/** Game results as the form's options carry them ("1", "0.5", "0"). */
export const RESULTS = CONTRACT.scores.map(String);

/** The systems whose form is hand-made in index.html (K finder, time control, update): every other
 * system's fields are made from the contract. */
export const HAND_MADE = ["fide", "elo"];

/** Per-game fields ("games[].opponent_rd") as the key each game carries. */
const GAME_PREFIX = "games[].";

/**
 * The fields the form makes for `system` from the contract (numbers, yes/no, choices): none for a
 * hand-made system; the rating, K and per-game fields have their own places.
 * @param {string} system @returns {import("./contract.js").Field[]}
 */
export function ownFields(system) {
  if (HAND_MADE.includes(system)) return [];
  return (CONTRACT.systems[system]?.fields ?? []).filter(
    (f) => (f.kind === "number" || f.kind === "bool" || f.kind === "choice") && !f.path.startsWith(GAME_PREFIX));
}

/**
 * The values each game of `system` carries besides opponent and score, each with its key ("opponent_rd").
 * @param {string} system @returns {(import("./contract.js").Field & {key: string})[]}
 */
export function gameFields(system) {
  return (CONTRACT.systems[system]?.fields ?? [])
    .filter((f) => f.path.startsWith(GAME_PREFIX))
    .map((f) => ({ ...f, key: f.path.slice(GAME_PREFIX.length) }));
}

/** Every per-game key of any system. */
export const GAME_KEYS = [...new Set(SYSTEMS.flatMap((system) => gameFields(system).map((f) => f.key)))];

/** The page's id of a system field's control: "player.rd" -> "sf-player-rd". @param {string} path */
export const fieldId = (path) => "sf-" + path.replace(/[^A-Za-z0-9_]/g, "-");
