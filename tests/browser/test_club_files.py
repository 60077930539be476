"""A club's file fetched for its element (`src`, embed/embed.js) when its host misbehaves: the view says it is
fetching from the first moment (never an empty file picker), a host that fails is said with a Retry that fetches
it anew, and an address changed while the old file is still on its way aborts that fetch, so the element shows
the file it names. (The silence of a host that never answers, given up after 20 s, is timed in
tests/js/embed.test.mjs with mocked timers.) And a big ladder beside a calculator: one interpreter serves
both, and the calculator says why its result waits."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from elo_core.reports.event import event_report

TRF = Path(__file__).resolve().parents[1] / "trf"
C07 = TRF / "fide-c07-tiebreak-exercises.trf"
EXAMPLE = TRF / "fide-example1.trf"
LADDER = Path(__file__).resolve().parents[1] / "ladder"


def first_name(path: Path) -> str:
    """The name of the file's first player, as elo_core reads it."""
    answer = event_report({"text": path.read_bytes()})
    assert answer["ok"], answer
    return str(answer["players"][0]["name"])


def club_page(context: BrowserContext, host_origin: str) -> Page:
    page = context.new_page()
    page.goto(f"{host_origin}/empty.html")
    return page


def add(page: Page, html: str) -> None:
    page.evaluate("html => document.body.insertAdjacentHTML('beforeend', html)", html)


def test_a_report_whose_host_fails_says_so_with_retry_which_fetches_it_anew(
        warm_context: BrowserContext, host_origin: str) -> None:
    page = club_page(warm_context, host_origin)
    held: list[Route] = []
    page.route(f"{host_origin}/files/flaky.trf", lambda route: held.append(route))
    with page.expect_request(f"{host_origin}/files/flaky.trf"):
        add(page, '<elo-calculator id="flaky" view="event" src="files/flaky.trf"></elo-calculator>')
    frame = page.frame_locator("#flaky iframe")
    # From the first moment: the file is on its way, and no empty file picker is offered in its place.
    expect(frame.get_by_text("Fetching the tournament file…")).to_be_visible(timeout=60_000)
    expect(frame.get_by_label("Tournament report file (TRF)")).to_be_hidden()
    held.pop().fulfill(status=503, body="busy")
    alert = frame.get_by_role("alert").filter(has_text="flaky.trf")
    expect(alert).to_contain_text("the server answered 503")
    page.unroute(f"{host_origin}/files/flaky.trf")
    page.route(f"{host_origin}/files/flaky.trf", lambda route: route.fulfill(
        status=200, content_type="text/plain", body=C07.read_bytes()))
    alert.get_by_role("button", name="Retry").press("Enter")  # by keyboard, as every control
    table = frame.get_by_role("table", name=re.compile(r"^Rating changes: "))
    expect(table).to_contain_text(first_name(C07), timeout=60_000)
    expect(frame.get_by_text("the server answered 503")).to_be_hidden()
    expect(frame.get_by_role("heading", name="Tournament report")).to_be_focused()  # the focus not lost with the button


def test_src_changed_while_the_old_file_is_on_its_way_shows_the_new_file_and_aborts_the_old(
        warm_context: BrowserContext, host_origin: str) -> None:
    page = club_page(warm_context, host_origin)
    page.route(f"{host_origin}/files/old.trf", lambda route: None)  # a slow host: the old file never comes
    page.route(f"{host_origin}/files/new.trf", lambda route: route.fulfill(
        status=200, content_type="text/plain", body=EXAMPLE.read_bytes()))
    with page.expect_request(f"{host_origin}/files/old.trf"):
        add(page, '<elo-calculator id="changing" view="event" src="files/old.trf"></elo-calculator>')
    with page.expect_event("requestfailed", lambda request: request.url.endswith("/files/old.trf")):
        page.evaluate("document.getElementById('changing').setAttribute('src', 'files/new.trf')")
    frame = page.frame_locator("#changing iframe")
    expect(frame.get_by_role("table", name=re.compile(r"^Rating changes: "))).to_contain_text(
        first_name(EXAMPLE), timeout=60_000)


def test_a_ladder_says_it_is_fetching_its_file_again_when_its_src_changes_and_why_one_fails(
        warm_context: BrowserContext, host_origin: str) -> None:
    page = club_page(warm_context, host_origin)
    held: list[Route] = []
    page.route(f"{host_origin}/files/later.csv", lambda route: held.append(route))
    page.route(f"{host_origin}/files/gone.csv", lambda route: route.abort())
    add(page, '<elo-calculator id="club" view="ladder" src="files/gone.csv"></elo-calculator>')
    frame = page.frame_locator("#club iframe")
    alert = frame.get_by_role("alert").filter(has_text="gone.csv")
    expect(alert).to_contain_text("could not be fetched", timeout=60_000)
    expect(alert.get_by_role("button", name="Retry")).to_be_visible()
    with page.expect_request(f"{host_origin}/files/later.csv"):
        page.evaluate("document.getElementById('club').setAttribute('src', 'files/later.csv')")
    expect(frame.get_by_text("Fetching the results…")).to_be_visible()
    expect(alert).to_be_hidden()  # the old file's problem is not left beside the new fetch
    held.pop().fulfill(status=200, content_type="text/csv",
                       body="date,white,black,result\n2026-01-05,Ann,Bob,1-0\n")
    expect(frame.get_by_role("table", name=re.compile(r"^Ranking \("))).to_contain_text("Ann", timeout=60_000)
    expect(frame.get_by_text("Fetching the results…")).to_be_hidden()


SITE_PAGE = b"<!DOCTYPE html>\n<html lang=en><head><title>Chess club</title></head><body>Welcome</body></html>\n"
"""What a host that serves its own index.html for every address answers for a file it does not have (status 200)."""


def test_a_wrong_src_answered_by_a_web_page_is_said_with_its_address_in_the_page_s_language(
        warm_context: BrowserContext, host_origin: str) -> None:
    """The page read as a tournament file was "no player line (001) was found (line 1)", and the address unnamed
    (hp85 e1_src)."""
    page = club_page(warm_context, host_origin)
    page.route(f"{host_origin}/files/typo.trf", lambda route: route.fulfill(
        status=200, content_type="text/html", body=SITE_PAGE))
    add(page, '<elo-calculator id="typo" view="event" lang="de" src="files/typo.trf"></elo-calculator>')
    alert = page.frame_locator("#typo iframe").get_by_role("alert")
    expect(alert).to_have_text(f"„{host_origin}/files/typo.trf“ antwortete mit einer Webseite, nicht mit einer "
                               "Datei: Stimmt die Adresse?", timeout=60_000)


def test_the_widget_s_own_src_answered_by_a_web_page_served_as_text_is_said_as_one(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """Known by its start where its host calls it text: the ladder said "line 1: not a results file"."""
    page = warm_context.new_page()
    src = f"{widget_origin}/club/games.csv"
    page.route(src, lambda route: route.fulfill(
        status=200, content_type="text/plain", body=b"\xef\xbb\xbf  " + SITE_PAGE))
    page.goto(f"{widget_origin}/widget/?view=ladder&src={quote(src, safe='')}")
    alert = page.get_by_role("alert").filter(has_text="games.csv")
    expect(alert).to_have_text(f"“{src}” answered a web page, not a file: is the address right?", timeout=60_000)


def test_a_calculator_beside_a_big_ladder_says_its_result_waits_then_shows_it(
        warm_context: BrowserContext, host_origin: str) -> None:
    """One interpreter for the page's calculators: while the ladder's replay (lichess, 60 000 games) holds it, the
    calculator's result waits, and it says so politely instead of seeming dead; then the result comes."""
    players = [f"P{i:03}" for i in range(200)]
    games = "".join(f"{2000 + i // 5000}-{1 + i // 420 % 12:02}-{1 + i % 28:02},{players[i % 200]},"
                    f"{players[(i * 7 + 1) % 200]},{('1-0', '0-1', '½')[i % 3]}\n"  # 6i = -1 (mod 200) has no i:
                    for i in range(60_000))                                         # never oneself
    page = club_page(warm_context, host_origin)
    page.route(f"{host_origin}/files/big.csv", lambda route: route.fulfill(
        status=200, content_type="text/csv", body="date,white,black,result\n" + games))
    add(page, '<elo-calculator id="calc" system="elo" k="20"></elo-calculator>'
              '<elo-calculator id="ladder" view="ladder" system="lichess" src="files/big.csv"></elo-calculator>')
    calc = page.frame_locator("#calc iframe")
    calc.get_by_label("Your rating").fill("1500")
    ladder = page.frame_locator("#ladder iframe")
    expect(ladder.get_by_text("Replaying")).to_be_visible(timeout=60_000)
    calc.get_by_label("Opponent rating, game 1", exact=True).fill("1600")
    busy = calc.get_by_role("status").filter(has_text="Another calculator on this page is busy")
    expect(busy).to_be_visible(timeout=60_000)
    expect(ladder.get_by_role("table", name=re.compile(r"^Ranking \("))).to_be_visible(timeout=120_000)
    expect(busy).to_be_hidden()
    expect(calc.get_by_label("New rating", exact=True)).to_have_text(re.compile(r"^1512.8|^1513"))


# ---- the widget's own address names the files (a site builder that takes only an address or a frame) ----

class _Files(SimpleHTTPRequestHandler):
    """Another site's files: those under /open/ with the CORS header a published spreadsheet's link sends."""

    def end_headers(self) -> None:
        if self.path.startswith("/open/"):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def files_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server on an origin of its own serving a TRF and a club's ladder files, with CORS (/open/) and without."""
    root = tmp_path_factory.mktemp("files")
    for folder in ("open", "closed"):
        (root / folder).mkdir()
        shutil.copy(C07, root / folder / "congress.trf")
        shutil.copy(LADDER / "club-games.csv", root / folder / "games.csv")
        shutil.copy(LADDER / "club-players.csv", root / folder / "players.csv")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Files, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_the_widget_s_own_address_with_src_shows_the_report_and_names_its_file(
        warm_context: BrowserContext, widget_origin: str, files_site: str) -> None:
    page = warm_context.new_page()
    src = f"{files_site}/open/congress.trf"
    page.goto(f"{widget_origin}/widget/?view=event&src={quote(src, safe='')}")
    table = page.get_by_role("table", name=re.compile(r"^Rating changes: "))
    expect(table).to_contain_text(first_name(C07), timeout=60_000)
    expect(page.get_by_text(f"File: {src}")).to_be_visible()  # anyone can write such an address: whose file it is
    expect(page.get_by_label("Tournament report file (TRF)")).to_be_hidden()


def test_the_widget_s_own_address_with_a_file_whose_host_refuses_cors_says_so(
        warm_context: BrowserContext, widget_origin: str, files_site: str) -> None:
    page = warm_context.new_page()
    page.goto(f"{widget_origin}/widget/?view=ladder&src={quote(files_site + '/closed/games.csv', safe='')}")
    alert = page.get_by_role("alert").filter(has_text="games.csv")
    expect(alert).to_contain_text("does not allow other sites to read it", timeout=60_000)
    expect(alert.get_by_role("button", name="Retry")).to_be_visible()


def test_a_ladder_in_a_sandboxed_frame_as_google_sites_makes_one_fetches_its_own_files(
        warm_context: BrowserContext, host_origin: str, widget_origin: str, files_site: str) -> None:
    """A site builder's frame of the calculator's address (sandboxed with scripts and the same origin, no embed.js):
    the ladder fetches its results and players files itself, and ranks the club's players by their names."""
    page = club_page(warm_context, host_origin)
    games, players = (quote(f"{files_site}/open/{name}", safe="") for name in ("games.csv", "players.csv"))
    address = f"{widget_origin}/widget/?view=ladder&system=elo&k=24&src={games}&players={players}"
    page.evaluate("""address => { const frame = document.createElement("iframe");
        frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-forms");
        frame.id = "site"; frame.style.height = "900px"; frame.src = address;
        document.body.append(frame); }""", address)
    frame = page.frame_locator("#site")
    ranking = frame.get_by_role("table", name=re.compile(r"^Ranking \("))
    first = LADDER.joinpath("club-players.csv").read_text().splitlines()[1].split(",")[1]
    expect(ranking).to_contain_text(first, timeout=60_000)
    expect(frame.get_by_text(f"File: {files_site}/open/games.csv")).to_be_visible()
