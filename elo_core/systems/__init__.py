"""The registry of rating systems: `calculate`, the CLI and the widget (through the generated
`widget/shared/contract.js`) offer exactly these, each for what it declares it can do (its `Capabilities`:
a calculation, a tournament's report, a ladder; `offering`). Adding a system is one module with its
arithmetic and a `RatingSystem` (see `contract`), listed here.

A system's module is imported the first time the system is asked for: the widget's engine starts
with FIDE's and Elo's only (the other six took some 30 % of importing elo_core under Pyodide, on
the way to a visitor's first result)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any, Literal, cast

from ..contract import Capabilities, RatingSystem

_WHERE: dict[str, tuple[str, str]] = {
    "fide": (".fide.system", "FIDE"),
    "elo": (".elo", "ELO"),
    "uscf": (".uscf", "USCF"),
    "dwz": (".dwz", "DWZ"),
    "ecf": (".ecf", "ECF"),
    "glicko": (".glicko", "GLICKO"),
    "glicko2": (".glicko2", "GLICKO2"),
    "lichess": (".glicko2", "LICHESS"),
}
"""Each system's module and the name of its `RatingSystem` there, the default first."""


class _Registry(Mapping[str, RatingSystem[Any]]):
    """Systems by name, each imported when first asked for; iterating gives the names only."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where = where
        self._systems: dict[str, RatingSystem[Any]] = {}

    def __getitem__(self, name: str) -> RatingSystem[Any]:
        system = self._systems.get(name)
        if system is None:
            module, attribute = self._where[name]  # KeyError: no such system
            system = self._systems[name] = getattr(import_module(module, __package__), attribute)
        return system

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def register(self, system: RatingSystem[Any]) -> None:
        """Offer `system` after the built-in ones (a test's toy system): `calculate`, the CLI and the
        generated contract take it as they take any other."""
        if system.name in self._where:
            raise ValueError(f"a rating system is already called {system.name!r}")
        self._where[system.name] = ("", "")
        self._systems[system.name] = system

    def unregister(self, name: str) -> None:
        """Take back a system `register` added (the built-in ones stay)."""
        if self._where.get(name) != ("", ""):
            raise ValueError(f"{name!r} was not registered")
        del self._where[name], self._systems[name]


REGISTRY: Mapping[str, RatingSystem[Any]] = _Registry(dict(_WHERE))
"""Every rating system by name, the default first."""


def register(system: RatingSystem[Any]) -> None:
    """Add a rating system to the registry, after the built-in ones (see `_Registry.register`)."""
    cast(_Registry, REGISTRY).register(system)


def unregister(name: str) -> None:
    """Take back a system `register` added."""
    cast(_Registry, REGISTRY).unregister(name)


Capability = Literal["calculation", "tournament", "ledger"]
VIEWS: dict[str, Capability] = {"calculator": "calculation", "event": "tournament", "ladder": "ledger"}
"""What each of the widget's views asks of a system: the calculator a calculation, the report a tournament's
rating, the ladder a ledger's replay."""


CALCULATION_ONLY = Capabilities()
"""What a system that declares no `capabilities` can do: a calculation (a system file written before capabilities
were declared still registers, and is offered by the calculator alone)."""


def capabilities(name: str) -> Capabilities:
    """What the registered system `name` can do besides a calculation (KeyError: no such system)."""
    return getattr(REGISTRY[name], "capabilities", CALCULATION_ONLY)


def can(name: str, capability: Capability) -> bool:
    """Whether the registered system `name` can do `capability`."""
    return capability == "calculation" or getattr(capabilities(name), capability) is not None


def offering(capability: Capability) -> tuple[str, ...]:
    """The registered systems that can do `capability` (a calculation: every one; rating a tournament's TRF, the
    report; replaying a ledger, the ladder), in the registry's order: the one list the calculator, the report, the
    ladder, the CLI, the widget's menus and the WordPress plugin offer. Imports every system's module: a request
    asks `can` of the system it names, and `default` for none."""
    return tuple(name for name in REGISTRY if can(name, capability))


def default(capability: Capability) -> str:
    """The first registered system that can do `capability`, the view's default: the systems before it are imported
    to ask them, none after it."""
    return next(name for name in REGISTRY if can(name, capability))


def by_view() -> dict[str, list[str]]:
    """The systems each of the widget's views offers, the view's default first (`offering`)."""
    return {view: list(offering(capability)) for view, capability in VIEWS.items()}


def _register_added() -> None:
    """Register the systems a build added: scripts/build_site.py --system writes elo_core/systems/_added.py
    (their modules, and ADDED) into the engine's copy of the package; the package itself has none."""
    try:
        added = import_module("._added", __package__)
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}._added":
            raise
        return
    for system in added.ADDED:
        register(system)


_register_added()
