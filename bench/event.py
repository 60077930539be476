"""A whole tournament rated from its report file (`elo_core.reports.event.event_report`), in CPython: reading the
file, then rating every player (and, titled, judging every player's title norms), for Swiss-sized files written by
tests/trf_text.py. Prints figures,
asserts nothing (issue 31: a 300-player, 11-round file well under 50 ms here, some 3 times that in Pyodide).
With --pyodide, the same in Pyodide under Node (bench/event_pyodide.mjs: the stock Pyodide of node_modules
with elo_core's sources; the widget's engine zips load a little faster, not rate faster).
Usage: .venv/bin/python bench/event.py [--runs 15] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elo_core.files.trf import read_trf  # noqa: E402
from elo_core.reports.event import event_report  # noqa: E402
from tests.trf_text import random_tournament  # noqa: E402

CASES = ((30, 7), (300, 11), (2000, 13))
"""(players, rounds): a club's weekend, a large open, the largest opens."""


def timed(run: int, call: Callable[[Any], object], argument: Any) -> tuple[float, float]:
    """The median and the slowest of `run` calls of `call(argument)`, in milliseconds."""
    times = []
    for _ in range(run):
        start = time.perf_counter()
        call(argument)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    args = ap.parse_args()
    print("CPython")
    print("| players | rounds | chars   | read_trf ms (median, max) | event_report fide ms | event_report elo ms "
          "| fide, titled (norms) ms |")
    print("|---------|--------|---------|---------------------------|----------------------|---------------------"
          "|-------------------------|")
    for players, rounds in CASES:
        text = random_tournament(players, rounds)
        runs = max(3, args.runs if players <= 300 else args.runs // 5)
        read = timed(runs, read_trf, text)
        fide = timed(runs, event_report, {"text": text})
        elo = timed(runs, event_report, {"text": text, "system": "elo", "k": 20})
        # Titles and federations: every player's title norms judged too (a file without titles has none to judge).
        titled = timed(runs, event_report, {"text": random_tournament(players, rounds, titled=True)})
        print(f"| {players:>7} | {rounds:>6} | {len(text):>7} | {read[0]:>10.1f}, {read[1]:>10.1f}   "
              f"| {fide[0]:>8.1f}, {fide[1]:>8.1f}   | {elo[0]:>8.1f}, {elo[1]:>8.1f}  "
              f"| {titled[0]:>9.1f}, {titled[1]:>9.1f}    |")
    if args.pyodide:
        pyodide(args.runs)


def pyodide(runs: int) -> None:
    done = subprocess.run(["node", str(ROOT / "bench" / "event_pyodide.mjs"), str(ROOT), json.dumps(CASES),
                           str(runs)], capture_output=True, text=True, check=True)
    print("Pyodide under Node")
    print("| players | rounds | read_trf ms (median, max) | event_report fide ms | event_report elo ms "
          "| fide, titled (norms) ms |")
    print("|---------|--------|---------------------------|----------------------|---------------------"
          "|-------------------------|")
    for case in json.loads(done.stdout.strip().splitlines()[-1]):
        read, fide, elo, titled = (case[key] for key in ("read_ms", "fide_ms", "elo_ms", "titled_ms"))
        print(f"| {case['players']:>7} | {case['rounds']:>6} | {statistics.median(read):>10.1f}, {max(read):>10.1f}   "
              f"| {statistics.median(fide):>8.1f}, {max(fide):>8.1f}   "
              f"| {statistics.median(elo):>8.1f}, {max(elo):>8.1f}  "
              f"| {statistics.median(titled):>9.1f}, {max(titled):>9.1f}    |")


if __name__ == "__main__":
    main()
