"""The JSON contract: `calculate(request) -> response`, for the widget, the CLI and tests.

`calculate` never raises and never hangs: every problem in the request is
reported at once, each with the field path, a code, and a message a player
understands. Which systems there are, and how each reads a request and answers,
is in `systems.REGISTRY`; how values are read and answers look, in `contract`.
"""

from __future__ import annotations

from typing import Any

from ..contract import Problems, internal_error, listed, read_choice
from . import REGISTRY


def _calculate(request: Any, problems: Problems) -> dict[str, Any]:
    if not isinstance(request, dict):
        problems.add("", "not_an_object", "expected the request to be an object")
        return {"ok": False, "errors": problems.items}
    name = read_choice(request, "system", "system", tuple(REGISTRY), problems)
    system = REGISTRY[name]
    inputs = system.read(request, problems)
    if problems or inputs is None:
        return {"ok": False, "errors": problems.items}
    return {"ok": True, "system": name, **system.answer(inputs)}


def calculate(request: Any) -> dict[str, Any]:
    """Compute a rating change from a JSON-like request; never raises.

    >>> r = calculate({"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1700, "score": 1}]})
    >>> round(r["games"][0]["expected"], 2), round(r["change"], 1), round(r["new_rating"], 1)
    (0.24, 15.2, 1515.2)
    >>> calculate({"system": "elo", "rating": "abc", "k": 20})["errors"][0]["message"]
    "expected your rating to be a number, got 'abc'"
    """
    return listed(answer(request, Problems()))


def answer(request: Any, problems: Problems) -> dict[str, Any]:
    """`calculate`'s answer as the system gave it (its games may be `GameRows`, which bridge.py packs
    from their columns), with the request's problems collected, and its games read, by `problems`."""
    try:
        return _calculate(request, problems)
    except Exception as exc:  # a bug must still give an answer the widget can show
        return internal_error(exc)
