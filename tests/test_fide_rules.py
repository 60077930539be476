"""FIDE's K-factor rules and their order, the 700 rule, and rounding (FIDE 8.3.3, 8.3.4)."""

from __future__ import annotations

import pytest

from elo_core import FideRules, Game, RatingError, apply_700_rule, fide_k_factor, rate
from elo_core.systems.fide.rules import round_half_away


@pytest.mark.parametrize(
    ("rating", "flags", "expected"),
    [
        (2000, {}, (20, "default")),
        (2000, {"fewer_than_30_games": True}, (40, "fewer_than_30_games")),
        (2299, {"junior": True}, (40, "junior")),
        (2300, {"junior": True}, (20, "default")),
        (2300, {"junior": True, "fewer_than_30_games": True}, (40, "fewer_than_30_games")),
        (2350, {"reached_2400": True, "junior": True, "fewer_than_30_games": True}, (10, "reached_2400")),
        (2399, {}, (20, "default")),
        (2400, {}, (10, "reached_2400")),
        (2200, {"reached_2400": True}, (10, "reached_2400")),
    ],
)
def test_fide_k_factor_rules_in_order(rating: int, flags: dict[str, bool], expected: tuple[int, str]) -> None:
    assert expected == fide_k_factor(rating, **flags)


@pytest.mark.parametrize(
    ("k", "games", "expected"),
    [(20, 39, 17), (40, 17, 40), (40, 18, 38), (20, 35, 20), (20, 36, 19), (10, 70, 10), (10, 71, 9), (30, 24, 29),
     (40, 0, 40), (10, 701, 0)],
)
def test_700_rule(k: int, games: int, expected: int) -> None:
    assert expected == apply_700_rule(k, games)


def test_700_rule_counts_only_rated_games() -> None:
    """18 rapid games at K 40 would give K 38, but one is not rated: 17 games keep K 40."""
    games = [Game(2000, 0.5)] * 17 + [Game(2700, 0)]
    result = rate(2050, games, FideRules(fewer_than_30_games=True, time_control="rapid"))
    assert (40, 17) == (result.k, sum(g.rated for g in result.games))


def test_700_rule_applies_to_a_typed_k() -> None:
    assert 29 == rate(2000, [Game(2000, 0.5)] * 24, FideRules(k=30)).k


@pytest.mark.parametrize(
    ("hundredths", "whole"),
    [(250, 3), (-250, -3), (249, 2), (-249, -2), (251, 3), (50, 1), (-50, -1), (49, 0), (-49, 0), (0, 0), (1700, 17)],
)
def test_round_half_away_from_zero(hundredths: int, whole: int) -> None:
    assert whole == round_half_away(hundredths)


def test_period_change_is_rounded_once_not_per_game() -> None:
    """Two games of +0.4 each: rounded once gives +1 (0.8); per game it would give 0."""
    games = [Game(1900, 1), Game(1900, 1)]  # D capped at 400 -> PD .92, each 5 x 0.08 = +0.4
    result = rate(2600, games, FideRules(k=5))
    assert (1, 0.8) == (result.change, result.change_exact)


def test_rate_refuses_a_fide_rating_with_decimals() -> None:
    with pytest.raises(RatingError, match="whole number"):
        rate(2100.5, [Game(2000, 1)], FideRules())
