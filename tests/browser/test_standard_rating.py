"""FIDE rapid and blitz in the widget for a player with no rating there: "Your standard rating" (FIDE Rapid
and Blitz Rating Regulations 7.2.1) shows when it applies, rates them as a rated player with the K finder,
says so, keeps what was typed while hidden and on reload, and shows its errors at itself.

Every figure read from the page is compared with elo_core's `calculate` for the same request.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from elo_core import calculate

from .a11y import violations
from .conftest import wait_ready
from .test_periods import fill_game
from .ui import shown, wait_for_output

REQUEST = {"system": "fide", "rating": None, "time_control": "rapid",
           "player": {"standard_rating": 1850, "fewer_than_30_games": True},
           "games": [{"opponent": 1850, "score": 1}]}



def seed_field(page: Page) -> Locator:
    return page.get_by_label("Your standard rating", exact=True)


def enter_request(page: Page) -> None:
    """REQUEST through the form: rapid, no rating, the standard rating, fewer than 30 games (the K
    finder stays: such a player is rated, with K from it), one game."""
    page.get_by_label("Time control").select_option("rapid")
    page.get_by_label("Your rating", exact=True).fill("")
    seed_field(page).fill("1850")
    page.get_by_label("Fewer than 30 rated games").check()
    fill_game(page, 1, 1850, 1)


def test_an_unrated_rapid_player_is_rated_from_their_standard_rating(fide_page: Page) -> None:
    enter_request(fide_page)
    r = calculate(REQUEST)
    assert r["ok"] and r["rating"] == 1850 and r["k"] == 40, r
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    wait_for_output(fide_page, "Total change", shown(r["change"], 0, sign=True))
    expect(fide_page.get_by_text(re.compile(r"^K used: 40 "))).to_be_visible()
    expect(fide_page.get_by_role("list").filter(has_text="standard rating 1850")).to_have_text(
        "You have no rating for this time control, so FIDE rates you as a rated player from your standard rating 1850.")
    expect(fide_page.get_by_role("heading", name="Your first FIDE rating")).to_be_hidden()


def test_the_standard_rating_shows_in_rapid_and_blitz_with_no_rating_and_keeps_its_value(fide_page: Page) -> None:
    seed = seed_field(fide_page)
    rating = fide_page.get_by_label("Your rating", exact=True)
    time_control = fide_page.get_by_label("Time control")
    rating.fill("")
    expect(seed).to_be_hidden()  # standard play: a standard rating is "Your rating"
    time_control.select_option("blitz")
    expect(seed).to_be_visible()
    hint = "Used when you have no rapid or blitz rating: FIDE then rates you from it."
    expect(fide_page.get_by_text(hint)).to_be_visible()
    seed.fill("1777")
    rating.fill("1600")
    expect(seed).to_be_hidden()
    rating.fill("")
    expect(seed).to_have_value("1777")
    time_control.select_option("standard")
    expect(seed).to_be_hidden()
    time_control.select_option("rapid")
    expect(seed).to_have_value("1777")
    fide_page.get_by_label("Rating system").select_option("elo")
    expect(seed).to_be_hidden()


def test_the_standard_rating_is_kept_on_reload(fide_page: Page) -> None:
    enter_request(fide_page)
    r = calculate(REQUEST)
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    fide_page.reload()
    wait_ready(fide_page)
    expect(seed_field(fide_page)).to_have_value("1850")
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))


def test_a_bad_standard_rating_is_said_at_its_field(fide_page: Page) -> None:
    fide_page.get_by_label("Time control").select_option("blitz")
    fide_page.get_by_label("Your rating", exact=True).fill("")
    fill_game(fide_page, 1, 1850, 1)
    seed = seed_field(fide_page)
    seed.fill("1850.5")
    expect(seed).to_have_attribute("aria-invalid", "true")
    error = fide_page.locator("#" + (seed.get_attribute("aria-describedby") or "").split()[-1])
    expect(error).to_have_text("FIDE ratings and K-factors are whole numbers.")
    seed.fill("1850")
    expect(seed).not_to_have_attribute("aria-invalid", "true")
    expect(error).to_have_text("")


def test_the_standard_rating_and_its_error_have_no_axe_violations(fide_page: Page) -> None:
    fide_page.get_by_label("Time control").select_option("rapid")
    fide_page.get_by_label("Your rating", exact=True).fill("")
    seed_field(fide_page).fill("abc")
    expect(seed_field(fide_page)).to_have_attribute("aria-invalid", "true")
    assert [] == violations(fide_page)
