"""A club's ladder replayed from its ledger (`elo_core._ladder.ladder_report`), in CPython: 10 000 and 100 000
games, each system. Prints the time (and the ratio of the two: about 10 when the replay is linear, as it must
be, not quadratic); asserts nothing (issue 32 item 7's targets are for Pyodide: under 1 s for 100 000 games
with Elo, under 3 s with Glicko-2 in monthly periods).
Usage: .venv/bin/python bench/ladder.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elo_core._ladder import ladder_report  # noqa: E402
from elo_core._ledger import read_ledger  # noqa: E402
from tests.ladder_text import random_ledger  # noqa: E402

SIZES = (10_000, 100_000)
SYSTEMS: tuple[tuple[str, dict[str, str]], ...] = (
    ("elo", {}), ("glicko", {"period": "month"}), ("glicko2", {"period": "month"}), ("lichess", {}))


def timed(runs: int, call: Callable[[str], object], text: str) -> float:
    """The median of `runs` calls, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(system: str, extra: dict[str, str], text: str) -> object:
    return ladder_report({"text": text, "system": system, **extra})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    texts = {n: random_ledger(n) for n in SIZES}
    print("| what                  | " + " | ".join(f"{n:>7} games s" for n in SIZES) + " | ratio |")
    print("|-----------------------|" + "|".join("-" * 17 for _ in SIZES) + "|-------|")
    rows: list[tuple[str, Callable[[str], object]]] = [("read_ledger", read_ledger)]
    rows += [(f"ladder_report {name}", partial(report, name, extra)) for name, extra in SYSTEMS]
    for label, call in rows:
        seconds = [timed(args.runs, call, texts[n]) for n in SIZES]
        ratio = seconds[1] / seconds[0]
        print(f"| {label:<21} | " + " | ".join(f"{s:>15.3f}" for s in seconds) + f" | {ratio:>5.1f} |")


if __name__ == "__main__":
    main()
