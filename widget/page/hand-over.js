// Entries one view hands the calculator (a player of the tournament report opened in it, event.js),
// through the page, so that no view imports another: the calculator takes them (its mount calls
// takeEntries), a view hands them (handEntries). Importing this module installs nothing.

/** @typedef {(entries: object, text: string) => void} Taker the calculator's: its entries replaced, said
 * with `text` and an Undo (entries: a calculator state, views/calculator/state.js State) */

/** @type {Taker | null} */
let taker = null;

/** The calculator takes the entries handed to it from now on. @param {Taker} take */
export function takeEntries(take) {
  taker = take;
}

/** Hand the calculator `entries`, said with `text` (nothing when no calculator is mounted).
 * @param {object} entries @param {string} text */
export function handEntries(entries, text) {
  taker?.(entries, text);
}
