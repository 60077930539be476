"""The JSON contract: `calculate(request) -> response`, for the widget, the CLI and tests.

`calculate` never raises and never hangs: every problem in the request is
reported at once, each with the field path, a code, and a message a player
understands.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ._api import SYSTEMS, performance_rating
from ._elo import rate_elo_checked
from ._fide import fide_initial_rating, rate_fide_checked
from ._model import (
    MAX_GAMES,
    MAX_RATING,
    MIN_RATING,
    TIME_CONTROLS,
    UPDATES,
    EloRules,
    EventResult,
    FideRules,
    Game,
    InitialRating,
)

_NUMBER = re.compile(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*")
_SCORE_WORDS = {"½": 0.5, "1/2": 0.5}
K_REASONS = {
    "given": "K as given",
    "reached_2400": "rating has reached 2400 (FIDE 8.3.3)",
    "junior": "junior rated under 2300 (FIDE 8.3.3)",
    "fewer_than_30_games": "fewer than 30 rated games (FIDE 8.3.3)",
    "default": "FIDE's standard K (FIDE 8.3.3)",
    "unrated": "unrated: first rating by FIDE 7.1.4 and 8.2",
}
INITIAL_REASONS = {
    "": "",
    "zero_score": "a zero score in the first event is disregarded (FIDE 7.1.4)",
    "fewer_than_5_games": "a first rating needs at least 5 games against rated opponents",
    "below_1400": "a first rating below 1400 is not published",
}
PERFORMANCE_REASONS = {
    "no_games": "no rated games",
    "zero_score": "no performance rating for a 0 % score",
    "perfect_score": "no performance rating for a 100 % score",
    "fide_8_1_1": "FIDE table 8.1.1",
    "logistic": "the rating whose expected score equals the actual score",
}


class _Errors:
    """Collects every problem found in a request."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, field: str, code: str, message: str, **params: Any) -> None:
        self.items.append({"field": field, "code": code, "message": message, "params": params})


def _show(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else _json_repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_repr(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "a list" if isinstance(value, list) else "an object"
    return repr(value)


def _number(value: Any) -> float | None:
    """A finite number from a JSON number or a plain decimal string, else None.

    Whole numbers come back as ints, so that answers show 1500, not 1500.0.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return (int(value) if value.is_integer() else value) if math.isfinite(value) else None
    if isinstance(value, str) and len(value) <= 40 and _NUMBER.fullmatch(value):
        number = float(value)
        return int(number) if number.is_integer() else number
    return None


def _rating(value: Any, field: str, what: str, whole: bool, errors: _Errors) -> float | None:
    number = _number(value)
    if number is None:
        errors.add(field, "not_a_number", f"expected {what} to be a number, got {_show(value)}", value=_show(value))
        return None
    if not MIN_RATING <= number <= MAX_RATING:
        errors.add(
            field, "out_of_range", f"expected {what} between {MIN_RATING} and {MAX_RATING}, got {_show(value)}",
            value=_show(value), min=MIN_RATING, max=MAX_RATING,
        )
        return None
    if whole and number != int(number):
        errors.add(
            field, "not_whole", f"expected {what} to be a whole number in FIDE mode, got {_show(value)}",
            value=_show(value),
        )
        return None
    return number


def _choice(request: dict[str, Any], field: str, choices: tuple[str, ...], errors: _Errors) -> str:
    value = request.get(field, choices[0])
    if value is None:
        return choices[0]
    if value not in choices:
        listed = " or ".join(repr(c) for c in choices)
        errors.add(field, "not_a_choice", f"expected {field} to be {listed}, got {_show(value)}",
                   value=_show(value), choices=list(choices))
        return choices[0]
    return str(value)


def _flag(container: dict[str, Any], key: str, field: str, errors: _Errors) -> bool:
    value = container.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        errors.add(field, "not_a_boolean", f"expected {field} to be true or false, got {_show(value)}",
                   value=_show(value))
        return False
    return value


def _k(value: Any, whole: bool, errors: _Errors) -> float | None:
    number = _number(value)
    if number is None or not 0 < number <= 1000:
        errors.add("k", "bad_k", f"expected the K-factor to be a number above 0 and at most 1000, got {_show(value)}",
                   value=_show(value))
        return None
    if whole and number != int(number):
        errors.add("k", "not_whole", f"expected the K-factor to be a whole number in FIDE mode, got {_show(value)}",
                   value=_show(value))
        return None
    return number


def _score(value: Any, field: str, errors: _Errors) -> float | None:
    number = _SCORE_WORDS.get(value.strip(), None) if isinstance(value, str) else None
    if number is None:
        number = _number(value)
    if number not in (0.0, 0.5, 1.0):
        errors.add(field, "not_a_score", f"expected the result to be 1, 0.5 or 0, got {_show(value)}",
                   value=_show(value))
        return None
    return number


def _games(value: Any, whole: bool, errors: _Errors) -> list[Game]:
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add("games", "not_a_list", f"expected games to be a list, got {_show(value)}")
        return []
    if len(value) > MAX_GAMES:
        errors.add("games", "too_many_games", f"expected at most {MAX_GAMES} games, got {len(value)}",
                   max=MAX_GAMES, count=len(value))
        return []
    games: list[Game] = []
    for i, item in enumerate(value):
        if type(item) is dict:  # the common case, checked cheaply: 10 000 games must stay fast
            opponent, score = item.get("opponent"), item.get("score")
            if (type(opponent) is int and MIN_RATING <= opponent <= MAX_RATING
                    and type(score) in (int, float) and score in (0, 0.5, 1)):
                games.append(Game(opponent, float(score)))
                continue
        field = f"games[{i}]"
        if not isinstance(item, dict):
            errors.add(field, "not_an_object", f"expected game {i + 1} to have an opponent and a score")
            continue
        if item.get("opponent") is None:
            errors.add(f"{field}.opponent", "required", f"the opponent's rating is missing in game {i + 1}")
            opponent = None
        else:
            opponent = _rating(item.get("opponent"), f"{field}.opponent", "the opponent's rating", whole, errors)
        score = _score(item.get("score"), f"{field}.score", errors)
        if opponent is not None and score is not None:
            games.append(Game(opponent, score))
    return games


def _whole(x: float) -> float | int:
    """Whole floats as ints, so that JSON shows 1500 rather than 1500.0."""
    return int(x) if float(x).is_integer() else x


def _event_json(result: EventResult) -> dict[str, Any]:
    return {
        "rating": _whole(result.rating),
        "k": _whole(result.k),
        "k_rule": result.k_rule,
        "k_reason": K_REASONS[result.k_rule],
        "k_before_700": _whole(result.k_before_700),
        "rule_700": result.k != result.k_before_700,
        "games": [
            {"opponent": o, "score": s, "difference": d, "expected": e, "change": c, "rated": r, "rating_after": a}
            for (o, s, d, e, c, r, a) in result.games
        ],
        "rated_games": sum(1 for g in result.games if g.rated),
        "score": result.score,
        "expected": result.expected,
        "change": result.change,
        "change_exact": result.change_exact,
        "new_rating": _whole(result.new_rating),
    }


def _initial_json(games: list[Game], initial: InitialRating) -> dict[str, Any]:
    return {
        "rating": None,
        "k": None,
        "k_rule": "unrated",
        "k_reason": K_REASONS["unrated"],
        "rule_700": False,
        "games": [
            {"opponent": _whole(g.opponent), "score": g.score, "difference": None, "expected": None,
             "change": None, "rated": True, "rating_after": None}
            for g in games
        ],
        "rated_games": len(games),
        "score": initial.score,
        "expected": None,
        "change": None,
        "change_exact": None,
        "new_rating": initial.rating,
        "initial": {
            "games": initial.games, "average": initial.average, "percent": initial.percent,
            "dp": initial.dp, "computed": initial.computed, "rating": initial.rating,
            "reason": initial.reason, "note": INITIAL_REASONS[initial.reason],
        },
    }


def _calculate(request: Any) -> dict[str, Any]:
    errors = _Errors()
    if not isinstance(request, dict):
        errors.add("", "not_an_object", "expected the request to be an object")
        return {"ok": False, "errors": errors.items}
    system = _choice(request, "system", SYSTEMS, errors)
    fide = system == "fide"
    raw_rating = request.get("rating")
    rating: float | None = None
    if raw_rating is None or raw_rating == "":
        if not fide:
            errors.add("rating", "required", "your rating is required in Elo mode")
    else:
        rating = _rating(raw_rating, "rating", "your rating", fide, errors)
    raw_k = request.get("k")
    k = None if raw_k is None or raw_k == "" else _k(raw_k, fide, errors)
    if not fide and k is None and (raw_k is None or raw_k == ""):
        errors.add("k", "required", "the K-factor is required in Elo mode")
    games = _games(request.get("games"), fide, errors)
    out: dict[str, Any] = {"ok": True, "system": system}
    if fide:
        player = request.get("player") or {}
        if not isinstance(player, dict):
            errors.add("player", "not_an_object", "expected player to be an object")
            player = {}
        flags = {key: _flag(player, key, f"player.{key}", errors)
                 for key in ("fewer_than_30_games", "junior", "reached_2400")}
        time_control = _choice(request, "time_control", TIME_CONTROLS, errors)
        if errors.items:
            return {"ok": False, "errors": errors.items}
        out["time_control"] = time_control
        if rating is None and raw_rating in (None, ""):
            out.update(_initial_json(games, fide_initial_rating(games)))
            rated = games
        else:
            rules = FideRules(k=None if k is None else int(k), time_control=time_control,  # type: ignore[arg-type]
                              **flags)
            result = rate_fide_checked(int(rating or 0), [Game(int(o), s) for o, s in games], rules)
            out.update(_event_json(result))
            rated = [g for g, r in zip(games, result.games) if r.rated]
        performance = performance_rating(rated, "fide")
    else:
        cap_400 = _flag(request, "cap_400", "cap_400", errors)
        update = _choice(request, "update", UPDATES, errors)
        if errors.items:
            return {"ok": False, "errors": errors.items}
        out["update"] = update
        out["cap_400"] = cap_400
        result = rate_elo_checked(rating or 0, games, EloRules(k=k or 0, cap_400=cap_400, update=update))  # type: ignore[arg-type]
        out.update(_event_json(result))
        performance = performance_rating(games, "elo")
    out["performance"] = {
        "rating": performance.rating if performance.rating is None else _whole(performance.rating),
        "reason": performance.reason,
        "note": PERFORMANCE_REASONS[performance.reason],
    }
    return out


def calculate(request: Any) -> dict[str, Any]:
    """Compute a rating change from a JSON-like request; never raises.

    >>> r = calculate({"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1700, "score": 1}]})
    >>> round(r["games"][0]["expected"], 2), round(r["change"], 1), round(r["new_rating"], 1)
    (0.24, 15.2, 1515.2)
    >>> calculate({"system": "elo", "rating": "abc", "k": 20})["errors"][0]["message"]
    "expected your rating to be a number, got 'abc'"
    """
    try:
        return _calculate(request)
    except Exception as exc:  # a bug must still give an answer the widget can show
        return {"ok": False, "errors": [{"field": "", "code": "internal", "params": {},
                                          "message": f"internal error: {type(exc).__name__}: {exc}"}]}
