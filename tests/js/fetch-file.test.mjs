// widget/shared/fetch-file.js: a club's file fetched by its address, by embed.js in the club's page or by
// the widget itself: at most a limit of bytes, every failure said as one reason and never thrown, a host
// that goes silent given up (mocked timers), a fetch superseded aborted.
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { fetchFile } from "../../widget/shared/fetch-file.js";

// The files an element names (src, players): fetched in the club's page, at most a limit of bytes,
// and every failure said as one of four reasons, never thrown.
const page = "https://club.example/ladder/index.html";
/** A fetch that answers `body` with `init` for every URL, and records what it was asked. */
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
  const file = await fetchFile(" games.csv ".trim(), page, 1000, get);
  assert.equal(file.url, "https://club.example/ladder/games.csv");
  assert.equal(new TextDecoder().decode(file.bytes), "date,white,black,result\n2026-01-05,Ann,Bob,1\n");
  assert.equal(asked[0][1].cache, "no-cache");
});

test("bytes are kept as they are: a Latin-1 file is not decoded on the way", async () => {
  const { get } = serving(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]));
  const file = await fetchFile("https://sheets.example/pub?output=csv", page, 1000, get);
  assert.deepEqual([...new Uint8Array(file.bytes)], [0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
});

test("a file past the limit is refused, whether its length is announced or not", async () => {
  assert.deepEqual(await fetchFile("big.csv", page, 10, serving("x".repeat(11)).get),
    { url: "https://club.example/ladder/big.csv", error: "too_big" });
  assert.deepEqual(await fetchFile("big.csv", page, 10, serving("x", { headers: { "content-length": "11" } }).get),
    { url: "https://club.example/ladder/big.csv", error: "too_big" });
  assert.equal(new TextDecoder().decode((await fetchFile("ok.csv", page, 10, serving("x".repeat(10)).get)).bytes),
    "x".repeat(10));
});

test("a server's refusal, a network or CORS failure and a non-web address are each said", async () => {
  assert.deepEqual(await fetchFile("gone.csv", page, 10, serving("no", { status: 404 }).get),
    { url: "https://club.example/ladder/gone.csv", error: "status", status: 404 });
  const refused = async () => { throw new TypeError("Failed to fetch"); };
  assert.deepEqual(await fetchFile("https://other.example/x.csv", page, 10, refused),
    { url: "https://other.example/x.csv", error: "network" });
  for (const address of ["javascript:alert(1)", "data:text/csv,a", "file:///etc/passwd"]) {
    assert.equal((await fetchFile(address, page, 10, refused)).error, "address", address);
  }
  assert.equal((await fetchFile("http://[x", page, 10, refused)).error, "address");
});

// A host that serves its own page for every path (a site's index.html, status 200): the address is wrong, and
// the view must say so with the address, not read the page as a bad file (hp85 e1_src: "no player line (001)").
test("a web page answered for a file is said as one, with the address it came from", async () => {
  const html = "<!DOCTYPE html><html><head><title>Club</title></head><body>Welcome</body></html>";
  const redirected = async () => Object.defineProperty(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    "url", { value: "https://club.example/index.html" });
  assert.deepEqual(await fetchFile("games.csv", page, 1000, redirected), { url: "https://club.example/index.html", error: "html" });
  // Served as anything else, a page is still known by its start: after a byte order mark and white space, any case.
  for (const body of ["\ufeff \r\n<!doctype html><p>x", "\n\t<HTML lang=en>", "<html>"]) {
    assert.deepEqual(await fetchFile("t.trf", page, 1000, serving(body, { headers: { "content-type": "text/plain" } }).get),
      { url: "https://club.example/ladder/t.trf", error: "html" }, JSON.stringify(body));
  }
});

test("a file that is no web page is kept, whatever it holds after its first line", async () => {
  for (const body of ["012 Club Open\n<html>", "date,white,black,result\n", "<htmlish", ""]) {
    const file = await fetchFile("t.trf", page, 1000, serving(body, { headers: { "content-type": "text/csv" } }).get);
    assert.equal(new TextDecoder().decode(file.bytes), body);
  }
});

// A host that never answers, or stops in the middle, must not keep the view waiting for ever; a
// newer address's file must not be replaced by an older, slower one.
const never = (_url, options) => new Promise((_, reject) => options.signal.addEventListener("abort", () => reject(new Error("aborted"))));

test("a host that never answers is given up after 20 s of silence, and said as a timeout", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const file = fetchFile("games.csv", page, 1000, async () => new Promise(() => {})); // not even the signal heard
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
  const file = fetchFile("games.csv", page, 1000, async () => new Response(stream));
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
  const file = fetchFile("games.csv", page, 1000, never, control.signal);
  control.abort();
  assert.deepEqual(await file, { url: "https://club.example/ladder/games.csv", error: "aborted" });
});


test("a body that trickles a part every 15 s is given up after 2 minutes in all", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    /** @type {ReadableStreamDefaultController} */
    let body;
    const stream = new ReadableStream({ start(c) { body = c; } });
    const file = fetchFile("games.csv", page, 1000, async () => new Response(stream));
    for (let part = 0; part < 8; part++) { // 120 s: never 20 s of silence
      await new Promise(setImmediate);
      mock.timers.tick(15_000);
      body.enqueue(new TextEncoder().encode("x"));
    }
    assert.deepEqual(await file, { url: "https://club.example/ladder/games.csv", error: "timeout" });
  } finally {
    mock.timers.reset();
  }
});

test("an address with a user name or password, or longer than 2 000 characters, is refused and never shown whole", async () => {
  const asked = [];
  const get = async (url) => { asked.push(url); return new Response("x"); };
  assert.deepEqual(await fetchFile("https://anna:secret@sheets.example/x.csv", page, 10, get),
    { url: "https://sheets.example/x.csv", error: "credentials" }); // said as such: "not a web address" misled
  const long = await fetchFile(`https://sheets.example/${"x".repeat(2000)}.csv`, page, 10, get);
  assert.deepEqual([long.error, long.url.length], ["address", 2000]);
  assert.deepEqual(asked, []);
});

test("the file is credited to where a redirect took the fetch, and cookies go only where asked", async () => {
  const asked = [];
  const get = async (url, options) => {
    asked.push(options.credentials);
    const response = new Response("a,b,1");
    Object.defineProperty(response, "url", { value: "https://elsewhere.example/real.csv" });
    return response;
  };
  assert.equal((await fetchFile("https://club.example/x.csv", page, 10, get)).url, "https://elsewhere.example/real.csv");
  await fetchFile("https://club.example/x.csv", page, 10, get, undefined, { credentials: "omit" });
  assert.deepEqual(asked, ["same-origin", "omit"]);
});

test("a page's fetch that gives no stream (a polyfill's) is read whole, the limit kept", async () => {
  const answer = (text) => async () => ({ ok: true, status: 200, url: "", headers: new Headers(),
    arrayBuffer: async () => new TextEncoder().encode(text).buffer });
  const file = await fetchFile("games.csv", page, 10, answer("2026,A,B,1"));
  assert.equal(new TextDecoder().decode(file.bytes), "2026,A,B,1");
  assert.equal((await fetchFile("games.csv", page, 10, answer("x".repeat(11)))).error, "too_big");
});
