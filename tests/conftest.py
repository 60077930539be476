"""Shared test settings: a Hypothesis profile that does not fail on a slow, busy 2-core machine,
and the built site served on its own origin for the browser suites (tests/browser, tests/engines)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=200)
settings.load_profile("project")


@pytest.fixture(scope="session")
def widget_origin() -> Iterator[str]:
    """The calculator's own origin: dist/ on 127.0.0.1."""
    if not (ROOT / "dist" / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
