"""The requests the engine benchmarks time: 9-game events and long seasons in FIDE and Elo, and
9 and 500 games in every registered system, with each system's required inputs taken from its
contract fields (so a new system is timed on a real answer, not on its error)."""

from __future__ import annotations

import random
from typing import Any

from elo_core import calculate
from elo_core._systems import REGISTRY

# Nicer-than-generic values where the bench wants a typical player (a junior under FIDE, K 20).
TYPICAL: dict[str, dict[str, Any]] = {"fide": {"player": {"junior": True}}, "elo": {"k": 20}}


def _required(system: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A value inside the range of every required input without a default: (request, per game)."""
    request: dict[str, Any] = {}
    per_game: dict[str, Any] = {}
    for f in REGISTRY[system].fields:
        if not f.required or f.default is not None or f.kind not in ("number", "k"):
            continue
        low, high = (f.low or 0), (f.high if f.high is not None else 100)
        value: float = low + (high - low) / 4
        value = int(value) if f.whole or f.kind == "k" else value
        *parents, key = f.path.replace("games[].", "games.").split(".")
        if parents == ["games"]:
            per_game[key] = value
            continue
        target = request
        for parent in parents:
            target = target.setdefault(parent, {})
        target[key] = value
    return request, per_game


def event(system: str, n: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    request, per_game = _required(system)
    request.update(TYPICAL.get(system, {}))
    # Opponents within 400 points of the player: every system rates these (ECF refuses larger differences).
    games = [{"opponent": rng.randint(1500, 2300), "score": rng.choice([0, 0.5, 1]), **per_game} for _ in range(n)]
    built = {"system": system, "rating": 1900, **request, "games": games}
    answer = calculate(built)
    if not answer["ok"]:  # never time an error answer as if it were the system's latency
        raise SystemExit(f"bench: cannot build a valid {system} request: {answer['errors'][:3]}")
    return built


CASES = [("fide", 9, 400), ("elo", 9, 400), ("fide", 500, 40), ("elo", 500, 40), ("fide", 10_000, 8),
         ("elo", 10_000, 8)] + [(name, n, 400 if n == 9 else 40) for name in REGISTRY if name not in ("fide", "elo")
                                for n in (9, 500)]
"""(system, games, repetitions)."""
