"""Shared test settings: a Hypothesis profile that does not fail on a slow, busy 2-core machine,
the built site served on its own origin for the browser suites (tests/browser, tests/engines), and
a site with its next release, built once for the returning-visitor tests (tests/site_copy.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

from .site_copy import Builds, build, change_engine_and_text, copy_sources, deploy  # noqa: E402

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


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """A site and its next release, each built once for the session (a build takes 12 s here)."""
    first = copy_sources(tmp_path_factory.mktemp("first"))
    build(first)
    second = copy_sources(tmp_path_factory.mktemp("second"))
    change_engine_and_text(second)
    build(second)
    return Builds(first, second)


@pytest.fixture()
def deployed(builds: Builds, tmp_path: Path) -> Path:
    """The folder a test's server serves: the first build, until the test deploys the second. Both
    builds are the session's: a test changes which one is served, never what is in them."""
    site = tmp_path / "site"
    deploy(site, builds.first / "dist")
    return site
