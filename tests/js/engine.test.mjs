// engine.js: the page's client of the worker, driven with a fake worker (no Worker, no Pyodide).
import assert from "node:assert/strict";
import { after, mock, test } from "node:test";
import { held } from "../../widget/engine/engine-start.js";
import { BUSY_SAY_MS, Engine as PageEngine, PATIENCE } from "../../widget/engine/engine.js";
import { workerChannel } from "../../widget/engine/shared-engine.js";

/** Each engine the tests make, stopped after them: its watch on loading (PATIENCE, up to 90 s)
 * kept Node running for a minute and a half after the last test had passed. */
const made = [];
class Engine extends PageEngine {
  constructor(...args) {
    super(...args);
    made.push(this);
  }
}
after(() => { for (const e of made) e.stop(); });

/** A stand-in for the module worker: records what it is sent and lets the test answer. */
class FakeWorker {
  constructor() {
    this.sent = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    this.onmessageerror = null;
  }
  postMessage(message) { this.sent.push(message); }
  terminate() { this.terminated = true; }
  /** A message from the worker to the page. */
  say(data) { this.onmessage({ data }); }
  /** The worker's error event (a script that cannot load, a crash). */
  fail(message) {
    const event = { message, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    this.onerror(event);
    return event;
  }
  /** The answer to the message sent with `id`. */
  answer(id, response) { this.say({ type: "result", id, response: JSON.stringify(response) }); }
}

/** An engine on fake workers, in a browser that passes the support checks. */
function engine() {
  const workers = [];
  const statuses = [];
  const e = new Engine((listener) => {
    const w = new FakeWorker();
    workers.push(w);
    return workerChannel(w, listener);
  }, (s) => statuses.push(s), { supported: () => true });
  return { e, workers, statuses, latest: () => workers.at(-1) };
}

const calcs = (w) => w.sent.filter((m) => m.type === "request" && m.kind === "calculate");
const parses = (w) => w.sent.filter((m) => m.type === "request" && m.kind === "parse");
/** What the page asks: a calculation (its request object) or pasted text to read. */
const calculate = (e, request) => e.request("calculate", JSON.stringify(request));
const parse = (e, text) => e.request("parse", text);

test("starts loading, follows the worker's progress, and is ready when it says so", () => {
  const { e, workers, statuses, latest } = engine();
  e.start();
  latest().say({ type: "progress", stage: "engine" });
  latest().say({ type: "ready" });
  assert.equal(workers.length, 1);
  assert.deepEqual(statuses, [
    { state: "loading", stage: "runtime" }, { state: "loading", stage: "engine" }, { state: "ready" },
  ]);
});

test("a worker started before the engine (engine-start.js) hands on all it said meanwhile, in order", async () => {
  const early = new FakeWorker();
  const worker = held((listener) => workerChannel(early, listener));
  early.say({ type: "progress", stage: "download", loaded: 5, total: 10 });
  const failed = early.fail("boom"); // before anyone listens: kept, not reported to the console
  early.say({ type: "progress", stage: "engine" });
  assert.equal(failed.defaultPrevented, true);
  const statuses = [];
  const e = new Engine(worker, (s) => statuses.push(s), { supported: () => true });
  e.start();
  assert.deepEqual(statuses, [{ state: "loading", stage: "runtime" }]); // the rest after start() returns
  await new Promise((resolve) => setTimeout(resolve));
  // The error failed the engine, which ended the worker: what the worker said after it is dropped.
  assert.deepEqual(statuses.map((s) => s.stage ?? s.state), ["runtime", "download", "failed"]);
  assert.equal(early.terminated, true);
});

test("a worker started early that said nothing wrong is the engine's, straight on once listened to", async () => {
  const early = new FakeWorker();
  const worker = held((listener) => workerChannel(early, listener));
  early.say({ type: "progress", stage: "engine" });
  const statuses = [];
  const e = new Engine(worker, (s) => statuses.push(s), { supported: () => true });
  e.start();
  await new Promise((resolve) => setTimeout(resolve));
  early.say({ type: "ready" });
  assert.deepEqual(statuses.map((s) => s.stage ?? s.state), ["runtime", "engine", "ready"]);
  e.send({ type: "abandon" });
  assert.deepEqual(early.sent.at(-1), { type: "abandon" });
});

test("calculations wait for ready, and only the latest one is sent", async () => {
  const { e, latest } = engine();
  e.start();
  const first = calculate(e, { n: 1 });
  const second = calculate(e, { n: 2 });
  assert.equal(await first, null);
  assert.deepEqual(calcs(latest()), []);
  latest().say({ type: "ready" });
  assert.deepEqual(calcs(latest()).map((m) => JSON.parse(m.text)), [{ n: 2 }]);
  latest().answer(calcs(latest())[0].id, { ok: true, n: 2 });
  assert.deepEqual(await second, { ok: true, n: 2 });
});

test("an answer overtaken by newer input resolves null, and the newest is computed next", async () => {
  const { e, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const computing = calculate(e, { n: 1 });
  const dropped = calculate(e, { n: 2 });
  const newest = calculate(e, { n: 3 });
  assert.equal(calcs(latest()).length, 1); // one at a time
  assert.equal(await dropped, null);
  latest().answer(calcs(latest())[0].id, { ok: true, n: 1 });
  assert.equal(await computing, null); // already out of date
  const [, next] = calcs(latest());
  assert.deepEqual(JSON.parse(next.text), { n: 3 });
  latest().answer(next.id, { ok: true, n: 3 });
  assert.deepEqual(await newest, { ok: true, n: 3 });
});

test("parse jobs are never dropped, and are sent again to a restarted worker", async () => {
  const { e, workers, latest } = engine();
  e.start();
  const one = parse(e, "1500 1");
  const two = parse(e, "1600 0");
  latest().say({ type: "ready" });
  assert.deepEqual(parses(latest()).map((m) => m.text), ["1500 1", "1600 0"]);
  e.start(); // retry: the first worker is gone with both jobs
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(parses(latest()), []);
  latest().say({ type: "ready" });
  const again = parses(latest());
  assert.deepEqual(again.map((m) => m.text), ["1500 1", "1600 0"]);
  const read = { games: [{ line: 1, opponent: 1500, score: 1 }], problems: [] };
  latest().answer(again[1].id, { games: [], problems: [] });
  latest().answer(again[0].id, read);
  assert.deepEqual(await one, read);
  assert.deepEqual(await two, { games: [], problems: [] });
});

test("a request that Python did not answer fails the engine (a crash, with Retry), and resolves null", async () => {
  const { e, statuses, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const answer = calculate(e, {});
  latest().say({ type: "error", id: calcs(latest())[0].id, error: { name: "PythonError", message: "boom" } });
  assert.equal(await answer, null); // no answer made up here: Python's own failures are its `internal` errors
  assert.deepEqual(statuses.at(-1), { state: "failed", reason: "crash", detail: "boom" });
  assert.equal(latest().terminated, true);
});

test("a paste that Python did not read resolves null; the others sent with it are read by the next worker", async () => {
  const { e, workers, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const failing = parse(e, "bad");
  const other = parse(e, "1500 1");
  latest().say({ type: "error", id: parses(latest())[0].id, error: { name: "PythonError", message: "boom" } });
  assert.equal(await failing, null);
  e.start(); // Retry
  latest().say({ type: "ready" });
  assert.deepEqual([workers.length, parses(latest()).map((m) => m.text)], [2, ["1500 1"]]);
  latest().answer(parses(latest())[0].id, { games: [], problems: [] });
  assert.deepEqual(await other, { games: [], problems: [] });
});

test("an answer to no request sent (another worker's id, or none) is ignored", async () => {
  const { e, statuses, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const answer = calculate(e, { n: 1 });
  latest().answer(999, { ok: true });
  latest().say({ type: "error", id: 999, error: { name: "Error", message: "not ours" } });
  assert.deepEqual(statuses.at(-1), { state: "ready" });
  latest().answer(calcs(latest())[0].id, { ok: true, n: 1 });
  assert.deepEqual(await answer, { ok: true, n: 1 });
});

test("a paste waits behind no calculation, and a calculation behind no paste", async () => {
  const { e, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  calculate(e, { n: 1 });
  calculate(e, { n: 2 }); // waits for the first
  parse(e, "1500 1");
  assert.deepEqual(latest().sent.map((m) => m.kind), ["calculate", "parse"]);
});

for (const [name, error, reason] of [
  ["a failed boot", { name: "TypeError", message: "wasm gone" }, "load"],
  ["Pyodide that does not parse", { name: "SyntaxError", message: "Unexpected token" }, "old"],
]) {
  test(`${name} before ready fails with reason ${reason}`, () => {
    const { e, statuses, latest } = engine();
    e.start();
    const worker = latest();
    worker.say({ type: "error", error });
    assert.deepEqual(statuses.at(-1), { state: "failed", reason, detail: error.message });
    assert.equal(worker.terminated, true);
  });
}

for (const [name, message, ready, reason] of [
  ["a worker script that does not parse", "Uncaught SyntaxError: Unexpected token '{'", false, "old"],
  ["a worker script that cannot load", "", false, "load"],
  ["a worker that crashes once ready", "Uncaught SyntaxError: even so", true, "crash"],
]) {
  test(`${name} fails with reason ${reason}`, () => {
    const { e, statuses, latest } = engine();
    e.start();
    if (ready) latest().say({ type: "ready" });
    const event = latest().fail(message);
    assert.equal(event.defaultPrevented, true);
    assert.deepEqual(statuses.at(-1), { state: "failed", reason, detail: message || "worker error" });
  });
}

test("stop() resolves the calculation being computed with null", async () => {
  const { e, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const answer = calculate(e, {});
  e.stop();
  assert.equal(await answer, null);
  assert.equal(latest().terminated, true);
});

test("a browser that lacks what Pyodide needs is told so, and no worker is made", () => {
  const statuses = [];
  let made = 0;
  const e = new Engine((l) => { made++; return workerChannel(new FakeWorker(), l); }, (s) => statuses.push(s), { supported: () => false });
  e.start();
  assert.equal(made, 0);
  assert.deepEqual(statuses, [{ state: "failed", reason: "old", detail: "this browser lacks features Pyodide needs" }]);
});

test("a page that may not compile WebAssembly (a host's CSP, a policy) is told so, not called old", () => {
  const statuses = [];
  let made = 0;
  const e = new Engine((l) => { made++; return workerChannel(new FakeWorker(), l); }, (s) => statuses.push(s),
    { supported: () => true, allowed: () => false });
  e.start();
  assert.equal(made, 0);
  assert.deepEqual(statuses, [{ state: "failed", reason: "blocked", detail: "this page may not compile WebAssembly" }]);
});

test("a worker that cannot be made fails with reason load", () => {
  const statuses = [];
  const e = new Engine(() => { throw new TypeError("blocked"); }, (s) => statuses.push(s), { supported: () => true });
  e.start();
  assert.deepEqual(statuses.at(-1), { state: "failed", reason: "load", detail: "TypeError: blocked" });
});

test("the real support check runs by default, and refuses Node (no module Worker)", () => {
  const statuses = [];
  const e = new Engine((l) => workerChannel(new FakeWorker(), l), (s) => statuses.push(s));
  e.start();
  assert.deepEqual(statuses, [{ state: "failed", reason: "old", detail: "this browser lacks features Pyodide needs" }]);
});

test("download progress carries the bytes received and expected", () => {
  const { e, statuses, latest } = engine();
  e.start();
  latest().say({ type: "progress", stage: "download", loaded: 1000, total: 4000 });
  latest().say({ type: "progress", stage: "start", loaded: 4000, total: 4000 });
  assert.deepEqual(statuses.slice(1), [
    { state: "loading", stage: "download", loaded: 1000, total: 4000 },
    { state: "loading", stage: "start", loaded: 4000, total: 4000 },
  ]);
});

test("a download with no new bytes for a while is reported stalled; Retry starts a new worker", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { e, workers, statuses, latest } = engine();
    e.start();
    latest().say({ type: "progress", stage: "download", loaded: 1000, total: 4000 });
    mock.timers.tick(PATIENCE.download - 1);
    latest().say({ type: "progress", stage: "download", loaded: 2000, total: 4000 }); // bytes: still alive
    mock.timers.tick(PATIENCE.download - 1);
    assert.equal(statuses.some((s) => s.stalled), false);
    mock.timers.tick(1);
    assert.deepEqual(statuses.at(-1), { state: "loading", stage: "download", loaded: 2000, total: 4000, stalled: true });
    e.start(); // Retry
    assert.equal(workers.length, 2);
    assert.equal(workers[0].terminated, true);
    assert.deepEqual(statuses.at(-1), { state: "loading", stage: "runtime" });
    mock.timers.tick(PATIENCE.download - 1);
    assert.equal(statuses.at(-1).stalled, undefined); // the old worker's watch went with it
  } finally {
    mock.timers.reset();
  }
});

test("Python not started long after the last byte is reported stalled; ready in time is not", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { e, statuses, latest } = engine();
    e.start();
    latest().say({ type: "progress", stage: "start", loaded: 4000, total: 4000 });
    mock.timers.tick(PATIENCE.download);
    assert.equal(statuses.at(-1).stalled, undefined); // starting takes longer than a byte may
    mock.timers.tick(PATIENCE.start - PATIENCE.download);
    assert.equal(statuses.at(-1).stalled, true);

    const second = engine();
    second.e.start();
    second.latest().say({ type: "ready" });
    mock.timers.tick(PATIENCE.start * 2);
    assert.deepEqual(second.statuses.at(-1), { state: "ready" });
  } finally {
    mock.timers.reset();
  }
});

test("a calculation's games that come packed (elo_core.bridge.handle_packed) are answered as a list of games", async () => {
  const { e, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const answer = calculate(e, { n: 1 });
  // Two games, columns opponent (number or null) and rated (yes/no), little-endian float64; a key of one game's own.
  const numbers = new DataView(new ArrayBuffer(32));
  [[0, 1600], [8, NaN], [16, 1], [24, 0]].forEach(([at, x]) => numbers.setFloat64(at, x, true));
  const games = { n: 2, columns: [["opponent", "n"], ["rated", "b"]], other: [[1, { reason: "unrated" }]],
    numbers: Buffer.from(numbers.buffer).toString("base64") };
  latest().answer(calcs(latest())[0].id, { ok: true, games, score: 1 });
  assert.deepEqual(await answer, { ok: true, score: 1, games: [
    { opponent: 1600, rated: true }, { opponent: null, rated: false, reason: "unrated" }] });
});

test("a shared boot abandoned by another calculator (its Retry) starts this one again, on a new worker", () => {
  const { e, workers, statuses, latest } = engine();
  e.start();
  latest().say({ type: "progress", stage: "download", loaded: 1, total: 10 });
  latest().say({ type: "abandoned" });
  assert.deepEqual([workers.length, workers[0].terminated], [2, true]);
  assert.deepEqual(statuses.at(-1), { state: "loading", stage: "runtime" });
  latest().say({ type: "ready" });
  assert.deepEqual(statuses.at(-1), { state: "ready" });
});

test("tournament files rated: the newest wins, apart from calculations, and the answer is read as sent", async () => {
  const { e, latest } = engine();
  e.start();
  latest().say({ type: "ready" });
  const events = (w) => w.sent.filter((m) => m.type === "request" && m.kind === "event");
  const calculation = calculate(e, { n: 1 });
  const first = e.request("event", '{"text":"a"}');
  const overtaken = e.request("event", '{"text":"b"}');
  const newest = e.request("event", '{"text":"c"}');
  assert.equal(events(latest()).length, 1); // one at a time, beside the calculation
  assert.equal(calcs(latest()).length, 1);
  assert.equal(await overtaken, null);
  latest().answer(events(latest())[0].id, { ok: true, players: [] });
  assert.equal(await first, null); // already out of date: "c" waits
  const [, next] = events(latest());
  assert.equal(next.text, '{"text":"c"}');
  latest().answer(next.id, { ok: true, players: [{ start: 1 }] });
  assert.deepEqual(await newest, { ok: true, players: [{ start: 1 }] });
  latest().answer(calcs(latest())[0].id, { ok: true, n: 1 });
  assert.deepEqual(await calculation, { ok: true, n: 1 });
});

test("a request that waits behind another calculator's long one says so after a moment, and unsays it when done", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { e, latest } = engine();
    const said = [];
    e.onBusy = (busy) => said.push(busy);
    e.start();
    latest().say({ type: "ready" });
    latest().say({ type: "busy" }); // another calculator's ladder: nothing of this one waits yet
    mock.timers.tick(BUSY_SAY_MS * 10);
    assert.deepEqual(said, []);
    const answer = calculate(e, { rating: 1500 });
    mock.timers.tick(BUSY_SAY_MS - 1);
    assert.deepEqual(said, []);
    mock.timers.tick(1);
    assert.deepEqual(said, [true]);
    latest().say({ type: "idle" });
    assert.deepEqual(said, [true, false]);
    latest().answer(calcs(latest())[0].id, { ok: true });
    await answer;
    assert.deepEqual(said, [true, false]);
  } finally {
    mock.timers.reset();
  }
});

test("a quick request of another calculator says nothing", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { e, latest } = engine();
    const said = [];
    e.onBusy = (busy) => said.push(busy);
    e.start();
    latest().say({ type: "ready" });
    calculate(e, { rating: 1500 });
    latest().say({ type: "busy" });
    mock.timers.tick(20);
    latest().say({ type: "idle" });
    mock.timers.tick(BUSY_SAY_MS * 10);
    assert.deepEqual(said, []);
  } finally {
    mock.timers.reset();
  }
});

test("typing is said to a ready worker at most once a second, and not while it loads", (t) => {
  t.mock.timers.enable({ apis: ["Date"] });
  const { e, latest } = engine();
  e.start();
  e.typing(); // loading: nothing to put off yet
  latest().say({ type: "ready" });
  e.typing();
  e.typing();
  t.mock.timers.tick(999);
  e.typing();
  t.mock.timers.tick(1);
  e.typing();
  assert.equal(latest().sent.filter((m) => m.type === "typing").length, 2);
});

test("a shared interpreter that died once ready starts a worker of this page's own from the cache; what it computed resolves null", async () => {
  const opened = [];
  const listeners = [];
  const statuses = [];
  const e = new Engine((listener, again) => {
    opened.push(again);
    listeners.push(listener);
    const w = new FakeWorker();
    return Object.assign(workerChannel(w, listener), { worker: w });
  }, (s) => statuses.push(s), { supported: () => true });
  e.start();
  listeners[0].message({ type: "ready" });
  const pending = calculate(e, { rating: 1500 });
  listeners[0].gone(); // its life lock granted: the shared worker's process is gone
  assert.equal(await pending, null);
  assert.deepEqual([opened, statuses.at(-1)], [[{ fresh: true }, { fresh: false }], { state: "loading", stage: "runtime" }]);
  const next = calculate(e, { rating: 1600 }); // the view asks again once ready
  listeners[1].message({ type: "ready" });
  assert.deepEqual(statuses.at(-1), { state: "ready" });
  e.stop();
  assert.equal(await next, null);
});
