// Entries typed on a page in one language, as a page in another writes them. A calculation travels between
// languages (the language menu carries it in the address; a club's /en/ and /de/ pages share one saved copy; a
// link is opened on another club's page), and its numbers are text as typed: "1.950" is 1950 in Dutch and
// ambiguous in English, "zonder rating" is Dutch's unrated word and no number in English. Each number typed is
// read by the rules of the language it was typed in (numbers.js parseNumber) and written as the new one writes
// it (formatAsHeld); an opponent typed as the old language's unrated word gets the new one's. Text that does not
// read (a typo, a number that read two ways there too) stays as it is, for the page to say at its field. Pure: no
// page, no texts (the caller gives the words), so that it is unit-tested under node.
import { GAME_KEYS, SYSTEMS, field, gameFields } from "./fields.js";
import { formatAsHeld, parseNumber } from "../../shared/numbers.js";
import { isUnrated } from "./request.js";

/** @typedef {import("./store.js").State} State */
/** @typedef {{lang: string, unrated: string}} Writing a language, and its unrated word ("" when it is not known) */

/** Each game key whose value is a number (opponent_rd, points_for), not a choice (a league's venue). */
const NUMBER_KEYS = new Set(GAME_KEYS.filter((key) =>
  SYSTEMS.some((system) => gameFields(system).some((f) => f.key === key && f.kind === "number"))));

/**
 * `text`, a number typed the `from` way, as `to` writes it; as it is when it reads as no single number there,
 * or when it would not read back as the same number (a figure too big or too small to write out).
 * @param {string} text @param {string} from @param {string} to
 */
export function retypeNumber(text, from, to) {
  const read = parseNumber(text, from);
  if (read.kind !== "number" || !Number.isFinite(read.value)) return text;
  const written = formatAsHeld(read.value, to);
  const back = parseNumber(written, to);
  return back.kind === "number" && back.value === read.value ? written : text;
}

/** An opponent typed the `from` way: the unrated word (its, or English "unrated", which every page reads) in
 * `to`'s, a number as `to` writes it. @param {string} text @param {Writing} from @param {Writing} to */
function retypeOpponent(text, from, to) {
  const unrated = to.unrated && parseNumber(text, from.lang).kind !== "number" && isUnrated(text, from.unrated ? [from.unrated] : []);
  return unrated ? to.unrated : retypeNumber(text, from.lang, to.lang);
}

/**
 * `state`, typed in `from`'s language, as `to`'s writes it: the rating, K, each tournament's rating, each
 * system's own number fields, each game's opponent and numbers. Names, choices and boxes ticked are no language's.
 * A new state: `state` is not changed.
 * @param {State} state @param {Writing} from @param {Writing} to @returns {State}
 */
export function retyped(state, from, to) {
  const number = (/** @type {string} */ text) => retypeNumber(text, from.lang, to.lang);
  const entries = Object.fromEntries(Object.entries(state.entries).map(([system, own]) => [system, Object.fromEntries(
    Object.entries(own).map(([path, v]) => [path, typeof v === "string" && field(system, path)?.kind === "number" ? number(v) : v]))]));
  return {
    ...state,
    rating: number(state.rating),
    k: number(state.k),
    entries,
    events: state.events.map((e) => ({ ...e, rating: number(e.rating) })),
    games: state.games.map((g) => ({
      ...g,
      opponent: retypeOpponent(g.opponent, from, to),
      ...(g.extra && { extra: Object.fromEntries(Object.entries(g.extra).map(([key, v]) => [key, NUMBER_KEYS.has(key) ? number(v) : v])) }),
    })),
  };
}
