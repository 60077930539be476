"""The ledger reader's rows (`ledger._rows`): a file without a cell to trim is only split (quicker in Pyodide);
the rows must be those that trimming every cell gives, whatever white space the lines hold."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elo_core.files.ledger import _padded, _rows

SEPARATORS = (",", ";", "\t")
lines = st.lists(st.text(alphabet=["a", "1", " ", ",", ";", "\t", "\xa0", "\u2003", "\x1c", "½"], max_size=12),
                 max_size=8)


def trimmed_rows(lines: list[str], separator: str) -> list[tuple[int, list[str]]]:
    """Every cell trimmed, blank rows left out: what the reader did to each line before it had a quicker way."""
    rows = []
    for n, line in enumerate(lines, 1):
        cells = [cell.strip() for cell in line.split(separator)]
        if any(cells):
            rows.append((n, cells))
    return rows


@given(lines, st.sampled_from(SEPARATORS))
def test_rows_are_the_trimmed_cells_of_each_non_blank_line(text: list[str], separator: str) -> None:
    assert list(_rows(text, separator)) == trimmed_rows(text, separator)


@given(st.lists(st.text(alphabet=["a", "1", " ", ","], max_size=12), max_size=8))
def test_a_file_is_padded_exactly_when_a_cell_changes_by_trimming(text: list[str]) -> None:
    """With the space as the only white space, `_padded` says no only when no cell would change (else trimming
    would be skipped for a cell that needs it), and yes when one would (else the quick way is never taken)."""
    changes = any(cell != cell.strip() for line in text for cell in line.split(","))
    assert _padded(text, ",") == changes


def test_the_quick_way_and_the_trimming_way_are_both_taken() -> None:
    assert not _padded(["2026-03-04,Anna Meier,Ben,1", ",,,", ""], ",")
    assert list(_rows(["2026-03-04,Anna Meier,Ben,1", ",,,", ""], ",")) == [(1, ["2026-03-04", "Anna Meier", "Ben",
                                                                                   "1"])]
    for padded in (["2026-03-04, Anna,Ben,1"], ["2026-03-04,Anna,Ben,1 "], [" 2026-03-04,Anna,Ben,1"],
                   ["2026-03-04,Anna\xa0,Ben,1"], ["a,b", " "]):
        assert _padded(padded, ",")
        assert list(_rows(padded, ",")) == trimmed_rows(padded, ",")
