"""A player of a club's report or ladder has a link of their own (widget/page/player-link.js): copied from the
player's row or page, it is the club's page with the player named for that element; opened, the club's page
shows the view with that player open (embed.js hands `#player=` to that frame alone)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Route, expect

from elo_core.reports.event import event_report

TESTS = Path(__file__).resolve().parents[1]
FILES = {"report.trf": TESTS / "trf" / "fide-c07-tiebreak-exercises.trf",
         "club-games.csv": TESTS / "ladder" / "club-games.csv",
         "club-players.csv": TESTS / "ladder" / "club-players.csv"}


def serve_file(route: Route) -> None:
    route.fulfill(body=FILES[route.request.url.rsplit("/", 1)[1]].read_bytes(), content_type="text/plain")


def club_page(context: BrowserContext, host_origin: str) -> Page:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.route(f"{host_origin}/files/*", serve_file)
    return page


def test_a_report_s_player_has_a_link_that_opens_their_row_on_the_club_s_page(
        warm_context: BrowserContext, host_origin: str) -> None:
    page = club_page(warm_context, host_origin)
    page.goto(f"{host_origin}/links.html")
    report = page.frame_locator("#report iframe")
    table = report.get_by_role("table", name=re.compile("^Rating changes: "))
    expect(table).to_be_visible(timeout=90_000)
    name = table.locator("tbody > tr:not(.detail) th.c-name").nth(6).inner_text().lstrip("▸▾\u00a0 ")
    start = table.locator("tbody > tr:not(.detail)").nth(6).locator("td.c-start").inner_text()
    table.get_by_role("button", name=name, exact=True).click()
    report.get_by_role("button", name=f"Copy a link to {name}").click()
    expect(report.get_by_text(f"Link to {name} copied.")).to_be_visible()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{host_origin}/links.html#elo-calculator=id%3Areport&player={start}"
    # Opened: the report with that player's row open, the other element's frame untouched.
    page.goto("about:blank")
    page.goto(link)
    report = page.frame_locator("#report iframe")
    row = report.get_by_role("button", name=name, exact=True)
    expect(row).to_have_attribute("aria-expanded", "true", timeout=90_000)
    expect(row).to_be_in_viewport()  # the club's page scrolled to it (a frame may not take the focus)
    expect(report.get_by_role("table", name=f"Games of {name}")).to_be_visible()
    expect(page.frame_locator("#ladder iframe").get_by_role("table", name=re.compile("^Ranking"))).to_be_visible()
    expect(page.frame_locator("#ladder iframe").get_by_role("heading", name="Anna Meier")).to_be_hidden()


def test_a_ladder_player_has_a_link_that_opens_their_page_on_the_club_s_page(
        warm_context: BrowserContext, host_origin: str) -> None:
    page = club_page(warm_context, host_origin)
    page.goto(f"{host_origin}/ladder-links.html")  # the ladder below a screen of the club's news
    ladder = page.frame_locator("#ladder iframe")
    ladder.get_by_role("button", name="Anna Meier", exact=True).click(timeout=90_000)
    ladder.get_by_role("button", name="Copy a link to Anna Meier").click()
    expect(ladder.get_by_text("Link to Anna Meier copied.")).to_be_visible()  # written: the clipboard holds it now
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{host_origin}/ladder-links.html#elo-calculator=id%3Aladder&player=AM"
    page.goto("about:blank")
    page.goto(link)
    ladder = page.frame_locator("#ladder iframe")
    expect(ladder.get_by_role("heading", name="Anna Meier")).to_be_visible(timeout=90_000)
    expect(ladder.get_by_role("heading", name="Anna Meier")).to_be_in_viewport()
    expect(ladder.get_by_role("table", name="History of Anna Meier")).to_be_visible()


def test_a_link_to_a_player_far_down_a_long_report_opens_their_row_in_view(
        warm_context: BrowserContext, host_origin: str) -> None:
    """FIDE's example, 284 players: a row far from the table's box is laid out only near its view (long-table.js);
    the link's row is laid out, opened and brought into the club's page's view all the same."""
    example = TESTS / "trf" / "fide-example1.trf"
    p = next(p for p in event_report({"text": example.read_bytes()})["players"] if p["rank"] == 250)
    page = club_page(warm_context, host_origin)
    page.route(f"{host_origin}/files/report.trf", lambda route: route.fulfill(body=example.read_bytes()))
    page.goto(f"{host_origin}/links.html#elo-calculator=id%3Areport&player={p['start']}")
    row = page.frame_locator("#report iframe").get_by_role("button", name=p["name"], exact=True)
    expect(row).to_have_attribute("aria-expanded", "true", timeout=90_000)
    expect(row).to_be_in_viewport()
