"""FIDE's rules and tables' arithmetic (FIDE-RULES section 2), in integer hundredths: which rules are in
force for a rating period (`RULES_BY_DATE`), differences and the 400-point rule, table 8.1.2's
expected scores, K and the facts it comes from, the 700 rule, rounding."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ...words.model import (
    CAP_400,
    KRule,
    TimeControl,
    check_rating,
)
from .tables import PD_BEYOND_TABLE, PD_TABLE

# Table 8.1.2 spelled out for |D| = 0..735: one index per difference instead of a search.
_PD_BY_D = tuple(pd for (low, (high, pd)) in zip((-1, *(b for b, _ in PD_TABLE)), PD_TABLE)
                 for _ in range(low + 1, high + 1))

# FIDE 8.3.1 (amended 1 October 2025): below 2650 a difference over 400 counts as 400.
FULL_DIFFERENCE_FROM = 2650
CAP = CAP_400
# FIDE 8.3.3: the 700 rule.
MAX_K_TIMES_GAMES = 700
# FIDE 7.2.1 (from 1 March 2024): no rating below 1400 is published.
RATING_FLOOR = 1400
# FIDE 7.1.4: a first rating needs at least 5 games against rated opponents.
FIRST_RATING_GAMES = 5

# The rules by the date they took effect: (rule, effective date, source). A period (the list month
# calculated, "YYYY-MM") is rated by every rule in force on its list date, the 1st of that month.
# Our reading: FIDE gives the date a rule took effect, not the first list it applies to.
RULES_BY_DATE: tuple[tuple[str, str, str], ...] = (
    ("regulations_2022", "2022-01-01", "FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024 "
                                       "(handbook.fide.com/chapter/B022022): the earliest rules the project knows"),
    ("rapid_blitz_2024", "2024-03-01", "FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024 "
                                       "(handbook.fide.com/chapter/B02RBRegulations2024): the earliest rapid and "
                                       "blitz rules the project knows, with the standard-rating seed (7.2.1)"),
    ("first_rating_2024", "2024-03-01", "FIDE Rating Regulations 7.1.4, 8.2, in force from 1 March 2024: "
                                        "two hypothetical 1800 draws, at most 2200 (FIDE-RULES 2.7)"),
    ("cap_400_every_game", "2024-03-01", "FIDE Rating Regulations 8.3.1, in force from 1 March 2024: "
                                         "the 400-point rule in every game, no longer once per event"),
    ("rating_floor_1400", "2024-03-01", "FIDE Rating Regulations 7.2.1, in force from 1 March 2024: "
                                        "no rating below 1400 is published"),
    ("adjustment_2024", "2024-03-01", "FIDE Rating Regulations in force from 1 March 2024, one-off "
                                      "adjustment on that list: a rating R below 2000 became R + 0.4 x (2000 - R)"),
    ("rapid_blitz_600", "2024-12-01", "FIDE Rating Regulations (rapid and blitz), in force from 1 December "
                                      "2024: a game 600 or more apart with one player above 2600 is not rated"),
    ("full_difference_2650", "2025-10-01", "FIDE Rating Regulations 8.3.1 as amended from 1 October 2025: "
                                           "a player rated 2650 or above uses the real difference"),
)
EARLIEST_PERIOD = "2022-01"
"""The first standard period the project knows the rules of (the 1 January 2022 regulations)."""
EARLIEST_RAPID_BLITZ_PERIOD = "2024-03"
"""The first rapid and blitz period the project knows the rules of (the 1 March 2024 regulations)."""
# The archived regulations (1 January 2022 till 29 February 2024): the floor of a published rating.
RATING_FLOOR_2022 = 1000


@dataclass(frozen=True)
class PeriodRules:
    """The rules in force for a rating period (`rules_in_force`)."""

    period: str | None
    """"YYYY-MM", or None for the current rules."""
    in_force: frozenset[str]
    """The rules of `RULES_BY_DATE` in force on the period's list date."""

    def __contains__(self, rule: str) -> bool:
        return rule in self.in_force


def rules_in_force(period: str | None = None) -> PeriodRules:
    """The rules in force for `period` ("YYYY-MM"; None: today's rules, every rule of the table).

    >>> "full_difference_2650" in rules_in_force("2025-09"), "full_difference_2650" in rules_in_force("2025-11")
    (False, True)
    """
    if period is None:
        return PeriodRules(None, frozenset(rule for rule, _, _ in RULES_BY_DATE))
    day = f"{period}-01"
    return PeriodRules(period, frozenset(rule for rule, since, _ in RULES_BY_DATE if since <= day))


CURRENT_RULES = rules_in_force()


def adjusted_2024(rating: int) -> int:
    """The one-off adjustment of 1 March 2024: R + 0.4 x (2000 - R) below 2000, rounded 0.5 up (our
    decision: the regulations give the formula, the published list whole numbers).

    >>> adjusted_2024(1500), adjusted_2024(1503), adjusted_2024(2100)
    (1700, 1702, 2100)
    """
    if rating >= 2000:
        return rating
    return rating + round_half_up(4 * (2000 - rating), 10)


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to a whole number, 0.5 up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def round_half_away(hundredths: int) -> int:
    """A value in hundredths rounded to a whole number, 0.5 away from zero (FIDE 8.3.4)."""
    whole, rest = divmod(abs(hundredths), 100)
    if rest >= 50:
        whole += 1
    return whole if hundredths >= 0 else -whole


@dataclass(frozen=True)
class FideRules:
    """FIDE's rules (FIDE-RULES section 2): table 8.1.2, K rules, rounding."""

    k: int | None = None
    """A K-factor to use as given; `None` derives it from the player's history."""
    fewer_than_30_games: bool = False
    """The player is new to the list and has completed fewer than 30 rated games."""
    junior: bool = False
    """The player turns 18 or less this year."""
    reached_2400: bool = False
    """The player's published rating has ever reached 2400."""
    reached_2300: bool = False
    """A junior whose rating has been 2300 or more: K 20, not 40 (FIDE 8.3.3 "as long as their
    rating remains under 2300")."""
    time_control: TimeControl = "standard"
    """`standard`, `rapid` or `blitz`."""


def difference(rating: int, opponent: int, time_control: TimeControl = "standard") -> int:
    """D = rating - opponent, after the 400-point rule for this player (FIDE 8.3.1).

    In standard play a player rated 2650 or above uses the real difference; rapid
    and blitz cap everyone at 400.
    """
    d = rating - opponent
    if time_control == "standard" and rating >= FULL_DIFFERENCE_FROM:
        return d
    return capped(d)


def capped(d: int) -> int:
    """FIDE 8.3.1: a difference over 400 counts as 400 (either way)."""
    return CAP if d > CAP else -CAP if d < -CAP else d


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
    rating: int, *, fewer_than_30_games: bool = False, junior: bool = False, reached_2400: bool = False,
    reached_2300: bool = False,
) -> tuple[int, KRule]:
    """The K-factor FIDE gives a player (FIDE 8.3.3) and the rule that gave it.

    Order (FIDE-RULES 2.3): reached 2400 -> 10; junior under 2300 who has never
    been rated 2300 or more -> 40; fewer than 30 games -> 40; otherwise 20. A
    rating of 2400 or more has reached 2400.

    >>> fide_k_factor(2250, junior=True)
    (40, 'junior')
    >>> fide_k_factor(2250, junior=True, reached_2300=True)  # 8.3.3 "as long as ... under 2300"
    (20, 'default')
    >>> fide_k_factor(2350, reached_2400=True, fewer_than_30_games=True)
    (10, 'reached_2400')
    """
    if reached_2400 or rating >= 2400:
        return 10, "reached_2400"
    if junior and rating < 2300 and not reached_2300:
        return 40, "junior"
    if fewer_than_30_games:
        return 40, "fewer_than_30_games"
    return 20, "default"


FACTS = ("fewer_than_30_games", "reached_2400", "reached_2300", "junior")
"""What a request can tell of a player that a TRF cannot (FIDE 8.3.3); `junior` for a file without the
player's birth date."""
FACT_NOTES = {
    "fewer_than_30_games": "30 or more rated games completed",
    "reached_2400": "never rated 2400 or more",
    "reached_2300": "never rated 2300 or more as a junior",
    "junior": "not a junior (no birth year in the file)",
}
"""What is assumed of a fact the file cannot say, by fact."""


class Override(TypedDict, total=False):
    """What a request says of one player of a tournament report (`event`, `players["<start>"]`): a K, or the facts."""

    k: float
    fewer_than_30_games: bool
    reached_2400: bool
    reached_2300: bool
    junior: bool


def k_of(rating: int, rules: FideRules) -> tuple[int, KRule]:
    """A rated player's K under `rules`: as given, else from the player's history (8.3.3)."""
    if rules.k is not None:
        return int(rules.k), "given"
    return fide_k_factor(rating, fewer_than_30_games=rules.fewer_than_30_games, junior=rules.junior,
                         reached_2400=rules.reached_2400, reached_2300=rules.reached_2300)


def k_facts(rating: int | None, birth_year: int | None, year: int,
            given: Override) -> tuple[FideRules, bool, list[str]]:
    """FIDE's rules for a player's K as a tournament report file and a request tell them, whether they
    are a junior (turning 18 or less in `year`), and the facts assumed (`False`), which the file cannot say."""
    rating = rating or 0
    junior = given["junior"] if "junior" in given else birth_year is not None and year - birth_year <= 18
    if "k" in given:
        return FideRules(k=int(given["k"])), junior, []
    relevant = ["fewer_than_30_games", "reached_2400"]
    if junior and rating < 2300:
        relevant.append("reached_2300")
    if birth_year is None and rating < 2300:
        relevant.append("junior")
    assumed = [] if rating >= 2400 else [f for f in relevant if f not in given]
    rules = FideRules(fewer_than_30_games=given.get("fewer_than_30_games", False), junior=junior,
                      reached_2400=given.get("reached_2400", False), reached_2300=given.get("reached_2300", False))
    return rules, junior, assumed


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

