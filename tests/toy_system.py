"""A toy rating system, in a file of its own with nothing but elo_core: the system a test adds to prove
that a system is one descriptor (issue 30, item 1). tests/test_toy_system.py registers it in CPython;
tests/browser/test_toy_system.py builds a site with it (scripts/build_site.py --system
tests/toy_system.py:ToySystem), which ships this file in the engine and draws its form and answers.

Each game moves the rating by 10 x (score - 1/2) x its weight; a lucky player adds a charm. It declares
that it replays a club's ledger (a ladder: each game of weight 1, no charm), and no tournament's report;
`PlainToySystem` declares nothing but a calculation (issue 41, item 2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired

from elo_core.contract import (
    GAME_COLUMNS,
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    Ledger,
    Output,
    Problems,
    performance_answer,
    read_flag,
    read_games,
    read_number,
    read_object,
    read_required_rating,
)


class ToyAnswer(EventAnswer):
    lucky_day: bool
    new_luck: NotRequired[float]


@dataclass(frozen=True)
class ToyInputs:
    rating: float
    games: list[Any]
    weights: list[float]
    lucky: bool
    charm: float


def toy_game(rating: float, opponent: float, score: float) -> float:
    """A ledger's game under the toy: 10 x (score - 1/2), whatever the ratings."""
    return 10 * (score - 0.5)


class ToySystem:
    """Each game moves the rating by 10 x (score - 1/2) x its weight; a lucky player adds a charm."""

    name = "toy"
    capabilities = Capabilities(ledger=Ledger("game", game=toy_game))
    places = 1
    outputs: tuple[Output, ...] = (Output("new_luck", 2, of_new_rating=True),)
    display = Display(columns=GAME_COLUMNS, flags=("lucky_day",))
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("player.lucky", "bool", help="toy: born lucky"),
        Field("player.charm", "number", low=0, high=5, default=0, help="toy: the luck added per game",
              when=("player.lucky",)),
        Field("games[].weight", "number", low=0.5, high=2, required=True, help="toy: how much a game counts"),
    )
    TEXTS: ClassVar[dict[str, dict[str, str]]] = {"en": {
        "system.toy": "Toy", "field.player.lucky": "Born lucky", "field.player.charm": "Charm",
        "field.games[].weight": "Weight", "results.new_luck": "New luck", "results.lucky_day": "A lucky day",
    }}
    """Its texts by language, as a system's file in widget/i18n/systems/ holds them."""

    def read(self, request: dict[str, Any], problems: Problems) -> ToyInputs | None:
        rating = read_required_rating(request, problems, "toy")
        player = read_object(request, "player", problems)
        lucky = read_flag(player, "lucky", "player.lucky", problems)
        charm = read_number(player, "charm", "player.charm", problems, what="the charm", low=0, high=5, default=0)
        raw: list[Any] = request["games"] if isinstance(request.get("games"), list) else []
        weights: list[float] = [read_number(g, "weight", f"games[{i}].weight", problems, what="a weight", low=0.5,
                                            high=2) if isinstance(g, dict) else 0 for i, g in enumerate(raw)]
        games = read_games(request.get("games"), problems, whole=False)
        return None if problems else ToyInputs(rating, games, weights, lucky, charm)

    def answer(self, inputs: ToyInputs) -> ToyAnswer:
        rating, rows = inputs.rating, []
        for (opponent, score), weight in zip(inputs.games, inputs.weights, strict=True):
            change = 10 * (score - 0.5) * weight + (inputs.charm if inputs.lucky else 0)
            rating += change
            rows.append(GameAnswer(opponent=opponent, score=score, difference=inputs.rating - opponent,
                                   expected=0.5, change=change, rated=True, rating_after=rating))
        return {"rating": inputs.rating, "games": rows, "score": sum(g.score for g in inputs.games),
                "expected": 0.5 * len(rows), "change": rating - inputs.rating, "new_rating": rating,
                "performance": performance_answer(None, "not_defined"), "lucky_day": inputs.lucky,
                "new_luck": inputs.charm}


class PlainToySystem(ToySystem):
    """The toy that declares a calculation alone: the calculator offers it, the report and the ladder do not."""

    name = "plaintoy"
    capabilities = Capabilities(no_ledger="the plain toy rates no ledger")
    TEXTS: ClassVar[dict[str, dict[str, str]]] = {"en": {**ToySystem.TEXTS["en"], "system.plaintoy": "Plain toy"}}
