// snapshot.js: the snapshot's packing, its place in Cache Storage (a fake one) and the idle wait.
import assert from "node:assert/strict";
import { test } from "node:test";
import { answersAsMade, answersKey, CANARY, HEADROOM, packPages, PagedSnapshot, SNAPSHOT_CACHE, SnapshotStore, snapshotKey, unpackPages, whenIdle } from "../../widget/engine/snapshot.js";

/** Bytes like a snapshot's: mostly zero pages, some not, and a short last page. */
function snapshotLike(length = 4096 * 9 + 123) {
  const bytes = new Uint8Array(length);
  for (const at of [0, 4095, 4096 * 3 + 17, 4096 * 7, length - 1]) bytes[at] = (at % 250) + 1;
  return bytes;
}

test("packing keeps only the pages that hold something, and unpacks to the same bytes", () => {
  const bytes = snapshotLike();
  const packed = packPages(bytes);
  assert.equal(packed.length, 16 + 10 + 4 * 4096); // header, the map of 10 pages, 4 pages used
  assert.deepEqual(unpackPages(packed), bytes);
  const offset = new Uint8Array(bytes.length + 1).subarray(1); // not on a word boundary
  offset.set(bytes);
  assert.deepEqual(unpackPages(packPages(offset)), bytes);
  assert.deepEqual(unpackPages(packPages(new Uint8Array(0))), new Uint8Array(0));
});

/**
 * A snapshot as Pyodide makes one (API.makeSnapshot): its magic number, the offset of the memory's image
 * (not on a page boundary), the header's text, then `memory` bytes of image with some pages used.
 */
function pyodideLike(memory = 4 * 65536, image = 4096 + 48) {
  const bytes = new Uint8Array(image + memory);
  new Uint32Array(bytes.buffer, 0, 3).set([1886286592, image, 10]);
  bytes.set(new TextEncoder().encode('{"a": 1}'), 48);
  for (const at of [0, 1, 4095, 4096, 5000, 65536 * 2 + 7, memory - 1]) bytes[image + at] = (at % 200) + 1;
  return bytes;
}

/** What Pyodide 314.0.7's API.restoreSnapshot does with `_loadSnapshot`'s bytes. @param {Uint8Array} t @param {Uint8Array} heap */
function restoreAsPyodide(t, heap) {
  const e = new Uint32Array(t.buffer, t.byteOffset, t.byteLength / 4);
  const [r, n] = [e[1], e[2]];
  const text = new TextDecoder().decode(t.subarray(48, 48 + n));
  heap.set(t.subarray(r));
  return text;
}

/** A fresh instance's memory, `pages` of 64 KiB, with what its start-up code wrote here and there. */
function freshInstance(pages = 4) {
  const memory = new WebAssembly.Memory({ initial: pages, maximum: 64 });
  new Uint8Array(memory.buffer).fill(7, 100, 9000); // data, and what constructors wrote
  new Uint8Array(memory.buffer).fill(9, 65536 * 3, 65536 * 3 + 50);
  return { exports: { memory } };
}

test("a paged snapshot restores the memory Pyodide's own copy would, with no 31 MB copy made", () => {
  const bytes = pyodideLike();
  const expected = freshInstance();
  assert.equal(restoreAsPyodide(bytes, new Uint8Array(expected.exports.memory.buffer)), '{"a": 1}\0\0');
  const snapshot = new PagedSnapshot(packPages(bytes));
  const instance = freshInstance();
  snapshot.instantiated(instance);
  assert.equal(snapshot.restored, false);
  assert.equal(restoreAsPyodide(snapshot.forPyodide(), new Uint8Array(instance.exports.memory.buffer)), '{"a": 1}\0\0');
  assert.equal(snapshot.restored, true);
  assert.deepEqual(new Uint8Array(instance.exports.memory.buffer), new Uint8Array(expected.exports.memory.buffer));
  assert.deepEqual(snapshot.bytes(), bytes);
});

test("the memory grows to a snapshot whose Python grew, where Pyodide's own copy does not fit", () => {
  const bytes = pyodideLike(7 * 65536);
  const small = freshInstance(4);
  assert.throws(() => restoreAsPyodide(bytes, new Uint8Array(small.exports.memory.buffer)), RangeError);
  const snapshot = new PagedSnapshot(packPages(bytes));
  const instance = freshInstance(4);
  snapshot.instantiated(instance);
  restoreAsPyodide(snapshot.forPyodide(), new Uint8Array(instance.exports.memory.buffer));
  assert.deepEqual(new Uint8Array(instance.exports.memory.buffer), bytes.subarray(4096 + 48));
});

test("a memory that cannot grow to the snapshot fails its restore, not the instantiation", () => {
  const snapshot = new PagedSnapshot(packPages(pyodideLike(7 * 65536)));
  const memory = new WebAssembly.Memory({ initial: 4, maximum: 5 });
  snapshot.instantiated({ exports: { memory } }); // inside Pyodide's instantiation: must not throw
  assert.throws(() => restoreAsPyodide(snapshot.forPyodide(), new Uint8Array(memory.buffer)), /could not grow to the snapshot's/);
  assert.equal(snapshot.restored, false);
});

test("a paged snapshot not told of its memory says so, rather than leave it unrestored", () => {
  const snapshot = new PagedSnapshot(packPages(pyodideLike()));
  assert.throws(() => restoreAsPyodide(snapshot.forPyodide(), new Uint8Array(65536 * 4)), /instantiated\(\) was not told/);
  assert.throws(() => new PagedSnapshot(packPages(new Uint8Array(4096 * 3))), /without its header/);
});

test("bytes that are not a packed snapshot, or cut short, are refused", () => {
  assert.throws(() => unpackPages(new Uint8Array(100)), /not a packed snapshot/);
  assert.throws(() => unpackPages(new Uint8Array(3)), /not a packed snapshot/);
  const packed = packPages(snapshotLike());
  assert.throws(() => unpackPages(packed.subarray(0, packed.length - 1)), /wrong size/);
});

test("the key names the engine's, Pyodide's and the worker's folders, so any rebuild has another", () => {
  const folders = { engine: "https://club.example/static/aaa/", pyodide: "https://club.example/static/pyodide/314-x/", worker: "https://club.example/static/bbb/engine/worker.mjs?fresh" };
  const key = snapshotKey(folders);
  assert.ok(key.startsWith("https://club.example/static/aaa/python.snapshot?"));
  assert.ok(key.includes(encodeURIComponent("/static/bbb/engine/worker.mjs")) && !key.includes("fresh"));
  for (const [part, other] of [["engine", "https://club.example/static/ccc/"], ["pyodide", "https://club.example/static/pyodide/315-y/"],
    ["worker", "https://club.example/static/ddd/engine/worker.mjs"]]) {
    assert.notEqual(snapshotKey({ ...folders, [part]: other }), key, part);
  }
});

/** Cache Storage in memory; `refuse` makes open() fail as a private window's does. */
function fakeCaches({ refuse = false } = {}) {
  /** @type {Map<string, Map<string, {body: Uint8Array, headers: Headers}>>} */
  const stores = new Map();
  return {
    stores,
    async open(name) {
      if (refuse) throw new DOMException("The operation is insecure.", "SecurityError");
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name);
      return {
        async keys() { return [...store.keys()].map((url) => ({ url })); },
        async match(url) {
          const kept = store.get(url);
          return kept && new Response(kept.body.slice(), { headers: kept.headers });
        },
        async put(url, response) { store.set(url, { body: new Uint8Array(await response.arrayBuffer()), headers: response.headers }); },
        async delete(request) { return store.delete(typeof request === "string" ? request : request.url); },
      };
    },
  };
}

const KEY = "https://club.example/static/aaa/python.snapshot?pyodide=p&worker=w";
const roomy = { estimate: async () => ({ quota: 1e9, usage: 0 }) };

test("a kept snapshot is read back whole; another build's is dropped, and none is none", async () => {
  const caches = fakeCaches();
  const log = [];
  const store = new SnapshotStore(KEY, (t) => log.push(t), { caches, storage: roomy });
  assert.equal(await store.read(), null);
  const bytes = pyodideLike();
  assert.equal(await store.keep(bytes, "9e3a1c2f-5784"), true);
  const read = await store.read();
  assert.deepEqual(read?.bytes(), bytes);
  assert.equal(read?.answers, "9e3a1c2f-5784"); // what its Python answered to the canary, kept beside it (rule 7)
  const next = new SnapshotStore(KEY.replace("aaa", "ccc"), (t) => log.push(t), { caches, storage: roomy });
  assert.equal(await next.read(), null);
  assert.deepEqual([...caches.stores.get(SNAPSHOT_CACHE).keys()], []);
  assert.match(log.join("\n"), /dropped the snapshot of another build/);
});

test("a tab of the last build that keeps its snapshot after this build's lookup leaves no second one kept", async () => {
  // A hostile pass: the old tab's 9 MB stayed for good, one more at each rebuild that met an open tab.
  const caches = fakeCaches();
  const log = [];
  const old = new SnapshotStore(KEY, (t) => log.push(t), { caches, storage: roomy });
  const next = new SnapshotStore(KEY.replace("aaa", "ccc"), (t) => log.push(t), { caches, storage: roomy });
  assert.equal(await next.read(), null); // the new build's first visit: none kept yet, by either
  assert.equal(await old.keep(pyodideLike()), true); // the old tab, still open, keeps its own
  assert.equal(await next.keep(pyodideLike()), true);
  assert.deepEqual([...caches.stores.get(SNAPSHOT_CACHE).keys()], [KEY.replace("aaa", "ccc")]);
  assert.equal(await old.keep(pyodideLike()), true); // and the other way round: the latest kept stays alone
  assert.deepEqual([...caches.stores.get(SNAPSHOT_CACHE).keys()], [KEY]);
  assert.equal(await next.read(), null);
  assert.deepEqual([...caches.stores.get(SNAPSHOT_CACHE).keys()], []);
});

test("a damaged snapshot (its sha256 differs) is not used, and is dropped", async () => {
  const caches = fakeCaches();
  const log = [];
  const store = new SnapshotStore(KEY, (t) => log.push(t), { caches, storage: roomy });
  await store.keep(pyodideLike());
  caches.stores.get(SNAPSHOT_CACHE).get(KEY).body[40] ^= 1;
  assert.equal(await store.read(), null);
  assert.match(log.at(-1), /not used: its sha256 differs/);
  assert.equal(caches.stores.get(SNAPSHOT_CACHE).size, 0);
});

test("refused or nearly full storage keeps nothing, and says why", async () => {
  const log = [];
  const refused = new SnapshotStore(KEY, (t) => log.push(t), { caches: fakeCaches({ refuse: true }), storage: roomy });
  assert.equal(await refused.keep(snapshotLike()), false);
  assert.equal(await refused.read(), null);
  assert.match(log[0], /storage refused \(SecurityError/);
  const none = new SnapshotStore(KEY, (t) => log.push(t), { caches: undefined, storage: roomy });
  assert.equal(await none.read(), null);
  assert.match(log.at(-1), /no Cache Storage/);
  const caches = fakeCaches();
  const packed = packPages(snapshotLike()).length;
  const full = new SnapshotStore(KEY, (t) => log.push(t), { caches, storage: { estimate: async () => ({ quota: 1e6, usage: 1e6 - HEADROOM * packed + 1 }) } });
  assert.equal(await full.room(packed), false);
  assert.match(log.at(-1), /storage nearly full/);
  assert.equal(await full.room(packed - 1), true);
  assert.equal(await refused.room(1), false);
});

// The idle wait on the test runner's own clock (mock.timers): on a busy 2-core machine a real 20 ms wait ran past the
// 30 ms one it was to stay within, and the snapshot was "made" mid-typing in CI.
test("the idle wait runs once, only after a quiet spell since the last touch", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let runs = 0;
  const touch = whenIdle(30, () => runs++);
  touch();
  t.mock.timers.tick(15);
  touch(); // typed again: the wait starts over
  t.mock.timers.tick(20);
  assert.equal(runs, 0);
  t.mock.timers.tick(30);
  assert.equal(runs, 1);
  touch();
  t.mock.timers.tick(50);
  assert.equal(runs, 1);
});

test("typing that asks nothing puts a waiting snapshot off, and starts none before the first result", (t) => {
  // A hostile pass: typing into the paste box sent no request, and the snapshot was made mid-typing.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let runs = 0;
  const touch = whenIdle(30, () => runs++);
  touch.postpone(); // typed before any result: no wait starts
  t.mock.timers.tick(45);
  assert.equal(runs, 0);
  touch(); // the first result
  t.mock.timers.tick(20);
  touch.postpone(); // typing in the paste box
  t.mock.timers.tick(20);
  touch.postpone();
  t.mock.timers.tick(20);
  assert.equal(runs, 0);
  t.mock.timers.tick(30);
  assert.equal(runs, 1);
  touch.postpone();
  t.mock.timers.tick(45);
  assert.equal(runs, 1);
});

test("a restored Python that answers the canary otherwise, or cannot answer it, is not the Python the snapshot was made of (rule 7)", () => {
  const asMade = answersKey(["{\"ok\": true}"]);
  assert.equal(answersAsMade(() => answersKey(["{\"ok\": true}"]), asMade), true);
  assert.equal(answersAsMade(() => answersKey(["{\"ok\": false}"]), asMade), false);
  assert.equal(answersAsMade(() => answersKey(["{\"ok\": true}"]), undefined), false); // a snapshot kept with no summary
  // Python that traps or raises (its memory wrong where the canary runs): false, never a throw that fails the boot
  // (rv84: every Retry and visit restored the same snapshot).
  assert.equal(answersAsMade(() => { throw new Error("RuntimeError: unreachable"); }, asMade), false);
  assert.equal(CANARY.every((text) => JSON.parse(text).system === "fide"), true);
});
