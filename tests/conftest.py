"""Shared test settings: a Hypothesis profile that does not fail on a slow, busy 2-core machine,
the built site served on its own origin for the browser suites (tests/browser, tests/engines), and
a site with its next release, built once for the returning-visitor tests (tests/site_copy.py)."""

from __future__ import annotations

import fcntl
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

from .site_copy import Builds, build, change_engine_and_text, copy_sources, deploy  # noqa: E402

# The slow tiers, run after the fast one (so that a broken rule fails in the first minute):
# `pyodide`, the built wheel inside Pyodide under Node; `browser`, a real browser engine or web server
# (tests/wordpress: WordPress behind Apache with MariaDB).
# `pytest -m "not browser and not pyodide"` is the inner loop (README).
BROWSER_FOLDERS = {"browser", "engines", "release", "wordpress"}
BROWSER_FIXTURES = {"page", "context", "browser", "playwright", "chrome", "chrome_context"}
PYODIDE_FILES = {"test_pyodide.py", "test_snapshot.py"}


def tier(item: pytest.Item) -> int:
    """0: pure Python and node; 1: Pyodide under Node; 2: browsers and web servers."""
    parts = Path(str(item.path)).relative_to(ROOT).parts
    if ((len(parts) > 2 and parts[0] == "tests" and parts[1] in BROWSER_FOLDERS)
            or BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))):
        return 2
    return 1 if parts[-1] in PYODIDE_FILES else 0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its tier, and run the tiers in order (a stable sort: each file's tests stay
    together, so that module fixtures are set up once). This is the order of a run without pytest-xdist;
    `make test`'s two workers take the files as `OneWordPress` hands them out."""
    for item in items:
        mark = {1: pytest.mark.pyodide, 2: pytest.mark.browser}.get(tier(item))
        if mark:
            item.add_marker(mark)
    items.sort(key=lambda item: (tier(item), Path(str(item.path)).parent.name not in {"engines", "wordpress"}))


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, as pytest_testnodedown below
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile` (make test), with tests/wordpress as one unit: its package's WordPress (MariaDB,
    the site, the plugin's zip, a logged-in browser: 14 s here) starts once a run, where the two files
    on two workers started it twice. pytest-xdist hands out the units with the most tests first, so
    WordPress's (107 at stop 69) go first, the longest unit (250 s a run here), and the small files are
    left to even the workers up at the end."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class OneWordPress(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            scope: str = super()._split_scope(nodeid)
            return "tests/wordpress" if scope.startswith("tests/wordpress/") else scope

    return OneWordPress(config, log)


WORKERS_RAN: dict[str, None] = {}
"""The engines pytest-xdist's workers ran (tests/engines/conftest.py), in the order first told, each once."""


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: pytest runs without it too (-p no:xdist)
def pytest_testnodedown(node: Any, error: object) -> None:
    """A pytest-xdist worker done: the engines it ran, for the summary."""
    WORKERS_RAN.update(dict.fromkeys(getattr(node, "workeroutput", {}).get("engines", [])))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if WORKERS_RAN:
        terminalreporter.write_line("engines: " + ", ".join(WORKERS_RAN))


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
def builds(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Builds:
    """The site as `make dist` built it, and its next release, built once for the whole run (a build takes
    12 s here): the first of the workers to ask builds it, under a lock the others wait on."""
    if not (ROOT / "dist" / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    shared = tmp_path_factory.getbasetemp()
    if hasattr(request.config, "workerinput"):  # an xdist worker (and no xdist at all: pytest -p no:xdist)
        shared = shared.parent  # the workers' common folder
    second = shared / "next-release"
    with (shared / "next-release.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file closes
        if not (second / "built").exists():
            shutil.rmtree(second, ignore_errors=True)  # a worker that failed halfway
            second.mkdir()
            copy_sources(second)
            change_engine_and_text(second)
            build(second)
            (second / "built").touch()
    return Builds(ROOT, second)


@pytest.fixture()
def deployed(builds: Builds, tmp_path: Path) -> Path:
    """The folder a test's server serves: the first build, until the test deploys the second. Both
    builds are the session's: a test changes which one is served, never what is in them."""
    site = tmp_path / "site"
    deploy(site, builds.first / "dist")
    return site
