"""FIDE title norms' arithmetic (FIDE Title Regulations B.01, in force since 1 January 2024; FIDE-RULES 2.10): for
one player, one title and the opponents whose games count, whether the norm is met, which conditions fail, the
opponents' average, the performance, and the score the norm needs.

The games that count (forfeits, opponents of federations outside FIDE, a round robin's unrated opponent who
scored nothing) are the tournament report's to choose; this module judges what it is given:

- the opponents' mix (B.01 1.4.3 to 1.4.4), n counted games: at least two federations other than the player's; at
  most 3n/5 from the player's own and 2n/3 from any one (rounded down); at least n/2 title holders (GM, IM, FM, WGM,
  WIM, WFM: CM and WCM do not count) and at least max(3, n/3) holding the norm's title or a higher one (rounded up);
- the average Ra (1.4.6 to 1.4.7): unrated opponents at 1400; only the lowest-rated opponent raised to the floor
  (GM 2200, IM 2050, WGM 2000, WIM 1850); rounded to a whole number, 0.5 up; at least GM 2380, IM 2230, WGM 2180,
  WIM 2030;
- the performance Rp = Ra + dp (1.4.8), dp from table 8.1.1 by the score as a whole percent (0.5 up); at least GM
  2600, IM 2450, WGM 2400, WIM 2250; and a score of at least 35 %;
- at least 9 counted games (fewer only in events a file cannot show: `min_games`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypedDict

from .federations import FIDE_FLAG
from .first import dp_for_percent, score_percent
from .rules import round_half_up

NormTitle = Literal["GM", "IM", "WGM", "WIM"]
NORM_TITLES: tuple[NormTitle, ...] = ("GM", "IM", "WGM", "WIM")
WOMENS: frozenset[NormTitle] = frozenset(("WGM", "WIM"))
"""The norms of titles for women only."""


@dataclass(frozen=True)
class NormRule:
    """A title's norm figures (B.01 1.4.7 to 1.4.8)."""

    floor: int
    """The lowest-rated opponent is raised to this."""
    average: int
    """The least average Ra."""
    performance: int
    """The least performance Rp."""
    peers: frozenset[str]
    """The titles that count as the norm's title or a higher one."""


NORM_RULES: dict[NormTitle, NormRule] = {
    "GM": NormRule(2200, 2380, 2600, frozenset(("GM",))),
    "IM": NormRule(2050, 2230, 2450, frozenset(("GM", "IM"))),
    "WGM": NormRule(2000, 2180, 2400, frozenset(("GM", "IM", "WGM"))),
    "WIM": NormRule(1850, 2030, 2250, frozenset(("GM", "IM", "WGM", "WIM"))),
}
HELD: dict[str, frozenset[NormTitle]] = {
    "GM": frozenset(NORM_TITLES), "IM": frozenset(("IM", "WGM", "WIM")), "WGM": frozenset(("WGM", "WIM")),
    "WIM": frozenset(("WIM",)),
}
"""The norm titles a title holds (nor a lower one is a norm for it): an IM holds IM, WGM and WIM."""
TITLE_HOLDERS = frozenset(("GM", "IM", "FM", "WGM", "WIM", "WFM"))
"""Titles that count as a title holder for the mix (CM and WCM do not)."""
UNRATED = 1400
"""An unrated opponent's rating for a norm (B.01 1.4.6)."""
MIN_GAMES = 9
MIN_PERCENT = 35


@dataclass(frozen=True)
class Opponent:
    """A counted opponent: their rating (None: unrated), title ("" for none) and federation."""

    rating: int | None
    title: str
    federation: str


def norms_for(title: str, woman: bool) -> tuple[NormTitle, ...]:
    """The norms a player of `title` may make: those they do not hold (nor a higher one); WGM and WIM for women.

    >>> norms_for("", False), norms_for("IM", True), norms_for("WIM", True), norms_for("GM", True)
    (('GM', 'IM'), ('GM',), ('GM', 'IM', 'WGM'), ())
    """
    held = HELD.get(title.upper(), frozenset())
    return tuple(t for t in NORM_TITLES if t not in held and (woman or t not in WOMENS))


def norm_average(title: NormTitle, ratings: Sequence[float | None]) -> int:
    """Ra: the opponents' average, unrated ones at 1400, only the lowest raised to the title's floor, rounded 0.5 up.
    Ratings with decimals (plain Elo's) are averaged as typed, and only the average is rounded.

    >>> norm_average("GM", [2100, 2150, 2500, 2500, 2500, 2500, 2500, 2500, 2500])
    2428
    >>> norm_average("GM", [2379.5] * 5 + [2379.4] * 4)  # 2379.46
    2379
    >>> norm_average("GM", [2100.3] + [2380] * 7 + [2555.5])  # (2200 + 7 * 2380 + 2555.5) / 9 = 2379.5
    2380
    """
    rated = [UNRATED if r is None else r for r in ratings]
    if not rated:
        return 0
    floor = NORM_RULES[title].floor
    if all(type(r) is int for r in rated):
        return round_half_up(sum(rated) + max(0, floor - min(rated)), len(rated))  # type: ignore[arg-type]
    # Each rating as the decimal typed (a float's shortest repr), the raise too: worked out in floats, 2200 - 2100.3
    # is 99.69999999999982, and an average of 2379.5 was rounded down.
    exact = [Fraction(repr(r)) for r in rated]
    total = sum(exact) + max(Fraction(0), floor - min(exact))
    return math.floor(total / len(rated) + Fraction(1, 2))


def norm_performance(average: int, score2: int, games: int) -> int:
    """Rp = Ra + dp, dp by the score (in half points) over `games` as a whole percent, 0.5 up.

    >>> norm_performance(2460, 13, 9), norm_performance(2460, 12, 9), norm_performance(2380, 14, 9)
    (2626, 2585, 2600)
    """
    return average + dp_for_percent(score_percent(score2, games))


def needed_score2(title: NormTitle, average: int, games: int) -> int | None:
    """The least score (in half points) over `games` with the title's performance and at least 35 %; None when the
    average is below the title's least (no score would do).

    >>> needed_score2("GM", 2460, 9), needed_score2("GM", 2680, 9), needed_score2("GM", 2300, 9)
    (13, 7, None)
    """
    rule = NORM_RULES[title]
    if average < rule.average:
        return None
    return next((s for s in range(2 * games + 1) if 100 * s >= MIN_PERCENT * 2 * games
                 and norm_performance(average, s, games) >= rule.performance), None)


class Condition(TypedDict):
    """One condition of a norm with its figures, for a player's page: what the games give (`value`), the least
    (`kind` "min") or the most ("max") the norm allows (`limit`), and whether it holds (`ok`; with rounds still to
    play: whether it still can)."""

    code: str
    value: int
    limit: int
    kind: Literal["min", "max"]
    ok: bool


MIX = ("federations", "own_federation", "one_federation")
"""The federations' conditions, which a national championship or a Swiss with enough foreign players is exempt
from (B.01 1.4.4 to 1.4.5: an option the user sets, as a file cannot say it)."""


CONDITIONS = ("games", *MIX, "title_holders", "norm_titles", "average", "performance", "score")
"""Every condition a norm is judged by, in the order an answer lists them (`Condition.code`)."""


def _condition(code: str, value: int, limit: int, kind: Literal["min", "max"], ok: bool) -> Condition:
    return {"code": code, "value": value, "limit": limit, "kind": kind, "ok": ok}


def mix_conditions(title: NormTitle, federation: str, opponents: list[Opponent], *, remaining: int = 0,
                   exempt: bool = False) -> list[Condition]:
    """The opponents' mix with its figures, over the games counted and `remaining` rounds still to play (whose
    opponents may yet bring what is missing; a federation condition already broken stays broken). A blank
    federation, and FIDE's flag (`FID`: no foreign opponent, B.01 1.4.2a), is no federation of the mix: not one
    "other than the player's", nor one from which too many come. `exempt`: the federations' conditions do not
    apply (MIX)."""
    n = len(opponents) + remaining
    feds: dict[str, int] = {}
    holders = peers = 0
    above = NORM_RULES[title].peers
    for o in opponents:  # one pass: a report judges every player's norms (2 000 players, 13 rounds)
        feds[o.federation] = feds.get(o.federation, 0) + 1
        held = o.title.upper()
        holders += held in TITLE_HOLDERS
        peers += held in above
    feds.pop("", None)
    feds.pop(FIDE_FLAG, None)
    others = len([f for f in feds if f != federation])
    own, most = feds.get(federation, 0), max(feds.values(), default=0)
    conditions = [] if exempt else [
        _condition("federations", others, 2, "min", others + remaining >= 2),
        _condition("own_federation", own, 3 * n // 5, "max", own <= 3 * n // 5),
        _condition("one_federation", most, 2 * n // 3, "max", most <= 2 * n // 3)]
    return [
        *conditions,
        _condition("title_holders", holders, -(-n // 2), "min", holders + remaining >= -(-n // 2)),
        _condition("norm_titles", peers, max(3, -(-n // 3)), "min", peers + remaining >= max(3, -(-n // 3)))]


def mix_failures(title: NormTitle, federation: str, opponents: list[Opponent]) -> list[str]:
    """The opponents' mix conditions the games fail, by code (`federations`, `own_federation`, `one_federation`,
    `title_holders`, `norm_titles`)."""
    return [c["code"] for c in mix_conditions(title, federation, opponents) if not c["ok"]]


class NormAnswer(TypedDict):
    """One norm judged: met or not, the conditions failed (codes), Ra, Rp, the score it needs (points), and each
    condition with its figures. With rounds still to play (`remaining`), `needed` is the score over every game
    counted and to come, `to_go` what the remaining rounds must bring, `possible` whether any score still makes the
    norm (`met` is for a finished event)."""

    title: NormTitle
    met: bool
    average: int | None
    performance: int | None
    needed: float | None
    failed: list[str]
    games: int
    score: float
    remaining: int
    to_go: float | None
    possible: bool
    conditions: list[Condition]


def judge_norm(title: NormTitle, federation: str, opponents: list[Opponent], score2: int,
               min_games: int = MIN_GAMES, *, remaining: int = 0, future_average: int | None = None,
               exempt: bool = False) -> NormAnswer:
    """One norm of one player: `{"title", "met", "average", "performance", "needed", "failed", ...}` (`needed`: the
    least score over these games, and those to come, that the norm takes, in points; None when no score would do:
    the mix, the games or the average fail, or, with rounds to come, no average of their opponents is known).
    `remaining` rounds still to play, against opponents of `future_average` (None: the average of the opponents so
    far), as `NormAnswer` says: `to_go` is what they must bring (0: the norm is made once they are played, whatever
    their results), `possible` whether any score still makes it (a finished event: whether it was made); `exempt`:
    no federations' conditions.

    >>> o = [Opponent(2460, "GM", f) for f in ("GER", "FRA", "ESP", "GER", "FRA", "ESP", "GER", "FRA", "ESP")]
    >>> a = judge_norm("GM", "NED", o, 13)
    >>> a["met"], a["average"], a["performance"], a["needed"], a["failed"]
    (True, 2460, 2626, 6.5, [])
    >>> a = judge_norm("GM", "NED", o[:7], 10, remaining=2)
    >>> a["possible"], a["needed"], a["to_go"], a["met"]
    (True, 6.5, 1.5, False)
    """
    n = len(opponents)
    total = n + remaining
    rule = NORM_RULES[title]
    ratings = [o.rating for o in opponents]
    average = norm_average(title, ratings) if n else None
    performance = norm_performance(average, score2, n) if average is not None else None
    if remaining:
        so_far = [UNRATED if r is None else r for r in ratings]
        future = future_average if future_average is not None else \
            round_half_up(sum(so_far), len(so_far)) if so_far else None
        ratings = ratings + [future] * remaining if future is not None else ratings
    projected = norm_average(title, ratings) if len(ratings) == total and total else None
    conditions = [_condition("games", n, min_games, "min", total >= min_games)]
    if total:  # no game played nor to come: the games' condition alone
        conditions += mix_conditions(title, federation, opponents, remaining=remaining, exempt=exempt)
    if projected is not None:
        conditions.append(_condition("average", projected, rule.average, "min", projected >= rule.average))
    # The least score over every game, counted and to come (the performance and the 35 % grow with the score).
    least = needed_score2(title, projected, total) if projected is not None and all(c["ok"] for c in conditions) \
        else None
    reachable = least is not None and least <= score2 + 2 * remaining
    if performance is not None:
        conditions.append(_condition("performance", performance, rule.performance, "min",
                                     performance >= rule.performance or (reachable and remaining > 0)))
        percent = score_percent(score2, n)
        conditions.append(_condition("score", percent, MIN_PERCENT, "min",
                                     100 * score2 >= MIN_PERCENT * 2 * n or (reachable and remaining > 0)))
    failed = [c["code"] for c in conditions if not c["ok"]]
    met = not failed and remaining == 0
    unknown = remaining > 0 and projected is None and not failed  # rounds to come, no average to judge them by
    return {"title": title, "met": met, "average": average, "performance": performance,
            "needed": None if least is None else least / 2, "failed": failed, "games": n, "score": score2 / 2,
            "remaining": remaining,
            "to_go": None if least is None or not remaining or not reachable else max(0, least - score2) / 2,
            "possible": met if remaining == 0 else reachable or unknown, "conditions": conditions}
