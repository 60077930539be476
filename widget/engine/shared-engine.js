// One Python interpreter for every calculator of a page (a club page with two calculators boots
// Pyodide once, not twice): the engine's worker runs as a SharedWorker on the widget's origin, and
// each calculator's frame talks to it through its own MessagePort, so every answer goes back to the
// frame that asked. Both halves live here:
// - page side, engineWorker(): the engine's way to a worker (protocol.js Open), the SharedWorker's
//   port (sharedChannel); a retry, a browser without SharedWorker (Chrome on Android), a
//   constructor that throws or a SharedWorker refused at load (third-party frames in Chrome without
//   third-party cookies) gets a worker of its own (workerChannel), as before;
// - worker side, serveShared(): boots Python once and serves each port with worker-core.js's
//   handler; a late port hears the current stage or "ready" at once. A calculator that gives up on
//   a boot still under way (Retry after a stalled download) ends it for all: every port hears
//   "abandoned" (engine.js starts again), and the worker closes, its downloads with it. A stalled
//   download left running held the connection and the browser's cache entry, and the retry's own
//   request for the same file waited behind it. While one port's request computes, the others hear
//   "busy", then "idle": a big ladder in one frame holds the interpreter for seconds, and the
//   calculator beside it says why its result waits.
import { createHandler } from "./worker-core.js";

/** @typedef {import("./protocol.js").Listener} Listener */
/** @typedef {import("./protocol.js").Channel} Channel */
/** @typedef {import("./worker-core.js").Progress} Progress */
/**
 * What the page uses of a Worker (tests pass a fake one).
 * @typedef {Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror" | "onmessageerror">} WorkerLike
 */

/**
 * A worker of the page's own as a Channel to `listener`: closing it ends the worker. Its error event
 * is prevented (the engine reports it, with the reason, rather than the console).
 * @param {WorkerLike} worker @param {Listener} listener @returns {Channel}
 */
export function workerChannel(worker, listener) {
  worker.onmessage = (event) => listener.message(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    listener.failed(event.message || "");
  };
  worker.onmessageerror = () => listener.unreadable();
  return { post: (message) => worker.postMessage(message), close: () => worker.terminate() };
}

/** How long a shared interpreter may stay silent before a worker of the page's own replaces it: its
 * script (3 KB compressed) says the current stage as soon as it runs (serveShared). Chromium does
 * not always fire the error event of a SharedWorker whose script cannot be fetched (seen once in
 * CI: a 404 script, no event, the page waiting on a silent worker); a worker of its own then reports
 * its own error at once, or computes. */
export const SHARED_SILENCE_MS = 10_000;

/**
 * A SharedWorker's port as a Channel to `listener`. Closing it closes this page's port and abandons a
 * boot still under way (serveShared): a ready interpreter keeps serving the other calculators, and
 * ends with the last page that uses it.
 * A SharedWorker refused before it said anything (Chrome refuses them in third-party frames where
 * third-party cookies are blocked; a missing or unparsable script), or silent for `silence` ms, is
 * replaced by `fallback`, a worker of its own, which then reports any error of its own (a missing
 * file, a browser too old). One that dies after it spoke (a crash: no error event, its port silent for
 * good) is heard by its life lock (serveShared), and the listener told it is `gone`.
 * @param {SharedWorker} shared
 * @param {(listener: Listener) => Channel} fallback
 * @param {Listener} listener
 * @param {{silence?: number, locks?: LockManager}} [wait] only tests replace them
 * @returns {Channel}
 */
export function sharedChannel(shared, fallback, listener, { silence = SHARED_SILENCE_MS, locks = globalThis.navigator?.locks } = {}) {
  const port = shared.port;
  /** @type {Channel | null} */
  let own = null;
  let heard = false;
  let left = false; // this page left the worker: a late event of it (its error as it died) is no one's
  const watching = new AbortController();
  /** The worker's life lock (`alive`), asked for: granted only once the worker has died. @param {unknown} lock */
  const watch = (lock) => {
    if (!locks || typeof lock !== "string") return;
    locks.request(lock, { signal: watching.signal }, () => {
      if (!watching.signal.aborted) listener.gone();
    }).catch(() => {}); // aborted: this page left the worker
  };
  const leave = () => {
    left = true;
    watching.abort();
    clearTimeout(timer);
    port.postMessage(/** @type {import("./protocol.js").ToEngine} */ ({ type: "abandon" }));
    port.close();
  };
  const replace = () => {
    leave();
    own = fallback(listener);
  };
  const timer = setTimeout(replace, silence);
  port.onmessage = (event) => { // also starts the port
    if (own || left) return;
    heard = true;
    clearTimeout(timer);
    if (event.data?.type === "alive") watch(event.data.lock);
    else listener.message(event.data);
  };
  port.onmessageerror = () => left || listener.unreadable();
  shared.onerror = (event) => {
    event.preventDefault();
    if (own || left) return; // replaced already: its own worker speaks for it; or left for another
    if (heard) {
      listener.failed(/** @type {any} */ (event).message || "");
      return;
    }
    replace();
  };
  return {
    post: (message) => (own ? own.post(message) : port.postMessage(message)),
    close: () => (own ? own.close() : leave()),
  };
}

/**
 * The engine's way to a worker (protocol.js Open): the first start joins the page's shared
 * interpreter where the browser has SharedWorker; every later start (Retry after a failure) and any
 * browser without it gets a dedicated worker, so a broken shared interpreter is never joined twice.
 * @param {URL} url the worker script (worker.mjs, which serves both kinds)
 * @param {{shared?: typeof SharedWorker, dedicated?: typeof Worker}} [kinds] only tests replace them
 * @returns {import("./protocol.js").Open}
 */
export function engineWorker(url, { shared = globalThis.SharedWorker, dedicated = globalThis.Worker } = {}) {
  let first = true;
  // A retry's worker asks for every file past the caches (?fresh: worker.mjs), which may keep the
  // answer that failed (a 404 kept for a year by a misconfigured host, a damaged copy).
  const fresh = new URL(url);
  fresh.searchParams.set("fresh", "");
  /** @param {URL} script @param {Listener} listener */
  const own = (script, listener) => workerChannel(new dedicated(script, { type: "module", name: "elo-core" }), listener);
  return (listener, { fresh: again = true } = { fresh: true }) => {
    const tryShared = first && typeof shared === "function";
    const retry = !first && again;
    first = false;
    if (tryShared) {
      try {
        return sharedChannel(new shared(url, { type: "module", name: "elo-core" }), (l) => own(url, l), listener);
      } catch {
        // Refused at once (a policy, an opaque origin): a worker of its own still computes.
      }
    }
    return own(retry ? fresh : url, listener);
  };
}

/**
 * A Web Lock this worker holds for as long as it lives (until its global is gone: a crash, a browser that
 * ends it), resolving with its name once held; never where the browser has no Web Locks or refuses them.
 * @param {LockManager | undefined} locks
 * @returns {Promise<string>}
 */
function lifeLock(locks) {
  return new Promise((resolve) => {
    if (!locks) return;
    const name = `elo-core worker ${Date.now()} ${Math.random()}`;
    locks.request(name, () => {
      resolve(name);
      return new Promise(() => {}); // held until the worker ends
    }).catch(() => {}); // refused (an opaque origin): no watch, as without Web Locks
  });
}

/**
 * The SharedWorker's connect handler: one boot for every port; each port gets its own handler, so
 * answers go only to the frame that asked. A boot that fails is reported to every port, then the
 * worker closes, so that a calculator opened later starts a fresh one instead of joining it. Each port
 * hears the name of the Web Lock the worker holds while it lives (`alive`): a page granted that lock knows
 * the worker ended (sharedChannel): it died (a crash), or it closed after a failed or abandoned boot, which
 * it told every port first (a page that heard it has left the worker, and is granted nothing).
 * @param {(progress: Progress) => Promise<import("./worker-core.js").Bridge>} boot
 * @param {() => void} close ends the worker (self.close)
 * @param {{locks?: LockManager}} [browser] only tests replace it
 * @returns {((event: {ports: readonly MessagePort[]}) => void) & {broadcast: (message: import("./protocol.js").FromEngine) => void}}
 */
export function serveShared(boot, close, { locks = globalThis.navigator?.locks } = {}) {
  const life = lifeLock(locks);
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
  /** @param {{ports: readonly MessagePort[]}} event */
  const connect = (event) => {
    const port = event.ports[0];
    ports.add(port);
    const handle = createHandler((message) => port.postMessage(message), sharedBoot);
    life.then((lock) => {
      if (ports.has(port)) port.postMessage(/** @type {import("./protocol.js").FromEngine} */ ({ type: "alive", lock }));
    });
    port.onmessage = (message) => {
      if (message.data?.type === "request") {
        // Python computes one request at a time: while this one does, the other calculators'
        // requests wait, and they hear why (engine.js says so when it lasts).
        const others = [...ports].filter((other) => other !== port);
        others.forEach((other) => other.postMessage(/** @type {import("./protocol.js").FromEngine} */ ({ type: "busy" })));
        const idle = () => others.forEach((other) => other.postMessage(/** @type {import("./protocol.js").FromEngine} */ ({ type: "idle" })));
        const waiting = handle(message); // a view's first request waits for its modules
        if (waiting) waiting.finally(idle);
        else idle();
        return;
      }
      if (message.data?.type !== "abandon") return handle(message);
      ports.delete(port);
      if (!booting) return; // a ready interpreter still serves the others
      ports.forEach((other) => other.postMessage(/** @type {import("./protocol.js").FromEngine} */ ({ type: "abandoned" })));
      close();
    };
  };
  /** Tells every page served so far. @param {import("./protocol.js").FromEngine} message */
  connect.broadcast = (message) => ports.forEach((port) => port.postMessage(message));
  return connect;
}
