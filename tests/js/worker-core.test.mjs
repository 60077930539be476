// worker-core.js: the worker's protocol with a fake Python, no Worker needed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createHandler } from "../../widget/worker-core.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("boots, says ready, answers calculate and parse with the request id", async () => {
  const posted = [];
  const onmessage = createHandler((m) => posted.push(m), async (progress) => {
    progress("runtime");
    return { calculate: (t) => `calc:${t}`, parse: (t) => `parse:${t}` };
  });
  await tick();
  onmessage({ data: { type: "calculate", id: 7, payload: "{}" } });
  onmessage({ data: { type: "parse", id: 8, payload: "1500 1" } });
  onmessage({ data: { type: "other", id: 9 } });
  assert.deepEqual(posted, [
    { type: "progress", stage: "runtime" },
    { type: "ready" },
    { type: "result", id: 7, response: "calc:{}" },
    { type: "result", id: 8, response: "parse:1500 1" },
  ]);
});

test("a failed boot becomes a plain error message", async () => {
  const posted = [];
  createHandler((m) => posted.push(m), async () => { throw new TypeError("wasm gone"); });
  await tick();
  assert.deepEqual(posted, [{ type: "error", error: { name: "TypeError", message: "wasm gone" } }]);
});

test("a request before ready, or a Python exception, answers with an error for that id", async () => {
  const posted = [];
  let release;
  const onmessage = createHandler((m) => posted.push(m), () => new Promise((r) => { release = r; }));
  onmessage({ data: { type: "calculate", id: 1, payload: "{}" } });
  release({ calculate: () => { throw new Error("boom"); }, parse: () => "" });
  await tick();
  onmessage({ data: { type: "calculate", id: 2, payload: "{}" } });
  assert.equal(posted[0].id, 1);
  assert.equal(posted[0].error.name, "NotReady");
  assert.deepEqual(posted.at(-1), { type: "error", id: 2, error: { name: "Error", message: "boom" } });
});
