"""`make bench`: print the project's figures. Benchmarks measure; they assert nothing.

Engine: `calculate` (CPython) and `bridge.handle` (Pyodide in Node) for 9, 500 and
10 000 games, and for 10 000 also `bridge.handle_packed` (what the widget's worker calls). Browser
figures come from bench/browser.py when the widget is built; two calculators on one page (one shared
interpreter against one worker each) from bench/shared_engine.py; the tournament report's (issue 31 item 7)
from bench/event_speed.py; the club ladder's (issue 32 item 7) from bench/ladder.py --pyodide and
bench/ladder_browser.py; a keystroke's engine time with 10 000 games from bench/keystroke.py --pyodide; large
tables and pages within the stated limits (issue 38 item 7: a report's filter and sort with 2 000 and 9 000 players,
a player's 10 000 rounds, a ladder player's page with 10 000 and 100 000 players) from bench/big_views.py.
BENCH_RUNS (default 5) sets the number of browser runs.
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
    return f"| {where:<14} | {system:<4} | {n:>6} | {statistics.median(times):>10.3f} | {p95(times):>10.3f} |"


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
    # "packed": handle_packed, as the widget's worker calls it (the games as columns of numbers).
    return [row("Pyodide" + (" packed" if c["packed"] else ""), c["system"], c["games"], c["times_ms"])
            for c in json.loads(out)]


# A share link's code for n realistic games (opponents 1600-2400, mixed results), made by the widget's
# own store.js under Node; JSON of {n, packed, plain, limit} per size.
LINK_SIZES_JS = """
import { MAX_LINK, blankState, toFragment } from "./widget/views/calculator/store.js";
let seed = 1;
const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const out = [];
for (const n of [1000, 10000]) {
  const games = Array.from({ length: n }, () => ({ opponent: String(1600 + Math.floor(rnd() * 801)),
    result: ["1", "0.5", "0"][Math.floor(rnd() * 3)] }));
  const state = { ...blankState(), system: "fide", rating: "2000", games };
  const packed = (await toFragment(state))?.length ?? null;
  const plain = Buffer.from(JSON.stringify({ v: 2, ...state })).toString("base64url").length + 3;
  out.push({ n, packed, plain, limit: MAX_LINK });
}
console.log(JSON.stringify(out));
"""


def link_sizes() -> list[str]:
    """Characters of a share link's fragment, compressed as the widget makes it and (old links) not."""
    out = subprocess.run(["node", "--input-type=module", "-e", LINK_SIZES_JS], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [f"| {c['n']:>6} | {c['packed'] or 'too big':>10} | {c['plain']:>12} | {c['limit']:>7} |"
            for c in json.loads(out)]


def main() -> None:
    print("Engine: calculate() per request, milliseconds")
    print("| where          | sys  |  games | median ms  |   p95 ms   |")
    print("|----------------|------|--------|------------|------------|")
    for line in cpython() + pyodide():
        print(line)
    print("\nShare link: characters of its fragment (#c=...), realistic games")
    print("|  games | compressed | uncompressed |   limit |")
    print("|--------|------------|--------------|---------|")
    for line in link_sizes():
        print(line)
    browser = ROOT / "bench" / "browser.py"
    if browser.exists():
        subprocess.run([sys.executable, str(browser)], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "engines.py")], check=True)
    two_calculators()
    subprocess.run([sys.executable, str(ROOT / "bench" / "event_speed.py")], check=True)  # issue 31 item 7
    # The club ladder (issue 32 item 7): 100 000 games replayed in Pyodide, and 1 000 players drawn in Chromium.
    subprocess.run([sys.executable, str(ROOT / "bench" / "ladder.py"), "--pyodide"], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "ladder_browser.py")], check=True)
    # The engine's share of a keystroke with 10 000 games, in Pyodide (issue 30 item 3: before and after).
    subprocess.run([sys.executable, str(ROOT / "bench" / "keystroke.py"), "--pyodide"], check=True)
    # Large tables and pages (issue 38 item 7): the longest task of each, beside its target of 200 ms.
    subprocess.run([sys.executable, str(ROOT / "bench" / "big_views.py")], check=True)


def two_calculators() -> None:
    """Two calculators on one page: one shared interpreter against one worker each (time, memory)."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "shared_engine.py")], check=True)


if __name__ == "__main__":
    main()
