// embed/embed.js, the loader a club pastes: its element's attribute rules (each option taken only
// with a known value, anything else left out and never thrown), its instance names, and define()
// run twice. The real file runs in a fresh context with the few browser globals its top level
// needs, bundled as the build bundles it: one classic script with its texts and systems (texts.js).
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import vm from "node:vm";
import { buildSync } from "esbuild";

const { outputFiles } = buildSync({
  entryPoints: [new URL("../../embed/embed.js", import.meta.url).pathname], bundle: true, format: "iife", tsconfigRaw: "{}", write: false,
});
const source = outputFiles[0].text;

/** embed.js run in a page: the element class it defined, and how often define() was called. */
function load() {
  const defined = new Map();
  let defines = 0;
  const context = {
    URL, URLSearchParams, WeakMap, queueMicrotask, AbortController, Response,
    // Looked up at each call: a test's mock.timers then governs the loader's timers too.
    setTimeout: (...args) => setTimeout(...args), clearTimeout: (...args) => clearTimeout(...args),
    HTMLElement: class {},
    customElements: {
      get: (tag) => defined.get(tag),
      define(tag, cls) {
        defines++;
        if (defined.has(tag)) throw new Error(`${tag} defined twice`);
        defined.set(tag, cls);
      },
    },
    document: { currentScript: { src: "https://calc.example/elo/embed.js" }, baseURI: "https://club.example/ladder/" },
    location: { protocol: "https:" },
    navigator: { languages: ["en"] },
    addEventListener() {},
  };
  context.self = { origin: "https://club.example" };
  context.window = context;
  context.globalThis = context;
  vm.runInNewContext(source, context);
  return { Element: defined.get("elo-calculator"), defines: () => defines, context };
}

const { Element, defines, context } = load();
const options = (/** @type {Record<string, string>} */ attrs) =>
  Object.fromEntries(Element.options((name) => attrs[name] ?? null));

test("the element is defined once, and define() again keeps it", () => {
  assert.ok(Element);
  Element.define();
  assert.equal(defines(), 1);
});

test("known options are taken, trimmed", () => {
  assert.deepEqual(options({ system: "glicko", lang: "de-AT", theme: "dark", accent: "#7a1f3d", font: "Georgia, serif",
    k: " 20 ", rating: "1484.5", view: " calculator" }), { system: "glicko", lang: "de-AT", theme: "dark", accent: "#7a1f3d",
    font: "Georgia, serif", k: "20", rating: "1484.5", view: "calculator" });
});

for (const [name, value] of [
  ["system", "chesscom"], ["system", "<img src=x>"], ["lang", "english"], ["theme", "neon"],
  ["accent", "red;background:url(x)"], ["accent", "rgb(1,2,3)"], ["font", "x}body{display:none"], ["font", "a".repeat(201)],
  ["k", "1e9"], ["k", "20000"], ["rating", "-5"], ["rating", "1500.123"], ["rating", "javascript:alert(1)"],
  ["view", "Calculator"], ["view", "../calculator"], ["view", "calculator&system=fide"], ["view", "ladder view"],
  ["view", "-event"], ["view", "x".repeat(33)], ["view", "<script>"],
]) {
  test(`a hostile or malformed ${name} is left out: ${JSON.stringify(value.slice(0, 30))}`, () => {
    assert.deepEqual(options({ [name]: value, system: name === "system" ? value : "elo" }), name === "system" ? {} : { system: "elo" });
  });
}

test("attributes the element does not know are not read; the files it names never reach the frame's address", () => {
  assert.deepEqual([...Element.observedAttributes],
    ["system", "lang", "theme", "accent", "font", "k", "rating", "view", "src", "players"]);
  assert.deepEqual(options({ host: "https://evil.example", instance: "nth:1", src: "x", players: "y" }), {});
});

test("a calculator is named by a plain id, the later ones of an id numbered, else by its place", () => {
  assert.equal(Element.instanceName("ladder", 1, 3), "id:ladder");
  assert.equal(Element.instanceName("ladder", 2, 4), "id:ladder~2");
  assert.equal(Element.instanceName("", 1, 2), "nth:2");
  assert.equal(Element.instanceName("a b", 1, 5), "nth:5");
  assert.equal(Element.instanceName("x".repeat(65), 1, 1), "nth:1");
});

test("a second copy of the snippet defines nothing and throws nothing", () => {
  const second = load();
  assert.doesNotThrow(() => vm.runInNewContext(source, second.context));
  assert.equal(second.defines(), 1);
});

// The files an element names (src, players): fetched in the club's page, at most a limit of bytes,
// and every failure said as one of four reasons, never thrown.
const page = "https://club.example/ladder/index.html";
/** A fetch that answers `body` with `init` for every URL, and records what it was asked. */
/** A file's answer as an object of this realm (embed.js runs in its own). */
const fetched = async (...args) => ({ ...(await Element.fetchFile(...args)) });
function serving(body, init = {}) {
  const asked = [];
  const get = async (url, options) => {
    asked.push([url, options]);
    return new Response(body, init);
  };
  return { get, asked };
}

test("a file named relative to the page is fetched from there, revalidated, and its bytes kept", async () => {
  const { get, asked } = serving("date,white,black,result\n2026-01-05,Ann,Bob,1\n");
  const file = await Element.fetchFile(" games.csv ".trim(), page, 1000, get);
  assert.equal(file.url, "https://club.example/ladder/games.csv");
  assert.equal(new TextDecoder().decode(file.bytes), "date,white,black,result\n2026-01-05,Ann,Bob,1\n");
  assert.equal(asked[0][1].cache, "no-cache");
});

test("bytes are kept as they are: a Latin-1 file is not decoded on the way", async () => {
  const { get } = serving(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]));
  const file = await Element.fetchFile("https://sheets.example/pub?output=csv", page, 1000, get);
  assert.deepEqual([...new Uint8Array(file.bytes)], [0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
});

test("a file past the limit is refused, whether its length is announced or not", async () => {
  assert.deepEqual(await fetched("big.csv", page, 10, serving("x".repeat(11)).get),
    { url: "https://club.example/ladder/big.csv", error: "too_big" });
  assert.deepEqual(await fetched("big.csv", page, 10, serving("x", { headers: { "content-length": "11" } }).get),
    { url: "https://club.example/ladder/big.csv", error: "too_big" });
  assert.equal(new TextDecoder().decode((await fetched("ok.csv", page, 10, serving("x".repeat(10)).get)).bytes),
    "x".repeat(10));
});

test("a server's refusal, a network or CORS failure and a non-web address are each said", async () => {
  assert.deepEqual(await fetched("gone.csv", page, 10, serving("no", { status: 404 }).get),
    { url: "https://club.example/ladder/gone.csv", error: "status", status: 404 });
  const refused = async () => { throw new TypeError("Failed to fetch"); };
  assert.deepEqual(await fetched("https://other.example/x.csv", page, 10, refused),
    { url: "https://other.example/x.csv", error: "network" });
  for (const address of ["javascript:alert(1)", "data:text/csv,a", "file:///etc/passwd"]) {
    assert.equal((await fetched(address, page, 10, refused)).error, "address", address);
  }
  assert.equal((await fetched("http://[x", page, 10, refused)).error, "address");
});

// A host that never answers, or stops in the middle, must not keep the view waiting for ever; a
// newer address's file must not be replaced by an older, slower one.
const never = (_url, options) => new Promise((_, reject) => options.signal.addEventListener("abort", () => reject(new Error("aborted"))));

test("a host that never answers is given up after 20 s of silence, and said as a timeout", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const file = fetched("games.csv", page, 1000, async () => new Promise(() => {})); // not even the signal heard
    mock.timers.tick(19_999);
    await Promise.resolve();
    let done = false;
    file.then(() => { done = true; });
    await new Promise(setImmediate);
    assert.equal(done, false);
    mock.timers.tick(1);
    assert.deepEqual(await file, { url: "https://club.example/ladder/games.csv", error: "timeout" });
  } finally {
    mock.timers.reset();
  }
});

/** A body whose parts the test sends, and fetchFile's answer for it (with whether it has come yet). */
function trickling() {
  /** @type {ReadableStreamDefaultController} */
  let body;
  const stream = new ReadableStream({ start(c) { body = c; } });
  const state = { done: false };
  const file = fetched("games.csv", page, 1000, async () => new Response(stream));
  file.then(() => { state.done = true; });
  const send = async (text) => {
    await new Promise(setImmediate);
    body.enqueue(new TextEncoder().encode(text));
    await new Promise(setImmediate);
  };
  return { file, state, send, close: () => body.close() };
}

test("a body that keeps coming, a part every 15 s, is read whole however long it takes", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { file, state, send, close } = trickling();
    for (let part = 0; part < 5; part++) { // 75 s in all, never 20 s of silence
      await send("x");
      mock.timers.tick(15_000);
    }
    await new Promise(setImmediate);
    assert.equal(state.done, false);
    close();
    assert.equal(new TextDecoder().decode((await file).bytes), "xxxxx");
  } finally {
    mock.timers.reset();
  }
});

test("a body that stops coming is given up 20 s after its last part", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { file, send } = trickling();
    await send("date,white");
    mock.timers.tick(20_000);
    assert.deepEqual(await file, { url: "https://club.example/ladder/games.csv", error: "timeout" });
  } finally {
    mock.timers.reset();
  }
});

test("a fetch aborted by its signal is said as aborted, not as a network failure", async () => {
  const control = new AbortController();
  const file = fetched("games.csv", page, 1000, never, control.signal);
  control.abort();
  assert.deepEqual(await file, { url: "https://club.example/ladder/games.csv", error: "aborted" });
});

test("src changed while the old file is still coming: the frame gets the new file only, the old fetch aborted", async () => {
  /** @type {Record<string, (text: string) => void>} */
  const answer = {};
  const aborted = [];
  context.fetch = (url, options) => new Promise((resolve, reject) => {
    answer[url] = (text) => resolve(new Response(text));
    options.signal.addEventListener("abort", () => { aborted.push(url); reject(new Error("aborted")); });
  });
  const posted = [];
  const element = new Element();
  const attributes = { src: "old.csv" };
  element.getAttribute = (name) => attributes[name] ?? null;
  element.frame = { contentWindow: { postMessage: (message) => posted.push(message) } };
  const first = element.sendFiles();
  attributes.src = "new.csv";
  const second = element.sendFiles();
  await new Promise(setImmediate);
  answer["https://club.example/ladder/new.csv"]("new");
  answer["https://club.example/ladder/old.csv"]?.("old");
  await Promise.all([first, second]);
  assert.deepEqual(aborted, ["https://club.example/ladder/old.csv"]);
  const files = posted.filter((m) => m.type === "elo-calculator:files");
  assert.equal(files.length, 1);
  assert.equal(new TextDecoder().decode(files[0].files.src.bytes), "new");
  assert.deepEqual(posted.map((m) => m.type), ["elo-calculator:fetching", "elo-calculator:fetching", "elo-calculator:files"]);
});
