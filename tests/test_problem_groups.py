"""Problems of one kind said once (issue 39, item 6a): the tournament report's and the ladder's answers, and
both commands, group the reader's problems by code (the ladder's by file and code) with a count, the lines and
each line's own problem; one function (`contract.group_problems`) groups both."""

from __future__ import annotations

import io
from typing import Any

from elo_core.contract import group_problems
from elo_core.files.trf import PROBLEMS
from elo_core.reports.event import event_report
from elo_core.reports.ladder import ladder_report
from elo_core.transport.cli import main

from .trf_text import player_line, trf


def problem(line: int | None, code: str, message: str = "", **params: Any) -> dict[str, Any]:
    return {"line": line, "code": code, "message": message or f"line {line}: {code}", "params": params}


TEXTS = {"a": "a kind of problem", "b": "another kind"}


def test_problems_of_one_code_become_one_group_with_their_lines_and_each_problem() -> None:
    groups, unlisted = group_problems([problem(3, "a", value="x"), problem(4, "b"), problem(5, "a", value="y"),
                                       problem(6, "a", value="z")], TEXTS)
    assert ({}, ["a", "b"]) == (unlisted, [g["code"] for g in groups])
    a, b = groups
    assert (3, [3, 5, 6], "a kind of problem (3 lines: 3, 5-6)") == (a["count"], a["lines"], a["message"])
    assert [{"line": 3, "message": "line 3: a", "params": {"value": "x"}},
            {"line": 5, "message": "line 5: a", "params": {"value": "y"}},
            {"line": 6, "message": "line 6: a", "params": {"value": "z"}}] == a["items"]
    assert (3, {"value": "x"}) == (a["line"], a["params"])  # the first problem's, as a single problem has them
    assert (1, [4], "line 4: b", 4) == (b["count"], b["lines"], b["message"], b["line"])  # one: its own message


def test_a_group_names_at_most_ten_runs_of_lines() -> None:
    groups, _ = group_problems([problem(n, "a") for n in range(1, 40, 2)], TEXTS)
    assert "a kind of problem (20 lines: 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 …)" == groups[0]["message"]


def test_several_problems_of_one_line_are_counted_as_times() -> None:
    groups, _ = group_problems([problem(4, "a"), problem(4, "a"), problem(9, "a")], TEXTS)
    assert "a kind of problem (3 times, lines 4, 9)" == groups[0]["message"]


def test_problems_of_the_whole_file_are_counted_as_times() -> None:
    groups, _ = group_problems([problem(None, "a"), problem(None, "a")], TEXTS)
    assert (2, [], "a kind of problem (2 times)") == (groups[0]["count"], groups[0]["lines"], groups[0]["message"])


def test_groups_keep_apart_what_the_key_keeps_apart() -> None:
    games, players = ({**problem(2, "a"), "source": source} for source in ("games", "players"))
    groups, _ = group_problems([games, players, {**problem(7, "a"), "source": "games"}], TEXTS, by="source")
    assert [("games", [2, 7]), ("players", [2])] == [(g["source"], g["lines"]) for g in groups]


def test_past_the_listed_problems_a_group_counts_them_and_lists_none() -> None:
    groups, unlisted = group_problems([problem(n, "a" if n < 5 else "b") for n in range(1, 9)], TEXTS, listed=6)
    assert [(4, [1, 2, 3, 4]), (4, [5, 6])] == [(g["count"], g["lines"]) for g in groups]
    assert {"b": 2} == unlisted
    assert "another kind (4 lines: 5-6 …)" == groups[1]["message"]


# ---- the tournament report ------------------------------------------------------------------------------


def letter_titles(n: int) -> str:
    """`n` players whose title is an older file's letter (`g`: GM), on lines 4 to 3 + n."""
    return trf(*(player_line(i, f"Player {i}", 2400, title="g", rounds=[(0, "-", "Z")]) for i in range(1, n + 1)))


def test_the_report_says_twenty_letter_titles_once() -> None:
    answer = event_report({"text": letter_titles(20)})
    assert [("title_guessed", 20)] == [(p["code"], p["count"]) for p in answer["problems"]]
    (group,) = answer["problems"]
    assert list(range(4, 24)) == group["lines"] == [item["line"] for item in group["items"]]
    assert f"{PROBLEMS['title_guessed']} (20 lines: 4-23)" == group["message"]
    assert "line 4: title 'g' read as GM (an older file's letter)" == group["items"][0]["message"]


def test_the_event_command_lists_a_group_once(tmp_path: Any) -> None:
    path = tmp_path / "old.trf"
    path.write_text(letter_titles(20), encoding="utf-8")
    out = io.StringIO()
    assert 0 == main(["event", str(path)], stdin=io.StringIO(""), stdout=out)
    lines = out.getvalue().splitlines()
    assert f"  {PROBLEMS['title_guessed']} (20 lines: 4-23)" in lines
    assert "the file (20 problems):" in lines


# ---- the ladder ---------------------------------------------------------------------------------------


def test_the_ladder_says_each_kind_of_problem_once_by_file() -> None:
    answer = ladder_report({"text": "2026-01-05,A,B,1\n2026-01-06,A,B,2-0\n2026-01-07,A,B,3-0\n2026-01-08,A,Z,1\n",
                            "players": "A,Anna,x\nB,Ben,y\n"})
    assert [("players", "bad_rating", 2, [1, 2]), ("games", "unknown_result", 2, [2, 3]),
            ("games", "unknown_player", 1, [4])] == [(p["source"], p["code"], p["count"], p["lines"])
                                                     for p in answer["problems"]]
    assert [["line 2: result '2-0'", "line 3: result '3-0'"]] == [
        [item["message"][:len("line 2: result '2-0'")] for item in p["items"]] for p in answer["problems"]
        if p["code"] == "unknown_result"]


def test_the_ladder_command_lists_a_group_once(tmp_path: Any) -> None:
    games = tmp_path / "games.csv"
    games.write_text("2026-03-04,A,B,1\n2026-03-05,A,B,maybe\n2026-03-06,A,B,perhaps\n", encoding="utf-8")
    out = io.StringIO()
    assert 0 == main(["ladder", str(games)], stdin=io.StringIO(""), stdout=out)
    lines = out.getvalue().splitlines()
    assert "the files (2 problems):" in lines
    assert 1 == sum("lines: 2-3" in line for line in lines)


def test_one_problem_is_said_in_the_singular(tmp_path: Any) -> None:
    games = tmp_path / "games.csv"
    games.write_text("2026-03-04,A,B,1\n2026-03-05,A,B,maybe\n", encoding="utf-8")
    out = io.StringIO()
    assert 0 == main(["ladder", str(games)], stdin=io.StringIO(""), stdout=out)
    assert "the files (1 problem):" in out.getvalue().splitlines()
