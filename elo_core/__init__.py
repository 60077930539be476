"""elo_core: Elo and FIDE rating arithmetic, exactly as FIDE rates.

One entry point for programs (`calculate`, a JSON-like dict in and out) and a
typed API for people: `rate`, `expected_score`, `fide_expected_score`,
`fide_k_factor`, `performance_rating`, `fide_initial_rating`, `parse_results`.
"""

from __future__ import annotations

from ._api import SYSTEMS, System, performance_rating, rate
from ._elo import expected_score
from ._errors import EloError, KFactorError, RatingError, ScoreError, TooManyGamesError
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
    "parse_results",
    "performance_rating",
    "rate",
]
