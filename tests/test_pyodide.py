"""The built wheel inside Pyodide (Node): same answers as CPython, loaded by lock file and by micropip."""

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
    requests = [c["request"] for c in cases("seeds.json") + cases("fide.json")]
    requests.append({"system": "elo", "rating": "abc", "k": 20, "games": [{"opponent": 1, "score": 0.7}]})
    path = tmp_path_factory.mktemp("pyodide") / "requests.json"
    path.write_text(json.dumps(requests))
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(DIST), str(MICROPIP), str(path)],
                         capture_output=True, text=True, timeout=300, check=True)
    answers: dict[str, Any] = json.loads(out.stdout)
    answers["cpython"] = [calculate(r) for r in requests]
    return answers


def test_pyodide_gives_the_same_answers_as_cpython(pyodide_answers: dict[str, Any]) -> None:
    assert len(pyodide_answers["cpython"]) == len(pyodide_answers["lock"])
    for mine, theirs in zip(pyodide_answers["cpython"], pyodide_answers["lock"]):
        assert same(mine, theirs), (mine, theirs)


def test_micropip_installs_the_wheel(pyodide_answers: dict[str, Any]) -> None:
    for mine, theirs in zip(pyodide_answers["cpython"], pyodide_answers["micropip"]):
        assert same(mine, theirs), (mine, theirs)


def test_the_modules_the_bridge_imports_come_compiled(pyodide_answers: dict[str, Any]) -> None:
    """json is imported by the bridge, so it ships as bytecode; difflib is not, so it stays source."""
    json_file, unused_file = pyodide_answers["origins"]
    assert json_file.endswith("/json/__init__.pyc")
    assert unused_file.endswith("/difflib.py")


def test_same_tells_different_numbers_apart() -> None:
    assert not same({"change": 12.8}, {"change": 12.81})
    assert same({"change": 12.8}, {"change": 12.800000000000001})
