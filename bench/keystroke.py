"""The engine's share of a keystroke with 10 000 games (bench/browser.py's typing_10k without the
browser): `bridge.handle_packed`, what the widget's worker calls, on the request the widget sends,
with one digit of the rating changed each call (the games' text stays: the bridge keeps their
reading), and with one opponent changed each call (the games read again). In CPython, and with
--pyodide in Pyodide under Node (bench/keystroke_pyodide.mjs: the stock Pyodide of node_modules with
elo_core's sources). Each call's wall time and its process's CPU time (less swayed by other
processes on a shared machine). --before DIR also times DIR's elo_core (a checkout of an older commit, loaded
as the package elo_core_before), its calls taking turns with this tree's (each first every other
time): on a shared machine both then see the same load. Prints figures, asserts nothing.
Usage: .venv/bin/python bench/keystroke.py [--runs 60] [--pyodide] [--before DIR]
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def texts(system: str, digit: bool) -> list[str]:
    """Two request texts as the widget writes them (games last) that differ by one digit: of the
    rating (`digit`), or of the first opponent. The games are like the typing bench's pasted lines."""
    games = [{"opponent": 1400 + (i * 37) % 600, "score": [1, 0.5, 0][i % 3]} for i in range(10_000)]
    head: dict[str, Any] = {"system": system, "rating": 1500, **({"k": 20} if system == "elo" else {})}
    out = []
    for last in (0, 1):
        request = {**head, "rating": 1500 + last if digit else 1500,
                   "games": games if digit else [{"opponent": 1400 + last, "score": 1}, *games[1:]]}
        out.append(json.dumps(request, separators=(",", ":")))
    return out


CASES = [(system, digit) for system in ("fide", "elo") for digit in (True, False)]


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(0.95 * len(times)) - 1)]


def row(where: str, tree: str, system: str, digit: bool, times: list[float], cpu: list[float]) -> str:
    what = "rating digit" if digit else "opponent digit"
    return (f"| {where:<8} | {tree:<6} | {system:<4} | {what:<14} | {statistics.median(times):>9.2f} "
            f"| {p95(times):>9.2f} | {statistics.median(cpu):>9.2f} | {p95(cpu):>9.2f} |")


def packages(before: Path | None, into: Path) -> dict[str, str]:
    """Tree name -> package name, with the older tree's elo_core copied under `into` as elo_core_before."""
    found = {"this": "elo_core"}
    if before is not None:
        shutil.copytree(before / "elo_core", into / "elo_core_before",
                        ignore=shutil.ignore_patterns("__pycache__"))
        found["before"] = "elo_core_before"
    return found


def cpython(names: dict[str, str], runs: int) -> list[str]:
    handles: dict[str, Callable[[str], str]] = {
        tree: importlib.import_module(f"{package}.bridge").handle_packed for tree, package in names.items()}
    lines = []
    for system, digit in CASES:
        pair = texts(system, digit)
        times: dict[str, list[float]] = {tree: [] for tree in handles}
        cpu: dict[str, list[float]] = {tree: [] for tree in handles}
        for handle in handles.values():
            for text in pair:
                handle(text)
        for i in range(runs):
            # Each tree goes first every other call: the first pays some of the other's garbage (an A/A
            # run, a tree against a copy of itself, showed the first 3-5 % slower).
            for tree, handle in list(handles.items())[::1 if i % 4 < 2 else -1]:
                start, used = time.perf_counter(), time.process_time()
                handle(pair[i % 2])
                times[tree].append((time.perf_counter() - start) * 1000)
                cpu[tree].append((time.process_time() - used) * 1000)
        lines += [row("CPython", tree, system, digit, times[tree], cpu[tree]) for tree in handles]
    return lines


def pyodide(names: dict[str, str], where: Path, runs: int) -> list[str]:
    cases = [{"system": s, "digit": d, "texts": texts(s, d)} for s, d in CASES]
    done = subprocess.run(["node", str(ROOT / "bench" / "keystroke_pyodide.mjs"), str(ROOT), str(where),
                           json.dumps(names), str(runs)],
                          input=json.dumps(cases), capture_output=True, text=True, check=True)
    return [row("Pyodide", c["tree"], c["system"], c["digit"], c["times_ms"], c["cpu_ms"])
            for c in json.loads(done.stdout.strip().splitlines()[-1])]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--pyodide", action="store_true", help="also time it in Pyodide under Node")
    ap.add_argument("--cpython", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--before", type=Path, help="a tree whose elo_core is timed too, taking turns")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        where = Path(temp)
        shutil.copytree(ROOT / "elo_core", where / "elo_core", ignore=shutil.ignore_patterns("__pycache__"))
        names = packages(args.before, where)
        sys.path.insert(0, str(where))
        print("bridge.handle_packed, 10 000 games, one digit changed each call; this tree"
              + (f", before: {args.before}" if args.before else ""))
        print("| where    | tree   | sys  | changed        | median ms |    p95 ms |   cpu med |   cpu p95 |")
        print("|----------|--------|------|----------------|-----------|-----------|-----------|-----------|")
        for line in (cpython(names, args.runs) if args.cpython else []) + (
                pyodide(names, where, args.runs) if args.pyodide else []):
            print(line, flush=True)


if __name__ == "__main__":
    main()
