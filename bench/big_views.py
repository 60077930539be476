"""Large tables and pages within the stated limits (issue 38 item 7), in Chromium, for `make bench`: printed,
never asserted. Each figure is the longest main-thread task (PerformanceObserver "longtask": every task of
50 ms or more) from the visitor's action until what it asked for is on the page and the page is idle again;
the target is none over 200 ms.

The tournament report (widget/views/event/), its file through its picker (tests/trf_text.py, seeded):
- a name filter typed into the report of 2 000 players, and of 9 000 (13 rounds): a key at a time, each
  key waited for until the rows and the count show its players (the worst case: a filter applied at
  every key; typed faster, the pauses between keys hold less work);
- sorted by name, 2 000 players, until every row is in that order;
- a player's row opened with their 10 000 rounds, until their games' table has every round.

The club ladder (widget/views/ladder/), its results file through its picker (tests/ladder_text.py):
- a player's page opened from the ranking, 10 000 players (50 000 games) and 100 000 (100 000 games, the
  most a ledger holds), until the page shows with its head-to-head and what a game would do;
- the ranking's name filter typed, and the ranking sorted by name, with as many players.

Usage: .venv/bin/python bench/big_views.py [--only event|ladder] [--skip-100k]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

from bench.browser import ARGS, IDLE, LONGTASKS  # noqa: E402
from tests.ladder_text import random_ledger  # noqa: E402
from tests.trf_text import marathon, random_tournament  # noqa: E402

LIMIT_MS = 200
LONGEST = "() => Math.max(0, ...window.__longtasks.map((e) => e.duration))"
RESET = "() => { window.__longtasks.length = 0; return performance.now(); }"
ROWS = "#event-body > tr:not(.detail)"


def idle(page: Page) -> None:
    """Wait until the page is idle (bench/browser.py IDLE), at most 20 s: on a busy machine it may never be."""
    page.evaluate(f"() => Promise.race([({IDLE})(), new Promise((r) => setTimeout(r, 20_000))])")


def fresh(browser: Browser, url: str, view: str) -> Page:
    """A new page of the widget showing `view`, long tasks observed, Python ready."""
    context = browser.new_context(bypass_csp=True)
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(f"{url}?view={view}")
    page.wait_for_function("() => document.getElementById('engine')?.hidden", timeout=120_000)
    return page


def measured(page: Page, act: Callable[[], object], done: str, arg: object = None) -> float:
    """The longest task from `act` until `done` (a JS function of `arg`) is true and the page idle again, in ms."""
    idle(page)
    page.evaluate(RESET)
    act()
    page.wait_for_function(done, arg=arg, polling=20, timeout=600_000)
    idle(page)
    return float(page.evaluate(LONGEST))


# True once the element with id `[0]` says `[1]`.
SAYS = "([id, text]) => document.getElementById(id)?.textContent === text"


def typed(page: Page, field: str, names: list[str], count_id: str, query: str) -> float:
    """`query` typed into `field` a key at a time, each until the count of names holding it shows (then the
    page idle), and deleted again a key at a time: the longest task of all."""
    cdp = page.context.new_cdp_session(page)
    page.locator(f"#{field}").focus()
    backspace = {"key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}

    def key(text: str | None) -> None:
        if text is None:
            cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", **backspace})
            cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", **backspace})
        else:
            cdp.send("Input.insertText", {"text": text})

    longest = 0.0
    steps: list[tuple[str | None, str]] = [(query[i - 1], query[:i]) for i in range(1, len(query) + 1)]
    steps += [(None, query[:i]) for i in range(len(query) - 1, -1, -1)]
    for char, text in steps:
        count = sum(1 for n in names if text.lower() in n.lower())
        said = f"{count} of {len(names)} players shown."
        longest = max(longest, measured(page, partial(key, char), SAYS, [count_id, said]))
    return longest


def event_report(browser: Browser, url: str, text: str, folder: Path) -> Page:
    """A new page with `text` opened as a report through the file picker, every row drawn."""
    path = folder / "report.trf"
    path.write_text(text, encoding="utf-8")
    page = fresh(browser, url, "event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(path))
    players = len(re.findall(r"^001 ", text, flags=re.M))
    page.wait_for_function(SAYS, arg=["event-count", f"{players} of {players} players shown."], polling=50,
                           timeout=600_000)
    return page


# True once the report's last row is player `last`'s.
LAST_ROW = """(last) => [...document.querySelectorAll("#event-body > tr:not(.detail) > th")].at(-1)
    ?.textContent.endsWith(last)"""


def event_figures(browser: Browser, url: str, folder: Path) -> list[tuple[str, float]]:
    out = []
    for players in (2_000, 9_000):
        page = event_report(browser, url, random_tournament(players, 13), folder)
        names = [f"Player{i:04d}, Test" for i in range(1, players + 1)]
        filtered = typed(page, "event-filter", names, "event-count", "199")
        out.append((f"report, {players:,} players: filter typed", filtered))
        if players == 2_000:
            name = page.get_by_role("button", name="Name", exact=True)
            by_name = measured(page, name.click, LAST_ROW, sorted(names)[-1])
            out.append(("report, 2,000 players: sorted by name", by_name))
        page.context.close()
    page = event_report(browser, url, marathon(10, 10_000), folder)
    opener = page.get_by_role("button", name="Player0001, Test", exact=True)
    games = "() => document.querySelectorAll('#event-player-1 tbody tr').length === 10000"
    out.append(("report: a player's 10,000 rounds opened", measured(page, opener.click, games)))
    page.context.close()
    return out


def ladder_page(browser: Browser, url: str, ledger: str, folder: Path) -> Page:
    """A new page with `ledger` opened through the picker, the ranking shown (its rows may still be coming)."""
    path = folder / "club.csv"
    path.write_text(ledger, encoding="utf-8")
    page = fresh(browser, url, "ladder")
    page.get_by_label("Results file (CSV)").set_input_files(str(path))
    page.wait_for_function("() => /^Ranking ready/.test(document.getElementById('announce').textContent)",
                           polling=50, timeout=600_000)
    return page


# True once a player's page shows what a game against another would do.
STAKES = "() => Boolean(document.getElementById('ladder-stakes')?.querySelector('table'))"
# True once the ranking is sorted by name and its rows are all placed (the table no longer aria-busy).
BY_NAME = """() => document.querySelector("#ladder-head th.c-name")?.getAttribute("aria-sort") === "ascending"
    && !document.getElementById("ladder-table").hasAttribute("aria-busy")"""


def ladder_figures(browser: Browser, url: str, folder: Path, big: bool) -> list[tuple[str, float]]:
    out = []
    for games, players in ((50_000, 10_000), *(((100_000, 100_000),) if big else ())):
        ledger = random_ledger(games, players=players)
        page = ladder_page(browser, url, ledger, folder)
        first = page.locator("#ladder-body > tr").first.get_by_role("button")
        out.append((f"ladder, {players:,} players: a player's page", measured(page, first.click, STAKES)))
        page.get_by_role("button", name="Back to the ranking").click()
        # random_ledger's players are named by their ids (P1 ... Pn): those with a game are listed.
        names = sorted({n for line in ledger.splitlines() for n in line.split(",")[1:3]})
        filtered = typed(page, "ladder-filter", names, "ladder-count", "P19")
        out.append((f"ladder, {players:,} players: filter typed", filtered))
        name = page.get_by_role("button", name="Name", exact=True)
        out.append((f"ladder, {players:,} players: sorted by name", measured(page, name.click, BY_NAME)))
        page.context.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=("event", "ladder"))
    ap.add_argument("--skip-100k", action="store_true", help="leave out the ladder of 100 000 players")
    args = ap.parse_args()
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/widget/"
    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="big-views-") as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        if args.only != "ladder":
            rows += event_figures(browser, url, Path(folder))
        if args.only != "event":
            rows += ladder_figures(browser, url, Path(folder), not args.skip_100k)
        browser.close()
    server.shutdown()
    print(f"\nLarge tables and pages in Chromium (issue 38 item 7): longest main-thread task, target {LIMIT_MS} ms")
    print("| what                                          | longest task ms | target ms |")
    print("|-----------------------------------------------|-----------------|-----------|")
    for what, task in rows:
        flag = "" if task <= LIMIT_MS else f"  over by {task - LIMIT_MS:.0f} ms"
        shown = f"{task:.0f}" if task else "under 50"  # "longtask" entries are the tasks of 50 ms or more
        print(f"| {what:<45} | {shown:>15} | {LIMIT_MS:>9} |{flag}")


if __name__ == "__main__":
    main()
