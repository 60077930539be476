"""US Chess's regular rating: the published examples and hand-worked cases (tests/vectors/uscf.json),
properties for every input, and bad requests naming their field."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core import calculate
from elo_core.contract import whole
from elo_core.systems.uscf import k_factor, rating_floor

from .vectors import cases, mismatches

# Kept here while only this module uses them; tests/strategies.py is their home once shared.
uscf_ratings = st.floats(min_value=100, max_value=2700, allow_nan=False)
games_played = st.integers(min_value=0, max_value=500)
priors = st.sampled_from(["mixed", "all_wins", "all_losses"])
opponents = st.lists(st.floats(min_value=0, max_value=4000, allow_nan=False), min_size=0, max_size=12)
scores = st.sampled_from([0.0, 0.5, 1.0])


def _request(rating: float, played: int, prior: str, games: list[tuple[float, float]], **player: Any) -> dict[str, Any]:
    return {"system": "uscf", "rating": rating, "player": {"games_played": played, "prior_results": prior, **player},
            "games": [{"opponent": o, "score": s} for o, s in games]}


@pytest.mark.parametrize("case", cases("uscf.json"), ids=lambda c: c["name"])
def test_uscf_case(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == mismatches(case["expect"], response)


@pytest.mark.parametrize(("n_effective", "games", "k"), [(6, 4, "80.00"), (6, 6, "66.67"), (6, 10, "50.00")])
def test_k_table_rows_for_six_effective_games(n_effective: float, games: int, k: str) -> None:
    """The document's K table (section 4.2) rows for N' = 6, which only a K of its own can show:
    a player with N' = 6 and more than 8 games would need a rating far below zero."""
    assert k == f"{k_factor(1500, n_effective, games):.2f}"


def test_floor_from_a_peak_below_1400_is_the_absolute_floor() -> None:
    assert (100, 1200, 2100, 2200) == (rating_floor(1399), rating_floor(1400), rating_floor(2800),
                                       rating_floor(1500, original_life_master=True))


@st.composite
def a_game_to_win(draw: st.DrawFn) -> tuple[list[tuple[float, float]], int]:
    """Games (at least one), and the index of one that is not a win: drawn so, not filtered (a filter
    that threw most examples away failed Hypothesis's health check now and then)."""
    opps = draw(opponents.filter(bool))
    i = draw(st.integers(0, len(opps) - 1))
    results = [draw(scores) for _ in opps]
    results[i] = draw(st.sampled_from([0.0, 0.5]))
    return list(zip(opps, results)), i


@given(uscf_ratings, games_played, priors, a_game_to_win())
def test_a_win_never_lowers_the_rating(rating: float, played: int, prior: str,
                                       game: tuple[list[tuple[float, float]], int]) -> None:
    """Turning one game into a win never gives a lower new rating (stored or published)."""
    before, i = game
    after = [*before[:i], (before[i][0], 1.0), *before[i + 1:]]
    worse = calculate(_request(rating, played, prior, before))
    better = calculate(_request(rating, played, prior, after))
    assert worse["new_rating_exact"] <= better["new_rating_exact"] + 1e-9
    assert worse["new_rating"] <= better["new_rating"]


@given(uscf_ratings, games_played, priors, opponents, st.lists(scores, min_size=12, max_size=12),
       st.floats(min_value=0, max_value=4000, allow_nan=False), st.booleans())
def test_the_floor_is_never_crossed(rating: float, played: int, prior: str, opps: list[float], results: list[float],
                                    peak: float, olm: bool) -> None:
    assume(opps)
    response = calculate(_request(rating, played, prior, list(zip(opps, results)), peak_rating=peak,
                                  original_life_master=olm))
    floor = rating_floor(peak, original_life_master=olm)
    if rating < floor:  # no rating is below its floor: refused at the rating, not lifted to it as a gain
        assert [(e["field"], e["code"], e["params"]["floor"]) for e in response["errors"]] == [
            ("rating", "below_floor", whole(floor))]
        return
    assert floor == response["floor"]
    assert floor <= response["new_rating_exact"] and floor <= response["new_rating"]


def test_a_rating_below_its_floor_is_refused_at_the_rating() -> None:
    """A hostile pass (hp81): 1500 with a peak of 2000 (floor 1800) lost three games and was shown "+300 → 1800";
    50 lost three and gained 50 (the absolute floor is 100: Glickman, "Rating floors")."""
    for rating, peak in ((1500, 2000), (50, None)):
        peaks = {"peak_rating": peak} if peak else {}
        response = calculate(_request(rating, 30, "mixed", [(1600, 0.0)] * 3, **peaks))
        assert [(e["field"], e["code"]) for e in response["errors"]] == [("rating", "below_floor")]
    assert calculate(_request(1800, 30, "mixed", [(1600, 0.0)], peak_rating=2000))["ok"]


@given(uscf_ratings, st.integers(min_value=9, max_value=500), opponents, st.lists(scores, min_size=12, max_size=12),
       st.booleans())
def test_k_is_within_its_published_bounds(rating: float, played: int, opps: list[float], results: list[float],
                                          dual: bool) -> None:
    """K = 800 / (N' + m) with 0 < N' <= 50 (sections 3, 4.2); a dual-rated event keeps 1/4 to all of it."""
    assume(opps)
    m = len(opps)
    request = {**_request(rating, played, "mixed", list(zip(opps, results))), "dual_rated": dual}
    k = calculate(request)["k"]
    low = 800 / (50 + m) * (0.25 if dual else 1)
    assert low - 1e-9 <= k <= 800 / m + 1e-9


@given(uscf_ratings, games_played, priors, opponents, st.lists(scores, min_size=12, max_size=12))
def test_the_published_rating_is_the_stored_one_rounded(rating: float, played: int, prior: str, opps: list[float],
                                                        results: list[float]) -> None:
    response = calculate(_request(rating, played, prior, list(zip(opps, results))))
    assert abs(response["new_rating"] - response["new_rating_exact"]) <= 0.5
    assert isinstance(response["new_rating"], int)


GOOD = {"system": "uscf", "rating": 1500, "player": {"games_played": 30}, "games": [{"opponent": 1600, "score": 1}]}

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("rating missing", {**GOOD, "rating": None}, "rating", "required"),
    ("rating abc", {**GOOD, "rating": "abc"}, "rating", "not_a_number"),
    ("rating negative", {**GOOD, "rating": -1}, "rating", "out_of_range"),
    ("games played missing", {**GOOD, "player": {}}, "player.games_played", "required"),
    ("games played negative", {**GOOD, "player": {"games_played": -1}}, "player.games_played", "out_of_range"),
    ("games played 2.5", {**GOOD, "player": {"games_played": 2.5}}, "player.games_played", "not_whole"),
    ("games played text", {**GOOD, "player": {"games_played": "many"}}, "player.games_played", "not_a_number"),
    ("games played true", {**GOOD, "player": {"games_played": True}}, "player.games_played", "not_a_number"),
    ("prior results sometimes", {**GOOD, "player": {"games_played": 30, "prior_results": "sometimes"}},
     "player.prior_results", "not_a_choice"),
    ("peak rating abc", {**GOOD, "player": {"games_played": 30, "peak_rating": "abc"}}, "player.peak_rating",
     "not_a_number"),
    ("peak rating 9999", {**GOOD, "player": {"games_played": 30, "peak_rating": 9999}}, "player.peak_rating",
     "out_of_range"),
    ("absolute floor 160", {**GOOD, "player": {"games_played": 30, "absolute_floor": 160}}, "player.absolute_floor",
     "out_of_range"),
    ("olm yes", {**GOOD, "player": {"games_played": 30, "original_life_master": "yes"}},
     "player.original_life_master", "not_a_boolean"),
    ("repeated opponent 1", {**GOOD, "player": {"games_played": 30, "repeated_opponent": 1}},
     "player.repeated_opponent", "not_a_boolean"),
    ("dual rated yes", {**GOOD, "dual_rated": "yes"}, "dual_rated", "not_a_boolean"),
    ("bonus threshold negative", {**GOOD, "settings": {"bonus_threshold": -2}}, "settings.bonus_threshold",
     "out_of_range"),
    ("bonus threshold text", {**GOOD, "settings": {"bonus_threshold": "ten"}}, "settings.bonus_threshold",
     "not_a_number"),
    ("settings a list", {**GOOD, "settings": [10]}, "settings", "not_an_object"),
    ("player a number", {**GOOD, "player": 5}, "player", "not_an_object"),
    ("score 0.7", {**GOOD, "games": [{"opponent": 1600, "score": 0.7}]}, "games[0].score", "not_a_score"),
    ("opponent abc", {**GOOD, "games": [{"opponent": "abc", "score": 1}]}, "games[0].opponent", "not_a_number"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_uscf_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_good_uscf_request_of_the_table_is_valid() -> None:
    assert calculate(GOOD)["ok"] is True


def test_uscf_answers_what_every_system_answers() -> None:
    response = calculate(GOOD)
    assert {"rating", "games", "score", "expected", "change", "new_rating", "performance"} <= set(response)
    assert "not_defined" == response["performance"]["reason"]


def test_ten_thousand_games_under_the_special_formula_are_rated() -> None:
    games = [{"opponent": 1500 + i % 7, "score": [0, 0.5, 1][i % 3]} for i in range(10_000)]
    response = calculate({"system": "uscf", "rating": 1500, "player": {"games_played": 3}, "games": games})
    assert (True, "special") == (response["ok"], response["formula"])
