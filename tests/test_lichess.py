"""Glicko-2 as lichess runs it: lichess's own test cases, its bounds, and how it rates a game."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core import calculate
from elo_core.systems.glicko import GlickoGame
from elo_core.systems.glicko2 import Glicko2Rules, LichessRules, rate_glicko2, rate_lichess

from .strategies import ratings, scores
from .test_glicko import off_by_more_than_the_tolerance
from .vectors import cases

lichess_rds = st.floats(min_value=45, max_value=500)
lichess_volatilities = st.floats(min_value=0.001, max_value=0.1)
speeds = st.sampled_from(["blitz", "bullet", "rapid", "classical", "correspondence", "ultra_bullet"])
lichess_games = st.lists(st.builds(GlickoGame, ratings, lichess_rds, scores), min_size=1, max_size=20)


def request(rating: float, rd: float, volatility: float, *games: tuple[float, float, float],
            speed: str = "correspondence") -> dict[str, Any]:
    return {"system": "lichess", "rating": rating, "player": {"rd": rd, "volatility": volatility},
            "settings": {"speed": speed},
            "games": [{"opponent": o, "opponent_rd": d, "score": s} for o, d, s in games]}


@pytest.mark.parametrize("case", cases("lichess.json"), ids=lambda c: c["name"])
def test_lichess_own_test_case(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == off_by_more_than_the_tolerance(case["expect"], response)


MIXED_WHITE_WINS = next(c for c in cases("lichess.json")
                        if c["name"] == "GlickoCalculatorTest \"mixed ratings and deviations: white wins\", "
                                        "white's update")


def test_illinois_tolerance_is_exercised_by_a_vector_needing_three_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The case needs three turns of step 5.4's loop: cut after two, σ' is far off and the vector fails."""
    from elo_core.systems import glicko2

    period = rate_glicko2(1400, 79, 0.06, [GlickoGame(1550, 110, 1)], Glicko2Rules(tau=0.75, rd_increase=False))
    assert 3 == period.iterations
    monkeypatch.setattr(glicko2, "MAX_ITERATIONS", 2)
    assert [] != off_by_more_than_the_tolerance(MIXED_WHITE_WINS["expect"], calculate(MIXED_WHITE_WINS["request"]))


def test_lichess_shows_the_rating_truncated() -> None:
    """GlickoCalculatorTest: black loses from 1500 to 1337.79; lichess shows intRating, 1337, a change of -163."""
    response = calculate(request(1500, 350, 0.06, (1500, 350, 0)))
    assert (1337, -163, -163) == (response["new_rating"], response["change"], response["games"][0]["change"])


def test_each_game_is_its_own_rating_period() -> None:
    """Two games in one request are rated as two requests one after the other (lila rates each game as it ends)."""
    both = calculate(request(1500, 200, 0.07, (1600, 80, 1), (1450, 120, 0.5)))
    first = calculate(request(1500, 200, 0.07, (1600, 80, 1)))
    second = calculate(request(first["new_rating_exact"], first["new_rd"], first["new_volatility"], (1450, 120, 0.5)))
    assert (second["new_rating_exact"], second["new_rd"]) == (both["new_rating_exact"], both["new_rd"])
    assert [first["games"][0]["change"], second["games"][0]["change"]] == [g["change"] for g in both["games"]]


def test_no_rd_increase_before_a_game() -> None:
    """skipDeviationIncrease: a game only lowers the RD (Glickman's step 6 would first raise it)."""
    rd = calculate(request(1500, 45, 0.1, (1500, 45, 1)))["new_rd"]
    assert 45 == rd  # below 45 without the increase, so held at the floor


@pytest.mark.parametrize(("speed", "factor"), [("blitz", 1.005), ("bullet", 1.015), ("rapid", 1.015),
                                               ("classical", 1.015), ("ultra_bullet", 1.013)])
def test_the_regulator_multiplies_a_gain_by_the_speeds_factor(speed: str, factor: float) -> None:
    plain = calculate(request(1500, 80, 0.06, (1500, 80, 1)))["new_rating_exact"] - 1500
    regulated = calculate(request(1500, 80, 0.06, (1500, 80, 1), speed=speed))["new_rating_exact"] - 1500
    assert math.isclose(plain * factor, regulated)


def test_the_regulator_leaves_a_loss_alone() -> None:
    assert (calculate(request(1500, 80, 0.06, (1500, 80, 0)))["new_rating_exact"]
            == calculate(request(1500, 80, 0.06, (1500, 80, 0), speed="bullet"))["new_rating_exact"])


def test_blitz_is_the_default_speed_and_a_new_player_the_default_player() -> None:
    response = calculate({"system": "lichess", "rating": 1500, "games": []})
    assert ("blitz", 1500, 500, 0.09, True) == (response["speed"], response["new_rating"], response["new_rd"],
                                                 response["new_volatility"], response["provisional"])


def test_a_player_at_the_floor_stays_at_400_after_a_loss() -> None:
    response = calculate(request(400, 200, 0.06, (900, 60, 0)))
    assert (400, 0) == (response["new_rating"], response["change"])


def test_a_rating_below_400_counts_as_400() -> None:
    """Perf.toGlickoPlayer caps both players before the game."""
    low = calculate(request(1500, 80, 0.06, (250, 80, 1)))
    floor = calculate(request(1500, 80, 0.06, (400, 80, 1)))
    assert low["new_rating_exact"] == floor["new_rating_exact"]


@pytest.mark.parametrize(("rd", "provisional"), [(110, True), (109.99, False)])
def test_provisional_from_an_rd_of_110(rd: float, provisional: bool) -> None:
    assert provisional is calculate(request(1500, rd, 0.06))["provisional"]


@given(ratings, lichess_rds, lichess_volatilities, lichess_games, speeds)
def test_lichess_keeps_its_bounds(rating: float, rd: float, sigma: float, games: list[GlickoGame], speed: str) -> None:
    after = rate_lichess(rating, rd, sigma, games, LichessRules(speed)).after
    assert 45 <= after.deviation <= 500 and after.rating >= 400 and after.volatility <= 0.1


@given(ratings, lichess_rds, lichess_volatilities, ratings, lichess_rds, scores)
def test_lichess_a_game_never_raises_the_rd(rating: float, rd: float, sigma: float, opponent: float,
                                            opponent_rd: float, score: float) -> None:
    assume(rating < 3300)  # else 700 points could reach 4000, which lila resets to a new player's 1500 / 500
    assert rate_lichess(rating, rd, sigma, [GlickoGame(opponent, opponent_rd, score)]).after.deviation <= rd


def test_lichess_resets_a_rating_of_4000_to_a_new_players() -> None:
    """Perf.addOrReset: a result failing Glicko.sanityCheck (rating under 4000) is replaced by Glicko.default."""
    response = calculate(request(3990, 200, 0.06, (3990, 200, 1)))
    assert (1500, 500, 0.09) == (response["new_rating"], response["new_rd"], response["new_volatility"])


@given(ratings, lichess_rds, lichess_volatilities, ratings, lichess_rds, speeds)
def test_lichess_a_win_never_lowers_the_shown_rating(rating: float, rd: float, sigma: float, opponent: float,
                                                     opponent_rd: float, speed: str) -> None:
    assume(rating < 3300)  # else 700 points could reach 4000, which lila resets to a new player's 1500
    r = rate_lichess(rating, rd, sigma, [GlickoGame(opponent, opponent_rd, 1)], LichessRules(speed))
    assert r.after.shown >= r.before.shown


@given(ratings, lichess_rds, lichess_volatilities, ratings, lichess_rds)
def test_lichess_a_loss_never_raises_the_rating(rating: float, rd: float, sigma: float, opponent: float,
                                                opponent_rd: float) -> None:
    assume(rating >= 400)  # a rating under the floor is raised to 400 before any game
    r = rate_lichess(rating, rd, sigma, [GlickoGame(opponent, opponent_rd, 0)])
    assert r.after.rating <= rating


GOOD = request(1500, 80, 0.06, (1400, 60, 1), (1400, 60, 1), (1400, 60, 1))
GAMES = GOOD["games"]

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("rating missing", {**GOOD, "rating": None}, "rating", "required"),
    ("rating too high", {**GOOD, "rating": 5000}, "rating", "out_of_range"),
    ("rd negative", {**GOOD, "player": {"rd": -5}}, "player.rd", "out_of_range"),
    ("rd under 45", {**GOOD, "player": {"rd": 44}}, "player.rd", "out_of_range"),
    ("rd over 500", {**GOOD, "player": {"rd": 501}}, "player.rd", "out_of_range"),
    ("volatility over 0.1", {**GOOD, "player": {"volatility": 0.2}}, "player.volatility", "out_of_range"),
    ("volatility text", {**GOOD, "player": {"volatility": "high"}}, "player.volatility", "not_a_number"),
    ("speed blitzkrieg", {**GOOD, "settings": {"speed": "blitzkrieg"}}, "settings.speed", "not_a_choice"),
    ("settings a string", {**GOOD, "settings": "fast"}, "settings", "not_an_object"),
    ("third opponent rd missing", {**GOOD, "games": [*GAMES[:2], {"opponent": 1400, "score": 1}]},
     "games[2].opponent_rd", "required"),
    ("opponent rd under 45", {**GOOD, "games": [{"opponent": 1400, "opponent_rd": 30, "score": 1}]},
     "games[0].opponent_rd", "out_of_range"),
    ("opponent rd text", {**GOOD, "games": [{"opponent": 1400, "opponent_rd": "?", "score": 1}]},
     "games[0].opponent_rd", "not_a_number"),
    ("opponent missing", {**GOOD, "games": [{"opponent_rd": 60, "score": 1}]}, "games[0].opponent", "required"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_good_request_of_the_table_is_valid() -> None:
    assert calculate(GOOD)["ok"]


def test_a_rating_under_lichess_floor_is_a_field_error() -> None:
    """lila keeps every rating at 400 or more: 300 is a typing mistake, not a +100 'change'."""
    game = {"opponent": 1500, "score": 1, "opponent_rd": 60}
    response = calculate({"system": "lichess", "rating": 300, "games": [game]})
    assert [("rating", "out_of_range")] == [(e["field"], e["code"]) for e in response["errors"]]
