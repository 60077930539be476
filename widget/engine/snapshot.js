// Python's memory snapshot, kept by the visitor's own browser: a returning visit starts Python from
// it (Pyodide's `_loadSnapshot`) instead of running the interpreter's start and elo_core's imports
// again. worker.mjs makes it once the first result has shown and the calculator is idle
// (whenIdle), keeps it in Cache Storage (SnapshotStore) and reads it first thing on the next visit.
//
// What Pyodide requires of a snapshot (314.0.7, read in pyodide.asm.mjs: API.makeSnapshot,
// API.serializeHiwireState, syncUpSnapshotLoad2; tests/test_snapshot.py fails when an upgrade breaks
// one of them):
// 1. Only an interpreter started with `_makeSnapshot: true` can make one (its JS globals then come
//    through a proxy that records every object's path from globalThis).
// 2. The JavaScript values Python holds (its "hiwire" table) are checked. Slots 0 to 6 must hold what a
//    stock start holds there: null, globalThis, the pyodide module, its API, the API's
//    scheduleCallback, the API again and loadedPackages, which a stock start's event loop and package
//    loader take. Ours defer both (scripts/lazy_start.py), so the worker takes them itself first
//    thing (STOCK_SLOTS), before anything else gives Python a JavaScript value.
// 3. Every later slot holds null or something Python reached from globalThis, whose path is kept and
//    followed again on load. A value handed to Python by a call from JavaScript has no path (and such
//    a call leaves an `undefined` behind in the table, which no snapshot takes): so the worker's
//    synchronous reader, which _lazy_stdlib keeps, is a global of the worker that Python imports from
//    `js` (REST_OF_STDLIB). Anything else and the snapshot is refused (logged, not kept).
// 4. Only memory is in the snapshot, not the file system: a start from it still fetches the standard
//    library (stdLibURL) and the worker writes elo_core.zip at the same path again (the zip importers
//    in memory read it by path). The rest of the standard library is fetched again when first needed
//    (scripts/lazy_stdlib.py looks for its file, not a flag).
// 5. The snapshot holds pyodide.asm.wasm's build id, checked when it is loaded: another Pyodide's
//    snapshot is an error, and the worker starts as it would without one.
// 6. Pyodide restores the memory by copying the snapshot's image whole (API.restoreSnapshot:
//    `HEAP8.set(t.subarray(r))`, r the image's offset) into the memory of a fresh instance, once its
//    start-up code has run. PagedSnapshot takes that call to write the kept pages straight into the
//    memory instead, and first grows the memory where the snapshot's is larger than a fresh one's (a
//    first visit whose Python grew: Pyodide's copy would not fit, and every later visit would fail).
// 7. A snapshot that loads may still hold memory that is not what Python made (its sha256 is of the bytes kept,
//    whatever they are: a page zeroed before they were packed loads, and answers wrong). The first visit's Python
//    answers CANARY just before the snapshot is made, and a summary of its answers is kept beside it
//    (`x-answers`); a returning visit's Python answers the same once restored, before any request, and a
//    snapshot whose Python answers otherwise is dropped for a normal start.
// The key names the engine's folder, Pyodide's and the worker's (each changes with its bytes), so a
// new build never reads an old build's snapshot; finding none for its own, it drops every other.

import { sha256 } from "./worker-core.js";

/** The cache the snapshot is kept in (not the service worker's: its activation drops caches of its prefix). */
export const SNAPSHOT_CACHE = "elo-core-python";

/** Python that takes, and holds for good, the JavaScript values a stock start holds in slots 3 to 6 (rule 2). */
export const STOCK_SLOTS = "from pyodide_js._api import scheduleCallback as _stock_slot_4\nfrom pyodide_js import loadedPackages as _stock_slot_6";

/** A FIDE request (the bridge's `calculate`: a junior's period of three games), answered by Python before its
 * snapshot is made and after a restore (rule 7). One system's, the calculator's first: the WebAssembly's functions
 * are compiled on their first call, and a request of each of the eight took 24-180 ms of a returning visit here
 * (a loaded machine), this one 26-55 ms, most of which the visitor's own first request then need not pay. */
export const CANARY = [JSON.stringify({ system: "fide", rating: 1850, period: "2026-03", player: { junior: true },
  games: [{ opponent: 2050, score: 1 }, { opponent: 1700, score: 0.5 }, { opponent: 2500, score: 0 }] })];

/** The summary of Python's answers to CANARY that a snapshot keeps (rule 7): FNV-1a of their text, a check of
 * memory, not of an attacker (sha256 is not there in an insecure context). @param {string[]} answers */
export function answersKey(answers) {
  let hash = 0x811c9dc5;
  const text = answers.join("\n");
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(16)}-${text.length}`;
}

/** Whether a restored Python answers CANARY as the Python its snapshot was made of (`asMade`, answersKey): one that
 * fails to answer at all (its memory wrong where Python traps or raises) is as wrong, and is dropped too; thrown,
 * the boot failed, and every Retry and visit restored the same snapshot (rv84).
 * @param {() => string} answers its Python's answers, summed up (answersKey) @param {string | undefined} asMade */
export function answersAsMade(answers, asMade) {
  try {
    return answers() === asMade;
  } catch {
    return false;
  }
}

/** The worker's global that holds its synchronous reader, for Python to take by its path (rule 3). */
export const READER = "eloCoreReadNow";

/**
 * Python that lets the rest of the standard library be imported, fetched from `url` by READER when
 * first needed (scripts/lazy_stdlib.py). @param {string} url
 */
export function restOfStdlib(url) {
  return `import _lazy_stdlib\nfrom js import ${READER}\n_lazy_stdlib.install(${JSON.stringify(url)}, ${READER})\ndel ${READER}`;
}

/**
 * Quiet for this long after a request, the worker makes the snapshot: never while the visitor types,
 * and not for a visit that ends at once (making it takes some 60 ms of the worker's time and 9 MB of
 * disk). The browser tests seldom stay that long: three of their files took 87 s with 2 s here, 75 s with
 * 5 s, as with no snapshot at all.
 */
export const IDLE_MS = 5000;

/** The bytes a snapshot needs free beyond its own, in the origin's quota: else it is not made. */
export const HEADROOM = 4;

/**
 * Where the snapshot of this build is kept: a URL under the engine's folder, naming Pyodide's and
 * the worker's too (each path carries its content's hash).
 * @param {{engine: string, pyodide: string, worker: string}} folders absolute URLs
 */
export function snapshotKey({ engine, pyodide, worker }) {
  const key = new URL("python.snapshot", engine);
  key.searchParams.set("pyodide", new URL(pyodide).pathname);
  key.searchParams.set("worker", new URL(worker).pathname);
  return key.href;
}

// A snapshot is some 31 MB, most of it pages of zeros (memory Python has not used): kept as the pages
// that are not, 9 MB. Packing takes some 20 ms, and writing the kept pages back into memory
// (PagedSnapshot) some 9; gzip (CompressionStream) made 3 MB but took 313 ms to pack and 200-235 ms to
// unpack (Node, the same snapshot, measured once), more than the start it saves.
const PAGE = 4096;
const MAGIC = 0x534f4c45; // "ELOS"
const HEAD = 16;

/**
 * The snapshot's pages that hold something, after a header and a map of which they are.
 * @param {Uint8Array} bytes @returns {Uint8Array<ArrayBuffer>}
 */
export function packPages(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const used = new Uint8Array(pages);
  // Four bytes at a time where they are aligned (a snapshot's are): 17 ms for 31 MB, not 60.
  const words = bytes.byteOffset % 4 ? null : new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  let count = 0;
  for (let p = 0; p < pages; p++) {
    const start = p * PAGE;
    const end = Math.min(start + PAGE, bytes.length);
    let i = start;
    if (words) for (let w = start >> 2; w < end >> 2 && !words[w]; w++) i = (w + 1) << 2;
    while (i < end && !bytes[i]) i++;
    if (i < end) {
      used[p] = 1;
      count++;
    }
  }
  const out = new Uint8Array(HEAD + pages + count * PAGE);
  new Uint32Array(out.buffer, 0, 4).set([MAGIC, bytes.length, PAGE, count]);
  out.set(used, HEAD);
  let at = HEAD + pages;
  for (let p = 0; p < pages; p++) {
    if (!used[p]) continue;
    out.set(bytes.subarray(p * PAGE, Math.min((p + 1) * PAGE, bytes.length)), at);
    at += PAGE;
  }
  return out;
}

/**
 * The snapshot packPages packed, or an error for bytes that are not one.
 * @param {Uint8Array} packed @returns {Uint8Array}
 */
export function unpackPages(packed) {
  const [length, pages] = packedHead(packed);
  const out = new Uint8Array(length);
  eachPage(packed, pages, (p, at) => out.set(packed.subarray(at, at + Math.min(PAGE, length - p * PAGE)), p * PAGE));
  return out;
}

/**
 * Calls `each` for every page a packed snapshot keeps, with its place in `packed`.
 * @param {Uint8Array} packed @param {number} pages @param {(page: number, at: number) => void} each
 */
function eachPage(packed, pages, each) {
  let at = HEAD + pages;
  for (let page = 0; page < pages; page++) {
    if (!packed[HEAD + page]) continue;
    each(page, at);
    at += PAGE;
  }
}

/**
 * A packed snapshot (packPages) for `_loadSnapshot`, restored straight into Python's memory (rule 6):
 * not unpacked into 31 MB first and copied again, 50 ms of the worker's thread on a returning visit
 * (bench/threads.py: unpackPages 18 ms, Pyodide's copy 34 ms), and it grows the memory where needed.
 * `instantiated` must hear of the WebAssembly instance Pyodide starts (worker.mjs); `restored` says
 * whether Pyodide then took the memory through it.
 */
export class PagedSnapshot {
  /** @param {Uint8Array} packed packPages's bytes (an error for bytes that are not) */
  constructor(packed) {
    const [length, pages] = packedHead(packed);
    this.packed = packed;
    this.length = length; // the snapshot's, unpacked
    this.pages = pages;
    // Pyodide's header: its magic number, then the offset of the memory's image (API.makeSnapshot).
    if (!packed[HEAD]) throw new Error("a packed snapshot without its header");
    this.image = new DataView(packed.buffer, packed.byteOffset + HEAD + pages + 4, 4).getUint32(0, true);
    if (this.image > length) throw new Error("a packed snapshot with a wrong header");
    /** @type {WebAssembly.Memory | null} */
    this.memory = null;
    this.refused = "";
    this.restored = false;
    /** What its Python answered to CANARY as it was made (answersKey; "" when not kept). */
    this.answers = "";
  }

  /** The snapshot as Pyodide made it (tests). */
  bytes() {
    return unpackPages(this.packed);
  }

  /**
   * The instance whose memory the snapshot goes to, grown to hold the snapshot's image. Never throws: a
   * memory that cannot grow (a device short of memory) fails the restore instead (write), which the worker
   * then drops for a normal start; thrown here, inside Pyodide's instantiation, it would fail the boot itself.
   * @param {WebAssembly.Instance} instance
   */
  instantiated(instance) {
    const memory = /** @type {WebAssembly.Memory} */ (instance.exports.memory);
    try {
      const short = this.length - this.image - memory.buffer.byteLength;
      if (short > 0) memory.grow(Math.ceil(short / 65536));
      this.memory = memory;
    } catch (err) {
      this.refused = `the memory could not grow to the snapshot's ${this.length} bytes (${String(err)})`;
    }
  }

  /** What `_loadSnapshot` takes: Pyodide's header, whose image is written into the memory when Pyodide asks for it. */
  forPyodide() {
    const header = new Uint8Array(Math.ceil(this.image / PAGE) * PAGE);
    eachPage(this.packed, this.pages, (page, at) => {
      if (page * PAGE < this.image) header.set(this.packed.subarray(at, at + PAGE), page * PAGE);
    });
    const snapshot = this;
    class Restoring extends Uint8Array {
      /** @param {number} begin @param {number} [end] */
      subarray(begin, end) {
        if (begin === snapshot.image && end === undefined) {
          snapshot.write();
          return new Uint8Array(0); // what Pyodide then copies: nothing more
        }
        return new Uint8Array(this.buffer, this.byteOffset + begin, (end ?? this.length) - begin);
      }
    }
    return new Restoring(header.buffer, 0, this.image);
  }

  /** The image into the memory: the kept pages, and zeros wherever a fresh instance's start-up wrote. */
  write() {
    if (!this.memory) throw new Error(this.refused || "the snapshot's memory is not known: instantiated() was not told");
    const memory = new Uint8Array(this.memory.buffer);
    let zeroFrom = 0; // the image's offsets: the snapshot's less this.image
    eachPage(this.packed, this.pages, (page, at) => {
      const from = Math.max(page * PAGE, this.image) - this.image;
      const to = Math.min((page + 1) * PAGE, this.length) - this.image;
      if (to <= 0) return;
      memory.fill(0, zeroFrom, from);
      memory.set(this.packed.subarray(at + from + this.image - page * PAGE, at + to + this.image - page * PAGE), from);
      zeroFrom = to;
    });
    memory.fill(0, zeroFrom, this.length - this.image);
    this.restored = true;
  }
}

/** A packed snapshot's length and pages, or an error. @param {Uint8Array} packed */
function packedHead(packed) {
  const head = packed.length >= HEAD ? new Uint32Array(packed.buffer.slice(packed.byteOffset, packed.byteOffset + HEAD)) : null;
  if (!head || head[0] !== MAGIC || head[2] !== PAGE) throw new Error("not a packed snapshot");
  const [, length, , count] = head;
  const pages = Math.ceil(length / PAGE);
  if (packed.length !== HEAD + pages + count * PAGE) throw new Error("a packed snapshot of the wrong size");
  return [length, pages];
}

/**
 * The snapshot's place in Cache Storage, under one key per build. Everything here fails quietly into
 * "none" (logged): no Cache Storage (a page on plain http, a browser that refuses storage in a private
 * window or a frame of another site), a refusal, a damaged copy (its sha256, kept beside it, differs),
 * a full disk. The worker then starts as it would without.
 */
export class SnapshotStore {
  /**
   * @param {string} key snapshotKey()
   * @param {(text: string) => void} log
   * @param {{caches?: CacheStorage, storage?: StorageManager}} [where] only tests replace them
   */
  constructor(key, log, { caches = globalThis.caches, storage = globalThis.navigator?.storage } = {}) {
    this.key = key;
    this.log = log;
    this.caches = caches;
    this.storage = storage;
  }

  /** The cache, or null where storage is refused. @returns {Promise<Cache | null>} */
  async open() {
    if (!this.caches || !globalThis.crypto?.subtle) {
      this.log("no snapshot: this page has no Cache Storage (storage refused, or not a secure context)");
      return null;
    }
    try {
      return await this.caches.open(SNAPSHOT_CACHE);
    } catch (err) {
      this.log(`no snapshot: storage refused (${String(err)})`);
      return null;
    }
  }

  /**
   * This build's snapshot as kept, or null (another build's are dropped then): a lookup, quick when the
   * storage is not busy; `load` reads it. @returns {Promise<Response | null>}
   */
  async find() {
    const cache = await this.open();
    if (!cache) return null;
    try {
      const response = await cache.match(this.key);
      if (response) return response;
      await this.dropOthers(cache); // a first visit, or a new build: another build's goes
      this.log("this build has no snapshot yet");
    } catch (err) {
      this.log(`no snapshot: storage refused (${String(err)})`);
    }
    return null;
  }

  /** Drops the snapshots kept under another key than this build's. @param {Cache} cache */
  async dropOthers(cache) {
    for (const request of await cache.keys()) {
      if (request.url === this.key) continue;
      await cache.delete(request);
      this.log(`dropped the snapshot of another build (${request.url})`);
    }
  }

  /**
   * The snapshot `find` found, checked, or null (a damaged one is dropped).
   * @param {Response} response @returns {Promise<PagedSnapshot | null>}
   */
  async load(response) {
    try {
      const packed = new Uint8Array(await response.arrayBuffer());
      if ((await sha256(packed)) !== response.headers.get("x-sha256")) throw new Error("its sha256 differs");
      return Object.assign(new PagedSnapshot(packed), { answers: response.headers.get("x-answers") ?? "" });
    } catch (err) {
      this.log(`the kept snapshot is not used: ${err instanceof Error ? err.message : String(err)}`);
      await this.drop();
      return null;
    }
  }

  /** This build's snapshot, checked, or null (find, then load). @returns {Promise<PagedSnapshot | null>} */
  async read() {
    const response = await this.find();
    return response && this.load(response);
  }

  /**
   * Whether a snapshot of `bytes` may be made: storage is there, and has HEADROOM times as much free.
   * @param {number} bytes
   */
  async room(bytes) {
    if (!(await this.open())) return false;
    try {
      const estimate = await this.storage?.estimate?.();
      if (estimate?.quota !== undefined && estimate.quota - (estimate.usage ?? 0) < HEADROOM * bytes) {
        this.log(`no snapshot: storage nearly full (${estimate.usage} of ${estimate.quota} bytes used)`);
        return false;
      }
    } catch { /* no estimate: a full disk still refuses the put, below */ }
    return true;
  }

  /** Keeps `snapshot` for the next visit (a full disk refuses it: logged), with its Python's answers to CANARY
   * (answersKey). @param {Uint8Array} snapshot @param {string} answers */
  async keep(snapshot, answers) {
    const cache = await this.open();
    if (!cache) return false;
    const packed = packPages(snapshot);
    try {
      const hash = await sha256(packed);
      await cache.put(this.key, new Response(packed, {
        headers: { "content-type": "application/octet-stream", "x-sha256": hash, "x-snapshot-bytes": String(snapshot.length),
          "x-answers": answers },
      }));
      this.log(`snapshot kept: ${snapshot.length} bytes, ${packed.length} stored`);
      // Only the latest kept stays: a tab of the last build, still open, kept its own after this build's lookup,
      // and each such rebuild left 9 MB for good (a hostile pass). Its lookup then finds none and makes this one's.
      await this.dropOthers(cache);
      return true;
    } catch (err) {
      this.log(`no snapshot: it could not be stored (${String(err)})`);
      await this.drop();
      return false;
    }
  }

  async drop() {
    try {
      await (await this.caches?.open(SNAPSHOT_CACHE))?.delete(this.key);
    } catch { /* nothing kept, then */ }
  }
}

/**
 * `action`, run once, when `touch` has not been called for `ms` since its last call (the first call
 * starts the wait: the first result has shown). @param {number} ms @param {() => void} action
 */
export function whenIdle(ms, action) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let done = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      done = true;
      action();
    }, ms);
  };
  const idle = () => {
    if (!done) arm();
  };
  // Puts a waiting action off by `ms` again (the visitor types what asks nothing yet), and starts none.
  idle.postpone = () => {
    if (!done && timer !== undefined) arm();
  };
  return idle;
}
