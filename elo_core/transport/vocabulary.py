"""The vocabulary the widget is generated from (scripts/contract_js.py writes widget/shared/contract.js):
each system's fields, outputs and display, the engine's limits and the widget's own (its form's and saved
entries'), the first rating period whose rules are known, and the ladder view's settings. Above the
systems and the reports it describes (it imports them; none of them imports it), so that the contract's
own module (`contract`) imports no system.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import RatingSystem, display
from ..reports.event import vocabulary as report_vocabulary
from ..reports.ladder import vocabulary as ladder_vocabulary
from ..systems.fide.rules import EARLIEST_PERIOD
from ..systems.league import MARGINS, PRESETS
from ..words.model import MAX_FILE_BYTES, MAX_GAMES, MAX_K, MAX_RATING, MIN_RATING

MAX_EVENTS = 31
"""The most tournaments of one rating period that the widget's form holds (Add tournament, paste and
the readers of saved entries and links stop there). The engine rates any number (FIDE sets no limit: a
blitz player can play more in a month), up to MAX_GAMES games in all."""

MAX_TEXT = 10_000
"""The longest text of one box that the widget reads back from saved entries or a link: far more than
any rating, name or club, short of a box that takes seconds to draw (a link of 39 kB can carry 30 million
characters)."""

_PLAIN = (r"^\d{1,4}(\.\d{1,2})?$", "")
_COUNT = (r"^\d{1,3}$", "")
_YES_NO = ("^(yes|no)$", "")
ATTRIBUTES: dict[str, tuple[str, str]] = {
    "lang": (r"^[a-z]{2}(-[a-z]{2})?$", "i"),
    "theme": ("^(light|dark|auto)$", ""),
    "accent": (r"^(#([0-9a-f]{3}|[0-9a-f]{6})|[a-z]{3,20})$", "i"),
    "font": ('^[A-Za-z0-9_ "\',-]{1,200}$', ""),
    "k": _PLAIN,
    "rating": _PLAIN,
    "view": (r"^[a-z][a-z-]{0,31}$", ""),
    "heading": (r"^[^\u0000-\u001f\u007f]{1,80}$", "u"),
    "start": _PLAIN,
    "first-k": _PLAIN,
    "first-games": _COUNT,
    "cap-400": _YES_NO,
    "period": ("^(week|month)$", ""),
    "provisional": _COUNT,
    "inactive-months": _COUNT,
    "since": (r"^\d{4}-\d{2}-\d{2}$", ""),
    "preset": ("^(" + "|".join(PRESETS) + ")$", ""),
    "home-advantage": _PLAIN,
    "margin": ("^(" + "|".join(MARGINS) + ")$", ""),
    "season-regression": (r"^(0(\.\d{1,4})?|1(\.0{1,4})?)$", ""),
    "season-mean": _PLAIN,
    "season-start": (r"^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$", ""),
    "pool": (r"^[^\u0000-\u001f\u007f]{1,40}$", "u"),
    "overrides": _YES_NO,
    "norm-exempt": _YES_NO,
    "norm-games": ("^[7-9]$", ""),
    "norm-rounds": (r"^[1-9]\d?$", ""),
    "language-menu": _YES_NO,
}
r"""The `<elo-calculator>` element's attributes that a pattern decides, in its order (after `system`, which the registry
decides; before the files `src` and `players`, and `id`), each a JavaScript pattern and its flags, applied to the
trimmed value: the one table embed.js (embed/texts.js), the widget's own address (params.js, from contract.js) and the
WordPress plugin (contract.php, each `$` as PCRE's `\z` and each `\uXXXX` as `\x{XXXX}`) are generated from. A heading
or a pool is 1 to 80 or 40 characters (code points: the `u` flag) without a control character; a number as typed, at
most 9999.99; a count, 0 to 999; a league's preset and margin by the names `league` gives them, its seasons'
regression a part from 0 to 1; a report's title norms, exempt from the federations' conditions, the fewest games
(7 to 9) and the event's rounds (1 to 99)."""

FORMER: dict[tuple[str, str], str] = {
    ("elo", "update"): "update", ("elo", "cap_400"): "cap400",
    ("fide", "time_control"): "timeControl", ("fide", "player.standard_rating"): "standardRating",
    ("fide", "player.fewer_than_30_games"): "fewer30", ("fide", "player.junior"): "junior",
    ("fide", "player.reached_2400"): "reached2400", ("fide", "player.reached_2300"): "reached2300",
}
"""A field's key in the widget's saved entries of formats 1 and 2 (beside the rating), by system and path, which
format 3 reads back into the system's own entries: the widget's past, not the systems' (none of them knows it)."""


def vocabulary(systems: Mapping[str, RatingSystem[Any]]) -> dict[str, Any]:
    """What the widget must know of the contract: systems and their fields, limits, scores, and the
    first rating period whose rules the engine knows (the period field's first year), and the systems the
    report and the ladder offer."""
    return {
        "systems": {
            name: {
                "places": system.places,
                "fields": [{"path": f.path, "kind": f.kind, "choices": list(f.choices),
                            "follows": list(f.follows), "required": f.required,
                            "whole": f.whole, "low": f.low, "high": f.high, "default": f.default,
                            "when": list(f.when), "group": f.group, "clears": f.clears,
                            "former": FORMER.get((name, f.path), "")}
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
        "report": report_vocabulary(),
        "ladder": ladder_vocabulary(),
        "attributes": {name: list(rule) for name, rule in ATTRIBUTES.items()},
    }
