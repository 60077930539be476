"""A returning visitor after a rebuild: cached files never mix with new ones (DESIGN.md, cache policy).

The site is built from a copy of the sources, visited, rebuilt with a changed engine and a changed
text, and visited again in the same browser context, whose HTTP cache holds the first build's files
(served `immutable` for a year, as a real host would).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from .conftest import ROOT

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip

SOURCES = ("elo_core", "widget", "embed", "scripts", "hosting", "pyproject.toml", "PYPI.md", "LICENSE")


def build(tree: Path) -> None:
    subprocess.run([sys.executable, str(tree / "scripts" / "build_site.py")], check=True, capture_output=True)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources that the test may change, built once."""
    tree = tmp_path_factory.mktemp("rebuild")
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, tree / name)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    build(tree)
    return tree


@pytest.fixture()
def site(tree: Path) -> Iterator[str]:
    server = serve.start(tree / "dist", "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def rate(page: Page, origin: str) -> None:
    """The plain-Elo seed: 1450 at K 40 against 1500 (win): +22.9."""
    page.goto(f"{origin}/widget/?system=elo&k=40&lang=en")
    page.get_by_label("Your rating").fill("1450")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")


def test_returning_visitor_after_a_rebuild_still_computes(browser: Browser, tree: Path, site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    rate(page, site)
    first = {p.name for p in (tree / "dist" / "static").iterdir()}

    # A changed engine file (the wheel's bytes change, not its name) and a changed text.
    fide = tree / "elo_core" / "_fide.py"
    fide.write_text(fide.read_text() + "\n# rebuilt\n")
    en = tree / "widget" / "i18n" / "en.json"
    en.write_text(en.read_text().replace('"Elo rating calculator"', '"Elo rating calculator (rebuilt)"', 1))
    build(tree)
    second = {p.name for p in (tree / "dist" / "static").iterdir()}

    page.reload()
    expect(page).to_have_title("Elo rating calculator (rebuilt)")
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

    page.on("response", seen)
    page.goto(f"{site}/widget/")
    expect(page.get_by_role("progressbar")).to_be_hidden()
    page.goto(f"{site}/")
    static = {url: value for url, value in pages.items() if "/static/" in url}
    entry = {url: value for url, value in pages.items() if "/static/" not in url}
    assert any(url.endswith(".wasm") for url in static) and any(url.endswith(".whl") for url in static)
    assert {"public, max-age=31536000, immutable"} == set(static.values())
    assert {f"{site}/widget/", f"{site}/", f"{site}/embed.js"} <= set(entry)
    assert {"no-cache"} == set(entry.values())
