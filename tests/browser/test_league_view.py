"""A league in the ladder view (issue 42): a results file with scores opened in the calculator is a league table
(played, won, drawn, lost, points for and against); a preset chosen in the settings fills its K and rules; a
team's page lists its games with venue and score and its chances against another team at home, away and neutral;
and a club's element with `preset` shows the ratings the CLI gives for the same files. Every figure is elo_core's
own answer for the same request (`ladder_report`, `ladder_stakes`, the CLI), run here: none is written into the
test."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from elo_core.reports.ladder import ladder_report, ladder_stakes
from elo_core.transport.cli import main
from tests.head_words import BROKEN_HEAD_WORDS

from .conftest import ROOT, open_widget
from .test_ladder_view import ranking, rows
from .test_print import pdf_pages
from .ui import shown

sys.path.insert(0, str(ROOT / "scripts"))
import serve

LEAGUE = ROOT / "tests" / "league"
TOWN, NFL = LEAGUE / "town-league.csv", LEAGUE / "nfl_games_2014_2020.csv"
HEADS = ["Rank", "Name", "Rating", "Games", "Wins", "Draws", "Losses", "For", "Against", "Last game", "Not ranked"]


def engine(**request: Any) -> dict[str, Any]:
    answer = ladder_report({"text": TOWN.read_bytes(), "locale": "en", **request})
    assert answer["ok"], answer
    return answer


def open_league(page: Page) -> Locator:
    page.get_by_role("button", name="Open a results file").click()
    page.get_by_label("Results file (CSV)").set_input_files(str(TOWN))
    return ranking(page)


def expected(p: dict[str, Any]) -> dict[str, str]:
    """A team's row as its league's table counts it: its walkovers are games won or lost (hp114)."""
    won, lost = p["forfeits_won"], p["forfeits_lost"]
    return {"Rank": str(p["rank"]), "Name": p["name"], "Rating": shown(p["rating"], 0),
            "Games": str(p["games"] + won + lost), "Wins": str(p["wins"] + won), "Draws": str(p["draws"]),
            "Losses": str(p["losses"] + lost), "For": str(p["points_for"]), "Against": str(p["points_against"])}


def league_game(page: Page, rating: int, k: int, opponent: int) -> None:
    """The calculator in Elo with a league's games: the rating, K and the first game's opponent typed."""
    page.get_by_label("Rating system").select_option("elo")
    page.get_by_label("Your rating").fill(str(rating))
    page.get_by_label("K-factor").fill(str(k))
    page.get_by_label("A league's games: venue, score and K of each").check()
    page.get_by_label("Opponent rating, game 1", exact=True).fill(str(opponent))


def test_a_leagues_scores_make_a_league_table_and_a_preset_fills_its_rules(widget: Page) -> None:
    table = open_league(widget)
    assert [{k: r[k] for k in HEADS[:9]} for r in rows(table)] == [expected(p) for p in engine()["players"]]
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("League preset").select_option("world-football")
    expect(settings.get_by_label("Home advantage (rating points)")).to_have_value("100")
    expect(settings.get_by_label("Margin of victory")).to_have_value("world-football")
    expect(settings.get_by_label("K-factor")).to_have_value("30")
    world = engine(preset="world-football", k=30, home_advantage=100, margin="world-football")["players"]
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(world[0]["rating"], 0))
    assert [{k: r[k] for k in HEADS[:9]} for r in rows(table)] == [expected(p) for p in world]
    # A rule changed after the preset is the club's own: home advantage 0.
    settings.get_by_label("Home advantage (rating points)").fill("0")
    level = engine(preset="world-football", home_advantage=0)["players"]
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(level[0]["rating"], 0))
    assert [r["Rating"] for r in rows(table)] == [shown(p["rating"], 0) for p in level]
    # Bad input at its field, nothing replayed.
    settings.get_by_label("Back toward the mean at a new season (0 to 1)").fill("abc")
    expect(widget.get_by_text(re.compile(r"^Not a number: Back toward the mean"))).to_be_visible()


def test_a_preset_chosen_and_then_a_system_without_k_is_said_as_not_used_in_the_rules_line(widget: Page) -> None:
    """Glicko chosen after a league's preset rated without it, and the preset went from the rules line without a word
    (hp114): the line says it, on screen and on paper; back in Elo, the preset rates again."""
    table = open_league(widget)
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("League preset").select_option("world-football")
    expect(widget.locator("#ladder-rules")).to_contain_text("League preset: World Football Elo · K-factor: 30")
    settings.get_by_label("Rating system").select_option("glicko")
    unused = "League preset: World Football Elo (Elo's rules: Glicko (Glickman; chess.com) rates without them)"
    expect(widget.locator("#ladder-rules")).to_contain_text(unused)
    assert "K-factor" not in widget.locator("#ladder-rules").inner_text()
    widget.emulate_media(media="print")
    assert unused in widget.locator("#ladder-rules").inner_text()
    widget.emulate_media(media="screen")
    settings.get_by_label("Rating system").select_option("elo")
    expect(widget.locator("#ladder-rules")).to_contain_text("League preset: World Football Elo · K-factor: 30")
    world = engine(preset="world-football", k=30, home_advantage=100, margin="world-football")["players"]
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(world[0]["rating"], 0))


def test_a_league_table_in_a_club_page_s_column_shows_its_goals(widget: Page) -> None:
    """hp114: from 1 024 px down to 600, the league table showed W–D–L but no goals, and a "Not ranked" column of
    dashes. In a column of 1 000 px it shows For and Against, in its box, and leaves the marks to wider screens."""
    widget.set_viewport_size({"width": 1000, "height": 800})
    table = open_league(widget)
    heads = table.locator("thead th")
    expect(heads.filter(visible=True)).to_have_text(["Rank", "Name", "Rating", "Games", "Wins", "Draws", "Losses",
                                                     "For", "Against"])
    assert table.evaluate("(t) => t.scrollWidth <= t.parentElement.clientWidth")  # no sideways scrolling
    widget.set_viewport_size({"width": 1280, "height": 800})
    expect(heads.filter(visible=True)).to_have_count(11)  # with the last game and the marks


def test_a_teams_page_lists_its_games_with_venue_and_score_and_its_chances(widget: Page) -> None:
    table = open_league(widget)
    widget.get_by_role("group", name="Settings").get_by_label("League preset").select_option("world-football")
    answer = engine(preset="world-football")
    rovers = next(p for p in answer["players"] if p["id"] == "Rovers")
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(rovers["rating"], 0))
    table.get_by_role("button", name="Rovers", exact=True).click()
    history = widget.get_by_role("table", name="History of Rovers")
    expect(history.locator("tbody tr")).to_have_count(rovers["games"])
    first = history.locator("tbody tr").first.locator("td")
    expect(first).to_have_text(["Sep 6, 2025", "Bakers", "home", "3–1", shown(rovers["history"]["change"][0], 1,
                                                                               sign=True), re.compile(".")])
    neutral = rovers["history"]["venue"].index("neutral")
    expect(history.locator("tbody tr").nth(neutral).locator("td").nth(2)).to_have_text("neutral")
    # Chances against the Bakers at each venue, elo_core's (draws learnt from the file's own).
    widget.get_by_role("combobox", name="Opponent").fill("bak")
    widget.get_by_role("option", name="Bakers").click()
    bakers = next(p for p in answer["players"] if p["id"] == "Bakers")
    stakes = ladder_stakes({"preset": "world-football", "league": True, "draw_scale": answer["league"]["draw_scale"],
                            "a": rovers, "b": bakers})
    chances = widget.get_by_role("table", name="Chances of Rovers against Bakers")
    for c in stakes["chances"]:
        expect(chances.get_by_role("row", name=re.compile(f"^{c['venue']}"))).to_contain_text(
            f"{round(c['win'] * 100)}%{round(c['draw'] * 100)}%{round(c['loss'] * 100)}%")
    expect(widget.locator("#ladder-chances-how")).to_contain_text(
        f"(draws: {answer['league']['draws']}, games: {answer['league']['games']})")  # no "1 draws" (hp114)
    # World Football's margin: the stakes' win and loss are by one goal, and the page says so (hp83: it did not).
    expect(widget.locator("#ladder-stakes-margin")).to_contain_text("a win and a loss here are by one point")
    # The stakes at home: a win by one goal, elo_core's.
    widget.get_by_label("Venue", exact=True).select_option("home")
    home = ladder_stakes({"preset": "world-football", "league": True, "venue": "home", "a": rovers, "b": bakers})
    game = widget.get_by_role("table", name="A game between Rovers and Bakers")
    expect(game.get_by_role("row", name=re.compile("^Win"))).to_contain_text(
        shown(home["outcomes"][0]["a"]["change"], 1, sign=True))
    # On a phone (375 px): each game's venue (under the opponent's name) and score shown, no table wider than the page.
    widget.set_viewport_size({"width": 375, "height": 800})
    expect(history.locator("tbody tr").first.locator("td:visible")).to_have_text(
        ["Bakers", "3–1", re.compile("."), re.compile(".")])
    assert '"home"' == history.locator("tbody tr").first.locator("td.c-name").evaluate(
        "c => getComputedStyle(c, '::after').content")
    # Once the headers are laid out for the new width (keep-words.js, in the frame after the box's width changed: at
    # once, the stakes' were still as wide as at 1 280 px, 360 px in 343, CI).
    widget.wait_for_function("""() => ["ladder-history", "ladder-chances-table", "ladder-stakes-table"].every((id) => {
      const box = document.getElementById(id).parentElement; return box.scrollWidth <= box.clientWidth; })""")
    # In a phone's club page (a 359 px frame), the headers' words whole where there is room: "Expect|ed score" was
    # broken while other columns had room to spare (hp109).
    widget.set_viewport_size({"width": 359, "height": 800})
    widget.wait_for_function(f"""() => ["ladder-chances-table", "ladder-stakes-table"].every((id) =>
      ({BROKEN_HEAD_WORDS})(document.getElementById(id)).length === 0)""")


def test_a_league_s_ranking_and_team_page_speak_of_teams(widget: Page) -> None:
    """A league's views said "Players 4", "4 of 4 players shown.", "Ranking ready: 4 players.", "Games before a player
    is ranked" and "choose the player from the list", and head-to-head's "Score" was the total 2.0 beside the
    history's "3–1" (hp96): a league's answer speaks of teams, and head-to-head's total is its points."""
    table = open_league(widget)
    expect(widget.get_by_role("heading", name="League table", level=2)).to_be_visible()
    expect(widget.locator("#ladder-totals").get_by_role("term")).to_have_text(
        ["Teams", "Rated games", "Forfeited games", "First game", "Last game"])
    expect(widget.get_by_text("4 of 4 teams shown.")).to_be_visible()
    expect(widget.locator("#announce")).to_have_text("Ranking ready: 4 teams.")
    expect(widget.get_by_role("group", name="Settings").get_by_label("Games before a team is ranked")).to_be_visible()
    table.get_by_role("button", name="Rovers", exact=True).click()
    expect(widget.get_by_text("Type part of a name, then choose the team from the list.")).to_be_visible()
    h2h = widget.get_by_role("table", name="Head-to-head: Rovers")
    expect(h2h.get_by_role("columnheader")).to_have_text(
        ["Opponent", "Games", "Wins", "Draws", "Losses", "Points", "Last game"])


def test_a_league_on_a_german_page_has_teams_and_games_not_players_and_partien(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """German said "Spieler", "Gewertete Partien", "Kampflose Partien" and "Partien" of a league's teams and games
    (hp96); a chess ladder keeps them (test_ladder_view.py)."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?lang=de")
    page.get_by_role("button", name="Ergebnisdatei öffnen").click()
    page.get_by_label("Ergebnisdatei (CSV)").set_input_files(str(TOWN))
    table = page.get_by_role("table", name=re.compile(r"^Rangliste \("))
    expect(table.locator("tbody tr")).to_have_count(4)
    expect(page.locator("#ladder-totals").get_by_role("term")).to_have_text(
        ["Mannschaften", "Gewertete Spiele", "Kampflos gewertete Spiele", "Erstes Spiel", "Letztes Spiel"])
    expect(page.get_by_text("4 von 4 Mannschaften angezeigt.")).to_be_visible()
    heads = [h.replace("↕", "").strip() for h in table.locator("thead th").all_inner_texts()]
    assert ["Spiele", "Siege", "Unentschieden", "Niederlagen"] == heads[3:7]
    table.get_by_role("button", name="Rovers", exact=True).click()
    history = page.get_by_role("table", name="Verlauf von Rovers")
    expect(history.get_by_role("columnheader")).to_have_text(
        ["Spiel", "Datum", "Gegner", "Ort", "Ergebnis", "Veränderung", "Wertung"])
    expect(page.get_by_role("table", name=re.compile("^Ein Spiel zwischen Rovers und "))).to_be_visible()
    page.close()


def test_a_team_s_history_says_the_season_s_regression_on_screen_on_a_phone_and_on_paper(widget: Page) -> None:
    """FiveThirtyEight NFL's seasons go a third of the way back to 1505: the Rovers ended 2025/26 at 1549 and their
    first game of 2026/27, a win shown "+12.0", left them at 1546 (hp96). A row before that game says the regression,
    from the rating after the last game to the one taken into the new one (elo_core's `before`)."""
    table = open_league(widget)
    widget.get_by_role("group", name="Settings").get_by_label("League preset").select_option("fivethirtyeight-nfl")
    rovers = next(p for p in engine(preset="fivethirtyeight-nfl")["players"] if p["id"] == "Rovers")
    x = rovers["history"]
    moved = [i for i in range(1, len(x["before"])) if shown(x["before"][i], 1) != shown(x["rating"][i - 1], 1)]
    assert [5] == moved  # the one game of the new season
    note = f"New season: back toward the mean, {shown(x['rating'][4], 1)} → {shown(x['before'][5], 1)}"
    expect(table.get_by_role("row", name=re.compile("^1 Rovers")).locator("td.c-rating")).to_have_text(
        shown(rovers["rating"], 0))
    table.get_by_role("button", name="Rovers", exact=True).click()
    history = widget.get_by_role("table", name="History of Rovers")
    body = history.locator("tbody tr")
    expect(body).to_have_count(len(x["game"]) + 1)
    expect(body.nth(5)).to_have_text(note)  # between game 5 and game 6
    expect(body.nth(6).locator("td").nth(4)).to_have_text(shown(x["change"][5], 1, sign=True))
    widget.set_viewport_size({"width": 375, "height": 800})
    expect(body.nth(5)).to_be_visible()
    wide, room = widget.evaluate("(() => { const w = document.getElementById('ladder-history').parentElement; "
                                 "return [w.scrollWidth, w.clientWidth]; })()")
    assert wide <= room
    widget.set_viewport_size({"width": 1000, "height": 800})
    pages = pdf_pages(widget, "A4")
    assert note in " ".join(" ".join(pages).split())

@pytest.fixture()
def nfl_club(tmp_path: Path, widget_origin: str) -> Iterator[tuple[str, Path]]:
    """A club's page with the NFL's 2014-2020 games and a teams file, its element naming the preset; the teams file's
    path (the CLI reads the same)."""
    rows_ = list(csv.DictReader(io.StringIO(NFL.read_text(encoding="utf-8"))))
    first: dict[str, str] = {}
    for r in rows_:
        first.setdefault(r["team1"], r["elo1"])
        first.setdefault(r["team2"], r["elo2"])
    site = tmp_path / "site"
    (site / "files").mkdir(parents=True)
    shutil.copy(NFL, site / "files" / "nfl.csv")
    teams = site / "files" / "teams.csv"
    teams.write_text("id,rating\n" + "".join(f"{t},{e}\n" for t, e in first.items()), encoding="utf-8")
    (site / "nfl.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NFL Elo</title></head><body>'
        '<elo-calculator view="ladder" src="files/nfl.csv" players="files/teams.csv" preset="fivethirtyeight-nfl" '
        'inactive-months="0" provisional="0"></elo-calculator>'
        f'<script async src="{widget_origin}/embed.js"></script></body></html>', encoding="utf-8")
    server = serve.start(site, "localhost", 0, csp=None)
    yield f"http://localhost:{server.server_address[1]}/nfl.html", teams
    server.shutdown()


def test_the_embed_with_a_preset_shows_the_clis_ratings(warm_page: Page, nfl_club: tuple[str, Path],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    address, teams = nfl_club
    assert main(["ladder", str(NFL), "--players", str(teams), "--preset", "fivethirtyeight-nfl", "--json",
                 "--inactive-months", "0", "--provisional", "0"]) == 0
    cli = json.loads(capsys.readouterr().out)["players"]
    warm_page.goto(address)
    table = warm_page.frame_locator("elo-calculator iframe").get_by_role("table", name=re.compile(r"^Ranking \("))
    expect(table).to_be_visible(timeout=90_000)
    expect(table.locator("tbody tr")).to_have_count(len(cli))
    shown_rows = rows(table)
    assert [(r["Name"], r["Rating"], r["For"], r["Against"]) for r in shown_rows] == [
        (p["name"], shown(p["rating"], 0), str(p["points_for"]), str(p["points_against"])) for p in cli]


def test_the_calculator_rates_a_friendly_at_home_by_its_score_and_says_the_home_advantage(widget: Page) -> None:
    """Elo (any sport) with World Football's preset: a friendly at home, 3-0, its own K 20 (FIDE-RULES 1.1's worked
    example: E 0.76 with the home advantage of 100, +8.4); the game's line says the home advantage it used; the
    entries come back after a reload."""
    from elo_core import calculate

    widget.get_by_label("Rating system").select_option("elo")
    widget.get_by_label("Your rating").fill("1800")
    widget.get_by_label("K-factor").fill("30")
    widget.get_by_label("A league's games: venue, score and K of each").check()
    widget.get_by_label("League preset").select_option("world-football")
    widget.get_by_label("Opponent rating, game 1", exact=True).fill("1700")
    widget.get_by_label("Result, game 1", exact=True).select_option(label="Win")
    widget.get_by_label("Venue, game 1", exact=True).select_option("home")
    widget.get_by_label("Your points, game 1", exact=True).fill("3")
    widget.get_by_label("Their points, game 1", exact=True).fill("0")
    widget.get_by_label("Game's K, game 1", exact=True).fill("20")
    answer = calculate({"system": "elo", "rating": 1800, "k": 30, "preset": "world-football", "games": [
        {"opponent": 1700, "score": 1, "venue": "home", "points_for": 3, "points_against": 0, "k": 20}]})
    line = widget.locator("#games .game-out").first
    expect(line).to_contain_text("Home advantage +100")
    expect(line).to_contain_text(f"Expected {shown(answer['games'][0]['expected'], 2)}")
    expect(line).to_contain_text(shown(answer["change"], 1, sign=True))
    assert shown(answer["change"], 1, sign=True) == "+8.4"
    widget.reload()
    expect(widget.get_by_label("Venue, game 1", exact=True)).to_have_value("home")
    expect(widget.get_by_label("Your points, game 1", exact=True)).to_have_value("3")
    expect(widget.locator("#games .game-out").first).to_contain_text("Home advantage +100")


def test_a_leagues_games_are_rated_game_by_game_unless_the_pre_event_rating_is_chosen(widget: Page) -> None:
    """eloratings.net and FiveThirtyEight rate each game from the rating after the one before. Ticking the league's
    box showed "From the pre-event rating" and rated two games from 1500 each, off the published figures. The update
    now follows the box while none is chosen (its shown value and its answer), and a choice made stays."""
    from elo_core import calculate

    widget.get_by_label("Rating system").select_option("elo")
    widget.get_by_label("Your rating").fill("1500")
    widget.get_by_label("K-factor").fill("40")
    update = widget.get_by_label("Rating update")
    expect(update).to_have_value("event")
    widget.get_by_label("A league's games: venue, score and K of each").check()
    expect(update).to_have_value("sequential")
    games: list[dict[str, Any]] = [
        {"opponent": 1600, "score": 1, "venue": "home", "points_for": 2, "points_against": 0},
        {"opponent": 1650, "score": 1, "venue": "away", "points_for": 3, "points_against": 1}]
    widget.get_by_role("button", name="Add game").click()
    for n, game in enumerate(games, start=1):
        widget.get_by_label(f"Opponent rating, game {n}", exact=True).fill(str(game["opponent"]))
        widget.get_by_label(f"Result, game {n}", exact=True).select_option(label="Win")
        widget.get_by_label(f"Venue, game {n}", exact=True).select_option(game["venue"])
        widget.get_by_label(f"Your points, game {n}", exact=True).fill(str(game["points_for"]))
        widget.get_by_label(f"Their points, game {n}", exact=True).fill(str(game["points_against"]))
    widget.get_by_label("League preset").select_option("world-football")
    request = {"system": "elo", "rating": 1500, "k": 40, "preset": "world-football", "games": games}
    by_game, from_start = (calculate({**request, "update": how}) for how in ("sequential", "event"))
    assert shown(by_game["change"], 1) != shown(from_start["change"], 1)
    total = widget.get_by_label("Total change", exact=True)
    expect(total).to_have_text(shown(by_game["change"], 1, sign=True))
    widget.reload()
    expect(update).to_have_value("sequential")
    update.select_option("event")
    expect(total).to_have_text(shown(from_start["change"], 1, sign=True))
    widget.get_by_label("A league's games: venue, score and K of each").uncheck()
    widget.get_by_label("A league's games: venue, score and K of each").check()
    expect(update).to_have_value("event")


def test_a_score_that_says_another_result_is_said_at_the_game(widget: Page) -> None:
    """A win typed with a score of 2-5: the engine refuses the game's result, and its message had no place to go (the
    result has no box of its own): nothing was shown or said, only the figures went (a hostile pass). It is said in
    the game's row, which describes the result too."""
    league_game(widget, 1500, 20, 1500)
    result = widget.get_by_label("Result, game 1", exact=True)
    result.select_option(label="Win")
    widget.get_by_label("Your points, game 1", exact=True).fill("2")
    widget.get_by_label("Their points, game 1", exact=True).fill("5")
    expect(result).to_have_attribute("aria-invalid", "true")
    box = widget.locator(f"#{result.get_attribute('aria-describedby')}")
    expect(box).to_be_visible()
    expect(box).to_contain_text("2-5")
    widget.get_by_label("Their points, game 1", exact=True).fill("1")
    expect(result).not_to_have_attribute("aria-invalid", "true")
    expect(box).to_be_hidden()


def test_pasted_score_lines_fill_each_games_venue_and_points(widget: Page) -> None:
    """`3-1 v 1720 home`: the opponent, the result from the score, the venue and both points in the game's fields, the
    league's box ticked by the paste (its fields shown and sent)."""
    widget.get_by_label("Rating system").select_option("elo")
    widget.get_by_label("Your rating").fill("1700")
    widget.get_by_role("button", name="Paste results").click()
    widget.get_by_label("Results to add").fill("3-1 v 1720 home K40\n1650 2:2 (a)\n1540 L 24-17 A")
    widget.get_by_role("button", name="Add games").click()
    # A line's own K (it was dropped in silence) and a US schedule's line (its score and venue were dropped: hp96).
    expect(widget.get_by_label("Game's K, game 1", exact=True)).to_have_value("40")
    expect(widget.get_by_label("Game's K, game 2", exact=True)).to_have_value("")
    expect(widget.get_by_label("Venue, game 3", exact=True)).to_have_value("away")
    expect(widget.get_by_label("Your points, game 3", exact=True)).to_have_value("17")
    expect(widget.get_by_label("Their points, game 3", exact=True)).to_have_value("24")
    expect(widget.get_by_label("Venue, game 1", exact=True)).to_have_value("home")
    expect(widget.get_by_label("Your points, game 1", exact=True)).to_have_value("3")
    expect(widget.get_by_label("Their points, game 1", exact=True)).to_have_value("1")
    expect(widget.get_by_label("Result, game 1", exact=True)).to_have_value("1")
    expect(widget.get_by_label("Venue, game 2", exact=True)).to_have_value("away")
    expect(widget.get_by_label("Result, game 2", exact=True)).to_have_value("0.5")
    expect(widget.get_by_label("Opponent rating, game 2", exact=True)).to_have_value("1650")
    expect(widget.get_by_label("A league's games: venue, score and K of each")).to_be_checked()


def test_seasons_that_start_in_august_are_set_in_the_view(widget: Page) -> None:
    """Results pasted without a season column, a regression of 0.5 and seasons from 1 August: a January game is in
    the season that began in August (no regression), as elo_core says for the same settings."""
    text = "2025-09-06,Rovers,Bakers,3-1\n2026-01-10,Rovers,Bakers,2-0\n2026-09-05,Rovers,Bakers,1-1\n"
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Or paste the results").fill(text)
    widget.get_by_role("button", name="Read the pasted results").click()
    table = ranking(widget)
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("Back toward the mean at a new season (0 to 1)").fill("0.5")
    settings.get_by_label("Seasons start on (MM-DD)").fill("08-01")
    answer = ladder_report({"text": text, "locale": "en", "season_regression": 0.5, "season_start": "08-01"})
    rovers = next(p for p in answer["players"] if p["id"] == "Rovers")
    plain = next(p for p in ladder_report({"text": text, "season_regression": 0.5})["players"] if p["id"] == "Rovers")
    assert shown(rovers["rating"], 0) != shown(plain["rating"], 0)  # the settings tell two ladders apart
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(rovers["rating"], 0))


def test_a_rule_the_engine_refuses_is_marked_at_its_field_in_the_page_s_language(widget: Page) -> None:
    """A hostile pass (hp83): a home advantage of -5, a regression of 1.5 or a season start of 13-01 were said in
    Python's English ("expected season_start to be …"), at no field, on a German page too."""
    open_league(widget)
    settings = widget.get_by_role("group", name="Settings")
    settings.get_by_label("League preset").select_option("world-football")
    home = settings.get_by_label("Home advantage (rating points)")
    home.fill("-5")
    said = widget.locator("#ladder-settings-error")
    expect(said).to_have_text(re.compile(r"^Home advantage \(rating points\): Enter a number from 0 to 1,?000\.$"))
    expect(home).to_have_attribute("aria-invalid", "true")
    home.fill("100")
    start = settings.get_by_label("Seasons start on (MM-DD)")
    start.fill("13-01")
    expect(said).to_have_text("Seasons start on (MM-DD): Enter a month and a day as MM-DD, such as 08-01.")
    expect(start).to_have_attribute("aria-invalid", "true")
    expect(home).not_to_have_attribute("aria-invalid", "true")
    start.fill("08-01")
    expect(said).to_have_text("")
    expect(start).not_to_have_attribute("aria-invalid", "true")


def test_a_fractional_k_from_the_address_is_shown_whole_and_the_venue_is_not_printed(
        warm_context: BrowserContext, widget_origin: str) -> None:
    """K 22.75 from the element was shown as 22.8, and rated at 22.8 once another field was typed (hp83). A team's
    printed page ended with its Venue choice alone (its stakes and opponent are not printed)."""
    page = warm_context.new_page()
    open_widget(page, widget_origin, "?view=ladder&system=elo&k=22.75&lang=en")
    page.get_by_label("Results file (CSV)").set_input_files(str(TOWN))
    table = ranking(page)
    settings = page.get_by_role("group", name="Settings")
    expect(settings.get_by_label("K-factor")).to_have_value("22.75")
    settings.get_by_label("Start rating").fill("1500")
    rovers = next(p for p in engine(k=22.75)["players"] if p["id"] == "Rovers")
    expect(table.locator("tbody tr").first.locator("td.c-rating")).to_have_text(shown(rovers["rating"], 0))
    table.get_by_role("button", name="Rovers", exact=True).click()
    expect(page.get_by_label("Venue", exact=True)).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator("#ladder-venue-field")).to_be_hidden()


def test_a_game_s_k_of_0_is_refused_as_not_above_0(widget: Page) -> None:
    """"Enter a number from 0 to 1000." for a K of 0 (hp83): the engine's least K (1e-9) shown with no decimals."""
    league_game(widget, 1800, 30, 1700)
    k = widget.get_by_label("Game's K, game 1", exact=True)
    k.fill("0")
    expect(k).to_have_attribute("aria-invalid", "true")
    expect(widget.get_by_text(re.compile(r"^Enter a number above 0 and at most 1,?000\.$"))).to_be_visible()


def test_a_game_between_two_long_named_teams_fits_a_320_px_phone(widget: Page, tmp_path: Path) -> None:
    """"Change of Wolverhampton Wanderers" and its like made the stakes table 514 px wide in a 343 px box (hp83), and
    wider than a desktop's screen."""
    long = tmp_path / "long-names.csv"
    long.write_text("date,home,away,score\n2025-09-06,Manchester United,Wolverhampton Wanderers,3-1\n"
                    "2025-09-13,Wolverhampton Wanderers,Brighton and Hove Albion,1-1\n", encoding="utf-8")
    widget.set_viewport_size({"width": 320, "height": 700})
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Results file (CSV)").set_input_files(str(long))
    ranking(widget).get_by_role("button", name="Manchester United", exact=True).click()
    widget.get_by_role("combobox", name="Opponent").fill("wolv")
    widget.get_by_role("option", name="Wolverhampton Wanderers").click()
    game = "A game between Manchester United and Wolverhampton Wanderers"
    expect(widget.get_by_role("table", name=game)).to_be_visible()
    expect(widget.locator("#ladder-stakes-margin")).to_have_count(0)  # no margin rule: nothing to say
    for table_id in ("ladder-history", "ladder-chances-table", "ladder-stakes-table"):
        wide, room = widget.evaluate(f"(() => {{ const w = document.getElementById('{table_id}').parentElement; "
                                     "return [w.scrollWidth, w.clientWidth]; })()")
        assert wide <= room, (table_id, wide, room)
    # Wider, each header was one line: the stakes were 1 447 px wide on a 1 280 px screen, scrolled sideways (hp109).
    for width in (600, 1280):
        widget.set_viewport_size({"width": width, "height": 700})
        for table_id in ("ladder-chances-table", "ladder-stakes-table"):
            wide, room = widget.evaluate(f"(() => {{ const w = document.getElementById('{table_id}').parentElement; "
                                         "return [w.scrollWidth, w.clientWidth]; })()")
            assert wide <= room, (width, table_id, wide, room)


def test_a_walkover_counts_in_the_table_s_played_won_lost_and_goals_and_on_the_team_s_page(widget: Page,
                                                                                          tmp_path: Path) -> None:
    """hp114: a team awarded a match (`3-0 w/o`, `0-3 forfait`) showed it nowhere in the league table: one game and
    one win fewer, its three goals left out. The table counts it as the league's own table does; it is still not
    rated (the team's history lists the games played)."""
    league = tmp_path / "walkovers.csv"
    league.write_text("date,home,away,score\n2025-01-01,Alpha,Beta,3-1\n2025-01-08,Alpha,Beta,3-0 w/o\n"
                      "2025-01-15,Beta,Gamma,2-2\n2025-01-22,Gamma,Alpha,0-3 forfait\n", encoding="utf-8")
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Results file (CSV)").set_input_files(str(league))
    table = ranking(widget)
    expect(table.locator("tbody tr")).to_have_count(3)
    heads = ["Name", "Games", "Wins", "Draws", "Losses", "For", "Against"]
    assert sorted([[r[k] for k in heads] for r in rows(table)]) == [
        ["Alpha", "3", "3", "0", "0", "9", "1"], ["Beta", "3", "0", "1", "2", "3", "8"],
        ["Gamma", "2", "0", "1", "1", "2", "5"]]
    # Sorted by games, Alpha's 3 are counted so (its 1 game played would put Beta's 2 first).
    widget.get_by_role("columnheader", name=re.compile("^Games")).get_by_role("button").click()
    expect(widget.get_by_role("status").filter(has_text="Sorted by")).to_have_text("Sorted by Games, descending.")
    expect(table.locator("tbody tr").get_by_role("rowheader")).to_have_text(["Alpha", "Beta", "Gamma"])
    table.get_by_role("button", name="Alpha", exact=True).click()
    facts = widget.locator("#ladder-player dl")
    expect(facts).to_contain_text("Games3")
    expect(facts).to_contain_text("3–0–0")
    expect(widget.get_by_role("table", name="History of Alpha").locator("tbody tr")).to_have_count(1)
    # Its head-to-head adds up to the same: Beta twice (3-1 and the walkover), Gamma once (hp117).
    met = widget.locator("#ladder-h2h tbody tr")
    expect(met).to_have_count(2)
    expect(met.first.locator("td").nth(0)).to_have_text("2")
    expect(met.first.locator("td").nth(1)).to_have_text("2–0–0")


def test_a_league_file_s_problems_name_its_columns_in_a_league_s_words(widget: Page, tmp_path: Path) -> None:
    """A score of `3-` was said as "(result: 3-)" and a team playing itself as "(black: Rovers)" in a file of home,
    away and score (hp83): the columns are named as a league's, in the page's language."""
    league = tmp_path / "bad-league.csv"
    league.write_text("date,home,away,score,neutral\n2025-09-06,Rovers,Bakers,2-1,0\n2025-09-13,Rovers,Bakers,3-,0\n"
                      "2025-09-20,Rovers,Rovers,1-1,0\n", encoding="utf-8")
    widget.get_by_role("button", name="Open a results file").click()
    widget.get_by_label("Results file (CSV)").set_input_files(str(league))
    ranking(widget)
    notes = widget.locator("#ladder-note-list")
    expect(notes).to_contain_text("(score: 3-)")
    expect(notes).to_contain_text("(away: Rovers)")
    expect(notes).not_to_contain_text("black")


def test_a_team_s_history_fits_a_320_px_phone_in_every_language_and_a_600_px_column(warm_context: BrowserContext,
                                                                widget_origin: str) -> None:
    """A 320 px phone's club page (a 304 px frame): the history's one-word headers ("Tegenstander", "Verandering",
    "Variazione") made it 309 and 315 px wide in Dutch and Italian, 295 in German and 291 in French, its rating off
    the edge (hp109). Each header breaks where it must, the opponents' column last, never narrower than its word."""
    page = warm_context.new_page()
    try:
        # And a club page's column of 600 px: each header and date on one line there, the change and rating were past
        # the right edge, 710 px in 568 in Dutch.
        for lang, width in (("de", 304), ("fr", 304), ("es", 304), ("nl", 304), ("it", 304), ("nl", 600)):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(f"{widget_origin}/widget/?view=ladder&lang={lang}")
            page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
            page.locator("#ladder-table tbody tr button").first.click()
            expect(page.locator("#ladder-history tbody tr").first).to_be_visible()
            wide, room, lines = page.evaluate("""(() => {
              const box = document.getElementById("ladder-history").parentElement;
              const range = document.createRange();
              range.selectNodeContents(document.querySelector("#ladder-history thead th.c-name"));
              return [box.scrollWidth, box.clientWidth, new Set([...range.getClientRects()].map((r) => r.top)).size];
            })()""")
            assert wide <= room, (lang, width, wide, room)
            assert 1 == lines, lang  # the opponents' header whole, and so their column as wide
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["de", "nl", "it", "fr", "es"])
def test_a_team_s_headers_break_only_at_a_hyphen_on_a_phone(warm_context: BrowserContext, widget_origin: str,
                                                            lang: str) -> None:
    """A phone's club page (a 359 px frame): a header with no room for its longest word broke anywhere, in a column as
    narrow as the others left it: "Une|ntsc|hied|en", "Verän|derun|g von" in German, "Ver|wac|hte sco|re" in Dutch,
    "Variaz|ione di" in Italian (Chromium here, which has no hyphenation dictionary; Firefox, which has, broke
    "Un|ent|schi|e|den"). Each now breaks at a syllable, with a hyphen, and the tables still fit."""
    page = warm_context.new_page()
    try:
        page.set_viewport_size({"width": 359, "height": 800})
        page.goto(f"{widget_origin}/widget/?view=ladder&lang={lang}")
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        page.locator("#ladder-table tbody tr button").first.click()
        expect(page.locator("#ladder-chances-table tbody tr").first).to_be_visible()
        for table_id in ("ladder-history", "ladder-chances-table", "ladder-stakes-table"):
            assert [] == page.locator(f"#{table_id}").evaluate(BROKEN_HEAD_WORDS), table_id
            wide, room = page.evaluate(f"(() => {{ const w = document.getElementById('{table_id}').parentElement; "
                                       "return [w.scrollWidth, w.clientWidth]; })()")
            assert wide <= room, table_id
    finally:
        page.close()


def test_a_preset_in_the_address_is_not_undone_by_the_settings_a_tab_kept_for_another(warm_context: BrowserContext,
                                                                                       widget_origin: str) -> None:
    """A tab's ladder settings are kept for a reload; they were put back over another address's too: a plain ladder
    opened first (K typed), then `?preset=world-football` in the same tab rated its league by plain Elo and K 32 (the
    first's kept) and printed "League preset: None" (hp110). A reload still gets what was typed."""
    page = warm_context.new_page()
    try:
        page.goto(f"{widget_origin}/widget/?view=ladder")
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        ranking(page)
        settings = page.get_by_role("group", name="Settings")
        settings.get_by_label("K-factor").fill("20")
        page.goto(f"{widget_origin}/widget/?view=ladder&preset=world-football")  # its pagehide writes what was typed
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        world = engine(preset="world-football")["players"]
        first = ranking(page).locator("tbody tr").first
        expect(first.locator("td.c-rating")).to_have_text(shown(world[0]["rating"], 0))
        settings = page.get_by_role("group", name="Settings")
        expect(settings.get_by_label("League preset")).to_have_value("world-football")
        expect(settings.get_by_label("K-factor")).to_have_value("30")
        settings.get_by_label("K-factor").fill("25")
        page.reload()
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        ranking(page)
        expect(page.get_by_role("group", name="Settings").get_by_label("K-factor")).to_have_value("25")
    finally:
        page.close()


def test_a_team_s_page_opened_while_the_settings_replay_is_not_told_the_ranking_is_ready(widget: Page) -> None:
    """K typed, then a team opened before the games were replayed: their page is shown again with the new figures,
    and "Ranking ready: 4 teams." was said over it, the visitor on the team's page (hp111)."""
    table = open_league(widget)
    widget.evaluate("""() => { const region = document.getElementById("announce"); window.said = [];
      new MutationObserver(() => said.push(region.textContent)).observe(region, {childList: true, subtree: true,
                                                                                 characterData: true}); }""")
    widget.get_by_role("group", name="Settings").get_by_label("K-factor").fill("20")
    table.get_by_role("button", name="Rovers", exact=True).click()  # within the settings' pause (300 ms)
    rovers = next(p for p in engine(k=20)["players"] if p["id"] == "Rovers")
    expect(widget.locator("#ladder-player .event-totals")).to_contain_text(f"Rating{shown(rovers['rating'], 0)}")
    assert [] == [text for text in widget.evaluate("said") if text.startswith("Ranking ready")]


def test_what_was_typed_in_a_ladder_s_settings_survives_a_change_of_language(warm_context: BrowserContext,
                                                                             widget_origin: str) -> None:
    """The settings kept for the tab are put back only over the address's own (the test above); the first way of
    telling them apart, by the fields' values, lost everything typed at a change of language where the address's K was
    fractional: 22.75 shows as "22,75" in German (rv89)."""
    page = warm_context.new_page()
    try:
        page.goto(f"{widget_origin}/widget/?view=ladder&k=22.75")
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        ranking(page)
        page.locator("#ladder-start").fill("1400")
        page.goto(f"{widget_origin}/widget/?view=ladder&k=22.75&lang=de")  # as the language menu does
        page.locator("#ladder-view input[type=file]").first.set_input_files(str(TOWN))
        expect(page.locator("#ladder-table tbody tr").first).to_be_visible()
        expect(page.locator("#ladder-start")).to_have_value("1400")
    finally:
        page.close()
