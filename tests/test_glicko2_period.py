"""Glicko-2's plain-float core `rate_period` (what a ladder's replay calls 100 000 times): the same figures as
`rate_glicko2`, and step 5 the same floats as the paper's f written out in full (the core computes f's constant
parts once per period)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from elo_core.systems.glicko import GlickoGame
from elo_core.systems.glicko2 import MAX_ITERATIONS, Glicko2Rules, _volatility, rate_glicko2, rate_period

from .strategies import ratings, scores

rds = st.floats(min_value=1, max_value=500)
volatilities = st.floats(min_value=0.001, max_value=1)
taus = st.floats(min_value=0.1, max_value=2)
games = st.lists(st.builds(GlickoGame, ratings, rds, scores), min_size=0, max_size=12)


def paper_volatility(phi: float, sigma: float, v: float, delta: float, tau: float, epsilon: float) -> tuple[float, int]:
    """Step 5 as the paper writes f, each term in full in every evaluation (the form `new_volatility` had)."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    iterations = 0
    while abs(big_b - big_a) > epsilon and iterations < MAX_ITERATIONS:
        iterations += 1
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0), iterations


@given(ratings, rds, volatilities, taus, games, st.booleans())
def test_rate_period_gives_what_rate_glicko2_gives(rating: float, rd: float, sigma: float, tau: float,
                                                     period: list[GlickoGame], rd_increase: bool) -> None:
    rules = Glicko2Rules(tau=tau, rd_increase=rd_increase)
    r = rate_glicko2(rating, rd, sigma, period, rules)
    gs, es, changes, v, delta, iterations, onset, new_rating, new_rd, new_volatility = rate_period(
        rating, rd, sigma, [(o, d, s) for o, d, s in period], tau, rules.epsilon, rd_increase)
    assert (new_rating, new_rd, new_volatility, onset, v, delta, iterations) == (
        r.new_rating, r.new_rd, r.new_volatility, r.onset_rd, r.v, r.delta, r.iterations)
    assert (gs, es, changes) == ([x.g for x in r.games], [x.expected for x in r.games], [x.change for x in r.games])
    if period:
        assert math.isclose(sum(changes), new_rating - rating, rel_tol=1e-9, abs_tol=1e-6)
    else:
        assert (new_rating, new_volatility, changes) == (rating, sigma, [])


@given(st.floats(min_value=1 / 173.7178, max_value=500 / 173.7178), volatilities,
       st.floats(min_value=1e-3, max_value=1e6), st.floats(min_value=-50, max_value=50), taus)
def test_step_5_is_the_papers_f_to_the_last_bit(phi: float, sigma: float, v: float, delta: float, tau: float) -> None:
    assert _volatility(phi, sigma, v, delta, tau, 0.000001) == paper_volatility(phi, sigma, v, delta, tau, 0.000001)


def test_step_5_takes_both_ways_of_step_5_2() -> None:
    """Δ² > φ² + v (B = ln(Δ² - φ² - v)) and not (B from the k loop), each as the paper's f gives it."""
    for delta in (3.0, 0.01):
        assert _volatility(1.1513, 0.06, 1.7785, delta, 0.5, 0.000001) == \
            paper_volatility(1.1513, 0.06, 1.7785, delta, 0.5, 0.000001)
