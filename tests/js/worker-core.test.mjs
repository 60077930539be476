// worker-core.js: the worker's protocol with a fake Python, no Worker needed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { KINDS as ENGINE_KINDS } from "../../widget/engine/engine.js";
import { BRIDGE, bridgeOf, byteProgress, checkedFetch, countingFetch, createHandler, fetchedOnce, lastOnTheLink, sha256, TYPING } from "../../widget/engine/worker-core.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("boots, says ready, answers each kind of request with the request id, and ignores anything else", async () => {
  const posted = [];
  const onmessage = createHandler((m) => posted.push(m), async (progress) => {
    progress("runtime");
    return { calculate: (t) => `calc:${t}`, parse: (t) => `parse:${t}` };
  });
  await tick();
  onmessage({ data: { type: "request", kind: "calculate", id: 7, text: "{}" } });
  onmessage({ data: { type: "request", kind: "parse", id: 8, text: "1500 1" } });
  onmessage({ data: { type: "request", kind: "other", id: 9, text: "" } });
  onmessage({ data: { type: "request", kind: "toString", id: 10, text: "" } }); // no kind of Object's
  onmessage({ data: { type: "request", kind: "calculate", id: "11", text: "" } }); // no integer id
  onmessage({ data: { type: "calculate", id: 12, payload: "{}" } }); // the old message: no kind
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
  onmessage({ data: { type: "request", kind: "calculate", id: 1, text: "{}" } });
  release({ calculate: () => { throw new Error("boom"); }, parse: () => "" });
  await tick();
  onmessage({ data: { type: "request", kind: "calculate", id: 2, text: "{}" } });
  assert.equal(posted[0].id, 1);
  assert.equal(posted[0].error.name, "NotReady");
  assert.deepEqual(posted.at(-1), { type: "error", id: 2, error: { name: "Error", message: "boom" } });
});

test("each kind of request is served by its function of elo_core.bridge, which exists there", () => {
  const module = { handle_packed: (t) => `packed:${t}`, parse: (t) => `parse:${t}`, event: (t) => `event:${t}`, handle: () => "unpacked" };
  const bridge = bridgeOf(module);
  assert.deepEqual([bridge.calculate("{}"), bridge.parse("x"), bridge.event("{}")], ["packed:{}", "parse:x", "event:{}"]);
  const source = readFileSync(new URL("../../elo_core/bridge.py", import.meta.url), "utf8");
  for (const name of Object.values(BRIDGE)) assert.match(source, new RegExp(`^def ${name}\\(`, "m"), name);
});

test("a request kind is one entry on each side: bridge.py KINDS, worker-core.js BRIDGE, engine.js KINDS, protocol.js Kind", () => {
  const read = (path) => readFileSync(new URL(path, import.meta.url), "utf8");
  const python = read("../../elo_core/bridge.py").match(/^KINDS = (\{[^}]*\})$/m);
  assert.ok(python, "bridge.py KINDS");
  const kinds = JSON.parse(python[1]);
  assert.deepEqual(BRIDGE, kinds);
  assert.deepEqual(Object.keys(ENGINE_KINDS).sort(), Object.keys(kinds).sort());
  const union = read("../../widget/engine/protocol.js").match(/@typedef \{([^}]*)\} Kind/);
  assert.ok(union, "protocol.js Kind");
  assert.deepEqual(union[1].split("|").map((k) => JSON.parse(k.trim())).sort(), Object.keys(kinds).sort());
});

test("countingFetch counts the bytes of every body read, over all fetches, and hands on the very response", async () => {
  const counts = [];
  const made = [];
  const fake = async (url) => {
    made.push(new Response(url === "a" ? "12345" : "678", { headers: { "content-type": "application/wasm" } }));
    return made.at(-1);
  };
  const counted = countingFetch(fake, (n) => counts.push(n));
  const a = await counted("a");
  assert.equal(a, made[0]); // not a copy: the browser caches compiled WebAssembly only for the fetched one
  assert.equal(await a.text(), "12345");
  assert.equal(await (await counted("b")).text(), "678");
  await tick();
  assert.equal(counts.at(-1), 8);
  const missing = await countingFetch(async () => new Response("gone", { status: 404 }), (n) => counts.push(n))("c");
  assert.equal(missing.status, 404);
  await tick();
  assert.equal(counts.at(-1), 8);
});

test("byteProgress reports downloads every hundredth, then the start once all bytes are in", () => {
  const said = [];
  const onBytes = byteProgress((stage, bytes) => said.push([stage, bytes.loaded]), 1000);
  for (const n of [5, 10, 12, 30, 1000, 1000]) onBytes(n);
  assert.deepEqual(said, [["download", 5], ["download", 30], ["start", 1000]]);
});

test("progress with bytes reaches the page as one message", async () => {
  const posted = [];
  createHandler((m) => posted.push(m), async (progress) => {
    progress("download", { loaded: 5, total: 10 });
    return { calculate: String, parse: String };
  });
  await tick();
  assert.deepEqual(posted[0], { type: "progress", stage: "download", loaded: 5, total: 10 });
});

/** A response whose body comes in the chunks given, one per `next()`. */
function trickle(chunks) {
  let pull;
  const body = new ReadableStream({ pull(controller) { return new Promise((resolve) => { pull = () => {
    const chunk = chunks.shift();
    if (chunk === undefined) controller.close(); else controller.enqueue(new Uint8Array(chunk));
    resolve();
  }; }); } });
  return { response: new Response(body), next: async () => { await tick(); pull?.(); await tick(); } };
}

test("lastOnTheLink asks for the zip only when the WebAssembly has but the lead left, and hands on the very response", async () => {
  const asked = [];
  const wasm = trickle([4, 4, 1, 1]);
  const fake = async (input) => {
    const url = input.url ?? input;
    asked.push(url);
    return url.endsWith(".wasm") ? wasm.response : new Response("zip");
  };
  const fetch = lastOnTheLink(fake, { first: "/a.wasm", firstBytes: 10, last: "/e.zip", lead: 3 });
  const zip = fetch("https://x/e.zip"); // asked first, as Pyodide may
  const got = await fetch(new Request("https://x/a.wasm"));
  assert.equal(got, wasm.response); // not a copy: the browser caches compiled WebAssembly only for the fetched one
  const read = got.arrayBuffer(); // the compiler reads its copy
  await wasm.next(); // 4 of 10
  assert.deepEqual(asked, ["https://x/a.wasm"]);
  await wasm.next(); // 8 of 10: only 2 left, within the lead
  await tick();
  assert.deepEqual(asked, ["https://x/a.wasm", "https://x/e.zip"]);
  assert.equal(await (await zip).text(), "zip");
  await wasm.next(); await wasm.next(); await wasm.next();
  assert.equal((await read).byteLength, 10);
  assert.equal(await (await fetch("https://x/other.json")).text(), "zip"); // anything else: at once
});

test("lastOnTheLink lets the zip go when the WebAssembly fails or is refused, so Python's error is heard", async () => {
  for (const fake of [async () => { throw new TypeError("network"); }, async () => new Response("no", { status: 404 })]) {
    const asked = [];
    const fetch = lastOnTheLink(async (url) => { asked.push(url); return url.endsWith(".zip") ? new Response("zip") : fake(); },
      { first: "/a.wasm", firstBytes: 10, last: "/e.zip", lead: 3 });
    const zip = fetch("https://x/e.zip");
    await fetch("https://x/a.wasm").catch(() => {});
    assert.equal(await (await zip).text(), "zip");
    assert.deepEqual(asked, ["https://x/a.wasm", "https://x/e.zip"]);
  }
});

/** A fetch that answers each call with the next body of `bodies`, recording each call's cache mode. */
function served(...bodies) {
  const modes = [];
  const fetch = async (_input, init) => {
    modes.push(init?.cache ?? "default");
    return new Response(bodies[Math.min(modes.length - 1, bodies.length - 1)]);
  };
  return { fetch, modes };
}
const good = new TextEncoder().encode("the build's zip");
const expected = async () => ({ "https://w.example/e/elo_core.zip": await sha256(good.buffer) });

test("checkedFetch hands on a file with the build's hash, and leaves other files alone", async () => {
  const { fetch, modes } = served(good, "other");
  const checked = checkedFetch(fetch, await expected());
  const body = await (await checked("https://w.example/e/elo_core.zip?x")).text();
  await checked("https://w.example/e/unlisted.js");
  assert.deepEqual([body, modes], ["the build's zip", ["default", "default"]]);
});

test("checkedFetch asks for a damaged copy again past the caches, and refuses one still wrong", async () => {
  const damaged = served(new Uint8Array(1000), good);
  const body = await (await checkedFetch(damaged.fetch, await expected())("https://w.example/e/elo_core.zip")).text();
  assert.deepEqual([body, damaged.modes], ["the build's zip", ["default", "reload"]]);
  const tampered = served("tampered");
  await assert.rejects(checkedFetch(tampered.fetch, await expected())("https://w.example/e/elo_core.zip"),
    /elo_core\.zip: not this build's file/);
  assert.deepEqual(tampered.modes, ["default", "reload"]);
});

test("checkedFetch asks past the caches at once when fresh (Retry)", async () => {
  const { fetch, modes } = served(good);
  await checkedFetch(fetch, await expected(), { fresh: true })("https://w.example/e/elo_core.zip");
  assert.deepEqual(modes, ["reload"]);
});

test("checkedFetch hands a streamed file on at once, and checks it beside it", async () => {
  const { fetch, modes } = served("wrong", good);
  const checks = [];
  const checked = checkedFetch(fetch, await expected(), { streamed: () => true, checking: (c) => checks.push(c) });
  assert.equal(await (await checked("https://w.example/e/elo_core.zip")).text(), "wrong");
  await assert.rejects(checks[0], /elo_core\.zip: not this build's file \(its sha256 differs\)/);
  await tick();
  assert.deepEqual(modes, ["default", "reload"]); // the caches get a good copy
});

test("an answer that waits (a view's first request, its modules fetched) is posted when it comes, and its failure too", async () => {
  const posted = [];
  let release;
  const onmessage = createHandler((m) => posted.push(m), async () => ({
    calculate: (t) => `calc:${t}`,
    event: (t) => (t === "bad" ? Promise.reject(new Error("views.zip: HTTP 404")) : new Promise((resolve) => { release = () => resolve(`event:${t}`); })),
  }));
  await tick();
  const waiting = onmessage({ data: { type: "request", kind: "event", id: 1, text: "trf" } });
  assert.ok(waiting instanceof Promise);
  assert.equal(onmessage({ data: { type: "request", kind: "calculate", id: 2, text: "{}" } }), undefined); // answered meanwhile
  release();
  await waiting;
  await onmessage({ data: { type: "request", kind: "event", id: 3, text: "bad" } });
  assert.deepEqual(posted.slice(1), [
    { type: "result", id: 2, response: "calc:{}" },
    { type: "result", id: 1, response: "event:trf" },
    { type: "error", id: 3, error: { name: "Error", message: "views.zip: HTTP 404" } },
  ]);
});

test("the WebAssembly is downloaded once: a second request gets a copy of the first, a third asks anew", async () => {
  const asked = [];
  const fetch = fetchedOnce(async (input) => {
    asked.push(String(input));
    return new Response(`bytes of ${input}`);
  }, "https://x/pyodide.asm.wasm");
  const first = await fetch("https://x/pyodide.asm.wasm");
  const second = await fetch("https://x/pyodide.asm.wasm?v=1");
  assert.equal(await first.text(), "bytes of https://x/pyodide.asm.wasm");
  assert.equal(await second.text(), "bytes of https://x/pyodide.asm.wasm");
  await fetch("https://x/pyodide.asm.wasm");
  await fetch("https://x/engine.zip");
  assert.deepEqual(asked, ["https://x/pyodide.asm.wasm", "https://x/pyodide.asm.wasm", "https://x/engine.zip"]);
});

test("the visitor's typing reaches the bridge's TYPING hook once booted, and is answered with nothing", async () => {
  const posted = [];
  let typed = 0;
  const onmessage = createHandler((m) => posted.push(m), async () => ({ calculate: (t) => t, [TYPING]: () => typed++ }));
  onmessage({ data: { type: "typing" } }); // still booting: nothing to put off
  await tick();
  onmessage({ data: { type: "typing" } });
  onmessage({ data: { type: "typing", kind: "calculate", id: 3 } }); // typing, not a request
  assert.equal(typed, 2);
  assert.deepEqual(posted, [{ type: "ready" }]);
});
