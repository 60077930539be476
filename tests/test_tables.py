"""FIDE's tables 8.1.2 (expected score) and 8.1.1 (performance dp), at every row boundary."""

from __future__ import annotations

from itertools import pairwise

import pytest

from elo_core import fide_expected_score
from elo_core.systems.fide.first import dp_for_percent
from elo_core.systems.fide.rules import pd_hundredths

from .vectors import rows

PD_ROWS = rows("fide_table_8_1_2.csv")
DP_ROWS = rows("fide_table_8_1_1.csv")


@pytest.mark.parametrize("row", PD_ROWS, ids=lambda r: f"{r['low']}-{r['high']}")
def test_pd_at_both_ends_of_each_row(row: dict[str, int]) -> None:
    for d in (row["low"], row["high"]):
        assert row["pd_high"] == pd_hundredths(d)
        assert 100 - row["pd_high"] == pd_hundredths(-d)


def test_pd_rows_cover_0_to_735_without_gaps() -> None:
    assert 0 == PD_ROWS[0]["low"]
    assert 735 == PD_ROWS[-1]["high"]
    for before, after in pairwise(PD_ROWS):
        assert before["high"] + 1 == after["low"]


@pytest.mark.parametrize("d", [736, 800, 1500])
def test_pd_over_735_is_one(d: int) -> None:
    assert 100 == pd_hundredths(d)
    assert 0 == pd_hundredths(-d)


@pytest.mark.parametrize(("d", "pd"), [(411, 92), (412, 93), (610, 98), (619, 98), (620, 99)])
def test_pd_at_the_values_public_copies_get_wrong(d: int, pd: int) -> None:
    assert pd == pd_hundredths(d)


def test_fide_expected_score_of_the_stronger_player_at_100() -> None:
    assert 0.64 == fide_expected_score(2100, 2000)
    assert 0.36 == fide_expected_score(2000, 2100)


@pytest.mark.parametrize("row", DP_ROWS, ids=lambda r: str(r["percent"]))
def test_dp_for_each_percent_and_its_mirror(row: dict[str, int]) -> None:
    assert row["dp"] == dp_for_percent(row["percent"])
    assert -row["dp"] == dp_for_percent(100 - row["percent"])


def test_dp_rows_cover_50_to_100() -> None:
    assert list(range(50, 101)) == [r["percent"] for r in DP_ROWS]
