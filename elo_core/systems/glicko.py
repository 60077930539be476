"""Glickman's Glicko system (Glicko-1), as "The Glicko system" (Mark E. Glickman, Boston
University, glicko.net/glicko/glicko.pdf) specifies it; chess.com says it rates with Glicko.

A player has a rating r and a rating deviation RD. Step 1 raises the RD for the time since the
player's last rating period; step 2 rates every game of the period at once, from the ratings and
RDs at its onset. Equation references are to the paper's steps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    Ledger,
    Output,
    Problems,
    performance_answer,
    read_games,
    read_number,
    read_object,
    read_required_rating,
    whole,
)
from ..words.errors import show
from ..words.model import MAX_GAMES, MAX_RATING, MIN_RATING, Game, Score

Q = math.log(10) / 400
"""Step 2: q = ln 10 / 400 = 0.0057565."""
MAX_RD = 350
"""Step 1: the RD of an unrated player, and the most an RD grows to."""
MIN_RD = 1
"""The smallest RD accepted (the formulas divide by RD²); the paper sets no floor."""
DEFAULT_C = 34.6
"""Step 1's example: c = sqrt((350² - 50²) / 100) = 34.6, so that an RD of 50 grows back to 350
in 100 rating periods without games."""
MAX_C = 350
MAX_PERIODS = 1000


@dataclass(frozen=True)
class GlickoRules:
    """The system's constant (step 1)."""

    c: float = DEFAULT_C
    """How fast uncertainty grows between periods: RD² gains c² per period without games."""


class GlickoGame(NamedTuple):
    """One game of the rating period."""

    opponent: float
    """The opponent's rating r_j at the onset of the period."""
    opponent_rd: float
    """The opponent's RD_j at the onset of the period."""
    score: Score
    """s_j: 1 a win, 0.5 a draw, 0 a loss."""


class GlickoGameResult(NamedTuple):
    """One game as it was rated (by Glicko-1 or Glicko-2: both weigh a game by g of the opponent's RD)."""

    opponent: float
    opponent_rd: float
    score: Score
    g: float
    """g(RD_j) (Glicko-1 step 2; Glicko-2 step 3, of φ_j)."""
    expected: float
    """E(s | r, r_j, RD_j) (Glicko-1 step 2; Glicko-2 step 3)."""
    change: float
    """This game's part of r' - r. Glicko-1: q / (1/RD² + 1/d²) · g(RD_j) · (s_j - E_j);
    Glicko-2: 173.7178 · φ'² · g(φ_j) · (s_j - E_j)."""


@dataclass(frozen=True)
class GlickoResult:
    """The outcome of one rating period."""

    rating: float
    """r before the period."""
    rd: float
    """The RD as entered (at the end of the player's last period)."""
    onset_rd: float
    """Step 1: the RD at the onset of this period, raised for the time since the last one."""
    games: tuple[GlickoGameResult, ...] = field(repr=False)
    score: float
    expected: float
    """The sum of E_j."""
    d2: float | None
    """Step 2's d², the variance of the rating from the games alone (None without games)."""
    change: float
    new_rating: float
    new_rd: float


def onset_rd(rd: float, c: float, periods: float) -> float:
    """Step 1: RD = min(sqrt(RD_old² + c² t), 350), t the rating periods since the last one.

    >>> round(onset_rd(50, 34.6, 100)), onset_rd(300, 34.6, 100)
    (350, 350.0)
    """
    return min(math.sqrt(rd * rd + c * c * periods), float(MAX_RD))


def g(rd: float) -> float:
    """Step 2: g(RD) = 1 / sqrt(1 + 3 q² RD² / π²).

    >>> round(g(30), 4), round(g(100), 4), round(g(300), 4)
    (0.9955, 0.9531, 0.7242)
    """
    return 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * rd * rd / (math.pi * math.pi))


def expected_score(rating: float, opponent: float, opponent_rd: float) -> float:
    """Step 2: E(s | r, r_j, RD_j) = 1 / (1 + 10^(-g(RD_j) (r - r_j) / 400)).

    >>> round(expected_score(1500, 1400, 30), 3)
    0.639
    """
    return 1.0 / (1.0 + math.pow(10.0, -g(opponent_rd) * (rating - opponent) / 400.0))


def rate_glicko(rating: float, rd: float, games: Sequence[GlickoGame], rules: GlickoRules = GlickoRules(),
                *, periods: float = 1.0) -> GlickoResult:
    """Rate one rating period: step 1 for the `periods` since the last one, then step 2.

    Inputs are taken as checked (the JSON contract checks them; see `GlickoSystem.read`).
    Glickman's example, whose RD of 200 is already the onset RD (no time has passed):

    >>> r = rate_glicko(1500, 200, [GlickoGame(1400, 30, 1), GlickoGame(1550, 100, 0), GlickoGame(1700, 300, 0)],
    ...                 periods=0)
    >>> round(r.new_rating), round(r.new_rd, 1)
    (1464, 151.4)
    """
    rd0 = onset_rd(rd, rules.c, periods)
    if not games:
        # Step 1 alone: a period without games only adds uncertainty.
        return GlickoResult(rating, rd, rd0, (), 0.0, 0.0, None, 0.0, rating, rd0)
    parts = []
    information = 0.0
    for opp, opp_rd, s in games:
        gj = g(opp_rd)
        e = 1.0 / (1.0 + math.pow(10.0, -gj * (rating - opp) / 400.0))
        information += gj * gj * e * (1.0 - e)
        parts.append((opp, opp_rd, s, gj, e))
    # Step 2: d² = (q² Σ g(RD_j)² E_j (1 - E_j))⁻¹.
    d2 = 1.0 / (Q * Q * information)
    precision = 1.0 / (rd0 * rd0) + 1.0 / d2
    # Step 2: r' = r + q / (1/RD² + 1/d²) Σ g(RD_j)(s_j - E_j), one term per game.
    weight = Q / precision
    results = tuple(GlickoGameResult(opp, opp_rd, s, gj, e, weight * gj * (s - e))
                    for opp, opp_rd, s, gj, e in parts)
    change = sum(r.change for r in results)
    return GlickoResult(
        rating=rating, rd=rd, onset_rd=rd0, games=results,
        score=sum(s for _, _, s in games), expected=sum(r.expected for r in results), d2=d2,
        change=change, new_rating=rating + change,
        # Step 2: RD' = sqrt((1/RD² + 1/d²)⁻¹).
        new_rd=math.sqrt(1.0 / precision),
    )


# ---- reading what every Glicko-family system reads --------------------------------------------


def read_opponent_rds(value: Any, problems: Problems, *, low: float, high: float) -> list[float]:
    """Each game's `opponent_rd` (required, in [low, high]); a problem names `games[i].opponent_rd`.
    Games that are not objects, or too many of them, are `read_games`'s to report."""
    if not isinstance(value, list) or len(value) > MAX_GAMES:
        return []
    rds: list[float] = []
    for i, item in enumerate(value):
        if isinstance(item, dict):
            rd = read_number(item, "opponent_rd", f"games[{i}].opponent_rd", problems,
                             what=f"the opponent's RD in game {i + 1}", low=low, high=high)
            if rd is not None:
                rds.append(rd)
    return rds


def read_rated_games(request: dict[str, Any], problems: Problems, *, low: float,
                     high: float) -> list[tuple[Game, float]]:
    """The games with their opponents' RDs (complete only when `problems` is empty)."""
    games = read_games(request.get("games"), problems, whole=False)
    rds = read_opponent_rds(request.get("games"), problems, low=low, high=high)
    return list(zip(games, rds))


# ---- Glicko behind the JSON contract (`calculate`, the CLI, the widget) -------------------------


class GlickoAnswer(EventAnswer, total=False):
    new_rd: float
    onset_rd: float
    c: float
    periods: float


ANSWERED_RATINGS = (2 * MIN_RATING - MAX_RATING, 2 * MAX_RATING - MIN_RATING)
"""The new ratings `calculate` answers in Glicko and Glicko-2: at most as far outside 0-4000 as the
scale is wide. The papers bound no rating, and one outside 0-4000 can be their honest answer (a
player rated 0 who loses goes below 0; ten losses of a 4000 with RD 350 to players rated 0 with RD 1
give -3058 in Glicko-2). Further out, the games are too far from what the ratings predict for one
rating period: 10 000 such losses of a 4000 with RD 1 made Glicko-2's σ' 5e8 and its new rating
-1.7e12; Glicko's gave -4.7e6 from RD 350. Such a period is refused (lichess instead bounds each
game's change and resets a rating outside 0-4000; see `rate_lichess_game`)."""


def answered(new_rating: float, system: str, problems: Problems) -> bool:
    """Whether a period's new rating is one `calculate` answers (`ANSWERED_RATINGS`); else the
    period is refused, said for the request as a whole (field "")."""
    low, high = ANSWERED_RATINGS
    if low <= new_rating <= high:
        return True
    problems.add("", "not_supported", f"these games are too far from what the ratings predict for {system} to "
                 f"rate them as one rating period: they give a new rating of {show(new_rating)}",
                 value=show(new_rating), min=low, max=high)
    return False


@dataclass(frozen=True)
class GlickoInputs:
    period: GlickoResult
    """The period, rated as the request is read: one outside `ANSWERED_RATINGS` is refused there."""
    periods: float
    rules: GlickoRules


class GlickoSystem:
    """Glicko-1: a rating and an RD; all the games of the request form one rating period."""

    name = "glicko"
    capabilities = Capabilities(ledger=Ledger("glicko", rd=350.0))
    places = 0
    """Whole numbers, as the paper's example reports r' (1464) and as chess.com shows ratings."""
    outputs: tuple[Output, ...] = (Output("new_rd", 1, of_new_rating=True),)
    display = Display()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("player.rd", "number", low=MIN_RD, high=MAX_RD, default=MAX_RD,
              help="glicko: your rating deviation at the end of your last rating period (350: unrated)"),
        Field("player.periods", "number", low=0, high=MAX_PERIODS, default=1,
              help="glicko: rating periods since your last one (step 1 raises the RD for them)"),
        Field("settings.c", "number", low=0, high=MAX_C, default=DEFAULT_C,
              help="glicko: the constant c of step 1 (how fast the RD grows without games)"),
        Field("games[].opponent_rd", "number", low=MIN_RD, high=MAX_RD, required=True,
              help="glicko: each opponent's rating deviation"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> GlickoInputs | None:
        rating = read_required_rating(request, problems, "Glicko")
        games = read_rated_games(request, problems, low=MIN_RD, high=MAX_RD)
        player = read_object(request, "player", problems)
        rd = read_number(player, "rd", "player.rd", problems, what="your RD", low=MIN_RD, high=MAX_RD,
                         default=MAX_RD)
        periods = read_number(player, "periods", "player.periods", problems,
                              what="the rating periods since your last one", low=0, high=MAX_PERIODS, default=1)
        settings = read_object(request, "settings", problems)
        c = read_number(settings, "c", "settings.c", problems, what="the constant c", low=0, high=MAX_C,
                        default=DEFAULT_C)
        if problems or rating is None or rd is None or periods is None or c is None:
            return None
        rules = GlickoRules(c=c)
        period = rate_glicko(rating, rd, [GlickoGame(o, d, s) for (o, s), d in games], rules, periods=periods)
        return GlickoInputs(period, periods, rules) if answered(period.new_rating, "Glicko", problems) else None

    def answer(self, inputs: GlickoInputs) -> GlickoAnswer:
        r = inputs.period
        return {
            "rating": whole(r.rating),
            "games": glicko_games(r.rating, r.games),
            "score": r.score,
            "expected": r.expected,
            "change": r.change,
            "new_rating": r.new_rating,
            "new_rd": r.new_rd,
            "onset_rd": r.onset_rd,
            "c": whole(inputs.rules.c),
            "periods": whole(inputs.periods),
            "performance": performance_answer(None, "not_defined"),
        }


def glicko_games(rating: float, games: Sequence[GlickoGameResult]) -> list[GameAnswer]:
    """Each game's answer; `rating_after` adds the changes so far to the pre-period rating."""
    answers: list[GameAnswer] = []
    after = rating
    for game in games:
        after += game.change
        answers.append({"opponent": whole(game.opponent), "score": game.score, "difference": rating - game.opponent,
                        "expected": game.expected, "change": game.change, "rated": True, "rating_after": after})
    return answers


GLICKO = GlickoSystem()
