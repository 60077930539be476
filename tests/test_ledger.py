"""Reading a club's results ledger (`elo_core.files.ledger.read_ledger`): every result form, separator, header
language and date form of issue 32 item 1, the players file, pools, and every problem with its line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.files import ledger as ledger_module
from elo_core.files.ledger import FORFEITS, PLAYED, PROBLEMS, read_ledger, read_result
from elo_core.words.errors import LedgerError

from .ladder_text import random_ledger
from .strategies import ledger_lines

FILES = Path(__file__).parent / "ladder"


def codes(text: str, players: str | None = None, locale: str = "en") -> list[tuple[str, int | None, str]]:
    return [(p.source, p.line, p.code) for p in read_ledger(text, players, locale=locale).problems]


@pytest.mark.parametrize(("written", "score"), [
    ("1", 1.0), ("0", 0.0), ("0.5", 0.5), (".5", 0.5), ("½", 0.5), ("=", 0.5), ("1-0", 1.0), ("0-1", 0.0),
    ("½-½", 0.5), ("1/2-1/2", 0.5), ("1:0", 1.0), ("0:1", 0.0), ("draw", 0.5), ("Draw", 0.5), ("remis", 0.5),
    ("1 - 0", 1.0), ("½:½", 0.5), ("0,5", 0.5),
])
def test_every_result_form_of_a_played_game_is_read_with_the_first_players_score(written: str, score: float) -> None:
    (game,) = read_ledger(f'2026-03-04;Anna;Ben;"{written}"').games
    assert (score, False) == (game.score, game.forfeit)


@pytest.mark.parametrize(("written", "score"), [("+", 1.0), ("-", 0.0), ("+:-", 1.0), ("-:+", 0.0), ("--", None)])
def test_forfeits_are_read_as_forfeits(written: str, score: float | None) -> None:
    (game,) = read_ledger(f"2026-03-04,Anna,Ben,{written}").games
    assert (score, True) == (game.score, game.forfeit)


def test_the_tables_of_result_forms_do_not_overlap() -> None:
    assert set() == set(PLAYED) & set(FORFEITS)
    assert None is read_result("maybe")


def test_comma_separated_with_a_quoted_name_holding_a_comma() -> None:
    ledger = read_ledger('2026-03-04,"Meier, Anna",Ben,1-0\n')
    assert ("Meier, Anna", "Ben", ",") == (ledger.games[0].white, ledger.games[0].black, ledger.separator)


def test_semicolons_with_decimal_commas_as_a_german_excel_export_writes_them() -> None:
    ledger = read_ledger("04.03.2026;Anna;Ben;0,5\n11.03.2026;Ben;Anna;1,0\n")
    assert [(date(2026, 3, 4), 0.5), (date(2026, 3, 11), 1.0)] == [(g.date, g.score) for g in ledger.games]
    assert ";" == ledger.separator


def test_tab_separated() -> None:
    ledger = read_ledger("2026-03-04\tAnna Meier\tBen Keller\t½\n")
    assert ("Anna Meier", "Ben Keller", 0.5, "\t") == (*ledger.games[0][2:5], ledger.separator)


@pytest.mark.parametrize("header", [
    "date,white,black,result",
    "Datum,Weiß,Schwarz,Ergebnis",
    "Date,Blancs,Noirs,Résultat",
    "Fecha,Blancas,Negras,Resultado",
    "Datum,Wit,Zwart,Uitslag",
    "Data,Bianco,Nero,Risultato",
])
def test_a_header_in_each_of_the_six_languages(header: str) -> None:
    ledger = read_ledger(header + "\n2026-03-04,Anna,Ben,1\n")
    assert ledger.header
    assert [(2, "Anna", "Ben", 1.0)] == [(g.line, g.white, g.black, g.score) for g in ledger.games]


def test_header_columns_in_any_order_and_others_ignored_with_a_problem() -> None:
    ledger = read_ledger("Round,Result,Black,White,Date\n1,1-0,Ben,Anna,2026-03-04\n")
    assert [("Anna", "Ben", 1.0)] == [(g.white, g.black, g.score) for g in ledger.games]
    assert [("games", 1, "columns_ignored")] == [(p.source, p.line, p.code) for p in ledger.problems]
    assert "'Round'" in ledger.problems[0].message


def test_a_title_before_the_header_is_said_to_be_not_read() -> None:
    ledger = read_ledger("Club ladder 2026\n\nResult;Date;White;Black\n1-0;04.03.2026;Anna;Ben\n")
    assert (";", True) == (ledger.separator, ledger.header)
    assert [("Anna", "Ben", 1.0)] == [(g.white, g.black, g.score) for g in ledger.games]
    assert [("games", 1, "before_header")] == [(p.source, p.line, p.code) for p in ledger.problems]
    assert "line 1: 'Club ladder 2026' is before the header (line 3): not read" == ledger.problems[0].message


def test_the_separator_is_the_one_most_lines_hold() -> None:
    # Names with a comma in a semicolon file, and a title line without any separator.
    ledger = read_ledger("Ladder\n2026-03-04;Meier, Anna;Keller, Ben;1\n2026-03-05;Keller, Ben;Roth, Cleo;0,5\n")
    assert ";" == ledger.separator
    assert [("Meier, Anna", "Keller, Ben", 1.0), ("Keller, Ben", "Roth, Cleo", 0.5)] == [
        (g.white, g.black, g.score) for g in ledger.games]
    assert [(1, "unreadable_line")] == [(p.line, p.code) for p in ledger.problems]


def test_without_a_header_the_columns_are_date_white_black_result() -> None:
    ledger = read_ledger("2026-03-04,Ben,Anna,0\n")
    assert (False, ("date", "white", "black", "result")) == (ledger.header, ledger.columns)
    assert ("Ben", "Anna", 0.0) == ledger.games[0][2:5]


def test_a_header_without_a_result_column_is_refused_naming_its_line() -> None:
    with pytest.raises(LedgerError) as caught:
        read_ledger("\n\ndate,white,black\n2026-03-04,Anna,Ben\n")
    assert (3, "games") == (caught.value.line, caught.value.source)
    assert caught.value.message.startswith("line 3: the header names no result column")


def test_a_text_with_no_game_line_is_refused_naming_the_first_line() -> None:
    with pytest.raises(LedgerError) as caught:
        read_ledger("Dear members,\nthe ladder is back!\n")
    assert 1 == caught.value.line


def test_an_empty_ledger_is_a_ladder_without_games() -> None:
    assert () == read_ledger("").games
    assert () == read_ledger("date,white,black,result\n").games


@pytest.mark.parametrize("written", ["2026-03-04", "2026/03/04", "2026.03.04", "04.03.2026", "4.3.2026",
                                     "04/03/2026", "2026-03-04 19:30", "04.03.2026 00:00:00", "2026-03-04T19:30"])
def test_date_forms(written: str) -> None:
    assert date(2026, 3, 4) == read_ledger(f"{written},Anna,Ben,1").games[0].date


@pytest.mark.parametrize(("written", "day"), [("16/08/24", date(2024, 8, 16)), ("16.08.24", date(2024, 8, 16)),
                                            ("14/08/93", date(1993, 8, 14)), ("1/1/00", date(2000, 1, 1)),
                                            ("31/12/68", date(2068, 12, 31)), ("01/01/69", date(1969, 1, 1))])
def test_a_two_digit_year_reads_as_posix_reads_it(written: str, day: date) -> None:
    """hp114: football-data.co.uk's older seasons write `16/08/24`; the whole file was "not a results file the ladder
    can read", nothing pointing at its dates. 69 to 99 are the 1900s, 00 to 68 the 2000s (`%y`)."""
    assert [day] == [g.date for g in read_ledger(f"{written},Anna,Ben,1").games]


def test_a_league_s_file_with_two_digit_years_reads_whole_and_a_dashed_one_stays_no_date() -> None:
    league = read_ledger("Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR\nE0,16/08/24,Man United,Fulham,1,0,H\n"
                         "E0,17/08/24,Ipswich,Liverpool,0,2,A\n")
    assert [(date(2024, 8, 16), (1, 0)), (date(2024, 8, 17), (0, 2))] == [(g.date, g.points) for g in league.games]
    assert [("games", 2, "date_order_differs")] == codes("25/02/24,Anna,Ben,1\n02/26/24,Ben,Anna,0\n")
    with pytest.raises(LedgerError):  # its one line no date: no game
        read_ledger("date,white,black,result\n16-08-24,Anna,Ben,1\n")


def test_ambiguous_slashed_dates_are_read_the_locales_way_with_a_problem_naming_the_first() -> None:
    text = "01/02/2026,Anna,Ben,1\n03/04/2026,Ben,Anna,0\n"
    day_first = read_ledger(text, locale="de")
    assert [date(2026, 2, 1), date(2026, 4, 3)] == [g.date for g in day_first.games]
    assert [("games", 1, "date_order_assumed")] == codes(text, locale="de")
    assert "read as day/month, the locale's way (de)" in day_first.problems[0].message
    month_first = read_ledger(text, locale="en-US")
    assert [date(2026, 1, 2), date(2026, 3, 4)] == [g.date for g in month_first.games]
    assert "month/day" in month_first.problems[0].message


def test_a_date_that_fits_one_way_only_decides_the_file_without_a_problem() -> None:
    ledger = read_ledger("01/02/2026,Anna,Ben,1\n02/25/2026,Ben,Anna,0\n", locale="de")
    assert [date(2026, 1, 2), date(2026, 2, 25)] == [g.date for g in ledger.games]
    assert () == ledger.problems


def test_a_date_against_the_files_order_is_named_and_not_rated() -> None:
    ledger = read_ledger("25/02/2026,Anna,Ben,1\n02/26/2026,Ben,Anna,0\n")
    assert [date(2026, 2, 25)] == [g.date for g in ledger.games]
    assert [("games", 2, "date_order_differs")] == codes("25/02/2026,Anna,Ben,1\n02/26/2026,Ben,Anna,0\n")


def test_every_problem_has_its_line_and_the_rest_is_read() -> None:
    text = "\n".join([
        "2026-03-04,Anna,Ben,1",       # 1 read
        "2026-03-04,Anna",             # 2 too few columns
        "2026-13-04,Anna,Ben,1",       # 3 no such date
        "2026-03-05,Anna,Ben,maybe",   # 4 no result
        "2026-03-05,Anna,anna,1",      # 5 a player with themselves (the same name, as written in another case)
        "2026-03-05,,Ben,1",           # 6 an empty cell
        "",                            # 7 blank: nothing to say
        "2026-03-06,Cleo,Ben,½",       # 8 read
    ])
    ledger = read_ledger(text)
    assert [1, 8] == [g.line for g in ledger.games]
    assert [(2, "unreadable_line"), (3, "unreadable_date"), (4, "unknown_result"), (5, "name_variant"),
            (5, "same_player"), (6, "no_player")] == [(p.line, p.code) for p in ledger.problems]
    assert all(p.message.startswith(f"line {p.line}: ") for p in ledger.problems)
    assert set(PROBLEMS) >= {p.code for p in ledger.problems}


REFUSED = {"unreadable_line", "unreadable_date", "date_out_of_range", "date_order_differs", "unknown_result",
           "no_player", "same_player", "unknown_player", "no_id", "duplicate_player", "bad_rating", "unknown_active"}
"""The problems of a line or a cell refused (not read, not rated, or read otherwise than written)."""


def test_every_refused_line_names_the_column_and_the_value_and_says_why() -> None:
    """Issue 39 item 6d: each problem of a refused line carries the column (`params["column"]`, the ledger's
    or the players file's name of it) and the value as written (`params["value"]`), and its message names both."""
    games = "\n".join([
        "2026-03-04,AM,BK,1",          # 1 read
        "2026-03-04,AM",               # 2 too few columns: black and result missing
        "2026-13-01,AM,BK,1",          # 3 no month 13
        "2026-03-05,AM,BK,2-0",        # 4 no result
        "2026-03-05,AM,AM,1",          # 5 a player with themselves
        "2026-03-05,,BK,1",            # 6 white empty
        "2026-03-06,AM,ZZ,1",          # 7 not in the players file
        "0001-03-06,AM,BK,1",          # 8 out of range
        "03.06.2026x,AM,BK,1",         # 9 no date form
    ])
    players = "AM,Anna,1850\nAM,Anna again,1900\n,Nobody,1500\nBK,Ben,high\nCR,Cleo,1600,maybe\n"
    ledger = read_ledger(games, players)
    refused = [p for p in ledger.problems if p.code in REFUSED]
    assert [("players", 2), ("players", 3), ("players", 4), ("players", 5)] + [("games", n) for n in range(2, 10)] \
        == [(p.source, p.line) for p in refused]
    columns = {"date", "white", "black", "result", "id", "name", "rating", "active"}
    for p in refused:
        assert p.params["column"] in columns, p
        assert "value" in p.params, p
        assert f"{p.params['column']} " in p.message and repr(p.params["value"]) in p.message, p
    by_line = {p.line: p.message for p in refused if p.source == "games"}
    assert "line 4: result '2-0' is not a result: expected 1-0, 0-1, ½-½, 1, 0, ½, =, draw, or + or - for a " \
        "forfeit: not rated" == by_line[4]
    assert "line 3: date '2026-13-01' is not a date: there is no month 13: not rated" == by_line[3]
    assert "line 9: date '03.06.2026x' is not a date: expected YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY: not rated" \
        == by_line[9]
    assert "line 2: '2026-03-04,AM' has 2 columns, a game needs 4: black and result are missing: not read" \
        == by_line[2]
    # Line 2: the first column missing, and the line as written.
    assert ("black", "2026-03-04,AM", ["black", "result"]) == (
        refused[4].params["column"], refused[4].params["value"], refused[4].params["missing"])
    assert "line 5: black 'AM' is white too: no one plays themselves: not rated" == by_line[5]
    assert "line 6: white '' is empty: a game needs both players: not rated" == by_line[6]
    assert "line 7: black 'ZZ' is not in the players file: not rated" == by_line[7]


def test_a_bom_and_crlf_give_the_same_games_as_the_plain_file() -> None:
    german = read_ledger((FILES / "club-games-de.csv").read_bytes().decode("utf-8"))
    plain = read_ledger((FILES / "club-games.csv").read_text("utf-8"))
    rapid = [(g.date, g.white, g.black, g.score, g.forfeit) for g in plain.games if g.pool == "rapid"]
    assert rapid == [(g.date, g.white, g.black, g.score, g.forfeit) for g in german.games]
    assert (True, ("date", "white", "black", "result")) == (german.header, german.columns)
    assert () == german.problems


def test_bytes_are_read_as_utf_8_else_windows_1252_with_a_problem() -> None:
    assert "Zoë" == read_ledger("2026-03-04,Anna,Zoë,1".encode()).games[0].black
    ledger = read_ledger(b"2026-03-04,A,Z,1", "A,Anna\nZ,Zo\xeb,1500\n".encode("cp1252"))
    assert [("players", 2, "encoding_assumed")] == [(p.source, p.line, p.code) for p in ledger.problems[:1]]
    assert "Zoë" == ledger.players[1].name


@pytest.mark.parametrize(("codec", "bom"), [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")])
def test_utf_16_files_with_their_byte_order_mark_read_as_the_utf_8_ones(codec: str, bom: bytes) -> None:
    """Excel's "Unicode text" (tab-separated UTF-16 LE) and its big-endian kin, both files."""
    games = "Datum\tWeiß\tSchwarz\tErgebnis\r\n04.03.2026\tAM\tZÖ\t½\r\n"
    players = "id\tname\trating\r\nAM\tAnna Meier\t1850\r\nZÖ\tZoë Östlund\t1720\r\n"
    ledger = read_ledger(bom + games.encode(codec), bom + players.encode(codec))
    assert ledger == read_ledger(games.encode("utf-8"), players.encode("utf-8"))
    assert ([("AM", "ZÖ", 0.5)], (), "Zoë Östlund") == (
        [(g.white, g.black, g.score) for g in ledger.games], ledger.problems, ledger.players[1].name)


def test_a_game_written_again_is_counted_again_and_each_repeat_names_the_first_line() -> None:
    """The same date, players and result on three lines: three games (a club may play two the same evening), and a
    problem for each repeat, in case it was entered twice. The result as written may differ (1, 1-0); the return
    game (Ben with white) is another game."""
    ledger = read_ledger("2026-03-04,Anna,Ben,1\n2026-03-04,Anna,Ben,1\n2026-03-04,Ben,Anna,1\n"
                         "2026-03-04,Anna,Ben,1-0\n")
    assert 4 == len(ledger.games)
    assert [(2, "repeated_game", 1), (4, "repeated_game", 1)] == [
        (p.line, p.code, p.params["other_line"]) for p in ledger.problems]
    assert "line 2: the same game as line 1 (2026-03-04, 'Anna' against 'Ben', 1): counted again, as a club may play " \
           "twice an evening (delete the line if it was entered twice)" == ledger.problems[0].message


def test_two_ids_of_one_name_are_said_naming_both() -> None:
    ledger = read_ledger("2026-03-04,AM,AM2,1\n", "AM,Anna Meier,1850\nBK,Ben Keller\nAM2,anna  meier,1700\n")
    assert [("players", 3, "same_name")] == [(p.source, p.line, p.code) for p in ledger.problems]
    assert "line 3: ids 'AM' (line 1) and 'AM2' have the same name: 'anna meier'" == ledger.problems[0].message
    assert ("AM", "AM2") == (ledger.problems[0].params["other_id"], ledger.problems[0].params["id"])


def test_players_file_gives_names_start_ratings_and_retired_players() -> None:
    ledger = read_ledger("2026-03-04,AM,bk,1\n", "AM,Anna Meier,1850\nBK,Ben Keller,\"1720,5\",nein\nNV,Nora Vogel,\n")
    assert [("AM", "Anna Meier", 1850.0, True), ("BK", "Ben Keller", 1720.5, False), ("NV", "Nora Vogel", None, True)] \
        == [(p.id, p.name, p.rating, p.active) for p in ledger.players]
    assert ("AM", "BK") == (ledger.games[0].white, ledger.games[0].black)


@pytest.mark.parametrize(("written", "rating"), [("1850", 1850.0), ("1850,5", 1850.5), ("1850.5", 1850.5),
                                               ("1.850", 1850.0), ("1'850", 1850.0), ("850", 850.0)])
def test_players_file_ratings_with_decimal_commas_or_thousands_separators(written: str, rating: float) -> None:
    assert rating == read_ledger("", f"AM;Anna;{written}\n").players[0].rating


def test_the_ledger_may_name_players_of_the_players_file_by_name() -> None:
    ledger = read_ledger("2026-03-04,Anna Meier,BK,1\n", "id;name;rating\nAM;Anna Meier;1850\nBK;Ben Keller;1720\n")
    assert ("AM", "BK") == ledger.games[0][2:4]


def test_players_file_header_in_any_order() -> None:
    ledger = read_ledger("", "Name;Wertung;Nr;Aktiv\nAnna Meier;1850;AM;ja\nBen Keller;1720;BK;nein\n")
    assert [("AM", "Anna Meier", 1850.0, True), ("BK", "Ben Keller", 1720.0, False)] == [
        (p.id, p.name, p.rating, p.active) for p in ledger.players]


def test_players_file_problems_have_their_lines_and_a_missing_player_is_not_rated() -> None:
    players = "AM,Anna,1850\nAM,Anna again,1900\n,Nobody,1500\nBK,Ben,high\nCR,Cleo,1600,maybe\n"
    ledger = read_ledger("2026-03-04,AM,BK,1\n2026-03-05,AM,ZZ,1\n", players)
    assert [("players", 2, "duplicate_player"), ("players", 3, "no_id"), ("players", 4, "bad_rating"),
            ("players", 5, "unknown_active"), ("games", 2, "unknown_player")] == [
        (p.source, p.line, p.code) for p in ledger.problems]
    assert [1] == [g.line for g in ledger.games]
    assert "line 2: black 'ZZ' is not in the players file: not rated" == ledger.problems[-1].message


def test_a_players_file_header_without_id_or_name_is_refused() -> None:
    with pytest.raises(LedgerError) as caught:
        read_ledger("", "rating,active\n1500,yes\n")
    assert (1, "players") == (caught.value.line, caught.value.source)


def test_pool_column_names_each_games_pool_in_the_order_met() -> None:
    ledger = read_ledger("date,white,black,result,Bedenkzeit\n2026-03-04,A,B,1,blitz\n2026-03-04,A,B,0,rapid\n"
                         "2026-03-05,B,A,1,blitz\n")
    assert ("blitz", "rapid") == ledger.pools
    assert ["blitz", "rapid", "blitz"] == [g.pool for g in ledger.games]


def test_without_a_pool_column_there_is_one_pool() -> None:
    assert (None,) == read_ledger("2026-03-04,A,B,1\n").pools


def test_a_fifth_column_without_a_header_is_said_to_be_not_read() -> None:
    assert [("games", 1, "columns_ignored")] == codes("2026-03-04,A,B,1,blitz\n2026-03-05,A,B,1,blitz\n")


def test_a_hundred_thousand_games_are_read_whole() -> None:
    ledger = read_ledger(random_ledger(100_000))
    assert (100_000, ()) == (len(ledger.games), ledger.problems)


def test_games_past_the_limit_are_not_read_and_a_problem_says_from_which_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger_module, "MAX_LEDGER_GAMES", 3)
    ledger = read_ledger("\n".join(f"2026-03-0{d},A,B,1" for d in range(1, 7)))
    assert 3 == len(ledger.games)
    assert [("games", 4, "too_many_games")] == [(p.source, p.line, p.code) for p in ledger.problems]
    assert {"max": 3, "count": 3} == ledger.problems[0].params


def test_a_text_past_the_longest_is_cut_at_a_line_break_with_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger_module, "MAX_LEDGER_CHARS", 45)
    ledger = read_ledger("2026-03-01,Anna,Ben,1\n2026-03-02,Anna,Ben,1\n2026-03-03,Anna,Ben,1\n")
    assert [1, 2] == [g.line for g in ledger.games]
    assert [("games", 3, "text_cut")] == [(p.source, p.line, p.code) for p in ledger.problems]


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)),
       st.one_of(st.none(), st.text(max_size=100), st.binary(max_size=100)))
def test_any_text_or_bytes_are_read_or_refused_with_a_ledger_error(text: str | bytes,
                                                                   players: str | bytes | None) -> None:
    try:
        ledger = read_ledger(text, players)
    except LedgerError as exc:
        assert exc.line >= 1
    else:
        assert all(p.code in PROBLEMS for p in ledger.problems)


@settings(max_examples=100, deadline=None)
@given(ledger_lines)
def test_lines_of_cells_as_clubs_write_them_give_a_game_or_a_problem_each(lines: list[str]) -> None:
    try:
        ledger = read_ledger("\n".join(lines))
    except LedgerError:
        return
    said = {g.line for g in ledger.games} | {p.line for p in ledger.problems}
    written = {n for n, line in enumerate(lines, 1) if any(cell.strip() for cell in line.split(","))}
    assert written <= said


# ---- look-alike names (hostile pass of issue 38, L5) --------------------------------------------------------------

COMPOSED = "M\u00fcller"
"""Müller with ü (NFC), as most keyboards type it."""
DECOMPOSED = "Mu\u0308ller"
"""Müller with u and a combining diaeresis (NFD), as macOS and some exports write it: looks the same."""


def test_a_name_in_composed_and_decomposed_form_is_one_player_shown_composed() -> None:
    ledger = read_ledger(f"2026-03-04,{COMPOSED},Anna,1\n2026-03-11,Anna,{DECOMPOSED},½\n"
                         f"2026-03-18,{DECOMPOSED},Ben,0\n")
    assert [COMPOSED, "Anna", "Ben"] == [p.name for p in ledger.players]
    assert [(COMPOSED, "Anna"), ("Anna", COMPOSED), (COMPOSED, "Ben")] == [(g.white, g.black) for g in ledger.games]
    assert [] == [p.code for p in ledger.problems]


def test_a_name_kept_as_text_by_a_csv_writer_is_read_without_its_apostrophe() -> None:
    """csv_writer (and the WordPress plugin's ladder files) write `'=Anna` for a name a spreadsheet would run."""
    ledger = read_ledger("2026-03-04,'=Anna,'+Ben,1\n2026-03-11,'@Cleo,'Dan,0\n",
                         "id,name\n'=Anna,'=HYPERLINK(\"x\")\n'+Ben,Ben\n'@Cleo,Cleo\n'Dan,'Dan\n")
    assert ["=Anna", "+Ben", "@Cleo", "'Dan"] == [p.id for p in ledger.players]
    assert ['=HYPERLINK("x")', "Ben", "Cleo", "'Dan"] == [p.name for p in ledger.players]
    assert [("=Anna", "+Ben"), ("@Cleo", "'Dan")] == [(g.white, g.black) for g in ledger.games]


def test_a_pool_kept_as_text_by_a_csv_writer_is_read_without_its_apostrophe() -> None:
    """The WordPress plugin writes a pool `=SUM(1)` as `'=SUM(1)`, as a name: the public page showed the apostrophe
    (a hostile pass), while the plugin's own import dropped it. A pool that only starts with one keeps it."""
    ledger = read_ledger("date,white,black,result,pool\n2026-03-04,Anna,Ben,1,'=SUM(1)\n"
                         "2026-03-11,Anna,Ben,0,'=SUM(1)\n2026-03-18,Anna,Ben,0,'Rapid\n")
    assert ["=SUM(1)", "=SUM(1)", "'Rapid"] == [g.pool for g in ledger.games]


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\ufeff", "\u2060"])
def test_a_name_with_a_zero_width_character_is_the_same_player(invisible: str) -> None:
    ledger = read_ledger(f"2026-03-04,Anna,Ben,1\n2026-03-11,An{invisible}na,Ben,0\n2026-03-18,Ben,{invisible}Anna,½\n")
    assert ["Anna", "Ben"] == [p.id for p in ledger.players]
    assert ["Anna"] * 3 == [g.white if g.white != "Ben" else g.black for g in ledger.games]


def test_a_players_file_matches_a_look_alike_spelling_and_shows_its_name_composed() -> None:
    players = f"id,name,rating\nMU,{DECOMPOSED},1800\nA\u200bB,Anna Berg,1600\n"
    ledger = read_ledger(f"2026-03-04,{COMPOSED},AB,1\n2026-03-11,{DECOMPOSED}\u200d,A\u2060B,=\n", players)
    assert [("MU", COMPOSED), ("AB", "Anna Berg")] == [(p.id, p.name) for p in ledger.players]
    assert [("MU", "AB")] * 2 == [(g.white, g.black) for g in ledger.games]
    assert [] == [p.code for p in ledger.problems]


def test_a_ladder_of_a_small_csv_with_look_alike_names_ranks_one_player_for_each() -> None:
    from elo_core.reports.ladder import ladder_report

    text = (f"date,white,black,result\n2026-03-04,{COMPOSED},Anna,1\n2026-03-11,Anna,{DECOMPOSED},0\n"
            f"2026-03-18,Mül\u200bler,Anna,1\n2026-03-25,\ufeffAnna,Ben,1\n")
    answer = ladder_report({"text": text})
    assert {COMPOSED: 3, "Anna": 4, "Ben": 1} == {p["name"]: p["games"] for p in answer["players"]}


# ---- read_ledger's steps (_sheet, _ids, _no_date, _games), each on its own -------------------------------

def test_the_sheet_of_a_text_knows_its_separator_header_columns_and_date_order() -> None:
    text = "Datum;Weiß;Schwarz;Ergebnis;Gruppe\n04.03.2026;Anna;Ben;1;A\n"
    sheet = ledger_module._sheet(ledger_module._Reader(), text, "de")
    assert (sheet.separator, sheet.header, sheet.at, sheet.pool_at, sheet.width) == (";", True, (0, 1, 2, 3), 4, 4)
    assert (sheet.rows, sheet.day_first) == ([(2, ["04.03.2026", "Anna", "Ben", "1", "A"])], True)


def test_a_players_file_names_a_player_by_id_first_then_by_name_case_aside() -> None:
    listed = [ledger_module.LedgerPlayer(id="AM", name="Anna Meier", rating=None, active=True, line=2),
              ledger_module.LedgerPlayer(id="am2", name="AM", rating=None, active=True, line=3)]
    assert ledger_module._ids(listed) == {"am": "AM", "am2": "am2", "anna meier": "AM"}
    assert ledger_module._ids(None) == {}


def test_no_date_says_why_and_whether_the_line_counts_as_unread() -> None:
    reader = ledger_module._Reader()
    assert ledger_module._no_date(reader, 2, "1850-01-01", day_first=False)  # out of the range: unread
    assert not ledger_module._no_date(reader, 3, "25/12/2025", day_first=False)  # the other order: a date, not rated
    assert ledger_module._no_date(reader, 4, "soon", day_first=False)  # no date
    assert [(p.line, p.code) for p in reader.problems] == [
        (2, "date_out_of_range"), (3, "date_order_differs"), (4, "unreadable_date")]


def test_games_read_the_rows_with_each_line_s_problem_and_the_pools_and_players_met() -> None:
    reader = ledger_module._Reader()
    sheet = ledger_module._sheet(reader, "date,white,black,result,pool\n2026-01-02,Anna,Ben,1,A\n"
                                 "2026-01-03,Ben,Ben,0,B\n"
                                   "2026-01-04,Cleo\n2026-01-05,Cleo,Anna,x,A\n", "en")
    games, met, pools, first_unread, sides = ledger_module._games(reader, sheet, None)
    assert [(g.line, g.white, g.black, g.pool) for g in games] == [(2, "Anna", "Ben", "A")]
    assert ([p.id for p in met], list(pools), first_unread, sides) == (["Anna", "Ben"], ["A"], 4, {})
    assert [(p.line, p.code) for p in reader.problems] == [
        (3, "same_player"), (4, "unreadable_line"), (5, "unknown_result")]


def test_the_builder_s_ladder_templates_read_without_a_problem() -> None:
    """embed/ladder-*-template.csv: the columns a club starts its spreadsheet from (the snippet builder links them)."""
    embed = Path(__file__).resolve().parents[1] / "embed"
    ledger = read_ledger((embed / "ladder-games-template.csv").read_bytes(),
                         (embed / "ladder-players-template.csv").read_bytes())
    assert [] == [p.code for p in ledger.problems]
    assert ("date", "white", "black", "result", "pool") == ledger.columns
    assert ["rapid", "blitz"] == list(ledger.pools)
    assert [False, False, False, True] == [g.forfeit for g in ledger.games]
    assert {"AM", "BK", "CR", "DS"} == {p.id for p in ledger.players}


@pytest.mark.parametrize("players", ["date,white,black,result\n2026-03-04,Anna,Ben,1\n", "hello world\nfoo\n", ""])
def test_a_players_file_that_lists_none_of_the_games_players_is_refused(players: str) -> None:
    """The games file given as the players file (or any other): every game's players unknown, nothing rated, and the
    command line's exit code was success (a hostile pass). It is refused as the players file, at its first line."""
    with pytest.raises(LedgerError) as refused:
        read_ledger("date,white,black,result\n2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,0\n", players)
    assert (refused.value.source, refused.value.line) == ("players", 1)
    assert "not one game can be rated with this players file" in str(refused.value)
    assert len(read_ledger("2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,0\n", "id\nAnna\nBen\n").games) == 1
    # A file that lists some of them, none of the games rated: what it says holds there too (a review).
    with pytest.raises(LedgerError, match=r"such as 'Ben' \(line 1 of the games\)"):
        read_ledger("2026-03-04,A,Ben,1\n2026-03-11,Ben,A,0\n", "id\nA\n")


def test_a_league_s_game_written_again_from_the_other_side_is_said_and_chess_s_is_another_game() -> None:
    """hp114: `A,B,2-1` and `B,A,1-2` the same day (one match, entered by each team) were both rated without a word,
    while the same line written twice was said. A chess game with the colours the other way round is another game."""
    league = "date,home,away,score\n2024-01-01,A,B,2-1\n2024-01-01,B,A,1-2\n2024-01-02,A,C,1-1\n2024-01-02,C,A,1-1\n" \
             "2024-01-03,A,B,3-0\n2024-01-04,B,A,1-2\n2024-01-05,A,B,2-1\n2024-01-05,B,A,2-1\n"
    said = [p for p in read_ledger(league).problems if p.code == "repeated_game"]
    assert [(3, 2), (5, 4)] == [(p.line, p.params["other_line"]) for p in said]
    assert "written from the other side" in said[0].message
    assert [] == codes("date,white,black,result\n2024-01-01,A,B,1-0\n2024-01-01,B,A,0-1\n")


def test_a_league_s_score_in_a_file_read_as_chess_says_how_to_have_it_read_as_a_league_s() -> None:
    """hp114: a small football file under a neutral header (`team1,team2,result`: 1-0, 0-0, 2-1, 1-1, 0-1, 1-0) is read
    as chess's, most of its results being chess's; its 2-1 and 1-1 were "not a result", nothing saying why. They are
    said as scores, with the header that makes the file a league's; under that header it reads whole."""
    rows = "2024-01-01,A,B,1-0\n2024-01-02,C,D,0-0\n2024-01-03,A,C,2-1\n2024-01-04,B,D,1-1\n2024-01-05,A,D,0-1\n"
    chess = read_ledger("date,team1,team2,result\n" + rows)
    assert [(4, "score_in_chess"), (5, "score_in_chess")] == [(p.line, p.code) for p in chess.problems]
    assert "names its columns home and away" in chess.problems[0].message
    league = read_ledger("date,home,away,result\n" + rows)
    assert (5, ()) == (len(league.games), tuple(p.code for p in league.problems if p.code != "read_as_league"))
    assert [("games", 2, "unknown_result")] == codes("date,white,black,result\n2024-01-01,A,B,maybe\n")
    # Sides named as chess's colours, or no header: a chess ledger's, its 2-1 a mistyped result.
    assert {"unknown_result"} == {p.code for p in read_ledger("date,white,black,result\n" + rows).problems}
    assert {"unknown_result"} == {p.code for p in read_ledger(rows).problems}
