"""scripts/pyodide_patches.py, the one list of what the build changes in files it does not write: each
patch applies to the pinned Pyodide (and to elo_core's sources) exactly as it was written for, one
that no longer applies stops the build, every test an entry names exists, and the built site holds
Pyodide's files unchanged but for these patches."""

from __future__ import annotations

import ast
import importlib
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import pyodide_patches
from pyodide_patches import ELO_CORE, PATCHES, PYODIDE_STDLIB, Patch, PatchError

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
STOCK_STDLIB = PYODIDE_NPM / "python_stdlib.zip"
DIST = ROOT / "dist"
BY_NAME = {p.name: p for p in PATCHES}
# The compiler's flag for `from __future__ import annotations` (the module, not the statement).
STRING_ANNOTATIONS: int = importlib.import_module("__future__").annotations.compiler_flag


def stock(name: str) -> bytes | None:
    """The file `name` of the pinned Pyodide's standard library, None if it has none."""
    with zipfile.ZipFile(STOCK_STDLIB) as z:
        return z.read(name) if name in z.namelist() else None


def future_flag(source: bytes, name: str) -> bool:
    """Whether source, compiled, has its annotations as strings (`from __future__ import annotations`)."""
    code = compile(source, name, "exec", dont_inherit=True)
    return bool(code.co_flags & STRING_ANNOTATIONS)


@pytest.mark.parametrize("patch", PATCHES, ids=lambda p: p.name)
def test_each_patch_applies_to_the_pinned_pyodide(patch: Patch) -> None:
    """The file is what the patch was written for: an upgrade that changes it fails here, before a build."""
    if patch.where == PYODIDE_STDLIB:
        patched = patch.apply(patch.files, stock(patch.files))
        assert patch.replacement() in patched
        assert patch.old is None or patch.old not in patched
    else:
        assert ELO_CORE == patch.where and patch.old is not None
        sources = {p.relative_to(ROOT).as_posix(): p.read_bytes()
                   for p in sorted((ROOT / "elo_core").rglob("*.py"))}
        changed = {name: patch.apply(name, data) for name, data in sources.items() if patch.old in data}
        assert changed, f"{patch.name!r} changes no module: remove it from scripts/pyodide_patches.py"
        for name, data in changed.items():
            assert future_flag(sources[name], name) and not future_flag(data, name), name
            assert sources[name].count(b"\n") == data.count(b"\n"), f"{name}: its line numbers moved"


def test_the_event_loop_patch_refuses_a_pyodide_init_it_was_not_written_for() -> None:
    patch = BY_NAME["event loop at start"]
    assert patch.old is not None
    for changed in (b"from .webloop import _initialize_event_loop\n", patch.old * 2):
        with pytest.raises(PatchError, match=r"'event loop at start' no longer applies.*test_pyodide\.py::"):
            patch.apply("pyodide/__init__.py", changed)


def test_sitecustomize_is_refused_once_pyodide_ships_its_own() -> None:
    with pytest.raises(PatchError, match=r"now has its own sitecustomize\.py"):
        BY_NAME["sitecustomize"].apply("sitecustomize.py", b"# Pyodide's own\n")


def test_a_module_without_the_future_import_is_compiled_as_it_is() -> None:
    source = b'"""No future import."""\nX: int = 1\n'
    assert source == pyodide_patches.compiled_source("elo_core/_new.py", source)


def test_patch_stdlib_stops_when_a_patched_file_is_gone(tmp_path: Path) -> None:
    """A Pyodide without pyodide/__init__.py: the build stops rather than ship an engine without the patch."""
    src = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(src, "w") as z:
        z.writestr("json/__init__.py", b"")
    with pytest.raises(PatchError, match=r"no longer has pyodide/__init__\.py"):
        pyodide_patches.patch_stdlib(src, tmp_path / "out.zip")


def test_the_patched_stdlib_differs_from_pyodide_s_in_the_listed_files_only(tmp_path: Path) -> None:
    out = pyodide_patches.patch_stdlib(STOCK_STDLIB, tmp_path / "stdlib.zip")
    with zipfile.ZipFile(STOCK_STDLIB) as before, zipfile.ZipFile(out) as after:
        old = {i.filename: before.read(i) for i in before.infolist()}
        new = {i.filename: after.read(i) for i in after.infolist()}
    changed = {name for name in old.keys() | new.keys() if old.get(name) != new.get(name)}
    assert {p.files for p in PATCHES if p.where == PYODIDE_STDLIB} == changed


def test_every_test_an_entry_names_exists() -> None:
    """An entry that names a test renamed or removed points nobody anywhere."""
    missing = []
    for patch in PATCHES:
        assert patch.tests, patch.name
        for test in patch.tests:
            file, _, function = test.partition("::")
            tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
            if function not in {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}:
                missing.append(test)
    assert [] == missing


def test_the_built_site_has_pyodide_s_own_files_but_for_the_patches() -> None:
    """The interpreter's files are the npm package's bytes, and the standard library's rest (shipped as
    source) is Pyodide's own: no change to Pyodide hides outside scripts/pyodide_patches.py."""
    if not (DIST / "static").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    (folder,) = DIST.glob("static/pyodide/*/")
    files = [p for p in folder.iterdir() if p.suffix not in (".br", ".gz")]  # a host's compressed copies
    assert len(files) == 3 and all(p.read_bytes() == (PYODIDE_NPM / p.name).read_bytes() for p in files)
    (rest,) = DIST.glob("static/*/stdlib-rest.zip")
    with zipfile.ZipFile(rest) as shipped, zipfile.ZipFile(STOCK_STDLIB) as own:
        names = [name for name in shipped.namelist() if not name.endswith("/")]
        assert len(names) > 400
        assert [] == [name for name in names if shipped.read(name) != own.read(name)]
