// "What do I need" beside the calculator's result (elo_core.systems.needs, the answer's `needs`): the score over
// the games typed that a rating target takes (or how much may be dropped and the rating kept), and the score a
// FIDE title norm takes against these opponents. Pure: the texts come through the `say` given, the numbers through
// `num`, so that tests run in Node; results.js writes them under the totals and says them with the result.

/** @typedef {(key: string, vars?: Record<string, string | number>) => string} Say */
/** @typedef {(x: number, decimals: number) => string} Num */

/** Points as the page writes them: 6.5, 7 (in its language, by `num`). @param {number} x @param {Num} num */
const points = (x, num) => num(x, x % 1 ? 1 : 0);

/** What a rating target takes, in words, the ratings it reaches with `places` decimals, as the result shows them
 * (1999.6 is short of 2000: shown as 2000 it read as reached). @param {Record<string, any>} a the answer's
 * `needs.target` @param {Say} say @param {Num} num @param {number} [places] */
export function targetText(a, say, num, places = 0) {
  const target = num(a.target, a.target % 1 ? 1 : 0);
  if (a.reason) return say(`needs.target.${a.reason}`, { target, games: a.games });
  if (a.score === null) return say("needs.target.out", { target, games: a.games, best: a.best === null ? "—" : num(a.best, places) });
  if (a.score === 0) return say("needs.target.kept", { target, worst: a.worst === null ? "—" : num(a.worst, places) });
  return say("needs.target.score", { target, score: points(a.score, num), games: a.games, dropped: points(a.dropped, num) });
}

/** What a title norm takes against the opponents typed, in words (their titles and federations not checked).
 * @param {Record<string, any>} n the answer's `needs.norm` @param {Say} say @param {Num} num */
export function normText(n, say, num) {
  if (["no_games", "time_control", "events"].includes(n.reason)) return say(`needs.norm.${n.reason}`, { title: n.title });
  if (n.reason === "average") return say("needs.norm.average", { title: n.title, average: num(n.average, 0), least: num(n.least_average, 0) });
  const text = say("needs.norm.score", { title: n.title, average: num(n.average, 0), needed: points(n.needed, num), games: n.games,
    performance: num(n.performance, 0) });
  return n.reason === "games" ? `${text} ${say("needs.norm.games")}` : text;
}

/** The lines of an answer's `needs` (none asked: none), its ratings with `places` decimals.
 * @param {Record<string, any> | null | undefined} needs @param {Say} say @param {Num} num @param {number} [places] */
export function needsLines(needs, say, num, places = 0) {
  if (!needs) return [];
  return [needs.target ? targetText(needs.target, say, num, places) : null, needs.norm ? normText(needs.norm, say, num) : null]
    .filter((line) => line !== null);
}
