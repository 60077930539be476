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
