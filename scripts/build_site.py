"""Build the static site in dist/ (see DESIGN.md): wheel, Pyodide, lock file, widget, embed.

Entry points keep stable names and are revalidated on every visit; everything else lives under
static/ in a folder named after its content, so a host may cache it for a year and a rebuild
never mixes old and new files (scripts/site_policy.py says which headers go with which):

    dist/index.html, dist/embed.js          the snippet builder and the loader (from embed/)
    dist/widget/index.html                  the calculator page (from widget/)
    dist/sw.js                              its service worker: offline use (from widget/offline/sw.js)
    dist/static/<hash>/                     the widget's scripts (bundled: bundle), styles,
                                            worker and translations
    dist/static/<hash>/                     the builder's script and styles
    dist/static/<hash>/                     the engine: engine.zip (what a visit runs of the
                                            standard library, compiled), elo_core.zip, and
                                            stdlib-rest.zip (the rest, fetched only if imported;
                                            scripts/compile_stdlib.mjs), our wheel and a
                                            pyodide-lock.json listing it (for micropip users)
    dist/static/pyodide/<version>-<hash>/   interpreter files from node_modules/pyodide
    dist/_headers, dist/.htaccess, ...      header files for static hosts (scripts/hosting.py)
    dist/LICENSE.txt, THIRD-PARTY-NOTICES.md  our license, and Pyodide's and CPython's
    dist/**/<file>.br, <file>.gz            each compressible file precompressed (brotli 11, gzip 9)
                                            for scripts/serve.py; not part of the site: no service
                                            worker list, no progress total, no release zip has them

`--system FILE:CLASS` adds a rating system from a file of its own (a `RatingSystem` class in a module
that imports only elo_core, with its texts by language in a class attribute TEXTS): the contract,
the texts and the engine (which registers it at start: elo_core/systems/_added.py in the engine's copy of
the package) take it as they take the built-in ones. `--out DIR` builds elsewhere than dist/.

The build generates; it does not rewrite. What a script needs from the build comes from a module it
imports, which the build writes (scripts/build_modules.py) over the committed copy in its copy of the
sources before bundling; what it changes in Pyodide's files is listed in scripts/pyodide_patches.py.
The pages (HTML imports nothing) are the one exception: `page` writes their CSP and points the files
they name at their built URLs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # elo_core, for its registry
import brotli  # type: ignore[import-untyped]
import build_modules
import contract_js
import exercise
import pyodide_patches
from site_policy import COMPRESSIBLE, CSP, INLINE_SCRIPT, PRECOMPRESSED, TYPES, csp_for, script_hash

from elo_core.systems import register

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
# What the worker needs of the npm package; the rest (consoles, maps, types) is not shipped.
# Instead of its python_stdlib.zip, scripts/compile_stdlib.mjs writes engine.zip and stdlib-rest.zip.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
MODULES = (".js", ".mjs", ".md")  # sources of the bundles and the folders' notes: not published as they are


def pyodide_version() -> str:
    return str(json.loads((PYODIDE_NPM / "package.json").read_text())["version"])


def engine_dir(dist: Path = DIST) -> Path:
    """The built engine folder (wheel, lock file, compiled standard library) of a built site."""
    (lock,) = dist.glob("static/*/pyodide-lock.json")
    return lock.parent


def build_wheel(out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    # A fixed date in the zip, so that the same sources give the same wheel (and the same folder name).
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)],
        check=True, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"},
    )
    (wheel,) = out.glob("elo_core-*.whl")
    return wheel


class Added(NamedTuple):
    """A rating system added to this build (--system): its file, its class, and the system."""

    path: Path
    cls: str
    system: Any


def add_system(spec: str) -> Added:
    """Import FILE:CLASS, register an instance of the class (so that the contract and the exercise
    take it), and return what the engine and the texts need of it."""
    file, _, cls = spec.rpartition(":")
    path = Path(file).resolve()
    loaded = importlib.util.spec_from_file_location(f"added_{path.stem}", path)
    if not file or not cls or loaded is None or loaded.loader is None:
        raise SystemExit(f"--system {spec}: expected FILE.py:CLASS")
    module = sys.modules[loaded.name] = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    system = getattr(module, cls)()
    register(system)
    return Added(path, cls, system)


def add_to_wheel(wheel: Path, added: list[Added]) -> None:
    """The added systems' modules in the engine's copy of elo_core, and elo_core/systems/_added.py, which
    elo_core/systems/__init__.py imports to register them (not in RECORD: this wheel is for the engine only)."""
    lines = ['"""The rating systems this build added (scripts/build_site.py --system)."""', ""]
    with zipfile.ZipFile(wheel, "a", zipfile.ZIP_DEFLATED) as zf:
        for i, one in enumerate(added):
            zf.writestr(f"elo_core/systems/_added_{one.path.stem}.py", one.path.read_bytes())
            lines.append(f"from ._added_{one.path.stem} import {one.cls} as _S{i}")
        lines.append(f"ADDED = ({''.join(f'_S{i}(), ' for i in range(len(added)))})")
        zf.writestr("elo_core/systems/_added.py", "\n".join(lines) + "\n")


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


def content_hash(files: dict[str, bytes]) -> str:
    """16 hex digits that change whenever a file's name or bytes change."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return digest.hexdigest()[:16]


def publish(dist: Path, files: dict[str, bytes]) -> str:
    """Write files to dist/static/<their hash>/; returns the folder's path from the site root."""
    folder = f"static/{content_hash(files)}/"
    for name, data in files.items():
        target = dist / folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return folder


def read_tree(src: Path) -> dict[str, bytes]:
    """Every file under src by relative path."""
    return {path.relative_to(src).as_posix(): path.read_bytes() for path in sorted(src.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts}


def merge_system_texts(files: dict[str, bytes]) -> None:
    """Each language file gets the texts of every rating system (widget/i18n/systems/<name>.json,
    one file per system holding all its languages), so a system's translations live with it."""
    systems = {name: json.loads(files.pop(name)) for name in sorted(files) if name.startswith("i18n/systems/")}
    for name in sorted(files):
        if re.fullmatch(r"i18n/\w+\.json", name):
            lang = name[len("i18n/"):-len(".json")]
            texts = json.loads(files[name])
            for by_lang in systems.values():
                texts.update(by_lang.get(lang, {}))
            files[name] = json.dumps(texts, ensure_ascii=False, indent=1).encode("utf-8")


# The files a page names (a stylesheet, a script, a prefetch), by path: not data: or absolute URLs.
NAMED = re.compile(r'\b(src|href)="([\w./-]+)"')
CSP_META = '<meta http-equiv="Content-Security-Policy">'


def page(source: bytes, urls: dict[str, str], csp: str = CSP) -> bytes:
    """A page as built: its CSP_META element with its CSP (site_policy.csp_for its path: the hosts send the
    same), and each file it names at its URL in the built site (`urls`, by its name in the source). HTML
    imports nothing, so a page cannot take these from a module; and the CSP must be in the page itself, for
    hosts that send no header. A page without that one element, naming a file that `urls` lacks, or with an
    inline script its CSP does not allow by its hash, stops the build."""
    text = source.decode("utf-8")
    if text.count(CSP_META) != 1:
        raise SystemExit(f"a page has not one {CSP_META} for the build to fill (scripts/build_site.py, page)")
    content = html.escape(csp, quote=False).replace('"', "&quot;")  # CSP's own quotes are single: kept
    text = text.replace(CSP_META, CSP_META.replace(">", f' content="{content}">'))
    unknown = sorted({m[2] for m in NAMED.finditer(text)} - urls.keys())
    if unknown:
        raise SystemExit(f"a page names files the build does not publish: {unknown}")
    text = NAMED.sub(lambda m: f'{m[1]}="{urls[m[2]]}"', text)
    if any(script_hash(script) not in csp for script in INLINE_SCRIPT.findall(text)):
        raise SystemExit("a page's inline script is not allowed by its CSP (scripts/site_policy.py, EARLY_WORKER)")
    return text.encode("utf-8")


def page_bytes(source: bytes, files: dict[str, bytes], counter: str) -> int:
    """The bytes of the files a page loads from its static folder (its src and href that name one of
    `files`), but for `counter`, the script that counts them (widget/page/progress.js, PAGE_BYTES)."""
    names = {m[2] for m in NAMED.finditer(source.decode("utf-8"))} & files.keys()
    return sum(len(files[name]) for name in names - {counter})


# The widget's scripts as the browser loads them: each script loaded by its own URL (index.html's
# three, offline.js imported once the first result shows, the worker) with every module it imports
# in one file (esbuild; the sources stay plain ES modules, one concern each). Another of these scripts
# stays an import by its URL, so that it is one instance: the worker engine-start.js starts is the
# one app.js takes over, and progress.js's count the one engine-status.js adds to. Pyodide's modules
# stay the worker's imports. Measured (Chromium, cold visits of widget/, medians of 6 interleaved
# runs, this machine): the page's 29 module files took seven round trips over HTTP/1.1's six
# connections, and the worker's script was asked for only after them; bundled, form usable
# 545 -> 370 ms and first result 3 065 -> 2 717 ms; on the phone link (150 ms, 1.6 Mbit/s, CPU 4x)
# form usable 2.0 -> 1.44 s (3 runs each). Comments go, so the widget's scripts (page and worker)
# also shrink from about 73 to 37 kB brotli.
WORKER = "engine/worker.mjs"
SCRIPTS = ("page/progress.js", "engine/engine-start.js", "page/app.js", "offline/offline.js", WORKER)
BLOCKED = "page/blocked.js"
"""The page's note where it cannot run (widget/page/blocked.js): a classic script, loaded only there."""
# progress.js counts the bytes of the page's other files (page-bytes.js): it is bundled after them.
COUNTER = "page/progress.js"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def bundle(files: dict[str, bytes], scripts: tuple[str, ...], kind: str = "esm",
           external: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Each of `scripts` (a file of the sources `files`) with every module it imports in one file (of
    `kind`: "esm", or "iife" for a classic script); another of `external` stays an import by its URL."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp)
        for name, data in files.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        # As the repository's package.json says; and no package.json or tsconfig.json of whatever folder
        # the temporary one sits in is read (a "sideEffects": false there would drop frame.js).
        (src / "package.json").write_text('{"type": "module"}')
        # Each bundle is written beside its script (page/app.bundle.js for page/app.js) and published in its
        # place: esbuild writes an import of an external script by its path from the bundle, which then
        # holds in the published folder too (app.js's "../engine/engine-start.js", whichever module had it).
        out = {name: Path(name).with_suffix(".bundle" + Path(name).suffix).as_posix() for name in scripts}
        for script in scripts:  # run in src/: the bundles name their modules by relative path
            others = [f"--external:./{other}" for other in external if other != script]
            subprocess.run([str(ESBUILD), script, "--bundle", f"--format={kind}", "--charset=utf8",
                            "--log-level=warning", f"--outfile={out[script]}", "--tsconfig-raw={}", *others],
                           cwd=src, check=True)
        return {name: (src / out[name]).read_bytes() for name in scripts}


def not_modules(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files published as they are (styles, translations): not the bundles' sources."""
    return {name: data for name, data in files.items() if not name.endswith(MODULES)}


def start_stdlib(out: Path) -> Path:
    """Pyodide's standard library as the engine starts it, at out: with asyncio and the package loader
    imported when first used (scripts/lazy_start.py as sitecustomize), the changes listed in
    scripts/pyodide_patches.py, the one place that changes Pyodide's files."""
    return pyodide_patches.patch_stdlib(PYODIDE_NPM / "python_stdlib.zip", out)


def build_engine(dist: Path, added: list[Added]) -> str:
    """The engine's zips (what a visit runs of the standard library; elo_core), the rest of the
    standard library, and the wheel with its lock file (for micropip), published together; returns
    their folder."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wheel = build_wheel(work)
        if added:
            add_to_wheel(wheel, added)
        (work / "pyodide-lock.json").write_text(json.dumps(lock_file(wheel), indent=1))
        visit = Path(tmp) / "exercise"
        visit.mkdir()
        (visit / "exercise.json").write_text(json.dumps({"requests": exercise.requests(), "pastes": exercise.pastes(),
                                                         "events": exercise.events(), "ladders": exercise.ladders()}))
        stdlib = start_stdlib(visit / "stdlib.zip")
        subprocess.run(["node", str(ROOT / "scripts" / "compile_stdlib.mjs"), str(PYODIDE_NPM), str(stdlib),
                        str(wheel), str(visit / "exercise.json"), str(work)], check=True)
        return publish(dist, {p.name: p.read_bytes() for p in work.iterdir() if p.is_file()})


# What the engine folder holds for others, never fetched by a visit: the wheel and its lock file (for
# micropip users), the standard library's rest (fetched only if something imports a module of it).
NOT_FETCHED = ("*.whl", "pyodide-lock.json", "stdlib-rest.zip")


def visit_files(folder: Path) -> list[Path]:
    """The files of an engine or Pyodide folder that a visit fetches (not NOT_FETCHED)."""
    return [p for p in sorted(folder.rglob("*"))
            if p.is_file() and p.suffix in TYPES and not any(p.match(n) for n in NOT_FETCHED)]


# Fetched by the worker only when a view first asks (a tournament file, a ladder), so not counted in a
# calculator's start: the views' modules (scripts/compile_stdlib.mjs). Kept for offline use all the same.
LATER = ("views.zip",)


def fetched_bytes(pyodide_dir: Path, engine: Path) -> int:
    """The bytes the widget's worker fetches until Python is ready, the end of its progress bar
    (widget/engine/worker.mjs counts what it fetches): Pyodide's WebAssembly and the engine's two zips
    (not LATER's). Pyodide's two .mjs files are imported as modules, not fetched."""
    return (pyodide_dir / "pyodide.asm.wasm").stat().st_size + sum(
        p.stat().st_size for p in visit_files(engine) if p.name not in LATER)


def engine_files(pyodide_dir: Path, engine: Path) -> str:
    """widget/engine/engine-files.js as built: Pyodide's folder and the engine's, by path from the worker's
    folder (static/<hash>/engine/, as WORKER is laid out in static/<hash>/, beside them), the bytes it
    fetches (fetched_bytes) and the sha256 of each file it fetches, so that it can hold each to it."""
    static = engine.parent
    up = "../" * (WORKER.count("/") + 1)  # from the worker's folder to static/
    files = [pyodide_dir / "pyodide.asm.wasm", *visit_files(engine)]
    return build_modules.engine_files(
        pyodide=f"{up}{pyodide_dir.relative_to(static).as_posix()}/", engine=f"{up}{engine.name}/",
        wasm_bytes=files[0].stat().st_size, fetched_bytes=fetched_bytes(pyodide_dir, engine),
        sha256={f"{up}{p.relative_to(static).as_posix()}": hashlib.sha256(p.read_bytes()).hexdigest() for p in files})


def write_service_worker(dist: Path, widget: str, files: dict[str, bytes]) -> None:
    """dist/sw.js (widget/offline/sw.js, bundled as a classic script, an entry point at the site's root so that
    its scope covers widget/ and static/) with offline-files.js: this build's id and the files the
    calculator page uses (its scripts' folder `widget`, the engine's, Pyodide's), so the worker can
    keep them together for offline use."""
    page = (dist / "widget" / "index.html").read_bytes()
    folders = [dist / widget, engine_dir(dist), *dist.glob("static/pyodide/*/")]
    # Only what a visit uses, by type: not a host's precompressed copies (.br, .gz) beside them.
    kept = sorted(p.relative_to(dist).as_posix() for folder in folders for p in visit_files(folder))
    offline: build_modules.Offline = {
        "build": content_hash({"widget/index.html": page, **dict.fromkeys(kept, b"")}),
        "page": "widget/", "widget": widget, "files": kept,
        # Each file's sha256: the worker keeps only a file that has it, and refetches one that has not.
        "sha256": {name: hashlib.sha256((dist / name).read_bytes()).hexdigest() for name in kept}}
    sources = {**files, "offline/offline-files.js": build_modules.offline_files(offline).encode("utf-8")}
    (dist / "sw.js").write_bytes(bundle(sources, ("offline/sw.js",), "iife")["offline/sw.js"])


def build_widget(dist: Path, pyodide_dir: Path, engine: Path, added: list[Added]) -> None:
    """dist/widget/index.html, its static folder, and dist/sw.js, from widget/."""
    files = read_tree(ROOT / "widget")
    for one in added:
        files[f"i18n/systems/{one.system.name}.json"] = json.dumps(one.system.TEXTS).encode("utf-8")
    # The modules the build generates, over their committed copies: the contract's vocabulary as
    # Python says it now, and the engine's files as built.
    files["shared/contract.js"] = contract_js.render().encode("utf-8")
    files["engine/engine-files.js"] = engine_files(pyodide_dir, engine).encode("utf-8")
    merge_system_texts(files)
    source = files.pop("index.html")
    static = not_modules(files) | bundle(files, tuple(s for s in SCRIPTS if s != COUNTER), external=SCRIPTS)
    files["page/page-bytes.js"] = build_modules.page_bytes(page_bytes(source, static, COUNTER)).encode("utf-8")
    static |= bundle(files, (COUNTER,), external=SCRIPTS)
    # The note of a frame where the page cannot run (an opaque sandbox): one classic script, loaded only there by
    # the page's inline script, with embed.js's texts (bundled in from embed/, as embed.js bundles fetch-file.js).
    blocked = {**files, "embed-texts.js": build_modules.embed_texts(added_english(added)).encode("utf-8"),
               BLOCKED: files[BLOCKED].replace(b'from "../../embed/texts.js"', b'from "../embed-texts.js"')}
    static |= bundle(blocked, (BLOCKED,), "iife")
    folder = publish(dist, static)
    # From widget/: its static folder, and Pyodide's as the sources name it (node_modules/pyodide).
    urls = {name: f"../{folder}{name}" for name in static}
    urls |= {build_modules.PYODIDE_SOURCE + name: f"../{pyodide_dir.relative_to(dist).as_posix()}/{name}"
             for name in PYODIDE_FILES}
    (dist / "widget").mkdir()
    (dist / "widget" / "index.html").write_bytes(page(source, urls, csp_for("/widget/index.html")))
    write_service_worker(dist, folder, files)


def added_english(added: list[Added]) -> dict[str, str]:
    """The English texts of the systems a build added (`--system`), which embed/texts.js names them by."""
    return {key: text for one in added for key, text in one.system.TEXTS.get("en", {}).items()}


def build_embed(dist: Path, added: list[Added]) -> None:
    """dist/index.html (the snippet builder) with its static folder, and dist/embed.js (one classic
    script), from embed/."""
    files = read_tree(ROOT / "embed")
    files["texts.js"] = build_modules.embed_texts(added_english(added)).encode("utf-8")
    # The loader fetches a club's files as the widget does (one module, widget/shared/fetch-file.js):
    # bundled in from beside it here, as it sits beside embed/ in the repository.
    files["widget/shared/fetch-file.js"] = (ROOT / "widget" / "shared" / "fetch-file.js").read_bytes()
    files["embed.js"] = files["embed.js"].replace(b'from "../widget/shared/', b'from "./widget/shared/')
    source = files.pop("index.html")
    static = not_modules(files) | bundle(files, ("builder.js",))
    folder = publish(dist, static)
    (dist / "embed.js").write_bytes(bundle(files, ("embed.js",), "iife")["embed.js"])
    (dist / "index.html").write_bytes(page(source, {"embed.js": "embed.js"} | {n: folder + n for n in static},
                                           csp_for("/index.html")))


# Precompressed bodies by content: brotli 11 of the 9.6 MB wasm takes half a minute, so a rebuild
# with unchanged files compresses nothing (the key is the content; after changing a level below,
# empty the folder). An entry unused for PRECOMPRESS_KEEP seconds is removed.
PRECOMPRESS_CACHE = ROOT / "build" / "precompressed"
PRECOMPRESS_KEEP = 30 * 86400
# Smaller files gain too little (a few hundred bytes) to be worth two more files each.
PRECOMPRESS_MIN = 1024
COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, 9, mtime=0)}


def precompressed(data: bytes, encoding: str, cache: Path) -> tuple[bytes, bool]:
    """data in `encoding` at the best level, from the cache when it holds it; (body, compressed anew)."""
    entry = cache / f"{hashlib.sha256(data).hexdigest()}{PRECOMPRESSED[encoding]}"
    if entry.is_file():
        os.utime(entry)  # used: kept
        return entry.read_bytes(), False
    body: bytes = COMPRESSORS[encoding](data)
    cache.mkdir(parents=True, exist_ok=True)
    partial = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")  # two builds may share the cache
    partial.write_bytes(body)
    partial.replace(entry)
    return body, True


def precompress(dist: Path, cache: Path = PRECOMPRESS_CACHE) -> tuple[int, int]:
    """Write <file>.br and <file>.gz beside each compressible file of dist at least PRECOMPRESS_MIN
    bytes long (where smaller than it); returns (files written, of them compressed anew)."""
    written = anew = 0
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.stat().st_size < PRECOMPRESS_MIN:
            continue
        data = path.read_bytes()
        for encoding, suffix in PRECOMPRESSED.items():
            body, fresh = precompressed(data, encoding, cache)
            anew += fresh
            if len(body) < len(data):
                path.with_name(path.name + suffix).write_bytes(body)
                written += 1
    for old in cache.glob("*") if cache.is_dir() else ():
        if old.stat().st_mtime < time.time() - PRECOMPRESS_KEEP:
            old.unlink(missing_ok=True)
    return written, anew


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DIST, help="where to build (default: dist/)")
    parser.add_argument("--system", action="append", default=[], metavar="FILE:CLASS",
                        help="add a rating system from a file of its own (repeatable)")
    args = parser.parse_args()
    added = [add_system(spec) for spec in args.system]
    build(args.out.resolve(), added)


def build(dist: Path, added: list[Added]) -> None:
    """The whole site at `dist`, with the `added` rating systems."""
    version = pyodide_version()
    if dist.exists():
        shutil.rmtree(dist)
    # Named by version and content: a re-published or patched package cannot hide under an old name.
    interpreter = {name: (PYODIDE_NPM / name).read_bytes() for name in PYODIDE_FILES}
    pyodide_folder = f"{version}-{content_hash(interpreter)}"
    pyodide_dir = dist / "static" / "pyodide" / pyodide_folder
    pyodide_dir.mkdir(parents=True)
    for name, data in interpreter.items():
        (pyodide_dir / name).write_bytes(data)
    engine = build_engine(dist, added)
    build_widget(dist, pyodide_dir, dist / engine, added)
    build_embed(dist, added)
    # The licenses: ours, and those of what the site ships from others (Pyodide, CPython).
    shutil.copyfile(ROOT / "LICENSE", dist / "LICENSE.txt")
    shutil.copyfile(ROOT / "hosting" / "THIRD-PARTY-NOTICES.md", dist / "THIRD-PARTY-NOTICES.md")
    hosting = ROOT / "scripts" / "hosting.py"
    if hosting.exists():
        subprocess.run([sys.executable, str(hosting), str(dist)], check=True)
    wheel = next(engine_dir(dist).glob("*.whl"))
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    started = time.monotonic()
    written, anew = precompress(dist)
    print(f"built {dist}/: {wheel.name} ({wheel.stat().st_size} B), "
          f"Pyodide {version}, {size / 1e6:.1f} MB in all; {written} precompressed copies "
          f"({anew} compressed anew, {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
