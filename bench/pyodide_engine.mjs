// Times elo_core.bridge.handle inside Pyodide under Node, for bench/bench.py, and for 10 000 games also
// handle_packed (what the widget's worker calls: the games packed, widget/engine/packed.js).
// Usage: node bench/pyodide_engine.mjs DIST CASES_JSON  ->  prints [{system, games, packed, times_ms: [...]}, ...]
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [dist, casesFile] = process.argv.slice(2).map((p) => path.resolve(p));
const pyodideDir = path.join(dist, "static", "pyodide");
const indexURL = path.join(pyodideDir, readdirSync(pyodideDir)[0]) + "/";
// The engine folder: the one static/<hash>/ that holds the lock file.
const engineHash = readdirSync(path.join(dist, "static")).find((d) => existsSync(path.join(dist, "static", d, "pyodide-lock.json")));
const wheels = path.join(dist, "static", engineHash) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
// As the widget loads it (widget/engine/worker.mjs): the standard library in engine.zip, elo_core.zip on
// sys.path, no package.
const { info } = JSON.parse(readFileSync(wheels + "pyodide-lock.json", "utf8"));
const py = await loadPyodide({ indexURL, stdLibURL: wheels + "engine.zip", lockFileContents: { info, packages: {} },
  packageBaseUrl: wheels, stdout: () => {} });
py.FS.writeFile("/lib/elo_core.zip", readFileSync(wheels + "elo_core.zip"));
py.pyimport("sys").path.append("/lib/elo_core.zip");
const bridge = py.pyimport("elo_core.bridge");
const out = [];
for (const c of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const text = JSON.stringify(c.request);
  const games = c.request.games.length;
  for (const packed of games >= 10_000 ? [false, true] : [false]) {
    const handle = packed ? bridge.handle_packed : bridge.handle;
    handle(text);  // warm up
    const times = [];
    for (let i = 0; i < c.repeat; i++) {
      const t = performance.now();
      handle(text);
      times.push(performance.now() - t);
    }
    out.push({ system: c.request.system, games, packed, times_ms: times });
  }
}
console.log(JSON.stringify(out));
