// engine-start.js sends away the worker index.html's inline script started, where the engine will not
// start (here, under Node, there is no module Worker: support.js says the browser cannot run it).
import assert from "node:assert/strict";
import { test } from "node:test";

const sent = /** @type {any[]} */ ([]);
/** @type {any} */ (globalThis).eloCoreWorker = { port: { postMessage: (/** @type {any} */ m) => sent.push(m) } };
const start = await import("../../widget/engine/engine-start.js");

test("a worker started early that the engine will not take is told to stop", () => {
  assert.equal(start.browserSupported(), false);
  assert.deepEqual(sent, [{ type: "abandon" }]);
});
