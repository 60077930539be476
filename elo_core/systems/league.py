"""A league's Elo (FIDE-RULES 1.1): the venue, the score and the weight of a game, and seasons; the published presets.

Elo with three additions, as the best-known team ratings use it (World Football Elo, FiveThirtyEight's NFL Elo):
- home advantage H: the home side's expectation is computed from its rating + H (0 at a neutral venue); the
  ratings themselves never hold H;
- a margin-of-victory multiplier M of K: change = K x M x (S - E), S from the score (win 1, draw 0.5, loss 0);
- seasons: at a team's first game of a new season, R <- R + f x (mean - R).

Every rule's default changes nothing: H 0, no margin, f 0. A game without a score (a chess result, a `W`) has M 1.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from ..words.model import CAP_400, ELO_SCALE

SCALE, CAP = ELO_SCALE, float(CAP_400)

Venue = Literal["home", "away", "neutral"]
VENUES: tuple[Venue, ...] = ("home", "away", "neutral")
Margin = Literal["none", "world-football", "fivethirtyeight"]
MARGINS: tuple[Margin, ...] = ("none", "world-football", "fivethirtyeight")
MAX_HOME_ADVANTAGE = 1000.0
"""Rating points: no sport's home side is worth more (World Football's is 100, the NFL's 65)."""


@dataclass(frozen=True)
class LeagueRules:
    """How a league's games change ratings, beside Elo's K: each rule's default changes nothing."""

    home_advantage: float = 0.0
    margin: Margin = "none"
    season_regression: float = 0.0
    """f: the part of the way to `season_mean` a team's rating goes at its first game of a new season."""
    season_mean: float = 1500.0
    match_types: dict[str, float] = field(default_factory=dict)
    """A match type's K by its name (a game's type is matched by `type_key`): a preset's, World Football's friendly
    20."""

    @cached_property
    def k_by_type(self) -> dict[str, float]:
        """`match_types` by `type_key` of each name."""
        return {type_key(name): k for name, k in self.match_types.items()}

    @property
    def plain(self) -> bool:
        """Whether the rules change nothing of Elo (no home advantage, margin or season's regression)."""
        return not self.home_advantage and self.margin == "none" and not self.season_regression


@dataclass(frozen=True)
class Preset:
    """Named rules that reproduce a published rating: a preset fills the rules; any of them can then be changed."""

    name: str
    k: float
    rules: LeagueRules
    source: str
    season_start: tuple[int, int] = (1, 1)
    """(month, day): the day each season starts, for a file without a season column (a season is a year by default;
    the NFL's runs from September to February)."""


def type_key(name: str) -> str:
    """A match type as the rules know it: lower case, without accents, letters and digits only (`World Cup final`,
    `world-cup-final` and `WORLD_CUP_FINAL` are one type)."""
    text = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c))


WORLD_FOOTBALL_TYPES = {
    "world-cup-final": 60.0,
    "continental-final": 50.0, "intercontinental": 50.0,
    "world-cup-qualifier": 40.0, "continental-qualifier": 40.0, "major-tournament": 40.0,
    "tournament": 30.0,
    "friendly": 20.0,
}
"""eloratings.net's weights: K 60 for World Cup finals; 50 for continental championship finals and major
intercontinental tournaments; 40 for World Cup and continental qualifiers and major tournaments; 30 for all other
tournaments; 20 for friendly matches."""

PRESETS: dict[str, Preset] = {
    "club": Preset("club", 32.0, LeagueRules(), "plain Elo: K 32, no home advantage, margin or seasons"),
    "world-football": Preset("world-football", 30.0, LeagueRules(
        home_advantage=100.0, margin="world-football", match_types=WORLD_FOOTBALL_TYPES),
        "World Football Elo Ratings, eloratings.net/about: K by the match's type (a game without one is an "
        "'other tournament', K 30), home advantage 100, the goal difference's multiplier"),
    "fivethirtyeight-nfl": Preset("fivethirtyeight-nfl", 20.0, LeagueRules(
        home_advantage=65.0, margin="fivethirtyeight", season_regression=1 / 3, season_mean=1505.0),
        "FiveThirtyEight's NFL Elo, github.com/fivethirtyeight/nfl-elo-game forecast.py: K 20, home advantage 65, "
        "the margin multiplier with its autocorrelation term, a third of the way back to 1505 between seasons (a "
        "season starts on 1 August, where the file has no season column)", season_start=(8, 1)),
}
"""The presets by name (`club` is the plain default)."""


def margin_multiplier(margin: Margin, points_for: float | None, points_against: float | None,
                      winner_diff: float) -> float:
    """M, the multiplier of K for a game's margin m = |for - against| (1 without a score or without a margin rule).

    `world-football`: 1 for m <= 1 (a draw too), 1.5 for 2, 1.75 for 3, 1.75 + (m - 3) / 8 from 4.
    `fivethirtyeight`: ln(max(m, 1) + 1) x 2.2 / (0.001 x winner_diff + 2.2), `winner_diff` the winner's rating
    difference with the home advantage in it; for a draw 2.2 / 1.0, as FiveThirtyEight's code computes it. The
    divisor is never less than the draw's 1.0 (a winner 1200 or more below its opponent): theirs reaches 0 at 2200
    below (a division by zero), and past that a win would lose points.

    >>> [margin_multiplier("world-football", m, 0, 0) for m in (0, 1, 2, 3, 4, 6)]
    [1.0, 1.0, 1.5, 1.75, 1.875, 2.125]
    >>> round(margin_multiplier("fivethirtyeight", 48, 0, 268.947), 6)
    3.467877
    >>> margin_multiplier("fivethirtyeight", 3, 0, -2200) == margin_multiplier("fivethirtyeight", 3, 0, -1300)
    True
    """
    if margin == "none" or points_for is None or points_against is None:
        return 1.0
    m = abs(points_for - points_against)
    if margin == "world-football":
        return 1.0 if m <= 1 else 1.5 if m == 2 else 1.75 + (m - 3) / 8
    divisor = 1.0 if m == 0 else max(1.0, winner_diff * 0.001 + 2.2)
    return math.log(max(m, 1) + 1.0) * (2.2 / divisor)


def home_points(venue: Venue, rules: LeagueRules) -> tuple[float, float]:
    """The points of home advantage the rated side and its opponent each add to their rating for the expectation."""
    if venue == "home":
        return rules.home_advantage, 0.0
    if venue == "away":
        return 0.0, rules.home_advantage
    return 0.0, 0.0


def league_game(k: float, rating: float, opponent: float, score: float, venue: Venue, rules: LeagueRules,
                points_for: float | None = None, points_against: float | None = None,
                cap_400: bool = False) -> tuple[float, float, float]:
    """One game of the rated side: its expected score (home advantage in it), the margin's multiplier, and its
    change K x M x (S - E).

    A friendly at home, 1800 v 1700, 3-0 (World Football: K 20, H 100):
    >>> e, m, change = league_game(20, 1800, 1700, 1.0, "home", PRESETS["world-football"].rules, 3, 0)
    >>> round(e, 6), m, round(change, 4)
    (0.759747, 1.75, 8.4089)
    """
    # One call a game (the ladder's replay calls it for each of 100 000): `home_points`, `elo.expected` and
    # `margin_multiplier` written out here, as they are written above (a test holds them equal).
    # Operators where a builtin would be called (abs, max, float: a call is slow in Pyodide).
    h = rules.home_advantage if venue != "neutral" else 0.0
    diff = rating - opponent + (h if venue == "home" else -h)
    if cap_400:
        diff = CAP if diff > CAP else -CAP if diff < -CAP else diff
    e = 1.0 / (1.0 + 10.0 ** (-diff / SCALE))
    margin = rules.margin
    if margin == "none" or points_for is None or points_against is None:
        return e, 1.0, k * (score - e)
    m = points_for - points_against if points_for > points_against else points_against - points_for
    if margin == "world-football":
        multiplier = 1.0 if m <= 1 else 1.5 if m == 2 else 1.75 + (m - 3) / 8
    else:
        winner = rating - opponent + (h if venue == "home" else -h)  # uncapped, as FiveThirtyEight's
        winner = winner if score >= 0.5 else -winner
        divisor = 1.0 if m == 0 else winner * 0.001 + 2.2
        multiplier = math.log((m or 1) + 1.0) * (2.2 / (divisor if divisor > 1.0 else 1.0))
    return e, multiplier, k * multiplier * (score - e)


def chances(rating: float, opponent: float, venue: Venue, rules: LeagueRules,
            draw_scale: float | None) -> dict[str, float | None]:
    """The rated side's chances of a win, a draw and a loss against `opponent` at `venue`: E with the home advantage
    in it; P(draw) = 2 x draw_scale x min(E, 1 - E) (a league's own draws: `ladder.DrawModel`), and the rest shared
    so that P(win) + P(draw) / 2 = E. Without a scale (no draw to learn from), no draw chance: win E, loss 1 - E.

    >>> chances(1500, 1500, "neutral", LeagueRules(), 0.5)
    {'expected': 0.5, 'win': 0.25, 'draw': 0.5, 'loss': 0.25}
    >>> chances(1500, 1500, "home", LeagueRules(home_advantage=400), None)["win"]
    0.9090909090909091
    """
    e = league_game(1.0, rating, opponent, 0.5, venue, rules)[0]
    if draw_scale is None:
        return {"expected": e, "win": e, "draw": None, "loss": 1.0 - e}
    draw = 2 * draw_scale * min(e, 1.0 - e)
    return {"expected": e, "win": e - draw / 2, "draw": draw, "loss": 1.0 - e - draw / 2}


def regressed(rating: float, rules: LeagueRules) -> float:
    """A rating at a team's first game of a new season: R + f x (mean - R), as FiveThirtyEight writes it
    (mean x f + R x (1 - f)), so that its published ratings are met to the last digit."""
    f = rules.season_regression
    return rules.season_mean * f + rating * (1 - f) if f else rating
