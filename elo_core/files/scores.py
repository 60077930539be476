"""A league's cells in a results ledger: the score of a game, whether it was at a neutral venue, its season, and its
weight (its own K, or a match type). `ledger` reads them; each reader here takes one cell's text and says what it is,
or None when it is none (the ledger says so at the line, and does not rate the game).

- A score: two whole numbers of at most `MAX_POINTS` (`3-1`, `24:17`, `2–2`, `2 — 2`), in the result column, or in
  two columns (`home_score,away_score`; `FTHG,FTAG`), which decide the game where the file has a result column too
  (a result that says otherwise is said at its line, the game not rated: which of the two is mistyped, the file
  cannot tell). A score in one cell follows the order the file lists the sides: the first-named (home) side's points
  first, and the away side's where the file's away column comes before its home column (`date,away,home,score`, as
  US files write it: `10-24` a home win). Which files are a league's: `ledger._is_league`. In a league's file every
  result that is a score reads as one (`1-0` a one-goal win, `0-0` a goalless draw, not a double forfeit); `W`, `D`,
  `L`, `+` and `-` read as in a chess ledger, `H` and `A` as a home and an away win (football-data.co.uk's `FTR`);
  a blank result is a game not played yet, and so is a mark of a game not played (`NOT_PLAYED`: `P-P`, `postponed`,
  `abgesagt`, `reporté`...). A walkover (`WALKOVER`: `3-0 w/o`, `+:- kampflos`, `0-3 forfait`) is a forfeit, won by
  the side its score or its mark says; a bare `w/o` says no side (beside score columns, their score says it).
- `neutral`: `1`, `yes`, `true`, `x`, `neutral`, or `N` as eloratings.net marks a neutral venue; or `0`, `no`,
  `false`, or blank. In a column that also writes `y` (or `yes`), `n` is its no.
- `venue`, the first-named side's: `H`, `home` (or blank), `A`, `away` (the other side at home), `N`, `neutral`.
- `season`: any text (`2014`, `2014/15`); the seasons' order is the order they first come in by date.
- `k`: a number above 0 and at most `MAX_K`; `match_type`: a name the preset knows (its K).
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ..words.model import LOSS, MAX_K, MAX_POINTS, WIN
from ..words.paste import SCORE_SIGNS, plain_digits

LEAGUE_COLUMNS: dict[str, tuple[str, ...]] = {
    # FTHG and FTAG (full-time home and away goals) and HG and AG: football-data.co.uk's CSV files.
    "home_score": ("homescore", "homegoals", "homepoints", "homepts", "homegoal", "score1", "goals1", "points1",
                   "fthg", "hg", "heimtore", "tore1", "butsdomicile", "golescasa", "doelpuntenthuis", "golcasa",
                   "pts1", "pf"),
    "away_score": ("awayscore", "awaygoals", "awaypoints", "awaypts", "awaygoal", "visitorscore", "visitorpoints",
                   "visitorgoals", "score2", "goals2", "points2", "ftag", "ag", "gasttore", "tore2", "butsexterieur",
                   "golesfuera", "doelpuntenuit", "golospiti", "pts2", "pa"),
    "neutral": ("neutral", "neutre", "neutro", "neutraal", "neutrale", "neutralerort", "neutralvenue", "terrainneutre"),
    "venue": ("venue", "homeaway", "ha", "ort", "spielort", "heimauswarts", "lieu", "domext", "sede", "localvisitante",
              "thuisuit", "casatrasferta"),
    "season": ("season", "saison", "temporada", "seizoen", "stagione", "spielzeit"),
    "k": ("k", "kfactor", "weight", "gewicht", "poids", "peso", "gewichtung"),
    "match_type": ("matchtype", "type", "competition", "wettbewerb", "competicion", "competizione", "competitie",
                   "spieltyp", "typedematch", "tipo"),
}
"""A league's optional columns and the header names read for each (as `ledger.COLUMNS`: lower case, letters and
digits only), in en de fr es nl it."""

SCORE_FORMS = "two whole numbers such as 3-1, 24:17 or 2–2 (or W, D, L, + or -)"
"""What a league's result is, as a message says it."""
_SCORE = re.compile(rf"\s*(\d{{1,7}})\s*[{SCORE_SIGNS}]\s*(\d{{1,7}})\s*")
_CHESS_FORMS = frozenset(("1-0", "0-1", "0-0", "1:0", "0:1", "0:0", "1\u20130", "0\u20131", "0\u20130"))
"""The scores a chess ledger writes as results: they alone do not make a file a league's."""
HOME_AWAY = {"h": WIN, "a": LOSS}
"""A league's home win and away win (football-data.co.uk's FTR: `H`, `D`, `A`) as the home (first-named) side's
score: they name the sides by venue, so whichever column the file lists first."""

NEUTRAL_YES = frozenset(("1", "yes", "y", "true", "n", "neutral", "x", "ja", "j", "oui", "o", "si", "s", "sì", "sí",
                         "neutre", "neutro", "neutraal", "neutrale"))
NEUTRAL_NO = frozenset(("", "0", "no", "false", "nein", "non", "nee"))
YES_WORDS = frozenset(("y", "yes", "j", "ja", "oui", "o", "si", "sì", "sí", "s"))
"""A neutral column that writes one of these is a yes/no column: its `n` is no."""
VENUES = {
    "": "home", "h": "home", "home": "home", "heim": "home", "domicile": "home", "dom": "home", "casa": "home",
    "local": "home", "l": "home", "thuis": "home", "t": "home",
    "a": "away", "away": "away", "auswärts": "away", "auswarts": "away", "gast": "away", "g": "away",
    "extérieur": "away", "exterieur": "away", "ext": "away", "e": "away", "fuera": "away", "visitante": "away",
    "v": "away", "uit": "away", "u": "away", "trasferta": "away",
    "n": "neutral", "neutral": "neutral", "neutre": "neutral", "neutro": "neutral", "neutraal": "neutral",
    "neutrale": "neutral", "neutraler": "neutral",
}
"""A `venue` cell, the first-named side's, in en de fr es nl it."""
_K = re.compile(r"\d{1,7}([.,]\d+)?")

NOT_PLAYED = frozenset((
    "p-p", "pp", "a-a", "postponed", "postp", "ppd", "cancelled", "canceled", "abandoned", "suspended",
    "abgesagt", "verlegt", "ausgefallen", "abgebrochen", "verschoben",
    "reporte", "reportee", "annule", "annulee", "arrete", "interrompu",
    "aplazado", "suspendido", "cancelado", "pospuesto",
    "rinviata", "rinviato", "sospesa", "sospeso", "annullata", "annullato",
    "afgelast", "uitgesteld", "gestaakt",
))
"""A league's mark of a game not played (postponed, cancelled, abandoned) in en de fr es it nl, as `_mark` writes
it: `P-P` (`P - P`, `P:P`) and `A-A` as British football writes a postponed and an abandoned game."""
_SIGN = re.compile(f"[{SCORE_SIGNS}]")
_WALKOVER_WORD = r"[(\[]?(?:w/o|w\.o\.?|wo|walk-?over|kampflos|(?:par\s+)?forfait)[)\]]?"
WALKOVER = re.compile(rf"\s*{_WALKOVER_WORD}\s*|\s*(?P<before>.*?\S)\s+{_WALKOVER_WORD}\s*"
                      rf"|\s*{_WALKOVER_WORD}\s+(?P<after>.*?)\s*", re.IGNORECASE)
"""A walkover: `w/o`, `wo`, `walkover`, German `kampflos`, French `forfait`, before or after its score or mark."""


class LeagueAt(NamedTuple):
    """The league's columns' places in a row (None for one the file does not have)."""

    home_score: int | None
    away_score: int | None
    neutral: int | None
    venue: int | None
    season: int | None
    k: int | None
    match_type: int | None
    result: int | None
    """The result column's (None in a file of two score columns alone)."""


def read_score(text: str) -> tuple[int, int] | None:
    """A result written as a score: the first side's points and the other's (each at most `MAX_POINTS`); None when
    it is none.

    >>> read_score("3-1"), read_score(" 24 : 17 "), read_score("2\u20132"), read_score("3-"), read_score("-1-2")
    ((3, 1), (24, 17), (2, 2), None, None)
    """
    m = _SCORE.fullmatch(plain_digits(text))
    if m is None or int(m[1]) > MAX_POINTS or int(m[2]) > MAX_POINTS:
        return None
    return int(m[1]), int(m[2])


def _mark(text: str) -> str:
    """A cell as `NOT_PLAYED` writes it: lower case, without accents or spaces, a score's sign a hyphen, no dot."""
    key = unicodedata.normalize("NFKD", text.casefold())
    return _SIGN.sub("-", "".join(c for c in key if not unicodedata.combining(c) and not c.isspace() and c != "."))


def not_played(text: str) -> bool:
    """Whether a league's result cell marks a game not played (`NOT_PLAYED`): postponed, cancelled, abandoned.

    >>> not_played("P - P"), not_played(" Postponed "), not_played("reporté"), not_played("3-1"), not_played("")
    (True, True, True, False, False)
    """
    return _mark(text) in NOT_PLAYED


def walkover(text: str) -> str | None:
    """What a walkover is written with (its score or forfeit mark: `3-0` of `3-0 w/o`; `""` of a bare `w/o`); None
    when the cell writes no walkover.

    >>> walkover("3-0 w/o"), walkover("+:- kampflos"), walkover("W/O"), walkover("forfait 0-3"), walkover("3-0")
    ('3-0', '+:-', '', '0-3', None)
    """
    m = WALKOVER.fullmatch(text)
    return None if m is None else m["before"] or m["after"] or ""


def league_score(text: str) -> bool:
    """Whether a result cell is a score no chess result is, or a home or away win (`HOME_AWAY`): what makes a file a
    league's (`ledger._is_league`).

    >>> league_score("1-0"), league_score("0:0"), league_score("3-1"), league_score("1 – 1"), league_score("H")
    (False, False, True, True, True)
    """
    if text.strip().casefold() in HOME_AWAY:
        return True
    return read_score(text) is not None and _SPACES.sub("", plain_digits(text)) not in _CHESS_FORMS


_SPACES = re.compile(r"\s+")


def read_neutral(text: str, yes_no: bool = False) -> bool | None:
    """Whether a `neutral` cell says the game was at a neutral venue; None when it says neither. In a yes/no column
    (`yes_no`: one that writes `y`), `n` is no.

    >>> read_neutral("N"), read_neutral("0"), read_neutral(""), read_neutral("maybe"), read_neutral("n", yes_no=True)
    (True, False, False, None, False)
    """
    key = unicodedata.normalize("NFC", text.strip().casefold())
    if yes_no and key == "n":
        return False
    return True if key in NEUTRAL_YES else False if key in NEUTRAL_NO else None


def read_venue(text: str) -> str | None:
    """A `venue` cell as the first-named side's venue (`home`, `away`, `neutral`; blank: home); None when it is none.

    >>> read_venue("H"), read_venue("away"), read_venue(" N "), read_venue(""), read_venue("Wembley")
    ('home', 'away', 'neutral', 'home', None)
    """
    return VENUES.get(unicodedata.normalize("NFC", text.strip().casefold()))


def read_game_k(text: str) -> float | None:
    """A `k` cell's K (a decimal point or comma); None when it is no K (above 0, at most `MAX_K`)."""
    text = plain_digits(text).strip()
    if not _K.fullmatch(text):  # not float()'s own forms: `1_000`, `1e2`, `inf`
        return None
    value = float(text.replace(",", "."))
    return value if 0 < value <= MAX_K else None
