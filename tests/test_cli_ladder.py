"""`elo-core ladder GAMES`: the table, the JSON with every player, the settings as options, and exit 2 with one
line naming the file and the line for a file that cannot be read or is no ledger."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elo_core.transport.cli import main

FILES = Path(__file__).parent / "ladder"
GAMES = str(FILES / "club-games.csv")
PLAYERS = str(FILES / "club-players.csv")
KEYS = {"id", "name", "rating", "games", "wins", "draws", "losses", "last_played", "provisional", "active"}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["ladder", *argv], stdin=io.StringIO(""), stdout=out)
    return code, out.getvalue()


def as_json(*argv: str) -> dict[str, Any]:
    code, out = run(*argv, "--json")
    assert 0 == code
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_table_ranks_each_pool_with_names_ratings_and_records() -> None:
    code, out = run(GAMES, "--players", PLAYERS)
    assert 0 == code
    lines = out.splitlines()
    assert lines[0].startswith("elo: 27 games, 8 players, 1 forfeited (not rated), 2025-09-02 to 2026-02-24")
    assert ["pool rapid", "pool blitz"] == [line for line in lines if line.startswith("pool ")]
    first = lines[lines.index("pool rapid") + 2].split()
    # Anna Meier: 7 rapid games, 5 wins, 2 draws, no loss.
    assert ["1", "Anna", "Meier"] == first[:3]
    assert ["7", "5", "2", "0", "6", "2026-02-24"] == first[4:10]


def test_table_hides_inactive_players_unless_all() -> None:
    code, out = run(GAMES, "--players", PLAYERS, "--inactive-months", "4")
    assert 0 == code
    assert "Eva Müller" not in out.split("pool blitz")[0]
    assert "(2 inactive players not shown: --all lists them)" in out
    code, out = run(GAMES, "--players", PLAYERS, "--inactive-months", "4", "--all")
    assert 0 == code
    rapid = out.split("pool blitz")[0]
    assert "inactive" in next(line for line in rapid.splitlines() if "Eva Müller" in line)
    assert "retired" in next(line for line in rapid.splitlines() if "Hans Brunner" in line)


def test_by_default_a_player_idle_3_months_is_not_shown_and_one_without_a_game_is_not_ranked() -> None:
    """Issue 39 item 4's defaults, the widget's: EM (last rapid game 2025-10-07, the file's last 2026-02-24) is
    inactive, shown with --all below the ranked players; NV (no game) is listed, not ranked, noted "no games"."""
    code, out = run(GAMES, "--players", PLAYERS)
    assert 0 == code
    rapid = out.split("pool blitz")[0]
    assert "Eva Müller" not in rapid
    assert "(2 inactive players not shown: --all lists them)" in rapid  # EM, and HB retired
    code, out = run(GAMES, "--players", PLAYERS, "--all")
    rapid_lines = out.split("pool blitz")[0].splitlines()
    eva = next(line for line in rapid_lines if "Eva Müller" in line)
    assert (eva.split()[0], eva.split()[-1]) == ("-", "inactive")
    assert all(line.split()[0] == "-" for line in rapid_lines[rapid_lines.index(eva):] if line.strip())
    code, out = run(str(FILES / "club-games-de.csv"), "--players", PLAYERS)
    nora = next(line for line in out.splitlines() if "Nora Vogel" in line)
    assert ["-", "Nora", "Vogel", "1500.0", "0"] == nora.split()[:5]
    assert nora.endswith("no games")
    assert len(out.splitlines()) - 2 == out.splitlines().index(nora)  # below the ranked, above the note


def test_provisional_0_and_inactive_months_0_rank_every_player() -> None:
    code, out = run(str(FILES / "club-games-de.csv"), "--players", PLAYERS, "--provisional", "0",
                    "--inactive-months", "0")
    assert 0 == code
    ranked = {" ".join(line.split()[1:3]): line.split()[0] for line in out.splitlines()[2:] if line[:4].strip()}
    assert ("3", "6") == (ranked["Eva Müller"], ranked["Nora Vogel"])
    assert "(1 inactive players not shown: --all lists them)" in out  # HB: the players file says retired


def test_help_says_the_defaults() -> None:
    help_text = subprocess.run([sys.executable, "-m", "elo_core", "ladder", "--help"], capture_output=True,
                               text=True, check=True, env={**os.environ, "COLUMNS": "200"}).stdout
    assert "games before a player is ranked (default 1: a player without games is not ranked)" in help_text
    assert "(default 3, counted back from the last game's date or --as-of; 0: never)" in help_text


def test_table_marks_provisional_players_without_a_rank_and_shows_the_change_since() -> None:
    code, out = run(GAMES, "--players", PLAYERS, "--provisional", "5", "--since", "2026-01-01")
    assert 0 == code
    blitz = out.split("pool blitz")[1].splitlines()
    assert "change" in blitz[1]
    assert all(line.split()[0] == "-" and line.endswith("provisional") for line in blitz[2:6])


def test_json_lists_every_player_with_the_keys_the_issue_names() -> None:
    answer = as_json(GAMES, "--players", PLAYERS, "--inactive-months", "4", "--provisional", "3")
    assert {"players", "in_no_pool", "problems"} == set(answer)
    assert all(KEYS <= set(p) for p in answer["players"])
    rapid = [p["id"] for p in answer["players"] if p["pool"] == "rapid"]
    assert {"AM", "BK", "CR", "DS", "EM", "FW", "HB"} == set(rapid)  # hidden and retired ones too
    anna = next(p for p in answer["players"] if p["id"] == "AM" and p["pool"] == "rapid")
    assert isinstance(anna["rating"], float) and anna["rating"] != round(anna["rating"], 1)  # unrounded


def test_json_of_the_german_export_is_the_rapid_pool_of_the_english_file() -> None:
    german = as_json(str(FILES / "club-games-de.csv"), "--players", PLAYERS)
    english = as_json(GAMES, "--players", PLAYERS)
    rapid = {p["id"]: p["rating"] for p in english["players"] if p["pool"] == "rapid"}
    assert rapid == {p["id"]: p["rating"] for p in german["players"] if p["games"] or p["forfeits_won"]
                     or p["forfeits_lost"]}


def test_options_reach_the_replay() -> None:
    base = {p["id"]: p["rating"] for p in as_json(GAMES)["players"] if p["pool"] == "rapid"}
    for options in (["--k", "20"], ["--start", "1200"], ["--first-k", "40", "--first-games", "3"],
                    ["--system", "glicko2", "--period", "week"], ["--system", "lichess", "--speed", "rapid"]):
        changed = {p["id"]: p["rating"] for p in as_json(GAMES, *options)["players"] if p["pool"] == "rapid"}
        assert changed != base, options


def test_cap_400_option(tmp_path: Path) -> None:
    # 2200 draws 1500: capped, E = 0.909091 and the change 32 x (0.5 - 0.909091) = -13.090909.
    (tmp_path / "games.csv").write_text("2026-03-04,A,B,=\n", encoding="utf-8")
    (tmp_path / "players.csv").write_text("A,Anna,2200\nB,Ben,1500\n", encoding="utf-8")
    answer = as_json(str(tmp_path / "games.csv"), "--players", str(tmp_path / "players.csv"), "--cap-400")
    assert 2200 - 13.090909 == pytest.approx(answer["players"][0]["rating"], abs=1e-6)


def test_problems_are_listed_under_the_table(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text("2026-03-04,A,B,1\n2026-03-05,A,B,maybe\n", encoding="utf-8")
    code, out = run(str(games))
    assert 0 == code
    assert "  line 2: result 'maybe' is not a result: expected 1-0, 0-1, ½-½, 1, 0, ½, =, draw, or + or - for a " \
        "forfeit: not rated" in out.splitlines()
    assert [2] == [p["line"] for p in as_json(str(games))["problems"]]


def test_a_file_that_is_no_ledger_exits_2_with_one_line_naming_the_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.csv"
    games.write_text("date,white,black\n2026-03-04,A,B\n", encoding="utf-8")
    assert 2 == run(str(games))[0]
    err = capsys.readouterr().err
    assert [f"elo-core ladder: {games}, line 1: the header names no result column (it reads 'date,white,black')"] \
        == err.splitlines()


def test_a_players_file_that_is_none_exits_2_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = tmp_path / "players.csv"
    players.write_text("rating,active\n1500,yes\n", encoding="utf-8")
    assert 2 == run(GAMES, "--players", str(players))[0]
    assert capsys.readouterr().err.startswith(f"elo-core ladder: {players}, line 1: ")


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == run(str(tmp_path / "nope.csv"))[0]
    assert f"elo-core ladder: cannot read {tmp_path / 'nope.csv'}: No such file or directory\n" == \
        capsys.readouterr().err


def test_a_system_not_supported_for_a_ledger_exits_1_saying_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert 1 == run(GAMES, "--system", "fide")[0]
    assert "not supported for a ledger" in capsys.readouterr().err


def test_a_windows_1252_file_is_read_with_a_problem_saying_so(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_bytes("2026-03-04;Anna;Ben;1\n2026-03-04;Jürgen;Zoë;1\n".encode("cp1252"))
    answer = as_json(str(games))
    assert ["Anna", "Jürgen", "Ben", "Zoë"] == [p["name"] for p in answer["players"]]
    assert [(2, "encoding_assumed")] == [(p["line"], p["code"]) for p in answer["problems"]]


def test_csv_prints_the_ranking_with_a_header_and_every_player() -> None:
    code, out = run(GAMES, "--players", PLAYERS, "--csv", "--separator", ";")
    assert 0 == code
    lines = out.splitlines()
    assert lines[0].startswith("pool;rank;id;name;rating;games;wins;draws;losses;score;")
    assert 1 + 7 + 4 == len(lines)  # the rapid pool's 7 players, the blitz pool's 4
    anna = lines[1].split(";")
    assert ["rapid", "1", "AM", "Anna Meier"] == anna[:4]
    assert "," in anna[4] and "." not in anna[4]  # a decimal comma


def test_history_prints_a_players_rating_after_every_game() -> None:
    code, out = run(GAMES, "--players", PLAYERS, "--history", "am", "--pool", "blitz")
    assert 0 == code
    lines = out.splitlines()
    assert "game,date,line,opponent,score,change,rating" == lines[0]
    assert ["1", "2025-09-23", "22", "BK", "1"] == lines[1].split(",")[:5]
    assert 5 == len(lines)
    answer = as_json(GAMES, "--players", PLAYERS)
    anna = next(p for p in answer["players"] if p["id"] == "AM" and p["pool"] == "blitz")
    assert anna["rating"] == float(lines[-1].split(",")[-1])


def test_history_of_a_player_of_several_pools_asks_which(capsys: pytest.CaptureFixture[str]) -> None:
    assert 1 == run(GAMES, "--history", "AM")[0]
    assert "--history AM: played in the pools rapid, blitz: say which with --pool\n" in capsys.readouterr().err
    assert 1 == run(GAMES, "--history", "nobody")[0]
    assert capsys.readouterr().err.endswith("--history nobody: no such player\n")


def test_the_installed_command_runs_it() -> None:
    done = subprocess.run([sys.executable, "-m", "elo_core", "ladder", GAMES, "--json"], capture_output=True,
                          text=True, check=False)
    assert 0 == done.returncode
    assert KEYS <= set(json.loads(done.stdout)["players"][0])


def test_the_ledger_and_a_report_file_are_read_from_standard_input_as_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """`elo-core ladder -` and `elo-core event -` read standard input, as the calculation's `-` does (the README: a
    file or standard input); they said "cannot read -: No such file or directory" (a hostile pass)."""
    piped = Path(GAMES).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(piped), encoding="utf-8"))
    assert run("-", "--json") == run(GAMES, "--json")
    with pytest.raises(SystemExit) as twice:  # standard input is read once (a review)
        run("-", "--players", "-")
    assert twice.value.code == 2
    trf = (Path(__file__).parent / "trf" / "fide-c07-tiebreak-exercises.trf").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(trf), encoding="utf-8"))
    out = io.StringIO()
    assert main(["event", "-"], stdout=out) == 0 and "FIDE C.07" in out.getvalue()


def test_the_players_file_s_players_in_no_pool_are_said_under_the_table_and_in_the_json(tmp_path: Path) -> None:
    """A ledger of pools lists in each the players who played in it: a players file's member who played in none was in
    no table, --all and --json included."""
    games, players = tmp_path / "games.csv", tmp_path / "players.csv"
    games.write_text("date,white,black,result,pool\n2026-01-05,A,B,1-0,rapid\n", encoding="utf-8")
    players.write_text("id,name,rating\nA,Anna,\nB,Ben,\nN,Nora,1600\n", encoding="utf-8")
    code, out = run(str(games), "--players", str(players), "--all")
    assert 0 == code and "(in no pool, having played in none: Nora (N))" in out.splitlines()
    assert [{"id": "N", "name": "Nora", "line": 4}] == as_json(str(games), "--players", str(players))["in_no_pool"]


def test_a_league_s_table_counts_a_walkover_in_played_won_lost_and_goals(tmp_path: Path) -> None:
    """As the ladder view's league table (hp114): Alpha's 3-1 played and two walkovers awarded 3-0, not rated."""
    league = tmp_path / "walkovers.csv"
    league.write_text("date,home,away,score\n2025-01-01,Alpha,Beta,3-1\n2025-01-08,Alpha,Beta,3-0 w/o\n"
                      "2025-01-15,Beta,Gamma,2-2\n2025-01-22,Gamma,Alpha,0-3 forfait\n", encoding="utf-8")
    code, out = run(str(league))
    assert code == 0, out
    rows = {line.split()[1]: line.split()[3:9] for line in out.splitlines()[2:5]}
    assert rows == {"Alpha": ["3", "3", "0", "0", "9", "1"], "Beta": ["3", "0", "1", "2", "3", "8"],
                    "Gamma": ["2", "0", "1", "1", "2", "5"]}
    assert out.splitlines()[0].startswith("elo: 2 games, 3 players, 2 forfeited (not rated)")
    # A team with walkovers only has games in its table: "provisional", not "no games" (hp117); a double forfeit
    # gives neither side its points.
    league.write_text("date,home,away,home_score,away_score,result\n2025-01-01,Alpha,Beta,3,1,\n"
                      "2025-01-08,Alpha,Delta,3,0,w/o\n2025-01-15,Gamma,Beta,0,5,--\n", encoding="utf-8")
    code, out = run(str(league))
    rows = {line.split()[1]: line.split()[3:] for line in out.splitlines()[2:6]}
    assert rows["Delta"] == ["1", "0", "0", "1", "0", "3", "-", "provisional"], out
    assert rows["Gamma"] == ["1", "0", "0", "1", "0", "0", "-", "provisional"], out
    assert rows["Beta"][4:6] == ["1", "3"], out
