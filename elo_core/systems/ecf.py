"""The English Chess Federation's rating (Elo scale, monthly lists since 2020): the K method for a
player with a full rating, one month's games. Sources, quoted in docs/ecf-sources.md:

- [ECF-monthly] "The calculation of ECF Grades on a monthly basis",
  https://www.englishchess.org.uk/the-calculation-of-ecf-grades-on-a-monthly-basis/ , point 4:
  "R1 = R0 + k(W-We) Where R0 is the grade for the previous month, k is 20 or 40, W is the
  player's total score for results in the month, We is the expected total score based on the FIDE
  table 8.1b" (FIDE Rating Regulations from 1 July 2017, https://handbook.fide.com/chapter/B022017).
- [ECF-help] "Rating calculation", https://www.ecfrating.org.uk/v2/help/help_rating.php : the K
  method (a rating from a previous rating and results) and the P method (a performance rating,
  "a fictional draw against a fictional opponent of nominal rating"); Partial ratings (< 10 games,
  P method); "When using an opponents Partial Rating use a K of 40 for that opponent. This has the
  effect of reducing any rating adjustment by 50%"; D = Opponent Rating - Player Rating.
- [ECF-categories] "ECF rating categories", https://www.englishchess.org.uk/ecf-rating-categories/ :
  categories A (30+ rated results in 12 months) and K are updated by the K method, P by the
  P method; an H rating "will convert to a K-rating" when the player plays. The same method rates
  every list (OTB standard and rapid, online) [ECF-help, sandbox copy].

Not supported, each answered `not_supported` naming the case, because the stored copies of the
ECF's table end after its first row: the P method (new and returning players, category "new"; and
category P), whose nominal rating and formula are not in them; a game against a Partially rated opponent (a "K of 40"
that halves the change does not fit k(W - We) with k 20 or 40); a rating difference over 400
(FIDE counts it as 400; the ECF cites only table 8.1b), said at each such game's opponent. Lists
publish whole ratings, but how the ECF rounds is not stated: R1 is given exactly (a multiple of k / 100).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    Output,
    Problems,
    blank,
    performance_answer,
    read_choice,
    read_flag,
    read_games,
    read_object,
    read_rating,
)
from ..words.model import CAP_400, Game
from .fide.rules import pd_hundredths

CATEGORIES = ("K", "A", "H", "P", "new")
"""The letter after an ECF rating [ECF-categories]: K, A and H are rated by the K method, P by the
P method, as is a player with no rating yet ("new": New Players, returning players included [ECF-help])."""
K_FACTORS = ("20", "40")
"""[ECF-monthly]: "k is 20 or 40" (40 for juniors, say club pages; the ECF's definition was not found)."""
MAX_DIFFERENCE = CAP_400
"""Differences up to 400 are rated: beyond, FIDE's 400-point rule and table 8.1b as printed disagree."""

P_METHOD = ("the P method (a performance rating with a fictional draw against an opponent of nominal "
            "rating) is not supported yet: the ECF's published text found gives neither the nominal rating "
            "nor the formula")


def expected_hundredths(rating: int, opponent: int) -> int:
    """The player's expectancy from FIDE table 8.1b, in hundredths [ECF-monthly].

    >>> expected_hundredths(1800, 1900), expected_hundredths(1900, 1800), expected_hundredths(1500, 1500)
    (36, 64, 50)
    """
    return pd_hundredths(rating - opponent)


def change_k(k: int, games: Sequence[Game], rating: int) -> float:
    """k(W - We) over the month's games, all against the previous month's rating [ECF-monthly]; exact
    in hundredths until the one division.

    >>> change_k(20, [Game(1500, 1.0)], 1500)
    10.0
    """
    hundredths = sum(round(100 * g.score) - expected_hundredths(rating, int(g.opponent)) for g in games)
    return k * hundredths / 100


@dataclass(frozen=True)
class EcfInputs:
    rating: int
    games: list[Game]
    k: int
    category: str


class EcfAnswer(EventAnswer, total=False):
    k: int
    category: str
    method: str


class EcfSystem:
    """The ECF's K method for a fully rated player: R1 = R0 + k(W - We) over a month's games."""

    name = "ecf"
    capabilities = Capabilities(no_ledger="the ECF rates monthly lists with K from a player's standing in the "
                                          "list: not supported for a ledger")
    places = 1
    outputs: tuple[Output, ...] = (Output("k", 0),)
    display = Display()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", whole=True, required=True, help="ecf: your rating on the previous month's list"),
        Field("player.category", "choice", choices=CATEGORIES,
              help="ecf: the letter after your rating (K, A, H: K method; P and new: not supported)"),
        Field("player.k_factor", "choice", choices=K_FACTORS, help="ecf: K, 20 or 40 (juniors)"),
        Field("partial_opponent", "bool", help="ecf: an opponent had a Partial (P) rating (not supported)"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> EcfInputs | None:
        player = read_object(request, "player", problems)
        category = read_choice(player, "category", "player.category", CATEGORIES, problems)
        k = read_choice(player, "k_factor", "player.k_factor", K_FACTORS, problems)
        rating = None
        if category in ("P", "new"):
            case = "a category P rating" if category == "P" else "a first ECF rating (a new or returning player)"
            problems.add("player.category", "not_supported", f"{case}: {P_METHOD}")
        elif blank(request.get("rating")):
            problems.add("rating", "required", "your rating is required in ECF mode (a first rating, by the "
                         "P method, is not supported yet)")
        else:
            rating = read_rating(request["rating"], "rating", problems, whole=True)
        games = read_games(request.get("games"), problems, whole=True)
        if read_flag(request, "partial_opponent", "partial_opponent", problems):
            problems.add("partial_opponent", "not_supported", "a game against a Partially rated opponent is not "
                         "supported yet: the ECF says to use a K of 40 for that opponent, halving the change, and "
                         "its text found does not say how that fits k(W - We) with k 20 or 40")
        # Said at each game's opponent, as another system's out-of-range rating is (the widget's
        # text for it is the ECF's own: error.not_supported.ecf).
        for i, g in enumerate(games):
            if rating is not None and abs(rating - g.opponent) > MAX_DIFFERENCE:
                problems.add(f"games[{i}].opponent", "not_supported", f"a rating difference over {MAX_DIFFERENCE} is "
                             f"not supported yet: FIDE counts it as {MAX_DIFFERENCE}, the ECF cites only table 8.1b, "
                             "and its text found does not say which it does")
        if problems or rating is None:
            return None
        return EcfInputs(int(rating), list(games), int(k), category)

    def answer(self, inputs: EcfInputs) -> EcfAnswer:
        r0, k, games = inputs.rating, inputs.k, inputs.games
        answers: list[GameAnswer] = []
        so_far = 0  # k(W - We) of the games so far, in hundredths of a point
        for opp, s in games:
            e = expected_hundredths(r0, int(opp))
            step = k * (round(100 * s) - e)
            so_far += step
            answers.append({"opponent": int(opp), "score": s, "difference": r0 - int(opp), "expected": e / 100,
                            "change": step / 100, "rated": True, "rating_after": r0 + so_far / 100})
        change = change_k(k, games, r0)
        return EcfAnswer(
            rating=r0,
            games=answers,
            score=sum(g.score for g in games),
            expected=sum(expected_hundredths(r0, int(g.opponent)) for g in games) / 100,
            change=change,
            new_rating=r0 + change,
            performance=performance_answer(None, "not_defined"),
            k=k,
            category=inputs.category,
            method="K",
        )


ECF = EcfSystem()
