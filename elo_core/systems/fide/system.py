"""FIDE behind the JSON contract (`calculate`, the CLI, the widget): its fields, how a request is read
(a period, its events, the player's facts), and the answer's shape."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, TypedDict

from ...contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    GameRows,
    Output,
    Problems,
    Warning,
    blank,
    performance_answer,
    read_choice,
    read_flag,
    read_games_with_unrated,
    read_k,
    read_object,
    read_rating,
    whole,
)
from ...words.errors import EloError, show
from ...words.model import (
    MAX_RATING,
    MIN_RATING,
    TIME_CONTROLS,
    Game,
    NotRatedReason,
    PeriodEvent,
    UnratedGame,
    check_game_count,
    new_tuple,
)
from ..needs import FIELDS as NEEDS_FIELDS
from ..needs import Asked, Needs, NormReason, TargetReason, needs_answer, read_needs, scores
from .first import (
    fide_performance,
    first_rating_period,
    performance_of,
)
from .period import (
    not_rated,
    rate_period,
)
from .rules import (
    CURRENT_RULES,
    EARLIEST_PERIOD,
    EARLIEST_RAPID_BLITZ_PERIOD,
    RATING_FLOOR,
    RATING_FLOOR_2022,
    FideRules,
    PeriodRules,
    adjusted_2024,
    rules_in_force,
)

_PERIOD = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# ---- FIDE behind the JSON contract (`calculate`, the CLI, the widget) ---------------------------

K_REASONS = {
    "given": "K as given",
    "reached_2400": "rating has reached 2400 (FIDE 8.3.3)",
    "junior": "junior rated under 2300 (FIDE 8.3.3)",
    "fewer_than_30_games": "fewer than 30 rated games (FIDE 8.3.3)",
    "default": "FIDE's standard K (FIDE 8.3.3)",
    "unrated": "unrated: first rating by FIDE 7.1.4 and 8.2",
}
INITIAL_REASONS = {
    "": "",
    "zero_score": "a zero score in the first event is disregarded (FIDE 8.2.1)",
    "fewer_than_5_games": "a first rating needs at least 5 games against rated opponents",
    "below_1400": "a first rating below 1400 is not published",
    "below_1000": "a first rating below 1000 was not published before March 2024",
}
WARNINGS = {
    "rating_below_floor": "FIDE publishes no rating below {floor} (FIDE 7.2.1): {rating} is not on the list",
    "below_rating_floor": "the new rating {new_rating} is below {floor}: FIDE publishes no rating below {floor} "
                          "(FIDE 7.2.1), the player drops off the list",
    "standard_rating_used": "your standard rating {rating} is used as your {time_control} rating: FIDE rates a "
                            "player unrated in {time_control} who has a standard rating as a rated player (FIDE "
                            "Rapid and Blitz Rating Regulations 7.2.1)",
    "rating_adjusted_2024": "FIDE raised every rating below 2000 once on 1 March 2024: {rating} became {adjusted} "
                            "(R + 0.4 x (2000 - R)); enter the rating of the list in force",
}
_PLAYER_FLAGS = ("fewer_than_30_games", "junior", "reached_2400", "reached_2300")


class InitialAnswer(TypedDict):
    games: int
    average: float
    percent: int
    dp: int
    computed: int
    rating: int | None
    reason: str
    note: str
    games_needed: int
    """More games against rated opponents needed for a first rating (5 in all, FIDE 7.1.4)."""
    rules: str
    """Which first-rating rule gave it: "2024" (two hypothetical 1800 draws, at most 2200) or "2022"
    (the archived rule of periods from January 2022 to February 2024: the rated opponents' average)."""


class PeriodEventAnswer(TypedDict):
    """One event of a period (`events` in a request): its games and its exact subtotal."""

    name: str
    date: str | None
    rating: int | None
    games: list[GameAnswer]
    rated_games: int
    score: float
    expected: float | None
    change_exact: float | None


class FideAnswer(EventAnswer, total=False):
    needs: Needs
    time_control: str
    period: str | None
    k: float | None
    k_rule: str
    k_reason: str
    k_before_700: float
    rule_700: bool
    rated_games: int
    change_exact: float | None
    events: list[PeriodEventAnswer]
    warnings: list[Warning]


class FirstRatingAnswer(FideAnswer):
    """An unrated player's answer: how the first rating came out (FIDE 8.2)."""

    initial: InitialAnswer


@dataclass(frozen=True)
class FideInputs:
    rating: int | None
    """None: an unrated player, whose first rating is computed."""
    games: list[Game | UnratedGame]
    """The games of a request without `events` (one event)."""
    rules: FideRules
    events: list[PeriodEvent] | None = None
    """The events of a request with `events`, in the order played."""
    law: PeriodRules = CURRENT_RULES
    seeded: bool = False
    """`rating` is the player's standard rating, standing in for an unrated rapid or blitz rating (7.2.1)."""
    asked: Asked | None = None
    """What do I need: a rating to reach, a norm (`needs`); None: nothing asked."""


class FideSystem:
    """FIDE's rules: whole-number ratings, K from the player's history, first ratings, rating periods."""

    name = "fide"
    capabilities = Capabilities(tournament="fide", no_ledger=(
        "FIDE rates a month's games at once from the published list, with K from a player's history and first "
        "ratings from a federation's records: not supported for a ledger (use elo)"))
    places = 0
    outputs: tuple[Output, ...] = ()
    display = Display(together=True, notes=("k_used", "first_rating", "event_subtotals", "warnings", "needs"))
    fields: tuple[Field, ...] = (
        Field("rating", "rating", whole=True),
        Field("k", "k", whole=True),
        Field("time_control", "choice", choices=TIME_CONTROLS, help="the event's time control"),
        Field("player.standard_rating", "number", low=MIN_RATING, high=MAX_RATING, whole=True,
              help="fide rapid/blitz: your standard rating, used when you have no rapid or blitz rating",
              when=("time_control!=standard", "!rating")),  # Rapid and Blitz 7.2.1
        Field("period", "period", help="the rating period (YYYY-MM) and its tournaments"),
        Field("player.fewer_than_30_games", "bool", help="fide: fewer than 30 rated games", group="k_finder",
              clears="k"),
        Field("player.junior", "bool", help="fide: 18 or younger this year", group="k_finder", clears="k"),
        Field("player.reached_2400", "bool", help="fide: rating has ever reached 2400", group="k_finder",
              clears="k"),
        Field("player.reached_2300", "bool", help="fide: a junior once rated 2300 or more", group="k_finder",
              clears="k", when=("player.junior",)),  # 8.3.3: counts for a junior only
        *NEEDS_FIELDS,
    )

    def read(self, request: dict[str, Any], problems: Problems) -> FideInputs | None:
        rating = None if blank(request.get("rating")) else read_rating(request["rating"], "rating", problems,
                                                                       whole=True)
        k = None if blank(request.get("k")) else read_k(request["k"], problems, whole=True)
        player = read_object(request, "player", problems)
        flags = {flag: read_flag(player, flag, f"player.{flag}", problems) for flag in _PLAYER_FLAGS}
        time_control = read_choice(request, "time_control", "time_control", TIME_CONTROLS, problems)
        # Rapid and blitz 7.2.1: an unrated player's standard rating is their rating (used only then).
        seed = None if not blank(request.get("rating")) else _read_seed(player.get("standard_rating"),
                                                                          time_control, problems)
        events: list[PeriodEvent] | None = None
        games: list[Game | UnratedGame] = []
        if request.get("events") is not None:
            if request.get("games") is not None:
                problems.add("events", "not_supported", "a request has either games (one event) or events, not both")
            events = _read_events(request["events"], problems,
                                  unrated_player=blank(request.get("rating")) and blank(player.get("standard_rating")))
        else:
            games = read_games_with_unrated(request.get("games"), problems)
        law = read_period(request.get("period"), time_control, problems)
        asked = read_needs(request, problems)
        if problems:
            return None
        rules = FideRules(k=None if k is None else int(k), time_control=time_control,  # type: ignore[arg-type]
                          **flags)
        wanted = asked if asked["target"] is not None or asked["norm"] is not None else None
        if seed is not None:
            return FideInputs(int(seed), games, rules, events, law, seeded=True, asked=wanted)
        return FideInputs(None if rating is None else int(rating), games, rules, events, law, asked=wanted)

    def answer(self, inputs: FideInputs) -> FideAnswer | FirstRatingAnswer:
        events = inputs.events if inputs.events is not None else [PeriodEvent(tuple(inputs.games))]
        answer: FideAnswer | FirstRatingAnswer
        if inputs.rating is None:
            answer = _first_rating_answer(inputs, events)
        else:
            answer = _rated_answer(inputs, inputs.rating, events)
            if inputs.seeded:
                answer["warnings"].insert(0, _warning("standard_rating_used", rating=inputs.rating,
                                                      time_control=inputs.rules.time_control))
        if inputs.asked is not None:
            answer["needs"] = self._needs(inputs, inputs.asked, events)
        return answer

    def _needs(self, inputs: FideInputs, asked: Asked, events: list[PeriodEvent]) -> Needs:
        """What do I need: the period's new rating (or a first rating from one event) rests on the rated games' total
        score alone (K x the sum of W - PD, once rounded; a first rating from the score's percentage): each total
        rated by this system's own answer, the games won first. A first rating over several events is not: a first
        event scored at zero is left out (7.1.4), so which games are won counts (`order`). A norm counts every game
        of one event, an unrated opponent at 1400, and only in standard play (B.01). A rated player's game that is
        not rated whatever its result (rapid and blitz: 600 or more apart, one player above 2600) is not counted: its
        result stays as typed, and the score is over the others."""
        tc, law = inputs.rules.time_control, inputs.law
        counts = [[isinstance(g, Game) and (inputs.rating is None or not_rated(
            inputs.rating if e.rating is None else e.rating, g, tc, law) is None) for g in e.games] for e in events]
        rated = sum(map(sum, counts))
        ratings = [g.opponent if isinstance(g, Game) else None for e in events for g in e.games]
        reason: TargetReason | None = "first_events" if inputs.rating is None and len(events) > 1 else \
            "no_rated_games" if not rated and ratings else None
        no_norm: NormReason | None = "time_control" if inputs.rules.time_control != "standard" else \
            "events" if len(events) > 1 else None

        def new_rating(s2: int) -> float | None:
            results = iter(scores(rated, s2))
            played = [replace(e, games=tuple(g._replace(score=next(results)) if counted else g
                                             for g, counted in zip(e.games, count, strict=True)))
                      for e, count in zip(events, counts, strict=True)]
            again = replace(inputs, asked=None, games=list(played[0].games) if inputs.events is None else [],
                            events=None if inputs.events is None else played)
            return self.answer(again)["new_rating"]

        return needs_answer(asked, rated, new_rating, ratings, reason, no_norm)


def _read_seed(value: Any, time_control: str, problems: Problems) -> Any:
    """`player.standard_rating`: the standard rating of a player unrated in rapid or blitz (7.2.1)."""
    if blank(value):
        return None
    if time_control == "standard":
        problems.add("player.standard_rating", "not_supported", "a standard rating stands in for a rapid or "
                     "blitz rating only (FIDE Rapid and Blitz Rating Regulations 7.2.1): for a standard event, "
                     "enter it as your rating")
        return None
    return read_rating(value, "player.standard_rating", problems, whole=True, what="your standard rating")


def read_period(value: Any, time_control: str, problems: Problems) -> PeriodRules:
    if value is None:
        return CURRENT_RULES
    if not isinstance(value, str) or not _PERIOD.fullmatch(value):
        problems.add("period", "not_a_choice", f"expected period to be a month as YYYY-MM, got {show(value)}",
                     value=show(value))
        return CURRENT_RULES
    earliest = EARLIEST_PERIOD if time_control == "standard" else EARLIEST_RAPID_BLITZ_PERIOD
    if value < earliest:
        what = "standard" if time_control == "standard" else "rapid and blitz"
        problems.add("period", "not_supported", f"{what} periods before {earliest} are not supported: the "
                     f"project knows FIDE's {what} regulations from {earliest} on, got {show(value)}",
                     value=value, min=earliest)
        return CURRENT_RULES
    return rules_in_force(value)


def _read_date(value: Any, field: str, problems: Problems) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            date.fromisoformat(value)
            return value
        except ValueError:
            pass
    problems.add(field, "not_a_choice", f"expected {field} to be a day as YYYY-MM-DD, got {show(value)}",
                 value=show(value))
    return None


def _read_events(value: Any, problems: Problems, *, unrated_player: bool) -> list[PeriodEvent]:
    if not isinstance(value, list):
        problems.add("events", "not_a_list", f"expected events to be a list, got {show(value)}")
        return []
    total = sum(len(e["games"]) for e in value if isinstance(e, dict) and isinstance(e.get("games"), list))
    try:
        check_game_count(max(total, len(value)))
    except EloError as exc:
        problems.error("events", exc)
        return []
    events: list[PeriodEvent] = []
    for i, item in enumerate(value):
        field = f"events[{i}]"
        if not isinstance(item, dict):
            problems.add(field, "not_an_object", f"expected event {i + 1} to be an object with its games")
            continue
        name = item.get("name")
        if name is not None and not isinstance(name, str):
            problems.add(f"{field}.name", "not_a_choice", f"expected {field}.name to be text, got {show(name)}",
                         value=show(name))
            name = None
        rating = None
        if not blank(item.get("rating")):
            if unrated_player:
                problems.add(f"{field}.rating", "not_supported", "an unrated player has no rating for an event: "
                             "leave it empty")
            else:
                rating = read_rating(item["rating"], f"{field}.rating", problems, whole=True,
                                     what=f"your rating for event {i + 1}")
        day = _read_date(item.get("date"), f"{field}.date", problems)
        games = read_games_with_unrated(item.get("games"), problems, field=f"{field}.games")
        events.append(PeriodEvent(tuple(games), None if rating is None else int(rating), name or "", day))
    return events


def _warning(code: str, **params: Any) -> Warning:
    return {"code": code, "message": WARNINGS[code].format(**params), "params": params}


def _warnings(law: PeriodRules, ratings: list[tuple[str, int]], new_rating: int | None) -> list[Warning]:
    """FIDE's floor (7.2.1: 1400 from March 2024, 1000 before) and, in the period 2024-03, the one-off
    adjustment."""
    found: list[Warning] = []

    def add(code: str, **params: Any) -> None:
        found.append(_warning(code, **params))

    floor = RATING_FLOOR if "rating_floor_1400" in law else RATING_FLOOR_2022
    for field, value in ratings:
        if value < floor:
            add("rating_below_floor", field=field, rating=value, floor=floor)
    if new_rating is not None and new_rating < floor:
        add("below_rating_floor", new_rating=new_rating, floor=floor)
    if law.period == "2024-03":
        for field, value in ratings:
            if value < 2000:
                add("rating_adjusted_2024", field=field, rating=value, adjusted=adjusted_2024(value))
    return found


def _rated_answer(inputs: FideInputs, rating: int, events: list[PeriodEvent]) -> FideAnswer:
    result = rate_period(rating, events, inputs.rules, inputs.law)
    games = [g for e in result.events for g in e.games]
    only = result.events[0] if len(result.events) == 1 else None
    if games and only is not None and only.columns is not None and only.rated_games == len(games):
        # every game rated and against a rated opponent, by column (10 000 per keystroke)
        performance = performance_of(len(games), sum(map(int, only.columns[0])), round(only.score * 2))
    else:
        performance = fide_performance([new_tuple(Game, g[:2]) for g in games if g.rated and g.opponent is not None])
    answer = FideAnswer(
        time_control=inputs.rules.time_control,
        period=inputs.law.period,
        rating=result.rating,
        k=result.k,
        k_rule=result.k_rule,
        k_before_700=result.k_before_700,
        rule_700=result.k != result.k_before_700,
        games=GameRows(only.columns) if only is not None and only.columns is not None else GameRows.of(games),
        rated_games=result.rated_games,
        score=result.score,
        expected=result.expected,
        change=result.change,
        change_exact=result.change_hundredths / 100,
        new_rating=result.new_rating,
        k_reason=K_REASONS[result.k_rule],
        performance=performance_answer(performance.rating, performance.reason),
    )
    ratings = [("rating", rating)]
    if inputs.events is not None:
        answer["events"] = [
            {"name": e.name, "date": e.date, "rating": e.rating, "games": GameRows.of(e.games).answers(),
             "rated_games": e.rated_games, "score": e.score, "expected": e.expected,
             "change_exact": e.change_hundredths / 100}
            for e in result.events]
        ratings += [(f"events[{i}].rating", e.rating) for i, e in enumerate(events) if e.rating is not None]
    answer["warnings"] = _warnings(inputs.law, ratings, result.new_rating)
    return answer


def _unrated_games(games: Iterable[Game | UnratedGame], whys: list[NotRatedReason | None]) -> list[GameAnswer]:
    answers: list[GameAnswer] = []
    for g, why in zip(games, whys):
        game: GameAnswer = {"opponent": None if type(g) is UnratedGame else whole(g[0]), "score": g[-1],
                            "difference": None, "expected": None, "change": None, "rated": why is None,
                            "rating_after": None}
        if why is not None:
            game["reason"] = why
        answers.append(game)
    return answers


def _first_rating_answer(inputs: FideInputs, events: list[PeriodEvent]) -> FirstRatingAnswer:
    initial, reasons = first_rating_period(events, inputs.law)
    counted = [g for e, whys in zip(events, reasons) for g, why in zip(e.games, whys)
               if why is None and type(g) is Game]
    performance = fide_performance(counted)
    answer: FirstRatingAnswer = {
        "time_control": inputs.rules.time_control,
        "period": inputs.law.period,
        "rating": None,
        "k": None,
        "k_rule": "unrated",
        "k_reason": K_REASONS["unrated"],
        "rule_700": False,
        "games": [g for e, whys in zip(events, reasons) for g in _unrated_games(e.games, whys)],
        "rated_games": len(counted),
        "score": initial.score,
        "expected": None,
        "change": None,
        "change_exact": None,
        "new_rating": initial.rating,
        "initial": {
            "games": initial.games, "average": initial.average, "percent": initial.percent,
            "dp": initial.dp, "computed": initial.computed, "rating": initial.rating,
            "reason": initial.reason, "note": INITIAL_REASONS[initial.reason], "games_needed": initial.games_needed,
            "rules": "2024" if "first_rating_2024" in inputs.law else "2022",
        },
        "performance": performance_answer(performance.rating, performance.reason),
    }
    if inputs.events is not None:
        answer["events"] = [
            {"name": e.name, "date": e.date, "rating": None, "games": _unrated_games(e.games, whys),
             "rated_games": sum(why is None for why in whys),
             "score": sum(g[-1] for g, why in zip(e.games, whys) if why is None),
             "expected": None, "change_exact": None}
            for e, whys in zip(events, reasons)]
    answer["warnings"] = []
    return answer


FIDE = FideSystem()
