"""Zip the built site for webmasters: release/elo-calculator-<version>.zip, and the WordPress plugin:
release/elo-calculator-wordpress-<version>.zip (run by `make release`).

    python scripts/release.py [--dist DIST] [--out DIR]

The zip holds one folder, elo-calculator-<version>/: the built site (dist/, its hidden .htaccess
files included, its precompressed .br/.gz copies left out) with a fresh set of header files from
scripts/hosting.py, and HOSTING.md (from hosting/HOSTING.md) at its top. The same dist/ gives the
same bytes: entries sorted, one fixed timestamp, fixed permissions.
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import wordpress_plugin
from site_policy import COMPRESSIBLE, PRECOMPRESSED

import hosting

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "hosting" / "HOSTING.md"
# Zip's earliest date: nothing of the machine's clock or the files' mtimes gets in.
EPOCH = (1980, 1, 1, 0, 0, 0)


def version() -> str:
    """elo_core's __version__, read from its source (importing would need the package on the path)."""
    text = (ROOT / "elo_core" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise ValueError("expected a line `__version__ = \"X.Y.Z\"` in elo_core/__init__.py")
    return found[1]


def contents(dist: Path, ver: str) -> dict[str, bytes]:
    """Every file of the release by its path in the site folder. Not the build's precompressed copies
    (.br, .gz): they would make the zip 5 MB larger (compressed data does not shrink again), and
    the header files have the host compress on the fly, which any host can."""
    files = {p.relative_to(dist).as_posix(): p.read_bytes() for p in dist.rglob("*")
             if p.is_file() and p.suffix not in PRECOMPRESSED.values()}
    files.update({name: text.encode() for name, text in hosting.files(dist).items()})
    files["HOSTING.md"] = GUIDE.read_text(encoding="utf-8").replace("__VERSION__", ver).encode()
    return files


def entry(name: str) -> zipfile.ZipInfo:
    """A zip entry readable by everyone (a web server's workers run as another user)."""
    info = zipfile.ZipInfo(name, EPOCH)
    info.create_system = 3  # Unix, so that unzip applies the modes below
    folder = name.endswith("/")
    info.external_attr = ((0o40755 if folder else 0o100644) << 16) | (0x10 if folder else 0)  # 0x10: MS-DOS folder
    return info


def write_zip(target: Path, top: str, files: dict[str, bytes]) -> None:
    folders = {top + "/"} | {f"{top}/{parent}/" for name in files for parent in _parents(name)}
    with zipfile.ZipFile(target, "w") as zf:
        for name in sorted(folders | {f"{top}/{n}" for n in files}):
            if name.endswith("/"):
                zf.writestr(entry(name), b"")
                continue
            data = files[name.removeprefix(top + "/")]
            # What is not worth compressing on the wire (the wheel) is not worth it in the zip either.
            compression = zipfile.ZIP_DEFLATED if Path(name).suffix in COMPRESSIBLE else zipfile.ZIP_STORED
            zf.writestr(entry(name), data, compress_type=compression, compresslevel=6)


def _parents(name: str) -> list[str]:
    """'a/b/c.js' -> ['a', 'a/b']"""
    parts = name.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "release")
    args = parser.parse_args()
    if not (args.dist / "widget" / "index.html").is_file():
        sys.exit(f"{args.dist} is not a built site: run `make dist` (make release does)")
    ver = version()
    top = f"elo-calculator-{ver}"
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"{top}.zip"
    files = contents(args.dist, ver)
    write_zip(target, top, files)
    report(target, files, top)
    plugin = args.out / f"elo-calculator-wordpress-{ver}.zip"
    plugin_files = wordpress_plugin.files(files, ver)
    write_zip(plugin, wordpress_plugin.SLUG, plugin_files)
    report(plugin, plugin_files, wordpress_plugin.SLUG)


def report(target: Path, files: dict[str, bytes], top: str) -> None:
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(f"{shown}: {target.stat().st_size / 1e6:.1f} MB, {len(files)} files in {top}/")


if __name__ == "__main__":
    main()
