"""Phones and slow networks: the service worker (widget/offline/sw.js, built to dist/sw.js) serves a second
visit with the network gone and replaces a cached build whole; where no service worker can run, the
calculator works online as before. Two calculators on one page share one interpreter (a
SharedWorker, widget/engine/shared-engine.js), or get one worker each where SharedWorker is missing.

"Offline" here is real: the site's server is shut down and the browser's HTTP cache cleared, so only
the service worker's own cache can answer.
"""

from __future__ import annotations

import functools
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Page, Playwright, expect

from .. import broken_host
from ..site_copy import REBUILT_TITLE, Builds, deploy, rate_elo_seed
from .conftest import HOSTS, NO_SHARED_WORKER
from .test_embed import rate_fide_period

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip

ROOT = Path(__file__).resolve().parents[2]


def until(page: Page, stage: str) -> None:
    """Wait until the page's service worker is "activated" (it registers after the first result),
    or a newer build's is "waiting" (installed, until the old one's pages go); a minute at most.
    (wait_for_function would take an async test's promise for true.)"""
    page.evaluate("""async (stage) => {
        for (let i = 0; i < 600; i++) {
            const r = await navigator.serviceWorker.getRegistration();
            if (stage === "waiting" ? r?.waiting : r?.active?.state === "activated") return;
            await new Promise((done) => setTimeout(done, 100));
        }
        throw new Error("no service worker " + stage + " after a minute");
    }""", stage)


# Every cached URL, by cache name.
# The worker's debug log, each line a performance mark (widget/engine/engine.js).
ENGINE_LOG = "() => performance.getEntriesByName('elo-core engine').map((e) => e.detail)"
# The service worker's caches (not Python's snapshot, which the engine's worker keeps: snapshot.js).
CACHED = """async () => Object.fromEntries(await Promise.all((await caches.keys())
    .filter((name) => name.startsWith("elo-calculator-")).map(async (name) =>
    [name, (await (await caches.open(name)).keys()).map((r) => r.url)])))"""


class Site:
    """A built site served on a fixed port that a test may stop (the network gone) and restart,
    recording the path of every request the server answers."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.paths: list[str] = []
        self.errors: dict[str, int] = {}  # a path the server answers with an error status instead
        self.errors_kept_a_year = False  # a misconfigured host: its 404s under static/ sent as immutable
        self.server = self.start(0)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self, port: int) -> serve.Server:
        server = serve.start(self.root, "127.0.0.1", port)
        paths, errors = self.paths, self.errors
        handler = server.RequestHandlerClass.func  # type: ignore[attr-defined]
        handler.log_message = lambda handler, *args: paths.append(handler.path)
        send_head, end_headers = handler.send_head, handler.end_headers

        def misconfigured(h: serve.Handler) -> None:
            if self.errors_kept_a_year:
                h.status = 200  # every answer gets the file's own Cache-Control
            end_headers(h)

        handler.end_headers = misconfigured

        def failing(h: serve.Handler):  # type: ignore[no-untyped-def]
            status = errors.get(h.path.split("?", 1)[0])
            return h.send_error(status) if status else send_head(h)

        handler.send_head = failing
        return server

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def offline(context: BrowserContext, page: Page) -> None:
    """No network and an empty HTTP cache: what is not in the service worker's cache cannot load."""
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)


def folders(dist: Path) -> set[str]:
    return {p.name for p in (dist / "static").iterdir() if p.is_dir() and p.name != "pyodide"}


def builders(dist: Path) -> set[str]:
    """The snippet builder's folder (its page, not the widget's: it carries the widget's name in each language, for
    the titles of the frames it writes, so a changed text moves it too)."""
    return {p.name for p in (dist / "static").iterdir() if (p / "builder.js").exists()}


@pytest.fixture()
def site() -> Iterator[Site]:
    s = Site(ROOT / "dist")
    yield s
    s.stop()


@pytest.fixture()
def own_site(tmp_path: Path) -> Iterator[Site]:
    """The built site copied, for a test to break as a host's hiccup would (modification times
    kept: the build's precompressed copies are still sent for the files left as they are)."""
    s = Site(Path(shutil.copytree(ROOT / "dist", tmp_path / "site")))
    yield s
    s.stop()


def test_second_visit_computes_with_the_network_off(playwright: Playwright, browser_type_launch_args: dict[str, Any],
                                                   site: Site, tmp_path: Path) -> None:
    """A returning visitor on a phone that lost its connection: a browser profile kept on disk,
    closed, opened again with the server gone and the HTTP cache cleared. Python starts from the
    snapshot the first visit kept (widget/engine/snapshot.js), offline as online."""
    profile = tmp_path / "profile"
    context = playwright.chromium.launch_persistent_context(profile, **browser_type_launch_args)
    rate_elo_seed(context.pages[0], site.url)
    until(context.pages[0], "activated")
    context.pages[0].wait_for_function(f"() => ({ENGINE_LOG})().some((t) => /snapshot kept:/.test(t))")
    context.close()
    site.stop()

    context = playwright.chromium.launch_persistent_context(profile, **browser_type_launch_args)
    page = context.pages[0]
    offline(context, page)
    rate_elo_seed(page, site.url)
    page.wait_for_function(f"() => ({ENGINE_LOG})().some((t) => /Python started/.test(t))")
    log = page.evaluate(ENGINE_LOG)
    assert any("Python started from the snapshot" in line for line in log), log
    context.close()
    site.server = site.start(site.port)  # for the fixture to stop


def test_retry_offline_takes_the_kept_files(browser: Browser, site: Site) -> None:
    """Offline, the engine's worker stopped and Retry failed every time ("a file could not be loaded"), while a reload
    computed at once (hp97): a Retry asks past the caches (`?fresh`, `cache: "reload"`), and the service worker sent
    those to the network alone, under the address with its query. Offline it now answers with the copy it keeps."""
    context = browser.new_context()
    context.add_init_script(NO_SHARED_WORKER)  # a dedicated worker, which the test can stop
    try:
        page = context.new_page()
        rate_elo_seed(page, site.url)
        until(page, "activated")
        offline(context, page)
        page.reload()
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1400")
        expect(page.get_by_label("New rating", exact=True)).to_have_text("1467.1")
        page.workers[0].evaluate("setTimeout(() => { throw new Error('a crash') }, 0)")
        # By keyboard: a click's point is taken before it is made, and the page may scroll in between (the field typed
        # in kept clear of the result's bar as the crash empties it): a click in CI landed beside Retry, on nothing.
        page.get_by_role("button", name="Retry").press("Enter")
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
        expect(page.get_by_label("New rating", exact=True)).to_have_text("1478.1")
    finally:
        context.close()


@pytest.mark.parametrize("gone", ["the build", "its views.zip alone"])
def test_a_site_updated_under_an_open_page_says_to_reload_it(browser: Browser, site: Site, gone: str) -> None:
    """The site deployed again while a page was open (no service worker: a club's page on another site): opening a
    results file then said "could not start (it stopped unexpectedly)", and Retry asked the old build's files again,
    for ever (hp97). The views' Python gone from the site with its build says the calculator was updated, and its
    button reloads. A build deployed without its views.zip (its elo_core.zip still there) is no update: a reload would
    ask for it again, for ever (rv86); it says a file could not be loaded, and Retry asks again."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        rate_elo_seed(page, site.url)  # the page's Python started: its elo_core.zip fetched
        folder = "/" + next(site.root.glob("static/*/views.zip")).parent.relative_to(site.root).as_posix()
        site.errors[folder + "/views.zip"] = 404
        if gone == "the build":
            site.errors[folder + "/elo_core.zip"] = 404
        page.get_by_role("button", name="Open a results file").click()
        page.get_by_label("Results file (CSV)").set_input_files(str(ROOT / "tests" / "ladder" / "club-games.csv"))
        if gone == "the build":
            updated = "The calculator was updated on this site since the page was opened"
            expect(page.get_by_text(updated)).to_be_visible()
            with page.expect_navigation():
                page.get_by_role("button", name="Reload the page").click()
        else:
            expect(page.get_by_text("The calculator could not start (a file could not be loaded)")).to_be_visible()
            site.errors.clear()
            page.get_by_role("button", name="Retry").press("Enter")
            expect(page.get_by_role("table", name=re.compile("^Ranking"))).to_be_visible()
    finally:
        context.close()


def test_rebuilt_site_replaces_the_cached_build_without_mixing(browser: Browser, builds: Builds,
                                                               deployed: Path) -> None:
    site = Site(deployed)
    context = browser.new_context()
    page = context.new_page()
    rate_elo_seed(page, site.url)
    until(page, "activated")
    first = folders(deployed)

    deploy(deployed, builds.second / "dist")
    second = folders(deployed)
    site.paths.clear()
    # Online: the new page, and only the new build's files (served through the old worker, which
    # keeps its own build); the new worker installs beside it.
    rate_elo_seed(page, site.url)
    expect(page).to_have_title(REBUILT_TITLE)
    until(page, "waiting")
    requested = {m[1] for path in site.paths if (m := re.match(r"/static/(\w+)/", path))}
    assert (set(), True) == (requested & (first - second), second - first - builders(deployed) <= requested)

    # The old build's page gone, the new worker takes over and deletes the old cache; offline, the
    # new page and its files come from the one cache left.
    page.close()
    site.stop()
    page = context.new_page()
    offline(context, page)
    rate_elo_seed(page, site.url)
    expect(page).to_have_title(REBUILT_TITLE)
    (urls,) = page.evaluate(CACHED).values()  # one cache: the old build's is gone
    cached = {m[1] for url in urls if (m := re.search(r"/static/(\w+)/", url))}
    assert (set(), second - first - builders(deployed)) == (cached & (first - second), cached - {"pyodide"})
    context.close()


@pytest.mark.parametrize("where", ["third-party frame", "no serviceWorker"])
def test_without_a_service_worker_the_calculator_still_computes(chrome_context: BrowserContext, widget_origin: str,
                                                                host_origin: str, where: str) -> None:
    """A registration refused (this Chromium refuses it in a third-party frame, as where third-party
    cookies are blocked), or no service workers at all (in-app browsers): noted, no error, and the
    second visit computes online as the first did."""
    if where == "no serviceWorker":
        chrome_context.add_init_script("delete Navigator.prototype.serviceWorker")
    page = chrome_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    embedded = where == "third-party frame"
    url = f"{host_origin}/two.html" if embedded else f"{widget_origin}/widget/?system=elo&k=24&rating=1500"
    for _visit in (1, 2):
        with page.expect_console_message(lambda m: "offline use is not available" in m.text):
            page.goto(url)
            ladder = page.frame_locator("#ladder >> iframe") if embedded else page
            ladder.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
            expect(ladder.get_by_label("New rating", exact=True)).to_have_text("1512.0")
    assert [] == errors


# ---- two calculators on one page --------------------------------------------------------------

@pytest.fixture()
def same_site_host(widget_origin: str) -> Iterator[str]:
    """A club page on the widget's own site (another port of 127.0.0.1), as a federation hosting
    its pages and the calculator together: the frames are first-party, where SharedWorker runs."""
    server = serve.start(HOSTS, "127.0.0.1", 0, csp=None, substitutions={"__WIDGET_ORIGIN__": widget_origin})
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def rate_both(page: Page) -> FrameLocator:
    """two.html's calculators, each with games of its own, both computed; returns the second."""
    chess, ladder = (page.frame_locator(f"#{name} >> iframe") for name in ("chess", "ladder"))
    rate_fide_period(chess)
    ladder.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(ladder.get_by_label("New rating", exact=True)).to_have_text("1512.0")
    return ladder


def interpreters(browser: Browser, page: Page) -> tuple[int, int]:
    """Shared workers in the browser, dedicated workers of the page's frames."""
    targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
    return sum(t["type"] == "shared_worker" for t in targets), len(page.workers)


class StallingSite:
    """The built site, its WebAssembly's first download stalled: answered, and then not one byte of
    it, as a link that stops, until the test ends. The request is the shared worker's, which
    Playwright can neither route nor see (conftest.py), so the server itself holds it."""

    def __init__(self) -> None:
        self.server = serve.start(ROOT / "dist", "127.0.0.1", 0)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.stalled = threading.Event()  # the first download has begun, and stopped
        self.released = threading.Event()  # the test is over
        handler = self.server.RequestHandlerClass.func  # type: ignore[attr-defined]
        copyfile = handler.copyfile

        def stalling(h: serve.Handler, source: Any, out: Any) -> None:
            if h.path.endswith("/pyodide.asm.wasm") and not self.stalled.is_set():
                out.flush()
                self.stalled.set()
                self.released.wait()
                return
            copyfile(h, source, out)

        handler.copyfile = stalling

    def stop(self) -> None:
        self.released.set()
        self.server.shutdown()


def test_retry_after_a_stalled_shared_download_starts_every_calculator_again(browser: Browser) -> None:
    """Two calculators share one interpreter (a SharedWorker), whose WebAssembly stalls. Retry in
    one abandons that interpreter for both: both load again, and compute. (The shared worker was
    left downloading beside the retry's own worker, and the other calculator stayed stalled.)"""
    site = StallingSite()
    host = serve.start(HOSTS, "127.0.0.1", 0, csp=None, substitutions={"__WIDGET_ORIGIN__": site.origin})
    context = browser.new_context()
    try:
        page = context.new_page()
        page.clock.install()
        page.goto(f"http://127.0.0.1:{host.server_address[1]}/two.html")
        assert site.stalled.wait(60), "the WebAssembly was not asked for within a minute"
        assert [] == page.workers  # no worker of a frame's own: the shared one is in play
        chess, ladder = (page.frame_locator(f"#{name} >> iframe") for name in ("chess", "ladder"))
        for frame in (chess, ladder):  # both calculators run, their watch on loading with them
            expect(frame.get_by_text("Loading Python")).to_be_visible()
        page.clock.run_for("01:00")
        for frame in (chess, ladder):
            expect(frame.get_by_text("The download of Python has stopped")).to_be_visible()
        chess.get_by_role("button", name="Retry").press("Enter")
        rate_both(page)
    finally:
        context.close()
        host.shutdown()
        site.stop()


def test_two_calculators_share_one_interpreter(chrome: Browser, chrome_context: BrowserContext,
                                              same_site_host: str) -> None:
    """In the full browser, which counts only this test's workers and, like Chrome, has SharedWorker."""
    page = chrome_context.new_page()
    page.goto(f"{same_site_host}/two.html")
    ladder = rate_both(page)
    assert (1, 0) == interpreters(chrome, page)
    # One calculator gone: the other keeps its interpreter, and computes.
    page.locator("#chess").evaluate("(element) => element.remove()")
    ladder.get_by_label("Opponent rating, game 1", exact=True).fill("1700")
    expect(ladder.get_by_label("New rating", exact=True)).to_have_text("1518.2")


@pytest.mark.parametrize("where", ["no SharedWorker", "third-party frames"])
def test_two_calculators_without_a_shared_worker_get_one_each(chrome: Browser, chrome_context: BrowserContext,
                                                              same_site_host: str, host_origin: str,
                                                              where: str) -> None:
    """Chrome on Android has no SharedWorker; Chrome refuses one in a third-party frame where
    third-party cookies are blocked (as in this Chromium): each calculator gets a worker of its own."""
    if where == "no SharedWorker":
        chrome_context.add_init_script(NO_SHARED_WORKER)
    page = chrome_context.new_page()
    page.goto(f"{same_site_host if where == 'no SharedWorker' else host_origin}/two.html")
    rate_both(page)
    assert (0, 2) == interpreters(chrome, page)


def test_service_worker_script_is_revalidated_javascript(page: Page, widget_origin: str) -> None:
    """The worker's script keeps its name: every host file sends it no-cache (a year's cache would
    pin visitors to an old build), as JavaScript (browsers refuse any other type)."""
    response = page.request.get(f"{widget_origin}/sw.js")
    headers = (ROOT / "dist" / "_headers").read_text()
    assert ("text/javascript", "no-cache") == (response.headers["content-type"], response.headers["cache-control"])
    assert "/sw.js\n  Cache-Control: no-cache\n" in headers


# ---- a flaky or broken host (tests/broken_host.py). A missing, damaged or tampered engine file is played behind
# nginx and Apache, the servers a club's site runs on (tests/test_release.py); not again behind this dev server.

def test_the_cached_page_answers_a_host_s_503_502_and_404(browser: Browser, own_site: Site) -> None:
    @contextmanager
    def answering(status: int) -> Iterator[None]:
        own_site.errors.update({"/widget/": status, "/widget/index.html": status})
        try:
            yield
        finally:
            own_site.errors.clear()

    broken_host.the_cached_page_answers_a_host_error(
        browser, own_site.url, [functools.partial(answering, status) for status in (503, 502, 404)])


def test_retry_asks_past_a_404_that_a_misconfigured_host_let_the_browser_keep(browser: Browser,
                                                                             own_site: Site) -> None:
    """A host that sends the year's Cache-Control with its 404s too (as nginx.conf.example and
    static/.htaccess did): the browser keeps the 404 of elo_core.zip, missing for a moment. Retry
    asks past the HTTP cache, and computes once the file is back."""
    own_site.errors_kept_a_year = True
    context = browser.new_context()
    try:
        page = context.new_page()
        with broken_host.moved_away(broken_host.engine_file(own_site.root)):
            page.goto(f"{own_site.url}widget/?system=elo&k=40&rating=1450&lang=en")
            expect(page.get_by_text(broken_host.COULD_NOT_START)).to_be_visible()
        page.get_by_role("button", name="Retry").press("Enter")
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
        expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
        expect(page.locator("#engine")).to_have_attribute("hidden", "")
    finally:
        context.close()


def test_a_tampered_webassembly_that_still_runs_is_refused(browser: Browser, own_site: Site) -> None:
    """Pyodide's WebAssembly with a section added (it still compiles and runs, and is checked only
    beside its streaming compile): Python is never reported ready with it."""
    (wasm,) = own_site.root.glob("static/pyodide/*/pyodide.asm.wasm")
    with wasm.open("ab") as out:
        out.write(b"\x00\x0a\x01xtampered")  # a custom section named "x": ignored by the engine
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{own_site.url}widget/?system=elo&k=40&rating=1450&lang=en")
        expect(page.get_by_text(broken_host.COULD_NOT_START)).to_be_visible()
        expect(page.get_by_label("New rating", exact=True)).not_to_have_text("1472.9")
    finally:
        context.close()
