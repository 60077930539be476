// The result as a club's page receives it (the element's "elo-calculator:result" event, and its
// old name "elo-calculated"): a small, versioned shape made from the engine's answer, never the
// answer itself, so that the engine's keys can change without changing what a club's script reads.
// README.md ("Events") documents it; a new key may be added within a version, none removed or renamed.

/**
 * @typedef {{opponent: number | null, score: number, expected: number | null, change: number | null,
 *   rated: boolean}} PublicGame a game: the opponent's rating (null: unrated), the player's score, the
 *   expected score and the rating change (null where the system gives none per game), whether it was rated
 * @typedef {{version: 1, system: string, rating: number | null, new_rating: number | null,
 *   change: number | null, score: number, expected: number | null, performance: number | null,
 *   games: PublicGame[]}} PublicResult
 */

/** The version of the shape: raised only when a key is removed or changes its meaning. */
export const RESULT_VERSION = 1;

/** A number, or null for anything else (a missing key, text). @param {unknown} v @returns {number | null} */
const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The result of a calculation for the embedding page, from the engine's answer `r` (ok).
 * @param {Record<string, any>} r @returns {PublicResult}
 */
export function publicResult(r) {
  const games = Array.isArray(r.games) ? r.games : [];
  return {
    version: RESULT_VERSION,
    system: String(r.system),
    rating: num(r.rating),
    new_rating: num(r.new_rating),
    change: num(r.change),
    score: num(r.score) ?? 0,
    expected: num(r.expected),
    performance: num(r.performance?.rating),
    games: games.map((/** @type {Record<string, any>} */ g) => ({
      opponent: num(g.opponent), score: num(g.score) ?? 0, expected: num(g.expected), change: num(g.change),
      rated: g.rated !== false,
    })),
  };
}
