"""The ECF's K method: the worked example found and hand-worked cases (tests/vectors/ecf.json),
properties of R1 = R0 + k(W - We), the cases the ECF's published text leaves open answered
`not_supported` at their field, and bad requests naming their field."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_core import calculate

from .vectors import cases, mismatches

# Kept here while only this module uses them; tests/strategies.py is their home once shared.
ratings = st.integers(min_value=500, max_value=2800)
differences = st.lists(st.integers(min_value=-400, max_value=400), min_size=0, max_size=12)
scores = st.sampled_from([0.0, 0.5, 1.0])
k_factors = st.sampled_from(["20", "40"])


def _request(rating: int, games: list[tuple[int, float]], k: str = "20", **extra: Any) -> dict[str, Any]:
    return {"system": "ecf", "rating": rating, "player": {"k_factor": k},
            "games": [{"opponent": o, "score": s} for o, s in games], **extra}


@pytest.mark.parametrize("case", cases("ecf.json"), ids=lambda c: c["name"])
def test_ecf_case(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == mismatches(case["expect"], response)


@given(ratings, differences, st.lists(scores, min_size=12, max_size=12), k_factors)
def test_the_change_is_k_times_score_less_expected(rating: int, diffs: list[int], results: list[float],
                                                   k: str) -> None:
    """R1 = R0 + k(W - We), all games against R0, and the games' changes add up to it."""
    games = [(rating + d, s) for d, s in zip(diffs, results)]
    r = calculate(_request(rating, games, k))
    assert abs(r["change"] - int(k) * (r["score"] - r["expected"])) < 1e-9
    assert abs(r["new_rating"] - rating - r["change"]) < 1e-9
    assert abs(sum(g["change"] for g in r["games"]) - r["change"]) < 1e-9


@given(ratings, st.integers(min_value=-400, max_value=400), scores)
def test_one_game_is_zero_sum_between_two_k20_players(rating: int, d: int, score: float) -> None:
    """Table 8.1b gives the higher- and lower-rated player expectancies that add up to 1."""
    mine = calculate(_request(rating, [(rating + d, score)]))
    theirs = calculate(_request(rating + d, [(rating, 1 - score)]))
    assert abs(mine["change"] + theirs["change"]) < 1e-9


@given(ratings, differences, st.lists(scores, min_size=12, max_size=12))
def test_k_40_doubles_the_change_of_k_20(rating: int, diffs: list[int], results: list[float]) -> None:
    games = [(rating + d, s) for d, s in zip(diffs, results)]
    assert abs(calculate(_request(rating, games, "40"))["change"]
               - 2 * calculate(_request(rating, games, "20"))["change"]) < 1e-9


@given(ratings, differences, st.lists(scores, min_size=12, max_size=12), k_factors)
def test_the_new_rating_is_exact_to_a_fifth_of_a_point(rating: int, diffs: list[int], results: list[float],
                                                       k: str) -> None:
    """k(W - We) with expectancies in hundredths: a multiple of k / 100, so one decimal shows it exactly."""
    games = [(rating + d, s) for d, s in zip(diffs, results)]
    change = calculate(_request(rating, games, k))["change"]
    assert abs(change * 100 / int(k) - round(change * 100 / int(k))) < 1e-6
    assert abs(change * 10 - round(change * 10)) < 1e-6


GOOD = _request(1800, [(1900, 1)])

NOT_SUPPORTED: list[tuple[str, dict[str, Any], str]] = [
    ("a category P player (P method)", {**GOOD, "player": {"category": "P"}}, "player.category"),
    ("a new player (P method)", {**GOOD, "rating": None, "player": {"category": "new"}}, "player.category"),
    ("a partially rated opponent", {**GOOD, "partial_opponent": True}, "partial_opponent"),
    ("a difference of 401", _request(1800, [(1900, 1), (2201, 0)]), "games[1].opponent"),
    ("a difference of -401", _request(1800, [(1399, 1)]), "games[0].opponent"),
]


@pytest.mark.parametrize(("name", "request_", "field"), NOT_SUPPORTED, ids=[c[0] for c in NOT_SUPPORTED])
def test_what_the_ecf_text_leaves_open_is_not_supported_at_its_field(name: str, request_: dict[str, Any],
                                                                    field: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert [(field, "not_supported")] == [(e["field"], e["code"]) for e in response["errors"]]
    assert "not supported" in response["errors"][0]["message"]


BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("rating missing", {**GOOD, "rating": None}, "rating", "required"),
    ("rating blank", {**GOOD, "rating": ""}, "rating", "required"),
    ("rating abc", {**GOOD, "rating": "abc"}, "rating", "not_a_number"),
    ("rating 1800.5", {**GOOD, "rating": 1800.5}, "rating", "not_whole"),
    ("rating negative", {**GOOD, "rating": -1}, "rating", "out_of_range"),
    ("category Z", {**GOOD, "player": {"category": "Z"}}, "player.category", "not_a_choice"),
    ("k 30", {**GOOD, "player": {"k_factor": "30"}}, "player.k_factor", "not_a_choice"),
    ("partial opponent yes", {**GOOD, "partial_opponent": "yes"}, "partial_opponent", "not_a_boolean"),
    ("player a number", {**GOOD, "player": 5}, "player", "not_an_object"),
    ("score 0.7", _request(1800, [(1900, 0.7)]), "games[0].score", "not_a_score"),
    ("opponent 1900.5", {**GOOD, "games": [{"opponent": 1900.5, "score": 1}]}, "games[0].opponent", "not_whole"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_ecf_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_ecf_answers_what_every_system_answers() -> None:
    response = calculate(GOOD)
    assert {"rating", "games", "score", "expected", "change", "new_rating", "performance"} <= set(response)
    assert ("not_defined", "K", "K", 20) == (response["performance"]["reason"], response["method"],
                                             response["category"], response["k"])


def test_no_games_leave_the_rating_as_it_was() -> None:
    response = calculate(_request(1800, []))
    assert (0, 1800) == (response["change"], response["new_rating"])


def test_ten_thousand_games_are_rated() -> None:
    games = [(1500 + i % 401 - 200, [0, 0.5, 1][i % 3]) for i in range(10_000)]
    assert calculate(_request(1500, games))["ok"] is True


def test_the_games_over_400_points_apart_are_named() -> None:
    """Each at its own opponent, as another system's out-of-range rating is."""
    response = calculate(_request(1800, [(2201, 1), (1900, 0), (1399, 0.5)]))
    assert [("games[0].opponent", "not_supported"), ("games[2].opponent", "not_supported")] == [
        (e["field"], e["code"]) for e in response["errors"]]
