"""The report and the ladder at a phone's widths (320 and 375 px, a mobile browser) and a desktop's (1280 px):
each row in view shows the player's name, change and new rating on screen, asked of the browser
(tests/fit_check.py: elementFromPoint), with no sideways scrolling of the page; the figures a phone's row
leaves out are in the player's own row. Firefox and WebKitGTK: tests/engines/test_engines.py."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.fit_check import FIT_CHECK

from .conftest import ROOT, Warm, open_widget, warm_for

TESTS = Path(__file__).resolve().parents[1]
REPORTS = {"fide-example": TESTS / "trf" / "fide-example1.trf", "lichess": TESTS / "trf" / "lichess-swiss-2020-05.trf"}
GAMES, PLAYERS = TESTS / "ladder" / "club-games.csv", TESTS / "ladder" / "club-players.csv"
WIDTHS = [320, 375, 1280]


@pytest.fixture()
def phone(warm: Warm) -> Iterator[BrowserContext]:
    """A mobile browser (its viewport a phone's, touch) whose Python already runs."""
    yield from warm_for(warm, viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)


def page_at(width: int, phone: BrowserContext, desktop: BrowserContext, widget_origin: str, query: str) -> Page:
    page = (phone if width < 500 else desktop).new_page()
    page.set_viewport_size({"width": width, "height": 740 if width < 500 else 800})
    open_widget(page, widget_origin, query)
    return page


def fits(page: Page, table_name: re.Pattern[str], keys: list[str]) -> None:
    table = page.get_by_role("table", name=table_name)
    expect(table).not_to_have_attribute("aria-busy", "true")
    seen = table.evaluate(FIT_CHECK, keys)
    assert seen["checked"] >= 3, seen
    assert seen["problems"] == [], seen


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("report", sorted(REPORTS))
def test_a_report_s_rows_show_name_change_and_new_rating_on_screen(
        width: int, report: str, phone: BrowserContext, warm_context: BrowserContext, widget_origin: str) -> None:
    page = page_at(width, phone, warm_context, widget_origin, "?view=event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(REPORTS[report]))
    fits(page, re.compile("^Rating changes: "), ["name", "change", "newRating"])


@pytest.mark.parametrize("width", WIDTHS)
def test_a_ladder_s_rows_show_name_change_and_rating_on_screen(
        width: int, phone: BrowserContext, warm_context: BrowserContext, widget_origin: str) -> None:
    page = page_at(width, phone, warm_context, widget_origin, "?view=ladder&since=2026-01-01")
    page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
    page.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    fits(page, re.compile("^Ranking"), ["name", "change", "rating"])


def test_on_a_phone_a_player_s_row_opens_to_the_figures_the_table_leaves_out(
        phone: BrowserContext, warm_context: BrowserContext, widget_origin: str) -> None:
    page = page_at(375, phone, warm_context, widget_origin, "?view=event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(REPORTS["fide-example"]))
    table = page.get_by_role("table", name=re.compile("^Rating changes: "))
    expect(table.get_by_role("columnheader", name="Performance")).to_be_hidden()
    table.get_by_role("button", name="Uwira,Oliver").click()
    figures = page.locator("tr.detail:not([hidden]) dl.figures")
    for term, value in (("Performance", "2603"), ("Score", "6.0"), ("Rating", "2219"), ("K", "20")):
        expect(figures.get_by_role("term").filter(has_text=re.compile(f"^{term}$"))).to_be_visible()
        expect(figures.locator("div").filter(has=page.get_by_role("term").filter(has_text=re.compile(f"^{term}$")))
               .get_by_role("definition")).to_have_text(value)
    # The player's games fit the phone too: the change of each is on screen.
    games = page.get_by_role("table", name="Games of Uwira,Oliver")
    assert games.evaluate("t => t.closest('.table-wrap').scrollWidth <= t.closest('.table-wrap').clientWidth")


OVERFLOW = "() => document.scrollingElement.scrollWidth - innerWidth"
TOKEN = "2PACX-1vTl0M7" + "x" * 100  # a published Google Sheet's address: a token of a hundred characters and more


@pytest.mark.parametrize("width", [320, 375])
def test_a_german_ladder_fits_a_phone_with_a_long_heading_a_long_address_and_a_player_s_history(
        width: int, phone: BrowserContext, warm_context: BrowserContext, widget_origin: str) -> None:
    """Found on a phone (a hostile pass): a heading of one long German word, the address of a published sheet in a
    file's message, each made the page scroll sideways (its end and Retry off screen); a player's history in German
    was wider than the phone, its ratings off the edge."""
    address = f"{widget_origin}/spreadsheets/d/e/{TOKEN}/pub?gid=0&single=true&output=csv"
    page = page_at(width, phone, warm_context, widget_origin, "?view=ladder&lang=de&heading="
                   f"Schnellschachvereinsmeisterschaft&src={address.replace('&', '%26').replace('?', '%3F')}")
    expect(page.get_by_role("alert")).to_contain_text("404", timeout=60_000)
    assert 0 == page.evaluate(OVERFLOW)
    heading = page.get_by_role("heading", name=re.compile("^Schnellschach"))
    assert heading.evaluate("h => h.scrollWidth <= h.clientWidth && h.getBoundingClientRect().right <= innerWidth")
    retry = page.get_by_role("button", name="Erneut versuchen").bounding_box()
    assert retry is not None and retry["x"] + retry["width"] <= width
    page = page_at(width, phone, warm_context, widget_origin, "?view=ladder&lang=de")
    page.get_by_label("Spielerdatei (optional: ID, Name, Wertung, aktiv)").set_input_files(str(PLAYERS))
    page.get_by_label("Ergebnisdatei (CSV)").set_input_files(str(GAMES))
    ranking = page.get_by_role("table", name=re.compile("^Rangliste"))
    ranking.get_by_role("button", name="Anna Meier", exact=True).click()
    history = page.get_by_role("table", name="Verlauf von Anna Meier")
    expect(history).to_be_visible()
    assert history.evaluate("t => t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right")
    assert 0 == page.evaluate(OVERFLOW)


@pytest.mark.parametrize("lang", ["de", "es", "fr", "it", "nl"])
def test_a_league_team_s_history_and_head_to_head_fit_a_phone_in_every_language(lang: str, phone: BrowserContext,
                                                                                widget_origin: str) -> None:
    """A team's history with its venue column was 350 to 443 px in a 343 px box on a 375 px phone (nl 443: its
    rating off the edge), and German head-to-head 368 px ("Unentschieden", "Niederlagen"). On a phone the venue is
    said under the opponent's name, and the wins, draws and losses are one W–D–L column."""
    words = json.loads((ROOT / "widget" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    page = phone.new_page()
    open_widget(page, widget_origin, f"?view=ladder&lang={lang}")
    page.locator("input[type=file]").first.set_input_files(str(TESTS / "league" / "town-league.csv"))
    ranking = page.get_by_role("table", name=re.compile("^" + words["ladder.caption"].split("(")[0].strip()))
    ranking.get_by_role("button", name="Rovers", exact=True).click()
    for caption in ("ladder.historyCaption", "ladder.h2hCaption"):
        table = page.get_by_role("table", name=words[caption].replace("{name}", "Rovers"))
        expect(table).to_be_visible()
        assert table.evaluate("t => t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right")
    history = page.get_by_role("table", name=words["ladder.historyCaption"].replace("{name}", "Rovers"))
    first = history.locator("tbody tr:not(.note)").first.locator("td.c-name")
    venue = first.evaluate("c => getComputedStyle(c, '::after').content")
    assert venue.strip('"') in {words[f"ladder.venue.{v}"] for v in ("home", "away", "neutral")}
    h2h = page.get_by_role("table", name=words["ladder.h2hCaption"].replace("{name}", "Rovers"))
    record = words.get("ladder.league.col.record", words["ladder.col.record"])
    expect(h2h.get_by_role("columnheader", name=record)).to_be_visible()
    assert 0 == page.evaluate(OVERFLOW)
    page.close()
