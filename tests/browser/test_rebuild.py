"""A returning visitor after a rebuild: cached files never mix with new ones (DESIGN.md, cache policy).

The site is built from a copy of the sources, visited, rebuilt with a changed engine and a changed
text, and visited again in the same browser context, whose HTTP cache holds the first build's files
(served `immutable` for a year, as a real host would).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from ..site_copy import REBUILT_TITLE, build, change_engine_and_text, copy_sources, rate_elo_seed
from .conftest import NO_SHARED_WORKER

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources that the test may change, built once."""
    tree = copy_sources(tmp_path_factory.mktemp("rebuild"))
    build(tree)
    return tree


@pytest.fixture()
def site(tree: Path) -> Iterator[str]:
    server = serve.start(tree / "dist", "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_returning_visitor_after_a_rebuild_still_computes(browser: Browser, tree: Path, site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    rate_elo_seed(page, site + "/")
    first = {p.name for p in (tree / "dist" / "static").iterdir()}

    change_engine_and_text(tree)
    build(tree)
    second = {p.name for p in (tree / "dist" / "static").iterdir()}

    page.reload()
    expect(page).to_have_title(REBUILT_TITLE)
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
    # The engine and the widget moved to new folders; Pyodide's and the builder's did not.
    assert 2 == len(second - first) == len(first - second)
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
