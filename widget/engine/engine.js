// The page's side of the Python engine: starts a worker (through protocol.js's Open: a worker of its
// own, or a port of the page's shared one), sends it requests of each kind by that kind's rules
// (KINDS: calculations one at a time, the latest input winning; every pasted text read), and reports
// the worker's state. The messages each way are protocol.js's (ToEngine, FromEngine).
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

/** The performance mark each line of the worker's debug log is (its text the mark's detail). */
export const ENGINE_LOG = "elo-core engine";
/** How long loading may show no progress: no byte while downloading, or no start after the last one. */
export const PATIENCE = { download: 30_000, start: 90_000 };
/** How long this calculator's request may wait behind another calculator's (a shared interpreter,
 * shared-engine.js) before it says so: a calculation beside it takes some 20 ms, a big ladder seconds. */
export const BUSY_SAY_MS = 400;
/** @typedef {import("./protocol.js").Kind} Kind */
/** @typedef {{games: {line: number, opponent: number | null, score: number, venue?: string, points_for?: number, points_against?: number, k?: number}[],
 *   problems: {line: number, text: string, reason: string}[]}} ParseResult */
/** What each kind of request resolves with (null aside).
 * @typedef {{calculate: Record<string, any>, parse: ParseResult, event: Record<string, any>, ladder: Record<string, any>}} Answers */

/**
 * How the page asks for each kind of request (protocol.js Kind; the worker's side is worker-core.js
 * BRIDGE). `latest`: only the newest request of the kind waits, one at a time is computed, and an
 * answer overtaken by a newer request resolves null (a calculation: the latest input wins); else
 * every request is answered, and sent again to the next worker if its worker ended (pasted text:
 * nothing pasted is lost). A tournament file rated (event.js) is as a calculation: a K typed for a
 * player is the newest input. `read` makes the bridge's answer the page's (a calculation's games come
 * packed: packed.js).
 * @type {{[K in Kind]: {latest: boolean, read: (answer: any) => Answers[K]}}}
 */
export const KINDS = {
  calculate: { latest: true, read: unpackGames },
  parse: { latest: false, read: (answer) => answer },
  event: { latest: true, read: (answer) => answer },
  // A ladder's requests are of three sorts (its ranking, a pair's stakes, a CSV): each is answered, the
  // view keeps only its newest ranking (ladder.js).
  ladder: { latest: false, read: (answer) => answer },
};

/** A request on its way: waiting to be sent, or sent (by id). @typedef {{kind: Kind, text: string, resolve: (answer: any) => void}} Job */

/** How often, at most, the worker hears that the visitor types (ms): well within its idle wait (IDLE_MS). */
const TYPING_SAY_MS = 1000;

export class Engine {
  /**
   * @param {import("./protocol.js").Open} open opens a way to a new worker (on start and on every retry)
   * @param {(status: EngineStatus) => void} onStatus
   * @param {{supported?: () => boolean, allowed?: () => boolean}} [checks] whether this browser can run
   *   Pyodide, and whether this page may compile WebAssembly (support.js);
   *   only tests replace it
   */
  constructor(open, onStatus, { supported = browserSupported, allowed = wasmAllowed } = {}) {
    this.open = open;
    this.onStatus = onStatus;
    this.supported = supported;
    this.allowed = allowed;
    /** The watch on loading (PATIENCE). */
    this.watch = 0;
    /** @type {import("./protocol.js").Channel | null} */
    this.channel = null;
    this.ready = false;
    this.nextId = 1;
    /** Requests not yet sent, oldest first (of a `latest` kind, only the newest). @type {Job[]} */
    this.waiting = [];
    /** Requests sent and not yet answered, by id. @type {Map<number, Job>} */
    this.sent = new Map();
    /** Whether another calculator's request holds the shared interpreter ("busy" until "idle"). */
    this.othersBusy = false;
    /** Told true when this calculator's requests have waited BUSY_SAY_MS behind another's, false when
     * they wait no longer. @type {(busy: boolean) => void} */
    this.onBusy = () => {};
    this.saidBusy = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.busyTimer = undefined;
    /** When `typing` last told the worker (ms). */
    this.typedAt = -Infinity;
  }

  /** Start a worker: on the page's start, at Retry, and again when one died (`fresh`: false, its files sound). */
  start(fresh = true) {
    this.stop();
    this.ready = false;
    const refusal = this.refusal();
    if (refusal) {
      this.fail(...refusal);
      return;
    }
    this.loading({ state: "loading", stage: "runtime" });
    try {
      this.channel = this.open({
        message: (data) => this.receive(data),
        failed: (text) => this.workerFailed(text),
        unreadable: () => this.fail("crash", "unreadable message"),
        gone: () => this.workerGone(),
      }, { fresh });
    } catch (err) {
      this.fail("load", String(err));
    }
  }

  /** Why this browser or page cannot run the engine, if it cannot: the reason and its detail.
   * @returns {[string, string] | null} */
  refusal() {
    // Switched off, perhaps: not necessarily old.
    if (typeof WebAssembly !== "object") return ["nowasm", "WebAssembly is not available"];
    if (!this.supported()) return ["old", "this browser lacks features Pyodide needs"];
    if (!this.allowed()) return ["blocked", "this page may not compile WebAssembly"];
    return null;
  }

  /**
   * The worker failed with no message of its own: a worker script that cannot load, or a crash.
   * A script that does not parse is a browser too old for it, not a missing file.
   * @param {string} text the error event's, perhaps ""
   */
  workerFailed(text) {
    const old = !this.ready && /SyntaxError/.test(text);
    this.fail(old ? "old" : this.ready ? "crash" : "load", text || "worker error");
  }

  /**
   * The shared interpreter ended without a word to this page (a crash of its process, booting or ready; shared-engine.js
   * heard it by its life lock): a worker of this page's own starts at once, from the cache and the kept snapshot, and
   * the view asks again once it is ready. What was being computed resolves null, pasted text is read anew (stop). A
   * worker of its own reports its own death (its error event): Retry. (One that closed after a failed or abandoned
   * boot said so first: this page then left it, and hears no `gone`; should the lock come first, this start tries once
   * more with a worker of its own, which reports its own failure.)
   */
  workerGone() {
    console.info("elo-core: the shared engine stopped; starting this calculator's own");
    this.start(false);
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
    this.channel?.close();
    this.channel = null;
    // What was sent died with the worker: a `latest` kind's request is answered null (its newer one,
    // if any, still waits), any other is sent again to the next worker, before what came after it.
    const again = [];
    for (const job of this.sent.values()) {
      if (KINDS[job.kind].latest) job.resolve(null);
      else again.push(job);
    }
    this.waiting.unshift(...again);
    this.sent.clear();
    this.othersBusy = false; // a new worker says anew
    this.waitingChanged();
  }

  /** @param {string} reason @param {string} detail */
  fail(reason, detail) {
    this.stop();
    this.ready = false;
    this.onStatus({ state: "failed", reason, detail });
  }

  /**
   * Ask the engine: `text` for the bridge's function of `kind` (protocol.js Kind); waits for the
   * engine if it is still loading. Resolves with the answer, or null when it has none to give: a
   * newer request of a `latest` kind replaced it (KINDS), or the engine failed while computing it.
   * @template {Kind} K
   * @param {K} kind @param {string} text
   * @returns {Promise<Answers[K] | null>}
   */
  request(kind, text) {
    return new Promise((resolve) => {
      if (KINDS[kind].latest) {
        const older = this.waiting.findIndex((job) => job.kind === kind);
        if (older >= 0) this.waiting.splice(older, 1)[0].resolve(null);
      }
      this.waiting.push({ kind, text, resolve });
      this.pump();
      this.waitingChanged();
    });
  }

  /**
   * The visitor types what asks the engine nothing yet (the paste box, a filter): said to the worker at most
   * once a TYPING_SAY_MS, so that it puts off the snapshot it makes once the page is quiet (worker.mjs).
   */
  typing() {
    const now = Date.now();
    if (!this.ready || now - this.typedAt < TYPING_SAY_MS) return;
    this.typedAt = now;
    this.send({ type: "typing" });
  }

  /** Whether this calculator's requests wait behind another's: said once they have for BUSY_SAY_MS
   * (onBusy), unsaid as soon as they do not. */
  waitingChanged() {
    const waits = this.othersBusy && (this.sent.size > 0 || this.waiting.length > 0);
    if (waits) {
      this.busyTimer ??= setTimeout(() => {
        this.saidBusy = true;
        this.onBusy(true);
      }, BUSY_SAY_MS);
      return;
    }
    clearTimeout(this.busyTimer);
    this.busyTimer = undefined;
    if (this.saidBusy) {
      this.saidBusy = false;
      this.onBusy(false);
    }
  }

  /** Send what may go now: everything waiting, but of a `latest` kind only while none of it is sent. */
  pump() {
    if (!this.ready || !this.channel) return;
    const busy = new Set([...this.sent.values()].map((job) => job.kind).filter((kind) => KINDS[kind].latest));
    this.waiting = this.waiting.filter((job) => {
      if (busy.has(job.kind)) return true;
      const id = this.nextId++;
      this.sent.set(id, job);
      if (KINDS[job.kind].latest) busy.add(job.kind);
      this.send({ type: "request", kind: job.kind, id, text: job.text });
      return false;
    });
  }

  /** @param {import("./protocol.js").ToEngine} message */
  send(message) {
    this.channel?.post(message);
  }

  /** @param {any} message what the worker says (protocol.js FromEngine), checked here */
  receive(message) {
    if (!message || typeof message !== "object") return;
    switch (message.type) {
      case "progress": {
        const { loaded, total } = message;
        const bytes = Number.isFinite(loaded) && Number.isFinite(total) && total > 0 ? { loaded, total } : {};
        this.loading({ state: "loading", stage: String(message.stage), ...bytes });
        break;
      }
      case "log": // where Python started from, what became of its snapshot (snapshot.js): for whoever debugs,
        // in the console and as a performance mark a test or a benchmark reads in any engine
        console.debug(`elo-core engine: ${String(message.text)}`);
        try {
          performance.mark(ENGINE_LOG, { detail: String(message.text) });
        } catch { /* an engine without marks' details: the console has it */ }
        break;
      case "abandoned": // another calculator gave up on the shared boot (Retry): so does this one
        this.start();
        break;
      case "busy":
      case "idle":
        this.othersBusy = message.type === "busy";
        this.waitingChanged();
        break;
      case "ready":
        clearTimeout(this.watch);
        this.ready = true;
        this.onStatus({ state: "ready" });
        this.pump();
        break;
      case "result":
        this.answered(message.id, message.response);
        break;
      case "error":
        this.failed(message.id, message.error);
        break;
    }
  }

  /** Python's answer to the request sent with `id`. @param {unknown} id @param {string} response */
  answered(id, response) {
    const job = this.sent.get(/** @type {number} */ (id));
    if (!job) return;
    this.sent.delete(/** @type {number} */ (id));
    const { latest, read } = KINDS[job.kind];
    // A newer request of the kind is waiting: this answer is already out of date.
    const stale = latest && this.waiting.some((other) => other.kind === job.kind);
    job.resolve(stale ? null : read(JSON.parse(response)));
    this.pump();
    this.waitingChanged();
  }

  /**
   * A failure the worker reports: of its boot (no id: a browser too old for Pyodide's code, or a
   * download or start that failed), or of a request. Python answers every request itself, its own
   * failures included (elo_core's `internal` error); a request that got no answer from Python (the
   * bridge raised, the interpreter died) is the engine failing: it stops, with Retry, and the request
   * resolves null instead of being sent again to the next worker.
   * @param {unknown} id @param {import("./protocol.js").PlainError | undefined} error
   */
  failed(id, error) {
    const detail = error?.message ?? "";
    if (id === undefined) {
      this.fail(error?.name === "SyntaxError" ? "old" : "load", detail);
      return;
    }
    const job = this.sent.get(/** @type {number} */ (id));
    if (!job) return;
    this.sent.delete(/** @type {number} */ (id));
    job.resolve(null);
    // The views' Python not fetched (worker.mjs withViews) is no crash: the site was updated under the page, or
    // the network is gone.
    this.fail(error?.name === "ViewsGone" ? "updated" : error?.name === "ViewsUnreachable" ? "load" : "crash", detail);
  }
}
