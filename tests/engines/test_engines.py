"""The calculator in Firefox and WebKit (and an old WebKit): the published examples typed in as a
person would, on the widget's own page and through the snippet on a club's page of another origin,
the embedded frame's size (no inner scrollbar; as tall as its content), entries kept over a reload
and between two tabs, Reset and Undo, a game's line of figures at a phone's width, and a tournament
report file opened in the event view and one of its rows read; the report's and the ladder's rows at a phone's
widths and a desktop's, their name, change and new rating on screen."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from elo_core.reports.event import event_report
from elo_core.reports.ladder import ladder_report
from tests.engines import SNIPPET_FRAME, Calculator, wait
from tests.fit_check import FIT_CHECK

# Selenium's own WebKitGTK and WPE drivers still pass remote_server_addr, which Selenium deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "vectors" / "seeds.json"
ENGLISH = ROOT / "widget" / "i18n" / "en.json"
RESULTS = {1: "Win", 0.5: "Draw", 0: "Loss"}
SYSTEMS = {"elo": "Elo (any sport)", "fide": "FIDE (chess)"}
UPDATES = {"event": "From the pre-event rating", "sequential": "Game by game"}

# The frame's document: how far its content reaches, and the viewport the club page gives it.
FRAME_METRICS = """const e = document.documentElement;
    return {scroll: e.scrollHeight, client: e.clientHeight, content: e.getBoundingClientRect().height};"""


def seed(name: str) -> dict[str, Any]:
    case: dict[str, Any] = next(c for c in json.loads(SEEDS.read_text())["cases"] if c["name"] == name)
    return case


def enter_fide_period(calculator: Calculator) -> None:
    """FIDE's two-game junior period: 2000 at K 40 beats 2100 (+25.6), draws 1900 (-5.6): 2020."""
    calculator.choose("Rating system", SYSTEMS["fide"])
    calculator.type_into("Your rating", "2000")
    calculator.type_into("K-factor", "")
    calculator.set_checked("Fewer than 30 rated games", False)
    calculator.set_checked("18 or younger this year", True)
    calculator.set_checked("Rating has ever reached 2400", False)
    calculator.choose("Time control", "Standard")
    calculator.set_games([("2100", "Win"), ("1900", "Draw")])


def enter_elo(calculator: Calculator, request: dict[str, Any]) -> None:
    """A plain Elo request (a seed's) typed into the form, Elo already chosen."""
    calculator.type_into("Your rating", str(request["rating"]))
    calculator.type_into("K-factor", str(request["k"]))
    calculator.choose("Rating update", UPDATES[request["update"]])
    calculator.set_checked("Count rating differences over 400 as 400", False)
    calculator.set_games([(str(g["opponent"]), RESULTS[g["score"]]) for g in request["games"]])


def wait_no_inner_scrollbar(calculator: Calculator, when: str) -> None:
    seen: dict[str, float] = {}

    def fits(d: WebDriver) -> bool:
        seen.update(d.execute_script(FRAME_METRICS))
        return seen["scroll"] <= seen["client"] + 1

    calculator.wait(fits, lambda: f"{when}: the frame scrolls: its document is {seen['scroll']} px tall "
                                  f"in a {seen['client']} px viewport")


def test_plain_elo_seed_example_in_the_standalone_widget(driver: WebDriver, widget_origin: str) -> None:
    case = seed("000: 1450, K 40, four games, event")
    request, expect = case["request"], case["expect"]
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/")
    calculator.choose("Rating system", SYSTEMS[request["system"]])
    enter_elo(calculator, request)
    calculator.wait_for_text("New rating", expect["new_rating"])
    assert "+" + expect["change"] == calculator.text_of("Total change")


def test_fide_example_through_the_snippet_on_another_origin(driver: WebDriver, host_origin: str) -> None:
    calculator = Calculator.embedded(driver, f"{host_origin}/fide.html")
    enter_fide_period(calculator)
    calculator.wait_for_text("New rating", "2020")
    assert "+20" == calculator.text_of("Total change")
    with calculator.host() as page:
        assert [] == page.execute_script("return window.pageErrors")


def test_embedded_frame_has_no_inner_scrollbar_before_and_after_a_result(driver: WebDriver, host_origin: str) -> None:
    calculator = Calculator.embedded(driver, f"{host_origin}/fide.html")
    wait_no_inner_scrollbar(calculator, "form usable")
    enter_fide_period(calculator)
    calculator.wait_for_text("New rating", "2020")
    calculator.find("Rating through the event", reveal=False)  # the chart has rendered
    wait_no_inner_scrollbar(calculator, "result and chart shown")


def test_embedded_frame_is_as_tall_as_its_content(driver: WebDriver, host_origin: str) -> None:
    calculator = Calculator.embedded(driver, f"{host_origin}/fide.html")
    enter_fide_period(calculator)
    calculator.wait_for_text("New rating", "2020")
    calculator.find("Rating through the event", reveal=False)
    seen = [0.0, 0.0]

    def matches(d: WebDriver) -> bool:
        """(the iframe's height as laid out in the club page, its document's content height) agree."""
        content = float(d.execute_script(FRAME_METRICS)["content"])
        with calculator.host() as page:
            seen[:] = [float(page.execute_script("return arguments[0].getBoundingClientRect().height",
                                                 calculator.frame)), content]
        return abs(seen[0] - seen[1]) <= 2

    calculator.wait(matches, lambda: f"the iframe is {seen[0]} px tall in the club page, its content {seen[1]} px")


def message_pattern(template: str) -> re.Pattern[str]:
    """A translation as the page shows it: each {placeholder} stands for some text."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".+?".join(re.escape(" ".join(p.split())) for p in parts))


def test_game_controls_are_named_as_one_phrase(driver: WebDriver, widget_origin: str) -> None:
    """The engine's own accessible name (WebDriver's computed label): "Opponent rating, game 1",
    not "Opponent rating , game 1" as Firefox and WebKit read a visually hidden span in a label."""
    from selenium.webdriver.common.by import By

    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/?lang=en")
    calculator.wait_usable()
    names = {el.get_attribute("class"): el.accessible_name
             for el in driver.find_elements(By.CSS_SELECTOR, ".game .opp, .game .res, .game .remove")[:3]}
    assert {"opp": "Opponent rating, game 1", "res": "Result, game 1", "remove": "Remove game 1"} == names


def test_old_engine_says_it_is_too_old(wpe: WebDriver, widget_origin: str) -> None:
    """WPE WebKit 2.38 (Safari 16.0's engine) lacks what the widget needs: it says so, in words."""
    texts: dict[str, str] = json.loads(ENGLISH.read_text(encoding="utf-8"))
    if "engine.tooOld" not in texts:
        pytest.fail(f"{ENGLISH.relative_to(ROOT)} has no key engine.tooOld: no too-old message to look for")
    too_old, failed = message_pattern(texts["engine.tooOld"]), message_pattern(texts["engine.failed"])
    wpe.get(f"{widget_origin}/widget/")
    shown, where = [""], [""]

    def settled(d: WebDriver) -> bool:
        """The too-old message shows, or the page has come to some other end: failed, or loaded.

        Read from the DOM, not from layout: headless cog may not have laid the page out yet, and
        then innerText is empty and offsetParent null although the text is there."""
        shown[0] = " ".join(str(d.execute_script(
            "const t = document.getElementById('engine-text'); return t ? t.textContent : ''")).split())
        # Where the page is, for a failure's message (it once stayed empty for 90 s in CI, cause unknown).
        where[0] = str(d.execute_script("return [document.readyState, location.href,"
                                        " (document.body ? document.body.textContent : '').trim().slice(0, 200)]"))
        return bool(too_old.search(shown[0]) or failed.search(shown[0]) or d.execute_script(
            "const e = document.getElementById('engine'), m = document.querySelector('main');"
            "return e !== null && e.hidden && m !== null && !m.hasAttribute('aria-busy')"))

    wait(wpe, settled, lambda: f"the page never settled; it shows: {shown[0][-700:]!r}; page: {where[0]}")
    assert too_old.search(shown[0]), f"no {texts['engine.tooOld']!r} on the page, which shows: {shown[0][-700:]!r}"


def opponent_value(calculator: Calculator, n: int) -> str:
    return str(calculator.find(f"Opponent rating, game {n}", reveal=False).get_attribute("value"))


@contextmanager
def seed_entered(driver: WebDriver, widget_origin: str) -> Iterator[tuple[Calculator, str]]:
    """The seed's four games typed into the standalone calculator (Elo) and their new rating shown;
    the calculator and that rating. Its saved entries are cleared after."""
    case = seed("000: 1450, K 40, four games, event")
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/?system=elo")
    try:
        enter_elo(calculator, case["request"])
        calculator.wait_for_text("New rating", case["expect"]["new_rating"])
        yield calculator, case["expect"]["new_rating"]
    finally:
        driver.execute_script("localStorage.clear()")


def test_entries_come_back_after_a_reload_and_reset_can_be_undone(driver: WebDriver, widget_origin: str) -> None:
    """The engine's own storage and notices: what was typed is there after a reload (with the answer
    kept from before), Reset clears it and Undo brings it back."""
    with seed_entered(driver, widget_origin) as (_, new_rating):
        calculator = Calculator.standalone(driver, f"{widget_origin}/widget/?system=elo")
        calculator.wait_for_text("New rating", new_rating)
        assert "1555" == opponent_value(calculator, 4)
        calculator.press("Reset")
        calculator.wait(lambda d: calculator.game_count() == 1 and opponent_value(calculator, 1) == "",
                        lambda: "Reset left entries on the form")
        calculator.press("Undo")
        calculator.wait(lambda d: calculator.game_count() == 4 and opponent_value(calculator, 4) == "1555",
                        lambda: "Undo did not bring the four games back")
        calculator.wait_for_text("New rating", new_rating)


def test_copy_link_puts_the_calculation_s_link_on_the_clipboard(driver: WebDriver, widget_origin: str) -> None:
    """WebKit lets a click write to the clipboard only until its first wait: the link's compression came first, and
    WebKitGTK (Safari likewise) refused every copy, showing the box to copy by hand (a cross-engine pass)."""
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/?system=elo")
    try:
        calculator.type_into("Your rating", "1500")
        calculator.type_into("K-factor", "20")
        calculator.set_games([("1600", "Win")])
        calculator.wait_for_text("New rating", "1512.8")
        calculator.press("Copy link")
        said = ("return [document.getElementById('tools-notice-text').textContent, "
                "document.getElementById('link-box').hidden]")
        calculator.wait(lambda d: "Link copied" in d.execute_script(said)[0],
                        lambda: f"no 'Link copied': {driver.execute_script(said)}")
        # Said only once the clipboard took it (reading it back needs a click of its own in both engines).
        assert driver.execute_script("return document.getElementById('link-box').hidden") is True
    finally:
        driver.execute_script("localStorage.clear()")  # the next test's calculator starts afresh


def test_a_removed_game_comes_back_with_its_undo(driver: WebDriver, widget_origin: str) -> None:
    """A removed game leaves its line in its place (widget/views/calculator/form.js), said in the engine's own layout,
    and its Undo puts the game back where it was, with the same result."""
    with seed_entered(driver, widget_origin) as (calculator, new_rating):
        second = opponent_value(calculator, 2)
        calculator.press("Remove game 2")
        calculator.wait_games(3, "after 'Remove game 2'")
        line = calculator.wait(lambda d: next((el for el in d.find_elements("css selector", "#games li")
                                                if el.text.startswith(f"Removed: the game against {second} (")), None),
                               lambda: "no line where game 2 was")
        game_2 = calculator.find("Opponent rating, game 2", reveal=False)
        assert driver.execute_script("return arguments[0].getBoundingClientRect().top"  # one layout, both read
                                     " < arguments[1].getBoundingClientRect().top", line, game_2)
        calculator.press("Undo")
        calculator.wait(lambda d: calculator.game_count() == 4 and opponent_value(calculator, 2) == second,
                        lambda: "Undo did not put game 2 back")
        calculator.wait_for_text("New rating", new_rating)


def test_a_second_tab_follows_the_first_one_s_entries(driver: WebDriver, widget_origin: str) -> None:
    """Two tabs of one calculator (the storage event): what one saves, the other shows, with Undo."""
    url = f"{widget_origin}/widget/?system=elo&k=20"
    first = Calculator.standalone(driver, url)
    first_tab = driver.current_window_handle
    first.type_into("Your rating", "1500")
    driver.switch_to.new_window("tab")
    try:
        second = Calculator.standalone(driver, url)
        second.type_into("Your rating", "1700")
        second.type_into("Opponent rating, game 1", "1600")
        second.wait_for_text("New rating", "1707.2")
        driver.switch_to.window(first_tab)
        first.wait(lambda d: first.find("Your rating", reveal=False).get_attribute("value") == "1700",
                   lambda: "the first tab did not take the second one's entries")
        first.wait_for_text("New rating", "1707.2")
        assert [] != [el for el, name in first.labelled() if name == "Undo" and el.is_displayed()]
    finally:
        for handle in driver.window_handles:
            if handle != first_tab:
                driver.switch_to.window(handle)
                driver.close()
        driver.switch_to.window(first_tab)
        driver.execute_script("localStorage.clear()")


def test_a_game_s_change_goes_on_a_line_of_its_own_where_the_line_could_wrap(driver: WebDriver,
                                                                               widget_origin: str) -> None:
    """The container query that keeps a game's figures on the same lines before and after the first
    answer (style.css): in a narrow window the change is a line of its own; in a wide one, not."""
    size = driver.get_window_size()
    try:
        for width, lines in ((400, 2), (1000, 1)):
            driver.set_window_size(width, 800)
            calculator = Calculator.standalone(driver, f"{widget_origin}/widget/?system=elo&k=20&rating=1800")
            calculator.type_into("Opponent rating, game 1", "1950")
            calculator.wait(lambda d: re.search(r"Change \+14\.\d$", d.execute_script(
                "return document.querySelector('.game-out').textContent")), lambda: "no figures in game 1's line")
            shown = driver.execute_script("const o = document.querySelector('.game-out');"
                                          "return [Math.round(o.getBoundingClientRect().height"
                                          " / parseFloat(getComputedStyle(o).lineHeight)),"
                                          " getComputedStyle(o.querySelector('.chg')).display]")
            assert [lines, "block" if lines == 2 else "inline"] == shown, f"{width} px wide"
    finally:
        driver.set_window_size(size["width"], size["height"])
        driver.execute_script("localStorage.clear()")


# A player's row of the tournament report (widget/views/event/event.js): its cells' text by column header.
REPORT_ROW = """const [start] = arguments;
  const table = document.getElementById("event-table");
  if (!table?.tHead?.rows.length) return null;
  const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent.trim());
  const row = [...table.tBodies[0].rows]
    .find((r) => !r.classList.contains("detail") && r.cells[1].textContent === String(start));
  return row ? Object.fromEntries(heads.map((h, i) => [h, row.cells[i].textContent])) : null;"""


def report_row(driver: WebDriver, widget_origin: str, path: Path, start: int) -> dict[str, str]:
    """The report's row of player `start` once the file at `path`, opened through the file picker, shows."""
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/")
    calculator.press("Open a tournament file")
    calculator.find("Tournament report file (TRF)").send_keys(str(path))
    seen: list[dict[str, str] | None] = [None]

    def shown(d: WebDriver) -> bool:
        seen[0] = d.execute_script(REPORT_ROW, start)
        return seen[0] is not None

    calculator.wait(shown, lambda: f"the report's row of player {start} never showed")
    return seen[0] or {}


def test_a_tournament_file_opened_shows_a_player_s_row_as_elo_core_rates_it(driver: WebDriver,
                                                                            widget_origin: str) -> None:
    """The event view: a real TRF through the file picker, a row read against elo_core's own answer (FIDE's
    tie-break TPR too)."""
    path = ROOT / "tests" / "trf" / "fide-c07-tiebreak-exercises.trf"
    p = next(p for p in event_report({"text": path.read_bytes()})["players"] if p["start"] == 7)
    row = report_row(driver, widget_origin, path, 7)
    change = f"{p['change']:+.1f}".replace("-", "−")
    assert (row["Name"].strip(), row["Rating"], row["K"], row["Change (exact)"], row["New rating"], row["TPR"]) == (
        p["name"], str(p["rating"]), str(p["k"]), change, str(p["new_rating"]), str(p["tpr"]))


def test_a_norm_made_shows_in_the_report(driver: WebDriver, widget_origin: str, tmp_path: Path) -> None:
    """A round robin in which player 1 made GM and IM norms (tests/test_event_norms.py's): the Title norms column."""
    from tests.test_event_norms import GMS, HERO, round_robin, scores_for_hero

    path = tmp_path / "norms.trf"
    path.write_text(round_robin([HERO, *GMS], scores_for_hero(5, 3)))
    norms = [n["title"] for n in event_report({"text": path.read_bytes()})["players"][0]["norms"] if n["met"]]
    assert norms == ["GM", "IM"]
    assert report_row(driver, widget_origin, path, 1)["Title norms"] == "GM norm; IM norm"


# The club ladder's ranking (widget/views/ladder/ladder.js): each row's cells' text by column header, once its rows
# are all placed (page/long-table.js places them in steps, aria-busy meanwhile: a busy WebKitGTK showed 3 of 7).
LADDER_ROWS = """const table = document.getElementById("ladder-table");
  if (!table?.tHead?.rows.length || !table.tBodies[0].rows.length || table.getAttribute("aria-busy") === "true") {
    return null;
  }
  const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent.trim());
  return [...table.tBodies[0].rows].map((r) => Object.fromEntries(heads.map((h, i) => [h, r.cells[i].textContent])));"""


def test_a_results_file_opened_shows_the_club_ladder_as_elo_core_ranks_it(driver: WebDriver,
                                                                         widget_origin: str) -> None:
    """The ladder view: the club's results and players files through the file pickers, the ranking read
    against elo_core's own answer (the first pool's players, in order)."""
    games, players = ROOT / "tests" / "ladder" / "club-games.csv", ROOT / "tests" / "ladder" / "club-players.csv"
    answer = ladder_report({"text": games.read_bytes(), "players": players.read_bytes(), "locale": "en"})
    expected = [(p["name"], "—" if p["rank"] is None else str(p["rank"]), str(round(p["rating"])), str(p["games"]))
                for p in answer["players"] if p["pool"] == answer["pools"][0]]
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/")
    calculator.press("Open a results file")
    calculator.find("Players file (optional: id, name, rating, active)").send_keys(str(players))
    calculator.find("Results file (CSV)").send_keys(str(games))
    seen: list[list[dict[str, str]] | None] = [None]

    def shown(d: WebDriver) -> bool:
        seen[0] = d.execute_script(LADDER_ROWS)
        return seen[0] is not None

    calculator.wait(shown, lambda: "the ladder's ranking never showed")
    rows = seen[0] or []
    assert [(r["Name"].strip(), r["Rank"], r["Rating"], r["Games"]) for r in rows] == expected


# Three frames of the widget, one a width, stacked on a page of the club's site: each frame's viewport is
# its width, whatever the smallest window the engine allows.
WIDTH_FRAMES = """const [origin, query] = arguments;
  document.body.replaceChildren();
  for (const width of [320, 375, 1280]) {
    const frame = document.createElement("iframe");
    frame.src = origin + "/widget/" + query;
    frame.id = "w" + width;
    frame.style.cssText = `display:block;width:${width}px;height:740px;border:0;margin:0 0 8px`;
    document.body.append(frame);
  }"""
PICK_PLAYERS = ("Players file (optional: id, name, rating, active)", "ladder/club-players.csv")
FIT_VIEWS = {
    "report, FIDE's example": ("?view=event", [("Tournament report file (TRF)", "trf/fide-example1.trf")],
                               "event-table", ["name", "change", "newRating"]),
    "report, lichess": ("?view=event", [("Tournament report file (TRF)", "trf/lichess-swiss-2020-05.trf")],
                        "event-table", ["name", "change", "newRating"]),
    "ladder": ("?view=ladder&since=2026-01-01", [PICK_PLAYERS, ("Results file (CSV)", "ladder/club-games.csv")],
               "ladder-table", ["name", "change", "rating"]),
}
# The table once drawn whole (no longer aria-busy), or null.
DRAWN_TABLE = """const t = document.getElementById(arguments[0]);
  return t && t.tBodies[0].rows.length && t.getAttribute('aria-busy') !== 'true' ? t : null;"""


def fit_seen(calculator: Calculator, table_id: str, keys: list[str], what: str) -> dict[str, Any]:
    """tests/fit_check.py's answer in the current frame, once its table is drawn and rows were checked."""
    seen: dict[str, Any] = {}

    def checked(d: WebDriver) -> bool:
        table = d.execute_script(DRAWN_TABLE, table_id)
        if table:
            seen.update(d.execute_script(f"return ({FIT_CHECK})(arguments[0], arguments[1]);", table, keys))
        return int(seen.get("checked", 0)) >= 3

    calculator.wait(checked, lambda: f"{what}: the table never showed ({seen})")
    return seen


@pytest.mark.parametrize("view", sorted(FIT_VIEWS))
def test_each_row_in_view_shows_name_change_and_new_rating_at_320_375_and_1280_px(
        driver: WebDriver, host_origin: str, widget_origin: str, view: str) -> None:
    """issue 39's phones: tests/fit_check.py asks the engine itself (elementFromPoint) in each frame."""
    query, files, table_id, keys = FIT_VIEWS[view]
    driver.switch_to.default_content()
    driver.set_window_size(1400, 1000)
    driver.get(f"{host_origin}/fide.html")
    driver.execute_script(WIDTH_FRAMES, widget_origin, query)
    for width in (320, 375, 1280):
        driver.switch_to.default_content()
        driver.switch_to.frame(driver.find_element("id", f"w{width}"))
        calculator = Calculator(driver)
        calculator.wait_usable()
        for label, path in files:
            calculator.find(label).send_keys(str(ROOT / "tests" / path))
        seen = fit_seen(calculator, table_id, keys, f"{view} at {width} px")
        assert seen["problems"] == [], f"{view} at {width} px: {seen}"
    driver.switch_to.default_content()


ENGINE_LOG = "return performance.getEntriesByName('elo-core engine').map((e) => e.detail)"
# A worker of the engine's own started on a page of the widget's origin, as a returning visit starts it:
# its log until ready, then one calculation's answer.
DEDICATED_VISIT = """const [url, request, done] = arguments;
const worker = new Worker(url, {type: "module"});
const log = [];
worker.onmessage = ({data}) => {
  if (data.type === "log") log.push(data.text);
  if (data.type === "ready") worker.postMessage({type: "request", kind: "calculate", id: 1, text: request});
  if (data.type === "result" || data.type === "error") { worker.terminate(); done({log, answer: data}); }
};
worker.onerror = (e) => done({log, answer: {error: String(e.message)}});"""


def test_python_starts_from_the_snapshot_the_browser_kept(driver: WebDriver, widget_origin: str) -> None:
    """Issue 44 in Firefox and WebKitGTK: after a first result the worker keeps a snapshot (the size it
    stored is in its log), and a worker started later starts Python from it and computes."""
    case = seed("000: 1450, K 40, four games, event")
    calculator = Calculator.standalone(driver, f"{widget_origin}/widget/")
    calculator.choose("Rating system", SYSTEMS[case["request"]["system"]])
    enter_elo(calculator, case["request"])
    calculator.wait_for_text("New rating", case["expect"]["new_rating"])
    kept = calculator.wait(
        lambda d: next((t for t in d.execute_script(ENGINE_LOG) if re.search(r"snapshot kept:|no snapshot:", t)), None),
        lambda: f"the worker's log never told of a snapshot: {driver.execute_script(ENGINE_LOG)}")
    assert "snapshot kept:" in kept
    page = (ROOT / "dist" / "widget" / "index.html").read_text()
    static = re.search(r'src="\.\./(static/[0-9a-f]+/engine)/engine-start\.js"', page)
    assert static
    driver.set_script_timeout(120)
    request = json.dumps({"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": 1}]})
    visit = driver.execute_async_script(DEDICATED_VISIT, f"{widget_origin}/{static[1]}/worker.mjs", request)
    assert any("Python started from the snapshot" in line for line in visit["log"]), visit["log"]
    assert not any("started anew" in line for line in visit["log"]), visit["log"]  # its canary answered the same
    assert round(json.loads(visit["answer"]["response"])["new_rating"]) == 1513


def test_a_ladder_s_player_page_in_a_club_page_has_no_inner_scrollbar(driver: WebDriver, host_origin: str) -> None:
    """A chess club's ladder through the two lines (tests/engines/hosts/ladder.html), a player's page opened: Firefox
    kept the scrollbars the frame had for a moment while the page grew, 12 px of its width and height lost to them
    (hp109), where the frame was as tall as its content. Last of the file: run before the snapshot test, it made that
    test's own worker find no snapshot in WebKitGTK (2 runs of 2), most likely as the club page's SharedWorker (in the
    club page's storage partition) outlived the page, served the standalone page and kept its snapshot there."""
    driver.switch_to.default_content()
    driver.get(f"{host_origin}/ladder.html")
    frame = wait(driver, lambda d: d.execute_script(SNIPPET_FRAME), lambda: "the calculator's frame never showed")
    driver.switch_to.frame(frame)
    calculator = Calculator(driver, frame)
    calculator.wait(lambda d: d.execute_script(LADDER_ROWS) is not None, lambda: "the ladder's ranking never showed")
    driver.execute_script("document.querySelector('#ladder-table tbody tr button').click()")
    history = "return document.getElementById('ladder-history')?.tBodies[0].rows.length"
    calculator.wait(lambda d: d.execute_script(history), lambda: "the player's page never showed")
    wait_no_inner_scrollbar(calculator, "a player's page shown")
    bars: list[int] = []

    def no_bars(d: WebDriver) -> bool:
        bars[:] = d.execute_script("const e = document.documentElement; "
                                   "return [innerWidth - e.clientWidth, innerHeight - e.clientHeight];")
        return bars == [0, 0]

    calculator.wait(no_bars, lambda: f"the frame keeps scrollbars: {bars} px of its width and height")
