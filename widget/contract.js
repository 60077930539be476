// Generated from elo_core by scripts/contract_js.py: the JSON contract's vocabulary. Do not edit:
// Python owns it (elo_core/_contract.py, elo_core/_systems.py); tests/test_contract.py fails when stale.

/**
 * @typedef {{path: string, kind: "rating" | "k" | "bool" | "choice" | "number", choices: string[],
 *   required: boolean, whole: boolean, low: number | null, high: number | null, default: number | null}} Field
 */
/** @typedef {{places: number, fields: Field[], outputs: {key: string, places: number}[]}} SystemInfo */
/** @typedef {{max_games: number, min_rating: number, max_rating: number, max_k: number}} Limits */
/** @type {{systems: Record<string, SystemInfo>, limits: Limits, scores: number[], error_codes: string[]}} */
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
    }
  },
  "limits": {
    "max_games": 10000,
    "min_rating": 0,
    "max_rating": 4000,
    "max_k": 1000
  },
  "scores": [
    1,
    0.5,
    0
  ],
  "error_codes": [
    "not_an_object",
    "not_a_list",
    "not_a_number",
    "out_of_range",
    "not_whole",
    "required",
    "bad_k",
    "not_a_score",
    "not_a_choice",
    "not_a_boolean",
    "too_many_games",
    "bad_json",
    "internal"
  ]
};

/** The systems' names, the default first. */
export const SYSTEMS = Object.keys(CONTRACT.systems);
