"""What a Python developer and a webmaster get besides the code: licenses, metadata, the command."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from elo_core import __version__

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


@pytest.fixture(scope="module")
def metadata(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out),
                    str(ROOT)], check=True)
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        assert any(n.endswith("licenses/LICENSE") for n in z.namelist())
        return z.read(f"elo_core-{__version__}.dist-info/METADATA").decode()


def test_wheel_says_its_license_and_python_versions(metadata: str) -> None:
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Programming Language :: Python :: 3.14" in metadata
    assert "Classifier: Typing :: Typed" in metadata


def test_package_description_starts_with_pip_install_and_the_api(metadata: str) -> None:
    description = metadata.split("\n\n", 1)[1]
    assert description.startswith("# elo-core\n\n```sh\npip install elo-core\n```")
    assert "calculate(" in description and "make dist" not in description


def test_the_command_is_installed_in_the_venv() -> None:
    command = Path(sys.executable).parent / "elo-core"
    out = subprocess.run([str(command), "--version"], capture_output=True, text=True, check=True)
    assert f"elo-core {__version__}\n" == out.stdout


def test_the_built_site_carries_the_licenses_of_what_it_ships() -> None:
    if not (DIST / "static").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    assert "MIT License" in (DIST / "LICENSE.txt").read_text(encoding="utf-8")
    notices = (DIST / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    assert "Mozilla Public License Version 2.0" in notices  # Pyodide
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in notices  # CPython
