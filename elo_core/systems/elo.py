"""Generic Elo (FIDE-RULES section 1): the logistic formula, for any sport."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import accumulate
from operator import add
from typing import Any, cast

from ..contract import (
    GAME_COLUMNS,
    Capabilities,
    Column,
    Display,
    EventAnswer,
    Field,
    Ledger,
    Output,
    Problems,
    blank,
    event_answer,
    performance_answer,
    read_choice,
    read_flag,
    read_games,
    read_k,
    read_required_rating,
)
from ..words.model import (
    CAP_400,
    ELO_SCALE,
    MAX_POINTS,
    UPDATES,
    EloRules,
    EventResult,
    Game,
    Performance,
    check_game_count,
    check_k,
    check_rating,
    check_score,
    game_results,
)
from .league_facts import MARGIN_CHOICES, PRESET_CHOICES, VENUE_CHOICES, League, at_venue, league_answer, read_league
from .needs import FIELDS as NEEDS_FIELDS
from .needs import Asked, Needs, needs_answer, read_needs, scored

SCALE = ELO_SCALE
"""A difference of SCALE points means 10:1 odds (the constant of the formula)."""
CAP = float(CAP_400)


def expected(rating: float, opponent: float, cap_400: bool) -> float:
    """Elo's expected score, unchecked (the ladder's replay calls it for each game)."""
    d = _capped(rating - opponent) if cap_400 else rating - opponent
    return 1.0 / (1.0 + float(10.0 ** (-d / SCALE)))


def expected_score(rating: float, opponent: float, *, cap_400: bool = False) -> float:
    """The expected score of a player rated `rating` against `opponent`.

    E = 1 / (1 + 10 ** ((opponent - rating) / 400)); with `cap_400`, a
    difference over 400 counts as 400.

    >>> round(expected_score(1750, 1810), 4)
    0.4145
    """
    check_rating(rating, whole=False)
    check_rating(opponent, whole=False, what="the opponent's rating")
    return expected(rating, opponent, cap_400)


def rate_elo(rating: float, games: Sequence[Game], rules: EloRules) -> EventResult:
    """Rate an event with generic Elo: per game K x (S - E), summed.

    With `rules.update == "event"` every game uses the pre-event rating; with
    "sequential" game i uses the rating after game i-1.
    """
    check_rating(rating, whole=False)
    check_game_count(len(games))
    check_k(rules.k, whole=False)
    for g in games:
        check_rating(g.opponent, whole=False, what="the opponent's rating")
        check_score(g.score)
    return rate_elo_checked(rating, [Game(g.opponent, float(g.score)) for g in games], rules)


def rate_elo_checked(rating: float, games: Sequence[Game], rules: EloRules) -> EventResult:
    """`rate_elo` for inputs already checked.

    Computed a column at a time (10 000 games on every keystroke in the widget): in "event" mode
    each different difference's expected score is computed once. Every sum adds in game order, as
    a loop would, so the figures are the same to the last bit."""
    k = rules.k
    opponents = [g[0] for g in games]
    scores = [g[1] for g in games]
    if rules.update == "sequential":
        differences, expected, changes, after = [], [], [], []
        current = rating
        for opp, s in games:
            d = _capped(current - opp) if rules.cap_400 else current - opp
            e = 1.0 / (1.0 + 10.0 ** (-d / SCALE))
            change = k * (s - e)
            current += change
            differences.append(d)
            expected.append(e)
            changes.append(change)
            after.append(current)
    else:
        differences = [rating - opp for opp in opponents]
        if rules.cap_400:
            differences = list(map(_capped, differences))
        of = {d: 1.0 / (1.0 + 10.0 ** (-d / SCALE)) for d in set(differences)}
        expected = list(map(of.__getitem__, differences))
        changes = [k * (s - e) for s, e in zip(scores, expected)]
        after = list(accumulate(changes, initial=rating))[1:]
    n = len(opponents)
    columns = (opponents, scores, differences, expected, changes, [True] * n, after, [None] * n)
    total_change = reduce(add, changes, 0.0)
    return EventResult(
        rating=rating,
        k=k,
        k_rule="given",
        k_before_700=k,
        games=game_results(columns),
        score=reduce(add, scores, 0.0),
        expected=reduce(add, expected, 0.0),
        change=total_change,
        change_exact=total_change,
        new_rating=rating + total_change,
        columns=columns,
    )


def _capped(d: float) -> float:
    """A difference over 400 points counted as 400 (the optional 400-point rule, FIDE-RULES section 1)."""
    return CAP if d > CAP else -CAP if d < -CAP else d


def elo_performance(games: Iterable[Game]) -> Performance:
    """The rating at which the logistic expected total equals the actual score.

    Undefined for a 0 % or 100 % score (no finite rating fits). Solved by Newton
    steps kept inside a bracket, falling back to bisection.

    >>> elo_performance([Game(1500, 1.0), Game(1700, 0.0)]).rating
    1600.0
    """
    gs = list(games)
    if not gs:
        return Performance(None, "no_games")
    n = len(gs)
    score = sum(g.score for g in gs)
    if score <= 0:
        return Performance(None, "zero_score")
    if score >= n:
        return Performance(None, "perfect_score")
    counts = Counter(float(g.opponent) for g in gs).items()
    # Every opponent at the lowest (highest) rating brackets the answer.
    offset = SCALE * math.log10(score / (n - score))
    lo = min(o for o, _ in counts) + offset
    hi = max(o for o, _ in counts) + offset
    r = (lo + hi) / 2
    slope_unit = math.log(10) / SCALE
    for _ in range(100):
        total = 0.0
        slope = 0.0
        for opp, c in counts:
            e = 1.0 / (1.0 + 10.0 ** ((opp - r) / SCALE))
            total += c * e
            slope += c * e * (1.0 - e)
        f = total - score
        if f > 0:
            hi = r
        else:
            lo = r
        if abs(f) < 1e-10 * n or hi - lo < 1e-9:
            break
        step = r - f / (slope * slope_unit) if slope > 0 else lo
        r = step if lo < step < hi else (lo + hi) / 2
    return Performance(r, "logistic")


# ---- generic Elo behind the JSON contract (`calculate`, the CLI, the widget) --------------------


class EloAnswer(EventAnswer, total=False):
    needs: Needs
    update: str
    cap_400: bool
    k: float
    k_rule: str
    k_reason: str
    k_before_700: float
    rule_700: bool
    rated_games: int
    change_exact: float


@dataclass(frozen=True)
class EloInputs:
    rating: float
    games: list[Game]
    rules: EloRules
    league: League | None = None
    """A league's facts and rules (`league_facts`), when the request has any: each game's venue, score and K."""
    asked: Asked | None = None
    """What do I need: a rating to reach, a norm (`needs`); None: nothing asked."""


class EloSystem:
    """Generic Elo for any sport: a rating and a K are needed, any decimals allowed."""

    name = "elo"
    places = 1
    outputs: tuple[Output, ...] = ()
    # A league's game also shows the home advantage its expected score took (`league_facts`).
    display = Display(columns=(GAME_COLUMNS[0], Column("home_advantage", 0, sign=True, trim=True, optional=True),
                               *GAME_COLUMNS[1:]), together=True, notes=("k_used", "needs"), chart_by="update")
    capabilities = Capabilities(tournament="k", ledger=Ledger("k"))
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("k", "k", required=True),
        Field("update", "choice", choices=UPDATES, follows=("league", "sequential"),
              help="elo: every game from the pre-event rating (event) or game by game (sequential; "
                   "the default for a league's games)"),
        Field("cap_400", "bool", help="elo: count differences over 400 as 400"),
        # A league's (league_facts): offered in the widget once `league` is ticked, so that a chess player's games
        # keep two fields; the command line takes each as it is (a league's fact or rule alone makes a league).
        Field("league", "bool", help="elo: a league's games: each game's venue, score and K, a preset and its rules"),
        Field("preset", "choice", choices=PRESET_CHOICES, group="league", when=("league",),
              help="elo: a league's published rules (its home advantage and margin of victory)"),
        Field("home_advantage", "number", low=0, high=1000, group="league", when=("league",),
              help="elo: rating points a side at home adds for its expected score (blank: the preset's, else 0)"),
        Field("margin", "choice", choices=MARGIN_CHOICES, group="league", when=("league",),
              help="elo: the margin-of-victory multiplier of K (the preset's by default)"),
        Field("games[].venue", "choice", choices=VENUE_CHOICES, when=("league",),
              help="elo: each game's venue, from your side"),
        Field("games[].points_for", "number", low=0, high=MAX_POINTS, whole=True, when=("league",),
              help="elo: each game's score, your side's points (goals, sets, frames)"),
        Field("games[].points_against", "number", low=0, high=MAX_POINTS, whole=True, when=("league",),
              help="elo: each game's score, the opponent's points"),
        Field("games[].k", "number", low=1e-9, high=1000, when=("league",),
              help="elo: each game's own K (its weight; blank: K)"),
        *NEEDS_FIELDS,
    )

    def read(self, request: dict[str, Any], problems: Problems) -> EloInputs | None:
        k = None
        rating = read_required_rating(request, problems, "Elo")
        if blank(request.get("k")):
            problems.add("k", "required", "the K-factor is required in Elo mode")
        else:
            k = read_k(request["k"], problems, whole=False)
        games = read_games(request.get("games"), problems, whole=False)
        cap_400 = read_flag(request, "cap_400", "cap_400", problems)
        league = read_league(request, games, problems)
        # A league's games are rated game by game unless said otherwise, as eloratings.net and FiveThirtyEight rate
        # (the field's `follows`).
        update = ("sequential" if league is not None and blank(request.get("update"))
                  else read_choice(request, "update", "update", UPDATES, problems))
        asked = read_needs(request, problems)
        if problems or rating is None or k is None:
            return None
        return EloInputs(rating, games, EloRules(k=k, cap_400=cap_400, update=update),  # type: ignore[arg-type]
                         league, asked if asked["target"] is not None or asked["norm"] is not None else None)

    def answer(self, inputs: EloInputs) -> EloAnswer:
        performance = elo_performance(inputs.games if inputs.league is None else at_venue(inputs.games, inputs.league))
        if inputs.league is not None:
            answer = cast(EloAnswer, {**league_answer(inputs.rating, inputs.games, inputs.rules, inputs.league),
                                      "performance": performance_answer(performance.rating, performance.reason)})
        else:
            result = rate_elo_checked(inputs.rating, inputs.games, inputs.rules)
            answer = cast(EloAnswer, {"update": inputs.rules.update, "cap_400": inputs.rules.cap_400,
                                      **event_answer(result), "k_reason": "K as given",
                                      "performance": performance_answer(performance.rating, performance.reason)})
        if inputs.asked is not None:
            answer["needs"] = self._needs(inputs, inputs.asked)
        return answer

    @staticmethod
    def _needs(inputs: EloInputs, asked: Asked) -> Needs:
        """What do I need: from the pre-event rating the new rating rests on the games' total score alone; game by
        game, or a league's games (each its own K and margin), it rests on which games are won (`order`). A league's
        games without a venue, a score or a K of their own are plain Elo's: the box ticked alone refused a target
        (hp114)."""
        games, league = inputs.games, inputs.league
        own = league is not None and any(f.venue != "neutral" or f.points is not None or f.k is not None
                                         for f in league.facts)
        if own or inputs.rules.update == "sequential":
            return needs_answer(asked, len(games), None, [g.opponent for g in games], "league" if own else "order")

        def new_rating(s2: int) -> float:
            return inputs.rating + rate_elo_checked(inputs.rating, scored(games, s2), inputs.rules).change

        return needs_answer(asked, len(games), new_rating, [g.opponent for g in games])


ELO = EloSystem()
