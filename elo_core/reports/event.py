"""A whole tournament rated from its report file (FIDE-RULES 2.9): every player's change, with the working.

`event_report(request) -> answer`, JSON in and out, never raises (as `calculate`). The systems offered are those
that declare a tournament (`Capabilities.tournament`, read through the registry: this module names no system), by
one of two methods: FIDE's rules of a period (`fide.period.rate_period`, `fide.rules.fide_k_factor`,
`fide.first.first_rating_period`, `fide.first.fide_performance`), or one K for everyone, plain Elo's
(`elo.rate_elo_checked`, `elo.elo_performance`). This module decides what a TRF's lines mean for them, FIDE-RULES
2.9 rule by rule:

- Ratings: the file's rating (the list rating at the start, as the pairing program wrote it); 0 or
  blank is unrated.
- Rated games: results `1`, `=`, `0` against an opponent in the file with a rating. Not rated, each
  with its reason: a forfeit `+` `-` (FIDE 5.1: a game not played), `W` `D` `L` (the file marks them
  unrated), a bye `H` `F` `U` `Z` or blank (no game), an unrated opponent (FIDE 8.3), an opponent
  that is not in the file, the player's own start number (a problem of the file too), a game with no
  result yet.
- Period: the list month after the end date (052; else the last round date of 132; else 042), the list
  that first includes the event; its rules apply (`rules_in_force`), and junior status is judged in
  that list's year. A file without a date that can be read is rated in the current period.
- K (FIDE 8.3.3): 40 for a junior (18 or younger in that year, by the birth year) rated under 2300,
  20 under 2400, 10 from 2400. A TRF cannot say that a player has fewer than 30 rated games, or once
  reached 2400 (2300 as a junior): that is assumed not, the player's answer lists what was assumed,
  and the request can give K or those facts per player. The 700 rule counts this event's rated games.
- Change: K x sum(W - PD), exact; the rounded change and new rating as if this event were the player's
  whole period (FIDE 8.3.4 rounds once per period).
- Unrated players: a first rating from this event alone (FIDE 7.1.4, 8.2), or why there is none.
- Score: besides the rated games' score (what the change is made of), every player's games played over the board
  and their points (`games_played`, `score_played`), whatever the ratings: an event of unrated players has games.
- Plain Elo (FIDE-RULES 1) has no first rating: an unrated player is rated only from a start rating the request
  gives (`start` for everyone unrated, `ratings` by start number), as if the file had it. FIDE refuses both: its
  unrated players get a first rating by FIDE 7.1.4 and 8.2 or none.

Our decisions where 2.9 is silent: a period before EARLIEST_PERIOD (an old file) is rated by the
earliest rules known, with a problem saying so; a request's `period` must be a period the project knows
(as in `calculate`). When the two lines of a game disagree, each player is rated by their own line.
The time control is taken as standard (a TRF does not say it in a form to rely on).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal, NamedTuple, TypedDict

from ..contract import (
    PerformanceAnswer,
    ProblemGroup,
    Problems,
    blank,
    group_problems,
    internal_error,
    number,
    performance_answer,
    read_choice,
    read_flag,
    read_number,
    read_object,
)
from ..files.trf import (
    BYES,
    FORFEITS,
    PLAYED,
    POINTS,
    PROBLEMS,
    UNRATED_GAMES,
    Player,
    Tournament,
    TrfProblem,
    read_trf,
)
from ..systems import REGISTRY, can, capabilities, default, offering
from ..systems.elo import elo_performance, rate_elo_checked
from ..systems.fide.first import fide_performance, first_rating_period, performance_rule
from ..systems.fide.norms import MIN_GAMES
from ..systems.fide.period import rate_period
from ..systems.fide.rules import (
    EARLIEST_PERIOD,
    FACT_NOTES,
    FACTS,
    RATING_FLOOR,
    RATING_FLOOR_2022,
    Override,
    PeriodRules,
    adjusted_2024,
    k_facts,
    k_of,
    round_half_up,
    rules_in_force,
)
from ..systems.fide.system import INITIAL_REASONS, K_REASONS, WARNINGS, read_period
from ..words.errors import EloError, TrfError, show
from ..words.model import MAX_RATING, MIN_RATING, EloRules, Game, GameResult, PeriodEvent, check_k, new_tuple
from .aro_tpr import aro_tpr
from .norms import EventNorm, EventNorms, NormOptions, event_norms

Method = Literal["fide", "k"]
"""How a system rates a tournament (`contract.Capabilities.tournament`): FIDE's rules of a rating period, or a K
for every player (plain Elo). Which system rates how is the system's own declaration, read through the registry:
this module names no system."""

REASONS = {
    "forfeit": "a forfeit: no game was played (FIDE 5.1)",
    "unrated_game": "the file marks the game unrated (it lasted less than one move)",
    "half_point_bye": "a half-point bye: no game",
    "full_point_bye": "a full-point bye: no game",
    "pairing_allocated_bye": "a pairing-allocated bye: no game",
    "zero_point_bye": "a zero-point bye or an absence: no game",
    "no_opponent": "no opponent: no game",
    "unrated_opponent": "the opponent is unrated: FIDE rates games against rated opponents only (FIDE 8.3, 8.2.2)",
    "unrated_player": "the player has no rating to change (plain Elo has no first rating)",
    "opponent_not_in_file": "the opponent's start number is not in the file",
    "same_player": "the round names the player's own start number: no one plays themselves",
    "no_result": "the game has no result in the file",
    "unreadable": "the round could not be read",
}
"""Why a round is not rated, by code."""
_BYE_REASONS = {"H": "half_point_bye", "F": "full_point_bye", "U": "pairing_allocated_bye", "Z": "zero_point_bye",
                "": "zero_point_bye"}
NOTES = {
    "period_from_today": "no date of the file could be read: rated in the current period",
    "period_from_start_date": "no end date: the period follows the start date",
    "period_from_round_dates": "no end date: the period follows the last round's date",
    "period_before_known_rules": "the event is older than the rules this calculator knows: rated by the earliest it "
                                 "knows",
    "norm_rounds_fewer": "the event's rounds in all, as given, are fewer than the file holds: not taken",
}
"""What the report says of the whole file, besides the reader's problems (`trf.PROBLEMS`), by code."""
FIRST_REASONS = {
    **INITIAL_REASONS,
    "no_rated_opponents": "no game against a rated opponent",
}
"""Why an unrated player has no first rating (`FirstRating.reason`), by code: FIDE's
(`fide.system.INITIAL_REASONS`), and the report's own for a player without a game against a rated opponent (nothing
for FIDE's rule to rate)."""
START_RATING_FROM = {
    "start": "the start rating the request gave every player the file has unrated (start)",
    "ratings": "the player's own start rating, as the request gave it (ratings)",
}
"""Plain Elo: where a player's start rating came from (`PlayerReport.start_rating_from`), by code."""


class GameLine(TypedDict):
    """One round of a player: the game and how it was rated, or why it was not."""

    round: int
    opponent: int | None
    """The opponent's start number (None: no opponent)."""
    opponent_name: str | None
    opponent_rating: int | float | None
    """The rating the opponent is rated from: the file's, or (plain Elo) the start rating the request gave an
    unrated opponent; None for an unrated opponent (or none)."""
    colour: str | None
    """`w`, `b`, or None."""
    result: str
    """The result code as the file has it (`1 = 0 + - W D L H F U Z`, `""` blank, `?` unreadable)."""
    score: float | None
    """The points of the result code (None: unreadable)."""
    rated: bool
    """Rated for this player (for an unrated player: counts towards the first rating)."""
    difference: float | None
    expected: float | None
    change: float | None
    reason: str | None
    """Why the round is not rated (a key of `REASONS`, which says it in words), None when it is."""


class FirstRating(TypedDict):
    """An unrated player's first rating from this event (FIDE 7.1.4, 8.2), or why there is none."""

    rating: int | None
    games: int
    """Games against rated opponents."""
    score: float
    average: float | None
    percent: int | None
    dp: int | None
    computed: int | None
    reason: str
    """Why there is none (a key of `FIRST_REASONS`; `""` when there is one)."""
    note: str
    """`reason` in words."""
    games_needed: int
    rules: str


class Warning(TypedDict):
    code: str
    message: str
    params: dict[str, Any]


class NationalAnswer(TypedDict):
    federation: str
    rating: int | None


class PlayerReport(TypedDict):
    """One player of the report (every player of the file is one)."""

    start: int
    name: str
    title: str | None
    federation: str | None
    fide_id: int | None
    sex: str | None
    birth_year: int | None
    points: float | None
    rank: int | None
    rating: int | None
    """The file's rating; None for an unrated player (even one plain Elo rates from a start rating)."""
    start_rating: float | None
    """Plain Elo: the rating a player unrated in the file is rated from, as the request gave it (their own in
    `ratings`, else `start`); None otherwise (FIDE, a player the file rates, or no start rating given)."""
    start_rating_from: Literal["ratings", "start"] | None
    """Which of the request's keys gave `start_rating`: `ratings` (the player's own) or `start` (everyone's)."""
    national: list[NationalAnswer]
    """TRF-2026's national rating records of the player (shown, not used)."""
    k: float | None
    """The K used (after the 700 rule); None without a rated game."""
    k_rule: str
    k_reason: str
    k_before_700: float | None
    rule_700: bool
    k_assumed: bool
    """K rests on facts the file cannot say (`assumed`); the request can set them, or K. False without a
    rated game (no K was used)."""
    assumed: list[str]
    """The facts assumed (each `False`): FIDE's player facts the file cannot say (`fide.rules.FACTS`)."""
    junior: bool
    games_played: int
    """Games played over the board (results 1 = 0 against another player of the file), rated or not: a forfeit,
    a game the file marks unrated (W D L) and a bye are no games."""
    score_played: float
    """The points of those games, whatever the ratings (the score a crosstable shows, byes and forfeits aside)."""
    games: int
    """Rated games (for an unrated player under FIDE: games against rated opponents, towards a first rating)."""
    score: float
    """In the rated games (what `expected` and `change` are of)."""
    expected: float | None
    change: float | None
    """K x sum(W - We), exact; None for an unrated player."""
    change_rounded: float | None
    """FIDE: the change rounded once, 0.5 away from zero (8.3.4); Elo: the change. None for an unrated player."""
    new_rating: float | None
    """Rated: the rating plus the rounded change; unrated: the first rating, or None when there is none."""
    performance: PerformanceAnswer
    performance_rule: str | None
    """FIDE: which end of table 8.1.1 gave the performance, a key of `fide.first.PERFORMANCE_RULES`: `plus_800` for a
    score that rounds to 100 % (the opponents' average + 800), `minus_800` for 0 % (- 800); None for any other
    score, and in plain Elo (which has no performance for 100 % or 0 %: `performance.reason` says so)."""
    first_rating: FirstRating | None
    warnings: list[Warning]
    rounds: list[GameLine]
    line: int
    """The player's line in the file."""
    aro: int | None
    """The average rating of the opponents met over the board (FIDE's tie-break regulations, C.07 10.1:
    `aro_tpr`); None without such a game, or in an event with unrated players and no rating given for them."""
    tpr: int | None
    """The tournament performance rating (C.07 10.2): ARO + dp by the points over those games."""
    norms: list[EventNorm]
    """Each title norm the player may make, judged (`norms.event_norms`)."""
    norms_reason: str | None
    """Why the player's norms cannot be judged (a key of `norms.NORM_REASONS`); None when they are."""


class EventSummary(TypedDict):
    name: str
    city: str
    federation: str
    start: str | None
    end: str | None
    rounds: int
    rounds_declared: int | None
    version: str
    encoding: str | None
    line_ending: str | None
    system: str
    period: str | None
    """The list month rated ("YYYY-MM"); None for plain Elo."""
    period_from: str
    """Where the period came from: `request`, `end_date`, `round_dates`, `start_date`, `today`, or `none` (Elo)."""
    rules_period: str | None
    """The period whose rules were applied (the earliest known, for an older event)."""
    time_control: str
    players: int
    rated_players: int
    """Players the file rates."""
    unrated_players: int
    """Players the file has unrated (plain Elo may rate them from a start rating: `start_ratings`)."""
    start_ratings: int
    """Plain Elo: how many unrated players were rated from a start rating the request gave (`start`, `ratings`)."""
    games: int
    """Games played over the board (results 1 = 0 between two players of the file), each counted once."""
    rated_games: int
    """Of them, those between two rated players (plain Elo: a start rating counts)."""
    average_rating: int | None
    """Of the rated players, rounded 0.5 up."""
    k_assumed: int
    """How many players' K rests on facts assumed."""
    first_ratings: int
    """How many unrated players would get a first rating."""
    not_rated: dict[str, int]
    """Rounds not rated, by reason, over every player's line."""
    norms: EventNorms
    """How the norms were judged, and how many players met one or are on course for one."""
    tpr_reason: str | None
    """Why no player has an ARO or TPR (a key of `aro_tpr.TPR_REASONS`); None when they have."""


class ProblemAnswer(TypedDict):
    line: int | None
    code: str
    message: str
    params: dict[str, Any]


class Report(TypedDict):
    ok: bool
    event: EventSummary
    players: list[PlayerReport]
    problems: list[ProblemGroup]
    """The reader's problems and the rating's notes, one group a code (`contract.group_problems`): how many, their
    lines, and each problem with its own line, message and params."""


@dataclass(frozen=True)
class Options:
    """How a tournament is rated: the request, read."""

    system: str = "fide"
    """The registered system's name."""
    period: str | None = None
    """"YYYY-MM": rate in this period instead of the file's."""
    k: float | None = None
    """Elo: everyone's K."""
    players: dict[int, Override] | None = None
    start: float | None = None
    """Elo: the rating every player the file has unrated is rated from."""
    ratings: dict[int, float] | None = None
    """Elo: an unrated player's own start rating, by start number (before `start`)."""
    norms: NormOptions = field(default_factory=NormOptions)
    """What the file cannot say about its norms."""
    tpr_unrated: int | None = None
    """The rating an unrated opponent counts at in ARO and TPR (C.07 leaves it to the event's rules)."""

    @property
    def method(self) -> Method:
        """How `system` rates a tournament."""
        method = capabilities(self.system).tournament
        assert method is not None, f"{self.system} rates no tournament (read_request refuses it)"
        return method


def event_report(request: Any, *, today: date | None = None,
                 reader: Callable[[str | bytes], Tournament] = read_trf,
                 rate: Callable[[Tournament, Options, date], Report] | None = None) -> dict[str, Any]:
    """Rate every player of a tournament report file; never raises.

    Request: `{"text": <TRF text>, "system": "fide" | "elo", "period": "YYYY-MM" (optional), "k": K
    (elo: everyone's), "players": {"<start>": {"k": K, and each of FIDE's player facts (`fide.rules.FACTS`): bool}},
    "start": R (elo: the rating of every player the file has unrated), "ratings": {"<start>": R} (elo: an unrated
    player's own start rating, before `start`), "norms": {"exempt": bool, "min_games": 7 to 9, "average": R,
    "rounds": N} (what the file cannot say of its title norms: `norms.NormOptions`), "tpr_unrated": R (an unrated
    opponent's rating in ARO and TPR)}`; FIDE refuses `start` and `ratings` (`not_supported`: its unrated
    players get a first rating by its rules).
    Answer: `{"ok": true, "event": {...}, "players": [...], "problems": [...]}` (`EventSummary`, `PlayerReport`;
    each player also has `games_played` and `score_played`, every game over the board whatever the ratings,
    `start_rating`, `start_rating_from` in Elo, `performance_rule`, its title norms `norms` and `norms_reason`
    (`norms.event_norms`), and `aro` and `tpr` (`aro_tpr`); the event's `norms` and `tpr_reason`; `problems`:
    one `contract.ProblemGroup` a code, with its count, lines and items), or `{"ok": false, "errors": [...]}` as
    `calculate` answers.
    `today` gives the current period of a file with no date (default: today). `reader` reads the file
    (`read_trf`; the bridge gives one that keeps the last file read, as a K typed for a player sends the same file
    again), and `rate` rates it (`rate_tournament`; the bridge gives one that keeps each player's report, and rates
    again only a player whose K or facts changed).

    >>> line = "001    1      Meier, Anna" + " " * 23 + "2000 GER     4600000 1990/01/01  1.0    1     2 w 1"
    >>> two = "001    2      Huber, Ben" + " " * 24 + "1900 GER     4600001 1980/05/17  0.0    2     1 b 0"
    >>> r = event_report({"text": "\\n".join(["012 Open", "052 2026/04/08", line, two])})
    >>> r["event"]["period"], [(p["start"], p["k"], p["change"], p["new_rating"]) for p in r["players"]]
    ('2026-05', [(1, 20, 7.2, 2007), (2, 20, -7.2, 1893)])
    """
    try:
        return dict(_event_report(request, date.today() if today is None else today, reader, rate))
    except Exception as exc:  # a bug must still give an answer the widget can show
        return internal_error(exc)


def _failure(problems: Problems) -> dict[str, Any]:
    return {"ok": False, "errors": problems.items}


def _event_report(request: Any, today: date, reader: Callable[[str | bytes], Tournament],
                  rate: Callable[[Tournament, Options, date], Report] | None) -> dict[str, Any]:
    problems = Problems()
    read = read_request(request, problems)
    if read is None:
        return _failure(problems)
    text, options = read
    try:
        tournament = reader(text)
    except TrfError as exc:
        problems.add("text", exc.code, exc.message, **exc.params)
        return _failure(problems)
    check_options(tournament, options, problems)
    if problems:
        return _failure(problems)
    if rate is None:
        return {"ok": True, **rate_tournament(tournament, options, today=today)}
    return {"ok": True, **rate(tournament, options, today)}


def read_request(request: Any, problems: Problems) -> tuple[str | bytes, Options] | None:
    """A request's text and how to rate it; None, and every problem in `problems`, when it cannot be read.
    (With `check_options` and `rate_tournament`, a caller that keeps a file read, as the widget may while
    a player's K is typed, rates it again without reading it again.)"""
    if not isinstance(request, dict):
        problems.add("", "not_an_object", "expected the request to be an object")
        return None
    text = request.get("text")
    if blank(text):
        problems.add("text", "required", "the text of a tournament report file is required")
    elif not isinstance(text, (str, bytes)):
        problems.add("text", "not_a_choice", f"expected text to be the text of a tournament report file, got "
                     f"{show(text)}", value=show(text))
    system, method = _read_system(request, problems)
    # The period as `calculate` reads it (the same checks and messages): a month the project knows the rules of.
    period = read_period(request.get("period"), "standard", problems).period if method == "fide" else None
    k = None
    if not blank(request.get("k")):
        if method == "fide":
            problems.add("k", "not_supported", "under FIDE each player's K comes from their rating and history: "
                         "give a player's K in players")
        else:
            k = _read_k(request["k"], "k", problems, whole=False)
    overrides = _read_players(request.get("players"), method, problems)
    start, ratings = _read_start_ratings(request, method, problems)
    norms = _read_norms(request, problems)
    tpr_unrated = None if blank(request.get("tpr_unrated")) else read_number(
        request, "tpr_unrated", "tpr_unrated", problems, what="the rating of an unrated opponent in ARO and TPR",
        low=MIN_RATING, high=MAX_RATING, whole=True)
    if problems or not isinstance(text, (str, bytes)):
        return None
    return text, Options(system, period, k, overrides, start, ratings, norms, tpr_unrated)


def _read_norms(request: dict[str, Any], problems: Problems) -> NormOptions:
    """`norms`: `{"exempt": bool, "min_games": 7 to 9, "average": R, "rounds": N}` (`norms.NormOptions`)."""
    given = read_object(request, "norms", problems)
    min_games = read_number(given, "min_games", "norms.min_games", problems, what="the fewest games a norm counts",
                            low=7, high=MIN_GAMES, whole=True, default=MIN_GAMES)
    average = None if blank(given.get("average")) else read_number(
        given, "average", "norms.average", problems, what="the average rating of the opponents still to come",
        low=MIN_RATING, high=MAX_RATING, whole=True)
    rounds = None if blank(given.get("rounds")) else read_number(
        given, "rounds", "norms.rounds", problems, what="the event's rounds", low=1, high=99, whole=True)
    return NormOptions(read_flag(given, "exempt", "norms.exempt", problems), int(min_games or MIN_GAMES),
                       None if average is None else int(average), None if rounds is None else int(rounds))


def _read_system(request: dict[str, Any], problems: Problems) -> tuple[str, Method]:
    """The request's system (none given: the registry's first that rates a tournament) and how it rates one; a
    system it cannot take is said, and the rest of the request read as for the default (as `read_choice` does).
    Only the systems asked about are imported (the widget's engine starts with FIDE's and Elo's)."""
    name = request.get("system")
    if name is None:
        name = default("tournament")
    elif not (isinstance(name, str) and name in REGISTRY and can(name, "tournament")):
        read_choice(request, "system", "system", offering("tournament"), problems)
        name = default("tournament")
    method = capabilities(name).tournament
    assert method is not None
    return name, method


def vocabulary() -> dict[str, Any]:
    """What the widget's report view offers (scripts/contract_js.py writes it into widget/shared/contract.js): the
    systems that rate a tournament (the registry's, the default first), and those of them that rate with a K."""
    offered = offering("tournament")
    return {"systems": list(offered), "with_k": [name for name in offered if capabilities(name).tournament == "k"]}


def check_options(tournament: Tournament, options: Options, problems: Problems) -> None:
    """What the request says that the file contradicts: a start number it lacks, a start rating for a player the
    file rates (Elo), a rated player without a K (Elo; a start rating makes a player rated)."""
    by_start = {p.start: p for p in tournament.players}
    overrides = options.players or {}
    for start in overrides:
        if start not in by_start:
            problems.add(f"players.{start}", "not_a_choice", f"no player of the file has start number {start}",
                         value=start)
    for start in options.ratings or {}:
        rated = by_start.get(start)
        if rated is None:
            problems.add(f"ratings.{start}", "not_a_choice", f"no player of the file has start number {start}",
                         value=start)
        elif rated.rating is not None:
            problems.add(f"ratings.{start}", "not_supported", f"start number {start} is rated {rated.rating} in the "
                         "file: a start rating is for a player the file has unrated", value=start,
                         rating=rated.rating)
    if options.method == "k" and options.k is None:
        ratings = start_ratings(tournament, options)
        lacking = [p.start for p in tournament.players
                   if (p.rating is not None or p.start in ratings) and "k" not in overrides.get(p.start, {})]
        if lacking:
            problems.add("k", "required", "the K-factor is required in Elo mode: give k, or a k for every rated "
                         f"player (start number {lacking[0]} has none)", start=lacking[0])


def _read_k(value: Any, field: str, problems: Problems, *, whole: bool) -> float | None:
    try:
        return float(check_k(number(value), whole=whole))
    except EloError as exc:
        problems.error(field, exc)
        return None


def _read_start_ratings(request: dict[str, Any], method: Method, problems: Problems,
                        ) -> tuple[float | None, dict[int, float] | None]:
    """`start` and `ratings`: plain Elo's start ratings of the players the file has unrated (FIDE refuses them)."""
    given = [key for key in ("start", "ratings") if not blank(request.get(key))]
    if method != "k":
        for key in given:
            problems.add(key, "not_supported", f"{key}: under FIDE an unrated player gets a first rating from their "
                         "games against rated opponents (FIDE 7.1.4, 8.2), never a start rating: a start rating is "
                         "for plain Elo (system elo)")
        return None, None
    start = None
    if "start" in given:
        start = read_number(request, "start", "start", problems, what="the start rating", low=MIN_RATING,
                            high=MAX_RATING)
    if "ratings" not in given:
        return start, None
    value = request["ratings"]
    if not isinstance(value, dict):
        problems.add("ratings", "not_an_object", f"expected ratings to be an object of start ratings by start "
                     f"number, got {show(value)}")
        return start, None
    ratings: dict[int, float] = {}
    for key, rating in value.items():
        field = f"ratings.{key}"
        key = str(key) if type(key) is int else key  # a Python caller's key (JSON's are text)
        if not (isinstance(key, str) and key.isdecimal() and 0 < int(key) <= 9999):
            problems.add(field, "not_a_choice", f"expected a start number (1 to 9999) as a start rating's key, got "
                         f"{show(key)}", value=show(key))
            continue
        read = read_number({"rating": rating}, "rating", field, problems,
                           what=f"the start rating of start number {int(key)}", low=MIN_RATING, high=MAX_RATING)
        if read is not None:
            ratings[int(key)] = read
    return start, ratings


def start_ratings(tournament: Tournament, options: Options) -> dict[int, tuple[float, Literal["ratings", "start"]]]:
    """Plain Elo: the start rating of each player the file has unrated that the request gives one (their own in
    `ratings`, else `start`), and which key gave it, by start number; FIDE: none."""
    if options.method != "k":
        return {}
    own = options.ratings or {}
    found: dict[int, tuple[float, Literal["ratings", "start"]]] = {}
    for p in tournament.players:
        if p.rating is not None:
            continue
        if p.start in own:
            found[p.start] = (own[p.start], "ratings")
        elif options.start is not None:
            found[p.start] = (options.start, "start")
    return found


def _read_players(value: Any, method: Method, problems: Problems) -> dict[int, Override]:
    """`players`: by start number, a player's K or facts. The facts are FIDE's: Elo leaves them alone."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.add("players", "not_an_object", f"expected players to be an object by start number, got "
                     f"{show(value)}")
        return {}
    found: dict[int, Override] = {}
    for key, item in value.items():
        field = f"players.{key}"
        if type(key) is int:  # a Python caller's key (JSON's are text)
            key = str(key)
        if not (isinstance(key, str) and key.isdecimal() and 0 < int(key) <= 9999):
            problems.add(field, "not_a_choice", f"expected a start number (1 to 9999) as a player's key, got "
                         f"{show(key)}", value=show(key))
            continue
        if not isinstance(item, dict):
            problems.add(field, "not_an_object", f"expected {field} to be an object (k and facts), got {show(item)}")
            continue
        override: Override = {}
        for name, given in item.items():
            if name == "k":
                if not blank(given) and (k := _read_k(given, f"{field}.k", problems, whole=method == "fide")):
                    override["k"] = k
            elif name in FACTS:
                if given is not None:
                    override[name] = read_flag(item, name, f"{field}.{name}", problems)  # type: ignore[literal-required]
            else:
                problems.add(f"{field}.{name}", "not_supported", f"a player's entry takes k and "
                             f"{', '.join(FACTS)}, not {show(name)}", value=show(name))
        found[int(key)] = override
    return found


# ---- rating a tournament ------------------------------------------------------------------------


def period_of(tournament: Tournament, today: date) -> tuple[str, str]:
    """The list month that first includes the event (FIDE-RULES 2.9): the month after its end date (052;
    else the last round date of 132; else the start date 042); with no date, the current month. Returns
    the period and where it came from. Dates that disagree (an end before the start: the reader says so) count
    from the latest of them: an event ends no sooner than it starts (a mistyped year rated it a year early)."""
    rounds = [d for d in tournament.round_dates if d is not None]
    known = [(day, source) for day, source in ((tournament.end, "end_date"), (max(rounds, default=None), "round_dates"),
                                               (tournament.start, "start_date")) if day is not None]
    if not known:
        return f"{today.year}-{today.month:02d}", "today"
    day, source = max(known, key=lambda k: k[0])  # the first of the latest: the end date where it is the latest
    year, month = divmod(day.year * 12 + day.month, 12)  # the month after: (month - 1) + 1
    return f"{year}-{month + 1:02d}", source


def rate_tournament(tournament: Tournament, options: Options = Options(), *,
                    today: date | None = None) -> Report:
    """Rate every player of a tournament read by `read_trf` (inputs already checked: `event_report` reads
    a request into `Options`)."""
    rating = EventRating(tournament, options, today=today)
    overrides = options.players or {}
    return rating.report([rating.player(p, overrides.get(p.start, {})) for p in tournament.players])


class EventRating:
    """A tournament read, rated by a system in a period (`Options` but the players'): each player on their
    own, as a player's report rests only on their own line, K and facts and on the ratings of their opponents
    (the file's, and in Elo the start ratings, which are the event's options, not a player's). (`rate_tournament`
    rates them all; a caller that keeps this, as the bridge does while K is typed for one player, rates that player
    again and reuses the others' reports.)"""

    law: PeriodRules
    """FIDE: the rules of the event's period (`rules_in_force`)."""

    def __init__(self, tournament: Tournament, options: Options = Options(), *, today: date | None = None) -> None:
        today = date.today() if today is None else today
        self.tournament, self.system, self.method, self.k = tournament, options.system, options.method, options.k
        self.by_start = {p.start: p for p in tournament.players}
        self.given = start_ratings(tournament, options)
        """Elo: the start rating of each unrated player given one, and the request's key that gave it."""
        self.ratings: dict[int, float] = {p.start: p.rating for p in tournament.players if p.rating is not None}
        """The rating each player is rated from: the file's, or the start rating given."""
        self.ratings.update((start, rating) for start, (rating, _) in self.given.items())
        self.problems = [_problem(p) for p in tournament.problems]
        self.period: str | None = None
        self.source, self.year = "none", 0
        self.rules_period: str | None = None
        if self.method == "fide":
            self._fide_period(options.period, today)
        self.norms_summary, self.norms = event_norms(tournament, options.norms)
        if options.norms.rounds is not None and options.norms.rounds < tournament.rounds:  # was dropped unsaid
            self.problems.append(_note("norm_rounds_fewer", f"the event's rounds in all, {options.norms.rounds}, are "
                                       f"fewer than the {tournament.rounds} the file holds: not taken",
                                       given=options.norms.rounds, rounds=tournament.rounds))
        self.tpr_reason, self.aro_tpr = aro_tpr(tournament, options.tpr_unrated)
        self.problem_groups = group_problems(self.problems, {**PROBLEMS, **NOTES})[0]
        """The reader's problems and the rating's notes, grouped by code (once: the bridge answers a kept rating
        again and again)."""

    def _fide_period(self, period: str | None, today: date) -> None:
        if period is not None:
            source = "request"
        else:
            period, source = period_of(self.tournament, today)
            if source == "today":
                self.problems.append(_note("period_from_today", f"no date of the file could be read: rated in the "
                                           f"current period, {period}", period=period))
            elif source != "end_date" and self.tournament.end is None:  # else its dates disagree: the reader said so
                what = "the last round's date (132)" if source == "round_dates" else "the start date (042)"
                self.problems.append(_note("period_from_" + source, f"the file has no end date (052): its period, "
                                           f"{period}, is the month after {what}", period=period))
        rules_period = max(period, EARLIEST_PERIOD)
        if rules_period != period:
            # `value` is the month the note's text names ("rated by the earliest it knows"): the earliest rules',
            # which the view writes after the text (the event's own month is `period`).
            self.problems.append(_note("period_before_known_rules", f"the event's period {period} is before "
                                       f"{EARLIEST_PERIOD}, the first whose rules this calculator knows: rated by the "
                                       f"rules of {EARLIEST_PERIOD}, the earliest it knows", value=rules_period,
                                       period=period, rules_period=rules_period))
        self.period, self.source, self.rules_period = period, source, rules_period
        self.law = rules_in_force(rules_period)
        self.year = int(period[:4])

    def player(self, p: Player, given: Override) -> PlayerReport:
        """Player `p` of the tournament rated, with what the request gives for them (K, facts)."""
        aro, tpr = self.aro_tpr[p.start]
        report: dict[str, Any] = {"aro": aro, "tpr": tpr, **self.norms[p.start]}
        if self.method == "fide":
            return _fide_player(p, self.by_start, self.ratings, self.law, self.year, given, report)
        return _elo_player(p, self.by_start, self.ratings, self.given.get(p.start), given.get("k", self.k),
                           report, own="k" in given)

    def report(self, players: list[PlayerReport]) -> Report:
        """The event's report of its players' reports (every player of the file, in the file's order)."""
        event = _summary(self.tournament, players, self.system, self.period, self.source, self.rules_period,
                         len(self.given), self.norms_summary, self.tpr_reason)
        return {"ok": True, "event": event,
                "players": players, "problems": self.problem_groups}


def _problem(p: TrfProblem) -> ProblemAnswer:
    return {"line": p.line, "code": p.code, "message": p.message, "params": p.params}


def _note(code: str, message: str, **params: Any) -> ProblemAnswer:
    return {"line": None, "code": code, "message": message, "params": params}


def _reason(entry: tuple[int, int | None, str, str], start: int, by_start: dict[int, Player]) -> str | None:
    """Why a round of player `start` is not a game between two players of the file with a result (None: it is
    one)."""
    _, opponent, _, result = entry
    if result == "?":
        return "unreadable"
    if opponent is None:
        return _BYE_REASONS.get(result, "no_opponent")
    if opponent not in by_start:
        return "opponent_not_in_file"
    if opponent == start:
        return "same_player"
    if result in FORFEITS:
        return "forfeit"
    if result in UNRATED_GAMES:
        return "unrated_game"
    if result in BYES:
        return _BYE_REASONS[result] if result else "no_result"
    return None


class _Lines(NamedTuple):
    """A player's rounds read against the file: the game lines (not yet rated), the games to rate and where."""

    lines: list[GameLine]
    games: list[Game]
    """The games to rate (against rated opponents)."""
    where: list[int]
    """The index of each game's line."""
    played: int
    """Games played over the board, rated or not."""
    points: float
    """Their points."""


def _lines(player: Player, by_start: dict[int, Player], ratings: dict[int, float], *, unrated: str | None) -> _Lines:
    """A player's rounds as game lines (not yet rated), the games to rate (against opponents with a rating in
    `ratings`, the rating each player is rated from) and the index of each game's line, and the games played over
    the board whatever the ratings. `unrated`: the reason for every game of a player who cannot be rated."""
    lines: list[GameLine] = []
    games: list[Game] = []
    where: list[int] = []
    played, points = 0, 0.0
    for entry in player.rounds:
        r, opponent, colour, result = entry
        other = by_start.get(opponent) if opponent is not None else None
        rating = ratings.get(opponent) if opponent is not None else None
        reason = _reason(entry, player.start, by_start)
        if reason is None:
            played += 1
            points += PLAYED[result]
            if rating is None:
                reason = "unrated_opponent"
            elif unrated is not None:
                reason = unrated
            else:
                where.append(len(lines))
                games.append(new_tuple(Game, (rating, PLAYED[result])))
        lines.append({
            "round": r, "opponent": opponent, "opponent_name": None if other is None else other.name,
            "opponent_rating": None if other is None else rating,
            "colour": None if colour == "-" else colour, "result": result, "score": POINTS.get(result),
            "rated": reason is None, "difference": None, "expected": None, "change": None, "reason": reason,
        })
    return _Lines(lines, games, where, played, points)


def _fill(lines: list[GameLine], where: list[int], results: Sequence[GameResult]) -> None:
    for i, g in zip(where, results):
        line = lines[i]
        line["difference"], line["expected"], line["change"] = g.difference, g.expected, g.change


def _base(p: Player, read: _Lines, given: tuple[float, str] | None = None) -> dict[str, Any]:
    return {"start": p.start, "name": p.name, "title": p.title or None, "federation": p.federation or None,
            "fide_id": p.fide_id, "sex": p.sex or None, "birth_year": p.birth_year, "points": p.points,
            "rank": p.rank, "rating": p.rating, "start_rating": None if given is None else given[0],
            "start_rating_from": None if given is None else given[1],
            "national": [{"federation": n.federation, "rating": n.rating} for n in p.national],
            "games_played": read.played, "score_played": read.points}


def _k_reason(rule: str, junior: bool, p: Player, year: int, assumed: list[str]) -> str:
    text = K_REASONS[rule]
    if junior and p.birth_year is not None:
        text += f"; a junior: born {p.birth_year}, {year - p.birth_year} in {year}"
    if assumed:
        text += "; assumed, as the file cannot say: " + ", ".join(FACT_NOTES[f] for f in assumed)
    return text


def _warning(code: str, **params: Any) -> Warning:
    return {"code": code, "message": WARNINGS[code].format(**params), "params": params}


def _fide_player(p: Player, by_start: dict[int, Player], ratings: dict[int, float], law: PeriodRules, year: int,
                 given: Override, extra: dict[str, Any]) -> PlayerReport:
    """FIDE's rules of the period; `extra`: the player's keys that rest on the file alone (norms, ARO, TPR)."""
    read = _lines(p, by_start, ratings, unrated=None)
    report: dict[str, Any] = {**_base(p, read), **extra}
    lines, games, where = read.lines, read.games, read.where
    rules, junior, assumed = k_facts(p.rating, p.birth_year, year, given)
    floor = RATING_FLOOR if "rating_floor_1400" in law else RATING_FLOOR_2022
    warnings: list[Warning] = []
    if p.rating is None:
        report.update(_first_rating(games, law), junior=junior, k=None, k_rule="unrated", k_reason=K_REASONS["unrated"],
                      k_before_700=None, rule_700=False, k_assumed=False, assumed=[], expected=None, change=None,
                      change_rounded=None)
        report["performance"] = _performance(fide_performance(games))
    elif not games:
        k, rule = k_of(p.rating, rules)
        report.update(k=None, k_rule=rule, k_reason=_k_reason(rule, junior, p, year, assumed) + "; no rated game",
                      k_before_700=k, rule_700=False, k_assumed=False, assumed=[], junior=junior,
                      games=0, score=0.0, expected=0.0, change=0.0, change_rounded=0, new_rating=p.rating,
                      first_rating=None, performance=_performance(fide_performance(())))
    else:
        result = rate_period(p.rating, [PeriodEvent(tuple(games))], rules, law)
        _fill(lines, where, result.events[0].games)
        report.update(k=result.k, k_rule=result.k_rule, k_before_700=result.k_before_700,
                      k_reason=_k_reason(result.k_rule, junior, p, year, assumed)
                      + (f"; the 700 rule: {result.rated_games} games, K {result.k_before_700} -> {result.k}"
                         if result.k != result.k_before_700 else ""),
                      rule_700=result.k != result.k_before_700, k_assumed=bool(assumed), assumed=assumed,
                      junior=junior, games=result.rated_games, score=result.score, expected=result.expected,
                      change=result.change_hundredths / 100, change_rounded=result.change,
                      new_rating=result.new_rating, first_rating=None,
                      performance=_performance(fide_performance(games)))
    report["performance_rule"] = performance_rule(games)  # of the games the performance is of
    if p.rating is not None and p.rating < floor:
        warnings.append(_warning("rating_below_floor", field="rating", rating=p.rating, floor=floor))
    new = report["new_rating"]
    if new is not None and new < floor and p.rating is not None:
        warnings.append(_warning("below_rating_floor", new_rating=new, floor=floor))
    if law.period == "2024-03" and p.rating is not None and p.rating < 2000:  # as the calculator warns (system.py)
        warnings.append(_warning("rating_adjusted_2024", field="rating", rating=p.rating,
                                 adjusted=adjusted_2024(p.rating)))
    report.update(warnings=warnings, rounds=lines, line=p.line)
    return _ordered(report)


_PLAYER_KEYS = tuple(PlayerReport.__annotations__)


def _ordered(report: dict[str, Any]) -> PlayerReport:
    """A player's answer with its keys in one order, whichever way it was made."""
    return {key: report[key] for key in _PLAYER_KEYS}  # type: ignore[return-value]


def _first_rating(games: list[Game], law: PeriodRules) -> dict[str, Any]:
    """An unrated player's keys: the first rating from this event's games against rated opponents."""
    rules = "2024" if "first_rating_2024" in law else "2022"
    score = float(sum(g.score for g in games))
    if not games:
        first: FirstRating = {"rating": None, "games": 0, "score": 0.0, "average": None, "percent": None, "dp": None,
                              "computed": None, "reason": "no_rated_opponents",
                              "note": FIRST_REASONS["no_rated_opponents"], "games_needed": 5,
                              "rules": rules}
    else:
        initial, _ = first_rating_period([PeriodEvent(tuple(games))], law)
        first = {"rating": initial.rating, "games": initial.games, "score": initial.score,
                 "average": initial.average, "percent": initial.percent, "dp": initial.dp,
                 "computed": initial.computed, "reason": initial.reason, "note": INITIAL_REASONS[initial.reason],
                 "games_needed": initial.games_needed, "rules": rules}
    return {"games": len(games), "score": score, "new_rating": first["rating"], "first_rating": first}


def _performance(performance: Any) -> PerformanceAnswer:
    return performance_answer(performance.rating, performance.reason)


def _elo_player(p: Player, by_start: dict[int, Player], ratings: dict[int, float],
                start: tuple[float, str] | None, k: float | None, extra: dict[str, Any], *, own: bool) -> PlayerReport:
    """Plain Elo (FIDE-RULES 1): the event's K, or the player's own (`own`); every game from the rating
    before the event: the file's, or the start rating the request gave an unrated player (`start`: it, and the
    request's key that gave it)."""
    rating = ratings.get(p.start)
    rated = rating is not None and k is not None
    read = _lines(p, by_start, ratings, unrated=None if rated else "unrated_player")
    lines, games, where = read.lines, read.games, read.where
    report: dict[str, Any] = {**_base(p, read, start), **extra}
    report.update(junior=False, k_assumed=False, assumed=[], first_rating=None, warnings=[], rounds=lines,
                  line=p.line, k_before_700=k, rule_700=False, performance_rule=None)
    if not rated or rating is None or k is None:
        report.update(k=None, k_rule="unrated", k_reason="unrated: plain Elo has no first rating (give a start "
                      "rating)", games=0, score=0.0, expected=None, change=None, change_rounded=None, new_rating=None,
                      performance=_performance(elo_performance(())))
        return _ordered(report)
    result = rate_elo_checked(rating, games, EloRules(k=k))
    _fill(lines, where, result.games)
    k_reason = "the player's K, as given" if own else "the event's K, as given"
    if start is not None:
        k_reason += f"; from the start rating {start[0]:g}, as given ({start[1]})"
    report.update(k=int(k) if float(k).is_integer() else k, k_rule="given" if own else "event",
                  k_reason=k_reason, games=len(games),
                  score=result.score, expected=result.expected if games else 0.0, change=result.change,
                  change_rounded=result.change, new_rating=rating + result.change,
                  performance=_performance(elo_performance(games)))
    if not games:
        report["k"] = None
    return _ordered(report)


def _summary(t: Tournament, players: list[PlayerReport], system: str, period: str | None, source: str,
             rules_period: str | None, start_ratings: int, norms: EventNorms, tpr_reason: str | None) -> EventSummary:
    by_start = {p.start: p for p in t.players}
    # Each game once, by its round and its two players, whichever line writes it (a game only the second player's
    # line has was rated for that player and not counted: a hostile pass); rated when both players have a rating.
    pairs: dict[tuple[int, int, int], bool] = {}
    not_rated: dict[str, int] = {}
    for report in players:
        for line in report["rounds"]:
            reason = line["reason"]
            if reason is not None:
                not_rated[reason] = not_rated.get(reason, 0) + 1
            opponent = line["opponent"]
            if line["result"] in PLAYED and opponent is not None and opponent != report["start"] \
                    and opponent in by_start:
                key = (line["round"], min(opponent, report["start"]), max(opponent, report["start"]))
                pairs[key] = pairs.get(key, False) or bool(
                    (report["rating"] is not None or report["start_rating"] is not None)
                    and line["opponent_rating"] is not None)
    games, rated = len(pairs), sum(pairs.values())
    ratings = [p.rating for p in t.players if p.rating is not None]
    return {
        "name": t.name, "city": t.city, "federation": t.federation,
        "start": None if t.start is None else t.start.isoformat(), "end": None if t.end is None else t.end.isoformat(),
        "rounds": t.rounds, "rounds_declared": t.rounds_declared, "version": t.version, "encoding": t.encoding,
        "line_ending": t.line_ending, "system": system, "period": period, "period_from": source,
        "rules_period": rules_period, "time_control": "standard", "players": len(players),
        "rated_players": len(ratings), "unrated_players": len(players) - len(ratings),
        "start_ratings": start_ratings, "games": games,
        "rated_games": rated, "average_rating": round_half_up(sum(ratings), len(ratings)) if ratings else None,
        "k_assumed": sum(p["k_assumed"] for p in players),
        "first_ratings": sum(1 for p in players if p["first_rating"] and p["first_rating"]["rating"] is not None),
        "not_rated": dict(sorted(not_rated.items())), "norms": norms, "tpr_reason": tpr_reason,
    }

