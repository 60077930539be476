"""Every change the build makes to files it does not write itself: Pyodide's standard library
(python_stdlib.zip of the pinned npm package) and the elo_core sources it compiles into the engine.

One entry each in PATCHES: the file, the change, why, and the tests that fail when an upgrade
(Pyodide's, or a change to what the entry relies on) breaks it. The build applies them only through
this module (scripts/build_site.py `start_stdlib`: `patch_stdlib`; scripts/compile_stdlib.mjs, in
Pyodide: `compiled_source`), and stops with PatchError when one no longer applies. Nothing else is
changed: Pyodide's JavaScript and WebAssembly are copied as they are, and the rest of its standard
library is either compiled as it is (engine.zip) or shipped as it is (stdlib-rest.zip):
tests/test_pyodide_patches.py checks both in the built site.

Stdlib only: compile_stdlib.mjs imports this file inside Pyodide.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Where a patched file comes from.
PYODIDE_STDLIB = "Pyodide's python_stdlib.zip"
ELO_CORE = "elo_core's sources, as the wheel holds them"
DATE = (1980, 1, 1, 0, 0, 0)  # an added file's date in the zip: the same sources give the same bytes


class PatchError(Exception):
    """A patch that no longer applies: the file it changes is not what it was written for."""


@dataclass(frozen=True)
class Patch:
    """One change to files the build does not write."""

    name: str
    """What the tests call it."""
    where: str
    """The files' origin: PYODIDE_STDLIB or ELO_CORE."""
    files: str
    """The file's path in its archive (a glob for ELO_CORE)."""
    old: bytes | None
    """The bytes replaced; None: the file is added, and must not be there already."""
    new: bytes | str
    """What takes their place: bytes, or the name of a file beside this one whose bytes it is."""
    why: str
    """Why the build makes the change."""
    tests: tuple[str, ...]
    """The tests ("tests/<file>.py::<name>") that fail when an upgrade breaks it."""
    every: bool = False
    """Applies to each of `files` that holds `old` (once, the first), and leaves the others as
    they are; else `old` must be there exactly once."""

    def replacement(self) -> bytes:
        return self.new if isinstance(self.new, bytes) else (HERE / self.new).read_bytes()

    def apply(self, name: str, data: bytes | None) -> bytes:
        """`data`, the bytes of `name` (None: the archive has no such file), with this change made."""
        if self.old is None:
            if data is not None:
                raise self.error(f"{self.where} now has its own {name}, which this patch would replace")
            return self.replacement()
        if data is None:
            raise self.error(f"{self.where} no longer has {name}, which this patch changes")
        found = data.count(self.old)
        if found != 1 and not (self.every and found == 0):
            raise self.error(f"{name} of {self.where} holds {found} copies of what this patch replaces, not one")
        return data.replace(self.old, self.replacement(), 1)

    def error(self, problem: str) -> PatchError:
        return PatchError(f"patch {self.name!r} no longer applies: {problem}. See its entry in "
                          f"scripts/pyodide_patches.py, and {', '.join(self.tests)}")


PATCHES = (
    Patch(
        name="event loop at start",
        where=PYODIDE_STDLIB, files="pyodide/__init__.py",
        old=(b"from .webloop import _initialize_event_loop\n\n"
             b"_initialize_event_loop()\ndel _initialize_event_loop\n"),
        new=(b"# asyncio and the package loader are imported when first used (sitecustomize, put here by\n"
             b"# the Elo calculator's build: scripts/lazy_start.py)\n"
             b"from sys import modules as _modules\n\n"
             b"_package_loader = _modules[__name__ + '._package_loader']\ndel _modules\n"),
        why=("Setting up the browser's event loop imports asyncio (about 30 modules, with ssl, socket and "
             "subprocess) at every start, and the calculator never awaits: lazy_start.py sets it up when "
             "asyncio is first used. The package then holds the loader's stand-in as its attribute, as it "
             "would hold the loader."),
        tests=("tests/test_pyodide_patches.py::test_each_patch_applies_to_the_pinned_pyodide",
               "tests/test_pyodide.py::test_pyodide_starts_without_asyncio_and_without_its_package_loader",
               "tests/test_pyodide.py::test_asyncio_is_imported_when_first_used_with_pyodide_s_event_loop"),
    ),
    Patch(
        name="sitecustomize",
        where=PYODIDE_STDLIB, files="sitecustomize.py", old=None, new="lazy_start.py",
        why=("Stand-ins for asyncio and the package loader (pyodide._package_loader, which imports zipfile, "
             "tempfile, shutil and pathlib) must be in sys.modules before Pyodide's core imports them; "
             "Python runs sitecustomize while it starts, before that."),
        tests=("tests/test_pyodide_patches.py::test_each_patch_applies_to_the_pinned_pyodide",
               "tests/test_pyodide.py::test_pyodide_starts_without_asyncio_and_without_its_package_loader",
               "tests/test_pyodide.py::test_load_package_brings_the_real_loader_which_has_the_stand_in_s_folders"),
    ),
    Patch(
        name="future annotations",
        where=ELO_CORE, files="elo_core/*.py", every=True,
        old=b"from __future__ import annotations\n", new=b"\n",  # a line for a line: tracebacks keep theirs
        why=("Pyodide's Python (3.14) defers annotations anyway (PEP 649); as strings, each of elo_core's "
             "dataclasses parsed its annotations at every start. Importing elo_core in Pyodide under Node, "
             "medians of 20: 62 -> 50 ms. The line stays in the sources for CPython 3.11."),
        tests=("tests/test_pyodide_patches.py::test_each_patch_applies_to_the_pinned_pyodide",
               "tests/test_pyodide.py::test_elo_core_runs_in_pyodide_without_its_future_import"),
    ),
)


def patches(where: str) -> tuple[Patch, ...]:
    return tuple(p for p in PATCHES if p.where == where)


def patched(where: str, name: str, data: bytes) -> bytes:
    """The file `name` of `where` as the engine ships it: each patch for it applied, in order."""
    for patch in patches(where):
        if fnmatch(name, patch.files):
            data = patch.apply(name, data)
    return data


def compiled_source(name: str, source: bytes) -> bytes:
    """An elo_core module's source as compiled into the engine (scripts/compile_stdlib.mjs)."""
    return patched(ELO_CORE, name, source)


def patch_stdlib(src: Path, out: Path) -> Path:
    """Pyodide's standard library `src` (python_stdlib.zip) with every PYODIDE_STDLIB patch, at out:
    each file as it is or patched, then the files the patches add."""
    with zipfile.ZipFile(src) as stock, zipfile.ZipFile(out, "w") as dst:
        names = set(stock.namelist())
        for patch in patches(PYODIDE_STDLIB):
            if patch.old is not None and not any(fnmatch(name, patch.files) for name in names):
                patch.apply(patch.files, None)  # raises: the file it changes is gone
        for info in stock.infolist():
            dst.writestr(info, patched(PYODIDE_STDLIB, info.filename, stock.read(info)))
        for patch in patches(PYODIDE_STDLIB):
            if patch.old is None:
                dst.writestr(zipfile.ZipInfo(patch.files, DATE), patch.apply(patch.files, None), zipfile.ZIP_DEFLATED)
    return out
