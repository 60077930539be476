"""The published worked examples (seeds) and hand-worked FIDE cases, through `calculate`."""

from __future__ import annotations

from typing import Any

import pytest

from elo_core import calculate

from .vectors import cases, mismatches


@pytest.mark.parametrize("case", cases("seeds.json"), ids=lambda c: c["name"])
def test_seed_example(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == mismatches(case["expect"], response)


@pytest.mark.parametrize("case", cases("fide.json"), ids=lambda c: c["name"])
def test_fide_case(case: dict[str, Any]) -> None:
    response = calculate(case["request"])
    assert response["ok"] is True, response
    assert [] == mismatches(case["expect"], response)


def test_mismatches_reports_a_wrong_number() -> None:
    """The comparison itself can fail: 12.8 is not 12.9, and 1 is not null."""
    assert mismatches({"change": "12.9", "new_rating": None}, {"change": 12.80, "new_rating": 1}) != []
    assert mismatches({"change": "12.8"}, {"change": 12.801}) == []
