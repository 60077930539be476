"""The snippet builder: what it writes for each kind of site, the fallback link, the font option, and a
snippet pasted into a club's page that works there."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import serve  # scripts/, put on the path by conftest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from elo_core import calculate

from .a11y import violations
from .conftest import ROOT

# The element with the fallback link inside, then the loader.
TWO_LINES = re.compile(r'^<elo-calculator[^>]*><a href="([^"]+)" target="_blank" rel="noopener">[^<]+</a>'
                       r'</elo-calculator>\n<script async src="([^"]+)"></script>$')


def open_builder(page: Page, widget_origin: str) -> Page:
    page.goto(f"{widget_origin}/")
    expect(snippet(page)).to_contain_text("elo-calculator")  # builder.js has written it
    return page


def snippet(page: Page, caption: str = "Your snippet") -> Locator:
    return page.get_by_role("figure", name=caption).get_by_role("code")


def preview(page: Page) -> Locator:
    return page.get_by_role("region", name="Preview").locator("elo-calculator")


def fallback_href(text: str) -> str:
    """The link inside a two-line snippet, as a browser reads it."""
    found = TWO_LINES.match(text)
    assert found, text
    return html.unescape(found[1])


@pytest.fixture()
def page(warm_page: Page) -> Page:
    """The builder in a tab of a browser whose Python already runs (conftest.py): its preview answers at once."""
    return warm_page


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A club's site on another origin than the calculator's: a folder, served on localhost."""
    root = tmp_path_factory.mktemp("club")
    server = serve.start(root, "localhost", 0, csp=None)
    yield root, f"http://localhost:{server.server_address[1]}"
    server.shutdown()


def paste(page: Page, club_site: tuple[Path, str], body: str) -> None:
    """Open a blank page of the club's site with `body` pasted into it."""
    root, origin = club_site
    (root / "page.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chess club</title></head>'
        f"<body><h1>Our club</h1>\n{body}\n<p>See you on Thursday.</p></body></html>", encoding="utf-8")
    page.goto(f"{origin}/page.html")


@pytest.mark.parametrize(("label", "steps"), [
    ("Plain HTML page", ["paste both lines"]),
    ("WordPress", ["Upload Plugin", "Elo calculator",
                   '[elo_calculator system="fide" lang="auto" theme="light" accent="#1f5fbf"]',
                   "Custom HTML", "Update", "Publish"]),
    ("Squarespace", ["Code", "Display Source"]),
    ("Joomla", ["Editor - CodeMirror", "Custom", "Save"]),
])
def test_platforms_that_keep_scripts_get_the_two_lines_and_their_steps(
        page: Page, widget_origin: str, label: str, steps: list[str]) -> None:
    open_builder(page, widget_origin)
    page.get_by_label("Where will you paste it?").select_option(label=label)
    text = snippet(page).inner_text()
    found = TWO_LINES.match(text)
    assert found, text
    assert (f"{widget_origin}/widget/?system=fide", f"{widget_origin}/embed.js") == (html.unescape(found[1]), found[2])
    assert ">Open the Elo rating calculator</a>" in text  # the visitor's browser's language: English
    region = page.get_by_role("region", name=re.compile(r"^Steps for "))
    expect(region).to_have_count(1)  # only the chosen platform's steps show
    expect(region).to_have_accessible_name(re.compile(label, re.IGNORECASE))
    expect(region.get_by_role("listitem").first).to_be_visible()
    for phrase in steps:
        expect(region).to_contain_text(phrase)
    expect(page.get_by_role("button", name="Copy snippet")).to_be_visible()


@pytest.mark.parametrize(("label", "steps"), [
    ("Wix", ["Embed a Site", "website address"]),
    ("Google Sites", ["Insert", "Embed", "By URL", "Whole page"]),
])
def test_site_builders_that_embed_by_address_get_the_calculators_address(
        page: Page, widget_origin: str, label: str, steps: list[str]) -> None:
    open_builder(page, widget_origin)
    page.get_by_label("Default rating").fill("1800")
    page.get_by_label("Where will you paste it?").select_option(label=label)
    expect(snippet(page, "The calculator's address")).to_have_text(re.compile(
        re.escape(f"{widget_origin}/widget/?system=fide&rating=1800&instance=id%3A") + r"[a-z0-9]+$"))
    region = page.get_by_role("region", name=f"Steps for {label}")
    for phrase in steps:
        expect(region.get_by_role("list")).to_contain_text(phrase)
    expect(page.get_by_role("button", name="Copy address")).to_be_visible()


def test_fallback_link_opens_what_the_preview_shows(page: Page, widget_origin: str) -> None:
    open_builder(page, widget_origin)
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label(re.compile(r"^Language")).select_option("nl")
    page.get_by_label("Theme").select_option("dark")
    page.get_by_label("Accent colour").fill("#2a7a3b")
    page.get_by_label("Font").fill('Georgia, "Times New Roman", serif')
    page.get_by_label("Default K-factor").fill("24")
    page.get_by_label("Default rating").fill("1500")
    text = snippet(page).inner_text()
    href = fallback_href(text)
    assert "De Elo-rekenmachine openen</a>" in text  # the link speaks the calculator's language
    frame = page.get_by_role("region", name="Preview").locator("iframe")
    # embed.js adds only `host`, which calculator of the page it is and its word for the frame, last; everything
    # else is the same address, in the same order.
    expect(frame).to_have_attribute("src", re.compile(re.escape(f"{href}&host={quote(widget_origin, safe='')}")
                                                      + r"&instance=[\w%.-]+&speak=[a-z0-9]{24}$"))


def test_font_reaches_the_preview_and_the_snippet(page: Page, widget_origin: str) -> None:
    open_builder(page, widget_origin)
    page.get_by_label("Font").fill("Georgia, serif")
    expect(preview(page)).to_have_attribute("font", "Georgia, serif")
    expect(snippet(page)).to_contain_text('<elo-calculator system="fide" font="Georgia, serif"><a href=')
    assert "font=Georgia%2C+serif" in fallback_href(snippet(page).inner_text())
    expect(page.get_by_text("This font would be ignored")).to_be_hidden()


def test_font_that_would_be_ignored_is_left_out_and_says_so(page: Page, widget_origin: str) -> None:
    open_builder(page, widget_origin)
    font = page.get_by_label("Font")
    font.fill("Georgia; color: red")
    expect(page.get_by_text("This font would be ignored")).to_be_visible()
    expect(font).to_have_attribute("aria-invalid", "true")
    expect(snippet(page)).not_to_contain_text("font")
    expect(page.get_by_role("figure", name="Frame snippet").get_by_role("code")).not_to_contain_text("font")
    expect(preview(page)).not_to_have_attribute("font", re.compile(".*"))
    font.fill("Georgia, serif")
    expect(page.get_by_text("This font would be ignored")).to_be_hidden()
    expect(font).to_have_attribute("aria-invalid", "false")


def test_pasted_snippet_works_on_a_club_page_of_another_origin(page: Page, widget_origin: str,
                                                              club_site: tuple[Path, str]) -> None:
    open_builder(page, widget_origin)
    page.get_by_label(re.compile(r"^Language")).select_option("en")
    page.get_by_label("Font").fill("Georgia, serif")
    paste(page, club_site, snippet(page).inner_text())
    calculator = page.frame_locator("elo-calculator iframe")
    calculator.get_by_label("Your rating").fill("2000")
    calculator.get_by_label("Opponent rating, game 1", exact=True).fill("2100")
    calculator.get_by_label("Result, game 1", exact=True).select_option(label="Win")
    expected = calculate({"system": "fide", "rating": 2000, "games": [{"opponent": 2100, "score": 1}]})
    assert (True, 20) == (expected["ok"], expected["k"])
    expect(calculator.get_by_label("New rating", exact=True)).to_have_text(str(expected["new_rating"]))
    expect(page.get_by_role("link", name="Open the Elo rating calculator")).to_be_hidden()


def test_the_frame_snippet_s_title_is_the_one_the_loader_gives_its_frame(page: Page, widget_origin: str,
                                                                        club_site: tuple[Path, str]) -> None:
    """The frame snippet's title was "Elo rating calculator" whatever the language and the heading, while the two
    lines' frame is named in the calculator's language, with the heading (a hostile pass): both pasted on one page,
    the two frames now have one name."""
    open_builder(page, widget_origin)
    page.get_by_label(re.compile(r"^Language")).select_option("de")
    page.get_by_label("Heading").fill('Verein "Springer" & Co')
    frame = snippet(page, "Frame snippet").inner_text()
    paste(page, club_site, f"{snippet(page).inner_text()}\n{frame}")
    loaders = page.locator("elo-calculator iframe")
    expect(loaders).to_have_attribute("title", 'Elo-Rechner: Verein "Springer" & Co')
    expect(page.locator("body > iframe")).to_have_attribute("title", loaders.get_attribute("title") or "")


LADDER = Path(__file__).resolve().parents[1] / "ladder"


@pytest.mark.parametrize(("view", "label", "fields"), [
    ("event", "Tournament report (a TRF file)", ["Address of the file"]),
    ("ladder", "Club ladder (a results file)", ["Address of the file", "Address of the players file (optional)"]),
])
def test_the_view_choice_asks_for_the_files_it_reads(page: Page, widget_origin: str, view: str, label: str,
                                                   fields: list[str]) -> None:
    """The calculator by default, with no file fields; a report or a ladder with its own: their addresses in
    the snippet and the preview; a kind of site that embeds by address is told that the calculator fetches
    them itself, so that their host must allow it (CORS), with the address to test it."""
    open_builder(page, widget_origin)
    for name in ("Address of the file", "Address of the players file (optional)"):
        expect(page.get_by_label(name)).to_be_hidden()
    page.get_by_label("View to show").select_option(label=label)
    for name in fields:
        expect(page.get_by_label(name)).to_be_visible()
    page.get_by_label("Address of the file").fill("files/club.csv")
    if view == "ladder":
        page.get_by_label("Address of the players file (optional)").fill("https://sheets.example/pub?output=csv")
    text = snippet(page).inner_text()
    assert f'view="{view}" src="files/club.csv"' in text
    assert ('players="https://sheets.example/pub?output=csv"' in text) == (view == "ladder")
    expect(preview(page)).to_have_attribute("view", view)
    expect(preview(page)).to_have_attribute("src", "files/club.csv")
    note = page.get_by_text("the calculator fetches your files itself")
    expect(note).to_be_hidden()
    page.get_by_label("Where will you paste it?").select_option(label="Wix")
    expect(note).to_be_visible()
    expect(note).to_contain_text("must allow that by CORS")
    expect(page.get_by_role("link", name="Open it now")).to_have_attribute(
        "href", snippet(page, "The calculator's address").inner_text())
    page.get_by_label("View to show").select_option(label="Calculator")
    expect(note).to_be_hidden()
    expect(snippet(page, "The calculator's address")).not_to_contain_text("src")


def test_a_report_rated_by_elo_takes_its_k(page: Page, widget_origin: str) -> None:
    """The builder offered Elo for a report but no K, and the report ignored the element's system (hp85): a report
    of a club's own event is rated by plain Elo with one K, which the builder now asks for with Elo only."""
    open_builder(page, widget_origin)
    page.get_by_label("View to show").select_option(label="Tournament report (a TRF file)")
    expect(page.get_by_label("Default K-factor")).to_be_hidden()  # FIDE: its own K rules
    expect(page.get_by_label("Start rating of a new player")).to_be_hidden()  # FIDE: the file's ratings
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Default K-factor").fill("20")
    page.get_by_label("Address of the file").fill("files/club.trf")
    assert 'system="elo" k="20" view="event" src="files/club.trf"' in snippet(page).inner_text()
    # The start rating of the file's unrated players, which the report takes with Elo (README: `start`).
    page.get_by_label("Start rating of a new player").fill("1400")
    assert 'system="elo" k="20" view="event" start="1400" src="files/club.trf"' in snippet(page).inner_text()
    page.get_by_label("Rating system").select_option("fide")
    expect(page.get_by_label("Start rating of a new player")).to_be_hidden()
    assert "start=" not in snippet(page).inner_text()


def test_a_ladder_snippet_pasted_on_a_club_page_shows_the_club_s_ladder(page: Page, widget_origin: str,
                                                                       club_site: tuple[Path, str]) -> None:
    root, _ = club_site
    for name in ("club-games.csv", "club-players.csv"):
        (root / name).write_bytes((LADDER / name).read_bytes())
    open_builder(page, widget_origin)
    page.get_by_label("View to show").select_option(label="Club ladder (a results file)")
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Default K-factor").fill("24")
    page.get_by_label("Address of the file").fill("club-games.csv")
    page.get_by_label("Address of the players file (optional)").fill("club-players.csv")
    paste(page, club_site, snippet(page).inner_text())
    ladder = page.frame_locator("elo-calculator iframe")
    table = ladder.get_by_role("table", name="Ranking (Elo (any sport)): rapid")
    expect(table).to_be_visible(timeout=90_000)
    expect(table.get_by_role("button", name="Anna Meier", exact=True)).to_be_visible()


def test_snippet_whose_script_was_stripped_still_links_to_the_calculator(page: Page, widget_origin: str,
                                                                        club_site: tuple[Path, str]) -> None:
    open_builder(page, widget_origin)
    page.get_by_label(re.compile(r"^Language")).select_option("de")
    stripped = re.sub(r"<script.*</script>", "", snippet(page).inner_text())
    paste(page, club_site, stripped)
    link = page.get_by_role("link", name="Den Elo-Rechner öffnen")
    expect(link).to_have_attribute("href", f"{widget_origin}/widget/?system=fide&lang=de")
    expect(link).to_have_attribute("target", "_blank")
    with page.context.expect_page() as opened:
        link.click()
    expect(opened.value.get_by_label("Wertungssystem")).to_have_value("fide")


def two_copies(page: Page, widget_origin: str, platform: str, caption: str, button: str) -> list[str]:
    """What the builder's `button` copies for `platform`, twice, as a club copies one calculator, then another."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_builder(page, widget_origin)
    page.get_by_label("Where will you paste it?").select_option(label=platform)
    shown = snippet(page, caption)
    copies = []
    for _ in range(2):
        copies.append(shown.inner_text())
        page.get_by_role("button", name=button).click()
        expect(shown).not_to_have_text(copies[-1])  # copied: the builder shows the next calculator's
        assert copies[-1] == page.evaluate("navigator.clipboard.readText()")
    return copies


@pytest.mark.parametrize(("platform", "caption", "button"), [
    ("Plain HTML page", "Frame snippet", "Copy frame snippet"),
    ("Google Sites", "The calculator's address", "Copy address"),
])
def test_two_calculators_copied_as_a_frame_or_an_address_keep_their_own_entries(
        page: Page, widget_origin: str, club_site: tuple[Path, str], platform: str, caption: str, button: str) -> None:
    """Two frames of the calculator on one page (the frame snippet, or a site builder's frame of the address) carry no
    host and no element: both kept their entries under one key, and after a reload the first showed the second's
    (a hostile pass). Each copy now names a calculator of its own (`instance`)."""
    copies = two_copies(page, widget_origin, platform, caption, button)
    # Google Sites puts an address it embeds in a frame of its own.
    frames = copies if caption == "Frame snippet" else [
        f'<iframe src="{html.escape(address)}" title="Calculator" height="900"></iframe>' for address in copies]
    paste(page, club_site, "\n".join(frames))
    first, second = page.frame_locator("iframe >> nth=0"), page.frame_locator("iframe >> nth=1")
    for calculator, rating, opponent in ((first, "1800", "1700"), (second, "2222", "2100")):
        calculator.get_by_label("Your rating").fill(rating)
        calculator.get_by_label("Opponent rating, game 1", exact=True).fill(opponent)
    page.reload()
    for calculator, rating, opponent in ((first, "1800", "1700"), (second, "2222", "2100")):
        expect(calculator.get_by_label("Your rating")).to_have_value(rating)
        expect(calculator.get_by_label("Opponent rating, game 1", exact=True)).to_have_value(opponent)


def test_an_address_copied_by_hand_names_another_calculator_after_it(page: Page, widget_origin: str) -> None:
    """Where the clipboard is refused, the address is selected for Ctrl+C: what is copied is what was selected, and the
    address shown then names another calculator, for a second copy."""
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'));")
    page.context.grant_permissions(["clipboard-read"])
    open_builder(page, widget_origin)
    page.get_by_label("Where will you paste it?").select_option(label="Google Sites")
    address = snippet(page, "The calculator's address")
    before = address.inner_text()
    page.get_by_role("button", name="Copy address").click()
    expect(page.get_by_role("status")).to_have_text("Selected: press Ctrl+C (⌘C on a Mac) to copy.")
    page.keyboard.press("Control+C")
    expect(address).not_to_have_text(before)
    assert before == page.evaluate("navigator.clipboard.readText()")


def test_copy_falls_back_to_selecting_the_snippet(page: Page, widget_origin: str) -> None:
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'));")
    open_builder(page, widget_origin)
    page.get_by_label("Where will you paste it?").select_option(label="Google Sites")
    page.get_by_role("button", name="Copy address").click()
    expect(page.get_by_role("status")).to_have_text("Selected: press Ctrl+C (⌘C on a Mac) to copy.")
    selected = page.evaluate("getSelection().toString()")
    assert selected.startswith(f"{widget_origin}/widget/?system=fide&instance=")
    assert snippet(page, "The calculator's address").inner_text() == selected


def test_platform_choice_and_copy_work_by_keyboard(page: Page, widget_origin: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_builder(page, widget_origin)
    platform = page.get_by_label("Where will you paste it?")
    platform.focus()
    page.keyboard.press("ArrowDown")  # Plain HTML page -> WordPress
    expect(page.get_by_role("region", name="Steps for WordPress")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Copy snippet")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_have_text("Snippet copied.")
    assert page.evaluate("navigator.clipboard.readText()").startswith("<elo-calculator system=\"fide\"><a href=")


def test_builder_has_no_accessibility_violations(for_axe: BrowserContext, widget_origin: str) -> None:
    builder = open_builder(for_axe.new_page(), widget_origin)  # axe is injected into the page: its CSP bypassed
    builder.get_by_label("Where will you paste it?").select_option(label="Joomla")
    builder.get_by_label("Font").fill("Georgia; color: red")
    expect(builder.get_by_text("This font would be ignored")).to_be_visible()
    assert [] == violations(builder)


def test_a_ladder_offers_its_own_systems_and_rules_and_the_snippet_carries_them(page: Page, widget_origin: str) -> None:
    """A ladder rates by Elo or Glicko, not FIDE's rules: the builder offers only the ladder's systems (Elo first);
    its rules (start, games before ranking, months before inactive, change since) and a heading go into the snippet,
    and none of them into a calculator's."""
    open_builder(page, widget_origin)
    expect(page.get_by_label("Games before a player is ranked")).to_be_hidden()
    page.get_by_label("View to show").select_option(label="Club ladder (a results file)")
    systems = page.get_by_label("Rating system").locator("option").evaluate_all("os => os.map(o => o.value)")
    assert ["elo", "glicko", "glicko2", "lichess"] == systems
    page.get_by_label("Address of the file").fill("ladder.csv")
    page.get_by_label("Start rating of a new player").fill("1200")
    page.get_by_label("Games before a player is ranked").fill("3")
    page.get_by_label("Months without a game before a player is marked inactive").fill("6")
    page.get_by_label("Change counted since").fill("2026-01-01")
    page.get_by_label("Heading").fill("Club ladder 2026")
    text = snippet(page).inner_text()
    for attribute in ('system="elo"', 'start="1200"', 'provisional="3"', 'inactive-months="6"', 'since="2026-01-01"',
                      'heading="Club ladder 2026"'):
        assert attribute in text
    expect(preview(page)).to_have_attribute("inactive-months", "6")
    page.get_by_label("View to show").select_option(label="Calculator")
    text = snippet(page).inner_text()
    assert "provisional" not in text and "since" not in text and 'heading="Club ladder 2026"' in text
    all_systems = page.get_by_label("Rating system").locator("option").evaluate_all("os => os.map(o => o.value)")
    assert "fide" == all_systems[0] and "elo" == page.get_by_label("Rating system").input_value()  # kept


def test_a_ladder_s_rules_are_offered_for_the_systems_they_apply_to(page: Page, widget_origin: str) -> None:
    """A K and the Elo rules were offered, and written, for a Glicko ladder, which ignores them, and a rating period
    for an Elo one; a report ignores the element's K (a hostile pass). Each is offered, and carried, where it
    applies: elo_core's ladder vocabulary says which systems take a K and which rate by periods."""
    open_builder(page, widget_origin)
    page.get_by_label("View to show").select_option("ladder")
    k, first_k = page.get_by_label("Default K-factor"), page.get_by_label("K for a player's first games (Elo)")
    period = page.get_by_label("Rating period (Glicko)")
    k.fill("24")
    first_k.fill("40")
    expect(period).to_be_hidden()
    assert 'k="24"' in snippet(page).inner_text() and 'first-k="40"' in snippet(page).inner_text()
    page.get_by_label("Rating system").select_option("glicko")
    for field in (k, first_k, page.get_by_label("League preset (Elo)")):
        expect(field).to_be_hidden()
    period.select_option("week")
    text = snippet(page).inner_text()
    assert 'period="week"' in text and "k=" not in text
    page.get_by_label("Rating system").select_option("lichess")  # rated game by game, by Glicko-2
    expect(period).to_be_hidden()
    assert "period=" not in snippet(page).inner_text()
    page.get_by_label("View to show").select_option("event")
    expect(k).to_be_hidden()
    assert "k=" not in snippet(page).inner_text()
    page.get_by_label("View to show").select_option("")
    page.get_by_label("Rating system").select_option("glicko")
    expect(k).to_be_visible()  # the calculator's visitor may change to a system with a K
    assert 'k="24"' in snippet(page).inner_text()


def test_the_policy_line_names_the_files_sites_in_connect_src(page: Page, widget_origin: str) -> None:
    """A club's strict policy blocked its own ladder file: the builder's line named only frame-src and script-src."""
    open_builder(page, widget_origin)
    csp = page.locator("#csp")
    expect(csp).to_have_text(f"frame-src {widget_origin}; script-src {widget_origin}")
    page.get_by_label("View to show").select_option("ladder")
    page.get_by_label("Address of the file").fill("club-games.csv")
    page.get_by_label("Address of the players file (optional)").fill("https://docs.example.com/pub?output=csv")
    expect(csp).to_have_text(f"frame-src {widget_origin}; script-src {widget_origin}; "
                             "connect-src 'self' https://docs.example.com")


def test_the_policy_line_for_a_published_google_sheet_allows_where_its_link_redirects(
        page: Page, widget_origin: str) -> None:
    """A sheet published from Google Sheets (docs.google.com/…/pub?output=csv) is served from googleusercontent.com,
    where its link redirects: the line named docs.google.com alone, and a club that pasted it got no ladder."""
    open_builder(page, widget_origin)
    page.get_by_label("View to show").select_option("ladder")
    page.get_by_label("Address of the file").fill(
        "https://docs.google.com/spreadsheets/d/e/2PACX-1vABC/pub?gid=0&single=true&output=csv")
    expect(page.locator("#csp")).to_have_text(f"frame-src {widget_origin}; script-src {widget_origin}; "
                                              "connect-src 'self' https://docs.google.com https://*.googleusercontent.com")


def test_a_relative_file_address_is_said_where_only_a_full_one_works(page: Page, widget_origin: str) -> None:
    """A ladder's file as `club-games.csv`: the two lines work (embed.js reads it against the club's page), but the
    frame, the address and the link inside the two lines made the calculator look for it on its own site (a 404).
    The link now carries only full addresses; the frame snippet and the address say to give one, at the field."""
    open_builder(page, widget_origin)
    page.get_by_label("View to show").select_option("ladder")
    source = page.get_by_label("Address of the file")
    source.fill("club-games.csv")
    page.get_by_label("Address of the players file (optional)").fill("https://sheets.example/p?output=csv")
    text = snippet(page).inner_text()
    assert 'src="club-games.csv"' in text
    assert fallback_href(text) == (f"{widget_origin}/widget/?system=elo&view=ladder&"
                                   "players=https%3A%2F%2Fsheets.example%2Fp%3Foutput%3Dcsv")
    frame_note = page.get_by_text("give each file's full address (https://…) for this snippet")
    expect(frame_note).to_be_visible()
    expect(source).to_have_attribute("aria-invalid", "false")
    page.get_by_label("Where will you paste it?").select_option(label="Wix")
    expect(source).to_have_attribute("aria-invalid", "true")
    expect(source).to_have_accessible_description(re.compile("give each file's full address here"))
    source.fill("https://club.example/club-games.csv")
    expect(source).to_have_attribute("aria-invalid", "false")
    expect(frame_note).to_be_hidden()
    # The frame gets what embed.js gives its own: Copy link may write to the clipboard, no referrer.
    frame = snippet(page, "Frame snippet").inner_text()
    assert 'allow="clipboard-write" referrerpolicy="no-referrer"' in frame


def test_a_value_the_calculator_would_ignore_is_said_at_its_field_and_what_was_chosen_is_kept(
        page: Page, widget_origin: str) -> None:
    """K typed `2,5`, a season regression `0,5`: left out of the snippet as before, but nothing said it (a hostile
    pass); each is now said at its field. A K of 24.5, which the snippet carries, is not marked invalid. What was
    chosen comes back after a reload; a copy's status goes once the snippet changes."""
    open_builder(page, widget_origin)
    k = page.get_by_label("Default K-factor")
    k.fill("2,5")
    expect(k).to_have_attribute("aria-invalid", "true")
    expect(k).to_have_accessible_description("Left out of the snippet: the calculator would not take “2,5” here.")
    expect(snippet(page)).not_to_contain_text("k=")
    k.fill("24.5")
    expect(k).to_have_attribute("aria-invalid", "false")
    assert k.evaluate("e => e.matches(':invalid')") is False
    expect(snippet(page)).to_contain_text('k="24.5"')
    page.get_by_label("View to show").select_option("ladder")
    regression = page.get_by_label("Part of the way to the mean at a new season, 0 to 1 (Elo)")
    regression.fill("0,5")
    expect(page.get_by_text("would not take “0,5” here")).to_be_visible()
    page.get_by_label("View to show").select_option("")  # the ladder's fields hidden: so is what they said
    expect(page.get_by_text("would not take “0,5” here")).to_be_hidden()
    page.get_by_label("View to show").select_option("ladder")
    page.get_by_label("Heading").fill("Club ladder 2026")
    page.get_by_label("Where will you paste it?").select_option("wordpress")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy snippet").click()
    expect(page.get_by_role("status")).to_have_text("Snippet copied.")
    page.get_by_label("Heading").fill("Club ladder 2027")
    expect(page.locator("#copied")).to_be_empty()
    before = snippet(page).inner_text()
    page.reload()
    expect(snippet(page)).to_have_text(before)
    expect(page.get_by_label("Where will you paste it?")).to_have_value("wordpress")
    expect(regression).to_have_value("0,5")
    expect(page.get_by_label("Rating system")).to_have_value("elo")


def test_the_preview_shows_a_published_spreadsheet_s_file(page: Page, widget_origin: str, tmp_path: Path) -> None:
    """A ladder's results at a spreadsheet service's published link (another site that allows it by CORS), as the
    builder's notes advise: the preview said the file "could not be fetched", since the builder's own page was
    allowed to fetch its own site only (a hostile pass); the same snippet worked on the club's page."""
    from .test_ladder_view import _sheet_server

    shutil.copy(ROOT / "tests" / "ladder" / "club-games.csv", tmp_path / "games.csv")
    sheets = _sheet_server(tmp_path, cors=True)
    try:
        open_builder(page, widget_origin)
        page.get_by_label("View to show").select_option("ladder")
        page.get_by_label("Address of the file").fill(f"http://127.0.0.1:{sheets.server_address[1]}/games.csv")
        ladder = page.get_by_role("region", name="Preview").frame_locator("iframe")
        expect(ladder.get_by_role("table", name=re.compile(r"^Ranking \("))).to_be_visible(timeout=90_000)
    finally:
        sheets.shutdown()


PLACED = "Change a calculator already on your site: paste its snippet or address here"


def test_a_calculator_pasted_back_is_updated_under_its_own_instance_however_often_it_is_copied(
        page: Page, widget_origin: str) -> None:
    """A webmaster back to change a calculator on their site (its theme, its K) copied a snippet that named a new
    calculator (`instance`): once pasted, its visitors' saved entries were gone (hp105). Its address pasted back now
    sets the form and keeps its instance, copy after copy and after a reload, until a new calculator is asked for."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_builder(page, widget_origin)
    field = page.get_by_label(PLACED)
    field.fill(f"  {widget_origin}/widget/?system=elo&theme=dark&k=24&instance=id%3Aabc123&colour=red\n")
    expect(page.get_by_label("Theme")).to_have_value("dark")
    expect(page.get_by_label("Rating system")).to_have_value("elo")
    expect(page.get_by_label("Default K-factor")).to_have_value("24")
    expect(field).to_have_accessible_description(re.compile(
        r"These snippets update the calculator you pasted \(id:abc123\).*Not taken.*colour=\"red\""))
    # An address alone is a site builder's: its address is shown (the two lines would be another calculator).
    expect(page.get_by_label("Where will you paste it?")).to_have_value("wix")
    page.get_by_label("Where will you paste it?").select_option(label="Google Sites")
    address = snippet(page, "The calculator's address")
    expected = f"{widget_origin}/widget/?system=elo&theme=dark&k=24&instance=id%3Aabc123"
    expect(address).to_have_text(expected)
    expect(snippet(page, "Frame snippet")).to_contain_text(html.escape(expected))
    for button in ("Copy address", "Copy address", "Copy frame snippet"):
        page.get_by_role("button", name=button).click()
        expect(page.get_by_role("status")).not_to_be_empty()
        assert "instance=id%3Aabc123" in page.evaluate("navigator.clipboard.readText()")
    expect(address).to_have_text(expected)
    expect(page.get_by_text("These snippets update the calculator you pasted at the top")).to_be_visible()
    page.reload()
    expect(address).to_have_text(expected)
    expect(field).to_have_accessible_description(re.compile(r"update the calculator you pasted \(id:abc123\)"))
    page.get_by_role("button", name="Make a new calculator instead").click()
    expect(field).to_have_value("")
    expect(address).to_have_text(re.compile(re.escape(f"{widget_origin}/widget/?system=elo&theme=dark&k=24&instance=id%3A")
                                            + r"[a-z0-9]+$"))
    expect(address).not_to_have_text(expected)
    fresh = address.inner_text()
    page.get_by_role("button", name="Copy address").click()
    expect(address).not_to_have_text(fresh)  # a new calculator's copy renews as before


def test_a_paste_that_names_no_calculator_of_this_site_is_said_and_changes_nothing(
        page: Page, widget_origin: str) -> None:
    """A hostile instance, another scheme, another site's address, a text of the club's, a paste of 1 MB: each said at
    the field, nothing thrown, the form and the snippets as they were, what was pasted left in the field (hp105)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_builder(page, widget_origin)
    page.get_by_label("Default K-factor").fill("20")
    before = snippet(page).inner_text()
    field = page.get_by_label(PLACED)
    for text, said in [
        (f"{widget_origin}/widget/?theme=dark&instance=<script>alert(1)</script>", "is not one the calculator takes"),
        (f"{widget_origin}/widget/?theme=dark&instance=id:{'a' * 65}", "is not one the calculator takes"),
        ("javascript:alert(document.cookie)//widget/?theme=dark", "is not a snippet of this calculator"),
        ("https://elsewhere.example/widget/?theme=dark&instance=id:abc123", "served from https://elsewhere.example"),
        ('<iframe src="https://elsewhere.example/page?theme=dark"></iframe>', "is not a snippet of this calculator"),
        ("Our club meets on Thursdays", "is not a snippet of this calculator"),
        (f"{widget_origin}/widget/?theme=dark " * 50_000, "too long for a calculator's snippet"),
    ]:
        field.fill(text)
        expect(field).to_have_accessible_description(re.compile(re.escape(said)))
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_have_value(text)  # nothing typed is lost
        expect(page.get_by_label("Theme")).to_have_value("light")
        expect(page.get_by_label("Default K-factor")).to_have_value("20")
        expect(snippet(page)).to_have_text(before)
    assert errors == []


def test_two_lines_or_a_shortcode_pasted_back_set_the_form(page: Page, widget_origin: str) -> None:
    """The element's and the shortcode's instance is their place on the club's page: their settings are read, and the
    page says that the new one takes the old one's place."""
    open_builder(page, widget_origin)
    field = page.get_by_label(PLACED)
    field.fill('[elo_calculator view="ladder" system="glicko2" lang="auto" theme="auto" accent="#2a7a3b" '
               'src="ladder.csv" heading="Club &#91;A&#93; &amp; co" size="big"]')
    expect(page.get_by_label("View to show")).to_have_value("ladder")
    expect(page.get_by_label("Rating system")).to_have_value("glicko2")
    expect(page.get_by_label("Theme")).to_have_value("auto")
    expect(page.get_by_label("Heading")).to_have_value("Club [A] & co")
    expect(page.get_by_label("Address of the file")).to_have_value("ladder.csv")
    expect(field).to_have_accessible_description(re.compile(r"takes the old one's place.*size=\"big\""))
    expect(field).not_to_have_accessible_description(re.compile("its id"))
    field.fill('<elo-calculator system="fide" lang="de" k="15"><a href="x">Den Elo-Rechner öffnen</a>'
               f'</elo-calculator>\n<script async src="{widget_origin}/embed.js"></script>')
    expect(page.get_by_label("View to show")).to_have_value("")
    expect(page.get_by_label(re.compile(r"^Language"))).to_have_value("de")
    expect(page.get_by_label("Default K-factor")).to_have_value("15")
    expect(snippet(page)).to_contain_text('<elo-calculator system="fide" lang="de" k="15">')



def test_two_lines_or_a_shortcode_pasted_back_keep_their_id(page: Page, widget_origin: str) -> None:
    """A calculator with an id keeps its visitors' entries by it (embed.js instanceName): pasted back, its id was said
    as "not taken" and left out of the new two lines and shortcode, and its visitors' entries were gone. It is kept, in
    both and after a reload; an id the plugin would drop (not a plain one) stays in the two lines alone."""
    open_builder(page, widget_origin)
    field = page.get_by_label(PLACED)
    shortcode = page.locator("#shortcode")
    field.fill(f'<elo-calculator id="club-calc" system="fide" lang="de" k="15"></elo-calculator>'
               f'<script async src="{widget_origin}/embed.js"></script>')
    expect(page.get_by_label("Default K-factor")).to_have_value("15")
    expect(field).to_have_accessible_description(re.compile("its id “club-calc” is kept"))
    expect(field).not_to_have_accessible_description(re.compile("Not taken"))
    expect(snippet(page)).to_contain_text('<elo-calculator id="club-calc" system="fide" lang="de" k="15">')
    expect(shortcode).to_have_text(re.compile(r'^\[elo_calculator system="fide" .* id="club-calc"\]$'))
    page.reload()
    expect(field).to_have_value(re.compile('^<elo-calculator id="club-calc"'))
    expect(snippet(page)).to_contain_text('<elo-calculator id="club-calc" system="fide" lang="de" k="15">')
    expect(shortcode).to_contain_text('id="club-calc"')
    field.fill('[elo_calculator id="Our &quot;calc&quot;" theme="dark"]')
    expect(page.get_by_label("Theme")).to_have_value("dark")
    expect(snippet(page)).to_contain_text('<elo-calculator id="Our &quot;calc&quot;" ')
    expect(shortcode).not_to_contain_text("id=")
    page.get_by_label(PLACED).fill("")
    expect(snippet(page)).not_to_contain_text("id=")
    page.reload()
    expect(snippet(page)).not_to_contain_text("id=")
    # Dropped by "Make a new calculator instead" too, which an element's paste had hidden (rv88).
    field.fill('<elo-calculator id="club-calc"></elo-calculator>')
    expect(snippet(page)).to_contain_text('<elo-calculator id="club-calc"')
    page.get_by_role("button", name="Make a new calculator instead").click()
    expect(field).to_have_value("")
    expect(snippet(page)).not_to_contain_text("id=")


def test_an_address_copied_from_a_page_s_html_source_keeps_its_instance(page: Page, widget_origin: str) -> None:
    """An address as the club page's HTML source writes it, each `&` as `&amp;`, was read as its first parameter and
    `amp;lang`, `amp;instance`... "not taken": the new snippets named another calculator (hp109)."""
    open_builder(page, widget_origin)
    field = page.get_by_label(PLACED)
    field.fill(f"{widget_origin}/widget/?system=fide&amp;lang=de&amp;theme=dark&#38;instance=id%3Ajunior")
    expect(field).to_have_accessible_description(re.compile(r"update the calculator you pasted \(id:junior\)"))
    expect(field).not_to_have_accessible_description(re.compile("Not taken"))
    expect(page.get_by_label("Theme")).to_have_value("dark")
    page.get_by_label("Where will you paste it?").select_option(label="Google Sites")
    expect(snippet(page, "The calculator's address")).to_have_text(
        f"{widget_origin}/widget/?system=fide&lang=de&theme=dark&instance=id%3Ajunior")


def test_a_live_frame_s_own_address_pasted_back_keeps_its_club_page(page: Page, widget_origin: str) -> None:
    """The address of the frame embed.js made, copied from the club's page, names that page (`host`), under which its
    visitors' entries are kept: it was "not taken", and the updated address kept them apart from theirs (hp109).
    The place it was at and the language a visitor chose (`was`, `speak`) are embed.js's, not settings."""
    open_builder(page, widget_origin)
    field = page.get_by_label(PLACED)
    field.fill(f"{widget_origin}/widget/?system=elo&lang=de&host=https%3A%2F%2Fclub.example&instance=id%3Aratings"
               "&was=nth%3A1&speak=fr")
    expect(field).to_have_accessible_description(re.compile(r"update the calculator you pasted \(id:ratings\)"))
    expect(field).not_to_have_accessible_description(re.compile("Not taken"))
    address = snippet(page, "The calculator's address")
    expected = f"{widget_origin}/widget/?system=elo&lang=de&instance=id%3Aratings&host=https%3A%2F%2Fclub.example"
    expect(address).to_have_text(expected)
    page.reload()
    expect(address).to_have_text(expected)
    field.fill(f"{widget_origin}/widget/?system=elo&host=javascript%3Aalert(1)&instance=id%3Aratings")
    expect(address).to_have_text(f"{widget_origin}/widget/?system=elo&instance=id%3Aratings")  # no origin: none kept
