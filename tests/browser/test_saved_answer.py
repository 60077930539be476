"""A returning visitor sees their last result at once (widget/views/calculator/saved-answer.js): the answer kept with
its request and engine build is shown before Python has started, and never for other entries, another
build, or from a damaged copy. Python is kept from starting by holding its downloads unanswered, so
any result on the page came from the kept answer."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from ..site_copy import REBUILT_TITLE, Builds, deploy, rate_elo_seed
from .conftest import NO_SHARED_WORKER, wait_ready
from .test_loading import DOWNLOADS, LAYOUT

import serve  # scripts/serve.py, put on the path by conftest  # isort: skip

SEED = "?system=elo&k=40&lang=en"  # rate_elo_seed's calculator: 1450 beats 1500 at K 40, 1472.9
# The calculator's results, as an embedding page receives them.
RECORD_RESULTS = """window.__results = [];
document.addEventListener("elo:result", (e) => window.__results.push(e.detail.new_rating));"""
# The kept answers' keys in local storage.
KEPT = 'Object.keys(localStorage).filter((key) => key.startsWith("elo-calculator:answer:"))'


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A visitor's browser with no service worker and no shared worker (Playwright routes neither's
    requests), so that holding the engine's downloads really keeps Python from starting."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(NO_SHARED_WORKER)
    context.add_init_script(RECORD_RESULTS)
    yield context
    context.close()


def hold_python(page: Page) -> list[Route]:
    """From now on Python's downloads (the WebAssembly, the engine's zip) are never answered."""
    held: list[Route] = []
    page.route(DOWNLOADS, lambda route: held.append(route))
    return held


def visit(page: Page, url: str) -> None:
    """Open `url` and wait until the form is usable (not for the load event: held downloads delay it)."""
    page.goto(url, wait_until="domcontentloaded")
    expect(page.get_by_role("main")).not_to_have_attribute("aria-busy", "true")


def new_rating(page: Page, label: str = "New rating") -> Locator:
    return page.get_by_label(label, exact=True)


@pytest.fixture()
def returning(context: BrowserContext, widget_origin: str) -> Page:
    """A visitor who got the seed's result, back with Python kept from starting."""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    hold_python(page)
    visit(page, f"{widget_origin}/widget/{SEED}")
    return page


def test_a_returning_visitor_sees_the_last_result_before_python_starts(returning: Page) -> None:
    expect(new_rating(returning)).to_have_text("1472.9")
    expect(returning.locator("#engine")).not_to_have_attribute("hidden", "")  # Python has not started
    expect(returning.get_by_role("progressbar")).to_be_hidden()  # the result is in the loading notice's place
    expect(returning.get_by_label("Total change", exact=True)).to_have_text("+22.9")


def test_a_kept_result_is_said_to_be_the_last_visits_and_not_sent_until_python_confirms_it(
        context: BrowserContext, widget_origin: str) -> None:
    """Issue 29, item 9: not shared, not in the summary bar, no elo:result (elo-calculated) for it."""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    held = hold_python(page)
    visit(page, f"{widget_origin}/widget/{SEED}")
    expect(new_rating(page)).to_have_text("1472.9")
    expect(page.get_by_role("heading", name="Last visit's result, unchecked")).to_be_visible()
    expect(page.get_by_role("button", name="Share result")).to_be_hidden()
    assert [] == page.evaluate("window.__results")
    for route in held:
        route.continue_()
    page.unroute(DOWNLOADS)
    expect(page.get_by_role("heading", name="Result", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Share result")).to_be_visible()
    page.wait_for_function("() => window.__results.length > 0")
    assert ["1472.9"] == page.evaluate("window.__results.map((rating) => rating.toFixed(1))")


PLANTS = {
    "a new rating that is not the rating plus the change": "{new_rating: 2999}",
    "figures that add up, from another rating": "{rating: 2000, change: 999, new_rating: 2999}",
    "errors Python did not give": "{ok: false, errors: [{field: 'rating', code: 'required', message: '', params: {}}]}",
}


@pytest.mark.parametrize("plant", PLANTS)
def test_a_kept_result_python_could_not_have_given_is_not_shown(context: BrowserContext, widget_origin: str,
                                                               plant: str) -> None:
    """Issue 29, item 9: a planted answer (the right request and build) under "could not start"."""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    page.wait_for_function(f"() => {KEPT}.length === 1")  # kept when the page is idle
    page.evaluate(f"""() => {{ for (const key of {KEPT}) {{
        const kept = JSON.parse(localStorage.getItem(key));
        localStorage.setItem(key, JSON.stringify({{...kept, response: {{...kept.response, ...{PLANTS[plant]}}}}}));
    }} }}""")
    page.route(DOWNLOADS, lambda route: route.abort())
    visit(page, f"{widget_origin}/widget/{SEED}")
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.get_by_label("Your rating")).to_have_value("1450")
    expect(new_rating(page)).to_have_text("—")
    expect(page.get_by_label("Your rating")).not_to_have_attribute("aria-invalid", "true")
    assert [] == page.evaluate(KEPT)  # dropped


def test_python_becoming_ready_under_the_kept_result_moves_nothing(context: BrowserContext,
                                                                   widget_origin: str) -> None:
    """The visitor looking at the kept result (its totals on screen): Python's answer takes its place, nothing
    moves. (At 1280 x 720 the totals of this calculator stood 10 px above the window's bottom edge: a form one
    line taller put them off screen, where Python's answer brings the summary bar, as for any answer.)"""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    held = hold_python(page)
    visit(page, f"{widget_origin}/widget/{SEED}")
    expect(new_rating(page)).to_have_text("1472.9")
    page.locator("#totals").scroll_into_view_if_needed()
    before = page.evaluate(LAYOUT)
    for route in held:
        route.continue_()
    page.unroute(DOWNLOADS)
    wait_ready(page)
    expect(new_rating(page)).to_have_text("1472.9")
    assert before == page.evaluate(LAYOUT)


def test_python_failing_to_load_leaves_the_kept_result_on_the_page(context: BrowserContext,
                                                                   widget_origin: str) -> None:
    """The failure is said above the result, which stays: it answers the entries on the form."""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    page.route(DOWNLOADS, lambda route: route.abort())
    visit(page, f"{widget_origin}/widget/{SEED}")
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    expect(new_rating(page)).to_have_text("1472.9")
    expect(new_rating(page)).to_be_visible()
    retry = page.get_by_role("button", name="Retry").bounding_box()
    rating = new_rating(page).bounding_box()
    assert retry is not None and rating is not None and retry["y"] + retry["height"] <= rating["y"]


def test_an_entry_changed_before_python_starts_hides_the_result_also_after_reload(returning: Page) -> None:
    expect(new_rating(returning)).to_have_text("1472.9")
    returning.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    expect(new_rating(returning)).to_have_text("—")
    returning.reload(wait_until="domcontentloaded")
    expect(returning.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1600")
    expect(new_rating(returning)).to_have_text("—")


def test_reset_and_undo_before_python_starts_show_no_result_of_other_entries(returning: Page) -> None:
    expect(new_rating(returning)).to_have_text("1472.9")
    returning.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    returning.get_by_role("button", name="Reset").click()
    expect(returning.get_by_label("Your rating")).to_have_value("")
    expect(new_rating(returning)).to_have_text("—")
    returning.get_by_role("button", name="Undo").click()
    expect(returning.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1600")
    expect(new_rating(returning)).to_have_text("—")


def test_a_link_used_over_the_saved_entries_hides_their_result(returning: Page, widget_origin: str) -> None:
    state = {"v": 2, "system": "elo", "rating": "1450", "k": "40", "fewer30": False, "junior": False,
             "reached2400": False, "reached2300": False, "timeControl": "standard", "cap400": False,
             "update": "event", "period": "2025-01", "games": [{"opponent": "1700", "result": "0"}]}
    code = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
    returning.goto("about:blank")  # a new page load: a fragment alone would navigate within this one
    returning.goto(f"{widget_origin}/widget/{SEED}#c={code}", wait_until="domcontentloaded")
    expect(new_rating(returning)).to_have_text("1472.9")  # the visitor's own entries, still on the form
    returning.get_by_role("button", name="Use this").click()
    expect(returning.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1700")
    expect(new_rating(returning)).to_have_text("—")


def test_the_result_is_shown_in_the_language_of_the_page(returning: Page, widget_origin: str) -> None:
    """The answer holds figures and codes; its words and numbers are written as it is shown."""
    visit(returning, f"{widget_origin}/widget/?system=elo&k=40&lang=de")
    expect(new_rating(returning, "Neue Wertung")).to_have_text("1472,9")


def test_entries_typed_in_another_language_are_rewritten_and_show_their_result(context: BrowserContext,
                                                                            widget_origin: str) -> None:
    """"ungewertet" is an unrated opponent in German, a mistake in English: the entries were shown as typed, and no
    result (not the same calculation). They are now written in the page's language (hp93), the same calculation,
    whose kept result shows before Python is ready."""
    page = context.new_page()
    visit(page, f"{widget_origin}/widget/?system=fide&lang=de")
    page.get_by_label("Ihre Wertung").fill("2000")
    page.get_by_label("Wertung des Gegners, Partie 1", exact=True).fill("2100")
    page.get_by_role("button", name="Partie hinzufügen").click()
    page.get_by_label("Wertung des Gegners, Partie 2", exact=True).fill("ungewertet")
    german = new_rating(page, "Neue Wertung")
    expect(german).to_have_text(re.compile(r"\d"))
    shown = german.inner_text()
    hold_python(page)
    visit(page, f"{widget_origin}/widget/?system=fide&lang=en")
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_have_value("unrated")
    expect(new_rating(page)).to_have_text(shown)


DAMAGE = {
    "not JSON": "() => '{not json'",
    "cut short": "(text) => text.slice(0, text.length / 2)",
    "a response that does not render": "(text) => JSON.stringify({...JSON.parse(text), response: {ok: true}})",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_saved_result_is_dropped_without_a_word(returning: Page, damage: str) -> None:
    errors: list[str] = []
    returning.on("pageerror", lambda e: errors.append(str(e)))
    damaged = returning.evaluate(f"""() => {{ const damage = {DAMAGE[damage]}; let n = 0;
        for (const key of {KEPT}) {{
            localStorage.setItem(key, damage(localStorage.getItem(key)));
            n++;
        }}
        return n; }}""")
    returning.reload(wait_until="domcontentloaded")
    expect(returning.get_by_label("Your rating")).to_have_value("1450")
    expect(new_rating(returning)).to_have_text("—")
    expect(returning.get_by_text("saved entries could not be read")).to_have_count(0)
    assert (1, []) == (damaged, errors)


def test_pythons_answer_replaces_a_saved_one_that_differs(context: BrowserContext, widget_origin: str) -> None:
    """It should not differ (the engine is a pure function of request and build); if it does, Python wins."""
    page = context.new_page()
    rate_elo_seed(page, widget_origin + "/")
    page.wait_for_function(f"() => {KEPT}.length === 1")  # kept once the page is idle
    page.evaluate(f"""() => {{ for (const key of {KEPT}) {{
        const kept = JSON.parse(localStorage.getItem(key));
        localStorage.setItem(key, JSON.stringify({{...kept, response: {{...kept.response, new_rating: 1400}}}}));
    }} }}""")
    page.reload()
    expect(new_rating(page)).to_have_text("1472.9")


# ---- a new build ---------------------------------------------------------------------------------

def test_a_rebuilt_engine_does_not_show_the_old_builds_result(context: BrowserContext, builds: Builds,
                                                               deployed: Path) -> None:
    server = serve.start(deployed, "127.0.0.1", 0)
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    page = context.new_page()
    rate_elo_seed(page, site)
    deploy(deployed, builds.second / "dist")
    hold_python(page)
    visit(page, f"{site}widget/{SEED}")
    expect(page).to_have_title(REBUILT_TITLE)
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1500")
    expect(new_rating(page)).to_have_text("—")
    server.shutdown()
