"""The rest of the standard library, fetched the first time one of its modules is imported.

scripts/compile_stdlib.mjs ships only the modules a visit runs, in the engine's zip, and puts this
file there as `_lazy_stdlib`, followed by REST, the names of every other module (in stdlib-rest.zip). The
worker calls install(url, read) after Pyodide starts; `read(url)` returns the bytes at url
(synchronously: an import cannot wait). Names outside REST cost nothing: the many `try: import x`
probes of the standard library still fail at once, with no request.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

REST: frozenset[str] = frozenset()  # none here; the engine's copy of this file ends with them (compile_stdlib.mjs)
# The standard library's packages views.zip adds modules to (the engine's copy names them, as REST).
VIEWS_PACKAGES: frozenset[str] = frozenset()
CORE = __file__.rpartition("/")[0]  # the engine's zip on sys.path, /lib/python3NN.zip


class RestOfStdlib:
    """A meta path finder for the modules of stdlib-rest.zip, which it fetches once, when first asked."""

    def __init__(self, url: str, read: Callable[[str], Any]) -> None:
        self.url = url
        self.read = read
        self.zip = CORE.removesuffix(".zip") + "-rest.zip"

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in REST:
            return None
        # The file, not a flag: Python started from a snapshot (widget/engine/snapshot.js) remembers
        # this finder but not the files it wrote.
        if not os.path.exists(self.zip):
            try:
                data = self.read(self.url)
            except Exception as exc:
                raise ImportError(f"{name} is not in the calculator's own standard library, and its "
                                  f"rest ({self.url}) could not be fetched: {exc}", name=name) from exc
            with open(self.zip, "wb") as f:
                f.write(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))
        # A submodule of a package that is in the engine's zip is looked for in the same folder of the rest.
        where = [self.zip] if path is None else [p.replace(CORE, self.zip, 1) for p in path]
        return PathFinder.find_spec(name, where)


def install(url: str, read: Callable[[str], Any]) -> None:
    """Let the modules left out of the engine's zip be imported, from `url` (stdlib-rest.zip)."""
    sys.meta_path.append(RestOfStdlib(url, read))


def add_views(path: str) -> None:
    """Let the views' modules be imported from the zip at `path` (views.zip: the worker writes it there
    when a view first asks; scripts/compile_stdlib.mjs): elo_core's, and the standard library's that only
    the views use. Each package of elo_core (or of VIEWS_PACKAGES) imported by then looks in its own
    folder of that zip too (one first imported from it looks only there); a module outside any package
    is found on sys.path, before the rest of the standard library would be fetched for it."""
    if path not in sys.path:
        sys.path.append(path)
    for name, module in list(sys.modules.items()):
        # Only these packages, and never an attribute asked of the others: asyncio's stand-in would
        # import asyncio for it (scripts/lazy_start.py), 2.7 s in WebKitGTK.
        if name.split(".")[0] != "elo_core" and name not in VIEWS_PACKAGES:
            continue
        folders = vars(module).get("__path__")
        folder = f"{path}/{name.replace('.', '/')}"
        if folders is not None and folder not in folders:
            folders.append(folder)
