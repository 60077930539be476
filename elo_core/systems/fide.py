"""FIDE's rating arithmetic (FIDE-RULES section 2), in integer hundredths, and FIDE behind the JSON contract.

PD has two decimals and K is whole, so every change is a whole number of
hundredths: integers give the exact value, with no float drift.

A rating period (FIDE-RULES 2.8). A request is one period: its `games` are one event, or its
`events` several, in the order played. The rules applied, each with its section of the FIDE Rating
Regulations (in force from 1 March 2024, amended from 1 October 2025):

- Each event is rated with the player's rating on the list in force when it started (its own
  `rating`, by default the request's); the new rating is the request's rating + the period change.
- K comes from the player's status at the period's start (8.3.3); the 700 rule counts every rated
  game of the period, across events (8.3.3: 39 games at K 20 are rated with K 17).
- The period change is the sum of every event's exact K x sum(S - PD), rounded once, 0.5 away from
  zero (8.3.4 "per rating period"). Each event's exact subtotal is in the answer.
- A game against an unrated opponent (`"opponent": null`) is not rated for a rated player (change 0,
  reason `unrated_opponent`), and does not count towards an unrated player's first rating (8.2.2).
- A junior keeps K 40 only "as long as their rating remains under 2300" (8.3.3): one who has been
  rated 2300 or more (`player.reached_2300`) gets K 20.
- First ratings (7.1.4, 8.2): the games of all events are pooled; a first event with a zero score
  is disregarded; the answer says how many more games against rated opponents are needed (5 in all).
- From 1 March 2024 FIDE publishes no rating below 1400 (7.2.1): a new rating under 1400 carries the
  warning `below_rating_floor`, an entered one `rating_below_floor`.
- `period` ("YYYY-MM", the list month calculated) selects the rules in force on that list's date
  (`RULES_BY_DATE`, our reading where FIDE names only a date). Standard periods from January 2022 to
  February 2024 are rated by the archived regulations (effective 1 January 2022 till 29 February
  2024): in each tournament the 400-point rule benefits a player in one game only, the one with the
  greatest difference (8.3.1); a first rating is Ra (the rated opponents' average) plus 20 per half
  point over 50 %, or plus dp below 50 % (8.2.2, 8.2.3), with no 2200 maximum and a floor of 1000.
  Earlier periods, and rapid and blitz periods before March 2024, are refused (`not_supported`).
- Rapid and blitz (FIDE Rapid and Blitz Rating Regulations, effective 1 March 2024, 7.2.1): "If an
  unrated player has a standard rating at the beginning of a rapid or blitz tournament, their
  standard rating is used for rating calculation. Such a player is considered to be rated".
  `player.standard_rating` with `rating: null` does that: the answer is a rated player's, from the
  standard rating, with the notice `standard_rating_used`. K comes from the K finder as for any rated
  player (such a player is new to the rapid or blitz list: fewer than 30 games). The same chapter's
  400-point rule (7.3.1) has no 2650 exemption, and its 600-point rule (7.3.1, from 1 December 2024)
  leaves a game unrated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import accumulate
from operator import itemgetter, sub
from typing import Any, TypedDict

from ..contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    GameRows,
    Output,
    Problems,
    Warning,
    blank,
    performance_answer,
    read_choice,
    read_flag,
    read_games_with_unrated,
    read_k,
    read_object,
    read_rating,
    whole,
)
from ..words.errors import EloError, show
from ..words.model import (
    CAP_400,
    MAX_RATING,
    MIN_RATING,
    TIME_CONTROLS,
    Columns,
    EventResult,
    Game,
    InitialRating,
    KRule,
    NotRatedReason,
    Performance,
    PeriodEvent,
    PeriodResult,
    RatedPeriodEvent,
    TimeControl,
    UnratedGame,
    check_game_count,
    check_k,
    check_rating,
    check_score,
    game_results,
    new_tuple,
)
from .fide_tables import DP_TABLE, PD_BEYOND_TABLE, PD_TABLE

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
_PERIOD = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


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
    period = rate_period(r, [PeriodEvent(tuple(games))], rules)
    (event,) = period.events
    return EventResult(
        rating=r,
        k=period.k,
        k_rule=period.k_rule,
        k_before_700=period.k_before_700,
        games=event.games,
        score=period.score,
        expected=period.expected,
        change=period.change,
        change_exact=period.change_hundredths / 100,
        new_rating=period.new_rating,
    )


def _not_rated(rating: int, game: Game | UnratedGame, time_control: TimeControl,
               law: PeriodRules) -> NotRatedReason | None:
    """Why a rated player's game is not rated, or None when it is."""
    if type(game) is UnratedGame:
        return "unrated_opponent"
    if time_control != "standard" and "rapid_blitz_600" in law and not is_rated(rating, int(game[0]), time_control):
        return "rapid_blitz_600"
    return None


def _one_upgrade(rating: int, games: Sequence[Game | UnratedGame], whys: Sequence[NotRatedReason | None]) -> int | None:
    """FIDE 8.3.1 before March 2024: "In any tournament, a player may benefit from only one upgrade under
    this rule, for the game in which the rating difference is greatest." The index of that rated game
    (the first of equals), or None when no game is over 400 above. Only the higher-rated player benefits
    from the cap, so a game 400 or more below is capped as before."""
    best, lowest = None, rating - CAP
    for i, (game, why) in enumerate(zip(games, whys)):
        if why is None and type(game) is Game and int(game[0]) < lowest:
            best, lowest = i, int(game[0])
    return best


def rate_period(r: int, events: Sequence[PeriodEvent], rules: FideRules,
                law: PeriodRules = CURRENT_RULES) -> PeriodResult:
    """Rate a rated player's FIDE rating period (inputs already checked): each event with its own
    rating, one K for the period (700 rule over every rated game), one rounding (FIDE-RULES 2.8)."""
    if rules.k is not None:
        k_given, rule = int(rules.k), "given"
    else:
        k_given, rule = fide_k_factor(r, fewer_than_30_games=rules.fewer_than_30_games, junior=rules.junior,
                                      reached_2400=rules.reached_2400, reached_2300=rules.reached_2300)
    tc = rules.time_control
    simple = tc == "standard"
    reasons: list[list[NotRatedReason | None]] = [
        [None] * len(e.games) if simple and set(map(type, e.games)) <= {Game}  # at C speed: 10 000 games
        else [_not_rated(r if e.rating is None else e.rating, g, tc, law) for g in e.games] for e in events]
    k = apply_700_rule(k_given, sum(whys.count(None) for whys in reasons))
    full_2650 = tc == "standard" and "full_difference_2650" in law
    once = "cap_400_every_game" not in law
    rated_events: list[RatedPeriodEvent] = []
    period_dr = 0  # sum of (S - PD) over the period's rated games, in hundredths
    for event, whys in zip(events, reasons):
        re_ = r if event.rating is None else event.rating
        upgrade = _one_upgrade(re_, event.games, whys) if once else None
        columns, total_dr, score2, expected_h, period_dr = _rate_event(
            r, re_, event.games, whys, k, not (full_2650 and re_ >= FULL_DIFFERENCE_FROM), upgrade, period_dr)
        rated_events.append(RatedPeriodEvent(
            name=event.name, date=event.date, rating=re_, games=game_results(columns),
            rated_games=whys.count(None), score=score2 / 2, expected=expected_h / 100,
            change_hundredths=k * total_dr, columns=columns,
        ))
    change_whole = round_half_away(k * period_dr)
    return PeriodResult(
        rating=r,
        k=k,
        k_rule=rule,  # type: ignore[arg-type]
        k_before_700=k_given,
        events=tuple(rated_events),
        rated_games=sum(e.rated_games for e in rated_events),
        score=sum(e.score for e in rated_events),
        expected=sum(round(e.expected * 100) for e in rated_events) / 100,
        change=change_whole,
        change_hundredths=k * period_dr,
        new_rating=r + change_whole,
    )


def _rate_event(r: int, re_: int, games: Sequence[Game | UnratedGame], whys: Sequence[NotRatedReason | None],
                k: int, capped_event: bool, upgrade: int | None, period_dr: int) -> tuple[Columns, int, int, int, int]:
    """One event of `rate_period`, a column at a time (10 000 games on every keystroke): its games'
    results by column (`GameResult`'s fields), its sum of (S - PD) over the rated games in hundredths,
    its score there in halves, its expected score in hundredths, and the period's sum of (S - PD)
    after it. A game with a reason (`whys`) is not rated: no change, not in the sums; against an
    unrated opponent it has no difference and no PD either. With the 400-point rule (`capped_event`)
    a difference over 400 counts as 400, where it is over 400 above only in the game `upgrade` if
    there is one (the rules before March 2024). Each different difference is capped and its PD looked
    up once; every figure is a loop's (integers add exactly in any order, and each float is made by
    the same expression)."""
    n = len(games)
    skipped = [] if whys.count(None) == n else [i for i, why in enumerate(whys) if why is not None]
    unrated = [i for i in skipped if type(games[i]) is UnratedGame]
    opponents: list[Any] = [g[0] for g in games]
    for i in unrated:
        opponents[i] = re_  # a difference of 0 stands in until the columns are made
    scores = list(map(itemgetter(-1 if unrated else 1), games))  # an UnratedGame's score is its only field
    raw = [re_ - int(o) for o in opponents]
    cap = {d: capped(d) if capped_event else d for d in set(raw)}
    differences: list[Any]
    if upgrade is None:  # each raw difference's PD, by its capped difference
        differences = list(map(cap.__getitem__, raw))
        pd_of = {d: pd_hundredths(c) for d, c in cap.items()}
        pds = list(map(pd_of.__getitem__, raw))
    else:
        differences = [d if d > cap[d] and i != upgrade else cap[d] for i, d in enumerate(raw)]
        pd_of = {d: pd_hundredths(d) for d in set(differences)}
        pds = list(map(pd_of.__getitem__, differences))
    s100 = [int(score * 100) for score in scores]
    drs = list(map(sub, s100, pds))
    rated = [True] * n
    for i in skipped:
        drs[i], rated[i] = 0, False  # a change of exactly 0.0 below
    running = list(accumulate(drs, initial=period_dr))
    expected: list[Any] = [pd / 100 for pd in pds]
    for i in unrated:
        opponents[i] = differences[i] = expected[i] = None
    columns = (opponents, scores, differences, expected, [k * dr / 100 for dr in drs], rated,
               [r + k * dr / 100 for dr in running[1:]], list(whys))
    score2 = (sum(s100) - sum(s100[i] for i in skipped)) // 50  # each S is 0, 50 or 100
    return columns, sum(drs), score2, sum(pds) - sum(pds[i] for i in skipped), running[-1]


def dp_for_percent(percent: int) -> int:
    """Table 8.1.1: dp for a score of `percent` % (0-100)."""
    return DP_TABLE[percent - 50] if percent >= 50 else -DP_TABLE[50 - percent]


def _percent(score2: int, games: int) -> int:
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
    percent = _percent(sum(int(g.score * 2) for g in games), len(games))
    return "plus_800" if percent == 100 else "minus_800" if percent == 0 else None


def fide_performance(games: Iterable[Game]) -> Performance:
    """FIDE's performance rating (table 8.1.1): Ra + dp(p), Ra and p rounded 0.5 up."""
    gs = list(games)
    if not gs:
        return Performance(None, "no_games")
    return _performance(len(gs), sum(int(g.opponent) for g in gs), sum(int(g.score * 2) for g in gs))


def _performance(games: int, opponents: int, score2: int) -> Performance:
    """`fide_performance` of `games` games against opponents rated `opponents` in all, scoring `score2` halves."""
    ra = round_half_up(opponents, games)
    return Performance(ra + dp_for_percent(_percent(score2, games)), "fide_8_1_1")


def _pool(games: Sequence[Game]) -> tuple[int, int, int]:
    """An unrated player's games, checked: their number, the opponents' total and the score in halves."""
    check_game_count(len(games))
    for g in games:
        check_rating(g.opponent, whole=True, what="the opponent's rating")
        check_score(g.score)
    return len(games), sum(int(g.opponent) for g in games), sum(int(g.score * 2) for g in games)


def fide_initial_rating(games: Sequence[Game]) -> InitialRating:
    """FIDE's first rating of an unrated player (FIDE 7.1.4, 8.2; FIDE-RULES 2.7).

    Two hypothetical draws against 1800 are added; Ru = Ra + dp(p), at most
    2200, published with 5 or more games, Ru >= 1400 and a score above zero.

    >>> fide_initial_rating([Game(1900, 1.0)] * 5).rating
    2180
    """
    n, total, score2 = _pool(games)
    total += 2 * 1800
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


def fide_initial_rating_2022(games: Sequence[Game]) -> InitialRating:
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
    percent = _percent(score2, n) if n else 0
    dp = 20 * (score2 - n) if score2 > n else dp_for_percent(percent) if score2 < n else 0
    computed = round_half_up(total + dp * n, n) if n else 0
    reason = ("zero_score" if score2 == 0 else "fewer_than_5_games" if n < FIRST_RATING_GAMES
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
    count (8.2.2); a first event with a zero score is disregarded (7.1.4) when a later event has games
    against rated opponents (alone, it is the zero score `fide_initial_rating` names).
    """
    reasons: list[list[NotRatedReason | None]] = [
        ["unrated_opponent" if type(g) is UnratedGame else None for g in e.games] for e in events]
    with_rated = [i for i, e in enumerate(events) if any(type(g) is Game for g in e.games)]
    if len(with_rated) > 1:
        first = with_rated[0]
        if all(g.score == 0 for g in events[first].games if type(g) is Game):
            reasons[first] = ["first_event_zero_score" if why is None else why for why in reasons[first]]
    pooled = [g for e, whys in zip(events, reasons) for g, why in zip(e.games, whys)
              if why is None and type(g) is Game]
    rule = fide_initial_rating if "first_rating_2024" in law else fide_initial_rating_2022
    return rule(pooled), reasons


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
    "below_1000": "a first rating below 1000 was not published before March 2024",
}
WARNINGS = {
    "rating_below_floor": "FIDE publishes no rating below {floor} (FIDE 7.2.1): {rating} is not on the list",
    "below_rating_floor": "the new rating {new_rating} is below {floor}: FIDE publishes no rating below {floor} "
                          "(FIDE 7.2.1), the player drops off the list",
    "standard_rating_used": "your standard rating {rating} is used as your {time_control} rating: FIDE rates a "
                            "player unrated in {time_control} who has a standard rating as a rated player (FIDE "
                            "Rapid and Blitz Rating Regulations 7.2.1)",
    "rating_adjusted_2024": "FIDE raised every rating below 2000 once on 1 March 2024: {rating} became {adjusted} "
                            "(R + 0.4 x (2000 - R)); enter the rating of the list in force",
}
_PLAYER_FLAGS = ("fewer_than_30_games", "junior", "reached_2400", "reached_2300")


class InitialAnswer(TypedDict):
    games: int
    average: float
    percent: int
    dp: int
    computed: int
    rating: int | None
    reason: str
    note: str
    games_needed: int
    """More games against rated opponents needed for a first rating (5 in all, FIDE 7.1.4)."""
    rules: str
    """Which first-rating rule gave it: "2024" (two hypothetical 1800 draws, at most 2200) or "2022"
    (the archived rule of periods from January 2022 to February 2024: the rated opponents' average)."""


class PeriodEventAnswer(TypedDict):
    """One event of a period (`events` in a request): its games and its exact subtotal."""

    name: str
    date: str | None
    rating: int | None
    games: list[GameAnswer]
    rated_games: int
    score: float
    expected: float | None
    change_exact: float | None


class FideAnswer(EventAnswer, total=False):
    time_control: str
    period: str | None
    k: float | None
    k_rule: str
    k_reason: str
    k_before_700: float
    rule_700: bool
    rated_games: int
    change_exact: float | None
    events: list[PeriodEventAnswer]
    warnings: list[Warning]


class FirstRatingAnswer(FideAnswer):
    """An unrated player's answer: how the first rating came out (FIDE 8.2)."""

    initial: InitialAnswer


@dataclass(frozen=True)
class FideInputs:
    rating: int | None
    """None: an unrated player, whose first rating is computed."""
    games: list[Game | UnratedGame]
    """The games of a request without `events` (one event)."""
    rules: FideRules
    events: list[PeriodEvent] | None = None
    """The events of a request with `events`, in the order played."""
    law: PeriodRules = CURRENT_RULES
    seeded: bool = False
    """`rating` is the player's standard rating, standing in for an unrated rapid or blitz rating (7.2.1)."""


class FideSystem:
    """FIDE's rules: whole-number ratings, K from the player's history, first ratings, rating periods."""

    name = "fide"
    capabilities = Capabilities(tournament="fide", no_ledger=(
        "FIDE rates a month's games at once from the published list, with K from a player's history and first "
        "ratings from a federation's records: not supported for a ledger (use elo)"))
    places = 0
    outputs: tuple[Output, ...] = ()
    display = Display(together=True, notes=("k_used", "first_rating", "event_subtotals", "warnings"))
    fields: tuple[Field, ...] = (
        Field("rating", "rating", whole=True),
        Field("k", "k", whole=True),
        Field("time_control", "choice", choices=TIME_CONTROLS, help="the event's time control"),
        Field("player.standard_rating", "number", low=MIN_RATING, high=MAX_RATING, whole=True,
              help="fide rapid/blitz: your standard rating, used when you have no rapid or blitz rating",
              when=("time_control!=standard", "!rating")),  # Rapid and Blitz 7.2.1
        Field("period", "period", help="the rating period (YYYY-MM) and its tournaments"),
        Field("player.fewer_than_30_games", "bool", help="fide: fewer than 30 rated games", group="k_finder",
              clears="k"),
        Field("player.junior", "bool", help="fide: 18 or younger this year", group="k_finder", clears="k"),
        Field("player.reached_2400", "bool", help="fide: rating has ever reached 2400", group="k_finder",
              clears="k"),
        Field("player.reached_2300", "bool", help="fide: a junior once rated 2300 or more", group="k_finder",
              clears="k", when=("player.junior",)),  # 8.3.3: counts for a junior only
    )

    def read(self, request: dict[str, Any], problems: Problems) -> FideInputs | None:
        rating = None if blank(request.get("rating")) else read_rating(request["rating"], "rating", problems,
                                                                       whole=True)
        k = None if blank(request.get("k")) else read_k(request["k"], problems, whole=True)
        player = read_object(request, "player", problems)
        flags = {flag: read_flag(player, flag, f"player.{flag}", problems) for flag in _PLAYER_FLAGS}
        time_control = read_choice(request, "time_control", "time_control", TIME_CONTROLS, problems)
        # Rapid and blitz 7.2.1: an unrated player's standard rating is their rating (used only then).
        seed = None if not blank(request.get("rating")) else _read_seed(player.get("standard_rating"),
                                                                          time_control, problems)
        events: list[PeriodEvent] | None = None
        games: list[Game | UnratedGame] = []
        if request.get("events") is not None:
            if request.get("games") is not None:
                problems.add("events", "not_supported", "a request has either games (one event) or events, not both")
            events = _read_events(request["events"], problems,
                                  unrated_player=blank(request.get("rating")) and blank(player.get("standard_rating")))
        else:
            games = read_games_with_unrated(request.get("games"), problems)
        law = read_period(request.get("period"), time_control, problems)
        if problems:
            return None
        rules = FideRules(k=None if k is None else int(k), time_control=time_control,  # type: ignore[arg-type]
                          **flags)
        if seed is not None:
            return FideInputs(int(seed), games, rules, events, law, seeded=True)
        return FideInputs(None if rating is None else int(rating), games, rules, events, law)

    def answer(self, inputs: FideInputs) -> FideAnswer | FirstRatingAnswer:
        events = inputs.events if inputs.events is not None else [PeriodEvent(tuple(inputs.games))]
        if inputs.rating is None:
            return _first_rating_answer(inputs, events)
        answer = _rated_answer(inputs, inputs.rating, events)
        if inputs.seeded:
            answer["warnings"].insert(0, _warning("standard_rating_used", rating=inputs.rating,
                                                  time_control=inputs.rules.time_control))
        return answer


def _read_seed(value: Any, time_control: str, problems: Problems) -> Any:
    """`player.standard_rating`: the standard rating of a player unrated in rapid or blitz (7.2.1)."""
    if blank(value):
        return None
    if time_control == "standard":
        problems.add("player.standard_rating", "not_supported", "a standard rating stands in for a rapid or "
                     "blitz rating only (FIDE Rapid and Blitz Rating Regulations 7.2.1): for a standard event, "
                     "enter it as your rating")
        return None
    return read_rating(value, "player.standard_rating", problems, whole=True, what="your standard rating")


def read_period(value: Any, time_control: str, problems: Problems) -> PeriodRules:
    if value is None:
        return CURRENT_RULES
    if not isinstance(value, str) or not _PERIOD.fullmatch(value):
        problems.add("period", "not_a_choice", f"expected period to be a month as YYYY-MM, got {show(value)}",
                     value=show(value))
        return CURRENT_RULES
    earliest = EARLIEST_PERIOD if time_control == "standard" else EARLIEST_RAPID_BLITZ_PERIOD
    if value < earliest:
        what = "standard" if time_control == "standard" else "rapid and blitz"
        problems.add("period", "not_supported", f"{what} periods before {earliest} are not supported: the "
                     f"project knows FIDE's {what} regulations from {earliest} on, got {show(value)}",
                     value=value, min=earliest)
        return CURRENT_RULES
    return rules_in_force(value)


def _read_date(value: Any, field: str, problems: Problems) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            date.fromisoformat(value)
            return value
        except ValueError:
            pass
    problems.add(field, "not_a_choice", f"expected {field} to be a day as YYYY-MM-DD, got {show(value)}",
                 value=show(value))
    return None


def _read_events(value: Any, problems: Problems, *, unrated_player: bool) -> list[PeriodEvent]:
    if not isinstance(value, list):
        problems.add("events", "not_a_list", f"expected events to be a list, got {show(value)}")
        return []
    total = sum(len(e["games"]) for e in value if isinstance(e, dict) and isinstance(e.get("games"), list))
    try:
        check_game_count(max(total, len(value)))
    except EloError as exc:
        problems.error("events", exc)
        return []
    events: list[PeriodEvent] = []
    for i, item in enumerate(value):
        field = f"events[{i}]"
        if not isinstance(item, dict):
            problems.add(field, "not_an_object", f"expected event {i + 1} to be an object with its games")
            continue
        name = item.get("name")
        if name is not None and not isinstance(name, str):
            problems.add(f"{field}.name", "not_a_choice", f"expected {field}.name to be text, got {show(name)}",
                         value=show(name))
            name = None
        rating = None
        if not blank(item.get("rating")):
            if unrated_player:
                problems.add(f"{field}.rating", "not_supported", "an unrated player has no rating for an event: "
                             "leave it empty")
            else:
                rating = read_rating(item["rating"], f"{field}.rating", problems, whole=True,
                                     what=f"your rating for event {i + 1}")
        day = _read_date(item.get("date"), f"{field}.date", problems)
        games = read_games_with_unrated(item.get("games"), problems, field=f"{field}.games")
        events.append(PeriodEvent(tuple(games), None if rating is None else int(rating), name or "", day))
    return events


def _warning(code: str, **params: Any) -> Warning:
    return {"code": code, "message": WARNINGS[code].format(**params), "params": params}


def _warnings(law: PeriodRules, ratings: list[tuple[str, int]], new_rating: int | None) -> list[Warning]:
    """FIDE's floor (7.2.1: 1400 from March 2024, 1000 before) and, in the period 2024-03, the one-off
    adjustment."""
    found: list[Warning] = []

    def add(code: str, **params: Any) -> None:
        found.append(_warning(code, **params))

    floor = RATING_FLOOR if "rating_floor_1400" in law else RATING_FLOOR_2022
    for field, value in ratings:
        if value < floor:
            add("rating_below_floor", field=field, rating=value, floor=floor)
    if new_rating is not None and new_rating < floor:
        add("below_rating_floor", new_rating=new_rating, floor=floor)
    if law.period == "2024-03":
        for field, value in ratings:
            if value < 2000:
                add("rating_adjusted_2024", field=field, rating=value, adjusted=adjusted_2024(value))
    return found


def _rated_answer(inputs: FideInputs, rating: int, events: list[PeriodEvent]) -> FideAnswer:
    result = rate_period(rating, events, inputs.rules, inputs.law)
    games = [g for e in result.events for g in e.games]
    only = result.events[0] if len(result.events) == 1 else None
    if games and only is not None and only.columns is not None and only.rated_games == len(games):
        # every game rated and against a rated opponent, by column (10 000 per keystroke)
        performance = _performance(len(games), sum(map(int, only.columns[0])), round(only.score * 2))
    else:
        performance = fide_performance([new_tuple(Game, g[:2]) for g in games if g.rated and g.opponent is not None])
    answer = FideAnswer(
        time_control=inputs.rules.time_control,
        period=inputs.law.period,
        rating=result.rating,
        k=result.k,
        k_rule=result.k_rule,
        k_before_700=result.k_before_700,
        rule_700=result.k != result.k_before_700,
        games=GameRows(only.columns) if only is not None and only.columns is not None else GameRows.of(games),
        rated_games=result.rated_games,
        score=result.score,
        expected=result.expected,
        change=result.change,
        change_exact=result.change_hundredths / 100,
        new_rating=result.new_rating,
        k_reason=K_REASONS[result.k_rule],
        performance=performance_answer(performance.rating, performance.reason),
    )
    ratings = [("rating", rating)]
    if inputs.events is not None:
        answer["events"] = [
            {"name": e.name, "date": e.date, "rating": e.rating, "games": GameRows.of(e.games).answers(),
             "rated_games": e.rated_games, "score": e.score, "expected": e.expected,
             "change_exact": e.change_hundredths / 100}
            for e in result.events]
        ratings += [(f"events[{i}].rating", e.rating) for i, e in enumerate(events) if e.rating is not None]
    answer["warnings"] = _warnings(inputs.law, ratings, result.new_rating)
    return answer


def _unrated_games(games: Iterable[Game | UnratedGame], whys: list[NotRatedReason | None]) -> list[GameAnswer]:
    answers: list[GameAnswer] = []
    for g, why in zip(games, whys):
        game: GameAnswer = {"opponent": None if type(g) is UnratedGame else whole(g[0]), "score": g[-1],
                            "difference": None, "expected": None, "change": None, "rated": why is None,
                            "rating_after": None}
        if why is not None:
            game["reason"] = why
        answers.append(game)
    return answers


def _first_rating_answer(inputs: FideInputs, events: list[PeriodEvent]) -> FirstRatingAnswer:
    initial, reasons = first_rating_period(events, inputs.law)
    counted = [g for e, whys in zip(events, reasons) for g, why in zip(e.games, whys)
               if why is None and type(g) is Game]
    performance = fide_performance(counted)
    answer: FirstRatingAnswer = {
        "time_control": inputs.rules.time_control,
        "period": inputs.law.period,
        "rating": None,
        "k": None,
        "k_rule": "unrated",
        "k_reason": K_REASONS["unrated"],
        "rule_700": False,
        "games": [g for e, whys in zip(events, reasons) for g in _unrated_games(e.games, whys)],
        "rated_games": len(counted),
        "score": initial.score,
        "expected": None,
        "change": None,
        "change_exact": None,
        "new_rating": initial.rating,
        "initial": {
            "games": initial.games, "average": initial.average, "percent": initial.percent,
            "dp": initial.dp, "computed": initial.computed, "rating": initial.rating,
            "reason": initial.reason, "note": INITIAL_REASONS[initial.reason], "games_needed": initial.games_needed,
            "rules": "2024" if "first_rating_2024" in inputs.law else "2022",
        },
        "performance": performance_answer(performance.rating, performance.reason),
    }
    if inputs.events is not None:
        answer["events"] = [
            {"name": e.name, "date": e.date, "rating": None, "games": _unrated_games(e.games, whys),
             "rated_games": sum(why is None for why in whys),
             "score": sum(g[-1] for g, why in zip(e.games, whys) if why is None),
             "expected": None, "change_exact": None}
            for e, whys in zip(events, reasons)]
    answer["warnings"] = []
    return answer


FIDE = FideSystem()
