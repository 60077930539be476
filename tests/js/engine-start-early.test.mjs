// engine-start.js takes the worker index.html's inline script started as the page was parsed (under
// Node: a stand-in SharedWorker, and a Worker that knows `type`, as support.js probes for).
import assert from "node:assert/strict";
import { test } from "node:test";

/** A SharedWorker's stand-in: counts the ones made; its port records what it is sent. */
class FakeShared {
  static made = 0;
  constructor() {
    FakeShared.made++;
    /** @type {any[]} */
    this.sent = [];
    this.port = { postMessage: (/** @type {any} */ m) => this.sent.push(m), close() {}, onmessage: null };
  }
}
const g = /** @type {any} */ (globalThis);
g.SharedWorker = FakeShared;
g.Worker = class { constructor(/** @type {string} */ _url, /** @type {any} */ options) { void options.type; } };
const early = new FakeShared();
g.eloCoreWorker = early;
const start = await import("../../widget/engine/engine-start.js");

test("the worker started early is the engine's first: no second one is made", () => {
  assert.equal(start.browserSupported(), true);
  assert.equal(FakeShared.made, 1);
  assert.equal(typeof early.port.onmessage, "function"); // listened to, by sharedChannel
  const channel = start.openEngine({ message() {}, failed() {}, unreadable() {} });
  channel.post({ type: "request", kind: "handle_packed", id: 1, text: "{}" });
  assert.equal(FakeShared.made, 1);
  assert.deepEqual(early.sent, [{ type: "request", kind: "handle_packed", id: 1, text: "{}" }]);
  channel.close(); // and with it the wait for the worker's first word, which would hold Node 10 s
});

test("a worker started early that failed before anyone listened is not taken: the engine starts its own", async () => {
  const failed = new FakeShared();
  Object.assign(failed, { failed: true });
  g.eloCoreWorker = failed;
  delete g.eloCoreStarted;
  const made = FakeShared.made;
  const again = await import("../../widget/engine/engine-start.js?failed"); // a page of its own
  const channel = again.openEngine({ message() {}, failed() {}, unreadable() {} });
  assert.equal(FakeShared.made, made + 1);
  assert.deepEqual(failed.sent, []);
  assert.equal(g.eloCoreTaken, 1); // the page's load event leaves it alone (index.html)
  channel.close();
});
