"""A rating system added from a test's own file (tests/toy_system.py), through to the page (issue 30,
acceptance): a site built with it (scripts/build_site.py --system) offers it, draws its own fields
(a flag, a number offered only when the flag is set, a value per game) from its descriptor, computes
with it in Python in the browser (the engine registers the file's system at start) and shows its
answer: its own output, its flag, and each game's columns. No file of the widget or of elo_core
names it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from elo_core import calculate
from elo_core._systems import register, unregister
from tests.toy_system import ToySystem

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built with the toy system, served on an origin of its own."""
    out = tmp_path_factory.mktemp("toy-site") / "dist"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out", str(out),
                    "--system", f"{ROOT / 'tests' / 'toy_system.py'}:ToySystem"], check=True, capture_output=True)
    server = serve.start(out, "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture()
def page(browser: Browser, toy_site: str) -> Iterator[Page]:
    page = browser.new_page()
    page.goto(f"{toy_site}/widget/?system=toy&lang=en")
    yield page
    page.close()


def expected(request: dict[str, Any]) -> dict[str, Any]:
    """The toy's answer from elo_core in CPython, the system registered as a test registers it."""
    register(ToySystem())
    try:
        return calculate(request)
    finally:
        unregister("toy")


def test_the_page_offers_it_draws_its_fields_and_shows_python_s_answer(page: Page) -> None:
    expect(page.get_by_label("Rating system")).to_have_value("toy")
    page.get_by_label("Your rating").fill("1500")
    expect(page.get_by_label("Charm")).to_be_hidden()  # offered only for a lucky player (`when`)
    page.get_by_label("Born lucky").check()
    page.get_by_label("Charm").fill("1")
    page.get_by_label("Opponent rating, game 1").fill("1480")
    # Its value per game is required: the result waits for it, and says so.
    expect(page.get_by_role("button", name="To see the result, fill in: Weight, game 1")).to_be_visible()
    page.get_by_label("Weight, game 1").fill("2")
    answer = expected({"system": "toy", "rating": 1500, "player": {"lucky": True, "charm": 1},
                       "games": [{"opponent": 1480, "score": 1, "weight": 2}]})
    assert answer["ok"], answer
    expect(page.get_by_label("New rating", exact=True)).to_have_text(f"{answer['new_rating']:.1f}")
    expect(page.get_by_label("New luck", exact=True)).to_have_text(f"{answer['new_luck']:.2f}")
    expect(page.get_by_text("A lucky day")).to_be_visible()
    game = page.get_by_role("list", name="Games").get_by_role("listitem").first
    expect(game).to_contain_text(f"Change +{answer['games'][0]['change']:.1f}")
    expect(game).to_contain_text(f"Difference +{answer['games'][0]['difference']:.0f}")


def test_a_value_out_of_its_range_is_said_at_its_field(page: Page) -> None:
    page.get_by_label("Your rating").fill("1500")
    page.get_by_label("Opponent rating, game 1").fill("1500")
    page.get_by_label("Weight, game 1").fill("7")
    expect(page.get_by_label("Weight, game 1")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")
