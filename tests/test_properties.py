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
