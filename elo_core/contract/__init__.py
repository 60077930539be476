"""The JSON contract's one owner: how a request's values are read, what a rating system provides,
and what an answer looks like (the vocabulary the widget is generated from: `vocabulary`).

Reading a request reuses the typed API's checks (`model.check_*`): a problem raises the same
`EloError` there and here, and here it becomes a field error with its code, message and params.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, NotRequired, Protocol, TypedDict, TypeVar, cast, overload

from ..words.errors import EloError, show
from ..words.model import (
    MAX_RATING,
    MIN_RATING,
    Columns,
    EventResult,
    Game,
    GameResult,
    UnratedGame,
    check_game_count,
    check_k,
    check_rating,
    check_score,
    new_tuple,
)
from ..words.paste import plain_digits, score_word

# ---- what an answer looks like ----------------------------------------------------------------


class FieldError(TypedDict):
    field: str
    """The request's path to the problem: `rating`, `games[2].opponent`, `player.junior`."""
    code: str
    message: str
    params: dict[str, Any]


class Failure(TypedDict):
    ok: Literal[False]
    errors: list[FieldError]


class GameAnswer(TypedDict):
    opponent: float | None
    """None: an unrated opponent (FIDE)."""
    score: float
    difference: float | None
    expected: float | None
    change: float | None
    rated: bool
    rating_after: float | None
    reason: NotRequired[str]
    """Why a game is not rated (FIDE: `unrated_opponent`, `rapid_blitz_600`, `first_event_zero_score`)."""
    venue: NotRequired[str]
    """A league game's (Elo, `systems.league_facts`): `home`, `away` or `neutral`, from the rated side."""
    home_advantage: NotRequired[float]
    """A league game's: the home advantage its expected score took (+H at home, -H away, 0 neutral)."""
    multiplier: NotRequired[float]
    """A league game's margin-of-victory multiplier of K."""
    k: NotRequired[float]
    """A league game's K (its own, else the request's)."""
    points_for: NotRequired[int | None]
    points_against: NotRequired[int | None]


GAME_KEYS = ("opponent", "score", "difference", "expected", "change", "rated", "rating_after")
"""The keys of a game's answer besides `reason`, in the order of a `GameResult`'s first fields."""


class GameRows(Sequence[GameAnswer]):
    """Games' answers kept by column as the rating made them (`Columns`: the fields of `GameResult` in
    order), each game's `GameAnswer` made when it is asked for. A system's answer may give its games so
    (ten thousand dicts take as long to make as to rate the games); `calculate` answers them as a list
    (`listed`)."""

    __slots__ = ("columns",)

    def __init__(self, columns: Columns) -> None:
        self.columns = columns

    @classmethod
    def of(cls, results: Sequence[GameResult]) -> GameRows:
        """The rows of games rated one at a time."""
        return cls(tuple(map(list, zip(*results))) if results else tuple([] for _ in GameResult._fields))

    def answers(self) -> list[GameAnswer]:
        """Every game's answer, in order; `reason` only in a game that is not rated."""
        *values, whys = self.columns
        if whys.count(None) == len(whys):
            return [{"opponent": o, "score": s, "difference": d, "expected": e, "change": c, "rated": r,
                     "rating_after": a} for o, s, d, e, c, r, a in zip(*values)]
        answers: list[GameAnswer] = []
        for o, s, d, e, c, r, a, why in zip(*self.columns):
            game: GameAnswer = {"opponent": o, "score": s, "difference": d, "expected": e, "change": c, "rated": r,
                                "rating_after": a}
            if why is not None:
                game["reason"] = why
            answers.append(game)
        return answers

    def __len__(self) -> int:
        return len(self.columns[0])

    def __iter__(self) -> Iterator[GameAnswer]:
        return iter(self.answers())

    @overload
    def __getitem__(self, index: int) -> GameAnswer: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameAnswer]: ...

    def __getitem__(self, index: int | slice) -> GameAnswer | list[GameAnswer]:
        return self.answers()[index]


def listed(answer: dict[str, Any]) -> dict[str, Any]:
    """`answer` with its games (`GameRows`, if a system answered them so) as a list."""
    games = answer.get("games")
    return {**answer, "games": games.answers()} if isinstance(games, GameRows) else answer


class Warning(TypedDict):
    """Something true of a valid answer that the player should know (FIDE's 1400 floor)."""

    code: str
    message: str
    params: dict[str, Any]


class PerformanceAnswer(TypedDict):
    rating: float | None
    reason: str
    note: str


class EventAnswer(TypedDict):
    """What every system answers about the event (a system adds its own keys)."""

    rating: float | None
    games: Sequence[GameAnswer]
    """A list, or `GameRows` (`calculate` answers a list)."""
    score: float
    expected: float | None
    change: float | None
    new_rating: float | None
    performance: PerformanceAnswer


PERFORMANCE_REASONS = {
    "no_games": "no rated games",
    "zero_score": "no performance rating for a 0 % score",
    "perfect_score": "no performance rating for a 100 % score",
    "fide_8_1_1": "FIDE table 8.1.1",
    "logistic": "the rating whose expected score equals the actual score",
    "not_defined": "this rating system defines no performance rating",
}


def performance_answer(rating: float | None, reason: str) -> PerformanceAnswer:
    return {"rating": None if rating is None else whole(rating), "reason": reason,
            "note": PERFORMANCE_REASONS[reason]}


class ProblemItem(TypedDict):
    """One problem of a reader (a line of a file), as a group lists it."""

    line: int | None
    """1-based; None for what concerns the whole file."""
    message: str
    """What is wrong there and what was done, of that line (`line 14: title 'g' read as GM ...`)."""
    params: dict[str, Any]
    """What the message was made from, for translations (the value, the column ...)."""


class ProblemGroup(TypedDict):
    """Every problem of one kind in a file (a reader's code; the ladder's, in one of its files): said once, with
    how many and where (the tournament report's and the ladder's `problems`)."""

    code: str
    count: int
    """How many problems of this kind (listed in `items` or not)."""
    lines: list[int]
    """The lines of those listed, in the file's order (a problem of the whole file has none)."""
    message: str
    """A single problem's own message; of several, the kind's text with the count and the lines
    (`an older file's letter title ...: read as GM, IM ... (20 lines: 3-22)`)."""
    line: int | None
    """The first problem's line (as a single problem has it)."""
    params: dict[str, Any]
    """The first problem's params (as a single problem has them)."""
    items: list[ProblemItem]
    """Each problem listed, with its own line, message and params."""
    source: NotRequired[str]
    """The ladder's: which file (`games`, `players`)."""


LINE_RUNS = 10
"""The most runs of lines (`3-22`, `40`) a group's message names."""


def _runs(lines: Sequence[int]) -> list[str]:
    """Lines as runs of consecutive numbers: `[3, 4, 5, 9]` -> `["3-5", "9"]`."""
    runs: list[list[int]] = []
    for n in lines:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        elif not runs or n != runs[-1][1]:
            runs.append([n, n])
    return [f"{a}" if a == b else f"{a}-{b}" for a, b in runs]


def group_problems(problems: Iterable[Mapping[str, Any]], texts: Mapping[str, str], *, by: str | None = None,
                   listed: int | None = None) -> tuple[list[ProblemGroup], dict[str, int]]:
    """A reader's problems (each `{"line", "code", "message", "params"}`, in the file's order) grouped by code
    (and by the key `by` too: the ladder's `source`), each group where its first problem was. A group of one
    keeps that problem's message; a group of several says the kind (`texts[code]`) with the count and its lines.
    Only the first `listed` problems (None: all) are listed in their groups' `items` and `lines`; the others are
    counted in their group, and returned by code (what the ladder's answer calls `unlisted`).

    >>> groups, _ = group_problems([{"line": n, "code": "title_guessed", "message": f"line {n}: ...", "params": {}}
    ...                             for n in (3, 4, 5, 9)], {"title_guessed": "an older file's letter title"})
    >>> [(g["count"], g["lines"], g["message"]) for g in groups]
    [(4, [3, 4, 5, 9], "an older file's letter title (4 lines: 3-5, 9)")]
    """
    groups: dict[tuple[Any, str], ProblemGroup] = {}
    unlisted: dict[str, int] = {}
    for i, p in enumerate(problems):
        code = p["code"]
        key = (p.get(by) if by else None, code)
        group = groups.get(key)
        if group is None:
            group = groups[key] = {"code": code, "count": 0, "lines": [], "message": p["message"], "line": p["line"],
                                   "params": p["params"], "items": []}
            if by:
                group[by] = p.get(by)  # type: ignore[literal-required]
        group["count"] += 1
        if listed is not None and i >= listed:
            unlisted[code] = unlisted.get(code, 0) + 1
            continue
        group["items"].append({"line": p["line"], "message": p["message"], "params": p["params"]})
        if p["line"] is not None:
            group["lines"].append(p["line"])
    for group in groups.values():
        if group["count"] > 1:
            group["message"] = f"{texts.get(group['code'], group['code'])} ({_where(group)})"
    return list(groups.values()), unlisted


def _where(group: ProblemGroup) -> str:
    """A group's count and lines, as its message says them: `20 lines: 3-22` (one problem a line); `3 times, line
    4` (several on one line); `2 times` (of the whole file); `…` when there are lines it does not name."""
    count, lines, listed = group["count"], group["lines"], len(group["items"])
    runs = _runs(lines)
    named = ", ".join(runs[:LINE_RUNS]) + (" …" if len(runs) > LINE_RUNS or listed < count else "")
    if not lines:
        return f"{count} times"
    if len(lines) == listed == len(set(lines)):
        return f"{count} lines: {named}"
    return f"{count} times, line{'s' if len(set(lines)) > 1 else ''} {named}"


ERROR_CODES = (
    "not_an_object", "not_a_list", "not_a_number", "out_of_range", "not_whole", "required", "bad_k",
    "not_a_score", "not_a_choice", "not_a_boolean", "too_many_games", "not_supported", "bad_json",
    "score_mismatch", "below_floor", "internal",
)
"""Every code a field error can carry (the widget has a message for each)."""


def internal_error(exc: Exception) -> dict[str, Any]:
    """The answer to a request that raised `exc` (a bug): an error the widget shows, never an exception.

    >>> internal_error(ZeroDivisionError("division by zero"))["errors"][0]["message"]
    'internal error: ZeroDivisionError: division by zero'
    """
    return {"ok": False, "errors": [{"field": "", "code": "internal", "params": {},
                                     "message": f"internal error: {type(exc).__name__}: {exc}"}]}


class Problems:
    """Collects every problem found in a request, so that all are reported at once, and reads the
    request's lists of games (`games`): a caller that hands the same list again (bridge.py, on each
    keystroke with 10 000 games) may answer it from its last reading."""

    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, field: str, code: str, message: str, **params: Any) -> None:
        self.items.append({"field": field, "code": code, "message": message, "params": params})

    def error(self, field: str, exc: EloError) -> None:
        self.add(field, exc.code, exc.message, **exc.params)

    def __bool__(self) -> bool:
        return bool(self.items)

    def games(self, value: Any, *, whole: bool, field: str, unrated: bool) -> list[Game | UnratedGame]:
        """`value` read as a list of games (`read_game_list`), its problems added here."""
        return read_game_list(value, self, whole=whole, field=field, unrated=unrated)


# ---- reading values -------------------------------------------------------------------------

_NUMBER = re.compile(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*")


def number(value: Any) -> Any:
    """A JSON number, or a plain decimal string as a number, read as pasted text is (`plain_digits`:
    no invisible marks, any script's digits); anything else unchanged (the checks name it: text of
    invisible marks alone is no number, never a blank). Whole numbers come back as ints, so that
    answers show 1500, not 1500.0."""
    if isinstance(value, str) and len(value) <= 40:
        text = plain_digits(value)
        if _NUMBER.fullmatch(text):
            value = float(text.strip())  # the separators \x1c-\x1f are \s to re, not to float()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def blank(value: Any) -> bool:
    return value is None or value == ""


def read_rating(value: Any, field: str, problems: Problems, *, whole: bool, what: str = "your rating") -> Any:
    try:
        return check_rating(number(value), whole=whole, what=what)
    except EloError as exc:
        problems.error(field, exc)
        return None


def read_required_rating(request: dict[str, Any], problems: Problems, system: str, why: str = "") -> Any:
    """The player's rating, where a system has no first rating to compute from nothing."""
    if blank(request.get("rating")):
        problems.add("rating", "required", f"your rating is required in {system} mode{why}")
        return None
    return read_rating(request["rating"], "rating", problems, whole=False)


def read_k(value: Any, problems: Problems, *, whole: bool) -> Any:
    try:
        return check_k(number(value), whole=whole)
    except EloError as exc:
        problems.error("k", exc)
        return None


def read_score(value: Any, field: str, problems: Problems) -> float | None:
    try:
        word = score_word(plain_digits(value)) if isinstance(value, str) else None
        return check_score(number(value) if word is None else word)
    except EloError as exc:
        problems.error(field, exc)
        return None


def read_number(container: dict[str, Any], key: str, field: str, problems: Problems, *, what: str,
                low: float, high: float, whole: bool = False, default: float | None = None) -> Any:
    """A number in [low, high] from `container[key]` (a plain decimal string too); blank gives
    `default`, or a `required` error when there is none. For a system's own inputs (an RD, an age)."""
    value = container.get(key)
    if blank(value):
        if default is None:
            problems.add(field, "required", f"{what} is required")
        return default
    value = number(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            isinstance(value, float) and not math.isfinite(value)):
        problems.add(field, "not_a_number", f"expected {what} to be a number, got {show(value)}", value=show(value))
        return None
    if not low <= value <= high:
        problems.add(field, "out_of_range", f"expected {what} between {whole_text(low)} and {whole_text(high)}, "
                     f"got {show(value)}", value=show(value), min=low, max=high)
        return None
    if whole and value != int(value):
        problems.add(field, "not_whole", f"expected {what} to be a whole number, got {show(value)}", value=show(value))
        return None
    return value


def whole_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def read_choice(container: dict[str, Any], key: str, field: str, choices: tuple[str, ...],
                problems: Problems) -> str:
    value = container.get(key)
    if value is None:
        return choices[0]
    # A K of 40 or the rules of 2014 as JSON numbers: the choice of those digits (compared as numbers: a 400-digit
    # K made a float of it, and an internal error).
    numbers = {int(c): c for c in choices if c.isdecimal()}
    if type(value) in (int, float) and value in numbers:
        value = numbers[value]
    if value not in choices:
        listed = " or ".join(repr(c) for c in choices)
        problems.add(field, "not_a_choice", f"expected {field} to be {listed}, got {show(value)}",
                     value=show(value), choices=list(choices))
        return choices[0]
    return str(value)


def read_flag(container: dict[str, Any], key: str, field: str, problems: Problems) -> bool:
    value = container.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        problems.add(field, "not_a_boolean", f"expected {field} to be true or false, got {show(value)}",
                     value=show(value))
        return False
    return value


def read_object(container: dict[str, Any], key: str, problems: Problems) -> dict[str, Any]:
    value = container.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.add(key, "not_an_object", f"expected {key} to be an object, got {show(value)}")
        return {}
    return value


def read_games(value: Any, problems: Problems, *, whole: bool, field: str = "games") -> list[Game]:
    """The games of a request; every game needs an opponent's rating and a score."""
    return cast(list[Game], problems.games(value, whole=whole, field=field, unrated=False))


def read_games_with_unrated(value: Any, problems: Problems, *, field: str = "games") -> list[Game | UnratedGame]:
    """FIDE's games: whole ratings, and `"opponent": null` for an unrated opponent. An empty text
    (`""`, what a form's empty field gives) is still `required`: a typo is never silently unrated."""
    return problems.games(value, whole=True, field=field, unrated=True)


def read_game_list(value: Any, problems: Problems, *, whole: bool, field: str,
                   unrated: bool) -> list[Game | UnratedGame]:
    """A request's list of games (`unrated`: `"opponent": null` is an unrated opponent), each problem
    added to `problems` with its path under `field`."""
    if value is None:
        return []
    if not isinstance(value, list):
        problems.add(field, "not_a_list", f"expected {field} to be a list, got {show(value)}")
        return []
    try:
        check_game_count(len(value))
    except EloError as exc:
        problems.error(field, exc)
        return []
    games: list[Game | UnratedGame] = []
    for i, item in enumerate(value):
        if type(item) is dict:  # the common case, checked cheaply: 10 000 games must stay fast
            opponent, score = item.get("opponent"), item.get("score")
            if (type(opponent) is int and MIN_RATING <= opponent <= MAX_RATING
                    and type(score) in (int, float) and score in (0, 0.5, 1)):
                games.append(new_tuple(Game, (opponent, float(score))))
                continue
        path = f"{field}[{i}]"
        if not isinstance(item, dict):
            problems.add(path, "not_an_object", f"expected game {i + 1} to have an opponent and a score")
            continue
        if unrated and "opponent" in item and item["opponent"] is None:
            score = read_score(item.get("score"), f"{path}.score", problems)
            if score is not None:
                games.append(UnratedGame(score))
            continue
        if item.get("opponent") is None or (unrated and item["opponent"] == ""):
            problems.add(f"{path}.opponent", "required", f"the opponent's rating is missing in game {i + 1}")
            opponent = None
        else:
            opponent = read_rating(item["opponent"], f"{path}.opponent", problems, whole=whole,
                                   what="the opponent's rating")
        score = read_score(item.get("score"), f"{path}.score", problems)
        if opponent is not None and score is not None:
            games.append(Game(opponent, score))
    return games


def whole(x: float) -> float:
    """Whole floats as ints, so that JSON shows 1500 rather than 1500.0."""
    return int(x) if float(x).is_integer() else x


class RatedEvent(TypedDict):
    """What `event_answer` gives: the keys of a rated event in the Elo family (K, 700 rule)."""

    rating: float
    k: float
    k_rule: str
    k_before_700: float
    rule_700: bool
    games: GameRows
    rated_games: int
    score: float
    expected: float
    change: float
    change_exact: float
    new_rating: float


def event_answer(result: EventResult) -> RatedEvent:
    """The keys every Elo-family system answers for a rated event."""
    return {
        "rating": whole(result.rating),
        "k": whole(result.k),
        "k_rule": result.k_rule,
        "k_before_700": whole(result.k_before_700),
        "rule_700": result.k != result.k_before_700,
        "games": GameRows(result.columns) if result.columns else GameRows.of(result.games),
        "rated_games": result.columns[5].count(True) if result.columns else sum(1 for g in result.games if g.rated),
        "score": result.score,
        "expected": result.expected,
        "change": result.change,
        "change_exact": result.change_exact,
        "new_rating": whole(result.new_rating),
    }


# ---- what a rating system provides ----------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One input of a system's request, as the widget and the CLI offer it."""

    path: str
    """Where it goes in the request: `rating`, `k`, `update`, `player.junior`, `settings.tau`,
    and for a value every game carries, `games[].opponent_rd`."""
    kind: str
    """`rating`, `k`, `bool`, `choice`, `number`, or `period`: a rating period of tournaments (FIDE's
    `period` and `events`, whose games may be against unrated opponents), one component of the widget."""
    choices: tuple[str, ...] = ()
    """For `choice`: the values, the default first."""
    follows: tuple[str, ...] = ()
    """For `choice`: (a yes/no field's path, a value): the default while that field is ticked, instead of the
    first (Elo's update: a league's games are rated game by game, as the published ratings are)."""
    low: float | None = None
    high: float | None = None
    """For `number`: the range accepted."""
    default: float | None = None
    """For `number`: the value a blank gives (None: a blank is an error if `required`)."""
    required: bool = False
    """A blank value is an error (else it has a meaning: a first rating, a K from the rules)."""
    whole: bool = False
    """Only whole numbers (FIDE's ratings and K)."""
    help: str = ""
    """What it means, in a few words (the CLI's help; the widget has translated labels)."""
    when: tuple[str, ...] = ()
    """Offered (and sent) only while each of these holds: `path` (that yes/no field is ticked), `!path`
    (that field is blank), `path!=value` (that choice is another). A yes/no field not offered is sent
    as no; another field is not sent."""
    group: str = ""
    """Fields of one group are offered together, under a legend (the widget's `group.<name>`)."""
    clears: str = ""
    """The path of a field a change of this one clears (FIDE's K finder clears a K typed, which would
    override it); the widget says so, with an undo."""

    @property
    def option(self) -> str:
        """Its command-line option: `player.junior` -> `--junior`, `cap_400` -> `--cap-400`."""
        return "--" + self.path.rsplit(".", 1)[-1].replace("_", "-")


@dataclass(frozen=True)
class Output:
    """A figure of a system's answer beyond the common ones (`new_rd`, `new_index`, `bonus`), which
    the widget shows as a line of the results, labelled `results.<key>` in its translations."""

    key: str
    places: int
    """Decimals it is shown with."""
    of_new_rating: bool = False
    """It describes the new rating (a new RD, a bonus): shown as none while there is no game."""


@dataclass(frozen=True)
class Column:
    """A figure of each game's answer (`GameAnswer`) shown in its row, labelled `game.<key>`."""

    key: str
    places: int
    """Decimals it is shown with (`trim`: at most these, none for a whole number)."""
    sign: bool = False
    """Shown with its sign (+3.2)."""
    trim: bool = False
    trend: bool = False
    """Coloured by its sign, after the others (the change)."""
    optional: bool = False
    """Shown only in a game whose answer has it (Elo's home advantage, in a league's games)."""


GAME_COLUMNS = (Column("difference", 1, sign=True, trim=True), Column("expected", 2),
                Column("change", 1, sign=True, trend=True))
"""What a row shows of its game: the rating difference, the expected score, the change."""

NOTES = ("k_used", "first_rating", "event_subtotals", "warnings", "needs")
"""The notes a system's answer may carry that the widget knows how to draw: the K used and why
(`k`, `k_rule`, `rule_700`), a first rating's steps (`initial`), each tournament's subtotal
(`events`), warnings (`warnings`), and what a target or a norm takes (`needs`: `systems.needs`)."""


@dataclass(frozen=True)
class Display:
    """What the widget shows of a system's answer besides the common totals (rating, change, score,
    expected, performance) and its `outputs`."""

    columns: tuple[Column, ...] = GAME_COLUMNS
    together: bool = False
    """A game's figures come together or not at all: a rated game without an expected score is
    waiting for them (a first rating still to compute); else a game waits while it has none."""
    flags: tuple[str, ...] = ()
    """Yes/no keys of the answer said in a line of their own when true (`results.<key>`)."""
    notes: tuple[str, ...] = ()
    """Which of `NOTES` its answers carry."""
    chart_by: str = ""
    """The answer's key whose value names the chart's description (`chart.desc.<value>`), else `event`."""


LedgerMethod = Literal["k", "glicko", "glicko2", "lichess", "game"]
"""How a ledger's games are replayed (`Ledger.method`): `k`, Elo's K x (S - E) a game at a time from the two
ratings before it (a K, a K for first games, the 400 cap); `glicko`, `glicko2`, by rating periods of a week or a
month; `lichess`, Glicko-2 a game at a time, as lichess rates a game as it ends; `game`, the system's own
`Ledger.game`, a game at a time from the two ratings before it."""


@dataclass(frozen=True)
class Ledger:
    """A system's way of replaying a club's ledger (the ladder), and a new player's figures under it."""

    method: LedgerMethod
    game: Callable[[float, float, float], float] | None = None
    """`game`: a player's change from one game, from their rating, the opponent's and their score."""
    rd: float | None = None
    """A new player's rating deviation (Glicko, Glicko-2, lichess); None: the system has none."""
    volatility: float | None = None
    """A new player's volatility σ (Glicko-2, lichess)."""
    provisional_rd: float | None = None
    """A player is provisional while their RD is this or more (lichess: 110)."""


@dataclass(frozen=True)
class Capabilities:
    """What a system can do besides a calculation (every system calculates): the one declaration the calculator,
    the report, the ladder, the CLI, the widget's menus and the WordPress plugin offer systems from
    (`systems.offering`)."""

    tournament: Literal["fide", "k"] | None = None
    """It rates a whole tournament from its TRF file (the report): by FIDE's rules for a rating period (`fide`), or
    with a K for every player (`k`); None: it does not."""
    ledger: Ledger | None = None
    """It replays a club's ledger (the ladder); None: it does not, and `no_ledger` says why."""
    no_ledger: str = "not supported for a ledger"
    """Why it cannot replay a ledger, as the ladder says when asked to."""


Inputs = TypeVar("Inputs")


class RatingSystem(Protocol, Generic[Inputs]):
    """A rating system behind the JSON contract: listed in `systems.REGISTRY` by `name`."""

    name: str
    fields: tuple[Field, ...]
    """Its inputs besides `games` (each game: `opponent`, `score`)."""
    outputs: tuple[Output, ...]
    """Its own figures in the answer, beyond rating, change, score, expected, games, performance."""
    places: int
    """Decimals a rating is shown with."""
    display: Display
    """What the widget shows of its answers."""
    capabilities: Capabilities
    """What it can do besides a calculation: rate a tournament, replay a ledger."""

    def read(self, request: dict[str, Any], problems: Problems) -> Inputs | None:
        """The request's inputs as the system's typed values; problems go to `problems`."""
        ...

    def answer(self, inputs: Inputs) -> EventAnswer:
        """Rate the inputs (already checked) and answer in the contract's shape."""
        ...


def display(shown: Display) -> dict[str, Any]:
    """A system's `Display` as the widget reads it."""
    unknown = set(shown.notes) - set(NOTES)
    if unknown:
        raise ValueError(f"no such note: {sorted(unknown)}")
    return {"columns": [{"key": c.key, "places": c.places, "sign": c.sign, "trim": c.trim, "trend": c.trend,
                         "optional": c.optional} for c in shown.columns],
            "together": shown.together, "flags": list(shown.flags), "notes": list(shown.notes),
            "chart_by": shown.chart_by}
