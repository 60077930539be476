"""The ladder view's texts (widget/views/ladder/) for elo_core's codes: every problem of the ledger's reader
(ledger.PROBLEMS) and every column a refused line's problem names (`params["column"]`: ledger.COLUMNS and
PLAYER_COLUMNS) has a text in English (tests/test_i18n.py then checks the other languages have the same keys),
and so have the patterns that put a problem's column and value, or a group's count and lines, into words. The
widget builds these keys from the codes, which test_i18n's scan of literal keys cannot see."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from elo_core.files.ledger import COLUMNS, PLAYER_COLUMNS, PROBLEMS

ENGLISH = json.loads((Path(__file__).resolve().parent.parent / "widget" / "i18n" / "en.json").read_text(
    encoding="utf-8"))


@pytest.mark.parametrize("key", [f"ladder.problem.{code}" for code in PROBLEMS]
                         + [f"ladder.column.{column}" for column in {**COLUMNS, **PLAYER_COLUMNS}])
def test_every_code_the_ladder_gives_has_a_text(key: str) -> None:
    assert ENGLISH.get(key)


@pytest.mark.parametrize(("key", "placeholders"), [
    ("ladder.note.cell", {"column", "value", "text"}),
    ("ladder.note.group", {"text", "count", "lines"}),
    ("event.note.group", {"text", "count", "lines"}),
])
def test_the_patterns_of_a_cell_and_of_a_group_have_their_placeholders(key: str, placeholders: set[str]) -> None:
    assert placeholders == set(re.findall(r"\{(\w+)\}", ENGLISH.get(key, "")))
