"""Reading tournament report files: the published files of tests/trf (their sources in its README), the files
damaged by hand (every problem with its line), the date forms real files carry, and what is no TRF."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_core.files import trf as trf_module
from elo_core.files.trf import PROBLEMS, RoundEntry, Tournament, read_date, read_trf
from elo_core.words.errors import TrfError

from .strategies import line_ends, trf_players, trf_rounds, trf_seeds
from .trf_text import player_line, random_tournament, trf

FILES = Path(__file__).parent / "trf"


def read(name: str) -> Tournament:
    return read_trf((FILES / name).read_bytes())


def problems(t: Tournament) -> list[tuple[int | None, str]]:
    return [(p.line, p.code) for p in t.problems]


# ---- the published files -------------------------------------------------------------------------


def test_fide_example_is_read_whole() -> None:
    """FIDE's own example (2005): 284 players, 7 rounds, its dotted dates."""
    t = read("fide-example1.trf")
    assert ("9. Karl-Mala-Gedenkturnier", 284, 7) == (t.name, len(t.players), t.rounds)
    assert (date(2005, 7, 28), date(2005, 7, 31)) == (t.start, t.end)
    assert ("TRF16", "ascii", "LF") == (t.version, t.encoding, t.line_ending)


def test_fide_example_player_line_by_its_columns() -> None:
    first = read("fide-example1.trf").players[0]
    assert (1, "Vasquez,Rodrigo", "GM", 2558, "CHI", 3400042, "1969.12.06", 1969, 6.0, 4) == (
        first.start, first.name, first.title, first.rating, first.federation, first.fide_id, first.birth,
        first.birth_year, first.points, first.rank)
    assert RoundEntry(1, 141, "w", "1") == first.rounds[0]
    assert 14 == first.line


def test_fide_example_old_titles_are_guesses_each_with_its_line() -> None:
    """`g`, `m`, `f`, `wf`: FIDE's letters of 2005, read as GM, IM, FM, WFM, and said so on every line
    (players 1-10, 12-18, 21, 23 and 69; player n is on line n + 13)."""
    t = read("fide-example1.trf")
    titled = [*range(1, 11), *range(12, 19), 21, 23, 69]
    assert [(n + 13, "title_guessed") for n in titled] == problems(t)
    assert ("WFM", "FM", "IM") == (t.players[68].title, t.players[12].title, t.players[1].title)


def test_fide_example_unplayed_rounds_as_written() -> None:
    players = read("fide-example1.trf").players
    assert RoundEntry(1, 153, "-", "-") == players[12].rounds[0]  # a forfeit, colour `-`
    assert (0, ()) == (players[12].rank, players[12].rounds[1:])  # withdrawn: rank 0, nothing after
    assert RoundEntry(1, None, "-", "") == players[275].rounds[0]  # a blank round
    assert RoundEntry(5, None, "-", "+") == players[281].rounds[4]  # `0000 - +`
    spielfrei = players[283]
    assert ("spielfrei", None, RoundEntry(5, None, "-", "-")) == (spielfrei.name, spielfrei.rating, spielfrei.rounds[4])
    assert (None, "SWE", None) == (players[277].rating, players[277].federation, players[277].fide_id)


def test_lichess_export_unrated_with_blank_byes() -> None:
    t = read("lichess-swiss-2020-05.trf")
    assert (13, 10, 10, date(2020, 5, 29)) == (len(t.players), t.rounds, t.rounds_declared, t.end)
    assert all(p.rating is None for p in t.players)
    assert (RoundEntry(1, None, "-", "H"), RoundEntry(2, None, "-", "-")) == t.players[4].rounds[:2]
    assert [] == problems(t)


def test_fide_tiebreak_exercises_iso_date_and_zero_opponent() -> None:
    t = read("fide-c07-tiebreak-exercises.trf")
    assert (date(2024, 8, 1), None, 9, 16) == (t.start, t.end, t.rounds_declared, len(t.players))
    assert RoundEntry(2, None, "-", "H") == t.players[3].rounds[1]  # `   0 - H`
    assert (None, "") == (t.players[0].fide_id, t.players[0].title)  # FIDE id 0: none
    assert [] == problems(t)


def test_tiebreakserver_file_rulers_are_lines_not_read() -> None:
    """Column rulers that are not `###` comments are reported; the blank line before them is nothing."""
    t = read("tiebreakserver-unplayed-rounds.trf")
    assert [(13, "unknown_line"), (14, "unknown_line"), (15, "unknown_line")] == problems(t)
    assert (None, None, None) == (t.players[5].rating, t.players[0].birth_year, t.players[4].birth_year)  # 0000
    assert ("FM", "w") == (t.players[0].title, t.players[2].sex)  # `mFM `, `f`


def test_trf_2026_team_file_without_name_or_dates() -> None:
    t = read("tiebreakserver-team-no-dates.trf")
    assert ("TRF-2026", "", None, None, (), 7, 18) == (t.version, t.name, t.start, t.end, t.round_dates,
                                                        t.rounds_declared, len(t.players))
    assert RoundEntry(7, None, "-", "U") == t.players[2].rounds[6]
    assert [] == problems(t)


def test_trf_2026_sample_comment_tags_national_record() -> None:
    t = read("echecs-trf26-team.trf")
    assert ("TRF-2026", 5, 2) == (t.version, t.rounds_declared, len(t.players))
    (record,) = t.players[0].national
    assert ("RUS", 2650, 15) == (record.federation, record.rating, record.line)
    assert (1963, 1976) == (t.players[0].birth_year, t.players[1].birth_year)
    # Its birth dates stand one column right; its points are a longer event's; its bye record (240) is said not read
    # (a hostile pass, hp82: dropped without a word, a bye entered ahead was a round to come for the norms).
    assert [(13, "misaligned"), (13, "points_differ"), (14, "misaligned"), (14, "points_differ"),
            (17, "bye_records_not_read")] == problems(t)


# ---- damaged by hand -----------------------------------------------------------------------------


def test_damaged_file_every_problem_with_its_line() -> None:
    """tests/trf/README.md lists the damage; each is one problem on its line, and nothing else is."""
    t = read("damaged-fields.trf")
    assert [
        (2, "unreadable_date"), (4, "player_count_differs"), (6, "unknown_line"), (7, "bad_rating"),
        (8, "unreadable_birth_date"), (9, "unknown_result"), (10, "opponent_not_in_file"), (11, "tab"),
        (13, "bad_start_number"), (14, "results_disagree"), (15, "unreadable_round"), (16, "decimal_comma"),
        (17, "unknown_colour"), (18, "unknown_title"), (19, "bad_rank"), (20, "bad_fide_id"),
        (20, "opponent_disagrees"), (21, "unknown_sex"), (22, "points_differ"), (24, "duplicate_start_number"),
    ] == problems(t)


def test_damaged_file_reads_what_can_be_read() -> None:
    t = read("damaged-fields.trf")
    players = {p.start: p for p in t.players}
    assert (16, None, None, 3.0) == (len(players), players[1].rating, t.start, players[9].points)
    assert ("Stephan", "?", "?") == (players[16].name, players[3].rounds[3].result, players[8].rounds[1].result)
    assert (RoundEntry(5, 5, "-", "0"), "Helene") == (players[10].rounds[4], players[5].name)


def test_latin1_file_with_cr_line_ends() -> None:
    t = read("damaged-latin1-cr.trf")
    assert ("windows-1252", "CR") == (t.encoding, t.line_ending)
    assert ["Müller, Jürgen", "Ødegaard, Åse", "Niño, José", "Çelik, Aylin"] == [p.name for p in t.players]
    assert [(1, "encoding_assumed"), (4, "date_order_assumed"), (5, "date_order_assumed")] == problems(t)
    assert (date(2026, 4, 8), date(2026, 4, 10), 1988) == (t.start, t.end, t.players[2].birth_year)


def test_the_same_file_in_utf8_with_crlf_reads_the_same_players() -> None:
    latin = (FILES / "damaged-latin1-cr.trf").read_bytes()
    utf8 = read_trf(latin.decode("latin-1").replace("\r", "\r\n").encode("utf-8"))
    assert ("utf-8", "CRLF") == (utf8.encoding, utf8.line_ending)
    assert read_trf(latin).players == utf8.players
    assert "encoding_assumed" not in [p.code for p in utf8.problems]


@pytest.mark.parametrize(("codec", "bom", "encoding"), [("utf-16-le", b"\xff\xfe", "utf-16-le"),
                                                       ("utf-16-be", b"\xfe\xff", "utf-16-be"),
                                                       ("utf-32-le", b"\xff\xfe\x00\x00", "utf-32-le"),
                                                       ("utf-32-be", b"\x00\x00\xfe\xff", "utf-32-be")])
def test_a_utf_16_file_with_its_byte_order_mark_reads_as_the_utf_8_one(codec: str, bom: bytes, encoding: str) -> None:
    """Excel's and Notepad's "Unicode text": UTF-16, little- or big-endian by its byte order mark."""
    text = (FILES / "damaged-latin1-cr.trf").read_bytes().decode("latin-1").replace("\r", "\r\n")
    utf16 = read_trf(bom + text.encode(codec))
    assert (encoding, "CRLF") == (utf16.encoding, utf16.line_ending)
    assert read_trf(text.encode("utf-8")).players == utf16.players
    assert "encoding_assumed" not in [p.code for p in utf16.problems]


def test_a_file_pasted_with_an_indent_is_read_without_it() -> None:
    t = read_trf("\n".join("    " + line for line in trf(player_line(1, "A", 1800)).splitlines()))
    assert ([(None, "indented")], 1800) == (problems(t), t.players[0].rating)


def test_a_dos_end_of_file_mark_is_no_line() -> None:
    assert () == read_trf(trf(player_line(1, "A", 1800)).replace("\n", "\r\n") + "\x1a").problems


def test_utf8_byte_order_mark_is_dropped() -> None:
    text = trf(player_line(1, "Weiß, Anna", 1800))
    assert "Weiß, Anna" == read_trf(b"\xef\xbb\xbf" + text.encode("utf-8")).players[0].name


def test_every_problem_the_reader_reports_is_listed() -> None:
    """`PROBLEMS` (what the widget translates) has every code the reader's source reports, and no other."""
    source = Path(trf_module.__file__).read_text()
    reported = set(re.findall(r'(?:problem\([^,]+|_whole\(n, [^,]+), "([a-z_0-9]+)"', source))
    assert set(PROBLEMS) == reported


# ---- dates as real files write them --------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("2026/04/08", (2026, 4, 8, False)),  # TRF16's form
    ("2005.07.28", (2005, 7, 28, False)),
    ("2024-08-01", (2024, 8, 1, False)),
    ("28. 07. 2005", (2005, 7, 28, False)),  # FIDE's example
    ("24/09/2010", (2010, 9, 24, False)),  # only day first fits
    ("09/24/2010", (2010, 9, 24, False)),  # only month first fits
    ("08/04/2026", (2026, 4, 8, True)),  # either: day first, and said so
    ("May 29, 2020", (2020, 5, 29, False)),  # lichess
    ("29 May 2020", (2020, 5, 29, False)),
    ("1978", (1978, None, None, False)),  # a birth year alone
    ("1987/00/00", (1987, None, None, False)),
    ("0000/00/00", None),
    ("31/02/2024", None),
    ("soon", None),
])
def test_date_forms(text: str, expected: tuple[int, int | None, int | None, bool] | None) -> None:
    assert expected == read_date(text)


def test_round_dates_two_digit_years() -> None:
    t = read_trf(trf(player_line(1, "A", 1800), header=("012 X", "132" + " " * 88 + "26/04/08  26/04/09")))
    assert (date(2026, 4, 8), date(2026, 4, 9)) == t.round_dates


# ---- what is no TRF -------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "line"), [
    ('{"system": "fide", "rating": 1500}', 1),
    ("", 1),
    ("012 A tournament with no players\n022 Nowhere\n", 1),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1),
    ("012 Open\n001 xxxx not a player\n", 2),
])
def test_no_player_line_is_no_trf(data: str | bytes, line: int) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(data)
    assert (line, "not_supported") == (caught.value.line, caught.value.code)
    assert f"line {line}: not a tournament report file" in str(caught.value)


def test_read_trf_refuses_what_is_no_text() -> None:
    with pytest.raises(TypeError):
        read_trf(1500)  # type: ignore[arg-type]


@given(st.text(max_size=400))
def test_any_text_reads_or_is_refused_as_no_trf(text: str) -> None:
    try:
        read_trf(text)
    except TrfError:
        pass


@given(st.binary(max_size=300))
def test_any_bytes_read_or_are_refused_as_no_trf(data: bytes) -> None:
    try:
        read_trf(b"001    1" + data)
    except TrfError:
        pass


@given(trf_players, trf_rounds, line_ends, trf_seeds)
def test_line_ends_change_nothing_read(players: int, rounds: int, end: str, seed: int) -> None:
    text = random_tournament(players, rounds, seed)
    lf, other = read_trf(text), read_trf(text.replace("\n", end))
    assert (lf.players, [p.code for p in lf.problems]) == (other.players, [p.code for p in other.problems])
    assert [] == [p for p in lf.problems]  # the writer writes what the reader reads without a problem


# ---- read_trf's steps (text_of, file_lines, read_line, no_player_line), each on its own ------------------

def test_text_of_decodes_bytes_keeps_a_text_and_refuses_anything_else() -> None:
    assert trf_module.text_of("\ufeff012 Open") == ("012 Open", None, None)
    assert trf_module.text_of("012 Café".encode())[:2] == ("012 Café", "utf-8")
    assert trf_module.text_of("012 Café".encode("latin-1")) == ("012 Café", "windows-1252", 1)
    with pytest.raises(TypeError, match="expected the text or the bytes of a file, got int"):
        trf_module.text_of(7)  # type: ignore[arg-type]


def test_file_lines_split_at_any_break_drop_a_dos_end_and_say_a_guessed_encoding() -> None:
    reader = trf_module._Reader()
    assert trf_module.file_lines(reader, "012 Open\r\n022 Oslo\r032 NOR\n\x1a", "windows-1252", 2) == [
        "012 Open", "022 Oslo", "032 NOR"]
    assert [(p.line, p.code) for p in reader.problems] == [(2, "encoding_assumed")]
    with pytest.raises(TrfError, match="over 5000000 characters"):
        trf_module.file_lines(trf_module._Reader(), "x" * (trf_module.MAX_TRF_CHARS + 1), None, None)


def test_read_line_sorts_each_line_by_its_first_three_characters() -> None:
    reader, records = trf_module._Reader(), trf_module._Records()
    for n, line in enumerate(["012 Club Open", "XXR 7", "###", "GER    1  2100", "999 what", "", player_line(1)], 1):
        trf_module.read_line(reader, records, n, line)
    assert (records.tags, records.tag_lines, records.rounds_declared) == ({"012": ["Club Open"]}, {"012": 1}, 7)
    assert records.version_2026 and list(records.national) == [1] and list(records.players) == [1]
    assert (records.first_unread, [(p.line, p.code) for p in reader.problems]) == (5, [(5, "unknown_line")])
    trf_module.read_line(reader, records, 8, player_line(1))  # the same start number again: said, not read
    assert [(p.line, p.code) for p in reader.problems][-1] == (8, "duplicate_start_number")


def test_no_player_line_quotes_the_first_line_it_could_not_read() -> None:
    error = trf_module.no_player_line(["012 Open", "hello world"], 2)
    assert (str(error), error.line) == ('line 2: not a tournament report file: no player line (001) could be read; '
                                        "line 2 reads 'hello world'", 2)
    assert str(trf_module.no_player_line([], None)).endswith("no player line (001) could be read")


@pytest.mark.parametrize(("written", "read_as", "said"), [
    ("31.12.25", date(2025, 12, 31), True), ("08.04.26", date(2026, 4, 8), True),
    ("25/12/31", date(2025, 12, 31), True), ("31.12.99", date(2099, 12, 31), False),
    ("2025/12/31", date(2025, 12, 31), False)])
def test_a_start_date_with_a_two_digit_year_is_read_as_its_program_writes_it_and_said(
        written: str, read_as: date, said: bool) -> None:
    """TRF writes 042 and 052 with four digits; a German program writes `31.12.25`, which was read year first as
    25 December 2031 with no word (a hostile pass: the period 2032-01, a junior's K 40 lost). With dots, day first;
    else year first, as tag 132's `YY/MM/DD`; said when the other reading is a date too."""
    text = (Path(__file__).parent / "trf" / "fide-example1.trf").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(042|052) .*$", lambda m: f"{m[1]} {written}", text)
    t = read_trf(text.encode())
    assert (read_as, read_as) == (t.start, t.end)
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(("042", "052"))]
    assert ([(n, "short_year_assumed") for n in lines] if said else []) == [
        p for p in problems(t) if p[1] in ("short_year_assumed", "date_order_assumed")]


@pytest.mark.parametrize("shift", [-1, 1])
def test_a_rating_a_column_off_is_read_whole_and_said(shift: int) -> None:
    """A rating typed one column off, or a line whose fields moved (a name padded by its bytes in UTF-8), was read
    from columns 49-52 alone: 1850 as 850 or 185, rated so, with no word (a hostile pass)."""
    text = (Path(__file__).parent / "trf" / "fide-c07-held-swiss-5.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    n, line = next((i, line) for i, line in enumerate(lines) if line.startswith("001") and line[48:52].strip())
    rating = line[48:52].strip()
    assert len(rating) == 4 and line[47] == " " and line[52] == " "
    lines[n] = line[:47] + rating + "  " + line[53:] if shift < 0 else line[:48] + " " + rating + line[53:]
    t = read_trf("\n".join(lines).encode())
    player = next(p for p in t.players if p.start == int(line[4:8]))
    assert int(rating) == player.rating
    assert [(n + 1, "rating_misaligned")] == [p for p in problems(t) if p[1] == "rating_misaligned"]


@pytest.mark.parametrize("shift", [-2, -3])
def test_a_rating_two_columns_off_is_read_whole_not_with_the_federation(shift: int) -> None:
    """A hostile pass (hp82): two columns left, the rating was read with the federation's first letters ("2000 G"),
    refused, and the player rated as unrated."""
    text = (Path(__file__).parent / "trf" / "fide-c07-held-swiss-5.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    n, line = next((i, line) for i, line in enumerate(lines) if line.startswith("001") and line[48:52].strip())
    rating = line[48:52]
    lines[n] = line[:48 + shift] + rating + " " * -shift + line[52:]
    t = read_trf("\n".join(lines).encode())
    assert int(rating) == next(p for p in t.players if p.start == int(line[4:8])).rating
    assert [(n + 1, "rating_misaligned")] == [p for p in problems(t) if p[1] in ("rating_misaligned", "bad_rating")]


def test_a_line_whose_name_is_padded_by_bytes_is_read_by_bytes_whole() -> None:
    """"Müller, Jürgen" padded to 33 bytes, not characters: every field after the name two columns left. Its rating,
    points and rounds were read from the wrong columns (the 2000 player unrated, his game lost); an unrated player's
    line alike."""
    def line(start: int, name: str, rating: str, rounds: str) -> str:
        padded = (name.encode() + b" " * (33 - len(name.encode()))).decode()
        return f"001 {start:4d} m    {padded} {rating:>4} GER {'':11} 1990/01/01  1.0    1     {rounds}"

    text = line(1, "Müller, Jürgen", "2000", "2 w 1") + "\n" + line(2, "Zoë Ünal", "", "1 b 0") + "\n"
    t = read_trf(text.encode())
    assert [(p.name, p.rating, p.federation, [(r.opponent, r.result) for r in p.rounds]) for p in t.players] == [
        ("Müller, Jürgen", 2000, "GER", [(2, "1")]), ("Zoë Ünal", None, "GER", [(1, "0")])]
    assert [(1, "byte_columns"), (2, "byte_columns")] == [p for p in problems(t) if p[1] != "points_differ"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf_16_without_its_byte_order_mark_is_read(encoding: str) -> None:
    """Refused as "no player line (001) could be read; line 1 reads '0\\x001\\x002…'" (a hostile pass, hp82)."""
    text = (Path(__file__).parent / "trf" / "fide-c07-held-swiss-5.trf").read_text(encoding="utf-8")
    read = read_trf(text.encode(encoding))
    assert (read.encoding, replace(read, encoding="ascii")) == (encoding, read_trf(text.encode()))


@pytest.mark.parametrize("bye", ["H", "F", "U", "Z"])
def test_a_bye_naming_an_opponent_whose_line_has_a_game_is_said_whichever_line_comes_first(bye: str) -> None:
    """Start 1's `2 w H` against start 2's `1 b 0`: player 2 rated for a loss, player 1 given a bye, and no word;
    the other way round it was said (a hostile pass, hp82)."""
    def line(start: int, opponent: int, colour: str, result: str) -> str:
        return f"001 {start:4d} m    {'Player ' + str(start):<33} 2000 GER {'':11} 1990/01/01  0.0    1  " \
               f"{opponent:4d} {colour} {result}"

    t = read_trf(f"{line(1, 2, 'w', bye)}\n{line(2, 1, 'b', '0')}\n".encode())
    assert [(1, "results_disagree")] == [p for p in problems(t) if p[1] == "results_disagree"]


def test_a_german_program_s_dotted_round_dates_read_as_its_start_date_and_dates_that_disagree_are_said() -> None:
    """042 `23.04.26` read day first (2026-04-23), but 132's `23.04.26 24.04.26 25.04.26` year first (2023-04-26,
    2024-04-26, 2025-04-26); an end date a year before the start passed unsaid, and the event was rated by the rules
    of that earlier period (a hostile pass, hp82)."""
    from elo_core.reports.event import period_of

    head = "012 Open\n042 {start}\n052 {end}\n132 {rounds}\n"
    player = f"001    1 m    {'A':<33} 2000 GER {'':11} 1990/01/01  0.0    1"
    dotted = read_trf((head.format(start="23.04.26", end="25.04.26", rounds=" " * 87 + "23.04.26  24.04.26  "
                                   "25.04.26") + player).encode())
    assert dotted.round_dates == (date(2026, 4, 23), date(2026, 4, 24), date(2026, 4, 25))
    assert not [p for p in problems(dotted) if p[1] in ("round_date_outside", "end_before_start")]
    swapped = read_trf((head.format(start="2026/04/20", end="2025/04/22", rounds="") + player).encode())
    assert [(3, "end_before_start")] == [p for p in problems(swapped) if p[1] == "end_before_start"]
    assert period_of(swapped, date(2026, 12, 6)) == ("2026-05", "start_date")
    late = read_trf((head.format(start="2026/04/20", end="2026/04/22", rounds=" " * 87 + "26/04/20  27/04/21")
                     + player).encode())
    assert [(4, "round_date_outside")] == [p for p in problems(late) if p[1] == "round_date_outside"]


def test_a_player_line_cut_short_is_said_at_its_own_line_and_a_cut_rating_is_none() -> None:
    """A line that stops in its rating (`…   19` of 1900) was rated as a 19; one that stops before it as unrated; and
    only the opponent's line said anything (a hostile pass, hp82)."""
    whole = f"001    1 m    {'A':<33} 2000 GER {'':11} 1990/01/01  1.0    1    2 w 1"
    cut = f"001    2 m    {'B':<33} 1900 GER {'':11} 1990/01/01  0.0    2    1 b 0"
    for length, rating in ((50, None), (30, None), (60, 1900)):
        t = read_trf(f"{whole}\n{cut[:length]}\n".encode())
        assert (2, "line_cut_short") in problems(t) and t.players[1].rating == rating, (length, problems(t))
    assert "line_cut_short" not in {p[1] for p in problems(read_trf(f"{whole}\n{cut}\n".encode()))}
