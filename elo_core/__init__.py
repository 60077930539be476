"""elo_core: Elo and FIDE rating arithmetic, exactly as FIDE rates.

One entry point for programs (`calculate`, a JSON-like dict in and out) and a
typed API for people: `rate`, `expected_score`, `fide_expected_score`,
`fide_k_factor`, `performance_rating`, `fide_initial_rating`, `parse_results`; a club's ladder from its
results ledger: `read_ledger`, `ladder_report`, `ladder_stakes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .systems.api import SYSTEMS, System, performance_rating, rate
from .systems.elo import expected_score
from .systems.fide.first import fide_initial_rating
from .systems.fide.rules import FideRules, apply_700_rule, fide_expected_score, fide_k_factor
from .systems.request import calculate
from .words.errors import EloError, KFactorError, LedgerError, RatingError, ScoreError, TooManyGamesError
from .words.model import (
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
from .words.paste import PastedGames, PasteProblem, parse_results

if TYPE_CHECKING:
    from .files.ledger import Ledger, LedgerGame, LedgerPlayer, LedgerProblem, read_ledger
    from .reports.ladder import ladder_report, ladder_stakes

_LAZY = {
    "ladder_report": ".reports.ladder", "ladder_stakes": ".reports.ladder", "Ledger": ".files.ledger",
    "LedgerGame": ".files.ledger", "LedgerPlayer": ".files.ledger", "LedgerProblem": ".files.ledger",
    "read_ledger": ".files.ledger",
}
"""The ladder's names, imported when first asked for: the ladder needs Glicko's modules, which the widget's engine
imports only when a system asks for them (`systems`)."""


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
