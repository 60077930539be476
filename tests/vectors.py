"""Load the test vectors in tests/vectors/ and compare responses with them."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

VECTORS = Path(__file__).parent / "vectors"


def cases(name: str) -> list[dict[str, Any]]:
    """The cases of a JSON vector file; each has a name, a request and what to expect."""
    data = json.loads((VECTORS / name).read_text(encoding="utf-8"))
    return list(data["cases"])


def rows(name: str) -> list[dict[str, int]]:
    """The rows of a CSV vector file (lines starting with # are its header)."""
    with (VECTORS / name).open(encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return [{k: int(v) for k, v in row.items()} for row in csv.DictReader(lines)]


def mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` differs from `expected`: numbers given as strings are compared
    after rounding `actual` to as many decimals as the string shows."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        return [m for k, v in expected.items() for m in mismatches(v, actual.get(k), f"{path}.{k}")]
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: expected a list, got {actual!r}"]
        return [m for i, v in enumerate(expected) for m in mismatches(v, actual[i] if i < len(actual) else None,
                                                                      f"{path}[{i}]")]
    if isinstance(expected, str) and not _is_number(expected):
        return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]
    if isinstance(expected, str):
        if isinstance(actual, bool) or not isinstance(actual, (int, float)):
            return [f"{path}: expected {expected}, got {actual!r}"]
        places = len(expected.partition(".")[2])
        shown = f"{actual:.{places}f}"
        if shown == f"-{float(expected):.{places}f}".replace("--", "-"):
            return []  # -0.0 shown as 0 is the same number
        return [] if float(shown) == float(expected) else [f"{path}: expected {expected}, got {actual!r}"]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
