"""A game removed by mistake comes back: a removed game with something typed leaves a line in its place
with an Undo (widget/views/calculator/form.js, removedGames), seen where the visitor's finger is, not at the top of a
long page; an empty row just goes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Locator, Page, expect

from elo_core import calculate

from .conftest import NO_SHARED_WORKER, open_widget, wait_ready
from .test_big_input import paste_into_first_box, wait_for_rows
from .test_embed import frame_fits, rate_fide_period
from .test_loading import DOWNLOADS
from .test_saved_answer import KEPT
from .ui import frames_then, in_page_order, scrolled_still, set_games, shown

THREE: list[dict[str, Any]] = [
    {"opponent": 1600, "score": 1}, {"opponent": 1700, "score": 0.5}, {"opponent": 1800, "score": 0},
]


def games(page: Page) -> list[tuple[str, str]]:
    """Each game's opponent and result, in the order shown."""
    n = page.get_by_role("button", name=re.compile(r"^Remove game \d+$")).count()
    return [(page.get_by_label(f"Opponent rating, game {i}", exact=True).input_value(),
             page.get_by_label(f"Result, game {i}", exact=True).input_value()) for i in range(1, n + 1)]


def removed_line(page: Page | FrameLocator, text: str) -> Locator:
    return page.get_by_role("listitem").filter(has_text=text)


def three_games(page: Page) -> str:
    """Rating 1500 and THREE; the new rating they give (elo_core's, at the K the form holds), once shown. (Any
    rating shown would not do: under load, the answer to the first two games was taken for the three's.)"""
    wait_ready(page)
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Your rating").fill("1500")
    set_games(page, THREE)
    answer = calculate({"system": "elo", "rating": 1500, "k": float(page.get_by_label("K-factor").input_value()),
                        "games": THREE})
    new = page.get_by_label("New rating", exact=True)
    expect(new).to_have_text(shown(answer["new_rating"], 1))
    expect(page.get_by_text("Removed:")).to_have_count(0)  # clearing the first row: nothing typed there
    return new.inner_text()


def test_a_removed_game_leaves_its_line_in_place_and_undo_puts_it_back(widget: Page) -> None:
    with_three = three_games(widget)
    widget.get_by_role("button", name="Remove game 2", exact=True).click()
    line = removed_line(widget, "Removed: the game against 1700 (Draw).")
    expect(line).to_be_visible()
    assert games(widget) == [("1600", "1"), ("1800", "0")]
    # In the place the game had: under game 1, over the game that followed it.
    assert in_page_order(widget.get_by_label("Opponent rating, game 1", exact=True), line,
                         widget.get_by_label("Opponent rating, game 2", exact=True))
    expect(widget.get_by_role("button", name="Remove game 2", exact=True)).to_be_focused()
    expect(widget.get_by_label("New rating", exact=True)).not_to_have_text(with_three)
    expect(widget.locator("#announce")).to_have_text("Removed: the game against 1700 (Draw).")

    line.get_by_role("button", name="Undo").click()
    assert games(widget) == [("1600", "1"), ("1700", "0.5"), ("1800", "0")]
    expect(widget.get_by_text("Removed:")).to_have_count(0)
    expect(widget.get_by_label("Opponent rating, game 2", exact=True)).to_be_focused()
    expect(widget.get_by_label("New rating", exact=True)).to_have_text(with_three)
    # What Undo put back is saved, as any entry is.
    widget.reload()
    wait_ready(widget)
    assert games(widget) == [("1600", "1"), ("1700", "0.5"), ("1800", "0")]


def test_each_removal_keeps_its_own_undo_and_the_last_game_comes_back_last(widget: Page) -> None:
    three_games(widget)
    widget.get_by_role("button", name="Remove game 3", exact=True).click()  # the last: its line under game 2
    widget.get_by_role("button", name="Remove game 1", exact=True).click()  # a double click's second
    last = removed_line(widget, "Removed: the game against 1800 (Loss).")
    first = removed_line(widget, "Removed: the game against 1600 (Win).")
    expect(last).to_be_visible()
    expect(first).to_be_visible()
    assert games(widget) == [("1700", "0.5")]
    assert in_page_order(first, widget.get_by_label("Opponent rating, game 1", exact=True), last)
    # Adding a game keeps the lines: their games can still come back.
    widget.get_by_role("button", name="Add game").click()
    widget.get_by_label("Opponent rating, game 2", exact=True).fill("1900")
    last.get_by_role("button", name="Undo").click()
    assert games(widget) == [("1700", "0.5"), ("1900", "1"), ("1800", "0")]
    first.get_by_role("button", name="Undo").click()
    assert games(widget) == [("1600", "1"), ("1700", "0.5"), ("1900", "1"), ("1800", "0")]
    expect(widget.get_by_text("Removed:")).to_have_count(0)


def test_an_empty_row_just_goes_and_a_new_list_drops_the_lines(widget: Page) -> None:
    three_games(widget)
    widget.get_by_role("button", name="Add game").click()
    widget.get_by_role("button", name="Remove game 4", exact=True).click()
    expect(widget.get_by_text("Removed:")).to_have_count(0)
    widget.get_by_role("button", name="Remove game 1", exact=True).click()
    expect(removed_line(widget, "Removed: the game against 1600 (Win).")).to_be_visible()
    # Another system makes the list anew: the line, which would put back a game of another
    # calculation's list, goes.
    widget.get_by_label("Rating system").select_option("fide")
    expect(widget.get_by_text("Removed:")).to_have_count(0)
    assert games(widget) == [("1700", "0.5"), ("1800", "0")]


def test_the_line_fits_a_phone_in_french(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    open_widget(page, widget_origin, "?lang=fr&system=elo&rating=1500")
    wait_ready(page)
    page.get_by_label("Classement de l'adversaire, partie 1", exact=True).fill("1600")
    page.get_by_role("button", name="Supprimer la partie 1", exact=True).click()
    line = removed_line(page, "Supprimée : la partie contre 1600 (Gain).")
    expect(line).to_be_visible()
    assert line.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def test_the_last_of_a_long_list_leaves_its_line_at_the_end(widget: Page) -> None:
    """Rows past the first 200 are made in later tasks: the line waits for them, then goes last."""
    wait_ready(widget)
    paste_into_first_box(widget, "".join(f"{1000 + i} 1\n" for i in range(1000)))
    wait_for_rows(widget, 1000)
    widget.get_by_role("button", name="Remove game 1000", exact=True).click()
    line = removed_line(widget, "Removed: the game against 1999 (Win).")
    expect(line).to_be_attached()
    widget.wait_for_function("() => document.querySelectorAll('#games .game').length === 999")
    assert line.evaluate("el => el === [...document.querySelectorAll('#games li')].at(-1)")
    expect(widget.get_by_role("button", name="Remove game 999", exact=True)).to_be_focused()
    # A removal at the top makes the first rows at once and the rest later: the earlier line waits
    # for them and stays last.
    widget.get_by_role("button", name="Remove game 1", exact=True).click()
    expect(removed_line(widget, "Removed: the game against 1000 (Win).")).to_be_visible()
    widget.wait_for_function("() => document.querySelectorAll('#games .game').length === 998")
    expect(line).to_be_attached()
    assert line.evaluate("el => el === [...document.querySelectorAll('#games li')].at(-1)")
    line.get_by_role("button", name="Undo").click()
    expect(widget.get_by_label("Opponent rating, game 999", exact=True)).to_have_value("1999")
    expect(widget.get_by_label("Opponent rating, game 999", exact=True)).to_be_focused()


def five_games(page: Page) -> list[tuple[str, str]]:
    wait_ready(page)
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Your rating").fill("1500")
    set_games(page, [{"opponent": 1601 + i, "score": 1} for i in range(5)])
    return games(page)


@pytest.mark.parametrize("undo_order", ["later first", "earlier first"])
def test_removing_the_game_after_a_removed_one_keeps_both_lines_in_order(widget: Page, undo_order: str) -> None:
    """Remove game 2, then Enter on the Remove button the keyboard is left on (the next game): two
    lines, in the games' order, and their Undos in either order give the list back as it was."""
    original = five_games(widget)
    widget.get_by_role("button", name="Remove game 2", exact=True).click()
    expect(widget.get_by_role("button", name="Remove game 2", exact=True)).to_be_focused()
    widget.keyboard.press("Enter")
    b, c = (removed_line(widget, f"Removed: the game against {n} (Win).") for n in (1602, 1603))
    expect(b).to_be_visible()
    expect(c).to_be_visible()
    assert in_page_order(widget.get_by_label("Opponent rating, game 1", exact=True), b, c,
                         widget.get_by_label("Opponent rating, game 2", exact=True))
    for line in ((c, b) if undo_order == "later first" else (b, c)):
        line.get_by_role("button", name="Undo").click()
    assert games(widget) == original


@pytest.mark.parametrize("removed", [(3, 2), (5, 4), (2, 4), (4, 2)])
def test_any_removals_undone_in_any_order_give_the_list_back(widget: Page, removed: tuple[int, int]) -> None:
    """Two games removed (numbers as shown at the time), their lines in the games' order, and the
    Undos pressed later-removed first, then the other way round."""
    original = five_games(widget)
    for undo_first in (1, 0):
        opponents = []
        for n in removed:
            opponents.append(games(widget)[n - 1][0])
            widget.get_by_role("button", name=f"Remove game {n}", exact=True).click()
        lines = [removed_line(widget, f"Removed: the game against {o} (Win).") for o in opponents]
        assert in_page_order(*sorted(lines, key=lambda line: original.index(
            (re.findall(r"\d{4}", line.inner_text())[0], "1"))))
        for line in (lines[::-1] if undo_first else lines):
            line.get_by_role("button", name="Undo").click()
        assert games(widget) == original


def test_a_period_shown_as_one_list_in_another_system_still_leaves_lines(widget: Page) -> None:
    """Tournaments kept in the state while another system shows the games as one list."""
    wait_ready(widget)
    widget.get_by_label("Rating system").select_option("fide")
    widget.get_by_label("Your rating").fill("1500")
    set_games(widget, [{"opponent": 1600, "score": 1}, {"opponent": 1700, "score": 1}])
    widget.get_by_role("button", name="Add tournament").click()
    widget.get_by_label("Opponent rating, game 3", exact=True).fill("1800")
    widget.get_by_role("button", name="Add game to tournament 2").click()
    widget.get_by_label("Opponent rating, game 4", exact=True).fill("1900")
    widget.get_by_label("Rating system").select_option("elo")
    original = games(widget)
    for n, opponent in ((2, "1700"), (3, "1900")):  # the last of tournament 1; then the last of all
        widget.get_by_role("button", name=f"Remove game {n}", exact=True).click()
        expect(removed_line(widget, f"Removed: the game against {opponent} (Win).")).to_be_visible()
    removed_line(widget, "1900").get_by_role("button", name="Undo").click()
    removed_line(widget, "1700").get_by_role("button", name="Undo").click()
    assert games(widget) == original


def test_a_line_far_down_a_long_list_survives_a_removal_at_the_top(widget: Page) -> None:
    wait_ready(widget)
    paste_into_first_box(widget, "".join(f"{1000 + i} 1\n" for i in range(1000)))
    wait_for_rows(widget, 1000)
    widget.get_by_role("button", name="Remove game 500", exact=True).click()
    widget.get_by_role("button", name="Remove game 1", exact=True).click()
    widget.wait_for_function("() => document.querySelectorAll('#games .game').length === 998")
    line = removed_line(widget, "Removed: the game against 1499 (Win).")
    expect(line).to_be_attached()
    line.get_by_role("button", name="Undo").click()
    expect(widget.get_by_label("Opponent rating, game 499", exact=True)).to_have_value("1499")
    expect(widget.get_by_label("Opponent rating, game 498", exact=True)).to_have_value("1498")


def test_what_another_system_keeps_in_a_row_is_not_what_the_visitor_sees(widget: Page) -> None:
    """An opponent's RD typed in Glicko, the opponent cleared, then Elo: the row looks empty, and
    removing it leaves no line."""
    wait_ready(widget)
    widget.get_by_label("Rating system").select_option("glicko")
    widget.locator("#games .x-opponent_rd").first.fill("80")
    widget.get_by_label("Rating system").select_option("elo")
    widget.get_by_role("button", name="Remove game 1", exact=True).click()
    expect(widget.get_by_role("button", name="Remove game 1", exact=True)).to_have_count(0)
    expect(widget.get_by_text("Removed:")).to_have_count(0)


def test_enter_in_a_list_still_being_made_keeps_the_lines(widget: Page) -> None:
    """Enter on the last row made so far makes the next row at once (a render of its own): the lines
    stay. Both in one task, as a fast visitor may, before the later rows are made."""
    wait_ready(widget)
    paste_into_first_box(widget, "".join(f"{1000 + i} 1\n" for i in range(1000)))
    wait_for_rows(widget, 1000)
    widget.evaluate("""() => {
        document.querySelector('#games .game .remove').click();  // game 1: a line; rows made anew
        const made = document.querySelectorAll('#games .game .res');
        made[made.length - 1].dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
    }""")
    widget.wait_for_function("() => document.querySelectorAll('#games .game').length === 999")
    expect(removed_line(widget, "Removed: the game against 1000 (Win).")).to_be_visible()


def test_in_a_club_page_s_frame_the_line_and_its_undo_keep_the_frame_fitted(warm_page: Page, host_origin: str) -> None:
    """Embedded (strict CSP, aggressive CSS, a phone's width): the line a removal leaves grows the
    frame rather than scrolling inside it, and its Undo works by keyboard."""
    warm_page.set_viewport_size({"width": 375, "height": 700})
    warm_page.goto(f"{host_origin}/strict.html")
    frame = warm_page.frame_locator("elo-calculator >> iframe")
    rate_fide_period(frame)
    expect(frame.get_by_role("progressbar")).to_be_hidden()
    frame_fits(warm_page)
    frame.get_by_role("button", name="Remove game 1", exact=True).press("Enter")
    line = removed_line(frame, "Removed: the game against 2100 (Win).")
    expect(line).to_be_visible()
    expect(frame.get_by_label("New rating", exact=True)).not_to_have_text("2020")
    frame_fits(warm_page)
    line.get_by_role("button", name="Undo").press("Enter")
    expect(frame.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("2100")
    expect(frame.get_by_label("New rating", exact=True)).to_have_text("2020")
    expect(frame.get_by_text("Removed:")).to_have_count(0)
    frame_fits(warm_page)


@pytest.mark.parametrize(("width", "height", "games", "n"),
                         [(1000, 800, 30, 21), (375, 667, 30, 11), (375, 667, 1000, 151)])
def test_the_line_takes_the_removed_row_s_place_on_the_screen(
        widget: Page, width: int, height: int, games: int, n: int) -> None:
    """A game removed in mid-screen: its line stands where its row stood, before and after the new
    answer. The rows, made anew, came without their figures until the answer, and the page jumped
    by up to 406 px (the line off the screen), found by a hostile pass: the build before the fix
    (41b65e2) fails each case, the line 36 to 58 px off."""
    widget.set_viewport_size({"width": width, "height": height})
    wait_ready(widget)
    widget.get_by_label("Rating system").select_option("elo")
    widget.get_by_label("Your rating").fill("1500")
    paste_into_first_box(widget, "".join(f"{1300 + i % 700} 1\n" for i in range(games)))
    wait_for_rows(widget, games)
    new = widget.get_by_label("New rating", exact=True)
    expect(new).to_have_text(re.compile(r"^\d+\.\d$"))
    remove = widget.get_by_role("button", name=f"Remove game {n}", exact=True)
    # Brought into view as the browser does it for the keyboard (scrollBy straight to its place left
    # its block of rows unrendered, measured at its estimate, the rows seen being others), then a
    # third of the way down, once it stays there: blocks first laid out as they come near can still
    # move it.
    row = remove.element_handle()
    row.evaluate("(b) => b.closest('li').scrollIntoView({block: 'center'})")
    for _ in range(20):
        off = frames_then(widget, "(b) => b.closest('li').getBoundingClientRect().top - innerHeight / 3", row)
        if abs(off) <= 1:
            break
        widget.evaluate("(off) => scrollBy(0, off)", off)
    was = frames_then(widget, "(b) => b.closest('li').getBoundingClientRect().top", row)
    before = new.inner_text()
    remove.click()
    line = removed_line(widget, f"Removed: the game against {1300 + (n - 1) % 700} (Win).")
    assert abs(frames_then(widget, "(l) => l.getBoundingClientRect().top", line.element_handle()) - was) <= 1
    expect(new).not_to_have_text(before)
    assert abs(frames_then(widget, "(l) => l.getBoundingClientRect().top", line.element_handle()) - was) <= 1


@pytest.mark.parametrize("width", [375, 320])
def test_the_undo_of_a_last_game_removed_near_the_bottom_is_not_under_the_result_s_bar(
        browser: Browser, widget_origin: str, width: int) -> None:
    """On a phone, the last of four games removed by a tap on its Remove, just above the result's
    bar: the line takes the row's place, and its Undo, on a second line, was under the bar, where a
    tap opens the results."""
    context = browser.new_context(viewport={"width": width, "height": 667}, is_mobile=True, has_touch=True)
    page = open_widget(context.new_page(), widget_origin, "?system=elo")
    wait_ready(page)
    page.get_by_label("Your rating").fill("1500")
    four = [{"opponent": 1300 + 10 * i, "score": 1} for i in range(4)]
    set_games(page, four)
    answer = calculate({"system": "elo", "rating": 1500, "k": float(page.get_by_label("K-factor").input_value()),
                        "games": four})
    expect(page.get_by_label("New rating", exact=True)).to_have_text(shown(answer["new_rating"], 1))
    remove = page.get_by_role("button", name="Remove game 4", exact=True)
    # Near the bottom, the totals below out of sight (the bar shows only then), then its bottom just
    # above the bar's top.
    remove.evaluate("b => scrollBy(0, b.getBoundingClientRect().bottom - innerHeight + 100)")
    expect(page.locator("#summary-bar")).to_be_visible()
    scrolled_still(page)
    remove.evaluate("b => scrollBy(0, b.getBoundingClientRect().bottom - document.getElementById('summary-bar')"
                    ".getBoundingClientRect().top + 4)")
    expect(page.locator("#summary-bar")).to_be_visible()
    scrolled_still(page)
    remove.tap()
    undo = removed_line(page, "Removed: the game against 1330 (Win).").get_by_role("button", name="Undo")
    assert frames_then(page, """(u) => { const r = u.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === u; }""", undo.element_handle())
    undo.tap()
    expect(page.get_by_label("Opponent rating, game 4", exact=True)).to_have_value("1330")
    context.close()


@pytest.mark.parametrize(("width", "height", "n"), [(1000, 800, 21), (375, 667, 11)])
def test_a_game_removed_while_python_starts_leaves_the_rows_above_as_they_were(
        browser: Browser, widget_origin: str, width: int, height: int, n: int) -> None:
    """A returning visitor sees the answer kept from last time before Python has started (on a phone,
    seconds): a game removed meanwhile leaves its line where its row stood, the rows made anew keeping
    the kept answer's figures with no answer to come. The build before 41b65e2 fails it (57 px)."""
    context = browser.new_context(service_workers="block", viewport={"width": width, "height": height})
    context.add_init_script(NO_SHARED_WORKER)  # Playwright routes no shared worker's requests
    page = context.new_page()
    page.goto(f"{widget_origin}/widget/?system=elo&lang=en")
    page.get_by_label("Your rating").fill("1500")
    paste_into_first_box(page, "".join(f"{1300 + 20 * i} 1\n" for i in range(30)))
    new = page.get_by_label("New rating", exact=True)
    expect(new).to_have_text(re.compile(r"^\d+\.\d$"))
    shown = new.inner_text()
    page.wait_for_function(f"() => {KEPT}.length > 0")
    page.route(DOWNLOADS, lambda route: None)  # Python's downloads never come: it does not start
    page.reload(wait_until="domcontentloaded")
    expect(new).to_have_text(shown)  # the kept answer
    remove = page.get_by_role("button", name=f"Remove game {n}", exact=True)
    row = remove.element_handle()
    row.evaluate("(b) => scrollBy(0, b.closest('li').getBoundingClientRect().top - innerHeight / 3)")
    was = frames_then(page, "(b) => b.closest('li').getBoundingClientRect().top", row)
    remove.click()
    line = removed_line(page, f"Removed: the game against {1300 + 20 * (n - 1)} (Win).")
    assert abs(frames_then(page, "(l) => l.getBoundingClientRect().top", line.element_handle()) - was) <= 1
    context.close()
