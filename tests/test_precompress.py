"""The build's precompressed copies (scripts/build_site.py `precompress`): <file>.br and <file>.gz
beside each compressible file, from a cache keyed by content, and never counted as the site's files
(the service worker's list, the progress bar's total)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_site

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

SCRIPT = b"export const texts = " + json.dumps({f"key.{i}": f"text number {i}" for i in range(400)}).encode()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small site: a compressible script, a compressible file below the minimum, a wheel."""
    site = tmp_path / "site"
    (site / "static" / "abc").mkdir(parents=True)
    (site / "static" / "abc" / "app.js").write_bytes(SCRIPT)
    (site / "static" / "abc" / "tiny.json").write_bytes(b'{"a": 1}')
    (site / "static" / "abc" / "elo_core-1.0-py3-none-any.whl").write_bytes(SCRIPT)
    return site


def test_each_compressible_file_gets_a_brotli_and_a_gzip_copy_of_its_bytes(site: Path, tmp_path: Path) -> None:
    build_site.precompress(site, tmp_path / "cache")
    app = site / "static" / "abc" / "app.js"
    assert SCRIPT == brotli.decompress(app.with_name("app.js.br").read_bytes())
    assert SCRIPT == gzip.decompress(app.with_name("app.js.gz").read_bytes())
    assert {"app.js", "app.js.br", "app.js.gz", "tiny.json", "elo_core-1.0-py3-none-any.whl"} == {
        p.name for p in app.parent.iterdir()}


def test_a_rebuild_of_unchanged_files_compresses_nothing_again(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(site, again)
    assert (2, 2) == build_site.precompress(site, tmp_path / "cache")
    assert (2, 0) == build_site.precompress(again, tmp_path / "cache")
    for name in ("app.js.br", "app.js.gz"):
        assert (site / "static" / "abc" / name).read_bytes() == (again / "static" / "abc" / name).read_bytes()


def built_value(bundle: Path, name: str) -> Any:
    """A constant of a generated module (scripts/build_modules.py: JSON values) as bundled into `bundle`."""
    text = bundle.read_text(encoding="utf-8")
    (start,) = [m.end() for m in re.finditer(rf"\bvar {name} = ", text)]
    return json.JSONDecoder().raw_decode(text, start)[0]


def test_the_built_site_has_precompressed_copies_that_no_visit_counts() -> None:
    if not (DIST / "sw.js").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    (wasm,) = DIST.glob("static/pyodide/*/pyodide.asm.wasm")
    engine = build_site.engine_dir(DIST)
    assert wasm.with_name(wasm.name + ".br").is_file() and (engine / "engine.zip.gz").is_file()
    offline = built_value(DIST / "sw.js", "OFFLINE")
    assert [] == [name for name in offline["files"] if name.endswith((".br", ".gz"))]
    assert wasm.relative_to(DIST).as_posix() in offline["files"]
    (worker,) = DIST.glob("static/*/engine/worker.mjs")
    expected = wasm.stat().st_size + (engine / "engine.zip").stat().st_size + (engine / "elo_core.zip").stat().st_size
    assert expected == built_value(worker, "FETCHED_BYTES")


def test_the_page_prefetches_the_pyodide_module_its_worker_imports() -> None:
    """widget/index.html asks for Pyodide's module at once (a phone's link is otherwise idle until the
    worker asks): the very file the worker then imports, or the prefetch would cost 0.2 MB for nothing.
    Not the engine's zip, which the worker asks for last (worker-core.js lastOnTheLink)."""
    if not (DIST / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    page = (DIST / "widget" / "index.html").read_text()
    (href,) = re.findall(r'<link rel="prefetch" crossorigin [^>]*href="([^"]+)"', page)
    module = (DIST / "widget" / href).resolve()
    assert module.name == "pyodide.asm.mjs" and module.is_file()
    (worker,) = DIST.glob("static/*/engine/worker.mjs")
    assert 'import(PYODIDE_DIR + "pyodide.asm.mjs")' in worker.read_text()
    assert (worker.parent / built_value(worker, "PYODIDE_DIR") / "pyodide.asm.mjs").resolve() == module
