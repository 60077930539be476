"""The requests the engine benchmarks time: 9-game events and long seasons, in both systems."""

from __future__ import annotations

import random
from typing import Any


def event(system: str, n: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    games = [{"opponent": rng.randint(1400, 2400), "score": rng.choice([0, 0.5, 1])} for _ in range(n)]
    if system == "fide":
        return {"system": "fide", "rating": 1900, "player": {"junior": True}, "games": games}
    return {"system": "elo", "rating": 1900.0, "k": 20, "games": games}


CASES = [("fide", 9, 400), ("elo", 9, 400), ("fide", 500, 40), ("elo", 500, 40), ("fide", 10_000, 8),
         ("elo", 10_000, 8)]
"""(system, games, repetitions)."""
