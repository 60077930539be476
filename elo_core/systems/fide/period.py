"""A rated player's rating period under FIDE (FIDE 8.3; FIDE-RULES 2.8): each event rated from its own
list rating, K from the period's start, the period's change rounded once."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from operator import itemgetter, sub
from typing import Any

from ...words.model import (
    Columns,
    EventResult,
    Game,
    NotRatedReason,
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
)
from .rules import (
    CAP,
    CURRENT_RULES,
    FULL_DIFFERENCE_FROM,
    FideRules,
    PeriodRules,
    apply_700_rule,
    capped,
    fide_k_factor,
    is_rated,
    pd_hundredths,
    round_half_away,
)


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


def not_rated(rating: int, game: Game | UnratedGame, time_control: TimeControl,
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
        # An event's rating is a published one (the list in force when it started): 2400 there is 2400 reached
        # (8.3.3: K 10 for good), 2300 there ends a junior's K 40, as the period's own rating would.
        top = max([r, *(e.rating for e in events if e.rating is not None)])
        k_given, rule = fide_k_factor(r, fewer_than_30_games=rules.fewer_than_30_games, junior=rules.junior,
                                      reached_2400=rules.reached_2400 or top >= 2400,
                                      reached_2300=rules.reached_2300 or top >= 2300)
    tc = rules.time_control
    simple = tc == "standard"
    reasons: list[list[NotRatedReason | None]] = [
        [None] * len(e.games) if simple and set(map(type, e.games)) <= {Game}  # at C speed: 10 000 games
        else [not_rated(r if e.rating is None else e.rating, g, tc, law) for g in e.games] for e in events]
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


