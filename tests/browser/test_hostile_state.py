"""What a hostile link, old saved entries and a new month do to the form (issue 29, items 1, 8, 12):
every reader of a state applies the contract's limits before anything is built; a rating period the
visitor did not choose moves on with the months, and the field says so; a link offered beside the
visitor's own entries is still offered after a reload until it is answered, and Keep mine has Undo.
Real Chromium, driven by label and role."""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import open_widget, wait_ready

FIDE_KEY = "elo-calculator:v2:page:fide"  # the standalone page's FIDE entries
TOURNAMENTS = re.compile(r"^Tournament \d+$")


def state(**changed: Any) -> dict[str, Any]:
    """Entries as version 2 saves them: FIDE, one game."""
    return {"v": 2, "system": "fide", "rating": "2700", "k": "", "fewer30": False, "junior": False,
            "reached2400": False, "reached2300": False, "timeControl": "standard", "cap400": False,
            "update": "event", "period": "2025-09", "standardRating": "", "entries": {},
            "events": [{"name": "", "rating": ""}], "games": [{"opponent": "2200", "result": "1"}], **changed}


def packed_link(data: dict[str, Any]) -> str:
    """The fragment of a compressed link ("#c=z." + base64url of deflate-raw), as store.js writes it."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflate.compress(json.dumps(data).encode()) + deflate.flush()
    return "#c=z." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def plain_link(data: dict[str, Any]) -> str:
    return "#c=" + base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def saved(page: Page, key: str, data: dict[str, Any]) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(data)])


# ---- item 1: the contract's limits, applied before anything is built -----------------------------

def test_a_short_link_of_100000_tournaments_is_refused_and_leaves_the_form_usable(widget: Page,
                                                                                 widget_origin: str) -> None:
    link = packed_link(state(events=[{"name": "", "rating": ""}] * 100_000))
    assert len(link) < 10_000  # a short link (the issue's: 8 047 characters, written more tightly)
    widget.goto("about:blank")
    widget.goto(f"{widget_origin}/widget/?system=fide&lang=en{link}")
    expect(widget.get_by_text("The calculation in this link could not be read")).to_be_visible()
    expect(widget.get_by_role("group", name=TOURNAMENTS)).to_have_count(0)
    assert "#c=" not in widget.url
    widget.get_by_label("Your rating").fill("2000")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(widget.get_by_label("New rating", exact=True)).to_have_text("2010")


def test_saved_entries_of_5000_tournaments_open_with_the_first_31_and_say_so(widget: Page) -> None:
    events = [{"name": f"Open {i + 1}", "rating": ""} for i in range(5000)]
    saved(widget, FIDE_KEY, state(events=events, games=[{"opponent": "2200", "result": "1", "event": 1}]))
    widget.reload()
    wait_ready(widget)
    expect(widget.get_by_role("group", name=TOURNAMENTS)).to_have_count(31)
    expect(widget.get_by_text("4969 tournaments past the most a period holds")).to_be_visible()
    expect(widget.get_by_label("Tournament name, tournament 31", exact=True)).to_have_value("Open 31")
    # The whole text is set aside; the entries saved again are the ones read.
    kept = widget.evaluate(f"() => JSON.parse(localStorage.getItem('{FIDE_KEY}')).events.length")
    aside = widget.evaluate(f"() => JSON.parse(localStorage.getItem('{FIDE_KEY}:unread')).events.length")
    assert (31, 5000) == (kept, aside)


# ---- item 8: a period the visitor did not choose follows the months -------------------------------

@pytest.fixture()
def november(browser: Browser, widget_origin: str) -> Iterator[Page]:
    """A fresh visitor's page on 15 November 2025 (the clock stays with its context: not a warm one)."""
    context: BrowserContext = browser.new_context()
    page = context.new_page()
    page.clock.set_fixed_time(datetime(2025, 11, 15, 12))
    open_widget(page, widget_origin, "?system=fide&lang=en")
    yield page
    context.close()


def test_a_period_saved_unchosen_in_september_moves_on_to_november_and_says_so(november: Page) -> None:
    saved(november, FIDE_KEY, state())
    november.reload()
    wait_ready(november)
    # The 2650 rule, in force since 1 October 2025: 2700 beats 2200 (a 400-point difference), no change.
    expect(november.get_by_label("Rating period", exact=True)).to_have_value("11")
    expect(november.get_by_label("New rating", exact=True)).to_have_text("2700")
    expect(november.get_by_text("On your last visit the period was September 2025. It has moved on to this "
                                "month's, November 2025.")).to_be_visible()
    november.get_by_role("button", name="Use September 2025").click()
    expect(november.get_by_label("New rating", exact=True)).to_have_text("2701")
    november.reload()
    wait_ready(november)
    expect(november.get_by_label("Rating period", exact=True)).to_have_value("09")
    expect(november.get_by_text("You chose September 2025 on an earlier visit, and it is kept. This month's "
                                "period is November 2025.")).to_be_visible()
    expect(november.get_by_label("New rating", exact=True)).to_have_text("2701")


# ---- item 12: a link offered beside the visitor's entries --------------------------------------

def test_a_pending_link_offer_survives_a_reload_and_keep_mine_has_undo(widget: Page, widget_origin: str) -> None:
    widget.get_by_label("Your rating").fill("1700")
    link = plain_link(state(system="elo", rating="1450", k="40", games=[{"opponent": "1500", "result": "1"}]))
    widget.goto("about:blank")
    widget.goto(f"{widget_origin}/widget/?lang=en{link}")
    offer = widget.get_by_text("This link holds someone's calculation")
    expect(offer).to_be_visible()
    widget.reload()
    expect(offer).to_be_visible()
    expect(widget.get_by_label("Your rating")).to_have_value("1700")
    widget.get_by_role("button", name="Keep mine").click()
    expect(offer).to_be_hidden()
    assert "#c=" not in widget.url
    widget.get_by_role("button", name="Undo").click()
    expect(offer).to_be_visible()
    widget.get_by_role("button", name="Use this").click()
    expect(widget.get_by_label("Your rating")).to_have_value("1450")
    widget.reload()
    wait_ready(widget)
    expect(offer).to_be_hidden()
    expect(widget.get_by_label("Your rating")).to_have_value("1450")


def test_an_older_builds_tab_saving_does_not_unchoose_the_period_chosen_here(widget: Page) -> None:
    """A tab of the build before periodChosen saves entries without it (review of issue 29, item 8)."""
    widget.get_by_label("Rating system").select_option("fide")
    widget.get_by_label("Year", exact=True).select_option("2025")
    widget.get_by_label("Rating period", exact=True).select_option("09")
    older = widget.context.new_page()
    older.goto(widget.url)
    saved(older, FIDE_KEY, state(rating="2100", period="2025-09"))  # as that build saves: no periodChosen
    expect(widget.get_by_label("Your rating")).to_have_value("2100")  # the other tab's entries, taken
    expect(widget.get_by_label("Rating period", exact=True)).to_have_value("09")
    expect(widget.get_by_label("Year", exact=True)).to_have_value("2025")
    older.close()
