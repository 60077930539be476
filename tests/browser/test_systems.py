"""Every rating system of the registry in the calculator page: its own fields made from the contract,
a published example typed in and computed through the form, its entries kept across a switch of
systems and a reload, its errors at its fields, and the embed's `system` attribute."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from elo_core import calculate
from elo_core.systems import REGISTRY

from ..vectors import cases
from .a11y import violations
from .conftest import open_widget, wait_ready
from .ui import RESULT_LABELS, clear_games, shown

I18N = Path(__file__).resolve().parents[2] / "widget" / "i18n"
NEW_SYSTEMS = ("uscf", "dwz", "ecf", "glicko", "glicko2", "lichess")


def english(system: str) -> dict[str, str]:
    """A system's English texts (the labels a person reads), as the build merges them."""
    texts: dict[str, str] = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    own = I18N / "systems" / f"{system}.json"  # FIDE's and Elo's texts are the widget's own
    if own.exists():
        texts.update(json.loads(own.read_text(encoding="utf-8"))["en"])
    return texts


def label(system: str, path: str) -> str:
    return english(system)[f"field.{path}"]


def own_values(request: dict[str, Any]) -> dict[str, Any]:
    """The request's values of the system's own fields, by path ("player.rd": 200)."""
    found = {}
    for path in (f.path for f in REGISTRY[request["system"]].fields):
        value: Any = request
        for key in path.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None and path not in ("rating", "k"):
            found[path] = value
    return found


def enter_system(page: Page, request: dict[str, Any]) -> None:
    """Type a request of any system into the form, finding each field by its label."""
    system = request["system"]
    page.get_by_label("Rating system").select_option(system)
    rating = request.get("rating")
    page.get_by_label("Your rating", exact=True).fill("" if rating is None else str(rating))
    kinds = {f.path: f.kind for f in REGISTRY[system].fields}
    for path, value in own_values(request).items():
        control = page.get_by_label(label(system, path), exact=True)
        if kinds[path] == "bool":
            control.set_checked(bool(value))
        elif kinds[path] == "choice":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    game_keys = [f.path.removeprefix("games[].") for f in REGISTRY[system].fields if f.path.startswith("games[].")]
    clear_games(page)
    for i, game in enumerate(request["games"], start=1):
        page.get_by_role("button", name="Add game").click()
        page.get_by_label(f"Opponent rating, game {i}", exact=True).fill(str(game["opponent"]))
        page.get_by_label(f"Result, game {i}", exact=True).select_option(label=RESULT_LABELS[game["score"]])
        for key in game_keys:
            page.get_by_label(f"{label(system, f'games[].{key}')}, game {i}", exact=True).fill(str(game[key]))


def first_rated_example(system: str) -> dict[str, Any]:
    """The first published vector of `system` with games and a new rating."""
    for case in cases(f"{system}.json"):
        request: dict[str, Any] = case["request"]
        if request["games"] and calculate(request).get("new_rating") is not None:
            return request
    raise AssertionError(f"no rated example in tests/vectors/{system}.json")


@pytest.mark.parametrize("system", NEW_SYSTEMS)
def test_published_example_computed_through_the_form(shared_page: Page, system: str) -> None:
    page = shared_page
    request = first_rated_example(system)
    enter_system(page, request)
    r = calculate(request)
    places = REGISTRY[system].places
    expect(page.get_by_label("New rating", exact=True)).to_have_text(shown(r["new_rating"], places))
    expect(page.get_by_label("Total change", exact=True)).to_have_text(shown(r["change"], places, sign=True))
    for output in REGISTRY[system].outputs:
        line = page.get_by_role("status", name=english(system)[f"results.{output.key}"], exact=True)
        expect(line).to_have_text(
            shown(r[output.key], output.places))


def test_every_system_is_offered_by_its_name(shared_page: Page) -> None:
    options = shared_page.get_by_label("Rating system").locator("option")
    expected = [english(name)[f"system.{name}"] for name in REGISTRY]
    assert (list(REGISTRY), expected) == (
        [options.nth(i).get_attribute("value") for i in range(options.count())], options.all_inner_texts())


def test_a_system_without_k_hides_the_k_field(shared_page: Page) -> None:
    shared_page.get_by_label("Rating system").select_option("glicko2")
    expect(shared_page.get_by_label("K-factor", exact=True)).to_be_hidden()
    shared_page.get_by_label("Rating system").select_option("elo")
    expect(shared_page.get_by_label("K-factor", exact=True)).to_be_visible()


def test_lichess_provisional_rating_is_said(shared_page: Page) -> None:
    request = first_rated_example("lichess")
    assert calculate(request)["provisional"] is True
    enter_system(shared_page, request)
    # Its own answer (the case before on this page is the same example: "Provisional" may be that one's).
    expect(shared_page.get_by_label("New rating", exact=True)).to_have_text(
        shown(calculate(request)["new_rating"], REGISTRY["lichess"].places))
    expect(shared_page.get_by_text(english("lichess")["results.provisional"])).to_be_visible()


def test_us_chess_shows_dashes_where_a_game_has_no_expected_score(shared_page: Page) -> None:
    request = first_rated_example("uscf")
    enter_system(shared_page, request)
    first = shared_page.get_by_label("Opponent rating, game 1", exact=True)
    row = shared_page.get_by_role("listitem").filter(has=first)
    expect(row).to_contain_text("Expected — · Change —")
    expect(shared_page.get_by_role("figure")).to_be_hidden()  # no rating after each game: no chart


def test_switching_systems_keeps_what_was_typed(shared_page: Page) -> None:
    page = shared_page
    system = page.get_by_label("Rating system")
    rd = page.get_by_label("Your rating deviation (RD)", exact=True)
    system.select_option("glicko")
    rd.fill("77")
    system.select_option("glicko2")
    rd.fill("123")
    page.get_by_label("System constant τ", exact=True).fill("0.7")
    clear_games(page)
    page.get_by_role("button", name="Add game").click()
    page.get_by_label("Opponent's RD, game 1", exact=True).fill("45")
    system.select_option("fide")
    system.select_option("glicko")
    expect(rd).to_have_value("77")  # each system keeps its own
    system.select_option("glicko2")
    expect(rd).to_have_value("123")
    expect(page.get_by_label("System constant τ", exact=True)).to_have_value("0.7")
    expect(page.get_by_label("Opponent's RD, game 1", exact=True)).to_have_value("45")


def test_a_blank_field_shows_its_default_as_placeholder(shared_page: Page) -> None:
    shared_page.get_by_label("Rating system").select_option("glicko")
    expect(shared_page.get_by_label("Constant c", exact=True)).to_have_attribute("placeholder", "34.6")


def test_an_error_at_a_system_field_shows_at_that_field(shared_page: Page) -> None:
    page = shared_page
    enter_system(page, first_rated_example("glicko2"))
    rd = page.get_by_label("Your rating deviation (RD)", exact=True)
    rd.fill("abc")
    expect(rd).to_have_attribute("aria-invalid", "true")
    expect(rd).to_have_accessible_description("Leave empty for a new player Enter a number, not 'abc'.")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")


def test_an_out_of_range_setting_says_its_range(shared_page: Page) -> None:
    page = shared_page
    enter_system(page, first_rated_example("glicko2"))
    tau = page.get_by_label("System constant τ", exact=True)
    tau.fill("5")
    expect(tau).to_have_attribute("aria-invalid", "true")
    expect(tau).to_have_accessible_description(
        "0.3 to 1.2; Glickman's example uses 0.5 Enter a number from 0.1 to 2.")


def test_an_error_in_a_game_s_own_field_shows_in_that_row(shared_page: Page) -> None:
    page = shared_page
    enter_system(page, first_rated_example("glicko"))
    rd = page.get_by_label("Opponent's RD, game 2", exact=True)
    rd.fill("9999")
    expect(rd).to_have_attribute("aria-invalid", "true")
    expect(rd).to_have_accessible_description("Enter a number from 1 to 350.")
    expect(page.get_by_label("Opponent's RD, game 1", exact=True)).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("system", ["uscf", "glicko2"])
def test_no_accessibility_violations_with_a_generic_system(for_axe: BrowserContext, widget_origin: str,
                                                           system: str) -> None:
    page = open_widget(for_axe.new_page(), widget_origin)  # CSP bypassed to inject axe-core
    wait_ready(page)
    request = first_rated_example(system)
    enter_system(page, request)
    expect(page.get_by_label("New rating", exact=True)).to_have_text(
        shown(calculate(request)["new_rating"], REGISTRY[system].places))
    assert [] == violations(page)


def test_a_reload_keeps_a_system_s_entries(widget: Page) -> None:
    request = first_rated_example("glicko2")
    enter_system(widget, request)
    r = calculate(request)
    expect(widget.get_by_label("New rating", exact=True)).to_have_text(shown(r["new_rating"], 1))
    widget.reload()
    expect(widget.get_by_label("Rating system")).to_have_value("glicko2")
    expect(widget.get_by_label("System constant τ", exact=True)).to_have_value("0.5")
    expect(widget.get_by_label("Opponent's RD, game 3", exact=True)).to_have_value("300")
    expect(widget.get_by_label("New rating", exact=True)).to_have_text(shown(r["new_rating"], 1))


def test_a_link_carries_a_system_s_entries(browser: Browser, warm_context: BrowserContext, widget_origin: str) -> None:
    warm_context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_widget(warm_context.new_page(), widget_origin)
    request = first_rated_example("glicko")
    enter_system(page, request)
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_text("Link copied")).to_be_visible()  # the link is made (compressed) first
    link = page.evaluate("() => navigator.clipboard.readText()")
    other = browser.new_context()  # another visitor's browser
    opened = other.new_page()
    opened.goto(link)
    expect(opened.get_by_label("Rating system")).to_have_value("glicko")
    expect(opened.get_by_label("Your rating deviation (RD)", exact=True)).to_have_value("200")
    expect(opened.get_by_label("Opponent's RD, game 1", exact=True)).to_have_value("30")
    expect(opened.get_by_label("New rating", exact=True)).to_have_text(shown(calculate(request)["new_rating"], 0))
    other.close()


def test_embed_accepts_a_registry_system(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/glicko2.html")
    frame = warm_page.frame_locator("elo-calculator >> iframe")
    expect(frame.get_by_label("Rating system")).to_have_value("glicko2")
    expect(frame.get_by_label("System constant τ", exact=True)).to_be_visible()


def test_builder_offers_every_system(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    page.goto(f"{widget_origin}/")
    system = page.get_by_label("Rating system")
    system.select_option(label=english("glicko2")["system.glicko2"])
    expect(page.get_by_role("figure", name="Your snippet").get_by_role("code")).to_contain_text(
        '<elo-calculator system="glicko2">')
    expect(page.get_by_role("region", name="Preview").locator("elo-calculator")).to_have_attribute("system", "glicko2")
    assert list(REGISTRY) == [o.get_attribute("value") for o in system.locator("option").all()]


@pytest.mark.parametrize("system", list(REGISTRY))
@pytest.mark.parametrize("width", [320, 375, 420, 460, 700])
def test_nothing_runs_off_the_side_on_a_phone(warm_context: BrowserContext, widget_origin: str, system: str,
                                              width: int) -> None:
    """A game row with a value of its own (an opponent's RD) wraps: no sideways scrolling, no hidden Remove."""
    page = warm_context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    open_widget(page, widget_origin, f"?system={system}&lang=de")
    page.get_by_role("button", name="Partie hinzufügen").click()
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    remove = page.get_by_role("button", name="Entfernen Partie 2").bounding_box()
    assert remove is not None and remove["x"] + remove["width"] <= width
    page.close()


def test_ecf_says_at_its_fields_what_it_does_not_support(shared_page: Page) -> None:
    """The ECF's P method and a difference over 400 are refused with the ECF's own words, not another system's."""
    page = shared_page
    enter_system(page, first_rated_example("ecf"))
    category = page.get_by_label(label("ecf", "player.category"), exact=True)
    category.select_option("P")
    expect(category).to_have_attribute("aria-invalid", "true")
    expect(category).to_have_accessible_description(
        english("ecf")["hint.player.category"] + " " + english("ecf")["error.not_supported.player.category"])
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")
    category.select_option("K")
    opponent = page.get_by_label("Opponent rating, game 1", exact=True)
    opponent.fill("1901")
    expect(opponent).to_have_attribute("aria-invalid", "true")  # at the game, not the whole list
    expect(opponent).to_have_accessible_description(english("ecf")["error.not_supported.ecf"])


def test_errors_typing_brings_to_other_fields_wait_until_typing_stops(page: Page, widget_origin: str) -> None:
    """ECF, "1850" typed over 1500 as 1, 18, 185, 1850: no "difference over 400" at every game for
    a keystroke (each error line moved the games below). A real one shows once typing stops."""
    page.clock.install()  # time flows as usual until the test runs the page's timers on (run_for)
    open_widget(page, widget_origin)
    wait_ready(page)
    request = {**first_rated_example("ecf"), "rating": 1500,
               "games": [{"opponent": o, "score": 1} for o in (1600, 1700, 1800)]}
    enter_system(page, request)
    expect(page.get_by_label("New rating", exact=True)).to_have_text(
        shown(calculate(request)["new_rating"], REGISTRY["ecf"].places))
    page.evaluate("""() => {
        window.__flashes = 0;
        new MutationObserver((records) => {
            for (const r of records) if (r.target.matches(".opp[aria-invalid=true]")) window.__flashes++;
        }).observe(document.getElementById("games"),
                   { attributes: true, subtree: true, attributeFilter: ["aria-invalid"] });
    }""")
    rating = page.get_by_label("Your rating", exact=True)
    rating.select_text()
    rating.press_sequentially("1850", delay=50)
    # 1850's answer (the one for 1500 still shown, or for 185, would have let a late error's timer run below).
    expect(page.get_by_label("New rating", exact=True)).to_have_text(
        shown(calculate({**request, "rating": 1850})["new_rating"], REGISTRY["ecf"].places))
    page.clock.run_for(1000)  # past the wait: nothing held back shows now
    assert 0 == page.evaluate("window.__flashes")
    rating.select_text()
    rating.press_sequentially("1100", delay=80)  # 500 to 700 below every opponent: said at each game
    for n in (1, 2, 3):
        opponent = page.get_by_label(f"Opponent rating, game {n}", exact=True)
        expect(opponent).to_have_accessible_description(english("ecf")["error.not_supported.ecf"])


@pytest.mark.parametrize(("system", "field"), [("glicko", "Opponent's RD, game 1"), ("uscf", "Rated games played"),
                                               ("dwz", "Age (years)")])
def test_a_result_waiting_for_a_field_not_reached_names_it(warm_context: BrowserContext, widget_origin: str,
                                                           system: str, field: str) -> None:
    """An opponent typed, and the system needs a field the visitor has not reached (no error at it
    yet): under the totals, which one, as a button that goes to it; once it is filled, no more."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, f"?system={system}&rating=1500")
    wait_ready(page)
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1620")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("—")
    missing = page.get_by_role("button", name=f"To see the result, fill in: {field}")
    missing.click()
    expect(page.get_by_label(field, exact=True)).to_be_focused()
    page.keyboard.type("30")
    expect(missing).to_be_hidden()  # the next one the system waits for, if any, is named instead
    page.close()


@pytest.mark.parametrize("system", ["dwz", "ecf"])
def test_a_rating_with_decimals_is_refused_in_the_system_s_own_words(warm_context: BrowserContext,
                                                                    widget_origin: str, system: str) -> None:
    """Elo's 1512.5 taken to DWZ or ECF: refused as that system's, not as a FIDE rating."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?system=elo")
    wait_ready(page)
    page.get_by_label("Your rating").fill("1512.5")
    page.get_by_label("Rating system").select_option(system)
    expect(page.locator("#rating-error")).to_have_text("This rating system uses whole numbers only.")
    page.close()


def test_elo_s_usual_k_does_not_follow_into_fide(widget: Page) -> None:
    """FIDE, a junior rated under 2300 (K 40), to Elo and back, nothing typed in K: Elo's usual K 20,
    which it fills in by itself, stayed in the field and FIDE rated with it "as typed" (a hostile
    pass in Firefox and WebKit), saved so, and over a reload too."""
    wait_ready(widget)
    system = widget.get_by_label("Rating system")
    system.select_option("fide")
    k = widget.get_by_label("K-factor", exact=False)
    k.fill("")
    widget.get_by_label("Your rating").fill("1800")
    widget.get_by_label("18 or younger this year").check()
    clear_games(widget)
    widget.get_by_role("button", name="Add game").click()
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("1900")
    new = widget.get_by_label("New rating", exact=True)
    expect(new).to_have_text("1826")
    system.select_option("elo")
    expect(k).to_have_value("20")
    system.select_option("fide")
    expect(k).to_have_value("")
    expect(new).to_have_text("1826")
    widget.reload()
    expect(new).to_have_text("1826")
    expect(k).to_have_value("")
