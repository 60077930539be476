"""The club ladder drawn in Chromium, for `make bench` (printed, never asserted): a ledger of 1 000 players
(tests/ladder_text.py random_ledger) opened in the ladder view (widget/views/ladder/ladder.js) through its
file picker; the longest main-thread task (PerformanceObserver "longtask": every task of 50 ms or more)
from the file picked until the ranking's 1 000 rows are on the page and it is idle again, and the same for
a sort by rating and for a name filter typed. The target (issue 32 item 7): no task over 200 ms. Python's
replay runs in the worker: its time is printed apart (picked to drawn), not counted as a main-thread task.

Usage: .venv/bin/python bench/ladder_browser.py [--games 20000] [--players 1000]"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

from bench.browser import ARGS, IDLE, LONGTASKS  # noqa: E402
from tests.ladder_text import random_ledger  # noqa: E402

LIMIT_MS = 200
# True once the ranking shows `n` rows (waited for with a timeout: a bench that hangs says why).
DRAWN = """(n) => document.querySelectorAll("#ladder-body > tr").length === n
    && !document.getElementById("ladder-report").hidden"""


def idle(page: Page) -> None:
    """Wait until the page is idle (bench/browser.py IDLE), at most 10 s: on a busy machine it may never be."""
    page.evaluate(f"() => Promise.race([({IDLE})(), new Promise((r) => setTimeout(r, 10_000))])")


def drawn(page: Page, rows: int) -> None:
    """Wait until `rows` rows show, then one frame more."""
    page.wait_for_function(DRAWN, arg=rows, polling=10, timeout=120_000)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r)))")


def measured(page: Page, act: str, rows: int) -> tuple[float, float]:
    """The longest task and the time from `act` (JS run in the page) until `rows` rows show and the page is
    idle, in ms."""
    idle(page)
    start: float = page.evaluate("() => { window.__longtasks.length = 0; return performance.now(); }")
    page.evaluate(act)
    drawn(page, rows)
    total: float = page.evaluate("(start) => performance.now() - start", start)
    idle(page)
    longest: float = page.evaluate("() => Math.max(0, ...window.__longtasks.map((e) => e.duration))")
    return longest, total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=1_000)
    args = ap.parse_args()
    ledger = Path(tempfile.mkdtemp(prefix="ladder-")) / "club.csv"
    ledger.write_text(random_ledger(args.games, players=args.players), encoding="utf-8")
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/widget/"
    print(f"\nClub ladder in Chromium: {args.players} players, {args.games} games (limit {LIMIT_MS} ms a task)")
    print("| what                          | longest task ms | done in ms |")
    print("|-------------------------------|-----------------|------------|")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_context(bypass_csp=True).new_page()
        page.add_init_script(LONGTASKS)
        page.goto(url)
        page.wait_for_function("() => document.getElementById('engine')?.hidden", timeout=120_000)
        page.get_by_role("button", name="Open a results file").click()
        idle(page)
        start: float = page.evaluate("() => { window.__longtasks.length = 0; return performance.now(); }")
        page.get_by_label("Results file (CSV)").set_input_files(str(ledger))
        drawn(page, args.players)
        total: float = page.evaluate("(start) => performance.now() - start", start)
        idle(page)
        longest: float = page.evaluate("() => Math.max(0, ...window.__longtasks.map((e) => e.duration))")
        rows = [("opened (replay in the worker)", longest, total)]
        sort = "() => document.querySelector('#ladder-head th.c-rating button').click()"
        rows.append(("sorted by rating", *measured(page, sort, args.players)))
        typed = """() => { const f = document.getElementById("ladder-filter"); f.value = "P1";
            f.dispatchEvent(new Event("input", {bubbles: true})); }"""
        filtered = sum(1 for i in range(1, args.players + 1) if str(i).startswith("1"))
        rows.append(("filtered by name", *measured(page, typed, filtered)))
        for what, task, done in rows:
            flag = "" if task <= LIMIT_MS else f"  over by {task - LIMIT_MS:.0f} ms"
            print(f"| {what:<29} | {task:>15.0f} | {done:>10.0f} |{flag}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
