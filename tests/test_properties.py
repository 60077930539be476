"""Properties that hold for every input (Hypothesis)."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from elo_core import EloRules, Game, calculate, expected_score, fide_expected_score, rate

from .strategies import fide_ratings, json_values, k_factors, ratings, requests, scores


@given(ratings, ratings, st.booleans())
def test_expected_scores_of_both_players_sum_to_one(a: float, b: float, cap: bool) -> None:
    assert math.isclose(1.0, expected_score(a, b, cap_400=cap) + expected_score(b, a, cap_400=cap))


@given(fide_ratings, fide_ratings)
def test_fide_expected_scores_sum_to_one_below_2650(a: int, b: int) -> None:
    if max(a, b) < 2650:
        assert math.isclose(1.0, fide_expected_score(a, b) + fide_expected_score(b, a))


@given(ratings, ratings, scores, k_factors)
def test_one_k_changes_of_both_players_sum_to_zero(a: float, b: float, s: float, k: float) -> None:
    mine = rate(a, [Game(b, s)], EloRules(k=k)).change
    theirs = rate(b, [Game(a, 1 - s)], EloRules(k=k)).change
    assert math.isclose(0.0, mine + theirs, abs_tol=1e-9)


@given(ratings, ratings, ratings)
def test_expected_score_never_rises_with_the_opponent(own: float, o1: float, o2: float) -> None:
    low, high = sorted((o1, o2))
    assert expected_score(own, high) <= expected_score(own, low)


@given(fide_ratings, fide_ratings, fide_ratings)
def test_fide_expected_score_never_rises_with_the_opponent(own: int, o1: int, o2: int) -> None:
    low, high = sorted((o1, o2))
    assert fide_expected_score(own, high) <= fide_expected_score(own, low)


@given(requests)
def test_calculate_answers_any_request_shape(request: dict[str, Any]) -> None:
    response = calculate(request)
    assert response["ok"] in (True, False)
    if not response["ok"]:
        assert response["errors"] and all(e["code"] != "internal" for e in response["errors"])


@given(json_values)
def test_calculate_answers_any_json_value(value: Any) -> None:
    response = calculate(value)
    assert response["ok"] is False or isinstance(response.get("games"), list)
    assert all(e["code"] != "internal" for e in response.get("errors", []))


@given(ratings, st.lists(st.tuples(ratings, scores), max_size=40), k_factors, st.booleans(),
       st.sampled_from(["event", "sequential"]))
def test_elo_is_the_plain_loop_to_the_last_bit(own: float, games: list[tuple[float, float]], k: float, cap: bool,
                                              update: str) -> None:
    """The engine rates a column at a time (10 000 games per keystroke); a game-by-game loop, as
    FIDE-RULES section 1 reads, gives the very same floats."""
    result = rate(own, [Game(o, s) for o, s in games], EloRules(k=k, cap_400=cap, update=update))  # type: ignore[arg-type]
    current, total, expected_total, rows = own, 0.0, 0.0, []
    for o, s in games:
        d = (current if update == "sequential" else own) - o
        d = max(-400.0, min(400.0, d)) if cap else d
        e = 1.0 / (1.0 + 10.0 ** (-d / 400.0))
        change = k * (s - e)
        total += change
        expected_total += e
        current += change
        rows.append((o, s, d, e, change, True, current, None))
    assert [tuple(g) for g in result.games] == rows
    assert (result.change, result.expected, result.new_rating) == (total, expected_total, own + total)
