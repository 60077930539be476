"""Glicko-1 and Glicko-2: Glickman's worked examples, properties, and bad inputs."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core import calculate
from elo_core.systems.glicko import GlickoGame, GlickoRules, Q, rate_glicko
from elo_core.systems.glicko2 import Glicko2Rules, rate_glicko2

from .strategies import json_scalars, json_values, ratings, scores
from .vectors import cases

# ---- strategies of these systems' own inputs ------------------------------------------------------

glicko_rds = st.floats(min_value=1, max_value=350)
glicko2_rds = st.floats(min_value=1, max_value=500)
volatilities = st.floats(min_value=0.001, max_value=1)
taus = st.floats(min_value=0.1, max_value=2)
glicko_games = st.lists(st.builds(GlickoGame, ratings, glicko_rds, scores), min_size=1, max_size=12)
glicko2_games = st.lists(st.builds(GlickoGame, ratings, glicko2_rds, scores), min_size=1, max_size=12)
opponents2 = st.lists(st.tuples(ratings, glicko2_rds), min_size=1, max_size=12)


# ---- published vectors ------------------------------------------------------------------------------


def off_by_more_than_the_tolerance(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` is off: an expected [value, tolerance] wants |actual - value| <= tolerance."""
    if isinstance(expected, dict):
        return [m for k, v in expected.items()
                for m in off_by_more_than_the_tolerance(v, (actual or {}).get(k), f"{path}.{k}")]
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        return [m for i, v in enumerate(expected)
                for m in off_by_more_than_the_tolerance(v, actual[i] if i < len(actual or []) else None,
                                                        f"{path}[{i}]")]
    if isinstance(expected, list):
        value, tolerance = expected
        if isinstance(actual, bool) or not isinstance(actual, (int, float)) or abs(actual - value) > tolerance:
            return [f"{path}: expected {value} ± {tolerance}, got {actual!r}"]
        return []
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


@pytest.mark.parametrize("case", cases("glicko.json"), ids=lambda c: c["name"])
def test_glickman_glicko_example(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == off_by_more_than_the_tolerance(case["expect"], response)


@pytest.mark.parametrize("case", cases("glicko2.json"), ids=lambda c: c["name"])
def test_glickman_glicko2_example(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == off_by_more_than_the_tolerance(case["expect"], response)


def test_the_tolerance_check_can_fail() -> None:
    assert [] != off_by_more_than_the_tolerance({"new_rd": [151.4, 0.05]}, {"new_rd": 151.46})
    assert [] != off_by_more_than_the_tolerance({"games": [{"expected": [0.639, 0.0005]}]}, {"games": []})
    assert [] == off_by_more_than_the_tolerance({"new_rd": [151.4, 0.05]}, {"new_rd": 151.44})


# ---- Glicko-1 ------------------------------------------------------------------------------------------

PAPER_GAMES = [GlickoGame(1400, 30, 1), GlickoGame(1550, 100, 0), GlickoGame(1700, 300, 0)]


def test_glicko_change_is_the_sum_of_each_games_term() -> None:
    """r' - r = q / (1/RD² + 1/d²) Σ g(RD_j)(s_j - E_j): each game's change is its term."""
    r = rate_glicko(1500, 200, PAPER_GAMES, periods=0)
    assert r.d2 is not None
    weight = Q / (1 / 200**2 + 1 / r.d2)
    assert [weight * g.g * (g.score - g.expected) for g in r.games] == [g.change for g in r.games]
    assert math.isclose(r.new_rating - r.rating, sum(g.change for g in r.games))


def test_glicko_one_period_raises_the_rd_by_c_before_the_games() -> None:
    """Step 1 with the defaults (c 34.6, one period): RD 200 becomes sqrt(200² + 34.6²) at the onset."""
    r = rate_glicko(1500, 200, PAPER_GAMES)
    assert math.isclose(math.sqrt(200**2 + 34.6**2), r.onset_rd)


def test_glicko_defaults_are_an_unrated_player_one_period_on() -> None:
    response = calculate({"system": "glicko", "rating": 1500, "games": []})
    assert (350, 34.6, 1) == (response["new_rd"], response["c"], response["periods"])


@given(ratings, glicko_rds, st.floats(min_value=0, max_value=100), st.floats(min_value=0, max_value=350),
       glicko_games)
def test_glicko_rd_never_grows_within_a_period_with_games(rating: float, rd: float, periods: float, c: float,
                                                          games: list[GlickoGame]) -> None:
    """Step 2 only shrinks the RD of step 1: RD' ≤ the onset RD."""
    r = rate_glicko(rating, rd, games, GlickoRules(c=c), periods=periods)
    assert r.new_rd <= r.onset_rd


@given(ratings, glicko_rds, glicko_games)
def test_glicko_rd_shrinks_when_no_time_has_passed(rating: float, rd: float, games: list[GlickoGame]) -> None:
    assert rate_glicko(rating, rd, games, periods=0).new_rd <= rd


@given(ratings, glicko_rds, st.lists(st.tuples(ratings, glicko_rds), min_size=1, max_size=12), st.booleans())
def test_glicko_wins_never_lower_and_losses_never_raise(rating: float, rd: float,
                                                        opponents: list[tuple[float, float]], won: bool) -> None:
    games = [GlickoGame(o, d, 1.0 if won else 0.0) for o, d in opponents]
    change = rate_glicko(rating, rd, games).change
    assert (change >= 0) if won else (change <= 0)


# ---- Glicko-2 ------------------------------------------------------------------------------------------


def test_glicko2_change_is_the_sum_of_each_games_term() -> None:
    """μ' - μ = φ'² Σ g(φ_j)(s_j - E_j), on the rating scale: each game's change is its term."""
    r = rate_glicko2(1500, 200, 0.06, PAPER_GAMES)
    assert math.isclose(r.new_rating - r.rating, sum(g.change for g in r.games))


def test_glicko2_paper_example_runs_the_illinois_loop() -> None:
    """The paper's example needs the loop: stopped at once, σ' would stay 0.06."""
    assert 2 <= rate_glicko2(1500, 200, 0.06, PAPER_GAMES).iterations


def test_glicko2_tolerance_decides_when_the_loop_stops() -> None:
    """A looser ε than the paper's stops the loop sooner (and a result further from the root)."""
    games = [GlickoGame(2000, 50, 1)] * 5  # five wins over players 500 points stronger: σ must move
    paper = rate_glicko2(1500, 50, 0.06, games)
    loose = rate_glicko2(1500, 50, 0.06, games, Glicko2Rules(epsilon=1.0))
    assert (4, 0.0602814) == (paper.iterations, round(paper.new_volatility, 7))
    assert loose.iterations < paper.iterations


def test_glicko2_defaults_are_the_papers() -> None:
    response = calculate({"system": "glicko2", "rating": 1500, "games": [{"opponent": 1500, "opponent_rd": 350,
                                                                           "score": 0.5}]})
    assert (0.5, 1500) == (response["tau"], response["new_rating"])
    assert response["new_rd"] < 350


@given(ratings, glicko2_rds, volatilities, taus, opponents2)
def test_glicko2_a_win_never_lowers_the_rating(rating: float, rd: float, sigma: float, tau: float,
                                               opponents: list[tuple[float, float]]) -> None:
    r = rate_glicko2(rating, rd, sigma, [GlickoGame(o, d, 1.0) for o, d in opponents], Glicko2Rules(tau=tau))
    assert r.new_rating >= rating


@given(ratings, glicko2_rds, volatilities, taus, opponents2)
def test_glicko2_a_loss_never_raises_the_rating(rating: float, rd: float, sigma: float, tau: float,
                                                opponents: list[tuple[float, float]]) -> None:
    r = rate_glicko2(rating, rd, sigma, [GlickoGame(o, d, 0.0) for o, d in opponents], Glicko2Rules(tau=tau))
    assert r.new_rating <= rating


@given(ratings, glicko2_rds, volatilities, taus, glicko2_games)
def test_glicko2_rd_never_grows_within_a_period_with_games(rating: float, rd: float, sigma: float, tau: float,
                                                           games: list[GlickoGame]) -> None:
    """Step 7 only shrinks the pre-period RD φ* of step 6 (which step 6 itself raised from RD)."""
    r = rate_glicko2(rating, rd, sigma, games, Glicko2Rules(tau=tau))
    assert r.new_rd <= r.onset_rd * (1 + 1e-12)


@given(ratings, glicko2_rds, volatilities, glicko2_games)
def test_glicko2_the_illinois_loop_converges(rating: float, rd: float, sigma: float,
                                             games: list[GlickoGame]) -> None:
    r = rate_glicko2(rating, rd, sigma, games)
    assert r.iterations < 100 and math.isfinite(r.new_rating) and r.new_volatility > 0


@given(ratings, glicko2_rds, volatilities, glicko2_rds)
def test_glicko2_a_draw_between_equals_changes_no_rating(rating: float, rd: float, sigma: float,
                                                         opponent_rd: float) -> None:
    r = rate_glicko2(rating, rd, sigma, [GlickoGame(rating, opponent_rd, 0.5)])
    assert math.isclose(rating, r.new_rating, abs_tol=1e-9)


def test_glicko2_refuses_a_period_too_far_from_what_the_ratings_predict() -> None:
    """10 000 losses of a 4000 with RD 1 to players rated 0 gave -1.7e12 (σ' 5e8); ten losses with the
    default RD still give the paper's -3058."""
    losses = [{"opponent": 0, "opponent_rd": 1, "score": 0}]
    refused = calculate({"system": "glicko2", "rating": 4000, "player": {"rd": 1}, "games": losses * 10_000})
    assert [("", "not_supported")] == [(e["field"], e["code"]) for e in refused["errors"]]
    assert -3058 == round(calculate({"system": "glicko2", "rating": 4000, "games": losses * 10})["new_rating"])


def test_glicko_refuses_a_period_too_far_from_what_the_ratings_predict() -> None:
    """10 000 losses of a 4000 (RD 350) to players rated 0 gave -4.7e6; ten such losses are answered."""
    losses = [{"opponent": 0, "opponent_rd": 1, "score": 0}]
    refused = calculate({"system": "glicko", "rating": 4000, "player": {"rd": 350}, "games": losses * 10_000})
    assert [("", "not_supported")] == [(e["field"], e["code"]) for e in refused["errors"]]
    assert calculate({"system": "glicko", "rating": 4000, "player": {"rd": 350}, "games": losses * 10})["ok"]


# ---- bad inputs ----------------------------------------------------------------------------------------

GOOD_GLICKO: dict[str, Any] = {"system": "glicko", "rating": 1500, "player": {"rd": 200},
               "games": [{"opponent": 1400, "opponent_rd": 30, "score": 1}] * 3}
GOOD_GLICKO2: dict[str, Any] = {**GOOD_GLICKO, "system": "glicko2", "player": {"rd": 200, "volatility": 0.06}}
GAMES = GOOD_GLICKO["games"]

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("glicko rating missing", {**GOOD_GLICKO, "rating": None}, "rating", "required"),
    ("glicko rating abc", {**GOOD_GLICKO, "rating": "abc"}, "rating", "not_a_number"),
    ("glicko rd negative", {**GOOD_GLICKO, "player": {"rd": -5}}, "player.rd", "out_of_range"),
    ("glicko rd over 350", {**GOOD_GLICKO, "player": {"rd": 351}}, "player.rd", "out_of_range"),
    ("glicko rd text", {**GOOD_GLICKO, "player": {"rd": "wide"}}, "player.rd", "not_a_number"),
    ("glicko periods negative", {**GOOD_GLICKO, "player": {"periods": -1}}, "player.periods", "out_of_range"),
    ("glicko c negative", {**GOOD_GLICKO, "settings": {"c": -1}}, "settings.c", "out_of_range"),
    ("glicko settings a list", {**GOOD_GLICKO, "settings": [1]}, "settings", "not_an_object"),
    ("glicko third opponent rd missing", {**GOOD_GLICKO, "games": [*GAMES[:2], {"opponent": 1400, "score": 1}]},
     "games[2].opponent_rd", "required"),
    ("glicko opponent rd zero", {**GOOD_GLICKO, "games": [{"opponent": 1400, "opponent_rd": 0, "score": 1}]},
     "games[0].opponent_rd", "out_of_range"),
    ("glicko opponent rd true", {**GOOD_GLICKO, "games": [{"opponent": 1400, "opponent_rd": True, "score": 1}]},
     "games[0].opponent_rd", "not_a_number"),
    ("glicko score 0.7", {**GOOD_GLICKO, "games": [{"opponent": 1400, "opponent_rd": 30, "score": 0.7}]},
     "games[0].score", "not_a_score"),
    ("glicko2 rating missing", {**GOOD_GLICKO2, "rating": ""}, "rating", "required"),
    ("glicko2 rd negative", {**GOOD_GLICKO2, "player": {"rd": -1}}, "player.rd", "out_of_range"),
    ("glicko2 volatility zero", {**GOOD_GLICKO2, "player": {"volatility": 0}}, "player.volatility", "out_of_range"),
    ("glicko2 volatility text", {**GOOD_GLICKO2, "player": {"volatility": "x"}}, "player.volatility",
     "not_a_number"),
    ("glicko2 tau zero", {**GOOD_GLICKO2, "settings": {"tau": 0}}, "settings.tau", "out_of_range"),
    ("glicko2 tau infinite", {**GOOD_GLICKO2, "settings": {"tau": float("inf")}}, "settings.tau", "not_a_number"),
    ("glicko2 player a number", {**GOOD_GLICKO2, "player": 5}, "player", "not_an_object"),
    ("glicko2 third opponent rd missing", {**GOOD_GLICKO2, "games": [*GAMES[:2], {"opponent": 1400, "score": 1}]},
     "games[2].opponent_rd", "required"),
    ("glicko2 opponent rd over 500", {**GOOD_GLICKO2, "games": [{"opponent": 1400, "opponent_rd": 501,
                                                                 "score": 1}]},
     "games[0].opponent_rd", "out_of_range"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_good_requests_of_the_table_are_valid() -> None:
    assert calculate(GOOD_GLICKO)["ok"] and calculate(GOOD_GLICKO2)["ok"]


def test_a_missing_opponent_rd_is_reported_with_the_other_problems() -> None:
    response = calculate({**GOOD_GLICKO2, "rating": "x", "games": [{"opponent": "y", "score": 1}]})
    assert ["rating", "games[0].opponent", "games[0].opponent_rd"] == [e["field"] for e in response["errors"]]


def test_opponent_rd_message_names_the_game() -> None:
    response = calculate({**GOOD_GLICKO, "games": [*GAMES[:2], {"opponent": 1400, "opponent_rd": 400, "score": 1}]})
    assert "expected the opponent's RD in game 3 between 1 and 350, got 400" == response["errors"][0]["message"]


@pytest.mark.parametrize("system", ["glicko", "glicko2", "lichess"])
@given(st.lists(st.fixed_dictionaries({"opponent": ratings, "opponent_rd": st.floats(min_value=45, max_value=350),
                                        "score": scores}), max_size=10), ratings)
def test_calculate_rates_any_good_request(system: str, games: list[dict[str, float]], rating: float) -> None:
    assume(system != "lichess" or rating >= 400)  # lichess has no rating under 400: a field error
    response = calculate({"system": system, "rating": rating, "games": games})
    assert response["ok"] is True, response
    assert len(games) == len(response["games"])


@pytest.mark.parametrize("system", ["glicko", "glicko2", "lichess"])
@given(st.fixed_dictionaries({}, optional={"rating": st.one_of(ratings, json_scalars), "player": json_values,
                                           "settings": json_values,
                                           "games": st.one_of(json_values, st.lists(st.fixed_dictionaries(
                                               {"opponent": ratings, "score": scores},
                                               optional={"opponent_rd": st.one_of(glicko2_rds, json_scalars)}),
                                               max_size=5))}))
def test_calculate_answers_any_request_without_internal_errors(system: str, request_: dict[str, Any]) -> None:
    response = calculate({"system": system, **request_})
    assert response["ok"] or all(e["code"] != "internal" for e in response["errors"])
