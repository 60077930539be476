"""What a club sets on its element reaches the view (issue 39 item 4): the page's heading in the club's words or
none, and a report or a ladder headed by its own heading rather than the calculator's title."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect


def test_the_heading_is_the_club_s_own_or_none(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    page.goto(f"{widget_origin}/widget/?heading=Club%20night%20%3Cratings%3E")
    expect(page.get_by_role("heading", level=1)).to_have_text("Club night <ratings>")  # as text, never markup
    assert "Club night <ratings>" == page.title()
    page.goto(f"{widget_origin}/widget/?heading=none")
    expect(page.get_by_label("Your rating")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_be_hidden()


def test_a_ladder_shown_as_the_page_s_view_is_not_headed_by_the_calculator_s_title(
        warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    page.goto(f"{widget_origin}/widget/?view=ladder")
    expect(page.get_by_role("heading", name="Club ladder", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Elo rating calculator")).to_be_hidden()
