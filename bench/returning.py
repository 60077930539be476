"""Returning visitors for `make bench` (issue 44; printed, never asserted): Python from the snapshot the
browser keeps (widget/engine/snapshot.js), against the textbook page (bench/textbook.html), interleaved.

Each run is a fresh persistent Chromium profile (bench/loads.py's launch): a cold visit whose result is typed
at once (rating and opponent by CDP Input.insertText the moment the form is usable), kept open until the
worker has kept its snapshot (its log, read as performance marks); the browser closed; then a returning visit
in the same profile where every field is typed anew (another rating and opponent), timed to the new result;
the same once more with the browser open SETTLE s before (a returning visitor's browser runs already; one just
launched spends much of its first second on Chromium's own pages); then a returning visit with the snapshot
deleted first (what a returning visit was before: Python started anew, every file from the caches). The
textbook page gets a cold, a warm and a settled visit of its own profile. Figures:
- a returning visitor's new result, widget ÷ the textbook page's second visit (target ≤ 0.25);
- the first result cold, typed at once, widget ÷ textbook cold (target ≤ 0.35);
- the cold visit's bytes until its first result, as served and precompressed at brotli 11 (target ≤ 3.5 MB);
- the snapshot: the time to make it and the bytes kept, in Chromium, Firefox and WebKitGTK (tests/engines'
  drivers); the main thread's longest task from the first result until the snapshot is kept (limit 50 ms);
- where a returning visit's time goes, with and without the snapshot: the page's marks (form usable, each
  line of the worker's log as it arrives, Python ready, the new result), in ms from navigation; and its CPU
  time, thread by thread, what kept the engine's worker busy and V8's samples in it by function, from
  Chromium's trace of one more visit each (bench/threads.py).
BENCH_RUNS (default 5) sets the number of runs.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT)]
from bench import loads, threads  # noqa: E402
from elo_core import calculate  # noqa: E402

RUNS = loads.RUNS
FIRST = (("#rating", "1500"), (".opp", "1600"))
# Every field typed anew on a returning visit, and the new rating it shows (Elo, K 20, a win): other
# values each time, so that the answer kept from the visit before never stands for it.
def typed(rating: int, opponent: int) -> tuple[tuple[tuple[str, str], ...], str]:
    new = calculate({"system": "elo", "rating": rating, "k": 20, "games": [{"opponent": opponent, "score": 1}]})
    return (("#rating", str(rating)), (".opp", str(opponent))), str(round(new["new_rating"]))


AGAIN = typed(1700, 1500)
AGAIN_SETTLED = typed(1750, 1500)
AGAIN_BEFORE = typed(1800, 1500)
# s: the browser open before a returning visit, its own start over (loads.launch), as a returning visitor's is.
SETTLE = 2.0
TARGETS = {"returning": 0.25, "cold": 0.35, "bytes": 3.5e6, "task": 50.0}
# The page's long tasks, and the time the "New rating" output first shows window.__shows.
WATCH = """window.__longtasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
new MutationObserver(() => {
  const out = document.getElementById("new-rating");
  if (!window.__again && out && out.textContent.trim() === window.__shows) {
    window.__again = performance.now();
    performance.mark("bench:again"); // for the trace (bench/threads.py)
  }
}).observe(document, {subtree: true, childList: true, characterData: true});"""
ENGINE_LOG = "() => performance.getEntriesByName('elo-core engine').map((e) => [e.startTime, e.detail])"
KEPT = re.compile(r"snapshot kept: (\d+) bytes, (\d+) stored|no snapshot:")


def engine_log(page: Page) -> list[tuple[float, str]]:
    return [(float(at), str(text)) for at, text in page.evaluate(ENGINE_LOG)]


def type_now(page: Page, context: BrowserContext, fields: tuple[tuple[str, str], ...]) -> None:
    cdp = context.new_cdp_session(page)
    for field, value in fields:
        page.evaluate(f"() => {{ const el = document.querySelector({field!r}); el.focus(); el.select(); }}")
        cdp.send("Input.insertText", {"text": value})


def first_visit(p: Playwright, profile: Path, url: str, log: loads.Log) -> dict[str, Any]:
    """Cold: the first result typed at once, then kept open until the snapshot is kept."""
    context = loads.launch(p, profile)
    context.add_init_script(loads.WATCH)
    context.add_init_script(WATCH)
    page = context.pages[0] if context.pages else context.new_page()
    log.take()
    page.goto(url, wait_until="commit")
    loads.mark(page, "elo:usable")
    type_now(page, context, FIRST)
    page.wait_for_function("() => window.__bench.number", timeout=300_000)
    first = float(page.evaluate("() => window.__bench.number"))
    sent = log.take()
    page.wait_for_function(f"() => ({ENGINE_LOG})().some(([, t]) => /{KEPT.pattern}/.test(t))", timeout=300_000)
    lines = engine_log(page)
    kept = next(m for _, t in lines if (m := KEPT.search(t)))
    made = next((float(m[1]) for _, t in lines if (m := re.search(r"snapshot made in (\d+) ms", t))), float("nan"))
    at_kept = next(at for at, t in lines if KEPT.search(t))
    # From the moment the worker began the snapshot (its log's line arrives once it is made) until it was
    # kept: the page's own work after its first result (the service worker's registration...) is not it.
    at_made = next((at - made for at, t in lines if "snapshot made" in t), first)
    task = max((d for s, d in page.evaluate("() => window.__longtasks") if s + d >= at_made and s <= at_kept),
               default=0.0)
    context.close()
    return {"first": first, "sent": sent, "made": made, "bytes": int(kept[1] or 0), "stored": int(kept[2] or 0),
            "task": task}


def returning_visit(p: Playwright, profile: Path, url: str, origin: str, again: tuple[Any, str] = AGAIN,
                    without_snapshot: bool = False, settle: float = 0.0, args: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every field typed anew (`again`: the fields, the new rating) the moment the form is usable; the new
    result's time, and the page's marks."""
    context = loads.launch(p, profile, settle, args)
    page = context.pages[0] if context.pages else context.new_page()
    if without_snapshot:  # from a page that starts no engine
        page.goto(f"{origin}/LICENSE.txt")
        page.evaluate("() => caches.delete('elo-core-python')")
    fields, shows = again
    context.add_init_script(loads.WATCH)
    context.add_init_script(f"window.__shows = {shows!r};\n{WATCH}")
    page.goto(url, wait_until="commit")
    usable = loads.mark(page, "elo:usable")
    type_now(page, context, fields)
    page.wait_for_function("() => window.__again && window.__bench.ready", timeout=300_000)
    shown = float(page.evaluate("() => window.__again"))
    ready = float(page.evaluate("() => window.__bench.ready"))
    timeline = [(usable, "form usable"), *engine_log(page), (ready, "Python ready (elo:ready)"), (shown, "new result")]
    context.close()
    return {"again": shown, "timeline": sorted(timeline)}


def other_engines(url: str) -> dict[str, dict[str, Any]]:
    """The snapshot made and kept in Firefox and WebKitGTK (tests/engines' drivers): made in (ms), bytes stored."""
    from tests.engines import EngineUnavailable, firefox, webkitgtk, xvfb
    figures: dict[str, dict[str, Any]] = {}
    for name in ("Firefox", "WebKitGTK"):
        with ExitStack() as stack:
            try:
                if name == "Firefox":
                    driver = firefox()
                else:
                    driver = webkitgtk(stack.enter_context(xvfb()))
            except EngineUnavailable as err:
                figures[name] = {"error": str(err)}
                continue
            stack.callback(driver.quit)
            driver.get(url)
            driver.execute_script("""for (const [sel, value] of arguments[0]) {
                const el = document.querySelector(sel); el.value = value;
                el.dispatchEvent(new Event("input", {bubbles: true})); }""", FIRST)
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(driver, 300, poll_frequency=0.2).until(lambda d: any(
                KEPT.search(t) for t in d.execute_script("return performance.getEntriesByName('elo-core engine')"
                                                         ".map((e) => e.detail)")))
            lines = driver.execute_script("return performance.getEntriesByName('elo-core engine').map((e) => e.detail)")
            kept = next(m for t in lines if (m := KEPT.search(t)))
            made = next((float(m[1]) for t in lines if (m := re.search(r"snapshot made in (\d+) ms", t))), float("nan"))
            figures[name] = {"made": made, "bytes": int(kept[1] or 0), "stored": int(kept[2] or 0)}
    return figures


def run(p: Playwright, dist: Path, textbook_root: Path, wheel: str) -> None:
    log = loads.Log()
    origin = loads.start(dist, "127.0.0.1", log)
    widget = origin + "/widget/"
    textbook = loads.start(textbook_root, "127.0.0.1", log, csp=None) + f"/textbook.html#{wheel}"
    ours: list[tuple[dict[str, Any], ...]] = []
    theirs: list[tuple[loads.Visit, ...]] = []
    for _ in range(RUNS):  # interleaved, so that the machine's load falls on both alike
        with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
            cold = first_visit(p, Path(tmp), widget, log)
            warm = returning_visit(p, Path(tmp), widget, origin)
            settled = returning_visit(p, Path(tmp), widget, origin, AGAIN_SETTLED, settle=SETTLE)
            before = returning_visit(p, Path(tmp), widget, origin, AGAIN_BEFORE, without_snapshot=True)
            ours.append((cold, warm, before, settled))
        with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
            theirs.append(tuple(loads.textbook_visit(p, Path(tmp), textbook, log, settle)
                                for settle in (0.0, 0.0, SETTLE)))
    report(ours, theirs, dist, other_engines(widget), profiles(p, widget, origin, log))


def profiles(p: Playwright, url: str, origin: str, log: loads.Log) -> dict[str, dict[str, Any]]:
    """Where a returning visit's CPU time goes, with the snapshot and without (bench/threads.py): one profile
    visited once, then traced twice (as the runs above: the browser just launched)."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        first_visit(p, Path(tmp) / "profile", url, log)
        figures = {}
        for name, again, without in (("with", AGAIN, False), ("without", AGAIN_BEFORE, True)):
            trace = Path(tmp) / f"{name}.json"
            returning_visit(p, Path(tmp) / "profile", url, origin, again, without_snapshot=without,
                            args=threads.args(trace))
            figures[name] = threads.summary(trace, url, "bench:again")
    return figures


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def report(ours: list[tuple[dict[str, Any], ...]], theirs: list[tuple[loads.Visit, ...]], dist: Path,
           engines: dict[str, dict[str, Any]], cpu: dict[str, dict[str, Any]]) -> None:
    textbook_cold = med([t[0].first or 0.0 for t in theirs])
    textbook_warm = med([t[1].first or 0.0 for t in theirs])
    textbook_settled = med([t[2].first or 0.0 for t in theirs])
    returning = med([o[1]["again"] for o in ours])
    before = med([o[2]["again"] for o in ours])
    settled = med([o[3]["again"] for o in ours])
    cold = med([o[0]["first"] for o in ours])
    served = med([float(loads.sent_total(loads.Visit(sent=o[0]["sent"]))) for o in ours])
    brotli = loads.brotli11_total(loads.Visit(sent=ours[0][0]["sent"]), dist)
    print(f"\nReturning visitors (Chromium, persistent profiles; medians of {RUNS} runs; ms from navigation)")
    print("| visit                                              | widget | textbook | ratio |")
    print("|----------------------------------------------------|--------|----------|-------|")
    print(f"| cold, first result typed at once                   | {cold:>6,.0f} | {textbook_cold:>8,.0f} "
          f"| {cold / textbook_cold:>5.2f} |")
    print(f"| returning, every field typed anew: new result      | {returning:>6,.0f} | {textbook_warm:>8,.0f} "
          f"| {returning / textbook_warm:>5.2f} |")
    print(f"|   the same without the snapshot (as before)        | {before:>6,.0f} | {textbook_warm:>8,.0f} "
          f"| {before / textbook_warm:>5.2f} |")
    print(f"|   the browser running already ({SETTLE:.0f} s), third visit   | {settled:>6,.0f} | "
          f"{textbook_settled:>8,.0f} | {settled / textbook_settled:>5.2f} |")
    chromium = {"made": med([o[0]["made"] for o in ours]), "bytes": ours[0][0]["bytes"],
                "stored": med([float(o[0]["stored"]) for o in ours])}
    print("\nThe snapshot, made in the background once the first result has shown and the calculator is quiet")
    print("| browser    | made in (ms) | memory (bytes) | kept on disk (bytes) |")
    print("|------------|--------------|----------------|----------------------|")
    for name, f in {"Chromium": chromium, **engines}.items():
        if "error" in f:
            print(f"| {name:<10} | {f['error']} |")
            continue
        print(f"| {name:<10} | {f['made']:>12,.0f} | {f['bytes']:>14,} | {f['stored']:>20,.0f} |")
    task = max(o[0]["task"] for o in ours)
    print(f"\nThe page's longest task while the worker made and kept the snapshot (all runs): {task:.0f} ms")
    for title, i in (("with the snapshot", 1), ("without it (Python started anew, as before)", 2)):
        print(f"\nWhere a returning visit's time goes, {title} (the first run; ms from navigation, the page's clock)")
        for at, what in ours[0][i]["timeline"]:
            print(f"  {at:>7,.0f}  {what}")
    print("\nA returning visit's CPU time by thread, navigation to the new result (Chromium's trace, one visit "
          "each, the browser just launched; ms busy; tracing and V8's sampling slow the visit itself down)")
    print("| thread                                                   | with the snapshot | without |")
    print("|----------------------------------------------------------|-------------------|---------|")
    for name in sorted(set(cpu["with"]["threads"]) | set(cpu["without"]["threads"])):
        print(f"| {name:<56} | {cpu['with']['threads'].get(name, 0):>17,.0f} | "
              f"{cpu['without']['threads'].get(name, 0):>7,.0f} |")
    print(f"| {'(the window: navigation to the new result)':<56} | {cpu['with']['window']:>17,.0f} | "
          f"{cpu['without']['window']:>7,.0f} |")
    print("\nThe engine's worker, what kept it busy (ms)")
    for name in cpu["with"]["worker"]:
        print(f"| {name:<56} | {cpu['with']['worker'][name]:>17,.0f} | {cpu['without']['worker'][name]:>7,.0f} |")
    for title, name in (("with the snapshot", "with"), ("without it", "without")):
        print(f"\nThe engine's worker, {title}: V8's samples by function (own time, ms; the first 12)")
        for function, ms in cpu[name]["functions"][:12]:
            print(f"  {ms:>7,.1f}  {function}")
    print("\nTargets (issue 44)")
    print("| measure                                              | target    | figure    |")
    print("|------------------------------------------------------|-----------|-----------|")
    for name, target, figure in (
        ("returning new result ÷ textbook's second visit", f"≤ {TARGETS['returning']:.2f}",
         f"{returning / textbook_warm:.2f}"),
        ("cold first result typed at once ÷ textbook cold", f"≤ {TARGETS['cold']:.2f}", f"{cold / textbook_cold:.2f}"),
        ("cold bytes until the first result, as served", f"≤ {TARGETS['bytes'] / 1e6:.1f} MB",
         f"{served / 1e6:.2f} MB"),
        ("  the same files at brotli 11", f"≤ {TARGETS['bytes'] / 1e6:.1f} MB", f"{brotli / 1e6:.2f} MB"),
        ("main thread's longest task while the snapshot is made", f"≤ {TARGETS['task']:.0f} ms", f"{task:.0f} ms"),
    ):
        print(f"| {name:<52} | {target:<9} | {figure:<9} |")


if __name__ == "__main__":  # on its own: python bench/returning.py (make bench runs it from bench/browser.py)
    from playwright.sync_api import sync_playwright

    from bench.browser import textbook_site
    site = textbook_site()
    with sync_playwright() as playwright:
        run(playwright, ROOT / "dist", site, next(site.glob("*.whl")).name)
