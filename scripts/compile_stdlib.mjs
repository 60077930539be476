// Build step: Pyodide's standard library with the modules the widget imports compiled to bytecode.
// The npm package ships python_stdlib.zip as .py sources, so every start compiles ~150 modules in
// WebAssembly before Python is usable: that is most of loadPyodide's time. Here the same Pyodide
// (so the bytecode always fits the interpreter) starts, loads our wheel, runs the bridge, and the
// modules that took are written to the zip as .pyc only. The others stay .py (bytecode is bigger
// than source) and compile on first import as before.
// Usage: node scripts/compile_stdlib.mjs PYODIDE_NPM_DIR ENGINE_DIR OUT_ZIP  (ENGINE_DIR: the wheel and its lock file)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [npmDir, engineDir, out] = process.argv.slice(2).map((p) => path.resolve(p));
const indexURL = npmDir + "/";
const wheels = engineDir + "/";
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const py = await loadPyodide({
  indexURL, lockFileURL: wheels + "pyodide-lock.json", packageBaseUrl: wheels, packages: ["elo-core"],
  stdout: (s) => console.log(s), stderr: (s) => console.error(s),
});

// What a visit runs: both systems, a refused request, a paste.
const bridge = py.pyimport("elo_core.bridge");
for (const request of [
  { system: "fide", rating: "2000", games: [{ opponent: "2100", score: 1 }] },
  { system: "elo", rating: "2000", k: "20", games: [{ opponent: "2100", score: 0.5 }] },
  { system: "fide", rating: "abc", games: [{ opponent: "2100", score: 0.7 }] },
]) JSON.parse(bridge.handle(JSON.stringify(request)));
bridge.parse("1. 2100 1\n2. 1950 ½\n2200\t0");

py.FS.writeFile("/tmp/in.zip", readFileSync(path.join(indexURL, "python_stdlib.zip")));
const count = py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = sys.path[1].rstrip("/") + "/"  # the zip's place on sys.path, /lib/python3NN.zip
used = {m.__file__[len(prefix):] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(prefix)}
with zipfile.ZipFile("/tmp/in.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename not in used:
            dst.writestr(info, data, compresslevel=9)
            continue
        code = compile(data, info.filename, "exec", dont_inherit=True)
        # Unchecked hash-based bytecode: zipimport runs it without looking for a source.
        entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(entry, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
len(used)
`);
if (count < 50) throw new Error(`only ${count} modules found to compile: is sys.path[1] still the zip?`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
console.log(`compiled ${count} standard library modules into ${path.basename(out)}`);
