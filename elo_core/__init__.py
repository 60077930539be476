"""elo_core: Elo and FIDE rating arithmetic, exactly as FIDE rates.

One entry point for programs (`calculate`, a JSON-like dict in and out) and a
typed API for people: `rate`, `expected_score`, `fide_expected_score`,
`fide_k_factor`, `performance_rating`, `fide_initial_rating`, `parse_results`; a club's ladder from its
results ledger: `read_ledger`, `ladder_report`, `ladder_stakes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._api import SYSTEMS, System, performance_rating, rate
from ._elo import expected_score
from ._errors import EloError, KFactorError, LedgerError, RatingError, ScoreError, TooManyGamesError
from ._fide import FideRules, apply_700_rule, fide_expected_score, fide_initial_rating, fide_k_factor
from ._model import (
    DRAW,
    LOSS,
    MAX_GAMES,
    WIN,
    EloRules,
    EventResult,
    Game,
    GameResult,
    InitialRating,
    Performance,
    Score,
    TimeControl,
    Update,
)
from ._paste import PastedGames, PasteProblem, parse_results
from ._request import calculate

if TYPE_CHECKING:
    from ._ladder import ladder_report, ladder_stakes
    from ._ledger import Ledger, LedgerGame, LedgerPlayer, LedgerProblem, read_ledger

_LAZY = {
    "ladder_report": "._ladder", "ladder_stakes": "._ladder", "Ledger": "._ledger",
    "LedgerGame": "._ledger", "LedgerPlayer": "._ledger", "LedgerProblem": "._ledger", "read_ledger": "._ledger",
}
"""The ladder's names, imported when first asked for: the ladder needs Glicko's modules, which the widget's engine
imports only when a system asks for them (`_systems`)."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "DRAW",
    "LOSS",
    "MAX_GAMES",
    "SYSTEMS",
    "WIN",
    "EloError",
    "EloRules",
    "EventResult",
    "FideRules",
    "Game",
    "GameResult",
    "InitialRating",
    "KFactorError",
    "Ledger",
    "LedgerError",
    "LedgerGame",
    "LedgerPlayer",
    "LedgerProblem",
    "PasteProblem",
    "PastedGames",
    "Performance",
    "RatingError",
    "Score",
    "ScoreError",
    "System",
    "TimeControl",
    "TooManyGamesError",
    "Update",
    "__version__",
    "apply_700_rule",
    "calculate",
    "expected_score",
    "fide_expected_score",
    "fide_initial_rating",
    "fide_k_factor",
    "ladder_report",
    "ladder_stakes",
    "parse_results",
    "performance_rating",
    "rate",
    "read_ledger",
]
