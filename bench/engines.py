"""Time to first result in each browser engine, for `make bench`: printed, never asserted.

Chromium (Playwright, Debian's /usr/bin/chromium), Firefox ESR and WebKitGTK (Selenium, started as
the cross-engine tests start them: tests/engines). Each run is a fresh browser: open the widget with
?system=elo&rating=1450&k=40, type one game (1500, a win) and read, in the page, the time from
navigation start (performance.now()) to the New rating output showing the answer.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright
from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402

from bench.browser import ARGS  # noqa: E402
from elo_core import calculate  # noqa: E402
from tests.engines import LABELLED, WAIT, Calculator, firefox, versions, wait, webkitgtk, xvfb  # noqa: E402

RUNS = 3
CHROMIUM = "/usr/bin/chromium"
QUERY = "?system=elo&rating=1450&k=40"
OPPONENT = 1500  # a win
REQUEST = {"system": "elo", "rating": 1450, "k": 40, "games": [{"opponent": OPPONENT, "score": 1}]}
ANSWER = f"{calculate(REQUEST)['new_rating']:.1f}"  # as the widget shows an Elo rating

# Notes the moment (ms after navigation start) the labelled output first reads the expected text.
WATCH = """([name, expected]) => {
  const output = (""" + LABELLED + """)().find(([, n]) => n === name)[0];
  window.firstResult = null;
  const check = () => {
    if (window.firstResult === null && output.textContent.trim() === expected) window.firstResult = performance.now();
  };
  new MutationObserver(check).observe(output, {childList: true, characterData: true, subtree: true});
  check();
}"""


def chromium(url: str) -> list[float]:
    times = []
    with sync_playwright() as p:
        for _ in range(RUNS):
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(bypass_csp=True).new_page()  # lets Playwright poll; the page is unchanged
            page.goto(url)
            page.evaluate(WATCH, ["New rating", ANSWER])
            page.get_by_label("Opponent rating, game 1", exact=True).fill(str(OPPONENT))
            page.wait_for_function("() => window.firstResult !== null", timeout=WAIT * 1000)
            times.append(float(page.evaluate("() => window.firstResult")))
            browser.close()
    return times


def chromium_version() -> str:
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        out = ""
    return " ".join(out.split()[:2]) or "Chromium"


def selenium(start: Callable[[], WebDriver], url: str) -> list[float]:
    times = []
    for _ in range(RUNS):
        driver = start()
        try:
            calculator = Calculator.standalone(driver, url)
            driver.execute_script(f"({WATCH})(arguments[0])", ["New rating", ANSWER])
            calculator.type_into("Opponent rating, game 1", str(OPPONENT))
            times.append(float(wait(driver, lambda d: d.execute_script("return window.firstResult"),
                                    lambda: f"New rating never showed {ANSWER}")))
        finally:
            driver.quit()
    return times


def webkit(url: str) -> list[float]:
    with xvfb() as display:
        return selenium(lambda: webkitgtk(display), url)


def main() -> None:
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/widget/{QUERY}"
    names = versions()
    rows: list[tuple[str, list[float] | str]] = []
    engines: list[tuple[str, Callable[[], list[float]]]] = [
        (chromium_version(), lambda: chromium(url)),
        (names["firefox"], lambda: selenium(firefox, url)),
        (names["webkit"], lambda: webkit(url)),
    ]
    for name, measure in engines:
        try:
            rows.append((name, measure()))
        except Exception as e:  # a benchmark reports what it could not measure, and goes on
            rows.append((name, f"unavailable: {e}".splitlines()[0]))
    server.shutdown()
    print(f"\nTime to first result by engine (ms from navigation start; {RUNS} fresh browsers each; "
          f"widget{QUERY}, one game typed)")
    print("| engine                                   | median |    min |    max |")
    print("|------------------------------------------|--------|--------|--------|")
    for name, times in rows:
        if isinstance(times, str):
            print(f"| {name:<40} | {times} |")
        else:
            print(f"| {name:<40} | {statistics.median(times):>6.0f} | {min(times):>6.0f} | {max(times):>6.0f} |")


if __name__ == "__main__":
    main()
