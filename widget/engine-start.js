// Starts Python's worker as soon as the page's first scripts arrive. index.html runs this module
// on its own (async; the build bundles its two small imports into it, scripts/build_site.py), so the
// worker downloads and boots while app.js still arrives and runs (bench: cold first result
// 1 299 -> 1 259 ms, medians of 8 interleaved visits, when app.js was still two dozen modules).
// app.js's engine takes this worker for its first start, with every message the worker sent meanwhile
// (createWorker); a Retry gets a new one, as before (shared-engine.js). If app.js never runs, the
// worker stops (below).
import { engineWorker, workerFace } from "./shared-engine.js";
import { browserSupported, wasmAllowed } from "./support.js";

export { browserSupported, wasmAllowed }; // engine.js asks here: one copy of the probes' answers

/** @typedef {import("./engine.js").WorkerLike} WorkerLike */

const makeWorker = engineWorker(new URL("./worker.mjs", import.meta.url));

/**
 * `worker`, with what it says kept until someone listens: its handlers are set at once, and each
 * event waits for the handler that engine.js sets later (all three in one task: they are handed on
 * together, in the order the events came).
 * @param {WorkerLike} worker @returns {WorkerLike}
 */
export function held(worker) {
  /** @type {[keyof typeof on, any][]} */
  let waiting = [];
  let ended = false; // terminated (the engine failed on an earlier event): the rest is dropped
  /** @type {Record<"onmessage" | "onerror" | "onmessageerror", ((event: any) => void) | null>} */
  const on = { onmessage: null, onerror: null, onmessageerror: null };
  const handOn = () => {
    const events = waiting;
    waiting = [];
    for (const [name, event] of events) if (!ended) on[name]?.(event);
  };
  for (const name of /** @type {const} */ (["onmessage", "onerror", "onmessageerror"])) {
    worker[name] = (/** @type {any} */ event) => {
      if (on[name] && !waiting.length) {
        on[name]?.(event);
        return;
      }
      if (name === "onerror") event.preventDefault?.(); // reported when engine.js listens
      waiting.push([name, event]);
    };
  }
  /** @param {import("./shared-engine.js").Handler} name @param {any} handler */
  const set = (name, handler) => {
    on[name] = handler;
    if (waiting.length) queueMicrotask(handOn);
  };
  const terminate = () => {
    ended = true;
    waiting = [];
    worker.terminate();
  };
  return workerFace((message) => worker.postMessage(message), terminate, on, set);
}

/** The worker started here, until engine.js takes it; none where the engine would refuse to start
 * (engine.js then says why). @type {WorkerLike | null} */
let early = null;
try {
  if (typeof WebAssembly === "object" && browserSupported() && wasmAllowed()) early = held(makeWorker());
} catch {
  early = null; // engine.js's own start reports it
}

/** Whether app.js has run (pageRuns): the load event without it means app.js could not be loaded. */
let pageRan = false;

/** app.js says it runs: from now on, it is the one to say what happens. */
export function pageRuns() {
  pageRan = true;
}

/** The worker factory for engine.js: the worker started early the first time, a new one after. */
export function createWorker() {
  const worker = early;
  early = null;
  return worker ?? makeWorker();
}

// app.js runs, and takes the worker, before the page's load event (which waits for every module
// script). If it has not run by then, it never will: app.js (or a module it imports) could not be loaded.
// The worker (if one was started: none where the engine refuses to start) stops rather than download
// Python for nobody (only Pyodide's module, which index.html prefetches for every visitor, may be on
// its way), and the visitor is told, in English: the texts are app.js's to load. Where the engine
// refuses to start, this message is then the page's only text.
globalThis.addEventListener?.("load", () => { // none in the unit tests, under Node
  if (pageRan && !early) return;
  early?.terminate();
  early = null;
  const text = document.getElementById("engine-text");
  if (text) text.textContent = "The calculator could not be loaded. Check the connection and reload the page.";
  document.getElementById("calc")?.classList.add("broken");
  document.getElementById("engine")?.classList.add("failed");
  document.getElementById("engine-progress")?.setAttribute("hidden", "");
});
