// The sha256 of each file the engine's worker fetches (Pyodide's WebAssembly, the engine's zips), by
// its path from the worker's folder. Generated data: the build writes this file anew from the files
// it ships (scripts/build_site.py, engine_files); worker.mjs holds each download to it
// (worker-core.js checkedFetch). Empty in the sources, where nothing is built to check against.
/** @type {Record<string, string>} */
export const SHA256 = {};
