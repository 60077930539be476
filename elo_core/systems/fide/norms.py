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

from dataclasses import dataclass
from typing import Literal, TypedDict

from .first import dp_for_percent
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


def norm_average(title: NormTitle, ratings: list[int | None]) -> int:
    """Ra: the opponents' average, unrated ones at 1400, only the lowest raised to the title's floor, rounded 0.5 up.

    >>> norm_average("GM", [2100, 2150, 2500, 2500, 2500, 2500, 2500, 2500, 2500])
    2428
    """
    rated = sorted(UNRATED if r is None else r for r in ratings)
    if rated and rated[0] < NORM_RULES[title].floor:
        rated[0] = NORM_RULES[title].floor
    return round_half_up(sum(rated), len(rated)) if rated else 0


def norm_performance(average: int, score2: int, games: int) -> int:
    """Rp = Ra + dp, dp by the score (in half points) over `games` as a whole percent, 0.5 up.

    >>> norm_performance(2460, 13, 9), norm_performance(2460, 12, 9), norm_performance(2380, 14, 9)
    (2626, 2585, 2600)
    """
    return average + dp_for_percent(round_half_up(score2 * 100, 2 * games))


def needed_score2(title: NormTitle, average: int, games: int) -> int | None:
    """The least score (in half points) over `games` with the title's performance and at least 35 %; None when the
    average is below the title's least (no score would do).

    >>> needed_score2("GM", 2460, 9), needed_score2("GM", 2680, 9), needed_score2("GM", 2300, 9)
    (13, 7, None)
    """
    rule = NORM_RULES[title]
    if average < rule.average:
        return None
    return next((s for s in range(2 * games + 1) if 200 * s >= MIN_PERCENT * 2 * games
                 and norm_performance(average, s, games) >= rule.performance), None)


def mix_failures(title: NormTitle, federation: str, opponents: list[Opponent]) -> list[str]:
    """The opponents' mix conditions the games fail, by code (`federations`, `own_federation`, `one_federation`,
    `title_holders`, `norm_titles`)."""
    n = len(opponents)
    feds: dict[str, int] = {}
    for o in opponents:
        feds[o.federation] = feds.get(o.federation, 0) + 1
    failed = []
    if len([f for f in feds if f != federation]) < 2:
        failed.append("federations")
    if feds.get(federation, 0) > 3 * n // 5:
        failed.append("own_federation")
    if any(count > 2 * n // 3 for count in feds.values()):
        failed.append("one_federation")
    if sum(o.title.upper() in TITLE_HOLDERS for o in opponents) * 2 < n:
        failed.append("title_holders")
    if sum(o.title.upper() in NORM_RULES[title].peers for o in opponents) < max(3, -(-n // 3)):
        failed.append("norm_titles")
    return failed


class NormAnswer(TypedDict):
    """One norm judged: met or not, the conditions failed (codes), Ra, Rp, and the score it needs (points)."""

    title: NormTitle
    met: bool
    average: int | None
    performance: int | None
    needed: float | None
    failed: list[str]


def judge_norm(title: NormTitle, federation: str, opponents: list[Opponent], score2: int,
               min_games: int = MIN_GAMES) -> NormAnswer:
    """One norm of one player: `{"title", "met", "average", "performance", "needed", "failed"}` (`needed`: the score
    over these games that the norm takes, in points; None when no score would do: the mix, the games or the average
    fail).

    >>> o = [Opponent(2460, "GM", f) for f in ("GER", "FRA", "ESP", "GER", "FRA", "ESP", "GER", "FRA", "ESP")]
    >>> judge_norm("GM", "NED", o, 13)
    {'title': 'GM', 'met': True, 'average': 2460, 'performance': 2626, 'needed': 6.5, 'failed': []}
    """
    n = len(opponents)
    failed = mix_failures(title, federation, opponents) if n else ["games"]
    if 0 < n < min_games:
        failed.insert(0, "games")
    average = norm_average(title, [o.rating for o in opponents])
    performance = norm_performance(average, score2, n) if n else None
    if n and average < NORM_RULES[title].average:
        failed.append("average")
    if performance is not None and performance < NORM_RULES[title].performance:
        failed.append("performance")
    if n and 100 * score2 < MIN_PERCENT * 2 * n:
        failed.append("score")
    needed = None if any(f not in ("performance", "score") for f in failed) else needed_score2(title, average, n)
    return {"title": title, "met": not failed, "average": average if n else None, "performance": performance,
            "needed": None if needed is None else needed / 2, "failed": failed}
