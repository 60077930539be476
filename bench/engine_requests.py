"""The requests the engine benchmarks time: 9-game events and long seasons in FIDE and Elo, and
9 and 500 games in every other registered system (each with the inputs it needs)."""

from __future__ import annotations

import random
from typing import Any

from elo_core._systems import REGISTRY

# What each system needs besides rating and games (per-game values go into every game).
EXTRA: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "fide": ({"player": {"junior": True}}, {}),
    "elo": ({"k": 20}, {}),
    "uscf": ({"player": {"games_played": 40}}, {}),
    "dwz": ({"player": {"age": 30, "index": 12}}, {}),
    "glicko": ({"player": {"rd": 80}}, {"opponent_rd": 70}),
    "glicko2": ({"player": {"rd": 80, "volatility": 0.06}}, {"opponent_rd": 70}),
    "lichess": ({"player": {"rd": 80, "volatility": 0.06}}, {"opponent_rd": 70}),
}


def event(system: str, n: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    request, per_game = EXTRA.get(system, ({}, {}))
    games = [{"opponent": rng.randint(1400, 2400), "score": rng.choice([0, 0.5, 1]), **per_game} for _ in range(n)]
    return {"system": system, "rating": 1900, **request, "games": games}


CASES = [("fide", 9, 400), ("elo", 9, 400), ("fide", 500, 40), ("elo", 500, 40), ("fide", 10_000, 8),
         ("elo", 10_000, 8)] + [(name, n, 400 if n == 9 else 40) for name in REGISTRY if name not in ("fide", "elo")
                                for n in (9, 500)]
"""(system, games, repetitions)."""
