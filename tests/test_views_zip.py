"""The views' Python apart (issue 44): a rating's change never imports the modules of a tournament file, its
report, a club's ledger or ladder, or a table's CSV; the build ships those in views.zip, which the worker
fetches only when a view first asks, and which the calculator's start (its progress bar's total) does not count
but the service worker keeps for offline visits."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_site

ROOT = Path(__file__).resolve().parent.parent
VIEWS = {"elo_core.contract.csv_writer", "elo_core.files.trf", "elo_core.files.ledger", "elo_core.files.scores",
         "elo_core.reports.event", "elo_core.reports.ladder", "elo_core.reports.norms", "elo_core.reports.aro_tpr"}
CALCULATOR = """import json, sys
sys.path.insert(0, "scripts")
import exercise
from elo_core import bridge
for r in exercise.requests():
    bridge.handle_packed(json.dumps(r))
for t in exercise.pastes():
    bridge.parse(t)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("elo_core"))))
"""


def test_a_calculation_imports_none_of_the_views_modules() -> None:
    out = subprocess.run([sys.executable, "-c", CALCULATOR], cwd=ROOT, capture_output=True, text=True, check=True)
    imported = set(json.loads(out.stdout))
    assert "elo_core.systems.fide" in imported
    assert not imported & VIEWS


def names(zip_path: Path) -> set[str]:
    with zipfile.ZipFile(zip_path) as z:
        return {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in z.namelist()}


def test_the_build_ships_the_views_modules_in_their_own_zip() -> None:
    engine = build_site.engine_dir()
    views, calculator = names(engine / "views.zip"), names(engine / "elo_core.zip")
    assert VIEWS <= views
    assert not views & calculator
    assert "elo_core.bridge" in calculator


def test_the_calculator_s_start_does_not_count_the_views_zip_but_the_offline_visit_keeps_it() -> None:
    engine = build_site.engine_dir()
    (pyodide,) = (ROOT / "dist" / "static" / "pyodide").iterdir()
    wasm = (pyodide / "pyodide.asm.wasm").stat().st_size
    calculator = sum((engine / name).stat().st_size for name in ("engine.zip", "elo_core.zip"))
    assert build_site.fetched_bytes(pyodide, engine) == wasm + calculator
    worker = next((ROOT / "dist" / "static").glob("*/engine/worker.mjs")).read_text()
    assert re.search(r'views\.zip": "[0-9a-f]{64}"', worker)  # held to its sha256 when fetched
    service_worker = (ROOT / "dist" / "sw.js").read_text()
    assert f"static/{engine.name}/views.zip" in service_worker


CODECS = """import json, sys, typing
from elo_core.files import trf
before = set(sys.modules)
for encoding in typing.get_args(trf.Encoding):
    "é".encode(encoding, errors="replace").decode(encoding)
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("encodings."))))
"""


def test_every_codec_a_file_is_read_in_is_shipped_for_offline_visits() -> None:
    """An Excel "Unicode text" (UTF-16) file opened offline failed with "internal error: LookupError: unknown
    encoding: utf-16-le" (hp97): its codec's module was in stdlib-rest.zip alone, which the service worker does not
    keep. Every codec `trf.decode` names that Python imports a module for is in the engine's zip or the views'."""
    out = subprocess.run([sys.executable, "-c", CODECS], cwd=ROOT, capture_output=True, text=True, check=True)
    codecs = set(json.loads(out.stdout))
    assert {"encodings.utf_16_le", "encodings.cp1252"} <= codecs
    engine = build_site.engine_dir()
    assert codecs <= names(engine / "views.zip") | names(engine / "engine.zip")
