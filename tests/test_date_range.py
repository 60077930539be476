"""Dates a file may hold: from `EARLIEST_DATE` (1850-01-01) to `LATEST_DATE` (2199-12-31). A date outside (0001,
9999: a typing mistake) is a problem naming the line and the value, in a ledger (the game is not rated) and in a
TRF (the date is not used: not for the period, not for a junior); a request's `since` and `as_of` outside are
refused; and the arithmetic of months of inactivity cannot leave `datetime`'s range."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest

from elo_core.files.ledger import read_ledger
from elo_core.files.trf import read_trf
from elo_core.reports.event import event_report
from elo_core.reports.ladder import _months_before, ladder_report
from elo_core.transport.cli import main
from elo_core.words.model import EARLIEST_DATE, LATEST_DATE

from .trf_text import player_line, trf


@pytest.mark.parametrize("written", ["0001-03-04", "9999-12-31", "31.12.1849", "01/01/2200"])
def test_a_ledger_date_out_of_range_is_a_problem_naming_line_and_value(written: str) -> None:
    ledger = read_ledger(f"2026-03-04,Anna,Ben,1\n{written},Anna,Ben,0\n")
    assert [(1, "2026-03-04")] == [(g.line, g.date.isoformat()) for g in ledger.games]
    (problem,) = ledger.problems
    assert (2, "date_out_of_range", written) == (problem.line, problem.code, problem.params["value"])
    assert f"line 2: date {written!r} is outside 1850-01-01 to 2199-12-31: not rated" == problem.message


def test_the_range_s_own_days_are_read() -> None:
    ledger = read_ledger("1850-01-01,Anna,Ben,1\n2199-12-31,Anna,Ben,0\n")
    assert ((), [EARLIEST_DATE, LATEST_DATE]) == (ledger.problems, [g.date for g in ledger.games])


def test_a_ledger_of_year_one_with_inactive_months_is_no_internal_error() -> None:
    answer = ladder_report({"text": "0001-03-04,Anna,Ben,1\n", "inactive_months": 6})
    assert (False, "text") == (answer["ok"], answer["errors"][0]["field"])  # no game read: no ledger
    assert "line 1: not a results ledger" in answer["errors"][0]["message"]


def test_the_ladder_cli_says_which_line_has_a_date_out_of_range(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text("0001-03-04,Anna,Ben,1\n2026-03-04,Anna,Ben,1\n")
    out = io.StringIO()
    assert 0 == main(["ladder", str(games), "--inactive-months", "6"], stdout=out)
    assert "  line 1: date '0001-03-04' is outside 1850-01-01 to 2199-12-31: not rated" in out.getvalue()


@pytest.mark.parametrize("key", ["since", "as_of"])
def test_a_request_date_out_of_range_is_refused(key: str) -> None:
    answer = ladder_report({"text": "2026-03-04,Anna,Ben,1\n", key: "0001-01-01", "inactive_months": 6})
    assert not answer["ok"]
    assert (key, f"expected {key} to be a date (YYYY-MM-DD) from 1850-01-01 to 2199-12-31, got '0001-01-01'") == (
        answer["errors"][0]["field"], answer["errors"][0]["message"])


def test_months_before_never_leaves_datetime_s_range() -> None:
    assert date(1, 1, 4) == _months_before(date(1, 3, 4), 6)  # January of year 1 at the earliest
    assert date(1, 1, 31) == _months_before(date(1, 1, 31), 1200)
    assert date(1899, 12, 29) == _months_before(date(2000, 2, 29), 1202)


TWO = (player_line(1, "Alpha, Ann", 2000, birth="9999/01/01", rounds=[(2, "w", "1")]),
       player_line(2, "Beta, Bob", 2000, birth="0001/01/01", rounds=[(1, "b", "0")]))


def test_a_trf_end_date_out_of_range_is_a_problem_and_the_period_comes_from_the_start() -> None:
    t = read_trf(trf(*TWO, header=("012 Typo Open", "042 2026/03/28", "052 9999/12/31")))
    assert (date(2026, 3, 28), None) == (t.start, t.end)
    found = [(p.line, p.code, p.params.get("value")) for p in t.problems]
    assert (3, "date_out_of_range", "9999/12/31") in found
    answer = event_report({"text": trf(*TWO, header=("012 Typo Open", "042 2026/03/28", "052 9999/12/31"))})
    assert ("2026-04", "start_date") == (answer["event"]["period"], answer["event"]["period_from"])


def test_a_birth_date_out_of_range_is_a_problem_and_makes_no_junior() -> None:
    t = read_trf(trf(*TWO))
    assert [None, None] == [p.birth_year for p in t.players]
    assert [(4, "date_out_of_range", "9999/01/01"), (5, "date_out_of_range", "0001/01/01")] == [
        (p.line, p.code, p.params.get("value")) for p in t.problems]
    assert "line 4: birth date '9999/01/01' is outside 1850-01-01 to 2199-12-31: the player is not taken as a " \
           "junior" == t.problems[0].message
    answer = event_report({"text": trf(*TWO)})
    assert [20, 20] == [p["k"] for p in answer["players"]]  # neither a junior's 40


def test_a_round_date_out_of_range_is_a_problem() -> None:
    header = ("012 Typo Open", "042 2026/03/28", "132" + " " * 88 + "26/03/28  99/13/01  0001/04/01")
    t = read_trf(trf(*TWO, header=header))
    assert (3, "date_out_of_range", "0001/04/01") in [(p.line, p.code, p.params.get("value")) for p in t.problems]
    assert date(2026, 3, 28) == t.round_dates[0] and t.round_dates[2] is None
