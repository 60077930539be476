"""`elo-core event FILE`: the table, the JSON, the K options, and exit 2 with one line for a file that cannot
be read or is no TRF."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elo_core.transport.cli import main

from .trf_text import player_line, trf

FILES = Path(__file__).parent / "trf"
C07 = str(FILES / "fide-c07-tiebreak-exercises.trf")


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["event", *argv], stdin=io.StringIO(""), stdout=out)
    return code, out.getvalue()


def as_json(*argv: str) -> dict[str, Any]:
    code, out = run(*argv, "--json")
    assert 0 == code
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_table_has_a_row_a_player_with_the_change_and_the_new_rating() -> None:
    code, out = run(C07)
    assert 0 == code
    rows = [line for line in out.splitlines() if line[:5].strip().isdigit()]
    assert 16 == len(rows)
    # Alyx, 2150, K 20 (assumed): 9 games played, 6 points, all rated: expected 6.37: 20 x -0.37 = -7.40 -> 2143.
    assert ["1", "Alyx", "NOR", "2150", "20*", "9", "6.0", "9", "6.0", "6.37", "-7.40", "2143"] == (
        rows[0].split()[:12])
    assert "FIDE, period 2024-09 (from the start date)" in out
    assert "* K assumed for 16 players" in out


def test_table_lists_the_files_problems_with_their_lines() -> None:
    code, out = run(str(FILES / "damaged-fields.trf"))
    assert 0 == code
    assert "  line 6: 'This line is not TRF' is no TRF line: not read" in out.splitlines()


def test_table_lists_a_player_paired_with_themselves_and_rates_them_not(tmp_path: Path) -> None:
    path = tmp_path / "self.trf"
    path.write_text(trf(player_line(1, "Self, Sam", 2000, rounds=[(1, "w", "1")] * 3),
                        player_line(2, "Other, Olga", 1900, rounds=[(0, "-", "Z")] * 3)))
    code, out = run(str(path))
    assert 0 == code
    (sam,) = [line for line in out.splitlines() if "Self, Sam" in line]
    assert ["2000", "-", "0", "0.0", "0", "0.0"] == sam.split()[3:9]  # rating, no K, no game played, none rated
    # The three rounds' problems in one line (their --json has each).
    assert "  a round that names the player's own start number: not rated (3 times, line 4)" in out.splitlines()


def test_table_lists_each_players_warnings_under_it(tmp_path: Path) -> None:
    """A player rated 1 (a typing mistake for 1 and more digits): the answer warns, and so does the table."""
    path = tmp_path / "one.trf"
    path.write_text(trf(player_line(1, "Meier, Anna", 1850, rounds=[(2, "w", "1")]),
                        player_line(2, "Huber, Ben", 1, rounds=[(1, "b", "0")])))
    warnings = as_json(str(path))["players"][1]["warnings"]
    assert ["rating_below_floor", "below_rating_floor"] == [w["code"] for w in warnings]
    code, out = run(str(path))
    assert 0 == code
    lines = out.splitlines()
    at = lines.index("players' warnings:")
    assert [f"      2  Huber, Ben: {w['message']}" for w in warnings] == lines[at + 1:at + 3]


def test_table_says_how_many_more_games_a_first_rating_needs() -> None:
    """Engel (146) played 4 games against rated opponents: one short of the 5 a first rating needs."""
    code, out = run(str(FILES / "fide-example1.trf"))
    assert 0 == code
    (engel,) = [line for line in out.splitlines() if "Engel,Johannes" in line]
    assert engel.endswith("no first rating: a first rating needs at least 5 games against rated opponents (1 more)")


def test_json_has_every_player_with_the_keys_a_program_needs() -> None:
    answer = as_json(str(FILES / "fide-example1.trf"))
    assert ["event", "players", "problems"] == list(answer)
    players = answer["players"]
    assert list(range(1, 285)) == [p["start"] for p in players]
    keys = {"start", "name", "rating", "k", "games", "score", "change", "new_rating"}
    assert all(keys <= set(p) for p in players)
    rated, unrated = players[0], players[146]  # 2558, and Graebner (unrated: a first rating)
    assert (2558, 10, 7, 6.0, -1.1, 2557) == tuple(rated[k] for k in ("rating", "k", "games", "score", "change",
                                                                      "new_rating"))
    assert (None, None, None, 2113) == (unrated["rating"], unrated["k"], unrated["change"], unrated["new_rating"])
    assert {"line": 14, "code": "title_guessed"} == {k: answer["problems"][0][k] for k in ("line", "code")}


def test_json_null_k_for_a_player_without_a_rated_game() -> None:
    withdrawn = as_json(str(FILES / "fide-example1.trf"))["players"][12]  # Bakhmatov: one forfeit, then gone
    assert (2373, None, 0, 0.0, 2373) == (withdrawn["rating"], withdrawn["k"], withdrawn["games"],
                                          withdrawn["change"], withdrawn["new_rating"])


def test_k_for_one_player() -> None:
    """Alyx with K 10: 10 x -0.37 = -3.7 -> -4 -> 2146."""
    (alyx, *_) = as_json(C07, "--k", "1=10")["players"]
    assert (10, "given", 2146) == (alyx["k"], alyx["k_rule"], alyx["new_rating"])


def test_elo_k_for_everyone_and_for_one() -> None:
    players = as_json(C07, "--system", "elo", "--k", "20", "--k", "3=32")["players"]
    assert [20, 20, 32] == [p["k"] for p in players[:3]]


def test_table_says_a_performance_is_by_the_800_rule(tmp_path: Path) -> None:
    """One win against 1600: FIDE's performance 2400 is the opponent + 800 (table 8.1.1 for 100 %), said so."""
    path = tmp_path / "one.trf"
    path.write_text(trf(player_line(1, "Meier, Anna", 2000, birth="1990/01/01", rounds=[(2, "w", "1")]),
                        player_line(2, "Huber, Ben", 1600, birth="1990/01/01", rounds=[(1, "b", "0")])))
    code, out = run(str(path))
    assert 0 == code
    (anna,) = [line for line in out.splitlines() if "Meier, Anna" in line]
    (ben,) = [line for line in out.splitlines() if "Huber, Ben" in line]
    assert anna.endswith(" 2400  performance by FIDE's rule for 100 %: the opponents' average + 800")
    assert ben.endswith(" 1200  performance by FIDE's rule for 0 %: the opponents' average - 800")


LICHESS = str(FILES / "lichess-swiss-2020-05.trf")


def test_table_shows_every_game_played_in_the_score_whatever_the_ratings() -> None:
    """lichess's Swiss, every player unrated: mattderkuerschner played 10 games for 8 points, none rated."""
    code, out = run(LICHESS)
    assert 0 == code
    (first,) = [line for line in out.splitlines() if "mattderkuerschner" in line]
    assert ["1", "mattderkuerschner", "-", "-", "10", "8.0", "0", "0.0"] == first.split()[:8]
    assert "13 players (0 rated), 10 rounds, 56 games (0 between rated players)" in out


def test_elo_start_rating_for_everyone_and_for_one() -> None:
    """--start gives every unrated player a rating to be rated from, --rating START=R one player their own: the
    table shows it in brackets (not the file's) and says where it came from; every player gets a new rating."""
    code, out = run(LICHESS, "--system", "elo", "--k", "20", "--start", "1500", "--rating", "2=1700")
    assert 0 == code
    rows = [line.split() for line in out.splitlines() if line[:5].strip().isdigit()]
    assert 13 == len(rows)
    # mattderkuerschner: 10 games, 8 points against 1500 x 9 and 1700 (a loss): all rated.
    assert ["1", "mattderkuerschner", "(1500)", "20", "10", "8.0", "10", "8.0"] == rows[0][:8]
    assert "(1700)" == rows[1][2]
    assert "13 players (0 rated, 13 from a start rating)" in out
    assert "56 games (56 between rated players)" in out
    answer = as_json(LICHESS, "--system", "elo", "--k", "20", "--start", "1500", "--rating", "2=1700")
    assert [(1500, "start"), (1700, "ratings")] == [(p["start_rating"], p["start_rating_from"])
                                                    for p in answer["players"][:2]]


@pytest.mark.parametrize("argv", [("--start", "1500"), ("--rating", "1=1500"), ("--system", "elo", "--rating", "1"),
                                  ("--system", "elo", "--rating", "one=1500")])
def test_start_ratings_written_wrong_or_under_fide_are_usage_errors(argv: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(LICHESS, *argv)
    assert 2 == caught.value.code


def test_period_option() -> None:
    assert "2026-01" == as_json(C07, "--period", "2026-01")["event"]["period"]


def test_a_file_that_is_no_trf_exits_2_naming_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Club night\nresults to follow\n")
    assert (2, "") == run(str(notes))
    err = capsys.readouterr().err
    assert 1 == len(err.splitlines())
    assert err.startswith(f"elo-core event: {notes}, line 1: not a tournament report file")


def test_a_file_that_cannot_be_read_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (2, "") == run(str(tmp_path / "missing.trf"))
    assert f"elo-core event: cannot read {tmp_path / 'missing.trf'}: No such file or directory\n" == (
        capsys.readouterr().err)


def test_fide_k_without_a_start_number_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as caught:
        run(C07, "--k", "20")
    assert 2 == caught.value.code


def test_a_start_number_the_file_lacks_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert (1, "") == run(C07, "--k", "99=20")
    assert "elo-core event: players.99: no player of the file has start number 99\n" == capsys.readouterr().err


def test_the_installed_command(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_text(trf(player_line(1, "Meier, Anna", 1850, birth="1990/01/01", rounds=[(2, "w", "1")]),
                        player_line(2, "Huber, Ben", 1850, birth="1990/01/01", rounds=[(1, "b", "0")])))
    done = subprocess.run([sys.executable, "-m", "elo_core", "event", str(path), "--json"], capture_output=True,
                          text=True, check=False)
    assert (0, [1860, 1840]) == (done.returncode, [p["new_rating"] for p in json.loads(done.stdout)["players"]])


def test_a_file_without_dates_is_rated_from_today_s_period_and_one_round_is_singular(tmp_path: Path) -> None:
    """A TRF with no date said "(from the today)", and a one-round event "1 rounds" (a hostile pass)."""
    lines = [line for line in Path(C07).read_text(encoding="utf-8").splitlines() if not line.startswith(("042", "052"))]
    undated = tmp_path / "undated.trf"
    undated.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run(str(undated))
    assert code == 0 and "(from today's date" in out and "from the today" not in out
    assert re.search(r", \d+ rounds, \d+ games ", out)
    from elo_core.transport.cli_event import _count

    assert (_count(1, "round"), _count(7, "round"), _count(0, "game")) == ("1 round", "7 rounds", "0 games")
