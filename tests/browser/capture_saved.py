"""Capture the saved entries the widget writes (local storage), as fixtures for tests/js/saved-formats.test.mjs.

Not a test (pytest does not collect it by name): run it by hand against a built dist/ of the widget
whose saved format is being fixed, e.g. `.venv/bin/python -m pytest -q -p no:randomly
tests/browser/capture_saved.py`. Each scenario is typed into the real calculator as a visitor
would, then what the widget saved is written to tests/js/fixtures/saved/v<version>-<scenario>.json
with the form's values as the widget shows them (`shown`), read back by label after a reload: what
a later format must bring back unchanged. The v2 fixtures there were made this way by the widget of
commit 00254f2 (saved format 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import wait_ready
from .test_systems import enter_system, first_rated_example

OUT = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "saved"
KEY = "elo-calculator:v2:page:fide"


def controls(page: Page) -> dict[str, Any]:
    """Every visible or hidden form control's value by id, as the page holds it."""
    return dict(page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#form input, #form select')]
        .filter((el) => el.id).map((el) => [el.id, el.type === 'checkbox' ? el.checked : el.value]))"""))


def keep(page: Page, name: str) -> None:
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    page.wait_for_timeout(300)  # noqa: the save follows the last input event; a capture script, not a test
    saved = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    page.reload()
    wait_ready(page)
    shown = controls(page)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"v{saved['v']}-{name}.json").write_text(
        json.dumps({"saved": saved, "shown": shown}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def games(page: Page, typed: list[tuple[str, str]]) -> None:
    for i, (opponent, result) in enumerate(typed, start=1):
        if i > 1:
            page.get_by_role("button", name="Add game").click()
        page.get_by_label(f"Opponent rating, game {i}", exact=True).fill(opponent)
        page.get_by_label(f"Result, game {i}", exact=True).select_option(label=result)


def test_fide_flags(widget: Page) -> None:
    page = widget
    page.get_by_label("Your rating", exact=True).fill("2250")
    page.get_by_label("K-factor", exact=True).fill("")
    page.get_by_label("Fewer than 30 rated games").check()
    page.get_by_label("18 or younger this year").check()
    page.get_by_label("Rated 2300 or more before").check()
    games(page, [("2310", "Win"), ("unrated", "Draw"), ("1 620 (Smith, John - Kingsbridge)", "Loss"), ("", "Win")])
    keep(page, "fide-flags")


def test_fide_rapid_standard_rating(widget: Page) -> None:
    page = widget
    page.get_by_label("Time control").select_option("rapid")
    page.get_by_label("Your rating", exact=True).fill("")
    page.get_by_label("Your standard rating").fill("1 905")
    page.get_by_label("Rating has ever reached 2400").check()
    page.get_by_label("K-factor", exact=True).fill("20")
    games(page, [("1700", "Win"), ("1800,5", "Draw")])
    keep(page, "fide-rapid")


def test_fide_period_and_tournaments(widget: Page) -> None:
    page = widget
    page.get_by_label("Rating period", exact=True).select_option(index=0)
    page.get_by_label("Year", exact=True).select_option(index=1)
    page.get_by_label("Your rating", exact=True).fill("1900")
    games(page, [("2000", "Win"), ("1850", "Loss")])
    page.get_by_role("button", name="Add tournament").click()
    page.get_by_label("Tournament name, tournament 1", exact=True).fill("Club «Ünïcode» ♞ \u202eevil")
    page.get_by_label("Tournament name, tournament 2", exact=True).fill("  Open  ")
    page.get_by_label("Rating for this tournament, tournament 2", exact=True).fill("1912")
    page.get_by_label("Opponent rating, game 3", exact=True).fill("1777")
    keep(page, "fide-events")


def test_elo(widget: Page) -> None:
    page = widget
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Your rating", exact=True).fill("1500,5")
    page.get_by_label("K-factor", exact=True).fill(" 24 ")
    page.get_by_label("Rating update").select_option("sequential")
    page.get_by_label("Count rating differences over 400 as 400").check()
    games(page, [("1400", "Win"), ("2100", "Loss"), ("1.500", "Draw"), ("abc", "Win")])
    keep(page, "elo")


@pytest.mark.parametrize("system", ["uscf", "dwz", "ecf", "glicko", "glicko2", "lichess"])
def test_other_system(widget: Page, system: str) -> None:
    page = widget
    # Elo's entries typed first: kept beside the system's own when it is chosen.
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Count rating differences over 400 as 400").check()
    enter_system(page, first_rated_example(system))
    keep(page, system)
