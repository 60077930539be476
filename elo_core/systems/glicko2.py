"""Glickman's Glicko-2 system, and Glicko-2 as lichess runs it.

`glicko2` follows "Example of the Glicko-2 system" (Mark E. Glickman, Boston University,
glicko.net/glicko/glicko2.pdf, revised March 22, 2022: "≤" in item 4(b) of step 5): a rating r,
an RD and a volatility σ; all games of the request form one rating period, rated at once from the
values at its onset; the volatility is found by the Illinois algorithm of step 5. Step numbers are
the paper's.

`lichess` is the same arithmetic as lichess.org's code runs it, read from:

- lichess-org/scalachess `rating/src/main/scala/glicko/impl/RatingCalculator.scala` (the
  calculator: τ, steps 2-8, the Illinois loop with ε = 0.000001 and at most 1000 iterations),
  `rating/src/main/scala/glicko/GlickoCalculator.scala` (`computeGame`: one game is one rating
  period) and `rating/src/main/scala/glicko/model.scala` (τ = 0.75, provisional when RD ≥ 110);
- lichess-org/lila `modules/round/src/main/PerfsUpdater.scala` (each finished game is rated on
  its own, with `skipDeviationIncrease = true`: no step 6 increase, φ* = φ),
  `modules/rating/src/main/Glicko.scala` (bounds: rating ≥ 400, RD 45-500, σ ≤ 0.1; a new
  player 1500 / 500 / 0.09; `cap`, `sanityCheck`, at most 700 points a game),
  `modules/rating/src/main/Perf.scala` (`toGlickoPlayer` caps both players before the game,
  `addOrReset` limits the change to 700, resets an insane result to the default and caps after
  the game), `modules/rating/src/main/RatingRegulator.scala` (gains multiplied by a factor per
  speed; read at lila commit b97af467) and `chess.rating.glicko.Glicko.intRating` (ratings shown
  truncated: `rating.toInt`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    GameAnswer,
    Ledger,
    Output,
    Problems,
    performance_answer,
    read_choice,
    read_number,
    read_object,
    read_required_rating,
    whole,
)
from .glicko import GlickoGame, GlickoGameResult, answered, glicko_games, read_rated_games

SCALE = 173.7178
"""Step 2: μ = (r - 1500) / 173.7178, φ = RD / 173.7178."""
BASE = 1500.0
EPSILON = 0.000001
"""Step 5.1: the convergence tolerance ε of the volatility iteration."""
MAX_ITERATIONS = 1000
"""The paper's loop has no bound; lichess stops at 1000 iterations (scalachess ITERATION_MAX). Here
the value reached then is used (it has never been needed: the loop converges in a few steps)."""

DEFAULT_RD = 350
"""Step 1: an unrated player's RD."""
DEFAULT_VOLATILITY = 0.06
"""Step 1: an unrated player's volatility."""
DEFAULT_TAU = 0.5
"""Step 1: τ, "reasonable choices are between 0.3 and 1.2"; the paper's example uses 0.5."""
MIN_RD, MAX_RD = 1, 500
"""RDs accepted (the paper sets no bounds; after inactivity step 6 can raise an RD past 350)."""
MIN_VOLATILITY, MAX_VOLATILITY = 0.001, 1.0
MIN_TAU, MAX_TAU = 0.1, 2.0
@dataclass(frozen=True)
class Glicko2Rules:
    """The system's constants (step 1) and how the period ends (step 6)."""

    tau: float = DEFAULT_TAU
    """τ: constrains how much the volatility changes in a period."""
    epsilon: float = EPSILON
    """Step 5.1: the tolerance ε of the Illinois iteration."""
    rd_increase: bool = True
    """Step 6: φ* = sqrt(φ² + σ'²) before the games are counted; lichess skips it (φ* = φ)."""


@dataclass(frozen=True)
class Glicko2Result:
    """The outcome of one rating period."""

    rating: float
    rd: float
    volatility: float
    games: tuple[GlickoGameResult, ...] = field(repr=False)
    score: float
    expected: float
    """The sum of E_j."""
    v: float | None
    """Step 3: the estimated variance of the rating from the games alone (Glicko-2 scale)."""
    delta: float | None
    """Step 4: Δ, the estimated improvement (Glicko-2 scale)."""
    iterations: int
    """Step 5.4: how many times the Illinois loop ran."""
    onset_rd: float
    """Step 6: φ* on the rating scale, the RD before the games count (RD itself without the increase)."""
    change: float
    new_rating: float
    new_rd: float
    new_volatility: float


def g(phi: float) -> float:
    """Step 3: g(φ) = 1 / sqrt(1 + 3 φ² / π²).

    >>> round(g(30 / SCALE), 4), round(g(100 / SCALE), 4), round(g(300 / SCALE), 4)
    (0.9955, 0.9531, 0.7242)
    """
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3: E(μ, μ_j, φ_j) = 1 / (1 + exp(-g(φ_j)(μ - μ_j))).

    >>> round(expected_score(0, -0.5756, 0.1727), 3)
    0.639
    """
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float, epsilon: float) -> tuple[float, int]:
    """Step 5 on plain floats (`new_volatility` and `rate_period` use it)."""
    a = math.log(sigma * sigma)  # step 5.1
    phi2 = phi * phi
    # f's constant parts, each the same float the whole expression gives: (Δ² - φ² - v) - e^x and (φ² + v) + e^x.
    d2 = delta * delta
    lead, spread, tau2 = d2 - phi2 - v, phi2 + v, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (lead - ex) / (2.0 * (spread + ex) ** 2) - (x - a) / tau2

    # Step 5.2: the initial values A and B bracket the root.
    big_a = a
    if d2 > spread:
        big_b = math.log(lead)
        f_b = f(big_b)
    else:
        k = 1
        while (f_b := f(a - k * tau)) < 0:
            k += 1
        big_b = a - k * tau  # f_b is f(B) already
    # Step 5.3.
    f_a = f(big_a)
    # Step 5.4: while |B - A| > ε (the 2022 revision: "If f_C f_B ≤ 0").
    iterations = 0
    while abs(big_b - big_a) > epsilon and iterations < MAX_ITERATIONS:
        iterations += 1
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)  # 5.4(a)
        f_c = f(big_c)
        if f_c * f_b <= 0:  # 5.4(b)
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c  # 5.4(c)
    # Step 5.5: σ' = e^(A/2).
    return math.exp(big_a / 2.0), iterations


def new_volatility(phi: float, sigma: float, v: float, delta: float, rules: Glicko2Rules) -> tuple[float, int]:
    """Step 5: σ', the root of f by the Illinois algorithm, and how many iterations it took.

    f(x) = e^x (Δ² - φ² - v - e^x) / (2 (φ² + v + e^x)²) - (x - a) / τ², a = ln σ².
    """
    return _volatility(phi, sigma, v, delta, rules.tau, rules.epsilon)


Period = tuple[list[float], list[float], list[float], float | None, float | None, int, float, float, float, float]
"""What `rate_period` gives, plain values in this order: each game's g(φ_j), E_j and change; v and Δ (None
without games); the iterations of step 5; the onset RD (φ* on the rating scale); r', RD' and σ'."""


def rate_period(rating: float, rd: float, volatility: float, games: Sequence[tuple[float, float, float]],
                tau: float = DEFAULT_TAU, epsilon: float = EPSILON, rd_increase: bool = True) -> Period:
    """Steps 2 to 8 on plain floats: the arithmetic of Glicko-2, which `rate_glicko2` gives as a `Glicko2Result`.
    Games are (r_j, RD_j, s_j); no object is made a game, for a ladder's 100 000 player-periods.

    >>> r = rate_period(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r[7], 2), round(r[8], 2), round(r[9], 6), [round(c, 2) for c in r[2]]
    (1464.05, 151.52, 0.059996, [47.43, -54.4, -28.98])
    """
    # Step 2.
    mu, phi = (rating - BASE) / SCALE, rd / SCALE
    if not games:
        # Step 6 alone: without games, rating and volatility stay; φ' = φ* (= φ without the increase).
        phi_star = math.sqrt(phi * phi + volatility * volatility) if rd_increase else phi
        return [], [], [], None, None, 0, phi_star * SCALE, rating, phi_star * SCALE, volatility
    # Step 3: g(φ_j) and E(μ, μ_j, φ_j) (μ_j = (r_j - 1500) / 173.7178, φ_j = RD_j / 173.7178), made by
    # comprehensions rather than append calls (quicker in Pyodide).
    gs = [g(opp_rd / SCALE) for _, opp_rd, _ in games]
    es = [1.0 / (1.0 + math.exp(-gj * (mu - (opp - BASE) / SCALE))) for (opp, _, _), gj in zip(games, gs)]
    information = 0.0
    improvement = 0.0
    for (_, _, s), gj, e in zip(games, gs, es):  # a loop, not sum(): the same floats in the same order
        information += gj * gj * e * (1.0 - e)
        improvement += gj * (s - e)
    v = 1.0 / information  # step 3
    delta = v * improvement  # step 4: Δ = v Σ g(φ_j)(s_j - E_j)
    sigma_new, iterations = _volatility(phi, volatility, v, delta, tau, epsilon)  # step 5
    # Step 6: φ* = sqrt(φ² + σ'²), the pre-period RD.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new) if rd_increase else phi
    # Step 7: φ' = 1 / sqrt(1/φ*² + 1/v); μ' = μ + φ'² Σ g(φ_j)(s_j - E_j), one term per game.
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    weight = phi_new * phi_new * SCALE  # step 8: back to the rating scale
    changes = [weight * gj * (s - e) for (_, _, s), gj, e in zip(games, gs, es)]
    mu_new = mu + phi_new * phi_new * improvement
    # Step 8: r' = 173.7178 μ' + 1500, RD' = 173.7178 φ'.
    return gs, es, changes, v, delta, iterations, phi_star * SCALE, SCALE * mu_new + BASE, SCALE * phi_new, sigma_new


def rate_glicko2(rating: float, rd: float, volatility: float, games: Sequence[GlickoGame],
                 rules: Glicko2Rules = Glicko2Rules()) -> Glicko2Result:
    """Rate one rating period: steps 2 to 8 (`rate_period`'s arithmetic).

    Inputs are taken as checked (the JSON contract checks them; see `Glicko2System.read`).
    Glickman's example:

    >>> r = rate_glicko2(1500, 200, 0.06, [GlickoGame(1400, 30, 1), GlickoGame(1550, 100, 0),
    ...                                    GlickoGame(1700, 300, 0)])
    >>> round(r.new_rating, 2), round(r.new_rd, 2), round(r.new_volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    gs, es, changes, v, delta, iterations, onset, new_rating, new_rd, new_vol = rate_period(
        rating, rd, volatility, games, rules.tau, rules.epsilon, rules.rd_increase)
    results = tuple(GlickoGameResult(opp, opp_rd, s, gj, e, change)
                    for (opp, opp_rd, s), gj, e, change in zip(games, gs, es, changes))
    return Glicko2Result(
        rating=rating, rd=rd, volatility=volatility, games=results,
        score=sum(s for _, _, s in games) if games else 0.0, expected=sum(r.expected for r in results) if games
        else 0.0, v=v, delta=delta, iterations=iterations, onset_rd=onset,
        change=new_rating - rating if games else 0.0, new_rating=new_rating, new_rd=new_rd, new_volatility=new_vol,
    )


# ---- lichess ----------------------------------------------------------------------------------

LICHESS_TAU = 0.75
"""scalachess glicko/model.scala: `Tau.default = 0.75d`."""
LICHESS_MIN_RATING = 400
LICHESS_MIN_RD, LICHESS_MAX_RD = 45, 500
LICHESS_MAX_VOLATILITY = 0.1
"""lila Glicko.scala: `minRating = 400`, `minDeviation = 45`, `maxDeviation = 500d`, `maxVolatility = 0.1d`."""
LICHESS_DEFAULT = (1500, 500, 0.09)
"""lila Glicko.scala: `default = Glicko(1500d, maxDeviation, defaultVolatility)`, `defaultVolatility = 0.09d`."""
LICHESS_PROVISIONAL_RD = 110
"""scalachess glicko/model.scala: `provisionalDeviation = 110`; provisional when RD ≥ 110."""
LICHESS_MAX_RATING_DELTA = 700
"""lila Glicko.scala: `maxRatingDelta = 700`, "rating that can be lost or gained with a single game"."""
LICHESS_SPEEDS = ("blitz", "bullet", "rapid", "classical", "correspondence", "ultra_bullet")
"""lichess's rating pools of standard chess, blitz (its most played) first."""
LICHESS_REGULATOR = {"rapid": 1.015, "classical": 1.015, "blitz": 1.005, "bullet": 1.015, "ultra_bullet": 1.013}
"""lila RatingRegulator.scala (commit b97af467): a gain is multiplied by these; correspondence by 1."""


@dataclass(frozen=True)
class LichessRules:
    """What varies between lichess's rating pools: the speed, for the rating regulator."""

    speed: str = "blitz"
    """One of `LICHESS_SPEEDS`."""


@dataclass(frozen=True)
class Glicko:
    """A lichess rating: the three figures lila stores for a player and a speed."""

    rating: float
    deviation: float
    volatility: float

    def cap(self) -> Glicko:
        """lila GlickoExt.cap: rating at least 400, RD within 45-500, volatility at most 0.1."""
        return Glicko(max(self.rating, LICHESS_MIN_RATING),
                      min(max(self.deviation, LICHESS_MIN_RD), LICHESS_MAX_RD),
                      min(self.volatility, LICHESS_MAX_VOLATILITY))

    def sane(self) -> bool:
        """lila GlickoExt.sanityCheck."""
        return (0 < self.rating < 4000 and 0 < self.deviation < 1000
                and 0 < self.volatility < LICHESS_MAX_VOLATILITY * 2)

    @property
    def shown(self) -> int:
        """The rating lichess shows: `intRating = IntRating(rating.toInt)`, truncated."""
        return int(self.rating)


@dataclass(frozen=True)
class LichessGameResult:
    """One game, rated as lichess rates it: a rating period of its own."""

    opponent: float
    score: float
    difference: float
    """The player's rating minus the opponent's, both after lila's cap."""
    expected: float
    """E of Glicko-2's step 3, from the capped ratings."""
    before: Glicko
    after: Glicko
    """The player's stored figures before and after the game."""
    change: int
    """The change lichess shows: `intRating` after minus `intRating` before."""


@dataclass(frozen=True)
class LichessResult:
    before: Glicko
    games: tuple[LichessGameResult, ...] = field(repr=False)
    after: Glicko

    @property
    def provisional(self) -> bool:
        return self.after.deviation >= LICHESS_PROVISIONAL_RD


def rate_lichess_game(before: Glicko, opponent: Glicko, score: float, rules: LichessRules) -> tuple[Glicko, float]:
    """One game as lila's PerfsUpdater rates it: the new stored figures, and the expected score."""
    player, other = before.cap(), opponent.cap()  # Perf.toGlickoPlayer: `p.glicko.cap`
    period = rate_glicko2(player.rating, player.deviation, player.volatility,
                          [GlickoGame(other.rating, other.deviation, score)],
                          Glicko2Rules(tau=LICHESS_TAU, rd_increase=False))  # skipDeviationIncrease = true
    rating = period.new_rating
    if rating > player.rating:  # RatingRegulator.regulate: only gains, by the speed's factor
        rating += (rating - player.rating) * (LICHESS_REGULATOR.get(rules.speed, 1.0) - 1)
    # Perf.addOrReset: at most 700 points from the stored rating; an insane result is reset.
    rating = min(max(rating, before.rating - LICHESS_MAX_RATING_DELTA), before.rating + LICHESS_MAX_RATING_DELTA)
    after = Glicko(rating, period.new_rd, period.new_volatility)
    if not after.sane():
        after = Glicko(*LICHESS_DEFAULT)
    return after.cap(), period.games[0].expected


def rate_lichess(rating: float, rd: float, volatility: float, games: Sequence[GlickoGame],
                 rules: LichessRules = LichessRules()) -> LichessResult:
    """Rate the games one after another, each its own rating period, as lichess does as each ends.

    scalachess's GlickoCalculatorTest, "mixed ratings and deviations: white wins" (correspondence:
    no regulator):

    >>> r = rate_lichess(1400, 79, 0.06, [GlickoGame(1550, 110, 1)], LichessRules("correspondence"))
    >>> round(r.after.rating, 2), round(r.after.deviation, 4), r.after.shown
    (1422.63, 77.4956, 1422)
    """
    start = current = Glicko(rating, rd, volatility)
    results = []
    for opp, opp_rd, s in games:
        # The opponent's volatility does not enter the player's update; the default stands in.
        opponent = Glicko(opp, opp_rd, LICHESS_DEFAULT[2])
        after, e = rate_lichess_game(current, opponent, s, rules)
        results.append(LichessGameResult(opp, s, current.cap().rating - opponent.cap().rating, e, current, after,
                                         after.shown - current.shown))
        current = after
    return LichessResult(start, tuple(results), current)


# ---- Glicko-2 and lichess behind the JSON contract (`calculate`, the CLI, the widget) -----------


class Glicko2Answer(EventAnswer, total=False):
    new_rd: float
    new_volatility: float
    onset_rd: float
    tau: float
    iterations: int


@dataclass(frozen=True)
class Glicko2Inputs:
    period: Glicko2Result
    """The period, rated as the request is read: one outside `ANSWERED_RATINGS` is refused there."""
    rules: Glicko2Rules


class Glicko2System:
    """Glicko-2 as Glickman's paper gives it: all games of the request are one rating period."""

    name = "glicko2"
    capabilities = Capabilities(ledger=Ledger("glicko2", rd=350.0, volatility=DEFAULT_VOLATILITY))
    places = 1
    """The paper reports r' with two decimals (1464.06); one is shown, as for generic Elo."""
    outputs: tuple[Output, ...] = (Output("new_rd", 1, of_new_rating=True),
                                   Output("new_volatility", 5, of_new_rating=True))
    display = Display()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("player.rd", "number", low=MIN_RD, high=MAX_RD, default=DEFAULT_RD,
              help="glicko2: your rating deviation (350: unrated)"),
        Field("player.volatility", "number", low=MIN_VOLATILITY, high=MAX_VOLATILITY, default=DEFAULT_VOLATILITY,
              help="glicko2: your volatility (0.06: unrated)"),
        Field("settings.tau", "number", low=MIN_TAU, high=MAX_TAU, default=DEFAULT_TAU,
              help="glicko2: the system constant tau"),
        Field("games[].opponent_rd", "number", low=MIN_RD, high=MAX_RD, required=True,
              help="glicko2: each opponent's rating deviation"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> Glicko2Inputs | None:
        rating = read_required_rating(request, problems, "Glicko-2")
        games = read_rated_games(request, problems, low=MIN_RD, high=MAX_RD)
        player = read_object(request, "player", problems)
        rd = read_number(player, "rd", "player.rd", problems, what="your RD", low=MIN_RD, high=MAX_RD,
                         default=DEFAULT_RD)
        volatility = read_number(player, "volatility", "player.volatility", problems, what="your volatility",
                                 low=MIN_VOLATILITY, high=MAX_VOLATILITY, default=DEFAULT_VOLATILITY)
        settings = read_object(request, "settings", problems)
        tau = read_number(settings, "tau", "settings.tau", problems, what="tau", low=MIN_TAU, high=MAX_TAU,
                          default=DEFAULT_TAU)
        if problems or rating is None or rd is None or volatility is None or tau is None:
            return None
        rules = Glicko2Rules(tau=tau)
        period = rate_glicko2(rating, rd, volatility, [GlickoGame(o, d, s) for (o, s), d in games], rules)
        return Glicko2Inputs(period, rules) if answered(period.new_rating, "Glicko-2", problems) else None

    def answer(self, inputs: Glicko2Inputs) -> Glicko2Answer:
        r = inputs.period
        return {
            "rating": whole(r.rating),
            "games": glicko_games(r.rating, r.games),
            "score": r.score,
            "expected": r.expected,
            "change": r.change,
            "new_rating": r.new_rating,
            "new_rd": r.new_rd,
            "new_volatility": r.new_volatility,
            "onset_rd": r.onset_rd,
            "tau": whole(inputs.rules.tau),
            "iterations": r.iterations,
            "performance": performance_answer(None, "not_defined"),
        }


class LichessAnswer(EventAnswer, total=False):
    new_rating_exact: float
    new_rd: float
    new_volatility: float
    provisional: bool
    speed: str


@dataclass(frozen=True)
class LichessInputs:
    rating: float
    rd: float
    volatility: float
    games: list[GlickoGame]
    rules: LichessRules


class LichessSystem:
    """Glicko-2 as lichess.org rates: each game its own rating period, in the order given."""

    name = "lichess"
    capabilities = Capabilities(ledger=Ledger("lichess", rd=float(LICHESS_DEFAULT[1]), volatility=LICHESS_DEFAULT[2],
                                              provisional_rd=LICHESS_PROVISIONAL_RD))
    places = 0
    """lichess shows whole ratings, truncated (`intRating`); `new_rating` is that figure."""
    outputs: tuple[Output, ...] = (Output("new_rating_exact", 2, of_new_rating=True),
                                   Output("new_rd", 1, of_new_rating=True),
                                   Output("new_volatility", 5, of_new_rating=True))
    display = Display(flags=("provisional",))
    fields: tuple[Field, ...] = (
        Field("rating", "rating", required=True),
        Field("player.rd", "number", low=LICHESS_MIN_RD, high=LICHESS_MAX_RD, default=LICHESS_DEFAULT[1],
              help="lichess: your rating deviation (500: a new player)"),
        Field("player.volatility", "number", low=MIN_VOLATILITY, high=LICHESS_MAX_VOLATILITY,
              default=LICHESS_DEFAULT[2], help="lichess: your volatility (0.09: a new player)"),
        Field("settings.speed", "choice", choices=LICHESS_SPEEDS,
              help="lichess: the rating pool (its regulator adds a little to gains)"),
        Field("games[].opponent_rd", "number", low=LICHESS_MIN_RD, high=LICHESS_MAX_RD, required=True,
              help="lichess: each opponent's rating deviation"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> LichessInputs | None:
        rating = read_required_rating(request, problems, "lichess")
        if rating is not None and rating < LICHESS_MIN_RATING:
            # lila never stores a rating under 400: a lower one is a typing mistake, and a change
            # measured from it would mostly be the floor's jump.
            problems.add("rating", "out_of_range", f"expected your rating between {LICHESS_MIN_RATING} and 4000 "
                         f"on lichess, got {rating!r}", value=repr(rating), min=LICHESS_MIN_RATING, max=4000)
            rating = None
        games = read_rated_games(request, problems, low=LICHESS_MIN_RD, high=LICHESS_MAX_RD)
        player = read_object(request, "player", problems)
        rd = read_number(player, "rd", "player.rd", problems, what="your RD", low=LICHESS_MIN_RD,
                         high=LICHESS_MAX_RD, default=LICHESS_DEFAULT[1])
        volatility = read_number(player, "volatility", "player.volatility", problems, what="your volatility",
                                 low=MIN_VOLATILITY, high=LICHESS_MAX_VOLATILITY, default=LICHESS_DEFAULT[2])
        settings = read_object(request, "settings", problems)
        speed = read_choice(settings, "speed", "settings.speed", LICHESS_SPEEDS, problems)
        if problems or rating is None or rd is None or volatility is None:
            return None
        return LichessInputs(rating, rd, volatility, [GlickoGame(o, d, s) for (o, s), d in games],
                             LichessRules(speed=speed))

    def answer(self, inputs: LichessInputs) -> LichessAnswer:
        r = rate_lichess(inputs.rating, inputs.rd, inputs.volatility, inputs.games, inputs.rules)
        games: list[GameAnswer] = [
            {"opponent": whole(game.opponent), "score": game.score, "difference": game.difference,
             "expected": game.expected, "change": game.change, "rated": True, "rating_after": game.after.shown}
            for game in r.games
        ]
        return {
            "rating": whole(r.before.rating),
            "games": games,
            "score": sum(game.score for game in r.games),
            "expected": sum(game.expected for game in r.games),
            "change": r.after.shown - r.before.shown,
            "new_rating": r.after.shown,
            "new_rating_exact": r.after.rating,
            "new_rd": r.after.deviation,
            "new_volatility": r.after.volatility,
            "provisional": r.provisional,
            "speed": inputs.rules.speed,
            "performance": performance_answer(None, "not_defined"),
        }


GLICKO2 = Glicko2System()
LICHESS = LichessSystem()

