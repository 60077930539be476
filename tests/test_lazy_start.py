"""scripts/lazy_start.py (the engine's sitecustomize) in CPython: asyncio's stand-in loads the real
module on first use, once, with Pyodide's event loop set up, and survives a failed load; the package
loader's stand-in answers what Pyodide's start asks of it without loading the loader, and loads it
once something is installed. Each case runs in a fresh interpreter (the stand-ins must come before
anything imports asyncio), with a fake `pyodide` package whose webloop and loader count their calls.
tests/test_pyodide.py runs the same file inside Pyodide, with the real ones."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"

WEBLOOP = """
FAIL = False
calls = []
def _initialize_event_loop():
    if FAIL:
        raise ImportError("no event loop today")
    calls.append(1)
"""
LOADER = """
calls = []
SITE_PACKAGES = "the real one"
def init_loaded_packages():
    calls.append(1)
"""
PRELUDE = """
import sys
sys.path[:0] = [{fake!r}, {scripts!r}]
import lazy_start
stand_in = sys.modules["asyncio"]
loader = sys.modules["pyodide._package_loader"]
from pyodide import webloop
calls = webloop.calls
"""


def run(tmp_path: Path, body: str) -> None:
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "__init__.py").write_text("")
    (tmp_path / "pyodide" / "webloop.py").write_text(WEBLOOP)
    (tmp_path / "pyodide" / "_package_loader.py").write_text(LOADER)
    (tmp_path / "site").mkdir()
    code = PRELUDE.format(fake=str(tmp_path), scripts=str(SCRIPTS)) + textwrap.dedent(body)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr


def test_the_stand_in_loads_nothing_until_used(tmp_path: Path) -> None:
    run(tmp_path, """
        assert type(stand_in).__name__ == "StandIn"
        import asyncio  # the import statement alone returns the stand-in
        assert asyncio is stand_in and asyncio.__spec__ is None and asyncio.__name__ == "asyncio"
        assert not [m for m in sys.modules if m.startswith("asyncio.")] and calls == []
    """)


def test_first_use_loads_the_real_asyncio_once_and_sets_up_the_event_loop(tmp_path: Path) -> None:
    run(tmp_path, """
        from asyncio import sleep  # the first attribute asked
        import asyncio
        assert asyncio is not stand_in and asyncio.sleep is sleep and calls == [1]
        assert stand_in.get_event_loop is asyncio.get_event_loop  # for whoever kept the stand-in
        assert stand_in.Future is asyncio.Future and calls == [1]
        import asyncio.events
        assert asyncio.run(sleep(0, "done")) == "done" and calls == [1]
    """)


def test_a_submodule_import_loads_the_real_package(tmp_path: Path) -> None:
    run(tmp_path, """
        import asyncio.events
        assert sys.modules["asyncio"] is not stand_in and asyncio.events.AbstractEventLoop and calls == [1]
    """)


def test_a_failed_load_puts_the_stand_in_back_and_is_tried_again(tmp_path: Path) -> None:
    run(tmp_path, """
        webloop.FAIL = True
        try:
            stand_in.sleep
        except ImportError as e:
            assert "no event loop today" in str(e)
        else:
            raise AssertionError("the load did not fail")
        assert sys.modules["asyncio"] is stand_in and calls == []
        webloop.FAIL = False
        assert stand_in.sleep is sys.modules["asyncio"].sleep and calls == [1]
    """)


def test_the_loader_s_stand_in_answers_pyodide_s_start_without_the_loader(tmp_path: Path) -> None:
    run(tmp_path, """
        import site
        assert type(loader).__name__ == "PackageLoader"
        assert str(loader.SITE_PACKAGES) == site.getsitepackages()[0] and str(loader.DSO_DIR) == "/usr/lib"
        loader.SITE_PACKAGES = lazy_start.Folder("site")  # empty, as in the calculator
        loader.init_loaded_packages()
        assert sys.modules["pyodide._package_loader"] is loader
    """)


def test_the_loader_is_loaded_once_something_is_installed(tmp_path: Path) -> None:
    run(tmp_path, """
        import os
        loader.SITE_PACKAGES = lazy_start.Folder("site")
        os.mkdir("site/elo_core-0.1.0.dist-info")
        loader.init_loaded_packages()
        real = sys.modules["pyodide._package_loader"]
        assert real is not loader and real.calls == [1] and loader.calls is real.calls
        assert loader.SITE_PACKAGES == "the real one"  # the stand-in is now the real module's twin
    """)
