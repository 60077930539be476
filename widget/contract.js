// Generated from elo_core by scripts/contract_js.py: the JSON contract's vocabulary. Do not edit:
// Python owns it (elo_core/_contract.py, elo_core/_systems.py); tests/test_contract.py fails when stale.

/**
 * @typedef {{path: string, kind: "rating" | "k" | "bool" | "choice" | "number", choices: string[],
 *   required: boolean, whole: boolean, low: number | null, high: number | null, default: number | null}} Field
 */
/** @typedef {{places: number, fields: Field[], outputs: {key: string, places: number}[]}} SystemInfo */
/**
 * @typedef {{max_games: number, max_events: number, max_text: number, max_file_bytes: number, min_rating: number,
 *   max_rating: number, max_k: number}} Limits
 */
/**
 * @type {{systems: Record<string, SystemInfo>, limits: Limits, earliest_period: string, scores: number[]}}
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
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "k",
          "kind": "k",
          "choices": [],
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "time_control",
          "kind": "choice",
          "choices": [
            "standard",
            "rapid",
            "blitz"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.fewer_than_30_games",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.junior",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.reached_2400",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.reached_2300",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.standard_rating",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": true,
          "low": 0,
          "high": 4000,
          "default": null
        }
      ],
      "outputs": []
    },
    "elo": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "k",
          "kind": "k",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "update",
          "kind": "choice",
          "choices": [
            "event",
            "sequential"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "cap_400",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        }
      ],
      "outputs": []
    },
    "uscf": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.games_played",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 1000000,
          "default": null
        },
        {
          "path": "player.prior_results",
          "kind": "choice",
          "choices": [
            "mixed",
            "all_wins",
            "all_losses"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.peak_rating",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 4000,
          "default": null
        },
        {
          "path": "player.absolute_floor",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 100.0,
          "high": 150.0,
          "default": 100.0
        },
        {
          "path": "player.original_life_master",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.repeated_opponent",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "dual_rated",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "settings.bonus_threshold",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 100,
          "default": 10.0
        }
      ],
      "outputs": [
        {
          "key": "new_rating_exact",
          "places": 2
        },
        {
          "key": "k",
          "places": 2
        },
        {
          "key": "bonus",
          "places": 1
        },
        {
          "key": "effective_games",
          "places": 2
        },
        {
          "key": "floor",
          "places": 0
        }
      ]
    },
    "dwz": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": false,
          "whole": true,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.age",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 120,
          "default": null
        },
        {
          "path": "player.index",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": true,
          "low": 0,
          "high": 9999,
          "default": null
        },
        {
          "path": "settings.rules",
          "kind": "choice",
          "choices": [
            "2026",
            "2014"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        }
      ],
      "outputs": [
        {
          "key": "new_index",
          "places": 0
        },
        {
          "key": "k",
          "places": 1
        },
        {
          "key": "development_coefficient",
          "places": 0
        }
      ]
    },
    "ecf": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": true,
          "low": null,
          "high": null,
          "default": null
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
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.k_factor",
          "kind": "choice",
          "choices": [
            "20",
            "40"
          ],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "partial_opponent",
          "kind": "bool",
          "choices": [],
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        }
      ],
      "outputs": [
        {
          "key": "k",
          "places": 0
        }
      ]
    },
    "glicko": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 1,
          "high": 350,
          "default": 350
        },
        {
          "path": "player.periods",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 1000,
          "default": 1
        },
        {
          "path": "settings.c",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0,
          "high": 350,
          "default": 34.6
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": false,
          "low": 1,
          "high": 350,
          "default": null
        }
      ],
      "outputs": [
        {
          "key": "new_rd",
          "places": 1
        }
      ]
    },
    "glicko2": {
      "places": 1,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 1,
          "high": 500,
          "default": 350
        },
        {
          "path": "player.volatility",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0.001,
          "high": 1.0,
          "default": 0.06
        },
        {
          "path": "settings.tau",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0.1,
          "high": 2.0,
          "default": 0.5
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": false,
          "low": 1,
          "high": 500,
          "default": null
        }
      ],
      "outputs": [
        {
          "key": "new_rd",
          "places": 1
        },
        {
          "key": "new_volatility",
          "places": 5
        }
      ]
    },
    "lichess": {
      "places": 0,
      "fields": [
        {
          "path": "rating",
          "kind": "rating",
          "choices": [],
          "required": true,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "player.rd",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 45,
          "high": 500,
          "default": 500
        },
        {
          "path": "player.volatility",
          "kind": "number",
          "choices": [],
          "required": false,
          "whole": false,
          "low": 0.001,
          "high": 0.1,
          "default": 0.09
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
          "required": false,
          "whole": false,
          "low": null,
          "high": null,
          "default": null
        },
        {
          "path": "games[].opponent_rd",
          "kind": "number",
          "choices": [],
          "required": true,
          "whole": false,
          "low": 45,
          "high": 500,
          "default": null
        }
      ],
      "outputs": [
        {
          "key": "new_rating_exact",
          "places": 2
        },
        {
          "key": "new_rd",
          "places": 1
        },
        {
          "key": "new_volatility",
          "places": 5
        }
      ]
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
  ]
};

/** The systems' names, the default first. */
export const SYSTEMS = Object.keys(CONTRACT.systems);
