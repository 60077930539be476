// The form's bookkeeping that needs no page (form.js draws, this decides): what an input writes into
// the entries, where a new or returning game goes in the list, and the lines removed games leave.
// Pure: no DOM, no texts, so it is unit-tested under node (tests/js/form-state.test.mjs).
import { SYSTEMS, defaultK } from "./fields.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */

/**
 * What a game row's input writes into its game: the opponent (`opp`), the result (`res`) or one of the
 * system's own values (`key`, the input's data-key).
 * @param {GameEntry} game @param {{opp: boolean, res: boolean, key?: string}} which @param {string} value
 */
export function writeGame(game, which, value) {
  if (which.opp) game.opponent = value;
  if (which.res) game.result = value;
  if (which.key) game.extra[which.key] = value;
}

/**
 * Another system chosen: the system (a known one, else the first), and K. The K a system fills in by
 * itself (Elo's usual 20) does not follow into another, where it would count as typed: FIDE would
 * rate with K 20 over the K its rules give. The new system's own default K fills an empty one.
 * @param {{system: string, k: string}} entries changed in place @param {string} chosen the select's value
 */
export function switchSystem(entries, chosen) {
  const was = entries.system;
  entries.system = SYSTEMS.includes(chosen) ? chosen : SYSTEMS[0];
  if (entries.k !== "" && entries.k === defaultK(was)) entries.k = "";
  entries.k ||= defaultK(entries.system);
}

/** Where a game goes at the end of tournament `event`: after the last game of this tournament or of
 * the ones before it (the games stay in the order of their tournaments).
 * @param {{event: number}[]} games @param {number} event */
export function endOfEvent(games, event) {
  let at = 0;
  games.forEach((g, i) => { if (g.event <= event) at = i + 1; });
  return at;
}

/** Whether a game holds something the visitor typed and sees in this system (an opponent, or one of
 * the system's own values, `keys`): only such a game leaves a line when removed; an empty row just goes.
 * @param {GameEntry} game @param {string[]} keys */
export const hasTyped = (game, keys) => game.opponent.trim() !== "" || keys.some((key) => String(game.extra[key] ?? "").trim() !== "");

// Games the visitor removed that had something typed: each leaves a line in its place, "Removed: the
// game against 1600 (Win)", with an Undo that puts it back where it was (form.js draws the lines).
// Each line stands before `before`, the game now following it in its list (`list`: its tournament's
// number where there are several, else 0), or at the end of that list; lines with the same place are
// kept in the order their games had. That order is kept as games go and come back: removing the game
// a line stood before moves that line, in front of the new one, to the removed game's own place;
// putting a game back moves the lines that were in front of it to stand before it. The last
// MAX_REMOVED are kept (`seq` says which came last).
export const MAX_REMOVED = 5;
/** @typedef {{game: GameEntry, before: GameEntry | undefined, list: number, seq: number}} Placed */

/**
 * The lines after `game` was removed from `list`, the game `before` now in its place (undefined: the
 * end of the list); `added`, the removed game's own line (null: it had nothing typed), goes behind the
 * lines that stood in front of the game and before those that stood after it. Lines that stood before
 * `game` now stand before `before` (changed in place). The oldest goes past MAX_REMOVED.
 * @template {Placed} R
 * @param {R[]} lines @param {GameEntry} game @param {GameEntry | undefined} before @param {number} list @param {R | null} added
 * @returns {R[]}
 */
export function afterRemoval(lines, game, before, list, added) {
  const inFront = lines.filter((r) => r.before === game);
  for (const r of inFront) r.before = before;
  const others = lines.filter((r) => !inFront.includes(r));
  const behind = others.findIndex((r) => r.before === before && r.list === list);
  const at = behind < 0 ? others.length : behind;
  let next = [...others.slice(0, at), ...inFront, ...others.slice(at)];
  if (added) next.splice(at + inFront.length, 0, added);
  if (next.length > MAX_REMOVED) { // the oldest removal goes for good
    const oldest = Math.min(...next.map((r) => r.seq));
    next = next.filter((r) => r.seq !== oldest);
  }
  return next;
}

/**
 * The lines once `removed` is put back: its own gone, and those in front of it in the same place (they
 * stood before it) standing before its game again (changed in place).
 * @template {Placed} R @param {R[]} lines @param {R} removed @returns {R[]}
 */
export function afterPutBack(lines, removed) {
  const place = lines.filter((r) => r.before === removed.before && r.list === removed.list);
  for (const r of place.slice(0, place.indexOf(removed))) r.before = removed.game;
  return lines.filter((r) => r !== removed);
}

/** Where a removed game goes back in `games`: before the game that followed it, else at the end of
 * its tournament. @param {GameEntry[]} games @param {Placed} removed */
export function putBackIndex(games, removed) {
  const at = removed.before ? games.indexOf(removed.before) : -1;
  return at >= 0 ? at : endOfEvent(games, removed.game.event);
}

/** Games put in the place of game `at` (a paste into its row): the lines that stood before it stand
 * before `first`, the first of them (changed in place). @param {Placed[]} lines @param {GameEntry} at @param {GameEntry} first */
export function replacePlace(lines, at, first) {
  for (const r of lines) if (r.before === at) r.before = first;
}
