// Pyodide's snapshot under Node, for tests/test_snapshot.py: Python started as the widget's worker starts
// it (widget/engine/worker.mjs, by the rules of widget/engine/snapshot.js), the exercise's requests
// answered, a snapshot made, packed and unpacked as the worker keeps it, and Python started from it.
// The views' modules come from their own zip, added once the calculator's requests are answered.
// Usage: node tests/snapshot_run.mjs DIST EXERCISE_JSON
// Prints one JSON object: {"anew": {kind: [answers]}, "restored": {...}, "bytes": n, "stored": n,
//   "rest": the file a module of the rest of the standard library came from after the restore,
//   "noSlots": the error of a start without STOCK_SLOTS, "called": the error after JavaScript handed
//   Python a value by a call, "otherBuild": the error of a snapshot with another Pyodide's build id,
//   "asyncio": what sys.modules["asyncio"] was once the views' zip was added, in each interpreter,
//   "files": the files the bridge kept before the worker let go of them (bridge.forget), and after the restore,
//   "views": where csv and the cp1252 code page came from once the views' zip was added (first, then restored),
//   "early": where csv came from when imported before any view, "traceback": one through json's decoder,
//   "grew": a snapshot of a memory that grew: its size, the first request's answer from it, and the error of
//   Pyodide's own copy of it (unpacked whole)}.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { packPages, PagedSnapshot, READER, restOfStdlib, STOCK_SLOTS, unpackPages } from "../widget/engine/snapshot.js";

const [dist, exerciseFile] = process.argv.slice(2).map((p) => path.resolve(p));
const pyodideDir = path.join(dist, "static", "pyodide");
const indexURL = path.join(pyodideDir, readdirSync(pyodideDir)[0]) + "/";
const engineHash = readdirSync(path.join(dist, "static")).find((d) => existsSync(path.join(dist, "static", d, "pyodide-lock.json")));
const engine = path.join(dist, "static", engineHash) + "/";
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const { info } = JSON.parse(readFileSync(engine + "pyodide-lock.json", "utf8"));
const options = { indexURL, stdLibURL: engine + "engine.zip", lockFileContents: { info, packages: {} }, stdout: () => {}, stderr: () => {} };
const { requests, pastes, events, ladders } = JSON.parse(readFileSync(exerciseFile, "utf8"));
const asked = { handle_packed: requests.map((r) => JSON.stringify(r)), parse: pastes, event: events.map((r) => JSON.stringify(r)),
  ladder: ladders.map((r) => JSON.stringify(r)) };
/** @type {any} */ (globalThis)[READER] = (url) => new Uint8Array(readFileSync(url));
// As the worker does (its instantiateStreaming): the snapshot being restored hears of the instance. Under
// Node, Pyodide instantiates from the file's bytes.
/** @type {PagedSnapshot | null} */
let restoring = null;
const instantiate = WebAssembly.instantiate;
/** @type {any} */ (WebAssembly).instantiate = async (/** @type {any[]} */ ...args) => {
  const result = await /** @type {any} */ (instantiate)(...args);
  if (restoring && result.instance) restoring.instantiated(result.instance);
  return result;
};

/** Python started from `snapshot` (the packed bytes) as the worker starts it. @param {Uint8Array} packed */
async function restore(packed) {
  restoring = new PagedSnapshot(packed);
  try {
    const py = await loadPyodide({ ...options, _loadSnapshot: restoring.forPyodide() });
    if (!restoring.restored) throw new Error("Pyodide did not ask for the snapshot's memory");
    py.FS.writeFile("/lib/elo_core.zip", readFileSync(engine + "elo_core.zip")); // not in a snapshot (rule 4)
    return py;
  } finally {
    restoring = null;
  }
}

/** Python as the worker starts it anew: able to make a snapshot, the stock slots taken first. */
async function anew({ slots = true } = {}) {
  const py = await loadPyodide({ ...options, _makeSnapshot: true });
  if (slots) py.runPython(STOCK_SLOTS);
  py.FS.writeFile("/lib/elo_core.zip", readFileSync(engine + "elo_core.zip"));
  py.pyimport("sys").path.append("/lib/elo_core.zip");
  py.runPython(restOfStdlib(engine + "stdlib-rest.zip"));
  py.pyimport("elo_core.bridge");
  py.pyimport("gc").freeze();
  return py;
}

/** What asyncio is once the views' modules can be imported: its stand-in still (scripts/lazy_start.py). */
const asyncio = [];

/** The answers, the calculator's first, then the views' once their zip is there, as the worker adds it. @param {any} py */
function answers(py) {
  const bridge = py.pyimport("elo_core.bridge");
  const answer = (/** @type {string} */ name) => asked[name].map((t) => JSON.parse(bridge[name](t)));
  const calculator = { handle_packed: answer("handle_packed"), parse: answer("parse") };
  py.FS.writeFile("/lib/views.zip", readFileSync(engine + "views.zip"));
  py.pyimport("_lazy_stdlib").add_views("/lib/views.zip"); // as the worker adds them: a call
  asyncio.push(py.runPython("import sys; type(sys.modules['asyncio']).__name__"));
  return { ...calculator, event: answer("event"), ladder: answer("ladder") };
}

/** @param {() => unknown} make */
function error(make) {
  try {
    make();
    return null;
  } catch (err) {
    return String(err instanceof Error ? err.message : err).split("\n")[0];
  }
}

const first = await anew();
const before = answers(first);
const filesKept = (/** @type {any} */ py) => py.runPython("from elo_core import bridge; len(bridge.FILES._files) + (bridge._kept_file is not None)");
const keptBefore = filesKept(first);
first.pyimport("elo_core.bridge").forget(); // as the worker does before it makes the snapshot
const snapshot = first.makeMemorySnapshot();
const packed = packPages(snapshot);
const py = await restore(packed);
const keptAfter = filesKept(py);
const after = answers(py);
const rest = py.runPython("import xml.dom.minidom; xml.dom.minidom.__file__");
const views = [first, py].map((p) => p.runPython("import csv, encodings.cp1252 as c; [csv.__file__, c.__file__]").toJs());
// A traceback through the standard library's code (its lines left out: scripts/compile_stdlib.mjs first_lines).
const traceback = py.runPython(`
import json, traceback
try:
    json.loads("{")
except ValueError as exc:
    text = "".join(traceback.format_exception(exc))
text`);

// A first visit whose Python's memory grew (a big file): its snapshot loads, where Pyodide's own copy failed.
const grown = await anew();
grown.runPython("big = bytearray(40_000_000); del big");
const big = grown.makeMemorySnapshot();
const fromBig = await restore(packPages(big));
const grew = { bytes: big.length, answer: JSON.parse(fromBig.pyimport("elo_core.bridge").handle_packed(asked.handle_packed[0])),
  unpacked: await loadPyodide({ ...options, _loadSnapshot: unpackPages(packPages(big)) }).then(() => null, (err) => String(err.message)) };

const bare = await anew({ slots: false });
const early = bare.runPython("import csv; csv.__file__"); // before any view: from the rest, as source
const noSlots = error(() => bare.makeMemorySnapshot());
const handed = await anew();
handed.pyimport("_lazy_stdlib").install("unused", () => new Uint8Array(0)); // a value handed by a call
const called = error(() => handed.makeMemorySnapshot());
const other = snapshot.slice();
other[16] ^= 0xff; // the first byte of the build id (pyodide.asm.mjs: API.makeSnapshot)
let otherBuild = null;
await loadPyodide({ ...options, _loadSnapshot: other }).catch((err) => { otherBuild = String(err.message).split("\n")[0]; });
console.log(JSON.stringify({ anew: before, restored: after, bytes: snapshot.length, stored: packed.length, rest, noSlots, called, otherBuild,
  asyncio, files: [keptBefore, keptAfter], views, early, traceback, grew }));
