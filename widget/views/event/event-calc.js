// A player of the tournament report (event view) as the calculator's entries (store.js State): FIDE
// (or plain Elo with the player's K, where the event was rated so), the player's rating from the file,
// the event's list month, K or the facts as the visitor set them in the report, and the games the report rated (for an unrated player: those against rated
// opponents, which count towards a first rating). The calculator then rates them in any system.

import { FACT_FIELDS, factName, withK } from "./event-file.js";
import { currentPeriod } from "../../shared/periods.js";

/** @typedef {import("../calculator/store.js").State} State */
/** @typedef {import("./event-rows.js").Player} Player */
/** @typedef {import("./event-file.js").Override} Override */

/** A game's points as the calculator's result options carry them. @param {number} score */
const resultOf = (score) => (score === 1 ? "1" : score === 0.5 ? "0.5" : "0");

/**
 * The calculator's entries for player `p` of the event `event` (event.EventSummary), with what the
 * visitor set for them (`given`).
 * @param {Player} p @param {Record<string, any>} event @param {Override} given
 * @returns {State}
 */
export function calculatorState(p, event, given) {
  const rounds = /** @type {Record<string, any>[]} */ (p.rounds ?? []);
  const games = rounds.filter((r) => r.rated && r.opponent_rating !== null)
    .map((r) => ({ opponent: String(r.opponent_rating), result: resultOf(r.score), extra: {}, event: 0 }));
  // Elo: the K the player was rated with (theirs, or the event's); FIDE: K as set, else from the facts.
  const elo = withK(event.system);
  const k = elo ? (p.k === null ? "" : String(p.k)) : given.k === undefined ? "" : String(given.k);
  /** FIDE's facts as set (junior: from the file's birth date, unless set). @type {Record<string, boolean>} */
  const facts = {};
  for (const field of FACT_FIELDS) {
    const value = given[factName(field)] ?? (factName(field) === "junior" && p.junior);
    if (value) facts[field.path] = true;
  }
  return {
    system: event.system, rating: p.rating === null ? "" : String(p.rating), k,
    // Every other field of the system as never touched: its default (standard time control; Elo's
    // update after the event, no 400 cap).
    entries: elo ? {} : { [event.system]: facts },
    // The rules the report applied: the event's list month, or the earliest the project knows for an older event.
    period: event.rules_period ?? event.period ?? currentPeriod(), periodChosen: Boolean(event.period),
    events: [{ name: String(event.name ?? "").slice(0, 200), rating: "" }],
    games: games.length ? games : [{ opponent: "", result: "1", extra: {}, event: 0 }],
  };
}
