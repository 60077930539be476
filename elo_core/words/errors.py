"""Exceptions raised by elo_core's typed API; each is a ValueError.

Each carries the contract's error `code` and its `params`, so that `calculate()`, which never
raises, reports the very same problem as a field error: one message per problem, in one style.
"""

from __future__ import annotations

from typing import Any


class EloError(ValueError):
    """Base class of every error elo_core raises on bad input."""

    def __init__(self, message: str, code: str = "invalid", **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        """The JSON contract's error code (`not_a_number`, `out_of_range`, ...)."""
        self.params = params
        """What the message was made from, for translations."""


class RatingError(EloError):
    """A rating is not a finite number in range (or not whole under FIDE)."""


class ScoreError(EloError):
    """A game's score is not 0, 0.5 or 1."""


class KFactorError(EloError):
    """A K-factor is not a positive number (or not whole under FIDE)."""


class TooManyGamesError(EloError):
    """An event has more games than `MAX_GAMES`."""


class TrfError(EloError):
    """A text is no tournament report file: not one player line (`001`) could be read (`trf.read_trf`)."""

    def __init__(self, message: str, line: int, **params: Any) -> None:
        super().__init__(message, "not_supported", line=line, **params)
        self.line = line
        """The first line that could not be read (1-based)."""


class LedgerError(EloError):
    """A text is no results ledger (or no players file): a header without a column the games need, or not
    one line read as a game (`ledger.read_ledger`)."""

    def __init__(self, message: str, line: int, source: str = "games", **params: Any) -> None:
        super().__init__(message, "not_supported", line=line, source=source, **params)
        self.line = line
        """The line that could not be read (1-based)."""
        self.source = source
        """`games` (the ledger) or `players` (the players file)."""


def show(value: Any) -> str:
    """A value as a message quotes it: short, and safe for any input (a 5 000-digit int included)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list, tuple)):
        return "a list" if isinstance(value, (list, tuple)) else "an object"
    if isinstance(value, int) and abs(value) >= 10**40:
        return "a number of more than 40 digits"
    try:
        text = repr(value)
    except ValueError:  # an int too long to convert to text
        return "a number of more than 40 digits"
    return text if len(text) <= 40 else text[:37] + "..."
