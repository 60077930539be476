"""Python's snapshot (widget/engine/snapshot.js) in Pyodide under Node: what Pyodide requires of one,
checked against the pinned Pyodide, so that an upgrade that breaks a rule fails here and not for a
returning visitor. Python started as the worker starts it, the build's exercise answered (every system,
pasted results, tournament files, club ladders), a snapshot made and packed as the worker keeps it, and
Python started from it gives the same answers."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "scripts"))
import exercise  # noqa: E402


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not (DIST / "static").exists() or shutil.which("node") is None:
        pytest.fail("needs `make dist` and node: run `make test`")
    path = tmp_path_factory.mktemp("snapshot") / "exercise.json"
    path.write_text(json.dumps({"requests": exercise.requests(), "pastes": exercise.pastes(),
                                "events": exercise.events(), "ladders": exercise.ladders()}))
    out = subprocess.run(["node", str(ROOT / "tests" / "snapshot_run.mjs"), str(DIST), str(path)],
                         capture_output=True, text=True, timeout=300, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_python_from_the_snapshot_gives_the_same_answers(run: dict[str, Any]) -> None:
    assert run["anew"].keys() == {"handle_packed", "parse", "event", "ladder"}
    assert all(run["anew"][kind] for kind in run["anew"])
    assert run["restored"] == run["anew"]
    assert sum(len(v) for v in run["anew"].values()) > 20


def test_the_snapshot_is_kept_as_its_used_pages(run: dict[str, Any]) -> None:
    """Even after the whole exercise (a worker makes it after a first result: 9.6 of 31.5 MB)."""
    assert run["stored"] < run["bytes"] * 0.75


def test_the_rest_of_the_standard_library_still_comes_after_a_restore(run: dict[str, Any]) -> None:
    assert run["rest"] == "/lib/python314-rest.zip/xml/dom/minidom.py"


def test_pyodide_s_rules_for_a_snapshot_still_hold(run: dict[str, Any]) -> None:
    """Each rule of snapshot.js that the worker follows is one Pyodide still enforces: a start that
    does not take the stock slots, or a JavaScript value handed to Python by a call, is refused; a
    snapshot of another Pyodide does not load. A Pyodide that no longer does is a new one whose rules
    must be read again (pyodide.asm.mjs: API.makeSnapshot, serializeHiwireState)."""
    assert run["noSlots"] is not None
    assert run["called"] is not None and "index" in run["called"]
    assert run["otherBuild"] is not None and "build id" in run["otherBuild"]


def test_adding_the_views_modules_imports_nothing_else(run: dict[str, Any]) -> None:
    """The views' zip added (as the worker adds it, by a call: which leaves the snapshot possible, above)
    asks no attribute of asyncio's stand-in, which would import asyncio (2.7 s in WebKitGTK)."""
    assert run["asyncio"] == ["StandIn", "StandIn"]


def test_no_file_the_page_sent_is_kept_in_the_snapshot(run: dict[str, Any]) -> None:
    """The exercise's tournament files were kept by the bridge (its session); the worker lets go of them before
    it makes the snapshot, which the browser keeps on disk."""
    assert run["files"][0] > 0
    assert run["files"][1] == 0


def test_a_snapshot_of_a_memory_that_grew_still_loads(run: dict[str, Any]) -> None:
    """A first visit that opened a big file leaves Python's memory larger than a fresh start's: Pyodide's own
    copy of the snapshot does not fit (every later visit fell back to a normal start); written page by page
    into a memory grown first (snapshot.js PagedSnapshot), it loads and answers as the start that made it."""
    assert run["grew"]["bytes"] > run["bytes"] + 20_000_000
    assert run["grew"]["answer"] == run["anew"]["handle_packed"][0]
    assert run["grew"]["unpacked"] is not None and "out of bounds" in run["grew"]["unpacked"]


def test_the_views_standard_library_comes_with_their_zip(run: dict[str, Any]) -> None:
    """csv, calendar, locale and a code page only the views use are in views.zip (scripts/compile_stdlib.mjs),
    found there once it is added, in Python started anew and from the snapshot; imported before any view,
    they still come, from the rest of the standard library."""
    assert run["views"] == [["/lib/views.zip/csv.pyc", "/lib/views.zip/encodings/cp1252.pyc"]] * 2
    assert run["early"] == "/lib/python314-rest.zip/csv.py"


def test_a_traceback_through_the_standard_library_still_formats(run: dict[str, Any]) -> None:
    """The engine's standard library keeps no lines of its own (each instruction on its function's first
    line: 161 kB of a first visit's brotli); a traceback through it still formats, naming the function."""
    assert 'json/decoder.py", line' in run["traceback"]
    assert "in raw_decode" in run["traceback"]
    assert run["traceback"].rstrip().endswith("(char 1)")
