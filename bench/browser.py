"""Browser figures for `make bench` (printed, never asserted):

- returning visitors, Python from the snapshot the browser keeps, against the textbook page, and the
  snapshot's figures in Chromium, Firefox and WebKitGTK (bench/returning.py);
- cold and warm loads, the widget against a textbook page (loadPyodide() with Pyodide's own lock
  file, then loadPackage(wheel URL)), in persistent profiles, with bytes, the club page's load
  event and long tasks, and the Lighthouse mobile profile, against their targets (bench/loads.py);
- recompute latency, input event to updated result, for 9 and 500 games (Elo) and for a FIDE rating
  period of 39 games in 5 tournaments (median and p95; the target is p95 under 16 ms);
- every request of a cold first result with its start and its sizes, raw, gzip 6 and brotli 11
  (bench/requests.py);
- big input: the longest main-thread task and the total time of a paste of 10 000 and 100 000
  lines (into an opponent box, and through the paste dialog), and typing a digit into the rating
  with 10 000 games (input to the frame after the result, median and p95; the target is p95 under
  100 ms and no task over 200 ms); and the longest task from the paste dialog's Add with 100 000
  lines until the page is idle again, FIDE and Elo (issue 29, item 15; limit 200 ms).
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import brotli  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import build_site  # noqa: E402
import serve  # noqa: E402

from bench import loads, returning  # noqa: E402
from bench.requests import cold_requests, print_requests  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def textbook_site() -> Path:
    """A folder with Pyodide as the npm package ships it (its own full lock file) and our wheel."""
    site = Path(tempfile.mkdtemp(prefix="textbook-"))
    shutil.copytree(ROOT / "node_modules" / "pyodide", site / "pyodide")
    shutil.copy(next(build_site.engine_dir(ROOT / "dist").glob("*.whl")), site)
    for name in ("textbook.html", "textbook.js"):
        shutil.copy(ROOT / "bench" / name, site)
    return site


def recompute(browser: Browser, url: str, games: int, runs: int = 40, events: tuple[int, ...] = ()) -> list[float]:
    """Input event on the rating field to the rendered result, in ms: `games` Elo games, or (with
    `events`, each a tournament's number of games) a FIDE period with "Add tournament"."""
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(url + ("?system=fide&rating=2000" if events else "?system=elo&k=20&rating=1500"))
    page.wait_for_function("() => performance.getEntriesByName('elo:first-result').length > 0", timeout=120_000)
    page.evaluate(
        """async ([n, events]) => {
            const add = document.getElementById("add");
            const opps = () => document.querySelectorAll(".opp");
            if (events.length) {
                let total = 0;
                events.forEach((count, i) => {
                    if (i) document.getElementById("add-event").click(); // comes with its first game's row
                    total += count;
                    while (opps().length < total) add.click();
                });
            } else {
                while (opps().length < n) add.click();
            }
            // Every row typed (an input event each), then wait for the answer with all of them.
            const all = new Promise((resolve) => {
                const seen = (e) => {
                    if (e.detail.games.length !== n) return;
                    document.removeEventListener("elo:result", seen);
                    resolve();
                };
                document.addEventListener("elo:result", seen);
            });
            opps().forEach((el, i) => {
                el.value = String(1400 + (i * 37) % 600);
                el.dispatchEvent(new Event("input", {bubbles: true}));
            });
            await all;
        }""",
        [games, list(events)],
    )
    times: list[float] = page.evaluate(
        """async ([runs]) => {
            const rating = document.getElementById("rating");
            const out = [];
            for (let i = 0; i < runs; i++) {
                const done = new Promise((resolve) => document.addEventListener("elo:result", resolve, {once: true}));
                const t = performance.now();
                rating.value = String(1500 + (i % 2));
                rating.dispatchEvent(new Event("input", {bubbles: true}));
                await done;
                out.push(performance.now() - t);
            }
            return out;
        }""",
        [runs],
    )
    page.context.close()
    return times


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


# ---- big input: long pastes and long game lists (issue 11) ---------------------------------------

# Every main-thread task of 50 ms or more, from the page's start (the "longtask" entries).
LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e); })
    .observe({type: "longtask", buffered: true});"""
# Resolves once the result answers `n` games and the rows are all on the page, then one frame later.
# Pastes `text` into the first opponent box as the clipboard would.
PASTE = """(text) => { const data = new DataTransfer(); data.setData("text/plain", text);
    document.querySelector(".opp").dispatchEvent(
        new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true})); }"""
# Opens the paste dialog and pastes `text` into its box as the clipboard would.
PASTE_IN_DIALOG = """(text) => { document.getElementById("paste-open").click(); const data = new DataTransfer();
    data.setData("text/plain", text); document.getElementById("paste-text").dispatchEvent(
        new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true})); }"""
SETTLED = """(n) => new Promise((resolve) => {
    const done = () => document.querySelectorAll(".opp").length >= n
        && document.getElementById("score").textContent.includes(`${n} of`);
    const check = () => done() ? requestAnimationFrame(() => setTimeout(resolve)) : setTimeout(check, 20);
    check();
})"""


def big_page(browser: Browser, url: str, query: str = "?system=elo&k=20&rating=1500") -> Page:
    """A fresh widget page (by default Elo, K 20, rating 1500) with the long-task observer, Python ready."""
    context = browser.new_context(bypass_csp=True)
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(url + query)
    page.wait_for_function("() => performance.getEntriesByName('elo:first-result').length > 0", timeout=120_000)
    return page


def paste_task(browser: Browser, url: str, lines: int, dialog: bool) -> tuple[float, float]:
    """The longest main-thread task and the total time (ms) from a paste of `lines` lines of
    `1600 1` (into the first opponent box, or through the paste dialog's Add) until the games
    (at most the 10 000 the list takes) are all shown with their result."""
    page = big_page(browser, url)
    text = "1600 1\n" * lines
    if dialog:
        page.evaluate(PASTE_IN_DIALOG, text)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r)))")
    start: float = page.evaluate("() => { window.__longtasks.length = 0; return performance.now(); }")
    if dialog:
        page.evaluate("() => document.querySelector('#paste-form button[value=add]').click()")
    else:
        page.evaluate(PASTE, text)
    page.evaluate(SETTLED, min(lines, 10_000))
    total: float = page.evaluate("(start) => performance.now() - start", start)
    longest: float = page.evaluate("() => Math.max(0, ...window.__longtasks.map((e) => e.duration))")
    page.context.close()
    return longest, total


# Resolves once the page has been idle for a while: a requestIdleCallback given a whole idle period
# (50 ms with nothing queued), twice in a row, so that no chunk of work is still waiting in a task.
IDLE = """() => new Promise((resolve) => {
    let quiet = 0;
    const wait = () => requestIdleCallback((deadline) => {
        quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0;
        if (quiet >= 2) resolve(); else setTimeout(wait, 20);
    });
    wait();
})"""


def paste_dialog_to_idle(browser: Browser, url: str, system: str, lines: int = 100_000, pasted: bool = True) -> float:
    """The longest main-thread task from the paste dialog's Add, its text `lines` lines of `1500 1`
    and `1500 ½` (a FIDE card or an Elo list), until the page is idle again: every game the list
    takes is shown with its result and the dialog says what was not added (issue 29, item 15).
    `pasted`: the text pasted into the box, as a visitor does (held aside, paste.js); else typed into
    it (the box's value set: what a paste did before issue 38)."""
    page = big_page(browser, url, "?system=fide&rating=1500" if system == "fide" else "?system=elo&k=20&rating=1500")
    text = "1500 1\n1500 ½\n" * (lines // 2)
    page.evaluate(PASTE_IN_DIALOG if pasted else """(text) => { document.getElementById("paste-open").click();
        document.getElementById("paste-text").value = text; }""", text)
    page.evaluate(IDLE)
    page.evaluate("""(n) => { window.__longtasks.length = 0;
        const event = (name, done) => new Promise((resolve) => {
            const seen = (e) => { if (done(e)) { document.removeEventListener(name, seen); resolve(); } };
            document.addEventListener(name, seen);
        });
        window.__settled = Promise.all([event("elo:rows", () => true),
                                        event("elo:result", (e) => e.detail.games?.length === n)]);
        document.querySelector('#paste-form button[value=add]').click(); }""", min(lines, 10_000))
    page.evaluate("() => window.__settled")
    page.wait_for_function("() => document.getElementById('paste').open")
    page.evaluate(IDLE)
    longest: float = page.evaluate("() => Math.max(0, ...window.__longtasks.map((e) => e.duration))")
    page.context.close()
    return longest


def typing_10k(browser: Browser, url: str, runs: int = 30, system: str = "elo") -> tuple[list[float], float]:
    """With 10 000 games (Elo, or FIDE): a digit typed into the player's rating (CDP Input.insertText
    over its last digit) to the frame after the result updated, in ms; and the longest task meanwhile."""
    page = big_page(browser, url, "?system=elo&k=20&rating=1500" if system == "elo" else "?system=fide&rating=1500")
    page.evaluate(PASTE, "".join(f"{1400 + (i * 37) % 600} 1\n" for i in range(10_000)))
    page.evaluate(SETTLED, 10_000)
    page.evaluate("() => { window.__longtasks.length = 0; }")
    cdp = page.context.new_cdp_session(page)
    times: list[float] = []
    for i in range(runs):
        page.evaluate("""() => { const el = document.getElementById("rating"); el.focus(); el.setSelectionRange(3, 4);
            window.__typed = new Promise((resolve) => {
                let start = 0;
                el.addEventListener("input", (e) => { start = e.timeStamp; }, {once: true});
                document.addEventListener("elo:result", () => requestAnimationFrame(() => setTimeout(
                    () => resolve(performance.now() - start))), {once: true});
            }); }""")
        cdp.send("Input.insertText", {"text": str((i + 1) % 2)})
        times.append(page.evaluate("() => window.__typed"))
    longest: float = page.evaluate("() => Math.max(0, ...window.__longtasks.map((e) => e.duration))")
    page.context.close()
    return times, longest


def big_input(browser: Browser, url: str) -> list[str]:
    """The figures of issue 11 (no paste or keystroke should hold the page for long), as lines to print."""
    lines = ["\nBig input (Elo; longest main-thread task, and total until every game shows; ms)",
             "| paste                          | longest task | total   |",
             "|--------------------------------|--------------|---------|"]
    for n in (10_000, 100_000):
        for dialog in (False, True):
            longest, total = paste_task(browser, url, n, dialog)
            where = "paste dialog" if dialog else "opponent box"
            lines.append(f"| {n:>7,} lines, {where:<16} | {longest:>12.0f} | {total:>7.0f} |")
    for system in ("fide", "elo"):
        for pasted in (True, False):
            longest = paste_dialog_to_idle(browser, url, system, pasted=pasted)
            how = "pasted into its box (held aside)" if pasted else "its box's value set (as typed)"
            lines.append(f"100 000 lines of `1500 1` and `1500 ½` added from the paste dialog ({system}, {how}), "
                         f"longest task from the click to idle: {longest:.0f} ms (limit 200 ms)")
    for system in ("elo", "fide"):
        times, longest = typing_10k(browser, url, system=system)
        lines.append(f"Typing a digit into the rating with 10 000 games ({system}), input to the frame after the "
                     f"result: median {statistics.median(times):.0f} ms, p95 {p95(times):.0f} ms, longest task "
                     f"{longest:.0f} ms")
    return lines


def main() -> None:
    site = textbook_site()
    wheel = next(site.glob("elo_core-*.whl")).name
    with sync_playwright() as p:
        loads.run(p, ROOT / "dist", site, wheel, ROOT / "bench" / "hosts")  # cold/warm, widget vs textbook
        returning.run(p, ROOT / "dist", site, wheel)  # Python from the kept snapshot (issue 44)
        widget_server = serve.start(ROOT / "dist", "127.0.0.1", 0)
        widget = f"http://127.0.0.1:{widget_server.server_address[1]}/widget/"
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        requests = cold_requests(browser, widget, ROOT / "dist")
        r9 = recompute(browser, widget, 9)
        r500 = recompute(browser, widget, 500)
        period = recompute(browser, widget, 39, events=(8, 8, 6, 8, 9))
        big = big_input(browser, widget)
        browser.close()
    print_requests(requests)
    print("\nRecompute, input event to updated result (ms)")
    print("| games                     | median | p95   |")
    print("|---------------------------|--------|-------|")
    for name, xs in (("9", r9), ("500", r500), ("39 in 5 tournaments, FIDE", period)):
        print(f"| {name:>25} | {statistics.median(xs):>6.1f} | {p95(xs):>5.1f} |")
    embed = (ROOT / "dist" / "embed.js").read_bytes()
    print(f"\nEmbed: embed.js {len(embed):,} B, {len(gzip.compress(embed, 9)):,} B gzipped, "
          f"{len(brotli.compress(embed, quality=11)):,} B brotli")
    print("\n".join(big))
    shutil.rmtree(site)


if __name__ == "__main__":
    main()
