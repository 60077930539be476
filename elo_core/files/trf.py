"""Reading a FIDE Tournament Report File (TRF): the file a pairing program exports after the last round.

Sources: FIDE's TRF16 (Handbook C.04 Annex 2, "Agreed general Data-Exchange Format for tournament
results") and its successor TRF-2026 (approved by the FIDE Council on 12 May 2025, applied from
1 September 2025): `###` comment lines, tags 142-362, national rating records, team and bye records.
The `XX` lines of the pairing programs (JaVaFo's TRF(x): `XXR` rounds, `XXC`, `XXS`, `XXA`, `XXP`,
`XXZ`; bbpPairings' `BB?` scores; Tornelo's `DAT`) are read as the programs' own and left alone.

Lenient in reading, exact in reporting: a line that cannot be read, or that is read with a guess, is a
`TrfProblem` with its line number and what was assumed; nothing is dropped silently. Only a text with
no player line at all is refused (`TrfError`, naming the first line that could not be read).

The player line (`001`), in FIDE's 1-based columns: start number 5-8, sex 10, title 11-13, name
15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89,
then ten columns a round from 92: the opponent's start number (92-95; `0000` or blank for none),
the colour (97) and the result (99). Result codes (TRF16, unchanged in TRF-2026; letters in any case):
`1` `=` `0` a game played; `+` `-` a forfeit won or lost; `W` `D` `L` a game that lasted less than one
move (not rated); `H` `F` `U` `Z` a half-point, full-point, pairing-allocated or zero-point bye;
blank the same as `Z`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal, NamedTuple

from ..words.errors import TrfError, show
from ..words.model import EARLIEST_DATE, LATEST_DATE

Colour = Literal["w", "b", "-"]
"""The colour a player had in a round: white, black, or none (`-`: a bye, not paired)."""
WHITE: Colour = "w"
BLACK: Colour = "b"
NO_COLOUR: Colour = "-"

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0}
"""TRF16 result codes of a game played over the board, with the player's score."""
FORFEITS = {"+": 1.0, "-": 0.0}
"""A game not played (FIDE Rating Regulations 5.1): won or lost by forfeit."""
UNRATED_GAMES = {"W": 1.0, "D": 0.5, "L": 0.0}
"""A game that lasted less than one move: TRF16 marks it not rated."""
BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0, "": 0.0}
"""Byes (no game): half-point, full-point, pairing-allocated (a win's points by default), zero-point; a
blank result is the same as `Z`."""
POINTS = {**PLAYED, **FORFEITS, **UNRATED_GAMES, **BYES}
"""The points of every result code under the default scoring (TRF-2026 tag 162's defaults)."""

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE's titles as TRF16 spells them (columns 11-13)."""
OLD_TITLES = {"G": "GM", "M": "IM", "F": "FM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "C": "CM", "WC": "WCM"}
"""The one- and two-letter titles of older files (FIDE's own example, 2005: `g`, `m`, `f`, `wf`)."""

TOURNAMENT_TAGS = {
    "012": "name", "022": "city", "032": "federation", "042": "start", "052": "end", "062": "players",
    "072": "rated_players", "082": "teams", "092": "type", "102": "chief_arbiter", "112": "deputy_arbiter",
    "122": "time_control", "132": "round_dates",
    # TRF-2026
    "142": "rounds", "152": "initial_colour", "162": "scoring", "172": "starting_rank_method",
    "182": "pairing_controller", "192": "tournament_type_code", "202": "tie_breaks", "212": "standings",
    "222": "time_control_code", "352": "board_colours", "362": "team_scoring",
}
"""The tournament section's tags (`??2`), TRF16's and TRF-2026's."""
OTHER_RECORDS = {
    "013": "team (TRF16)", "310": "team", "240": "bye", "250": "accelerated rounds", "260": "prohibited pairing",
    "299": "abnormal points", "300": "out-of-order team", "320": "team pairing-allocated bye",
    "330": "forfeited match", "801": "team summary", "802": "team summary",
}
"""TRF-2026's other records (and TRF16's team record): nothing a player's rating depends on."""
TRF_2026_TAGS = frozenset(
    ("142", "152", "162", "172", "182", "192", "202", "212", "222", "352", "362", "310", "240", "250", "260",
     "299", "300", "320", "330", "801", "802"))
"""Records first defined by TRF-2026: a file with one of them (or a `###` line, or a national rating
record) is TRF-2026."""
PROGRAM_PREFIXES = ("XX", "BB", "DAT")
"""Lines the pairing programs add: JaVaFo's TRF(x) (`XXR`, `XXC`, `XXS`, `XXA`, `XXP`, `XXZ` ...),
bbpPairings' scoring lines (`BBW`, `BBD` ...), Tornelo's `DAT` lines."""
MAX_TRF_CHARS = 5_000_000
"""The longest text read: a 2 000-player, 13-round file is some 450 000 characters."""

PROBLEMS = {
    "encoding_assumed": "the file is not UTF-8: read as Windows-1252 (Latin-1)",
    "indented": "every line starts with the same spaces: read without them",
    "tab": "a tab in a file of fixed columns: read as one space",
    "unknown_line": "a line that is no TRF line: not read",
    "bad_start_number": "a player line without a start number: not read",
    "duplicate_start_number": "a second player line with the same start number: not read",
    "unknown_start_number": "a national rating record for a start number no player has: not read",
    "bad_round_count": "a number of rounds (142, XXR) that is no number: not read",
    "unreadable_date": "a date that could not be read",
    "date_out_of_range": "a date before 1850 or after 2199 (a typing mistake): not used",
    "date_order_assumed": "a date whose day and month could be either way: read day first",
    "short_year_assumed": "a date with a two-digit year that could be read two ways: read as the tag's date "
                          "(DD.MM.YY with dots, else YY/MM/DD)",
    "unknown_sex": "a sex that is none of m, w: left empty",
    "title_guessed": "an older file's letter title (g, m, f, wf ...): read as GM, IM, FM, WFM ...",
    "unknown_title": "a title that is none of FIDE's: kept as written",
    "bad_rating": "a rating that is no rating: the player taken as unrated",
    "bad_fide_id": "a FIDE id that is not a number: left out",
    "unreadable_birth_date": "a birth date that could not be read: the player not taken as a junior",
    "misaligned": "a birth date out of its columns: read there all the same",
    "rating_misaligned": "a rating out of its columns (49-52): read there all the same",
    "byte_columns": "a player line whose name is padded by bytes, not characters: its columns read by bytes",
    "decimal_comma": "points written with a decimal comma",
    "bad_points": "points that could not be read",
    "bad_rank": "a rank that is not a number: left out",
    "unreadable_round": "a round out of TRF's columns, or with no start number: not rated",
    "unknown_colour": "a colour that is none of w, b, -: read as none",
    "unknown_result": "a result that is no TRF result code: not rated",
    "opponent_not_in_file": "an opponent's start number that no player line has: not rated",
    "same_player": "a round that names the player's own start number: not rated",
    "opponent_disagrees": "the opponent's line does not name the player in that round",
    "results_disagree": "the two lines of a game give results that do not fit: each rated by their own",
    "no_result": "a paired game with no result: not rated",
    "points_differ": "points that are not what the results add up to",
    "player_count_differs": "tag 062's number of players is not the number of player lines",
    "bye_records_not_read": "TRF-2026's bye records (240) are not read: a bye counts where the player's line has it",
    "line_cut_short": "a player line that ends before its points: read as far as it goes (a rating cut short: none)",
    "end_before_start": "an end date before the start date: the period counted from the latest date",
    "round_date_outside": "a round date outside the event's start and end dates",
}
"""Every problem the reader reports, by code (each problem's message says it of its own line)."""

Encoding = Literal["ascii", "utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "windows-1252", "latin-1"]
LineEnding = Literal["LF", "CRLF", "CR", "mixed"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_RATING_FIELD = re.compile(r" (?:[ \d]{3}\d|    ) ")
"""A rating in its columns (49-52), or none, with the blanks before and after it."""
_NATIONAL = re.compile(r"[A-Z]{3} [ \d]{3}\d")
_YMD = re.compile(r"(\d{4})\s*([/.\-])\s*(\d{1,2})\s*\2\s*(\d{1,2})\.?")
_DMY = re.compile(r"(\d{1,2})\s*([/.\-])\s*(\d{1,2})\s*\2\s*(\d{4})")
_YYMMDD = re.compile(r"(\d{2})([/.\-])(\d{2})\2(\d{2})")
_YEAR = re.compile(r"(\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_MONTHS = {name: i for i, names in enumerate(
    ("jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july", "aug august",
     "sep sept september", "oct october", "nov november", "dec december"), 1) for name in names.split()}
_POINTS = re.compile(r"\d{1,3}([.,]\d)?")
_COLOURS: dict[str, Colour] = {"w": WHITE, "b": BLACK, "W": WHITE, "B": BLACK, "-": NO_COLOUR, " ": NO_COLOUR,
                               "": NO_COLOUR}
_RESULTS = {**{code: code for code in POINTS}, **{code.lower(): code for code in POINTS}, " ": ""}
"""The result codes as written (letters in either case, a blank) and as read."""
_BLANK = ("", " ")


@dataclass(frozen=True)
class TrfProblem:
    """A line that could not be read, or was read with a guess: what was assumed is in the message."""

    line: int | None
    """1-based line number; None for what concerns the whole file (its dates, the count of players)."""
    code: str
    """What kind of problem (`unknown_line`, `title_guessed`, `date_order_assumed`, ...)."""
    message: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    """What the message was made from, for translations."""


class RoundEntry(NamedTuple):
    """One round of a player's line (a tuple: a 2 000-player, 13-round file has 26 000)."""

    round: int
    """1-based."""
    opponent: int | None
    """The opponent's start number; None for none (`0000` or blank: a bye, an absence)."""
    colour: Colour
    result: str
    """The result code, letters upper case: `1 = 0 + - W D L H F U Z`, `""` for a blank, `?` for one
    that could not be read (a problem says which)."""


@dataclass(frozen=True)
class NationalRating:
    """A TRF-2026 national rating record (`FED` instead of `001`, linked by start number)."""

    federation: str
    rating: int | None
    classification: str
    name: str
    origin: str
    number: str
    line: int


@dataclass(frozen=True)
class Player:
    """A player line (`001`)."""

    start: int
    """Starting rank number (columns 5-8): how the other lines name this player."""
    name: str
    sex: str
    """`m`, `w` or empty (`f` is read as `w`)."""
    title: str
    """`GM`, `IM`, ... or empty; an older file's `g`, `m`, `wf` ... read as GM, IM, WFM (a problem says so)."""
    rating: int | None
    """The FIDE rating as the pairing program wrote it; None for an unrated player (0 or blank)."""
    federation: str
    fide_id: int | None
    birth: str
    """The birth date as written (trimmed)."""
    birth_year: int | None
    """The year of the birth date, when one could be read (a year alone is enough)."""
    points: float | None
    rank: int | None
    rounds: tuple[RoundEntry, ...] = field(repr=False)
    line: int
    national: tuple[NationalRating, ...] = ()


@dataclass(frozen=True)
class Tournament:
    """What a tournament report file says, and what could not be read of it."""

    name: str
    city: str
    federation: str
    start: date | None
    """Tag 042."""
    end: date | None
    """Tag 052."""
    round_dates: tuple[date | None, ...]
    """Tag 132, one a round."""
    rounds_declared: int | None
    """The number of rounds the file declares (TRF-2026 tag 142, or JaVaFo's `XXR`)."""
    players: tuple[Player, ...] = field(repr=False)
    problems: tuple[TrfProblem, ...] = field(repr=False)
    version: Literal["TRF16", "TRF-2026"] = "TRF16"
    encoding: Encoding | None = None
    """How the bytes were decoded; None when the text was given as text."""
    line_ending: LineEnding | None = None
    default_scoring: bool = True
    """False when the file sets its own points (TRF-2026 tag 162, JaVaFo's `XXS`, bbpPairings' `BB?`)."""
    tags: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    """Every tournament tag's values as written, by tag (`"012"`: the name)."""
    tag_lines: dict[str, int] = field(default_factory=dict, repr=False)
    """The line of each tag's first value."""

    @property
    def rounds(self) -> int:
        """The rounds the player lines hold (the most of any player)."""
        return max((len(p.rounds) for p in self.players), default=0)


UTF_16_BOMS: dict[bytes, Encoding] = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
UTF_32_BOMS: dict[bytes, Encoding] = {b"\xff\xfe\x00\x00": "utf-32-le", b"\x00\x00\xfe\xff": "utf-32-be"}
"""The byte order marks of UTF-16 (Excel's and Notepad's "Unicode text"), and the encoding each says."""


def decode(data: bytes) -> tuple[str, Encoding, int | None]:
    """The text of a file's bytes, how they were decoded, and the 1-based line of the first byte that is
    not ASCII (None: all ASCII). UTF-32 or UTF-16 when a byte order mark says so (little- or big-endian; a
    byte that is not UTF-16, an odd last one, read as U+FFFD); else UTF-8 when the bytes are UTF-8 (a
    byte order mark is dropped); else Windows-1252 (Latin-1 with the letters Windows adds at 0x80-0x9f),
    else Latin-1."""
    # UTF-32's marks first: its little-endian one begins as UTF-16's does (FF FE, then 00 00).
    utf_32 = UTF_32_BOMS.get(data[:4])
    if utf_32 is not None:
        return data[4:].decode(utf_32, errors="replace"), utf_32, None
    utf_16 = UTF_16_BOMS.get(data[:2])
    if utf_16 is not None:
        text = data[2:].decode(utf_16, errors="replace")
        return text, utf_16, None  # the line of a first non-ASCII byte only matters for a guessed encoding
    if (unmarked := _utf_16_unmarked(data)) is not None:
        return data.decode(unmarked, errors="replace"), unmarked, None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    first = next((i for i, b in enumerate(data) if b > 0x7F), None) if not data.isascii() else None
    line = None if first is None else 1 + len(_LINE_BREAK.findall(data[:first].decode("latin-1")))
    try:
        return data.decode("utf-8"), "ascii" if first is None else "utf-8", line
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "windows-1252", line
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1", line


def _utf_16_unmarked(data: bytes) -> Encoding | None:
    """UTF-16 without its byte order mark, told by its first 200 bytes: text of ASCII letters (a TRF's tags and
    player lines) has a zero byte in every other place, after each letter (little-endian) or before it. It was
    read as UTF-8, and refused as "no player line", its zero bytes shown."""
    head = data[:200 - len(data[:200]) % 2]
    even, odd = head[0::2], head[1::2]
    if len(odd) < 4:
        return None
    if odd.count(0) >= 0.9 * len(odd) and even.count(0) <= 1:  # a name's Ł (U+0141) has no zero byte
        return "utf-16-le"
    if even.count(0) >= 0.9 * len(even) and odd.count(0) <= 1:
        return "utf-16-be"
    return None


def read_date(text: str, *, two_digit_year: bool = False,
              short_day_first: bool = False) -> tuple[int, int | None, int | None, bool] | None:
    """A date as real files write it: (year, month, day, guessed), month and day None when only the year
    is known; None when nothing could be read. `guessed` when day and month could be the other way round
    (read day first, as the European programs write them).

    `2026/04/08`, `2005.07.28`, `2024-08-01`, `08/04/2026`, `28. 07. 2005`, `May 29, 2020`, `1978`;
    `1987/00/00` is the year alone; `YY/MM/DD` (tag 132's form) with `two_digit_year`, and `DD.MM.YY` with dots too
    with `short_day_first` (a start or end date, which TRF writes with four digits: `31.12.25` is a German program's
    31 December 2025, not 25 December 2031), then `guessed` when the other reading is a date too.

    >>> read_date("28. 07. 2005"), read_date("08/04/2026"), read_date("1987/00/00"), read_date("0000/00/00")
    ((2005, 7, 28, False), (2026, 4, 8, True), (1987, None, None, False), None)
    """
    text = text.strip()
    guessed = False
    if m := _YMD.fullmatch(text):
        year, month, day = int(m[1]), int(m[3]), int(m[4])
    elif m := _DMY.fullmatch(text):
        first, second, year = int(m[1]), int(m[3]), int(m[4])
        if first <= 12 < second:  # only month/day fits
            month, day = first, second
        else:
            day, month = first, second
            guessed = first != second and first <= 12 and second <= 12
    elif two_digit_year and (m := _YYMMDD.fullmatch(text)):
        first, month, last = int(m[1]), int(m[3]), int(m[4])
        year_first, day_first = (2000 + first, last), (2000 + last, first)
        (year, day), other = (day_first, year_first) if short_day_first and m[2] == "." else (year_first, day_first)
        guessed = short_day_first and other != (year, day) and _is_date(other[0], month, other[1])  # 132's is TRF's
    elif m := _MONTH_DAY_YEAR.fullmatch(text):
        month, day, year = _MONTHS.get(m[1].lower(), 0), int(m[2]), int(m[3])
    elif m := _DAY_MONTH_YEAR.fullmatch(text):
        day, month, year = int(m[1]), _MONTHS.get(m[2].lower(), 0), int(m[3])
    elif m := _YEAR.fullmatch(text):
        year, month, day = int(m[1]), 0, 0
    else:
        return None
    if year == 0:
        return None
    if month == 0 or day == 0:  # 1987/00/00: the year alone
        return year, None, None, False
    if not _is_date(year, month, day):
        return None
    return year, month, day, guessed


def _is_date(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def as_date(read: tuple[int, int | None, int | None, bool] | None) -> date | None:
    """A `read_date` result as a day, when it has one."""
    if read is None or read[1] is None or read[2] is None:
        return None
    return date(read[0], read[1], read[2])


DATE_RANGE = f"{EARLIEST_DATE.isoformat()} to {LATEST_DATE.isoformat()}"
"""The dates used, as a message says them (whole years: a year alone is judged by itself)."""


def in_range(read: tuple[int, int | None, int | None, bool]) -> bool:
    """Whether a `read_date` result is within `EARLIEST_DATE` to `LATEST_DATE` (both whole years)."""
    return EARLIEST_DATE.year <= read[0] <= LATEST_DATE.year


class _Reader:
    """One reading of a file: its lines, and the problems found, in the order of the lines."""

    def __init__(self) -> None:
        self.problems: list[TrfProblem] = []

    def problem(self, line: int | None, code: str, message: str, **params: Any) -> None:
        self.problems.append(TrfProblem(line, code, message, params))

    def player(self, n: int, line: str) -> Player | None:
        line = self._by_characters(n, line)
        end = len(line.rstrip())
        if end < 84:  # a pairing program writes every field to the points: a line cut short, said at its own line
            self.problem(n, "line_cut_short", f"line {n}: it ends at column {end}, before its points (columns "
                         "81-84): a line cut short? Read as far as it goes", column=end)
            if end < 52:  # its rating cut too (1850 as 18): none read
                line = line[:48]
        start_text = line[4:8].strip()
        if not start_text.isdecimal() or int(start_text) == 0:
            self.problem(n, "bad_start_number", f"line {n}: a player line without a start number in columns 5-8 "
                         f"({show(line[4:8])}): not read", text=line[4:8])
            return None
        start = int(start_text)
        sex = line[9:10].strip().lower()
        if sex == "f":
            sex = "w"
        elif sex not in ("", "m", "w"):
            self.problem(n, "unknown_sex", f"line {n}: sex {show(sex)} is none of m, w: left empty", value=sex)
            sex = ""
        title = self._title(n, line[10:13].strip())
        birth, birth_year = self._birth(n, line)
        return Player(
            start=start,
            name=line[14:47].strip(),
            sex=sex,
            title=title,
            rating=self._rating(n, self._rating_text(n, line)),
            federation=line[53:56].strip(),
            fide_id=self._whole(n, line[57:68], "bad_fide_id", "FIDE id (columns 58-68)") or None,
            birth=birth,
            birth_year=birth_year,
            points=self._points(n, line[80:84]),
            rank=self._whole(n, line[85:89], "bad_rank", "rank (columns 86-89)"),
            rounds=self._rounds(n, line),
            line=n,
        )

    def _by_characters(self, n: int, line: str) -> str:
        """A player line whose name a program padded by its UTF-8 bytes, not its characters (two columns short for
        "Müller, Jürgen"), with its name padded again: every field after the name is then in its columns. Before,
        its rating, points and rounds were read from the wrong columns (a 2000 player unrated, his games lost).
        Told by the rating: in its columns by bytes and not by characters."""
        if line.isascii():
            return line
        raw = line.encode("utf-8")
        by_bytes, by_characters = raw[47:53].decode("utf-8", "replace"), line[47:53]
        if not _RATING_FIELD.fullmatch(by_bytes) or _RATING_FIELD.fullmatch(by_characters):
            return line
        self.problem(n, "byte_columns", f"line {n}: its name is padded by bytes, not characters: its columns "
                     "read by bytes")
        return raw[:47].decode("utf-8", "replace").ljust(47) + raw[47:].decode("utf-8", "replace")

    def _title(self, n: int, text: str) -> str:
        upper = text.upper()
        if upper in TITLES or not text:
            return upper
        if upper in OLD_TITLES:
            self.problem(n, "title_guessed", f"line {n}: title {text!r} read as {OLD_TITLES[upper]} (an older "
                         "file's letter)", value=text, title=OLD_TITLES[upper])
            return OLD_TITLES[upper]
        self.problem(n, "unknown_title", f"line {n}: title {text!r} is none of FIDE's: kept as written", value=text)
        return text

    def _rating_text(self, n: int, line: str) -> str:
        """The rating's columns (49-52), or the number that runs over them: a rating typed a column off, or a line
        whose every field moved once a program padded a name by its bytes (UTF-8's "Müller"), was read from the
        digits in the columns alone (1850 as 850 or 185, with no word)."""
        lo, hi = 48, 52
        spills = line[lo - 1:lo].isdecimal() or line[hi:hi + 1].isdecimal()
        digit = next((i for i in range(lo, min(hi, len(line))) if line[i].isdecimal()), None)
        if not spills or digit is None:
            return line[lo:hi]
        # The one run of digits that meets the columns, whole: two columns left, "2000 G" (the federation's
        # first letter) was read, and the player taken as unrated.
        lo = hi = digit
        while lo > 0 and line[lo - 1].isdecimal():
            lo -= 1
        while hi < len(line) and line[hi].isdecimal():
            hi += 1
        text, first = line[lo:hi], lo + 1
        self.problem(n, "rating_misaligned", f"line {n}: rating {text!r} is not in columns 49-52 (columns "
                     f"{first}-{first + len(text) - 1}): read there all the same", value=text, field="rating")
        return text

    def _rating(self, n: int, text: str) -> int | None:
        text = text.strip()
        if not text or (text.isdecimal() and int(text) == 0):
            return None
        if text.isdecimal() and int(text) <= 4000:
            return int(text)
        self.problem(n, "bad_rating", f"line {n}: rating {text!r} (columns 49-52) is no rating: the player is "
                     "taken as unrated", value=text)
        return None

    def _whole(self, n: int, text: str, code: str, what: str) -> int | None:
        """A whole number, blank for none (a FIDE id, a rank)."""
        text = text.strip()
        if not text:
            return None
        if text.isdecimal():
            return int(text)
        self.problem(n, code, f"line {n}: {what} {text!r} is not a number: left out", value=text)
        return None

    def _birth(self, n: int, line: str) -> tuple[str, int | None]:
        """The birth date as written and its year."""
        lo, hi = 69, 79
        text = line[lo:hi].strip()
        if not text or not text.strip("0/.- "):  # blank, or 0000/00/00: no birth date
            return text, None
        spills = (line[lo - 1] != " " and line[lo] != " ") or (hi < len(line) and line[hi] != " " != line[hi - 1])
        if spills:  # written a column or two off (by hand): the whole token
            while lo > 0 and line[lo - 1] != " ":
                lo -= 1
            while hi < len(line) and line[hi] != " ":
                hi += 1
        read = read_date(line[lo:hi])
        if read is None:
            self.problem(n, "unreadable_birth_date", f"line {n}: birth date {line[lo:hi].strip()!r} could not be "
                         "read: the player is not taken as a junior", value=line[lo:hi].strip())
            return line[lo:hi].strip(), None
        if not in_range(read):
            self.problem(n, "date_out_of_range", f"line {n}: birth date {line[lo:hi].strip()!r} is outside "
                         f"{DATE_RANGE}: the player is not taken as a junior", value=line[lo:hi].strip(),
                         field="birth")
            return line[lo:hi].strip(), None
        if spills:
            lo += len(line[lo:hi]) - len(line[lo:hi].lstrip())
            self.problem(n, "misaligned", f"line {n}: birth date {line[lo:hi].strip()!r} is not in columns 70-79 "
                         f"(columns {lo + 1}-{hi}): read there all the same, year {read[0]}", field="birth",
                         value=line[lo:hi].strip())
        return line[lo:hi].strip(), read[0]

    def _points(self, n: int, text: str) -> float | None:
        text = text.strip()
        if not text:
            return None
        if _POINTS.fullmatch(text):
            if "," in text:
                self.problem(n, "decimal_comma", f"line {n}: points {text!r} read with a decimal comma",
                             value=text)
            return float(text.replace(",", "."))
        self.problem(n, "bad_points", f"line {n}: points {text!r} (columns 81-84) could not be read", value=text)
        return None

    def _rounds(self, n: int, line: str) -> tuple[RoundEntry, ...]:
        rounds: list[RoundEntry] = []
        new, entry, colours, results = tuple.__new__, RoundEntry, _COLOURS, _RESULTS
        for r, at in enumerate(range(91, len(line), 10), 1):
            block = line[at:at + 10]
            colour, result = colours.get(block[5:6]), results.get(block[7:8])
            opp = block[0:4]
            if (colour is not None and result is not None and block[4:5] in _BLANK and block[6:7] in _BLANK
                    and not block[8:10].strip() and (opp.isspace() or opp.lstrip().isdecimal())):
                rounds.append(new(entry, (r, None if opp.isspace() else int(opp) or None, colour, result)))
            else:  # the common form failed: say which part
                rounds.append(self._round(n, r, at, block))
        while rounds and rounds[-1][1:] == (None, NO_COLOUR, ""):  # trailing blank rounds: nothing there
            rounds.pop()
        return tuple(rounds)

    def _round(self, n: int, r: int, at: int, block: str) -> RoundEntry:
        """A round that is not in the common form: read what can be, and say what could not."""
        shown = block[:8]
        opp, colour, result = block[0:4].strip(), block[5:6].strip().lower(), block[7:8].strip().upper()
        if block[4:5].strip() or block[6:7].strip() or block[8:10].strip():
            self.problem(n, "unreadable_round", f"line {n}: round {r} ({shown!r}, columns {at + 1}-{at + 8}) "
                         "is not in TRF's columns: not read, not rated", round=r, text=shown)
            return RoundEntry(r, None, NO_COLOUR, "?")
        if opp and not opp.isdecimal():
            self.problem(n, "unreadable_round", f"line {n}: round {r}: opponent {opp!r} is no start number: "
                         "not read, not rated", round=r, text=shown)
            return RoundEntry(r, None, NO_COLOUR, "?")
        if colour not in _COLOURS:
            self.problem(n, "unknown_colour", f"line {n}: round {r}: colour {colour!r} is none of w, b, -: "
                         "read as none", round=r, value=colour)
            colour = ""
        if result not in POINTS:
            self.problem(n, "unknown_result", f"line {n}: round {r}: result {result!r} is no TRF result code: "
                         "not rated", round=r, value=result)
            result = "?"
        return RoundEntry(r, int(opp) or None if opp else None, _COLOURS[colour], result)

    def national(self, n: int, line: str) -> tuple[int, NationalRating]:
        rating = line[48:52].strip()
        if rating and not rating.isdecimal():
            self.problem(n, "bad_rating", f"line {n}: national rating {rating!r} is no rating: left out",
                         value=rating)
        return int(line[4:8]), NationalRating(
            federation=line[0:3], rating=int(rating) or None if rating.isdecimal() else None,
            classification=line[10:13].strip(), name=line[14:47].strip(), origin=line[53:56].strip(),
            number=line[57:68].strip(), line=n)


def _line_ending(text: str) -> LineEnding | None:
    crlf = text.count("\r\n")
    cr, lf = text.count("\r") - crlf, text.count("\n") - crlf
    kinds = [k for k, c in (("CRLF", crlf), ("CR", cr), ("LF", lf)) if c]
    if not kinds:
        return None
    return "mixed" if len(kinds) > 1 else kinds[0]  # type: ignore[return-value]


def read_trf(data: str | bytes) -> Tournament:
    """Read a tournament report file (TRF16 or TRF-2026), given as its bytes or its text.

    Raises `TrfError` when not one player line could be read; every other line that could not be read,
    or was read with a guess, is in `Tournament.problems`.

    >>> one = "001    1 m    Meier, Anna" + " " * 23 + "1850 GER     4600000 1990/01/01  1.0    1     2 w 1"
    >>> two = "001    2 m    Huber, Ben" + " " * 24 + "1790 GER     4600001 2009/05/17  0.0    2     1 b 0"
    >>> t = read_trf("\\n".join(["012 Club Open", one, two]))
    >>> t.name, [(p.start, p.rating, p.birth_year, p.rounds[0].result) for p in t.players]
    ('Club Open', [(1, 1850, 1990, '1'), (2, 1790, 2009, '0')])
    """
    text, encoding, non_ascii_line = text_of(data)
    reader = _Reader()
    lines = file_lines(reader, text, encoding, non_ascii_line)
    records = _Records()
    for n, line in enumerate(lines, 1):
        read_line(reader, records, n, line)
    if not records.players:
        raise no_player_line(lines, records.first_unread)
    if "142" in records.tags:  # the rounds declared by TRF-2026's tag over a program's XXR
        declared = _count(reader, records.tag_lines["142"], records.tags["142"][0], "142")
        records.rounds_declared = declared or records.rounds_declared
    _join_national(reader, records)
    tournament = _tournament(reader, records, encoding, _line_ending(text))
    _check(reader, tournament, records.players)
    _check_dates(reader, tournament)
    if records.bye_records:  # dropped without a word, a bye entered ahead of a running event was a round to come
        n, count = records.bye_records[0], len(records.bye_records)
        reader.problem(n, "bye_records_not_read", f"line {n}: {count} bye {'record' if count == 1 else 'records'} "
                       "(240) not read: a bye counts where the player's line has it", count=count)
    problems = sorted(reader.problems, key=lambda p: (p.line is not None, p.line or 0))
    return Tournament(**{**tournament.__dict__, "problems": tuple(problems)})


def text_of(data: str | bytes) -> tuple[str, Encoding | None, int | None]:
    """A file's text (bytes decoded: `decode`; a text's byte-order mark dropped), the encoding it was read
    in (None for a text), and the first line that is not ASCII where that encoding was a guess."""
    if isinstance(data, bytes):
        return decode(data)
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), None, None
    raise TypeError(f"expected the text or the bytes of a file, got {type(data).__name__}")


def file_lines(reader: _Reader, text: str, encoding: Encoding | None, non_ascii_line: int | None) -> list[str]:
    """The file's lines (any line break; a DOS end of file dropped; a file indented as a whole taken back to
    its columns), the encoding guessed said first; a file over MAX_TRF_CHARS refused."""
    if len(text) > MAX_TRF_CHARS:
        raise TrfError(f"the file is over {MAX_TRF_CHARS} characters: no tournament report file is that long", 1,
                       max=MAX_TRF_CHARS)
    if encoding in ("windows-1252", "latin-1"):
        reader.problem(non_ascii_line, "encoding_assumed", f"line {non_ascii_line}: the file is not UTF-8: read "
                       f"as {encoding} (Latin-1), as Windows programs write it", encoding=encoding)
    lines = _LINE_BREAK.split(text.rstrip("\x1a"))  # DOS programs end a file with Ctrl-Z
    if lines and lines[-1] == "":
        lines.pop()
    return _dedented(reader, lines)


@dataclass
class _Records:
    """What the lines read so far hold: the players by start number, national ratings by start number, the
    tournament's tags (and the line of each tag's first), which version the file is of, whether it keeps
    the default scoring, the rounds it declares, and the first line that could not be read."""

    players: dict[int, Player] = field(default_factory=dict)
    national: dict[int, list[NationalRating]] = field(default_factory=dict)
    tags: dict[str, list[str]] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    version_2026: bool = False
    default_scoring: bool = True
    rounds_declared: int | None = None
    first_unread: int | None = None
    bye_records: list[int] = field(default_factory=list)
    """The lines of TRF-2026's bye records (240), which are not read: said once (`read_trf`)."""


def read_line(reader: _Reader, records: _Records, n: int, line: str) -> None:
    """Line `n` of the file into `records`, by its first three characters (a player, a tag, another record,
    a pairing program's own line, a national rating), or said not read."""
    if "\t" in line:
        reader.problem(n, "tab", f"line {n}: a tab in a file of fixed columns: read as one space")
        line = line.replace("\t", " ")
    head = line[:3]
    if not line.strip():
        return
    if head == "001":
        _read_player(reader, records, n, line)
    elif head == "###":
        records.version_2026 = True
    elif head in TOURNAMENT_TAGS:
        records.tags.setdefault(head, []).append(line[4:] if head == "132" else line[4:].strip())
        records.tag_lines.setdefault(head, n)
        records.version_2026 = records.version_2026 or head in TRF_2026_TAGS
        records.default_scoring = records.default_scoring and head != "162"
    elif head in OTHER_RECORDS:
        records.version_2026 = records.version_2026 or head in TRF_2026_TAGS
        if head == "240":
            records.bye_records.append(n)
    elif line.startswith(PROGRAM_PREFIXES):
        if line.startswith("XXR"):
            records.rounds_declared = _count(reader, n, line[3:], "XXR") or records.rounds_declared
        records.default_scoring = records.default_scoring and not line.startswith(("XXS", "BB"))
    elif _NATIONAL.match(line):
        start, record = reader.national(n, line)
        records.national.setdefault(start, []).append(record)
        records.version_2026 = True
    else:
        records.first_unread = records.first_unread or n
        reader.problem(n, "unknown_line", f"line {n}: {show(line.strip())} is no TRF line: not read",
                       text=line.strip()[:40])


def _read_player(reader: _Reader, records: _Records, n: int, line: str) -> None:
    """A player's line (001) into `records`; a second line of one start number is said and not read."""
    player = reader.player(n, line)
    if player is None:
        records.first_unread = records.first_unread or n
    elif player.start in records.players:
        other = records.players[player.start].line
        reader.problem(n, "duplicate_start_number", f"line {n}: start number {player.start} is also on line {other}: "
                       "this line is not read", start=player.start, other_line=other)
    else:
        records.players[player.start] = player


def no_player_line(lines: list[str], first_unread: int | None) -> TrfError:
    """The error of a file without one player line that could be read: its first line not read, quoted."""
    where = first_unread or 1
    text_there = lines[where - 1].strip() if where <= len(lines) else ""
    return TrfError(f"line {where}: not a tournament report file: no player line (001) could be read"
                    + (f"; line {where} reads {show(text_there)}" if text_there else ""), where)


def _join_national(reader: _Reader, records: _Records) -> None:
    """Each national rating record given to its player; one of no player's start number said, not read."""
    for start, found in records.national.items():
        if start in records.players:
            records.players[start] = _with_national(records.players[start], tuple(found))
            continue
        for record in found:
            reader.problem(record.line, "unknown_start_number", f"line {record.line}: national rating record "
                           f"for start number {start}, which no player line has: not read", start=start)


def _tournament(reader: _Reader, records: _Records, encoding: Encoding | None,
                line_ending: LineEnding | None) -> Tournament:
    """The tournament the records make (its problems added once checked: `read_trf`)."""
    tags = {tag: tuple(values) for tag, values in records.tags.items()}
    start = _tag_date(reader, tags, records.tag_lines, "042")
    end = _tag_date(reader, tags, records.tag_lines, "052")
    return Tournament(
        name=_first(tags, "012"),
        city=_first(tags, "022"),
        federation=_first(tags, "032"),
        start=start,
        end=end,
        round_dates=_round_dates(reader, tags, records.tag_lines, start or end),
        rounds_declared=records.rounds_declared,
        players=tuple(sorted(records.players.values(), key=lambda p: p.start)),
        problems=(),
        version="TRF-2026" if records.version_2026 else "TRF16",
        encoding=encoding,
        line_ending=line_ending,
        default_scoring=records.default_scoring,
        tags=tags,
        tag_lines=records.tag_lines,
    )


def _dedented(reader: _Reader, lines: list[str]) -> list[str]:
    """The lines without the indent they all share (a file pasted from a mail or a page), said once."""
    written = [line for line in lines if line.strip()]
    indent = min((len(line) - len(line.lstrip(" ")) for line in written), default=0)
    if not indent:
        return lines
    reader.problem(None, "indented", f"every line starts with {indent} spaces: read without them",
                   spaces=indent)
    return [line[indent:] for line in lines]


def _with_national(player: Player, records: tuple[NationalRating, ...]) -> Player:
    return Player(**{**player.__dict__, "national": records})


def _first(tags: dict[str, tuple[str, ...]], tag: str) -> str:
    return tags.get(tag, ("",))[0]


def _count(reader: _Reader, n: int, text: str, tag: str) -> int | None:
    token = text.split()[0] if text.split() else ""
    if token.isdecimal() and 0 < int(token) < 1000:
        return int(token)
    reader.problem(n, "bad_round_count", f"line {n}: {tag} {text.strip()!r} is no number of rounds: not read",
                   value=text.strip())
    return None


def _tag_date(reader: _Reader, tags: dict[str, tuple[str, ...]], lines: dict[str, int], tag: str) -> date | None:
    text = _first(tags, tag)
    if not text:
        return None
    n = lines[tag]
    what = "start" if tag == "042" else "end"
    read = read_date(text, two_digit_year=True, short_day_first=True)
    day = as_date(read)
    if read is None or day is None:
        reader.problem(n, "unreadable_date", f"line {n}: the {what} date {text!r} could not be read", value=text,
                       tag=tag)
        return None
    if not in_range(read):
        reader.problem(n, "date_out_of_range", f"line {n}: the {what} date {text!r} is outside {DATE_RANGE}: not "
                       "used", value=text, tag=tag)
        return None
    if read[3] and _YYMMDD.fullmatch(text.strip()):
        reader.problem(n, "short_year_assumed", f"line {n}: the {what} date {text!r} has a two-digit year and could "
                       f"be read two ways: read as {day.isoformat()}", value=text, date=day.isoformat(), tag=tag)
    elif read[3]:
        reader.problem(n, "date_order_assumed", f"line {n}: the {what} date {text!r} could be day/month or "
                       f"month/day: read as {day.isoformat()} (day first)", value=text, date=day.isoformat(), tag=tag)
    return day


def _round_dates(reader: _Reader, tags: dict[str, tuple[str, ...]], lines: dict[str, int],
                 near: date | None) -> tuple[date | None, ...]:
    """Tag 132: a date a round at columns 92, 102, ... (`YY/MM/DD`; real files write other forms too). A dotted
    two-digit date (`23.04.26`) is read as the event's own date (`near`: its start, else its end) says: day first
    when that reading is the nearer to it. A German program's 132 was read as three rounds a
    year apart (2023-04-26, 2024-04-26 ...) beside its 042 of 23.04.26 (a hostile pass)."""
    if "132" not in tags:
        return ()
    n = lines["132"]
    found: list[date | None] = []
    for text in " ".join(tags["132"]).split():
        read = read_date(text, two_digit_year=True)
        other = read_date(text, two_digit_year=True, short_day_first=True)
        if near is not None and other is not None and _days_off(as_date(other), near) < _days_off(as_date(read), near):
            read = (*other[:3], False)
        day = as_date(read)
        if read is None or day is None:
            reader.problem(n, "unreadable_date", f"line {n}: round date {text!r} could not be read", value=text,
                           tag="132")
        elif not in_range(read):
            reader.problem(n, "date_out_of_range", f"line {n}: round date {text!r} is outside {DATE_RANGE}: not "
                           "used", value=text, tag="132")
            day = None
        elif read[3]:
            reader.problem(n, "date_order_assumed", f"line {n}: round date {text!r} could be day/month or "
                           f"month/day: read as {day.isoformat()} (day first)", value=text, date=day.isoformat(),
                           tag="132")
        found.append(day)
    return tuple(found)


def _days_off(day: date | None, near: date) -> float:
    return abs((day - near).days) if day is not None else float("inf")


def _check_dates(reader: _Reader, t: Tournament) -> None:
    """The event's dates against each other: an end before its start, a round outside them (each a typing mistake
    that moves the rating period, said; the period counts from the latest of them: `event.period_of`)."""
    lines = t.tag_lines
    if t.start and t.end and t.end < t.start:
        n = lines["052"]
        reader.problem(n, "end_before_start", f"line {n}: the end date {t.end.isoformat()} is before the start date "
                       f"{t.start.isoformat()}", end=t.end.isoformat(), start=t.start.isoformat())
    first, last = t.start or date.min, max(t.end or date.max, t.start or date.min)
    outside = [d for d in t.round_dates if d and not first <= d <= last]
    if outside:
        n = lines["132"]
        reader.problem(n, "round_date_outside", f"line {n}: round date {outside[0].isoformat()} is outside the "
                       "event's start and end dates", date=outside[0].isoformat(), count=len(outside))


def _check(reader: _Reader, tournament: Tournament, players: dict[int, Player]) -> None:
    """What the lines say of each other: opponents that are in the file, other than the player, and name the
    player back, the same result seen from both sides, points that add up (under the default scoring), the count
    of players."""
    # The result the opponent's line should have; a double forfeit (`-` on both lines) is a result too.
    opposite = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", "W": "L", "L": "W", "D": "D"}
    for p in tournament.players:
        for r, opponent, _, result in p.rounds:
            if opponent is None or result == "?":
                continue
            if opponent == p.start:
                reader.problem(p.line, "same_player", f"line {p.line}: round {r}: start number {p.start} is paired "
                               "with their own start number: not rated", round=r, opponent=opponent)
                continue
            other = players.get(opponent)
            if other is None:
                reader.problem(p.line, "opponent_not_in_file", f"line {p.line}: round {r}: opponent {opponent} is "
                               "not in the file: not rated", round=r, opponent=opponent)
                continue
            theirs = other.rounds[r - 1] if r <= len(other.rounds) else None
            if theirs is not None and theirs.result == "?":
                continue  # its own problem says why
            if result == "" and (p.start < opponent or theirs is None or theirs.result != ""):
                reader.problem(p.line, "no_result", f"line {p.line}: round {r}: paired with {opponent}, but no "
                               "result: not rated (a round not yet played?)", round=r, opponent=opponent)
            if theirs is None or theirs.opponent != p.start:
                reader.problem(p.line, "opponent_disagrees", f"line {p.line}: round {r}: opponent {opponent}'s "
                               f"line (line {other.line}) does not name {p.start} in round {r}", round=r,
                               opponent=opponent, other_line=other.line)
            elif p.start < opponent and (result in opposite or (result != "" and theirs.result in opposite)) and \
                    theirs.result not in opposite.get(result, ""):  # a bye's code (H) against a game (0): said too
                reader.problem(p.line, "results_disagree", f"line {p.line}: round {r}: {p.start} has {result!r} "
                               f"against {opponent}, whose line (line {other.line}) has {theirs.result!r}: each "
                               "player is rated by their own line", round=r, opponent=opponent,
                               other_line=other.line, result=result, other_result=theirs.result)
        if tournament.default_scoring and p.points is not None and "?" not in (e.result for e in p.rounds):
            total = sum(POINTS[e.result] for e in p.rounds)
            if total != p.points:
                reader.problem(p.line, "points_differ", f"line {p.line}: points {p.points:.1f} (columns 81-84), "
                               f"but the results add up to {total:.1f}", points=p.points, total=total)
    if "062" in tournament.tags:
        said = tournament.tags["062"][0].split()
        if said and said[0].isdecimal() and int(said[0]) != len(players):
            n = tournament.tag_lines["062"]
            reader.problem(n, "player_count_differs", f"line {n}: tag 062 says {said[0]} players, the file has "
                           f"{len(players)} player lines", said=int(said[0]), found=len(players))
