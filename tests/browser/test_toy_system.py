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
from elo_core.reports.ladder import ladder_report
from elo_core.systems import register, unregister
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


def test_the_ladder_offers_it_and_ranks_by_its_game_and_the_report_does_not(browser: Browser, toy_site: str) -> None:
    """It declares a ledger (`Capabilities.ledger`) and no tournament: the ladder view's menu offers it and ranks
    the club's files as elo_core does with it; the report's menu does not offer it."""
    from .test_ladder_view import GAMES, HEADS, PLAYERS, expected_row, pool, ranking, rows

    register(ToySystem())
    try:
        answer = ladder_report({"text": GAMES.read_bytes(), "players": PLAYERS.read_bytes(), "locale": "en",
                                "system": "toy"})
    finally:
        unregister("toy")
    assert answer["ok"], answer
    page = browser.new_page()
    try:
        page.goto(f"{toy_site}/widget/?view=ladder&system=toy&lang=en")
        page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
        page.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
        table = ranking(page)
        settings = page.get_by_role("group", name="Settings")
        expect(settings.get_by_label("Rating system")).to_have_value("toy")
        expect(settings.get_by_label("K-factor")).to_be_hidden()  # its game takes no K
        expect(settings.get_by_label("Rating period")).to_be_hidden()
        assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [
            {k: v for k, v in expected_row(p).items() if k != "Last game"} for p in pool(answer)]
        page.goto(f"{toy_site}/widget/?view=event&lang=en")
        expect(page.locator("#event-system option")).to_have_count(2)
        assert page.locator("#event-system option").evaluate_all("os => os.map(o => o.value)") == ["fide", "elo"]
    finally:
        page.close()
