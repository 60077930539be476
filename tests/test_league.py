"""A league's ratings (issue 42): the arithmetic against its published sources (FiveThirtyEight's NFL Elo replayed
from its own published ratings; World Football Elo's formula worked by hand), a league's ledger read from its
scores, venues, seasons and weights, each bad cell said at its line, and a chess ledger read as before."""

from __future__ import annotations

import csv
import io
import json
import math
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from elo_core.files.ledger import read_ledger
from elo_core.reports.ladder import LadderRules, ladder_report, ladder_stakes
from elo_core.systems.league import PRESETS, LeagueRules, league_game, margin_multiplier, regressed
from elo_core.transport.cli import main

NFL = Path(__file__).parent / "league" / "nfl_games_2014_2020.csv"
WORLD = PRESETS["world-football"].rules
NFL_RULES = PRESETS["fivethirtyeight-nfl"].rules


def _ladder(text: str, players: str | None = None, **settings: Any) -> dict[str, Any]:
    answer = ladder_report({"text": text, "players": players, "provisional_games": 0, "inactive_months": 0,
                            **settings})
    assert answer["ok"], answer
    return answer


def _player(answer: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in answer["players"] if p["id"] == pid)


def _codes(answer: dict[str, Any]) -> dict[int, str]:
    return {item["line"]: group["code"] for group in answer["problems"] for item in group["items"]}


# ---- the arithmetic, against the sources --------------------------------------------------------


@pytest.mark.parametrize(("goals", "multiplier"), [(0, 1.0), (1, 1.0), (2, 1.5), (3, 1.75), (4, 1.875), (5, 2.0),
                                                   (6, 2.125)])
def test_world_football_margins_of_1_to_6(goals: int, multiplier: float) -> None:
    """eloratings.net: 1 for a draw or a one-goal win, 1.5 for two, 1.75 for three, 1.75 + (N - 3)/8 from four."""
    assert margin_multiplier("world-football", goals, 0, 0) == multiplier
    assert margin_multiplier("world-football", 0, goals, 0) == multiplier


def test_a_friendly_at_home_and_a_world_cup_final_at_a_neutral_venue() -> None:
    """FIDE-RULES 1.1's worked examples: 1800 at home v 1700, 3-0, a friendly (K 20, H 100): E 0.759747, +8.4089;
    1900 v 2000 at a neutral venue, 5-0, a World Cup final (K 60, M 2): E 0.359935, +76.808."""
    e, m, change = league_game(20, 1800, 1700, 1.0, "home", WORLD, 3, 0)
    assert (round(e, 6), m, round(change, 4)) == (0.759747, 1.75, 8.4089)
    e, m, change = league_game(60, 1900, 2000, 1.0, "neutral", WORLD, 5, 0)
    assert (round(e, 6), 60 * m, round(change, 3)) == (0.359935, 120.0, 76.808)
    e, m, change = league_game(60, 1900, 2000, 0.5, "away", WORLD, 1, 1)  # a draw away: the home side's +100
    assert (round(e, 6), m) == (round(1 / (1 + 10 ** (200 / 400)), 6), 1.0)


def test_fivethirtyeights_first_published_game() -> None:
    """1920-09-26 RII 48 STP 0: 1503.947 at home v 1300: E 0.8246512 (the file's elo_prob1), M 3.467877, +12.1618;
    a draw's divisor is 1.0, as its code writes it."""
    e, m, change = league_game(20, 1503.947, 1300, 1.0, "home", NFL_RULES, 48, 0)
    assert abs(e - 0.8246512009492516) < 1e-12
    assert (round(m, 6), round(change, 4)) == (3.467877, 12.1618)
    assert margin_multiplier("fivethirtyeight", 20, 20, 500) == pytest.approx(math.log(2) * 2.2)
    # the winner's difference, home advantage in it: an away win gives the away side's difference
    assert margin_multiplier("fivethirtyeight", 7, 10, 35) == pytest.approx(math.log(4) * 2.2 / (0.035 + 2.2))


def test_seasons_regress_a_third_of_the_way_to_1505() -> None:
    assert regressed(1700, NFL_RULES) == 1505 / 3 + 1700 * 2 / 3
    assert regressed(1700, LeagueRules()) == 1700


def test_fivethirtyeights_nfl_elo_is_met_game_by_game() -> None:
    """Seven NFL seasons (2014-2020, regular season and playoffs) replayed with the preset from each team's published
    rating at its first game: every team's `before` is the published pre-game rating within 0.01, across six season
    boundaries and the neutral games (London, Mexico City, the Super Bowls)."""
    text = NFL.read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    first: dict[str, str] = {}
    for r in rows:
        first.setdefault(r["team1"], r["elo1"])
        first.setdefault(r["team2"], r["elo2"])
    players = "id,rating\n" + "".join(f"{team},{elo}\n" for team, elo in first.items())
    answer = _ladder(text, players, preset="fivethirtyeight-nfl")
    before = {(line, p["id"]): b for p in answer["players"]
              for line, b in zip(p["history"]["line"], p["history"]["before"], strict=True)}
    venues = {(line, p["id"]): v for p in answer["players"]
              for line, v in zip(p["history"]["line"], p["history"]["venue"], strict=True)}
    worst = max(abs(before[(n, r[team])] - float(r[elo])) for n, r in enumerate(rows, 2)
                for team, elo in (("team1", "elo1"), ("team2", "elo2")))
    assert worst < 0.01
    assert len({r["season"] for r in rows}) == 7
    neutral = [n for n, r in enumerate(rows, 2) if r["neutral"] == "1"]
    assert len(neutral) > 20 and all(venues[(n, rows[n - 2]["team1"])] == "neutral" for n in neutral)
    assert sum(r["score1"] == r["score2"] for r in rows) >= 3  # ties, with their own divisor
    assert answer["ledger"]["games"] == len(rows)


def test_the_cli_reproduces_a_published_final_rating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`elo-core ladder GAMES --players TEAMS --preset fivethirtyeight-nfl --json`: Kansas City's rating before
    the last Super Bowl of the slice is the file's elo2 of that game."""
    text = NFL.read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    teams = tmp_path / "teams.csv"
    first: dict[str, str] = {}
    for r in rows:
        first.setdefault(r["team1"], r["elo1"])
        first.setdefault(r["team2"], r["elo2"])
    teams.write_text("".join(f"{t},{t},{e}\n" for t, e in first.items()), encoding="utf-8")
    assert main(["ladder", str(NFL), "--players", str(teams), "--preset", "fivethirtyeight-nfl", "--json",
                 "--inactive-months", "0"]) == 0
    kc = next(p for p in json.loads(capsys.readouterr().out)["players"] if p["id"] == "KC")
    assert abs(kc["history"]["before"][-1] - float(rows[-1]["elo2"])) < 0.01
    assert kc["history"]["venue"][-1] == "neutral"


# ---- a league's ledger ----------------------------------------------------------------------------


def test_a_league_table_from_scores_with_venues_and_weights() -> None:
    """The first-named side is at home unless neutral; a match type's K; the table's points for and against."""
    text = ("date,home,away,score,neutral,type\n"
            "2026-03-04,Ajax,PSV,3-0,0,friendly\n"
            "2026-03-11,PSV,Ajax,5-0,N,World Cup final\n")
    players = "id,rating\nAjax,1800\nPSV,1700\n"
    answer = _ladder(text, players, preset="world-football")
    ajax, psv = _player(answer, "Ajax"), _player(answer, "PSV")
    assert round(ajax["history"]["change"][0], 4) == 8.4089
    assert ajax["history"]["venue"] == ["home", "neutral"] and psv["history"]["venue"] == ["away", "neutral"]
    assert psv["history"]["points_for"] == [0, 5] and psv["history"]["points_against"] == [3, 0]
    e = 1 / (1 + 10 ** ((ajax["history"]["before"][1] - psv["history"]["before"][1]) / 400))
    assert psv["history"]["change"][1] == pytest.approx(120 * (1 - e))
    assert (ajax["points_for"], ajax["points_against"], ajax["wins"], ajax["losses"]) == (3, 5, 1, 1)
    assert answer["ledger"]["games"] == 2 and not answer["problems"]


def test_score_columns_and_every_score_form() -> None:
    both = _ladder("date,team1,team2,home_score,away_score\n2026-03-04,A,B,24,17\n2026-03-05,B,A,2,2\n")
    one = _ladder("2026-03-04,A,B,24:17\n2026-03-05,B,A,2\u20132\n")
    for answer in (both, one):
        a = _player(answer, "A")
        assert (a["history"]["points_for"], a["history"]["score"]) == ([24, 2], [1.0, 0.5])


def test_a_rule_given_beside_a_preset_overrides_it() -> None:
    text = "date,home,away,score\n2026-03-04,A,B,1-0\n"
    plain = _ladder(text, preset="world-football")
    level = _ladder(text, preset="world-football", home_advantage=0)
    assert _player(plain, "A")["history"]["change"][0] == pytest.approx(30 * (1 - 1 / (1 + 10 ** (-100 / 400))))
    assert _player(level, "A")["history"]["change"][0] == pytest.approx(15.0)
    assert level["settings"]["preset"] == "world-football" and level["settings"]["home_advantage"] == 0


def test_a_first_season_starts_unregressed_and_a_season_can_start_in_august() -> None:
    """Without a season column, a season is the date's year, or starts on `season_start` (08-01: 2026/27)."""
    text = "2026-09-01,A,B,3-1\n2027-01-10,A,B,3-1\n2027-09-01,A,B,3-1\n"
    rules: dict[str, Any] = {"home_advantage": 0, "season_regression": 0.5, "season_mean": 1500}
    by_year = _player(_ladder(text, **rules), "A")["history"]
    by_august = _player(_ladder(text, season_start="08-01", **rules), "A")["history"]
    assert by_year["before"][0] == 1500 and by_year["before"][1] == 1500 + (by_year["rating"][0] - 1500) / 2
    assert by_august["before"][1] == by_august["rating"][0]  # January is still 2026/27
    assert by_august["before"][2] == 1500 + (by_august["rating"][1] - 1500) / 2
    assert LadderRules(season_start=(8, 1)).season_of(date(2027, 7, 31)) == "2026/27"


# ---- bad input, said at its line -------------------------------------------------------------------


def test_each_bad_cell_of_a_league_is_said_at_its_line_and_nothing_else_is_dropped() -> None:
    text = ("date,home,away,score,neutral,season,k\n"
            "2026-03-04,A,B,3-1,0,2026,\n"       # 2 read
            "2026-03-05,A,B,3-,0,2026,\n"        # 3 not a score
            "2026-03-06,A,B,a-b,0,2026,\n"       # 4 not a score
            "2026-03-07,A,B,-1-2,0,2026,\n"      # 5 not a score
            "2026-03-08,A,B,2-2,perhaps,2026,\n"  # 6 neutral neither
            "2026-03-09,A,B,2-2,0,2025,\n"       # 7 a season that had ended
            "2026-03-10,A,B,2-2,0,2026,0\n"      # 8 K out of range
            "2026-03-11,A,B,2-2,0,2026,1001\n"   # 9 K out of range
            "2026-03-12,A,B,2-2,0,2026,abc\n"    # 10 no K
            "2026-03-13,A,B,1-0,1,2026,40\n")    # 11 read
    answer = _ladder(text)
    assert _codes(answer) == {3: "not_a_score", 4: "not_a_score", 5: "not_a_score", 6: "unknown_neutral",
                              7: "season_backwards", 8: "bad_k", 9: "bad_k", 10: "bad_k"}
    assert _player(answer, "A")["history"]["line"] == [2, 11]
    messages = [item["message"] for group in answer["problems"] for item in group["items"]]
    assert messages[0] == ("line 3: result '3-' is not a score: expected two whole numbers such as 3-1, 24:17 or "
                           "2\u20132 (or W, D, L, + or -): not rated")
    assert any("season '2025' had ended" in m for m in messages)


def test_an_unknown_match_type_is_rated_with_the_rules_k_and_said() -> None:
    answer = _ladder("date,home,away,score,type\n2026-03-04,A,B,2-0,cup\n2026-03-05,A,B,2-1,cup\n",
                     preset="world-football")
    group = next(g for g in answer["problems"] if g["code"] == "unknown_match_type")
    assert group["items"][0]["line"] == 2 and "2 games rated with the rules' K" in group["items"][0]["message"]
    assert _player(answer, "A")["games"] == 2


@pytest.mark.parametrize(("settings", "field"), [
    ({"system": "glicko2", "home_advantage": 50}, "home_advantage"),
    ({"margin": "goals"}, "margin"),
    ({"preset": "premier-league"}, "preset"),
    ({"season_regression": 1.5}, "season_regression"),
    ({"home_advantage": -10}, "home_advantage"),
    ({"season_start": "13-01"}, "season_start"),
])
def test_league_settings_out_of_range_are_refused_by_name(settings: dict[str, Any], field: str) -> None:
    answer = ladder_report({"text": "2026-03-04,A,B,3-1\n", **settings})
    assert not answer["ok"] and [e["field"] for e in answer["errors"]] == [field]


# ---- a chess ledger, as before ---------------------------------------------------------------------


def test_a_chess_ledger_is_read_as_before() -> None:
    """`1-0`, `0-1`, `½-½` and `0-0` (a double forfeit) are a chess ledger's, and one `2-0` typed in it leaves it
    one (the line said, not rated); a chess ledger's answer has no league columns."""
    text = "2026-03-04,A,B,1-0\n2026-03-05,A,B,0-0\n2026-03-06,A,B,2-0\n2026-03-07,A,B,0-1\n"
    ledger = read_ledger(text)
    assert not ledger.league and [g.forfeit for g in ledger.games] == [False, True, False]
    answer = _ladder(text)
    assert _codes(answer) == {3: "unknown_result"} and "before" not in _player(answer, "A")["history"]
    assert "points_for" not in _player(answer, "A")
    assert read_ledger("date,white,black,result,season\n2026-03-04,A,B,1\n").problems[0].code == "columns_ignored"


def test_a_leagues_0_0_is_a_goalless_draw_said_once() -> None:
    answer = _ladder("2026-03-04,A,B,3-1\n2026-03-05,A,B,0-0\n2026-03-06,A,B,2-2\n2026-03-07,A,B,2-1\n")
    assert _player(answer, "A")["history"]["score"] == [1.0, 0.5, 0.5, 1.0]
    assert _codes(answer) == {2: "read_as_league"}


# ---- doubles and squads ------------------------------------------------------------------------------


def test_a_side_of_several_players_plays_at_their_average_and_each_moves_by_its_change() -> None:
    """`Anna+Ben` against `Cleo+Dan` (tennis doubles, 6-4): the sides at 1600 and 1500 (their players' averages); each
    player of a side gains or loses the side's change; the ranking lists players; a player's partners are counted;
    a side's game is no player's head-to-head."""
    players = "id,rating\nAnna,1700\nBen,1500\nCleo,1450\nDan,1550\n"
    answer = _ladder("2026-03-04,Anna+Ben,Cleo + Dan,6-4\n2026-03-05,Anna+Cleo,Ben,6-3\n", players, k=20)
    change = 20 * (1 - 1 / (1 + 10 ** ((1500 - 1600) / 400)))
    assert _player(answer, "Anna")["history"]["change"][0] == pytest.approx(change)
    assert _player(answer, "Ben")["history"]["change"][0] == pytest.approx(change)
    assert _player(answer, "Cleo")["history"]["change"][0] == pytest.approx(-change)
    assert _player(answer, "Anna")["history"]["opponent"] == ["Cleo+Dan", "Ben"]
    assert _player(answer, "Ben")["history"]["before"] == [1500, 1500 + change]
    assert sorted(p["id"] for p in answer["players"]) == ["Anna", "Ben", "Cleo", "Dan"]
    assert _player(answer, "Anna")["partners"] == [{"id": "Ben", "games": 1}, {"id": "Cleo", "games": 1}]
    assert _player(answer, "Dan")["partners"] == [{"id": "Cleo", "games": 1}]
    assert answer["head_to_head"] == []


def test_a_team_named_with_a_plus_is_one_team_when_the_players_file_lists_it() -> None:
    answer = _ladder("2026-03-04,Anna+Ben,Cleo,6-4\n", "Anna+Ben,Team AB,1600\nCleo,Cleo,1500\n")
    assert sorted(p["id"] for p in answer["players"]) == ["Anna+Ben", "Cleo"]
    assert "partners" not in _player(answer, "Anna+Ben")


def test_a_player_on_both_sides_and_sides_under_glicko_are_said() -> None:
    answer = _ladder("2026-03-04,Anna+Ben,Anna+Cleo,6-4\n2026-03-05,Anna+Ben,Cleo,6-4\n")
    assert _codes(answer) == {1: "same_player"}
    glicko = _ladder("2026-03-04,Anna+Ben,Cleo+Dan,1\n2026-03-05,Anna,Ben,1\n", system="glicko2")
    assert _codes(glicko) == {1: "side_not_rated"} and _player(glicko, "Anna")["games"] == 1


def test_a_fivethirtyeight_upset_by_2200_or_more_is_rated_and_a_win_never_loses() -> None:
    """FiveThirtyEight's divisor 0.001 x the winner's difference + 2.2 reaches 0 at 2200 below (a hostile pass found
    a division by zero: `internal`) and is negative past it (a win lost 76 points): it is never less than a draw's
    1.0, from 1200 below on. In the calculator, a ladder's replay and its stakes alike."""
    from elo_core import calculate

    for below in (1200, 1500, 2200, 3000, 4000):
        m = margin_multiplier("fivethirtyeight", 3, 0, -below)
        assert m == pytest.approx(math.log(4) * 2.2)
        for venue in ("home", "away", "neutral"):
            e, got, change = league_game(20, 0, below, 1.0, venue, NFL_RULES, 3, 0)
            assert got == margin_multiplier("fivethirtyeight", 3, 0, -below - (65 if venue == "away" else
                                                                                  -65 if venue == "home" else 0))
            assert change > 0 and 0 < e < 1
    assert margin_multiplier("fivethirtyeight", 3, 0, -1100) == pytest.approx(math.log(4) * 2.2 / 1.1)  # as published
    answer = calculate({"system": "elo", "rating": 100, "k": 20, "margin": "fivethirtyeight",
                        "games": [{"opponent": 2300, "score": 1, "points_for": 3, "points_against": 0}]})
    assert answer["ok"] and answer["change"] > 0, answer
    table = _ladder("2026-01-01,A,B,3-0\n", "A,0\nB,3000\n", preset="fivethirtyeight-nfl")
    assert _player(table, "A")["rating"] > 0 and _player(table, "B")["rating"] < 3000
    stakes = ladder_stakes({"kind": "stakes", "preset": "fivethirtyeight-nfl", "a": {"rating": 0},
                            "b": {"rating": 2200}, "venue": "neutral"})
    assert stakes["ok"], stakes


def test_an_away_game_without_home_advantage_says_0_not_minus_0() -> None:
    from elo_core import calculate

    answer = calculate({"system": "elo", "rating": 1500, "k": 20, "home_advantage": 0,
                        "games": [{"opponent": 1500, "score": 1, "venue": "away"}]})
    assert json.dumps(answer["games"][0]["home_advantage"]) == "0.0"


@pytest.mark.parametrize("margin", ["none", "world-football", "fivethirtyeight"])
def test_one_games_arithmetic_written_out_is_its_parts(margin: str) -> None:
    """`league_game` writes out `home_points`, `elo.expected` and `margin_multiplier` for speed: the same figures."""
    from elo_core.systems.elo import expected
    from elo_core.systems.league import home_points

    rules = LeagueRules(home_advantage=70, margin=margin)  # type: ignore[arg-type]
    for venue in ("home", "away", "neutral"):
        for rating, opponent in ((1500, 1500), (1900, 1400), (1300, 1850)):
            for pf, pa in ((3, 0), (0, 2), (1, 1), (7, 6)):
                for cap in (False, True):
                    s = 1.0 if pf > pa else 0.5 if pf == pa else 0.0
                    own, other = home_points(venue, rules)
                    e = expected(rating + own, opponent + other, cap)
                    diff = rating + own - opponent - other
                    m = margin_multiplier(rules.margin, pf, pa, diff if s >= 0.5 else -diff)
                    got = league_game(20, rating, opponent, s, venue, rules, pf, pa, cap)
                    assert got == pytest.approx((e, m, 20 * m * (s - e)), abs=1e-12)


# ---- the calculator: Elo (any sport) with a game's venue, score and K ----------------------------------


def _calc(**request: Any) -> dict[str, Any]:
    from elo_core import calculate

    answer = calculate({"system": "elo", **request})
    assert answer["ok"], answer
    return answer


def test_the_calculator_gives_the_world_football_worked_examples() -> None:
    """A friendly at home (K 20, 3-0), a World Cup final at a neutral venue (K 60, 5-0), a draw away (K 40): each
    game's K its own, the preset's home advantage and margin; each game says the home advantage it used."""
    answer = _calc(rating=1800, k=30, preset="world-football", games=[
        {"opponent": 1700, "score": 1, "venue": "home", "points_for": 3, "points_against": 0, "k": 20}])
    game = answer["games"][0]
    assert (round(game["expected"], 6), game["home_advantage"], game["multiplier"], round(game["change"], 4)) == (
        0.759747, 100.0, 1.75, 8.4089)
    final = _calc(rating=1900, k=60, preset="world-football", games=[
        {"opponent": 2000, "score": 1, "venue": "neutral", "points_for": 5, "points_against": 0}])
    assert (round(final["games"][0]["expected"], 6), final["games"][0]["home_advantage"], round(final["change"], 3)) \
        == (0.359935, 0.0, 76.808)
    draw = _calc(rating=1600, k=40, preset="world-football", games=[
        {"opponent": 1600, "score": 0.5, "venue": "away", "points_for": 1, "points_against": 1}])
    e = 1 / (1 + 10 ** (100 / 400))
    assert draw["games"][0]["home_advantage"] == -100.0 and draw["change"] == pytest.approx(40 * (0.5 - e))
    assert draw["league"] == {"preset": "world-football", "home_advantage": 100.0, "margin": "world-football"}


@pytest.mark.parametrize("goals", range(1, 7))
def test_the_calculators_margins_of_1_to_6(goals: int) -> None:
    answer = _calc(rating=1500, k=20, margin="world-football",
                   games=[{"opponent": 1500, "score": 1, "points_for": goals, "points_against": 0}])
    assert answer["games"][0]["multiplier"] == margin_multiplier("world-football", goals, 0, 0)
    assert answer["change"] == pytest.approx(20 * margin_multiplier("world-football", goals, 0, 0) * 0.5)


def test_sequential_league_games_and_a_plain_request_answer_as_before() -> None:
    """Sequentially, each game from the rating after the one before; a request without a league's facts (a neutral
    venue sent, the preset none, the margin the preset's) is plain Elo, to the last bit, without `league`."""
    from elo_core import calculate

    games = [{"opponent": 1500, "score": 1, "venue": "home"}, {"opponent": 1550, "score": 0, "venue": "away"}]
    answer = _calc(rating=1500, k=20, update="sequential", home_advantage=50, games=games)
    first = 20 * (1 - 1 / (1 + 10 ** (-50 / 400)))
    second = 20 * (0 - 1 / (1 + 10 ** ((1550 + 50 - 1500 - first) / 400)))
    assert answer["change"] == pytest.approx(first + second)
    plain = [{"opponent": 1500, "score": 1}, {"opponent": 1550, "score": 0}]
    before = calculate({"system": "elo", "rating": 1500, "k": 20, "games": plain})
    after = calculate({"system": "elo", "rating": 1500, "k": 20, "preset": "none", "margin": "preset",
                       "games": [{**g, "venue": "neutral"} for g in plain]})
    assert before == after and "league" not in after


@pytest.mark.parametrize(("game", "field"), [
    ({"opponent": 1500, "score": 0, "points_for": 3, "points_against": 1}, "games[0].score"),
    ({"opponent": 1500, "score": 1, "points_for": 3}, "games[0].points_against"),
    ({"opponent": 1500, "score": 1, "points_for": -1, "points_against": 0}, "games[0].points_for"),
    ({"opponent": 1500, "score": 1, "points_for": 2.5, "points_against": 0}, "games[0].points_for"),
    ({"opponent": 1500, "score": 1, "venue": "moon"}, "games[0].venue"),
    ({"opponent": 1500, "score": 1, "k": 0}, "games[0].k"),
    ({"opponent": 1500, "score": 1, "k": "abc"}, "games[0].k"),
])
def test_a_calculators_bad_league_fact_is_said_at_its_game(game: dict[str, Any], field: str) -> None:
    from elo_core import calculate

    answer = calculate({"system": "elo", "rating": 1500, "k": 20, "games": [game]})
    assert not answer["ok"] and [e["field"] for e in answer["errors"]] == [field]


def test_the_cli_rates_a_league_game_by_its_venue_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    """`elo-core 1800 --k 20 --preset world-football 1700:1:home:3:0`: a game as OPPONENT:RESULT:VENUE:FOR:AGAINST."""
    assert main(["1800", "--k", "20", "--preset", "world-football", "1700:1:home:3:0", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert round(answer["change"], 4) == 8.4089 and answer["games"][0]["home_advantage"] == 100


def test_pasted_score_lines_carry_their_venue_and_points() -> None:
    """`3-1 v 1720 home`, `1720 2:2 (a)`: the result from the score, the venue and the points kept with the game; a
    chess result (`1-0`) stays a result without points; two venues are said, not guessed."""
    from elo_core.bridge import parse
    from elo_core.words.paste import parse_results

    pasted = parse_results("3-1 v 1720 home\n1720 2:2 (a)\n1620 1-0\n2-0 1500 (h) away")
    assert [(g.opponent, g.score) for g in pasted.games] == [(1720, 1.0), (1720, 0.5), (1620, 1.0)]
    assert list(pasted.facts) == [{"venue": "home", "points_for": 3, "points_against": 1},
                                  {"venue": "away", "points_for": 2, "points_against": 2}, {}]
    assert [(p.line, p.reason) for p in pasted.problems] == [(4, "many_results")]
    assert json.loads(parse("0-2 @ 1800"))["games"] == [
        {"line": 1, "opponent": 1800, "score": 0.0, "venue": "away", "points_for": 0, "points_against": 2}]


# ---- what an independent review found (each shown to fail before its fix) ------------------------------


def test_a_side_whose_player_also_plays_in_another_pool_is_rated_in_its_own() -> None:
    answer = _ladder("date,white,black,result,pool\n2025-01-01,Anna+Ben,Cleo,1-0,P1\n2025-01-02,Anna,Cleo,1-0,P2\n")
    assert sorted((p["pool"], p["id"], p["games"]) for p in answer["players"]) == [
        ("P1", "Anna", 1), ("P1", "Ben", 1), ("P1", "Cleo", 1), ("P2", "Anna", 1), ("P2", "Cleo", 1)]


@pytest.mark.parametrize(("line", "game"), [
    ("3-4 Meier, Hans 2010 1", (2010, 1.0)), ("5-6\tSmith\t1850\t1", (1850, 1.0)),
    ("12-15 GM Kovacs HUN 2480 ½", (2480, 0.5)), ("Board 2-3 1700 1", (1700, 1.0)),
    ("Smith A H 1850 ½", (1850, 0.5)), ("H Meier 1700 1", (1700, 1.0)),
])
def test_a_pasted_chess_line_reads_as_before(line: str, game: tuple[float, float]) -> None:
    """A table's shared place (`3-4`) or initials (`A`, `H`) are no score and no venue: only a line marked as a
    league's (a venue word, `(h)`, `v`) takes its score with its result."""
    from elo_core.words.paste import parse_results

    pasted = parse_results(line)
    assert [(g.opponent, g.score) for g in pasted.games] == [game] and list(pasted.facts) == [{}]
    assert parse_results("1700 0-0").problems[0].reason == "no_result"  # a double forfeit, as before


def test_a_neutral_column_of_y_and_n_and_a_venue_column_of_h_a_n() -> None:
    """In a neutral column that writes y, n is no; a venue column's A puts the other side at home."""
    yes_no = _ladder("date,home,away,score,neutral\n2025-01-01,A,B,2-1,n\n2025-01-02,A,B,2-1,y\n",
                     home_advantage=100)
    assert _player(yes_no, "A")["history"]["venue"] == ["home", "neutral"]
    venues = _ladder("date,team1,team2,score,venue\n2025-01-01,A,B,2-1,A\n2025-01-02,A,B,2-1,N\n"
                     "2025-01-03,A,B,2-1,Wembley\n", home_advantage=100)
    assert _player(venues, "A")["history"]["venue"] == ["away", "neutral"]
    assert _player(venues, "B")["history"]["venue"] == ["home", "neutral"]
    assert _player(venues, "A")["history"]["change"][0] == pytest.approx(32 * (1 - 1 / (1 + 10 ** (100 / 400))))
    assert _codes(venues) == {4: "unknown_venue"}


def test_chess_ledgers_that_look_a_little_like_leagues_read_as_before() -> None:
    """One 2-0 typed in a small chess file; a team match's board points beside its result; names with a + (a chess
    file's doubles): no league table, the result column's results."""
    typo = _ladder("2025-01-01,A,B,1-0\n2025-01-02,B,C,0-0\n2025-01-03,A,C,2-0\n")
    assert "league" not in typo and _codes(typo) == {3: "unknown_result"}
    assert typo["forfeits"] and typo["forfeits"][0]["line"] == 2
    team = _ladder("date,white,black,result,pts1,pts2\n2025-01-01,A,B,1-0,2.5,1.5\n2025-01-02,B,A,0-1,1,3\n")
    assert "league" not in team and _player(team, "A")["games"] == 2
    plus = _ladder("2025-01-01,Smith+Jones,Brown,1\n")
    assert "league" not in plus and "points_for" not in _player(plus, "Smith")


def test_score_columns_beside_a_result_column_decide_and_a_result_that_says_otherwise_is_said() -> None:
    """`HomeGoals,AwayGoals` beside a W/D/L `Result` were not read (no points for, no margin), and H/D/A
    (football-data's FTR) left only the draws rated. The score decides; a result that says otherwise is said at its
    line, not rated; with its score blank, the result column's result is the game's."""
    text = ("Date,Home,Away,HomeGoals,AwayGoals,Result\n16/08/2024,Man United,Fulham,1,0,W\n"
            "17/08/2024,Ipswich,Liverpool,0,2,A\n17/08/2024,Fulham,Man United,1,1,D\n"
            "18/08/2024,Liverpool,Fulham,3,1,L\n19/08/2024,Ipswich,Fulham,,,H\n")
    answer = _ladder(text)
    fulham = _player(answer, "Fulham")
    assert (fulham["history"]["score"], fulham["points_for"]) == ([0.0, 0.5, 0.0], 1)
    assert _player(answer, "Liverpool")["history"]["points_for"] == [2]
    assert _codes(answer) == {5: "not_a_score"}
    assert "result 'L' is not what the score 3-1 says" in answer["problems"][0]["items"][0]["message"]


def test_seasons_blank_cells_two_digit_years_and_a_teams_own_order() -> None:
    """A blank season cell starts no season (no second regression within 2015/16); `99/00` then `00/01` are seasons
    in the order played; a season goes back for a team, not for the league (C and D's 2014 game on the day A and B
    start 2015 is rated; their 2014 game after their own 2015 one is not)."""
    rules: dict[str, Any] = {"season_regression": 0.5, "season_mean": 1500}
    blank = _ladder("date,home,away,score,season\n2015-09-01,A,B,3-1,2015/16\n2016-01-10,A,B,3-1,\n"
                    "2016-02-01,A,B,3-1,2015/16\n", **rules)
    history = _player(blank, "A")["history"]
    assert history["before"][1:] == history["rating"][:-1]  # no regression: one season
    two = _ladder("date,home,away,score,season\n1999-09-01,A,B,1-2,99/00\n2000-09-01,A,B,2-1,00/01\n"
                  "2001-09-01,A,B,2-1,01/02\n")
    assert _player(two, "A")["games"] == 3 and not two["problems"]
    teams = _ladder("date,home,away,score,season\n2015-01-01,A,B,1-2,2015\n2015-01-01,C,D,2-1,2014\n"
                    "2015-02-01,C,D,2-1,2015\n2015-03-01,C,D,2-1,2014\n")
    assert _player(teams, "C")["history"]["line"] == [3, 4] and _codes(teams) == {5: "season_backwards"}


def test_a_score_over_a_million_is_no_score() -> None:
    answer = _ladder("2025-01-01,A,B,9999999-0\n2025-01-02,A,B,3-1\n2025-01-03,A,B,2-2\n")
    assert _codes(answer) == {1: "not_a_score"}


def test_pasted_lines_of_a_file_keep_their_venue_and_score_in_the_cli(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    pasted = tmp_path / "p.txt"
    pasted.write_text("3-1 v 1720 home\n", encoding="utf-8")
    assert main(["1700", "--system", "elo", "--k", "20", "--preset", "world-football", "--games-from", str(pasted),
                 "--json"]) == 0
    game = json.loads(capsys.readouterr().out)["games"][0]
    assert (game["venue"], game["points_for"], game["home_advantage"]) == ("home", 3, 100)


def test_a_leagues_stakes_give_each_side_its_own_k() -> None:
    stakes = ladder_stakes({"k": 20, "first_k": 40, "first_games": 5, "league": True, "venue": "neutral",
                            "a": {"rating": 1500, "games": 10}, "b": {"rating": 1500, "games": 2}})
    win = stakes["outcomes"][0]
    assert (win["a"]["change"], win["b"]["change"]) == (10.0, -20.0)


def test_a_side_of_more_than_twenty_is_said() -> None:
    answer = _ladder("2025-01-01," + "+".join(f"P{i}" for i in range(21)) + ",B,3-1\n2025-01-02,A,B,3-1\n"
                     "2025-01-03,A,B,2-2\n")
    assert _codes(answer) == {1: "side_too_big"}


# ---- a hostile pass's findings (stop 56; each shown to fail before its fix) --------------------------------


def test_a_league_preset_reads_a_football_file_of_1_0_and_0_0_as_a_leagues() -> None:
    """Mostly 1-0, 0-1 and 0-0 (football's commonest scores) looked like a chess ledger even under the world-football
    preset: the 0-0 was a double forfeit and the 2-1 no result. The rules make it a league's: eloratings.net's
    formula, worked game by game (K 30, H 100, M 1 for a one-goal margin)."""
    text = "date,home,away,score\n2026-01-01,Alpha,Beta,1-0\n2026-01-08,Beta,Gamma,0-0\n2026-01-15,Gamma,Alpha,2-1\n"
    answer = _ladder(text, preset="world-football")
    expected = {"Alpha": 1500.0, "Beta": 1500.0, "Gamma": 1500.0}
    for home, away, s in (("Alpha", "Beta", 1.0), ("Beta", "Gamma", 0.5), ("Gamma", "Alpha", 1.0)):
        change = 30 * (s - 1 / (1 + 10 ** ((expected[away] - expected[home] - 100) / 400)))
        expected[home] += change
        expected[away] -= change
    assert answer["ledger"]["games"] == 3 and not answer["forfeits"]
    assert {p["id"]: p["rating"] for p in answer["players"]} == pytest.approx(expected, abs=1e-9)
    assert _player(answer, "Alpha")["points_for"] == 2  # a league's table: 1-0 and 1-2
    plain = _ladder(text)  # without a league's rules the file decides: its home and away, and a 2-1, a league's
    assert "league" in plain and _player(plain, "Alpha")["points_for"] == 2 and not plain["forfeits"]
    headless = _ladder(text.split("\n", 1)[1])  # only its scores can tell, and most are a chess ledger's too
    assert "league" not in headless and headless["forfeits"]


def test_the_nfl_preset_starts_its_seasons_in_august_without_a_season_column() -> None:
    """Without a `season` column a season was the calendar year: every team regressed at its first January game
    (the playoffs), 86 points off the published ratings. The preset's seasons start on 1 August."""
    rows = list(csv.DictReader(io.StringIO(NFL.read_text(encoding="utf-8"))))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=[c for c in rows[0] if c != "season"], extrasaction="ignore",
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    first: dict[str, str] = {}
    for r in rows:
        first.setdefault(r["team1"], r["elo1"])
        first.setdefault(r["team2"], r["elo2"])
    answer = _ladder(out.getvalue(), "id,rating\n" + "".join(f"{t},{e}\n" for t, e in first.items()),
                     preset="fivethirtyeight-nfl")
    before = {(line, p["id"]): b for p in answer["players"]
              for line, b in zip(p["history"]["line"], p["history"]["before"], strict=True)}
    assert max(abs(before[(n, r[team])] - float(r[elo])) for n, r in enumerate(rows, 2)
               for team, elo in (("team1", "elo1"), ("team2", "elo2"))) < 0.01
    assert answer["settings"]["season_start"] == "08-01"
    from elo_core.reports.ladder import vocabulary

    assert vocabulary()["presets"]["fivethirtyeight-nfl"]["season_start"] == "08-01"
    assert vocabulary()["presets"]["world-football"]["season_start"] == "01-01"


def test_a_y_n_neutral_column_is_read_whole_and_a_column_of_only_n_is_said() -> None:
    """The Y that makes a column yes/no was looked for in its first 5 000 rows only: a first Y after them made every
    earlier N a neutral game. A column of nothing but N could mean either, and is said."""
    text = ("date,home,away,score,neutral\n" + "".join(f"2025-01-01,A{i},B{i},2-1,N\n" for i in range(5000))
            + "2025-01-02,A,B,2-1,Y\n")
    late = _ladder(text, home_advantage=100)
    assert _player(late, "A0")["history"]["venue"] == ["home"] and _player(late, "A")["history"]["venue"] == ["neutral"]
    only_n = _ladder("date,home,away,score,neutral\n2025-01-01,A,B,2-1,N\n2025-01-02,B,A,2-1,N\n", home_advantage=100)
    assert _codes(only_n) == {2: "neutral_n"} and _player(only_n, "A")["history"]["venue"] == ["neutral"] * 2


def test_a_pasted_line_with_a_venue_reads_1_0_as_a_score() -> None:
    """`1-0 v 1720 home` lost its score (a chess result's form): FiveThirtyEight's margin then counted it as none.
    A line without a venue reads 1-0 as a chess result, as before."""
    from elo_core.words.paste import parse_results

    pasted = parse_results("1-0 v 1720 home\n0:1 1650 (a)\n0-0 1600 neutral\n1620 1-0")
    assert [(g.opponent, g.score) for g in pasted.games] == [(1720, 1.0), (1650, 0.0), (1600, 0.5), (1620, 1.0)]
    assert list(pasted.facts) == [{"venue": "home", "points_for": 1, "points_against": 0},
                                  {"venue": "away", "points_for": 0, "points_against": 1},
                                  {"venue": "neutral", "points_for": 0, "points_against": 0}, {}]


def test_a_leagues_history_csv_has_the_rating_taken_in_the_venue_and_the_score() -> None:
    """The history's CSV lacked `before`: at a season's regression its rows did not add up."""
    from elo_core.reports.ladder import ladder_csv

    answer = _ladder("date,home,away,score\n2025-01-01,A,B,3-1\n2026-01-01,A,C,0-1\n", season_regression=0.5)
    rows = list(csv.reader(io.StringIO(ladder_csv({"history": _player(answer, "A")["history"]})["csv"])))
    assert rows[0][-4:] == ["before", "venue", "points_for", "points_against"]
    assert float(rows[2][7]) + float(rows[2][5]) == pytest.approx(float(rows[2][6]))
    assert float(rows[2][7]) != pytest.approx(float(rows[1][6]))  # regressed between the seasons
    chess = _ladder("2025-01-01,A,B,1\n")
    assert ladder_csv({"history": _player(chess, "A")["history"]})["csv"].splitlines()[0] == (
        "game,date,line,opponent,score,change,rating")


def test_the_cli_shows_each_league_game_s_own_k_and_reads_a_venue_as_a_file_writes_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`1700:1:home:3:0:20` was rated with its own K 20 under a table headed "K 30" with no K column; and `Home` or
    `h` were refused where a results file takes them (a hostile pass)."""
    assert main(["1800", "--k", "30", "--preset", "world-football", "1700:1:Home:3:0:20", "1700:1:h:3:0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines[1].split()
    assert head[head.index("K") - 1] == "M"
    ks = [line.split()[head.index("K")] for line in lines[2:4]]
    assert ks == ["20", "30"] and all(line.split()[4] == "home" for line in lines[2:4])


def test_a_leagues_games_are_rated_game_by_game_unless_an_update_is_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    """eloratings.net and FiveThirtyEight rate each game from the rating after the one before: a league's several
    games are rated so by default (the update field `follows` the league), in the calculator and on the command
    line; every game from the pre-event rating when asked; a plain request as before."""
    games = [{"opponent": 1600, "score": 1, "venue": "home", "points_for": 2, "points_against": 0},
             {"opponent": 1700, "score": 0, "venue": "away", "points_for": 0, "points_against": 1}]
    league = _calc(rating=1500, k=20, preset="world-football", games=games)
    assert league["update"] == "sequential"
    assert league == _calc(rating=1500, k=20, preset="world-football", update="sequential", games=games)
    assert _calc(rating=1500, k=20, preset="world-football", update="event", games=games)["update"] == "event"
    assert _calc(rating=1500, k=20, league=True, games=games[:1])["update"] == "sequential"
    assert _calc(rating=1500, k=20, games=[{"opponent": 1600, "score": 1}])["update"] == "event"
    assert main(["1500", "--k", "20", "--preset", "world-football", "1600:1:home:2:0", "1700:0:away:0:1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == league
    assert main(["1500", "--k", "20", "1600:1", "1700:0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["update"] == "event"


# ---- a hostile pass of leagues (hp79; each shown to fail before its fix) ------------------------------------------


def test_a_league_s_pasted_score_written_with_spaces_is_its_score_not_a_stray_result() -> None:
    """`1720 3 - 0 home` was rated a loss (its `0` taken as the result) and `1 - 3` a win, with no word. On a line
    marked as a league's, a spaced score is one score; a chess line's spaced `1 - 0` reads as before."""
    from elo_core.words.paste import parse_results

    pasted = parse_results("1720 3 - 0 home\n1720 1 - 3 home\n1720 2 : 2 (a)\n3 - 4 Meier 2010 1\n1720 1 - 0")
    assert [(g.opponent, g.score) for g in pasted.games] == [(1720, 1.0), (1720, 0.0), (1720, 0.5), (2010, 1.0),
                                                               (1720, 1.0)]
    assert [(f.get("points_for"), f.get("points_against")) for f in pasted.facts] == [
        (3, 0), (1, 3), (2, 2), (None, None), (None, None)]


def test_a_chess_line_written_with_v_stays_a_chess_result_without_points() -> None:
    """`Smith v 1850 1-0` is how chess writes a game: its 1-0 is a result, not a league's score of one goal (points
    would turn the Elo calculator's request into a league's, rated game by game); a spaced shared place (`3 - 4`)
    before it is no score. A venue makes a line a league's (the review of a hostile pass's fix)."""
    from elo_core.words.paste import parse_results

    pasted = parse_results("Smith v 1850 1-0\n3 - 4 Meier v 2010 1\n1-0 v 1720 home")
    assert [(g.opponent, g.score) for g in pasted.games] == [(1850, 1.0), (2010, 1.0), (1720, 1.0)]
    assert list(pasted.facts) == [{}, {}, {"venue": "home", "points_for": 1, "points_against": 0}]


@pytest.mark.parametrize("sign", ["\u2212", "\u2011", "\u2010", "\u2012", "\u2014", "\uff0d", "\uff1a"])
def test_a_score_written_with_a_minus_sign_or_another_dash_is_a_score(sign: str) -> None:
    """`3−1` (a minus sign) and `3‑1` (a non-breaking hyphen) look like `3-1` and were refused in a file and a
    paste ("expected … such as 3-1")."""
    from elo_core.files.scores import read_score
    from elo_core.words.paste import parse_results

    assert read_score(f"3{sign}1") == (3, 1)
    assert parse_results(f"1720 3{sign}1 home").facts == ({"venue": "home", "points_for": 3, "points_against": 1},)


def test_a_football_file_with_a_neutral_column_is_a_league_s_though_its_scores_are_mostly_1_0() -> None:
    """Five games of 1-0, 0-0, 2-1, 0-1 and 1-1 with `neutral` and `season` columns were a chess ledger: 0-0 a double
    forfeit, 2-1 and 1-1 refused, the two columns not read. A column only a league has makes it a league's."""
    text = ("date,home,away,score,neutral,season\n2024-08-10,Rovers,Bakers,1-0,0,2024\n"
            "2024-08-10,Harriers,Wanderers,0-0,0,2024\n2024-08-17,Bakers,Harriers,2-1,0,2024\n"
            "2024-08-17,Wanderers,Rovers,0-1,0,2024\n2024-08-24,Rovers,Harriers,1-1,1,2024\n")
    answer = _ladder(text)
    assert answer["ledger"]["games"] == 5 and _player(answer, "Rovers")["points_for"] == 3
    assert _player(answer, "Rovers")["history"]["venue"] == ["home", "away", "neutral"]
    assert set(_codes(answer).values()) == {"read_as_league"}  # its 0-0: a goalless draw, not a double forfeit
    chess = _ladder("date,white,black,result,neutral\n2024-08-10,A,B,½-½,0\n2024-08-11,A,B,1-0,0\n")
    assert "points_for" not in _player(chess, "A")  # a draw only chess writes: a chess ledger, as before
    # A chess club's hall (Venue, Ort, lieu) is no league's column (the review): its games rated, the column not read.
    hall = _ladder("Date,White,Black,Result,Venue\n2024-01-05,A,B,1-0,Club hall\n2024-01-12,B,A,0-1,Library\n")
    assert (hall["ledger"]["games"], set(_codes(hall).values())) == (2, {"columns_ignored"})


def test_a_league_s_ranking_csv_has_its_points_for_and_against(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The league table shows points for and against; its CSV (the view's download and `--csv`) left them out."""
    from elo_core.reports.ladder import RANKING_COLUMNS, ladder_csv

    answer = _ladder("date,home,away,score\n2025-01-01,A,B,3-1\n2025-01-08,B,A,2-2\n")
    players = [{k: v for k, v in p.items() if k != "history"} for p in answer["players"]]
    rows = list(csv.DictReader(io.StringIO(ladder_csv({"players": players})["csv"])))
    assert [(r["id"], r["points_for"], r["points_against"]) for r in rows] == [("A", "5", "3"), ("B", "3", "5")]
    games = tmp_path / "league.csv"
    games.write_text("date,home,away,score\n2025-01-01,A,B,3-1\n2025-01-08,B,A,2-2\n", encoding="utf-8")
    assert main(["ladder", str(games), "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split(",")[8:11] == ["losses", "points_for", "points_against"]
    chess = _ladder("date,white,black,result\n2025-01-01,A,B,1-0\n")["players"]
    assert ladder_csv({"players": chess})["csv"].splitlines()[0] == ",".join(RANKING_COLUMNS)


def test_a_bad_cell_of_two_score_columns_is_said_at_its_own_column_with_its_own_text() -> None:
    """home_score `-1` was said as "result '-1-2' is not a score", of a column the file does not have."""
    answer = _ladder("date\thome\taway\thome_score\taway_score\n2024-01-01\tA\tB\t2\t1\n2024-01-03\tB\tA\t-1\t2\n"
                     "2024-01-04\tB\tA\t1.5\t2\n2024-01-05\tB\tA\t3\tx\n")
    items = [i for p in answer["problems"] for i in p.get("items", [p])]
    assert [(i["line"], i["params"]["column"], i["params"]["value"]) for i in items] == [
        (3, "home_score", "-1"), (4, "home_score", "1.5"), (5, "away_score", "x")]


def test_a_league_s_performance_counts_the_home_advantage_its_expected_scores_use() -> None:
    """A draw at home against 1700 under H 100 was a performance of 1700, while the same answer expected 0.64: the
    performance is the rating whose expected total, with R + H at home (R − H away), is the score."""
    draw = {"opponent": 1700, "score": 0.5, "points_for": 1, "points_against": 1}
    shown = {venue: _calc(rating=1800, k=20, preset="world-football", games=[{**draw, "venue": venue}])["performance"]
             for venue in ("home", "neutral", "away")}
    assert {venue: p["rating"] for venue, p in shown.items()} == {"home": 1600, "neutral": 1700, "away": 1800}
    assert _calc(rating=1800, k=20, games=[{"opponent": 1700, "score": 0.5}])["performance"]["rating"] == 1700


def test_a_league_s_history_from_1872_is_rated() -> None:
    """eloratings.net's ratings run from Scotland v England, 30 November 1872: a date before 1900 was refused as a
    typing mistake, so the preset could not replay them from their start. A date before 1850 still is."""
    answer = _ladder("date,home,away,score\n1872-11-30,Scotland,England,0-0\n1873-03-08,England,Scotland,4-2\n"
                     "1849-01-01,England,Scotland,1-0\n", preset="world-football")
    assert answer["ledger"]["games"] == 2 and _player(answer, "England")["points_for"] == 4
    assert set(_codes(answer).values()) == {"date_out_of_range", "read_as_league"}  # and its 0-0 a draw, said


@pytest.mark.parametrize(("line", "score", "facts"), [
    ("1540 W 24-17 H", 1.0, {"venue": "home", "points_for": 24, "points_against": 17}),
    ("1660 L 24-17 A", 0.0, {"venue": "away", "points_for": 17, "points_against": 24}),  # written winner first
    ("1720 W 3-1", 1.0, {"points_for": 3, "points_against": 1}),
    ("1720 D 2-2 (n)", 0.5, {"venue": "neutral", "points_for": 2, "points_against": 2}),
])
def test_a_us_schedule_s_pasted_line_keeps_its_score_and_venue(line: str, score: float, facts: dict[str, Any]) -> None:
    """`1540 W 24-17 H` lost its score and venue (hp96): a score after the rating beside a result letter is a
    league's, its H or A the venue, and an L beside 24-17 is a loss by 17-24, as US box scores write it. The
    FiveThirtyEight preset's change was +11.6 for what meant +5.4."""
    from elo_core.words.paste import parse_results

    pasted = parse_results(line)
    assert ([score], [facts]) == ([g.score for g in pasted.games], list(pasted.facts))


def test_a_pasted_line_s_own_k_is_kept_with_its_game() -> None:
    """`K40` on a pasted line was dropped in silence (stops 59 to 61 left it): the game's own K, as the league
    game's K field takes it; an initial K before a rating stays an initial; two Ks are said, not guessed."""
    from elo_core.words.paste import parse_results

    pasted = parse_results("3-1 v 1720 home K40\n1720 1 K=20\n1720 ½ k: 32,5\nK 1850 1\n1720 1 K40 K20\n1720 W 2-2")
    assert [g.score for g in pasted.games] == [1.0, 1.0, 0.5, 1.0]
    assert [f.get("k") for f in pasted.facts] == [40.0, 20.0, 32.5, None]
    assert [(p.line, p.reason) for p in pasted.problems] == [(5, "many_ks"), (6, "many_results")]


# ---- a league's file read as a chess ledger (hp96's findings; each shown to fail before its fix) -----------------


def test_a_home_and_away_file_of_mostly_1_0_and_0_0_is_a_league_s_as_its_preset_reads_it() -> None:
    """An early season's 1-0, 0-0, 2-1 and 0-1 under `home,away,score` was a chess ledger: 2 games, the 0-0 a double
    forfeit, the 2-1 "not a result". A header of home and away with one score no chess result is makes it a league's,
    its games those the NFL preset reads."""
    text = ("date,home,away,score\n2025-08-16,Rovers,Bakers,1-0\n2025-08-16,Harriers,Wanderers,0-0\n"
            "2025-08-23,Bakers,Harriers,2-1\n2025-08-23,Wanderers,Rovers,0-1\n")
    plain, preset = read_ledger(text), read_ledger(text, league=True)
    assert plain.league and plain.games == preset.games
    assert [g.score for g in plain.games] == [1.0, 0.5, 1.0, 0.0] and not any(g.forfeit for g in plain.games)
    german = read_ledger("Datum;Heim;Gast;Ergebnis\n06.09.2025;Köln;Hertha;3:1\n13.09.2025;Hertha;Köln;0:0\n")
    assert german.league and [g.score for g in german.games] == [1.0, 0.5]


def test_a_leagues_fixtures_with_a_blank_score_leave_it_a_league_s_and_are_said_not_played() -> None:
    """12 games played and 14 fixtures of a blank score: the blanks outvoted the scores, and the file was a chess
    ledger of 1 game. A blank result does not vote; its line is a game not played yet, not a bad score."""
    played = ["2025-09-06,Rovers,Bakers,3-1", "2025-09-06,Harriers,Wanderers,0-0", "2025-09-13,Bakers,Harriers,2-2"]
    fixtures = [f"2026-09-{day:02},Rovers,Bakers," for day in range(1, 8)]
    answer = _ladder("\n".join(["date,home,away,score", *played, *fixtures]))
    assert answer["ledger"]["games"] == 3 and _player(answer, "Rovers")["points_for"] == 3
    assert _codes(answer) == {3: "read_as_league", **dict.fromkeys(range(5, 12), "no_score")}


def test_a_leagues_d_is_a_draw_and_only_a_draw_only_chess_writes_makes_a_chess_ledger() -> None:
    """A `D` (a league's W, D, L) made a file with `neutral` and `season` columns a chess ledger: only `½`, `=`,
    `remis`... do. A chess ledger of white and black with a `2-0` typed for a `1-0` stays one, its line said."""
    league = ("date,home,away,score,neutral,season\n2025-09-06,Rovers,Bakers,3-1,0,2025\n"
              "2025-09-13,Rovers,Harriers,D,0,2025\n")
    answer = _ladder(league)
    assert "league" in answer and _player(answer, "Rovers")["history"]["score"] == [1.0, 0.5]
    assert "league" in _ladder(league.replace(",neutral,season", "").replace(",0,2025", ""))
    assert "league" not in _ladder(league.replace(",D,", ",½,"))
    typo = _ladder("date,white,black,score\n2025-01-01,A,B,1-0\n2025-01-02,B,C,0-1\n2025-01-03,A,C,2-0\n")
    assert "league" not in typo and _codes(typo) == {4: "unknown_result"}


def test_a_single_score_after_away_and_home_columns_is_the_away_sides_first() -> None:
    """`date,away,home,score` (US files' order): the Bears' 10-24 loss at Green Bay read as their 24-10 win. A score
    in one cell follows the order the file lists the teams, as `away_score,home_score` columns did."""
    one = read_ledger("date,away,home,score\n2025-09-07,Bears,Packers,10-24\n2025-09-21,Lions,Bears,31-3\n")
    two = read_ledger("date,away,home,away_score,home_score\n2025-09-07,Bears,Packers,10,24\n"
                      "2025-09-21,Lions,Bears,31,3\n")
    assert [(g.white, g.black, g.score, g.points, g.venue) for g in one.games] == [
        ("Packers", "Bears", 1.0, (24, 10), "home"), ("Bears", "Lions", 0.0, (3, 31), "home")]
    assert [g[2:6] + g[8:] for g in one.games] == [g[2:6] + g[8:] for g in two.games]
    home_first = read_ledger("date,home,away,score\n2025-09-07,Packers,Bears,24-10\n")
    assert [(g.white, g.score, g.points) for g in home_first.games] == [("Packers", 1.0, (24, 10))]


def test_football_data_s_header_is_read_its_ftr_h_and_a_a_home_and_an_away_win() -> None:
    """football-data.co.uk's `HomeTeam,AwayTeam,FTHG,FTAG,FTR` was refused: "the header names no result column"."""
    ledger = read_ledger("Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR\n"
                         "E0,16/08/2024,Man United,Fulham,1,0,H,0,0,D\nE0,17/08/2024,Ipswich,Liverpool,0,2,A,0,0,D\n")
    assert [(g.white, g.black, g.score, g.points) for g in ledger.games] == [
        ("Man United", "Fulham", 1.0, (1, 0)), ("Ipswich", "Liverpool", 0.0, (0, 2))]
    results = read_ledger("date,away,home,result\n2024-08-16,Fulham,Man United,H\n2024-08-17,Liverpool,Ipswich,A\n"
                          "2024-08-18,Wolves,Arsenal,2-0\n")
    assert [(g.white, g.score) for g in results.games] == [("Man United", 1.0), ("Ipswich", 0.0), ("Arsenal", 0.0)]


def test_a_line_short_of_its_away_score_is_said_not_a_crash() -> None:
    """A line of two score columns' file that stops before its away score raised IndexError (no column of the
    date, the teams and the result was missing, and the message named the first missing one)."""
    answer = _ladder("date,home,away,home_score,away_score\n2024-01-01,A,B,2,1\n2024-01-08,A,B,2\n")
    assert _codes(answer) == {3: "unreadable_line"}
    assert answer["problems"][0]["items"][0]["params"]["missing"] == ["away_score"]


def test_a_forfeit_marked_beside_its_awarded_score_is_a_forfeit_not_a_rated_game() -> None:
    """Since the score columns decide (e33aee8), a `+` or `-` in the result column beside an awarded 3-0 was dropped:
    the walkover moved both teams' ratings, without a word (hp rv86). It is a forfeit again, as before that change; a
    double forfeit beside 0-0 too."""
    ledger = read_ledger("date,home,away,home_score,away_score,result\n2025-01-01,A,B,3,0,+\n"
                         "2025-01-02,B,C,2,1,W\n2025-01-03,C,A,0,3,-\n2025-01-04,A,C,0,0,--\n")
    assert [(g.white, g.score, g.forfeit) for g in ledger.games] == [
        ("A", 1.0, True), ("B", 1.0, False), ("C", 0.0, True), ("A", None, True)]
    answer = _ladder("date,home,away,home_score,away_score,result\n2025-01-01,A,B,3,0,+\n2025-01-02,B,C,2,1,W\n")
    assert (answer["ledger"]["games"], answer["ledger"]["forfeits"]) == (1, 1)
    assert _player(answer, "A")["rating"] == 1500 and _player(answer, "A")["forfeits_won"] == 1


def test_a_leagues_postponed_and_cancelled_games_are_said_not_played_not_a_bad_score() -> None:
    """`P-P` (British football's postponed), `postponed`, `abgesagt`... were each "not a score": the club was told its
    file was wrong (hp103). They are fixtures not played, as a blank score is: said as such at their lines, not
    rated, and the file's other games rated; in two score columns (`P`, `P`) or beside them too."""
    marks = ["P-P", "PP", "P - P", "postponed", "Cancelled", "canceled", "abandoned", "A-A", "abgesagt", "verlegt",
             "ausgefallen", "reporté", "annulé", "aplazado", "suspendido", "rinviata", "rinviato", "sospesa",
             "afgelast", "uitgesteld", " p-p "]
    lines = [f"2025-09-{day:02},Rovers,Bakers,{mark}" for day, mark in enumerate(marks, 1)]
    answer = _ladder("\n".join(["date,home,away,score", "2025-08-01,Rovers,Bakers,3-1", *lines,
                                "2025-10-01,Bakers,Rovers,2-2"]))
    assert _codes(answer) == dict.fromkeys(range(3, 3 + len(marks)), "not_played")
    assert _player(answer, "Rovers")["history"]["line"] == [2, 3 + len(marks)]
    message = answer["problems"][0]["items"][0]["message"]
    assert message == "line 3: result 'P-P' is a game not played (postponed, cancelled, abandoned): not rated"
    columns = read_ledger("date,home,away,home_score,away_score,result\n2025-01-01,A,B,3,1,\n2025-01-08,A,B,P,P,\n"
                          "2025-01-15,A,B,,,postponed\n2025-01-22,A,B,0,0,abgesagt\n2025-01-29,B,A,1,1,\n")
    assert [(p.line, p.code) for p in columns.problems] == [(3, "not_played"), (4, "not_played"), (5, "not_played")]
    assert [g.line for g in columns.games] == [2, 6]


def test_a_walkover_is_a_forfeit_of_the_side_its_score_says_and_a_bare_one_is_said() -> None:
    """`3-0 w/o`, `3:0 kampflos`, `0-3 forfait` were "not a score"; a bare `w/o` beside an awarded 3-0 in score
    columns was rated as a 3-0 win, without a word (hp103). A walkover is a forfeit of the side its score (or its
    `+`/`-`) says, not rated, its points kept; a bare `w/o` with no score says no side: said at its line."""
    text = ("date,home,away,score\n2025-01-01,A,B,3-1\n2025-01-08,A,B,3-0 w/o\n2025-01-15,B,C,3:0 kampflos\n"
            "2025-01-22,C,A,0-3 forfait\n2025-01-29,B,C,+:- kampflos\n2025-02-05,A,C,w/o\n2025-02-12,B,A,1-1\n")
    ledger = read_ledger(text)
    assert [(g.line, g.score, g.forfeit, g.points) for g in ledger.games] == [
        (2, 1.0, False, (3, 1)), (3, 1.0, True, (3, 0)), (4, 1.0, True, (3, 0)), (5, 0.0, True, (0, 3)),
        (6, 1.0, True, None), (8, 0.5, False, (1, 1))]
    answer = _ladder(text)
    assert _codes(answer) == {7: "walkover_no_winner"}
    assert (answer["ledger"]["games"], answer["ledger"]["forfeits"]) == (2, 4)
    assert _player(answer, "A")["forfeits_won"] == 2 and _player(answer, "A")["history"]["line"] == [2, 8]
    # The table counts a walkover's awarded points, as a league's own table counts the match (hp114): A's 3-1 and 1-1
    # played, 3-0 and 3-0 awarded; B's 1-3 and 1-1, 0-3 and 3-0 awarded, and a `+:-` with no points.
    assert [(n, _player(answer, n)["points_for"], _player(answer, n)["points_against"]) for n in "ABC"] == [
        ("A", 10, 2), ("B", 5, 7), ("C", 0, 6)]
    # And its head-to-head records, which a team's page lists under its played, won and lost (hp117).
    assert {(h["a"], h["b"]): (h["games"], h["a_wins"], h["draws"], h["b_wins"]) for h in answer["head_to_head"]} == {
        ("A", "B"): (3, 2, 1, 0), ("A", "C"): (1, 1, 0, 0), ("B", "C"): (2, 2, 0, 0)}
    assert answer["problems"][0]["items"][0]["message"] == (
        "line 7: result 'w/o' is a walkover that does not say which side won it: write its awarded score (3-0 w/o) "
        "or a forfeit mark (+ or -): not rated")
    beside = read_ledger("date,home,away,home_score,away_score,result\n2025-01-01,A,B,3,0,w/o\n"
                         "2025-01-02,B,C,2,1,W\n2025-01-03,C,A,0,3,W/O\n2025-01-04,A,C,1,1,w/o\n")
    assert [(g.white, g.score, g.forfeit, g.points) for g in beside.games] == [
        ("A", 1.0, True, (3, 0)), ("B", 1.0, False, (2, 1)), ("C", 0.0, True, (0, 3))]
    assert [(p.line, p.code) for p in beside.problems] == [(5, "walkover_no_winner")]


def test_a_chess_ledger_with_the_new_words_reads_as_before() -> None:
    """A chess ledger of 1-0, 0-1, ½-½ and forfeits stays one beside a `postponed` line or a `w/o` (its line said as
    before: no league of it)."""
    text = ("date,white,black,result\n2025-01-01,A,B,1-0\n2025-01-02,B,C,0-1\n2025-01-03,A,C,½-½\n"
            "2025-01-04,C,A,+\n2025-01-05,A,B,postponed\n2025-01-06,B,C,w/o\n")
    ledger = read_ledger(text)
    assert not ledger.league
    assert [(g.score, g.forfeit) for g in ledger.games] == [(1.0, False), (0.0, False), (0.5, False), (1.0, True)]
    assert [(p.line, p.code) for p in ledger.problems] == [(6, "unknown_result"), (7, "unknown_result")]
    # Marks of games not played do not vote against a league (as blanks do not): without a header, scores decide.
    fixtures = "\n".join(["2025-01-01,A,B,3-1", "2025-01-02,B,C,2-1",
                          *[f"2025-02-{day:02},A,C,P-P" for day in range(1, 6)]])
    assert read_ledger(fixtures).league and [p.code for p in read_ledger(fixtures).problems] == ["not_played"] * 5
