"""The vocabulary the widget is generated from (scripts/contract_js.py writes widget/shared/contract.js):
each system's fields, outputs and display, the engine's limits, the first rating period whose rules are
known, and the ladder view's settings. Above the systems and the reports it describes (it imports them;
none of them imports it), so that the contract's own module (`_contract`) imports no system.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._contract import RatingSystem, display
from ._fide import EARLIEST_PERIOD
from ._ladder import vocabulary as ladder_vocabulary
from ._model import MAX_EVENTS, MAX_FILE_BYTES, MAX_GAMES, MAX_K, MAX_RATING, MAX_TEXT, MIN_RATING


def vocabulary(systems: Mapping[str, RatingSystem[Any]]) -> dict[str, Any]:
    """What the widget must know of the contract: systems and their fields, limits, scores, and the
    first rating period whose rules the engine knows (the period field's first year)."""
    return {
        "systems": {
            name: {
                "places": system.places,
                "fields": [{"path": f.path, "kind": f.kind, "choices": list(f.choices), "required": f.required,
                            "whole": f.whole, "low": f.low, "high": f.high, "default": f.default,
                            "when": list(f.when), "group": f.group, "clears": f.clears, "former": f.former}
                           for f in system.fields],
                "outputs": [{"key": o.key, "places": o.places, "of_new_rating": o.of_new_rating}
                            for o in system.outputs],
                "display": display(system.display),
            }
            for name, system in systems.items()
        },
        "limits": {"max_games": MAX_GAMES, "max_events": MAX_EVENTS, "max_text": MAX_TEXT,
                   "max_file_bytes": MAX_FILE_BYTES, "min_rating": MIN_RATING,
                   "max_rating": MAX_RATING, "max_k": MAX_K},
        "earliest_period": EARLIEST_PERIOD,
        "scores": [1, 0.5, 0],
        "ladder": ladder_vocabulary(),
    }
