"""The language menu (language-menu="yes"; off by default): it starts in the element's `lang`, and a language
chosen loads the widget again in it with the calculator's entries kept; with a file the visitor opened on the
page, it says the file will be closed and changes only when asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from .conftest import open_widget, wait_ready

C07 = Path(__file__).resolve().parents[1] / "trf" / "fide-c07-tiebreak-exercises.trf"


def test_no_menu_unless_asked(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?lang=de")
    wait_ready(page)
    expect(page.get_by_label("Sprache")).to_have_count(0)


def test_a_language_chosen_loads_the_widget_in_it_with_the_entries_kept(
        warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?lang=de&language-menu=yes&system=elo")
    wait_ready(page)
    menu = page.get_by_label("Sprache")
    expect(menu).to_have_value("de")
    page.get_by_label("Ihre Wertung", exact=True).fill("1634")
    menu.select_option(label="English")  # chosen, not yet changed (arrow keys would change it in Firefox)
    assert "lang=de" in page.url
    with page.expect_navigation():
        page.get_by_role("button", name="Sprache wechseln").click()
    wait_ready(page)
    expect(page.get_by_label("Language")).to_have_value("en")
    expect(page.get_by_label("Language")).to_be_focused()  # it was the page itself (an accessibility pass)
    expect(page.get_by_label("Your rating", exact=True)).to_have_value("1634")
    assert "lang=en" in page.url
    # The visitor's own entries, not a link's: they were offered as "someone's calculation" (a hostile pass).
    expect(page.locator("#link-offer")).to_be_hidden()
    expect(page.locator("#notice-text")).not_to_contain_text("link")
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("Your rating", exact=True)).to_have_value("1634")
    expect(page.locator("#link-offer")).to_be_hidden()
    expect(page.get_by_label("Language")).not_to_be_focused()  # a reload of the visitor's is no language changed


def test_numbers_and_the_unrated_word_typed_in_one_language_are_written_the_new_one_s_way(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """A Dutch visitor types "zonder rating" (the Dutch hint's word) and "1.950" (1950 in Dutch), then chooses
    English: the entries were carried as typed and read the English way, every total "—" and the opponents
    refused (hp84). They are English's now, and the result is there."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?lang=nl&language-menu=yes")
    wait_ready(page)
    page.get_by_label("Jouw rating", exact=True).fill("1850")
    page.get_by_label("Rating tegenstander, partij 1", exact=True).fill("zonder rating")
    page.get_by_role("button", name="Partij toevoegen").click()
    page.get_by_label("Rating tegenstander, partij 2", exact=True).fill("1.950")
    expect(page.get_by_label("Nieuwe rating", exact=True)).to_have_text("1863")
    page.get_by_label("Taal").select_option(label="English")
    with page.expect_navigation():
        page.get_by_role("button", name="Taal wijzigen").click()
    wait_ready(page)
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("unrated")
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_have_value("1950")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1863")


def test_entries_saved_on_a_page_in_another_language_are_written_this_page_s_way(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """A club's /de/ and /en/ pages share one saved copy: what the German page saved ("ungewertet", "1.950":
    1950 in German) is read on the English one as the German page read it, the same calculation as above."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?lang=en")
    saved = {"v": 3, "lang": "de", "system": "fide", "rating": "1850", "k": "", "entries": {},
             "events": [{"name": "", "rating": ""}],
             "games": [{"opponent": "ungewertet", "result": "1"}, {"opponent": "1.950", "result": "1"}]}
    page.evaluate("(text) => localStorage.setItem('elo-calculator:v2:page:fide', text)", json.dumps(saved))
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("unrated")
    expect(page.get_by_label("Opponent rating, game 2", exact=True)).to_have_value("1950")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1863")


def test_a_file_the_visitor_opened_is_closed_only_when_asked(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=event&lang=en&language-menu=yes")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(C07))
    expect(page.get_by_role("table", name=re.compile("^Rating changes: "))).to_be_visible()
    page.get_by_label("Language").select_option(label="Deutsch")
    page.get_by_role("button", name="Change the language").click()
    warning = page.locator("#language-warning")
    expect(warning).to_have_attribute("role", "status")
    expect(warning).to_contain_text("Changing the language closes the file you opened: open it again after.")
    expect(warning).to_be_visible()
    expect(page.get_by_role("button", name="Change it anyway")).to_be_focused()
    assert "lang=en" in page.url  # nothing changed yet
    with page.expect_navigation():
        page.get_by_role("button", name="Change it anyway").click()
    expect(page.get_by_label("Sprache")).to_have_value("de")


def test_text_pasted_in_a_view_is_kept_through_a_change_of_language_without_a_warning(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """Text pasted in a report's box (no file read) is kept for the tab (kept-fields.js): the change warned that it
    would be lost, which it no longer is."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=event&lang=en&language-menu=yes")
    page.get_by_label("Or paste the file's text").fill("012 Club Open")
    page.get_by_label("Language").select_option(label="Deutsch")
    with page.expect_navigation():
        page.get_by_role("button", name="Change the language").click()
    expect(page.get_by_label("Sprache")).to_have_value("de")
    expect(page.locator("#event-paste")).to_have_value("012 Club Open")


def test_the_visitor_s_language_stays_when_the_club_s_page_changes_an_attribute(
        warm_context: BrowserContext, host_origin: str) -> None:
    """The club's page switches its dark mode (theme="dark" on the element): the frame is made anew from the
    element's attributes, and was in the element's language again, the visitor's choice lost (a hostile pass). It
    stays the visitor's, until the page sets the element's own lang."""
    page = warm_context.new_page()
    page.goto(f"{host_origin}/empty.html")
    page.evaluate("""() => document.body.insertAdjacentHTML("beforeend",
        `<elo-calculator id="calc" lang="en" language-menu="yes" system="elo"></elo-calculator>`)""")
    frame = page.frame_locator("#calc iframe")
    frame.get_by_label("Language").select_option(label="Deutsch")
    frame.get_by_role("button", name="Change the language").click()
    expect(frame.get_by_label("Sprache")).to_have_value("de")
    page.evaluate("() => document.getElementById('calc').setAttribute('theme', 'dark')")
    expect(page.locator("#calc iframe")).to_have_attribute("src", re.compile(r"theme=dark"))
    expect(frame.get_by_label("Sprache")).to_have_value("de")
    page.evaluate("() => document.getElementById('calc').setAttribute('lang', 'fr')")
    expect(frame.get_by_label("Langue")).to_have_value("fr")
