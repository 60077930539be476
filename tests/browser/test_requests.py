"""What a cold visit fetches for Python (Chromium): the WebAssembly and the engine's zip once each
(Pyodide's module asked for by the page's prefetch, which the worker's import then finds in the HTTP
cache; the zip asked for last), and nothing else of the engine: no lock file, no wheel, not the rest
of the standard library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import serve
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.conftest import ROOT, open_widget
from tests.site_copy import rate_elo_seed


@pytest.fixture()
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Counter[str]]]:
    """A fresh server for dist/ that counts the requests it answers, by path."""
    answered: Counter[str] = Counter()

    def log_message(self: serve.Handler, format: str, *args: object) -> None:
        answered[str(args[0]).split()[1].split("?")[0]] += 1

    monkeypatch.setattr(serve.Handler, "log_message", log_message)
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}/", answered
    server.shutdown()


def test_a_cold_visit_fetches_the_engine_once_and_only_what_it_runs(
        browser: Browser, served: tuple[str, Counter[str]]) -> None:
    """One request each: Pyodide's module is asked for twice (worker.mjs, then pyodide.mjs), and
    the worker's module map answers the second."""
    base, answered = served
    context = browser.new_context()
    try:
        page = context.new_page()
        rate_elo_seed(page, base)
        expect(page.get_by_role("progressbar")).to_be_hidden()
        engine = {Path(p).name: n for p, n in answered.items()
                  if "/static/" in p and not p.endswith((".js", ".css", ".json"))}
        # The views' Python is no part of a calculator's visit: the service worker, registered once the
        # first result shows, may have fetched it meanwhile to keep for offline visits, once.
        assert engine.pop("views.zip", 0) <= 1
        assert {"pyodide.asm.wasm": 1, "engine.zip": 1, "elo_core.zip": 1, "pyodide.asm.mjs": 1, "pyodide.mjs": 1,
                "worker.mjs": 1} == engine
    finally:
        context.close()


def test_a_visit_leaves_no_preload_unused(warm_context: BrowserContext, widget_origin: str) -> None:
    """Chromium looks at a page's preloads 3 s after its load event and warns of each that the page
    itself has not used: Pyodide's module, asked for by the page for its worker ("pyodide.asm.mjs was
    preloaded using link preload but not used within a few seconds", on every visit; a worker's
    requests never use the page's preloads). CDP's virtual time runs those seconds at once; the page's
    own timer, due after Chromium's look, says when it has been."""
    page = warm_context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if "was preloaded" in m.text else None)
    open_widget(page, widget_origin)
    page.evaluate("() => { setTimeout(() => console.log('preloads looked at'), 3500); }")
    cdp = warm_context.new_cdp_session(page)
    with page.expect_console_message(lambda m: m.text == "preloads looked at"):
        cdp.send("Emulation.setVirtualTimePolicy", {"policy": "advance", "budget": 5000})
    assert [] == warnings
