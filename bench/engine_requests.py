"""The requests the engine benchmarks time: 9-game events and long seasons in FIDE and Elo, and
9 and 500 games in every registered system, with each system's required inputs taken from its
contract fields (scripts/exercise.py, so a new system is timed on a real answer, not on its error)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from exercise import event

from elo_core.systems import REGISTRY

__all__ = ["CASES", "event"]

CASES = [("fide", 9, 400), ("elo", 9, 400), ("fide", 500, 40), ("elo", 500, 40), ("fide", 10_000, 8),
         ("elo", 10_000, 8)] + [(name, n, 400 if n == 9 else 40) for name in REGISTRY if name not in ("fide", "elo")
                                for n in (9, 500)]
"""(system, games, repetitions)."""
