"""Every place a club's snippet ends up: site-builder frames, pages opened from disk, opaque sandboxes,
frameworks that remove the element, frames that never report a height, and results that grow the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserType, Error, Page, Route, expect

from .conftest import open_widget, wait_ready
from .test_embed import expect_fallback_a_minute_after_the_frame_loads, frame_fits, rate_fide_period


def test_srcdoc_frame_with_same_origin_shows_sizes_and_computes(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/srcdoc.html")
    inner = warm_page.frame_locator("#custom-html")
    calc = inner.frame_locator("elo-calculator >> iframe")
    rate_fide_period(calc)
    expect(calc.get_by_role("progressbar")).to_be_hidden()
    frame = inner.locator("elo-calculator >> iframe")
    expect(frame).to_have_css("opacity", "1")
    content = frame.element_handle().content_frame()
    assert content is not None
    # The frame's own viewport is the iframe's box (no border: embed.js): it follows the content.
    content.wait_for_function(
        "() => Math.abs(innerHeight - document.documentElement.getBoundingClientRect().height) <= 1", timeout=30_000)


def test_page_opened_from_disk_shows_sizes_and_computes(page: Page, widget_origin: str, tmp_path: Path) -> None:
    club = tmp_path / "club.html"
    club.write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draft</title></head>
        <body><h1>Trying the snippet</h1><elo-calculator system="fide"></elo-calculator>
        <script async src="{widget_origin}/embed.js"></script></body></html>""")
    page.goto(club.as_uri())
    frame = page.frame_locator("elo-calculator >> iframe")
    rate_fide_period(frame)
    expect(frame.get_by_role("progressbar")).to_be_hidden()
    frame_fits(page)
    # No origin to name, so the frame gets its height, but no results go out to "*".
    src = page.locator("elo-calculator >> iframe").get_attribute("src") or ""
    assert "host=null" in src


def test_page_opened_from_disk_with_file_access_sizes_its_frame(browser_type: BrowserType,
                                                              browser_type_launch_args: dict[str, Any],
                                                              widget_origin: str, tmp_path: Path) -> None:
    """A Chromium started with --allow-file-access-from-files gives a page from disk the origin
    "file://", which the widget refused as a host: its frame never grew past the 1 000 px it was
    then shown at (its content 1 166 px here)."""
    club = tmp_path / "club.html"
    club.write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draft</title></head>
        <body><h1>Trying the snippet</h1><elo-calculator system="fide"></elo-calculator>
        <script async src="{widget_origin}/embed.js"></script></body></html>""")
    args = [*browser_type_launch_args["args"], "--allow-file-access-from-files"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        page = browser.new_page()
        page.goto(club.as_uri())
        assert "file://" == page.evaluate("self.origin")
        frame = page.frame_locator("elo-calculator >> iframe")
        expect(frame.get_by_label("Your rating")).to_be_visible()
        frame_fits(page)
        assert page.locator("elo-calculator >> iframe").evaluate("el => el.getBoundingClientRect().height") > 1000
        assert "host=null" in (page.locator("elo-calculator >> iframe").get_attribute("src") or "")
    finally:
        browser.close()


def test_opaque_sandbox_shows_a_message_and_a_link_instead_of_a_blank_box(page: Page, host_origin: str,
                                                                           widget_origin: str) -> None:
    page.goto(f"{host_origin}/sandboxed.html")
    inner = page.frame_locator("#custom-html")
    expect(inner.get_by_text("Der Rechner kann in diesem Rahmen nicht laufen.")).to_be_visible()
    link = inner.get_by_role("link", name="Rechner in neuem Tab öffnen")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("href", f"{widget_origin}/widget/?system=elo&lang=de&k=24")
    expect(inner.locator("elo-calculator >> iframe")).to_have_count(0)


def test_the_calculator_s_address_in_an_opaque_sandbox_says_why_and_gives_its_address(
        page: Page, host_origin: str, widget_origin: str) -> None:
    """A site builder's box that takes only an address and sandboxes it without allow-same-origin: no module script
    of the page loads there, and the loading bar stayed for good, with nothing said (a hostile pass)."""
    address = f"{widget_origin}/widget/?system=elo&lang=de"
    page.goto(f"{host_origin}/empty.html")
    page.evaluate("""(src) => { const frame = document.createElement("iframe");
        Object.assign(frame, { src, id: "box" }); frame.setAttribute("sandbox", "allow-scripts");
        document.body.append(frame); }""", address)
    inner = page.frame_locator("#box")
    expect(inner.get_by_role("note")).to_contain_text("Der Rechner kann in diesem Rahmen nicht laufen.")
    expect(inner.get_by_role("link", name="Rechner in neuem Tab öffnen")).to_have_attribute("href", address)
    expect(inner.locator("code")).to_have_text(address)
    expect(inner.get_by_role("main")).not_to_have_attribute("aria-busy", "true")
    assert inner.locator("html").get_attribute("lang") == "de"


def test_sandbox_message_gives_the_address_to_copy(page: Page, host_origin: str, widget_origin: str) -> None:
    """A tab opened from a sandbox without allow-popups-to-escape-sandbox is sandboxed too: the address helps."""
    page.goto(f"{host_origin}/sandboxed.html")
    inner = page.frame_locator("#custom-html")
    copy = "Falls er sich nicht öffnet, kopieren Sie diese Adresse in einen neuen Tab:"
    expect(inner.get_by_text(copy)).to_be_visible()
    expect(inner.locator("code")).to_have_text(f"{widget_origin}/widget/?system=elo&lang=de&k=24")


def test_link_from_a_sandbox_that_lets_popups_escape_opens_a_working_calculator(warm_page: Page,
                                                                                host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/sandboxed-popups.html")
    link = warm_page.frame_locator("#custom-html").get_by_role("link", name="Open the calculator in a new tab")
    with warm_page.context.expect_page() as opened:
        link.click()
    tab = opened.value
    expect(tab.get_by_label("K-factor")).to_have_value("24")
    tab.get_by_label("Your rating").fill("1500")
    tab.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(tab.get_by_label("New rating", exact=True)).to_have_text("1512.0")


def test_frame_that_never_speaks_keeps_the_fallback(page: Page, host_origin: str) -> None:
    """A widget page that loads but says nothing (a host's error page, an old copy): the club's
    link stays, the frame unseen, however long the visitor waits."""
    def silent(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><p>Calculator</p>")

    page.route("**/widget/?*", silent)
    expect_fallback_a_minute_after_the_frame_loads(page, f"{host_origin}/strict.html")


def test_removed_element_ignores_attribute_changes(warm_page: Page, host_origin: str) -> None:
    errors: list[Error] = []
    warm_page.on("pageerror", lambda e: errors.append(e))
    warm_page.goto(f"{host_origin}/strict.html")
    expect(warm_page.frame_locator("elo-calculator >> iframe").get_by_label("Your rating")).to_be_visible()
    warm_page.evaluate("""async () => {
        const el = document.querySelector("elo-calculator");
        el.remove();
        el.setAttribute("system", "elo");
        el.setAttribute("lang", "de");
        await new Promise((resolve) => setTimeout(resolve, 100));
        window.detached = el;
    }""")
    assert [] == errors
    # Put back, it shows the changed options.
    warm_page.evaluate("() => document.body.append(window.detached)")
    expect(warm_page.frame_locator("elo-calculator >> iframe").get_by_label("K-Faktor")).to_be_visible()
    assert [] == errors


def test_frame_title_follows_lang(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/empty.html")
    warm_page.wait_for_function("() => customElements.get('elo-calculator') !== undefined")
    warm_page.evaluate("""() => { const el = document.createElement("elo-calculator");
        el.setAttribute("lang", "de"); document.body.append(el); }""")
    frame = warm_page.locator("elo-calculator >> iframe")
    expect(frame).to_have_attribute("title", "Elo-Rechner")
    warm_page.evaluate("() => document.querySelector('elo-calculator').setAttribute('lang', 'fr')")
    expect(warm_page.locator("elo-calculator >> iframe")).to_have_attribute("title", "Calculateur Elo")


def test_no_inner_scrollbar_once_a_result_and_its_chart_show(warm_page: Page, host_origin: str) -> None:
    warm_page.set_viewport_size({"width": 375, "height": 700})
    warm_page.goto(f"{host_origin}/strict.html")
    frame = warm_page.frame_locator("elo-calculator >> iframe")
    rate_fide_period(frame)
    expect(frame.get_by_role("img", name="Rating through the event")).to_be_visible()
    expect(frame.get_by_role("progressbar")).to_be_hidden()
    frame_fits(warm_page)


def test_resizing_with_a_chart_shows_no_resize_observer_loop(page: Page, widget_origin: str) -> None:
    page.add_init_script("window.loopErrors = []; addEventListener('error', (e) => window.loopErrors.push(e.message));")
    open_widget(page, widget_origin)
    wait_ready(page)
    page.get_by_label("Your rating").fill("2000")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("2100")
    expect(page.get_by_role("img", name="Rating through the event")).to_be_visible()
    for width in (360, 900, 420, 1200):
        page.set_viewport_size({"width": width, "height": 800})
        page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
    assert [] == page.evaluate("window.loopErrors")
