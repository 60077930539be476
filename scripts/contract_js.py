"""Write widget/shared/contract.js: the JSON contract's vocabulary (systems and their fields, limits,
scores, the first rating period, what to show of each system's answers) and the answer's JSDoc
types (from elo_core's TypedDicts) for the widget, generated from elo_core, which owns them.

    python scripts/contract_js.py          # rewrite widget/shared/contract.js
    python scripts/contract_js.py --check  # exit 1 if it is stale, writing nothing

The build (scripts/build_site.py) ships a fresh copy; tests/test_contract.py fails when the
committed one is stale, so the widget's unit tests and type checks see what Python says.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from types import UnionType
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "widget" / "shared" / "contract.js"


def js_type(hint: Any) -> str:
    """A Python type of an answer as a JSDoc (TypeScript) type: TypedDicts by their names."""
    if get_origin(hint) is NotRequired:
        return js_type(get_args(hint)[0])
    if hint is Any:
        return "any"
    if hint is type(None):
        return "null"
    if is_typeddict(hint):
        return str(hint.__name__)
    simple = {float: "number", int: "number", str: "string", bool: "boolean"}
    if hint in simple:
        return simple[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin in (Union, UnionType):
        return " | ".join(dict.fromkeys(js_type(a) for a in args))
    if origin in (list, Sequence):  # a Sequence (GameRows, columnar) is sent as a JSON array
        inner = js_type(args[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{js_type(args[0])}, {js_type(args[1])}>"
    raise TypeError(f"no JSDoc type for {hint!r}")


def typed_dicts(roots: list[Any]) -> dict[str, Any]:
    """Every TypedDict that `roots` (TypedDicts) name, by name, each once, the roots first."""
    found: dict[str, Any] = {}
    todo = list(roots)
    while todo:
        td = todo.pop(0)
        if td.__name__ in found:
            if found[td.__name__] is not td:
                raise TypeError(f"two answer types are called {td.__name__}")
            continue
        found[td.__name__] = td
        for hint in hints(td).values():
            todo.extend(t for t in _named(hint) if t not in found.values())
    return found


def hints(td: Any) -> dict[str, Any]:
    """A TypedDict's keys and their types (`NotRequired[...]` kept: it says which keys are optional)."""
    return get_type_hints(td, include_extras=True)


def optional(td: Any) -> set[str]:
    """A TypedDict's keys that may be left out (`total=False`, or `NotRequired`)."""
    return set(td.__optional_keys__) | {k for k, h in hints(td).items() if get_origin(h) is NotRequired}


def _named(hint: Any) -> list[Any]:
    if is_typeddict(hint):
        return [hint]
    return [t for a in get_args(hint) for t in _named(a)]


def typedef(name: str, keys: dict[str, str], optional: set[str], doc: str = "") -> str:
    """A JSDoc typedef of an object type, wrapped at 110 characters."""
    parts = [f"{key}{'?' if key in optional else ''}: {t}" for key, t in keys.items()]
    lines, line = [], " * @typedef {{"
    for i, part in enumerate(parts):
        piece = part + (", " if i < len(parts) - 1 else "")
        if len(line) + len(piece) > 110:
            lines.append(line.rstrip())
            line = " *   "
        line += piece
    lines.append(line + f"}}}} {name}")
    head = [f" * {doc}"] if doc else []
    return "\n".join(["/**", *head, *lines, " */"])


def answer_types(systems: Any) -> str:
    """JSDoc types of the answer: each TypedDict the contract and the systems answer with, and
    `Answer`, what a page may read of any system's answer (every system's own keys, optional)."""
    from elo_core.contract import EventAnswer, Failure

    returns = [get_type_hints(type(system).answer)["return"] for system in systems.values()]
    own = [t for r in returns for t in (get_args(r) if get_origin(r) in (Union, UnionType) else (r,))]
    found = typed_dicts([Failure, EventAnswer, *own])
    blocks = []
    for name, td in found.items():
        if td in own:
            continue  # merged into Answer below
        doc = (td.__doc__ or "").split("\n")[0] if td.__doc__ and "TypedDict" not in td.__doc__ else ""
        blocks.append(typedef(name, {k: js_type(h) for k, h in hints(td).items()}, optional(td), doc))
    merged: dict[str, list[str]] = {"ok": ["true"], "system": ["string"]}
    for td in [EventAnswer, *own]:
        for key, hint in hints(td).items():
            for t in js_type(hint).split(" | "):
                if t not in merged.setdefault(key, []):
                    merged[key].append(t)
    left_out = set(merged) - set(EventAnswer.__required_keys__) - {"ok", "system"}
    blocks.append(typedef("Answer", {k: " | ".join(v) for k, v in merged.items()}, left_out,
                          "Any system's answer: the common keys, and each system's own (optional)."))
    return "\n".join(blocks)


def render() -> str:
    sys.path.insert(0, str(ROOT))
    from elo_core.contract import NOTES
    from elo_core.systems import REGISTRY
    from elo_core.transport.vocabulary import vocabulary

    data = json.dumps(vocabulary(REGISTRY), indent=2, ensure_ascii=False)
    notes = " | ".join(f'"{note}"' for note in NOTES)
    answers = answer_types(REGISTRY)
    return f"""// Generated from elo_core by scripts/contract_js.py: the JSON contract's vocabulary. Do not edit:
// Python owns it (elo_core/contract/__init__.py, elo_core/systems/__init__.py); tests/test_contract.py fails when
// stale.

/**
 * @typedef {{{{path: string, kind: "rating" | "k" | "bool" | "choice" | "number" | "period", choices: string[],
 *   follows: string[],
 *   required: boolean, whole: boolean, low: number | null, high: number | null, default: number | null,
 *   when: string[], group: string, clears: string, former: string}}}} Field
 */
/**
 * @typedef {{{{key: string, places: number, sign: boolean, trim: boolean, trend: boolean, optional: boolean}}}}
 *   Column a figure of each game shown in its row (`game.<key>`; `optional`: only where the game has it)
 * @typedef {{{{columns: Column[], together: boolean, flags: string[], chart_by: string,
 *   notes: ({notes})[]}}}}
 *   Display what the widget shows of a system's answers
 * @typedef {{{{places: number, fields: Field[], outputs: {{key: string, places: number, of_new_rating: boolean}}[],
 *   display: Display}}}} SystemInfo
 */
/**
 * @typedef {{{{max_games: number, max_events: number, max_text: number, max_file_bytes: number, min_rating: number,
 *   max_rating: number, max_k: number}}}} Limits
 */
/**
 * @typedef {{{{k: number, home_advantage: number, margin: string, season_regression: number, season_mean: number,
 *   season_start: string, match_types: Record<string, number>}}}} Preset a league's preset: its K and rules
 *   (league.PRESETS; season_start MM-DD)
 */
/**
 * @typedef {{{{systems: string[], periodic: string[], with_k: string[], periods: string[], unsupported: string[],
 *   start: number, k: number, provisional_games: number, inactive_months: number, max_count: number,
 *   max_inactive_months: number, presets: Record<string, Preset>, margins: string[], max_home_advantage: number,
 *   csv_columns: string[], csv_values: string[]}}}}
 *   LadderInfo the ladder view's settings, and the columns its CSV may have (their headers' keys: ladder.CSV_COLUMNS)
 *   and the values in them that are keys (ladder.CSV_VALUES: "inactive", "home"…)
 *   (ladder.vocabulary)
 */
/**
 * @typedef {{{{systems: string[], with_k: string[]}}}} ReportInfo the report view's systems: those that rate
 *   a tournament, and those of them that rate with a K (event.vocabulary)
 */
/**
 * @type {{{{systems: Record<string, SystemInfo>, limits: Limits, earliest_period: string, scores: number[],
 *   report: ReportInfo, ladder: LadderInfo, attributes: Record<string, string[]>}}}}
 */
export const CONTRACT = {data};

// ---- the answer, from elo_core's TypedDicts ----

{answers}

/** The systems' names, the default first. */
export const SYSTEMS = Object.keys(CONTRACT.systems);

/** The decimal places a system's ratings and rating changes are shown with. @param {{string}} system */
export const ratingPlaces = (system) => CONTRACT.systems[system]?.places ?? 0;
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether widget/shared/contract.js is current")
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
