// Runs elo_core inside Pyodide under Node, for tests/test_pyodide.py.
// Usage: node tests/pyodide_run.mjs DIST MICROPIP_WHEEL REQUESTS_JSON
// Prints one JSON object: {"widget": [responses], "origins": {module: file}, "micropip": [responses]}.
//  - widget: loaded the way widget/worker.mjs loads it (engine.zip as the standard library, no
//    package; the rest of the standard library fetched only when imported: here, read from disk);
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
  const fetched = [];
  py.pyimport("_lazy_stdlib").install(engine + "stdlib-rest.zip", (url) => {
    fetched.push(path.basename(url));
    return new Uint8Array(readFileSync(url));
  });
  const handle = py.pyimport("elo_core.bridge").handle;
  const answers = requests.map((r) => JSON.parse(handle(r)));
  const before = fetched.length;  // the requests fetched nothing more
  const origins = Object.fromEntries(MODULES.map((m) => [m, py.pyimport(m).__file__]));
  return { answers, origins, fetched: { before, after: fetched } };
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

const { answers, origins, fetched } = await widget();
console.log(JSON.stringify({ widget: answers, origins, fetched, micropip: await viaMicropip() }));
