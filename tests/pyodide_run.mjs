// Runs elo_core inside Pyodide under Node, for tests/test_pyodide.py.
// Usage: node tests/pyodide_run.mjs DIST MICROPIP_WHEEL REQUESTS_JSON
// Prints one JSON object: {"widget": [responses], "origins": {module: file}, "fetched": {...},
//   "eloCore": {"modules": [...], "future": [...]}, "start": {"atStart": ..., "asyncio": ..., "loader": ...},
//   "micropip": [responses]}.
//  - widget: loaded the way widget/engine/worker.mjs loads it (engine.zip as the standard library,
//    elo_core.zip on sys.path, no package; the rest of the standard library fetched only when
//    imported: here, read from disk);
//  - micropip: a fresh interpreter with Pyodide's stock standard library installs our wheel.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [dist, micropipWheel, requestsFile] = process.argv.slice(2).map((p) => path.resolve(p));
const pyodideDir = path.join(dist, "static", "pyodide");
const indexURL = path.join(pyodideDir, readdirSync(pyodideDir)[0]) + "/";
// The engine folder: the one static/<hash>/ that holds the lock file (scripts/build_site.py).
const engineHash = readdirSync(path.join(dist, "static")).find((d) => existsSync(path.join(dist, "static", d, "pyodide-lock.json")));
const engine = path.join(dist, "static", engineHash) + "/";
const requests = JSON.parse(readFileSync(requestsFile, "utf8")).map((r) => JSON.stringify(r));
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const stockStdLibURL = new URL("../node_modules/pyodide/python_stdlib.zip", import.meta.url).pathname;
const { info } = JSON.parse(readFileSync(engine + "pyodide-lock.json", "utf8"));
const quiet = { stdout: () => {}, stderr: (m) => process.stderr.write(m + "\n") };
// Modules a visit imports (json), and modules it does not (the rest must still import).
const MODULES = ["json", "elo_core.bridge", "difflib", "email.mime.text", "xml.dom.minidom", "json.tool"];

async function widget() {
  const py = await loadPyodide({ indexURL, stdLibURL: engine + "engine.zip", lockFileContents: { info, packages: {} }, ...quiet });
  // asyncio and the package loader, left until first used (scripts/lazy_start.py): what there is of
  // them once Pyodide has started.
  const atStart = JSON.parse(py.runPython(`import json, sys
loader = sys.modules["pyodide._package_loader"]
json.dumps({"asyncio": type(sys.modules.get("asyncio")).__name__, "loader": type(loader).__name__,
            "folders": [str(loader.SITE_PACKAGES), str(loader.DSO_DIR)],
            "loaded": sorted(m for m in sys.modules if m.startswith("asyncio.") or m in (
                "ssl", "socket", "pyodide.webloop", "zipfile", "tempfile", "shutil", "pathlib"))})`));
  py.FS.writeFile("/lib/elo_core.zip", readFileSync(engine + "elo_core.zip"));
  py.pyimport("sys").path.append("/lib/elo_core.zip");
  const fetched = [];
  py.pyimport("_lazy_stdlib").install(engine + "stdlib-rest.zip", (url) => {
    fetched.push(path.basename(url));
    return new Uint8Array(readFileSync(url));
  });
  const handle = py.pyimport("elo_core.bridge").handle;
  const answers = requests.map((r) => JSON.parse(handle(r)));
  const before = fetched.length;  // the requests fetched nothing more
  // elo_core's modules as they ran, and those compiled with their future import (scripts/pyodide_patches.py).
  const eloCore = JSON.parse(py.runPython(`import json, sys
ours = {n: m for n, m in sys.modules.items() if n.split(".")[0] == "elo_core"}
json.dumps({"modules": sorted(ours), "future": sorted(n for n, m in ours.items()
                                                      if type(vars(m).get("annotations")).__name__ == "_Feature")})`));
  // Pyodide's core awaits a JavaScript promise: asyncio comes from the rest, with Pyodide's event loop.
  const asyncioUsed = JSON.parse(await py.runPythonAsync(`import asyncio, json, sys
from js import Promise
got = await Promise.resolve(5)
await asyncio.sleep(0)
json.dumps({"awaited": got, "loop": type(asyncio.get_running_loop()).__name__, "file": asyncio.__file__,
            "real": sys.modules["asyncio"] is asyncio})`));
  const origins = Object.fromEntries(MODULES.map((m) => [m, py.pyimport(m).__file__]));
  // loadPackage (our wheel) brings the real loader, which must know the folders its stand-in gave.
  await py.loadPackage(engine + readdirSync(engine).find((f) => f.endsWith(".whl")));
  const loaderUsed = JSON.parse(py.runPython(`import json, sys
loader = sys.modules["pyodide._package_loader"]
json.dumps({"loader": type(loader).__name__, "folders": [str(loader.SITE_PACKAGES), str(loader.DSO_DIR)]})`));
  loaderUsed.installed = Object.keys(py.loadedPackages);
  return { answers, origins, fetched: { before, after: fetched }, eloCore, start: { atStart, asyncio: asyncioUsed, loader: loaderUsed } };
}

async function viaMicropip() {
  // An empty package list: elo-core must come from micropip, not from our lock file.
  const py = await loadPyodide({ indexURL, stdLibURL: stockStdLibURL, lockFileContents: { info, packages: {} }, packageBaseUrl: engine, ...quiet });
  await py.loadPackage(micropipWheel);
  const wheel = readdirSync(engine).find((f) => f.endsWith(".whl"));
  py.FS.writeFile("/tmp/" + wheel, readFileSync(engine + wheel));
  const micropip = py.pyimport("micropip");
  await micropip.install("emfs:/tmp/" + wheel);
  const handle = py.pyimport("elo_core.bridge").handle;
  return requests.map((r) => JSON.parse(handle(r)));
}

const { answers, origins, fetched, eloCore, start } = await widget();
console.log(JSON.stringify({ widget: answers, origins, fetched, eloCore, start, micropip: await viaMicropip() }));
