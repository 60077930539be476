// The module Web Worker that runs elo_core in Pyodide, all from this site's own origin:
// the interpreter from ../pyodide/<version>/, the wheel listed (with its sha256) in ../wheels/pyodide-lock.json.
import { createHandler } from "./worker-core.js";

const PYODIDE = new URL("../pyodide/__PYODIDE_VERSION__/", import.meta.url).href;
const WHEELS = new URL("../wheels/", import.meta.url).href;

async function boot(progress) {
  progress("runtime");
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: PYODIDE, // must be absolute
    lockFileURL: WHEELS + "pyodide-lock.json?v=__LOCK_SHA__",
    packageBaseUrl: WHEELS, // also keeps Pyodide from ever falling back to a CDN
    packages: ["elo-core"],
    stdout: () => {},
    stderr: () => {},
  });
  progress("engine");
  // A package that failed to load is only logged by loadPyodide: the import is the real check.
  return pyodide.pyimport("elo_core.bridge").handle;
}

self.onmessage = createHandler((message) => self.postMessage(message), boot);
