// Starts Python's worker as soon as the page's first scripts arrive. index.html runs this module
// on its own (async; the build bundles its two small imports into it, scripts/build_site.py), so the
// worker downloads and boots while app.js still arrives and runs (bench: cold first result
// 1 299 -> 1 259 ms, medians of 8 interleaved visits, when app.js was still two dozen modules).
// app.js's engine takes this worker for its first start, with every message the worker sent meanwhile
// (openEngine); a Retry gets a new one, as before (shared-engine.js). If app.js never runs, the
// worker stops (below).
import { engineWorker } from "./shared-engine.js";
import { browserSupported, wasmAllowed } from "./support.js";

export { browserSupported, wasmAllowed }; // engine.js asks here: one copy of the probes' answers

/** @typedef {import("./protocol.js").Listener} Listener */
/** @typedef {import("./protocol.js").Open} Open */

// The worker index.html's inline script started as the page was parsed (none where it could not, or
// where it failed before anyone listened: a SharedWorker refused), taken by the first start. Where
// this module runs first (from a cache, before the parser reached that script), the script does nothing.
const g = /** @type {any} */ (globalThis);
/** @type {SharedWorker | undefined} */
let startedEarly = g.eloCoreWorker?.failed ? undefined : g.eloCoreWorker;
g.eloCoreStarted = 1;
const Shared = globalThis.SharedWorker;
const openWorker = engineWorker(new URL("./worker.mjs", import.meta.url), startedEarly ? {
  shared: /** @type {typeof SharedWorker} */ (/** @type {unknown} */ (function (/** @type {[string | URL, WorkerOptions]} */ ...args) {
    const worker = startedEarly ?? new Shared(...args);
    startedEarly = undefined;
    return worker;
  })),
} : {});

/**
 * A way to a worker opened now, before anyone listens: what it hears is kept, and handed on to the
 * first listener (in a microtask after it opens: engine.js has its channel by then), in the order it
 * came; what it hears after that goes straight on. `close` ends it unopened; once closed, what was
 * still kept is dropped (the engine failed on an earlier event, which ended the worker).
 * @param {Open} open @returns {Open & {close: () => void}}
 */
export function held(open) {
  /** @type {((listener: Listener) => void)[]} */
  let waiting = [];
  /** @type {Listener | null} */
  let heard = null;
  let ended = false;
  /** @param {(listener: Listener) => void} event */
  const hear = (event) => {
    if (heard && !waiting.length) event(heard);
    else waiting.push(event);
  };
  const channel = open({
    message: (data) => hear((listener) => listener.message(data)),
    failed: (text) => hear((listener) => listener.failed(text)),
    unreadable: () => hear((listener) => listener.unreadable()),
    gone: () => hear((listener) => listener.gone()),
  });
  const close = () => {
    ended = true;
    waiting = [];
    channel.close();
  };
  /** @type {Open} */
  const take = (listener) => {
    heard = listener;
    queueMicrotask(() => {
      const events = waiting;
      waiting = [];
      for (const event of events) if (!ended) event(listener);
    });
    return { post: channel.post, close };
  };
  return Object.assign(take, { close });
}

/** The worker started here, until engine.js takes it; none where the engine would refuse to start
 * (engine.js then says why). @type {(Open & {close: () => void}) | null} */
let early = null;
try {
  if (typeof WebAssembly === "object" && browserSupported() && wasmAllowed()) early = held(openWorker);
} catch {
  early = null; // engine.js's own start reports it
}
// A worker started early that the engine did not take (it will not start here) stops (serveShared), its
// downloads with it; the page's load event does the same where this module never ran (index.html).
startedEarly?.port.postMessage(/** @type {import("./protocol.js").ToEngine} */ ({ type: "abandon" }));
startedEarly = undefined;
g.eloCoreTaken = 1;

/** Whether app.js has run (pageRuns): the load event without it means app.js could not be loaded. */
let pageRan = false;

/** app.js says it runs: from now on, it is the one to say what happens. */
export function pageRuns() {
  pageRan = true;
}

/** The engine's way to a worker (engine.js): the worker started early the first time, a new one after.
 * @type {Open} */
export function openEngine(listener, again) {
  const open = early ?? openWorker;
  early = null;
  return open(listener, again);
}

// app.js runs, and takes the worker, before the page's load event (which waits for every module
// script). If it has not run by then, it never will: app.js (or a module it imports) could not be loaded.
// The worker (if one was started: none where the engine refuses to start) stops rather than download
// Python for nobody (only Pyodide's module, which index.html prefetches for every visitor, may be on
// its way), and the visitor is told, in English: the texts are app.js's to load. Where the engine
// refuses to start, this message is then the page's only text.
globalThis.addEventListener?.("load", () => { // none in the unit tests, under Node
  if (pageRan && !early) return;
  early?.close();
  early = null;
  const text = document.getElementById("engine-text");
  if (text) text.textContent = "The calculator could not be loaded. Check the connection and reload the page.";
  document.getElementById("calc")?.classList.add("broken");
  document.getElementById("engine")?.classList.add("failed");
  document.getElementById("engine-progress")?.setAttribute("hidden", "");
});
