"""The club ladder view (widget/views/ladder/ladder.js): the club's results file and players file
(tests/ladder/) opened in the calculator, every figure checked against elo_core's own answer for the same
files (`ladder_report`, `ladder_stakes`, `ladder_csv`, run here: no figure is written into the test); the
rank, sorting, the name filter, a player's page with the chart by date and by game number, head-to-head,
what a game would do, both CSV exports, the settings, a phone's 320 px and axe. Then the embed:
<elo-calculator view="ladder" src players> with its files on the club's own origin, on a spreadsheet
service's origin that allows CORS, on one that does not, and a file that is not there."""

from __future__ import annotations

import csv
import io
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from elo_core.reports.ladder import (
    HISTORY_COLUMNS,
    RANKING_COLUMNS,
    CsvWords,
    history_rows,
    ladder_report,
    ladder_stakes,
    to_csv,
)

from .a11y import violations
from .conftest import HOSTS, ROOT, open_widget, wait_ready
from .ui import let_first_read, pick_two_first_held, placed, shown

sys.path.insert(0, str(ROOT / "scripts"))
import serve

FILES = Path(__file__).resolve().parents[1] / "ladder"
GAMES, PLAYERS = FILES / "club-games.csv", FILES / "club-players.csv"
HEADS = ["Rank", "Name", "Rating", "Games", "W–D–L", "Score", "Last game", "Not ranked"]
CSV_HEADS = {"en": ["Pool", "Rank", "ID", "Name", "Rating", "Games", "Wins", "Draws", "Losses", "Score", "Forfeits won",
                    "Forfeits lost", "First game", "Last game", "Provisional", "Active", "Why inactive", "Change",
                    "RD", "Volatility"],
             "de": ["Gruppe", "Rang", "ID", "Name", "Wertung", "Partien", "Siege", "Remis", "Niederlagen", "Punkte",
                    "Kampflos gewonnen", "Kampflos verloren", "Erste Partie", "Letzte Partie", "Vorläufig", "Aktiv",
                    "Grund der Inaktivität", "Veränderung", "RD", "Volatilität"]}
"""The ranking's CSV headers in the page's language (RANKING_COLUMNS' words), as the report's CSV has them."""
HISTORY_HEADS = ["Game", "Date", "Line", "Opponent", "Score", "Change", "Rating"]
"""A player's history's CSV headers in English (HISTORY_COLUMNS' words)."""


def engine(**request: Any) -> dict[str, Any]:
    """elo_core's ladder of the club's files, as the view asks for it (English)."""
    answer = ladder_report({"text": GAMES.read_bytes(), "players": PLAYERS.read_bytes(), "locale": "en", **request})
    assert answer["ok"], answer
    return answer


def pool(answer: dict[str, Any], name: str | None = None) -> list[dict[str, Any]]:
    """A pool's players in elo_core's order (the first pool by default, as the view shows first)."""
    name = answer["pools"][0] if name is None else name
    return [p for p in answer["players"] if p["pool"] == name]


def open_files(page: Page) -> Locator:
    """The calculator's way in: its button, then both files through their pickers; the ranking once shown."""
    page.get_by_role("button", name="Open a results file").click()
    expect(page.get_by_role("heading", name="Club ladder", exact=True)).to_be_focused()
    return give_files(page)


def give_files(page: Page) -> Locator:
    """Both files through their pickers, the view shown; the ranking once shown."""
    page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
    page.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    table = ranking(page)
    # Ranked with the players file's names (read apart from the results file, it may come second: ranked again).
    expect(table).to_contain_text("Anna Meier")
    return table


def ranking(page: Page) -> Locator:
    table = page.get_by_role("table", name=re.compile(r"^Ranking \("))
    expect(table).to_be_visible(timeout=60_000)
    return table


def rows(table: Locator) -> list[dict[str, str]]:
    heads = [h.replace("↕", "").replace("▲", "").replace("▼", "").strip()
             for h in table.locator(":scope > thead > tr > th").all_inner_texts()]
    cells: list[list[str]] = table.locator(":scope > tbody > tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    return [dict(zip(heads, row, strict=True)) for row in cells]


def expected_row(p: dict[str, Any]) -> dict[str, str]:
    marks = ", ".join([*([("no games yet" if p["games"] == 0 else "provisional")] if p["provisional"] else []),
                       *([p["inactive_reason"]] if not p["active"] else [])]) or "—"
    return {"Rank": "—" if p["rank"] is None else str(p["rank"]), "Name": p["name"], "Rating": shown(p["rating"], 0),
            "Games": str(p["games"]), "W–D–L": f"{p['wins']}–{p['draws']}–{p['losses']}",
            "Score": shown(p["score"], 1), "Not ranked": marks}


def names(table: Locator) -> list[str]:
    return [r["Name"] for r in rows(table)]


def test_the_ranking_sorts_filters_and_follows_the_settings(widget: Page) -> None:
    table = open_files(widget)
    answer = engine()
    players = pool(answer)
    assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [
        {k: v for k, v in expected_row(p).items()} for p in players]
    expect(widget.locator("#announce")).to_have_text(f"Ranking ready: {len(players)} players.")
    # Sorting: a header's button, aria-sort on its header, a second press turns it round.
    widget.get_by_role("button", name="Rating", exact=True).click()
    expect(widget.get_by_role("columnheader", name="Rating")).to_have_attribute("aria-sort", "descending")
    expect(widget.get_by_role("button", name="Rating", exact=True)).to_be_focused()
    assert names(table) == [p["name"] for p in sorted(players, key=lambda p: -p["rating"])]
    expect(widget.locator("#announce")).to_have_text("Sorted by Rating, descending.")
    widget.get_by_role("button", name="Rating", exact=True).click()
    expect(widget.get_by_role("columnheader", name="Rating")).to_have_attribute("aria-sort", "ascending")
    assert names(table) == [p["name"] for p in sorted(players, key=lambda p: p["rating"])]
    widget.get_by_role("button", name="Name", exact=True).click()
    placed(table, "Name", "ascending")
    assert names(table) == sorted(p["name"] for p in players)
    expect(widget.get_by_role("columnheader", name="Rating")).not_to_have_attribute("aria-sort", re.compile("."))
    # The filter: accents aside; the count said once the typing pauses.
    widget.get_by_label("Filter by name").fill("mul")
    expect(widget.locator("#ladder-count")).to_have_text(f"1 of {len(players)} players shown.")
    expect(table).not_to_have_attribute("aria-busy", "true")
    assert names(table) == ["Eva Müller"]
    expect(widget.locator("#announce")).to_have_text(f"1 of {len(players)} players shown.")  # "of 6 players"
    widget.get_by_label("Filter by name").fill("")
    # Another pool: its own players.
    widget.get_by_label("Pool").select_option(answer["pools"][1])
    expect(table.locator("tbody tr")).to_have_count(len(pool(answer, answer["pools"][1])))
    # Named with the ranking (its caption, printed over it), and said: the count changed, the live region told the last.
    n = len(pool(answer, answer["pools"][1]))
    expect(table.locator("caption")).to_have_text(f"Ranking (Elo (any sport)): {answer['pools'][1]}")
    expect(widget.locator("#announce")).to_have_text(
        f"Ranking (Elo (any sport)): {answer['pools'][1]}: {n} of {n} players shown.")
    widget.get_by_label("Pool").select_option(answer["pools"][0])
    # The settings: Glicko-2 by weeks (no K, a period), a provisional threshold, a change since a date.
    settings = widget.get_by_role("group", name="Settings")
    expect(settings.get_by_label("Rating period")).to_be_hidden()  # Elo has no periods
    settings.get_by_label("Rating system").select_option("glicko2")
    expect(settings.get_by_label("K-factor")).to_be_hidden()
    settings.get_by_label("Rating period").select_option("week")
    settings.get_by_label("Games before a player is ranked").fill("3")
    settings.get_by_label("Change since").fill("2026-01-01")
    glicko = pool(engine(system="glicko2", period="week", provisional_games=3, since="2026-01-01"))
    widget.get_by_role("button", name="Rank", exact=True).click()
    expect(table.locator("tbody tr").first.locator("td.c-change")).to_have_text(
        shown(sorted(glicko, key=lambda p: (p["rank"] is None, p["rank"] or 0))[0]["change"], 0, sign=True))
    assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [expected_row(p) for p in glicko]
    # A number that is none is said at the settings, and nothing is replayed.
    settings.get_by_label("Start rating").fill("abc")
    expect(widget.get_by_text("Not a number: Start rating.")).to_be_visible()


def test_by_default_an_idle_player_is_marked_inactive_below_the_ranked_and_0_turns_it_off(widget: Page) -> None:
    """Issue 39 item 4: the settings show a club's defaults (1 game before a player is ranked, 3 months without a
    game before one is inactive); Eva Müller, whose last rapid game is in October, is marked inactive and listed
    below the ranked players; 0 months ranks her again, as elo_core does."""
    table = open_files(widget)
    settings = widget.get_by_role("group", name="Settings")
    expect(settings.get_by_label("Games before a player is ranked")).to_have_value("1")
    months = settings.get_by_label("Months without a game before a player is marked inactive")
    expect(months).to_have_value("3")
    shown_rows = rows(table)
    eva = next(i for i, r in enumerate(shown_rows) if r["Name"] == "Eva Müller")
    assert ("—", "inactive") == (shown_rows[eva]["Rank"], shown_rows[eva]["Not ranked"])
    assert all(r["Rank"] == "—" for r in shown_rows[eva:])
    months.fill("0")
    off = pool(engine(inactive_months=0))
    assert next(p for p in off if p["name"] == "Eva Müller")["rank"] is not None
    expect(table.locator("tbody tr").filter(has_text="Eva Müller").locator("td").first).to_have_text(
        str(next(p for p in off if p["name"] == "Eva Müller")["rank"]))
    assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [expected_row(p) for p in off]


def test_elo_s_own_settings_a_higher_k_for_first_games_and_the_400_cap(widget: Page) -> None:
    """Elo's settings of a ledger (issue 32 item 2): a K of its own for a player's first games, and rating
    differences over 400 counted as 400; replayed as elo_core replays them, and offered for Elo only."""
    table = open_files(widget)
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("K-factor").fill("20")
    settings.get_by_label("Higher K for a player's first games").fill("40")
    settings.get_by_label("How many first games").fill("3")
    settings.get_by_label("Count rating differences over 400 as 400").check()
    elo = pool(engine(k=20, first_k=40, first_games=3, cap_400=True))
    assert elo != pool(engine(k=20))  # the settings change the ladder
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(elo[0]["rating"], 0))
    assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [expected_row(p) for p in elo]
    settings.get_by_label("Rating system").select_option("glicko")
    for label in ("Higher K for a player's first games", "How many first games",
                  "Count rating differences over 400 as 400"):
        expect(settings.get_by_label(label)).to_be_hidden()


def test_a_player_s_page_chart_head_to_head_and_stakes(widget: Page) -> None:
    table = open_files(widget)
    answer = engine()
    anna = next(p for p in pool(answer) if p["name"] == "Anna Meier")
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    expect(widget.get_by_role("heading", name="Anna Meier", exact=True)).to_be_focused()
    chart = widget.get_by_role("img", name="Rating of Anna Meier")
    expect(chart).to_be_visible()
    expect(chart.locator("desc")).to_have_text(f"The rating after each of {anna['games']} games, by date.")
    # By game number: the axis runs from 0 to the last game's number.
    widget.get_by_label("Game number", exact=True).check()
    expect(chart.locator("desc")).to_have_text(f"The rating after each of {anna['games']} games, by game number.")
    expect(chart.locator("text.tick").last).to_have_text(str(anna["games"]))
    widget.get_by_label("Date", exact=True).check()
    expect(chart.locator("text.tick").last).to_have_text("Feb 24, 2026")
    history = widget.get_by_role("table", name="History of Anna Meier")
    expect(history.locator("tbody tr")).to_have_count(anna["games"])
    expect(history.locator("tbody tr").last.locator("td").last).to_have_text(shown(anna["history"]["rating"][-1], 0))
    # Head-to-head: every opponent she met in the pool, from her side.
    h2h = widget.get_by_role("table", name="Head-to-head: Anna Meier")
    mine = [h for h in answer["head_to_head"] if h["pool"] == anna["pool"] and anna["id"] in (h["a"], h["b"])]
    expect(h2h.locator("tbody tr")).to_have_count(len(mine))
    ben = next(h for h in mine if "BK" in (h["a"], h["b"]))
    wins, losses = (ben["a_wins"], ben["b_wins"]) if ben["a"] == "AM" else (ben["b_wins"], ben["a_wins"])
    expect(h2h.locator("tbody tr").filter(has_text="Ben Keller").locator("td:not(.phone-only)")).to_have_text(
        [str(ben["games"]), str(wins), str(ben["draws"]), str(losses), re.compile("."), re.compile(".")])
    # What a game would do: against the opponent chosen (found by part of the name), elo_core's stakes.
    widget.get_by_role("combobox", name="Opponent").fill("cleo")
    widget.get_by_role("option", name="Cleo Roth").click()
    cleo = next(p for p in pool(answer) if p["name"] == "Cleo Roth")
    stakes = ladder_stakes({"system": "elo", "a": anna, "b": cleo})["outcomes"]
    table_of = widget.get_by_role("table", name="A game between Anna Meier and Cleo Roth")
    for outcome, label in zip(stakes, ("Win", "Draw", "Loss"), strict=True):
        expect(table_of.get_by_role("row", name=re.compile(f"^{label}"))).to_contain_text(
            shown(outcome["a"]["change"], 1, sign=True))
        expect(table_of.get_by_role("row", name=re.compile(f"^{label}"))).to_contain_text(
            shown(outcome["b"]["rating"], 0))
    # Said, as the tables change (they changed silently: an accessibility pass).
    expect(widget.locator("#announce")).to_have_text("A game between Anna Meier and Cleo Roth: " + ", ".join(
        f"{label} {shown(o['a']['change'], 1, sign=True)}" for o, label in zip(stakes, ("Win", "Draw", "Loss"))) + ".")
    # The history's CSV is elo_core's.
    with widget.expect_download() as download:
        widget.get_by_role("button", name="Download the history (CSV)").click()
    assert download.value.suggested_filename == "club-games Anna Meier.csv"
    text = Path(download.value.path()).read_bytes().decode("utf-8")
    words = CsvWords(dict(zip(HISTORY_COLUMNS, HISTORY_HEADS, strict=True)))
    assert text == "\ufeff" + to_csv(history_rows(anna["history"]), HISTORY_COLUMNS, ",", words)
    widget.get_by_role("button", name="Back to the ranking").click()
    expect(table.get_by_role("button", name="Anna Meier", exact=True)).to_be_focused()


def test_the_opponent_picker_says_its_count_once_the_typing_pauses(page: Page, widget_origin: str) -> None:
    """The count found was said at each key ("er": two counts), and after a pick too (an accessibility pass, a
    review). On a fake clock (a fresh profile: the clock stays with its context)."""
    open_widget(page, widget_origin)
    wait_ready(page)
    open_files(page).get_by_role("button", name="Anna Meier", exact=True).click()
    combo = page.get_by_role("combobox", name="Opponent")
    # The clock first: the count of the field cleared, due 500 ms on, was said on a real clock when the machine was
    # slow to come to the next line.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from now on, no timer runs but in run_for
    combo.fill("")
    page.evaluate("""() => { const status = document.getElementById("ladder-opponent-status"); window.said = [];
        new MutationObserver(() => window.said.push(status.textContent)).observe(status, {childList: true}); }""")
    for key in "er":
        combo.press(key)
        page.clock.run_for(100)
    assert [] == page.evaluate("window.said")
    page.clock.run_for(500)
    found = [p for p in pool(engine()) if "er" in p["name"].casefold() and p["name"] != "Anna Meier"]
    expect(page.locator("#ladder-opponent-status")).to_have_text(f"{len(found)} players found.")
    assert [f"{len(found)} players found."] == page.evaluate("window.said")
    page.evaluate("window.said = []")
    combo.fill("cleo")
    combo.press("Enter")  # the one found, chosen before the count is said
    expect(combo).to_have_value("Cleo Roth")
    page.clock.run_for(1000)
    assert all("found" not in text for text in page.evaluate("window.said"))


def test_the_ranking_s_csv_is_the_ranking_as_shown(widget: Page) -> None:
    open_files(widget)
    widget.get_by_label("Filter by name").fill("e")
    players = [p for p in pool(engine()) if "e" in p["name"].casefold()]
    expect(widget.locator("#ladder-count")).to_have_text(re.compile(f"^{len(players)} of "))
    with widget.expect_download() as download:
        widget.get_by_role("button", name="Download the ranking (CSV)").click()
    assert download.value.suggested_filename == "club-games.csv"
    text = Path(download.value.path()).read_bytes().decode("utf-8").removeprefix("\ufeff")
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == CSV_HEADS["en"]
    assert [line[RANKING_COLUMNS.index("id")] for line in lines[1:]] == [p["id"] for p in players]
    words = CsvWords(dict(zip(RANKING_COLUMNS, CSV_HEADS["en"], strict=True)))
    shown_players = [{k: v for k, v in p.items() if k != "history"} for p in players]
    assert text == to_csv(shown_players, RANKING_COLUMNS, ",", words)


def test_the_ranking_s_csv_on_a_german_page_has_german_headers_and_words(warm_context: BrowserContext,
                                                                         widget_origin: str) -> None:
    """The ranking's CSV had English headers and yes/no on a German page, the report's German ones (hp85 e5_csv)."""
    page = warm_context.new_page()
    page.route(f"{widget_origin}/club/games.csv", lambda route: route.fulfill(
        status=200, content_type="text/csv", body=GAMES.read_bytes()))
    open_widget(page, widget_origin, "?view=ladder&lang=de&src=..%2Fclub%2Fgames.csv")
    expect(page.get_by_role("table", name=re.compile(r"^Rangliste \("))).to_be_visible(timeout=60_000)
    with page.expect_download() as download:
        page.get_by_role("button", name="Rangliste herunterladen (CSV)").click()
    lines = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig")), delimiter=";"))
    assert lines[0] == CSV_HEADS["de"]
    flags = {line[RANKING_COLUMNS.index(column)] for line in lines[1:] for column in ("provisional", "active")}
    assert {"ja", "nein"} == flags
    # The reason a player is not ranked, as the table says it (it said "inactive", the key: stop 61's note).
    assert {"", "inaktiv"} == {line[RANKING_COLUMNS.index("inactive_reason")] for line in lines[1:]}


def test_pasted_results_without_a_players_file_and_a_file_that_is_none(widget: Page) -> None:
    expect(widget.get_by_role("region", name="Result")).to_have_count(1)
    widget.get_by_role("button", name="Open a results file").click()
    expect(widget.get_by_role("region", name="Result")).to_have_count(0)  # no empty landmark in the view's outline
    widget.get_by_label("Or paste the results").fill("2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,½\n")
    widget.get_by_role("button", name="Read the pasted results").click()
    table = ranking(widget)
    answer = ladder_report({"text": "2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,½\n", "locale": "en"})
    assert [r["Name"] for r in rows(table)] == [p["name"] for p in answer["players"]]
    widget.get_by_label("Or paste the results").fill("this is, no ledger\nat all")
    widget.get_by_role("button", name="Read the pasted results").click()
    expect(widget.get_by_role("alert").filter(has_text="not a results file the ladder can read")).to_be_visible()
    widget.get_by_role("button", name="Back to the calculator").click()
    expect(widget.get_by_role("button", name="Open a results file")).to_be_focused()
    expect(widget.get_by_role("region", name="Result")).to_have_count(1)


def test_a_players_file_of_other_players_and_an_empty_results_file_are_said(widget: Page, tmp_path: Path) -> None:
    """A views pass: the engine's "is it the players file of these games?" was shown as "not a results file the
    ladder can read"; an empty results file gave an empty ranking and no word."""
    widget.get_by_role("button", name="Open a results file").click()
    other = tmp_path / "players.csv"
    other.write_text("id,name,rating\nX,Xaver Other,1500\n", encoding="utf-8")
    widget.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(other))
    widget.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    alert = widget.get_by_role("alert").filter(has_text="not one game names a player this players file lists")
    expect(alert).to_contain_text("is it the players file of these games?")
    widget.get_by_role("button", name="Forget the players file").click()
    expect(ranking(widget)).to_be_visible()
    expect(alert).to_have_count(0)  # the ranking of the file alone, and no word of the players file forgotten
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    widget.get_by_label("Results file (CSV)").set_input_files(str(empty))
    expect(widget.get_by_role("alert").filter(has_text="the file is empty")).to_be_visible()


def test_the_players_file_s_members_who_played_in_no_pool_are_named_under_the_ranking(widget: Page,
                                                                                     tmp_path: Path) -> None:
    """A pool lists those who played in it: a member entered before a first game is in no table, and the view names
    them, as the command line does (elo_core's `in_no_pool`); past 30 names, the rest are counted."""
    open_files(widget)
    [nora] = engine()["in_no_pool"]
    notes = widget.locator("#ladder-note-list")
    expect(notes).to_contain_text(f"1 player of the players file has played in no pool yet, and is in no table: "
                                  f"{nora['name']}.")
    members = tmp_path / "members.csv"
    members.write_bytes(PLAYERS.read_bytes().rstrip(b"\n") + b"\n" + b"".join(
        f"M{i:02},Member {i:02},\n".encode() for i in range(32)))
    missing = ladder_report({"text": GAMES.read_bytes(), "players": members.read_bytes()})["in_no_pool"]
    assert len(missing) == 33
    widget.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(members))
    named = ", ".join(p["name"] for p in missing[:30])
    expect(notes).to_contain_text(f"33 players of the players file have played in no pool yet, and are in no table: "
                                  f"{named}, and 3 more.")


def test_at_320_px_the_ranking_fits_without_scrolling_sideways_and_axe_finds_nothing(
        for_axe: BrowserContext, widget_origin: str) -> None:
    page = for_axe.new_page()
    page.set_viewport_size({"width": 320, "height": 640})
    open_widget(page, widget_origin)
    wait_ready(page)
    open_files(page)
    box = page.get_by_role("region", name=re.compile(r"^Ranking \("))
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # its columns past the essentials step out
    assert [] == violations(page)
    page.get_by_role("button", name="Anna Meier", exact=True).click()
    expect(page.get_by_role("table", name="Head-to-head: Anna Meier")).to_be_visible()
    expect(page.get_by_role("table", name=re.compile("^A game between"))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert [] == violations(page)


# ---- the embed ------------------------------------------------------------------------------------


class _Sheet(SimpleHTTPRequestHandler):
    """A spreadsheet service's published CSV: `cors` sends Access-Control-Allow-Origin: * as Google Sheets'
    "Publish to the web" links do; without it, the browser refuses the club's page the file."""

    cors = True

    def end_headers(self) -> None:
        if self.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


def _sheet_server(root: Path, cors: bool) -> ThreadingHTTPServer:
    handler = type("Sheet", (_Sheet,), {"cors": cors})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture()
def club(tmp_path: Path, widget_origin: str) -> Iterator[str]:
    """The club's site (localhost, its own port) with the ladder's page and files, and two spreadsheet
    services on 127.0.0.1: one that allows CORS, one that does not. The club's page's address."""
    sheets = tmp_path / "sheets"
    (tmp_path / "site" / "files").mkdir(parents=True)
    sheets.mkdir()
    for path in (GAMES, PLAYERS):
        shutil.copy(path, tmp_path / "site" / "files" / path.name)
        shutil.copy(path, sheets / path.name)
    allowing, refusing = _sheet_server(sheets, True), _sheet_server(sheets, False)
    shutil.copy(HOSTS / "ladder.html", tmp_path / "site" / "ladder.html")
    site = serve.start(tmp_path / "site", "localhost", 0, csp=None, substitutions={
        "__WIDGET_ORIGIN__": widget_origin, "__CORS_ORIGIN__": f"http://127.0.0.1:{allowing.server_address[1]}",
        "__REFUSED_ORIGIN__": f"http://127.0.0.1:{refusing.server_address[1]}"})
    yield f"http://localhost:{site.server_address[1]}/ladder.html"
    for server in (site, allowing, refusing):
        server.shutdown()


def test_a_club_s_page_shows_its_ladder_from_its_own_site_and_a_spreadsheet_s_csv(warm_page: Page, club: str) -> None:
    """The loader fetches each element's files in the club's page and hands them to the frame: the same origin
    and a CORS origin give the ladder elo_core gives (read-only, the element's system and K); a refused origin
    and a missing file are said in the frame, never a blank or a ladder waiting for ever."""
    warm_page.goto(club)
    answer = engine(k=24)
    for element in ("#own", "#sheet"):
        frame = warm_page.frame_locator(f"{element} iframe")
        table = frame.get_by_role("table", name="Ranking (Elo (any sport)): rapid")
        expect(table).to_be_visible(timeout=90_000)
        assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [
            expected_row(p) for p in pool(answer)]
        for hidden in ("Back to the calculator", "Read the pasted results", "Open a results file"):
            expect(frame.get_by_role("button", name=hidden)).to_be_hidden()
        expect(frame.get_by_role("group", name="Settings")).to_be_hidden()
    # The frames showed the ladder without taking the focus from the club's page (a visitor typing in
    # its search box, or a site builder's field: the builder's preview took its K and players fields).
    assert warm_page.evaluate("document.activeElement === document.body")
    refused = warm_page.frame_locator("#refused iframe")
    expect(refused.get_by_role("alert")).to_contain_text("does not allow other sites to read it")
    expect(refused.get_by_role("alert")).to_contain_text("club-games.csv")
    missing = warm_page.frame_locator("#missing iframe")
    expect(missing.get_by_role("alert")).to_contain_text("missing.csv")
    expect(missing.get_by_role("alert")).to_contain_text("404")
    for frame in (refused, missing):
        expect(frame.get_by_role("table", name=re.compile(r"^Ranking \("))).to_be_hidden()
        expect(frame.get_by_text("Fetching the results…")).to_be_hidden()


def test_a_club_s_ladder_is_shown_after_a_reload_as_the_visitor_left_it(page: Page, club: str) -> None:
    """A reload (or a change of language) put a club's ladder back to its first pool, unfiltered, in rank order
    (hp87): the pool, the filter and the order are kept for the tab and put back on the ranking's first answer."""
    page.goto(club)
    frame = page.frame_locator("#own iframe")
    expect(frame.get_by_role("table", name="Ranking (Elo (any sport)): rapid")).to_be_visible(timeout=90_000)
    answer = engine(k=24)
    other = answer["pools"][1]
    frame.get_by_label("Pool").select_option(other)
    frame.get_by_role("button", name="Rating", exact=True).click()
    name = pool(answer, other)[0]["name"]
    frame.get_by_label("Filter by name").fill(name[:3])
    expect(frame.locator("#ladder-count")).to_contain_text("1 of")
    page.reload()
    table = frame.get_by_role("table", name=f"Ranking (Elo (any sport)): {other}")
    expect(table).to_be_visible(timeout=90_000)
    expect(frame.get_by_label("Filter by name")).to_have_value(name[:3])
    expect(frame.get_by_role("columnheader", name="Rating")).to_have_attribute("aria-sort", "descending")
    assert names(table) == [name]


def test_in_a_site_builder_s_frame_the_ladder_offers_its_own_tab_to_print_or_download(warm_page: Page, club: str,
                                                                                     widget_origin: str) -> None:
    """A site builder's frame of the widget's address (no loader), sandboxed without allow-downloads or
    allow-modals: Download and Print did nothing, without a word (hp85, hp87). A link opens the view in its own tab,
    where both work; in the loader's frame (the club's page prints it, downloads work) there is none."""
    warm_page.goto(club)
    sheet = warm_page.locator("#sheet").get_attribute("src")
    address = f"{widget_origin}/widget/?view=ladder&system=elo&k=24&src={sheet}"
    warm_page.evaluate("""a => { const f = document.createElement("iframe"); f.id = "builder";
        f.setAttribute("sandbox", "allow-scripts allow-same-origin allow-popups"); f.style.height = "900px";
        f.src = a; document.body.append(f); }""", address)
    frame = warm_page.frame_locator("#builder")
    expect(frame.get_by_role("table", name=re.compile(r"^Ranking"))).to_be_visible(timeout=90_000)
    link = frame.get_by_role("link", name="Print or download doing nothing in this frame? Open it in its own tab")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("href", re.compile(r"/widget/\?view=ladder&system=elo&k=24&src="))
    own = warm_page.frame_locator("#own iframe")
    expect(own.get_by_role("table", name=re.compile(r"^Ranking"))).to_be_visible(timeout=90_000)
    expect(own.get_by_role("link", name=re.compile("in its own tab"))).to_have_count(0)


def test_a_file_the_club_s_policy_refuses_and_an_address_with_a_password_are_said_as_such(
        warm_page: Page, club: str, widget_origin: str, tmp_path: Path) -> None:
    """A strict Content-Security-Policy (no connect-src) blocked the club's own file, and the frame blamed the server
    or CORS; an address with user:password@ was shown without them and called "not a web address" (a hostile
    pass)."""
    site = club.rsplit("/", 1)[0]
    (tmp_path / "site" / "strict-ladder.html").write_text(f"""<!doctype html>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src {widget_origin};
          frame-src {widget_origin}">
        <elo-calculator id="own" view="ladder" src="files/club-games.csv"></elo-calculator>
        <elo-calculator id="secret" view="ladder" src="{site.replace('//', '//club:pw@')}/files/club-games.csv">
        </elo-calculator><script async src="{widget_origin}/embed.js"></script>""", encoding="utf-8")
    warm_page.goto(f"{site}/strict-ladder.html")
    own = warm_page.frame_locator("#own iframe").get_by_role("alert")
    expect(own).to_contain_text("the page's Content-Security-Policy does not allow it", timeout=90_000)
    expect(own.get_by_role("button", name="Retry")).to_have_count(0)  # asking again cannot mend it
    expect(warm_page.frame_locator("#secret iframe").get_by_role("alert")).to_contain_text(
        "holds a user name or password")


def test_refused_lines_of_one_kind_are_said_once_with_the_value_their_count_and_lines(widget: Page) -> None:
    """Nineteen games with a result of 0.7 and one good one: one note, naming the column and the value refused,
    how many lines and which, as elo_core groups them (contract.group_problems)."""
    text = "date,white,black,result\n2025-01-01,Anna,Ben,1\n" + "".join(
        f"2025-01-{day:02d},Anna,Ben,0.7\n" for day in range(2, 21))
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Or paste the results").fill(text)
    widget.get_by_role("button", name="Read the pasted results").click()
    ranking(widget)
    notes = widget.locator("#ladder-note-list > li")
    expect(notes.filter(has_text="result: 0.7")).to_have_count(1)
    expect(notes.filter(has_text="result: 0.7")).to_have_text(
        "Results file (CSV), line 3: a result that is no result: not rated (result: 0.7) (19 lines: 3–21)")


def test_two_problems_on_each_line_are_said_as_so_many_times_not_so_many_lines(widget: Page, tmp_path: Path) -> None:
    """Both players of two lines missing from the players file: four problems on two lines, said "4 times, lines 3–4"
    as elo_core words it (contract.group_problems), where the view said "4 lines" (a hostile pass: 110 of 55)."""
    games, players = tmp_path / "games.csv", tmp_path / "players.csv"
    games.write_text("date,white,black,result\n2025-01-01,AM,BK,1\n2025-01-02,XX,YY,1\n2025-01-03,YY,XX,0\n",
                     encoding="utf-8")
    players.write_text("id,name\nAM,Anna\nBK,Ben\n", encoding="utf-8")
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Results file (CSV)").set_input_files(str(games))
    widget.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(players))
    ranking(widget)
    note = widget.locator("#ladder-note-list > li").filter(has_text="players file does not list")
    expect(note).to_have_count(1)
    expect(note).to_contain_text("(4 times, lines 3–4)")


def test_a_results_file_picked_while_another_is_still_read_is_the_one_ranked(widget: Page) -> None:
    """As the report's (test_event_view): the first file, read later, took the second's place."""
    widget.get_by_role("button", name="Open a results file").click()
    pick_two_first_held(widget, "ladder-file", "2026-01-01,Anna,Ben,1\n", "2026-01-01,Carl,Dora,1\n")
    table = ranking(widget)
    expect(table).to_contain_text("Carl")
    let_first_read(widget)
    expect(table).to_contain_text("Carl")
    expect(table).not_to_contain_text("Anna")
    assert widget.locator("#ladder-report").is_visible()


def test_a_player_s_page_stays_open_through_a_replay_of_the_settings(widget: Page) -> None:
    """A K typed, then a player's page opened before the replay came back: the replay closed the page again, and
    the keyboard fell to the page's top (an accessibility pass). Here the replay is asked while the page is open,
    as it then arrives. It shows the player with the new K's figures."""
    table = open_files(widget)
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    heading = widget.get_by_role("heading", name="Anna Meier", exact=True)
    expect(heading).to_be_focused()
    # The settings' replay arriving now, as one typed just before (the settings are on the ranking's page).
    widget.evaluate("""() => { const k = document.getElementById("ladder-k"); k.value = "40";
        k.dispatchEvent(new Event("input", { bubbles: true })); }""")
    anna = next(p for p in pool(engine(k=40)) if p["name"] == "Anna Meier")
    history = widget.get_by_role("table", name="History of Anna Meier")
    expect(history.locator("tbody tr").last.locator("td").last).to_have_text(shown(anna["history"]["rating"][-1], 0))
    expect(heading).to_be_focused()
    expect(widget.locator("#ladder-report")).to_be_hidden()


def test_a_new_file_under_a_kept_filter_says_how_many_it_shows(widget: Page) -> None:
    """A filter kept from the last file, that shows none of the new one: 'Ranking ready: 7 players.' was said over
    an empty table (an accessibility pass). The count shown is said with it."""
    open_files(widget)
    widget.get_by_label("Filter by name").fill("zzz")
    expect(widget.locator("#announce")).to_have_text(re.compile(r"^0 of \d+ players shown\.$"))  # the filter's, said
    widget.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    said = re.compile(r"^Ranking ready: \d+ players\. 0 of \d+ players shown\.$")
    expect(widget.locator("#announce")).to_have_text(said)


def test_a_setting_that_is_no_number_is_marked_at_its_field_and_the_date_s_calendar_button_is_ringed(
        widget: Page) -> None:
    """K typed as 'abc' was named under the settings, but the field itself was not marked (an accessibility pass)."""
    open_files(widget)
    k = widget.get_by_role("group", name="Settings").get_by_label("K-factor", exact=True)
    k.fill("abc")
    expect(k).to_have_attribute("aria-invalid", "true")
    expect(widget.locator("#ladder-settings-error")).to_contain_text("K-factor")
    k.fill("24")
    expect(k).not_to_have_attribute("aria-invalid", "true")
    expect(widget.locator("#ladder-settings-error")).to_have_text("")
    # Chromium's date field takes Tab at each part and at its calendar button, where the field is neither :focus nor
    # :focus-visible: the button had only the browser's thin ring (hp111). Shift+Tab from the next field reaches it.
    widget.get_by_label("Change since").locator("xpath=following::select[1]").focus()
    widget.keyboard.press("Shift+Tab")
    assert ["ladder-since", "solid 3px"] == widget.evaluate("""() => [document.activeElement.id,
        ((s) => `${s.outlineStyle} ${s.outlineWidth}`)(getComputedStyle(document.activeElement))]""")


def test_a_reload_keeps_the_settings_and_text_typed_and_the_file_opened_again_is_rated_by_them(widget: Page) -> None:
    """A reload lost the settings a visitor had typed (K back to its default) and left the view for the calculator,
    under the view's entry in the history (Back then did nothing to be seen): the view now shows again; the file is
    kept nowhere, so they open it again, and their settings are there and in force; the text pasted is there too."""
    open_files(widget)
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("K-factor").fill("20")
    settings.get_by_label("Higher K for a player's first games").fill("40")
    settings.get_by_label("How many first games").fill("3")
    settings.get_by_label("Count rating differences over 400 as 400").check()
    widget.get_by_label("Or paste the results").fill("2024-01-05, Anna, Bert, 1-0")
    widget.reload()  # at once: within the pause before the fields are written
    wait_ready(widget)
    table = open_again(widget)
    expect(settings.get_by_label("K-factor")).to_have_value("20")
    expect(settings.get_by_label("How many first games")).to_have_value("3")
    expect(settings.get_by_label("Count rating differences over 400 as 400")).to_be_checked()
    expect(widget.get_by_label("Or paste the results")).to_have_value("2024-01-05, Anna, Bert, 1-0")
    elo = pool(engine(k=20, first_k=40, first_games=3, cap_400=True))
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(elo[0]["rating"], 0))
    assert [{k: r[k] for k in HEADS if k != "Last game"} for r in rows(table)] == [expected_row(p) for p in elo]
    # Text no build writes is not put back: the defaults.
    # (written as the next page starts: the page left writes its own fields as it goes)
    widget.add_init_script("""for (const k of Object.keys(sessionStorage)) if (k.includes(':fields:')) {
        const kept = JSON.parse(sessionStorage.getItem(k));  // what the page wrote, its values replaced
        kept.values = {'ladder-k': 7, 'ladder-system': 'chess960', 'ladder-cap': 'yes'};
        sessionStorage.setItem(k, JSON.stringify(kept));
    }""")
    widget.reload()
    wait_ready(widget)
    open_again(widget)
    expect(settings.get_by_label("K-factor")).to_have_value("32")  # the contract's (CONTRACT.ladder.k)
    expect(settings.get_by_label("Rating system")).to_have_value("elo")
    expect(settings.get_by_label("Count rating differences over 400 as 400")).not_to_be_checked()
    # The browser's Back leaves the view for the calculator, as before the reload.
    widget.go_back()
    expect(widget.get_by_role("button", name="Open a results file")).to_be_visible()
    expect(widget.get_by_role("heading", name="Club ladder", exact=True)).to_be_hidden()


def test_results_pasted_and_read_are_ranked_again_after_a_reload_as_the_visitor_left_them(
        page: Page, widget_origin: str) -> None:
    """Results pasted and read were in their box after a reload, and no ranking: the visitor had to read them again
    (hp114). Now the ranking comes back, filtered as it was, also when Python starts again after the reload (a fresh
    profile: the settings put back asked for a replay that came first, and the ranking stayed hidden, rv91). Text
    changed after it was read, or read beside a players file (kept nowhere), is not read unasked."""
    text = GAMES.read_text(encoding="utf-8")
    open_widget(page, widget_origin)
    page.get_by_role("button", name="Open a results file").click()
    page.get_by_label("Or paste the results").fill(text)
    page.get_by_role("button", name="Read the pasted results").click()
    table = ranking(page)
    before = rows(table)
    page.get_by_label("Filter by name").fill("an")
    filtered = [r for r in before if "an" in r["Name"].lower()]
    expect(table.locator("tbody tr")).to_have_count(len(filtered))
    page.reload()
    expect(page.get_by_label("Filter by name")).to_have_value("an")
    expect(ranking(page).locator("tbody tr")).to_have_count(len(filtered))
    assert rows(ranking(page)) == filtered
    expect(page.locator("#ladder-heading")).not_to_be_focused()  # in a club's frame, the club's page keeps its focus
    # Changed and not read: the box keeps the change, and no ranking is made of it unasked.
    page.get_by_label("Or paste the results").fill(text + "2026-05-01,Zed,Yves,1-0\n")
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("Or paste the results")).to_have_value(text + "2026-05-01,Zed,Yves,1-0\n")
    expect(page.get_by_role("table", name=re.compile(r"^Ranking \("))).to_be_hidden()
    # Read beside a players file: both are opened again.
    page.get_by_role("button", name="Read the pasted results").click()
    page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
    expect(ranking(page)).to_contain_text("Anna Meier")
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("Or paste the results")).to_have_value(text + "2026-05-01,Zed,Yves,1-0\n")
    expect(page.get_by_role("table", name=re.compile(r"^Ranking \("))).to_be_hidden()


def open_again(page: Page) -> Locator:
    """After a reload in the view: the view again (its heading not focused: in a club's frame that would take the
    club's page's focus), its files to be opened again; the ranking once shown."""
    expect(page.get_by_role("heading", name="Club ladder", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Club ladder", exact=True)).not_to_be_focused()
    return give_files(page)


US_DATES = "date,white,black,result\n01/02/2026,Alice,Bob,1-0\n01/09/2026,Bob,Carol,1-0\n02/01/2026,Carol,Alice,1-0\n" \
    "03/05/2026,Alice,Carol,0-1\n04/03/2026,Bob,Alice,1/2\n"


@pytest.mark.parametrize(("locale", "lang", "read"), [("en-US", "", "en-US"), ("en-GB", "", "en-GB"),
                                                      ("en-GB", "en-US", "en-US")])
def test_slashed_dates_no_date_decides_are_read_by_the_visitor_s_region(browser: Browser, widget_origin: str,
                                                                       locale: str, lang: str, read: str) -> None:
    """A US club's 02/01/2026 was read as 2 January for a US visitor (the page sent "en", never "en-US"), and the
    note said "the usual way for your language". Now the visitor's region decides, as the command line's --locale
    does, unless the club's element says its own (lang="en-US": its file, whoever reads it: rv84); and the note says
    which way the dates were read."""
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        open_widget(page, widget_origin, f"?lang={lang}" if lang else "")
        page.get_by_role("button", name="Open a results file").click()
        page.get_by_label("Or paste the results").fill(US_DATES)
        page.get_by_role("button", name="Read the pasted results").click()
        table = ranking(page)
        answer = ladder_report({"text": US_DATES, "locale": read})
        assert answer["ok"], answer
        expect(table.locator("tbody tr").first).to_contain_text(answer["players"][0]["name"])
        assert [(r["Name"], r["Rating"]) for r in rows(table)] == [(p["name"], shown(p["rating"], 0))
                                                                 for p in answer["players"]]
        order = "month first (month/day)" if read == "en-US" else "day first (day/month)"
        expect(page.locator("#ladder-notes")).to_contain_text(f"read {order}")
    finally:
        context.close()


def test_a_player_s_chart_takes_the_system_s_colours_under_forced_colours(widget: Page) -> None:
    """Windows' contrast themes: the chart's SVG kept its own colours, axis labels at 2.1:1 on the forced background
    (an accessibility pass). Its text is the system's text colour; the rating line the system's highlight."""
    widget.emulate_media(forced_colors="active", color_scheme="dark")
    table = open_files(widget)
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    chart = widget.get_by_role("img", name="Rating of Anna Meier")
    expect(chart).to_be_visible()
    colours = chart.evaluate("""svg => ({ tick: getComputedStyle(svg.querySelector(".tick")).fill,
        text: getComputedStyle(document.body).color,
        line: getComputedStyle(svg.querySelector(".rating-line")).stroke,
        highlight: (() => { const probe = document.body.appendChild(document.createElement("span"));
            probe.style.color = "Highlight"; const c = getComputedStyle(probe).color; probe.remove();
            return c; })() })""")
    assert colours["tick"] == colours["text"], colours
    assert colours["line"] == colours["highlight"], colours


def test_a_player_s_chart_keeps_its_text_s_size_when_the_page_narrows(widget: Page) -> None:
    """Zoomed in (the page as wide as a phone's), the chart drawn at its first width was scaled down, and its text
    with it: 24 px to 5 px (an accessibility pass). It is drawn again for its new width."""
    widget.set_viewport_size({"width": 1280, "height": 900})
    table = open_files(widget)
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    chart = widget.get_by_role("img", name="Rating of Anna Meier")
    expect(chart).to_be_visible()
    tall = "svg => svg.querySelector('.tick').getBoundingClientRect().height"
    assert chart.evaluate(tall) >= 12
    widget.set_viewport_size({"width": 360, "height": 800})
    # Drawn for its 330 px: its 12 px labels as they are (scaled from 720 units, they were 5.5 px).
    widget.wait_for_function(f"() => ({tall})(document.getElementById('ladder-chart-svg')) >= 11")
    assert chart.evaluate("svg => svg.getBoundingClientRect().width") < 360


def test_the_browser_s_back_on_a_player_s_page_returns_to_the_ranking(widget: Page) -> None:
    """A phone's back gesture on a player's page left the whole ladder (an accessibility pass): it returns to the
    ranking, the keyboard at the player's row; Forward opens the page again; the view's own Back to the
    calculator leaves both."""
    table = open_files(widget)
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    heading = widget.get_by_role("heading", name="Anna Meier", exact=True)
    expect(heading).to_be_focused()
    widget.go_back()
    expect(table).to_be_visible()
    expect(table.get_by_role("button", name="Anna Meier", exact=True)).to_be_focused()
    widget.go_forward()
    expect(heading).to_be_focused()
    widget.get_by_role("button", name="Back to the ranking").click()
    expect(table.get_by_role("button", name="Anna Meier", exact=True)).to_be_focused()
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    expect(heading).to_be_focused()
    widget.get_by_role("button", name="Back to the calculator").click()
    expect(widget.get_by_label("Your rating")).to_be_visible()
    expect(widget.get_by_role("heading", name="Club ladder", exact=True)).to_be_hidden()


def test_the_way_back_to_the_calculator_never_leaves_the_widget(warm_context: BrowserContext,
                                                                widget_origin: str) -> None:
    """The ladder as the page's own view (view="ladder"), a player's page opened, then the calculator, then the
    ladder again from it: its Back to the calculator went two entries back, out of the widget (a review)."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=ladder")
    page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
    page.get_by_label("Results file (CSV)").set_input_files(str(GAMES))
    table = ranking(page)
    table.get_by_role("button", name="Anna Meier", exact=True).click()
    expect(page.get_by_role("heading", name="Anna Meier", exact=True)).to_be_focused()
    page.get_by_role("button", name="Back to the calculator").click()
    expect(page.get_by_label("Your rating")).to_be_visible()
    page.get_by_role("button", name="Open a results file").click()
    expect(page.get_by_role("heading", name="Club ladder", exact=True)).to_be_focused()
    page.get_by_role("button", name="Back to the calculator").click()
    expect(page.get_by_label("Your rating")).to_be_visible()
    assert page.url.startswith(f"{widget_origin}/widget/")


WIDEST_WORD = """table => [...table.tHead.rows[0].cells].filter((th) => th.offsetWidth).map((th) => {
    const style = getComputedStyle(th);
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = style.font;
    const word = Math.max(...th.textContent.split(/\\s+/).map((w) => pen.measureText(w).width));
    const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [th.textContent, Math.floor(room) >= Math.floor(word)];
})"""
"""Each shown header of a table, and whether its longest word fits on one of its lines."""


def test_on_a_phone_a_player_s_history_and_head_to_head_headers_keep_their_words_whole(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """At 375 px the History and Head-to-head tables broke their headers letter by letter ("G/a/m/e", "Sc/or/e"):
    a rule meant for the stakes' long names let any header break anywhere (a hostile pass)."""
    page = warm_context.new_page()
    page.set_viewport_size({"width": 375, "height": 740})
    open_widget(page, widget_origin)
    wait_ready(page)
    open_files(page).get_by_role("button", name="Anna Meier", exact=True).click()
    for name in ("History of Anna Meier", "Head-to-head: Anna Meier"):
        table = page.get_by_role("table", name=name)
        expect(table.locator("tbody tr").first).to_be_visible()
        heads = table.evaluate(WIDEST_WORD)
        assert len(heads) >= 3 and all(fits for _, fits in heads), (name, heads)  # head-to-head's: its W–D–L


def test_on_a_phone_an_unranked_player_s_rank_says_why(warm_context: BrowserContext, widget_origin: str) -> None:
    """Below 36rem the ranking leaves out its "Not ranked" column: an unranked player's row said why by its grey
    alone, and a screen reader heard "— Eva Müller 1672" (a hostile pass). Now the rank's cell says it there
    ("— inactive"); on a wider screen the column says it, and the cell its dash."""
    unranked = {p["name"]: expected_row(p)["Not ranked"] for p in pool(engine()) if p["rank"] is None}
    assert "inactive" in unranked.values()
    page = warm_context.new_page()
    page.set_viewport_size({"width": 375, "height": 740})
    open_widget(page, widget_origin)
    wait_ready(page)
    table = open_files(page)
    for width, says in ((375, "— {}"), (1280, "—")):
        page.set_viewport_size({"width": width, "height": 740})
        for name, why in unranked.items():
            row = table.get_by_role("row").filter(has=page.get_by_role("button", name=name, exact=True))
            expect(row.get_by_role("cell").first).to_have_accessible_name(says.format(why))
