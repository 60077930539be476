// The ladder's rules as a club's element sets them (embed.js's attributes, read by params.js into
// options.js: system, k, start, first-k, first-games, cap-400, period, provisional, inactive-months,
// since, and a league's preset and rules) over the view's settings: what the element does not set stays the view's
// own default; a preset fills its K and rules first, and the element's own K and rules are set over it.
import { CONTRACT } from "../../shared/contract.js";
import { withPreset } from "./ladder-rows.js";

/**
 * @param {import("./ladder-rows.js").Settings} settings the view's
 * @param {{system: string, k: string, ladder: ReturnType<typeof import("../../page/params.js").readOptions>["ladder"]}} options
 * @returns {import("./ladder-rows.js").Settings}
 */
export function elementSettings(settings, options) {
  const rules = options.ladder;
  const s = rules.preset ? withPreset(settings, rules.preset) : { ...settings };
  // Left to the preset (a rule it has), a rule is sent blank: Python takes the preset's own (1/3, not 0.3333).
  if (rules.preset) Object.assign(s, { home_advantage: null, season_regression: null, season_mean: null });
  // A system the ladder does not rate by (FIDE, the calculator's default) leaves the ladder's own.
  if (CONTRACT.ladder.systems.includes(options.system)) s.system = options.system;
  if (options.k) s.k = Number(options.k);
  if (rules.start !== null) s.start = rules.start;
  if (rules.firstK !== null) s.first_k = rules.firstK;
  if (rules.firstGames !== null) s.first_games = rules.firstGames;
  if (rules.cap400) s.cap_400 = rules.cap400 === "yes";
  if (rules.period) s.period = rules.period;
  if (rules.provisional !== null) s.provisional_games = rules.provisional;
  if (rules.inactiveMonths !== null) s.inactive_months = rules.inactiveMonths;
  if (rules.since) s.since = rules.since;
  if (rules.homeAdvantage !== null) s.home_advantage = rules.homeAdvantage;
  if (rules.margin) s.margin = rules.margin;
  if (rules.seasonRegression !== null) s.season_regression = rules.seasonRegression;
  if (rules.seasonMean !== null) s.season_mean = rules.seasonMean;
  if (rules.seasonStart) s.season_start = rules.seasonStart;
  return s;
}
