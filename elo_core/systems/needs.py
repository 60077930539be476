"""What do I need (issue 43): over the games typed in the calculator, the score a rating target takes, and the score
a FIDE title norm takes against these opponents.

- A target (`target`, a rating): the least total score over the games counted whose new rating reaches it, by the
  system's own arithmetic (`new_rating(s2)`: the new rating when the games score `s2` half points in all); with it
  what may be dropped (the games' points less that score), and the new ratings of every game lost and every game
  won. For a system whose new rating rests on the games' total score alone (plain Elo from the pre-event rating,
  FIDE): the system gives `new_rating` for such a total (games won first, then a draw; which ones does not matter).
- A norm (`norm`: GM, IM, WGM, WIM): B.01's average (only the lowest opponent raised to the floor) and the least
  score whose performance is the norm's with at least 35 % (`fide.norms.needed_score2`), over these opponents. Their
  titles and federations are not typed here: the mix is not checked (the tournament report checks it from a file),
  and the answer says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypedDict

from ..contract import Field, Problems, blank, read_choice, read_flag, read_number
from ..words.model import DRAW, LOSS, MAX_RATING, MIN_RATING, WIN, Game, Score
from .fide.norms import MIN_GAMES, NORM_RULES, NORM_TITLES, NormTitle, needed_score2, norm_average, norm_performance

NORM_CHOICES = ("none", *NORM_TITLES)
MAX_NEEDS_GAMES = 2000
"""The most games a target is worked out over (a search of some 12 ratings of them)."""
FIELDS = (
    Field("needs", "bool", help="what do I need: offer a rating to reach and a title norm (the widget's box)"),
    Field("target", "number", low=MIN_RATING, high=MAX_RATING, group="needs", when=("needs",),
          help="what do I need: a rating to reach (or stay at) over these games"),
    Field("norm", "choice", choices=NORM_CHOICES, group="needs", when=("needs",),
          help="what do I need: the score a FIDE title norm takes against these opponents"),
)
"""The calculator's fields of "what do I need", for a system that answers it: offered once the box is ticked (a
player who only wants a rating change keeps a short form); the command line takes `target` and `norm` alone."""
TargetReason = Literal["too_many_games", "no_games", "no_rated_games", "no_rating", "order", "league", "first_events"]
"""Why no target is worked out; three say that it rests on which games are won: rated game by game (`order`), a
league's games (`league`: each its own K and margin), a first FIDE rating over several events (`first_events`)."""
NormReason = Literal["games", "average", "no_games", "time_control", "events"]


class TargetAnswer(TypedDict):
    """The score a rating target takes over the games counted (`games`): `score` (None when even every game won
    falls short: `best` says how far), what may be `dropped` of the games' points, and the new ratings of every game
    lost (`worst`) and won (`best`); or why there is no answer (`reason`: "no_rating" when even every game won gives
    no rating, an unrated player's first one)."""

    target: float
    games: int
    score: float | None
    dropped: float | None
    worst: float | None
    best: float | None
    reason: TargetReason | None


class NormNeeds(TypedDict):
    """The score a title norm takes against the opponents typed: their average (B.01 1.4.7), the score (None: no
    score does: `reason` "average"), the performance it gives; `reason` "games" with fewer than 9 games (the score
    is still said, over these games). No norm is worked out for rapid or blitz games (`time_control`: B.01's norms
    are for standard play) nor over several tournaments (`events`: a norm is one event's). The opponents' titles and
    federations are not checked (`mix_checked`)."""

    title: NormTitle
    games: int
    average: int | None
    needed: float | None
    performance: int | None
    least_average: int
    reason: NormReason | None
    mix_checked: bool


class Needs(TypedDict, total=False):
    target: TargetAnswer
    norm: NormNeeds


def read_needs(request: dict[str, Any], problems: Problems) -> Asked:
    """The request's target (a rating; None: none asked) and norm (None: none); `needs`, the widget's box, is read
    and asks nothing of itself."""
    read_flag(request, "needs", "needs", problems)
    target = None if blank(request.get("target")) else read_number(
        request, "target", "target", problems, what="the rating to reach", low=MIN_RATING, high=MAX_RATING)
    norm = read_choice(request, "norm", "norm", NORM_CHOICES, problems)
    return {"target": target, "norm": None if norm == "none" else norm}  # type: ignore[typeddict-item]


def scores(games: int, s2: int) -> list[Score]:
    """`games` results that score `s2` half points in all: wins first, then a draw, then losses.

    >>> scores(4, 5)
    [1.0, 1.0, 0.5, 0.0]
    """
    return [WIN if 2 * (i + 1) <= s2 else DRAW if 2 * i < s2 else LOSS for i in range(games)]


def scored(games: list[Game], s2: int) -> list[Game]:
    """The games with their results set to a total of `s2` half points (`scores`)."""
    return [g._replace(score=s) for g, s in zip(games, scores(len(games), s2), strict=True)]


class Asked(TypedDict):
    """What a request asks: a rating to reach and a norm's title (None: not asked)."""

    target: float | None
    norm: NormTitle | None


def needs_answer(asked: Asked, games: int, new_rating: Callable[[int], float | None] | None,
                 ratings: list[float | None], reason: TargetReason | None = None,
                 no_norm: NormReason | None = None) -> Needs:
    """The answer's `needs`: what each thing asked takes over the games counted (`games`, the opponents rated
    `ratings`: None for an unrated one); `reason`: why no target can be worked out, `no_norm` why no norm."""
    needs: Needs = {}
    if asked["target"] is not None:
        needs["target"] = target_answer(games, asked["target"], new_rating, reason)
    if asked["norm"] is not None:
        norm = norm_needs(asked["norm"], ratings)
        needs["norm"] = norm if no_norm is None else {**norm, "needed": None, "performance": None, "reason": no_norm}
    return needs


def target_answer(games: int, target: float, new_rating: Callable[[int], float | None] | None,
                  reason: TargetReason | None = None) -> TargetAnswer:
    """The least total score (in half points, searched) whose new rating reaches `target`. `new_rating` None: the
    system cannot say it from a total (`reason`).

    >>> target_answer(4, 1520, lambda s2: 1500 + 10 * (s2 / 2 - 2))["score"]
    4.0
    >>> target_answer(4, 1480, lambda s2: 1500 + 10 * (s2 / 2 - 2))["dropped"]
    4.0
    """
    none: TargetAnswer = {"target": target, "games": games, "score": None, "dropped": None, "worst": None,
                          "best": None, "reason": reason}
    if new_rating is None or reason is not None:
        return none
    if not games:
        return {**none, "reason": "no_games"}
    if games > MAX_NEEDS_GAMES:
        return {**none, "reason": "too_many_games"}
    worst, best = new_rating(0), new_rating(2 * games)
    answer: TargetAnswer = {**none, "worst": worst, "best": best}
    if best is None:
        return {**answer, "reason": "no_rating"}
    if best < target:
        return answer
    low, high = 0, 2 * games  # new_rating(high) reaches the target; find the least that does
    while low < high:
        middle = (low + high) // 2
        rating = new_rating(middle)
        if rating is not None and rating >= target:
            high = middle
        else:
            low = middle + 1
    return {**answer, "score": low / 2, "dropped": games - low / 2}


def norm_needs(title: NormTitle, ratings: list[float | None]) -> NormNeeds:
    """What a `title` norm takes against opponents rated `ratings` (B.01 1.4.6 to 1.4.9).

    >>> n = norm_needs("GM", [2460] * 9)
    >>> n["average"], n["needed"], n["performance"], n["reason"]
    (2460, 6.5, 2626, None)
    """
    rule = NORM_RULES[title]
    games = len(ratings)
    answer: NormNeeds = {"title": title, "games": games, "average": None, "needed": None, "performance": None,
                         "least_average": rule.average, "reason": "no_games", "mix_checked": False}
    if not games:
        return answer
    average = norm_average(title, ratings)
    need2 = needed_score2(title, average, games)
    reason: Literal["games", "average"] | None = "average" if need2 is None else \
        "games" if games < MIN_GAMES else None
    return {**answer, "average": average, "needed": None if need2 is None else need2 / 2,
            "performance": None if need2 is None else norm_performance(average, need2, games), "reason": reason}
