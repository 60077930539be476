"""A club's ladder replayed from its ledger (`elo_core.reports.ladder.ladder_report`), in CPython: 10 000 and 100 000
games, each system. Prints the time (and the ratio of the two: about 10 when the replay is linear, as it must
be, not quadratic); asserts nothing (issue 32 item 7's targets are for Pyodide: under 1 s for 100 000 games
with Elo, under 3 s with Glicko-2 in monthly periods). With --pyodide, the same in Pyodide under Node
(bench/ladder_pyodide.mjs: the stock Pyodide of node_modules with elo_core's sources).
Usage: .venv/bin/python bench/ladder.py [--runs 3] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elo_core.files.ledger import read_ledger  # noqa: E402
from elo_core.reports.ladder import ladder_report  # noqa: E402
from tests.ladder_text import random_league, random_ledger  # noqa: E402

SIZES = (10_000, 100_000)
SYSTEMS: tuple[tuple[str, dict[str, str]], ...] = (
    ("elo", {}), ("glicko", {"period": "month"}), ("glicko2", {"period": "month"}), ("lichess", {}),
    ("elo", {"preset": "fivethirtyeight-nfl"}))
"""Each system and its settings; with a preset, on a league's ledger (`random_league`: scores, seasons, venues)."""


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


def label(system: str, extra: dict[str, str]) -> str:
    """A row's name: the system, and its preset (a league's ledger)."""
    return f"ladder_report {system}" + (f" {extra['preset']}" if "preset" in extra else "")

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    args = ap.parse_args()
    texts = {n: random_ledger(n) for n in SIZES}
    leagues = {n: random_league(n) for n in SIZES}
    print(f"| {'what':<34} | " + " | ".join(f"{n:>7} games s" for n in SIZES) + " | ratio |")
    print("|" + "-" * 36 + "|" + "|".join("-" * 17 for _ in SIZES) + "|-------|")
    rows: list[tuple[str, Callable[[str], object], dict[int, str]]] = [("read_ledger", read_ledger, texts)]
    rows += [(label(name, extra), partial(report, name, extra), leagues if "preset" in extra else texts)
             for name, extra in SYSTEMS]
    for what, call, text in rows:
        seconds = [timed(args.runs, call, text[n]) for n in SIZES]
        ratio = seconds[1] / seconds[0]
        print(f"| {what:<34} | " + " | ".join(f"{s:>15.3f}" for s in seconds) + f" | {ratio:>5.1f} |")
    if args.pyodide:
        pyodide(args.runs)


def pyodide(runs: int) -> None:
    """The same figures in Pyodide under Node."""
    done = subprocess.run(["node", str(ROOT / "bench" / "ladder_pyodide.mjs"), str(ROOT), json.dumps(SIZES),
                           json.dumps(SYSTEMS), str(runs)], capture_output=True, text=True, check=True, timeout=3600)
    figures: dict[str, dict[int, float]] = {}
    for row in json.loads(done.stdout):
        figures.setdefault(row["what"], {})[row["games"]] = row["seconds"]
    print("\nPyodide (Node)")
    for what, seconds in figures.items():
        ratio = seconds[SIZES[1]] / seconds[SIZES[0]]
        print(f"| {what:<34} | " + " | ".join(f"{seconds[n]:>15.3f}" for n in SIZES) + f" | {ratio:>5.1f} |")


if __name__ == "__main__":
    main()
