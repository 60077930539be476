"""Reading a club's results ledger: one game a line (date, the two players, the first player's score),
and its optional players file (`id,name,rating[,active]`).

Lenient in reading, exact in reporting, as `trf`: a line that cannot be read, or is read with a guess,
is a `LedgerProblem` with its file and line number, and the rest is read. Only a file that cannot be a
ledger at all is refused (`LedgerError`, naming the file and the line): a header without a column the
games need, or lines of which not one could be read.

What is read:
- Separators: comma; semicolon (a German or French Excel export, with decimal commas: `0,5`); tab. The
  first line that is not blank decides. Fields in double quotes may hold the separator (`"Meier, Anna"`).
- A header is optional: column names in English, German, French, Spanish, Dutch or Italian (`COLUMNS`),
  in any order, with other columns ignored (said once). Without one: `date,white,black,result`.
- Results (`RESULTS`): the first player's score as clubs write it; `+` and `-` (and `+:-`, `-:+`,
  `--`) are forfeits, listed and not rated.
- Dates: ISO (`2026-03-04`, also with `/` or `.`), `DD.MM.YYYY`, `DD/MM/YYYY` (or `MM/DD/YYYY`); a time
  after the date (`2026-03-04 19:30`, an Excel export's `00:00:00`) is ignored. Whether slashed dates
  are day first is decided for the whole file: by a date that only fits one way (`25/03/2026`), else
  by the locale (month first for `en-US` only), with a problem saying so. A date before 1850 or after
  2199 (`EARLIEST_DATE`, `LATEST_DATE`: 0001 or 9999 is a typing mistake) is a problem, its game not rated.
- Names and ids as `_name` reads them: Unicode's composed form (NFC), without zero-width characters, spaces
  single; two spellings that look alike (`Müller` composed or decomposed, a pasted U+200B) are one player.
- An optional pool column (a time control, a section): each pool is its own ladder.
- A game written again (the same date, players and result) is counted again, as a club may play two games
  the same evening, and said, in case it was entered twice; so are two ids of one name in the players file.
- The players file: `id,name,rating[,active]`, with or without a header; a blank rating is the start
  rating; `active` `no`/`0`/`nein`/`non`/`nee`... marks a retired player. The ledger names players by
  their id (or by their name). Without a players file, the names in the ledger are the players.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import Any, Literal, NamedTuple

from ..contract.csv_writer import FORMULA_STARTS
from ..words.errors import LedgerError, show
from ..words.model import DRAW, EARLIEST_DATE, LATEST_DATE, LOSS, MAX_K, MAX_LEDGER_CHARS, MAX_LEDGER_GAMES, WIN
from ..words.paste import cut_paste, plain_digits
from .scores import (
    HOME_AWAY,
    LEAGUE_COLUMNS,
    SCORE_FORMS,
    YES_WORDS,
    LeagueAt,
    league_score,
    not_played,
    read_game_k,
    read_neutral,
    read_score,
    read_venue,
    walkover,
)
from .trf import decode

Sides = dict[str, tuple[str, ...]]
"""The sides of several players by their id: their players' ids (`Ledger.sides`)."""
Source = Literal["games", "players"]
"""Which file a problem is in: the ledger of games, or the players file."""

PLAYED: dict[str, float] = {
    "1": WIN, "1.0": WIN, "1,0": WIN, "1-0": WIN, "1:0": WIN, "1 - 0": WIN, "1 : 0": WIN,
    "0": LOSS, "0.0": LOSS, "0,0": LOSS, "0-1": LOSS, "0:1": LOSS, "0 - 1": LOSS, "0 : 1": LOSS,
    "0.5": DRAW, ".5": DRAW, "0,5": DRAW, ",5": DRAW, "½": DRAW, "=": DRAW, "1/2": DRAW, "½-½": DRAW, "½:½": DRAW,
    "1/2-1/2": DRAW, "1/2:1/2": DRAW, "0.5-0.5": DRAW, "0,5-0,5": DRAW, "0.5:0.5": DRAW, "0,5:0,5": DRAW,
    "=-=": DRAW, "½ - ½": DRAW, "1/2 - 1/2": DRAW,
    # Words, in the six languages of the widget.
    "draw": DRAW, "d": DRAW, "remis": DRAW, "remise": DRAW, "nulle": DRAW, "nul": DRAW, "partie nulle": DRAW,
    "tablas": DRAW, "patta": DRAW, "pari": DRAW,
    "win": WIN, "w": WIN, "loss": LOSS, "l": LOSS,
}
"""A played game's result, as written (lower case), with the first player's score."""
FORFEITS: dict[str, float | None] = {
    "+": WIN, "+:-": WIN, "+/-": WIN, "+-": WIN, "1-0f": WIN, "1-0 f": WIN, "1f-0f": WIN, "1-0ff": WIN,
    "-": LOSS, "-:+": LOSS, "-/+": LOSS, "-+": LOSS, "0-1f": LOSS, "0-1 f": LOSS, "0f-1f": LOSS, "0-1ff": LOSS,
    "--": None, "-:-": None, "-/-": None, "0-0": None, "0:0": None,
}
"""A game not played: won or lost by forfeit (the first player's points), or forfeited by both (None).
Listed, never rated."""
RESULTS = {**PLAYED, **FORFEITS}
"""Every result form read (`PLAYED`, `FORFEITS`)."""

COLUMNS: dict[str, tuple[str, ...]] = {
    # Each as `_key` writes a header's cell: lower case, without accents, spaces or punctuation.
    "date": ("date", "datum", "fecha", "data", "day", "dag", "jour", "dia", "giorno", "tag", "played"),
    "white": ("white", "weiss", "blanc", "blancs", "blancas", "blanco", "wit", "bianco", "bianchi", "player1",
              "spieler1", "joueur1", "jugador1", "speler1", "giocatore1", "home", "heim", "team1", "hometeam",
              "heimmannschaft", "equipe1", "equipo1", "ploeg1", "squadra1", "thuis", "casa", "domicile", "local"),
    "black": ("black", "schwarz", "noir", "noirs", "negras", "negro", "zwart", "nero", "neri", "player2",
              "spieler2", "joueur2", "jugador2", "speler2", "giocatore2", "away", "gast", "team2", "awayteam",
              "gastmannschaft", "equipe2", "equipo2", "ploeg2", "squadra2", "uit", "trasferta", "exterieur",
              "visitante", "visitor", "visitors"),
    "result": ("result", "results", "ergebnis", "resultat", "resultado", "uitslag", "resultaat", "risultato",
               "score", "punkte", "points", "puntos", "punten", "punti", "ftr", "res"),
    "pool": ("pool", "pools", "gruppe", "poule", "grupo", "groep", "girone", "gruppo", "section", "ladder",
             "timecontrol", "bedenkzeit", "cadence", "ritmo", "tempo", "cadenza", "speed", "tc"),
}
"""The ledger's columns and the header names read for each, in en de fr es nl it."""
PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "id": ("id", "nr", "no", "number", "nummer", "numero", "code", "key", "kennung", "identifiant", "codigo"),
    "name": ("name", "names", "nom", "nombre", "naam", "nome", "player", "spieler", "joueur", "jugador", "speler",
             "giocatore", "fullname"),
    "rating": ("rating", "ratings", "elo", "wertung", "wertungszahl", "dwz", "classement", "cote", "puntuacion",
               "punteggio", "start", "startrating"),
    "active": ("active", "aktiv", "actif", "active", "activo", "actief", "attivo", "status"),
}
"""The players file's columns and the header names read for each."""
INACTIVE_WORDS = frozenset(("no", "n", "0", "false", "nein", "non", "nee", "retired", "inactive", "inaktiv", "inactif",
                            "inactivo", "inactief", "inattivo", "ritirato", "retire", "retiree", "ausgetreten"))
"""An `active` cell that marks a retired player."""
ACTIVE_WORDS = frozenset(("", "yes", "y", "1", "true", "ja", "j", "oui", "o", "si", "s", "sì", "sí", "actief",
                          "active", "aktiv", "actif", "activo", "attivo"))

MONTH_FIRST_LOCALES = ("en-us", "en_us", "us")
"""Locales that write `MM/DD/YYYY`; every other reads `DD/MM/YYYY` (the widget's other five languages, and
English outside the United States)."""

DATE_RANGE = f"{EARLIEST_DATE.isoformat()} to {LATEST_DATE.isoformat()}"
"""The dates read, as a message says them."""


PROBLEMS = {
    "unreadable_line": "a line with fewer columns than a game needs: not read",
    "unreadable_date": "a date that could not be read: the game is not rated",
    "date_out_of_range": "a date before 1850 or after 2199 (a typing mistake): the game is not rated",
    "date_in_future": "a date after today (a mistyped year?): rated; who is inactive is counted from the last date "
                      "before it",
    "date_order_assumed": "slashed dates that could be day/month or month/day: read the locale's way",
    "date_order_differs": "a slashed date that only fits the order the rest of the file does not use",
    "unknown_result": "a result that is no result form: the game is not rated",
    "score_in_chess": "a score no chess result is (2-1) in a file read as a chess ledger: not rated; a league's file "
                      "names its columns home and away",
    "no_player": "a game with a player's cell empty: not rated",
    "same_player": "a game of a player with themselves: not rated",
    "unknown_player": "a player the players file does not list: the game is not rated",
    "name_variant": "a player written another way than before (case, spaces): read as the same player",
    "columns_ignored": "columns the ladder does not read",
    "before_header": "a line before the header (a title): not read",
    "too_many_games": "more games than a ledger holds: the rest are not read",
    "text_cut": "a file longer than a ledger can be: the rest is not read",
    "encoding_assumed": "a file that is not UTF-8: read as Windows-1252 (Latin-1)",
    "bad_rating": "a start rating that is no rating: the player starts from the start rating",
    "unknown_active": "an active mark that is neither yes nor no: the player taken as active",
    "duplicate_player": "a second line with the same id: not read",
    "same_name": "a second id with the name of another: two players of one name",
    "repeated_game": "the same date, players and result as an earlier line: counted again (entered twice?)",
    "no_id": "a players line without an id: not read",
    "not_a_score": "a league's result that is no score: the game is not rated",
    "no_score": "a league's game without a score (not played yet?): not rated",
    "not_played": "a league's game not played (postponed, cancelled, abandoned): not rated",
    "walkover_no_winner": "a walkover (w/o) that does not say which side won it: not rated",
    "read_as_league": "0-0 read as a goalless draw, the file being a league's: not a double forfeit",
    "unknown_neutral": "a neutral mark that is neither yes nor no: the game is not rated",
    "neutral_n": "a neutral column that writes only N: read as neutral venues",
    "unknown_venue": "a venue that is neither home, away nor neutral: the game is not rated",
    "season_backwards": "a game of a season that had ended: not rated",
    "bad_k": "a game's K that is no K: the game is not rated",
    "unknown_match_type": "a match type the rules do not know: rated with the rules' K",
    "side_too_big": "a side of more players than a side has: not rated",
    "side_not_rated": "games of sides of several players (A+B), under a system that rates players one by one: not "
                      "rated",
}
"""Every problem the reader reports, by code (each problem's message says it of its own line)."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ISO = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")
_DOTTED = re.compile(r"(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})")
_SLASHED = re.compile(r"(\d{1,2})([/-])(\d{1,2})\2(\d{4})")
_SHORT_YEAR = re.compile(r"(\d{1,2})([/.])(\d{1,2})\2(\d{2})")
"""`16/08/24`, `16.08.24`: a day, a month and a year's last two digits (football-data.co.uk's older seasons)."""


def _long_year(text: str) -> str:
    """`text` with a two-digit year (`_SHORT_YEAR`) written whole, as POSIX's `%y` reads one: 69 to 99 the 1900s,
    00 to 68 the 2000s (`16/08/24` as `16/08/2024`, `14/08/93` as `14/08/1993`); any other text as it is. Not a
    dashed one (`3-3-1` is a score)."""
    m = _SHORT_YEAR.fullmatch(text)
    return text if m is None else f"{m[1]}{m[2]}{m[3]}{m[2]}{(1900 if int(m[4]) >= 69 else 2000) + int(m[4])}"
_TIME = re.compile(r"[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*$")
_SPACES = re.compile(r"\s+")
_OTHER_SPACE = re.compile(r"[^\S \r\n]")
"""White space but the space and line breaks (a tab, a no-break space...: `\\s` is what `str.strip` takes)."""


class LedgerGame(NamedTuple):
    """One line of the ledger (a tuple: a ledger may hold 100 000)."""

    line: int
    """1-based line number in the ledger."""
    date: date
    white: str
    """The first player's id (the name as written, without a players file)."""
    black: str
    score: float | None
    """The first player's score; None for a double forfeit."""
    forfeit: bool
    """A game not played (`+`, `-`): listed, not rated."""
    pool: str | None
    """The pool (None without a pool column)."""
    result: str
    """The result as written."""
    points: tuple[int, int] | None
    """A league's score: the first side's points and the second's (None without one: a chess result, a `W`)."""
    venue: str
    """The first-named side's venue: `home` (a chess game's, and a league's unless said), `away` or `neutral`."""
    season: str | None
    """The `season` cell (None without a season column: the rules' season of its date)."""
    k: float | None
    """The game's own K (a `k` column)."""
    match_type: str | None
    """The game's match type (a `match_type` column), which the rules map to a K."""


CHESS = (None, "home", None, None, None)
"""A chess game's league facts: no score, the first-named at home, no season, K or match type of its own."""


@dataclass(frozen=True)
class LedgerProblem:
    """A line that could not be read, or was read with a guess: what was assumed is in the message."""

    source: Source
    line: int | None
    """1-based line number in its file; None for what concerns the whole file."""
    code: str
    """A key of `PROBLEMS`."""
    message: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class LedgerPlayer:
    """A player: a line of the players file, or a name first met in the ledger."""

    id: str
    name: str
    rating: float | None
    """The start rating (None: the ladder's start rating)."""
    active: bool
    """False for a player the players file marks retired."""
    line: int | None
    """The players file's line; None for a player met only in the ledger."""


@dataclass(frozen=True)
class Ledger:
    """What a ledger (and its players file) says: its games in file order, and what could not be read."""

    games: tuple[LedgerGame, ...] = field(repr=False)
    """The games read, forfeits included, in the order of the file."""
    players: tuple[LedgerPlayer, ...] = field(repr=False)
    """Every player: the players file's, in its order, else as first met in the ledger."""
    problems: tuple[LedgerProblem, ...] = field(repr=False)
    separator: str
    header: bool
    """Whether the ledger has a header line."""
    columns: tuple[str, ...]
    """The ledger's columns as read (`date`, `white`, `black`, `result`, `pool`; `""` for one not read)."""
    day_first: bool
    """Slashed dates read as DD/MM/YYYY."""
    has_players_file: bool
    pools: tuple[str | None, ...]
    """The pools in the order they are first met (`(None,)` without a pool column)."""
    league: bool = False
    """A league's ledger: scores (in its results or in score columns), and maybe venues, seasons and weights."""
    sides: Sides = field(default_factory=dict, repr=False)
    """The sides of several players (doubles, squads: `Anna+Ben`) by the id a game names them with: their players'
    ids. Empty without one."""


def _key(cell: str) -> str:
    """A header's cell as `COLUMNS` lists names: lower case, no accents, letters and digits only."""
    text = unicodedata.normalize("NFKD", cell.casefold())
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c))


_NAMES = {name: column for columns in (COLUMNS, LEAGUE_COLUMNS) for column, names in columns.items() for name in names}
_PLAYER_NAMES = {name: column for column, names in PLAYER_COLUMNS.items() for name in names}


def _lines(text: str) -> list[str]:
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff").rstrip("\x1a"))
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _separator(lines: list[str]) -> str:
    """The separator most of the first twenty written lines hold; on a tie tab, then semicolon (whose files write
    decimal commas), then comma."""
    written = [line for line in lines[:100] if line.strip()][:20]
    return max(("\t", ";", ","), key=lambda sep: sum(sep in line for line in written))


def _padded(lines: list[str], separator: str) -> bool:
    """Whether a cell of the lines may need trimming: a space beside a separator or at a line's start or end, or
    white space other than the space anywhere (a tab, a no-break space: what `str.strip` also takes). Asked of
    the whole text at once: a call a cell is slow in Pyodide."""
    text = "\n".join(lines)
    return (separator.isspace() or _OTHER_SPACE.search(text) is not None or " " + separator in text
            or separator + " " in text or " \n" in text or "\n " in text or text[:1] == " " or text[-1:] == " ")


def _rows(lines: list[str], separator: str) -> Iterator[tuple[int, list[str]]]:
    """Each non-blank row with the line it starts on, its cells trimmed; a quoted field may hold the separator
    and span lines. Lines without a quote are split as they are (what the csv module does to them, quicker)."""
    if not any('"' in line for line in lines):
        if not _padded(lines, separator):  # no cell to trim (most files): only split, without a call a cell
            for n, line in enumerate(lines, 1):
                if line and (line[0] != separator or line.strip(separator)):  # blank: separators only
                    yield n, line.split(separator)
            return
        for n, line in enumerate(lines, 1):
            cells = [cell.strip() for cell in line.split(separator)]
            if any(cells):
                yield n, cells
        return
    reader = csv.reader(lines, delimiter=separator, skipinitialspace=True)
    start = 1
    for row in reader:
        if any(cell.strip() for cell in row):
            yield start, [cell.strip() for cell in row]
        start = reader.line_num + 1


def _header(row: list[str], names: dict[str, str], alone: frozenset[str] = frozenset()) -> dict[str, int] | None:
    """The columns a header names (column -> index), or None when the row is no header: fewer than two known names,
    unless its one cell names one of the columns `alone` may head (a players file of names alone under `name`: it
    was a player called "name"). A results file's title line ("Ladder") is no header."""
    found: dict[str, int] = {}
    for i, cell in enumerate(row):
        column = names.get(_key(cell))
        if column is not None and column not in found:
            found[column] = i
    one = len(found) == 1 and set(found) <= alone and sum(1 for cell in row if cell.strip()) == 1
    return found if len(found) >= 2 or one else None


class _Reader:
    def __init__(self) -> None:
        self.problems: list[LedgerProblem] = []

    def problem(self, source: Source, line: int | None, code: str, message: str, **params: Any) -> None:
        self.problems.append(LedgerProblem(source, line, code, message, params))


def _slashed_order(texts: Iterable[tuple[int, str]]) -> tuple[bool | None, int | None]:
    """What the slashed dates say of their order: True day first, False month first, None undecided (the first
    date that fits one way only decides); and the line of the first date that could be either."""
    decided: bool | None = None
    ambiguous_at = None
    seen: set[str] = set()
    for n, text in texts:
        if text in seen:  # a ledger writes each date many times: its first line is the one that counts
            continue
        seen.add(text)
        m = _SLASHED.fullmatch(_long_year(_TIME.sub("", text).strip()))
        if m is None:
            continue
        first, second = int(m[1]), int(m[3])
        if first > 12 >= second:
            if decided is None:
                decided = True
        elif second > 12 >= first:
            if decided is None:
                decided = False
        elif first != second and ambiguous_at is None:
            ambiguous_at = n
    return decided, ambiguous_at


def read_date(text: str, *, day_first: bool = True) -> date | None:
    """A ledger's date: ISO (`2026-03-04`, `2026/03/04`, `2026.03.04`), `DD.MM.YYYY`, or `DD/MM/YYYY`
    (`MM/DD/YYYY` with `day_first=False`), those two with a two-digit year too (`16/08/24`); a time after it is
    ignored. None when it is no date, or one
    outside `EARLIEST_DATE` to `LATEST_DATE` (`any_date` reads it).

    >>> read_date("2026-03-04"), read_date("4.3.2026"), read_date("03/04/2026", day_first=False)
    (datetime.date(2026, 3, 4), datetime.date(2026, 3, 4), datetime.date(2026, 3, 4))
    >>> read_date("31.02.2026") is None, read_date("0001-03-04") is None
    (True, True)
    """
    day = any_date(text, day_first=day_first)
    return day if day is not None and EARLIEST_DATE <= day <= LATEST_DATE else None


def any_date(text: str, *, day_first: bool = True) -> date | None:
    """`read_date`, of any year `datetime` has (0001 to 9999); a two-digit year by `_long_year`."""
    text = _long_year(_TIME.sub("", text).strip())
    if m := _ISO.fullmatch(text):
        year, month, day = int(m[1]), int(m[3]), int(m[4])
    elif m := _DOTTED.fullmatch(text):
        day, month, year = int(m[1]), int(m[2]), int(m[3])
    elif m := _SLASHED.fullmatch(text):
        first, second, year = int(m[1]), int(m[3]), int(m[4])
        day, month = (first, second) if day_first else (second, first)
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def read_result(text: str) -> tuple[float | None, bool] | None:
    """A result as written: (the first player's score, forfeit); None when it is no result form.

    >>> read_result("½"), read_result("1:0"), read_result("+"), read_result("--"), read_result("maybe")
    ((0.5, False), (1.0, False), (1.0, True), (None, True), None)
    """
    key = plain_digits(text).strip().lower()
    if key in PLAYED:
        return PLAYED[key], False
    if key in FORFEITS:
        return FORFEITS[key], True
    key = _SPACES.sub("", key)
    if key in PLAYED:
        return PLAYED[key], False
    if key in FORFEITS:
        return FORFEITS[key], True
    return None


_THOUSANDS = re.compile(r"\d[.,']\d{3}")
"""`1.850`, `1,850`, `1'850`: a rating written with a thousands separator (no rating is 1.85)."""


def _number(text: str) -> float | None:
    """A rating as a players file writes it: a decimal point or comma, or a thousands separator."""
    text = plain_digits(text).strip()
    text = text.replace(".", "").replace(",", "").replace("'", "") if _THOUSANDS.fullmatch(text) else \
        text.replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


_INVISIBLE = dict.fromkeys([*map(ord, "\u200b\u200c\u200d\u2060\ufeff"), *range(0x00, 0x09), 0x0b, 0x0c,
                             *range(0x0e, 0x20), 0x7f])
"""Zero-width characters (space, non-joiner, joiner, word joiner, and the byte order mark, a zero-width no-break
space inside a text) and the control characters but white space (a NUL from a damaged file), dropped from names:
pasted from a web page or a chat they are invisible in a file, and made one player two. (Persian and Indic names
may hold a non-joiner that shapes their letters: the name is then shown with its letters joined, still the same
name, which is what the ladder must know.)"""


_KEPT_AS_TEXT = re.compile("'(?=\\s*[" + re.escape("".join(FORMULA_STARTS)) + "])")
"""The apostrophe a CSV writer puts before a cell a spreadsheet would run as a formula (`csv_writer`, the WordPress
plugin's ladder files, Excel's own): not part of the name."""


def _name(text: str) -> str:
    """A player's id or name as the ladder knows them: without zero-width characters, in Unicode's composed form
    (NFC: `Müller` with `u` and a combining diaeresis, as macOS and some exports write it, is the `Müller` with `ü`
    of the other lines), its spaces single, without the apostrophe that kept a formula-like name as text
    (`'=Anna` is `=Anna`). The name shown is this one, so both spellings show alike."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", text.translate(_INVISIBLE))).strip()
    return name[1:] if _KEPT_AS_TEXT.match(name) else name


RESULT_FORMS = "1-0, 0-1, ½-½, 1, 0, ½, =, draw, or + or - for a forfeit"
"""The result forms a message names when a result is none of `RESULTS` (the common ones: every form is there)."""
DATE_FORMS = "YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY"


def _why_no_date(text: str) -> str:
    """Why a cell is no date, as a message says it: a form of a date with no such day (`no month 13`), or no form."""
    bare = _long_year(_TIME.sub("", text).strip())
    numbers = None
    if m := _ISO.fullmatch(bare):
        numbers = int(m[3]), int(m[4])
    elif m := _DOTTED.fullmatch(bare):
        numbers = int(m[2]), int(m[1])
    elif m := _SLASHED.fullmatch(bare):  # either way round: a month over 12 is there both ways only if both are
        numbers = min(int(m[1]), int(m[3])), max(int(m[1]), int(m[3]))
    if numbers is None:
        return f"expected {DATE_FORMS}"
    month, day = numbers
    if not 1 <= month <= 12:
        return f"there is no month {month}"
    return f"there is no day {day} in that month"


def _listed(names: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _text_lines(reader: _Reader, source: Source, data: str | bytes) -> list[str]:
    """A file's lines: its bytes decoded (`trf.decode`: UTF-16 by its byte order mark, UTF-8, else Windows-1252,
    said), a byte order mark dropped, and a text over `MAX_LEDGER_CHARS` cut at a line break (said)."""
    if isinstance(data, bytes):
        text, encoding, line = decode(data)
        if encoding in ("windows-1252", "latin-1"):
            reader.problem(source, line, "encoding_assumed", f"line {line}: the file is not UTF-8: read as "
                           f"{encoding}, as Windows programs write it", encoding=encoding)
    else:
        text = data
    if len(text) > MAX_LEDGER_CHARS:
        text, (count, first) = cut_paste(text, MAX_LEDGER_CHARS)
        reader.problem(source, first, "text_cut", f"line {first}: the file is over {MAX_LEDGER_CHARS} characters: "
                       f"{count} lines from here are not read", count=count, max=MAX_LEDGER_CHARS)
    return _lines(text)


def _players(reader: _Reader, data: str | bytes) -> list[LedgerPlayer]:
    """The players file: `id,name,rating[,active]`, with or without a header."""
    lines = _text_lines(reader, "players", data)
    rows = list(_rows(lines, _separator(lines)))
    columns = {"id": 0, "name": 1, "rating": 2, "active": 3}
    if rows and (found := _header(rows[0][1], _PLAYER_NAMES, alone=frozenset(("id", "name")))) is not None:
        if "id" not in found and "name" in found:
            found["id"] = found["name"]
        if "id" not in found:
            raise LedgerError(f"line {rows[0][0]}: the header names no id or name column", rows[0][0], "players")
        columns = found
        rows = rows[1:]
    players: list[LedgerPlayer] = []
    seen: dict[str, int] = {}
    names: dict[str, LedgerPlayer] = {}
    """A name (case and spaces aside) -> its first player: two ids of one name are two rows no one can tell apart."""
    for n, row in rows:
        cell = {column: row[i] if i < len(row) else "" for column, i in columns.items()}
        player_id = _name(cell["id"])
        if not player_id:
            reader.problem("players", n, "no_id", f"line {n}: id {show(cell['id'])} is empty: a player needs an id "
                           "(or a name): not read", column="id", value=cell["id"], text=show(",".join(row)))
            continue
        key = player_id.casefold()
        if key in seen:
            reader.problem("players", n, "duplicate_player", f"line {n}: id {player_id!r} is also on line "
                           f"{seen[key]}: this line is not read", column="id", value=player_id, id=player_id,
                           other_line=seen[key])
            continue
        seen[key] = n
        rating = None
        if cell.get("rating"):
            rating = _number(cell["rating"])
            if rating is None or not 0 <= rating <= 4000:
                reader.problem("players", n, "bad_rating", f"line {n}: rating {show(cell['rating'])} of "
                               f"{player_id!r} is not a rating (a number from 0 to 4000): starts from the start "
                               "rating", column="rating", value=cell["rating"])
                rating = None
        mark = _key(cell.get("active", ""))
        active = mark not in INACTIVE_WORDS
        if mark not in INACTIVE_WORDS and mark not in ACTIVE_WORDS:
            reader.problem("players", n, "unknown_active", f"line {n}: active {show(cell['active'])} is neither "
                           "yes nor no: taken as active", column="active", value=cell["active"])
        player = LedgerPlayer(player_id, _name(cell.get("name", "")) or player_id, rating, active, n)
        first = names.setdefault(player.name.casefold(), player)
        if first is not player:
            reader.problem("players", n, "same_name", f"line {n}: ids {first.id!r} (line {first.line}) and "
                           f"{player_id!r} have the same name: {player.name!r}", id=player_id, other_id=first.id,
                           other_line=first.line, name=player.name)
        players.append(player)
    return players


def read_ledger(text: str | bytes, players: str | bytes | None = None, *, locale: str = "en",
                league: bool = False) -> Ledger:
    """Read a results ledger and, when given, its players file (each as its text, or its bytes: UTF-16 by its byte
    order mark, UTF-8, else Windows-1252, as `trf.decode` reads them). `league`: the ledger is rated by a league's
    rules (a preset, a home advantage, a margin, seasons), so it is read as a league's whatever its scores are (a
    football file of 1-0, 0-1 and 0-0 is no chess ledger); else its columns and scores decide (`_is_league`).

    Raises `LedgerError` when the text cannot be a ledger (a header without a date, player or result column;
    no line read as a game at all); every other problem is in `Ledger.problems`.

    >>> ledger = read_ledger("2026-03-04,Anna,Ben,1\\n2026-03-11,Ben,Anna,½\\n2026-03-11,Anna,Cleo,+")
    >>> [(g.line, g.white, g.black, g.score, g.forfeit) for g in ledger.games]
    [(1, 'Anna', 'Ben', 1.0, False), (2, 'Ben', 'Anna', 0.5, False), (3, 'Anna', 'Cleo', 1.0, True)]
    """
    reader = _Reader()
    listed = _players(reader, players) if players is not None else None
    sheet = _sheet(reader, text, locale, league)
    cells = _LeagueCells(sheet)
    games, met, pools, first_unread, sides = _games(reader, sheet, listed, cells)
    if sheet.league is not None and sheet.league.season is not None:
        games = _season_order(reader, games)
    if sheet.league is not None and sheet.league.home_score is None:
        _goalless(reader, games, cells.scores)
    if cells.n_neutral is not None:
        reader.problem("games", cells.n_neutral, "neutral_n", f"line {cells.n_neutral}: the neutral column writes only "
                       "N, read as neutral venues: where N means no, write Y for a neutral game, or 1 and 0")
    if sheet.league is None and sheet.teams:
        _scores_in_chess(reader)
    _repeated(reader, games, sheet.league is not None)
    if not games and first_unread is not None:
        raise _no_game(first_unread, sheet.separator)
    _players_of_none(reader, games, listed)
    ledger = _ledger(reader, sheet, games, listed if listed is not None else met, listed is not None, tuple(pools))
    return replace(ledger, sides=sides) if sides else ledger


def _pool(cell: str | None) -> str | None:
    """A pool's cell without the apostrophe that kept a formula-like one as text (`'=SUM(1)` is `=SUM(1)`), as a
    name's; None without a pool column."""
    return cell[1:] if cell is not None and _KEPT_AS_TEXT.match(cell) else cell


def _players_of_none(reader: _Reader, games: list[LedgerGame], listed: list[LedgerPlayer] | None) -> None:
    """Refuse a players file for want of which not one game is rated: another file given for it (the games file, a
    typo's) was read as players and rated nothing, with an exit code of success (a hostile pass). The message names
    the first player it lacks, and holds for a file that lists some of the players too."""
    unknown = next((p for p in reader.problems if p.code == "unknown_player"), None)
    if not games and listed is not None and unknown is not None:
        raise LedgerError(f"line 1: not one game can be rated with this players file: each names a player it does not "
                          f"list, such as {unknown.params['player']!r} (line {unknown.line} of the games): is it the "
                          "players file of these games (id, name, rating, active)?", 1, "players",
                          reason="players_of_none", player=unknown.params["player"])


def _games(reader: _Reader, sheet: _Sheet, listed: list[LedgerPlayer] | None, cells: _LeagueCells | None = None,
           ) -> tuple[list[LedgerGame], list[LedgerPlayer], dict[str | None, None], int | None, Sides]:
    """The sheet's rows read as games (each line's problems said), the players met (in the order met), the pools
    (in the order met), the first line that could not be read, and the sides of several players (`_side`)."""
    ids = _ids(listed)
    known: dict[str, str] = {}  # a player's cell as written -> their id, once read (and any problem of it said)
    met: list[LedgerPlayer] = []
    games: list[LedgerGame] = []
    pools: dict[str | None, str | None] = {}  # a pool's cell as written -> the pool, in the order met
    # What a cell reads as, kept by its text (a league's by all of a line's: `_LeagueCells`): a ledger repeats them.
    dates: dict[str, date | None] = {}
    results: dict[str, tuple[float | None, bool] | None] = {}
    result: tuple[float | None, bool] | None
    facts, read_cells, first_unread = CHESS, _LeagueCells(sheet) if cells is None else cells, None
    date_at, white_at, black_at, result_at = sheet.at
    pool_at, width, day_first, league, lo, cells_width = (sheet.pool_at, sheet.width, sheet.day_first, sheet.league,
                                                          read_cells.side_by_side, read_cells.width)
    # One game a line, the hot loop of a 100 000-game ledger: no call a line but those reading a new cell's text
    # (each call a game is slow in Pyodide); a line's problems are said by calls, on the lines that have them.
    for index, (n, row) in enumerate(sheet.rows):
        if (size := len(row)) < width:
            first_unread = first_unread or n
            _short_row(reader, sheet, n, row)
            continue
        if index >= MAX_LEDGER_GAMES and len(games) >= MAX_LEDGER_GAMES:  # a row a game at most: no len() before
            _too_many(reader, n, len(sheet.rows) - index)
            break
        date_text, white_text, black_text, result_text = row[date_at], row[white_at], row[black_at], row[result_at]
        if (day := dates[date_text] if date_text in dates else _date(dates, date_text, day_first)) is None:
            if _no_date(reader, n, date_text, day_first):
                first_unread = first_unread or n
            continue
        if league is not None:  # a league's score, venue, season and weight, kept by the texts of their cells
            key = tuple(row[lo:cells_width]) if lo is not None and size >= cells_width else read_cells.key(row)
            try:  # one look-up where `in` and `[]` take two (a tuple's hash is not kept)
                result_text, result, facts = read_cells[key]
            except KeyError:
                if (read := read_cells.read(reader, n, row, key)) is None:
                    continue
                result_text, result, facts = read
        elif (result := results[result_text] if result_text in results else _result(results, result_text)) is None:
            _no_result(reader, n, result_text)
            continue
        # `in` and `[]`, not `get`: operators, not calls.
        white = known[white_text] if white_text in known else _player(reader, n, "white", white_text, ids, known,
                                                                       met, listed is not None)
        black = known[black_text] if black_text in known else _player(reader, n, "black", black_text, ids, known,
                                                                       met, listed is not None)
        if white is None or black is None:
            continue
        if white == black or ((SIDE_JOIN in white or SIDE_JOIN in black) and _overlap(ids, white, black)):
            _same_player(reader, n, black_text, white, black, ids)
            continue
        cell = None if pool_at is None else row[pool_at] if pool_at < len(row) else ""
        pool = pools[cell] if cell in pools else pools.setdefault(cell, _pool(cell))
        # tuple.__new__, not LedgerGame(...): the same tuple without a Python call (half the time, in Pyodide).
        games.append(tuple.__new__(LedgerGame, (n, day, white, black, result[0], result[1], pool, result_text, *facts)))
    sides = {side: members(ids, side) for key, side in ids.items() if key.startswith(_SIDE_KEY)}
    return games, met, dict.fromkeys(pools.values()), first_unread, sides


class _Sheet(NamedTuple):
    """A ledger's text as a sheet: its separator, whether it has a header, its columns (name -> index) and the
    places of the date, white, black and result (`at`) and of the pool, the width a game's row needs, its rows
    after the header (line number, cells), and whether its dates are day first."""

    separator: str
    header: bool
    columns: dict[str, int]
    at: tuple[int, int, int, int]
    pool_at: int | None
    width: int
    rows: list[tuple[int, list[str]]]
    day_first: bool
    league: LeagueAt | None
    """A league's columns (None for a chess ledger: no score in it)."""
    away_first: bool = False
    """A league's result cell is the away side's first (`_sheet`)."""
    teams: bool = False
    """Its header names its sides other than by chess's colours (`team1,team2`: `_scores_in_chess`)."""


def _sheet(reader: _Reader, text: str | bytes, locale: str, league: bool = False) -> _Sheet:
    """The ledger's text read as a sheet (its lines, separator, rows, columns and its dates' order); `league`: read
    as a league's (`read_ledger`)."""
    lines = _text_lines(reader, "games", text)
    separator = _separator(lines)
    columns, header, rows, league, teams = _columns(reader, list(_rows(lines, separator)), separator, league)
    # Two score columns stand for the result column: the first's place is the result's.
    at = columns["date"], columns["white"], columns["black"], columns.get("result", columns.get("home_score", 0))
    width = max((*at, columns.get("home_score", 0), columns.get("away_score", 0))) + 1
    league_at = None if not league else LeagueAt(*(columns.get(c) for c in LeagueAt._fields))
    # A score written in one cell follows the order the file lists the sides: where the away column comes before the
    # home column (`date,away,home,score`, as US files write it), `10-24` is the away side's 10 to the home side's 24.
    away_first = league and "home_score" not in columns and columns["black"] < columns["white"]
    return _Sheet(separator, header, columns, at, columns.get("pool"), width, rows,
                  _day_first(reader, rows, at[0], locale), league_at, away_first, teams)


LEAGUE_SAMPLE = 5000
"""The rows whose results decide whether a ledger without score columns is a league's."""


def _is_league(rows: list[tuple[int, list[str]]], columns: dict[str, int], rules: bool = False,
               header: list[str] | None = None) -> bool:
    """Whether a ledger is a league's (its `1-0` a one-goal win, its `0-0` a goalless draw), in this order:
    - it is rated by a league's `rules` (`read_ledger`'s `league`): it is;
    - it has two score columns, and no result column or sides not named white and black (a chess team match keeps
      its board points beside its result): it is;
    - its result column writes a draw only chess writes (`½`, `=`, `remis`; not `D` or `draw`, which a league's W, D,
      L writes too): it is not;
    - it has a column only a league has (`neutral`, `match_type`): it is (a football file's commonest scores are 1-0,
      0-1 and 0-0);
    - none of its results is a score no chess result is, or a home or away win (`league_score`: `3-1`, `2-2`,
      `H`): it is not;
    - its `header` names the sides as a league does (`LEAGUE_SIDES`: `home` and `away`, `Heim` and `Gast`), or names
      its result column `score` and its sides not white and black: it is;
    - else when more than half of its results are such scores.
    Blank results (a game not played yet: a season's fixtures) do not count, nor marks of a game not played (`P-P`,
    `postponed`: `scores.NOT_PLAYED`). Results both write (`1-0`, `0-1`, `0-0`)
    make no file a league's: in a file of home and away they are scores, in one that only its scores can tell they
    count against it, so a chess ledger with a `2-0` typed for a `1-0` stays a chess ledger, its line said."""
    sides = {_key(header[columns[c]]) for c in ("white", "black")} if header else set()
    if rules or ("home_score" in columns and "away_score" in columns and not ("result" in columns
                                                                              and sides & CHESS_SIDES)):
        return True
    at = columns.get("result")
    if at is None:
        return False
    # The first LEAGUE_SAMPLE rows decide (a league writes scores throughout; a pass over 100 000 is slow in Pyodide).
    written = Counter(row[at] for _, row in rows[:LEAGUE_SAMPLE] if at < len(row) and row[at])
    for text in [t for t in written if not_played(t)]:  # a game not played (`P-P`) does not vote, as a blank
        del written[text]
    if any(_chess_draw(t) for t in written):
        return False
    if LEAGUE_ONLY & columns.keys():
        return True
    scores = sum(written[t] for t in written if league_score(t))
    if not scores:
        return False
    if sides & LEAGUE_SIDES or (header and _key(header[at]) == "score" and not sides & CHESS_SIDES):
        return True
    return 2 * scores > written.total()


def _chess_draw(text: str) -> bool:
    """Whether a result is a draw only chess writes (`½`, `=`, `remis`): not a score, nor a league's `D`."""
    key = _SPACES.sub("", plain_digits(text)).lower()
    return PLAYED.get(key) == DRAW and key not in LEAGUE_DRAWS and read_score(text) is None


LEAGUE_ONLY = frozenset(("neutral", "match_type"))
"""The columns only a league's file has (a chess ledger may keep a season, a game's K, or its venue: the club's hall,
an `Ort`, a `lieu`)."""
LEAGUE_DRAWS = frozenset(("d", "draw"))
"""The draws of `PLAYED` that a league's W, D, L writes too: they do not make a file a chess ledger."""
LEAGUE_SIDES = frozenset(("home", "heim", "hometeam", "heimmannschaft", "thuis", "casa", "domicile", "local", "away",
                          "gast", "awayteam", "gastmannschaft", "uit", "trasferta", "exterieur", "visitante", "visitor",
                          "visitors"))
"""The names of `COLUMNS`' white and black that name a league's sides (home and away): a header of them marks a
league's file."""
CHESS_SIDES = frozenset(("white", "weiss", "blanc", "blancs", "blancas", "blanco", "wit", "bianco", "bianchi", "black",
                         "schwarz", "noir", "noirs", "negras", "negro", "zwart", "nero", "neri"))
"""The names of `COLUMNS`' white and black that are chess's colours (`white`, `Weiss`, `noir`...)."""


def _date(dates: dict[str, date | None], text: str, day_first: bool) -> date | None:
    """`read_date(text)`, kept in `dates` by its text."""
    dates[text] = read_date(text, day_first=day_first)
    return dates[text]


def _result(results: dict[str, tuple[float | None, bool] | None], text: str) -> tuple[float | None, bool] | None:
    """`read_result(text)`, kept in `results` by its text."""
    results[text] = read_result(text)
    return results[text]


def league_result(text: str) -> tuple[float | None, bool, tuple[int, int] | None] | None:
    """A league's result: a score (the first side's score follows from it), else a home or away win (`H`, `A`), else
    a result form without a score (`W`, `½`, a forfeit), else a walkover of a score or a forfeit mark (`3-0 w/o`,
    `+:- kampflos`: a forfeit, its points kept); None when it is none (a bare `w/o` too: it says no side).

    >>> league_result("3-1"), league_result("0-0"), league_result("W"), league_result("A"), league_result("3-")
    ((1.0, False, (3, 1)), (0.5, False, (0, 0)), (1.0, False, None), (0.0, False, None), None)
    >>> league_result("3-0 w/o"), league_result("+:- kampflos"), league_result("w/o"), league_result("1-1 w/o")
    ((1.0, True, (3, 0)), (1.0, True, None), None, None)
    """
    points = read_score(text)
    if points is not None:
        return (WIN if points[0] > points[1] else DRAW if points[0] == points[1] else LOSS), False, points
    if (home_away := text.strip().casefold()) in HOME_AWAY:
        return HOME_AWAY[home_away], False, None
    result = read_result(text)
    if result is None and (awarded := walkover(text)):
        # A walkover is won by the side its score or mark says (a level score says none).
        won = league_result(awarded)
        return None if won is None or won[0] == DRAW else (won[0], True, won[2])
    return None if result is None else (*result, None)


def _home_first(result: tuple[float | None, bool, tuple[int, int] | None] | None,
                ) -> tuple[float | None, bool, tuple[int, int] | None] | None:
    """A league's result written the away side's first (`_Sheet.away_first`) as the first-named (home) side's."""
    if result is None:
        return None
    score, forfeit, points = result
    return None if score is None else WIN - score, forfeit, None if points is None else (points[1], points[0])


def _cell(row: list[str], at: int | None) -> str:
    return "" if at is None or at >= len(row) else row[at].strip()


LeagueRead = tuple[str, tuple[float | None, bool], tuple[Any, ...]]
"""A league's line read: its result as written, its score (the first side's, forfeit) and its facts (`CHESS`'s
order)."""


class _LeagueCells(dict[tuple[str, ...], LeagueRead]):
    """A league's lines read, by the texts of their league cells (score, neutral, season, K, match type): a file of
    100 000 games writes a few hundred such lines, each read once (a call a line is slow in Pyodide). A line that
    cannot be read is not kept: its problem is said at each line."""

    def __init__(self, sheet: _Sheet) -> None:
        super().__init__()
        self.sheet = sheet
        at = sheet.league
        self.at = () if at is None else tuple(sorted({i for i in (*at, sheet.at[3]) if i is not None}))
        self.width = max(self.at, default=-1) + 1
        self.side_by_side = self.at[0] if self.at and len(self.at) == self.width - self.at[0] else None
        """The first league cell's place when the cells are side by side (a row's slice is their texts)."""
        self.scores: dict[str, tuple[float | None, bool, tuple[int, int] | None] | None] = {}
        # A neutral column that writes y or yes anywhere is a yes/no column, whose n is no; without one, its n is
        # neutral (H/A/N's). A column that writes nothing but n (and blanks) could be either: said at its first
        # (`n_neutral`: a yes/no column of a league without a neutral game yet).
        neutral = None if at is None else at.neutral
        # Each text once (a pass over 100 000 rows with a call a row is slow in Pyodide).
        marks = set() if neutral is None else {t.strip().casefold() for t in {row[neutral] for _, row in sheet.rows
                                                                              if neutral < len(row)}}
        self.yes_no = bool(marks & YES_WORDS)
        self.n_neutral = None if neutral is None or "n" not in marks or not marks <= {"n", ""} else next(
            n for n, row in sheet.rows if neutral < len(row) and row[neutral].strip().casefold() == "n")
        """The first line whose neutral cell's N is read as neutral in a column of nothing else, else None."""

    def key(self, row: list[str]) -> tuple[str, ...]:
        """The texts of a row's league cells (a cell past its end is blank); `_games` takes them as a slice of a
        row where they are side by side (most files), the same tuple."""
        return tuple(row[i] if i < len(row) else "" for i in self.at)

    def read(self, reader: _Reader, n: int, row: list[str], key: tuple[str, ...]) -> LeagueRead | None:
        read = _league_cells(reader, n, row, self.sheet, self.scores, self.yes_no)
        if read is not None:
            self[key] = read
        return read


def _league_cells(reader: _Reader, n: int, row: list[str], sheet: _Sheet,
                  scores: dict[str, tuple[float | None, bool, tuple[int, int] | None] | None], yes_no: bool,
                  ) -> LeagueRead | None:
    """A league's line's result (as written: two score columns joined by `-`), its score, and its facts (`CHESS`'s
    order: points, neutral, season, K, match type); None, said at the line, when one of them cannot be read."""
    at = sheet.league
    assert at is not None
    said = _cell(row, at.result)
    scored = at.home_score is not None and at.away_score is not None
    if scored:
        home, away = _cell(row, at.home_score), _cell(row, at.away_score)
        if not home and not away and not said:
            reader.problem("games", n, "no_score", f"line {n}: the score is empty (a game not played yet?): not "
                           "rated", column="home_score", value="")
            return None
        text = f"{home}-{away}" if home or away else said  # blank scores: the result column's result
    else:
        text = row[sheet.at[3]]
        if not text.strip():
            reader.problem("games", n, "no_score", f"line {n}: the score is empty (a game not played yet?): not "
                           "rated", column="result", value="")
            return None
    if _not_played(reader, n, said, text, *((home, away) if scored else ())):
        return None
    if text not in scores:
        result = league_result(text)
        # H and A name the sides by venue: they are the home side's whichever the file lists first.
        away_first = sheet.away_first and text.strip().casefold() not in HOME_AWAY
        scores[text] = _home_first(result) if away_first else result
    result = scores[text]
    if result is None and scored and text != said:
        # Said at the score column whose cell is no number of points, with that cell's own text.
        column, cell = next(((c, v) for c, v in (("home_score", home), ("away_score", away))
                             if read_score(f"{v}-0") is None), ("home_score", home))
        reader.problem("games", n, "not_a_score", f"line {n}: {column} {show(cell)} is not a score: expected a "
                       "whole number of points: not rated", column=column, value=cell)
        return None
    if result is None and walkover(text) is not None:
        _no_winner(reader, n, text)
        return None
    if result is None:
        reader.problem("games", n, "not_a_score", f"line {n}: result {show(text)} is not a score: expected "
                       f"{SCORE_FORMS}: not rated", column="result", value=text)
        return None
    if scored and said and text != said and (result := _beside(reader, n, said, text, result)) is None:
        return None
    if (venue := _venue(reader, n, row, at, yes_no)) is None:
        return None
    k = None
    if _cell(row, at.k):
        k = read_game_k(_cell(row, at.k))
        if k is None:
            reader.problem("games", n, "bad_k", f"line {n}: K {show(_cell(row, at.k))} is not a K (a number above 0 "
                           f"and at most {MAX_K}): not rated", column="k", value=_cell(row, at.k), max=MAX_K)
            return None
    facts = (result[2], venue, _cell(row, at.season) or None, k, _cell(row, at.match_type) or None)
    return text, (result[0], result[1]), facts


def _beside(reader: _Reader, n: int, said: str, text: str, result: tuple[float | None, bool, tuple[int, int] | None],
            ) -> tuple[float | None, bool, tuple[int, int] | None] | None:
    """Line `n`'s game as its score columns' `result` (their `text`) and its result column (`said`) beside them say
    it; None, said, when they disagree."""
    written = league_result(said)
    if written is None and walkover(said) == "":
        # A bare `w/o` beside its awarded score: the score says who won it (a level one, no side).
        if result[0] == DRAW:
            _no_winner(reader, n, said, text)
            return None
        written = (result[0], True, None)
    if written is not None and written[1] and written[0] in (None, result[0]):
        # A forfeit marked beside its awarded score (`3,0,+`), or a double forfeit's (`0,0,--`): not played, not rated.
        return written[0], True, result[2]
    if written is not None and written[0] != result[0]:
        # The score decides the game; a result that says otherwise means one of the two is mistyped, which the file
        # cannot tell: said, not rated (a result no result form is, `2-1 AET`, is a note beside the score).
        reader.problem("games", n, "not_a_score", f"line {n}: result {show(said)} is not what the score {text} "
                       "says (one of them mistyped?): not rated", column="result", value=said)
        return None
    return result


def _not_played(reader: _Reader, n: int, said: str, text: str, *scores: str) -> bool:
    """Whether line `n`'s result (`said`), its score (`text`: the result, or its score columns' joined) or a score
    column marks a game not played (`scores.NOT_PLAYED`: `P-P`, `postponed`, `abgesagt`), said as one: a fixture not
    played, as a blank score is, not a bad score."""
    marked = next((c for c in (said, text, *scores) if c and not_played(c)), None)
    if marked is None:
        return False
    column = "result" if marked == said or not scores else "home_score"
    reader.problem("games", n, "not_played", f"line {n}: {'result' if column == 'result' else 'score'} "
                   f"{show(marked)} is a game not played (postponed, cancelled, abandoned): not rated",
                   column=column, value=marked)
    return True


def _no_winner(reader: _Reader, n: int, said: str, level: str | None = None) -> None:
    """Line `n`'s walkover (`w/o`) that says no winner, said: bare, or beside a `level` score."""
    why = (f"that the level score {level} does not say the winner of" if level else "that does not say which side won "
           "it: write its awarded score (3-0 w/o) or a forfeit mark (+ or -)")
    reader.problem("games", n, "walkover_no_winner", f"line {n}: result {show(said)} is a walkover {why}: not rated",
                   column="result", value=said)


def _venue(reader: _Reader, n: int, row: list[str], at: LeagueAt, yes_no: bool) -> str | None:
    """Line `n`'s first-named side's venue: neutral as its neutral column says, else as its venue column says, else
    home; None, said, when a cell says none."""
    neutral = read_neutral(_cell(row, at.neutral), yes_no)
    if neutral is None:
        reader.problem("games", n, "unknown_neutral", f"line {n}: neutral {show(_cell(row, at.neutral))} is neither "
                       f"yes ({'1, yes' if yes_no else '1, yes, N'}) nor no ({'0, no, n' if yes_no else '0, no'}, "
                       "blank): not rated", column="neutral", value=_cell(row, at.neutral))
        return None
    venue = read_venue(_cell(row, at.venue))
    if venue is None:
        reader.problem("games", n, "unknown_venue", f"line {n}: venue {show(_cell(row, at.venue))} is neither home "
                       "(H, blank), away (A) nor neutral (N): not rated", column="venue", value=_cell(row, at.venue))
        return None
    return "neutral" if neutral else venue


_YEAR = re.compile(r"\d{4}")
"""A season's year (`2014`, `2014/15`): a season whose year is below the one under way is an earlier one. Two digits
(`99/00`) tell no order: only a season already played is an earlier one."""


def _earlier(season: str, now: str) -> bool:
    """Whether `season` is one before `now` by their years (both written with one)."""
    year, now_year = _YEAR.match(season), _YEAR.match(now)
    return year is not None and now_year is not None and int(year[0]) < int(now_year[0])


def _season_order(reader: _Reader, games: list[LedgerGame]) -> list[LedgerGame]:
    """A league's games without those of a season that had ended for one of its teams (in date order, a season
    before the team's one under way: one the team already played, or one of an earlier year), each said at its line.
    Judged for the whole pool first, a run of games at a time (a season's games follow one another: a file of 100 000
    has a few hundred runs), and team by team only where a pool's seasons go back."""
    ordered = sorted(filter(attrgetter("season"), games), key=attrgetter("date"))  # a season is None or not blank
    started: set[tuple[str | None, str]] = set()
    under_way: dict[str | None, str] = {}  # pool -> its season now
    for (pool, season), _run in groupby(map(attrgetter("pool", "season"), ordered)):  # groupby: a run at a time, in C
        now = under_way.get(pool)
        if now is not None and now != season and ((pool, season) in started or _earlier(season, now)):
            break  # seasons go back: judged team by team
        started.add((pool, season))
        under_way[pool] = season
    else:
        return games
    late = _late_for_a_team(reader, ordered)
    return [g for g in games if g.line not in late] if late else games


def _late_for_a_team(reader: _Reader, ordered: list[LedgerGame]) -> set[int]:
    """The lines of games (in date order) of a season that had ended for one of their teams, each said."""
    now: dict[tuple[str | None, str], tuple[str, int]] = {}  # (pool, team) -> its season now, the line it started on
    played: dict[tuple[str | None, str], set[str]] = {}
    late: set[int] = set()
    for g in ordered:
        season = g.season or ""
        ended = next(((team, now[(g.pool, team)]) for team in (g.white, g.black) if (g.pool, team) in now
                      and now[(g.pool, team)][0] != season and (season in played[(g.pool, team)]
                                                                 or _earlier(season, now[(g.pool, team)][0]))), None)
        if ended is not None:
            team, (current, line) = ended
            late.add(g.line)
            reader.problem("games", g.line, "season_backwards", f"line {g.line}: season {season!r} had ended for "
                           f"{team!r}: its season {current!r} started on line {line}: not rated", column="season",
                           value=season, season=current, other_line=line, player=team)
            continue
        for team in (g.white, g.black):
            if now.get((g.pool, team), ("",))[0] != season:
                now[(g.pool, team)] = (season, g.line)
            played.setdefault((g.pool, team), set()).add(season)
    return late


def _goalless(reader: _Reader, games: list[LedgerGame], results: Iterable[str]) -> None:
    """Said once: a league's `0-0` in its result column is a goalless draw, not the double forfeit it is in a chess
    ledger. `results`: the results as written that the file holds (each once), looked for first."""
    goalless = {t for t in results if _SPACES.sub("", t) in ("0-0", "0:0")}
    first = next((g for g in games if g.result in goalless), None) if goalless else None
    if first is not None:
        reader.problem("games", first.line, "read_as_league", f"line {first.line}: {first.result!r} read as a "
                       "goalless draw, the file being a league's (its results are scores): not a double forfeit")


def _ids(listed: list[LedgerPlayer] | None) -> dict[str, str]:
    """How a cell names a player of the players file (its id, else its name; case aside) -> their id."""
    ids: dict[str, str] = {}
    for p in listed or ():
        ids[p.id.casefold()] = p.id
    for p in listed or ():
        ids.setdefault(p.name.casefold(), p.id)
    return ids


def _short_row(reader: _Reader, sheet: _Sheet, n: int, row: list[str]) -> None:
    """Line `n` has fewer cells than a game needs: said, with the columns missing (a league's away score among them:
    two score columns are the result's)."""
    written = sheet.separator.join(row)
    missing = [name for name, i in sorted(sheet.columns.items(), key=itemgetter(1))
               if i >= len(row) and (i in sheet.at or name in ("home_score", "away_score"))]
    reader.problem("games", n, "unreadable_line", f"line {n}: {show(written)} has {len(row)} columns, a game "
                   f"needs {sheet.width}: {_listed(missing)} {'is' if len(missing) == 1 else 'are'} missing: not "
                   "read", column=missing[0], value=written[:80], missing=missing, text=written[:80])


def _no_result(reader: _Reader, n: int, text: str) -> None:
    """Line `n`'s result is none: said, with the forms a result takes."""
    reader.problem("games", n, "unknown_result", f"line {n}: result {show(text)} is not a result: "
                   f"expected {RESULT_FORMS}: not rated", column="result", value=text)


def _scores_in_chess(reader: _Reader) -> None:
    """A chess ledger's lines whose result is a league's score (`2-1`, `1-1`), two or more of them: said as scores,
    with how to have the file read as a league's. A small football file under a neutral header (1-0, 0-0, 2-1, 1-1,
    0-1) is read as chess's, most of its results being chess's, and its 2-1 and 1-1 were "not a result", nothing
    saying why (hp114). Only under a header that names its sides other than by chess's colours (`_Sheet.teams`), and
    for two or more: a chess club's `2-0` is a `1-0` mistyped."""
    scored = [i for i, p in enumerate(reader.problems)
              if p.code == "unknown_result" and league_score(p.params["value"])]
    if len(scored) < 2:
        return
    for i in scored:
        p = reader.problems[i]
        reader.problems[i] = replace(p, code="score_in_chess", message=(
            f"line {p.line}: result {show(p.params['value'])} is a score, and the file is read as a chess ledger "
            "(most of its results are chess's): not rated; a league's file names its columns home and away"))


def members(ids: dict[str, str], player: str) -> tuple[str, ...]:
    """A side's players (`_side`), or the player alone."""
    return tuple(player.split(SIDE_JOIN)) if _SIDE_KEY + player in ids else (player,)


def _overlap(ids: dict[str, str], white: str, black: str) -> bool:
    """Whether a player is on both sides of a game."""
    return not set(members(ids, white)).isdisjoint(members(ids, black))


def _same_player(reader: _Reader, n: int, text: str, white: str, black: str, ids: dict[str, str]) -> None:
    """Line `n` pairs a player with themselves (or puts one on both sides): said, not rated."""
    both = next(p for p in members(ids, white) if p in members(ids, black))
    if white == black:
        reader.problem("games", n, "same_player", f"line {n}: black {show(text)} is white too: no one plays "
                       "themselves: not rated", column="black", value=text, player=white)
    else:
        reader.problem("games", n, "same_player", f"line {n}: {both!r} is on both sides ({white!r} against "
                       f"{show(text)}): not rated", column="black", value=text, player=both)


def _no_game(line: int, separator: str) -> LedgerError:
    """The error of a text with no line read as a game: the first line not read, and what a game's line is."""
    return LedgerError(f"line {line}: not a results ledger: no line could be read as a game "
                       f"(date{separator}white{separator}black{separator}result)", line, "games")


def _too_many(reader: _Reader, n: int, rest: int) -> None:
    """The ledger's games stop at MAX_LEDGER_GAMES, at line `n`: the `rest` said not read."""
    reader.problem("games", n, "too_many_games", f"line {n}: the ledger holds at most {MAX_LEDGER_GAMES} "
                   f"games: {rest} lines from here are not read", max=MAX_LEDGER_GAMES, count=rest)


def _no_date(reader: _Reader, n: int, text: str, day_first: bool) -> bool:
    """Why line `n`'s date is none, said: out of the range, of the other order than the file's, or no date;
    whether the line counts as unreadable (a date of the other order is a date, in a file of the one order)."""
    if any_date(text, day_first=day_first) is not None:
        reader.problem("games", n, "date_out_of_range", f"line {n}: date {show(text)} is outside {DATE_RANGE}: "
                       "not rated", column="date", value=text)
        return True
    slashed = _SLASHED.search(_long_year(_TIME.sub("", text).strip()))
    other = read_date(text, day_first=not day_first) if slashed else None
    if other is not None:
        order = "day/month" if day_first else "month/day"
        reader.problem("games", n, "date_order_differs", f"line {n}: date {show(text)} fits only "
                       f"{'month/day' if day_first else 'day/month'}, but the file's dates are {order}: not rated",
                       column="date", value=text, order=order)
        return False
    reader.problem("games", n, "unreadable_date", f"line {n}: date {show(text)} is not a date: {_why_no_date(text)}: "
                   "not rated", column="date", value=text)
    return True


def _ledger(reader: _Reader, sheet: _Sheet, games: list[LedgerGame], players: list[LedgerPlayer], from_file: bool,
            pools: tuple[str | None, ...]) -> Ledger:
    """The ledger read: its games, players (the players file's, else those met), problems in order, layout."""
    columns = sheet.columns
    return Ledger(
        games=tuple(games), players=tuple(players),
        problems=tuple(sorted(reader.problems, key=lambda p: (p.source != "players", p.line or 0))),
        separator=sheet.separator, header=sheet.header,
        columns=tuple(next((c for c, i in columns.items() if i == j), "") for j in range(max(columns.values()) + 1)),
        day_first=sheet.day_first, has_players_file=from_file,
        pools=(None,) if sheet.pool_at is None else pools, league=sheet.league is not None,
    )


_GAME = itemgetter(1, 2, 3, 4, 5, 6)
"""What makes a game the same as another: its date, players, score, forfeit and pool (its line and the result as
written aside)."""


_PAIR, _PAIR_MIRRORED = itemgetter(1, 2, 3), itemgetter(1, 3, 2)
"""A game's date and sides, and the same with its sides the other way round (`_mirrored`)."""


def _repeated(reader: _Reader, games: list[LedgerGame], league: bool = False) -> None:
    """Each game written again (the same date, players and result as an earlier line), said, in case it was entered
    twice; it is counted all the same, as a club may play two games the same evening. A league's game written again
    from the other side (`B,A,1-2` after `A,B,2-1` the same day: one match, entered by each team) is said too: chess's
    is another game, its colours the other way round. Looked for in one pass in C (`map`, `set`: no Python call a
    game, slow in Pyodide), and game by game only when there is one."""
    keys = list(map(_GAME, games))
    if league:
        _mirrored(reader, games, keys)
    if len(set(keys)) == len(keys):
        return
    first: dict[tuple[Any, ...], int] = {}
    for g, key in zip(games, keys):
        if key not in first:
            first[key] = g.line
            continue
        reader.problem("games", g.line, "repeated_game", f"line {g.line}: the same game as line {first[key]} "
                       f"({g.date.isoformat()}, {g.white!r} against {g.black!r}, {g.result}): counted again, as a club "
                       "may play twice an evening (delete the line if it was entered twice)", other_line=first[key])


def _mirrored(reader: _Reader, games: list[LedgerGame], keys: list[tuple[Any, ...]]) -> None:
    """A league's games written again from the other side (`_repeated`): each said at its line. The sides met the
    other way round the same day are found in C (`map`, `set`); their games alone are then looked at one by one."""
    both = set(map(_PAIR, games)) & set(map(_PAIR_MIRRORED, games))
    if not both:
        return
    first: dict[tuple[Any, ...], LedgerGame] = {}
    for g, key in zip(games, keys):
        if (g.date, g.white, g.black) not in both:
            continue
        earlier = first.get((g.date, g.black, g.white, None if g.score is None else 1.0 - g.score, g.forfeit, g.pool))
        if earlier is not None and g.white != g.black and (g.points is None or earlier.points is None
                                                           or g.points == earlier.points[::-1]):
            reader.problem("games", g.line, "repeated_game", f"line {g.line}: the same game as line {earlier.line} "
                           f"written from the other side ({g.date.isoformat()}, {g.white!r} against {g.black!r}, "
                           f"{g.result}): counted again (delete the line if it was entered twice)",
                           other_line=earlier.line)
        first.setdefault(key, g)


HEADER_SEARCH = 5
"""A header is looked for in the first rows written: a ledger may start with a title ("Club ladder 2026")."""


def _columns(reader: _Reader, rows: list[tuple[int, list[str]]], separator: str, rules: bool = False,
             ) -> tuple[dict[str, int], bool, list[tuple[int, list[str]]], bool, bool]:
    """The ledger's columns (name -> index), whether it has a header, the rows after the header, whether it is a
    league's (`_is_league`, `rules`: a chess ledger's columns named as a league's are not read, as before leagues), and
    whether its header names its sides other than by chess's colours (`team1`, `player 2`). Rows before a header are
    said to be not read; a header without a column the games need is refused."""
    at = next((i for i, (_, row) in enumerate(rows[:HEADER_SEARCH]) if _header(row, _NAMES) is not None), None)
    if at is None:
        extra = next((n for n, row in rows if len(row) > 4 and any(row[4:])), None)
        if extra is not None:
            reader.problem("games", extra, "columns_ignored", f"line {extra}: columns past the fourth are not read "
                           "(a header line names them: date, white, black, result, pool)")
        plain = {"date": 0, "white": 1, "black": 2, "result": 3}
        return plain, False, rows, _is_league(rows, plain, rules), False
    n, names = rows[at]
    found = _header(names, _NAMES) or {}
    league = _is_league(rows[at + 1:], found, rules, names)
    scored = league and "home_score" in found and "away_score" in found  # the two score columns decide
    found = {column: i for column, i in found.items() if column in COLUMNS or (league and (
             scored or column not in ("home_score", "away_score")))}
    if scored and "result" not in found:
        found["result"] = found["home_score"]  # checked as present here; read from the two score columns
    for needed in ("date", "white", "black", "result"):
        if needed not in found:
            raise LedgerError(f"line {n}: the header names no {needed} column (it reads "
                              f"{show(separator.join(names))})", n, "games")
    for before, row in rows[:at]:
        reader.problem("games", before, "before_header", f"line {before}: {show(separator.join(row))} is before "
                       f"the header (line {n}): not read", text=separator.join(row)[:80], header=n)
    ignored = [names[i] for i in range(len(names)) if i not in found.values() and names[i]]
    if ignored:
        reader.problem("games", n, "columns_ignored", f"line {n}: columns {', '.join(map(repr, ignored))} are "
                       "not read", columns=ignored)
    if found["result"] == found.get("home_score"):
        del found["result"]
    teams = not {_key(names[found["white"]]), _key(names[found["black"]])} & CHESS_SIDES
    return found, True, rows[at + 1:], league, teams


def _day_first(reader: _Reader, rows: list[tuple[int, list[str]]], at: int, locale: str) -> bool:
    """Whether slashed dates are day first: as a date that fits one way only says, else the locale's way (a
    problem says which was assumed)."""
    by_locale = locale.strip().lower() not in MONTH_FIRST_LOCALES
    # Each date as first written, in the order first written: one pass in C (map, dict) where every row has the
    # date's cell (a pass a row in Python is slow in Pyodide), and the line of the one that could be either found after.
    try:
        texts = list(dict.fromkeys(map(itemgetter(at), map(itemgetter(1), rows))))
    except IndexError:
        texts = list(dict.fromkeys(row[at] for _, row in rows if at < len(row)))
    decided, ambiguous = _slashed_order(enumerate(texts))
    if decided is not None:
        return decided
    ambiguous_at = None if ambiguous is None else next(n for n, row in rows if at < len(row) and
                                                          row[at] == texts[ambiguous])
    if ambiguous_at is not None:
        order = "day/month" if by_locale else "month/day"
        reader.problem("games", ambiguous_at, "date_order_assumed", f"line {ambiguous_at}: dates such as this one "
                       f"could be day/month or month/day, and no date of the file tells: read as {order}, the "
                       f"locale's way ({locale})", order=order, locale=locale)
    return by_locale


_SIDE = re.compile(r"\s*[^\W_][^+]*(\+\s*[^\W_][^+]*)+")
"""A side of several players: names or ids joined by `+` (`Anna+Ben`, `Anna + Ben + Cleo`, `101+102`), each starting
with a letter or a digit (`+1+1`, `-2+3` or `@SUM(1+1)` are one name, and so is a name a players file lists)."""
SIDE_JOIN = "+"
MAX_SIDE = 20
"""The most players of one side (a squad of eleven and its substitutes, a rugby fifteen): a longer `A+B+...` is a
typing mistake, and a side's partners are counted in pairs."""
_SIDE_KEY = "\x00"
"""Before a side's id in `ids` (no id holds a NUL: `_name` drops it)."""


def _side(reader: _Reader, n: int, column: str, text: str, ids: dict[str, str], known: dict[str, str],
          met: list[LedgerPlayer], listed: bool) -> str | None:
    """A side of several players (`Anna+Ben`: doubles, a squad): its id, its players' ids joined by `+` in the
    order written, kept in `ids` under `_SIDE_KEY + id` (`members` finds them); None, said, when a player of it
    cannot be read or is written twice."""
    parts = _name(text).split(SIDE_JOIN)
    if len(parts) > MAX_SIDE:
        reader.problem("games", n, "side_too_big", f"line {n}: {column} {show(text)} has {len(parts)} players: a side "
                       f"has at most {MAX_SIDE}: not rated", column=column, value=text, max=MAX_SIDE)
        return None
    members = []
    for part in parts:
        player = _player(reader, n, column, part, ids, known, met, listed)
        if player is None:
            return None
        members.append(player)
    if len(set(members)) < len(members):
        reader.problem("games", n, "same_player", f"line {n}: {column} {show(text)} names a player twice: not rated",
                       column=column, value=text, player=members[0])
        return None
    side = SIDE_JOIN.join(members)
    ids[_SIDE_KEY + side] = side
    known[text] = side
    return side


def _player(reader: _Reader, n: int, column: str, text: str, ids: dict[str, str], known: dict[str, str],
            met: list[LedgerPlayer], listed: bool) -> str | None:
    """A ledger cell's player id (the cell of `column`, white or black), remembered in `known` by the cell's text;
    a side's (`_side`) when the cell joins players by `+` and is not itself a player of the players file; None
    (and a problem naming the column and the cell) when the game cannot be rated for it."""
    name = _name(text)
    if not name:
        reader.problem("games", n, "no_player", f"line {n}: {column} {show(text)} is empty: a game needs both "
                       "players: not rated", column=column, value=text)
        return None
    key = name.casefold()
    found = ids.get(key)
    if found is None and _SIDE.fullmatch(name):
        return _side(reader, n, column, text, ids, known, met, listed)
    if found is None and listed:
        reader.problem("games", n, "unknown_player", f"line {n}: {column} {name!r} is not in the players file: not "
                       "rated", column=column, value=name, player=name)
        return None
    if found is None:
        found = ids[key] = name
        met.append(LedgerPlayer(name, name, None, True, None))
    elif not listed and found != name:
        reader.problem("games", n, "name_variant", f"line {n}: {name!r} read as {found!r}, as first written",
                       name=name, player=found)
    known[text] = found
    return found
