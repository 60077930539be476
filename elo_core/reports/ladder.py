"""A club's ladder: its results ledger (`ledger`) replayed with a registered rating system, game by game or
period by period, into a ranking, each player's history, head-to-head records, and what a next game would do.

`ladder_report(request) -> answer` and `ladder_stakes(request) -> answer`, JSON in and out, never raise (as
`calculate`). The arithmetic is the systems' own: `elo.expected` (Elo's logistic, with the optional
400 cap), `glicko.rate_glicko` and `onset_rd`, `glicko2.rate_glicko2`, `glicko2.rate_lichess_game`; this
module decides what a ledger means for them:

- Order: by date; games of one date in the order of the file.
- `elo`: each game from the two players' ratings before it; the first player gains K x (S - E), the second
  loses K x (S - E) with their own K: zero-sum while both have the same K. An optional higher K
  (`first_k`) for a player's first `first_games` games; the optional 400 cap (FIDE-RULES 1).
- `glicko`, `glicko2`: rating periods of a calendar month or an ISO week (`period`); every player who
  played in a period is rated at its end from everyone's ratings and RDs at its onset, their RD raised
  for the periods since their last one (Glicko step 1; Glicko-2 step 6 for each period without games). A
  game's change in the history is its part of the period's change.
- `lichess`: each game its own rating period, as lichess rates a game as it ends (`rate_lichess_game`).
- A system that declares its own `game` (`contract.Ledger`): each game from the two players' ratings before it.
- `fide`, `uscf`, `dwz`, `ecf`: not supported for a ledger (each system's `Capabilities.no_ledger` says why).

- Forfeits (`+`, `-`) are listed and counted, never rated, and do not count as playing.
- A player is provisional while they have fewer than `provisional_games` games (by default 1: a player
  without a game is not ranked; under lichess also while their RD is 110 or more, as lichess marks it), and
  inactive when the players file marks them retired or their last game is more than `inactive_months` before
  `as_of` (default: the ledger's last date, or where games are dated after tomorrow (a mistyped year, said as
  `date_in_future`), the last date before them; by default 3 months, a club's season quarter; 0: never; a player
  without a game has no last game, and is not inactive). Only active players who are not provisional are
  ranked; every player is listed.
- Each pool is its own ladder, with its own players: those who played in it (without a pool column, every
  player, the players file's too; with one, the players file's players who played in none are the answer's
  `in_no_pool`).

Which system replays how is each system's declaration (`Capabilities.ledger`: the methods above, by the names of the
systems that declare them today), read through the registry: this module names no system.
"""

from __future__ import annotations

import gc
import math
from bisect import bisect_left
from calendar import monthrange
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cached_property
from operator import attrgetter
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..contract import Ledger as Method
from ..contract import Problems, blank, group_problems, number, read_choice, read_flag, read_k, read_number
from ..contract.csv_writer import SEPARATORS, write_csv
from ..files.ledger import DATE_RANGE, PROBLEMS, Ledger, LedgerGame, LedgerProblem, Sides, read_date, read_ledger
from ..systems import REGISTRY, can, capabilities, default, offering
from ..systems.elo import expected
from ..systems.glicko import DEFAULT_C, MAX_C, GlickoGame, GlickoRules, onset_rd, rate_glicko
from ..systems.glicko2 import (
    DEFAULT_TAU,
    DEFAULT_VOLATILITY,
    LICHESS_SPEEDS,
    MAX_TAU,
    MIN_TAU,
    SCALE,
    Glicko,
    Glicko2Rules,
    LichessRules,
    rate_glicko2,
    rate_lichess_game,
    rate_period,
)
from ..systems.league import (
    MARGINS,
    MAX_HOME_ADVANTAGE,
    PRESETS,
    VENUES,
    LeagueRules,
    Margin,
    Venue,
    chances,
    league_game,
    regressed,
    type_key,
)
from ..words.errors import LedgerError, show
from ..words.model import MAX_K, MAX_RATING, MIN_RATING

Period = Literal["month", "week"]
PERIODS: tuple[Period, ...] = ("month", "week")
START_RATING = 1500.0
DEFAULT_K = 32.0
LISTED_PROBLEMS = 1000
"""Problems listed one by one in their groups; past them, counted in their groups and by code (`unlisted`)."""


PERIODIC = ("glicko", "glicko2")
"""The methods (`contract.LedgerMethod`) that rate by periods (`period`: a week or a month)."""
MAX_COUNT = 10_000
"""The most games before a player is ranked, or first games with their own K."""
MAX_INACTIVE_MONTHS = 1200
PROVISIONAL_GAMES = 1
"""The games before a player is ranked, by default: a player who has not played is listed, not ranked."""
INACTIVE_MONTHS = 3
"""The months without a game before a player is inactive, by default: a club's season quarter. A request's 0 (the
element's `inactive-months="0"`, the CLI's `--inactive-months 0`) turns it off."""


def ledger_of(name: str) -> Method:
    """The named system's way of replaying a ledger (`contract.Ledger`); ValueError, with the system's reason, when
    it has none."""
    ledger = capabilities(name).ledger
    if ledger is None:
        raise ValueError(f"{name}: {capabilities(name).no_ledger}")
    return ledger


def vocabulary() -> dict[str, Any]:
    """What the widget's ladder view offers (scripts/contract_js.py writes it into widget/shared/contract.js): the
    systems that replay a ledger (the registry's, the default first), those of them that rate by periods and those
    that take a K, the periods, the defaults and the limits of each setting, the systems not offered, and a league's
    presets (each one's K and rules) and margins."""
    methods = {name: ledger_of(name).method for name in offering("ledger")}
    return {"systems": list(methods), "periodic": [name for name, m in methods.items() if m in PERIODIC],
            "with_k": [name for name, m in methods.items() if m == "k"], "periods": list(PERIODS),
            "unsupported": sorted(set(REGISTRY) - set(methods)), "start": START_RATING, "k": DEFAULT_K,
            "provisional_games": PROVISIONAL_GAMES, "inactive_months": INACTIVE_MONTHS,
            "max_count": MAX_COUNT, "max_inactive_months": MAX_INACTIVE_MONTHS,
            "presets": {name: {"k": p.k, "home_advantage": p.rules.home_advantage, "margin": p.rules.margin,
                               "season_regression": p.rules.season_regression, "season_mean": p.rules.season_mean,
                               "season_start": "{:02d}-{:02d}".format(*p.season_start),
                               "match_types": p.rules.match_types} for name, p in PRESETS.items()},
            "margins": list(MARGINS), "max_home_advantage": MAX_HOME_ADVANTAGE, "csv_columns": list(CSV_COLUMNS),
            "csv_values": [value for values in CSV_VALUES.values() for value in values]}


class History(TypedDict):
    """A player's rated games in the order replayed, as columns (one value a game): the points of their history
    chart, by date or by game number. Columns, not a row a game: a ledger of 100 000 games has 200 000 of them,
    and lists are what a chart draws (and some 5 times quicker to make, and half as long in JSON)."""

    game: list[int]
    """The player's game number in this pool: 1, 2, 3 ..."""
    date: list[str]
    """ISO dates."""
    line: list[int]
    """The game's line in the ledger."""
    opponent: list[str]
    """The opponent's id."""
    score: list[float]
    change: list[float]
    """The game's change (Glicko, Glicko-2: its part of the period's change)."""
    rating: list[float]
    """The rating after the game (unrounded)."""
    before: NotRequired[list[float]]
    """A league's (`LEAGUE_HISTORY`): the rating taken into the game, after a season's regression."""
    venue: NotRequired[list[str]]
    points_for: NotRequired[list[int | None]]
    points_against: NotRequired[list[int | None]]


class LadderPlayer(TypedDict):
    """A player of one pool, as the ranking lists them."""

    rank: int | None
    """None for a provisional or inactive player, who is listed but not ranked."""
    pool: str | None
    id: str
    name: str
    rating: float
    """Unrounded."""
    start_rating: float
    rd: float | None
    """Glicko, Glicko-2, lichess: the rating deviation after the last game's period; None under Elo."""
    volatility: float | None
    """Glicko-2, lichess: σ; None otherwise."""
    games: int
    """Rated games (forfeits are counted apart)."""
    wins: int
    draws: int
    losses: int
    score: float
    forfeits_won: int
    forfeits_lost: int
    first_played: str | None
    last_played: str | None
    provisional: bool
    active: bool
    inactive_reason: str | None
    """`retired` (the players file says so), `inactive` (no game within `inactive_months`), or None."""
    change: float | None
    """The change since `since` (None without it)."""
    history: History
    points_for: NotRequired[int]
    """A league's: the points scored in the rated games with a score, and those a walkover awarded (`3-0 w/o`): a
    league's own table counts an awarded match (its played, won and lost are `games`, `wins` and `losses` with
    `forfeits_won` and `forfeits_lost`)."""
    points_against: NotRequired[int]
    partners: NotRequired[list[dict[str, Any]]]
    """Doubles, squads: each partner the player shared a side with (`id`) and in how many games, in the order met."""


class HeadToHead(TypedDict):
    """Every game two players of a pool played against each other (`a` is the one listed first)."""

    pool: str | None
    a: str
    b: str
    games: int
    a_wins: int
    draws: int
    b_wins: int
    a_score: float
    b_score: float
    first_played: str
    last_played: str


@dataclass(frozen=True)
class LadderRules:
    """How a ledger is replayed: the request, read."""

    system: str = "elo"
    """The registered system's name: one that replays a ledger."""
    k: float = DEFAULT_K
    first_k: float | None = None
    """Elo: the K of a player's first `first_games` games (None: `k` for every game)."""
    first_games: int = 0
    cap_400: bool = False
    """Elo: a difference over 400 points counts as 400."""
    start: float = START_RATING
    """The rating of a player without one in the players file."""
    period: Period = "month"
    """Glicko, Glicko-2: the rating period."""
    c: float = DEFAULT_C
    """Glicko: how fast an RD grows between periods."""
    tau: float = DEFAULT_TAU
    """Glicko-2: τ."""
    speed: str = LICHESS_SPEEDS[0]
    """lichess: the pool's speed, for lila's rating regulator."""
    provisional_games: int = PROVISIONAL_GAMES
    """A player with fewer games is provisional: listed, not ranked."""
    inactive_months: int | None = INACTIVE_MONTHS
    """A player whose last game is more months before `as_of` is inactive: listed, not ranked (None: never)."""
    since: date | None = None
    """The date from which `change` is counted (None: no change column)."""
    as_of: date | None = None
    """The date inactivity is judged on (None: the ledger's last date)."""
    locale: str = "en"
    """How slashed dates are read when the file cannot tell (`en-US`: month first)."""
    preset: str | None = None
    """A league's preset (`league.PRESETS`): its K, rules and match types; the settings given beside it override it."""
    home_advantage: float = 0.0
    """Elo: the rating points the first-named (home) side adds for its expectation, unless the game is neutral."""
    margin: Margin = "none"
    """Elo: the margin-of-victory multiplier of K (`league.margin_multiplier`)."""
    season_regression: float = 0.0
    """Elo: f, the part of the way to `season_mean` a rating goes at a side's first game of a new season."""
    season_mean: float = 1500.0
    season_start: tuple[int, int] = (1, 1)
    """A season without a `season` column starts on this (month, day) each year: (8, 1) makes 2026/27."""

    @cached_property
    def ledger(self) -> Method:
        """How `system` replays a ledger (its `Capabilities.ledger`, read once from the registry)."""
        return ledger_of(self.system)

    @cached_property
    def league(self) -> LeagueRules:
        """The league's rules: these settings, with the preset's match types."""
        types = PRESETS[self.preset].rules.match_types if self.preset else {}
        return LeagueRules(self.home_advantage, self.margin, self.season_regression, self.season_mean, types)

    @property
    def league_rated(self) -> bool:
        """Whether the ledger is rated by a league's rules (a home advantage, a margin, seasons, a preset's match
        types): then it is read as a league's file (`read_ledger`'s `league`), whatever its scores."""
        return not self.league.plain or bool(self.league.match_types)

    def season_of(self, day: date) -> str:
        """The season of a game without a `season` cell: its year, or `2026/27` when seasons start after 1 January.

        >>> LadderRules(season_start=(8, 1)).season_of(date(2027, 2, 7)), LadderRules().season_of(date(2027, 2, 7))
        ('2026/27', '2027')
        """
        if self.season_start == (1, 1):
            return str(day.year)
        year = day.year if (day.month, day.day) >= self.season_start else day.year - 1
        return f"{year}/{(year + 1) % 100:02d}"


class _Player:
    """One player's running figures in one pool: the rating now, and their games so far, six values a game in one
    list (`HISTORY`): a `+=` of a tuple a game, where six `append` calls took most of a replay's time in Pyodide
    (whose calls into C are slow); `_entry` cuts it into the history's columns."""

    __slots__ = ("awarded", "forfeits_lost", "forfeits_won", "games", "id", "last_period", "name", "partners", "rating",
                 "rd", "retired", "season", "start", "volatility")

    def __init__(self, player_id: str, name: str, rating: float, rd: float | None, volatility: float | None,
                 retired: bool) -> None:
        self.id, self.name, self.retired = player_id, name, retired
        self.rating = self.start = rating
        self.rd, self.volatility = rd, volatility
        self.forfeits_won = self.forfeits_lost = 0
        self.awarded = [0, 0]
        """A league's: the points for and against of its walkovers (`3-0 w/o`: forfeits, not rated, points kept)."""
        self.last_period: int | None = None
        self.season: str | None = None
        """A league's: the season of the player's last game (for the regression at a new one's first)."""
        self.partners: dict[str, int] = {}
        """Doubles, squads: the games played with each partner on one side."""
        self.games: list[Any] = []
        """Six values a rated game, in `HISTORY`'s order."""

    def played(self, day: str, line: int, opponent: str, score: float, change: float) -> None:
        """Count a rated game (`day`: its date in ISO form), the rating already changed by it."""
        self.games += (day, line, opponent, score, change, self.rating)


HISTORY = ("date", "line", "opponent", "score", "change", "rating")
"""The values `_Player.games` holds for each game, in order: a history's columns but the game number."""
WIDTH = len(HISTORY)
"""How many values `_Player.games` holds a game."""


# ---- one game's arithmetic, shared by the replay and the stakes --------------------------------


def _elo_k(rules: LadderRules, games: int) -> float:
    return rules.first_k if rules.first_k is not None and games < rules.first_games else rules.k


def elo_game(rules: LadderRules, a: float, a_games: int, b: float, b_games: int, score: float) -> tuple[float, float]:
    """One Elo game: the two players' changes, from their ratings and game counts before it."""
    diff = score - expected(a, b, rules.cap_400)
    return _elo_k(rules, a_games) * diff, 0.0 - _elo_k(rules, b_games) * diff  # 0.0 -: no -0.0 for a draw


def glicko_game(rules: LadderRules, a: tuple[float, float], b: tuple[float, float], score: float) -> float:
    """The first player's change from one game as a rating period of its own, the next one (Glicko, step 1
    for one period for both)."""
    opponent = GlickoGame(b[0], onset_rd(b[1], rules.c, 1), score)
    return rate_glicko(a[0], a[1], [opponent], GlickoRules(rules.c), periods=1).change


def glicko2_game(rules: LadderRules, a: tuple[float, float, float], b: tuple[float, float, float],
                 score: float) -> float:
    """The first player's change from one game as a rating period of its own (Glicko-2)."""
    return rate_glicko2(a[0], a[1], a[2], [GlickoGame(b[0], b[1], score)], Glicko2Rules(tau=rules.tau)).change


def lichess_game(rules: LadderRules, a: Glicko, b: Glicko, score: float) -> tuple[Glicko, Glicko]:
    """One game as lichess rates it: both players' figures after it."""
    speed = LichessRules(rules.speed)
    return rate_lichess_game(a, b, score, speed)[0], rate_lichess_game(b, a, 1.0 - score, speed)[0]


# ---- the replay --------------------------------------------------------------------------------


def _replay_elo(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules,
                days: dict[date, str]) -> None:
    # elo_game's arithmetic, with one K for every game unless first games have their own (the common case
    # without a call a game: 100 000 games are a second in Pyodide's interpreter).
    k, cap = rules.k, rules.cap_400
    own_first = rules.first_k is not None and rules.first_games > 0
    for g in games:
        a, b = players[g.white], players[g.black]
        s = g.score if g.score is not None else 0.0
        if own_first:
            ca, cb = elo_game(rules, a.rating, len(a.games) // WIDTH, b.rating, len(b.games) // WIDTH, s)
        else:
            ca = k * (s - expected(a.rating, b.rating, cap))
            cb = 0.0 - ca  # 0.0 -: no -0.0 for a draw
        a.rating += ca
        b.rating += cb
        day, line = days[g.date], g.line
        a.games += (day, line, b.id, s, ca, a.rating)  # p.played, without a call a game
        b.games += (day, line, a.id, 1.0 - s, cb, b.rating)


def _replay_lichess(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules,
                    days: dict[date, str]) -> None:
    for g in games:
        a, b = players[g.white], players[g.black]
        s = g.score if g.score is not None else 0.0
        before_a = Glicko(a.rating, a.rd or 0.0, a.volatility or 0.0)
        before_b = Glicko(b.rating, b.rd or 0.0, b.volatility or 0.0)
        after_a, after_b = lichess_game(rules, before_a, before_b, s)
        for p, after in ((a, after_a), (b, after_b)):
            p.rating, p.rd, p.volatility = after.rating, after.deviation, after.volatility
        a.played(days[g.date], g.line, b.id, s, after_a.rating - before_a.rating)
        b.played(days[g.date], g.line, a.id, 1.0 - s, after_b.rating - before_b.rating)


def period_of(day: date, period: Period) -> int:
    """The rating period's number: months since year 0, or ISO weeks (Monday to Sunday) since 0001-01-01.

    >>> [period_of(date(2026, 3, d), "week") - period_of(date(2026, 3, 2), "week") for d in (2, 8, 9)]
    [0, 0, 1]
    """
    if period == "month":
        return day.year * 12 + day.month - 1
    return (day.toordinal() - 1) // 7  # 0001-01-01 was a Monday


def _periods(games: list[LedgerGame], period: Period) -> list[tuple[int, list[LedgerGame]]]:
    groups: list[tuple[int, list[LedgerGame]]] = []
    numbers = {day: period_of(day, period) for day in set(map(attrgetter("date"), games))}  # a call a date, not a game
    for g in games:
        p = numbers[g.date]
        if not groups or groups[-1][0] != p:
            groups.append((p, []))
        groups[-1][1].append(g)
    return groups


_STEPPED = 100
"""The idle periods before a player's next games that Glicko-2's step 6 is worked a period at a time (as the
system writes it, float for float); past them, all the others at once."""


def _onset(p: _Player, period: int, glicko: GlickoRules | None, glicko2: Glicko2Rules) -> tuple[float, float]:
    """A player's RD at the onset of `period` (Glicko step 1 with `glicko`; else Glicko-2's step 6 for each period
    without games), and their volatility."""
    rd, volatility = p.rd or 0.0, p.volatility or 0.0
    if p.last_period is None:
        return rd, volatility
    idle = period - p.last_period
    if glicko is not None:
        return onset_rd(rd, glicko.c, idle), volatility
    between = idle - 1  # the periods between: step 6 alone, φ ← sqrt(φ² + σ²) each
    for _ in range(min(between, _STEPPED)):
        rd = rate_period(p.rating, rd, volatility, [], glicko2.tau, glicko2.epsilon, glicko2.rd_increase)[8]
    if between > _STEPPED and glicko2.rd_increase:
        # The rest at once: n steps of step 6 are φ² + nσ² (σ stays without games). A ledger of two games
        # 300 years apart held the interpreter for minutes, a period at a time.
        phi = rd / SCALE
        rd = math.sqrt(phi * phi + (between - _STEPPED) * volatility * volatility) * SCALE
    return rd, volatility


def _replay_periods(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules,
                    days: dict[date, str]) -> None:
    glicko = GlickoRules(rules.c) if rules.ledger.method == "glicko" else None
    glicko2 = Glicko2Rules(tau=rules.tau)
    tau, epsilon, rd_increase = glicko2.tau, glicko2.epsilon, glicko2.rd_increase
    for period, played in _periods(games, rules.period):
        mine: dict[str, list[tuple[LedgerGame, str, float]]] = {}  # each player's games, players in the order met
        for g in played:
            s = g.score if g.score is not None else 0.0
            if g.white not in mine:
                mine[g.white] = []
            if g.black not in mine:
                mine[g.black] = []
            mine[g.white] += ((g, g.black, s),)  # += rather than append: no call a game (slow in Pyodide)
            mine[g.black] += ((g, g.white, 1.0 - s),)
        onset: dict[str, tuple[float, float, float]] = {}
        for pid in mine:
            p = players[pid]
            if glicko is None and (p.last_period is None or p.last_period == period - 1):
                onset[pid] = (p.rating, p.rd or 0.0, p.volatility or 0.0)  # `_onset` with no idle period, no call
            else:
                onset[pid] = (p.rating, *_onset(p, period, glicko, glicko2))
        for pid, own in mine.items():
            p = players[pid]
            rating, rd, volatility = onset[pid]
            if glicko is not None:
                # The onset RD is already raised for the idle periods: none more here.
                r1 = rate_glicko(rating, rd, [GlickoGame(onset[o][0], onset[o][1], s) for _, o, s in own], glicko,
                                 periods=0)
                changes, p.rd = [x.change for x in r1.games], r1.new_rd
            else:  # Glicko-2's arithmetic on plain tuples (r_j, RD_j, s_j): no object a game
                r2 = rate_period(rating, rd, volatility, [(onset[o][0], onset[o][1], s) for _, o, s in own], tau,
                                 epsilon, rd_increase)
                changes, p.rd, p.volatility = r2[2], r2[8], r2[9]
            p.last_period = period
            rating = p.rating
            for (g, opponent, s), change in zip(own, changes):  # p.played, without a call a game
                rating += change
                p.games += (days[g.date], g.line, opponent, s, change, rating)
            p.rating = rating


def _replay_own(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules,
                days: dict[date, str]) -> None:
    own = rules.ledger.game
    assert own is not None, "a system of the `game` method declares its game"
    for g in games:
        a, b = players[g.white], players[g.black]
        s = g.score if g.score is not None else 0.0
        ca, cb = own(a.rating, b.rating, s), own(b.rating, a.rating, 1.0 - s)
        a.rating += ca
        b.rating += cb
        a.played(days[g.date], g.line, b.id, s, ca)
        b.played(days[g.date], g.line, a.id, 1.0 - s, cb)


LEAGUE_HISTORY = ("before", "venue", "points_for", "points_against")
"""A league's history columns after `HISTORY`'s: the rating taken into the game (after a season's regression), the
venue (`home`, `away`, `neutral`) and the score from the player's side (None without one)."""
LEAGUE_WIDTH = WIDTH + len(LEAGUE_HISTORY)


def _game_k(rules: LadderRules, g: LedgerGame, games: int) -> float:
    """A league game's K: its own, else its match type's (`rules.league.match_types`), else the rules'."""
    if g.k is not None:
        return g.k
    if g.match_type is not None:
        typed = rules.league.k_by_type.get(type_key(g.match_type))
        if typed is not None:
            return typed
    return _elo_k(rules, games)


def _side_k(rules: LadderRules, g: LedgerGame, side: tuple[_Player, ...]) -> float:
    """A side's K in a league game (`_game_k`): first games' K while one of its players is in their first games."""
    return _game_k(rules, g, min(len(p.games) for p in side) // LEAGUE_WIDTH)


def _replay_league(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules,
                   days: dict[date, str], by_date: bool) -> tuple[int, float]:
    """Elo with a league's facts (`league.league_game`): the first-named team at home unless the game is neutral, the
    margin's multiplier, a game's own K or its match type's, a team's rating regressed at its first game of a new
    season. The history holds `LEAGUE_HISTORY` too. (`_replay_sides` is the same with sides of several players;
    this one, of one player a side, is what a league of 100 000 games takes its time in, without a call but
    `league_game`'s a game where it can.) Returns the draws and the sum of min(E, 1 - E) of the games (`DrawModel`).
    A game's season is its `season` cell, else (`by_date`: the file has no season column) its date's; a blank cell
    of a season column starts no season."""
    league, cap, plain_k = rules.league, rules.cap_400, rules.first_k is None and not rules.league.match_types
    regress, k, own_first = league.season_regression, rules.k, rules.first_k is not None
    seasons = {day: rules.season_of(day) for day in days} if regress and by_date else {}
    draws, evenness = 0, 0.0
    for g in games:
        a, b = players[g.white], players[g.black]
        if regress:
            season = g.season if g.season is not None else seasons.get(g.date)
            if season is not None and (a.season != season or b.season != season):
                _new_season((a, b), season, league)
        s = g.score or 0.0  # a played game's score is never None (a double forfeit is not played)
        pf, pa = g.points or NO_POINTS
        before_a, before_b = a.rating, b.rating
        own_k = g.k
        ka = own_k if own_k is not None else k if plain_k else _side_k(rules, g, (a,))
        kb = _side_k(rules, g, (b,)) if own_first and own_k is None else ka
        venue_a, venue_b = VENUE_PAIRS[g.venue]
        e, m, ca = league_game(ka, before_a, before_b, s, venue_a, league, pf, pa, cap)  # type: ignore[arg-type]
        cb = 0.0 - ca if kb == ka else 0.0 - kb * m * (s - e)
        a.rating += ca
        b.rating += cb
        day, line = days[g.date], g.line
        a.games += (day, line, b.id, s, ca, a.rating, before_a, venue_a, pf, pa)
        b.games += (day, line, a.id, 1.0 - s, cb, b.rating, before_b, venue_b, pa, pf)
        draws += s == 0.5
        evenness += e if e < 0.5 else 1.0 - e
    return draws, evenness


NO_POINTS = (None, None)
"""A game's points without a score."""
VENUE_PAIRS = {"home": ("home", "away"), "away": ("away", "home"), "neutral": ("neutral", "neutral")}
"""The venues of a game's two sides, by the first-named side's (`LedgerGame.venue`)."""


def _replay_sides(games: list[LedgerGame], players: dict[str, _Player], rules: LadderRules, days: dict[date, str],
                  by_date: bool, sides: Sides) -> tuple[int, float]:
    """`_replay_league` with sides of several players (`sides`: doubles, squads): a side plays at its players'
    average rating, and each of them moves by its change; the history's opponent is the other side's id."""
    league, cap, plain_k = rules.league, rules.cap_400, rules.first_k is None and not rules.league.match_types
    seasons = {day: rules.season_of(day) for day in days} if league.season_regression and by_date else {}
    teams: dict[str, tuple[_Player, ...]] = {pid: (p,) for pid, p in players.items()}
    # The pool's sides (a side's players are all in the pool of its games; one of them may play in another pool too).
    teams.update((side, tuple(players[pid] for pid in ids)) for side, ids in sides.items()
                 if all(pid in players for pid in ids))
    draws, evenness = 0, 0.0
    for g in games:
        a, b = teams[g.white], teams[g.black]
        season = g.season if g.season is not None else seasons.get(g.date)
        if league.season_regression and season is not None:
            _new_season(a + b, season, league)
        s = g.score if g.score is not None else 0.0
        pf, pa = g.points if g.points is not None else (None, None)
        ra = a[0].rating if len(a) == 1 else sum(p.rating for p in a) / len(a)
        rb = b[0].rating if len(b) == 1 else sum(p.rating for p in b) / len(b)
        ka = g.k if g.k is not None else rules.k if plain_k else _side_k(rules, g, a)
        kb = ka if g.k is not None or rules.first_k is None else _side_k(rules, g, b)
        venue, other = VENUE_PAIRS[g.venue]
        e, m, ca = league_game(ka, ra, rb, s, venue, league, pf, pa, cap)  # type: ignore[arg-type]
        cb = 0.0 - ca if kb == ka else 0.0 - kb * m * (s - e)
        day, line = days[g.date], g.line
        for p in a:
            before = p.rating
            p.rating += ca
            p.games += (day, line, g.black, s, ca, p.rating, before, venue, pf, pa)
        for p in b:
            before = p.rating
            p.rating += cb
            p.games += (day, line, g.white, 1.0 - s, cb, p.rating, before, other, pa, pf)
        if len(a) > 1 or len(b) > 1:
            _partnered(a, b)
        draws += s == 0.5
        evenness += e if e < 0.5 else 1.0 - e
    return draws, evenness


def _new_season(players: tuple[_Player, ...], season: str, league: LeagueRules) -> None:
    """At a player's first game of a new season, their rating regressed (`league.regressed`)."""
    for p in players:
        if p.season is not None and p.season != season:
            p.rating = regressed(p.rating, league)
        p.season = season


def _partnered(*sides: tuple[_Player, ...]) -> None:
    """Count each player's games with each partner of their side."""
    for side in sides:
        for p in side:
            for q in side:
                if q is not p:
                    p.partners[q.id] = p.partners.get(q.id, 0) + 1


def _is_league(ledger: Ledger, rules: LadderRules) -> bool:
    """Whether a ladder is a league's table (its answer's `league`, its players' points): Elo's, on a league's file or
    with a league's rules (a chess ledger's doubles are not)."""
    return rules.ledger.method == "k" and (ledger.league or not rules.league.plain)


def _league_replay(ledger: Ledger, rules: LadderRules) -> bool:
    """Whether a ledger is replayed as a league's (`_replay_league`): Elo's, on a league's file, one with sides of
    several players, or with a league's rules."""
    return rules.ledger.method == "k" and (ledger.league or bool(ledger.sides) or not rules.league.plain)


_REPLAY: dict[str, Callable[[list[LedgerGame], dict[str, _Player], LadderRules, dict[date, str]], None]] = {
    "k": _replay_elo, "glicko": _replay_periods, "glicko2": _replay_periods, "lichess": _replay_lichess,
    "game": _replay_own,
}
"""Each replay by its method (`contract.LedgerMethod`)."""


def _months_before(day: date, months: int) -> date:
    """The same day `months` calendar months earlier (the month's last day where it is shorter); never before
    January of year 1, the first month `datetime` has.

    >>> _months_before(date(2026, 3, 31), 1), _months_before(date(2026, 1, 15), 13)
    (datetime.date(2026, 2, 28), datetime.date(2024, 12, 15))
    """
    year, month = divmod(max(day.year * 12 + day.month - 1 - months, 12), 12)  # 12: January of year 1
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def _pool(ledger: Ledger, pool: str | None, rules: LadderRules, as_of: date | None, draws: list[float],
          ) -> tuple[list[LadderPlayer], list[HeadToHead]]:
    """One pool's players (ranked first) and head-to-head records; a league's draws, the sum of its games'
    min(E, 1 - E) and its games added to `draws` (`DrawModel`)."""
    # A pass a game is what a ladder of 100 000 games takes its time with (in Pyodide): what C can do is left to it.
    mine = list(ledger.games) if len(ledger.pools) == 1 else [g for g in ledger.games if g.pool == pool]
    sides = ledger.sides
    if sides and rules.ledger.method != "k":  # a side of several players is Elo's (`_unrated_sides` says so)
        mine = [g for g in mine if g.white not in sides and g.black not in sides]
    in_pool = set() if pool is None else {pid for g in mine for side in (g.white, g.black)
                                          for pid in sides.get(side, (side,))}
    rd, volatility = rules.ledger.rd, rules.ledger.volatility
    players = {p.id: _Player(p.id, p.name, rules.start if p.rating is None else p.rating, rd, volatility, not p.active)
               for p in ledger.players if pool is None or p.id in in_pool}
    forfeited = [g for g in mine if g.forfeit]
    played = [g for g in mine if not g.forfeit] if forfeited else mine
    played.sort(key=attrgetter("date"))  # stable: file order within a date
    days = {day: day.isoformat() for day in set(map(attrgetter("date"), played))}
    league = _league_replay(ledger, rules)
    if league:
        by_date = "season" not in ledger.columns
        drawn, evenness = (_replay_sides(played, players, rules, days, by_date, sides) if sides else
                           _replay_league(played, players, rules, days, by_date))
        draws[0] += drawn
        draws[1] += evenness
        draws[2] += len(played)
    else:
        _REPLAY[rules.ledger.method](played, players, rules, days)
    for g in forfeited:
        for pid in sides.get(g.white, (g.white,)):
            players[pid].forfeits_won += g.score == 1
            players[pid].forfeits_lost += g.score != 1
            if g.points and g.score is not None:  # a double forfeit awards no side its points
                players[pid].awarded[0] += g.points[0]
                players[pid].awarded[1] += g.points[1]
        for pid in sides.get(g.black, (g.black,)):
            players[pid].forfeits_won += g.score == 0
            players[pid].forfeits_lost += g.score != 0
            if g.points and g.score is not None:
                players[pid].awarded[0] += g.points[1]
                players[pid].awarded[1] += g.points[0]
    cutoff = None if rules.inactive_months is None or as_of is None else _months_before(as_of, rules.inactive_months)
    scored = _is_league(ledger, rules)
    entries = [_entry(p, pool, rules, None if cutoff is None else cutoff.isoformat(), league, scored)
               for p in players.values()]
    met = played
    if scored and forfeited:  # a league's table counts a walkover as a match won and lost: its head-to-head too
        awarded = [g for g in forfeited if g.score is not None]
        days.update((g.date, g.date.isoformat()) for g in awarded)
        met = sorted(played + awarded, key=attrgetter("date"))  # stable: file order within a date
    if sides:  # head-to-head records are of players: a side's games are in its players' histories and partners
        met = [g for g in met if g.white not in sides and g.black not in sides]
    return _ranked(entries), _head_to_head(met, pool, list(players), days)


def _entry(p: _Player, pool: str | None, rules: LadderRules, cutoff: str | None, league: bool,
           scored: bool) -> LadderPlayer:
    """A player's row of the ranking (not yet ranked); `cutoff`: the ISO date before which a last game is too old;
    `league`: replayed by `_replay_league` (its history has `LEAGUE_HISTORY` too, its row the points)."""
    # HISTORY's columns, cut from the one list of the player's games.
    width = LEAGUE_WIDTH if league else WIDTH
    days, lines, opponents, scores, changes, ratings = (p.games[i::width] for i in range(WIDTH))
    games = len(scores)
    wins, losses = scores.count(1.0), scores.count(0.0)
    last = days[-1] if days else None
    unsure = rules.ledger.provisional_rd
    provisional = games < rules.provisional_games or (unsure is not None and (p.rd or 0.0) >= unsure)
    # A player without a game has no last game to count from: not inactive, but provisional (PROVISIONAL_GAMES).
    inactive = "retired" if p.retired else "inactive" if cutoff is not None and last is not None and (
        last < cutoff) else None
    change = None
    if rules.since is not None:
        i = bisect_left(days, rules.since.isoformat())  # the first game on or after `since` (the days are in order)
        change = p.rating - (ratings[i] - changes[i] if i < games else p.rating)
    entry: LadderPlayer = {
        "rank": None, "pool": pool, "id": p.id, "name": p.name, "rating": p.rating, "start_rating": p.start,
        "rd": p.rd, "volatility": p.volatility, "games": games, "wins": wins, "draws": games - wins - losses,
        "losses": losses, "score": wins + (games - wins - losses) / 2, "forfeits_won": p.forfeits_won,
        "forfeits_lost": p.forfeits_lost, "first_played": days[0] if days else None, "last_played": last,
        "provisional": provisional, "active": inactive is None, "inactive_reason": inactive, "change": change,
        "history": {"game": list(range(1, games + 1)), "date": days, "line": lines, "opponent": opponents,
                    "score": scores, "change": changes, "rating": ratings},
    }
    if league:
        history = entry["history"]
        history["before"], history["venue"], history["points_for"], history["points_against"] = (
            p.games[i::width] for i in range(WIDTH, LEAGUE_WIDTH))
        if scored:  # a league's table (its file has scores): the points for and against, a walkover's as awarded
            entry["points_for"] = sum(filter(None, history["points_for"])) + p.awarded[0]
            entry["points_against"] = sum(filter(None, history["points_against"])) + p.awarded[1]
    if p.partners:
        entry["partners"] = [{"id": pid, "games": n} for pid, n in p.partners.items()]
    return entry


def _ranked(entries: list[LadderPlayer]) -> list[LadderPlayer]:
    """Ranked players by rating (equal ratings share a rank), then provisional ones, then inactive ones."""
    def group(e: LadderPlayer) -> int:
        return 2 if not e["active"] else 1 if e["provisional"] else 0

    entries.sort(key=lambda e: (group(e), -e["rating"], e["name"].casefold()))
    rank = 0
    for i, e in enumerate(entries):
        if group(e):
            break
        if i == 0 or e["rating"] != entries[i - 1]["rating"]:
            rank = i + 1
        e["rank"] = rank
    return entries


def _head_to_head(games: list[LedgerGame], pool: str | None, order: list[str],
                  days: dict[date, str]) -> list[HeadToHead]:
    """Every pair that met, in the order of their first game: games, each one's wins, draws, score, the first and
    last date."""
    place = {pid: i for i, pid in enumerate(order)}
    pairs: dict[tuple[str, str], list[Any]] = {}  # [games, a's wins, b's wins, first date, last date]
    for g in games:  # counted with operators only: a call a game (`dict.get`, `append`) is slow in Pyodide
        white, black, s = g.white, g.black, g.score
        if s is None:
            s = 0.0
        if place[white] < place[black]:
            key, a_score = (white, black), s
        else:
            key, a_score = (black, white), 1.0 - s
        if key in pairs:
            record = pairs[key]
            record[0] += 1
            record[1] += a_score == 1.0
            record[2] += a_score == 0.0
            record[4] = g.date
        else:
            pairs[key] = [1, int(a_score == 1.0), int(a_score == 0.0), g.date, g.date]
    answer: list[HeadToHead] = []
    for (a, b), (n, a_wins, b_wins, first, last) in pairs.items():
        answer.append({"pool": pool, "a": a, "b": b, "games": n, "a_wins": a_wins, "draws": n - a_wins - b_wins,
                       "b_wins": b_wins, "a_score": a_wins + (n - a_wins - b_wins) / 2,
                       "b_score": b_wins + (n - a_wins - b_wins) / 2, "first_played": days[first],
                       "last_played": days[last]})
    return answer


def replay(ledger: Ledger, rules: LadderRules = LadderRules()) -> dict[str, Any]:
    """The ladder of a ledger read by `read_ledger` (the rules already checked): every pool's players, ranked,
    with their histories; the head-to-head records; the forfeits; the reader's problems."""
    last = max(map(attrgetter("date"), ledger.games), default=None)
    today = date.today()
    # A date after tomorrow (the device's clock) is a mistyped year (2062): inactivity is counted from the last date
    # before it (else today), not from it.
    tomorrow = today + timedelta(days=1)
    future = last is not None and last > tomorrow
    before = max((g.date for g in ledger.games if g.date <= tomorrow), default=today) if future else last
    as_of = rules.as_of or before
    players: list[LadderPlayer] = []
    pairs: list[HeadToHead] = []
    draws = [0.0, 0.0, 0.0]
    for pool in ledger.pools:
        ranked, h2h = _pool(ledger, pool, rules, as_of, draws)
        players += ranked
        pairs += h2h
    # One group a kind of problem in a file, the first LISTED_PROBLEMS problems listed in them, the rest counted.
    said = (*ledger.problems, *_unknown_types(ledger, rules), *_unrated_sides(ledger, rules),
            *(_future_dates(ledger, today) if future else ()))
    problems, unlisted = group_problems(map(_problem, said), PROBLEMS, by="source", listed=LISTED_PROBLEMS)
    forfeits = [{"line": g.line, "date": g.date.isoformat(), "pool": g.pool, "white": g.white, "black": g.black,
                 "result": g.result, "score": g.score} for g in ledger.games if g.forfeit]
    return {
        "ok": True, "system": rules.system, "settings": _settings(rules),
        "ledger": {"games": len(ledger.games) - len(forfeits), "forfeits": len(forfeits),
                   "players": len(ledger.players),
                   "first_date": _iso(min(map(attrgetter("date"), ledger.games), default=None)),
                   "last_date": _iso(last), "as_of": _iso(as_of), "separator": ledger.separator,
                   "header": ledger.header, "columns": list(ledger.columns), "day_first": ledger.day_first,
                   "players_file": ledger.has_players_file},
        "pools": list(ledger.pools), "players": players, "in_no_pool": _in_no_pool(ledger, players),
        "head_to_head": pairs, "forfeits": forfeits,
        **({"league": draw_model(*draws)} if _is_league(ledger, rules) else {}),
        "problems": problems, "unlisted": unlisted,
    }


class DrawModel(TypedDict):
    """How a league's draw chances are estimated from its own games (`league.chances`): P(draw) = 2 x scale x
    min(E, 1 - E), the largest where the sides are even, none where one is sure to win; `scale` = draws / the sum
    of 2 x min(E, 1 - E) over the games (E as each game was expected, home advantage in it), so that the file's
    games, as they were expected, hold as many draws as they had. None without a draw in the file."""

    games: int
    draws: int
    draw_scale: float | None


def draw_model(draws: float, evenness: float, games: float) -> DrawModel:
    """A league's `DrawModel` from its draws, the sum of its games' min(E, 1 - E), and its games.

    >>> draw_model(10, 40.0, 100)
    {'games': 100, 'draws': 10, 'draw_scale': 0.125}
    """
    scale = min(1.0, draws / (2 * evenness)) if draws and evenness else None
    return {"games": int(games), "draws": int(draws), "draw_scale": scale}


def _unrated_sides(ledger: Ledger, rules: LadderRules) -> list[LedgerProblem]:
    """The games of sides of several players under a system that rates players one by one (not Elo's K): not rated,
    said at the first line with their count."""
    if not ledger.sides or rules.ledger.method == "k":
        return []
    lines = [g.line for g in ledger.games if g.white in ledger.sides or g.black in ledger.sides]
    return [LedgerProblem("games", lines[0], "side_not_rated", f"line {lines[0]}: {rules.system} rates players one "
                          f"by one: {len(lines)} games of sides of several players (A+B) are not rated (system elo "
                          "rates them)", {"count": len(lines), "system": rules.system})]


def _in_no_pool(ledger: Ledger, players: list[LadderPlayer]) -> list[dict[str, Any]]:
    """The players file's players whom no pool's ladder lists (`players`: every pool's), a ledger of pools listing
    those who played in it (`_pool`): a member entered before their first game. Not a problem of the file (a club's
    ladder kept in its WordPress has them every week): the answer's `in_no_pool`, which the command line says."""
    if ledger.pools == (None,) or not ledger.has_players_file:
        return []
    listed = {p["id"] for p in players}
    return [{"id": p.id, "name": p.name, "line": p.line} for p in ledger.players
            if p.id not in listed and p.line is not None]


def _future_dates(ledger: Ledger, today: date) -> list[LedgerProblem]:
    """The games dated after tomorrow, said once at the first with their count: rated, but a ladder's inactivity is
    counted from the last date before them (`replay`), not from a mistyped year that would leave most players
    inactive."""
    late = [g for g in ledger.games if g.date > today + timedelta(days=1)]
    first = late[0]
    return [LedgerProblem("games", first.line, "date_in_future", f"line {first.line}: {first.date.isoformat()} is "
                          f"after today ({today.isoformat()}), a mistyped year? {len(late)} such "
                          f"{'game' if len(late) == 1 else 'games'} rated; who "
                          "is inactive is counted from the last date before them", {"count": len(late)})]


def _unknown_types(ledger: Ledger, rules: LadderRules) -> list[LedgerProblem]:
    """Each match type of the ledger that the rules have no K for (its games rated with the rules' K), said once at
    its first line with the count of its games and the types the rules know."""
    if not ledger.league or not _league_replay(ledger, rules):
        return []
    known = rules.league.k_by_type
    unknown: dict[str, list[int]] = {}
    for g in ledger.games:
        if g.match_type is not None and g.k is None and type_key(g.match_type) not in known:
            unknown.setdefault(g.match_type, []).append(g.line)
    names = ", ".join(rules.league.match_types)
    return [LedgerProblem("games", lines[0], "unknown_match_type", f"line {lines[0]}: match type {name!r} is not one "
                          f"the rules know ({names or 'they know none: choose a preset'}): {len(lines)} games rated "
                          "with the rules' K", {"column": "match_type", "value": name, "count": len(lines)})
            for name, lines in unknown.items()]


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def _settings(rules: LadderRules) -> dict[str, Any]:
    """The rules as JSON: their fields (dates in ISO form, `season_start` as MM-DD), not what is cached of them."""
    settings = {key: _iso(value) if isinstance(value, date) else value for key, value in rules.__dict__.items()
                if key not in ("ledger", "league")}
    settings["season_start"] = "{:02d}-{:02d}".format(*rules.season_start)
    return settings


def _problem(p: LedgerProblem) -> dict[str, Any]:
    return {"source": p.source, "line": p.line, "code": p.code, "message": p.message, "params": p.params}


# ---- reading a request -------------------------------------------------------------------------


def _read_count(request: dict[str, Any], key: str, problems: Problems, what: str, default: int | None,
                high: int = MAX_COUNT) -> int | None:
    if blank(request.get(key)):
        return default
    value = read_number(request, key, key, problems, what=what, low=0, high=high, whole=True)
    return None if value is None else int(value)


def _read_day(request: dict[str, Any], key: str, problems: Problems) -> date | None:
    value = request.get(key)
    if blank(value):
        return None
    day = read_date(value) if isinstance(value, str) else None
    if day is None:
        problems.add(key, "not_a_choice", f"expected {key} to be a date (YYYY-MM-DD) from {DATE_RANGE}, got "
                     f"{show(value)}", value=show(value))
    return day


def _read_system(request: dict[str, Any], problems: Problems) -> str | None:
    """The request's system (none given: the registry's first that replays a ledger). A registered system that
    cannot replay one is refused with its own reason (None: nothing more is read); another value is said, and the
    rest of the request read as for the default (as `read_choice` does). Only the systems asked about are imported."""
    name = request.get("system")
    if name is None:
        return default("ledger")
    if isinstance(name, str) and name in REGISTRY:
        if can(name, "ledger"):
            return name
        problems.add("system", "not_supported", f"{name}: {capabilities(name).no_ledger}", value=name)
        return None
    read_choice(request, "system", "system", offering("ledger"), problems)
    return default("ledger")


def read_rules(request: dict[str, Any], problems: Problems) -> LadderRules | None:
    """A request's settings as `LadderRules`; None, and every problem in `problems`, when they cannot be read."""
    system = _read_system(request, problems)
    if system is None:
        return None
    league = _read_league(request, problems, system)
    preset = PRESETS[league["preset"]] if league.get("preset") else None
    k = (preset.k if preset else DEFAULT_K) if blank(request.get("k")) else read_k(request["k"], problems, whole=False)
    first_k = None if blank(request.get("first_k")) else read_number(
        request, "first_k", "first_k", problems, what="the K of a player's first games", low=1e-9, high=MAX_K)
    first_games = _read_count(request, "first_games", problems, "a player's first games", 0)
    if first_k is not None and not first_games:
        problems.add("first_games", "required", "first_k needs first_games: how many first games it is for")
    start = START_RATING if blank(request.get("start")) else read_number(
        request, "start", "start", problems, what="the start rating", low=MIN_RATING, high=MAX_RATING)
    period: Period = read_choice(request, "period", "period", PERIODS, problems)  # type: ignore[assignment]
    c = read_number(request, "c", "c", problems, what="the constant c", low=0, high=MAX_C, default=DEFAULT_C)
    tau = read_number(request, "tau", "tau", problems, what="tau", low=MIN_TAU, high=MAX_TAU, default=DEFAULT_TAU)
    speed = read_choice(request, "speed", "speed", LICHESS_SPEEDS, problems)
    provisional = _read_count(request, "provisional_games", problems, "the games before a player is ranked",
                              PROVISIONAL_GAMES)
    inactive = _read_count(request, "inactive_months", problems, "the months of inactivity before a player is "
                           "marked inactive", INACTIVE_MONTHS, high=MAX_INACTIVE_MONTHS)
    since, as_of = _read_day(request, "since", problems), _read_day(request, "as_of", problems)
    cap_400 = read_flag(request, "cap_400", "cap_400", problems)
    locale = request.get("locale", "en")
    if not isinstance(locale, str):
        problems.add("locale", "not_a_choice", f"expected locale to be a language tag, got {show(locale)}")
    if problems or k is None or start is None or c is None or tau is None or not isinstance(locale, str):
        return None
    # inactive_months 0: never inactive (a blank one is the default, as every blank setting here).
    return LadderRules(system=system, k=number(k), first_k=first_k, first_games=first_games or 0,
                       cap_400=cap_400, start=start, period=period, c=c, tau=tau, speed=speed,
                       provisional_games=provisional or 0, inactive_months=inactive or None, since=since, as_of=as_of,
                       locale=locale, **league)


LEAGUE_SETTINGS = ("preset", "home_advantage", "margin", "season_regression", "season_mean", "season_start")
"""A league's settings of a request (`LadderRules`); each blank one is its preset's, else its plain default."""


def _read_league(request: dict[str, Any], problems: Problems, system: str) -> dict[str, Any]:
    """A request's league settings as `LadderRules` fields: the preset's rules, with each setting given overriding
    its own; refused for a system that does not rate by Elo's K (a problem names the setting)."""
    given = [key for key in LEAGUE_SETTINGS if not blank(request.get(key))]
    if not given:
        return {}
    if ledger_of(system).method != "k":
        problems.add(given[0], "not_supported", f"{system} rates a ledger without a league's rules: "
                     f"{given[0]} is Elo's (system elo)", value=show(request.get(given[0])))
        return {}
    name = None if blank(request.get("preset")) else read_choice(request, "preset", "preset", tuple(PRESETS),
                                                                 problems)
    plain = PRESETS[name].rules if name in PRESETS else LeagueRules()
    settings: dict[str, Any] = {"preset": name if name in PRESETS else None}
    settings["home_advantage"] = read_number(request, "home_advantage", "home_advantage", problems,
                                             what="the home advantage", low=0, high=MAX_HOME_ADVANTAGE,
                                             default=plain.home_advantage)
    settings["margin"] = plain.margin if blank(request.get("margin")) else read_choice(
        request, "margin", "margin", MARGINS, problems)
    settings["season_regression"] = read_number(request, "season_regression", "season_regression", problems,
                                                what="the season's regression", low=0, high=1,
                                                default=plain.season_regression)
    settings["season_mean"] = read_number(request, "season_mean", "season_mean", problems, what="the season's mean",
                                          low=MIN_RATING, high=MAX_RATING, default=plain.season_mean)
    settings["season_start"] = _read_season_start(request, problems,
                                                  PRESETS[name].season_start if name in PRESETS else (1, 1))
    return settings


def _read_season_start(request: dict[str, Any], problems: Problems, default: tuple[int, int]) -> tuple[int, int]:
    """`season_start` as `MM-DD` (the day each season starts, where the file has no season column): (month, day);
    blank, `default` (the preset's)."""
    value = request.get("season_start")
    if blank(value):
        return default
    day = read_date(f"2000-{value}") if isinstance(value, str) and len(value) <= 5 else None
    if day is None:
        problems.add("season_start", "not_a_choice", f"expected season_start to be a month and a day, MM-DD (08-01: "
                     f"1 August), got {show(value)}", value=show(value))
        return (1, 1)
    return (day.month, day.day)


def _texts(request: dict[str, Any], problems: Problems) -> tuple[str | bytes, str | bytes | None] | None:
    """The ledger's and the players file's texts (or bytes, from a Python caller such as the CLI)."""
    text, players = request.get("text"), request.get("players")
    if not isinstance(text, (str, bytes)):
        problems.add("text", "required" if text is None else "not_a_choice",
                     f"expected text to be the text of a results ledger, got {show(text)}", value=show(text))
    if players is not None and not isinstance(players, (str, bytes)):
        problems.add("players", "not_a_choice", f"expected players to be the text of a players file, got "
                     f"{show(players)}", value=show(players))
    if problems or not isinstance(text, (str, bytes)):
        return None
    return text, players


def _failure(problems: Problems) -> dict[str, Any]:
    return {"ok": False, "errors": problems.items}


def _ladder_report(request: Any) -> dict[str, Any]:
    problems = Problems()
    if not isinstance(request, dict):
        problems.add("", "not_an_object", "expected the request to be an object")
        return _failure(problems)
    texts = _texts(request, problems)
    rules = read_rules(request, problems)
    if texts is None or rules is None:
        return _failure(problems)
    try:
        ledger = read_ledger(texts[0], texts[1], locale=rules.locale, league=rules.league_rated)
    except LedgerError as exc:
        problems.add("text" if exc.source == "games" else "players", exc.code, exc.message, **exc.params)
        return _failure(problems)
    return replay(ledger, rules)


def ladder_report(request: Any) -> dict[str, Any]:
    """Replay a results ledger into a ladder; never raises.

    Request: `{"text": <ledger>, "players": <players file> (optional), "system": "elo" | "glicko" | "glicko2" |
    "lichess", "k": 32, "first_k", "first_games", "cap_400", "start": 1500, "period": "month" | "week",
    "c", "tau", "speed", "provisional_games": 1, "inactive_months": 3 (0: never), "since", "as_of", "locale": "en"}`.
    Answer: `{"ok": true, "system", "settings", "ledger", "pools", "players": [...], "in_no_pool": [{"id", "name",
    "line"}], "head_to_head": [...], "forfeits": [...], "problems": [...], "unlisted": {...}}`, or `{"ok": false,
    "errors": [...]}` as `calculate` answers. `in_no_pool`: a players file's players who played in none of a ledger's
    pools (`_in_no_pool`). `problems`: the reader's, one group a kind in a file (`contract.ProblemGroup`: `source`,
    `code`, `count`, `lines`, `message`, and each problem in `items` with its `line`, `message` and `params`: the
    `column` and `value` of a cell refused); past the first `LISTED_PROBLEMS`, counted (`unlisted`, by code).

    >>> r = ladder_report({"text": "2026-03-04,Anna,Ben,1\\n2026-03-11,Ben,Cleo,½", "k": 20})
    >>> [(p["rank"], p["id"], round(p["rating"], 2), p["games"]) for p in r["players"]]
    [(1, 'Anna', 1510.0, 1), (2, 'Cleo', 1499.71, 1), (3, 'Ben', 1490.29, 2)]
    """
    # Reading and replaying a ledger makes hundreds of thousands of objects and no reference cycle: the cyclic
    # collector, run again and again over the growing heap, took a third of the time of 100 000 games. It is
    # paused meanwhile (as it was, it is restored), and runs once after.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _ladder_report(request)
    except Exception as exc:  # a bug must still give an answer the widget can show
        return {"ok": False, "errors": [{"field": "", "code": "internal", "params": {},
                                          "message": f"internal error: {type(exc).__name__}: {exc}"}]}
    finally:
        if collecting:
            gc.enable()


# ---- what a next game would do ------------------------------------------------------------------

OUTCOMES = (("win", 1.0), ("draw", 0.5), ("loss", 0.0))
"""The first player's result, and score."""


def _side(request: dict[str, Any], key: str, problems: Problems, rules: LadderRules) -> dict[str, float] | None:
    value = request.get(key)
    if not isinstance(value, dict):
        problems.add(key, "not_an_object", f"expected {key} to be a player (rating, games, rd, volatility)")
        return None
    rating = read_number(value, "rating", f"{key}.rating", problems, what=f"{key}'s rating", low=MIN_RATING,
                         high=MAX_RATING)
    games = read_number(value, "games", f"{key}.games", problems, what=f"{key}'s games", low=0, high=10**9,
                        whole=True, default=0)
    rd = read_number(value, "rd", f"{key}.rd", problems, what=f"{key}'s RD", low=1, high=1000,
                     default=rules.ledger.rd or 350.0)
    volatility = read_number(value, "volatility", f"{key}.volatility", problems, what=f"{key}'s volatility",
                             low=0.0001, high=1, default=rules.ledger.volatility or DEFAULT_VOLATILITY)
    if rating is None or games is None or rd is None or volatility is None:
        return None
    return {"rating": rating, "games": games, "rd": rd, "volatility": volatility}


SMALLEST_MARGIN = {1.0: (1, 0), 0.5: (0, 0), 0.0: (0, 1)}
"""A league's next game's score by the first side's result: won or lost by one point, or drawn."""


def stakes(rules: LadderRules, a: dict[str, float], b: dict[str, float], venue: Venue | None = None,
           ) -> list[dict[str, Any]]:
    """What a win, a draw and a loss of `a` against `b` would do to each, from their figures now (a ladder
    answer's player entries have them: rating, games, rd, volatility); with a league's `venue`, `a` there (home,
    away or neutral) and the game won or lost by the smallest margin (`league.league_game`)."""
    outcomes = []
    method, own = rules.ledger.method, rules.ledger.game
    for result, s in OUTCOMES:
        if method == "k" and venue is not None:  # each side's own K (a first games' K), as the replay gives it
            pf, pa = SMALLEST_MARGIN[s]
            ka, kb = _elo_k(rules, int(a["games"])), _elo_k(rules, int(b["games"]))
            e, m, ca = league_game(ka, a["rating"], b["rating"], s, venue, rules.league, pf, pa, rules.cap_400)
            cb = 0.0 - kb * m * (s - e)
        elif method == "k":
            ca, cb = elo_game(rules, a["rating"], int(a["games"]), b["rating"], int(b["games"]), s)
        elif own is not None:
            ca, cb = own(a["rating"], b["rating"], s), own(b["rating"], a["rating"], 1.0 - s)
        elif method == "glicko":
            ca = glicko_game(rules, (a["rating"], a["rd"]), (b["rating"], b["rd"]), s)
            cb = glicko_game(rules, (b["rating"], b["rd"]), (a["rating"], a["rd"]), 1.0 - s)
        elif method == "glicko2":
            ca = glicko2_game(rules, (a["rating"], a["rd"], a["volatility"]), (b["rating"], b["rd"], b["volatility"]),
                              s)
            cb = glicko2_game(rules, (b["rating"], b["rd"], b["volatility"]), (a["rating"], a["rd"], a["volatility"]),
                              1.0 - s)
        else:
            ga, gb = Glicko(a["rating"], a["rd"], a["volatility"]), Glicko(b["rating"], b["rd"], b["volatility"])
            after_a, after_b = lichess_game(rules, ga, gb, s)
            ca, cb = after_a.rating - ga.rating, after_b.rating - gb.rating
        outcomes.append({"result": result, "score": s,
                         "a": {"change": ca, "rating": a["rating"] + ca},
                         "b": {"change": cb, "rating": b["rating"] + cb}})
    return outcomes


def ladder_stakes(request: Any) -> dict[str, Any]:
    """What a win, a draw or a loss between two players would do to each; never raises.

    Request: the ladder's settings (`system`, `k`, `first_k`, `first_games`, `cap_400`, `c`, `tau`, `speed`, a
    league's `preset` and rules) and the two players as a ladder answer lists them: `"a": {"rating", "games", "rd",
    "volatility"}`, `"b"`; a league's (`"league": true`, or rules of one) `venue` of `a` (neutral by default) and
    `draw_scale` (its answer's `league.draw_scale`).
    Answer: `{"ok": true, "system", "outcomes": [{"result": "win" | "draw" | "loss" (a's), "score",
    "a": {"change", "rating"}, "b": {...}}]}`; a league's also `"chances": [{"venue", "expected", "win", "draw",
    "loss"}]` of `a` at home, away and at a neutral venue (`league.chances`; `draw` null without a scale).

    >>> r = ladder_stakes({"system": "elo", "k": 20, "a": {"rating": 1500}, "b": {"rating": 1500}})
    >>> [(o["result"], o["a"]["change"], o["b"]["change"]) for o in r["outcomes"]]
    [('win', 10.0, -10.0), ('draw', 0.0, 0.0), ('loss', -10.0, 10.0)]
    """
    try:
        problems = Problems()
        if not isinstance(request, dict):
            problems.add("", "not_an_object", "expected the request to be an object")
            return _failure(problems)
        rules = read_rules(request, problems)
        if rules is None:
            return _failure(problems)
        a, b = _side(request, "a", problems, rules), _side(request, "b", problems, rules)
        league = read_flag(request, "league", "league", problems) or not rules.league.plain
        venue = cast(Venue, read_choice(request, "venue", "venue", ("neutral", "home", "away"), problems))
        scale = read_number(request, "draw_scale", "draw_scale", problems, what="the draw scale", low=0, high=1,
                            default=-1.0)
        if problems or a is None or b is None:
            return _failure(problems)
        answer = {"ok": True, "system": rules.system,
                  "outcomes": stakes(rules, a, b, venue if league and rules.ledger.method == "k" else None)}
        if league and rules.ledger.method == "k":
            answer["chances"] = [{"venue": v, **chances(a["rating"], b["rating"], v, rules.league,
                                                        None if scale < 0 else scale)} for v in VENUES]
        return answer
    except Exception as exc:  # a bug must still give an answer the widget can show
        return {"ok": False, "errors": [{"field": "", "code": "internal", "params": {},
                                          "message": f"internal error: {type(exc).__name__}: {exc}"}]}



# ---- export --------------------------------------------------------------------------------------

RANKING_COLUMNS = ("pool", "rank", "id", "name", "rating", "games", "wins", "draws", "losses", "score", "forfeits_won",
                   "forfeits_lost", "first_played", "last_played", "provisional", "active", "inactive_reason", "change",
                   "rd", "volatility")
"""The ranking's columns in its CSV, as a ladder answer names its players' keys (a league's adds its points:
`ranking_columns`)."""
HISTORY_COLUMNS = ("game", *HISTORY)
"""A player's history's columns in its CSV (a league's adds `LEAGUE_HISTORY`'s: `history_columns`)."""

LEAGUE_RANKING = ("points_for", "points_against")
"""A league's own columns of its ranking: the points scored and conceded, after the results."""


def ranking_columns(players: Sequence[dict[str, Any]]) -> tuple[str, ...]:
    """The CSV columns of a ranking: `RANKING_COLUMNS`, and a league's points for and against (after the losses,
    as its table shows them) where its players have them.

    >>> ranking_columns([{"id": "A"}]) == RANKING_COLUMNS, ranking_columns([{"points_for": 3}])[8:11]
    (True, ('losses', 'points_for', 'points_against'))
    """
    if not any(column in player for player in players for column in LEAGUE_RANKING):
        return RANKING_COLUMNS
    at = RANKING_COLUMNS.index("losses") + 1
    return RANKING_COLUMNS[:at] + LEAGUE_RANKING + RANKING_COLUMNS[at:]


def _csv_columns() -> tuple[str, ...]:
    """Every column a ranking's or a history's CSV may have, a league's too, each once."""
    league = ranking_columns([dict.fromkeys(LEAGUE_RANKING, 0)])
    return tuple(dict.fromkeys(league + HISTORY_COLUMNS + LEAGUE_HISTORY))


def history_columns(history: dict[str, list[Any]]) -> tuple[str, ...]:
    """The CSV columns of a player's history: `HISTORY_COLUMNS`, and a league's own (`LEAGUE_HISTORY`: the rating
    taken into each game after a season's regression, the venue, the score) where it has them.

    >>> history_columns({"rating": [1516.0]})[-1], history_columns({"rating": [1516.0], "before": [1510.0]})[-4:]
    ('rating', ('before', 'venue', 'points_for', 'points_against'))
    """
    return HISTORY_COLUMNS + (LEAGUE_HISTORY if any(c in history for c in LEAGUE_HISTORY) else ())


@dataclass(frozen=True)
class CsvWords:
    """The words of a CSV in a page's language (the widget's, as its report's CSV has them): the command line's is
    written with the keys and `yes`/`no`."""

    headers: dict[str, str]
    """A column's header by its key (`CSV_COLUMNS`); a column without one is headed by its key."""
    yes: str = "yes"
    no: str = "no"
    """A flag's words (`provisional`, `active`)."""
    values: dict[str, str] = field(default_factory=dict)
    """The words of the values `CSV_VALUES` names (`inactive`, `home`…), by the value; one without is written as is."""


CSV_VALUES = {"inactive_reason": ("retired", "inactive"), "venue": ("home", "away", "neutral")}
"""The columns whose values are keys (a word the page says in its own language), and those keys."""


def to_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str], separator: str = ",",
           words: CsvWords | None = None) -> str:
    """Rows of a ladder answer (its players, or one player's history) as CSV text (`csv_writer.write_csv`: formulas kept
    as text, CRLF line ends as the report's CSV), one row a line after a header of `columns` (or their `words`);
    with `separator` ";", numbers with a decimal comma (as German or French Excel reads them). Ratings are written
    unrounded, so that a spreadsheet's sums agree with the ladder's.

    >>> to_csv([{"id": "AM", "rating": 1512.25, "active": True}], ("id", "rating", "active"), ";")
    'id;rating;active\\r\\nAM;1512,25;yes\\r\\n'
    >>> to_csv([{"id": "AM", "active": False}], ("id", "active"), ";", CsvWords({"active": "aktiv"}, "ja", "nein"))
    'id;aktiv\\r\\nAM;nein\\r\\n'
    >>> to_csv([{"name": "home", "venue": "home"}], ("name", "venue"), ",", CsvWords({}, values={"home": "thuis"}))
    'name,venue\\r\\nhome,thuis\\r\\n'
    """
    if words is None:
        return write_csv([columns, *([row.get(column) for column in columns] for row in rows)], separator)
    flags = {True: words.yes, False: words.no}

    def said(column: str, value: Any) -> Any:
        if isinstance(value, bool):
            return flags[value]
        return words.values.get(value, value) if value in CSV_VALUES.get(column, ()) else value

    head = [words.headers.get(column, column) for column in columns]
    return write_csv([head, *([said(column, row.get(column)) for column in columns] for row in rows)], separator)


CSV_COLUMNS = _csv_columns()
"""Every column a CSV of the ladder may have (the widget's contract: it sends a header for each, `CsvWords`)."""


def _read_words(request: dict[str, Any], problems: Problems) -> CsvWords | None:
    """The request's `words`: an object of texts, a column's header by its key, the flags' words by `yes` and
    `no`, and the values' (`CSV_VALUES`) by the value (no column has those names); None without it (the command
    line's keys)."""
    words = request.get("words")
    if words is None:
        return None
    if not (isinstance(words, dict) and all(isinstance(text, str) for text in words.values())):
        problems.add("words", "not_an_object", f"expected words to be an object of texts, got {show(words)}",
                     value=show(words))
        return None
    values = {value: words[value] for keys in CSV_VALUES.values() for value in keys if value in words}
    return CsvWords(words, words.get("yes", "yes"), words.get("no", "no"), values)


def history_rows(history: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """A player's history (columns: `History`) as a row a game, for `to_csv`; a column it lacks is left empty.

    >>> history_rows({"game": [1, 2], "rating": [1516.0, 1501.5]})
    [{'game': 1, 'rating': 1516.0}, {'game': 2, 'rating': 1501.5}]
    """
    columns = [c for c in history_columns(history) if c in history]
    return [dict(zip(columns, values)) for values in zip(*(history[c] for c in columns))]


def ladder_csv(request: Any) -> dict[str, Any]:
    """A ranking or a history as CSV; never raises. Request: `{"players": [...]}` (a ladder answer's players, in
    the order to write them) or `{"history": {...}}` (one player's columns), and `"separator"`: `,` (default), `;`
    or a tab; optionally `"words"`, those of the page's language (`CsvWords`): a column's header by its key, and the
    flags' words by `"yes"` and `"no"`; without them the keys head the columns (the command line's CSV). Answer:
    `{"ok": true, "csv": <text>}` (CRLF line ends).

    >>> ladder_csv({"history": {"game": [1], "date": ["2026-03-04"], "rating": [1516.0]}})["csv"].splitlines()[1]
    '1,2026-03-04,,,,,1516'
    """
    problems = Problems()
    if not isinstance(request, dict):
        problems.add("", "not_an_object", "expected the request to be an object")
        return _failure(problems)
    separator = read_choice(request, "separator", "separator", SEPARATORS, problems)
    words = _read_words(request, problems)
    history = request.get("history")
    if history is not None:
        if not isinstance(history, dict) or not all(isinstance(c, list) for c in history.values()):
            problems.add("history", "not_an_object", "expected history to be a player's history (its columns)")
            return _failure(problems)
        rows: Any = history_rows(history)
    else:
        rows = request.get("players")
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            problems.add("players", "not_a_list", "expected players to be the players of a ladder answer")
    if problems:
        return _failure(problems)
    try:
        columns = history_columns(history) if history is not None else ranking_columns(rows)
        return {"ok": True, "csv": to_csv(rows, columns, separator, words)}
    except Exception as exc:  # a bug must still give an answer the widget can show
        return {"ok": False, "errors": [{"field": "", "code": "internal", "params": {},
                                          "message": f"internal error: {type(exc).__name__}: {exc}"}]}
