"""Pasted results: real-looking tables and lists, and the lines that must be reported."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elo_core import MAX_GAMES, parse_results
from elo_core.bridge import parse

from .vectors import cases


@pytest.mark.parametrize("case", cases("paste.json"), ids=lambda c: c["name"])
def test_pasted_text(case: dict[str, Any]) -> None:
    read = parse_results(case["text"])
    assert case["games"] == [[n, g.opponent, g.score] for n, g in zip(read.lines, read.games)]
    assert case["problems"] == [[p.line, p.reason] for p in read.problems]


def test_nothing_is_dropped_silently() -> None:
    text = "1500 1\nnonsense\n\n1600 ½\n???"
    read = parse_results(text)
    non_blank = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    assert non_blank == sorted([*read.lines, *(p.line for p in read.problems)])


def test_bridge_parse_gives_json_with_line_numbers() -> None:
    answer = json.loads(parse("1620 ½\nBye"))
    assert {"games": [{"line": 1, "opponent": 1620, "score": 0.5}],
            "problems": [{"line": 2, "text": "Bye", "reason": "no_rating"}]} == answer


def test_too_many_pasted_games_are_reported() -> None:
    read = parse_results("1500 1\n" * (MAX_GAMES + 2))
    assert (MAX_GAMES, ["too_many_games"] * 2) == (len(read.games), [p.reason for p in read.problems])


def test_direction_marks_and_invisible_characters_are_ignored() -> None:
    """Lines copied from right-to-left pages carry U+200E/U+200F and embedding marks."""
    text = "\u200f1620\u200e \u00bd\n\u202b1540\u202c\t1-0\n\u2067W\u2069 \ufeff1480\n\u200b2010\u00ad 0\n\u200f"
    read = parse_results(text)
    assert ([(1620, 0.5), (1540, 1.0), (1480, 1.0), (2010, 0.0)], [1, 2, 3, 4], ()) == (
        [(g.opponent, g.score) for g in read.games], list(read.lines), read.problems)


def test_digits_of_other_scripts_read_as_ascii_ones() -> None:
    """Fullwidth, Arabic-Indic and Devanagari digits follow the rules of ASCII digits."""
    read = parse_results("\uff11\uff16\uff12\uff10 \uff10.\uff15\n"
                         "\u0661\u0665\u0664\u0660 \u0661\n"
                         "\u0967\u096b\u0966\u0966 1/2\n"
                         "\uff11.\uff15\uff10\uff10 1")
    assert ([(1620, 0.5), (1540, 1.0), (1500, 0.5)], [(4, "no_rating")]) == (
        [(g.opponent, g.score) for g in read.games], [(p.line, p.reason) for p in read.problems])


def test_a_problem_shows_the_line_as_pasted() -> None:
    assert "\u200f\uff11\uff10 maybe" == parse_results("\u200f\uff11\uff10 maybe").problems[0].text
