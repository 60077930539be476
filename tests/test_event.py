"""A whole tournament rated from its report file (FIDE-RULES 2.9), rule by rule, each with a case worked by
hand from FIDE's table 8.1.2 (PD by the rating difference D) and 8.1.1 (dp by the percentage p); then plain
Elo, the request's errors, and properties of every answer."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from elo_core.reports.event import NOTES, event_report

from .strategies import json_values, trf_players, trf_rounds, trf_seeds
from .trf_text import Round, player_line, random_tournament, trf

FILES = Path(__file__).parent / "trf"
SPRING = ("012 Spring Open", "042 2026/03/28", "052 2026/04/05")
"""Ends on 5 April 2026: rated in the period 2026-05, whose rules are today's."""


def report(*lines: str, header: tuple[str, ...] = SPRING, today: date | None = None, **request: Any) -> dict[str, Any]:
    answer = event_report({"text": trf(*lines, header=header), **request}, today=today)
    assert answer["ok"] is True, answer
    return answer


def player(answer: dict[str, Any], start: int) -> dict[str, Any]:
    found: list[dict[str, Any]] = [p for p in answer["players"] if p["start"] == start]
    assert 1 == len(found)
    return found[0]


def errors(request: Any) -> list[tuple[str, str]]:
    answer = event_report(request)
    assert answer["ok"] is False, answer
    return [(e["field"], e["code"]) for e in answer["errors"]]


def pairing(opponent: int, colour: str, result: str) -> Round:
    return (opponent, colour, result)


# Four players, six rounds: everything a round can be. Player 3 is unrated.
FOUR = (
    player_line(1, "Adams, Ann", 2000, birth="1980/01/01", rounds=[
        (2, "w", "1"), (4, "b", "="), (3, "w", "1"), (4, "w", "+"), (0, "-", "H"), (2, "b", "W")]),
    player_line(2, "Brown, Bob", 1900, birth="1975/01/01", rounds=[
        (1, "b", "0"), (3, "b", "1"), (4, "w", "0"), (3, "w", "1"), (3, "b", "="), (1, "w", "L")]),
    player_line(3, "Cole, Cat", None, birth="1999/01/01", rounds=[
        (4, "w", "0"), (2, "w", "0"), (1, "b", "0"), (2, "b", "0"), (2, "w", "="), (4, "w", "1")]),
    player_line(4, "Dunn, Dan", 1800, birth="1985/01/01", rounds=[
        (3, "b", "1"), (1, "w", "="), (2, "b", "1"), (1, "b", "-"), (0, "-", "Z"), (3, "b", "0")]),
)


# ---- which games are rated ------------------------------------------------------------------------


def test_only_played_games_against_rated_opponents_are_rated() -> None:
    """Player 1 (2000, K 20): round 1 beat 1900, D 100, PD .64: +.36; round 2 drew 1800, D 200, PD .76:
    -.26; the rest are not rated. 20 x (.36 - .26) = +2.0 -> 2002."""
    p = player(report(*FOUR), 1)
    assert [None, None, "unrated_opponent", "forfeit", "half_point_bye", "unrated_game"] == [
        line["reason"] for line in p["rounds"]]
    assert (2, 1.5, 1.4, 2.0, 2, 2002) == (p["games"], p["score"], p["expected"], p["change"],
                                           p["change_rounded"], p["new_rating"])
    assert [(100, 0.64, 7.2), (200, 0.76, -5.2)] == [
        (line["difference"], line["expected"], line["change"]) for line in p["rounds"][:2]]


def test_a_rated_player_loses_nothing_to_an_unrated_one() -> None:
    """Player 2 (1900) lost to 2000 (D -100, PD .36: -.36) and to 1800 (D 100, PD .64: -.64); three games
    against the unrated player 3 do not count. 20 x -1.00 = -20 -> 1880."""
    p = player(report(*FOUR), 2)
    assert (2, -20.0, 1880) == (p["games"], p["change"], p["new_rating"])
    assert 3 == [line["reason"] for line in p["rounds"]].count("unrated_opponent")


def test_forfeit_loss_and_zero_point_bye_are_not_rated() -> None:
    """Player 4 (1800): drew 2000 (D -200, PD .24: +.26), beat 1900 (D -100, PD .36: +.64); a forfeit
    loss, a zero-point bye and two games against the unrated player. 20 x .90 = +18 -> 1818."""
    p = player(report(*FOUR), 4)
    assert ["unrated_opponent", None, None, "forfeit", "zero_point_bye", "unrated_opponent"] == [
        line["reason"] for line in p["rounds"]]
    assert (18.0, 1818) == (p["change"], p["new_rating"])


def test_byes_blank_rounds_and_missing_opponents_each_say_why() -> None:
    lone = player_line(1, "Lone, Lee", 1700, rounds=[
        (0, "-", "F"), (0, "-", "U"), (0, "-", "Z"), (0, "-", " "), (9, "w", "1"), (2, "b", " ")])
    other = player_line(2, "Other, Olga", 1700, rounds=[(0, "-", "Z")] * 5 + [(1, "w", " ")])
    answer = report(lone, other)
    p = player(answer, 1)
    assert ["full_point_bye", "pairing_allocated_bye", "zero_point_bye", "zero_point_bye", "opponent_not_in_file",
            "no_result"] == [line["reason"] for line in p["rounds"]]
    assert (None, 0, 0.0, 1700, False) == (p["k"], p["games"], p["change"], p["new_rating"], p["k_assumed"])
    assert [(4, "opponent_not_in_file"), (4, "no_result")] == [(pr["line"], pr["code"]) for pr in answer["problems"]]


def test_a_player_paired_with_their_own_start_number_is_not_rated_and_the_file_says_so() -> None:
    """Player 1's three rounds name start number 1, their own: no game against oneself is rated (the ladder
    refuses it too), under FIDE and plain Elo, and each round is a problem of the player's line."""
    self_line = player_line(1, "Self, Sam", 2000, rounds=[(1, "w", "1"), (1, "b", "1"), (1, "w", "1")])
    other = player_line(2, "Other, Olga", 1900, rounds=[(0, "-", "Z")] * 3)
    requests: list[dict[str, Any]] = [{}, {"system": "elo", "k": 20}]
    for request in requests:
        answer = report(self_line, other, **request)
        p = player(answer, 1)
        assert ["same_player"] * 3 == [line["reason"] for line in p["rounds"]]
        assert (0, 0.0, 2000) == (p["games"], p["change"], p["new_rating"])
        (group,) = answer["problems"]  # one group of the three
        assert ("same_player", 3, [4, 4, 4]) == (group["code"], group["count"], group["lines"])
        assert [(4, r) for r in (1, 2, 3)] == [(item["line"], item["params"]["round"]) for item in group["items"]]
        assert "line 4: round 1: start number 1 is paired with their own start number: not rated" == (
            group["items"][0]["message"])
        assert "a round that names the player's own start number: not rated (3 times, line 4)" == group["message"]
        assert (0, 3) == (answer["event"]["games"], answer["event"]["not_rated"]["same_player"])


def test_event_totals() -> None:
    """Games played over the board, each once: rounds 1-3 two each, rounds 4-6 one each (a forfeit and an
    unrated-game code are not played): 9; between rated players: 1-2, 1-4, 2-4: 3. Average (2000 + 1900 +
    1800) / 3 = 1900."""
    event = report(*FOUR)["event"]
    assert (4, 3, 1, 9, 3, 1900, 3, 1) == (event["players"], event["rated_players"], event["unrated_players"],
                                           event["games"], event["rated_games"], event["average_rating"],
                                           event["k_assumed"], event["first_ratings"])
    assert {"forfeit": 2, "half_point_bye": 1, "unrated_game": 2, "unrated_opponent": 6, "zero_point_bye": 1} == (
        event["not_rated"])


def test_every_game_played_counts_in_the_score_whatever_the_ratings() -> None:
    """Player 1 of FOUR played three games over the board (beat 1900, drew 1800, beat the unrated 3): 2.5 of 3,
    though only two are rated (1.5 of 2); a forfeit, a bye and a game the file marks unrated are no games. The
    unrated player 3 played six (1.5 points), all against rated opponents: all six count for a first rating."""
    answer = report(*FOUR)
    one, three = player(answer, 1), player(answer, 3)
    assert (3, 2.5, 2, 1.5) == (one["games_played"], one["score_played"], one["games"], one["score"])
    assert (6, 1.5, 6, 1.5) == (three["games_played"], three["score_played"], three["games"], three["score"])


def test_an_event_of_unrated_players_counts_every_game_in_the_score() -> None:
    """lichess's Swiss: 13 players, none rated, 56 games. Every game counts in its players' scores (each game
    gives out 1 point: 56 in all), though none is rated under FIDE (no rated opponent)."""
    answer = event_report({"text": (FILES / "lichess-swiss-2020-05.trf").read_bytes()})
    players = answer["players"]
    assert (56, 0) == (answer["event"]["games"], answer["event"]["rated_games"])
    assert (2 * 56, 56.0, 0) == (sum(p["games_played"] for p in players), sum(p["score_played"] for p in players),
                                 sum(p["games"] for p in players))
    one = player(answer, 1)  # mattderkuerschner: 8.0 points in 10 games, all played
    assert (10, 8.0, 0, 0.0) == (one["games_played"], one["score_played"], one["games"], one["score"])


# ---- the period and its rules -------------------------------------------------------------------


@pytest.mark.parametrize(("header", "period", "source"), [
    (SPRING, "2026-05", "end_date"),
    (("012 X", "042 2026/03/28", "132" + " " * 88 + "26/03/28  26/04/09"), "2026-05", "round_dates"),
    (("012 X", "042 2026/12/28"), "2027-01", "start_date"),
    (("012 X",), "2026-07", "today"),
])
def test_period_is_the_list_after_the_event(header: tuple[str, ...], period: str, source: str) -> None:
    event = report(*FOUR, header=header, today=date(2026, 7, 15))["event"]
    assert (period, source, period) == (event["period"], event["period_from"], event["rules_period"])


def test_every_note_is_listed() -> None:
    codes = {p["code"] for header in (("012 X",), ("012 X", "042 2026/01/01"), ("012 X", "132" + " " * 88 + "26/04/08"),
                                      ("012 X", "052 2019/01/01"))
             for p in report(*FOUR, header=header)["problems"]}
    codes |= {p["code"] for p in report(*FOUR, norms={"rounds": 1})["problems"]}  # fewer rounds than the file's
    assert set(NOTES) == codes


def test_a_file_without_dates_says_it_is_rated_in_the_current_period() -> None:
    answer = report(*FOUR, header=("012 X",), today=date(2026, 7, 15))
    assert [(None, "period_from_today")] == [(p["line"], p["code"]) for p in answer["problems"]]


def test_a_published_file_without_dates_is_rated_in_the_current_period() -> None:
    """T1B1 (2266, no birth date: K 20) won all 7, against 1895, 2001, 1981, 2049, 1878, 1609, 1629: D 371
    (.90), 265 (.82), 285 (.84), 217 (.78), 388 (.91), 657 and 637 (over 400: 400, .92): W - PD = .10 + .18 +
    .16 + .22 + .09 + .08 + .08 = .91: 20 x .91 = +18.2 -> +18 -> 2284."""
    answer = event_report({"text": (FILES / "tiebreakserver-team-no-dates.trf").read_text()}, today=date(2026, 7, 1))
    assert ("2026-07", "today") == (answer["event"]["period"], answer["event"]["period_from"])
    assert (18.2, 2284) == (player(answer, 1)["change"], player(answer, 1)["new_rating"])


def loss_2700_to_2200(end: str, **request: Any) -> dict[str, Any]:
    return report(player_line(1, "High, Hal", 2700, birth="1990/01/01", rounds=[(2, "w", "0")]),
                  player_line(2, "Low, Lou", 2200, birth="1990/01/01", rounds=[(1, "b", "1")]),
                  header=("012 X", f"052 {end}"), **request)


def test_2650_rule_in_a_period_from_october_2025() -> None:
    """Ends 20 September 2025: period 2025-10. 2700 uses the real D 500: PD .96; a loss: 10 x -.96 = -9.6 ->
    -10. 2200 counts -400: PD .08; a win: 20 x .92 = +18.4 -> +18."""
    answer = loss_2700_to_2200("2025/09/20")
    assert ("2025-10", -9.6, 2690, 18.4, 2218) == (answer["event"]["period"], player(answer, 1)["change"],
                                                   player(answer, 1)["new_rating"], player(answer, 2)["change"],
                                                   player(answer, 2)["new_rating"])


def test_400_cap_for_everyone_before_october_2025() -> None:
    """Ends 20 August 2025: period 2025-09. 2700 counts 400 too: PD .92: 10 x -.92 = -9.2 -> -9."""
    answer = loss_2700_to_2200("2025/08/20")
    assert ("2025-09", -9.2, 2691) == (answer["event"]["period"], player(answer, 1)["change"],
                                       player(answer, 1)["new_rating"])


def test_a_requested_period_overrides_the_files() -> None:
    answer = loss_2700_to_2200("2025/09/20", period="2025-09")
    assert ("2025-09", "request", -9.2) == (answer["event"]["period"], answer["event"]["period_from"],
                                            player(answer, 1)["change"])


def test_before_march_2024_the_400_rule_helps_in_one_game_only() -> None:
    """Ends 15 October 2023: period 2023-11, the 2022 regulations (8.3.1: one upgrade a tournament, in the
    game of the greatest difference). 2000 beat 1350 (D 650, capped to 400: PD .92, +.08) and 1500 (D 500,
    real: PD .96, +.04): 20 x .12 = 2.4 -> +2. By today's rules both are capped: 20 x .16 = 3.2 -> +3."""
    lines = (player_line(1, "Top, Tim", 2000, birth="1980/01/01", rounds=[(2, "w", "1"), (3, "b", "1")]),
             player_line(2, "Low, Lou", 1350, birth="1980/01/01", rounds=[(1, "b", "0")]),
             player_line(3, "Mid, Max", 1500, birth="1980/01/01", rounds=[(0, "-", "Z"), (1, "w", "0")]))
    old = player(report(*lines, header=("012 X", "052 2023/10/15")), 1)
    assert ([400, 500], 2.4, 2002) == ([line["difference"] for line in old["rounds"]], old["change"],
                                       old["new_rating"])
    assert (3.2, 2003) == (lambda p: (p["change"], p["new_rating"]))(
        player(report(*lines, header=("012 X", "052 2023/10/15"), period="2026-05"), 1))


def test_an_event_older_than_the_rules_known_is_rated_by_the_earliest_and_says_so() -> None:
    answer = event_report({"text": (FILES / "fide-example1.trf").read_text()})
    assert ("2005-08", "2022-01") == (answer["event"]["period"], answer["event"]["rules_period"])
    assert (None, "period_before_known_rules") in [(p["line"], p["code"]) for p in answer["problems"]]


def test_the_note_of_an_old_event_names_the_earliest_rules_month_as_its_value() -> None:
    """The note says the event was rated by the earliest rules known, and the month it names there is those rules'
    (2022-01), not the event's (2005-08): the view writes the note's text and then its value (`params.value`,
    else `params.period`: widget/views/event/event-page.js problemText), which read "rated by the earliest it
    knows (2005-08)". Both months are in the params, each by its name."""
    answer = event_report({"text": (FILES / "fide-example1.trf").read_text()})
    (note,) = [p for p in answer["problems"] if p["code"] == "period_before_known_rules"]
    assert ("2022-01", "2005-08", "2022-01") == (note["params"]["value"], note["params"]["period"],
                                                 note["params"]["rules_period"])
    assert "the event's period 2005-08 is before 2022-01, the first whose rules this calculator knows: rated by " \
        "the rules of 2022-01, the earliest it knows" == note["message"]
    shown = note["params"].get("value", note["params"].get("period"))  # as the view picks it
    assert "2022-01" == shown


# ---- K ----------------------------------------------------------------------------------------


def duel(rating: int, birth: str, **request: Any) -> dict[str, Any]:
    """Player 1 beats player 2, both rated `rating`: D 0, PD .50, W - PD = +.50 (a loss: -.50)."""
    return report(player_line(1, "One, Ola", rating, birth=birth, rounds=[(2, "w", "1")]),
                  player_line(2, "Two, Tom", rating, birth="1980/01/01", rounds=[(1, "b", "0")]), **request)


def test_junior_by_the_periods_year_gets_40() -> None:
    """Born 2008: 18 in 2026, the period's year: a junior under 2300, K 40: 40 x .50 = +20."""
    p = player(duel(1700, "2008/12/31"), 1)
    assert (40, "junior", True, 20.0, 1720) == (p["k"], p["k_rule"], p["junior"], p["change"], p["new_rating"])
    assert ["fewer_than_30_games", "reached_2400", "reached_2300"] == p["assumed"]


def test_nineteen_in_the_periods_year_is_no_junior() -> None:
    """Born 2007: 19 in 2026: K 20: 20 x .50 = +10."""
    p = player(duel(1700, "2007/01/01"), 1)
    assert (20, "default", False, 10.0) == (p["k"], p["k_rule"], p["junior"], p["change"])


def test_a_birth_year_alone_is_enough() -> None:
    assert 40 == player(duel(1700, "2010"), 1)["k"]


def test_a_junior_rated_2300_gets_20() -> None:
    assert (20, "default") == (lambda p: (p["k"], p["k_rule"]))(player(duel(2350, "2010/01/01"), 1))


def test_2400_gets_10_and_nothing_is_assumed() -> None:
    """2400: K 10 whatever the history: 10 x .50 = +5."""
    p = player(duel(2400, "1990/01/01"), 1)
    assert (10, False, [], 5.0) == (p["k"], p["k_assumed"], p["assumed"], p["change"])


def test_no_birth_date_is_assumed_no_junior() -> None:
    p = player(duel(1700, ""), 1)
    assert (20, ["fewer_than_30_games", "reached_2400", "junior"]) == (p["k"], p["assumed"])


def test_700_rule_counts_this_events_games() -> None:
    """A junior (1500) beats a 1500 eighteen times: 40 x 18 = 720 > 700, so K = 700 // 18 = 38; each game
    D 0, PD .50: 18 x .50 = 9.00: 38 x 9 = +342 -> 1842. The loser, K 20 (20 x 18 = 360): -180 -> 1320,
    under 1400: FIDE would publish no rating (7.2.1)."""
    answer = report(player_line(1, "Kid, Kim", 1500, birth="2012/01/01", rounds=[(2, "wb"[r % 2], "1")
                                                                                 for r in range(18)]),
                    player_line(2, "Old, Oscar", 1500, birth="1960/01/01", rounds=[(1, "bw"[r % 2], "0")
                                                                                   for r in range(18)]))
    kid, old = player(answer, 1), player(answer, 2)
    assert (38, 40, True, 342.0, 1842) == (kid["k"], kid["k_before_700"], kid["rule_700"], kid["change"],
                                           kid["new_rating"])
    assert (20, -180.0, 1320) == (old["k"], old["change"], old["new_rating"])
    assert ["below_rating_floor"] == [w["code"] for w in old["warnings"]]


def test_rounded_once_half_away_from_zero() -> None:
    """1700 beats 1749 (D -49, PD .43: +.57) and loses to 1600 (D 100, PD .64: -.64): 20 x -.07 = -1.4 -> -1;
    a K 10 (given) on the same games: -0.7 -> -1."""
    lines = (player_line(1, "Half, Hans", 1700, birth="1980/01/01", rounds=[(2, "w", "1"), (3, "b", "0")]),
             player_line(2, "B", 1749, birth="1980/01/01", rounds=[(1, "b", "0")]),
             player_line(3, "C", 1600, birth="1980/01/01", rounds=[(0, "-", "Z"), (1, "w", "1")]))
    assert (-1.4, -1) == (lambda p: (p["change"], p["change_rounded"]))(player(report(*lines), 1))
    given_10 = player(report(*lines, players={"1": {"k": 10}}), 1)
    assert (10, "given", -0.7, -1, 1699) == (given_10["k"], given_10["k_rule"], given_10["change"],
                                             given_10["change_rounded"], given_10["new_rating"])


def test_half_a_point_is_rounded_away_from_zero() -> None:
    """FIDE 8.3.4, 0.5 away from zero (Python's round() gives 2 and -2): 2400 (K 10) beats 2210 (D 190,
    PD .75: +.25): 10 x .25 = +2.5 -> +3; 2400 loses to 2590 (D -190, PD .25: -.25): -2.5 -> -3."""
    answer = report(player_line(1, "Up, Uma", 2400, birth="1980/01/01", rounds=[(2, "w", "1")]),
                    player_line(2, "B", 2210, birth="1980/01/01", rounds=[(1, "b", "0")]),
                    player_line(3, "Down, Dora", 2400, birth="1980/01/01", rounds=[(4, "w", "0")]),
                    player_line(4, "D", 2590, birth="1980/01/01", rounds=[(3, "b", "1")]))
    assert [(2.5, 3, 2403), (-2.5, -3, 2397)] == [
        (p["change"], p["change_rounded"], p["new_rating"]) for p in (player(answer, 1), player(answer, 3))]


def test_rating_0_is_unrated() -> None:
    """TRF: 0 or blank is unrated. Player 3 of FOUR written with rating 0 gets the same first rating."""
    zero = FOUR[2][:48] + "   0" + FOUR[2][52:]  # columns 49-52
    p = player(report(FOUR[0], FOUR[1], zero, FOUR[3]), 3)
    assert (None, 1722) == (p["rating"], p["new_rating"])


@pytest.mark.parametrize(("facts", "k", "assumed", "new_rating"), [
    ({"k": 30}, 30, [], 2003),  # 30 x .10 = 3.0
    ({"fewer_than_30_games": True}, 40, ["reached_2400"], 2004),  # 40 x .10 = 4.0
    ({"reached_2400": True}, 10, ["fewer_than_30_games"], 2001),  # 10 x .10 = 1.0
    ({"fewer_than_30_games": False, "reached_2400": False}, 20, [], 2002),
])
def test_k_or_the_facts_set_per_player(facts: dict[str, Any], k: int, assumed: list[str], new_rating: int) -> None:
    """Player 1 of FOUR: W - PD adds up to .10 (see the first test)."""
    answer = report(*FOUR, players={"1": facts})
    p = player(answer, 1)
    assert (k, assumed, bool(assumed), new_rating) == (p["k"], p["assumed"], p["k_assumed"], p["new_rating"])
    assert [player(report(*FOUR), s) for s in (2, 3, 4)] == [player(answer, s) for s in (2, 3, 4)]


def test_a_python_caller_may_key_players_by_number() -> None:
    assert 30 == player(report(*FOUR, players={1: {"k": 30}}), 1)["k"]


def test_a_junior_who_reached_2300_gets_20() -> None:
    p = player(duel(1700, "2010/01/01", players={"1": {"reached_2300": True}}), 1)
    assert (20, 10.0) == (p["k"], p["change"])


def test_junior_set_for_a_player_without_birth_date() -> None:
    p = player(duel(1700, "", players={"1": {"junior": True}}), 1)
    assert (40, True, ["fewer_than_30_games", "reached_2400", "reached_2300"]) == (p["k"], p["junior"], p["assumed"])


# ---- performance --------------------------------------------------------------------------------


@pytest.mark.parametrize(("results", "performance", "rule"), [
    (["1"], 2400, "plus_800"),       # one win against 1600: p 100 %, dp +800 (table 8.1.1)
    (["0"], 800, "minus_800"),       # one loss: p 0 %, dp -800
    (["1", "="], 1793, None),        # 75 %: dp +193, no rule of its own
])
def test_a_performance_by_the_800_rule_says_so(results: list[str], performance: int, rule: str | None) -> None:
    """FIDE's performance of a 100 % (0 %) score is the opponents' average + 800 (- 800): the answer says which
    rule gave it (`performance_rule`), so that 2400 for one win is not read as a measure of strength."""
    other = {"1": "0", "0": "1", "=": "="}
    lines = (player_line(1, "Winner, Will", 2000, birth="1980/01/01",
                         rounds=[(2, "w", r) for r in results]),
             player_line(2, "Other, Olga", 1600, birth="1980/01/01", rounds=[(1, "b", other[r]) for r in results]))
    p = player(report(*lines), 1)
    assert (performance, rule) == (p["performance"]["rating"], p["performance_rule"])


def test_the_800_rule_for_an_unrated_player_and_none_in_elo() -> None:
    """An unrated player's performance against rated opponents is FIDE's too; plain Elo has none for 100 %."""
    lines = (player_line(1, "New, Nina", None, birth="1980/01/01", rounds=[(2, "w", "1")]),
             player_line(2, "Other, Olga", 1600, birth="1980/01/01", rounds=[(1, "b", "0")]))
    assert (2400, "plus_800") == (lambda p: (p["performance"]["rating"], p["performance_rule"]))(
        player(report(*lines), 1))
    elo = player(report(*lines, system="elo", k=20, start=1500), 1)
    assert (None, "perfect_score", None) == (elo["performance"]["rating"], elo["performance"]["reason"],
                                             elo["performance_rule"])


# ---- unrated players --------------------------------------------------------------------------


def test_first_rating_from_this_event() -> None:
    """Player 3 of FOUR: 6 games against 1800, 1900, 2000, 1900, 1900, 1800, score 1.5. Ra = (11 300 +
    2 x 1800) / 8 = 1862.5; p = (1.5 + 1) / 8 = 31.25 % -> 31 %: dp -141; Ru = 1721.5 -> 1722."""
    p = player(report(*FOUR), 3)
    assert (None, None, None, 6, 1.5, 1722) == (p["rating"], p["k"], p["change"], p["games"], p["score"],
                                                p["new_rating"])
    first = p["first_rating"]
    assert (1862.5, 31, -141, 1722, "", "2024") == (first["average"], first["percent"], first["dp"],
                                                    first["rating"], first["reason"], first["rules"])


def unrated_against(rating: int, results: str) -> dict[str, Any]:
    """An unrated player's games, one a round, against rated players of `rating`."""
    lines = [player_line(1, "New, Nina", None, birth="1990/01/01",
                         rounds=[(r + 2, "w", s) for r, s in enumerate(results)])]
    lines += [player_line(r + 2, f"Opponent {r + 2}", rating, birth="1980/01/01",
                          rounds=[(0, "-", "Z")] * r + [(1, "b", {"1": "0", "0": "1", "=": "="}[s])])
              for r, s in enumerate(results)]
    return player(report(*lines), 1)


def test_first_rating_needs_five_games() -> None:
    first = unrated_against(1800, "1=0=")["first_rating"]
    assert (None, "fewer_than_5_games", 1) == (first["rating"], first["reason"], first["games_needed"])


def test_first_rating_not_from_a_zero_score() -> None:
    assert "zero_score" == unrated_against(1800, "00000")["first_rating"]["reason"]


def test_first_rating_below_1400_is_not_published() -> None:
    """Five games against 1400, score .5: Ra = (7000 + 3600) / 7 = 1514.29; p = 1.5 / 7 = 21 %: dp -230;
    Ru = 1284: under 1400."""
    first = unrated_against(1400, "=0000")["first_rating"]
    assert (None, 1284, "below_1400") == (first["rating"], first["computed"], first["reason"])


def test_first_rating_at_most_2200() -> None:
    """Five wins against 2100: Ra = (10 500 + 3600) / 7 = 2014.29; p = 6 / 7 = 86 %: dp 309; Ru = 2323 -> 2200."""
    p = unrated_against(2100, "11111")
    assert (2323, 2200, 2200) == (p["first_rating"]["computed"], p["first_rating"]["rating"], p["new_rating"])


def test_no_rated_opponent_no_first_rating() -> None:
    answer = event_report({"text": (FILES / "lichess-swiss-2020-05.trf").read_text()})
    first = player(answer, 1)["first_rating"]
    assert (None, "no_rated_opponents", 5) == (first["rating"], first["reason"], first["games_needed"])


# ---- plain Elo ----------------------------------------------------------------------------------


def test_elo_one_k_for_everyone() -> None:
    """Player 1 of FOUR, K 20: beat 1900: E = 1 / (1 + 10^(-100/400)) = .6401, +7.20; drew 1800: E = 1 / (1 +
    10^(-200/400)) = .7597, -5.19: +2.00 -> 2002.0."""
    p = player(report(*FOUR, system="elo", k=20), 1)
    assert (20, 2, 2.00, 2002.0) == (p["k"], p["games"], round(p["change"], 2), round(p["new_rating"], 1))
    assert [0.6401, 0.7597] == [round(line["expected"], 4) for line in p["rounds"][:2]]


def test_elo_k_per_player_and_no_rating_for_the_unrated() -> None:
    answer = report(*FOUR, system="elo", k=20, players={"2": {"k": 40}})
    assert (40, 20) == (player(answer, 2)["k"], player(answer, 4)["k"])
    unrated = player(answer, 3)
    assert (None, None) == (unrated["new_rating"], unrated["change"])
    assert {"unrated_player"} == {line["reason"] for line in unrated["rounds"]}
    assert (None, "none") == (answer["event"]["period"], answer["event"]["period_from"])


def test_elo_needs_a_k() -> None:
    assert [("k", "required")] == errors({"text": trf(*FOUR), "system": "elo"})


LICHESS = FILES / "lichess-swiss-2020-05.trf"


def test_elo_start_rating_rates_everyone_of_an_unrated_event() -> None:
    """lichess's Swiss, every player unrated: with a start rating of 1500 and one K for all, plain Elo rates
    every player and every game (56, each from both sides), every game counts in the score, and the changes
    sum to 0 (Elo with one K is zero-sum: each game gives one player what it takes from the other)."""
    answer = event_report({"text": LICHESS.read_bytes(), "system": "elo", "k": 20, "start": 1500})
    assert answer["ok"] is True, answer
    players = answer["players"]
    assert [] == [p["start"] for p in players if p["new_rating"] is None or p["k"] is None]
    assert {(None, 1500, "start", "event")} == {(p["rating"], p["start_rating"], p["start_rating_from"],
                                                p["k_rule"]) for p in players}
    assert [] == [p["start"] for p in players if (p["games"], p["score"]) != (p["games_played"], p["score_played"])]
    assert (56, 13, 112) == (answer["event"]["rated_games"], answer["event"]["start_ratings"],
                             sum(p["games"] for p in players))
    assert 0 == pytest.approx(sum(p["change"] for p in players), abs=1e-9)
    one = player(answer, 1)  # 8 of 10 against everyone at 1500: 20 x (8 - 5) = +60
    assert (60.0, 1560.0, "1500") == (one["change"], one["new_rating"], str(one["rounds"][0]["opponent_rating"]))


def test_elo_start_rating_per_player_before_the_events() -> None:
    """`ratings` gives one unrated player their own start rating, `start` the others theirs; each game is rated
    from the two players' start ratings, and the changes still sum to 0."""
    answer = event_report({"text": LICHESS.read_bytes(), "system": "elo", "k": 20, "start": 1500,
                           "ratings": {"1": 1900, "2": "1750.5"}})
    assert answer["ok"] is True, answer
    by = {p["start"]: p for p in answer["players"]}
    assert [(1900, "ratings"), (1750.5, "ratings"), (1500, "start")] == [
        (by[s]["start_rating"], by[s]["start_rating_from"]) for s in (1, 2, 3)]
    assert [1750.5] == [line["opponent_rating"] for line in by[1]["rounds"] if line["opponent"] == 2]
    assert 0 == pytest.approx(sum(p["change"] for p in answer["players"]), abs=1e-9)


def test_elo_ratings_without_start_leave_the_others_unrated() -> None:
    """Only player 3 of FOUR is unrated: given 1700, their games against 1, 2 and 4 are rated both ways."""
    answer = report(*FOUR, system="elo", k=20, ratings={"3": 1700})
    three, one = player(answer, 3), player(answer, 1)
    assert (1700, "ratings", 6, None) == (three["start_rating"], three["start_rating_from"], three["games"],
                                          three["first_rating"])
    assert [None, None, None] == [line["reason"] for line in one["rounds"][:3]]
    assert (None, None) == (one["start_rating"], one["start_rating_from"])


@pytest.mark.parametrize(("request_", "expected"), [
    ({"start": 1500}, [("start", "not_supported")]),
    ({"ratings": {"3": 1500}}, [("ratings", "not_supported")]),
    ({"system": "elo", "k": 20, "start": "strong"}, [("start", "not_a_number")]),
    ({"system": "elo", "k": 20, "start": 5000}, [("start", "out_of_range")]),
    ({"system": "elo", "k": 20, "ratings": {"3": -1}}, [("ratings.3", "out_of_range")]),
    ({"system": "elo", "k": 20, "ratings": {"9": 1500}}, [("ratings.9", "not_a_choice")]),
    ({"system": "elo", "k": 20, "ratings": {"x": 1500}}, [("ratings.x", "not_a_choice")]),
    ({"system": "elo", "k": 20, "ratings": {"1": 1500}}, [("ratings.1", "not_supported")]),
    ({"system": "elo", "k": 20, "ratings": [1500]}, [("ratings", "not_an_object")]),
    ({"system": "elo", "start": 1500, "players": {"1": {"k": 20}, "2": {"k": 20}, "4": {"k": 20}}},
     [("k", "required")]),
])
def test_start_ratings_errors(request_: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    """FIDE gives an unrated player a first rating by its own rules: a start rating is plain Elo's. A rating
    given to a player the file rates, or to a start number it lacks, is refused, and a player rated from a start
    rating needs a K as the rated do (player 3 has none)."""
    assert expected == errors({"text": trf(*FOUR), **request_})


# ---- the request --------------------------------------------------------------------------------


@pytest.mark.parametrize(("request_", "expected"), [
    ([1], [("", "not_an_object")]),
    ({}, [("text", "required")]),
    ({"text": 7}, [("text", "not_a_choice")]),
    ({"text": "{}"}, [("text", "not_supported")]),
    ({"text": trf(*FOUR), "system": "glicko"}, [("system", "not_a_choice")]),
    ({"text": trf(*FOUR), "period": "2026-5"}, [("period", "not_a_choice")]),
    ({"text": trf(*FOUR), "period": "2021-12"}, [("period", "not_supported")]),
    ({"text": trf(*FOUR), "k": 20}, [("k", "not_supported")]),
    ({"text": trf(*FOUR), "players": {"9": {"k": 20}}}, [("players.9", "not_a_choice")]),
    ({"text": trf(*FOUR), "players": {"one": {}}}, [("players.one", "not_a_choice")]),
    ({"text": trf(*FOUR), "players": {"1": {"k": 20.5}}}, [("players.1.k", "not_whole")]),
    ({"text": trf(*FOUR), "players": {"1": {"kk": 20}}}, [("players.1.kk", "not_supported")]),
    ({"text": trf(*FOUR), "players": {"1": {"junior": "yes"}}}, [("players.1.junior", "not_a_boolean")]),
    ({"text": trf(*FOUR), "players": []}, [("players", "not_an_object")]),
])
def test_request_errors(request_: Any, expected: list[tuple[str, str]]) -> None:
    assert expected == errors(request_)


def test_a_text_that_is_no_trf_names_its_line() -> None:
    answer = event_report({"text": "012 Open\n022 Town\nhello\n"})
    assert "line 3: not a tournament report file" in answer["errors"][0]["message"]
    assert 3 == answer["errors"][0]["params"]["line"]


def test_bytes_are_read_with_their_encoding() -> None:
    answer = event_report({"text": (FILES / "damaged-latin1-cr.trf").read_bytes()})
    assert ("windows-1252", "Müller, Jürgen") == (answer["event"]["encoding"], answer["players"][0]["name"])


# ---- properties -----------------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.text(max_size=300), json_values)
def test_event_report_never_raises(text: str, players: Any) -> None:
    for request in ({"text": text}, {"text": "001    1" + text, "players": players}, players):
        answer = event_report(request)
        assert answer["ok"] in (True, False)
        assert "internal" not in [e["code"] for e in answer.get("errors", [])]


@settings(max_examples=25, deadline=None)
@given(trf_players, trf_rounds, trf_seeds)
def test_every_players_change_is_the_sum_of_their_games(players: int, rounds: int, seed: int) -> None:
    for p in event_report({"text": random_tournament(players, rounds, seed)})["players"]:
        rated = [line for line in p["rounds"] if line["rated"]]
        assert p["games"] == len(rated)
        if p["rating"] is not None:
            assert p["change"] == pytest.approx(sum(line["change"] or 0 for line in rated), abs=1e-9)
            assert abs(p["change_rounded"] - p["change"]) <= 0.5
            assert p["new_rating"] == p["rating"] + p["change_rounded"]


@settings(max_examples=25, deadline=None)
@given(trf_players, trf_rounds, trf_seeds)
def test_elo_with_one_k_and_a_start_rating_is_zero_sum(players: int, rounds: int, seed: int) -> None:
    """Every player rated (the unrated from the start rating), one K: each game gives one player what it takes
    from the other, so the changes sum to 0; every game played is rated, from both sides."""
    answer = event_report({"text": random_tournament(players, rounds, seed), "system": "elo", "k": 24,
                           "start": 1500})
    assert answer["ok"] is True, answer
    assert [] == [p["start"] for p in answer["players"] if p["games"] != p["games_played"]]
    assert answer["event"]["games"] == answer["event"]["rated_games"]
    assert 0 == pytest.approx(sum(p["change"] for p in answer["players"]), abs=1e-6)


@settings(max_examples=15, deadline=None)
@given(trf_players, trf_seeds, st.integers(min_value=1, max_value=60))
def test_setting_one_players_k_changes_that_player_only(players: int, seed: int, k: int) -> None:
    text = random_tournament(players, 7, seed)
    before = event_report({"text": text})
    rated = [p["start"] for p in before["players"] if p["games"] and p["rating"] is not None]
    assume(rated)
    after = event_report({"text": text, "players": {str(rated[0]): {"k": k}}})
    changed = [p["start"] for p, q in zip(before["players"], after["players"]) if p != q]
    assert changed in ([], [rated[0]])
    assert k == player(after, rated[0])["k_before_700"]


def test_the_2024_03_period_says_each_rating_below_2000_was_adjusted_as_the_calculator_does() -> None:
    """FIDE raised every rating below 2000 once on 1 March 2024 (R + 0.4 x (2000 - R)): the calculator warns of it in
    the period 2024-03, and the report said nothing (a hostile pass). Players 2 (1900) and 4 (1800) are warned,
    player 1 (2000) is not."""
    answer = report(*FOUR, header=("012 X", "052 2024/02/10"))
    assert "2024-03" == answer["event"]["period"]
    warned = {p["start"]: [w["params"]["adjusted"] for w in p["warnings"] if w["code"] == "rating_adjusted_2024"]
              for p in answer["players"]}
    assert {1: [], 2: [1940], 3: [], 4: [1880]} == warned


def test_a_game_only_one_line_writes_is_counted_once_in_the_summary() -> None:
    """Start 1's line has a zero-point bye (Z), start 2's a win against 1: player 2 was rated for it, and the summary
    said "0 games" (it counted the first player's line alone: a hostile pass, hp82). Both lines alike: once."""
    head = "052 2026/04/08\n"
    one = "001    1 m    A                                 2000 GER             1990/01/01  0.0    0  0000 - Z\n"
    two = "001    2 m    B                                 1900 GER             1990/01/01  1.0    0     1 w 1\n"
    both = "001    1 m    A                                 2000 GER             1990/01/01  0.0    0     2 b 0\n"
    for text in (head + one + two, head + both + two):
        event = event_report({"text": text})["event"]
        assert (event["games"], event["rated_games"]) == (1, 1), text
