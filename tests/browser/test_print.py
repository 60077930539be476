"""The report and the ladder on paper, read back from the PDF's text (`pdftotext -layout`): the club's page
that embeds them, printed whole to A4 portrait, holds every player's name and new rating on one line (the
frame sends the page a copy of its table, which embed.js prints in the frame's place: a frame prints only as
tall as it is on screen); the widget's own page printed to Letter repeats the table's headers on every page.
And the copy changes when the table does. (It is sent only where the page named its origin: frame.js toHost.)"""

from __future__ import annotations

import re
import subprocess
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from elo_core import calculate
from elo_core.reports.event import event_report
from elo_core.reports.ladder import ladder_report
from tests.trf_text import random_tournament

from .conftest import open_widget
from .ui import RESULT_LABELS, shown, wait_for_output

TESTS = Path(__file__).resolve().parents[1]
EXAMPLE = TESTS / "trf" / "fide-example1.trf"
"""FIDE's example tournament report: 284 players, rated by the rules of 2005 as FIDE's own list did."""
GAMES, PLAYERS = TESTS / "ladder" / "club-games.csv", TESTS / "ladder" / "club-players.csv"
FILES = {"report.trf": EXAMPLE, "club-games.csv": GAMES, "club-players.csv": PLAYERS}
COPY_ROWS = "el => Number(el.shadowRoot.querySelector('section.print-copy:not([hidden])')?.dataset.rows ?? 0)"

REPORT = '<elo-calculator id="report" view="event" src="files/report.trf"></elo-calculator>'
LADDER = ('<elo-calculator id="ladder" view="ladder" heading="Club ladder" src="files/club-games.csv" '
          'players="files/club-players.csv"></elo-calculator>')
CHANGES = re.compile("^Rating changes: ")
PRINTED = re.compile(r"Rank\s+No\.\s+Name\s+Title\s+Federation\s+Rating\s+(Change\s+)?\(exact\)\s+(New\s+)?rating\s+"
                     r"Performance\s+(?P<tpr>TPR\s+)?(?P<norms>(Title\s+)?norms\s+)?Score\s+(Games\s+)?played")
"""The report's printed columns' headers (event-rows.js COLUMNS, print: true), in order: the line of their last words
(a header wraps between its words on paper, its first words on the line above). TPR and Title norms are left off
where no row has one (FIDE's example has neither)."""


def pdf_pages(page: Page, size: str) -> list[str]:
    """The page printed to `size` portrait as the browser prints it, read back: each page's text, laid out."""
    pdf = page.pdf(format=size)
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    return text.decode("utf-8").split("\f")[:-1]


def on_one_line(lines: list[str], name: str, value: str) -> bool:
    """Whether a line holds `name` and, after it, `value` as a word of its own."""
    pattern = re.compile(re.escape(name) + r"\s.*(?<!\S)" + re.escape(value) + r"(?!\S)")
    return any(pattern.search(line) for line in lines)


def club_page(context: BrowserContext, host_origin: str, element: str) -> Page:
    """The club's page with `element` (its files served from the club's site) and the loader."""
    page = context.new_page()
    page.route(f"{host_origin}/files/*", lambda route: serve_file(route))
    page.goto(f"{host_origin}/empty.html")
    page.evaluate("html => document.body.insertAdjacentHTML('beforeend', html)",
                  f"<h2>Our club</h2>{element}<p>The club's footer</p>")
    return page


def serve_file(route: Route) -> None:
    route.fulfill(body=FILES[route.request.url.rsplit("/", 1)[1]].read_bytes(), content_type="text/plain")


def test_the_club_s_page_printed_holds_every_player_s_name_and_new_rating_on_one_line(
        warm_context: BrowserContext, host_origin: str) -> None:
    answer = event_report({"text": EXAMPLE.read_bytes()})
    page = club_page(warm_context, host_origin, REPORT)
    element = page.locator("#report")
    expect(page.frame_locator("#report iframe").get_by_role("table", name=CHANGES)).to_be_visible(timeout=90_000)
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(answer['players'])}", arg=element.element_handle())
    pages = pdf_pages(page, "A4")
    lines = [line for text in pages for line in text.splitlines()]
    assert len(answer["players"]) == 284
    firsts = 0
    for p in answer["players"]:
        # An unrated player's first rating, where the event gives one: it was "—", the performance the only figure.
        first = (p["first_rating"] or {}).get("rating")
        firsts += first is not None
        new = shown(p["new_rating"], 0) if p["rating"] is not None else "—" if first is None else shown(first, 0)
        assert on_one_line(lines, p["name"], new), f"{p['name']} and {new} are not on one line of the printed page"
    assert 37 == firsts
    text = " ".join(" ".join(pages).split())  # the facts' line wraps where it will (the event's dates and place too)
    assert "9. Karl-Mala-Gedenkturnier" in text and "Rating list: August 2005" in text and "Printed " in text
    assert "Dates: Jul 28 – 31, 2005" in text and "Place: Frankfurt (Main) /GER" in text
    assert "Our club" in pages[0] and "The club's footer" in pages[-1]  # the club's own page, around the report
    # Headers on every page the table runs over; none of a column of dashes (TPR, Title norms), as on the view's paper.
    assert all("New rating" in text for text in pages[1:-1])
    heads = [line for line in lines if re.search(r"Rank\s+No\.\s+Name\s", line)]
    assert heads and not [line for line in heads if re.search(r"\bTPR\b|\bnorms\b", line)], heads


def test_the_club_s_ladder_printed_holds_every_player_s_name_and_rating_on_one_line(
        warm_context: BrowserContext, host_origin: str) -> None:
    answer = ladder_report({"text": GAMES.read_bytes(), "players": PLAYERS.read_bytes(), "locale": "en"})
    assert answer["ok"], answer
    shown_pool = [p for p in answer["players"] if p["pool"] == answer["pools"][0]]
    page = club_page(warm_context, host_origin, LADDER)
    element = page.locator("#ladder")
    ranking = page.frame_locator("#ladder iframe").get_by_role("table", name=re.compile("^Ranking"))
    expect(ranking).to_be_visible(timeout=90_000)
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(shown_pool)}", arg=element.element_handle())
    pages = pdf_pages(page, "A4")
    lines = [line for text in pages for line in text.splitlines()]
    for p in shown_pool:
        assert on_one_line(lines, p["name"], shown(p["rating"], 0)), p["name"]
    assert "Club ladder" in pages[0]  # the element's heading names it on paper too


def test_the_club_s_page_printed_holds_the_notes_the_view_prints_under_its_table(
        warm_context: BrowserContext, host_origin: str) -> None:
    """The club's page printed the report's and the ladder's tables without their notes on the file, which the view's
    own page prints with its table (hp110): not that K was assumed for 134 players, nor that the event has no TPR, nor
    the players file's member who played in no pool. The copy now carries them, and the club's page prints them."""
    report = event_report({"text": EXAMPLE.read_bytes()})
    assumed = sum(bool(p["k_assumed"]) for p in report["players"])
    assert assumed == 134 and report["event"]["tpr_reason"] == "unrated_players"
    ladder = ladder_report({"text": GAMES.read_bytes(), "players": PLAYERS.read_bytes(), "locale": "en"})
    assert [p["name"] for p in ladder["in_no_pool"]] == ["Nora Vogel"]
    shown_pool = [p for p in ladder["players"] if p["pool"] == ladder["pools"][0]]
    page = club_page(warm_context, host_origin, REPORT + LADDER)
    for element, rows in (("#report", len(report["players"])), ("#ladder", len(shown_pool))):
        page.wait_for_function(f"el => ({COPY_ROWS})(el) === {rows}", arg=page.locator(element).element_handle(),
                               timeout=90_000)
    pages = pdf_pages(page, "A4")
    text = " ".join(" ".join(pages).split())
    report_notes = (f"K is assumed for {assumed} players: the file cannot say whether a player has fewer than 30 rated "
                    "games, or once reached 2400 (2300 as a junior).",
                    "No ARO or TPR: the event has unrated players, and FIDE's tie-break regulations leave their rating "
                    "to the event's own rules.")
    ladder_note = "1 player of the players file has played in no pool yet, and is in no table: Nora Vogel."
    for note in (*report_notes, ladder_note):
        assert note in text, note
    assert text.count("What the file did not say") == 2
    # Each after its own view's table: the report's before the ladder's name, the ladder's after its last player.
    assert text.rindex("Mikhaletz") < text.index(report_notes[0]) < text.index("Club ladder") < text.index(ladder_note)
    page.close()


def test_the_club_s_page_printed_holds_the_calculator_s_games_each_once_on_one_line(
        warm_context: BrowserContext, host_origin: str) -> None:
    """The club's page printed whole printed the calculator's frame as it was on screen: 599 of 600 games, one cut
    at a page's edge (stop 61's note). The frame now sends what its paper shows, as the views do, and the club's page
    prints that in the frame's place: what was typed, the totals, every game on a line of its own, once."""
    games = cycle(120)
    answer = calculate({"system": "elo", "rating": 1850, "k": 20, "games": [game_of(o, r) for o, r in games]})
    page = club_page(warm_context, host_origin, '<elo-calculator id="calc" system="elo" k="20"></elo-calculator>')
    frame = page.frame_locator("#calc iframe")
    frame.get_by_label("Your rating").fill("1850")
    frame.get_by_role("button", name="Paste results").click()
    frame.get_by_label("Results to add").fill(games_text(games))
    frame.get_by_role("button", name="Add games").click()
    expect(frame.get_by_label("New rating", exact=True)).to_have_text(shown(answer["new_rating"], 1))
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(games)}", arg=page.locator("#calc").element_handle())
    pages = pdf_pages(page, "A4")
    lines = [line for text in pages for line in text.splitlines()]
    for n, g, _ in game_lines(answer):
        row = [str(n), str(g["opponent"]), RESULT_LABELS[g["score"]], shown(g["difference"], 0, sign=True),
               shown(g["expected"], 2), shown(g["change"], 1, sign=True), shown(g["rating_after"], 1)]
        pattern = re.compile(r"^\s*" + r"\s+".join(re.escape(cell) for cell in row) + r"\s*$")
        assert 1 == sum(bool(pattern.search(line)) for line in lines), row
    text = " ".join(" ".join(pages).split())
    assert "Rating system: Elo" in text and "Your rating: 1850" in text
    assert f"New rating: {shown(answer['new_rating'], 1)}" in text
    assert "Our club" in pages[0] and "The club's footer" in pages[-1]


def test_the_widget_s_own_page_printed_repeats_the_headers_on_every_page_and_holds_every_row(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """And its headers wrap between their words on paper: on one line ("Change (exact)", "Games played", "Title
    norms"), with a column of a few words ("no games yet") kept 10em wide and two columns of dashes, they made this 284
    players' table 1 105 px wide against a portrait A4's 718 px, the page printed at 65 % of its size (now 790 px).
    Only many words keep a column wide; a column no row has a value in is left off paper."""
    answer = event_report({"text": EXAMPLE.read_bytes()})
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(EXAMPLE))
    table = page.get_by_role("table", name=CHANGES)
    expect(table.locator("tbody > tr:not(.detail)")).to_have_count(284)
    expect(table).not_to_have_attribute("aria-busy", "true")
    expect(page.get_by_role("button", name="Print or save as PDF")).to_be_visible()
    pages = pdf_pages(page, "Letter")
    assert len(pages) > 3
    heads = [m for t in pages if (m := PRINTED.search(t))]
    assert len(heads) == len(pages)
    # Its TPR and Title norms, every row's a dash, are on screen and not on paper (a page's width of dashes).
    assert [(None, None)] * len(pages) == [(m["tpr"], m["norms"]) for m in heads]
    expect(table.get_by_role("columnheader", name="TPR")).to_be_visible()
    lines = [line for text in pages for line in text.splitlines()]
    for p in answer["players"]:
        new = shown(p["new_rating"], 0) if p["rating"] is not None else "—"
        assert on_one_line(lines, p["name"], new), p["name"]
    text = "\n".join(pages)
    # Paper has none of the screen's controls and none of the columns left off it.
    for absent in ("Why this K", "Expected", "Filter by name", "Download the table", "Print or save", "Choose File"):
        assert absent not in text
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 718, "height": 1000})  # A4 portrait within Chromium's default margins
    widths = table.evaluate("""t => ({table: t.getBoundingClientRect().width,
        heads: Object.fromEntries([...t.tHead.rows[0].cells].map((c) => [c.dataset.head ?? c.textContent.trim(),
                                                                         Math.round(c.getBoundingClientRect().width)]))})""")
    assert widths["table"] < 800, widths
    assert widths["heads"]["Games played"] < 60, widths
    page.close()


def test_a_player_s_open_row_may_break_across_pages_on_paper(warm_context: BrowserContext, widget_origin: str) -> None:
    """A player's row opened (their games, their norms) was kept whole on paper: one opened near a page's end went
    whole to the next page and left the rest of this one blank (a hostile pass: two thirds of the first). Its rows
    (each game) are still kept whole."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(EXAMPLE))
    table = page.get_by_role("table", name=CHANGES)
    players = table.locator("tbody > tr:not(.detail)")
    expect(players).to_have_count(284)
    players.nth(1).locator("button.disclose").click()
    detail = table.locator("tbody > tr.detail")
    expect(detail).to_have_count(1)
    page.emulate_media(media="print")
    assert detail.evaluate("row => getComputedStyle(row).breakInside") == "auto"
    assert detail.locator("tbody tr").first.evaluate("row => getComputedStyle(row).breakInside") == "avoid"
    assert players.nth(2).evaluate("row => getComputedStyle(row).breakInside") == "avoid"


def test_the_copy_follows_the_table(warm_context: BrowserContext, host_origin: str) -> None:
    """Filtered to one name, the copy holds that player alone; the report closed, there is none (the club's
    page then prints the calculator's frame)."""
    page = club_page(warm_context, host_origin, REPORT)
    element = page.locator("#report")
    frame = page.frame_locator("#report iframe")
    copy = "el => el.shadowRoot.querySelector('section.print-copy')"
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === 284", arg=element.element_handle(), timeout=90_000)
    frame.get_by_label("Filter by name").fill("Mikhaletz")
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === 1", arg=element.element_handle())
    # Made into a table only while the page is printed, and taken down after.
    printed = element.evaluate(f"""el => {{
        dispatchEvent(new Event("beforeprint"));
        const text = ({copy})(el).textContent;
        dispatchEvent(new Event("afterprint"));
        return [text, ({copy})(el).textContent];
    }}""")
    assert "Mikhaletz,Lubomir" in printed[0] and printed[1] == ""
    # The element made a calculator: its new frame has no table, and the old one's copy is gone.
    element.evaluate("el => el.setAttribute('view', 'calculator')")
    page.wait_for_function(f"el => ({copy})(el).hidden", arg=element.element_handle())
    expect(page.frame_locator("#report iframe").get_by_label("Your rating")).to_be_visible()
    assert element.evaluate(f"el => ({copy})(el).textContent") == ""


LONG = "Anna Meier (" + " ".join(["a note typed where the name goes"] * 16) + ")"
"""A player's name of 540 characters: a note typed in the players file's name column."""


def test_a_name_of_540_characters_leaves_every_row_and_its_figures_on_paper(
        warm_context: BrowserContext, host_origin: str, widget_origin: str, tmp_path: Path) -> None:
    """The club's page: a text over the copy's 500 characters made the loader refuse the whole copy, and the paper
    held only the rows the frame showed (a hostile pass, a name of 522); now the text is cut, and every row is on
    paper. The view's own page: every cell kept to one line pushed every figure off the page; now the long name
    wraps, and every row keeps its rating on its line."""
    assert len(LONG) == 540
    players = tmp_path / "long-players.csv"
    players.write_text(PLAYERS.read_text(encoding="utf-8").replace("Anna Meier", LONG), encoding="utf-8")
    answer = ladder_report({"text": GAMES.read_bytes(), "players": players.read_bytes(), "locale": "en"})
    assert answer["ok"], answer
    pool = [p for p in answer["players"] if p["pool"] == answer["pools"][0]]
    others = [p for p in pool if p["name"] != LONG]
    FILES["long-players.csv"] = players
    try:
        page = club_page(warm_context, host_origin, LADDER.replace("club-players.csv", "long-players.csv"))
        expect(page.frame_locator("#ladder iframe").get_by_role("table", name=re.compile("^Ranking"))).to_be_visible(
            timeout=90_000)
        page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(pool)}", arg=page.locator("#ladder").element_handle())
        lines = [line for text in pdf_pages(page, "A4") for line in text.splitlines()]
        for p in others:
            assert on_one_line(lines, p["name"], shown(p["rating"], 0)), p["name"]
        assert any(line.strip().startswith("Anna Meier (a note") for line in lines)
    finally:
        del FILES["long-players.csv"]
    own = warm_context.new_page()
    open_widget(own, widget_origin, "?view=ladder")
    own.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    own.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(players))
    ranking = own.get_by_role("table", name=re.compile("^Ranking"))
    expect(ranking.get_by_role("button", name=LONG)).to_be_visible(timeout=90_000)  # the players file's names in it
    expect(ranking).not_to_have_attribute("aria-busy", "true")
    pages = pdf_pages(own, "Letter")
    assert all(re.search(r"Rank\s+Name\s+Rating", text) for text in pages), pages[0][:500]
    lines = [line for text in pages for line in text.splitlines()]
    for p in others:
        assert on_one_line(lines, p["name"], shown(p["rating"], 0)), p["name"]


def test_a_long_name_s_rank_and_figures_print_on_its_last_line_in_the_club_s_copy(
        warm_context: BrowserContext, host_origin: str, tmp_path: Path) -> None:
    """The club's page: the copy's long name wrapped, and its row's rank and figures printed on a line of their own
    halfway down it (hp110: the copy's cells set no vertical-align, a cell's default is the middle); now on the name's
    last line, as the view's own page prints them (style.css @media print: vertical-align: bottom)."""
    players = tmp_path / "long-players.csv"
    players.write_text(PLAYERS.read_text(encoding="utf-8").replace("Anna Meier", LONG), encoding="utf-8")
    answer = ladder_report({"text": GAMES.read_bytes(), "players": players.read_bytes(), "locale": "en"})
    pool = [p for p in answer["players"] if p["pool"] == answer["pools"][0]]
    anna = next(p for p in pool if p["name"] == LONG)
    FILES["long-players.csv"] = players
    try:
        page = club_page(warm_context, host_origin, LADDER.replace("club-players.csv", "long-players.csv"))
        page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(pool)}", arg=page.locator("#ladder").element_handle(),
                               timeout=90_000)
        lines = [line for text in pdf_pages(page, "A4") for line in text.splitlines()]
    finally:
        del FILES["long-players.csv"]
    # The name cut to the copy's 500 characters ends with "…": its last line, with the rank before and the rating after.
    last = [line for line in lines if "…" in line]
    assert 1 == len(last), last
    assert re.match(rf"^\s*{anna['rank']}\s", last[0]) and on_one_line(last, "…", shown(anna["rating"], 0)), last[0]


def many_games(path: Path) -> bytes:
    """A results file (its columns as tests/ladder/club-games.csv's) of 120 games of Anna Schaffer's against four
    others in turn, a day apart, won, drawn and lost in a cycle of five, written to `path`: its bytes."""
    others, results = ("Ben Keller", "Cleo Roth", "Dan Stein", "Eva Huber"), ("1-0", "½", "0-1", "1-0", "0-1")
    rows = ["date,white,black,result"]
    for i in range(120):
        white, black = ("Anna Schaffer", others[i % 4]) if i % 2 == 0 else (others[i % 4], "Anna Schaffer")
        rows.append(f"{date(2025, 1, 1) + timedelta(days=i)},{white},{black},{results[i % 5]}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path.read_bytes()


def day(iso: str) -> str:
    """An ISO date as the widget shows it in English ("Jan 1, 2025")."""
    d = date.fromisoformat(iso)
    return f"{d:%b} {d.day}, {d.year}"


def cells_line(cells: list[str]) -> re.Pattern[str]:
    """A line of the printed page that holds `cells` alone, in order."""
    return re.compile(r"^\s*" + r"\s+".join(re.escape(cell) for cell in cells) + r"\s*$")


MANY = '<elo-calculator id="ladder" view="ladder" heading="Club ladder" src="files/many-games.csv"></elo-calculator>'


def test_a_ladder_player_s_page_printed_from_the_club_s_page_holds_every_game_and_the_head_to_head_records(
        warm_context: BrowserContext, host_origin: str, tmp_path: Path) -> None:
    """A player's page open in the frame sent the club's page no copy, and the frame was printed: 70 of a player's 120
    games, moved to the second page and cut at a page's height, and no head-to-head records (hp110). Now the frame
    sends the player's page: their facts, every game of their history and their head-to-head records, a line each."""
    text = many_games(tmp_path / "many-games.csv")
    answer = ladder_report({"text": text, "locale": "en"})
    anna = next(p for p in answer["players"] if p["name"] == "Anna Schaffer")
    # Each opponent's name, Anna's wins, her losses and her score against them.
    pairs = [(q["b"], q["a_wins"], q["b_wins"], q["a_score"]) if q["a"] == anna["id"]
             else (q["a"], q["b_wins"], q["a_wins"], q["b_score"]) for q in answer["head_to_head"]]
    FILES["many-games.csv"] = tmp_path / "many-games.csv"
    try:
        page = club_page(warm_context, host_origin, MANY)
        ranking = page.frame_locator("#ladder iframe").get_by_role("table", name=re.compile("^Ranking"))
        ranking.get_by_role("button", name="Anna Schaffer").click(timeout=90_000)
        rows = 120 + len(pairs)  # the history's and the head-to-head records'
        page.wait_for_function(f"el => ({COPY_ROWS})(el) === {rows}", arg=page.locator("#ladder").element_handle())
        pages = pdf_pages(page, "A4")
    finally:
        del FILES["many-games.csv"]
    lines = [line for text in pages for line in text.splitlines()]
    x = anna["history"]
    for i in range(120):
        row = [str(x["game"][i]), day(x["date"][i]), x["opponent"][i], shown(x["score"][i], 1),
               shown(x["change"][i], 1, sign=True), shown(x["rating"][i], 0)]
        assert 1 == sum(bool(cells_line(row).match(line)) for line in lines), row
    assert 4 == len(pairs)
    for name, wins, losses, score in pairs:
        games = [i for i in range(120) if x["opponent"][i] == name]
        row = [name, str(len(games)), str(wins), str(len(games) - wins - losses), str(losses), shown(score, 1),
               day(x["date"][games[-1]])]
        assert any(cells_line(row).match(line) for line in lines), row
    flat = " ".join(" ".join(pages).split())
    assert "History of Anna Schaffer" in flat and "Head-to-head: Anna Schaffer" in flat and "Games: 120" in flat
    assert "Our club" in pages[0] and "Anna Schaffer" in pages[0]  # the page's own heading, then the player's page


def test_a_league_team_s_page_printed_from_the_club_s_page_holds_every_game_and_its_new_seasons(
        warm_context: BrowserContext, host_origin: str) -> None:
    """A team's page, as a player's: the club's page printed the frame (hp110). Now every game with its venue and score,
    the note of a new season's regression across the history where it comes, and the head-to-head records."""
    town = TESTS / "league" / "town-league.csv"
    answer = ladder_report({"text": town.read_bytes(), "locale": "en", "preset": "fivethirtyeight-nfl"})
    rovers = next(p for p in answer["players"] if p["id"] == "Rovers")
    x = rovers["history"]
    FILES["town-league.csv"] = town
    try:
        page = club_page(warm_context, host_origin, '<elo-calculator id="league" view="ladder" heading="Town league" '
                         'src="files/town-league.csv" preset="fivethirtyeight-nfl"></elo-calculator>')
        ranking = page.frame_locator("#league iframe").get_by_role("table", name=re.compile("^Ranking"))
        ranking.get_by_role("button", name="Rovers").click(timeout=90_000)
        # Six games, a new season's note before the sixth, and three opponents' records.
        page.wait_for_function(f"el => ({COPY_ROWS})(el) === 10", arg=page.locator("#league").element_handle())
        pages = pdf_pages(page, "A4")
    finally:
        del FILES["town-league.csv"]
    lines = [line for text in pages for line in text.splitlines()]
    at = []  # each game's line
    for i in range(6):
        row = [str(x["game"][i]), day(x["date"][i]), x["opponent"][i], x["venue"][i],
               f"{x['points_for'][i]}–{x['points_against'][i]}", shown(x["change"][i], 1, sign=True),
               shown(x["rating"][i], 0)]
        at += [n for n, line in enumerate(lines) if cells_line(row).match(line)]
        assert len(at) == i + 1, row
    note = f"New season: back toward the mean, {shown(x['rating'][4], 1)} → {shown(x['before'][5], 1)}"
    assert [at[5] - 1] == [n for n, line in enumerate(lines) if cells_line([note]).match(line)]
    flat = " ".join(" ".join(pages).split())
    assert "Head-to-head: Rovers" in flat and "Town league" in flat


def test_paper_has_no_ligatures_on_the_widget_s_page_nor_in_the_club_s_copy(
        warm_context: BrowserContext, host_origin: str, widget_origin: str) -> None:
    """Firefox's PDF wrote "Schaﬀer", "Diﬀerence" and "ﬁle" with one character for "ff" or "fi", and a search of it for
    "Schaffer" found nothing (hp110; Chromium's PDF writes the letters, so its text cannot show it): ligatures are off
    in print, in the widget's page (a name in the ranking's table) and in the copy the club's page prints."""
    page = club_page(warm_context, host_origin, LADDER)
    element = page.locator("#ladder")
    page.wait_for_function(f"el => ({COPY_ROWS})(el) > 0", arg=element.element_handle(), timeout=90_000)
    page.emulate_media(media="print")
    copy = element.evaluate("""el => {
        dispatchEvent(new Event("beforeprint"));
        const cell = el.shadowRoot.querySelector("section.print-copy td");
        const style = getComputedStyle(cell).fontVariantLigatures;
        dispatchEvent(new Event("afterprint"));
        return style;
    }""")
    assert "none" == copy
    own = warm_context.new_page()
    open_widget(own, widget_origin, "?view=ladder")
    own.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    own.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
    name = own.get_by_role("table", name=re.compile("^Ranking")).get_by_role("button", name="Anna Meier")
    expect(name).to_be_visible(timeout=90_000)
    own.emulate_media(media="print")
    assert "none" == name.evaluate("button => getComputedStyle(button).fontVariantLigatures")




@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_a_running_event_s_norms_wrap_on_paper_and_every_column_is_on_a_portrait_page(
        warm_context: BrowserContext, widget_origin: str, tmp_path: Path, size: str) -> None:
    """60 players after 7 of 11 rounds, their norms' text ("IM norm: 3½ from 4 rounds; WGM norm: 2½ from 4 rounds")
    on one line each: in portrait the Title norms column was cut at the page's edge and Score and Games played were
    off it (a hostile pass); now the norms wrap in their cell, and every column is on the page."""
    text = random_tournament(60, 7, seed=3, titled=True)
    answer = event_report({"text": text, "norms": {"rounds": 11}})
    norms = [n for p in answer["players"] for n in p["norms"] if not n["met"] and n["possible"]]
    assert len(norms) > 10
    path = tmp_path / "running.trf"
    path.write_text(text)
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=event")
    page.get_by_label("Tournament report file (TRF)").set_input_files(str(path))
    table = page.get_by_role("table", name=CHANGES)
    expect(table.locator("tbody > tr:not(.detail)")).to_have_count(60)
    page.get_by_label("Rounds in all").fill("11")
    expect(table.get_by_role("cell", name=re.compile(" from 4 rounds")).first).to_be_visible()
    expect(table).not_to_have_attribute("aria-busy", "true")
    pages = pdf_pages(page, size)
    assert all(PRINTED.search(text) for text in pages), pages[0][:1500]
    lines = [line for text in pages for line in text.splitlines()]
    for p in answer["players"]:
        figures = [shown(p["score_played"] if p["score_played"] is not None else p["score"], 1), str(p["games_played"])]
        assert any(p["name"] in line and line.split()[-2:] == figures for line in lines), p["name"]
    # Each norm's text whole, on the lines its cell wraps to: no "rou" at the page's edge.
    words = " ".join(lines).split()
    assert words.count("rounds;") + words.count("rounds") >= len(norms)


# ---- the calculator on paper ----------------------------------------------------------------------------------------

SCORES = {"1": 1, "½": 0.5, "0": 0}


def games_text(games: list[tuple[str, str]]) -> str:
    """Games as the paste dialog reads them, a line each: the opponent's rating and the result (an unrated opponent
    as a rating, typed over after: the dialog reads a line without a rating as a tournament's name)."""
    return "\n".join(f"{1500 if opponent == 'unrated' else opponent} {result}".strip() for opponent, result in games)


def cycle(n: int) -> list[tuple[str, str]]:
    """`n` games against ratings from 1400 up, won, drawn and lost in turn."""
    return [(str(1400 + (i * 37) % 700), "1½0"[i % 3]) for i in range(n)]


MIXED = cycle(12)
CALCULATOR_CASES: dict[str, tuple[str, dict[str, str], list[tuple[str, str]], dict[str, Any]]] = {
    # No chart for any of these but the last (DWZ rates no game alone, a period rates each tournament from its own
    # rating, an unrated opponent has no expected score, a chart shows 500 games at most): paper had no game at all.
    "dwz": ("?system=dwz", {"Age (years)": "30", "DWZ index": "10"}, MIXED,
            {"system": "dwz", "rating": 1850, "player": {"age": 30, "index": 10}}),
    "fide-period": ("?system=fide", {}, [("Open A", ""), *MIXED[:2], ("Open B", ""), *MIXED[2:4]],
                    {"system": "fide", "rating": 1850, "period": "2025-03",
                     "events": [{"name": "Open A"}, {"name": "Open B"}]}),
    "fide-unrated": ("?system=fide", {}, [MIXED[0], ("unrated", "1"), MIXED[2]],
                     {"system": "fide", "rating": 1850, "period": "2025-03"}),
    "elo-600": ("?system=elo", {"K-factor": "20"}, cycle(600), {"system": "elo", "rating": 1850, "k": 20}),
    # With a chart, its own table printed the games a second time (stop 61's note): now the games' table alone,
    # the rating after each game in its last column.
    "fide-chart": ("?system=fide", {}, MIXED, {"system": "fide", "rating": 1850, "period": "2025-03"}),
}


def game_of(opponent: str, result: str) -> dict[str, Any]:
    """A pasted line's game as the engine's request holds it."""
    return {"opponent": None if opponent == "unrated" else int(opponent), "score": SCORES[result]}


def answer_of(case: str) -> dict[str, Any]:
    """The engine's answer to a case's request, its games in order (a period's, tournament by tournament)."""
    _, _, games, request = CALCULATOR_CASES[case]
    played = [(o, r) for o, r in games if r]
    request = dict(request)
    if "events" in request:
        names = [i for i, (_, r) in enumerate(games) if not r] + [len(games)]
        request["events"] = [{**event, "games": [game_of(o, r) for o, r in games[names[i] + 1:names[i + 1]]]}
                             for i, event in enumerate(request["events"])]
    else:
        request["games"] = [game_of(o, r) for o, r in played]
    answer = calculate(request)
    assert answer["ok"], answer
    return answer


def game_lines(answer: dict[str, Any]) -> list[tuple[int, dict[str, Any], str]]:
    """Each game of the answer with its number and its tournament's name ("" without several)."""
    events = answer.get("events") or []
    if len(events) > 1:
        games = [(g, e["name"]) for e in events for g in e["games"]]
    else:
        games = [(g, "") for g in answer["games"]]
    return [(n, g, event) for n, (g, event) in enumerate(games, start=1)]


@pytest.mark.parametrize("case", list(CALCULATOR_CASES))
def test_the_calculator_printed_holds_what_was_typed_and_every_game_as_a_row(
        warm_context: BrowserContext, widget_origin: str, case: str) -> None:
    """Paper held the totals alone, and the chart's table where there was a chart (no opponent, no change, and no
    game at all for DWZ, a period, an unrated opponent or over 500 games): now it holds the system, what was typed
    (the rating, K or the system's own fields, the period) and every game, a row each, on A4 and on Letter."""
    query, fields, games, request = CALCULATOR_CASES[case]
    answer = answer_of(case)
    page = warm_context.new_page()
    open_widget(page, widget_origin, query)
    page.get_by_label("Your rating").fill("1850")
    for label, value in fields.items():
        page.get_by_label(label, exact=True).fill(value)
    if "period" in request:
        page.get_by_label("Rating period", exact=True).select_option(label="March")
        page.get_by_label("Year", exact=True).select_option("2025")
    page.get_by_role("button", name="Paste results").click()
    page.get_by_label("Results to add").fill(games_text(games))
    page.get_by_role("button", name="Add games").click()
    expect(page.get_by_role("dialog")).to_be_hidden()
    for n, (opponent, _) in enumerate(games, start=1):
        if opponent == "unrated":
            page.get_by_label(f"Opponent rating, game {n}", exact=True).fill("unrated")
    wait_for_output(page, "New rating", shown(answer["new_rating"], 1 if case == "elo-600" else 0))
    system = {"dwz": "DWZ", "elo-600": "Elo"}.get(case, "FIDE (chess)")
    events = answer.get("events") or []
    after = len(events) < 2 and all(g["rating_after"] is not None for g in answer["games"])  # what the chart draws
    for size in ("A4", "Letter"):
        lines = [line for text in pdf_pages(page, size) for line in text.splitlines()]
        typed = {"Rating system": system, "Your rating": "1850", **fields,
                 **({"Rating period": "March 2025"} if "period" in request else {})}
        for label, value in typed.items():
            assert on_one_line(lines, label, value), (size, label, value)
        for n, g, event in game_lines(answer):
            opponent = "unrated" if g["opponent"] is None else str(g["opponent"])
            difference = g["difference"]
            if difference is not None:
                difference = shown(difference, 0 if float(difference).is_integer() else 1, sign=True)
            change = shown(g["change"], 1, sign=True) if g["rated"] else "not rated (unrated opponent)"
            expected = shown(g["expected"], 2)
            row = [str(n), event, opponent, RESULT_LABELS[g["score"]], difference or "—", expected, change,
                   shown(g["rating_after"], 1 if case == "elo-600" else 0) if after else ""]
            pattern = re.compile(r"^\s*" + r"\s+".join(re.escape(cell) for cell in row if cell) + r"\s*$")
            assert 1 == sum(bool(pattern.match(line)) for line in lines), (size, row)
        assert not any(line.strip().startswith("Start ") for line in lines), size  # the chart's table's first row


def test_a_league_table_on_paper_says_the_rules_its_ratings_were_made_by(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """A league rated by World Football Elo (K 30, home advantage 100, its margin) printed "Ranking (Elo (any sport))"
    over its table and nothing of its preset or rules (hp96): a line above the table says each, as Python used it."""
    town = TESTS / "league" / "town-league.csv"
    answer = ladder_report({"text": town.read_bytes(), "locale": "en", "preset": "world-football"})
    s = answer["settings"]
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=ladder")
    page.get_by_label("Results file (CSV)").set_input_files(str(town))
    table = page.get_by_role("table", name=re.compile("^Ranking"))
    page.get_by_role("group", name="Settings").get_by_label("League preset").select_option("world-football")
    first = table.locator("tbody tr").first.locator("td.c-rating")
    expect(first).to_have_text(shown(answer["players"][0]["rating"], 0))
    text = " ".join(" ".join(pdf_pages(page, "A4")).split())
    rules = (f"Rules: Rating system: Elo (any sport) · League preset: World Football Elo · K-factor: {s['k']} · "
             f"Home advantage (rating points): {s['home_advantage']:.0f} · Margin of victory: World Football · "
             f"Back toward the mean at a new season (0 to 1): {s['season_regression']:.0f} · "
             f"Start rating: {s['start']:.0f} · Games before a team is ranked: {s['provisional_games']} · "
             f"Months without a game before a team is marked inactive: {s['inactive_months']}")
    assert rules in text
    assert text.index(rules) < text.index("Ranking (Elo (any sport))")  # above the table
    page.close()


def test_a_ladder_below_the_fold_printed_before_it_loaded_says_so_and_prints_whole_the_second_time(
        warm_context: BrowserContext, host_origin: str) -> None:
    """A view's frame loads lazily: a club page printed before the visitor scrolled to its ladder printed the link to
    it alone (stop 61's note). Printing starts loading it, and the paper says to print again; the second time it
    prints every row."""
    answer = ladder_report({"text": GAMES.read_bytes(), "players": PLAYERS.read_bytes(), "locale": "en"})
    shown_pool = [p for p in answer["players"] if p["pool"] == answer["pools"][0]]
    page = club_page(warm_context, host_origin, '<div style="height:6000px">The club news</div>' + LADDER)
    element = page.locator("#ladder")
    assert element.evaluate("el => el.shadowRoot.querySelector('iframe').loading") == "lazy"
    first = " ".join(" ".join(pdf_pages(page, "A4")).split())
    assert "Club ladder: not loaded yet when this page was printed. Print the page again in a moment" in first
    page.wait_for_function(f"el => ({COPY_ROWS})(el) === {len(shown_pool)}", arg=element.element_handle(),
                           timeout=90_000)
    pages = pdf_pages(page, "A4")
    lines = [line for text in pages for line in text.splitlines()]
    assert "not loaded yet" not in " ".join(pages)
    for p in shown_pool:
        assert on_one_line(lines, p["name"], shown(p["rating"], 0)), p["name"]
    page.close()


@pytest.mark.parametrize(("games", "players", "name"), [
    (GAMES, PLAYERS, "Anna Meier"), (TESTS / "league" / "town-league.csv", None, "Rovers")], ids=["player", "team"])
def test_a_ladder_player_s_or_team_s_page_printed_says_the_file_its_rules_and_the_date(
        warm_context: BrowserContext, widget_origin: str, games: Path, players: Path | None, name: str) -> None:
    """The ranking printed its file's name, its rules and the date printed; a player's or a team's page, printed from
    the view's own page, none of them (hp110): paper did not say which ladder, by which rules, or when."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=ladder")
    page.get_by_label("Results file (CSV)").set_input_files(str(games))
    if players:
        page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(players))
    page.get_by_role("table", name=re.compile("^Ranking")).get_by_role("button", name=name).click(timeout=90_000)
    expect(page.get_by_role("table", name=f"History of {name}")).to_be_visible()
    text = " ".join(" ".join(pdf_pages(page, "A4")).split())
    assert games.name in text and "Rules: Rating system: " in text and "Printed " in text
    assert text.index(games.name) > text.index(name)  # under the player's name, not a ranking's left on paper
    page.close()


def test_the_calculator_s_own_page_printed_says_the_date(warm_context: BrowserContext, widget_origin: str) -> None:
    """The report and the ranking printed the date they were printed; the calculator's page did not (hp110)."""
    answer = calculate({"system": "elo", "rating": 1850, "k": 20, "games": [game_of("1620", "1")]})
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?system=elo")
    page.get_by_label("Your rating").fill("1850")
    page.get_by_label("K-factor", exact=True).fill("20")
    page.get_by_role("button", name="Paste results").click()
    page.get_by_label("Results to add").fill(games_text([("1620", "1")]))
    page.get_by_role("button", name="Add games").click()
    wait_for_output(page, "New rating", shown(answer["new_rating"], 1))
    text = " ".join(" ".join(pdf_pages(page, "A4")).split())
    assert re.search(r"Printed \w+ \d+, \d{4}", text), text[:500]
    page.close()
