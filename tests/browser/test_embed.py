"""The two-line snippet on a club's page of another origin: CSP, CSS, sizing, many calculators, hostility."""

from __future__ import annotations

import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, FrameLocator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import HOSTS, NO_SHARED_WORKER, ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import serve

TRF = Path(__file__).resolve().parents[1] / "trf"


def calculator(page: Page, selector: str = "elo-calculator") -> FrameLocator:
    return page.frame_locator(f"{selector} >> iframe")


def rate_fide_period(frame: FrameLocator) -> None:
    """A two-game FIDE period at K 40: +25.6 and -5.6 = +20 (2000 v 2100 win, v 1900 draw). By
    keyboard: a frame moves on its club's page while calculators above it load and compute, and a
    click in flight could land beside its target."""
    frame.get_by_label("Your rating").fill("2000")
    junior = frame.get_by_label("18 or younger this year")
    junior.press("Space")
    expect(junior).to_be_checked()
    frame.get_by_label("Opponent rating, game 1", exact=True).fill("2100")
    frame.get_by_role("button", name="Add game").press("Enter")
    frame.get_by_label("Opponent rating, game 2", exact=True).fill("1900")
    frame.get_by_label("Result, game 2", exact=True).select_option(label="Draw")
    expect(frame.get_by_label("New rating", exact=True)).to_have_text("2020")


def test_strict_csp_and_aggressive_css_host(warm_page: Page, host_origin: str, widget_origin: str) -> None:
    problems: list[str] = []
    warm_page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    warm_page.on("pageerror", lambda e: problems.append(str(e)))
    warm_page.goto(f"{host_origin}/strict.html")
    rate_fide_period(calculator(warm_page))
    assert [] == [p for p in problems if "Content Security Policy" in p or "embed.js" in p]


def test_fallback_children_show_until_the_calculator_is_ready(page: Page, host_origin: str) -> None:
    page.route("**/widget/**", lambda route: None)  # hold the frame's page: the calculator never arrives
    page.goto(f"{host_origin}/strict.html", wait_until="domcontentloaded")
    expect(page.get_by_role("link", name="Open the rating calculator")).to_be_visible()


def test_fallback_children_step_aside_when_the_calculator_shows(page: Page, host_origin: str) -> None:
    page.goto(f"{host_origin}/strict.html")
    expect(calculator(page).get_by_label("Your rating")).to_be_visible()
    expect(page.get_by_role("link", name="Open the rating calculator")).to_be_hidden()


# Counts the loads of frames inside the loader's shadow roots (a load event does not leave its
# shadow root), on the page's <html> where a test can wait for it: a test with a fake clock knows then
# that embed.js has heard its frame load.
COUNT_FRAME_LOADS = """{
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
        const root = attach.call(this, init);
        root.addEventListener("load", () => { const html = document.documentElement;
            html.dataset.frameLoads = String(Number(html.dataset.frameLoads || 0) + 1); }, true);
        return root;
    };
}"""


def expect_fallback_a_minute_after_the_frame_loads(page: Page, url: str) -> None:
    """Open the club page `url` on a fake clock: once its frame has loaded, a minute on, the club's link
    is still there and the frame unseen."""
    page.clock.install()
    page.add_init_script(COUNT_FRAME_LOADS)
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-frame-loads", "1")
    page.clock.run_for("01:00")
    expect(page.get_by_role("link", name="Open the rating calculator")).to_be_visible()
    expect(page.locator("elo-calculator >> iframe")).to_have_css("opacity", "0")
    # Unseen, and out of the keyboard's way: Tab went into its form, where nothing could be seen.
    expect(page.locator("elo-calculator >> iframe")).to_have_js_property("inert", True)


def test_a_page_whose_csp_blocks_the_frame_keeps_its_fallback(page: Page, host_origin: str) -> None:
    """frame-src 'self' on the club's page: the frame loads all the same (the browser's blocked-frame
    page) and never speaks. The club's link stays, a minute on; it gave way to a 1 000 px frame of the
    browser's error icon 5 s after that load."""
    expect_fallback_a_minute_after_the_frame_loads(page, f"{host_origin}/frame-blocked.html")


class _Redirect(BaseHTTPRequestHandler):
    """A former host of the calculator: every path answers 301 to the same path on `target` (http to https, www to
    the bare domain, a project's github.io address once it has a domain of its own)."""

    target = ""

    def do_GET(self) -> None:
        self.send_response(301)
        self.send_header("Location", self.target + self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_a_loader_whose_address_redirects_gives_the_calculator_and_its_files(page: Page, widget_origin: str) -> None:
    """The club's <script src> names the calculator by an address that redirects: the frame's document is then on
    another origin than the script's address, whose messages alone the loader heard. The calculator never showed
    (a blank box under the club's link), its invisible form took the keyboard's focus, and no file reached it."""
    alias = ThreadingHTTPServer(("127.0.0.2", 0), type("Redirect", (_Redirect,), {"target": widget_origin}))
    threading.Thread(target=alias.serve_forever, daemon=True).start()
    club = serve.start(HOSTS, "localhost", 0, csp=None,
                       substitutions={"__WIDGET_ORIGIN__": f"http://127.0.0.2:{alias.server_address[1]}"})
    host = f"http://localhost:{club.server_address[1]}"
    try:
        page.goto(f"{host}/two.html")  # two calculators, the script's address the former host's
        rate_fide_period(calculator(page, "#chess"))
        expect(page.locator("#chess >> iframe")).to_have_css("opacity", "1")  # shown, the club's link gone
        # A report's file, fetched in the club's page and handed to the frame on its own origin.
        page.route(f"{host}/files/congress.trf", lambda route: route.fulfill(
            content_type="text/plain", body=(TRF / "fide-example1.trf").read_bytes()))
        page.goto(f"{host}/event.html")
        report = calculator(page, "#report").get_by_role("table", name=re.compile(r"^Rating changes: "))
        expect(report).to_be_visible(timeout=90_000)
    finally:
        club.shutdown()
        alias.shutdown()


def test_a_page_a_frame_is_sent_to_before_the_widget_speaks_is_not_heard(page: Page, host_origin: str,
                                                                        widget_origin: str) -> None:
    """The loader took the frame's origin from its first message, whatever the page in it (rv84): one that a sibling
    frame navigated it to before the widget spoke was heard, shown, and would have been sent the club's files. A
    frame's origin is now the script's, or one whose message says the element's word (its widget's address)."""
    page.route(f"{widget_origin}/widget/**", lambda route: None)  # the widget never arrives: the frame stays silent
    page.route(f"{host_origin}/rogue.html", lambda route: route.fulfill(content_type="text/html", body=(
        "<script>parent.postMessage({type: 'elo-calculator:height', height: 77}, '*');"
        "parent.postMessage({type: 'elo-calculator:files'}, '*');</script>")))
    page.goto(f"{host_origin}/two.html", wait_until="domcontentloaded")  # its frames' load never ends
    frame = page.locator("#chess >> iframe")
    expect(frame).to_have_attribute("src", re.compile(r"speak=[a-z0-9]{24}"))
    frame.evaluate("(f, url) => { f.contentWindow.location = url; }", f"{host_origin}/rogue.html")
    expect(page.frame_locator("#chess >> iframe").locator("script")).to_be_attached()
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 300))")  # let its messages arrive
    expect(frame).to_have_css("opacity", "0")
    expect(frame).to_have_js_property("inert", True)
    assert frame.evaluate("f => f.style.height") != "77px"


def test_a_page_requiring_trusted_types_gets_a_calculator_as_wide_as_its_centring_column(warm_page: Page,
                                                                                         host_origin: str) -> None:
    """The loader wrote its shadow root as HTML text, which a page requiring Trusted Types refuses: nothing showed,
    not even the club's link. And in a column that centres its children (a page builder's), the calculator was a
    300 px phone layout on a desktop."""
    problems: list[str] = []
    warm_page.on("pageerror", lambda e: problems.append(str(e)))
    warm_page.goto(f"{host_origin}/trusted-types.html")
    rate_fide_period(calculator(warm_page, "#column elo-calculator"))
    assert 900 == round(warm_page.locator("#column elo-calculator").bounding_box()["width"])  # type: ignore[index]
    assert 900 == round(warm_page.locator("#column elo-calculator >> iframe").bounding_box()["width"])  # type: ignore[index]
    # The element's own margins kept within its column (a width of 100% overflowed it by them).
    assert 560 == round(warm_page.locator("#spaced elo-calculator").bounding_box()["width"])  # type: ignore[index]
    assert [] == problems


def test_an_element_left_empty_shows_the_loader_s_own_link_until_the_calculator_is_ready(page: Page,
                                                                                        host_origin: str) -> None:
    """The README's snippet has no fallback of the club's: with the calculator's site down, the club's page had a
    blank 640 px box and no word."""
    page.route("**/widget/**", lambda route: route.abort())
    page.goto(f"{host_origin}/trusted-types.html")
    link = page.locator("#column").get_by_role("link", name="Open the calculator in a new tab")
    expect(link).to_be_visible()  # its element holds a line's white space: it showed that, and no link
    assert "/widget/?system=fide" in (link.get_attribute("href") or "")


def test_the_two_lines_put_in_a_shadow_root_by_a_site_builder_give_a_calculator(warm_page: Page,
                                                                               host_origin: str) -> None:
    """A script in a shadow root has no document.currentScript: the loader stopped without a word."""
    warm_page.goto(f"{host_origin}/shadow.html")
    rate_fide_period(warm_page.frame_locator("club-box elo-calculator >> iframe"))


def test_result_event_reaches_the_host_page_in_its_public_shape_and_by_its_old_name(warm_page: Page,
                                                                                   host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/two.html")
    warm_page.evaluate("""() => { window.results = []; for (const type of ["elo-calculator:result", "elo-calculated"])
        document.addEventListener(type, (e) => window.results.push([type, e.target.id, e.detail])); }""")
    rate_fide_period(calculator(warm_page, "#chess"))
    chess = "() => window.results.filter(([, id, r]) => id === 'chess' && r.new_rating === 2020)"
    warm_page.wait_for_function(f"() => ({chess})().length === 2")
    results = warm_page.evaluate(chess)
    assert ["elo-calculator:result", "elo-calculated"] == [r[0] for r in results]
    shape = results[0][2]
    assert (1, "fide", ["change", "expected", "games", "new_rating", "performance", "rating", "score", "system",
                        "version"]) == (shape["version"], shape["system"], sorted(shape))
    assert ["change", "expected", "opponent", "rated", "score"] == sorted(shape["games"][0])


def test_ready_event_reaches_the_host_page(page: Page, host_origin: str) -> None:
    page.add_init_script("""window.readyEvents = [];
        document.addEventListener("elo-calculator:ready", (e) => window.readyEvents.push(e.target.id), true);""")
    page.goto(f"{host_origin}/two.html")
    page.wait_for_function("() => window.readyEvents.length === 2")


def test_two_calculators_stay_independent(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/two.html")
    chess, ladder = calculator(warm_page, "#chess"), calculator(warm_page, "#ladder")
    rate_fide_period(chess)
    expect(ladder.get_by_label("Rating system")).to_have_value("elo")
    assert ("1500", "24") == (ladder.get_by_label("Your rating").input_value(),
                              ladder.get_by_label("K-factor").input_value())
    ladder.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(ladder.get_by_label("New rating", exact=True)).to_have_text("1512.0")
    expect(chess.get_by_label("New rating", exact=True)).to_have_text("2020")


def test_snippet_pasted_twice_gives_two_working_calculators(warm_page: Page, host_origin: str) -> None:
    errors: list[str] = []
    warm_page.on("pageerror", lambda e: errors.append(str(e)))
    warm_page.goto(f"{host_origin}/twice.html")
    expect(warm_page.locator("elo-calculator >> iframe")).to_have_count(2)
    rate_fide_period(calculator(warm_page, "elo-calculator >> nth=1"))
    assert [] == errors


def test_element_inserted_after_load(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/empty.html")
    warm_page.wait_for_function("() => customElements.get('elo-calculator') !== undefined")
    warm_page.evaluate("""() => { const el = document.createElement("elo-calculator");
        el.setAttribute("system", "fide"); document.body.append(el); }""")
    rate_fide_period(calculator(warm_page))


def test_loader_adds_no_global(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/plain.html")
    before = set(warm_page.evaluate("() => Object.keys(window)"))
    warm_page.goto(f"{host_origin}/empty.html")
    warm_page.wait_for_function("() => customElements.get('elo-calculator') !== undefined")
    assert set() == set(warm_page.evaluate("() => Object.keys(window)")) - before


def test_hostile_attributes_do_nothing_harmful(page: Page, host_origin: str, widget_origin: str) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(f"{host_origin}/hostile.html")
    page.evaluate("() => document.getElementById('bad').setAttribute('system', 'x'.repeat(5000))")
    frame = calculator(page, "#bad")
    expect(frame.get_by_label("Your rating")).to_be_visible()
    src = page.locator("#bad >> iframe").get_attribute("src") or ""
    params = parse_qs(urlsplit(src).query)
    # Every hostile value was dropped, none passed on; `was`: the place it would be named by without its id.
    assert set(params) == {"host", "instance", "was", "speak"}, params
    assert (params["instance"], params["was"]) == (["id:bad"], ["nth:1"])
    assert len(src) < 200
    expect(frame.get_by_label("Rating system")).to_have_value("fide")
    assert [] == dialogs
    assert [] == [u for u in requests if not u.startswith((host_origin, widget_origin, "data:"))]


def frame_fits(page: Page, selector: str = "elo-calculator") -> None:
    """The iframe is as tall as its content: no inner scroll, no empty band.

    The content may still change (Python becoming ready hides the loading notice, the chart redraws
    at its real width), and the frame follows it a moment later: the frame's page waits, a frame at a
    time, until its own viewport (the iframe's box: embed.js draws it without border or padding) is
    as tall as its content; a state that lasts fails after 30 s with the figures."""
    iframe = page.locator(f"{selector} >> iframe")
    frame = iframe.element_handle().content_frame()
    assert frame is not None
    try:
        frame.wait_for_function(FITS, timeout=30_000)
    except PlaywrightTimeout:
        seen = frame.evaluate(LOOK)
        seen["frame"] = iframe.evaluate("el => el.getBoundingClientRect().height")
        pytest.fail(f"the frame never fitted its content: {seen}")


# What frame_fits reads inside the frame: its content's height, and whether the frame scrolls.
LOOK = """() => ({content: Math.ceil(document.body.getBoundingClientRect().height),
                  scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight,
                  viewport: innerHeight})"""
FITS = f"""() => {{ const seen = ({LOOK})();
                   return Math.abs(seen.viewport - seen.content) <= 1 && seen.scroll <= seen.client; }}"""


@pytest.mark.parametrize("width", [360, 1280])
def test_frame_is_as_tall_as_its_content(browser: Browser, host_origin: str, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(f"{host_origin}/two.html")
    chess = calculator(page, "#chess")
    expect(chess.get_by_label("Your rating")).to_be_visible()
    frame_fits(page, "#chess")
    for _ in range(4):  # by keyboard: the button moves on the club's page as each row is added (rate_fide_period)
        chess.get_by_role("button", name="Add game").press("Enter")
    expect(chess.get_by_label("Opponent rating, game 5", exact=True)).to_be_visible()
    frame_fits(page, "#chess")
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.close()


def test_height_messages_from_elsewhere_are_ignored(warm_page: Page, host_origin: str, widget_origin: str) -> None:
    warm_page.goto(f"{host_origin}/two.html")
    chess = calculator(warm_page, "#chess")
    expect(chess.get_by_label("Your rating")).to_be_visible()
    # Python ready: the loading notice is gone, so the frame's height no longer changes by itself.
    expect(chess.get_by_role("progressbar")).to_be_hidden()
    frame_fits(warm_page, "#chess")
    iframe = warm_page.locator("#chess >> iframe")
    before = iframe.evaluate("el => el.style.height")
    # From the host page's own origin, and a forged event claiming the widget's origin from no frame.
    warm_page.evaluate("""(origin) => {
        window.postMessage({type: "elo-calculator:height", height: 7}, "*");
        window.dispatchEvent(new MessageEvent("message",
            {data: {type: "elo-calculator:height", height: 9}, origin, source: window}));
    }""", widget_origin)
    # From a real frame on the widget's origin that the loader did not make (narrow: a very different height).
    warm_page.evaluate("""([origin, host]) => { const f = document.createElement("iframe");
        f.style.width = "150px"; f.src = origin + "/widget/?host=" + encodeURIComponent(host);
        f.id = "rogue"; document.body.append(f); }""", [widget_origin, host_origin])
    expect(warm_page.frame_locator("#rogue").get_by_label("Your rating")).to_be_attached()
    warm_page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 500))")  # let stray messages arrive
    assert before == iframe.evaluate("el => el.style.height")
    frame_fits(warm_page, "#chess")


def test_every_request_goes_to_the_host_or_the_widget(page: Page, host_origin: str, widget_origin: str) -> None:
    """Python in a dedicated worker, whose downloads (the wasm among them) Playwright reports."""
    page.context.add_init_script(NO_SHARED_WORKER)
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(f"{host_origin}/strict.html")
    rate_fide_period(calculator(page))
    assert [] == [u for u in requests if not u.startswith((host_origin + "/", widget_origin + "/", "data:"))]
    assert any(u.endswith(".wasm") for u in requests)


def test_frame_is_titled_lazy_and_unsandboxed(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/strict.html")
    frame = warm_page.locator("elo-calculator >> iframe")
    expect(frame).to_have_attribute("title", "Elo rating calculator")
    expect(frame).to_have_attribute("loading", "lazy")
    assert frame.get_attribute("sandbox") is None  # a sandbox would stop the module worker
    # The club's heading names its frame: a page's calculators were all "Elo rating calculator".
    warm_page.evaluate("""() => document.body.insertAdjacentHTML("beforeend",
        '<elo-calculator id="ladder" view="ladder" heading="Club ladder 2026"></elo-calculator>')""")
    expect(warm_page.locator("#ladder >> iframe")).to_have_attribute("title", "Elo rating calculator: Club ladder 2026")


def test_script_free_iframe_variant_works(warm_page: Page, host_origin: str) -> None:
    warm_page.goto(f"{host_origin}/iframe.html")
    rate_fide_period(warm_page.frame_locator("iframe"))


def test_snippet_builder_writes_both_snippets_and_previews(warm_context: BrowserContext, widget_origin: str) -> None:
    page = warm_context.new_page()
    page.goto(f"{widget_origin}/")
    preview = page.frame_locator("#preview elo-calculator >> iframe")
    expect(preview.get_by_label("Your rating")).to_be_visible()
    history = page.evaluate("history.length")
    page.get_by_label("Rating system").select_option("elo")
    expect(preview.get_by_label("K-factor")).to_have_value("20")  # the preview loaded each change
    page.get_by_label(re.compile(r"^Language")).select_option("de")
    expect(preview.get_by_label("K-Faktor")).to_be_visible()
    page.get_by_label("Default K-factor").fill("24")
    snippet = page.locator("#snippet")
    expect(snippet).to_contain_text('<elo-calculator system="elo" lang="de" k="24"><a href=')
    expect(snippet).to_contain_text(f'<script async src="{widget_origin}/embed.js"></script>')
    expect(page.locator("#iframe-snippet")).to_contain_text(f"{widget_origin}/widget/?system=elo&amp;lang=de&amp;k=24")
    expect(preview.get_by_label("K-Faktor")).to_have_value("24")
    assert page.evaluate("history.length") == history  # the page's Back button still leaves the page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy snippet").click()
    expect(page.get_by_text("Snippet copied.")).to_be_visible()
    assert "k=\"24\"" in page.evaluate("() => navigator.clipboard.readText()")


def test_a_paste_far_down_a_long_list_shows_its_dialog_where_the_visitor_is(warm_page: Page, host_origin: str) -> None:
    """Three lines, one unreadable, pasted into game 75's box of 80, in the club page's frame: the
    dialog saying which line was not read is in the club page's window, by that box. It was put by
    the top of the list (the frame being as tall as its content, its own window is all of it), and
    focusing its box scrolled the club page up there: in WebKit its title and reason were above the
    window's top edge (a hostile pass), in Chromium and Firefox the page jumped from game 75 to game 2."""
    warm_page.set_viewport_size({"width": 1000, "height": 800})
    warm_page.goto(f"{host_origin}/two.html")
    frame = calculator(warm_page, "#ladder")
    frame.get_by_role("button", name="Paste results").click()
    frame.get_by_label("Results to add").fill("".join(f"{1300 + 10 * i} 1\n" for i in range(80)))
    frame.get_by_role("button", name="Add games").click()
    box = frame.get_by_label("Opponent rating, game 75", exact=True)
    expect(box).to_have_value("2040")
    box.scroll_into_view_if_needed()
    box.evaluate("""(el) => { const data = new DataTransfer(); data.setData("text/plain", "1700 1\\nxyz 0\\n1800 0\\n");
        el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true})); }""")
    reason = frame.get_by_text("Line 2: “xyz 0”")
    expect(reason).to_be_visible()
    frame_top = warm_page.locator("#ladder iframe").evaluate("(f) => f.getBoundingClientRect().top")
    height = warm_page.evaluate("innerHeight")
    for element in (frame.get_by_role("heading", name="Paste results"), reason, box):
        top, bottom = element.evaluate("(el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= frame_top + top and frame_top + bottom <= height, (element, frame_top, top, bottom, height)


def test_the_paste_dialog_opened_low_in_the_window_is_brought_all_into_it(warm_page: Page, host_origin: str) -> None:
    """The frame sized to its content is taller than the club page's window, and "Paste results" is
    near the window's foot: the dialog opened there, placed in the frame's own window, ran some 250 px
    below the visitor's, where nothing could scroll it into view (a fixed box in a frame). CI failed
    on it when the page's scroll happened to leave the button low. Now the club's page is told where
    the dialog is and scrolls it into view: the title and the Add button are both in the window."""
    warm_page.set_viewport_size({"width": 1000, "height": 800})
    warm_page.goto(f"{host_origin}/two.html")
    frame = calculator(warm_page, "#ladder")
    iframe = warm_page.locator("#ladder >> iframe")
    opener = frame.get_by_role("button", name="Paste results")
    expect(opener).to_be_visible()
    # Below the first calculator, the frame may be out of the window: Chromium then does not render a
    # cross-origin frame (nor run its ResizeObserver, which tells the page its height) until it is in view.
    iframe.scroll_into_view_if_needed()
    expect(iframe).not_to_have_css("height", "640px")  # sized to its content, as the club sees it
    # Scroll the club's page so that the button is 60 px above the window's foot, and open by keyboard
    # (a click would scroll it first).
    below = iframe.evaluate("(f) => f.getBoundingClientRect().top + scrollY")
    below += opener.evaluate("(b) => b.getBoundingClientRect().bottom")
    warm_page.evaluate(f"scrollTo(0, {below} - innerHeight + 60)")
    opener.focus()
    opener.press("Enter")
    expect(frame.get_by_role("heading", name="Paste results")).to_be_in_viewport(ratio=1)
    expect(frame.locator("#paste-form button[value=add]")).to_be_in_viewport(ratio=1)


def test_a_list_too_long_for_a_frame_scrolls_in_a_frame_as_tall_as_the_window(warm_page: Page,
                                                                              host_origin: str) -> None:
    """1 000 pasted games make a document of some 113 000 px, taller than a frame is made (frame.js):
    the frame is then as tall as the club page's window and scrolls itself, with the summary bar at
    its foot and the paste dialog in the window. The frame stayed at its last height under 100 000 px,
    scrolling inside the page's scroll, with no summary bar, and the dialog ran off the window.
    The long list's few elements are found by id (test_big_input.py: a search by name is slow there)."""
    warm_page.set_viewport_size({"width": 1000, "height": 800})
    warm_page.goto(f"{host_origin}/two.html")
    frame = calculator(warm_page, "#ladder")
    frame.get_by_role("button", name="Paste results").click()
    frame.get_by_label("Results to add").fill("1500 1\n" * 1000)
    frame.get_by_role("button", name="Add games").click()
    expect(frame.locator("#score")).to_have_text("1000 of 1000", timeout=60_000)
    iframe = warm_page.locator("#ladder >> iframe")
    expect(iframe).to_have_css("height", "800px")
    inner = iframe.element_handle().content_frame()
    assert inner is not None
    assert inner.evaluate("document.documentElement.scrollHeight") > 100_000
    frame.locator("#games .opp").first.focus()  # up at the first game, the totals far below
    summary = frame.locator("#summary")
    expect(summary).to_have_accessible_name(re.compile(r"^New rating \S+ \S+ Show the result$"))
    expect(summary).to_be_in_viewport()
    frame.locator("#paste-open").click()
    # All of it in the club page's window (an observer of the top window: the frame's clip included).
    expect(frame.get_by_role("heading", name="Paste results")).to_be_in_viewport(ratio=1)
    expect(frame.locator("#paste-form button[value=add]")).to_be_in_viewport(ratio=1)


def test_copy_link_in_a_club_s_page_reopens_the_calculation_there_in_the_same_calculator(
        browser: Browser, host_origin: str) -> None:
    """A visitor shares a calculation made on the club's page: the link is the club's page (not the widget's bare
    page), and it reopens the calculation in the calculator it was made in, not in the page's other one."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{host_origin}/two.html?section=ratings")
    ladder = page.frame_locator("#ladder iframe")
    ladder.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    expect(ladder.get_by_label("New rating", exact=True)).to_have_text("1515.4", timeout=90_000)
    ladder.get_by_role("button", name="Copy link").click()
    expect(ladder.get_by_text("Link copied")).to_be_visible()
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link.startswith(f"{host_origin}/two.html?section=ratings#elo-calculator=id%3Aladder&c=")
    context.close()
    fresh = browser.new_page()  # another visitor's browser
    fresh.goto(link)
    reopened = fresh.frame_locator("#ladder iframe")
    expect(reopened.get_by_label("New rating", exact=True)).to_have_text("1515.4", timeout=90_000)
    expect(reopened.get_by_label("Opponent rating, game 1", exact=True)).to_have_value("1600")
    expect(fresh.frame_locator("#chess iframe").get_by_label("Opponent rating, game 1", exact=True)).to_have_value("")
    fresh.close()
