// The module Web Worker that runs elo_core in Pyodide, all from this site's own origin: the
// interpreter from static/pyodide/<version>/, the engine folder static/<hash>/ (our wheel, the lock
// file listing it with its sha256, the compiled standard library). The build fills in both paths;
// every URL here changes when its bytes do, so a cached copy is never stale (scripts/build_site.py).
import { serveShared } from "./shared-engine.js";
import { byteProgress, countingFetch, createHandler } from "./worker-core.js";

// What the worker downloads with fetch() until Python is ready, in bytes: the build counts it from
// the files it ships (scripts/build_site.py, fetched_bytes), so the progress has a known end.
const EXPECTED_BYTES = __FETCHED_BYTES__;
// Every download is counted, whatever asks for it: installed before Pyodide's code runs.
/** @type {(loaded: number) => void} */
let onBytes = () => {};
self.fetch = countingFetch(self.fetch.bind(self), (loaded) => onBytes(loaded));

// Fetched at once, in parallel with the rest, but imported dynamically: a browser too old to parse
// Pyodide (Safari before 16.4) then rejects with a SyntaxError the page can name, where a static
// import would fail the whole worker with no reason given.
const pyodideModule = import("__PYODIDE_DIR__pyodide.mjs");

const PYODIDE = new URL("__PYODIDE_DIR__", import.meta.url).href;
const ENGINE = new URL("__ENGINE_DIR__", import.meta.url).href;

// Pyodide only logs a failed WebAssembly download or compile (aborted request, wrong MIME
// type) and then waits forever: its warning is the one signal, so it becomes an error here.
function wasmFailure() {
  return new Promise((_, reject) => {
    const warn = console.warn;
    let failed = false;
    console.warn = (...args) => {
      warn(...args);
      if (failed) reject(new Error(`WebAssembly could not be loaded: ${args[0]}`));
      failed = String(args[0]).includes("wasm instantiation failed");
    };
  });
}

/** @param {import("./worker-core.js").Progress} progress @returns {Promise<import("./worker-core.js").Bridge>} */
async function boot(progress) {
  progress("runtime");
  onBytes = byteProgress(progress, EXPECTED_BYTES);
  const { loadPyodide } = await pyodideModule;
  const pyodide = await Promise.race([wasmFailure(), loadPyodide({
    indexURL: PYODIDE, // must be absolute
    stdLibURL: ENGINE + "python_stdlib.pyc.zip", // compiled at build time: half the start-up
    lockFileURL: ENGINE + "pyodide-lock.json",
    packageBaseUrl: ENGINE, // also keeps Pyodide from ever falling back to a CDN
    packages: ["elo-core"],
    stdout: () => {},
    stderr: () => {},
  })]);
  progress("engine");
  // A package that failed to load is only logged by loadPyodide: the import is the real check.
  const bridge = pyodide.pyimport("elo_core.bridge");
  return { calculate: bridge.handle, parse: bridge.parse };
}

// The same script serves as a SharedWorker (one interpreter for all the page's calculators,
// shared-engine.js) and as a dedicated Worker (where SharedWorker is missing, and on Retry).
if ("onconnect" in self) /** @type {any} */ (self).onconnect = serveShared(boot, () => self.close());
else self.onmessage = createHandler((message) => self.postMessage(message), boot);
