"""Loading Python and the texts, as a visitor on a slow or broken connection meets it: real
progress, a stalled download that offers Retry, translations that fail over to English; and
numbers copied from real pages (direction marks, huge values) read or refused at their field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import NO_SHARED_WORKER, open_widget, wait_ready

# Every state of the loading notice the page goes through: [stage text, progress value, max, bytes].
RECORD_LOADING = """
window.__loading = [];
new MutationObserver(() => {
  const bar = document.getElementById("engine-progress");
  if (!bar) return;
  const now = [document.getElementById("engine-text").textContent, bar.getAttribute("value"),
               bar.getAttribute("max"), document.getElementById("engine-bytes").textContent];
  const last = window.__loading.at(-1);
  if (!last || last.join("|") !== now.join("|")) window.__loading.push(now);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""

# What the worker fetches while Python starts (WebAssembly, lock file, standard library, packages).
DOWNLOADS = re.compile(r"/static/.*(\.wasm|\.zip|\.whl|pyodide-lock\.json)$")

# The calculator's events, as an embedding page would receive them.
RECORD_EVENTS = """
window.__events = [];
for (const type of ["elo:error", "elo:ready"]) {
  document.addEventListener(type, (e) => window.__events.push([type, e.detail ?? null]));
}
"""


# The page's height (the frame's, on the embedding page) and where its results start.
LAYOUT = """() => [document.documentElement.scrollHeight,
  document.getElementById("results-heading").getBoundingClientRect().top,
  document.getElementById("answer-cell").getBoundingClientRect().bottom]"""


def events(page: Page) -> list[Any]:
    return list(page.evaluate("window.__events"))


def test_progress_counts_the_bytes_then_says_python_is_starting(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    page.add_init_script(RECORD_LOADING)
    open_widget(page, widget_origin)
    wait_ready(page)
    seen = page.evaluate("window.__loading")
    counted = [(text, int(value), int(top), size) for text, value, top, size in seen if value and top]
    assert any(0 < value < top and "Downloading Python" in text and " MB" in size for text, value, top, size in counted)
    # The build's total is what really arrives: the bar fills exactly when Python starts.
    text, value, top, _ = counted[-1]
    assert ("Starting Python", top) == (text.split("… ")[-1], value)
    page.close()


def test_the_bar_counts_the_page_s_own_files_before_its_scripts_have_all_arrived(browser: Browser,
                                                                                 widget_origin: str) -> None:
    page = browser.new_page()
    held: list[Route] = []
    # app.js (bundled with its modules, scripts/build_site.py), held: the page cannot start without it.
    page.route("**/app.js", lambda route: held.append(route))
    page.goto(f"{widget_origin}/widget/", wait_until="commit")
    expect(page.get_by_role("progressbar")).to_have_attribute("value", re.compile(r"^[1-9][0-9]*$"))
    # More than the page itself, which the bar starts from: the stylesheet and engine-start.js count.
    page.wait_for_function("""() => document.getElementById("engine-progress").value
        > performance.getEntriesByType("navigation")[0].decodedBodySize""")
    assert 0 == page.evaluate("performance.getEntriesByName('elo:usable').length")  # app.js has not run
    assert 0 < int(page.get_by_role("progressbar").get_attribute("value") or 0) < int(
        page.get_by_role("progressbar").get_attribute("max") or 0)
    for route in held:
        route.continue_()
    expect(page.get_by_role("main")).not_to_have_attribute("aria-busy", "true")
    page.close()


@pytest.mark.parametrize(("query", "width"), [("?lang=en", 375), ("?lang=fr", 800),
                                             ("?system=elo&k=20&rating=1500&lang=de", 375),
                                             ("?system=dwz&lang=en", 375)])
def test_python_becoming_ready_moves_nothing_on_the_page(browser: Browser, widget_origin: str, query: str,
                                                         width: int) -> None:
    """The loading notice gives way to the totals in the same place: the results, and whatever follows
    the frame on the embedding page, stay where they were when the first result comes."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.add_init_script(NO_SHARED_WORKER)  # a shared worker's downloads cannot be routed
    held: list[Route] = []
    page.route(DOWNLOADS, lambda route: held.append(route))  # Python kept from starting
    open_widget(page, widget_origin, query)
    expect(page.get_by_role("progressbar")).to_be_visible()
    before = page.evaluate(LAYOUT)
    for route in held:
        route.continue_()
    page.unroute(DOWNLOADS)
    wait_ready(page)
    expect(page.locator("#answer-cell")).to_have_class(re.compile(r"\banswered\b"))  # Python's first answer is shown
    assert before == page.evaluate(LAYOUT)
    page.close()



@pytest.mark.parametrize(("width", "query", "rating", "opponent", "figures"), [
    (375, "", "1800", "1800", r"^Difference 0 · Expected 0\.50 · Change \+10\.0$"),
    (375, "", "1800", "1950", r"^Difference −150 · Expected 0\.30 · Change \+14\.0$"),  # wraps where "—" did not
    (412, "", "1800", "1950", r"^Difference −150 · Expected 0\.30 · Change \+14\.0$"),
    (480, "", "1800", "1950", r"^Difference −150 · Expected 0\.30 · Change \+14\.0$"),
    # Answers that give the games no figures: FIDE's first rating, Elo's missing rating (a refusal).
    (375, "", "", "1950", r"^Difference — · Expected — · Change —$"),
    (375, "?system=elo&k=20", "", "1950", r"^Difference — · Expected — · Change —$"),
])
def test_games_typed_while_python_loads_stay_where_they_are(browser: Browser, widget_origin: str, width: int,
                                                            query: str, rating: str, opponent: str,
                                                            figures: str) -> None:
    """Each game typed before the first answer shows its line of figures as "—" at once: the answer
    fills the lines in, and the game being typed does not move down (a line that would wrap once
    its figures come has its change on a line of its own from the start)."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.add_init_script(NO_SHARED_WORKER)
    held: list[Route] = []
    page.route(DOWNLOADS, lambda route: held.append(route))
    open_widget(page, widget_origin, query)
    if rating:  # else left as it is, untouched
        page.get_by_label("Your rating").fill(rating)
    for i in (1, 2, 3):
        if i > 1:
            page.get_by_role("button", name="Add game").click()
        page.get_by_label(f"Opponent rating, game {i}", exact=True).fill(opponent)
    third = page.get_by_label("Opponent rating, game 3", exact=True)
    first_line = page.locator(".game-out").first
    expect(first_line).to_have_text("Difference — · Expected — · Change —")
    # Its place on the page (the page may scroll to keep it clear of the result's bar, summary.js).
    place = "el => el.getBoundingClientRect().top + scrollY"
    before = third.evaluate(place)
    for route in held:
        route.continue_()
    page.unroute(DOWNLOADS)
    wait_ready(page)
    expect(page.locator("#answer-cell")).to_have_class(re.compile(r"\banswered\b"))  # Python's first answer is shown
    expect(first_line).to_have_text(re.compile(figures))
    assert before == third.evaluate(place)
    page.close()


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_k_used_line_moves_nothing_on_a_narrow_phone(browser: Browser, widget_origin: str, lang: str) -> None:
    """At 320 px the reason for the K takes two lines in German and Dutch: its room is kept for it
    (entered while Python loads, shown with the first answer)."""
    page = browser.new_page(viewport={"width": 320, "height": 700})
    page.add_init_script(NO_SHARED_WORKER)
    held: list[Route] = []
    page.route(DOWNLOADS, lambda route: held.append(route))
    open_widget(page, widget_origin, f"?lang={lang}")
    page.locator("#rating").fill("1800")
    page.locator("#sf-player-fewer_than_30_games").check()  # FIDE's first K-finder box (form.js fieldId)
    before = page.evaluate(LAYOUT)
    for route in held:
        route.continue_()
    page.unroute(DOWNLOADS)
    wait_ready(page)
    expect(page.locator("#k-used")).to_contain_text("30")  # the reason is there, on two lines
    assert page.evaluate("document.getElementById('k-used').getClientRects()[0].height") > 30
    assert before == page.evaluate(LAYOUT)
    page.close()

@pytest.mark.parametrize(("lang", "width"), [("fr", 375), ("en", 600), ("de", 1000)])
def test_a_stall_moves_nothing_on_the_page(browser: Browser, widget_origin: str, lang: str, width: int) -> None:
    """The stalled download's notice (its reason and Retry) fits the totals' room, as the loading
    notice does: the page around the frame does not grow while it shows."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.add_init_script(NO_SHARED_WORKER)
    page.route(DOWNLOADS, lambda route: None)  # nothing arrives, ever
    page.clock.install()
    open_widget(page, widget_origin, f"?lang={lang}")
    expect(page.get_by_role("progressbar")).to_be_visible()
    before = page.evaluate(LAYOUT)
    page.clock.run_for("01:00")
    expect(page.locator("#retry")).to_be_visible()
    assert before == page.evaluate(LAYOUT)
    page.close()


def test_stalled_download_says_so_and_retry_starts_again(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    page.add_init_script(RECORD_EVENTS)
    page.add_init_script(NO_SHARED_WORKER)  # a shared worker's downloads cannot be routed
    held: list[Route] = []
    stalled = [True]

    def stall(route: Route) -> None:
        """While the connection stalls, whatever the worker downloads is held, never answered."""
        if stalled[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(DOWNLOADS, stall)
    page.clock.install()
    open_widget(page, widget_origin)
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(page.get_by_role("status").filter(has_text="Loading Python")).to_be_visible()
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_hidden()
    page.clock.run_for("01:00")
    expect(page.get_by_text("The download of Python has stopped")).to_be_visible()
    expect(retry).to_be_visible()
    assert ["elo:error", {"reason": "stalled", "stage": "runtime"}] in events(page)
    stalled[0] = False  # the old worker's downloads stay held: only a new worker gets through
    retry.press("Enter")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    assert "2100" == page.get_by_label("Your rating").input_value()
    page.close()


# Workers the page starts, and how many of them it has ended (a worker ended before its script has
# loaded is not always reported to Playwright).
COUNT_WORKERS = """window.__workers = { started: 0, ended: 0 };
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) { super(...args); window.__workers.started++; }
  terminate() { window.__workers.ended++; super.terminate(); }
};"""


def test_a_browser_that_gives_no_body_sizes_still_starts(browser: Browser, widget_origin: str) -> None:
    """Before Safari 16.4, resource timings have no decodedBodySize. The bar, counting the page's own
    files as they arrive, once made a NaN of it and threw while app.js waited for it (WPE 2.38)."""
    page = browser.new_page()
    page.add_init_script("Object.defineProperty(PerformanceResourceTiming.prototype, 'decodedBodySize',"
                         " {get: () => undefined});")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_widget(page, widget_origin)
    expect(page.get_by_role("heading", level=1)).to_have_text("Elo rating calculator")
    wait_ready(page)
    page.get_by_label("Your rating", exact=True).fill("1500")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    expect(page.get_by_label("New rating", exact=True)).not_to_have_text(re.compile(r"^[—-]?$"))
    assert [] == errors
    page.close()


@pytest.mark.parametrize("engine", ["started", "refused"])
def test_a_page_module_that_cannot_load_stops_python_and_says_so(
        browser: Browser, widget_origin: str, engine: str) -> None:
    """app.js never runs (it cannot be loaded): Python, started before it, is not downloaded (but
    for Pyodide's module, which the page prefetches) and booted for nobody, and the page does not load
    forever in silence. Where the engine refuses to start (a browser too old: no worker started),
    the page stayed empty."""
    page = browser.new_page()
    page.add_init_script(NO_SHARED_WORKER)  # a dedicated worker, counted below
    page.add_init_script(COUNT_WORKERS)
    if engine == "refused":
        page.add_init_script("WebAssembly.Tag = undefined;")  # as before Chrome 95 (support.js)
    page.route("**/app.js", lambda route: route.abort())
    page.goto(f"{widget_origin}/widget/")
    message = page.get_by_role("status").filter(has_text="The calculator could not be loaded")
    expect(message).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_hidden()
    box = message.bounding_box()
    assert box is not None and box["y"] < 100, f"the message is {box} down a page with nothing else on it"
    started = 1 if engine == "started" else 0
    assert {"started": started, "ended": started} == page.evaluate("window.__workers")
    page.close()


def test_failed_translation_shows_english_with_retry_and_tells_the_page(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    page.add_init_script(RECORD_EVENTS)
    page.route("**/i18n/de.json", lambda route: route.fulfill(status=404, body="not found"))
    open_widget(page, widget_origin, "?lang=de")
    expect(page.get_by_text("The texts in this language could not be loaded")).to_be_visible()
    page.get_by_label("Your rating").fill("2100")  # the English form works
    assert ["elo:error", {"reason": "texts", "lang": "de"}] in events(page)
    page.unroute("**/i18n/de.json")
    page.get_by_role("button", name="Retry").press("Enter")
    expect(page.get_by_label("Ihre Wertung")).to_have_value("2100")
    expect(page.get_by_text("The texts in this language could not be loaded")).to_be_hidden()
    page.close()


@pytest.mark.parametrize("body", ["null", '{"title": 5}', "[]", '{"title": "Elo-Rechner"}'])
def test_a_translation_that_is_not_texts_is_refused_like_a_missing_one(browser: Browser, widget_origin: str,
                                                                        body: str) -> None:
    """A file served with 200 that is not the texts (null, a wrong type, a stray file) gives the
    English page, Retry and the embedding page's error, not a blank page."""
    page = browser.new_page()
    page.add_init_script(RECORD_EVENTS)
    page.route("**/i18n/de.json", lambda route: route.fulfill(status=200, body=body, content_type="application/json"))
    open_widget(page, widget_origin, "?lang=de")
    expect(page.get_by_text("The texts in this language could not be loaded")).to_be_visible()
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    wait_ready(page)
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    assert ["elo:error", {"reason": "texts", "lang": "de"}] in events(page)
    page.close()


def test_a_text_missing_from_a_translation_is_read_in_english(browser: Browser, widget_origin: str) -> None:
    """A stale file (one text missing, one not a string): those two in English, the rest translated."""
    page = browser.new_page()

    def stale(route: Route) -> None:
        texts = route.fetch().json()
        del texts["results.newRating"]
        texts["results.score"] = None
        route.fulfill(json=texts)

    page.route("**/i18n/de.json", stale)
    open_widget(page, widget_origin, "?lang=de")
    wait_ready(page)
    expect(page.get_by_label("Ihre Wertung")).to_be_visible()
    expect(page.get_by_role("term")).to_contain_text(["Score", "New rating"])
    expect(page.get_by_text("The texts in this language could not be loaded")).to_be_hidden()
    page.close()


def test_direction_marks_from_right_to_left_pages_are_ignored_in_typed_numbers(browser: Browser,
                                                                                widget_origin: str) -> None:
    page = browser.new_page()
    open_widget(page, widget_origin, "?system=elo")
    wait_ready(page)
    page.get_by_label("Your rating").fill("\u200f1500\u200e")
    page.get_by_label("K-factor").fill("\u200f20\u200e")  # marks only: an embedding (U+202B) is refused (issue 29)
    page.get_by_label("Opponent rating, game 1", exact=True).fill("\u200e1500\u200f")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1510.0")
    page.close()


def test_a_rating_too_big_for_javascript_is_an_error_at_its_field(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    open_widget(page, widget_origin, "?system=fide")
    wait_ready(page)
    huge = "9" * 309
    page.get_by_label("Your rating").fill(huge)
    page.get_by_label("Opponent rating, game 1", exact=True).fill(huge)
    expect(page.get_by_label("Your rating")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("heading", name="Your first FIDE rating")).to_be_hidden()  # not a first rating
    page.close()


def test_a_shared_engine_that_dies_after_answering_is_replaced_and_the_next_result_shows(
        browser: Browser, widget_origin: str) -> None:
    """The shared interpreter's process ended once it had answered (a crash: its port silent for good, no error
    event): the calculator hears it by the worker's life lock, starts a worker of its own, and answers anew."""
    context = browser.new_context()
    page = context.new_page()
    open_widget(page, widget_origin)
    page.get_by_label("Your rating").fill("2100")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2000")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2107")
    mine = context.new_cdp_session(page).send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    cdp = browser.new_browser_cdp_session()
    shared = [t for t in cdp.send("Target.getTargets")["targetInfos"]
              if t["type"] == "shared_worker" and t.get("browserContextId") == mine]
    assert 1 == len(shared)
    # The page watches the worker's life lock: its request for it waits (shared-engine.js sharedChannel).
    page.wait_for_function("navigator.locks.query().then((q) => q.pending.some((l) => l.name.startsWith('elo-core')))")
    cdp.send("Target.closeTarget", {"targetId": shared[0]["targetId"]})
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1900")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2105")
    assert "2100" == page.get_by_label("Your rating").input_value()
    context.close()
