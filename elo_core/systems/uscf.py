"""US Chess's regular rating, one player's event: Glickman & Doan, "The US Chess Rating System"
(revised September 2, 2020; https://new.uschess.org/sites/default/files/media/documents/
the-us-chess-rating-system-revised-september-2020.pdf), with the bonus threshold US Chess has
changed since (see `BONUS_THRESHOLD`).

Sections cited as the document numbers them: 1 (structure, rounding), 3 (effective games N'),
4.1 (the special formula), 4.2 (the standard formula, K and the bonus), 5 (rating floors).

What is computed is the player's rating against the opponents' ratings as given, i.e. the
document's final step with the opponents' ratings as their estimates. Not covered: first ratings
of unrated players (section 2: from age or other federations' ratings), and money-prize floors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

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
    read_number,
    read_object,
    read_rating,
    read_required_rating,
    whole,
)
from ..words.model import MAX_RATING, MIN_RATING, Game

PriorResults = Literal["mixed", "all_wins", "all_losses"]
PRIOR_RESULTS: tuple[PriorResults, ...] = ("mixed", "all_wins", "all_losses")
"""The player's rated games before the event: some of each, only wins, or only losses (4.1)."""

Formula = Literal["special", "standard", "no_games"]

BONUS_THRESHOLD = 10.0
"""B of the bonus (4.2), as US Chess applies it now. Its history, from US Chess's announcements:
12 until events ending 30 April 2017; 14 from 1 May 2017 ("US Chess Rating Bonus Formula Change",
the value the September 2020 document prints); 12 again for events ending on or after 1 February
2023 ("Change to US Chess Ratings: Bonus Threshold Lowered", 30 October 2023); 10 for events of
2025 on ("Change to US Chess Ratings: Bonus Threshold Lowered", June 2025,
https://new.uschess.org/news/change-us-chess-ratings-bonus-threshold-lowered-2025, rerated from
3 June 2025)."""

# Section 3: N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2) up to 2355, else 50.
MAX_EFFECTIVE_GAMES = 50.0
FULL_EFFECTIVE_FROM = 2355
# Section 4.1: the provisional winning expectancy is linear within 400 points.
PWE_SPAN = 400
# Section 4.1: a rating from the special formula is at most 2700.
SPECIAL_CAP = 2700.0
# Section 4.1: epsilon, the tolerance below which the objective counts as zero.
SPECIAL_EPSILON = 1e-7
# Section 4.2: the bonus needs 3 or more games; 3-game events count as 4.
BONUS_MIN_GAMES = 3
BONUS_MIN_ROUNDS = 4
# Section 4.2: dual-rated events (OTBR), K lowered above 2200; at 2500 and up, 200 / (N' + m).
DUAL_K_FROM = 2200
DUAL_K_FLAT_FROM = 2500
# Section 5: floors. The absolute floor is 100 (a player's own, 100 to 150, grows with wins,
# draws and events); floors from the peak: peak - 200 down to the hundred, from a 1400 peak
# (floor 1200) to 2100 at most; an Original Life Master's floor is 2200.
ABSOLUTE_FLOOR = 100.0
MAX_ABSOLUTE_FLOOR = 150.0
PEAK_FLOOR_FROM = 1400
PEAK_FLOOR_DROP = 200
MAX_PEAK_FLOOR = 2100
OLM_FLOOR = 2200


def effective_games(rating: float, games_played: float) -> float:
    """N' = min(N, N*) (section 3): at most 50, less for players rated below 2355.

    >>> round(effective_games(1500, 100), 2)
    16.57
    >>> effective_games(2400, 30)
    30
    """
    if rating > FULL_EFFECTIVE_FROM:
        n_star = MAX_EFFECTIVE_GAMES
    else:
        n_star = MAX_EFFECTIVE_GAMES / math.sqrt(0.662 + 0.00000739 * (2569 - rating) ** 2)
    return min(games_played, n_star)


def k_factor(rating: float, n_effective: float, games: int, *, dual_rated: bool = False) -> float:
    """K = 800 / (N' + m) (section 4.2); in a dual-rated event, lower above 2200.

    >>> round(k_factor(1800, 20, 4), 2)
    33.33
    >>> round(k_factor(2400, 50, 4, dual_rated=True), 2)
    7.41
    """
    k = 800 / (n_effective + games)
    if dual_rated and rating > DUAL_K_FROM:
        k *= 0.25 if rating >= DUAL_K_FLAT_FROM else 6.5 - 0.0025 * rating
    return k


def uscf_expected_score(rating: float, opponent: float) -> float:
    """The standard winning expectancy We = 1 / (1 + 10 ** (-(R - Ri) / 400)) (section 4.2)."""
    return 1.0 / (1.0 + float(10.0 ** (-(rating - opponent) / 400.0)))


def bonus(change: float, games: int, threshold: float) -> float:
    """max(0, K(S - E) - B sqrt(max(m, 4))) for events of 3 or more games (section 4.2).

    >>> round(bonus(40.0, 4, 10), 2)
    20.0
    """
    if games < BONUS_MIN_GAMES:
        return 0.0
    return max(0.0, change - threshold * math.sqrt(max(games, BONUS_MIN_ROUNDS)))


def special_rating(rating: float, n_effective: float, opponents: Sequence[float], score: float,
                   prior: PriorResults = "mixed") -> float:
    """The special formula (section 4.1): the rating R at which the provisional expectancies
    N' PWe(R, R0') + sum PWe(R, Ri) equal the adjusted score S'; where a whole stretch of ratings
    fits, the one nearest the pre-event rating. Not capped (see `SPECIAL_CAP`).

    The objective is piecewise linear and never decreasing, so its zeros are found on the segment
    between two knots where it crosses zero, rather than by the document's iterations; as there,
    a value within 1e-7 of zero counts as zero.

    >>> round(special_rating(1500, 6, [1400, 1550, 1650], 1.5), 3)
    1511.111
    """
    n = float(n_effective)
    if prior == "all_wins":
        anchor, target = rating - PWE_SPAN, score + n
    elif prior == "all_losses":
        anchor, target = rating + PWE_SPAN, score
    else:
        anchor, target = rating, score + n / 2
    weights = [(float(o), 1.0) for o in opponents]
    if n > 0:
        weights.append((anchor, n))
    if not weights:
        return rating
    # f's slope rises by w/800 at a - 400 and falls by as much at a + 400.
    changes: dict[float, float] = {}
    for a, w in weights:
        changes[a - PWE_SPAN] = changes.get(a - PWE_SPAN, 0.0) + w / (2 * PWE_SPAN)
        changes[a + PWE_SPAN] = changes.get(a + PWE_SPAN, 0.0) - w / (2 * PWE_SPAN)
    knots = sorted(changes)
    values: list[float] = []  # f at each knot; f = -S' below the first
    value, slope = -target, 0.0
    for i, x in enumerate(knots):
        if i:
            value += slope * (x - knots[i - 1])
        slope += changes[x]
        values.append(value)
    # The zeros of f form one interval [lowest, highest]: f never decreases, is -S' <= 0 below
    # every knot and N' + m - S' >= 0 above them. 4.1: |f| <= epsilon counts as zero.
    lowest, highest = -math.inf, math.inf
    if values[0] < -SPECIAL_EPSILON:
        k = next(i for i, v in enumerate(values) if v >= -SPECIAL_EPSILON)
        lowest = _root(knots[k - 1], values[k - 1], knots[k], values[k])
    if values[-1] > SPECIAL_EPSILON:
        k = max(i for i, v in enumerate(values) if v <= SPECIAL_EPSILON)
        highest = _root(knots[k], values[k], knots[k + 1], values[k + 1])
    return min(max(rating, lowest), highest)


def _root(x0: float, v0: float, x1: float, v1: float) -> float:
    """Where the line through (x0, v0) and (x1, v1) crosses zero, kept within [x0, x1]."""
    if v1 == v0:
        return x0
    return min(max(x0 - v0 * (x1 - x0) / (v1 - v0), x0), x1)


def rating_floor(peak: float | None, *, absolute: float = ABSOLUTE_FLOOR,
                 original_life_master: bool = False) -> float:
    """The player's floor (section 5): the absolute floor, raised by a peak of 1400 or more to
    the peak less 200, down to the hundred, at most 2100; 2200 for an Original Life Master.

    >>> rating_floor(1941)
    1700
    >>> rating_floor(1388.0)
    100.0
    """
    floor: float = absolute
    if peak is not None and peak >= PEAK_FLOOR_FROM:
        floor = max(floor, min(MAX_PEAK_FLOOR, 100 * math.floor((peak - PEAK_FLOOR_DROP) / 100)))
    if original_life_master:
        floor = max(floor, OLM_FLOOR)
    return floor


def round_published(x: float) -> int:
    """The published rating: the stored one rounded to the nearest whole number (section 1:
    1643.759 is published as 1644). The document names no rule for a tie; .5 goes up here."""
    return math.floor(x + 0.5)


@dataclass(frozen=True)
class UscfRules:
    """What US Chess's formulas need to know besides the games."""

    games_played: float
    """N: the rated games the pre-event rating is based on."""
    prior_results: PriorResults = "mixed"
    peak_rating: float | None = None
    """The highest established rating the player has reached (for the floor, section 5)."""
    absolute_floor: float = ABSOLUTE_FLOOR
    original_life_master: bool = False
    repeated_opponent: bool = False
    """The player met some opponent more than twice in the event: no bonus (section 4.2)."""
    dual_rated: bool = False
    bonus_threshold: float = BONUS_THRESHOLD


@dataclass(frozen=True)
class UscfResult:
    formula: Formula
    effective_games: float
    k: float | None
    expected: float | None
    change_before_bonus: float | None
    bonus: float
    computed: float
    """The rating the formula gives, before the 2700 cap (special) and the floor."""
    floor: float
    exact: float
    """The stored rating after the event."""
    published: int


def rate_uscf(rating: float, games: Sequence[Game], rules: UscfRules) -> UscfResult:
    """One event under US Chess's regular rating, for inputs already checked."""
    m = len(games)
    n_eff = effective_games(rating, rules.games_played)
    score = sum(g.score for g in games)
    floor = rating_floor(rules.peak_rating, absolute=rules.absolute_floor,
                         original_life_master=rules.original_life_master)
    k: float | None = None
    expected: float | None = None
    change: float | None = None
    extra = 0.0
    if m == 0:
        formula: Formula = "no_games"
        computed = capped = rating
    elif rules.games_played <= 8 or (rules.games_played > 0 and rules.prior_results != "mixed"):
        formula = "special"
        prior = rules.prior_results if rules.games_played > 0 else "mixed"
        computed = special_rating(rating, n_eff, [g.opponent for g in games], score, prior)
        capped = min(computed, SPECIAL_CAP)
    else:
        formula = "standard"
        k = k_factor(rating, n_eff, m, dual_rated=rules.dual_rated)
        expected = sum(uscf_expected_score(rating, g.opponent) for g in games)
        change = k * (score - expected)
        if not rules.repeated_opponent:
            extra = bonus(change, m, rules.bonus_threshold)
        computed = capped = rating + change + extra
    exact = max(capped, floor) if m else rating
    return UscfResult(formula, n_eff, k, expected, change, extra, computed, floor, exact, round_published(exact))


# ---- US Chess behind the JSON contract (`calculate`, the CLI, the widget) ------------------------

FORMULA_REASONS = {
    "special": "special formula: 8 or fewer prior games, or only wins or only losses (US Chess 4.1)",
    "standard": "standard formula: K = 800 / (N' + m), with the bonus (US Chess 4.2)",
    "no_games": "no games: the rating is unchanged",
}
MAX_GAMES_PLAYED = 1_000_000


class UscfAnswer(EventAnswer, total=False):
    formula: str
    formula_reason: str
    k: float | None
    effective_games: float
    bonus: float
    bonus_threshold: float
    change_exact: float
    new_rating_exact: float
    floor: float
    floor_applied: bool
    special_cap_applied: bool


@dataclass(frozen=True)
class UscfInputs:
    rating: float
    games: list[Game]
    rules: UscfRules


class UscfSystem:
    """US Chess's regular rating: whole published ratings from exact stored ones."""

    name = "uscf"
    capabilities = Capabilities(no_ledger="US Chess rates each event with its own effective games and bonuses: "
                                          "not supported for a ledger")
    places = 0
    outputs: tuple[Output, ...] = (
        Output("new_rating_exact", 2, of_new_rating=True),
        Output("k", 2),
        Output("bonus", 1, of_new_rating=True),
        Output("effective_games", 2),
        Output("floor", 0),
    )
    display = Display()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("player.games_played", "number", low=0, high=MAX_GAMES_PLAYED, whole=True, required=True,
              help="uscf: rated games the rating is based on (N)"),
        Field("player.prior_results", "choice", choices=PRIOR_RESULTS,
              help="uscf: earlier games all wins or all losses (special formula)"),
        Field("player.peak_rating", "number", low=MIN_RATING, high=MAX_RATING,
              help="uscf: highest established rating (for the floor)"),
        Field("player.absolute_floor", "number", low=ABSOLUTE_FLOOR, high=MAX_ABSOLUTE_FLOOR,
              default=ABSOLUTE_FLOOR, help="uscf: the player's absolute floor, 100 to 150"),
        Field("player.original_life_master", "bool", help="uscf: Original Life Master (floor 2200)"),
        Field("player.repeated_opponent", "bool", help="uscf: met an opponent more than twice (no bonus)"),
        Field("dual_rated", "bool", help="uscf: a dual-rated event (lower K above 2200)"),
        Field("settings.bonus_threshold", "number", low=0, high=100, default=BONUS_THRESHOLD,
              help="uscf: the bonus threshold B (10 since 2025)"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> UscfInputs | None:
        rating = read_required_rating(request, problems, "US Chess",
                                      " (a first rating from age or other ratings is not computed)")
        games = read_games(request.get("games"), problems, whole=False)
        player = read_object(request, "player", problems)
        settings = read_object(request, "settings", problems)
        played = read_number(player, "games_played", "player.games_played", problems,
                             what="the number of rated games played", low=0, high=MAX_GAMES_PLAYED, whole=True)
        prior = read_choice(player, "prior_results", "player.prior_results", PRIOR_RESULTS, problems)
        peak = None if blank(player.get("peak_rating")) else read_rating(
            player["peak_rating"], "player.peak_rating", problems, whole=False, what="the peak rating")
        absolute = read_number(player, "absolute_floor", "player.absolute_floor", problems,
                               what="the absolute floor", low=ABSOLUTE_FLOOR, high=MAX_ABSOLUTE_FLOOR,
                               default=ABSOLUTE_FLOOR)
        olm = read_flag(player, "original_life_master", "player.original_life_master", problems)
        repeated = read_flag(player, "repeated_opponent", "player.repeated_opponent", problems)
        dual = read_flag(request, "dual_rated", "dual_rated", problems)
        threshold = read_number(settings, "bonus_threshold", "settings.bonus_threshold", problems,
                                what="the bonus threshold", low=0, high=100, default=BONUS_THRESHOLD)
        if problems or rating is None or played is None or absolute is None or threshold is None:
            return None
        floor = rating_floor(peak, absolute=absolute, original_life_master=olm)
        if rating < floor:  # no rating is below its floor (section 5): three losses from it were shown as a gain
            problems.add("rating", "below_floor", f"a US Chess rating cannot be below the player's floor: "
                         f"{whole(rating)} is below {whole(floor)} (from the absolute floor, the peak rating or "
                         "an Original Life Master's)", floor=whole(floor))
            return None
        rules = UscfRules(games_played=played, prior_results=prior,  # type: ignore[arg-type]
                          peak_rating=peak, absolute_floor=absolute, original_life_master=olm,
                          repeated_opponent=repeated, dual_rated=dual, bonus_threshold=threshold)
        return UscfInputs(rating, list(games), rules)

    def answer(self, inputs: UscfInputs) -> UscfAnswer:
        r0, games, rules = inputs.rating, inputs.games, inputs.rules
        result = rate_uscf(r0, games, rules)
        answers: list[GameAnswer] = []
        so_far = 0.0
        for opp, s in games:
            e: float | None = None
            change: float | None = None
            after: float | None = None
            if result.k is not None:  # the standard formula: per game K (S - We); the bonus is the event's
                e = uscf_expected_score(r0, opp)
                change = result.k * (s - e)
                so_far += change
                after = r0 + so_far
            answers.append({"opponent": whole(opp), "score": s, "difference": whole(r0 - opp), "expected": e,
                            "change": change, "rated": True, "rating_after": after})
        return UscfAnswer(
            rating=whole(r0),
            games=answers,
            score=sum(g.score for g in games),
            expected=result.expected,
            change=result.published - round_published(r0),
            change_exact=result.exact - r0,
            new_rating=result.published,
            new_rating_exact=result.exact,
            formula=result.formula,
            formula_reason=FORMULA_REASONS[result.formula],
            k=result.k,
            effective_games=result.effective_games,
            bonus=result.bonus,
            bonus_threshold=whole(rules.bonus_threshold),
            floor=whole(result.floor),
            floor_applied=bool(games) and result.exact > min(result.computed, SPECIAL_CAP),
            special_cap_applied=result.formula == "special" and result.computed > SPECIAL_CAP,
            performance=performance_answer(None, "not_defined"),
        )


USCF = UscfSystem()
