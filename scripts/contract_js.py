"""Write widget/contract.js: the JSON contract's vocabulary (systems and their fields, limits,
scores, the first rating period) for the widget, generated from elo_core, which owns it.

    python scripts/contract_js.py          # rewrite widget/contract.js
    python scripts/contract_js.py --check  # exit 1 if it is stale, writing nothing

The build (scripts/build_site.py) ships a fresh copy; tests/test_contract.py fails when the
committed one is stale, so the widget's unit tests and type checks see what Python says.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "widget" / "contract.js"


def render() -> str:
    sys.path.insert(0, str(ROOT))
    from elo_core._contract import vocabulary
    from elo_core._systems import REGISTRY

    data = json.dumps(vocabulary(REGISTRY), indent=2, ensure_ascii=False)
    return f"""// Generated from elo_core by scripts/contract_js.py: the JSON contract's vocabulary. Do not edit:
// Python owns it (elo_core/_contract.py, elo_core/_systems.py); tests/test_contract.py fails when stale.

/**
 * @typedef {{{{path: string, kind: "rating" | "k" | "bool" | "choice" | "number", choices: string[],
 *   required: boolean, whole: boolean, low: number | null, high: number | null, default: number | null}}}} Field
 */
/** @typedef {{{{places: number, fields: Field[], outputs: {{key: string, places: number}}[]}}}} SystemInfo */
/**
 * @typedef {{{{max_games: number, max_events: number, max_text: number, max_file_bytes: number, min_rating: number,
 *   max_rating: number, max_k: number}}}} Limits
 */
/**
 * @type {{{{systems: Record<string, SystemInfo>, limits: Limits, earliest_period: string, scores: number[]}}}}
 */
export const CONTRACT = {data};

/** The systems' names, the default first. */
export const SYSTEMS = Object.keys(CONTRACT.systems);
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether widget/contract.js is current")
    args = parser.parse_args()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") == render()
        print(f"{TARGET.relative_to(ROOT)} is {'current' if current else 'stale: run scripts/contract_js.py'}")
        return 0 if current else 1
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
