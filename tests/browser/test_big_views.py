"""Large reports and ladders within the stated limits (issue 38 item 7): a tournament report of 2 000 players, a
player with 10 000 rounds, a ladder of 10 000 players. Their tables show only the rows near their box's view on
screen (widget/page/long-table.js); here, what a visitor sees of that: the rows a filter or a sort asks for, each
one there when scrolled to, reached by Tab and printed; a key typed into a large report's filter changing nothing
until the typing pauses; a player found among 10 000 by part of their name. The files are made by
tests/trf_text.py and tests/ladder_text.py (seeded), every expected figure by elo_core here. Times are
bench/big_views.py's: no test here measures one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from elo_core.reports.event import event_report
from elo_core.reports.ladder import ladder_report
from tests.ladder_text import random_ledger
from tests.trf_text import marathon, random_tournament

from .a11y import violations
from .conftest import open_widget, wait_ready
from .ui import placed, put_text, shown

BIG = random_tournament(2000, 9)
"""2 000 players, 9 rounds: as large as the largest opens."""
PLAYERS = 2000
ROWS = ":scope > tbody > tr:not(.detail)"


@pytest.fixture(scope="module")
def big() -> list[dict[str, Any]]:
    """elo_core's players of the 2 000-player report, in its order (by rank)."""
    answer = event_report({"text": BIG})
    assert answer["ok"]
    return list(answer["players"])


def open_report(page: Page, text: str) -> Locator:
    """The report of `text`, pasted, once its rows are all there; its table."""
    page.get_by_role("button", name="Open a tournament file").click()
    put_text(page.get_by_label("Or paste the file's text"), text)
    page.get_by_role("button", name="Read the pasted text").click()
    table = page.get_by_role("table", name=re.compile(r"^Rating changes: "))
    players = len(re.findall(r"^001 ", text, flags=re.M))
    expect(page.get_by_text(f"{players} of {players} players shown.")).to_be_visible(timeout=90_000)
    return table


def names(table: Locator) -> list[str]:
    """The names of the table's player rows, in order: every row in the document, shown on screen or not."""
    shown: list[str] = table.locator(ROWS).evaluate_all("rows => rows.map(r => r.querySelector('th').textContent)")
    return shown


def test_a_key_typed_into_a_large_report_s_filter_changes_nothing_until_the_typing_pauses(
        page: Page, widget_origin: str, big: list[dict[str, Any]]) -> None:
    """A key typed into the filter of a 2 000-player report keeps the text and no more (the table, its count
    and what is said stay as they were, however long the table): once the typing has paused, the rows are the
    players whose name holds the text, and their count is shown and said. (A fresh profile: the fake clock
    stays with its context.)"""
    open_widget(page, widget_origin)
    wait_ready(page)
    table = open_report(page, BIG)
    field = name_filter(page, "event")  # described by the count shown
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from now on, no timer runs but in run_for
    field.press_sequentially("199")
    expect(field).to_have_accessible_description("2000 of 2000 players shown.")
    assert len(names(table)) == PLAYERS
    page.clock.run_for(1000)  # the pause: the filter and then the count said
    holding = [p["name"] for p in big if "199" in p["name"]]
    expect(field).to_have_accessible_description(f"{len(holding)} of 2000 players shown.")
    expect(page.locator("#announce")).to_have_text(f"{len(holding)} of 2000 players shown.")
    assert names(table) == holding and len(holding) > 1


def test_a_large_report_sorted_by_name_holds_every_row_in_that_order_each_reached_by_scrolling_and_tab(
        widget: Page, big: list[dict[str, Any]]) -> None:
    table = open_report(widget, BIG)
    widget.get_by_role("button", name="Name", exact=True).click()
    placed(table, "Name", "ascending")
    by_name = sorted(p["name"] for p in big)
    assert names(table) == by_name
    box = widget.get_by_role("region", name=re.compile(r"^Rating changes: "))
    box.scroll_into_view_if_needed()
    # Rows taller than the ones measured so far (as a long name wraps further down): scrolled to the middle, the
    # rows first shown there are placed by the old estimate, then measured; the row seen at the top of the view
    # stays there (before: every row above moved by the difference, the view jumped ~500 rows on).
    seen = box.evaluate("""async (b) => {
        for (const row of b.querySelectorAll("tbody > tr")) row.style.height = "90px";
        const frame = () => new Promise(requestAnimationFrame);
        const top = () => {  // the first row below the sticky header
            const edge = b.getBoundingClientRect().top;
            const rows = [...b.querySelectorAll("tbody > tr:not(.far)")];
            const row = rows.find(r => r.getBoundingClientRect().top >= edge + 60);
            return [row.querySelector("th").textContent, Math.round(row.getBoundingClientRect().top - edge)]; };
        // After the box's own scroll listener (long-table.js): its window shown in this frame, measured in the next.
        const first = new Promise((resolve) => b.addEventListener(
            "scroll", () => requestAnimationFrame(() => resolve(top())), {once: true}));
        b.scrollTop = b.scrollHeight / 2;
        const before = await first;
        for (let i = 0; i < 6; i++) await frame();
        const after = top();
        for (const row of b.querySelectorAll("tbody > tr")) row.style.height = "";
        return [before, after];
    }""")
    assert seen[0][0] == seen[1][0] and abs(seen[0][1] - seen[1][1]) <= 1, seen  # a px less is not corrected
    # The last row, scrolled to in the table's own box.
    last = table.get_by_role("button", name=by_name[-1], exact=True)
    expect(last).to_be_hidden()  # far from the view: not laid out
    box.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    expect(last).to_be_in_viewport()
    # From the first row, Tab goes on from row to row past the rows first shown.
    box.evaluate("b => { b.scrollTop = 0; }")
    table.get_by_role("button", name=by_name[0], exact=True).focus()
    for _ in range(60):
        widget.keyboard.press("Tab")
    expect(table.get_by_role("button", name=by_name[60], exact=True)).to_be_focused()
    # A filter widened shows its rows from the first (the players shown before, now further down, do not hold
    # the view: before, "19" then "1" left the box scrolled 595 px down).
    field = name_filter(widget, "event")
    for text in ("19", "1"):
        field.fill(text)
        expect(field).to_have_accessible_description(f"{sum(text in n for n in by_name)} of {PLAYERS} players shown.")
        expect(table).not_to_have_attribute("aria-busy", "true")
    assert box.evaluate("b => b.scrollTop") == 0
    expect(table.get_by_role("button", name=next(n for n in by_name if "1" in n), exact=True)).to_be_in_viewport()


def test_a_large_report_prints_every_row_and_a_sort_still_being_drawn_ends_before_print(
        widget: Page, big: list[dict[str, Any]]) -> None:
    """On screen, the rows near the box's view are laid out; printed, every one. The page about to be printed
    ("beforeprint", as the browser's print and page.pdf() send it) while a new order's rows are still being
    placed: they are all placed first."""
    table = open_report(widget, BIG)
    laid_out = "rows => rows.filter(r => r.getClientRects().length > 0).length"
    assert 0 < table.locator(ROWS).evaluate_all(laid_out) < PLAYERS
    busy = table.evaluate("""t => {
        t.querySelector("thead th.c-rating button").click();
        const placing = t.getAttribute("aria-busy");
        window.dispatchEvent(new Event("beforeprint"));
        return [placing, t.getAttribute("aria-busy")];
    }""")
    assert busy == ["true", None]
    by_rating = sorted(big, key=lambda p: (p["rating"] is None, -(p["rating"] or 0), p["start"]))
    assert names(table) == [p["name"] for p in by_rating]
    widget.emulate_media(media="print")
    assert table.locator(ROWS).evaluate_all(laid_out) == PLAYERS
    widget.emulate_media(media="screen")


def test_a_large_report_shown_in_part_with_a_player_s_row_open_and_axe_finds_nothing(
        for_axe: BrowserContext, widget_origin: str, big: list[dict[str, Any]]) -> None:
    """Its rows near the view shown, the table says how many it has and where each shown row is; a row
    opened; axe finds nothing."""
    page = for_axe.new_page()
    open_widget(page, widget_origin)
    wait_ready(page)
    table = open_report(page, BIG)
    expect(table).to_have_attribute("aria-rowcount", str(PLAYERS + 1))  # the header's row, and a row a player
    first = table.locator(ROWS).first
    expect(first).to_have_attribute("aria-rowindex", "2")
    table.get_by_role("button", name=big[0]["name"], exact=True).click()
    expect(page.get_by_role("table", name=f"Games of {big[0]['name']}")).to_be_visible()
    assert [] == violations(page)


def test_a_k_typed_that_moves_its_row_far_down_a_large_report_keeps_the_typing_in_its_field_in_sight(
        widget: Page, big: list[dict[str, Any]]) -> None:
    """Sorted by change, the first player's K typed lower: their row goes far down the order, beyond the rows
    shown, and the box follows it: the field keeps the focus and what was typed, in view; the order is the new
    one throughout."""
    table = open_report(widget, BIG)
    widget.get_by_role("button", name="Change (exact)").click()
    expect(table).not_to_have_attribute("aria-busy", "true")
    top = min((p for p in big if p["k"] is not None), key=lambda p: (-p["change"], p["start"]))
    table.get_by_role("button", name=top["name"], exact=True).click()
    field = widget.get_by_label("K (blank: from the facts below)")
    field.fill("1")
    players = event_report({"text": BIG, "players": {str(top["start"]): {"k": 1}}})["players"]
    now = next(p for p in players if p["start"] == top["start"])
    by_change = sorted(players, key=lambda p: (p["change"] is None, -(p["change"] or 0), p["start"]))
    place = [p["start"] for p in by_change].index(top["start"])
    assert place > 200  # far beyond the rows first shown
    expect(table.locator(ROWS).filter(has_text=top["name"]).locator("td.c-change")).to_have_text(
        shown(now["change"], 1 if round(now["change"] * 10, 6).is_integer() else 2, sign=True))
    expect(table).not_to_have_attribute("aria-busy", "true")
    assert names(table) == [p["name"] for p in by_change]
    expect(field).to_be_focused()
    expect(field).to_have_value("1")
    expect(field).to_be_in_viewport()


def test_a_player_s_10_000_rounds_are_drawn_in_steps_and_every_round_is_reached_by_scrolling(widget: Page) -> None:
    """A player who played 10 000 rounds: their games' table is made in more than one task (the page is not
    held while it is), every round ends in it, and the last is in view once its box is scrolled down."""
    text = marathon(10, 10_000)
    player = event_report({"text": text})["players"][0]
    assert len(player["rounds"]) == 10_000
    table = open_report(widget, text)
    table.evaluate("""t => {
        window.__steps = 0;
        new MutationObserver((records) => {
            if (records.some((r) => r.addedNodes.length && r.target.closest("table") !== t)) window.__steps++;
        }).observe(t, {childList: true, subtree: true});
    }""")
    table.get_by_role("button", name=player["name"], exact=True).click()
    games = widget.get_by_role("table", name=f"Games of {player['name']}")
    expect(games).to_be_visible()
    expect(games).not_to_have_attribute("aria-busy", "true", timeout=60_000)
    expect(games.locator("tbody tr")).to_have_count(10_000)
    assert widget.evaluate("() => window.__steps") > 1
    last = games.locator("tbody tr").last
    expect(last).to_be_hidden()
    games.locator("xpath=..").evaluate("b => { b.scrollTop = b.scrollHeight; }")  # its own box's end
    expect(last).to_be_visible()
    last.scroll_into_view_if_needed()  # the report's box and the page, to it
    expect(last).to_be_in_viewport()
    expect(last.locator("td").first).to_have_text("10000")  # its round


# ---- the ladder of 10 000 players ---------------------------------------------------------------------

LEDGER = random_ledger(20_000, players=10_000)
"""20 000 games among 10 000 players (P1 ... P10000, named by their ids): those with a game are listed."""


@pytest.fixture(scope="module")
def ladder() -> dict[str, Any]:
    """elo_core's ladder of LEDGER, as the view asks for it (English)."""
    answer = ladder_report({"text": LEDGER, "locale": "en"})
    assert answer["ok"]
    return answer


def name_filter(page: Page, view: str) -> Locator:
    """A view's name filter, found by its id and its label checked once. Found by its label, every poll of an
    `expect` on it looked through the labels of the whole page, 10 000 rows' buttons: under load one look took
    4-25 s of the page's own thread, its filter's timer ran that late, and a check of the count timed out."""
    field = page.locator(f"#{view}-filter")
    expect(field).to_have_accessible_name("Filter by name")
    return field


def open_ladder(page: Page, folder: Path) -> Locator:
    """LEDGER opened through the file picker; the ranking once its count is shown."""
    path = folder / "club.csv"
    path.write_text(LEDGER, encoding="utf-8")
    page.get_by_role("button", name="Open a results file").click()
    page.get_by_label("Results file (CSV)").set_input_files(str(path))
    expect(page.get_by_text(re.compile(r"^\d+ of \d+ players shown\.$"))).to_be_visible(timeout=90_000)
    return page.get_by_role("table", name=re.compile(r"^Ranking \("))


def test_a_10_000_player_ladder_s_picker_finds_a_player_by_part_of_the_name(
        for_axe: BrowserContext, widget_origin: str, tmp_path: Path, ladder: dict[str, Any]) -> None:
    """On a player's page of a ladder of 10 000, the opponent is found by typing part of a name: at most 50
    players are listed, and how many there are is said (axe finds nothing with the list open); arrows and
    Enter choose one, whose game's stakes show, or Enter alone the one named as typed; Escape closes the list,
    and again clears the field."""
    widget = for_axe.new_page()
    open_widget(widget, widget_origin)
    wait_ready(widget)
    table = open_ladder(widget, tmp_path)
    first = ladder["players"][0]
    # The ranking narrowed to the player first: axe takes 9 s over its 10 000 rows (the picker still offers them all).
    field = name_filter(widget, "ladder")  # described by the count shown
    field.fill(first["name"])
    narrowed = sum(first["name"].lower() in p["name"].lower() for p in ladder["players"])
    expect(field).to_have_accessible_description(f"{narrowed} of {len(ladder['players'])} players shown.")
    expect(table).not_to_have_attribute("aria-busy", "true")
    table.get_by_role("button", name=first["name"], exact=True).click()
    expect(widget.get_by_role("heading", name=first["name"], exact=True)).to_be_focused()
    others = [p["name"] for p in ladder["players"] if p["id"] != first["id"]]
    picker = widget.get_by_role("combobox", name="Opponent")
    expect(picker).to_have_value(others[0])
    expect(widget.get_by_role("table", name=f"A game between {first['name']} and {others[0]}")).to_be_visible()
    # Many players hold "P1": the first 50 listed, and how many said.
    picker.fill("p1")
    listbox = widget.get_by_role("listbox", name="Opponent")
    holding = [n for n in others if "p1" in n.lower()]
    expect(listbox.get_by_role("option")).to_have_count(50)
    expect(listbox.get_by_role("option").first).to_have_text(holding[0])
    expect(widget.get_by_role("status").filter(has_text="players found")).to_have_text(
        f"{len(holding)} players found; the first 50 are listed: type more of the name.")
    assert [] == violations(widget)  # the ranking's own rows: test_ladder_view.py
    widget.keyboard.press("Escape")
    expect(listbox).to_be_hidden()
    expect(picker).to_have_value("p1")
    widget.keyboard.press("Escape")
    expect(picker).to_have_value("")
    # A name that others hold too, typed whole (case aside): Enter chooses the player of that name.
    short = next(n for n in sorted(others, key=len) if any(n in m for m in others if m != n))
    picker.fill(short.lower())
    expect(listbox.get_by_role("option").first).to_be_visible()
    widget.keyboard.press("Enter")
    expect(picker).to_have_value(short)
    expect(widget.get_by_role("table", name=f"A game between {first['name']} and {short}")).to_be_visible()
    picker.fill("")
    # One player whose id no other one's holds: typed in part, chosen with the keys.
    target = next(n for n in others if len(n) == 5 and not any(n in m for m in others if m != n))
    picker.press_sequentially(target[1:])
    expect(listbox.get_by_role("option")).to_have_text([target])
    widget.keyboard.press("ArrowDown")
    expect(listbox.get_by_role("option", name=target)).to_have_attribute("aria-selected", "true")
    widget.keyboard.press("Enter")
    expect(picker).to_have_value(target)
    expect(listbox).to_be_hidden()
    expect(widget.get_by_role("table", name=f"A game between {first['name']} and {target}")).to_be_visible()


def test_a_10_000_player_ranking_filtered_and_sorted_holds_the_rows_asked_for(
        widget: Page, tmp_path: Path, ladder: dict[str, Any]) -> None:
    table = open_ladder(widget, tmp_path)
    total = len(ladder["players"])
    field = name_filter(widget, "ladder")  # described by the count shown
    field.fill("P19")
    holding = [p["name"] for p in ladder["players"] if "p19" in p["name"].lower()]
    expect(field).to_have_accessible_description(f"{len(holding)} of {total} players shown.")
    expect(table).not_to_have_attribute("aria-busy", "true")
    assert ladder_names(table) == holding
    field.fill("")
    expect(field).to_have_accessible_description(f"{total} of {total} players shown.")
    widget.get_by_role("button", name="Name", exact=True).click()
    placed(table, "Name", "ascending")
    assert ladder_names(table) == sorted(p["name"] for p in ladder["players"])


def ladder_names(table: Locator) -> list[str]:
    """The names of the ranking's rows, in order: every row in the document, shown on screen or not."""
    shown: list[str] = table.locator(":scope > tbody > tr > th").evaluate_all("cells => cells.map(c => c.textContent)")
    return shown
