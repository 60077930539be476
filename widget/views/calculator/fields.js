// The contract's vocabulary as the widget reads it. contract.js (generated from Python) owns the
// facts: the systems, each system's fields with their choices and rules, the limits and scores.
// This module only answers the widget's questions about them.
import { CONTRACT, SYSTEMS } from "../../shared/contract.js";
import { parseNumber } from "../../shared/numbers.js";

export { CONTRACT, SYSTEMS };

/** The K a system starts with when it needs one (its K field is required) and none was typed. */
const USUAL_K = "20";

/**
 * The field `path` ("k", "player.junior") of `system`, or null when the system has none.
 * @param {string} system @param {string} path @returns {import("../../shared/contract.js").Field | null}
 */
export function field(system, path) {
  return CONTRACT.systems[system]?.fields.find((f) => f.path === path) ?? null;
}

/** The K a new calculation in `system` starts with: the usual one where K is required, else none. */
export function defaultK(/** @type {string} */ system) {
  return field(system, "k")?.required ? USUAL_K : "";
}

/** What a system's answers show (contract.js `display`); a system unknown shows the common figures only. */
const PLAIN_DISPLAY = /** @type {import("../../shared/contract.js").Display} */ ({
  columns: CONTRACT.systems[SYSTEMS[0]].display.columns, together: false, flags: [], notes: [], chart_by: "" });

/** What the page shows of `system`'s answers. @param {string} system @returns {import("../../shared/contract.js").Display} */
export const displayOf = (system) => CONTRACT.systems[system]?.display ?? PLAIN_DISPLAY;

/** Game results as the form's options carry them ("1", "0.5", "0"). */
export const RESULTS = CONTRACT.scores.map(String);

/** Per-game fields ("games[].opponent_rd") as the key each game carries. */
const GAME_PREFIX = "games[].";

/**
 * The fields the form makes for `system` from the contract (numbers, yes/no, choices, the period
 * of tournaments), in the contract's order; the rating, K and per-game fields have their own places.
 * @param {string} system @returns {import("../../shared/contract.js").Field[]}
 */
export function ownFields(system) {
  return (CONTRACT.systems[system]?.fields ?? []).filter(
    (f) => ["number", "bool", "choice", "period"].includes(f.kind) && !f.path.startsWith(GAME_PREFIX));
}

/** Whether `system` rates a period of tournaments, whose games may be against unrated opponents (a
 * field of kind "period": FIDE's). @param {string} system */
export const ratesPeriods = (system) => (CONTRACT.systems[system]?.fields ?? []).some((f) => f.kind === "period");

/**
 * What the visitor typed in `path` of the state's system: the rating, K, or the system's own entry
 * (a checkbox's state or text; undefined when never touched).
 * @param {{system: string, rating: string, k: string, entries?: Record<string, Record<string, string | boolean>>}} state
 * @param {string} path @returns {string | boolean | undefined}
 */
export function entryOf(state, path) {
  if (path === "rating") return state.rating;
  if (path === "k") return state.k;
  return state.entries?.[state.system]?.[path];
}

/**
 * The value choice field `f` has now: the one typed (chosen), else its default: the value it `follows` while that
 * yes/no field is ticked (Elo's update: game by game for a league's games), else its first.
 * @param {import("../../shared/contract.js").Field} f @param {Parameters<typeof entryOf>[0]} state
 */
export function choiceOf(f, state) {
  const typed = entryOf(state, f.path);
  if (typeof typed === "string" && f.choices.includes(typed)) return typed;
  const [path, value] = f.follows;
  return path !== undefined && entryOf(state, path) === true ? value : f.choices[0];
}

/**
 * Whether field `f` is offered now (its `when`: `path` ticked, `!path` blank as a number reads, `path!=value`): one not
 * offered is hidden, and not sent (a yes/no one is sent as no).
 * @param {import("../../shared/contract.js").Field} f @param {Parameters<typeof entryOf>[0]} state
 */
export function offered(f, state) {
  return f.when.every((condition) => {
    const [path, other] = condition.replace(/^!/, "").split("!=");
    const value = entryOf(state, path);
    if (other !== undefined) {
      const decider = field(state.system, path);
      return (decider ? choiceOf(decider, state) : value) !== other;
    }
    if (condition.startsWith("!")) return typeof value !== "string" || parseNumber(value, "en").kind === "empty";
    return value === true;
  });
}

/**
 * The values each game of `system` carries besides opponent and score, each with its key ("opponent_rd").
 * @param {string} system @returns {(import("../../shared/contract.js").Field & {key: string})[]}
 */
export function gameFields(system) {
  return (CONTRACT.systems[system]?.fields ?? [])
    .filter((f) => f.path.startsWith(GAME_PREFIX))
    .map((f) => ({ ...f, key: f.path.slice(GAME_PREFIX.length) }));
}

/** The per-game fields offered now (their `when`: Elo's a league's, once its box is ticked). @param {Parameters<typeof entryOf>[0]} state */
export const offeredGameFields = (state) => gameFields(state.system).filter((f) => offered(f, state));

/** Every per-game key of any system. */
export const GAME_KEYS = [...new Set(SYSTEMS.flatMap((system) => gameFields(system).map((f) => f.key)))];

/** The page's id of a system field's control: "player.rd" -> "sf-player-rd". @param {string} path */
export const fieldId = (path) => "sf-" + path.replace(/[^A-Za-z0-9_]/g, "-");
