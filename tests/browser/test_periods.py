"""A FIDE rating period in the widget: tournaments with their subtotals, the period, unrated
opponents, the reached-2300 junior, the floor warning; kept on reload and in a link; accessible.

Every figure read from the page is compared with elo_core's `calculate` for the same request.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from elo_core import calculate

from .a11y import violations
from .conftest import open_widget, wait_ready
from .ui import RESULT_LABELS, clear_games, game_count, game_figures, output, shown, wait_for_output

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "fide_periods.json"


def published(prefix: str) -> dict[str, Any]:
    """A published multi-event card of tests/vectors/fide_periods.json as a request."""
    case = next(c for c in json.loads(VECTORS.read_text())["cases"] if c["name"].startswith(prefix))
    events = [{"name": e["name"][:40], "rating": e["rating"],
               "games": [{"opponent": g["opponent"], "score": g["score"]} for g in e["games"]]}
              for e in case["events"]]
    return {"system": "fide", "rating": events[-1]["rating"], "k": case["k"], "period": case["period"],
            "time_control": case["time_control"], "events": events}


def set_period(page: Page, period: str) -> None:
    year, month = period.split("-")
    page.get_by_label("Rating period", exact=True).select_option(month)
    page.get_by_label("Year", exact=True).select_option(year)


def fill_game(page: Page, n: int, opponent: Any, score: float) -> None:
    page.get_by_label(f"Opponent rating, game {n}", exact=True).fill(str(opponent))
    page.get_by_label(f"Result, game {n}", exact=True).select_option(label=RESULT_LABELS[score])


def enter_period(page: Page, request: dict[str, Any]) -> None:
    """Type a rating period through the form: each tournament after "Add tournament", as a person does."""
    page.get_by_label("Rating system").select_option("fide")
    page.get_by_label("Your rating").fill(str(request["rating"]))
    page.get_by_label("K-factor").fill(str(request.get("k", "")))
    set_period(page, request["period"])
    clear_games(page)
    n = 0
    for i, event in enumerate(request["events"]):
        if i:
            page.get_by_role("button", name="Add tournament").click()
        for j, game in enumerate(event["games"]):
            if i == 0 or j:  # a new tournament comes with the row for its first game
                page.get_by_role("button", name="Add game", exact=True).click()
            n += 1
            fill_game(page, n, game["opponent"], game["score"])
    for i, event in enumerate(request["events"], start=1):
        page.get_by_label(f"Tournament name, tournament {i}", exact=True).fill(event["name"])
        if event["rating"] != request["rating"]:
            page.get_by_label(f"Rating for this tournament, tournament {i}", exact=True).fill(str(event["rating"]))


def subtotal(event: dict[str, Any]) -> str:
    score = event["score"]
    return (f"Score {shown(score, 1 if score % 1 else 0)} of {event['rated_games']} · "
            f"expected {shown(event['expected'], 2)} · change {shown(event['change_exact'], 2, sign=True)}")


def check_period(page: Page, request: dict[str, Any]) -> None:
    """Each tournament's subtotal and the period's result are elo_core's."""
    r = calculate(request)
    assert r["ok"], r
    for i, event in enumerate(r["events"], start=1):
        expect(page.get_by_label(f"Subtotal, tournament {i}", exact=True)).to_have_text(subtotal(event))
    wait_for_output(page, "New rating", shown(r["new_rating"], 0))
    wait_for_output(page, "Total change", shown(r["change"], 0, sign=True))
    wait_for_output(page, "before rounding", shown(r["change_exact"], 2, sign=True))
    wait_for_output(page, "Score", f"{shown(r['score'], 1 if r['score'] % 1 else 0)} of {r['rated_games']}")



def test_a_three_tournament_period_shows_each_subtotal_and_the_period_result(fide_page: Page) -> None:
    request = published("F-P02")
    assert len(request["events"]) == 3
    enter_period(fide_page, request)
    check_period(fide_page, request)
    assert game_count(fide_page) == 15


def test_the_period_keeps_its_tournaments_on_reload_and_in_a_link(fide_page: Page) -> None:
    request = published("F-P03")
    enter_period(fide_page, request)
    check_period(fide_page, request)
    fide_page.reload()
    wait_ready(fide_page)
    check_period(fide_page, request)
    fide_page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fide_page.get_by_role("button", name="Copy link").click()
    expect(fide_page.get_by_text("Link copied")).to_be_visible()  # the link is made (compressed) first
    link = fide_page.evaluate("navigator.clipboard.readText()")
    other = fide_page.context.new_page()  # a link opened elsewhere: the same calculation
    other.goto(link)
    wait_ready(other)
    check_period(other, request)
    expect(other.get_by_label("Tournament name, tournament 2", exact=True)).to_have_value(request["events"][1]["name"])


def test_going_to_one_tournament_and_back_loses_nothing(fide_page: Page) -> None:
    """Removing the second tournament merges nothing into the first: its games go with it, and Undo
    brings it back whole."""
    request = published("F-M07")
    assert len(request["events"]) == 2
    enter_period(fide_page, request)
    check_period(fide_page, request)
    fide_page.get_by_role("button", name="Remove tournament 2", exact=True).click()
    # One tournament: the form as before periods (no tournament header), its games sent as `games`.
    expect(fide_page.get_by_label("Tournament name, tournament 1", exact=True)).to_have_count(0)
    single = {key: value for key, value in request.items() if key != "events"}
    single["games"] = request["events"][0]["games"]
    r = calculate(single)
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    assert game_count(fide_page) == len(single["games"])
    fide_page.get_by_role("button", name="Undo").click()
    check_period(fide_page, request)
    name = fide_page.get_by_label("Tournament name, tournament 1", exact=True)
    expect(name).to_have_value(request["events"][0]["name"])


def test_an_unrated_opponent_is_not_rated_and_an_empty_one_is_still_an_error(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating").fill("1800")
    clear_games(fide_page)
    for n, (opponent, score) in enumerate([(1700, 1), ("unrated", 0.5)], start=1):
        fide_page.get_by_role("button", name="Add game", exact=True).click()
        fill_game(fide_page, n, opponent, score)
    request = {"system": "fide", "rating": 1800, "k": 20, "games": [{"opponent": 1700, "score": 1},
                                                                    {"opponent": None, "score": 0.5}]}
    r = calculate(request)
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    row = fide_page.get_by_role("listitem").filter(has=fide_page.get_by_label("Opponent rating, game 2", exact=True))
    expect(row).to_contain_text("not rated (unrated opponent)")
    opponent = fide_page.get_by_label("Opponent rating, game 2", exact=True)
    opponent.fill("unratd")  # a typo is an error, not an unrated opponent
    expect(opponent).to_have_attribute("aria-invalid", "true")
    opponent.fill("")
    opponent.blur()
    fide_page.get_by_role("button", name="Add game", exact=True).click()
    expect(fide_page.get_by_label("Opponent rating, game 2", exact=True)).not_to_have_attribute("aria-invalid", "true")


def test_an_unrated_opponent_in_german(browser: Browser, widget_origin: str) -> None:
    page = browser.new_page()
    open_widget(page, widget_origin, "?system=fide&lang=de")
    wait_ready(page)
    page.locator("#rating").fill("1800")
    page.locator(".opp").first.fill("ungewertet")
    expect(page.locator(".game-out").first).to_have_text("nicht gewertet (Gegner ohne Elo)")
    page.close()


def test_rated_2300_before_shows_for_juniors_only_and_gives_k_20(fide_page: Page) -> None:
    reached = fide_page.get_by_label("Rated 2300 or more before")
    expect(reached).to_be_hidden()
    fide_page.get_by_label("Your rating").fill("2250")
    fide_page.get_by_label("18 or younger this year").check()
    expect(reached).to_be_visible()
    fill_game(fide_page, 1, 2200, 1)
    expect(fide_page.get_by_text(re.compile(r"^K used: 40 "))).to_be_visible()
    reached.check()
    expect(fide_page.get_by_text(re.compile(r"^K used: 20 "))).to_be_visible()
    r = calculate({"system": "fide", "rating": 2250, "player": {"junior": True, "reached_2300": True},
                   "games": [{"opponent": 2200, "score": 1}]})
    assert r["k"] == 20
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    fide_page.get_by_label("18 or younger this year").uncheck()
    expect(reached).to_be_hidden()


def test_the_floor_warning_shows_by_the_new_rating(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating").fill("1405")
    fide_page.get_by_label("K-factor").fill("40")
    fill_game(fide_page, 1, 1400, 0)
    r = calculate({"system": "fide", "rating": 1405, "k": 40, "games": [{"opponent": 1400, "score": 0}]})
    assert r["new_rating"] < 1400
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    floor = f"FIDE publishes no rating below 1400: with {r['new_rating']} you drop off the list."
    expect(fide_page.get_by_text(floor)).to_be_visible()


@pytest.mark.parametrize(("period", "change"), [("2025-09", "−9.2"), ("2025-11", "−10.0")])
def test_the_period_chooses_the_rules(fide_page: Page, period: str, change: str) -> None:
    """The issue's 2700-vs-1900 loss at K 10: before the 2650 rule (1 October 2025) and after."""
    fide_page.get_by_label("Your rating").fill("2700")
    fide_page.get_by_label("K-factor").fill("10")
    set_period(fide_page, period)
    fill_game(fide_page, 1, 1900, 0)
    r = calculate({"system": "fide", "rating": 2700, "k": 10, "period": period,
                   "games": [{"opponent": 1900, "score": 0}]})
    assert shown(r["games"][0]["change"], 1, sign=True) == change
    expect(fide_page.get_by_role("listitem").filter(has=fide_page.get_by_label("Opponent rating, game 1", exact=True)))\
        .to_contain_text(f"Change {change}")
    assert game_figures(fide_page, 1)["change"] == float(change.replace("−", "-"))
    assert output(fide_page, "before rounding") == shown(r["change_exact"], 2, sign=True)


def test_a_period_with_tournaments_has_no_axe_violations(fide_page: Page) -> None:
    request = published("F-P03")
    enter_period(fide_page, request)
    check_period(fide_page, request)
    fide_page.get_by_label("18 or younger this year").check()
    assert [] == violations(fide_page)
    # Every field shown has a label on screen too (the period's year had one for screen readers only).
    unlabelled = fide_page.evaluate("""() => [...document.querySelectorAll("main input, main select, main textarea")]
        .filter((field) => field.checkVisibility() && field.type !== "hidden")
        .filter((field) => ![...field.labels].some((label) => {
            const box = label.getBoundingClientRect();
            return label.checkVisibility() && box.width > 8 && box.height > 8 && label.textContent.trim();
        }))
        .map((field) => field.id)""")
    assert [] == unlabelled


def test_the_paste_dialog_starts_a_tournament_at_a_blank_line_or_a_name(fide_page: Page) -> None:
    fide_page.get_by_label("Your rating").fill("2000")
    fide_page.get_by_label("K-factor").fill("20")
    fide_page.get_by_role("button", name="Paste results").click()
    text = "Club championship\n2100 1\n2050 =\n\n1900 0\nSpring open\n2200 ½\n2300 0"
    fide_page.get_by_label("Results to add").fill(text)
    fide_page.get_by_role("button", name="Add games").click()
    expect(fide_page.get_by_role("dialog")).to_be_hidden()
    expect(fide_page.get_by_label("Tournament name, tournament 1", exact=True)).to_have_value("Club championship")
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_have_value("")
    expect(fide_page.get_by_label("Tournament name, tournament 3", exact=True)).to_have_value("Spring open")
    request = {"system": "fide", "rating": 2000, "k": 20, "events": [
        {"games": [{"opponent": 2100, "score": 1}, {"opponent": 2050, "score": 0.5}]},
        {"games": [{"opponent": 1900, "score": 0}]},
        {"games": [{"opponent": 2200, "score": 0.5}, {"opponent": 2300, "score": 0}]}]}
    r = calculate(request)
    for i, event in enumerate(r["events"], start=1):
        expect(fide_page.get_by_label(f"Subtotal, tournament {i}", exact=True)).to_have_text(subtotal(event))
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))


@pytest.mark.parametrize("typo", ["16200 1", "-0 1", "1" * 400 + " 1", "1620.5 1"])
def test_a_mistyped_rating_in_the_paste_dialog_is_listed_not_taken_for_a_tournaments_name(
        fide_page: Page, typo: str) -> None:
    """A line with a number that could be a rating (too many digits, a sign, decimals) is a game to
    correct: it is listed with its line number, and no tournament is named after it."""
    fide_page.get_by_role("button", name="Paste results").click()
    fide_page.get_by_label("Results to add").fill(f"1620 1\n{typo}\n1700 0")
    fide_page.get_by_role("button", name="Add games").click()
    dialog = fide_page.get_by_role("dialog")
    expect(dialog.get_by_role("listitem")).to_have_text([f"Line 2: “{typo[:200]}”: no rating found"])
    if len(typo) <= 200:  # back in the box to be corrected (a problem holds a line's first 200 characters)
        expect(fide_page.get_by_label("Results to add")).to_have_value(typo)
    expect(fide_page.locator("#notice-text")).to_have_text("Games added: 2.")
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_have_count(0)
    expect(fide_page.locator("#games .opp")).to_have_count(2)


def test_an_unrated_opponent_pasted_is_a_game_of_its_tournament_not_a_tournament_s_name(fide_page: Page) -> None:
    """hp114: the form's hint says to type "unrated" for an opponent without a FIDE rating; `unrated 1` pasted started
    a tournament of that name, its game lost and the next game moved into it (and a norm then refused: "a norm is
    made in one tournament"). It is a game of the same tournament, against an unrated opponent, not rated."""
    fide_page.get_by_label("Your rating").fill("2350")
    fide_page.get_by_label("K-factor").fill("20")
    fide_page.get_by_role("button", name="Paste results").click()
    fide_page.get_by_label("Results to add").fill("2400 1\nunrated 1\n2300 0")
    fide_page.get_by_role("button", name="Add games").click()
    expect(fide_page.get_by_role("dialog")).to_be_hidden()
    expect(fide_page.locator("#notice-text")).to_have_text("Games added: 3.")
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_have_count(0)
    for i, opponent in enumerate(["2400", "unrated", "2300"]):
        expect(fide_page.locator("#games .opp").nth(i)).to_have_value(opponent)
    r = calculate({"system": "fide", "rating": 2350, "k": 20, "games": [
        {"opponent": 2400, "score": 1}, {"opponent": None, "score": 1}, {"opponent": 2300, "score": 0}]})
    wait_for_output(fide_page, "New rating", shown(r["new_rating"], 0))
    expect(fide_page.locator("#games")).to_contain_text("not rated (unrated opponent)")


def test_a_tournaments_name_may_hold_a_small_number_or_a_rating_class(fide_page: Page) -> None:
    fide_page.get_by_role("button", name="Paste results").click()
    fide_page.get_by_label("Results to add").fill("Round 2\n1620 1\nU1800 Open\n1700 0")
    fide_page.get_by_role("button", name="Add games").click()
    expect(fide_page.get_by_role("dialog")).to_be_hidden()
    expect(fide_page.get_by_label("Tournament name, tournament 1", exact=True)).to_have_value("Round 2")
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_have_value("U1800 Open")


def test_a_paste_of_more_tournaments_than_a_period_holds_says_where_the_rest_went(fide_page: Page) -> None:
    fide_page.get_by_role("button", name="Paste results").click()
    text = "\n".join(f"Open {i}\n{1900 + i} 1\n{2000 + i} 0" for i in range(1, 36))
    fide_page.get_by_label("Results to add").fill(text)
    fide_page.get_by_role("button", name="Add games").click()
    expect(fide_page.get_by_role("dialog").get_by_text("A period holds at most 31 tournaments: the games of 4 more "
                                                       "tournaments were added to the last one.")).to_be_visible()
    expect(fide_page.get_by_label("Tournament name, tournament 31", exact=True)).to_have_value("Open 31")
    expect(fide_page.locator("#games .opp")).to_have_count(70)  # every game is there


def test_a_game_added_to_an_earlier_tournament_counts_there(fide_page: Page) -> None:
    request = published("F-M07")
    enter_period(fide_page, request)
    check_period(fide_page, request)
    n = len(request["events"][0]["games"]) + 1  # numbered after the first tournament's games
    fide_page.get_by_role("button", name="Add game to tournament 1", exact=True).click()
    expect(fide_page.get_by_label(f"Opponent rating, game {n}", exact=True)).to_be_focused()
    fill_game(fide_page, n, 2000, 0.5)
    first = request["events"][0]
    more = {**request, "events": [{**first, "games": [*first["games"], {"opponent": 2000, "score": 0.5}]},
                                  *request["events"][1:]]}
    check_period(fide_page, more)


def test_a_case_fide_does_not_rate_is_said_in_fides_terms_not_another_systems(fide_page: Page) -> None:
    """A tournament rating for a player with no rating yet is refused at that field, in words about
    this request: not DWZ's "choose the previous rules" (every system's texts share one file)."""
    fide_page.get_by_label("Your rating").fill("")
    fill_game(fide_page, 1, 1800, 1)
    fide_page.get_by_role("button", name="Add tournament").click()
    fill_game(fide_page, 2, 1900, 0.5)
    box = fide_page.get_by_label("Rating for this tournament, tournament 2", exact=True)
    box.fill("1700")
    r = calculate({"system": "fide", "rating": None, "events": [
        {"games": [{"opponent": 1800, "score": 1}]}, {"rating": 1700, "games": [{"opponent": 1900, "score": 0.5}]}]})
    assert not r["ok"] and r["errors"][0]["code"] == "not_supported", r
    error = fide_page.locator("#" + (box.get_attribute("aria-describedby") or "").split()[-1])
    expect(error).to_contain_text(r["errors"][0]["message"])
    expect(error).not_to_contain_text("previous rules")


def test_a_game_removed_from_a_tournament_comes_back_to_it(fide_page: Page) -> None:
    """The last game of tournament 1 leaves its line at the end of tournament 1 (widget/views/calculator/form.js,
    removedGames), and Undo puts it back there, not at the end of the period."""
    request = published("F-M07")
    enter_period(fide_page, request)
    check_period(fide_page, request)
    last = len(request["events"][0]["games"])
    opponent = request["events"][0]["games"][-1]["opponent"]
    fide_page.get_by_role("button", name=f"Remove game {last}", exact=True).click()
    first_event = fide_page.locator(".event").first  # the group of tournament 1
    line = first_event.get_by_role("listitem").filter(has_text=f"Removed: the game against {opponent} (")
    expect(line).to_be_visible()
    assert line.evaluate("el => el === [...el.closest('.games').querySelectorAll('li')].at(-1)")
    line.get_by_role("button", name="Undo").click()
    check_period(fide_page, request)
    expect(fide_page.get_by_label(f"Opponent rating, game {last}", exact=True)).to_have_value(str(opponent))
    expect(fide_page.get_by_label(f"Opponent rating, game {last}", exact=True)).to_be_focused()


def test_undo_of_a_removed_tournament_or_a_cleared_k_puts_the_keyboard_where_it_came_back(fide_page: Page) -> None:
    """The top notice's Undo goes once used: the keyboard fell to the page itself, and the next Tab began at the top
    of the form (a hostile pass). It goes to the tournament brought back, and to the K typed again."""
    fill_game(fide_page, 1, 1800, 1)
    fide_page.get_by_role("button", name="Add tournament").click()
    fill_game(fide_page, 2, 1900, 0.5)
    fide_page.get_by_label("Tournament name, tournament 2", exact=True).fill("Spring open")
    fide_page.get_by_role("button", name=re.compile(r"^Remove tournament.* 2")).click()
    fide_page.locator("#undo").click()
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_be_focused()
    expect(fide_page.get_by_label("Tournament name, tournament 2", exact=True)).to_have_value("Spring open")
    k = fide_page.get_by_label("K-factor")
    k.fill("30")
    k.press("Tab")
    fide_page.get_by_label(re.compile("18 or younger")).check()
    expect(k).to_have_value("")
    fide_page.locator("#undo").click()
    expect(k).to_be_focused()
    expect(k).to_have_value("30")
