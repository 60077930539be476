// Pyodide under Node for the benchmarks, started one of two ways:
// - builtEngine(dist): as the widget's worker starts it (widget/engine/worker.mjs), from a built site: the
//   standard library in engine.zip, elo_core.zip on sys.path, views.zip added, no package; returns Python and
//   elo_core.bridge.
// - withSources(root, testModule): the stock Pyodide of node_modules with this tree's elo_core sources and
//   one module of tests/ (the generator of the bench's input), importable from /bench; no build needed.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** @param {string} dist */
export async function builtEngine(dist) {
  const pyodideDir = path.join(dist, "static", "pyodide");
  const indexURL = path.join(pyodideDir, readdirSync(pyodideDir)[0]) + "/";
  // The engine folder: the one static/<hash>/ that holds the lock file.
  const engineHash = readdirSync(path.join(dist, "static")).find((d) => existsSync(path.join(dist, "static", d, "pyodide-lock.json")));
  const engine = path.join(dist, "static", engineHash) + "/";
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const { info } = JSON.parse(readFileSync(engine + "pyodide-lock.json", "utf8"));
  const py = await loadPyodide({ indexURL, stdLibURL: engine + "engine.zip", lockFileContents: { info, packages: {} },
    packageBaseUrl: engine, stdout: () => {} });
  py.FS.writeFile("/lib/elo_core.zip", readFileSync(engine + "elo_core.zip"));
  py.pyimport("sys").path.append("/lib/elo_core.zip");
  const bridge = py.pyimport("elo_core.bridge");
  // The views' Python (reports, ladders), which the worker fetches when a view first asks: here at once, after
  // elo_core is imported, as there (add_views gives each package imported by then the zip's folder too).
  py.FS.writeFile("/lib/views.zip", readFileSync(engine + "views.zip"));
  py.pyimport("_lazy_stdlib").add_views("/lib/views.zip");
  return { py, bridge };
}

/** @param {string} root the repository @param {string} testModule a file of tests/, e.g. "trf_text.py" */
export async function withSources(root, testModule) {
  const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
  const py = await loadPyodide({ stdout: () => {} });
  // elo_core with its folders, and the one module of tests/.
  for (const name of readdirSync(path.join(root, "elo_core"), { recursive: true }).map(String).filter((n) => n.endsWith(".py"))) {
    py.FS.mkdirTree(path.posix.dirname(`/bench/elo_core/${name}`));
    py.FS.writeFile(`/bench/elo_core/${name}`, readFileSync(path.join(root, "elo_core", name)));
  }
  py.FS.mkdirTree("/bench/tests");
  py.FS.writeFile(`/bench/tests/${testModule}`, readFileSync(path.join(root, "tests", testModule)));
  py.FS.writeFile("/bench/tests/__init__.py", "");
  py.runPython("import sys; sys.path.insert(0, '/bench')");
  return py;
}
