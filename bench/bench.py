"""`make bench`: print the project's figures. Benchmarks measure; they assert nothing.

Engine: `calculate` (CPython) and `bridge.handle` (Pyodide in Node) for 9, 500 and
10 000 games. Browser figures come from bench/browser.py when the widget is built; two
calculators on one page (one shared interpreter against one worker each) from bench/shared_engine.py.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.engine_requests import CASES, event  # noqa: E402
from elo_core import calculate  # noqa: E402


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(0.95 * len(times)) - 1)]


def row(where: str, system: str, n: int, times: list[float]) -> str:
    return f"| {where:<8} | {system:<4} | {n:>6} | {statistics.median(times):>10.3f} | {p95(times):>10.3f} |"


def cpython() -> list[str]:
    lines = []
    for system, n, repeat in CASES:
        request = event(system, n)
        calculate(request)
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            calculate(request)
            times.append((time.perf_counter() - t) * 1000)
        lines.append(row("CPython", system, n, times))
    return lines


def pyodide() -> list[str]:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([{"request": event(s, n), "repeat": r} for s, n, r in CASES], f)
    out = subprocess.run(["node", str(ROOT / "bench" / "pyodide_engine.mjs"), str(ROOT / "dist"), f.name],
                         capture_output=True, text=True, check=True).stdout
    return [row("Pyodide", c["system"], c["games"], c["times_ms"]) for c in json.loads(out)]


def main() -> None:
    print("Engine: calculate() per request, milliseconds")
    print("| where    | sys  |  games | median ms  |   p95 ms   |")
    print("|----------|------|--------|------------|------------|")
    for line in cpython() + pyodide():
        print(line)
    browser = ROOT / "bench" / "browser.py"
    if browser.exists():
        subprocess.run([sys.executable, str(browser)], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "engines.py")], check=True)
    two_calculators()


def two_calculators() -> None:
    """Two calculators on one page: one shared interpreter against one worker each (time, memory)."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "shared_engine.py")], check=True)


if __name__ == "__main__":
    main()
