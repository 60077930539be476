"""Exceptions raised by elo_core's typed API; each is a ValueError.

`calculate()` never raises: it turns bad input into `{"ok": false, "errors": [...]}`.
"""

from __future__ import annotations


class EloError(ValueError):
    """Base class of every error elo_core raises on bad input."""


class RatingError(EloError):
    """A rating is not a finite number in range (or not whole under FIDE)."""


class ScoreError(EloError):
    """A game's score is not 0, 0.5 or 1."""


class KFactorError(EloError):
    """A K-factor is not a positive number (or not whole under FIDE)."""


class TooManyGamesError(EloError):
    """An event has more games than `MAX_GAMES`."""
