"""Build the static site in dist/ (see DESIGN.md): wheel, Pyodide, lock file, widget, embed.

    dist/embed.js, dist/index.html        the loader and the snippet builder (from embed/)
    dist/widget/...                       the calculator page (from widget/)
    dist/pyodide/<version>/...            interpreter files from node_modules/pyodide, and
                                          python_stdlib.pyc.zip: its standard library compiled
    dist/wheels/elo_core-X.Y.Z-...whl     our wheel
    dist/wheels/pyodide-lock.json         lists elo-core with its sha256 (SRI-checked by the browser)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
# What the worker needs of the npm package; the rest (consoles, maps, types) is not shipped.
# Instead of its python_stdlib.zip, scripts/compile_stdlib.mjs writes python_stdlib.pyc.zip.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def pyodide_version() -> str:
    return str(json.loads((PYODIDE_NPM / "package.json").read_text())["version"])


def build_wheel(out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("elo_core-*.whl"):
        old.unlink()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)],
        check=True,
    )
    (wheel,) = out.glob("elo_core-*.whl")
    return wheel


def lock_file(wheel: Path) -> dict[str, object]:
    """Our own pyodide-lock.json: Pyodide's `info` block and one package, elo-core."""
    info = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]
    version = wheel.name.split("-")[1]
    return {
        "info": info,
        "packages": {
            "elo-core": {
                "name": "elo-core",
                "version": version,
                "file_name": wheel.name,
                "install_dir": "site",
                "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "package_type": "package",
                "imports": ["elo_core"],
                "depends": [],
                "unvendored_tests": False,
            }
        },
    }


def copy_tree(src: Path, dst: Path, substitutions: dict[str, str]) -> None:
    """Copy src into dst, filling the build's placeholders in text files."""
    for path in sorted(src.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        target = dst / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in {".html", ".js", ".mjs", ".css", ".json"}:
            text = path.read_text(encoding="utf-8")
            for key, value in substitutions.items():
                text = text.replace(key, value)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(path, target)


def main() -> None:
    version = pyodide_version()
    if DIST.exists():
        shutil.rmtree(DIST)
    wheel = build_wheel(DIST / "wheels")
    lock = lock_file(wheel)
    (DIST / "wheels" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    pyodide_dir = DIST / "pyodide" / version
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_NPM / name, pyodide_dir / name)
    subprocess.run(["node", str(ROOT / "scripts" / "compile_stdlib.mjs"), str(PYODIDE_NPM), str(DIST / "wheels"),
                    str(pyodide_dir / "python_stdlib.pyc.zip")], check=True)
    substitutions = {
        "__PYODIDE_VERSION__": version,
        "__ELO_CORE_VERSION__": str(lock["packages"]["elo-core"]["version"]),  # type: ignore[index]
        "__LOCK_SHA__": str(lock["packages"]["elo-core"]["sha256"])[:16],  # type: ignore[index]
        # Which modules are compiled follows the wheel's imports, under a name cached as immutable.
        "__STDLIB_SHA__": hashlib.sha256((pyodide_dir / "python_stdlib.pyc.zip").read_bytes()).hexdigest()[:16],
    }
    for src, dst in ((ROOT / "widget", DIST / "widget"), (ROOT / "embed", DIST)):
        if src.exists():
            copy_tree(src, dst, substitutions)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST.relative_to(ROOT)}/: {wheel.name} ({wheel.stat().st_size} B), "
          f"Pyodide {version}, {size / 1e6:.1f} MB in all")


if __name__ == "__main__":
    main()
