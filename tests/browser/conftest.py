"""Browser test fixtures: the built site served on one origin, host pages on another, real Chromium.

Needs `make dist` (make test runs it), Debian's chromium-headless-shell and chromium (make test
installs them).

The suite's browser is the headless shell: the same Blink and V8 as Debian's chromium (one
source package, one version), without the full browser's services for each profile. Each
test's fresh context and Python boot cost 2.9 s of CPU there against 3.9 to 4.6 s in chromium,
and tests/browser/test_systems.py takes 60 s instead of 107 s. Only the shell does not apply
Chrome's policy for frames of another site (no storage, no SharedWorker, no service worker
there): the tests of that policy run in the full browser (`chrome`).

Most tests open the calculator in a browser whose Python already runs (`Warm`: `widget`,
`warm_context`, `warm_page`, `for_axe`), as a visitor's second tab: nothing saved, the form as on a
first visit, Python ready at once. A club's page on localhost too: its calculators' frames join that
Python, as Playwright turns off Chromium's third-party storage partitioning (ThirdPartyStoragePartitioning):
a frame of the widget on another site shares its origin's workers and storage here. The tests of loading,
failing, offline and returning visits, those that route requests (which a service worker would answer
first) and those that install a fake clock (it stays with its context) start from a fresh profile instead.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

HOSTS = Path(__file__).parent / "hosts"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = "/usr/bin/chromium"
# WebAssembly compiled by V8's baseline compiler only: the same semantics without the optimising
# compiler's background work. A visit (fresh context, Python boot, a first result) costs 2.8
# CPU-seconds instead of 3.9 and 2.1 s instead of 2.3 s; test_remove_game.py 71 and 82 s against
# 84 and 86 s (interleaved). The benchmarks run Chromium as visitors do.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--js-flags=--liftoff-only"]

# Playwright neither routes nor reports a SharedWorker's requests: a test that fails or watches the
# engine's own downloads (the wasm, Pyodide) runs it in a dedicated worker (widget/engine/shared-engine.js).
NO_SHARED_WORKER = "delete window.SharedWorker"

expect.set_options(timeout=30_000)  # Python boots in a few seconds; a busy CI machine may take longer


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {"executable_path": installed(HEADLESS_SHELL), "args": ARGS}


def installed(path: str) -> str:
    if not Path(path).exists():
        pytest.fail(f"needs Debian's {Path(path).name}: run `make test`, which installs it")
    return path


@pytest.fixture(scope="session")
def chrome(playwright: Playwright) -> Iterator[Browser]:
    """Debian's full chromium, which blocks third-party cookies, and with them a frame's storage,
    SharedWorker and service worker on a club's page of another site."""
    browser = playwright.chromium.launch(executable_path=installed(CHROMIUM), args=ARGS)
    yield browser
    browser.close()


@pytest.fixture()
def chrome_context(chrome: Browser) -> Iterator[BrowserContext]:
    """A fresh profile of the full browser, closed after the test even when it fails (so that its
    workers do not stay to be counted by the next test)."""
    context = chrome.new_context()
    yield context
    context.close()


@pytest.fixture(scope="session")
def host_origin(widget_origin: str) -> Iterator[str]:
    """A club's site on another origin (localhost), serving tests/browser/hosts/ and demo/."""
    server = serve.start(HOSTS, "localhost", 0, csp=None, substitutions={"__WIDGET_ORIGIN__": widget_origin})
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


def open_widget(page: Page, origin: str, query: str = "") -> Page:
    """Open the standalone widget page and wait until the form is usable."""
    page.goto(f"{origin}/widget/{query}")
    expect(page.get_by_role("main")).not_to_have_attribute("aria-busy", "true")
    return page


def wait_ready(page: Page) -> None:
    """Wait until Python is running: the engine's state is hidden for good (the answer kept from the
    last visit hides a loading state from view only, and not by this attribute)."""
    expect(page.locator("#engine")).to_have_attribute("hidden", "")


def worker_url(origin: str) -> str:
    """The engine's worker script on `origin`, at the URL engine-start.js gives it in the built site."""
    page = (ROOT / "dist" / "widget" / "index.html").read_text()
    static = re.search(r'src="\.\./(static/[0-9a-f]+/engine)/engine-start\.js"', page)
    assert static, "dist/widget/index.html no longer starts the engine with engine-start.js"
    return f"{origin}/{static[1]}/worker.mjs"


class Warm:
    """Browser contexts whose Python already runs, one per set of context options, kept for the
    whole session. In each, a keeper page on the widget's origin holds the engine's SharedWorker
    (the one every calculator of that context joins, widget/engine/engine-start.js), so a calculator
    opened there hears "ready" at once instead of booting Python (2.8 CPU-s a visit here). The keeper
    is no calculator: it reads no saved state and writes none."""

    def __init__(self, browser: Browser, widget_origin: str) -> None:
        self.browser = browser
        self.worker = worker_url(widget_origin)
        self.contexts: dict[str, tuple[BrowserContext, Page]] = {}

    def context(self, **options: Any) -> tuple[BrowserContext, Page]:
        """The context for `options`, made (and Python booted in it) on first use, or made anew if
        its keeper is gone."""
        key = repr(sorted(options.items()))
        if key in self.contexts and self.contexts[key][1].is_closed():
            self.drop(**options)
        if key not in self.contexts:
            context = self.browser.new_context(**options)
            try:
                keeper = context.new_page()
                keeper.goto(self.worker)
                # The calculators' own way in (engine-start.js), so that they join this very worker.
                keeper.evaluate("""async (url) => {
                    const start = await import(new URL("./engine-start.js", url).href);
                    start.pageRuns();  // the keeper takes the worker, as app.js does
                    await new Promise((resolve, reject) => {
                        window.engine = start.openEngine({
                            message: (data) => {
                                if (data.type === "ready") resolve();
                                if (data.type === "error") reject(new Error(data.error.message));
                            },
                            failed: (text) => reject(new Error(text || "the engine's worker failed")),
                            unreadable: () => reject(new Error("an unreadable message")),
                            gone: () => reject(new Error("the shared worker ended")),
                        });
                        setTimeout(() => reject(new Error("Python not ready after 90 s")), 90_000);
                    });
                }""", self.worker)
            except Exception:
                context.close()
                raise
            self.contexts[key] = (context, keeper)
        return self.contexts[key]

    def drop(self, **options: Any) -> None:
        """Close the context for `options`; the next test that asks for one gets a new one."""
        self.contexts.pop(repr(sorted(options.items())))[0].close()

    def close(self) -> None:
        for context, _ in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def warm(browser: Browser, widget_origin: str) -> Iterator[Warm]:
    keep = Warm(browser, widget_origin)
    yield keep
    keep.close()


@pytest.fixture()
def warm_context(warm: Warm) -> Iterator[BrowserContext]:
    """A browser whose Python already runs (`Warm`), with nothing saved: a calculator opened in it
    starts with the form of a first visit, only without waiting for Python. Kept from earlier tests:
    the interpreter, the service worker (registered after a first result) with its cache, and the
    HTTP cache. So a test here must not route requests (the service worker answers first), add init
    scripts or listeners to the context, or install a fake clock (all stay with the context): those
    take a fresh `page`. The test's pages are closed after it, and permissions it granted taken back."""
    yield from warm_for(warm)


def warm_for(warm: Warm, **options: Any) -> Iterator[BrowserContext]:
    context, keeper = warm.context(**options)
    keeper.evaluate("localStorage.clear()")
    yield context
    try:
        for page in context.pages:
            if page != keeper:
                page.close()
    finally:
        context.clear_permissions()  # what the test granted; then what the context has for good
        if options.get("permissions"):
            context.grant_permissions(options["permissions"])
    # Playwright's fake clock is the context's, for good: the next tests would run on it.
    if keeper.evaluate("'__pwClock' in globalThis"):
        warm.drop(**options)
        pytest.fail("a fake clock installed in a warm context stays with it: such a test takes a fresh `page`")


@pytest.fixture()
def warm_page(warm_context: BrowserContext) -> Page:
    """A new tab of `warm_context`: the builder, the widget at an address of the test's, or a club's page."""
    return warm_context.new_page()


@pytest.fixture()
def widget(warm_context: BrowserContext, widget_origin: str) -> Page:
    """The calculator, ready, in a new tab of `warm_context`."""
    page = warm_context.new_page()
    open_widget(page, widget_origin)
    wait_ready(page)
    return page


@pytest.fixture(scope="module")
def shared_page(browser: Browser, widget_origin: str) -> Iterator[Page]:
    """One widget page for a module's many cases (Python boots once)."""
    context = browser.new_context()
    page = context.new_page()
    open_widget(page, widget_origin)
    wait_ready(page)
    yield page
    context.close()


@pytest.fixture()
def for_axe(warm: Warm) -> Iterator[BrowserContext]:
    """`warm_context` with the page's CSP bypassed, so that a test can inject axe-core."""
    yield from warm_for(warm, bypass_csp=True)


@pytest.fixture()
def fide_page(for_axe: BrowserContext, widget_origin: str) -> Page:
    """A FIDE calculator, ready, in a new tab of `for_axe`."""
    page = for_axe.new_page()
    open_widget(page, widget_origin, "?system=fide")
    wait_ready(page)
    return page
