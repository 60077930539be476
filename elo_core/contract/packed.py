"""A list of games as columns of numbers, for the widget's worker (`bridge.handle_packed`; the page
unpacks them with widget/engine/packed.js): ten thousand games are some 70 000 numbers, and writing each as
JSON text, and reading it back in the page, took longer than rating them.

`pack_columns` packs columns of booleans or numbers (null as NaN, which no answer holds) as float64.
"""

from __future__ import annotations

import binascii
import math
import struct
import sys
from array import array
from collections.abc import Sequence
from typing import Any

from . import GAME_KEYS

_NUMBER = {int, float, type(None)}


def pack_columns(keys: Sequence[str], columns: Sequence[Sequence[Any]]) -> tuple[list[list[str]], array[float]]:
    """The columns that pack, as [key, "b" (booleans) or "n" (numbers or null)], and their values
    one column after the other. A column of anything else, or with a number that is not finite, does
    not pack (so that writing the answer fails as it would unpacked)."""
    packed: list[list[str]] = []
    numbers = array("d")
    for key, column in zip(keys, columns):
        types = set(map(type, column))
        if types == {bool}:
            kind = "b"
        elif types <= _NUMBER:
            kind = "n"
        else:
            continue
        try:
            floats = array("d", [math.nan if v is None else v for v in column] if type(None) in types else column)
        except OverflowError:
            continue
        if not _finite(floats):
            continue
        numbers.extend(floats)
        packed.append([key, kind])
    return packed, numbers


# The bytes of the two infinities as `array.tobytes` writes them: a byte search finds any, which is
# some ten times faster than testing each number under Pyodide (a match out of step is checked).
_INFINITIES = (struct.pack("=d", math.inf), struct.pack("=d", -math.inf))


def _finite(floats: array[float]) -> bool:
    """Whether no number of `floats` is infinite (NaN, which stands for null, is allowed)."""
    raw = floats.tobytes()
    return not any(inf in raw for inf in _INFINITIES) or not any(map(math.isinf, floats))


def packed(n: int, columns: list[list[str]], numbers: array[float], other: list[Any]) -> dict[str, Any]:
    """The packed form of a list of `n` games (widget/engine/packed.js): float64 little-endian, base64."""
    if sys.byteorder == "big":
        numbers.byteswap()
    text = binascii.b2a_base64(numbers.tobytes(), newline=False).decode("ascii")
    return {"n": n, "columns": columns, "numbers": text, "other": other}


def pack_rows(columns: Sequence[Sequence[Any]]) -> dict[str, Any] | None:
    """The packed form of games' answers given by column (`GameRows.columns`: the `GAME_KEYS` values,
    then why a game is not rated), made without a dict per game; None (pack them as dicts) when a game
    has a reason or a column does not pack."""
    n = len(columns[0])
    if not n or columns[len(GAME_KEYS)].count(None) != n:
        return None
    keys, numbers = pack_columns(GAME_KEYS, columns[:len(GAME_KEYS)])
    if len(keys) != len(GAME_KEYS):
        return None
    return packed(n, keys, numbers, [])
