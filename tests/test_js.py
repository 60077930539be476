"""The widget's plain JavaScript modules under Node's own test runner (tests/js/*.test.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = sorted((Path(__file__).parent / "js").glob("*.test.mjs"))


@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_node_suite(path: Path) -> None:
    if shutil.which("node") is None:
        pytest.fail("needs node (the machine's Node.js)")
    run = subprocess.run(["node", "--test", str(path)], capture_output=True, text=True, timeout=120)
    assert 0 == run.returncode, run.stdout + run.stderr
