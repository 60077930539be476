"""FIDE's rating arithmetic (FIDE-RULES section 2), in integer hundredths.

PD has two decimals and K is whole, so every change is a whole number of
hundredths: integers give the exact value, with no float drift.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from ._contract import (
    EventAnswer,
    Field,
    Output,
    Problems,
    blank,
    event_answer,
    performance_answer,
    read_choice,
    read_flag,
    read_games,
    read_k,
    read_object,
    read_rating,
    whole,
)
from ._model import (
    TIME_CONTROLS,
    EventResult,
    FideRules,
    Game,
    GameResult,
    InitialRating,
    KRule,
    Performance,
    TimeControl,
    check_game_count,
    check_k,
    check_rating,
    check_score,
)
from ._tables import DP_TABLE, PD_BEYOND_TABLE, PD_TABLE

# Table 8.1.2 spelled out for |D| = 0..735: one index per difference instead of a search.
_PD_BY_D = tuple(pd for (low, (high, pd)) in zip((-1, *(b for b, _ in PD_TABLE)), PD_TABLE)
                 for _ in range(low + 1, high + 1))

# FIDE 8.3.1 (amended 1 October 2025): below 2650 a difference over 400 counts as 400.
FULL_DIFFERENCE_FROM = 2650
CAP = 400
# FIDE 8.3.3: the 700 rule.
MAX_K_TIMES_GAMES = 700


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to a whole number, 0.5 up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def round_half_away(hundredths: int) -> int:
    """A value in hundredths rounded to a whole number, 0.5 away from zero (FIDE 8.3.4)."""
    whole, rest = divmod(abs(hundredths), 100)
    if rest >= 50:
        whole += 1
    return whole if hundredths >= 0 else -whole


def difference(rating: int, opponent: int, time_control: TimeControl = "standard") -> int:
    """D = rating - opponent, after the 400-point rule for this player (FIDE 8.3.1).

    In standard play a player rated 2650 or above uses the real difference; rapid
    and blitz cap everyone at 400.
    """
    d = rating - opponent
    if time_control == "standard" and rating >= FULL_DIFFERENCE_FROM:
        return d
    return max(-CAP, min(CAP, d))


def pd_hundredths(d: int) -> int:
    """Table 8.1.2: the expected score for a (capped) difference D, in hundredths."""
    high = _PD_BY_D[abs(d)] if abs(d) < len(_PD_BY_D) else PD_BEYOND_TABLE
    return high if d >= 0 else 100 - high


def fide_expected_score(rating: int, opponent: int, *, time_control: TimeControl = "standard") -> float:
    """The player's expected score under FIDE (table 8.1.2 after the 400-point rule).

    >>> fide_expected_score(1700, 1600)
    0.64
    >>> fide_expected_score(2813, 2400)  # 2650+: real difference, 413
    0.93
    >>> fide_expected_score(2400, 2813)  # below 2650: counts -400
    0.08
    """
    check_rating(rating, whole=True)
    check_rating(opponent, whole=True, what="the opponent's rating")
    return pd_hundredths(difference(int(rating), int(opponent), time_control)) / 100


def fide_k_factor(
    rating: int, *, fewer_than_30_games: bool = False, junior: bool = False, reached_2400: bool = False
) -> tuple[int, KRule]:
    """The K-factor FIDE gives a player (FIDE 8.3.3) and the rule that gave it.

    Order (FIDE-RULES 2.3): reached 2400 -> 10; junior under 2300 -> 40;
    fewer than 30 games -> 40; otherwise 20. A rating of 2400 or more has
    reached 2400.

    >>> fide_k_factor(2250, junior=True)
    (40, 'junior')
    >>> fide_k_factor(2350, reached_2400=True, fewer_than_30_games=True)
    (10, 'reached_2400')
    """
    if reached_2400 or rating >= 2400:
        return 10, "reached_2400"
    if junior and rating < 2300:
        return 40, "junior"
    if fewer_than_30_games:
        return 40, "fewer_than_30_games"
    return 20, "default"


def apply_700_rule(k: int, games: int) -> int:
    """FIDE 8.3.3: if K x games > 700, the largest whole K with K x games <= 700.

    >>> apply_700_rule(20, 39)
    17
    """
    if games > 0 and k * games > MAX_K_TIMES_GAMES:
        return MAX_K_TIMES_GAMES // games
    return k


def is_rated(rating: int, opponent: int, time_control: TimeControl) -> bool:
    """FIDE (from 1 December 2024): a rapid or blitz game between players 600 or more
    apart, one of them rated above 2600, is not rated."""
    if time_control == "standard":
        return True
    return not (abs(rating - opponent) >= 600 and max(rating, opponent) > 2600)


def rate_fide(rating: int, games: Sequence[Game], rules: FideRules) -> EventResult:
    """Rate one FIDE rating period: K rules, table 8.1.2, one rounding at the end."""
    check_rating(rating, whole=True)
    check_game_count(len(games))
    for g in games:
        check_rating(g.opponent, whole=True, what="the opponent's rating")
        check_score(g.score)
    if rules.k is not None:
        check_k(rules.k, whole=True)
    return rate_fide_checked(int(rating), [Game(int(g.opponent), float(g.score)) for g in games], rules)


def rate_fide_checked(r: int, games: Sequence[Game], rules: FideRules) -> EventResult:
    """`rate_fide` for inputs already checked: whole ratings, scores 0, 0.5 or 1."""
    if rules.k is not None:
        k_given, rule = int(rules.k), "given"
    else:
        k_given, rule = fide_k_factor(
            r, fewer_than_30_games=rules.fewer_than_30_games, junior=rules.junior, reached_2400=rules.reached_2400
        )
    tc = rules.time_control
    rated = [is_rated(r, int(g.opponent), tc) for g in games] if tc != "standard" else [True] * len(games)
    k = apply_700_rule(k_given, sum(rated))
    capped = tc != "standard" or r < FULL_DIFFERENCE_FROM
    lookup, beyond = _PD_BY_D, len(_PD_BY_D)
    results: list[GameResult] = []
    total_dr = 0  # sum of (S - PD) over rated games, in hundredths
    score2 = 0  # score in halves
    expected_h = 0
    for (opp, score), counts in zip(games, rated):
        d = r - int(opp)
        if capped:
            d = CAP if d > CAP else -CAP if d < -CAP else d
        high = lookup[abs(d)] if abs(d) < beyond else PD_BEYOND_TABLE
        pd = high if d >= 0 else 100 - high
        s100 = int(score * 100)
        if counts:
            total_dr += s100 - pd
            score2 += s100 // 50
            expected_h += pd
        change = k * (s100 - pd) / 100 if counts else 0.0
        results.append(GameResult(opp, score, d, pd / 100, change, counts, r + k * total_dr / 100))
    change_whole = round_half_away(k * total_dr)
    return EventResult(
        rating=r,
        k=k,
        k_rule=rule,  # type: ignore[arg-type]
        k_before_700=k_given,
        games=tuple(results),
        score=score2 / 2,
        expected=expected_h / 100,
        change=change_whole,
        change_exact=k * total_dr / 100,
        new_rating=r + change_whole,
    )


def dp_for_percent(percent: int) -> int:
    """Table 8.1.1: dp for a score of `percent` % (0-100)."""
    return DP_TABLE[percent - 50] if percent >= 50 else -DP_TABLE[50 - percent]


def _percent(score2: int, games: int) -> int:
    """A score given in halves, over `games`, as a whole percent rounded 0.5 up."""
    return round_half_up(score2 * 100, 2 * games)


def fide_performance(games: Iterable[Game]) -> Performance:
    """FIDE's performance rating (table 8.1.1): Ra + dp(p), Ra and p rounded 0.5 up."""
    gs = list(games)
    if not gs:
        return Performance(None, "no_games")
    total = sum(int(g.opponent) for g in gs)
    score2 = sum(int(g.score * 2) for g in gs)
    ra = round_half_up(total, len(gs))
    return Performance(ra + dp_for_percent(_percent(score2, len(gs))), "fide_8_1_1")


def fide_initial_rating(games: Sequence[Game]) -> InitialRating:
    """FIDE's first rating of an unrated player (FIDE 7.1.4, 8.2; FIDE-RULES 2.7).

    Two hypothetical draws against 1800 are added; Ru = Ra + dp(p), at most
    2200, published with 5 or more games, Ru >= 1400 and a score above zero.

    >>> fide_initial_rating([Game(1900, 1.0)] * 5).rating
    2180
    """
    check_game_count(len(games))
    n = len(games)
    for g in games:
        check_rating(g.opponent, whole=True, what="the opponent's rating")
        check_score(g.score)
    total = sum(int(g.opponent) for g in games) + 2 * 1800
    score2 = sum(int(g.score * 2) for g in games)
    percent = _percent(score2 + 2, n + 2)
    dp = dp_for_percent(percent)
    computed = round_half_up(total + dp * (n + 2), n + 2)
    rating: int | None = min(computed, 2200)
    reason = ""
    if score2 == 0:
        reason = "zero_score"
    elif n < 5:
        reason = "fewer_than_5_games"
    elif rating is not None and rating < 1400:
        reason = "below_1400"
    if reason:
        rating = None
    return InitialRating(
        rating=rating,
        games=n,
        score=score2 / 2,
        average=total / (n + 2),
        percent=percent,
        dp=dp,
        computed=computed,
        reason=reason,
    )


# ---- FIDE behind the JSON contract (`calculate`, the CLI, the widget) ---------------------------

K_REASONS = {
    "given": "K as given",
    "reached_2400": "rating has reached 2400 (FIDE 8.3.3)",
    "junior": "junior rated under 2300 (FIDE 8.3.3)",
    "fewer_than_30_games": "fewer than 30 rated games (FIDE 8.3.3)",
    "default": "FIDE's standard K (FIDE 8.3.3)",
    "unrated": "unrated: first rating by FIDE 7.1.4 and 8.2",
}
INITIAL_REASONS = {
    "": "",
    "zero_score": "a zero score in the first event is disregarded (FIDE 7.1.4)",
    "fewer_than_5_games": "a first rating needs at least 5 games against rated opponents",
    "below_1400": "a first rating below 1400 is not published",
}
_PLAYER_FLAGS = ("fewer_than_30_games", "junior", "reached_2400")


class InitialAnswer(TypedDict):
    games: int
    average: float
    percent: int
    dp: int
    computed: int
    rating: int | None
    reason: str
    note: str


class FideAnswer(EventAnswer, total=False):
    time_control: str
    k: float | None
    k_rule: str
    k_reason: str
    k_before_700: float
    rule_700: bool
    rated_games: int
    change_exact: float | None


class FirstRatingAnswer(FideAnswer):
    """An unrated player's answer: how the first rating came out (FIDE 8.2)."""

    initial: InitialAnswer


@dataclass(frozen=True)
class FideInputs:
    rating: int | None
    """None: an unrated player, whose first rating is computed."""
    games: list[Game]
    rules: FideRules


class FideSystem:
    """FIDE's rules: whole-number ratings, K from the player's history, first ratings."""

    name = "fide"
    places = 0
    outputs: tuple[Output, ...] = ()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", whole=True),
        Field("k", "k", whole=True),
        Field("time_control", "choice", choices=TIME_CONTROLS, help="the event's time control"),
        Field("player.fewer_than_30_games", "bool", help="fide: fewer than 30 rated games"),
        Field("player.junior", "bool", help="fide: 18 or younger this year"),
        Field("player.reached_2400", "bool", help="fide: rating has ever reached 2400"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> FideInputs | None:
        rating = None if blank(request.get("rating")) else read_rating(request["rating"], "rating", problems,
                                                                       whole=True)
        k = None if blank(request.get("k")) else read_k(request["k"], problems, whole=True)
        games = read_games(request.get("games"), problems, whole=True)
        player = read_object(request, "player", problems)
        flags = {flag: read_flag(player, flag, f"player.{flag}", problems) for flag in _PLAYER_FLAGS}
        time_control = read_choice(request, "time_control", "time_control", TIME_CONTROLS, problems)
        if problems:
            return None
        rules = FideRules(k=None if k is None else int(k), time_control=time_control,  # type: ignore[arg-type]
                          **flags)
        return FideInputs(None if rating is None else int(rating), [Game(int(o), s) for o, s in games], rules)

    def answer(self, inputs: FideInputs) -> FideAnswer:
        time_control = inputs.rules.time_control
        if inputs.rating is None:
            return _initial_answer(time_control, inputs.games, fide_initial_rating(inputs.games))
        result = rate_fide_checked(inputs.rating, inputs.games, inputs.rules)
        rated = [g for g, r in zip(inputs.games, result.games) if r.rated]
        performance = fide_performance(rated)
        return FideAnswer(time_control=time_control, **event_answer(result), k_reason=K_REASONS[result.k_rule],
                          performance=performance_answer(performance.rating, performance.reason))


def _initial_answer(time_control: str, games: list[Game], initial: InitialRating) -> FirstRatingAnswer:
    performance = fide_performance(games)
    return {
        "time_control": time_control,
        "rating": None,
        "k": None,
        "k_rule": "unrated",
        "k_reason": K_REASONS["unrated"],
        "rule_700": False,
        "games": [{"opponent": whole(g.opponent), "score": g.score, "difference": None, "expected": None,
                   "change": None, "rated": True, "rating_after": None} for g in games],
        "rated_games": len(games),
        "score": initial.score,
        "expected": None,
        "change": None,
        "change_exact": None,
        "new_rating": initial.rating,
        "initial": {
            "games": initial.games, "average": initial.average, "percent": initial.percent,
            "dp": initial.dp, "computed": initial.computed, "rating": initial.rating,
            "reason": initial.reason, "note": INITIAL_REASONS[initial.reason],
        },
        "performance": performance_answer(performance.rating, performance.reason),
    }


FIDE = FideSystem()
