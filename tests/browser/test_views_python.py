"""The views' Python fetched only when a view opens (issue 44): a visitor who wants a rating's change never
fetches views.zip; the first tournament file opened fetches it, the loading bar saying what comes, and the
report then shows; a second file does not fetch it again."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Route, expect

from .conftest import NO_SHARED_WORKER, open_widget, wait_ready

TRF = Path(__file__).resolve().parents[1] / "trf"


def test_the_views_python_comes_only_when_a_view_opens(browser: Browser, widget_origin: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(NO_SHARED_WORKER)  # a shared worker's requests are neither routed nor reported
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        held: list[Route] = []
        page.route(re.compile(r"/views\.zip$"), lambda route: held.append(route))
        open_widget(page, widget_origin)
        page.fill("#rating", "1500")
        page.fill(".opp", "1600")
        expect(page.locator("#new-rating")).to_have_text("1513")
        wait_ready(page)
        assert [url for url in asked if url.endswith(".zip")]  # the engine's own zips came
        assert not [url for url in asked if url.endswith("views.zip")]
        page.get_by_role("button", name="Open a tournament file").click()
        page.get_by_label("Tournament report file (TRF)").set_input_files(str(TRF / "fide-c07-tiebreak-exercises.trf"))
        expect(page.locator("#engine")).to_be_visible()
        expect(page.locator("#engine-text")).to_have_text(re.compile("Fetching the code of tournament reports"))
        assert len(held) == 1
        held[0].continue_()
        table = page.get_by_role("table", name=re.compile(r"^Rating changes: "))
        expect(table).to_be_visible()
        expect(page.locator("#engine")).to_be_hidden()
        page.get_by_label("Tournament report file (TRF)").set_input_files(str(TRF / "fide-example1.trf"))
        expect(table).to_contain_text("Vasquez")  # a player of the second file, rated without another fetch
        assert len([url for url in asked if url.endswith("views.zip")]) == 1
    finally:
        context.close()
