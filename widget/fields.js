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

/** Game results as the form's options carry them ("1", "0.5", "0"). */
export const RESULTS = CONTRACT.scores.map(String);
