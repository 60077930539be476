"""The DWZ (Deutscher Schachbund) under both Wertungsordnungen: 2026 (the default; K factor, floor
1100) and 2014 (E): federation results and hand-worked cases (tests/vectors/dwz.json), properties of
K, E and P(D), the cases the 2026 rules leave open, and bad inputs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core import calculate
from elo_core.systems.dwz import development_coefficient, expected_thousandths, k_factor

from .strategies import fide_ratings, scores
from .vectors import cases, mismatches

ages = st.integers(min_value=0, max_value=120)
indexes = st.integers(min_value=0, max_value=200)


indexes_from_1 = st.integers(min_value=1, max_value=200)
ratings_2026 = st.integers(min_value=1100, max_value=4000)


def dwz(rating: int | None, games: list[tuple[int, float]], age: int = 40, index: int = 10,
        rules: str = "2014") -> dict[str, Any]:
    return calculate({"system": "dwz", "rating": rating, "player": {"age": age, "index": index},
                      "settings": {"rules": rules}, "games": [{"opponent": o, "score": s} for o, s in games]})


@pytest.mark.parametrize("case", cases("dwz.json"), ids=lambda c: c["name"])
def test_dwz_case(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == mismatches(case["expect"], response)


def test_per_game_shares_add_up_to_the_exact_change() -> None:
    response = dwz(2212, [(2329, 1), (2328, 0), (2293, 0.5), (2300, 0), (2302, 1)])
    assert abs(response["change_exact"] - sum(g["change"] for g in response["games"])) < 1e-9


def test_no_games_leave_the_dwz_and_its_index() -> None:
    response = dwz(1500, [], index=7)
    assert (1500, 7, None) == (response["new_rating"], response["new_index"], response["development_coefficient"])


def test_performance_needs_five_games() -> None:
    assert {"rating": None, "reason": "dwz_fewer_than_5_games"}.items() <= dwz(1500, [(1500, 1)])[
        "performance"].items()


def test_a_rating_with_index_0_counts_as_index_1_for_e() -> None:
    """Anhang 1.2: an equivalent rating without a DWZ uses index 1, so E is at most 5."""
    assert 5 == dwz(2000, [(2000, 1)], index=0)["development_coefficient"]


@given(fide_ratings, fide_ratings, ages, indexes)
def test_a_win_never_lowers_the_dwz_under_2014(rating: int, opponent: int, age: int, index: int) -> None:
    response = dwz(rating, [(opponent, 1)], age, index)
    assert response["new_rating"] >= rating


@given(fide_ratings, ages, indexes, st.integers(0, 40_000), st.integers(0, 40_000))
def test_e_stays_within_its_limits(rating: int, age: int, index: int, score: int, expected: int) -> None:
    c = development_coefficient(rating, age, index, score, expected)
    high = 150 if c.braking > 0 else min(30, 5 * max(index, 1))
    assert 5 <= c.e <= high


@given(fide_ratings, fide_ratings)
def test_expected_score_is_strictly_between_0_and_1(rating: int, opponent: int) -> None:
    assume(abs(rating - opponent) <= 900)  # beyond 930 points P(D) rounds to 1.000 at three decimals
    assert 0 < expected_thousandths(rating - opponent) < 1000


@given(fide_ratings, fide_ratings)
def test_expected_scores_of_both_players_sum_to_one(rating: int, opponent: int) -> None:
    assert 1000 == expected_thousandths(rating - opponent) + expected_thousandths(opponent - rating)


@given(st.lists(st.tuples(fide_ratings, scores), min_size=5, max_size=12), ages)
def test_a_first_dwz_is_given_after_five_games_unless_extreme(games: list[tuple[int, float]], age: int) -> None:
    score = sum(s for _, s in games)
    assume(0 < score < len(games))
    response = dwz(None, games, age, 0)
    assert response["new_rating"] is not None and response["new_index"] == 1


# ---- 2026 -------------------------------------------------------------------------------------


def test_the_2026_rules_are_the_default_and_say_so() -> None:
    response = calculate({"system": "dwz", "rating": 1800, "player": {"age": 40, "index": 12},
                          "games": [{"opponent": 1800, "score": 1}]})
    assert (True, 28.0, None) == ("Stand 30. Mai 2026" in response["rules"], response["k"],
                                   response["development_coefficient"])


def test_the_2014_rules_say_so_and_give_e_not_k() -> None:
    """Anhang 1.2: 1.8^4 + 15 = 25.4976, E 25."""
    response = dwz(1800, [(1800, 1)], index=12, rules="2014")
    assert (True, None, 25) == ("Stand 30. Mai 2014" in response["rules"], response["k"],
                                 response["development_coefficient"])


def test_per_game_shares_add_up_to_the_exact_change_under_2026() -> None:
    response = dwz(2212, [(2329, 1), (2328, 0), (2293, 0.5), (2300, 0), (2302, 1)], rules="2026")
    assert abs(response["change_exact"] - sum(g["change"] for g in response["games"])) < 1e-9


def test_no_games_leave_the_dwz_and_its_index_under_2026() -> None:
    response = dwz(1500, [], index=7, rules="2026")
    assert (1500, 7, None) == (response["new_rating"], response["new_index"], response["k"])


def test_a_first_dwz_under_2026_is_not_supported() -> None:
    """HAR alone gives the 2026 first-DWZ correction (r = 0.08); CLM keeps the 2014 rule."""
    response = dwz(None, [(1500, 1), (1500, 0), (1500, 1), (1500, 0), (1500, 1)], index=0, rules="2026")
    assert [("rating", "not_supported", "first_dwz")] == [
        (e["field"], e["code"], e["params"]["case"]) for e in response["errors"]]


def test_index_0_with_a_rating_under_2026_is_not_supported() -> None:
    """K0 for index 0 differs between the implementations (CLM: index 1; the others fail)."""
    response = dwz(1800, [(1800, 1)], index=0, rules="2026")
    assert [("player.index", "not_supported", "index_0")] == [
        (e["field"], e["code"], e["params"]["case"]) for e in response["errors"]]


def test_k_factor_refuses_index_0() -> None:
    with pytest.raises(ValueError, match="index of at least 1"):
        k_factor(1800, 40, 0, 1000, 500)


@given(ratings_2026, fide_ratings, ages, indexes_from_1)
def test_a_win_never_lowers_the_dwz_under_2026(rating: int, opponent: int, age: int, index: int) -> None:
    response = dwz(rating, [(opponent, 1)], age, index, rules="2026")
    assert response["new_rating"] >= rating


@given(ratings_2026, st.lists(st.tuples(fide_ratings, scores), min_size=1, max_size=12), ages, indexes_from_1)
def test_the_dwz_never_falls_below_1100_under_2026(rating: int, games: list[tuple[int, float]], age: int,
                                                    index: int) -> None:
    response = dwz(rating, games, age, index, rules="2026")
    assert response["new_rating"] >= 1100


@given(st.integers(1100, 1180), fide_ratings, ages, indexes_from_1)
def test_a_loss_below_1100_is_stopped_by_the_floor(rating: int, opponent: int, age: int, index: int) -> None:
    response = dwz(rating, [(opponent, 0)], age, index, rules="2026")
    assume(rating + response["change_exact"] < 1099.5)
    assert (1100, True) == (response["new_rating"], response["floor_1100"])


@given(fide_ratings, ages, indexes_from_1, st.integers(0, 40_000), st.integers(0, 40_000))
def test_k_stays_within_its_limits(rating: int, age: int, index: int, score: int, expected: int) -> None:
    """K0 >= 25 and b >= 800/2400 give K > 8; the cap is 80; one decimal."""
    k = k_factor(rating, age, index, score, expected)
    assert 8 < k.k <= 80 and k.tenths == round(k.k * 10)


@given(fide_ratings, ages, indexes_from_1, st.integers(0, 40_000), st.integers(0, 40_000))
def test_k_has_a_bonus_only_when_w_reaches_we_and_braking_only_below_it(
        rating: int, age: int, index: int, score: int, expected: int) -> None:
    k = k_factor(rating, age, index, score, expected)
    assert (k.bonus == 0 or score >= expected) and (k.braking == 1 or score < expected)


@given(st.integers(0, 1599), ages, indexes_from_1, st.integers(0, 40_000), st.integers(0, 40_000))
def test_a_loss_below_1600_is_braked(rating: int, age: int, index: int, score: int, expected: int) -> None:
    assume(score < expected)
    k = k_factor(rating, age, index, score, expected)
    assert abs(k.braking - (rating + 800) / 2400) < 1e-12


# ---- bad input ----------------------------------------------------------------------------------


GOOD = {"system": "dwz", "rating": 1600, "player": {"age": 30, "index": 5}, "games": [{"opponent": 1500, "score": 1}]}

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("age missing", {**GOOD, "player": {"index": 5}}, "player.age", "required"),
    ("age negative", {**GOOD, "player": {"age": -1, "index": 5}}, "player.age", "out_of_range"),
    ("age 121", {**GOOD, "player": {"age": 121, "index": 5}}, "player.age", "out_of_range"),
    ("age 12.5", {**GOOD, "player": {"age": 12.5, "index": 5}}, "player.age", "not_whole"),
    ("age text", {**GOOD, "player": {"age": "old", "index": 5}}, "player.age", "not_a_number"),
    ("index missing", {**GOOD, "player": {"age": 30}}, "player.index", "required"),
    ("index negative", {**GOOD, "player": {"age": 30, "index": -1}}, "player.index", "out_of_range"),
    ("index 2.5", {**GOOD, "player": {"age": 30, "index": 2.5}}, "player.index", "not_whole"),
    ("player missing", {**GOOD, "player": None}, "player.age", "required"),
    ("player a list", {**GOOD, "player": [30]}, "player", "not_an_object"),
    ("no rating but an index", {**GOOD, "rating": None}, "rating", "required"),
    ("rating with decimals", {**GOOD, "rating": 1600.5}, "rating", "not_whole"),
    ("rating negative", {**GOOD, "rating": -1}, "rating", "out_of_range"),
    ("opponent with decimals", {**GOOD, "games": [{"opponent": 1500.5, "score": 1}]}, "games[0].opponent", "not_whole"),
    ("score 0.7", {**GOOD, "games": [{"opponent": 1500, "score": 0.7}]}, "games[0].score", "not_a_score"),
    ("rules 2020", {**GOOD, "settings": {"rules": "2020"}}, "settings.rules", "not_a_choice"),
    ("rules a number not a choice", {**GOOD, "settings": {"rules": 2020}}, "settings.rules", "not_a_choice"),
    ("settings a list", {**GOOD, "settings": ["2026"]}, "settings", "not_an_object"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_dwz_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_the_good_request_of_the_table_is_valid() -> None:
    assert calculate(GOOD)["ok"] is True
