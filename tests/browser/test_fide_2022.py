"""FIDE periods before March 2024 in the widget: the period selector offers 2022 on, a first rating of such
a period is explained by the archived rule (the rated opponents' average), and a period the engine has no
rules for is refused at the period selector.

Every figure read from the page is compared with elo_core's `calculate` for the same request.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from elo_core import calculate

from .test_periods import fill_game, set_period
from .ui import clear_games, shown, wait_for_output

GAMES = [(1600, 1), (1600, 1), (1600, 1), (1700, 0), (1700, 0)]



def enter_games(page: Page) -> None:
    clear_games(page)
    for n, (opponent, score) in enumerate(GAMES, start=1):
        page.get_by_role("button", name="Add game", exact=True).click()
        fill_game(page, n, opponent, score)


def test_the_period_selector_starts_in_2022(fide_page: Page) -> None:
    years = fide_page.get_by_label("Year", exact=True)
    expect(years.locator("option").first).to_have_text("2022")


def test_a_2023_first_rating_shows_the_steps_of_the_2022_rules(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating", exact=True).fill("")
    set_period(fide_page, "2023-06")
    enter_games(fide_page)
    r = calculate({"system": "fide", "rating": None, "period": "2023-06",
                   "games": [{"opponent": o, "score": s} for o, s in GAMES]})
    assert r["ok"] and r["initial"]["rules"] == "2022" and r["new_rating"] == 1660, r
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    expect(fide_page.get_by_text("Average of your rated opponents: 1640.00. Score: 60 %, worth +20 points. "
                             "That gives 1660.")).to_be_visible()
    expect(fide_page.get_by_text("two extra draws against 1800")).to_have_count(0)


def test_a_2023_first_rating_below_1000_is_not_published(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating", exact=True).fill("")
    set_period(fide_page, "2023-01")
    clear_games(fide_page)
    for n, score in enumerate([0, 0, 0, 0, 1], start=1):
        fide_page.get_by_role("button", name="Add game", exact=True).click()
        fill_game(fide_page, n, 1100, score)
    expect(fide_page.get_by_text("No rating is published: the result is below 1000.")).to_be_visible()


def test_a_rapid_period_before_march_2024_is_refused_at_the_period(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating", exact=True).fill("2000")
    fide_page.get_by_label("Time control").select_option("rapid")
    set_period(fide_page, "2024-02")
    fill_game(fide_page, 1, 2000, 1)
    month = fide_page.get_by_label("Rating period", exact=True)
    expect(month).to_have_attribute("aria-invalid", "true")
    error = fide_page.locator("#" + (month.get_attribute("aria-describedby") or "").split()[-1])
    expect(error).to_have_text("The calculator knows FIDE's rules for this time control from March 2024 on: "
                               "choose March 2024 or later.")
    set_period(fide_page, "2024-03")
    expect(month).not_to_have_attribute("aria-invalid", "true")
