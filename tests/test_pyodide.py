"""elo_core inside Pyodide (Node): same answers as CPython, loaded as the widget loads it (engine.zip,
the standard library trimmed to what a visit runs) and by micropip from the wheel; a module left out of
engine.zip still imports, asyncio too."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from elo_core import calculate

from .vectors import cases

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
MICROPIP = next((ROOT / "build").glob("micropip-*.whl"), None) if (ROOT / "build").exists() else None


def same(a: Any, b: Any) -> bool:
    """Equal, with floats equal to 12 significant digits (libm may differ in the last bit)."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=1e-12)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


@pytest.fixture(scope="module")
def pyodide_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not (DIST / "static").exists() or MICROPIP is None or shutil.which("node") is None:
        pytest.fail("needs `make dist`, the micropip wheel in build/ and node: run `make test`")
    files = ("seeds.json", "fide.json", "uscf.json", "dwz.json", "glicko.json", "glicko2.json", "lichess.json")
    requests = [c["request"] for name in files for c in cases(name)]
    requests.append({"system": "elo", "rating": "abc", "k": 20, "games": [{"opponent": 1, "score": 0.7}]})
    path = tmp_path_factory.mktemp("pyodide") / "requests.json"
    path.write_text(json.dumps(requests))
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(DIST), str(MICROPIP), str(path)],
                         capture_output=True, text=True, timeout=300, check=True)
    answers: dict[str, Any] = json.loads(out.stdout)
    answers["cpython"] = [calculate(r) for r in requests]
    return answers


def test_pyodide_gives_the_same_answers_as_cpython(pyodide_answers: dict[str, Any]) -> None:
    assert len(pyodide_answers["cpython"]) == len(pyodide_answers["widget"])
    for mine, theirs in zip(pyodide_answers["cpython"], pyodide_answers["widget"]):
        assert same(mine, theirs), (mine, theirs)


def test_micropip_installs_the_wheel(pyodide_answers: dict[str, Any]) -> None:
    for mine, theirs in zip(pyodide_answers["cpython"], pyodide_answers["micropip"]):
        assert same(mine, theirs), (mine, theirs)


def test_what_a_visit_runs_comes_compiled_in_the_engine_zip(pyodide_answers: dict[str, Any]) -> None:
    """json (the bridge's) is bytecode inside the engine's zip, elo_core inside its own: no wheel."""
    origins = pyodide_answers["origins"]
    assert origins["json"].endswith("/python314.zip/json/__init__.pyc")
    assert origins["elo_core.bridge"].endswith("/elo_core.zip/elo_core/bridge.pyc")
    assert 0 == pyodide_answers["fetched"]["before"]


def test_a_module_left_out_of_the_engine_zip_still_imports(pyodide_answers: dict[str, Any]) -> None:
    """difflib, email.mime.text, xml.dom.minidom: fetched once from the rest of the standard library,
    also a module (json.tool) of a package (json) whose other modules are in the engine's zip."""
    origins = pyodide_answers["origins"]
    for name in ("difflib", "email.mime.text", "xml.dom.minidom", "json.tool"):
        assert "-rest.zip/" + name.replace(".", "/") + ".py" in origins[name], origins[name]
    assert ["stdlib-rest.zip"] == pyodide_answers["fetched"]["after"]


def test_pyodide_starts_without_asyncio_and_without_its_package_loader(pyodide_answers: dict[str, Any]) -> None:
    """Stand-ins hold their places (scripts/lazy_start.py): none of their modules are imported."""
    at_start = pyodide_answers["start"]["atStart"]
    assert at_start["asyncio"] == "StandIn" and at_start["loader"] == "PackageLoader"
    assert at_start["loaded"] == []


def test_asyncio_is_imported_when_first_used_with_pyodide_s_event_loop(pyodide_answers: dict[str, Any]) -> None:
    """Awaiting a JavaScript promise brings the real asyncio, from the rest of the standard library,
    with Pyodide's event loop set up as Pyodide itself does."""
    used = pyodide_answers["start"]["asyncio"]
    assert used["awaited"] == 5 and used["loop"] == "WebLoop" and used["real"]
    assert "-rest.zip/asyncio/__init__.py" in used["file"]
    assert ["stdlib-rest.zip"] == pyodide_answers["fetched"]["after"]


def test_load_package_brings_the_real_loader_which_has_the_stand_in_s_folders(pyodide_answers: dict[str, Any]) -> None:
    start = pyodide_answers["start"]
    assert start["loader"]["loader"] == "module" and "elo_core" in start["loader"]["installed"]
    assert start["loader"]["folders"] == start["atStart"]["folders"]


def test_elo_core_runs_in_pyodide_without_its_future_import(pyodide_answers: dict[str, Any]) -> None:
    """Compiled as scripts/pyodide_patches.py changes it ("future annotations"): no module of elo_core
    has its annotations as strings, which its dataclasses would parse at every start."""
    ran = pyodide_answers["eloCore"]
    assert {"elo_core", "elo_core.bridge", "elo_core.systems.fide", "elo_core.words.model"} <= set(ran["modules"])
    assert [] == ran["future"]


def test_same_tells_different_numbers_apart() -> None:
    assert not same({"change": 12.8}, {"change": 12.81})
    assert same({"change": 12.8}, {"change": 12.800000000000001})


def test_the_bench_s_pyodide_engine_rates_a_report_from_the_built_site(tmp_path: Path) -> None:
    """bench/pyodide_start.mjs starts Pyodide as the widget's worker does, the views' Python with it: without
    views.zip, `make bench` stopped at its report step (a hostile pass: no module named 'elo_core.reports')."""
    from .trf_text import random_tournament

    (tmp_path / "open.trf").write_text(random_tournament(20, 5), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps([{"name": "20 x 5", "path": str(tmp_path / "open.trf"),
                                                      "start": 1, "runs": 1}]))
    done = subprocess.run(["node", str(ROOT / "bench" / "event_bridge.mjs"), str(DIST), str(tmp_path / "cases.json")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    (timed,) = json.loads(done.stdout.strip().splitlines()[-1])
    assert timed["name"] == "20 x 5" and timed["answer_chars"] > 1000 and len(timed["new_ms"]) == 1
