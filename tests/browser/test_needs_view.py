"""What do I need in the calculator (issue 43: Elo's and FIDE's `target` and `norm`, widget/views/calculator/needs.js):
typed as a visitor types, answered beside the result, each figure elo_core's own for the same request; kept after a
reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from elo_core.systems.request import calculate

from .ui import enter

GAMES = [{"opponent": 2400, "score": 0}] * 5
FIDE: dict[str, Any] = {"system": "fide", "rating": 2410, "k": 10, "games": GAMES}


def test_a_rating_to_keep_and_a_norm_as_the_visitor_types(widget: Page) -> None:
    enter(widget, FIDE)
    expect(widget.get_by_label("Rating to reach or keep")).to_be_hidden()  # a short form until asked
    widget.get_by_label("What do I need? A rating to reach, a title norm").check()
    need = calculate({**FIDE, "target": 2400})["needs"]["target"]
    assert (need["score"], need["dropped"]) == (2.0, 3.0)
    widget.get_by_label("Rating to reach or keep").fill("2400")
    needs = widget.locator("#needs")
    expect(needs).to_contain_text("To reach 2400: 2 of 5 (you may drop 3).")
    expect(widget.locator("#announce")).to_contain_text("To reach 2400: 2 of 5")
    widget.get_by_label("Rating to reach or keep").fill("2500")
    expect(needs).to_contain_text("2500 is out of reach over these games: winning all 5 gives 2435.")
    # An IM norm against these five 2400s: the score over the 5 games, said with the 9 games a norm needs.
    widget.get_by_label("Title norm", exact=True).select_option(label="IM norm")
    norm = calculate({**FIDE, "norm": "IM"})["needs"]["norm"]
    expect(needs).to_contain_text(f"IM norm against these opponents (average {norm['average']}): "
                                  f"{norm['needed']:g} of 5, a performance of {norm['performance']}.")
    expect(needs).to_contain_text("A norm needs at least 9 games.")
    # Kept after a reload, and answered again.
    widget.reload()
    expect(widget.get_by_label("Rating to reach or keep")).to_have_value("2500")
    expect(widget.locator("#needs")).to_contain_text("2500 is out of reach")


def test_plain_elo_what_score_reaches_a_target(widget: Page) -> None:
    request: dict[str, Any] = {"system": "elo", "rating": 1950, "k": 20, "games": [{"opponent": 1900, "score": 1}] * 4}
    enter(widget, request)
    widget.get_by_label("What do I need? A rating to reach, a title norm").check()
    widget.get_by_label("Rating to reach or keep").fill("1980")
    score = calculate({**request, "target": 1980})["needs"]["target"]["score"]
    expect(widget.locator("#needs")).to_contain_text(f"To reach 1980: {score:g} of 4")
    widget.get_by_label("Rating update").select_option("sequential")
    expect(widget.locator("#needs")).to_contain_text("what is needed depends on which games are won")
    # Nothing asked: nothing shown; the box unticked, the fields go and nothing is asked.
    widget.get_by_label("Rating to reach or keep").fill("")
    expect(widget.locator("#needs")).to_be_hidden()
    widget.get_by_label("Rating to reach or keep").fill("1980")
    expect(widget.locator("#needs")).to_be_visible()
    widget.get_by_label("What do I need? A rating to reach, a title norm").uncheck()
    expect(widget.locator("#needs")).to_be_hidden()
