"""What Pyodide imports at every start and the calculator never uses, imported when first used.

The build puts this file in Pyodide's standard library as `sitecustomize` (scripts/pyodide_patches.py),
which Python runs while it starts, before Pyodide's core; scripts/compile_stdlib.mjs compiles it into
the engine's zip. At every start Pyodide 314 imports:
- asyncio: its core keeps the module, and pyodide/__init__.py sets up the browser's event loop
  (pyodide.webloop). About 30 modules, with ssl, socket, subprocess and logging.
- pyodide._package_loader, for loadPackage: its JavaScript reads two folders of it and asks it what is
  installed. It imports zipfile, tempfile, shutil (with bz2, lzma and zstd) and pathlib.
The calculator never awaits and installs nothing. So each gets a stand-in in sys.modules: the first
attribute anyone asks of it that the stand-in lacks imports the real module (from the rest of the
standard library: _lazy_stdlib) and makes the stand-in its twin, for whoever holds the stand-in. For
asyncio that also sets up Pyodide's event loop, as pyodide/__init__.py did (the build removes that
from it: pyodide_patches.py); until then time.sleep is Python's own (the set-up replaces it). The loader's stand-in
knows the two folders (tests/test_pyodide.py checks them against the real module's) and that
nothing is installed while site-packages holds no package.
"""

from __future__ import annotations

import os
import site
import sys
from types import ModuleType


class StandIn(ModuleType):
    """sys.modules[name] until the module is used: an attribute it lacks loads the real module."""

    def __getattr__(self, name: str) -> object:
        return getattr(load(self.__name__), name)


class Folder:
    """A folder as the loader's JavaScript reads it: str() of a pathlib.Path, without pathlib."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __str__(self) -> str:
        return self.path


class PackageLoader(StandIn):
    """pyodide._package_loader until something is installed."""

    SITE_PACKAGES = Folder(site.getsitepackages()[0])
    DSO_DIR = Folder("/usr/lib")  # Pyodide's, outside a virtual environment

    def init_loaded_packages(self) -> None:
        """Tell loadPackage what is installed already: nothing, while site-packages holds no package."""
        try:
            names = os.listdir(str(self.SITE_PACKAGES))
        except OSError:
            names = []
        if any(name.endswith(".dist-info") for name in names):
            load(self.__name__).init_loaded_packages()


def event_loop() -> None:
    """Pyodide's event loop, set up as its pyodide/__init__.py does."""
    from pyodide.webloop import _initialize_event_loop  # type: ignore[import-not-found]
    _initialize_event_loop()


SET_UP = {"asyncio": event_loop}


def load(name: str) -> ModuleType:
    """The real module `name`, set up (once)."""
    stand_in = sys.modules.get(name)
    if not isinstance(stand_in, StandIn):  # loaded already, or being loaded
        __import__(name)
        return sys.modules[name]
    del sys.modules[name]
    before = set(sys.modules)
    try:
        __import__(name)
        real = sys.modules[name]
        SET_UP.get(name, lambda: None)()
    except BaseException:
        # Asked again next time (the rest of the library may come back), from scratch: a package
        # whose submodules are still in sys.modules would not get them as attributes again.
        for new in set(sys.modules) - before:
            del sys.modules[new]
        sys.modules[name] = stand_in
        raise
    vars(stand_in).update(vars(real))
    return real


def install() -> None:
    """Put the stand-ins in place. Each has what every module has (__name__, and __spec__ None, which
    the import system reads of a module already in sys.modules)."""
    for name, kind in (("asyncio", StandIn), ("pyodide._package_loader", PackageLoader)):
        if name not in sys.modules:
            sys.modules[name] = kind(name)


install()
