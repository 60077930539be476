"""A returning visitor after a rebuild: cached files never mix with new ones (DESIGN.md, cache policy).

A site built from a copy of the sources is visited, replaced by its next release (a copy with a
changed engine and a changed text, built: tests/site_copy.py), and visited again in the same browser
context, whose HTTP cache holds the first build's files (served `immutable` for a year, as a real
host would).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from ..site_copy import REBUILT_TITLE, Builds, deploy, rate_elo_seed
from .conftest import NO_SHARED_WORKER
from .test_offline import until

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip


@pytest.fixture()
def site(deployed: Path) -> Iterator[str]:
    server = serve.start(deployed, "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_returning_visitor_after_a_rebuild_still_computes(browser: Browser, builds: Builds, deployed: Path,
                                                          site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    rate_elo_seed(page, site + "/")
    until(page, "activated")  # the reload goes through the first build's service worker, as a visitor's does
    first = {p.name for p in (deployed / "static").iterdir()}

    deploy(deployed, builds.second / "dist")
    second = {p.name for p in (deployed / "static").iterdir()}

    page.reload()
    expect(page).to_have_title(REBUILT_TITLE)
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
    # The engine, the widget and the builder (it writes the widget's name, in each language, as its frames' titles)
    # moved to new folders; Pyodide's did not.
    assert 3 == len(second - first) == len(first - second)
    assert "pyodide" in first & second
    context.close()


def test_static_files_are_immutable_and_entry_points_revalidated(page: Page, site: str) -> None:
    pages: dict[str, str | None] = {}

    def seen(response: Response) -> None:
        pages.setdefault(response.url.split("?")[0], response.headers.get("cache-control"))

    page.add_init_script(NO_SHARED_WORKER)  # its requests would not be seen
    page.on("response", seen)
    page.goto(f"{site}/widget/")
    expect(page.get_by_role("progressbar")).to_be_hidden()
    page.goto(f"{site}/")
    static = {url: value for url, value in pages.items() if "/static/" in url}
    entry = {url: value for url, value in pages.items() if "/static/" not in url}
    assert any(url.endswith(".wasm") for url in static) and any(url.endswith("/engine.zip") for url in static)
    assert {"public, max-age=31536000, immutable"} == set(static.values())
    assert {f"{site}/widget/", f"{site}/", f"{site}/embed.js"} <= set(entry)
    assert {"no-cache"} == set(entry.values())
