"""The calculator on a phone (375 px and 320 px wide): the result in view while editing, Enter
through the games, numeric keyboards, coloured changes with one total, no rating before a game, the
chart, nothing cut off in any language, printing the results only, and sharing the result as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from elo_core import calculate

from .a11y import violations
from .conftest import open_widget, wait_ready
from .ui import set_games, shown

PHONE: ViewportSize = {"width": 375, "height": 700}
NINE_GAMES = [{"opponent": o, "score": s} for o, s in (
    (1500, 1), (1620, 0.5), (1390, 0), (1700, 1), (1450, 0.5), (1580, 0), (1610, 1), (1520, 0.5), (1400, 0))]
LANGUAGES = ["en", "de", "fr", "es", "it", "nl"]

# WCAG contrast of an element's text on the first opaque background behind it.
CONTRAST = """el => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let bg = el;
  while (bg && /rgba\\(.*, 0\\)|transparent/.test(getComputedStyle(bg).backgroundColor)) bg = bg.parentElement;
  const fg = lum(rgb(getComputedStyle(el).color));
  const back = lum(rgb(getComputedStyle(bg ?? document.body).backgroundColor));
  return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
}"""


@pytest.fixture()
def phone(for_axe: BrowserContext) -> BrowserContext:
    """A browser whose Python already runs, with nothing saved (conftest.Warm); axe is injected in
    one test. Its pages are phone-sized (phone_page)."""
    return for_axe


def phone_page(context: BrowserContext, widget_origin: str, query: str) -> Page:
    page = context.new_page()
    page.set_viewport_size(PHONE)
    open_widget(page, widget_origin, query)
    wait_ready(page)
    return page


def editing_the_first_of_nine_games(context: BrowserContext, widget_origin: str, system: str) -> tuple[Page, Locator]:
    """A phone page with nine games, the first one's opponent being edited; and the summary button."""
    page = phone_page(context, widget_origin, f"?system={system}&rating=1500&k=20")
    set_games(page, NINE_GAMES)
    page.get_by_label("Opponent rating, game 1", exact=True).focus()
    return page, page.get_by_role("button", name=re.compile(r"^New rating "))


def test_summary_stays_in_view_while_editing_the_first_of_nine_games(phone: BrowserContext, widget_origin: str) -> None:
    page, summary = editing_the_first_of_nine_games(phone, widget_origin, "fide")
    expect(summary).to_have_accessible_name("New rating 1507 +7 Show the result")
    expect(summary).to_be_in_viewport()
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_be_in_viewport()
    expect(page.get_by_label("New rating", exact=True)).not_to_be_in_viewport()
    summary.click()
    expect(page.get_by_label("New rating", exact=True)).to_be_in_viewport()
    expect(page.get_by_role("heading", name="Result", exact=True)).to_be_focused()
    # The full results are on screen: the summary is not shown twice.
    expect(summary).to_be_hidden()


def test_summary_is_not_announced_as_well(phone: BrowserContext, widget_origin: str) -> None:
    _, summary = editing_the_first_of_nine_games(phone, widget_origin, "elo")
    expect(summary).to_be_visible()
    live = summary.evaluate(
        "el => Boolean(el.closest('[aria-live]:not([aria-live=\"off\"]), [role=status], [role=alert]'))")
    assert live is False


def test_axe_on_a_phone_with_the_summary_shown(phone: BrowserContext, widget_origin: str) -> None:
    page, summary = editing_the_first_of_nine_games(phone, widget_origin, "fide")
    expect(summary).to_have_accessible_name("New rating 1507 +7 Show the result")  # the nine games' answer
    assert [] == violations(page)


def test_summary_stays_out_of_a_frame_sized_to_its_content(browser: Browser, host_origin: str) -> None:
    """Embedded, the club's page scrolls, not the frame: a line at the frame's bottom could not stay in
    view, and showing it as the visitor scrolls would change the frame's height under them."""
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{host_origin}/strict.html")
    frame = page.frame_locator("elo-calculator >> iframe")
    frame.get_by_label("Your rating").fill("1500")
    for i, game in enumerate(NINE_GAMES, start=1):
        if i > 1:  # by keyboard: the frame grows under a pointer as the host page resizes it
            frame.get_by_role("button", name="Add game").press("Enter")
        frame.get_by_label(f"Opponent rating, game {i}", exact=True).fill(str(game["opponent"]))
    expect(frame.get_by_label("New rating", exact=True)).not_to_have_text("—")
    frame.get_by_label("Opponent rating, game 1", exact=True).focus()
    expect(frame.get_by_label("New rating", exact=True)).not_to_be_in_viewport()
    expect(frame.get_by_role("button", name=re.compile(r"^New rating "))).to_be_hidden()
    page.close()


def test_enter_goes_from_opponent_to_result_to_a_new_game(phone: BrowserContext, widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=fide&rating=1500&k=20")
    page.evaluate("window.stillTheSamePage = true")
    opponent = page.get_by_label("Opponent rating, game 1", exact=True)
    expect(opponent).to_have_attribute("enterkeyhint", "next")
    opponent.fill("1500")
    opponent.press("Enter")
    expect(page.get_by_label("Result, game 1", exact=True)).to_be_focused()
    page.keyboard.press("Enter")  # the last game: a new one, its opponent ready
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_be_focused()
    page.keyboard.type("1600")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Result, game 2", exact=True)).to_be_focused()
    assert page.evaluate("window.stillTheSamePage") is True  # no submit, no reload
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1500")


# Whether the result's bar covers the field (it shows unless the totals are on screen).
COVERED = """field => {
  const bar = document.getElementById("summary-bar");
  return !bar.hidden && field.getBoundingClientRect().bottom > bar.getBoundingClientRect().top;
}"""


@pytest.mark.parametrize(("lang", "width", "games"), [("en", 320, 1), ("fr", 320, 3), ("nl", 375, 6)])
def test_the_game_being_typed_stays_clear_of_the_summary(page: Page, widget_origin: str,
                                                         lang: str, width: int, games: int) -> None:
    """Enter after Enter through the games: the opponent field reached is never under the result's
    bar at the bottom of the screen (two lines tall in French at 320 px)."""
    page.clock.install()  # time flows as usual until the test runs the page's timers on (run_for)
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 812})
    open_widget(page, widget_origin, f"?lang={lang}&system=fide&rating=1500&k=20")
    wait_ready(page)
    page.locator("#games input").first.click()
    for opponent in (1500, 1620, 1390, 1700, 1450, 1580)[:games]:
        page.keyboard.type(str(opponent))
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    field = page.locator(":focus")
    expect(field).to_have_value("")  # the next game's opponent
    # The last game's answer (an earlier one's could still move the bar after the wait below).
    answer = calculate({"system": "fide", "rating": 1500, "k": 20,
                        "games": [{"opponent": o, "score": 1} for o in (1500, 1620, 1390, 1700, 1450, 1580)[:games]]})
    expect(page.locator("#new-rating")).to_have_text(shown(answer["new_rating"], 0))
    # Once answers stop coming (summary.js), the field is scrolled clear of the bar, and stays so.
    page.wait_for_function(f"field => !({COVERED})(field)", arg=field.element_handle())
    page.clock.run_for(1000)  # every timer the last answers set (summary.js measures 150 ms after one) has run
    assert field.evaluate(COVERED) is False


def test_enter_on_a_result_moves_to_the_next_existing_game(phone: BrowserContext, widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=elo&rating=1500&k=20")
    set_games(page, NINE_GAMES[:3])
    page.get_by_label("Result, game 1", exact=True).press("Enter")
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_be_focused()
    expect(page.get_by_label("Opponent rating, game 4", exact=True)).to_have_count(0)


def test_whole_number_ratings_get_a_numeric_keyboard(phone: BrowserContext, widget_origin: str) -> None:
    """FIDE's ratings and K are whole numbers: digits only; Elo's may have decimals."""
    page = phone_page(phone, widget_origin, "?system=fide")
    names = ("Your rating", "K-factor", "Opponent rating, game 1")
    for name in names:
        expect(page.get_by_label(name, exact=True)).to_have_attribute("inputmode", "numeric")
    page.get_by_label("Rating system").select_option("elo")
    for name in names:
        expect(page.get_by_label(name, exact=True)).to_have_attribute("inputmode", "decimal")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_changes_are_coloured_and_signed(phone: BrowserContext, widget_origin: str, theme: str) -> None:
    page = phone_page(phone, widget_origin, f"?system=elo&rating=1500&k=20&theme={theme}")
    set_games(page, [{"opponent": 1500, "score": 1}, {"opponent": 1400, "score": 0}])
    total = page.get_by_label("Total change", exact=True)
    expect(total).to_have_text("−2.8")
    rows = page.get_by_role("listitem")
    win = rows.filter(has=page.get_by_label("Opponent rating, game 1", exact=True)).get_by_text("+10.0")
    loss = rows.filter(has=page.get_by_label("Opponent rating, game 2", exact=True)).get_by_text("−12.8")
    colours = {el: el.evaluate("el => getComputedStyle(el).color") for el in (total, win, loss)}
    plain = page.get_by_label("New rating", exact=True).evaluate("el => getComputedStyle(el).color")
    assert colours[win] != plain and colours[loss] != plain and colours[win] != colours[loss]
    assert colours[total] == colours[loss]
    for el in (total, win, loss):
        assert el.evaluate(CONTRAST) >= 4.5


def test_one_total_with_the_exact_figure_under_it(phone: BrowserContext, widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=fide&rating=1500&k=20")
    set_games(page, NINE_GAMES)
    expect(page.get_by_label("Total change", exact=True)).to_have_text("+7")
    total = page.get_by_role("definition").filter(has=page.get_by_label("Total change", exact=True))
    expect(total.get_by_label("before rounding", exact=True)).to_have_text("+7.00")
    expect(page.get_by_role("term")).to_have_text(["Score", "Expected score", "Total change", "New rating",
                                                    "Performance rating"])


@pytest.mark.parametrize("system", ["elo", "fide"])
def test_no_new_rating_before_a_game(phone: BrowserContext, widget_origin: str, system: str) -> None:
    page = phone_page(phone, widget_origin, f"?system={system}&rating=1500&k=20")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(page.get_by_label("New rating", exact=True)).not_to_have_text("—")
    page.get_by_role("button", name="Remove game 1").click()
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")
    expect(page.get_by_label("Total change", exact=True)).to_have_text("—")
    expect(page.get_by_role("button", name="Share result")).to_be_hidden()


def test_no_figure_of_a_new_rating_before_a_game_in_lichess(phone: BrowserContext, widget_origin: str) -> None:
    """The system's own figures of the new rating (exact value, RD, volatility) and "provisional"
    wait for a game too."""
    page = phone_page(phone, widget_origin, "?system=lichess&rating=1500")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    page.get_by_label("Opponent's RD, game 1", exact=True).fill("60")
    own = [page.get_by_label(name, exact=True) for name in ("New rating (exact)", "New RD", "New volatility")]
    for figure in own:
        expect(figure).not_to_have_text("—")
    expect(page.get_by_text("Provisional")).to_be_visible()
    page.get_by_role("button", name="Remove game 1").click()
    for figure in [page.get_by_label("New rating", exact=True), *own]:
        expect(figure).to_have_text("—")
    expect(page.get_by_text("Provisional")).to_have_count(0)


def test_chart_has_round_ratings_result_marks_and_a_short_single_game(phone: BrowserContext,
                                                                     widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=elo&rating=1500&k=20")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    chart = page.get_by_role("img", name="Rating through the event")
    expect(chart).to_be_visible()
    texts = chart.locator("text").all_text_contents()
    ticks = [float(t) for t in texts if re.fullmatch(r"\d{4}(\.\d)?", t)]
    assert len(ticks) >= 2 and all(t % 5 == 0 for t in ticks), texts
    assert "W" in texts  # the result as a letter, not as a colour only
    line = chart.locator("polyline").evaluate("el => el.getBBox().width")
    assert line <= 100  # one game is a step, not a line across the phone
    table = page.get_by_role("table", name="Rating through the event")
    expect(table.get_by_role("row").nth(2)).to_have_text(re.compile(r"^1\s*1510\.0\s*0\.50\s*Win$"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_cut_off_at_320_px(warm_context: BrowserContext, widget_origin: str, lang: str) -> None:
    for system in ("fide", "elo"):
        page = warm_context.new_page()
        page.set_viewport_size({"width": 320, "height": 700})
        open_widget(page, widget_origin, f"?lang={lang}&system={system}&rating=1500&k=20")
        wait_ready(page)
        page.locator("#add").click()
        cut = page.evaluate("""() => {
          const cut = [];
          const doc = document.documentElement;
          if (doc.scrollWidth > doc.clientWidth) cut.push("document");
          // (A label of 1 px is for screen readers only: it is cut on purpose.)
          const seen = (el) => el.checkVisibility() && el.getBoundingClientRect().width > 1;
          for (const el of document.querySelectorAll("button, label")) {
            if (seen(el) && el.scrollWidth > el.clientWidth) cut.push(el.textContent);
          }
          // A select shows its chosen option on one line: at its own width it must still fit.
          for (const el of document.querySelectorAll("select")) {
            if (!seen(el)) continue;
            const width = el.getBoundingClientRect().width;
            el.style.setProperty("width", "auto", "important");
            el.style.setProperty("max-width", "none", "important");
            const natural = el.getBoundingClientRect().width;
            if (natural > width + 0.5) cut.push([...el.options].map((o) => o.text).join(" | "));
            el.style.removeProperty("width");
            el.style.removeProperty("max-width");
          }
          return cut;
        }""")
        assert [] == cut, (system, cut)
        page.close()


def test_print_shows_the_results_table_and_chart_only(phone: BrowserContext, widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=elo&rating=1500&k=20")
    set_games(page, NINE_GAMES[:3])
    expect(page.get_by_role("table", name="Rating through the event").get_by_role("row")).to_have_count(5)  # 3 games
    expect(page.get_by_role("img", name="Rating through the event")).to_be_visible()
    page.emulate_media(media="print")
    for hidden in (page.get_by_label("Your rating"), page.get_by_label("Opponent rating, game 1", exact=True),
                   page.get_by_role("button", name="Add game"), page.get_by_role("button", name="Share result"),
                   page.get_by_role("heading", name="Elo rating calculator")):
        expect(hidden).to_be_hidden()
    expect(page.get_by_label("New rating", exact=True)).to_be_visible()
    expect(page.get_by_role("img", name="Rating through the event")).to_be_visible()
    # The games once, in the games' table (paper.js), with the rating after each: the chart's table printed them
    # a second time.
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    expect(page.get_by_role("table", name="Rating through the event")).to_be_hidden()
    games = page.get_by_role("table", name="Games", exact=True)
    expect(games.get_by_role("columnheader").last).to_have_text("Rating")
    chart_rows = page.locator("#chart-table tbody tr").evaluate_all("rows => rows.map((r) => r.cells[1].textContent)")
    expect(games.locator("tbody tr td:last-child")).to_have_text(chart_rows[1:])  # the chart's, after its start row
    titles = page.get_by_text("Rating through the event", exact=True).evaluate_all(
        "els => els.filter((el) => el.checkVisibility() && el.getBoundingClientRect().height > 1).length")
    assert 1 == titles  # the title printed once (it was the figure's caption and the table's)
    page.evaluate("dispatchEvent(new Event('afterprint'))")


def test_printed_the_chart_is_drawn_for_paper_not_stretched_from_a_phone(phone: BrowserContext,
                                                                       widget_origin: str) -> None:
    """Drawn for a 375 px screen, the chart was stretched to the paper's width: its text twice the
    table's. Printing draws it for paper, never shown larger than drawn; the screen's again after."""
    page = phone_page(phone, widget_origin, "?system=elo&rating=1500&k=20")
    set_games(page, NINE_GAMES[:3])
    expect(page.get_by_role("table", name="Rating through the event").get_by_role("row")).to_have_count(5)  # 3 games
    chart = page.get_by_role("img", name="Rating through the event")
    expect(chart).to_be_visible()
    size = "svg => [svg.viewBox.baseVal.width, svg.getBoundingClientRect().width]"
    on_screen = chart.evaluate(size)[0]
    assert on_screen < 375
    page.evaluate("dispatchEvent(new Event('beforeprint'))")  # as the browser does before it prints
    page.emulate_media(media="print")
    drawn, shown = chart.evaluate(size)
    assert drawn == 680 and shown <= drawn
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    page.wait_for_function("w => document.querySelector('#chart svg').viewBox.baseVal.width === w", arg=on_screen)


def test_printing_after_the_chart_went_away_does_not_bring_it_back(phone: BrowserContext, widget_origin: str) -> None:
    page = phone_page(phone, widget_origin, "?system=elo&rating=1500&k=20")
    set_games(page, NINE_GAMES[:3])
    expect(page.get_by_role("table", name="Rating through the event").get_by_role("row")).to_have_count(5)  # 3 games
    chart = page.get_by_role("img", name="Rating through the event")
    expect(chart).to_be_visible()
    page.get_by_label("Your rating").fill("abc")  # refused: no chart
    expect(page.locator("#chart")).to_be_hidden()
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    expect(page.locator("#chart")).to_be_hidden()  # the last chart was drawn again (and shown) for paper
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    expect(page.locator("#chart")).to_be_hidden()


# Per language: the opponent box, the button, the notice, and two lines of the text shared.
SHARED = {
    "en": ("Opponent rating, game 1", "Share result", "Result copied as text.", "New rating: 1510.0",
           "Game 1: 1500, Win, +10.0"),
    "fr": ("Classement de l'adversaire, partie 1", "Partager le résultat", "Résultat copié sous forme de texte.",
           "Nouveau classement : 1510,0", "Partie 1 : 1500, Gain, +10,0"),
}


def share_one_win(context: BrowserContext, widget_origin: str, lang: str) -> Page:
    """One game won against 1500 from 1500 (Elo, K 20), then "Share result" pressed."""
    page = context.new_page()
    open_widget(page, widget_origin, f"?lang={lang}&system=elo&rating=1500&k=20")
    wait_ready(page)
    opponent, button, *_ = SHARED[lang]
    page.get_by_label(opponent, exact=True).fill("1500")
    page.get_by_role("button", name=button).click()
    return page


@pytest.mark.parametrize("lang", SHARED)
def test_share_copies_the_result_as_text_without_web_share(browser: Browser, widget_origin: str, lang: str) -> None:
    context = browser.new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = share_one_win(context, widget_origin, lang)
    *_, notice, rating, game = SHARED[lang]
    expect(page.get_by_text(notice)).to_be_visible()
    lines = page.evaluate("navigator.clipboard.readText()").splitlines()
    assert rating in lines and game in lines, lines
    context.close()


def test_the_box_to_copy_by_hand_follows_the_result(browser: Browser, widget_origin: str) -> None:
    """Neither a share sheet nor the clipboard (a frame that allows neither): the text shows in a box,
    and a change to the games changes the text in it (it kept the first result)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("delete Navigator.prototype.share; delete navigator.share;"
                            "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });")
    page = share_one_win(context, widget_origin, "en")
    box = page.locator("#share-text")
    expect(box).to_be_visible()
    expect(box).to_have_value(re.compile(r"New rating: 1510\.0"))
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1400")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1507.2")
    expect(box).to_have_value(re.compile(r"New rating: 1507\.2"))
    context.close()


@pytest.mark.parametrize("lang", SHARED)
def test_share_uses_web_share_where_there_is_one(browser: Browser, widget_origin: str, lang: str) -> None:
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # to wait for the stub's call
    context.add_init_script("""Object.defineProperty(Navigator.prototype, "share", {configurable: true,
        value(data) { window.shared = data; return Promise.resolve(); }});""")
    page = share_one_win(context, widget_origin, lang)
    *_, notice, rating, game = SHARED[lang]
    lines = page.wait_for_function("() => window.shared").json_value()["text"].splitlines()
    assert rating in lines and game in lines, lines
    expect(page.get_by_text(notice)).to_have_count(0)
    context.close()


@pytest.mark.parametrize(("view", "label", "file", "shown"), [
    ("event", "Tournament report file (TRF)", "trf/fide-c07-tiebreak-exercises.trf", "#event-report"),
    ("ladder", "Results file (CSV)", "ladder/club-games.csv", "#ladder-report"),
])
def test_a_file_opened_on_a_phone_brings_its_report_into_view(phone: BrowserContext, widget_origin: str, view: str,
                                                              label: str, file: str, shown: str) -> None:
    """A file picked on a phone: the report opened below the file's box, its table 2 000 px down, and the page stayed
    where it was, the report's first lines at the screen's foot (a hostile pass). The report is brought to the top."""
    page = phone_page(phone, widget_origin, f"?view={view}")
    page.get_by_label(label).set_input_files(str(Path(__file__).resolve().parents[1] / file))
    report = page.locator(shown)
    expect(report).to_be_visible()
    page.wait_for_function("el => { const r = el.getBoundingClientRect(); return Math.abs(r.top) < 2; }",
                           arg=report.element_handle())


# Resolved two frames after the history's next step (popstate): the browser has put the page where it puts it by then.
AFTER_BACK = """() => { window.afterBack = new Promise((done) => addEventListener("popstate",
  () => requestAnimationFrame(() => requestAnimationFrame(done)), { once: true })); }"""
IN_VIEW = "el => [el.getBoundingClientRect().top, el.getBoundingClientRect().bottom, innerHeight].map(Math.round)"


def back_by_keyboard(page: Page, back: Locator, to: Locator) -> None:
    """`back` pressed by keyboard; the keyboard then on `to`, which is on screen once the page has settled."""
    page.evaluate(AFTER_BACK)
    back.focus()
    page.keyboard.press("Enter")
    page.evaluate("() => window.afterBack")
    expect(to).to_be_focused()
    top, bottom, height = to.evaluate(IN_VIEW)
    assert 0 <= top and bottom <= height, (top, bottom, height)


@pytest.mark.parametrize(("opener", "label", "file"), [
    ("Open a tournament file", "Tournament report file (TRF)", "trf/fide-example1.trf"),
    ("Open a results file", "Results file (CSV)", "ladder/club-games.csv"),
])
def test_the_way_back_from_a_view_leaves_the_keyboard_on_screen(phone: BrowserContext, widget_origin: str,
                                                                 opener: str, label: str, file: str) -> None:
    """A view left by its Back button put the keyboard back on the button that opened it, below the screen's foot
    (y 1 398 in a 700 px screen), the browser having put the page back at its top after the focus (hp111): the
    visitor saw no focus ring. So did a ladder player's Back, on their row 2 000 px down. Each is on screen now."""
    page = phone_page(phone, widget_origin, "")
    way_in = page.get_by_role("button", name=opener)
    way_in.focus()
    page.keyboard.press("Enter")
    page.get_by_label(label).set_input_files(str(Path(__file__).resolve().parents[1] / file))
    if file.startswith("ladder"):
        row = page.locator("#ladder-table tbody tr button.disclose").nth(3)
        row.focus()
        page.keyboard.press("Enter")
        back_by_keyboard(page, page.locator("#ladder-player-back"), row)
    back = page.get_by_role("button", name=re.compile("^Back to the calculator"))
    back_by_keyboard(page, back, way_in)
    # Not by turning the browser's own putting back off: a reload then lost the calculator's place on the page (rv89).
    assert "auto" == page.evaluate("history.scrollRestoration")


def test_a_report_s_player_opened_in_the_calculator_leaves_the_keyboard_on_its_notice_s_undo(
        phone: BrowserContext, widget_origin: str) -> None:
    """"Open Uwira,Oliver in the calculator" left the keyboard on the report's way in, 2 900 px below the notice
    that says what happened, the page at its top (hp111): the next Tab went to "Open a results file". The keyboard
    is on the notice's Undo, on screen."""
    page = phone_page(phone, widget_origin, "")
    page.get_by_role("button", name="Open a tournament file").click()
    page.get_by_label("Tournament report file (TRF)").set_input_files(
        str(Path(__file__).resolve().parents[1] / "trf/fide-example1.trf"))
    page.locator("#event-table tbody tr button.disclose").nth(1).click()
    undo = page.get_by_role("button", name="Undo", exact=True)
    back_by_keyboard(page, page.get_by_role("button", name=re.compile(r"^Open .* in the calculator$")), undo)
    expect(page.locator("#notice-text")).to_have_text(re.compile(r"^The rated games of .* are in the calculator"))


@pytest.mark.parametrize("path", ["/widget/?system=elo", "/"])
def test_a_reader_s_larger_text_grows_and_still_fits_a_phone(browser: Browser, widget_origin: str, path: str) -> None:
    """A phone whose reader set its text to 200 % (32 px): the calculator's and the builder's text stayed 16 px (their
    body's font was in px), and what followed it did not fit: the fields' columns (13 rem each) made the calculator
    448 px wide, the builder's options, an address in a sentence and its heading 609 px, on a 375 px phone (hp111)."""
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        if path == "/":
            page.goto(f"{widget_origin}/")
            expect(page.get_by_role("heading", level=1)).to_be_visible()
        else:
            open_widget(page, widget_origin, path.removeprefix("/widget/"))
            page.get_by_label("Your rating").fill("2100")
        size, wide, room = page.evaluate("[getComputedStyle(document.body).fontSize, "
                                         "document.documentElement.scrollWidth, innerWidth]")
        assert "32px" == size
        assert (wide, room) == (375, 375)
    finally:
        context.close()


def test_reset_s_undo_by_keyboard_leaves_reset_focused_on_screen(phone: BrowserContext, widget_origin: str) -> None:
    """Reset, then its Undo, by keyboard: the keyboard went back to Reset before the games came back above it, which
    then stood 800 px below the screen's foot (hp111). It is on screen, the games back."""
    page = phone_page(phone, widget_origin, "?system=elo")
    page.get_by_label("Your rating").fill("2100")
    set_games(page, [{"opponent": 2000, "score": 1}, {"opponent": 2200, "score": 0.5}, {"opponent": 2150, "score": 0}])
    reset = page.get_by_role("button", name="Reset")
    reset.focus()
    page.keyboard.press("Enter")
    undo = page.locator("#tools-undo")
    expect(undo).to_be_visible()
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_label("Opponent rating, game 3", exact=True)).to_have_value("2150")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("2101.4")  # the answer shown
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(reset).to_be_focused()
    top, bottom, height = reset.evaluate(IN_VIEW)
    assert 0 <= top and bottom <= height, (top, bottom, height)
