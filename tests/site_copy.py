"""A copy of the project's sources, built, for the returning-visitor tests (tests/browser/test_rebuild.py,
test_offline.py and test_saved_answer.py with the dev server, tests/test_release.py behind nginx): a
site and its next release (`Builds`, the next one built once a run in tests/conftest.py), and `deploy`, which
puts one of them in place under a server's feet."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
# What scripts/build_site.py reads (node_modules is linked, not copied; so is build/, whose cache of
# precompressed files spares each copy half a minute of brotli on the unchanged wasm).
# release.py reads hosting/ and wordpress/ as well.
SOURCES = ("elo_core", "widget", "embed", "scripts", "hosting", "wordpress", "pyproject.toml", "PYPI.md", "LICENSE")
REBUILT_TITLE = "Elo rating calculator (rebuilt)"


def copy_sources(tree: Path) -> Path:
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, tree / name)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    (ROOT / "build").mkdir(exist_ok=True)
    (tree / "build").symlink_to(ROOT / "build")
    return tree


def change_engine_and_text(tree: Path) -> None:
    """A changed engine file (the wheel's bytes change, not its name) and a changed text."""
    fide = tree / "elo_core" / "systems" / "fide" / "system.py"
    fide.write_text(fide.read_text() + "\n# rebuilt\n")
    en = tree / "widget" / "i18n" / "en.json"
    en.write_text(en.read_text().replace('"Elo rating calculator"', f'"{REBUILT_TITLE}"', 1))


def build(tree: Path) -> None:
    subprocess.run([sys.executable, str(tree / "scripts" / "build_site.py")], check=True, capture_output=True)


class Builds(NamedTuple):
    """Two source trees, each built: `first` the project's own (its dist/), `second` a copy with a changed
    engine and text (change_engine_and_text), the first one's next release. Tests serve them, never change them."""

    first: Path
    second: Path


def deploy(site: Path, dist: Path) -> None:
    """Put the built site `dist` at `site`, the folder a server serves, in one step (a symlink
    switched, as an atomic deploy does): the old build's files are gone from the server at once."""
    new = site.with_name(site.name + ".new")
    new.unlink(missing_ok=True)
    new.symlink_to(dist, target_is_directory=True)
    os.replace(new, site)


def rate_elo_seed(page: Page, base: str) -> None:
    """The plain-Elo seed's first game, from the widget at `base` (ending in /): 1450 at K 40 beats 1500."""
    page.goto(f"{base}widget/?system=elo&k=40&lang=en")
    page.get_by_label("Your rating").fill("1450")
    page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
    expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
