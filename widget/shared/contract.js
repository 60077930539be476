// Generated from elo_core by scripts/contract_js.py: the JSON contract's vocabulary. Do not edit:
// Python owns it (elo_core/contract/__init__.py, elo_core/systems/__init__.py); tests/test_contract.py fails when
// stale.

/**
 * @typedef {{path: string, kind: "rating" | "k" | "bool" | "choice" | "number" | "period", choices: string[],
 *   follows: string[],
 *   required: boolean, whole: boolean, low: number | null, high: number | null, default: number | null,
 *   when: string[], group: string, clears: string, former: string}} Field
 */
/**
 * @typedef {{key: string, places: number, sign: boolean, trim: boolean, trend: boolean, optional: boolean}}
 *   Column a figure of each game shown in its row (`game.<key>`; `optional`: only where the game has it)
 * @typedef {{columns: Column[], together: boolean, flags: string[], chart_by: string,
 *   notes: ("k_used" | "first_rating" | "event_subtotals" | "warnings" | "needs")[]}}
 *   Display what the widget shows of a system's answers
 * @typedef {{places: number, fields: Field[], outputs: {key: string, places: number, of_new_rating: boolean}[],
 *   display: Display}} SystemInfo
 */
/**
 * @typedef {{max_games: number, max_events: number, max_text: number, max_file_bytes: number, min_rating: number,
 *   max_rating: number, max_k: number}} Limits
 */
/**
 * @typedef {{k: number, home_advantage: number, margin: string, season_regression: number, season_mean: number,
 *   season_start: string, match_types: Record<string, number>}} Preset a league's preset: its K and rules
 *   (league.PRESETS; season_start MM-DD)
 */
/**
 * @typedef {{systems: string[], periodic: string[], with_k: string[], periods: string[], unsupported: string[],
 *   start: number, k: number, provisional_games: number, inactive_months: number, max_count: number,
 *   max_inactive_months: number, presets: Record<string, Preset>, margins: string[], max_home_advantage: number,
 *   csv_columns: string[], csv_values: string[]}}
 *   LadderInfo the ladder view's settings, and the columns its CSV may have (their headers' keys: ladder.CSV_COLUMNS)
 *   and the values in them that are keys (ladder.CSV_VALUES: "inactive", "home"…)
 *   (ladder.vocabulary)
 */
/**
 * @typedef {{systems: string[], with_k: string[]}} ReportInfo the report view's systems: those that rate
 *   a tournament, and those of them that rate with a K (event.vocabulary)
 */
/**
 * @type {{systems: Record<string, SystemInfo>, limits: Limits, earliest_period: string, scores: number[],
 *   report: ReportInfo, ladder: LadderInfo, attributes: Record<string, string[]>}}
 */
export const CONTRACT = {
  "systems": {
    "fide": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "k",
          "kind": "k",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "time_control",
          "kind": "choice",
          "choices": [
            "standard",
            "rapid",
            "blitz"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": "timeControl"
        },
        {
          "path": "player.standard_rating",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": 0,
          "high": 4000,
          "default": null,
          "when": [
            "time_control!=standard",
            "!rating"
          ],
          "group": "",
          "clears": "",
          "former": "standardRating"
        },
        {
          "path": "period",
          "kind": "period",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.fewer_than_30_games",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "k_finder",
          "clears": "k",
          "former": "fewer30"
        },
        {
          "path": "player.junior",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "k_finder",
          "clears": "k",
          "former": "junior"
        },
        {
          "path": "player.reached_2400",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "k_finder",
          "clears": "k",
          "former": "reached2400"
        },
        {
          "path": "player.reached_2300",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "player.junior"
          ],
          "group": "k_finder",
          "clears": "k",
          "former": "reached2300"
        },
        {
          "path": "needs",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "target",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 4000,
          "default": null,
          "when": [
            "needs"
          ],
          "group": "needs",
          "clears": "",
          "former": ""
        },
        {
          "path": "norm",
          "kind": "choice",
          "choices": [
            "none",
            "GM",
            "IM",
            "WGM",
            "WIM"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "needs"
          ],
          "group": "needs",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": true,
        "flags": [],
        "notes": [
          "k_used",
          "first_rating",
          "event_subtotals",
          "warnings",
          "needs"
        ],
        "chart_by": ""
      }
    },
    "elo": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "k",
          "kind": "k",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "update",
          "kind": "choice",
          "choices": [
            "event",
            "sequential"
          ],
          "follows": [
            "league",
            "sequential"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": "update"
        },
        {
          "path": "cap_400",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": "cap400"
        },
        {
          "path": "league",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "preset",
          "kind": "choice",
          "choices": [
            "none",
            "world-football",
            "fivethirtyeight-nfl"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "league"
          ],
          "group": "league",
          "clears": "",
          "former": ""
        },
        {
          "path": "home_advantage",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 1000,
          "default": null,
          "when": [
            "league"
          ],
          "group": "league",
          "clears": "",
          "former": ""
        },
        {
          "path": "margin",
          "kind": "choice",
          "choices": [
            "preset",
            "none",
            "world-football",
            "fivethirtyeight"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "league"
          ],
          "group": "league",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].venue",
          "kind": "choice",
          "choices": [
            "neutral",
            "home",
            "away"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "league"
          ],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].points_for",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": 0,
          "high": 1000000,
          "default": null,
          "when": [
            "league"
          ],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].points_against",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": 0,
          "high": 1000000,
          "default": null,
          "when": [
            "league"
          ],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].k",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 1e-09,
          "high": 1000,
          "default": null,
          "when": [
            "league"
          ],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "needs",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "target",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 4000,
          "default": null,
          "when": [
            "needs"
          ],
          "group": "needs",
          "clears": "",
          "former": ""
        },
        {
          "path": "norm",
          "kind": "choice",
          "choices": [
            "none",
            "GM",
            "IM",
            "WGM",
            "WIM"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [
            "needs"
          ],
          "group": "needs",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "home_advantage",
            "places": 0,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": true
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": true,
        "flags": [],
        "notes": [
          "k_used",
          "needs"
        ],
        "chart_by": "update"
      }
    },
    "uscf": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.games_played",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 1000000,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.prior_results",
          "kind": "choice",
          "choices": [
            "mixed",
            "all_wins",
            "all_losses"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.peak_rating",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 4000,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.absolute_floor",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 100.0,
          "high": 150.0,
          "default": 100.0,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.original_life_master",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.repeated_opponent",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "dual_rated",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "settings.bonus_threshold",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 100,
          "default": 10.0,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "new_rating_exact",
          "places": 2,
          "of_new_rating": true
        },
        {
          "key": "k",
          "places": 2,
          "of_new_rating": false
        },
        {
          "key": "bonus",
          "places": 1,
          "of_new_rating": true
        },
        {
          "key": "effective_games",
          "places": 2,
          "of_new_rating": false
        },
        {
          "key": "floor",
          "places": 0,
          "of_new_rating": false
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [],
        "notes": [],
        "chart_by": ""
      }
    },
    "dwz": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.age",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 120,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.index",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 9999,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "settings.rules",
          "kind": "choice",
          "choices": [
            "2026",
            "2014"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "new_index",
          "places": 0,
          "of_new_rating": true
        },
        {
          "key": "k",
          "places": 1,
          "of_new_rating": false
        },
        {
          "key": "development_coefficient",
          "places": 0,
          "of_new_rating": false
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [],
        "notes": [],
        "chart_by": ""
      }
    },
    "ecf": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": true,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.category",
          "kind": "choice",
          "choices": [
            "K",
            "A",
            "H",
            "P",
            "new"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.k_factor",
          "kind": "choice",
          "choices": [
            "20",
            "40"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "partial_opponent",
          "kind": "bool",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "k",
          "places": 0,
          "of_new_rating": false
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [],
        "notes": [],
        "chart_by": ""
      }
    },
    "glicko": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 1,
          "high": 350,
          "default": 350,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.periods",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 1000,
          "default": 1,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "settings.c",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 350,
          "default": 34.6,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": 1,
          "high": 350,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "new_rd",
          "places": 1,
          "of_new_rating": true
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [],
        "notes": [],
        "chart_by": ""
      }
    },
    "glicko2": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 1,
          "high": 500,
          "default": 350,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.volatility",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0.001,
          "high": 1.0,
          "default": 0.06,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "settings.tau",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0.1,
          "high": 2.0,
          "default": 0.5,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": 1,
          "high": 500,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "new_rd",
          "places": 1,
          "of_new_rating": true
        },
        {
          "key": "new_volatility",
          "places": 5,
          "of_new_rating": true
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [],
        "notes": [],
        "chart_by": ""
      }
    },
    "lichess": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 45,
          "high": 500,
          "default": 500,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "player.volatility",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": false,
          "whole": false,
          "low": 0.001,
          "high": 0.1,
          "default": 0.09,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "settings.speed",
          "kind": "choice",
          "choices": [
            "blitz",
            "bullet",
            "rapid",
            "classical",
            "correspondence",
            "ultra_bullet"
          ],
          "follows": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "follows": [],
          "required": true,
          "whole": false,
          "low": 45,
          "high": 500,
          "default": null,
          "when": [],
          "group": "",
          "clears": "",
          "former": ""
        }
      ],
      "outputs": [
        {
          "key": "new_rating_exact",
          "places": 2,
          "of_new_rating": true
        },
        {
          "key": "new_rd",
          "places": 1,
          "of_new_rating": true
        },
        {
          "key": "new_volatility",
          "places": 5,
          "of_new_rating": true
        }
      ],
      "display": {
        "columns": [
          {
            "key": "difference",
            "places": 1,
            "sign": true,
            "trim": true,
            "trend": false,
            "optional": false
          },
          {
            "key": "expected",
            "places": 2,
            "sign": false,
            "trim": false,
            "trend": false,
            "optional": false
          },
          {
            "key": "change",
            "places": 1,
            "sign": true,
            "trim": false,
            "trend": true,
            "optional": false
          }
        ],
        "together": false,
        "flags": [
          "provisional"
        ],
        "notes": [],
        "chart_by": ""
      }
    }
  },
  "limits": {
    "max_games": 10000,
    "max_events": 31,
    "max_text": 10000,
    "max_file_bytes": 8000000,
    "min_rating": 0,
    "max_rating": 4000,
    "max_k": 1000
  },
  "earliest_period": "2022-01",
  "scores": [
    1,
    0.5,
    0
  ],
  "report": {
    "systems": [
      "fide",
      "elo"
    ],
    "with_k": [
      "elo"
    ]
  },
  "ladder": {
    "systems": [
      "elo",
      "glicko",
      "glicko2",
      "lichess"
    ],
    "periodic": [
      "glicko",
      "glicko2"
    ],
    "with_k": [
      "elo"
    ],
    "periods": [
      "month",
      "week"
    ],
    "unsupported": [
      "dwz",
      "ecf",
      "fide",
      "uscf"
    ],
    "start": 1500.0,
    "k": 32.0,
    "provisional_games": 1,
    "inactive_months": 3,
    "max_count": 10000,
    "max_inactive_months": 1200,
    "presets": {
      "club": {
        "k": 32.0,
        "home_advantage": 0.0,
        "margin": "none",
        "season_regression": 0.0,
        "season_mean": 1500.0,
        "season_start": "01-01",
        "match_types": {}
      },
      "world-football": {
        "k": 30.0,
        "home_advantage": 100.0,
        "margin": "world-football",
        "season_regression": 0.0,
        "season_mean": 1500.0,
        "season_start": "01-01",
        "match_types": {
          "world-cup-final": 60.0,
          "continental-final": 50.0,
          "intercontinental": 50.0,
          "world-cup-qualifier": 40.0,
          "continental-qualifier": 40.0,
          "major-tournament": 40.0,
          "tournament": 30.0,
          "friendly": 20.0
        }
      },
      "fivethirtyeight-nfl": {
        "k": 20.0,
        "home_advantage": 65.0,
        "margin": "fivethirtyeight",
        "season_regression": 0.3333333333333333,
        "season_mean": 1505.0,
        "season_start": "08-01",
        "match_types": {}
      }
    },
    "margins": [
      "none",
      "world-football",
      "fivethirtyeight"
    ],
    "max_home_advantage": 1000.0,
    "csv_columns": [
      "pool",
      "rank",
      "id",
      "name",
      "rating",
      "games",
      "wins",
      "draws",
      "losses",
      "points_for",
      "points_against",
      "score",
      "forfeits_won",
      "forfeits_lost",
      "first_played",
      "last_played",
      "provisional",
      "active",
      "inactive_reason",
      "change",
      "rd",
      "volatility",
      "game",
      "date",
      "line",
      "opponent",
      "before",
      "venue"
    ],
    "csv_values": [
      "retired",
      "inactive",
      "home",
      "away",
      "neutral"
    ]
  },
  "attributes": {
    "lang": [
      "^[a-z]{2}(-[a-z]{2})?$",
      "i"
    ],
    "theme": [
      "^(light|dark|auto)$",
      ""
    ],
    "accent": [
      "^(#([0-9a-f]{3}|[0-9a-f]{6})|[a-z]{3,20})$",
      "i"
    ],
    "font": [
      "^[A-Za-z0-9_ \"',-]{1,200}$",
      ""
    ],
    "k": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "rating": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "view": [
      "^[a-z][a-z-]{0,31}$",
      ""
    ],
    "heading": [
      "^[^\\u0000-\\u001f\\u007f]{1,80}$",
      "u"
    ],
    "start": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "first-k": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "first-games": [
      "^\\d{1,3}$",
      ""
    ],
    "cap-400": [
      "^(yes|no)$",
      ""
    ],
    "period": [
      "^(week|month)$",
      ""
    ],
    "provisional": [
      "^\\d{1,3}$",
      ""
    ],
    "inactive-months": [
      "^\\d{1,3}$",
      ""
    ],
    "since": [
      "^\\d{4}-\\d{2}-\\d{2}$",
      ""
    ],
    "preset": [
      "^(club|world-football|fivethirtyeight-nfl)$",
      ""
    ],
    "home-advantage": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "margin": [
      "^(none|world-football|fivethirtyeight)$",
      ""
    ],
    "season-regression": [
      "^(0(\\.\\d{1,4})?|1(\\.0{1,4})?)$",
      ""
    ],
    "season-mean": [
      "^\\d{1,4}(\\.\\d{1,2})?$",
      ""
    ],
    "season-start": [
      "^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
      ""
    ],
    "pool": [
      "^[^\\u0000-\\u001f\\u007f]{1,40}$",
      "u"
    ],
    "overrides": [
      "^(yes|no)$",
      ""
    ],
    "norm-exempt": [
      "^(yes|no)$",
      ""
    ],
    "norm-games": [
      "^[7-9]$",
      ""
    ],
    "norm-rounds": [
      "^[1-9]\\d?$",
      ""
    ],
    "language-menu": [
      "^(yes|no)$",
      ""
    ]
  }
};

// ---- the answer, from elo_core's TypedDicts ----

/**
 * @typedef {{ok: false, errors: FieldError[]}} Failure
 */
/**
 * What every system answers about the event (a system adds its own keys).
 * @typedef {{rating: number | null, games: GameAnswer[], score: number, expected: number | null,
 *   change: number | null, new_rating: number | null, performance: PerformanceAnswer}} EventAnswer
 */
/**
 * @typedef {{field: string, code: string, message: string, params: Record<string, any>}} FieldError
 */
/**
 * @typedef {{opponent: number | null, score: number, difference: number | null, expected: number | null,
 *   change: number | null, rated: boolean, rating_after: number | null, reason?: string, venue?: string,
 *   home_advantage?: number, multiplier?: number, k?: number, points_for?: number | null,
 *   points_against?: number | null}} GameAnswer
 */
/**
 * @typedef {{rating: number | null, reason: string, note: string}} PerformanceAnswer
 */
/**
 * @typedef {{target?: TargetAnswer, norm?: NormNeeds}} Needs
 */
/**
 * One event of a period (`events` in a request): its games and its exact subtotal.
 * @typedef {{name: string, date: string | null, rating: number | null, games: GameAnswer[],
 *   rated_games: number, score: number, expected: number | null, change_exact: number | null}} PeriodEventAnswer
 */
/**
 * Something true of a valid answer that the player should know (FIDE's 1400 floor).
 * @typedef {{code: string, message: string, params: Record<string, any>}} Warning
 */
/**
 * @typedef {{games: number, average: number, percent: number, dp: number, computed: number,
 *   rating: number | null, reason: string, note: string, games_needed: number, rules: string}} InitialAnswer
 */
/**
 * @typedef {{games: number, average: number | null, iteration: number | null, rating: number | null,
 *   reason: string, note: string}} FirstAnswer
 */
/**
 * The score a rating target takes over the games counted (`games`): `score` (None when even every game won
 * @typedef {{target: number, games: number, score: number | null, dropped: number | null,
 *   worst: number | null, best: number | null,
 *   reason: "too_many_games" | "no_games" | "no_rated_games" | "no_rating" | "order" | "league" | "first_events" | null}} TargetAnswer
 */
/**
 * The score a title norm takes against the opponents typed: their average (B.01 1.4.7), the score (None: no
 * @typedef {{title: "GM" | "IM" | "WGM" | "WIM", games: number, average: number | null,
 *   needed: number | null, performance: number | null, least_average: number,
 *   reason: "games" | "average" | "no_games" | "time_control" | "events" | null, mix_checked: boolean}} NormNeeds
 */
/**
 * Any system's answer: the common keys, and each system's own (optional).
 * @typedef {{ok: true, system: string, rating: number | null, games: GameAnswer[], score: number,
 *   expected: number | null, change: number | null, new_rating: number | null,
 *   performance: PerformanceAnswer, needs?: Needs, time_control?: string, period?: string | null,
 *   k?: number | null, k_rule?: string, k_reason?: string, k_before_700?: number, rule_700?: boolean,
 *   rated_games?: number, change_exact?: number | null, events?: PeriodEventAnswer[], warnings?: Warning[],
 *   initial?: InitialAnswer, update?: string, cap_400?: boolean, formula?: string, formula_reason?: string,
 *   effective_games?: number, bonus?: number, bonus_threshold?: number, new_rating_exact?: number,
 *   floor?: number, floor_applied?: boolean, special_cap_applied?: boolean, rules?: string,
 *   new_index?: number, k0?: number | null, braking_factor?: number | null, success_bonus?: number | null,
 *   floor_1100?: boolean, development_coefficient?: number | null, e0?: number | null,
 *   acceleration_factor?: number | null, braking_surcharge?: number | null, first?: FirstAnswer,
 *   category?: string, method?: string, new_rd?: number, onset_rd?: number, c?: number, periods?: number,
 *   new_volatility?: number, tau?: number, iterations?: number, provisional?: boolean, speed?: string}} Answer
 */

/** The systems' names, the default first. */
export const SYSTEMS = Object.keys(CONTRACT.systems);

/** The decimal places a system's ratings and rating changes are shown with. @param {string} system */
export const ratingPlaces = (system) => CONTRACT.systems[system]?.places ?? 0;
