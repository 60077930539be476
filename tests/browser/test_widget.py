"""The calculator page in real Chromium: seed examples typed in, FIDE periods, errors, failures."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from ..vectors import cases, mismatches
from .a11y import violations
from .conftest import NO_SHARED_WORKER, ROOT, open_widget, wait_ready
from .ui import enter, game_figures, number, output, set_games, settle

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip
import site_policy  # scripts/site_policy.py, beside it  # isort: skip


def read_back(page: Page, request: dict[str, Any]) -> dict[str, Any]:
    """What the page shows, in the shape of a response."""
    shown: dict[str, Any] = {"games": [game_figures(page, n) for n in range(1, len(request["games"]) + 1)]}
    for key, name in (("change", "Total change"), ("new_rating", "New rating")):
        text = output(page, name)
        shown[key] = None if text == "—" else number(text)
    return shown


def comparable(expect_: dict[str, Any]) -> dict[str, Any]:
    """The parts of a vector that the page shows (difference, expected, change per game; totals)."""
    keep = {k: v for k, v in expect_.items() if k in ("change", "new_rating")}
    if "games" in expect_:
        keep["games"] = [{k: v for k, v in g.items() if k in ("difference", "expected", "change")}
                         for g in expect_["games"]]
    return keep


@pytest.mark.parametrize("case", cases("seeds.json"), ids=lambda c: c["name"])
def test_seed_example_typed_into_the_form(shared_page: Page, case: dict[str, Any]) -> None:
    enter(shared_page, case["request"])
    settle(shared_page, case["request"])
    seen = read_back(shared_page, case["request"])
    assert [] == mismatches(comparable(case["expect"]), seen)


def test_sequential_seed_shows_the_expected_score_from_the_updated_rating(shared_page: Page) -> None:
    request = {"system": "elo", "rating": 1500, "k": 30, "update": "sequential",
               "games": [{"opponent": 1500, "score": 1}, {"opponent": 1600, "score": 0.5}]}
    enter(shared_page, request)
    settle(shared_page, request)
    assert (0.38, "1518.6") == (game_figures(shared_page, 2)["expected"], output(shared_page, "New rating"))


def test_fide_period_with_the_k_finder_and_the_700_rule(shared_page: Page) -> None:
    page = shared_page
    games = [{"opponent": 2000, "score": 1}] * 2 + [{"opponent": 2000, "score": 0.5}] * 16
    request = {"system": "fide", "rating": 2000, "player": {"fewer_than_30_games": True}, "games": games}
    enter(page, request)
    settle(page, request)
    # 18 games at K 40 is 720 > 700: K 38. Score 10 of 18 v PD .50: 38 x 1.00 = +38.
    expect(page.get_by_text("K used: 38 (fewer than 30 rated games)")).to_be_visible()
    expect(page.get_by_text("The 700 rule applies: 40 × 18 games is over 700, so K is 38.")).to_be_visible()
    assert ("+38", "2038", "+38.00") == (output(page, "Total change"), output(page, "New rating"),
                                         output(page, "before rounding"))
    page.get_by_label("Rating has ever reached 2400").check()
    expect(page.get_by_text("K used: 10 (rating has reached 2400)")).to_be_visible()
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2010")


def test_a_typed_k_cleared_by_the_k_finder_is_said_and_can_be_undone(widget: Page) -> None:
    widget.get_by_label("Your rating").fill("2100")
    widget.get_by_label("K-factor").fill("30")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(widget.get_by_label("New rating", exact=True)).to_have_text("2111")  # 30 x 0.36 = +10.8
    widget.get_by_label("18 or younger this year").check()
    expect(widget.get_by_label("K-factor")).to_have_value("")
    expect(widget.get_by_text("The K-factor 30 you typed was cleared: the boxes now decide K.")).to_be_visible()
    widget.get_by_role("button", name="Undo").click()
    expect(widget.get_by_label("K-factor")).to_have_value("30")
    expect(widget.get_by_label("New rating", exact=True)).to_have_text("2111")
    # Cleared again, then another K typed: the Undo goes (it lingered, and put 30 back over the 20 typed: a review).
    widget.get_by_label("18 or younger this year").uncheck()
    widget.get_by_label("18 or younger this year").check()
    expect(widget.get_by_role("button", name="Undo")).to_be_visible()
    widget.get_by_label("K-factor").fill("20")
    expect(widget.get_by_role("button", name="Undo")).to_have_count(0)
    expect(widget.get_by_label("K-factor")).to_have_value("20")


def test_a_k_set_by_the_embedding_page_is_cleared_by_the_k_finder_without_a_word(warm_context: BrowserContext,
                                                                                   widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?system=fide&k=20")
    wait_ready(page)
    page.get_by_label("18 or younger this year").check()
    expect(page.get_by_label("K-factor")).to_have_value("")
    expect(page.get_by_role("button", name="Undo")).to_be_hidden()  # the visitor typed no K
    page.close()


def test_fide_first_rating_for_an_empty_rating(shared_page: Page) -> None:
    request = {"system": "fide", "rating": None, "games": [{"opponent": 1900, "score": 1}] * 5}
    enter(shared_page, request)
    expect(shared_page.get_by_label("New rating", exact=True)).to_have_text("2180")
    expect(shared_page.get_by_text("Score with those draws: 86 %, worth +309 points.")).to_be_visible()


def test_typed_k_and_rapid_game_not_rated(shared_page: Page) -> None:
    request = {"system": "fide", "rating": 2700, "k": 20, "time_control": "rapid",
               "games": [{"opponent": 2050, "score": 0}, {"opponent": 2500, "score": 1}]}
    enter(shared_page, request)
    settle(shared_page, request)
    expect(shared_page.get_by_role("listitem").filter(has_text="not rated")).to_have_count(1)


def test_bad_rating_is_marked_at_the_field_and_kept(widget: Page) -> None:
    rating = widget.get_by_label("Your rating")
    rating.fill("abc")
    expect(rating).to_have_attribute("aria-invalid", "true")
    expect(widget.get_by_text("Enter a number, not 'abc'.")).to_be_visible()
    assert "abc" == rating.input_value()
    # The rest of the form keeps working, and mending the field gives a result.
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    rating.fill("2100")
    expect(rating).not_to_have_attribute("aria-invalid", "true")
    expect(widget.get_by_label("New rating", exact=True)).to_have_text("2107")


def test_in_forced_colours_a_field_in_error_and_its_message_are_told_by_their_shape(widget: Page) -> None:
    """Windows' contrast themes replace the colours that marked a field in error: it looked like any other."""
    widget.emulate_media(forced_colors="active")
    try:
        rating = widget.get_by_label("Your rating")
        rating.fill("abc")
        expect(rating).to_have_attribute("aria-invalid", "true")
        expect(rating).to_have_css("border-top-style", "double")
        expect(widget.locator("#rating-error")).to_have_css("border-left-style", "solid")
        expect(widget.get_by_label("K-factor", exact=True)).to_have_css("border-top-style", "solid")
    finally:
        widget.emulate_media(forced_colors="none")


def test_a_number_that_shows_other_digits_than_it_holds_is_refused_at_its_field(widget: Page) -> None:
    """U+202E then "0051" shows as 1500 and holds 51 (FIDE would give a new rating of 69): refused at
    the field, which says why, and kept as typed."""
    rating = widget.get_by_label("Your rating")
    rating.fill("\u202e0051")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(rating).to_have_attribute("aria-invalid", "true")
    expect(rating).to_have_accessible_description(re.compile(r"hidden characters that change the order its digits are "
                                                             r"shown in: type the number again\.$"))
    expect(widget.get_by_label("New rating", exact=True)).not_to_have_text(re.compile(r"\d"))
    assert "\u202e0051" == rating.input_value()
    rating.fill("1500")
    expect(rating).not_to_have_attribute("aria-invalid", "true")


def test_a_pasted_line_that_shows_other_digits_than_it_holds_is_listed_as_it_reads(widget: Page) -> None:
    """"\u202e0051 1" shows as "1 1500": listed by its number with why, and put back in the box
    without the hidden characters, in the order that will be read."""
    widget.get_by_role("button", name="Paste results").click()
    widget.get_by_label("Results to add").fill("\u202e0051 1\n1700 0")
    widget.get_by_role("button", name="Add games").click()
    expect(widget.get_by_role("dialog").get_by_role("listitem")).to_have_text(
        ["Line 1: “0051 1”: hidden characters that change the order in which it is shown "
         "(removed here: check its numbers)"])
    expect(widget.get_by_label("Results to add")).to_have_value("0051 1")
    expect(widget.locator("#notice-text")).to_have_text("Games added: 1.")


def test_the_paste_dialog_closed_by_escape_keeps_its_text_and_says_what_was_not_added(widget: Page) -> None:
    """Escape is a dialog's way out by keyboard: the box reopened was empty, and the lines put back to correct were
    gone with their list (a hostile pass). What was not added is said with the box the focus goes to."""
    widget.get_by_role("button", name="Paste results").click()
    box = widget.get_by_label("Results to add")
    box.fill("1500 1\n1600 0")
    box.press("Escape")
    expect(widget.get_by_role("dialog")).to_be_hidden()
    widget.get_by_role("button", name="Paste results").click()
    expect(box).to_have_value("1500 1\n1600 0")
    box.fill("1620 0.7\n1700 1\nfoo bar")
    widget.get_by_role("button", name="Add games").click()
    expect(box).to_have_value("1620 0.7\nfoo bar")
    expect(box).to_be_focused()
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_accessible_description(re.compile(r"^These lines could not be read"))
    box.press("Escape")
    widget.get_by_role("button", name="Paste results").click()
    expect(box).to_have_value("1620 0.7\nfoo bar")
    expect(widget.get_by_role("dialog").get_by_role("listitem")).to_have_count(2)
    box.fill("1620 0")  # mended: the list said of other lines
    box.press("Escape")
    widget.get_by_role("button", name="Paste results").click()
    expect(box).to_have_value("1620 0")
    expect(widget.get_by_role("dialog").get_by_role("listitem")).to_have_count(0)
    expect(box).not_to_have_attribute("aria-invalid", "true")


def test_what_is_typed_in_the_paste_box_while_a_paste_is_read_is_kept(widget: Page) -> None:
    """The dialog opened again before the engine has read the last paste (its answer comes from the
    worker, after this page's task): its lines to correct go under what was typed, not over it."""
    widget.get_by_role("button", name="Paste results").click()
    widget.get_by_label("Results to add").fill("1700 0\n1620 maybe")
    widget.evaluate("""async () => {
        const dialog = document.getElementById("paste");
        const closed = new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
        document.querySelector("#paste-form button[value=add]").click();
        await closed;  // after paste.js's own close handler, which sent the text to the engine
        document.getElementById("paste-open").click();
        document.getElementById("paste-text").value = "1500 1"; }""")
    expect(widget.locator("#notice-text")).to_have_text("Games added: 1.")
    expect(widget.get_by_label("Results to add")).to_have_value("1500 1\n1620 maybe")


def test_bad_opponent_is_marked_in_its_row(widget: Page) -> None:
    widget.get_by_label("Your rating").fill("2100")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    widget.get_by_role("button", name="Add game").click()
    second = widget.get_by_label("Opponent rating, game 2", exact=True)
    second.fill("20x0")
    expect(second).to_have_attribute("aria-invalid", "true")
    expect(widget.get_by_label("Opponent rating, game 1", exact=True)).not_to_have_attribute("aria-invalid", "true")
    expect(widget.get_by_text("Enter a number, not '20x0'.")).to_be_visible()
    assert "20x0" == second.input_value()


def test_decimal_fide_rating_is_refused_with_a_reason(widget: Page) -> None:
    widget.get_by_label("Your rating").fill("2100.5")
    expect(widget.get_by_text("FIDE ratings and K-factors are whole numbers.")).to_be_visible()


def test_keyboard_only_flow(widget: Page) -> None:
    page = widget
    page.get_by_label("Rating system").focus()
    page.keyboard.press("ArrowDown")  # FIDE -> Elo
    expect(page.get_by_label("Rating system")).to_have_value("elo")
    page.keyboard.press("Tab")
    page.keyboard.type("1500")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("20")
    expect(page.get_by_label("K-factor")).to_be_focused()
    # Tab on to the first opponent box.
    for _ in range(10):
        if page.get_by_label("Opponent rating, game 1", exact=True).evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.type("1700")
    page.keyboard.press("Tab")  # Result, game 1: Win is selected
    expect(page.get_by_label("Result, game 1", exact=True)).to_be_focused()
    page.keyboard.press("Tab")  # Remove game 1
    page.keyboard.press("Tab")  # Add game
    expect(page.get_by_role("button", name="Add game")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_be_focused()
    page.keyboard.type("1500")
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # Win -> Draw
    expect(page.get_by_label("Result, game 2", exact=True)).to_have_value("0.5")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1515.2")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Remove game 2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Remove game 2")).to_have_count(0)
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1515.2")


def test_result_is_announced_politely(widget: Page) -> None:
    widget.get_by_label("Your rating").fill("2100")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    status = widget.get_by_role("status").filter(has_text="New rating 2107, change +7.")
    expect(status).to_have_attribute("aria-live", "polite")
    # The figures themselves do not announce every keystroke.
    expect(widget.get_by_label("New rating", exact=True)).to_have_attribute("aria-live", "off")


def test_a_field_s_error_is_announced_politely_and_then_the_result(widget: Page) -> None:
    """An error said at its field was heard only by going back to it: a screen reader's visitor typing "abc" heard
    nothing, and the result just stayed. It is announced as a result is, in the polite status."""
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    widget.get_by_label("Your rating").fill("abc")
    announce = widget.locator("#announce")
    expect(announce).to_have_text("Your rating: Enter a number, not 'abc'.")  # its field named
    expect(announce).to_have_attribute("aria-live", "polite")
    widget.get_by_label("Your rating").fill("2100")
    expect(announce).to_have_text("New rating 2107, change +7.")


def test_a_new_field_s_error_is_announced_alone_and_a_corrected_one_again_when_it_comes_back(widget: Page) -> None:
    """A second field's error was announced with the first's again ("Your rating: …. Opponent rating, game 1: …"):
    the visitor heard what they knew before what was new (hp111)."""
    announce = widget.locator("#announce")
    widget.get_by_label("Your rating").fill("abc")
    expect(announce).to_have_text("Your rating: Enter a number, not 'abc'.")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("x")
    expect(announce).to_have_text("Opponent rating, game 1: Enter a number, not 'x'.")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")  # corrected, the rating's stays
    expect(widget.get_by_label("Opponent rating, game 1", exact=True)).not_to_have_attribute("aria-invalid", "true")
    widget.evaluate("""() => { window.__said = []; new MutationObserver(() => window.__said.push(
        document.getElementById("announce").textContent)).observe(document.getElementById("announce"),
        {subtree: true, childList: true, characterData: true}); }""")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("x")  # back: said again (rv90)
    widget.wait_for_function("() => window.__said.includes(\"Opponent rating, game 1: Enter a number, not 'x'.\")")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    widget.get_by_label("Your rating").fill("2100")
    expect(announce).to_have_text("New rating 2107, change +7.")
    widget.get_by_label("Your rating").fill("abc")
    expect(announce).to_have_text("Your rating: Enter a number, not 'abc'.")


def test_many_fields_errors_are_announced_once_each_with_their_fields_in_order(widget: Page) -> None:
    """Errors were said as one run of messages, no field named, a sentence for each game (40 games: 2 714
    characters, hp84). Now each message once, with the names of its fields in the form's order, the first three
    named and the rest counted; at most three messages, the rest counted."""
    widget.get_by_label("Your rating").fill("2000")
    for n in range(1, 6):
        if n > 1:
            widget.get_by_role("button", name="Add game").click()
        widget.get_by_label(f"Opponent rating, game {n}", exact=True).fill("abc")
    expect(widget.locator("#announce")).to_have_text(
        "Opponent rating, game 1; Opponent rating, game 2; Opponent rating, game 3; 2 more: Enter a number, not 'abc'.")


def test_reset_s_undo_waits_for_the_visitor_however_long(page: Page, widget_origin: str) -> None:
    """Reset's Undo went after ten seconds, the focus on it dropped to the page, and the entries were gone for good
    (a screen reader's visitor listening to the notice lost them: WCAG 2.2.1). It stays until the form changes.
    (A fresh profile: the fake clock stays with its context.)"""
    open_widget(page, widget_origin)
    wait_ready(page)
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 10)
    page.get_by_role("button", name="Reset").press("Enter")
    undo = page.get_by_role("button", name="Undo")
    undo.focus()
    page.clock.run_for("05:00")
    expect(undo).to_be_visible()
    expect(undo).to_be_focused()
    undo.press("Enter")
    expect(page.get_by_label("Your rating")).to_have_value("2100")
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("2000")


def test_narrow_viewport_has_no_horizontal_scroll(warm_context: BrowserContext, widget_origin: str) -> None:
    for width in (320, 360):
        page = warm_context.new_page()
        page.set_viewport_size({"width": width, "height": 800})
        open_widget(page, widget_origin)
        set_games(page, [{"opponent": 1500, "score": 1}, {"opponent": 1600, "score": 0.5}])
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        page.close()


def test_wasm_blocked_shows_the_failure_and_retry_keeps_entries(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)
    page.route("**/*.wasm", lambda route: route.abort())
    open_widget(page, widget_origin)
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(page.get_by_text("The calculator could not start")).to_be_visible()
    expect(page.get_by_text("Your entries are kept.")).to_be_visible()
    assert "2100" == page.get_by_label("Your rating").input_value()
    page.unroute("**/*.wasm")
    page.get_by_role("button", name="Retry").press("Enter")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    assert "2000" == page.get_by_label("Opponent rating, game 1", exact=True).input_value()
    page.close()


def test_after_the_engine_fails_no_result_is_shown_for_entries_it_did_not_answer(browser: Browser,
                                                                                  widget_origin: str) -> None:
    """The engine failed after a result, and the opponent was changed: the game kept the figures of the old opponent,
    and the result its new rating, Share and all (hp97). Now every figure is "—" until Retry computes them."""
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)
    open_widget(page, widget_origin, "?system=elo&k=40")
    page.get_by_label("Your rating").fill("1450")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    page.get_by_label("Result, game 1", exact=True).select_option("1")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
    page.workers[0].evaluate("setTimeout(() => { throw new Error('a crash') }, 0)")
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")
    expect(page.locator("#games")).not_to_contain_text("+22.9")
    expect(page.get_by_role("img", name="Rating through the event")).to_be_hidden()
    page.get_by_role("button", name="Retry").press("Enter")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1478.1")
    page.close()


def test_missing_worker_shows_the_failure(browser: Browser, widget_origin: str) -> None:
    """In a dedicated worker, whose script Playwright routes (it may not route a shared worker's:
    this test once failed in CI that way, the worker loading past the route)."""
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)
    page.route("**/worker.mjs", lambda route: route.fulfill(status=404, body="not found"))
    open_widget(page, widget_origin)
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    page.close()


def test_missing_worker_shows_the_failure_in_a_shared_worker(browser: Browser, tmp_path: Path) -> None:
    """The shared worker's script really missing: a copy of the site without it, answered 404 by
    the server itself."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "dist", site, copy_function=os.symlink)
    missing = list(site.glob("static/*/engine/worker.mjs*"))
    assert missing
    for file in missing:
        file.unlink()
    server = serve.start(site, "127.0.0.1", 0)
    page = browser.new_page()
    try:
        open_widget(page, f"http://127.0.0.1:{server.server_address[1]}")
        assert page.evaluate("typeof SharedWorker") == "function"
        expect(page.get_by_role("button", name="Retry")).to_be_visible()
    finally:
        page.close()
        server.shutdown()


def test_wrong_wasm_mime_type_shows_the_failure(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()

    def wrong_type(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "text/plain"})

    page.add_init_script(NO_SHARED_WORKER)
    page.route("**/*.wasm", wrong_type)
    open_widget(page, widget_origin)
    expect(page.get_by_text("The calculator could not start (a file could not be loaded)")).to_be_visible()
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    page.close()


def test_no_request_leaves_the_widget_origin(browser: Browser, widget_origin: str) -> None:
    """Every request of the page, its engine's worker and the service worker's first caching."""
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)  # Playwright reports no shared worker's requests
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.context.on("request", lambda r: urls.append(r.url))  # the service worker's
    open_widget(page, widget_origin)
    wait_ready(page)
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    page.evaluate("navigator.serviceWorker.ready.then(() => 1)")  # installed: its files cached
    outside = [u for u in urls if not (u.startswith(widget_origin + "/") or u.startswith("data:"))]
    assert ([], True) == (outside, any(u.endswith(".wasm") for u in urls))
    page.close()


def test_url_parameters_set_system_rating_and_k(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?system=elo&k=32&rating=1600")
    assert ("elo", "1600", "32") == (page.get_by_label("Rating system").input_value(),
                                     page.get_by_label("Your rating").input_value(),
                                     page.get_by_label("K-factor").input_value())
    page.close()


def test_hostile_url_parameters_fall_back_to_defaults(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?system=%3Cscript%3E&k=1e9&rating=%22%3E%3Cimg%20src=x%3E&lang=../../x"
                "&view=__proto__")  # no view by that name (widget/page/views.js): the calculator
    assert ("fide", "", "") == (page.get_by_label("Rating system").input_value(),
                                page.get_by_label("Your rating").input_value(),
                                page.get_by_label("K-factor").input_value())
    expect(page.get_by_role("heading", name=re.compile("Elo rating calculator"))).to_be_visible()
    page.close()


@pytest.mark.parametrize("system", ["fide", "elo"])
def test_axe_finds_no_violations(for_axe: BrowserContext, widget_origin: str, system: str) -> None:
    page = for_axe.new_page()  # CSP bypassed to inject axe-core; the widget's own code is unchanged
    open_widget(page, widget_origin, f"?system={system}")
    wait_ready(page)
    set_games(page, [{"opponent": 1500, "score": 1}, {"opponent": 1600, "score": 0.5}])
    page.get_by_label("Your rating").fill("abc")  # an error message on show too
    expect(page.get_by_text("Enter a number, not 'abc'.")).to_be_visible()
    assert [] == violations(page)


def test_browser_without_webassembly_is_told_so(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    page.add_init_script("delete globalThis.WebAssembly")
    open_widget(page, widget_origin)
    page.get_by_label("Your rating").fill("2100")
    expect(page.get_by_text("this browser does not support WebAssembly")).to_be_visible()
    expect(page.get_by_label("Your rating")).to_have_value("2100")
    page.close()


@pytest.mark.parametrize("missing", ["delete Array.prototype.findLast", "delete WebAssembly.Tag",
                                     "WebAssembly.validate = () => false"])
def test_browser_too_old_for_pyodide_is_told_so(browser: Browser, widget_origin: str, missing: str) -> None:
    """An injected gap (a real old engine, WPE WebKit 2.38, is in tests/engines/): no Retry, entries kept."""
    page = browser.new_page()
    page.add_init_script(missing)
    open_widget(page, widget_origin)
    page.get_by_label("Your rating").fill("2100")
    expect(page.get_by_text("This browser is too old for the calculator: it needs Safari 16.4, Chrome 97 or "
                            "Firefox 114, or newer.")).to_be_visible()
    expect(page.get_by_role("button", name="Retry")).to_be_hidden()
    expect(page.get_by_label("Your rating")).to_have_value("2100")
    page.close()


def test_worker_that_does_not_parse_is_a_browser_too_old(browser: Browser, widget_origin: str) -> None:
    """As in Safari before 16.4, where pyodide.asm.mjs's class static blocks are a syntax error."""
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)
    page.route("**/pyodide.mjs", lambda route: route.fulfill(status=200, content_type="text/javascript",
                                                             body="class A { static { let } }"))
    open_widget(page, widget_origin)
    expect(page.get_by_text("This browser is too old for the calculator")).to_be_visible()
    page.close()


WATCH_WORKERS = """window.__made = 0; window.__refused = [];
    const Shared = window.SharedWorker;
    window.SharedWorker = function (...args) { window.__made++; return new Shared(...args); };
    document.addEventListener("securitypolicyviolation", (e) => window.__refused.push(e.violatedDirective));"""


def test_the_page_starts_its_engine_s_worker_as_it_is_parsed_and_the_engine_takes_that_one(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """index.html's inline script starts the SharedWorker before engine-start.js has arrived (a returning
    visit's result some 20-45 ms sooner: 7 interleaved runs against the tree before it), the page's CSP
    allowing it by its hash; one worker in all, whichever of the two runs first (engine-start.js, from a
    cache, may)."""
    page = warm_context.new_page()
    page.add_init_script(WATCH_WORKERS)
    open_widget(page, widget_origin)
    wait_ready(page)
    assert [1, []] == page.evaluate("[window.__made, window.__refused]")
    page.close()


def test_the_inline_script_starts_the_worker_and_an_old_policy_refuses_it_harmlessly(browser: Browser,
                                                                                   widget_origin: str) -> None:
    """With engine-start.js held back, the page's worker is the inline script's, told to stop once the page
    has loaded without taking it. An nginx configuration copied from an older release sends the policy
    without the script's hash: the browser refuses the script, and engine-start.js starts the worker itself,
    as before it. (No service worker: it would serve the page.)"""
    context = browser.new_context(service_workers="block")
    context.add_init_script(WATCH_WORKERS)
    page = context.new_page()
    page.add_init_script("""window.__posted = []; const post = MessagePort.prototype.postMessage;
        MessagePort.prototype.postMessage = function (message) {
          window.__posted.push(message);
          return post.apply(this, arguments);
        };""")
    page.route("**/engine-start.js", lambda route: route.abort())
    page.goto(f"{widget_origin}/widget/")
    page.wait_for_load_state()
    assert [1, True, []] == page.evaluate("[window.__made, Boolean(window.eloCoreWorker?.port), window.__refused]")
    # Nobody took it by the page's load (app.js imports engine-start.js too): told to stop, its downloads with it.
    assert [{"type": "abandon"}] == page.evaluate("window.__posted")
    page.close()

    def old_policy(route: Route) -> None:
        response = route.fetch()
        csp = site_policy.WIDGET_CSP.replace(f" {site_policy.EARLY_WORKER}", "")
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": csp})

    page = context.new_page()
    page.route("**/widget/", old_policy)
    page.goto(f"{widget_origin}/widget/")
    page.wait_for_function("() => window.__made === 1 && window.__refused.length > 0", timeout=10_000)
    assert [1, False, ["script-src-elem"]] == page.evaluate(
        "[window.__made, Boolean(window.eloCoreWorker), window.__refused]")
    context.close()


def test_page_that_may_not_compile_webassembly_says_so_not_too_old(browser: Browser, widget_origin: str) -> None:
    """A host that sends its own CSP without 'wasm-unsafe-eval' (a server-wide policy): the browser is not old."""
    page = browser.new_page()

    def strict(route: Route) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": "script-src 'self'"}
        route.fulfill(response=response, headers=headers)

    page.route("**/widget/", strict)
    open_widget(page, widget_origin)
    expect(page.get_by_text("WebAssembly is blocked on this page or in this browser's settings")).to_be_visible()
    expect(page.get_by_text("This browser is too old")).to_have_count(0)
    expect(page.get_by_role("button", name="Retry")).to_be_hidden()
    page.close()


def test_a_result_refused_within_its_second_is_never_announced(widget: Page) -> None:
    """A result is announced once the typing has paused a second. A key typed within that second that the form
    refuses ("1600x") showed "—" and the error, and then the old result was announced all the same (a hostile pass).
    What the live region says and when "—" shows are recorded on the page's clock: the result may be announced
    before it is refused (a slow machine let its second pass), never after."""
    widget.evaluate("""() => {
        window.__said = []; window.__refused = null;
        const announce = document.getElementById("announce");
        new MutationObserver(() => window.__said.push([performance.now(), announce.textContent]))
            .observe(announce, {subtree: true, childList: true, characterData: true});
        new MutationObserver(() => {
            if (window.__refused === null && document.getElementById("new-rating").textContent.trim() === "—"
                && window.__shown) window.__refused = performance.now();
        }).observe(document.getElementById("new-rating"), {subtree: true, childList: true, characterData: true});
    }""")
    widget.get_by_label("Your rating").fill("1500")
    opponent = widget.get_by_label("Opponent rating, game 1", exact=True)
    opponent.fill("1600")
    new = widget.get_by_label("New rating", exact=True)
    expect(new).not_to_have_text("—")
    shown = new.inner_text().strip()
    widget.evaluate("() => { window.__shown = true; }")
    opponent.fill("1600x")
    expect(new).to_have_text("—")
    refused = float(widget.evaluate("() => window.__refused"))
    widget.wait_for_function(f"() => performance.now() > {refused} + 1500")  # past the second the result waited
    late = [at for at, text in widget.evaluate("() => window.__said") if shown in text and at >= refused]
    assert late == []
