"""FIDE rapid and blitz in the widget for a player with no rating there: "Your standard rating" (FIDE Rapid
and Blitz Rating Regulations 7.2.1) shows when it applies, rates them as a rated player with the K finder,
says so, keeps what was typed while hidden and on reload, and shows its errors at itself.

Every figure read from the page is compared with elo_core's `calculate` for the same request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from elo_core import calculate

from .a11y import violations
from .conftest import open_widget, wait_ready
from .test_periods import fill_game
from .ui import shown, wait_for_output

REQUEST = {"system": "fide", "rating": None, "time_control": "rapid",
           "player": {"standard_rating": 1850, "fewer_than_30_games": True},
           "games": [{"opponent": 1850, "score": 1}]}


@pytest.fixture()
def fresh(browser: Browser, widget_origin: str) -> Iterator[Page]:
    # Closed after the test: its shared worker would outlive it. bypass: to inject axe-core in one test.
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    open_widget(page, widget_origin, "?system=fide")
    wait_ready(page)
    yield page
    context.close()


def seed_field(page: Page) -> Locator:
    return page.get_by_label("Your standard rating", exact=True)


def test_an_unrated_rapid_player_is_rated_from_their_standard_rating(fresh: Page) -> None:
    fresh.get_by_label("Time control").select_option("rapid")
    fresh.get_by_label("Your rating", exact=True).fill("")
    seed_field(fresh).fill("1850")
    # The K finder stays: such a player is rated, with K from it.
    fresh.get_by_label("Fewer than 30 rated games").check()
    fill_game(fresh, 1, 1850, 1)
    r = calculate(REQUEST)
    assert r["ok"] and r["rating"] == 1850 and r["k"] == 40, r
    wait_for_output(fresh, "New rating", shown(r["new_rating"], 0))
    wait_for_output(fresh, "Total change", shown(r["change"], 0, sign=True))
    expect(fresh.get_by_text(re.compile(r"^K used: 40 "))).to_be_visible()
    expect(fresh.get_by_role("list").filter(has_text="standard rating 1850")).to_have_text(
        "You have no rating for this time control, so FIDE rates you as a rated player from your standard rating 1850.")
    expect(fresh.get_by_role("heading", name="Your first FIDE rating")).to_be_hidden()


def test_the_standard_rating_shows_in_rapid_and_blitz_with_no_rating_and_keeps_its_value(fresh: Page) -> None:
    seed = seed_field(fresh)
    rating = fresh.get_by_label("Your rating", exact=True)
    time_control = fresh.get_by_label("Time control")
    rating.fill("")
    expect(seed).to_be_hidden()  # standard play: a standard rating is "Your rating"
    time_control.select_option("blitz")
    expect(seed).to_be_visible()
    hint = "Used when you have no rapid or blitz rating: FIDE then rates you from it."
    expect(fresh.get_by_text(hint)).to_be_visible()
    seed.fill("1777")
    rating.fill("1600")
    expect(seed).to_be_hidden()
    rating.fill("")
    expect(seed).to_have_value("1777")
    time_control.select_option("standard")
    expect(seed).to_be_hidden()
    time_control.select_option("rapid")
    expect(seed).to_have_value("1777")
    fresh.get_by_label("Rating system").select_option("elo")
    expect(seed).to_be_hidden()


def test_the_standard_rating_is_kept_on_reload(fresh: Page) -> None:
    fresh.get_by_label("Time control").select_option("rapid")
    fresh.get_by_label("Your rating", exact=True).fill("")
    seed_field(fresh).fill("1850")
    fresh.get_by_label("Fewer than 30 rated games").check()
    fill_game(fresh, 1, 1850, 1)
    r = calculate(REQUEST)
    wait_for_output(fresh, "New rating", shown(r["new_rating"], 0))
    fresh.reload()
    wait_ready(fresh)
    expect(seed_field(fresh)).to_have_value("1850")
    wait_for_output(fresh, "New rating", shown(r["new_rating"], 0))


def test_a_bad_standard_rating_is_said_at_its_field(fresh: Page) -> None:
    fresh.get_by_label("Time control").select_option("blitz")
    fresh.get_by_label("Your rating", exact=True).fill("")
    fill_game(fresh, 1, 1850, 1)
    seed = seed_field(fresh)
    seed.fill("1850.5")
    expect(seed).to_have_attribute("aria-invalid", "true")
    error = fresh.locator("#" + (seed.get_attribute("aria-describedby") or "").split()[-1])
    expect(error).to_have_text("FIDE ratings and K-factors are whole numbers.")
    seed.fill("1850")
    expect(seed).not_to_have_attribute("aria-invalid", "true")
    expect(error).to_have_text("")


def test_the_standard_rating_and_its_error_have_no_axe_violations(fresh: Page) -> None:
    fresh.get_by_label("Time control").select_option("rapid")
    fresh.get_by_label("Your rating", exact=True).fill("")
    seed_field(fresh).fill("abc")
    expect(seed_field(fresh)).to_have_attribute("aria-invalid", "true")
    assert [] == violations(fresh)
