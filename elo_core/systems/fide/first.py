"""FIDE's performance rating (table 8.1.1) and an unrated player's first rating (FIDE 7.1.4, 8.2;
FIDE-RULES 2.6, 2.7), by the rules of the period."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...words.model import (
    Game,
    InitialRating,
    NotRatedReason,
    Performance,
    PeriodEvent,
    UnratedGame,
    check_game_count,
    check_rating,
    check_score,
)
from .rules import (
    CURRENT_RULES,
    FIRST_RATING_GAMES,
    RATING_FLOOR_2022,
    PeriodRules,
    round_half_up,
)
from .tables import DP_TABLE


def dp_for_percent(percent: int) -> int:
    """Table 8.1.1: dp for a score of `percent` % (0-100)."""
    return DP_TABLE[percent - 50] if percent >= 50 else -DP_TABLE[50 - percent]


def score_percent(score2: int, games: int) -> int:
    """A score given in halves, over `games`, as a whole percent rounded 0.5 up."""
    return round_half_up(score2 * 100, 2 * games)


PERFORMANCE_RULES = {
    "plus_800": "a 100 % score (p rounds to 1.00): the opponents' average + 800, table 8.1.1's dp, not a measure "
                "of strength",
    "minus_800": "a 0 % score (p rounds to 0.00): the opponents' average - 800, table 8.1.1's dp, not a measure of "
                 "strength",
}
"""A FIDE performance that table 8.1.1's ends give (dp +-800 for p 1.00 and 0.00, FIDE-RULES 2.6), by code."""


def performance_rule(games: Sequence[Game]) -> str | None:
    """Which rule of `PERFORMANCE_RULES` gives FIDE's performance of `games` (p as `fide_performance` rounds it, to a
    whole percent 0.5 up: 99.5 % is 100 %), or None for another score (or no game).

    >>> performance_rule([Game(1600, 1.0)]), performance_rule([Game(1600, 0.0)]), performance_rule([Game(1600, 0.5)])
    ('plus_800', 'minus_800', None)
    """
    if not games:
        return None
    percent = score_percent(sum(int(g.score * 2) for g in games), len(games))
    return "plus_800" if percent == 100 else "minus_800" if percent == 0 else None


def fide_performance(games: Iterable[Game]) -> Performance:
    """FIDE's performance rating (table 8.1.1): Ra + dp(p), Ra and p rounded 0.5 up."""
    gs = list(games)
    if not gs:
        return Performance(None, "no_games")
    return performance_of(len(gs), sum(int(g.opponent) for g in gs), sum(int(g.score * 2) for g in gs))


def performance_of(games: int, opponents: int, score2: int) -> Performance:
    """`fide_performance` of `games` games against opponents rated `opponents` in all, scoring `score2` halves."""
    ra = round_half_up(opponents, games)
    return Performance(ra + dp_for_percent(score_percent(score2, games)), "fide_8_1_1")


def _pool(games: Sequence[Game]) -> tuple[int, int, int]:
    """An unrated player's games, checked: their number, the opponents' total and the score in halves."""
    check_game_count(len(games))
    for g in games:
        check_rating(g.opponent, whole=True, what="the opponent's rating")
        check_score(g.score)
    return len(games), sum(int(g.opponent) for g in games), sum(int(g.score * 2) for g in games)


def fide_initial_rating(games: Sequence[Game], *, first_event: bool = True) -> InitialRating:
    """FIDE's first rating of an unrated player (FIDE 7.1.4, 8.2; FIDE-RULES 2.7).

    Two hypothetical draws against 1800 are added; Ru = Ra + dp(p), at most
    2200, published with 5 or more games and Ru >= 1400. A zero score in the
    first event is disregarded (8.2.1): no rating when `games` include the
    player's first event and score nothing; a later event's zero is rated.

    >>> fide_initial_rating([Game(1900, 1.0)] * 5).rating
    2180
    """
    n, total, score2 = _pool(games)
    total += 2 * 1800
    percent = score_percent(score2 + 2, n + 2)
    dp = dp_for_percent(percent)
    computed = round_half_up(total + dp * (n + 2), n + 2)
    rating: int | None = min(computed, 2200)
    reason = ""
    if score2 == 0 and first_event:
        reason = "zero_score"
    elif n < 5:
        reason = "fewer_than_5_games"
    elif rating is not None and rating < 1400:
        reason = "below_1400"
    if reason:
        rating = None
    return InitialRating(
        games_needed=0 if rating is not None else max(0, FIRST_RATING_GAMES - n),
        rating=rating,
        games=n,
        score=score2 / 2,
        average=total / (n + 2),
        percent=percent,
        dp=dp,
        computed=computed,
        reason=reason,
    )


def fide_initial_rating_2022(games: Sequence[Game], *, first_event: bool = True) -> InitialRating:
    """FIDE's first rating under the archived regulations (1 January 2022 till 29 February 2024), 8.2.2
    and 8.2.3: "Ra is the average rating of the player's rated opponents. If the player scores 50%, then
    Ru = Ra. If they score more than 50%, then Ru = Ra + 20 for each half point scored over 50%. If they
    score less than 50%, then Ru = Ra + dp. Ru is rounded to the nearest whole number." No maximum;
    published with 5 games against rated opponents (7.1.4) and at least 1000, the floor until March 2024.

    >>> r = fide_initial_rating_2022([Game(1600, 1.0)] * 3 + [Game(1700, 0.0)] * 2); (r.rating, r.dp)
    (1660, 20)
    >>> fide_initial_rating_2022([Game(1600, 0.0)] * 4 + [Game(1600, 1.0)]).rating  # 20 %: dp -240
    1360
    """
    n, total, score2 = _pool(games)
    percent = score_percent(score2, n) if n else 0
    dp = 20 * (score2 - n) if score2 > n else dp_for_percent(percent) if score2 < n else 0
    computed = round_half_up(total + dp * n, n) if n else 0
    reason = ("zero_score" if score2 == 0 and first_event else "fewer_than_5_games" if n < FIRST_RATING_GAMES
              else "below_1000" if computed < RATING_FLOOR_2022 else "")
    return InitialRating(
        games_needed=max(0, FIRST_RATING_GAMES - n) if reason else 0,
        rating=None if reason else computed,
        games=n,
        score=score2 / 2,
        average=total / n if n else 0.0,
        percent=percent,
        dp=dp,
        computed=computed,
        reason=reason,
    )


def first_rating_period(events: Sequence[PeriodEvent], law: PeriodRules = CURRENT_RULES,
                        ) -> tuple[InitialRating, list[list[NotRatedReason | None]]]:
    """An unrated player's first rating from a period's events (FIDE 7.1.4, 8.2; FIDE-RULES 2.7, 2.8),
    and why each game does not count (None: it counts).

    Games against rated opponents of every event are pooled; games against unrated opponents do not
    count (8.2.2); a first event with a zero score is disregarded (8.2.1) when a later event has games
    against rated opponents (alone, it is the zero score `fide_initial_rating` names). The later events are
    then rated as they are, a zero score too: "Otherwise, their rating is calculated using all their results".
    """
    reasons: list[list[NotRatedReason | None]] = [
        ["unrated_opponent" if type(g) is UnratedGame else None for g in e.games] for e in events]
    with_rated = [i for i, e in enumerate(events) if any(type(g) is Game for g in e.games)]
    disregarded = False
    if len(with_rated) > 1:
        first = with_rated[0]
        if all(g.score == 0 for g in events[first].games if type(g) is Game):
            reasons[first] = ["first_event_zero_score" if why is None else why for why in reasons[first]]
            disregarded = True
    pooled = [g for e, whys in zip(events, reasons) for g, why in zip(e.games, whys)
              if why is None and type(g) is Game]
    rule = fide_initial_rating if "first_rating_2024" in law else fide_initial_rating_2022
    return rule(pooled, first_event=not disregarded), reasons


