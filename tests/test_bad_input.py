"""Bad requests: each gives ok false, naming the field and saying what was wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elo_core import calculate
from elo_core.bridge import handle

GOOD_ELO = {"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": 1}]}
GOOD_FIDE = {"system": "fide", "rating": 2000, "games": [{"opponent": 1900, "score": 0.5}]}

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("rating abc", {**GOOD_ELO, "rating": "abc"}, "rating", "not_a_number"),
    ("rating missing in elo", {**GOOD_ELO, "rating": None}, "rating", "required"),
    ("rating infinite", {**GOOD_ELO, "rating": float("inf")}, "rating", "not_a_number"),
    ("rating negative", {**GOOD_ELO, "rating": -5}, "rating", "out_of_range"),
    ("rating too high", {**GOOD_ELO, "rating": 99999}, "rating", "out_of_range"),
    ("rating a list", {**GOOD_ELO, "rating": [1500]}, "rating", "not_a_number"),
    ("rating true", {**GOOD_ELO, "rating": True}, "rating", "not_a_number"),
    ("fide rating with decimals", {**GOOD_FIDE, "rating": 2000.5}, "rating", "not_whole"),
    ("fide opponent with decimals", {**GOOD_FIDE, "games": [{"opponent": "1900.5", "score": 1}]},
     "games[0].opponent", "not_whole"),
    ("score 0.7", {**GOOD_ELO, "games": [{"opponent": 1600, "score": 0.7}]}, "games[0].score", "not_a_score"),
    ("score missing", {**GOOD_ELO, "games": [{"opponent": 1600}]}, "games[0].score", "not_a_score"),
    ("score maybe", {**GOOD_ELO, "games": [{"opponent": 1600, "score": "maybe"}]}, "games[0].score", "not_a_score"),
    ("opponent abc", {**GOOD_ELO, "games": [{"opponent": "abc", "score": 1}]}, "games[0].opponent", "not_a_number"),
    ("opponent missing", {**GOOD_ELO, "games": [{"score": 1}]}, "games[0].opponent", "required"),
    ("third game bad", {**GOOD_ELO, "games": [{"opponent": 1, "score": 1}] * 2 + [{"opponent": "x", "score": 1}]},
     "games[2].opponent", "not_a_number"),
    ("game not an object", {**GOOD_ELO, "games": [5]}, "games[0]", "not_an_object"),
    ("games not a list", {**GOOD_ELO, "games": "1600 1"}, "games", "not_a_list"),
    ("100 000 games", {**GOOD_ELO, "games": [{"opponent": 1600, "score": 1}] * 100_000}, "games", "too_many_games"),
    ("k zero", {**GOOD_ELO, "k": 0}, "k", "bad_k"),
    ("k negative", {**GOOD_ELO, "k": -20}, "k", "bad_k"),
    ("k text", {**GOOD_ELO, "k": "twenty"}, "k", "bad_k"),
    ("k missing in elo", {**GOOD_ELO, "k": None}, "k", "required"),
    ("fide k with decimals", {**GOOD_FIDE, "k": 15.5}, "k", "not_whole"),
    ("system chess", {**GOOD_ELO, "system": "chess"}, "system", "not_a_choice"),
    ("update weekly", {**GOOD_ELO, "update": "weekly"}, "update", "not_a_choice"),
    ("cap_400 yes", {**GOOD_ELO, "cap_400": "yes"}, "cap_400", "not_a_boolean"),
    ("time control bullet", {**GOOD_FIDE, "time_control": "bullet"}, "time_control", "not_a_choice"),
    ("player junior 1", {**GOOD_FIDE, "player": {"junior": 1}}, "player.junior", "not_a_boolean"),
    ("player a list", {**GOOD_FIDE, "player": [True]}, "player", "not_an_object"),
    ("player false", {**GOOD_FIDE, "player": False}, "player", "not_an_object"),
    ("player empty text", {**GOOD_FIDE, "player": ""}, "player", "not_an_object"),
]


@pytest.mark.parametrize(("name", "request_", "field", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_request_names_the_field(name: str, request_: dict[str, Any], field: str, code: str) -> None:
    response = calculate(request_)
    assert response["ok"] is False
    assert (field, code) in [(e["field"], e["code"]) for e in response["errors"]]


def test_good_requests_of_the_table_are_valid() -> None:
    assert calculate(GOOD_ELO)["ok"] and calculate(GOOD_FIDE)["ok"]


def test_every_problem_is_listed_at_once() -> None:
    response = calculate({"system": "elo", "rating": "abc", "k": -1,
                          "games": [{"opponent": "x", "score": 0.7}, {"opponent": 1500, "score": 1}]})
    assert ["rating", "k", "games[0].opponent", "games[0].score"] == [e["field"] for e in response["errors"]]


def test_message_quotes_the_bad_value() -> None:
    response = calculate({**GOOD_ELO, "games": [{"opponent": "abc", "score": 1}]})
    assert "expected the opponent's rating to be a number, got 'abc'" == response["errors"][0]["message"]


def test_score_message_is_in_the_style_of_the_project() -> None:
    response = calculate({**GOOD_ELO, "games": [{"opponent": 1600, "score": 0.7}]})
    assert "expected the result to be 1, 0.5 or 0, got 0.7" == response["errors"][0]["message"]


@pytest.mark.parametrize("text", ["{oops", "", "[1, 2", "\x00"])
def test_bridge_answers_malformed_json(text: str) -> None:
    assert '"code":"bad_json"' in handle(text)


@pytest.mark.parametrize("separators", [(",", ":"), (", ", ": ")])
def test_bridge_reads_a_request_with_a_byte_order_mark(separators: tuple[str, str]) -> None:
    """JSON text from Notepad starts with U+FEFF; the widget's compact form ends with its games."""
    assert '"ok":true' in handle("\ufeff" + json.dumps(GOOD_ELO, separators=separators))


def test_invisible_marks_in_numeric_text_are_dropped_but_alone_are_no_number() -> None:
    """As the widget and the paste reader read numbers (`plain_digits`); marks alone are never a blank,
    which FIDE would read as unrated."""
    marked = calculate({**GOOD_ELO, "rating": "\u200f1500", "k": "\u200e20",
                        "games": [{"opponent": "\u200f1600", "score": "\u200f½\u200e"}]})
    assert (True, 1600, 0.5) == (marked["ok"], marked["games"][0]["opponent"], marked["score"])
    alone = calculate({**GOOD_FIDE, "rating": "\u200f", "games": [{"opponent": "\u200b", "score": 1}]})
    assert [("rating", "not_a_number"), ("games[0].opponent", "not_a_number")] == [
        (e["field"], e["code"]) for e in alone["errors"]]


def test_a_score_with_a_character_that_reorders_it_is_no_score() -> None:
    """"\u202e0-1" shows as 1-0 and holds a loss: refused, as numbers with such characters are."""
    answer = calculate({**GOOD_ELO, "games": [{"opponent": 1600, "score": "\u202e0-1"}]})
    assert [("games[0].score", "not_a_score")] == [(e["field"], e["code"]) for e in answer["errors"]]


def test_bridge_answers_deeply_nested_json() -> None:
    assert '"ok":false' in handle("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("request_", [None, 5, "text", [GOOD_ELO]])
def test_request_that_is_not_an_object(request_: Any) -> None:
    assert [("", "not_an_object")] == [(e["field"], e["code"]) for e in calculate(request_)["errors"]]


def test_ten_thousand_games_are_accepted() -> None:
    response = calculate({**GOOD_FIDE, "games": [{"opponent": 1900, "score": 1}] * 10_000})
    assert (True, 0) == (response["ok"], response["k"])  # 700 // 10 000 = 0


def test_a_number_ending_in_an_information_separator_is_read_not_an_internal_error() -> None:
    """Hypothesis found "2\\x1f": `\\s` matches U+001C to U+001F, float() does not strip them."""
    response = calculate({"system": "elo", "rating": "1500\x1f", "k": 20,
                          "games": [{"opponent": "1600\x1c", "score": 1}]})
    assert (True, 1500) == (response["ok"], response["rating"])
