"""The typed entry points: rate an event and compute a performance rating."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from ..words.model import EloRules, EventResult, Game, Performance
from . import REGISTRY
from .elo import elo_performance, rate_elo
from .fide.first import fide_performance
from .fide.period import rate_fide
from .fide.rules import FideRules

System = Literal["fide", "elo"]
"""The systems of the typed API's `performance_rating`."""
SYSTEMS: tuple[str, ...] = tuple(REGISTRY)
"""Every rating system `calculate` knows, by name (`systems.REGISTRY`)."""


def rate(rating: float, games: Sequence[Game], rules: EloRules | FideRules) -> EventResult:
    """Rate one event (under FIDE: one rating period) by the given rules.

    >>> r = rate(1450, [Game(1500, 1), Game(1620, 0.5), Game(1390, 0), Game(1555, 1)], EloRules(k=40))
    >>> round(r.change, 1), round(r.new_rating, 1)
    (34.4, 1484.4)
    >>> rate(2100, [Game(2000, 1)], FideRules()).change  # K 20, PD .64
    7
    """
    if isinstance(rules, FideRules):
        return rate_fide(rating, games, rules)  # type: ignore[arg-type]  # checked there: whole numbers only
    return rate_elo(rating, games, rules)


def performance_rating(games: Iterable[Game], system: System = "elo") -> Performance:
    """The performance rating over `games`: FIDE's table 8.1.1, or the logistic solution."""
    return fide_performance(games) if system == "fide" else elo_performance(games)
