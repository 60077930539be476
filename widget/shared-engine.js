// One Python interpreter for every calculator of a page (a club page with two calculators boots
// Pyodide once, not twice): the engine's worker runs as a SharedWorker on the widget's origin, and
// each calculator's frame talks to it through its own MessagePort, so every answer goes back to the
// frame that asked. Both halves live here:
// - page side, engineWorker(): makes the SharedWorker's port look like the Worker that engine.js
//   expects; a retry, a browser without SharedWorker (Chrome on Android), a constructor that
//   throws or a SharedWorker refused at load (third-party frames in Chrome without third-party
//   cookies) gets a worker of its own, as before;
// - worker side, serveShared(): boots Python once and serves each port with worker-core.js's
//   handler; a late port hears the current stage or "ready" at once. A calculator that gives up on
//   a boot still under way (Retry after a stalled download) ends it for all: every port hears
//   "abandoned" (engine.js starts again), and the worker closes, its downloads with it. A stalled
//   download left running held the connection and the browser's cache entry, and the retry's own
//   request for the same file waited behind it.
import { createHandler } from "./worker-core.js";

/** @typedef {import("./engine.js").WorkerLike} WorkerLike */
/** @typedef {import("./worker-core.js").Progress} Progress */

/**
 * The Worker-like face of a SharedWorker for engine.js. terminate() closes this page's port and
 * abandons a boot still under way (serveShared): a ready interpreter keeps serving the other
 * calculators, and ends with the last page that uses it.
 * A SharedWorker refused before it said anything (Chrome refuses them in third-party frames where
 * third-party cookies are blocked; a missing or unparsable script) is replaced by `fallback()`, a
 * worker of its own, which then reports any error of its own (a missing file, a browser too old).
 * @param {SharedWorker} shared
 * @param {() => WorkerLike} fallback
 * @returns {WorkerLike}
 */
export function portWorker(shared, fallback) {
  const port = shared.port;
  /** @type {WorkerLike | null} */
  let own = null;
  let heard = false;
  /** engine.js's handlers, kept to hand them on to the fallback. @type {Record<"onmessage" | "onerror" | "onmessageerror", any>} */
  const on = { onmessage: null, onerror: null, onmessageerror: null };
  port.onmessage = (event) => { // also starts the port
    heard = true;
    on.onmessage?.(event);
  };
  port.onmessageerror = (event) => on.onmessageerror?.(event);
  shared.onerror = (event) => {
    if (heard) {
      on.onerror?.(event);
      return;
    }
    event.preventDefault();
    port.close();
    own = fallback();
    Object.assign(own, on);
  };
  /** @param {"onmessage" | "onerror" | "onmessageerror"} name @param {any} handler */
  const set = (name, handler) => {
    on[name] = handler;
    if (own) own[name] = handler;
  };
  const terminate = () => {
    if (own) return own.terminate();
    port.postMessage(/** @type {import("./protocol.js").ToEngine} */ ({ type: "abandon" }));
    port.close();
  };
  return workerFace((message) => (own ?? port).postMessage(message), terminate, on, set);
}

/** @typedef {"onmessage" | "onerror" | "onmessageerror"} Handler */

/**
 * A WorkerLike whose handlers are read from `on` and set through `set`.
 * @param {(message: any) => void} postMessage @param {() => void} terminate
 * @param {Record<Handler, any>} on @param {(name: Handler, handler: any) => void} set
 * @returns {WorkerLike}
 */
export function workerFace(postMessage, terminate, on, set) {
  return {
    postMessage,
    terminate,
    get onmessage() { return on.onmessage; },
    set onmessage(handler) { set("onmessage", handler); },
    get onmessageerror() { return on.onmessageerror; },
    set onmessageerror(handler) { set("onmessageerror", handler); },
    get onerror() { return on.onerror; },
    set onerror(handler) { set("onerror", handler); },
  };
}

/**
 * The worker factory for engine.js: the first start joins the page's shared interpreter where the
 * browser has SharedWorker; every later start (Retry after a failure) and any browser without it
 * gets a dedicated worker, so a broken shared interpreter is never joined twice.
 * @param {URL} url the worker script (worker.mjs, which serves both kinds)
 * @param {{shared?: typeof SharedWorker, dedicated?: typeof Worker}} [kinds] only tests replace them
 * @returns {() => WorkerLike}
 */
export function engineWorker(url, { shared = globalThis.SharedWorker, dedicated = globalThis.Worker } = {}) {
  let first = true;
  // A retry's worker asks for every file past the caches (?fresh: worker.mjs), which may keep the
  // answer that failed (a 404 kept for a year by a misconfigured host, a damaged copy).
  const fresh = new URL(url);
  fresh.searchParams.set("fresh", "");
  /** @param {URL} script */
  const own = (script) => new dedicated(script, { type: "module", name: "elo-core" });
  return () => {
    const tryShared = first && typeof shared === "function";
    const retry = !first;
    first = false;
    if (tryShared) {
      try {
        return portWorker(new shared(url, { type: "module", name: "elo-core" }), () => own(url));
      } catch {
        // Refused at once (a policy, an opaque origin): a worker of its own still computes.
      }
    }
    return own(retry ? fresh : url);
  };
}

/**
 * The SharedWorker's connect handler: one boot for every port; each port gets its own handler, so
 * answers go only to the frame that asked. A boot that fails is reported to every port, then the
 * worker closes, so that a calculator opened later starts a fresh one instead of joining it.
 * @param {(progress: Progress) => Promise<import("./worker-core.js").Bridge>} boot
 * @param {() => void} close ends the worker (self.close)
 * @returns {(event: {ports: readonly MessagePort[]}) => void}
 */
export function serveShared(boot, close) {
  /** @type {Set<Progress>} */
  let listeners = new Set();
  let stage = "";
  /** @type {{loaded: number, total: number} | undefined} */
  let bytes;
  /** @type {Promise<import("./worker-core.js").Bridge> | null} */
  let booted = null;
  let booting = true;
  /** @param {Progress} progress */
  const sharedBoot = (progress) => {
    if (stage) progress(stage, bytes); // a late port: where the boot is now
    if (booting) listeners.add(progress);
    if (!booted) {
      booted = boot((s, b) => {
        stage = s;
        bytes = b;
        listeners.forEach((listener) => listener(s, b));
      });
      // Progress matters only while booting; the rejection reaches each port through createHandler.
      const done = () => { booting = false; listeners = new Set(); };
      booted.then(done, () => { done(); setTimeout(close); });
    }
    return booted;
  };
  /** @type {Set<MessagePort>} */
  const ports = new Set();
  return (event) => {
    const port = event.ports[0];
    ports.add(port);
    const handle = createHandler((message) => port.postMessage(message), sharedBoot);
    port.onmessage = (message) => {
      if (message.data?.type !== "abandon") return handle(message);
      ports.delete(port);
      if (!booting) return; // a ready interpreter still serves the others
      ports.forEach((other) => other.postMessage(/** @type {import("./protocol.js").FromEngine} */ ({ type: "abandoned" })));
      close();
    };
  };
}
