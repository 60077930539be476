"""The registry of rating systems: `calculate`, the CLI and the widget (through the generated
`widget/contract.js`) offer exactly these. Adding a system is one module with its arithmetic and
a `RatingSystem` (see `_contract`), listed here."""

from __future__ import annotations

from typing import Any

from ._contract import RatingSystem
from ._dwz import DWZ
from ._ecf import ECF
from ._elo import ELO
from ._fide import FIDE
from ._glicko import GLICKO
from ._glicko2 import GLICKO2, LICHESS
from ._uscf import USCF

_SYSTEMS: tuple[RatingSystem[Any], ...] = (FIDE, ELO, USCF, DWZ, ECF, GLICKO, GLICKO2, LICHESS)
REGISTRY: dict[str, RatingSystem[Any]] = {system.name: system for system in _SYSTEMS}
"""Every rating system by name, the default first."""
