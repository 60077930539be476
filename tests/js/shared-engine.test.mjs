// shared-engine.js: one boot for every port, answers to the port that asked, and the page's fallback
// from a SharedWorker to a worker of its own (no SharedWorker, a constructor that throws, a refusal).
import assert from "node:assert/strict";
import { test } from "node:test";
import { SHARED_SILENCE_MS, engineWorker, serveShared, sharedChannel, workerChannel } from "../../widget/engine/shared-engine.js";

/** A MessagePort stand-in: records what is posted and whether it was closed. */
class FakePort {
  constructor() {
    this.sent = [];
    this.closed = false;
    this.onmessage = null;
    this.onmessageerror = null;
  }
  postMessage(message) { this.sent.push(message); }
  close() { this.closed = true; }
}

const tick = () => new Promise((resolve) => setTimeout(resolve));

test("the interpreter boots once for two ports, and each answer goes to the port that asked", async () => {
  let boots = 0;
  /** @type {(b: object) => void} */
  let finish = () => {};
  const connect = serveShared((progress) => {
    boots++;
    progress("runtime");
    return new Promise((resolve) => { finish = resolve; });
  }, () => assert.fail("closed"));
  const [a, b] = [new FakePort(), new FakePort()];
  connect({ ports: [a] });
  connect({ ports: [b] }); // a late frame hears the current stage at once
  finish({ calculate: (text) => `calculated ${text}`, parse: (text) => `parsed ${text}` });
  await tick();
  a.onmessage({ data: { type: "request", kind: "calculate", id: 1, text: "A" } });
  b.onmessage({ data: { type: "request", kind: "parse", id: 1, text: "B" } });
  assert.equal(boots, 1);
  // (Each hears the other's request computing: busy, then idle.)
  const [busy, idle] = [{ type: "busy" }, { type: "idle" }];
  assert.deepEqual(a.sent, [{ type: "progress", stage: "runtime" }, { type: "ready" }, { type: "result", id: 1, response: "calculated A" }, busy, idle]);
  assert.deepEqual(b.sent, [{ type: "progress", stage: "runtime" }, { type: "ready" }, busy, idle, { type: "result", id: 1, response: "parsed B" }]);
});

test("a failed boot is reported to every port, then the shared worker closes", async () => {
  let closed = false;
  const connect = serveShared(() => Promise.reject(new Error("no wasm")), () => { closed = true; });
  const [a, b] = [new FakePort(), new FakePort()];
  connect({ ports: [a] });
  connect({ ports: [b] });
  await tick();
  await tick();
  const failed = { type: "error", error: { name: "Error", message: "no wasm" } };
  assert.deepEqual([a.sent, b.sent, closed], [[failed], [failed], true]);
});

/** A SharedWorker stand-in with its port; `refuse()` fires its error event, as a blocked one does. */
class FakeShared {
  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.port = new FakePort();
    this.onerror = null;
    FakeShared.made.push(this);
  }
  refuse() {
    const event = { message: undefined, preventDefault() { this.prevented = true; } };
    this.onerror(event);
    return event;
  }
}
FakeShared.made = [];

class FakeWorker extends FakePort {
  constructor(url, options) {
    super();
    Object.assign(this, { url, options, onerror: null, terminated: false });
    FakeWorker.made.push(this);
  }
  terminate() { this.terminated = true; }
}
FakeWorker.made = [];

/** A listener that hears nothing it is told, and a request to send. */
const deaf = { message() {}, failed() {}, unreadable() {} };
const REQUEST = { type: "request", kind: "calculate", id: 1, text: "{}" };

/** A listener that writes down what it hears. */
function ears() {
  const heard = [];
  return { heard, message: (data) => heard.push(data), failed: (text) => heard.push(`failed: ${text}`), unreadable: () => heard.push("unreadable") };
}

function fresh() {
  FakeShared.made = [];
  FakeWorker.made = [];
}

test("the first start joins the shared interpreter; a retry abandons it and gets a fresh worker of its own", () => {
  fresh();
  const open = engineWorker(new URL("https://w.example/worker.mjs"), { shared: FakeShared, dedicated: FakeWorker });
  const first = open(deaf);
  first.post(REQUEST);
  first.close();
  open(deaf);
  assert.equal(FakeShared.made.length, 1);
  assert.deepEqual(FakeShared.made[0].options, { type: "module", name: "elo-core" });
  assert.deepEqual([FakeShared.made[0].port.sent, FakeShared.made[0].port.closed],
    [[REQUEST, { type: "abandon" }], true]);
  assert.deepEqual(FakeWorker.made.map((w) => String(w.url)), ["https://w.example/worker.mjs?fresh="]);
});

test("a boot abandoned by one port ends for every port, and the shared worker closes", async () => {
  let closed = false;
  const connect = serveShared(() => new Promise(() => {}), () => { closed = true; }); // stalled for good
  const [a, b, c] = [new FakePort(), new FakePort(), new FakePort()];
  for (const port of [a, b, c]) connect({ ports: [port] });
  a.onmessage({ data: { type: "abandon" } });
  assert.deepEqual([a.sent, b.sent, c.sent, closed], [[], [{ type: "abandoned" }], [{ type: "abandoned" }], true]);
});

test("a ready interpreter is not abandoned: the other ports keep it", async () => {
  const connect = serveShared(async () => ({ calculate: (t) => t, parse: (t) => t }), () => assert.fail("closed"));
  const [a, b] = [new FakePort(), new FakePort()];
  connect({ ports: [a] });
  connect({ ports: [b] });
  await tick();
  a.onmessage({ data: { type: "abandon" } });
  b.onmessage({ data: { type: "request", kind: "calculate", id: 1, text: "B" } });
  assert.deepEqual(b.sent, [{ type: "ready" }, { type: "result", id: 1, response: "B" }]);
});

test("without SharedWorker, or when its constructor throws, the page gets a worker of its own", () => {
  fresh();
  engineWorker(new URL("https://w.example/worker.mjs"), { shared: undefined, dedicated: FakeWorker })(deaf);
  const throwing = class { constructor() { throw new Error("SecurityError"); } };
  engineWorker(new URL("https://w.example/worker.mjs"), { shared: /** @type {any} */ (throwing), dedicated: FakeWorker })(deaf);
  assert.equal(FakeWorker.made.length, 2);
});

test("a SharedWorker refused before it says anything is replaced by a worker of its own, listener and all", () => {
  fresh();
  const listener = ears();
  const channel = engineWorker(new URL("https://w.example/worker.mjs"), { shared: FakeShared, dedicated: FakeWorker })(listener);
  const event = FakeShared.made[0].refuse(); // not the engine's error: nothing heard of it
  const own = FakeWorker.made[0];
  own.onmessage({ data: { type: "ready" } });
  channel.post(REQUEST);
  channel.close();
  assert.deepEqual([event.prevented, FakeShared.made[0].port.closed], [true, true]);
  assert.deepEqual([listener.heard, own.sent, own.terminated], [[{ type: "ready" }], [REQUEST], true]);
});

test("once the shared interpreter has spoken, its errors are the engine's", () => {
  const shared = new FakeShared("u", {});
  const listener = ears();
  sharedChannel(shared, () => assert.fail("no fallback once it has spoken"), listener);
  shared.port.onmessage({ data: { type: "progress", stage: "runtime" } });
  const event = shared.refuse();
  assert.deepEqual([listener.heard, event.prevented], [[{ type: "progress", stage: "runtime" }, "failed: "], true]);
});

test("a worker of its own tells the listener its messages, its failures (prevented) and unreadable messages", () => {
  const worker = new FakeWorker("u", {});
  const listener = ears();
  const channel = workerChannel(worker, listener);
  worker.onmessage({ data: { type: "ready" } });
  const event = { message: "Uncaught SyntaxError", preventDefault() { this.prevented = true; } };
  worker.onerror(event);
  worker.onmessageerror({});
  channel.post(REQUEST);
  channel.close();
  assert.deepEqual(listener.heard, [{ type: "ready" }, "failed: Uncaught SyntaxError", "unreadable"]);
  assert.deepEqual([event.prevented, worker.sent, worker.terminated], [true, [REQUEST], true]);
});

test("a shared interpreter silent for SHARED_SILENCE_MS (no message, no error event) is left for a worker of its own", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const shared = new FakeShared("u", {});
  const listener = ears();
  /** @type {FakeWorker[]} */
  const own = [];
  const channel = sharedChannel(shared, (l) => {
    const worker = new FakeWorker("u", {});
    own.push(worker);
    return workerChannel(worker, l);
  }, listener);
  t.mock.timers.tick(SHARED_SILENCE_MS - 1);
  assert.equal(own.length, 0);
  t.mock.timers.tick(1);
  // The silent one is told to give up (should its script run after all) and its port closed.
  assert.deepEqual([own.length, shared.port.sent, shared.port.closed], [1, [{ type: "abandon" }], true]);
  own[0].onerror({ message: "", preventDefault() {} });
  shared.refuse(); // a late error of the one left: not the engine's
  channel.post(REQUEST);
  assert.deepEqual([listener.heard, own[0].sent], [["failed: "], [REQUEST]]);
});

test("a shared interpreter that speaks in time is kept: no worker of its own", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const shared = new FakeShared("u", {});
  sharedChannel(shared, () => assert.fail("no fallback"), ears());
  shared.port.onmessage({ data: { type: "progress", stage: "runtime" } });
  t.mock.timers.tick(SHARED_SILENCE_MS * 2);
  assert.deepEqual(shared.port.closed, false);
});

test("while one port's request computes, every other port hears busy before it and idle after it", async () => {
  /** @type {FakePort[]} */
  let ports = [];
  const seen = [];
  const connect = serveShared(() => Promise.resolve({
    ladder: (text) => {
      seen.push(ports.map((p) => p.sent.map((m) => m.type).join(","))); // what each had heard while it ran
      return `replayed ${text}`;
    },
  }), () => assert.fail("closed"));
  ports = [new FakePort(), new FakePort(), new FakePort()];
  for (const port of ports) connect({ ports: [port] });
  await tick();
  ports[0].onmessage({ data: { type: "request", kind: "ladder", id: 7, text: "L" } });
  assert.deepEqual(seen, [["ready", "ready,busy", "ready,busy"]]);
  assert.deepEqual(ports.map((p) => p.sent.map((m) => m.type)), [["ready", "result"], ["ready", "busy", "idle"], ["ready", "busy", "idle"]]);
});

/** A Web Locks stand-in: records each request; `grant(i)` gives the lock (calls back), an abort rejects. */
class FakeLocks {
  constructor() { this.asked = []; }
  request(name, options, callback) {
    if (typeof options === "function") [options, callback] = [{}, options];
    return new Promise((resolve, reject) => {
      options.signal?.addEventListener("abort", () => reject(new Error("AbortError")));
      this.asked.push({ name, signal: options.signal, grant: () => resolve(callback({ name })) });
    });
  }
}

test("each port of the shared worker hears the name of the lock it holds while it lives, once it holds it, booting or not", async () => {
  const locks = new FakeLocks();
  /** @type {(b: object) => void} */
  let finish = () => {};
  const connect = serveShared(() => new Promise((resolve) => { finish = resolve; }), () => assert.fail("closed"), { locks });
  const [a, b, c] = [new FakePort(), new FakePort(), new FakePort()];
  connect({ ports: [a] });
  await tick();
  assert.deepEqual([a.sent, locks.asked.length], [[], 1]); // not before the worker holds it
  locks.asked[0].grant();
  await tick();
  const alive = { type: "alive", lock: locks.asked[0].name };
  assert.deepEqual(a.sent, [alive]); // while Python boots: a worker that dies booting is heard too
  finish({ calculate: (t) => t });
  connect({ ports: [b] });
  await tick();
  assert.deepEqual([a.sent, b.sent], [[alive, { type: "ready" }], [{ type: "ready" }, alive]]);

  const later = new FakeLocks();
  const other = serveShared(async () => ({ calculate: (t) => t }), () => assert.fail("closed"), { locks: later });
  other({ ports: [c] });
  await tick();
  c.onmessage({ data: { type: "abandon" } }); // a page that left before the lock was held is told nothing
  later.asked[0].grant();
  await tick();
  assert.deepEqual(c.sent, [{ type: "ready" }]);
});

test("a page granted the shared worker's life lock is told it is gone; a page that left it is not", async () => {
  const locks = new FakeLocks();
  const shared = new FakeShared("u", {});
  const listener = { ...ears(), gone: () => listener.heard.push("gone") };
  sharedChannel(shared, () => assert.fail("no fallback"), listener, { locks });
  shared.port.onmessage({ data: { type: "ready" } });
  shared.port.onmessage({ data: { type: "alive", lock: "elo-core worker 1" } });
  assert.deepEqual([listener.heard, locks.asked.map((l) => l.name)], [[{ type: "ready" }], ["elo-core worker 1"]]);
  locks.asked[0].grant(); // the worker died: its lock is free
  await tick();
  assert.deepEqual(listener.heard, [{ type: "ready" }, "gone"]);

  const left = new FakeShared("u", {});
  const quiet = { ...ears(), gone: () => assert.fail("a page that left hears nothing") };
  const channel = sharedChannel(left, () => assert.fail("no fallback"), quiet, { locks });
  left.port.onmessage({ data: { type: "alive", lock: "elo-core worker 2" } });
  channel.close();
  assert.equal(locks.asked[1].signal.aborted, true);
  locks.asked[1].grant();
  left.refuse(); // its error event as it died, after the page left it: not this page's failure
  left.port.onmessage({ data: { type: "ready" } });
  await tick();
  assert.deepEqual(quiet.heard, []);
});

test("a start after a worker died gets a worker of its own from the cache, not past it", () => {
  fresh();
  const open = engineWorker(new URL("https://w.example/worker.mjs"), { shared: FakeShared, dedicated: FakeWorker });
  open(deaf).close();
  open(deaf, { fresh: false });
  open(deaf);
  assert.deepEqual(FakeWorker.made.map((w) => String(w.url)), ["https://w.example/worker.mjs", "https://w.example/worker.mjs?fresh="]);
});
