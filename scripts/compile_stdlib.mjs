// Build step: the engine's zips, with only what a visit runs, and the rest of the standard library.
// The same Pyodide the site ships (so the bytecode always fits the interpreter) starts with the
// standard library of STDLIB_ZIP (below), puts our wheel on sys.path, and runs the bridge through
// every rating system, a FIDE period, pasted results and tournament files, club ladders (scripts/exercise.py). Then it writes:
//  - engine.zip: the modules that ran from the standard library, as bytecode, and _lazy_stdlib
//    (scripts/lazy_stdlib.py followed by REST, the names of the rest's modules). The worker loads it
//    as Pyodide's standard library. Frozen modules (built into the wasm) are left out.
//  - elo_core.zip: elo_core, as bytecode: what the calculator ran of it (a rating's change, pasted
//    results). Apart, because Python needs it last, once Pyodide has started: the worker has it cross
//    a phone's link while Pyodide starts (widget/engine/worker.mjs).
//  - views.zip: what the views ran beyond that (a tournament file and its report, a club's ledger and
//    ladder, a table's CSV), of elo_core and of the standard library (csv, calendar, locale, a code
//    page), as bytecode: fetched only when a view first asks
//    (scripts/lazy_stdlib.py add_views), so a visitor who wants a rating's change never fetches it.
//  - stdlib-rest.zip: every other file of the standard library, as source; fetched only if one of
//    its modules is ever imported (lazy_stdlib).
// The form of engine.zip, measured (Pyodide 314.0.7; brotli/gzip as a host sends it) when asyncio
// and the package loader were still imported at start (128 modules with elo_core's 18; today 63 in
// engine.zip, 1.26 MB raw, 0.39 MB brotli, and elo_core.zip, 0.29 MB raw, 0.10 MB brotli):
//   bytecode -OO, stored entries     2.83 MB raw, 0.84 MB brotli, 1.13 MB gzip   <- this
//   bytecode, stored entries         3.37 MB raw, 0.99 MB brotli, 1.34 MB gzip
//   bytecode -OO, deflated entries   1.22 MB whatever the host does
//   sources, stored entries          2.81 MB raw, 0.54 MB brotli, but starts ~2x slower (compiling)
// Stored entries let the host compress the whole file (its type must be on the host's list:
// scripts/hosting.py adds application/zip); a host that compresses no zip sends 1.55 MB, still
// less than Pyodide's own 3.2 MB standard library. -OO drops docstrings and asserts: nothing
// elo_core or Pyodide runs reads a docstring, and the tests run the whole suite of vectors on it.
// The standard library's code keeps no lines or columns of its own (first_lines: each instruction on
// its function's first line): 1.40 -> 1.19 MB raw, 435 -> 274 kB brotli, the largest cut left in a
// first visit's bytes. What it costs: a traceback or a warning that points into the standard library
// names the function's first line, without carets; elo_core's code and our own (sitecustomize,
// _lazy_stdlib) keep theirs, so a fault of ours is still found by its line.
// elo_core itself is compiled -O (docstrings kept, +14 kB brotli): a dataclass with no docstring has
// one made from inspect.signature at every start. Importing elo_core in Pyodide under Node (medians of
// 20): docstrings 81.5 -> 66.5 ms; the 15 dataclasses it creates were most of it. Its sources are
// compiled as scripts/pyodide_patches.py changes them (compiled_source: without their future import).
// The interpreter starts from STDLIB_ZIP: Pyodide's standard library with asyncio and the package
// loader left until first used (scripts/pyodide_patches.py, scripts/lazy_start.py), so their
// modules are not among those that ran, and go to stdlib-rest.zip.
// Usage: node scripts/compile_stdlib.mjs PYODIDE_NPM_DIR STDLIB_ZIP WHEEL EXERCISE_JSON OUT_DIR
//   (EXERCISE_JSON: {"requests": [...], "pastes": [...], "events": [...]}; OUT_DIR gets engine.zip, elo_core.zip and
//   stdlib-rest.zip)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [npmDir, stdlibZip, wheel, exercise, out] = process.argv.slice(2).map((p) => path.resolve(p));
const indexURL = npmDir + "/";
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const { info } = JSON.parse(readFileSync(path.join(indexURL, "pyodide-lock.json"), "utf8"));
// No packages: loading one imports modules of its own, which a visit (elo_core.zip on sys.path) does not.
const py = await loadPyodide({
  indexURL, stdLibURL: stdlibZip, lockFileContents: { info, packages: {} }, stdout: (s) => console.log(s), stderr: (s) => console.error(s),
});
py.FS.writeFile("/tmp/elo_core.whl", readFileSync(wheel));
for (const name of ["lazy_stdlib.py", "pyodide_patches.py"]) py.FS.writeFile(`/tmp/${name}`, readFileSync(new URL(name, import.meta.url)));
// lazy_stdlib is imported now, so that what it imports counts as used.
py.runPython("import sys; sys.path += ['/tmp/elo_core.whl', '/tmp']; import lazy_stdlib");

const bridge = py.pyimport("elo_core.bridge");
const { requests, pastes, events, ladders } = JSON.parse(readFileSync(exercise, "utf8"));
for (const request of requests) JSON.parse(bridge.handle(JSON.stringify(request)));
for (const text of pastes) JSON.parse(bridge.parse(text));
// What the calculator ran (elo_core.zip); what the views run beyond it goes to views.zip.
py.runPython("import sys; calculator = list(sys.modules.values())");
for (const request of events) JSON.parse(bridge.event(JSON.stringify(request)));
for (const request of ladders) {
  const answer = JSON.parse(bridge.ladder(JSON.stringify(request)));
  if (!answer.ok) throw new Error(`the ladder exercise failed: ${JSON.stringify(answer.errors)}`);
}
// What ran, before this script's own Python below imports zipfile (and with it shutil, pathlib...).
py.runPython("import sys; ran = list(sys.modules.values())");

py.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibZip));
const report = py.runPython(`
import importlib.util, sys, types, zipfile, zipimport
from importlib._bootstrap_external import _code_to_hash_pyc
import pyodide_patches  # what is changed in elo_core's sources before they are compiled

OPTIMIZE = 2  # the choices: see the top of this file
OURS_OPTIMIZE = 1  # elo_core keeps its docstrings (the top of this file)
LINES = False  # the standard library's code without its lines and columns; elo_core's keeps them (the top of this file)
COMPRESSION = zipfile.ZIP_STORED
AS_SOURCE = False

stdlib = sys.path[1]  # the zip's place on sys.path, /lib/python3NN.zip
wheel = "/tmp/elo_core.whl"

def ran_from(where, modules=None):
    """Files of the modules imported from the zip at where (not frozen ones, which have a __file__ too), of
    every module that ran or of those given."""
    return {m.__spec__.origin[len(where) + 1:] for m in (ran if modules is None else modules)
            if isinstance(getattr(m.__spec__, "loader", None), zipimport.zipimporter)
            and m.__spec__.origin.startswith(where + "/")}

def first_lines(code):
    """code with each instruction placed on its function's first line, without columns: its location
    table one 2-byte entry per 8 code units (kind 13, "no columns", line delta 0; CPython's
    Objects/locations.md) instead of every instruction's line and columns. Not an empty table: a
    traceback through code without one fails (traceback's _get_code_position runs out)."""
    units, table = len(code.co_code) // 2, bytearray()
    while units:
        n = min(units, 8)
        table += bytes((0x80 | 13 << 3 | n - 1, 0))
        units -= n
    consts = tuple(first_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def put(zip, name, source, date_time=(1980, 1, 1, 0, 0, 0), optimize=OPTIMIZE, lines=LINES):
    """Unchecked hash-based bytecode: zipimport runs it without looking for a source."""
    if AS_SOURCE:
        return zip.writestr(zipfile.ZipInfo(name, date_time), source, compress_type=COMPRESSION)
    code = compile(source, name, "exec", dont_inherit=True, optimize=optimize)
    code = code if lines else first_lines(code)
    data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    zip.writestr(zipfile.ZipInfo(name + "c", date_time), data, compress_type=COMPRESSION)

used, ours = ran_from(stdlib), ran_from(wheel)
calculator_ours = ran_from(wheel, calculator)
views_ours = ours - calculator_ours
# The standard library's modules only the views ran (csv, calendar, locale...): in views.zip as bytecode,
# and in the rest as source (should one be imported before a view opens, it is still found).
views_std = used - ran_from(stdlib, calculator)
with zipfile.ZipFile("/tmp/stdlib.zip") as src, zipfile.ZipFile(wheel) as whl, \\
        zipfile.ZipFile("/tmp/engine.zip", "w", zipfile.ZIP_STORED) as core, \\
        zipfile.ZipFile("/tmp/elo_core.zip", "w", zipfile.ZIP_STORED) as elo, \\
        zipfile.ZipFile("/tmp/views.zip", "w", zipfile.ZIP_STORED) as views, \\
        zipfile.ZipFile("/tmp/rest.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as rest:
    rest_names = set()
    for info in src.infolist():
        if info.filename in views_std:
            put(views, info.filename, src.read(info), info.date_time)
        if info.filename in used - views_std:
            put(core, info.filename, src.read(info), info.date_time, lines=info.filename == "sitecustomize.py")
        elif not info.is_dir():
            rest.writestr(info, src.read(info), compresslevel=9)
            if info.filename.endswith(".py"):
                rest_names.add(info.filename.removesuffix(".py").removesuffix("/__init__").replace("/", "."))
    for name in sorted(ours):
        put(views if name in views_ours else elo, name, pyodide_patches.compiled_source(name, whl.read(name)), whl.getinfo(name).date_time,
            optimize=OURS_OPTIMIZE, lines=True)
    with open("/tmp/lazy_stdlib.py") as f:  # generated: the module, then the names it leaves to the rest
        lazy = f.read() + f"\\nREST = frozenset({sorted(rest_names)!r})\\n"
        # The standard library's packages views.zip adds modules to (encodings: a file's code page).
        packages = {name.rpartition("/")[0].replace("/", ".") for name in views_std if "/" in name}
        lazy += f"VIEWS_PACKAGES = frozenset({sorted(packages)!r})\\n"
    put(core, "_lazy_stdlib.py", lazy.encode(), lines=True)
(f"{len(used - views_std)} standard library modules in engine.zip, {len(calculator_ours)} of elo_core in elo_core.zip, "
 f"{len(views_ours)} of its views and {len(views_std)} of the standard library in views.zip, "
 f"{len(rest_names)} left for stdlib-rest.zip")
`);
if (!/^[5-9]\d|^\d{3}/.test(report)) throw new Error(`too few modules found (${report}): is sys.path[1] still the zip?`);
writeFileSync(path.join(out, "engine.zip"), py.FS.readFile("/tmp/engine.zip"));
writeFileSync(path.join(out, "elo_core.zip"), py.FS.readFile("/tmp/elo_core.zip"));
writeFileSync(path.join(out, "views.zip"), py.FS.readFile("/tmp/views.zip"));
writeFileSync(path.join(out, "stdlib-rest.zip"), py.FS.readFile("/tmp/rest.zip"));
console.log(report);
