"""FIDE's rating period has one implementation, a column at a time (`fide.period._rate_event`), for every
event: all games rated, unrated opponents, rapid and blitz games left unrated by the 600-point rule,
the one upgrade of the rules before March 2024, the 2650 exemption. It must give, to the last bit,
what rating the games one by one gives: the loop below, as the engine had it (FIDE-RULES 2.8)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.systems.fide.period import _one_upgrade, not_rated, rate_period
from elo_core.systems.fide.rules import (
    CAP,
    FULL_DIFFERENCE_FROM,
    RULES_BY_DATE,
    FideRules,
    PeriodRules,
    pd_hundredths,
    rules_in_force,
)
from elo_core.words.model import TIME_CONTROLS, Game, GameResult, PeriodEvent, UnratedGame


def one_by_one(r: int, events: Sequence[PeriodEvent], k: int, law: PeriodRules,
               time_control: str) -> tuple[list[tuple[GameResult, ...]], list[tuple[int, int, int]], int]:
    """Each event's games rated one at a time, its (sum of S - PD, score in halves, expected in
    hundredths), and the period's sum of S - PD (all in hundredths)."""
    full_2650 = time_control == "standard" and "full_difference_2650" in law
    once = "cap_400_every_game" not in law
    period_dr = 0
    games_out, sums = [], []
    for event in events:
        re_ = r if event.rating is None else event.rating
        whys = [not_rated(re_, g, time_control, law) for g in event.games]  # type: ignore[arg-type]
        capped = not (full_2650 and re_ >= FULL_DIFFERENCE_FROM)
        upgrade = _one_upgrade(re_, event.games, whys) if once else None
        results, total_dr, score2, expected_h = [], 0, 0, 0
        for i, (game, why) in enumerate(zip(event.games, whys)):
            if isinstance(game, UnratedGame):
                results.append(GameResult(None, game.score, None, None, 0.0, False, r + k * period_dr / 100, why))
                continue
            opp, score = game
            d = re_ - int(opp)
            if capped:
                d = (CAP if upgrade in (None, i) else d) if d > CAP else -CAP if d < -CAP else d
            pd = pd_hundredths(d)
            s100 = int(score * 100)
            change = 0.0
            if why is None:
                total_dr += s100 - pd
                period_dr += s100 - pd
                score2 += s100 // 50
                expected_h += pd
                change = k * (s100 - pd) / 100
            results.append(GameResult(opp, score, d, pd / 100, change, why is None, r + k * period_dr / 100, why))
        games_out.append(tuple(results))
        sums.append((total_dr, score2, expected_h))
    return games_out, sums, period_dr


PERIODS = sorted({since[:7] for _, since, _ in RULES_BY_DATE if since >= "2024-03"} | {"2022-06", "2025-12"})
games = st.lists(st.one_of(st.builds(Game, st.integers(1000, 3000), st.sampled_from([0.0, 0.5, 1.0])),
                           st.builds(UnratedGame, st.sampled_from([0.0, 0.5, 1.0]))), max_size=25)
events = st.lists(st.builds(lambda g, rating: PeriodEvent(tuple(g), rating), games,
                            st.one_of(st.none(), st.integers(1400, 2900))), min_size=1, max_size=3)


@settings(max_examples=300, deadline=None)
@given(r=st.integers(1400, 2900), events=events, period=st.sampled_from(PERIODS),
       time_control=st.sampled_from(TIME_CONTROLS), k=st.sampled_from([None, 10, 20, 40]))
def test_the_period_is_rated_as_game_by_game(r: int, events: list[PeriodEvent], period: str, time_control: str,
                                             k: int | None) -> None:
    if period < "2024-03" and time_control != "standard":
        time_control = "standard"  # no rapid or blitz rules before March 2024
    law = rules_in_force(period)
    result = rate_period(r, events, FideRules(k=k, time_control=time_control), law)  # type: ignore[arg-type]
    expected_games, sums, period_dr = one_by_one(r, events, result.k, law, time_control)
    assert [e.games for e in result.events] == expected_games
    for event, games_, (total_dr, score2, expected_h) in zip(result.events, expected_games, sums):
        # the same floats, bit for bit (== would let 0.0 and -0.0 pass)
        assert [tuple(map(repr, g)) for g in event.games] == [tuple(map(repr, g)) for g in games_]
        assert (event.change_hundredths, event.score, event.expected) == (result.k * total_dr, score2 / 2,
                                                                          expected_h / 100)
        assert event.rated_games == sum(g.rated for g in games_)
    assert result.change_hundredths == result.k * period_dr


def test_the_check_can_fail() -> None:
    """An upgrade in every game of a 2022 event, as the loop would not give: the comparison sees it."""
    law = rules_in_force("2022-06")
    events = [PeriodEvent((Game(1500, 1.0), Game(1500, 1.0)))]
    ours = rate_period(2000, events, FideRules(), law).events[0].games
    loop, _, _ = one_by_one(2000, events, 20, law, "standard")
    assert ours == loop[0] and [g.difference for g in ours] == [400, 500]
