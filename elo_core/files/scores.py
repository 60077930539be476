"""A league's cells in a results ledger: the score of a game, whether it was at a neutral venue, its season, and its
weight (its own K, or a match type). `ledger` reads them; each reader here takes one cell's text and says what it is,
or None when it is none (the ledger says so at the line, and does not rate the game).

- A score: two whole numbers, the first side's points first (`3-1`, `24:17`, `2–2`, `2 — 2`), in a result column,
  or in two columns (`home_score,away_score`). A file is a league's when it has score columns, or when one of its
  results is a score no chess result is (`3-1`, `2-2`; not `1-0`, `0-1` nor `0-0`): then every result that is a
  score reads as one (`1-0` a one-goal win, `0-0` a goalless draw, not a double forfeit); `W`, `D`, `L`, `+` and
  `-` read as in a chess ledger.
- `neutral`: `1`, `yes`, `y`, `true`, `N` (as eloratings.net marks it), `neutral`; or `0`, `no`, `false`, `H`,
  `home`, or blank.
- `season`: any text (`2014`, `2014/15`); the seasons' order is the order they first come in by date.
- `k`: a number above 0 and at most `MAX_K`; `match_type`: a name the preset knows (its K).
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ..words.model import MAX_K
from ..words.paste import plain_digits

LEAGUE_COLUMNS: dict[str, tuple[str, ...]] = {
    "home_score": ("homescore", "homegoals", "homepoints", "score1", "goals1", "points1", "heimtore", "tore1",
                   "butsdomicile", "golescasa", "doelpuntenthuis", "golcasa", "pts1", "pf"),
    "away_score": ("awayscore", "awaygoals", "awaypoints", "score2", "goals2", "points2", "gasttore", "tore2",
                   "butsexterieur", "golesfuera", "doelpuntenuit", "golospiti", "pts2", "pa"),
    "neutral": ("neutral", "neutre", "neutro", "neutraal", "neutrale", "neutralerort", "neutralvenue", "venue"),
    "season": ("season", "saison", "temporada", "seizoen", "stagione", "spielzeit"),
    "k": ("k", "kfactor", "weight", "gewicht", "poids", "peso", "gewichtung"),
    "match_type": ("matchtype", "type", "competition", "wettbewerb", "competicion", "competizione", "competitie",
                   "spieltyp", "typedematch", "tipo"),
}
"""A league's optional columns and the header names read for each (as `ledger.COLUMNS`: lower case, letters and
digits only), in en de fr es nl it."""

SCORE_FORMS = "two whole numbers such as 3-1, 24:17 or 2–2 (or W, D, L, + or -)"
"""What a league's result is, as a message says it."""
_SCORE = re.compile(r"\s*(\d{1,7})\s*[-:\u2013\u2014]\s*(\d{1,7})\s*")
_CHESS_FORMS = frozenset(("1-0", "0-1", "0-0", "1:0", "0:1", "0:0", "1\u20130", "0\u20131", "0\u20130"))
"""The scores a chess ledger writes as results: they alone do not make a file a league's."""

NEUTRAL_YES = frozenset(("1", "yes", "y", "true", "n", "neutral", "x", "ja", "j", "oui", "o", "si", "s", "sì", "sí",
                         "neutre", "neutro", "neutraal", "neutrale"))
NEUTRAL_NO = frozenset(("", "0", "no", "false", "h", "home", "nein", "non", "nee", "a", "away"))


class LeagueAt(NamedTuple):
    """The league's columns' places in a row (None for one the file does not have)."""

    home_score: int | None
    away_score: int | None
    neutral: int | None
    season: int | None
    k: int | None
    match_type: int | None


def read_score(text: str) -> tuple[int, int] | None:
    """A result written as a score: the first side's points and the other's; None when it is none.

    >>> read_score("3-1"), read_score(" 24 : 17 "), read_score("2\u20132"), read_score("3-"), read_score("-1-2")
    ((3, 1), (24, 17), (2, 2), None, None)
    """
    m = _SCORE.fullmatch(plain_digits(text))
    return None if m is None else (int(m[1]), int(m[2]))


def league_score(text: str) -> bool:
    """Whether a result cell is a score no chess result is (it makes the file a league's).

    >>> league_score("1-0"), league_score("0:0"), league_score("3-1"), league_score("1 – 1")
    (False, False, True, True)
    """
    return read_score(text) is not None and _SPACES.sub("", plain_digits(text)) not in _CHESS_FORMS


_SPACES = re.compile(r"\s+")


def read_neutral(text: str) -> bool | None:
    """Whether a `neutral` cell says the game was at a neutral venue; None when it says neither.

    >>> read_neutral("N"), read_neutral("0"), read_neutral(""), read_neutral("maybe")
    (True, False, False, None)
    """
    key = unicodedata.normalize("NFC", text.strip().casefold())
    return True if key in NEUTRAL_YES else False if key in NEUTRAL_NO else None


def read_game_k(text: str) -> float | None:
    """A `k` cell's K (a decimal point or comma); None when it is no K (above 0, at most `MAX_K`)."""
    try:
        value = float(plain_digits(text).strip().replace(",", "."))
    except ValueError:
        return None
    return value if 0 < value <= MAX_K else None
