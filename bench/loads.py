"""Cold and warm loads for `make bench` (bench/browser.py; printed, never asserted): the widget
against the textbook page (bench/textbook.html), interleaved in one run (widget, textbook, widget...).

Each run is a fresh persistent Chromium profile: a cold visit, the browser closed, the same profile
relaunched and a warm visit (a real second visit: HTTP cache, compiled code, saved entries). Bytes
come from the servers' own log (every response's path, status, Content-Length and Content-Encoding,
the worker's requests included), raw being the file's size on disk. Figures per visit:
- form usable (the widget's "elo:usable" mark) and first result: the first time the "New rating"
  output shows a number, after typing a rating and one opponent by CDP Input.insertText (or at once,
  when a saved or prefilled calculation already gives one: on a warm visit, the answer the widget
  kept from the first, shown before Python starts); the textbook page's "elo:first-result";
- Python ready (the widget): its "elo:ready" event, when the engine can compute; on a warm visit the
  first result that Python itself could give, and what a visitor waits for after changing an entry;
- recompute (warm visits): a digit typed by Input.insertText to the frame after the new result;
- the club page embedding the widget by embed.js (bench/hosts/): its load event, and its long tasks
  until the calculator says it is ready;
- typed as a visitor types (cold visits of the club page): a rating and an opponent key by key
  through the embed, from the frame's form usable; the first number and the wait after the last key;
- the Lighthouse mobile profile (cold visits): CPU 4x slower on the page (CDP) and in the renderers'
  other threads, the engine's worker among them (bench/slow_cpu.py), and 150 ms, 1.6 Mbit/s down,
  files compressed as the server sends them. The network is emulated at the server (`PhoneLink`),
  for every request: CDP's Network.emulateNetworkConditions slows only the target it is sent to,
  the page, and the shared worker (a target of its own) fetched Pyodide's modules at full speed.
BENCH_RUNS (default 5) sets the number of runs.
"""

from __future__ import annotations

import functools
import json
import os
import re
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import serve
from playwright.sync_api import BrowserContext, Page, Playwright
from site_policy import COMPRESSIBLE

from bench import slow_cpu
from bench.requests import CACHE, sizes
from bench.slow_cpu import SlowThreads

RUNS = int(os.environ.get("BENCH_RUNS", "5"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
MOBILE_LATENCY = 0.150  # s, before each response
MOBILE_DOWN = 1.6e6 / 8  # bytes per second, shared by every response under way
MOBILE_CPU = 4
TARGET_BROTLI = 4.0e6

# Times (performance.now()) of the first "New rating" number, of the progress bar showing a value, and
# of Python being ready.
WATCH = """window.__bench = {};
document.addEventListener("elo:ready", () => { window.__bench.ready ??= performance.now(); });
new MutationObserver((_, observer) => {
  // Cheap checks first: the visibility test lays the page out, which on every mutation while the
  // page parses would slow the very load it measures.
  const b = window.__bench, out = document.getElementById("new-rating");
  const bar = document.getElementById("engine-progress");
  if (!b.number && out && /[0-9]/.test(out.textContent || "")) b.number = performance.now();
  if (!b.progress && bar && bar.hasAttribute("value") && bar.value > 0
      && bar.checkVisibility({visibilityProperty: true})) {  // not inside a hidden page
    b.progress = performance.now();
  }
  if (b.number && b.progress) observer.disconnect();
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});"""
# On the club page: its long tasks, how far its content moves (the layout shift score, as Core Web
# Vitals count it: the paragraph under the calculator moves when the frame's height changes), and when
# the calculator says it is ready (embed.js relays it).
HOST_WATCH = """window.__longtasks = []; window.__ready = 0; window.__shift = 0;
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push(e.duration); })
  .observe({type: "longtask", buffered: true});
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
  .observe({type: "layout-shift", buffered: true});
document.addEventListener("elo-calculator:ready", () => { window.__ready = performance.now(); }, true);"""
# A digit typed into the rating (its last digit selected) to the frame after the new result, in ms.
ARM_RECOMPUTE = """() => { const el = document.getElementById("rating"); el.focus();
  el.setSelectionRange(el.value.length - 1, el.value.length);
  window.__typed = new Promise((resolve) => {
    let start = 0;
    el.addEventListener("input", (e) => { start = e.timeStamp; }, {once: true});
    document.addEventListener("elo:result", () => requestAnimationFrame(() => setTimeout(
      () => resolve(performance.now() - start))), {once: true});
  }); }"""


@dataclass
class Log:
    """What a server sent: (path, status, body bytes, encoding) per response, in order."""

    rows: list[tuple[str, int, int, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> list[tuple[str, int, int, str]]:
        with self.lock:
            rows, self.rows = self.rows, []
        return rows


class PhoneLink:
    """A phone's connection, at the server: each response waits `latency` seconds before it starts,
    and all responses under way share `rate` bytes per second (sent in 16 KiB slices, first come first
    served). Requests are not slowed (a few hundred bytes each)."""

    SLICE = 16 * 1024

    def __init__(self, latency: float, rate: float) -> None:
        self.latency, self.rate = latency, rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def wait(self, size: int) -> None:
        """Return when `size` more bytes have crossed the link."""
        with self.lock:
            self.free_at = max(time.monotonic(), self.free_at) + size / self.rate
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class _SlowWriter:
    """A response's socket file, written through a `PhoneLink`."""

    def __init__(self, raw: Any, link: PhoneLink) -> None:
        self.raw, self.link = raw, link

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for at in range(0, len(view), PhoneLink.SLICE):
            part = view[at:at + PhoneLink.SLICE]
            self.link.wait(len(part))
            self.raw.write(part)
        return len(view)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def start(root: Path, host: str, log: Log, link: PhoneLink | None = None, **options: Any) -> str:
    """scripts/serve.py's server on a free port, logging every response into `log` (and sending it
    through `link`, when given); its origin."""

    class Logged(serve.Handler):
        sent: tuple[str, int] = ("", 0)
        length = 0
        encoding = ""

        def setup(self) -> None:
            super().setup()
            if link:
                self.wfile = _SlowWriter(self.wfile, link)  # type: ignore[assignment]

        def send_response(self, code: int, message: str | None = None) -> None:
            if link:
                time.sleep(link.latency)
            self.sent, self.length, self.encoding = (unquote(urlsplit(self.path).path), code), 0, ""
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword == "Content-Length":
                self.length = int(value)
            elif keyword == "Content-Encoding":
                self.encoding = value
            super().send_header(keyword, value)

        def end_headers(self) -> None:
            super().end_headers()
            with log.lock:
                log.rows.append((*self.sent, self.length, self.encoding))

    handler = type("BenchHandler", (Logged,), {"csp": options.get("csp", True),
                                               "substitutions": options.get("substitutions") or {}})
    server = serve.Server((host, 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://{host}:{server.server_address[1]}"


@dataclass
class Visit:
    usable: float | None = None
    first: float | None = None
    progress: float | None = None
    ready: float | None = None
    sent: list[tuple[str, int, int, str]] = field(default_factory=list)
    recompute: list[float] = field(default_factory=list)
    worker_slowed: bool = False  # mobile: the engine's worker thread was slowed (bench/slow_cpu.py)


def launch(p: Playwright, profile: Path, settle: float = 0.0, args: tuple[str, ...] = ()) -> BrowserContext:
    """Chromium on `profile`, with more switches (`args`); `settle` s later, when asked (a returning visitor's
    browser is running already: its own start, Chromium's pages among it, is over)."""
    context = p.chromium.launch_persistent_context(  # bypass_csp lets Playwright poll; the page's code is unchanged
        profile, executable_path="/usr/bin/chromium", args=[*ARGS, *args], bypass_csp=True)
    time.sleep(settle)
    return context


def mark(page: Page, name: str) -> float:
    page.wait_for_function(f"() => performance.getEntriesByName({name!r}).length > 0", timeout=300_000)
    at: float = page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime")
    return at


def widget_visit(p: Playwright, profile: Path, url: str, log: Log, mobile: bool = False, typing: int = 0) -> Visit:
    """One visit of the widget in `profile`: usable, first number, progress, bytes sent until then.
    On the mobile profile, the renderers' other threads are slowed as the page is (bench/slow_cpu.py)."""
    if not (mobile and slow_cpu.available()):
        return _widget_visit(p, profile, url, log, mobile, typing)
    with SlowThreads(profile, MOBILE_CPU) as slowed:
        visit = _widget_visit(p, profile, url, log, mobile, typing)
        visit.worker_slowed = slowed.worker_slowed
    return visit


def _widget_visit(p: Playwright, profile: Path, url: str, log: Log, mobile: bool, typing: int) -> Visit:
    context = launch(p, profile)
    context.add_init_script(WATCH)
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    if mobile:  # the network is the server's (PhoneLink)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": MOBILE_CPU})
    log.take()
    page.goto(url, wait_until="commit")
    visit = Visit(usable=mark(page, "elo:usable"))
    if not page.evaluate("() => window.__bench.number"):
        for field, value in (("#rating", "1500"), (".opp", "1600")):  # over what a saved entry left there
            page.evaluate(f"() => {{ const el = document.querySelector({field!r}); el.focus(); el.select(); }}")
            cdp.send("Input.insertText", {"text": value})
    page.wait_for_function("() => window.__bench.number", timeout=300_000)
    visit.first = page.evaluate("() => window.__bench.number")
    visit.progress = page.evaluate("() => window.__bench.progress ?? null")
    # A warm visit shows the kept answer before Python starts: keystrokes are timed once it runs.
    page.wait_for_function("() => window.__bench.ready", timeout=300_000)
    visit.ready = page.evaluate("() => window.__bench.ready")
    visit.sent = log.take()
    for i in range(typing):
        page.evaluate(ARM_RECOMPUTE)
        cdp.send("Input.insertText", {"text": str(i % 2)})
        visit.recompute.append(page.evaluate("() => window.__typed"))
    context.close()
    return visit


def textbook_visit(p: Playwright, profile: Path, url: str, log: Log, settle: float = 0.0) -> Visit:
    context = launch(p, profile, settle)
    page = context.pages[0] if context.pages else context.new_page()
    log.take()
    page.goto(url, wait_until="commit")
    visit = Visit(first=mark(page, "elo:first-result"))
    visit.sent = log.take()
    context.close()
    return visit


# A visitor's pace: a key every 150 ms (some 80 words a minute), and a second to find the next box.
KEY_DELAY_MS = 150
NEXT_BOX_MS = 1000
# The page's clock for the frame's performance.now() (each document has its own time origin).
ON_PAGE_CLOCK = "(t) => t + performance.timeOrigin"
# Every text the "New rating" output shows, with its time: the result for the last keystroke is the
# first time it shows the text it ends with.
SHOWN = """window.__shown = []; window.__lastInput = 0;
document.addEventListener("input", (e) => { window.__lastInput = e.timeStamp; }, true);
new MutationObserver(() => {
  const out = document.getElementById("new-rating"), text = out ? out.textContent : "";
  const last = window.__shown[window.__shown.length - 1];
  if (out && (!last || last[1] !== text)) window.__shown.push([performance.now(), text]);
}).observe(document, {subtree: true, childList: true, characterData: true});"""


def typed_visit(p: Playwright, profile: Path, url: str) -> tuple[float, float]:
    """A cold visit of the club page `url` where the visitor types as people do, through the embed:
    once the frame's form is usable, a rating and an opponent key by key (KEY_DELAY_MS), with a pause
    between the boxes (NEXT_BOX_MS). The first number shown, in ms from the club page's navigation, and
    the result of the last keystroke, in ms after it (what a visitor waits for: Python's start, where
    it has not ended by then)."""
    context = launch(p, profile)
    context.add_init_script(WATCH)
    context.add_init_script(SHOWN)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url, wait_until="commit")
    frame = next((f for f in page.frames if "/widget/" in f.url), None)
    if frame is None:
        frame = page.wait_for_event("framenavigated", lambda f: "/widget/" in f.url, timeout=300_000)
    frame.wait_for_function("() => performance.getEntriesByName('elo:usable').length > 0", timeout=300_000)
    for box, value in (("Your rating", "1500"), ("Opponent rating, game 1", "1600")):
        field = frame.get_by_label(box, exact=True)
        field.click()
        field.press_sequentially(value, delay=KEY_DELAY_MS)
        if box == "Your rating":
            page.wait_for_timeout(NEXT_BOX_MS)  # the visitor's pause: a bench, not a test
    frame.wait_for_function("() => window.__bench.number && window.__bench.ready", timeout=300_000)
    page.wait_for_timeout(1000)  # the last answer settles (a bench: no assertion rests on it)
    shown: list[tuple[float, str]] = frame.evaluate("() => window.__shown")
    last_key = float(frame.evaluate("() => window.__lastInput"))
    final = next(at for at, text in shown if text == shown[-1][1] and at >= last_key)
    number = float(frame.evaluate(f"() => ({ON_PAGE_CLOCK})(window.__bench.number)"))
    start = float(page.evaluate("() => performance.timeOrigin"))
    context.close()
    return number - start, final - last_key


HostVisit = tuple[float, list[float], float]


def host_visit(p: Playwright, profile: Path, url: str, embeds: bool) -> HostVisit:
    """The club page's load event (ms), its long tasks until the calculator is ready (or load), and
    its layout shift score until a second after that (the first result comes just after ready)."""
    context = launch(p, profile)
    context.add_init_script(HOST_WATCH)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url, wait_until="load")
    if embeds:
        page.wait_for_function("() => window.__ready > 0", timeout=300_000)
    load: float = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventEnd")
    tasks: list[float] = page.evaluate("() => window.__longtasks")
    page.wait_for_timeout(1000)
    shift: float = page.evaluate("() => window.__shift")
    context.close()
    return load, tasks, shift


def pair(visit: Any, *args: Any, **kwargs: Any) -> tuple[Any, Any]:
    """A cold visit in a new profile, then a warm one in the same profile after a relaunch."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        cold = visit(Path(tmp), *args, **kwargs)
        warm = visit(Path(tmp), *args, **kwargs)
    return cold, warm


def raw_size(root: Path, path: str) -> int:
    file = root / path.lstrip("/")
    file = file / "index.html" if file.is_dir() else file
    return file.stat().st_size if file.is_file() else 0


def med(xs: list[float | None]) -> float:
    known = [x for x in xs if x is not None]
    return statistics.median(known) if known else float("nan")


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)] if xs else float("nan")


def fmt_ms(x: float) -> str:
    return "—" if x != x else f"{x:,.0f}"


def brotli11_total(visit: Visit, root: Path) -> int:
    """The same files' bytes as a host that precompresses at brotli 11 would send them (bench/requests.py)."""
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    total = 0
    for path, status, sent, _ in visit.sent:
        file = root / path.lstrip("/")
        file = file / "index.html" if file.is_dir() else file
        if status != 200 or not file.is_file():
            total += sent
            continue
        data = file.read_bytes()
        total += sizes(data, cache)[1] if file.suffix in COMPRESSIBLE else len(data)
    CACHE.write_text(json.dumps(cache))
    return total


def sent_total(visit: Visit) -> int:
    return sum(r[2] for r in visit.sent)


def print_sent(title: str, visit: Visit, root: Path) -> None:
    print(f"\n{title}")
    print("| file                                     | status |        raw |       sent | encoding |")
    print("|------------------------------------------|--------|------------|------------|----------|")
    for path, status, sent, encoding in visit.sent:
        name = re.sub(r"/static/(pyodide/)?[^/]*[0-9a-f]{16}/", r"/static/\1…/", path)
        print(f"| {name[-40:]:<40} | {status:>6} | {raw_size(root, path):>10,} | {sent:>10,} | {encoding or '—':<8} |")
    raw = sum(raw_size(root, r[0]) for r in visit.sent if r[1] == 200)
    print(f"| {'total, ' + str(len(visit.sent)) + ' responses':<40} | {'':>6} | {raw:>10,} | {sent_total(visit):>10,} "
          f"| {'':<8} |")


def run(p: Playwright, dist: Path, textbook_root: Path, wheel: str, hosts_root: Path) -> None:
    """All the load figures, printed with their targets."""
    log = Log()
    widget = start(dist, "127.0.0.1", log) + "/widget/"
    textbook = start(textbook_root, "127.0.0.1", log, csp=None) + f"/textbook.html#{wheel}"
    phone = start(dist, "127.0.0.1", log, link=PhoneLink(MOBILE_LATENCY, MOBILE_DOWN)) + "/widget/"
    origin = widget.removesuffix("/widget/")
    host = start(hosts_root, "localhost", Log(), csp=None, substitutions={"__WIDGET_ORIGIN__": origin})
    ours: list[tuple[Visit, Visit]] = []
    theirs: list[tuple[Visit, Visit]] = []
    hosted: list[tuple[HostVisit, HostVisit]] = []
    bare: list[tuple[HostVisit, HostVisit]] = []
    mobile: list[Visit] = []
    by_hand: list[tuple[float, float]] = []
    for _ in range(RUNS):  # interleaved, so that the machine's load falls on both alike
        ours.append(pair(functools.partial(widget_visit, p), widget, log, typing=20))
        with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
            by_hand.append(typed_visit(p, Path(tmp), f"{host}/with.html"))
        theirs.append(pair(functools.partial(textbook_visit, p), textbook, log))
        hosted.append(pair(functools.partial(host_visit, p), f"{host}/with.html", True))
        bare.append(pair(functools.partial(host_visit, p), f"{host}/without.html", False))
        with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
            mobile.append(widget_visit(p, Path(tmp), phone, log, mobile=True))
    report(ours, theirs, hosted, bare, mobile, by_hand, dist, textbook_root)


def report(ours: list[tuple[Visit, Visit]], theirs: list[tuple[Visit, Visit]],
           hosted: list[tuple[HostVisit, HostVisit]],
           bare: list[tuple[HostVisit, HostVisit]],
           mobile: list[Visit], by_hand: list[tuple[float, float]], dist: Path, textbook_root: Path) -> None:
    print(f"\nLoads (Chromium, persistent profiles; medians of {RUNS} cold and {RUNS} warm visits, "
          "interleaved widget/textbook; ms from navigation)")
    print("| page      | visit | form usable | first result | Python ready | raw of 200s | bytes sent |")
    print("|-----------|-------|-------------|--------------|--------------|-------------|------------|")
    for name, visits, root in (("widget", ours, dist), ("textbook", theirs, textbook_root)):
        for i, kind in enumerate(("cold", "warm")):
            vs = [v[i] for v in visits]
            raw = med([sum(raw_size(root, r[0]) for r in v.sent if r[1] == 200) for v in vs])
            sent = med([sent_total(v) for v in vs])
            print(f"| {name:<9} | {kind:<5} | {fmt_ms(med([v.usable for v in vs])):>11} "
                  f"| {fmt_ms(med([v.first for v in vs])):>12} | {fmt_ms(med([v.ready for v in vs])):>12} "
                  f"| {raw:>11,.0f} | {sent:>10,.0f} |")
    print_sent("Every response of the widget's first cold visit until its first result "
               "(the servers' log, the worker's requests included; sent = body as the server compressed it)",
               ours[0][0], dist)
    print_sent("Every response of the textbook page's first cold visit", theirs[0][0], textbook_root)
    typed = [t for _, warm in ours for t in warm.recompute]
    print(f"\nRecompute, a digit typed (CDP Input.insertText) to the frame after the new result, warm visits: "
          f"median {med(list(typed)):.1f} ms, p95 {p95(typed):.1f} ms ({len(typed)} keystrokes)")
    print("\nClub page (bench/hosts/, 1280 x 720), load event and its long tasks until the calculator is ready (ms),"
          " and its layout shift score until a second after")
    print("| page                 | visit | load event | long tasks | longest | total | layout shift |")
    print("|----------------------|-------|------------|------------|---------|-------|--------------|")
    for name, rows in (("with the calculator", hosted), ("without", bare)):
        for i, kind in enumerate(("cold", "warm")):
            loads = [r[i][0] for r in rows]
            tasks = [r[i][1] for r in rows]
            shifts: list[float | None] = [r[i][2] for r in rows]
            print(f"| {name:<20} | {kind:<5} | {med(list(loads)):>10.0f} | {med([len(t) for t in tasks]):>10.0f} "
                  f"| {med([max(t, default=0) for t in tasks]):>7.0f} | {med([sum(t) for t in tasks]):>5.0f} "
                  f"| {med(shifts):>12.3f} |")
    m_bytes = med([sent_total(v) for v in mobile])
    m_ideal = m_bytes / MOBILE_DOWN * 1000
    m_first = med([v.first for v in mobile])
    print(f"\nMobile profile (cold; CPU {MOBILE_CPU}x slower on the page by Emulation.setCPUThrottlingRate; "
          "150 ms before each response and 1.6 Mbit/s down shared by all, at the server, for the page and the worker)")
    if slow_cpu.available():
        print("The engine's worker is slowed too: a worker target refuses Emulation.setCPUThrottlingRate, so every "
              "other thread of the browser's renderer processes (the worker where Python runs, the threads that "
              f"compile the WebAssembly) is held to 1/{MOBILE_CPU} of a core by Linux's CPU bandwidth control "
              f"(bench/slow_cpu.py); the worker's thread was found and slowed in "
              f"{sum(v.worker_slowed for v in mobile)} of {len(mobile)} visits.")
    else:
        print("The engine's worker is NOT slowed here (no writable /sys/fs/cgroup/cpu: bench/slow_cpu.py): a worker "
              "target refuses Emulation.setCPUThrottlingRate, so Python's start and the calculation run at this "
              "machine's full speed (the figure is optimistic there).")
    print("The network is the server's: CDP's emulation slows only the page's own requests, not the shared worker's.")
    print(f"form usable {fmt_ms(med([v.usable for v in mobile]))} ms, progress visible "
          f"{fmt_ms(med([v.progress for v in mobile]))} ms, first result {fmt_ms(m_first)} ms; "
          f"{m_bytes:,.0f} B sent ÷ 1.6 Mbit/s = {m_ideal:,.0f} ms")
    cold_sent = med([sent_total(v[0]) for v in ours])
    first_ratio = (med([v[0].first for v in ours]) / med([v[0].first for v in theirs]),
                   med([v[1].first for v in ours]) / med([v[1].first for v in theirs]),
                   med([v[1].ready for v in ours]) / med([v[1].first for v in theirs]))
    typed_ratio = med([t[0] for t in by_hand]) / med([v[0].first for v in theirs])
    print(f"\nTyped as a visitor types (cold; the club page bench/hosts/with.html; {KEY_DELAY_MS} ms a key, "
          f"{NEXT_BOX_MS} ms to the next box, from the frame's form usable): first result "
          f"{fmt_ms(med([t[0] for t in by_hand]))} ms from navigation, {fmt_ms(med([t[1] for t in by_hand]))} ms after "
          "the last keystroke. The bench's own cold figure above types both boxes at once the moment the form is "
          "usable, so its result waits for Python's whole start; a visitor's typing hides part of it, and the "
          "rest is what this line shows.")
    print(f"\nTargets (figures from this machine, medians of {RUNS} run(s); noisy when the machine is busy)")
    print("| measure                                    | target      | figure      |")
    print("|--------------------------------------------|-------------|-------------|")
    for name, target, figure in (
        ("bytes sent, cold (as served)", f"≤ {TARGET_BROTLI / 1e6:.1f} MB", f"{cold_sent / 1e6:.2f} MB"),
        ("same files precompressed at brotli 11", f"≤ {TARGET_BROTLI / 1e6:.1f} MB",
         f"{brotli11_total(ours[0][0], dist) / 1e6:.2f} MB"),
        ("first result cold, widget ÷ textbook", "≤ 0.45", f"{first_ratio[0]:.2f}"),
        ("  typed as a visitor types, via the embed", "none", f"{typed_ratio:.2f}"),
        ("  its result after the last keystroke", "none", f"{fmt_ms(med([t[1] for t in by_hand]))} ms"),
        ("first result warm (kept answer) ÷ textbook", "≤ 0.30", f"{first_ratio[1]:.2f}"),
        ("Python ready warm ÷ textbook first result", "none", f"{first_ratio[2]:.2f}"),
        ("mobile: form usable", "≤ 1,500 ms", f"{fmt_ms(med([v.usable for v in mobile]))} ms"),
        ("mobile: progress visible", "≤ 1,000 ms", f"{fmt_ms(med([v.progress for v in mobile]))} ms"),
        ("mobile: first result ÷ (bytes ÷ bandwidth)", "≤ 1.15", f"{m_first / m_ideal:.2f}"),
    ):
        print(f"| {name:<42} | {target:<11} | {figure:<11} |")
