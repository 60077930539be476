"""The `elo-core` command: JSON in and out, and the human form."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from elo_core import SYSTEMS
from elo_core.systems import REGISTRY
from elo_core.transport.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_human_form_prints_each_game_and_the_total() -> None:
    code, out = run("1450", "--k", "40", "1500:1", "1620:0.5", "1390:0", "1555:1")
    assert 0 == code
    assert ["+22.9", "+9.1", "-23.4", "+25.9"] == [line.split()[-1] for line in out.splitlines()[2:6]]
    assert "change +34.4 -> 1484.4" in out


def test_human_form_defaults_to_fide_without_k() -> None:
    code, out = run("2100", "--junior", "2000:1", "2150:½", "1900:l")
    assert 0 == code
    assert "K 40 (junior" in out and "change -13 (exact -13.20) -> 2087" in out


def test_human_form_first_rating() -> None:
    code, out = run("unrated", *["1900:w"] * 5)
    assert (0, True) == (code, "new rating: 2180" in out)


def test_human_form_rapid_from_a_standard_rating_says_so() -> None:
    """FIDE Rapid and Blitz 7.2.1, and every warning of the answer, as notes under the table."""
    code, out = run("unrated", "1850:1", "--time-control", "rapid", "--standard-rating", "1850")
    assert 0 == code
    assert "change +10 (exact +10.00) -> 1860" in out
    assert "note: your standard rating 1850 is used as your rapid rating" in out


def test_human_form_notes_the_rating_floor() -> None:
    code, out = run("1390", "1400:0")
    assert (0, 2) == (code, out.count("note: "))


def test_json_request_on_stdin() -> None:
    request = {"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1700, "score": 1}]}
    code, out = run(stdin=json.dumps(request))
    assert (0, 1515.2) == (code, round(json.loads(out)["new_rating"], 1))


def test_json_request_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"system": "fide", "rating": 2100, "games": [{"opponent": 2000, "score": 1}]}))
    code, out = run(str(path))
    assert (0, 2107) == (code, json.loads(out)["new_rating"])


def test_bad_input_exits_1_and_names_the_field(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("abc", "--k", "20", "1500:0.7")
    err = capsys.readouterr().err
    assert (1, True, True) == (code, "rating: expected your rating" in err, "games[0].score" in err)


def test_python_dash_m_runs_the_command() -> None:
    out = subprocess.run([sys.executable, "-m", "elo_core", "1500", "--k", "20", "1700:1"],
                         capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent).stdout
    assert "-> 1515.2" in out


def test_games_from_a_pasted_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.txt"
    path.write_text("1620 ½\nW 1540\n", encoding="utf-8")
    code, out = run("1600", "--k", "20", "--games-from", str(path))
    assert (0, True) == (code, "change +8.9 -> 1608.9" in out)


def test_games_from_with_an_unrated_opponent_prints_that_game_not_rated(tmp_path: Path) -> None:
    """`unrated 1` pasted is a game against an unrated opponent (hp114); the table, which wrote each opponent as a
    number, failed on it (TypeError)."""
    path = tmp_path / "results.txt"
    path.write_text("2400 1\nunrated 1\n2300 0\n", encoding="utf-8")
    code, out = run("2350", "--system", "fide", "--games-from", str(path))
    assert 0 == code
    assert ["1 2400", "2 unrated", "3 2300"] == [" ".join(line.split()[:2]) for line in out.splitlines()[2:5]]
    assert "not rated" in out.splitlines()[3]


def test_games_from_skips_a_header_line_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As the widget's paste dialog does: the header is listed, the games are rated."""
    path = tmp_path / "results.txt"
    path.write_text("Rd\tName\tRtg\tRes\n1620 ½\nW 1540\n", encoding="utf-8")
    code, out = run("1600", "--k", "20", "--games-from", str(path))
    err = capsys.readouterr().err
    assert (0, True) == (code, "change +8.9 -> 1608.9" in out)
    assert "warning: " in err and "line 1 skipped" in err


@pytest.mark.parametrize("where", ["file", "games-from"])
def test_a_file_that_is_not_utf8_is_a_clean_error(tmp_path: Path, where: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / ("latin1.json" if where == "file" else "latin1.txt")
    path.write_bytes('{"system": "elo", "rating": "1500", "k": 20, "games": [], "x": "café"}'.encode("latin-1"))
    argv = [str(path)] if where == "file" else ["1600", "--k", "20", "--games-from", str(path)]
    code, _ = run(*argv)
    assert (2, True) == (code, "not UTF-8 text (byte 0xe9" in capsys.readouterr().err)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_request_on_stdin_is_read_as_utf8_whatever_the_streams_encoding(encoding: str) -> None:
    """`elo-core < half.json` reads the file's bytes as a file is read: not as 'Â½', nor 'not UTF-8'."""
    request = '{"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1500, "score": "½"}]}'
    out = subprocess.run([sys.executable, "-m", "elo_core"], input=request.encode("utf-8"), capture_output=True,
                         env={**os.environ, "PYTHONIOENCODING": encoding}, cwd=Path(__file__).parent.parent)
    assert (0, 0.5) == (out.returncode, json.loads(out.stdout)["score"])


def test_games_from_standard_input_are_named_so_in_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("1600", "--k", "20", "--games-from", "-", stdin="Rd Name\n1620 ½\n")
    assert (0, True) == (code, "warning: standard input, line 1 skipped" in capsys.readouterr().err)


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_a_json_request_with_a_byte_order_mark_is_read(tmp_path: Path, where: str) -> None:
    """Notepad and PowerShell 5.1 write UTF-8 with a BOM."""
    data = b"\xef\xbb\xbf" + json.dumps({"system": "elo", "rating": 1500, "k": 20, "games": []}).encode()
    path = tmp_path / "request.json"
    path.write_bytes(data)
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out = io.StringIO()
    code = main([str(path)] if where == "file" else [], stdin=stdin, stdout=out)
    assert (0, 1500) == (code, json.loads(out.getvalue())["new_rating"])


def test_a_request_file_named_in_upper_case_is_read_as_json(tmp_path: Path) -> None:
    path = tmp_path / "REQUEST.JSON"
    path.write_text(json.dumps({"system": "elo", "rating": 1500, "k": 20, "games": []}))
    code, out = run(str(path))
    assert (0, 1500) == (code, json.loads(out)["new_rating"])


def test_a_game_with_a_value_too_many_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        run("1500", "--k", "20", "1600:1:home:3:0:20:extra")  # Elo's games take a venue, a score and a K
    assert (2, True) == (exited.value.code, "'1600:1:home:3:0:20:extra'" in capsys.readouterr().err)


def test_invisible_marks_around_a_typed_rating_are_ignored() -> None:
    """A rating copied from a right-to-left page carries a direction mark."""
    code, out = run("\u200f1500", "--k", "20", "1500:1")
    assert (0, True) == (code, "-> 1510.0" in out)


def test_output_works_on_an_ascii_stream() -> None:
    """A table and a message with '½' on a stream that only takes ASCII (a Windows console, LANG=C)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    root = Path(__file__).parent.parent
    table = subprocess.run([sys.executable, "-m", "elo_core", "2100", "2000:0", "2000:½"],
                           capture_output=True, text=True, env=env, cwd=root)
    assert (0, True) == (table.returncode, "change -" in table.stdout)
    bad = subprocess.run([sys.executable, "-m", "elo_core", "2100", "2000:½½"],
                         capture_output=True, text=True, env=env, cwd=root)
    assert (1, "Traceback" in bad.stderr) == (bad.returncode, False)
    as_json = subprocess.run([sys.executable, "-m", "elo_core", "-"], input='{"system": "fide", "rating": "½"}',
                             capture_output=True, text=True, env={**env, "PYTHONIOENCODING": "utf-8"}, cwd=root)
    assert as_json.stdout.isascii() and "\\u00bd" in as_json.stdout


def test_version() -> None:
    out = subprocess.run([sys.executable, "-m", "elo_core", "--version"], capture_output=True, text=True,
                         cwd=Path(__file__).parent.parent)
    from elo_core import __version__

    assert (0, f"elo-core {__version__}\n") == (out.returncode, out.stdout)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_prints_a_table_or_names_what_is_missing(system: str) -> None:
    """No system makes the human form crash: a table (exit 0) or field errors on stderr (exit 1)."""
    extras = "".join(":80" for f in REGISTRY[system].fields if f.path.startswith("games[]."))  # Glicko's RD
    code, out = run("1500", "--system", system, f"1500:1{extras}", f"1600:0{extras}", f"1400:0.5{extras}")
    assert code in (0, 1)
    assert code == 1 or "performance" in out


def test_ecf_human_form_and_what_it_does_not_support(capsys: pytest.CaptureFixture[str]) -> None:
    """The ECF's K method from the command line (hand-worked in tests/vectors/ecf.json), and the P method
    refused at its option."""
    code, out = run("1800", "--system", "ecf", "1900:1", "1750:½")
    assert (0, ["+12.8", "-1.4"]) == (code, [line.split()[-1] for line in out.splitlines()[1:3]])
    assert "change +11.4 -> 1811.4" in out and "k: 20" in out
    code, out = run("1500", "--system", "ecf", "--k-factor", "40", "1600:d")
    assert (0, True) == (code, "change +5.6 -> 1505.6" in out)
    assert (1, "") == run("1500", "--system", "ecf", "--category", "P", "1600:d")
    assert "player.category: a category P rating: the P method" in capsys.readouterr().err


def test_closed_standard_input_is_a_clean_error() -> None:
    """`elo-core <&-`: Python then has no sys.stdin at all (None), not an empty one."""
    out = subprocess.run(["sh", "-c", 'exec "$0" -m elo_core <&-', sys.executable], capture_output=True, text=True,
                         cwd=Path(__file__).parent.parent)
    assert (2, "elo-core: cannot read standard input: it is closed\n") == (out.returncode, out.stderr)


def test_a_reader_that_stops_early_ends_the_table_quietly(tmp_path: Path) -> None:
    """`elo-core ... | head -1`: 3 000 games' table fills the pipe, and the reader goes away."""
    games = tmp_path / "games.txt"
    games.write_text("1500 1\n" * 3000)
    with subprocess.Popen([sys.executable, "-m", "elo_core", "1500", "--k", "20", "--games-from", str(games)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          cwd=Path(__file__).parent.parent) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert "K 20 (K as given)\n" == proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
    assert (1, "") == (proc.returncode, err)


@pytest.mark.parametrize("tau", ["1e308", "1e400", "-1e308"])
def test_a_huge_number_is_out_of_range_not_unreadable(tau: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Written with an exponent, as a command line may: it is a number, and far out of range."""
    assert (1, "") == run("1500", "--system", "glicko2", "--tau", tau, "1500:1:80")
    assert "settings.tau: expected tau between 0.1 and 2, got a number of more than 40 digits\n" in (
        capsys.readouterr().err)


def test_a_number_with_an_exponent_in_range_is_read() -> None:
    code, out = run("1.5e3", "--k", "2e1", "1500:1")
    assert (0, True) == (code, "-> 1510.0" in out)


def test_a_game_against_minus_zero_is_a_game_against_zero() -> None:
    """`-0:1` looks like an option to argparse ("unrecognized arguments"); it is a game."""
    code, out = run("1500", "--k", "20", "-0:1", "1600:0")
    assert (0, ["0", "1600"]) == (code, [line.split()[1] for line in out.splitlines()[2:4]])


@pytest.mark.parametrize("value", ["-100:1", "-.5:1", "-1e3:1"])
def test_a_game_against_a_negative_rating_is_judged_as_any_game(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert (1, "") == run("1500", "--k", "20", value, "1600:0")
    assert "elo-core: games[0].opponent: expected the opponent's rating between 0 and 4000, got -" in (
        capsys.readouterr().err)


def test_game_by_game_differences_are_shown_to_a_tenth() -> None:
    """Rated game by game, the second game's difference is from a rating of many decimals: the table showed -187.199;
    it shows it as the widget does, to a tenth (and a difference that rounds to nothing as 0, not -0)."""
    code, out = run("1500", "1600:1", "1700:1", "1500.04:0", "--k", "20", "--update", "sequential")
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert code == 0 and [row[3] for row in rows] == ["-100", "-187.2", "27.7"]
    assert run("1500", "1500.04:1", "--k", "20")[1].splitlines()[2].split()[3] == "0"


@pytest.mark.parametrize(("argv", "said"), [
    (["1800", "--preset", "world-football", "1700:1"], "--preset is not an option of fide: it is elo's"),
    (["1800", "--home-advantage", "100", "1700:1"], "--home-advantage is not an option of fide"),
    (["1800", "--k", "20", "--junior", "1700:1"], "--junior is not an option of elo: it is fide's"),
    (["1600", "--system", "fide", "--update", "event", "1500:1"], "--update is not an option of fide"),  # a review
    # A junior's ECF K of 40 typed as --k was rated at K 20, unsaid (a hostile pass, hp81); -20 was taken too.
    (["--system", "ecf", "1500", "1500:1", "--k", "40"], "--k is not an option of ecf (its K: --k-factor)"),
    (["--system", "dwz", "1500", "1500:1", "--k", "-20"], "--k is not an option of dwz: it is fide's and elo's"),
    (["--system", "glicko2", "1500", "1500:1", "--k", "20"], "--k is not an option of glicko2"),
])
def test_an_option_of_another_system_is_refused_not_dropped(argv: list[str], said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`elo-core 1800 --preset world-football 1700:1` rated by FIDE's rules, without a word of the preset (a hostile
    pass): an option the system chosen has no field for is a usage error that names whose option it is."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err


def test_lines_skipped_for_one_reason_in_a_row_are_one_warning(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """100 000 games pasted from a file: the 10 000 taken are rated and the rest said in one line, not 90 000."""
    from elo_core.words.model import MAX_GAMES

    games = tmp_path / "games.txt"
    games.write_text("Opponent Result\n" + "1500 1\n" * (MAX_GAMES + 3), encoding="utf-8")
    assert 0 == main(["2100", "--games-from", str(games)], stdin=io.StringIO(""), stdout=io.StringIO())
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 2 and "line 1 skipped" in said[0]
    assert f"lines {MAX_GAMES + 2}-{MAX_GAMES + 4} skipped (too many games): 3 lines, the first '1500 1'" in said[1]
