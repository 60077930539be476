"""Value types of elo_core: games, the rules of a calculation, and its results."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from itertools import repeat
from typing import Any, Literal, NamedTuple

from .errors import KFactorError, RatingError, ScoreError, TooManyGamesError, show

Score = float
"""A game's score for the player: 1 a win, 0.5 a draw, 0 a loss."""
WIN: Score = 1.0
DRAW: Score = 0.5
LOSS: Score = 0.0
SCORES: tuple[Score, ...] = (WIN, DRAW, LOSS)

TimeControl = Literal["standard", "rapid", "blitz"]
TIME_CONTROLS: tuple[TimeControl, ...] = ("standard", "rapid", "blitz")

Update = Literal["event", "sequential"]
UPDATES: tuple[Update, ...] = ("event", "sequential")

KRule = Literal["given", "reached_2400", "junior", "fewer_than_30_games", "default"]

NotRatedReason = Literal["unrated_opponent", "rapid_blitz_600", "first_event_zero_score"]
"""Why a FIDE game is not rated: the opponent has no rating (FIDE 8.2.2; for a rated player too);
a rapid or blitz game 600 or more apart with one player above 2600 (from 1 December 2024); or the
game is in an unrated player's first event, scored zero, which is disregarded (FIDE 7.1.4)."""

MAX_GAMES = 10_000
"""The most games one calculation accepts (a rating period, or a season's ladder)."""

MAX_LEDGER_GAMES = 100_000
"""The most games a club's results ledger holds (`ledger`): decades of a busy club's evenings. Past
them, the lines are not read, and a problem says from which line."""

MAX_POINTS = 1_000_000
"""The most points (goals, frames, sets, runs) one side scores in a league's game: a cricket innings is below 1 000."""

MAX_LEDGER_CHARS = 100 * MAX_LEDGER_GAMES
"""The longest ledger or players file read: a hundred characters a game; past it, whole lines are left
unread and counted (`paste.cut_paste`)."""

MAX_FILE_BYTES = 8_000_000
"""The most bytes of one file the widget reads (a tournament report, a club's results ledger or its
players file), whether the visitor opens it or the club's element names it (`src`): a season of 100 000
games is some 4 MB; anything longer is refused at the place it comes from, before it is read."""

EARLIEST_DATE = date(1850, 1, 1)
LATEST_DATE = date(2199, 12, 31)
"""The dates a file may hold (a ledger's games, a tournament's dates, a player's birth date): a year outside
(0001, 9999) is a typing mistake, said with its line and not used, and no date arithmetic (the list month
after an event, months of inactivity) can then leave `datetime`'s years 1 to 9999. From 1850: a league's
published ratings run from its first game (eloratings.net's from Scotland v England, 30 November 1872)."""

MIN_RATING = 0
MAX_RATING = 4000
"""Ratings outside [MIN_RATING, MAX_RATING] are refused as typing mistakes."""

MAX_K = 1000
"""The largest K-factor accepted."""

ELO_SCALE = 400.0
"""Elo's scale: a difference of 400 rating points means 10:1 odds (the constant of the logistic formula)."""
CAP_400 = 400
"""FIDE's 400-point rule (Rating Regulations 8.3.1): a rating difference over 400 counts as 400. FIDE
applies it (below 2650), plain Elo offers it (`cap_400`), and the ECF's K method rates differences up
to it only."""


def _not_a_number(value: object) -> bool:
    """Not an int or a finite float (a bool is no number here; a huge int is, and is out of range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return True
    return isinstance(value, float) and not math.isfinite(value)


def check_rating(value: float, *, whole: bool, what: str = "your rating") -> float:
    """Return `value` if it is a usable rating, else raise `RatingError`."""
    if _not_a_number(value):
        raise RatingError(f"expected {what} to be a number, got {show(value)}", "not_a_number", value=show(value))
    if not MIN_RATING <= value <= MAX_RATING:
        raise RatingError(f"expected {what} between {MIN_RATING} and {MAX_RATING}, got {show(value)}",
                          "out_of_range", value=show(value), min=MIN_RATING, max=MAX_RATING)
    if whole and value != int(value):
        raise RatingError(f"expected {what} to be a whole number under FIDE rules, got {show(value)}",
                          "not_whole", value=show(value))
    return value


def check_score(value: float) -> Score:
    """Return `value` as a float if it is 0, 0.5 or 1, else raise `ScoreError`."""
    if _not_a_number(value) or value not in SCORES:
        raise ScoreError(f"expected the result to be 1, 0.5 or 0, got {show(value)}", "not_a_score",
                         value=show(value))
    return float(value)


def check_k(value: float, *, whole: bool) -> float:
    """Return `value` if it is a usable K-factor, else raise `KFactorError`."""
    if _not_a_number(value) or not 0 < value <= MAX_K:
        raise KFactorError(f"expected the K-factor to be a number above 0 and at most {MAX_K}, got {show(value)}",
                           "bad_k", value=show(value))
    if whole and value != int(value):
        raise KFactorError(f"expected the K-factor to be a whole number under FIDE rules, got {show(value)}",
                           "not_whole", value=show(value))
    return value


def check_game_count(n: int) -> None:
    """Raise `TooManyGamesError` if an event of `n` games is over `MAX_GAMES`."""
    if n > MAX_GAMES:
        raise TooManyGamesError(f"expected at most {MAX_GAMES} games, got {n}", "too_many_games",
                                max=MAX_GAMES, count=n)


class Game(NamedTuple):
    """One game of the player whose rating is computed (a tuple: events can have 10 000)."""

    opponent: float
    """The opponent's rating before the event."""
    score: Score
    """The player's score: `WIN`, `DRAW` or `LOSS`."""


class UnratedGame(NamedTuple):
    """FIDE: a game against an opponent with no rating (`"opponent": null` in a request). It is not
    rated for a rated player and does not count towards an unrated player's first rating (FIDE 8.2.2)."""

    score: Score

    @property
    def opponent(self) -> None:
        """No rating: read as a `Game`'s (a paste's games are either, `parse_results`)."""
        return None


@dataclass(frozen=True)
class EloRules:
    """Generic Elo (FIDE-RULES section 1), for any sport."""

    k: float
    """The K-factor, any number above 0."""
    cap_400: bool = False
    """Count a rating difference over 400 as 400."""
    update: Update = "event"
    """`event`: every game from the pre-event rating; `sequential`: game by game."""


new_tuple = tuple.__new__
"""`new_tuple(Game, (opponent, score))` makes a `Game` as `Game(opponent, score)` does, without the
Python-level `__new__` a NamedTuple calls: in the loops over 10 000 games that costs 2 to 4 times as
much under Pyodide (bench: 8.7 against 2.3 ms for 10 000 `GameResult`s). Every field is given."""


class GameResult(NamedTuple):
    """One game as it was rated (a tuple: cheap to make 10 000 times)."""

    opponent: float | None
    """None: an unrated opponent (FIDE)."""
    score: Score
    difference: float | None
    """Own rating minus the opponent's, after any 400-point cap (None: an unrated opponent)."""
    expected: float | None
    """The expected score for the player (FIDE: the PD of table 8.1.2; None: an unrated opponent)."""
    change: float
    """K times (score - expected), unrounded; 0 for a game that is not rated."""
    rated: bool = True
    """False for a game FIDE does not rate (see `reason`)."""
    rating_after: float = 0.0
    """The rating after this game: sequential rating, or pre-event rating plus changes so far."""
    reason: NotRatedReason | None = None
    """Why the game is not rated; None when it is."""


Columns = tuple[list[Any], ...]
"""Rated games by column: the fields of `GameResult`, in order, each a list over the games."""


def game_results(columns: Columns) -> tuple[GameResult, ...]:
    """The games rated a column at a time (10 000 per keystroke in the widget) as `GameResult`s."""
    return tuple(map(new_tuple, repeat(GameResult), zip(*columns)))


@dataclass(frozen=True)
class EventResult:
    """The outcome of rating one event (one rating period under FIDE)."""

    rating: float
    """The rating before the event."""
    k: float
    """The K-factor used, after FIDE's 700 rule."""
    k_rule: KRule
    """Which rule gave K."""
    k_before_700: float
    """K before the 700 rule; differs from `k` where the rule bit."""
    games: tuple[GameResult, ...] = field(repr=False)
    score: float
    expected: float
    change: float
    """Elo: the exact sum of changes. FIDE: the period change rounded once, 0.5 away from zero."""
    change_exact: float
    """The unrounded sum of changes."""
    new_rating: float
    columns: Columns | None = field(default=None, repr=False, compare=False)
    """`games` by column (the fields of `GameResult` in order) when the rating loop made them so:
    the widget's packed answer is made from them without reading 10 000 tuples again."""


@dataclass(frozen=True)
class PeriodEvent:
    """One event of a FIDE rating period (FIDE-RULES 2.8), in the order played."""

    games: tuple[Game | UnratedGame, ...] = field(repr=False)
    rating: int | None = None
    """The player's rating on the list in force when the event started; None: the period's rating."""
    name: str = ""
    date: str | None = None
    """The day it started, `YYYY-MM-DD` (shown back; the list in force is given by `rating`)."""


@dataclass(frozen=True)
class RatedPeriodEvent:
    """One event of a rated player's period as it was rated."""

    name: str
    date: str | None
    rating: int
    """The rating the event was rated with."""
    games: tuple[GameResult, ...] = field(repr=False)
    rated_games: int
    score: float
    """Over the rated games."""
    expected: float
    change_hundredths: int
    """K x sum(S - PD) over the rated games, exact, in hundredths (not rounded: FIDE rounds the period once)."""
    columns: Columns | None = field(default=None, repr=False, compare=False)
    """`games` by column (as `EventResult.columns`), when the event was rated a column at a time."""


@dataclass(frozen=True)
class PeriodResult:
    """A rated player's FIDE rating period: every event, one K (700 rule over all rated games), one rounding."""

    rating: int
    """The rating on the list the period starts from."""
    k: int
    k_rule: KRule
    k_before_700: int
    events: tuple[RatedPeriodEvent, ...] = field(repr=False)
    rated_games: int
    score: float
    expected: float
    change: int
    """The period's change rounded once, 0.5 away from zero (FIDE 8.3.4)."""
    change_hundredths: int
    new_rating: int


@dataclass(frozen=True)
class Performance:
    """A performance rating, or why there is none."""

    rating: float | None
    reason: str = ""
    """Why `rating` is None, or which method gave it."""


@dataclass(frozen=True)
class InitialRating:
    """FIDE's first rating of an unrated player (FIDE 7.1.4, 8.2)."""

    rating: int | None
    """The rating FIDE would publish, or None (see `reason`)."""
    games: int
    """Games against rated opponents."""
    score: float
    average: float
    """Ra: the opponents' average including two hypothetical 1800 opponents."""
    percent: int
    """p = (score + 1) / (games + 2), as a whole percent."""
    dp: int
    """dp(p) from table 8.1.1."""
    computed: int
    """Ra + dp, rounded, before the 2200 ceiling and the publication conditions."""
    reason: str = ""
    """Empty when published; else `fewer_than_5_games`, `below_1400` (`below_1000` before March 2024)
    or `zero_score`."""
    games_needed: int = 0
    """More games against rated opponents needed for the 5 a first rating requires (FIDE 7.1.4)."""


