// The page's side of the Python engine: starts the module worker, sends calculations one at a
// time (the latest input wins), queues pasted text to parse, and reports the worker's state.
// The messages each way are protocol.js's (ToEngine, FromEngine); a calculation's games may come
// packed (packed.js). The worker comes
// from a factory, so that tests can hand it a fake.
// Loading is watched: no bytes for a while (a stalled download), or Python not started long after
// the last byte, and the status says so (stalled), so that the page offers Retry: a new worker.

import { unpackGames } from "./packed.js";
// From engine-start.js, not support.js: the build bundles support.js into engine-start.js, and the
// probes remember their answer, so the page asks once (a refused WebAssembly is a CSP report each time).
import { browserSupported, wasmAllowed } from "./engine-start.js";

/**
 * @typedef {{state: "loading", stage: string, loaded?: number, total?: number, stalled?: boolean}
 *   | {state: "ready"} | {state: "failed", reason: string, detail: string}} EngineStatus
 */

/** How long loading may show no progress: no byte while downloading, or no start after the last one. */
export const PATIENCE = { download: 30_000, start: 90_000 };
/** @typedef {{games: {line: number, opponent: number, score: number}[], problems: {line: number, text: string, reason: string}[]}} ParseResult */
/** @typedef {{text: string, resolve: (r: ParseResult) => void}} ParseJob */
/**
 * What the engine needs of a Worker (tests pass a fake one).
 * @typedef {Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror" | "onmessageerror">} WorkerLike
 */

export class Engine {
  /**
   * @param {() => WorkerLike} createWorker makes a new worker (on start and on every retry)
   * @param {(status: EngineStatus) => void} onStatus
   * @param {{supported?: () => boolean, allowed?: () => boolean}} [checks] whether this browser can run
   *   Pyodide, and whether this page may compile WebAssembly (support.js);
   *   only tests replace it
   */
  constructor(createWorker, onStatus, { supported = browserSupported, allowed = wasmAllowed } = {}) {
    this.createWorker = createWorker;
    this.onStatus = onStatus;
    this.supported = supported;
    this.allowed = allowed;
    /** The watch on loading (PATIENCE). */
    this.watch = 0;
    /** @type {WorkerLike | null} */
    this.worker = null;
    this.ready = false;
    this.nextId = 1;
    /** The calculation being computed. @type {{id: number, resolve: (r: any) => void} | null} */
    this.inflight = null;
    /** The newest calculation not yet sent; older ones are dropped. @type {{request: object, resolve: (r: any) => void} | null} */
    this.pending = null;
    /** Parse jobs, which are never dropped: waiting to be sent, and sent (by id). */
    /** @type {ParseJob[]} */
    this.parseQueue = [];
    /** @type {Map<number, ParseJob>} */
    this.parseSent = new Map();
  }

  start() {
    this.stop();
    this.ready = false;
    if (typeof WebAssembly !== "object") {
      this.fail("nowasm", "WebAssembly is not available"); // switched off, perhaps: not necessarily old
      return;
    }
    if (!this.supported()) {
      this.fail("old", "this browser lacks features Pyodide needs");
      return;
    }
    if (!this.allowed()) {
      this.fail("blocked", "this page may not compile WebAssembly");
      return;
    }
    this.loading({ state: "loading", stage: "runtime" });
    try {
      this.worker = this.createWorker();
    } catch (err) {
      this.fail("load", String(err));
      return;
    }
    this.worker.onmessage = (event) => this.receive(event.data);
    // A worker script that cannot load, or a crash, arrives here with no message of its own.
    this.worker.onerror = (event) => {
      event.preventDefault();
      // A script that does not parse is a browser too old for it, not a missing file.
      const old = !this.ready && /SyntaxError/.test(event.message || "");
      this.fail(old ? "old" : this.ready ? "crash" : "load", event.message || "worker error");
    };
    this.worker.onmessageerror = () => this.fail("crash", "unreadable message");
  }

  /**
   * Report a loading status, and watch for the next: past PATIENCE with no news, the same status
   * again, stalled.
   * @param {{state: "loading", stage: string, loaded?: number, total?: number}} status
   */
  loading(status) {
    clearTimeout(this.watch);
    this.onStatus(status);
    const wait = status.stage === "runtime" || status.stage === "download" ? PATIENCE.download : PATIENCE.start;
    this.watch = setTimeout(() => this.onStatus({ ...status, stalled: true }), wait);
  }

  stop() {
    clearTimeout(this.watch);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (this.inflight) this.inflight.resolve(null);
    this.inflight = null;
    // Sent parse jobs died with the worker: queue them again for the next one.
    this.parseQueue.unshift(...this.parseSent.values());
    this.parseSent.clear();
  }

  /** @param {string} reason @param {string} detail */
  fail(reason, detail) {
    this.stop();
    this.ready = false;
    this.onStatus({ state: "failed", reason, detail });
  }

  /**
   * Compute `request`; resolves with the engine's response, or null when a newer request replaced it.
   * @param {object} request
   * @returns {Promise<any>}
   */
  calculate(request) {
    return new Promise((resolve) => {
      if (this.pending) this.pending.resolve(null);
      this.pending = { request, resolve };
      this.pump();
    });
  }

  /**
   * Read pasted results (elo_core.bridge.parse); waits for the engine if it is still loading.
   * @param {string} text
   * @returns {Promise<ParseResult>}
   */
  parse(text) {
    return new Promise((resolve) => {
      this.parseQueue.push({ text, resolve });
      this.pump();
    });
  }

  pump() {
    if (!this.ready || !this.worker) return;
    while (this.parseQueue.length) {
      const job = /** @type {ParseJob} */ (this.parseQueue.shift());
      const id = this.nextId++;
      this.parseSent.set(id, job);
      this.send({ type: "parse", id, payload: job.text });
    }
    if (this.inflight || !this.pending) return;
    const { request, resolve } = this.pending;
    this.pending = null;
    const id = this.nextId++;
    this.inflight = { id, resolve };
    this.send({ type: "calculate", id, payload: JSON.stringify(request) });
  }

  /** @param {import("./protocol.js").ToEngine} message */
  send(message) {
    this.worker?.postMessage(message);
  }

  /** @param {any} message */
  receive(message) {
    if (!message || typeof message !== "object") return;
    switch (message.type) {
      case "progress": {
        const { loaded, total } = message;
        const bytes = Number.isFinite(loaded) && Number.isFinite(total) && total > 0 ? { loaded, total } : {};
        this.loading({ state: "loading", stage: String(message.stage), ...bytes });
        break;
      }
      case "abandoned": // another calculator gave up on the shared boot (Retry): so does this one
        this.start();
        break;
      case "ready":
        clearTimeout(this.watch);
        this.ready = true;
        this.onStatus({ state: "ready" });
        this.pump();
        break;
      case "result":
      case "error": {
        if (message.type === "error" && message.id === undefined) {
          this.fail(message.error?.name === "SyntaxError" ? "old" : "load", message.error?.message ?? "");
          return;
        }
        const answer = message.type === "result" ? JSON.parse(message.response) : {
          ok: false, games: [], problems: [],
          errors: [{ field: "", code: "internal", message: message.error?.message ?? "", params: {} }],
        };
        const job = this.parseSent.get(message.id);
        if (job) {
          this.parseSent.delete(message.id);
          job.resolve(answer);
        } else if (this.inflight && this.inflight.id === message.id) {
          const { resolve } = this.inflight;
          this.inflight = null;
          // A newer request is waiting: this answer is already out of date.
          resolve(this.pending ? null : unpackGames(answer));
          this.pump();
        }
        break;
      }
    }
  }
}
