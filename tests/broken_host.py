"""What a flaky or broken host does to a visitor, played the same way behind each server: Debian's nginx
and Apache serving the release (tests/test_release.py), and for a host's errors and a kept 404 the dev
server too (tests/browser/test_offline.py). Each takes a browser, the calculator's address (`base`, ending in /) and
the folder the server serves (`site`), which it changes and puts back as a host's hiccup would.
The service worker and the shared worker are in play: each visit is first-party on the widget's
own origin, in a browser context of its own."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .site_copy import rate_elo_seed

COULD_NOT_START = "The calculator could not start"


def computes(page: Page, base: str) -> None:
    """The plain-Elo seed's first game, computed by Python: not the answer kept from the last visit,
    which shows while Python loads, and stays when it cannot start."""
    rate_elo_seed(page, base)
    expect(page.locator("#engine")).to_have_attribute("hidden", "")


def engine_file(site: Path, name: str = "elo_core.zip") -> Path:
    """An engine file of the served site (the folder with the lock file)."""
    (lock,) = site.glob("static/*/pyodide-lock.json")
    return lock.parent / name


@contextmanager
def moved_away(path: Path) -> Iterator[None]:
    """The file gone from the server (an upload not yet done), then back."""
    away = path.with_name(path.name + ".away")
    path.rename(away)
    try:
        yield
    finally:
        if away.exists():
            away.rename(path)


def until_offline_ready(page: Page) -> None:
    """Wait until the page's service worker is activated (it registers after the first result)."""
    page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        if (worker.state !== "activated") {
            await new Promise((done) => worker.addEventListener("statechange", () => {
                if (worker.state === "activated") done();
            }));
        }
    }""")


def a_missing_engine_file_comes_back_with_retry_and_reload(browser: Browser, base: str, site: Path) -> None:
    """Item 2: elo_core.zip missing for a moment (a 404 under static/), then back: Retry computes,
    and so does a new tab (a 404 kept for a year by the browser broke both)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        with moved_away(engine_file(site)):
            page.goto(f"{base}widget/?system=elo&k=40&lang=en")
            expect(page.get_by_text(COULD_NOT_START)).to_be_visible()
        page.get_by_role("button", name="Retry").click()
        page.get_by_label("Your rating").fill("1450")
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
        expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
        expect(page.locator("#engine")).to_have_attribute("hidden", "")
        computes(context.new_page(), base)
    finally:
        context.close()


def a_damaged_cached_engine_file_is_fetched_again(launch: Callable[[], BrowserContext], base: str,
                                                  site: Path) -> None:
    """Item 4: the service worker's copy of elo_core.zip overwritten with 1 000 zero bytes (a disk
    error, a cache cut short); the server's copy is good. The next visit computes, and the cache
    holds the good copy again. `launch` opens the same browser profile each time: closed in
    between, so that no interpreter (the shared worker) outlives the first visit."""
    context = launch()
    try:
        page = context.new_page()
        computes(page, base)
        until_offline_ready(page)
        url = page.evaluate("""async () => {
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) {
                    if (request.url.endsWith("/elo_core.zip")) {
                        await cache.put(request, new Response(new Uint8Array(1000)));
                        return request.url;
                    }
                }
            }
            throw new Error("elo_core.zip is not in the service worker's cache");
        }""")
        context.new_cdp_session(page).send("Network.clearBrowserCache")  # only the service worker's copy is left
    finally:
        context.close()
    context = launch()
    try:
        page = context.new_page()
        computes(page, base)
        size = page.evaluate("async (url) => (await (await caches.match(url)).arrayBuffer()).byteLength", url)
        assert engine_file(site).stat().st_size == size
    finally:
        context.close()


def tampered(path: Path) -> bytes:
    """elo_core.zip as someone changed it: still a zip that Python imports, with one more module."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        dst.writestr("elo_core/_tampered.py", "ADDED = 100\n")
    return out.getvalue()


def a_tampered_engine_file_is_refused(browser: Browser, base: str, site: Path) -> None:
    """Item 4: the server sends an elo_core.zip that is not the build's: the calculator says it
    could not start, and computes nothing, instead of running it silently."""
    path = engine_file(site)
    good = path.read_bytes()
    path.write_bytes(tampered(path))
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{base}widget/?system=elo&k=40&rating=1450&lang=en")
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
        expect(page.get_by_text(COULD_NOT_START)).to_be_visible()
        expect(page.get_by_label("New rating", exact=True)).not_to_have_text("1472.9")
    finally:
        context.close()
        path.write_bytes(good)


def the_cached_page_answers_a_host_error(browser: Browser, base: str,
                                        breaks: list[Callable[[], AbstractContextManager[object]]]) -> None:
    """Item 5: with the service worker active, the host answers /widget/ with an error page (each of
    `breaks` makes it so, for as long as it is entered): the visitor gets the cached calculator, as
    with the network off."""
    context = browser.new_context()
    try:
        page = context.new_page()
        computes(page, base)
        until_offline_ready(page)
        for broken in breaks:
            with broken():
                status = page.request.get(f"{base}widget/").status  # not through the service worker
                assert status >= 400, f"the host still answers /widget/ with {status}"
                computes(page, base)
    finally:
        context.close()
