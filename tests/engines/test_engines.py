"""The calculator in Firefox and WebKit (and an old WebKit): the published examples typed in as a
person would, on the widget's own page and through the snippet on a club's page of another origin,
and the embedded frame's size (no inner scrollbar; as tall as its content)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from tests.engines import Calculator, wait

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
    calculator.type_into("Your rating", str(request["rating"]))
    calculator.type_into("K-factor", str(request["k"]))
    calculator.choose("Rating update", UPDATES[request["update"]])
    calculator.set_checked("Count rating differences over 400 as 400", False)
    calculator.set_games([(str(g["opponent"]), RESULTS[g["score"]]) for g in request["games"]])
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
    shown = [""]

    def settled(d: WebDriver) -> bool:
        """The too-old message shows, or the page has come to some other end: failed, or loaded.

        Read from the DOM, not from layout: headless cog may not have laid the page out yet, and
        then innerText is empty and offsetParent null although the text is there."""
        shown[0] = " ".join(str(d.execute_script(
            "const t = document.getElementById('engine-text'); return t ? t.textContent : ''")).split())
        return bool(too_old.search(shown[0]) or failed.search(shown[0]) or d.execute_script(
            "const e = document.getElementById('engine'), m = document.querySelector('main');"
            "return e !== null && e.hidden && m !== null && !m.hasAttribute('aria-busy')"))

    wait(wpe, settled, lambda: f"the page never settled; it shows: {shown[0][-700:]!r}")
    assert too_old.search(shown[0]), f"no {texts['engine.tooOld']!r} on the page, which shows: {shown[0][-700:]!r}"
