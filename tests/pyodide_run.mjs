// Runs elo_core inside Pyodide under Node, for tests/test_pyodide.py.
// Usage: node tests/pyodide_run.mjs DIST MICROPIP_WHEEL REQUESTS_JSON
// Prints one JSON object: {"lock": [responses], "origins": [module files], "micropip": [responses]}.
//  - lock: the wheel loaded the way the widget loads it (our pyodide-lock.json, sha256 checked);
//  - micropip: a fresh interpreter that installs the same wheel with micropip.install().
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [dist, micropipWheel, requestsFile] = process.argv.slice(2).map((p) => path.resolve(p));
const pyodideDir = path.join(dist, "static", "pyodide");
const indexURL = path.join(pyodideDir, readdirSync(pyodideDir)[0]) + "/";
// The engine folder: the one static/<hash>/ that holds the lock file (scripts/build_site.py).
const engineHash = readdirSync(path.join(dist, "static")).find((d) => existsSync(path.join(dist, "static", d, "pyodide-lock.json")));
const wheels = path.join(dist, "static", engineHash) + "/";
const requests = JSON.parse(readFileSync(requestsFile, "utf8")).map((r) => JSON.stringify(r));
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
// The widget's way loads the standard library compiled at build time; micropip users have the stock one.
const stdLibURL = wheels + "python_stdlib.pyc.zip";
const stockStdLibURL = new URL("../node_modules/pyodide/python_stdlib.zip", import.meta.url).pathname;
const quiet = { stdout: () => {}, stderr: (m) => process.stderr.write(m + "\n") };

async function viaLockFile() {
  const py = await loadPyodide({
    indexURL, stdLibURL, lockFileURL: wheels + "pyodide-lock.json", packageBaseUrl: wheels, packages: ["elo-core"], ...quiet,
  });
  const handle = py.pyimport("elo_core.bridge").handle;  // throws if the package did not load
  const answers = requests.map((r) => JSON.parse(handle(r)));
  // Where the standard library came from: bytecode for what the bridge uses, sources for the rest.
  const origins = py.runPython("import json, difflib; [m.__file__ for m in (json, difflib)]").toJs();
  return { answers, origins };
}

async function viaMicropip() {
  // An empty package list: elo-core must come from micropip, not from our lock file.
  const { info } = JSON.parse(readFileSync(wheels + "pyodide-lock.json", "utf8"));
  const py = await loadPyodide({ indexURL, stdLibURL: stockStdLibURL, lockFileContents: { info, packages: {} }, packageBaseUrl: wheels, ...quiet });
  await py.loadPackage(micropipWheel);
  const wheel = readdirSync(wheels).find((f) => f.endsWith(".whl"));
  py.FS.writeFile("/tmp/" + wheel, readFileSync(wheels + wheel));
  const micropip = py.pyimport("micropip");
  await micropip.install("emfs:/tmp/" + wheel);
  const handle = py.pyimport("elo_core.bridge").handle;
  return requests.map((r) => JSON.parse(handle(r)));
}

const { answers, origins } = await viaLockFile();
console.log(JSON.stringify({ lock: answers, origins, micropip: await viaMicropip() }));
