// frame.js: what the embedding page hears, installed by installFrame() (the shell calls it), not at
// import. The height and the ready and error events go to the origin the page named (`host`), or to
// any page with no origin of its own (`host=null`, a file opened from disk), results only to a named
// origin, in their public shape; a page not embedded, or one that named no host, hears nothing.
// The page is a few fakes: the parent's postMessage, the document's listeners and observers.
import assert from "node:assert/strict";
import { test } from "node:test";

const frame = await import("../../widget/page/frame.js");
const { installFrame } = frame;
const { publicResult } = await import("../../widget/page/result-event.js");

/** A page at `search` inside a frame (or not), with installFrame() run: what it posted, and its document's events. */
function framed(search, { embedded = true, height = 900, innerHeight = height } = {}) {
  /** @type {[unknown, string][]} */
  const posted = [];
  /** @type {Record<string, (event: any) => void>} */
  const listeners = {};
  const parent = { postMessage: (message, target) => posted.push([message, target]) };
  const observers = [];
  class Observer {
    constructor(callback) { this.callback = callback; observers.push(this); }
    observe() {}
  }
  const win = { innerHeight }; // as tall as its content, as embed.js makes it, unless told otherwise
  win.parent = embedded ? parent : win; // a page not in a frame is its own parent
  /** @type {Record<string, (event: any) => void>} the window's own: messages from the embedding page */
  const heard = {};
  /** @type {Record<string, boolean>} the root element's classes, as frame.js toggles them */
  const classes = {};
  Object.assign(globalThis, {
    addEventListener: (type, listener) => { heard[type] = listener; },
    location: new URL(`https://calc.example/widget/${search}`),
    window: win,
    ResizeObserver: Observer,
    MutationObserver: Observer,
    document: {
      documentElement: { getBoundingClientRect: () => ({ height }), classList: { toggle: (name, on) => { classes[name] = on; } } },
      body: {},
      querySelector: () => null,
      addEventListener: (type, listener) => { listeners[type] = listener; },
      dispatchEvent: () => true,
    },
  });
  installFrame();
  for (const o of observers) o.callback([]); // the document is laid out
  return { posted, emit: (type, detail) => listeners[type]?.({ detail }), listeners, heard, parent, classes, win };
}

const answer = { ok: true, system: "elo", rating: 1500, new_rating: 1510, change: 10, score: 1, expected: 0.5,
  performance: { rating: 1900 }, games: [{ opponent: 1500, score: 1, expected: 0.5, change: 10, rated: true }], internal: "x" };

test("a page that named its origin gets the height, ready, errors and each result in its public shape, only at that origin", () => {
  const page = framed("?host=https%3A%2F%2Fclub.example");
  page.emit("elo:ready");
  page.emit("elo:error", { reason: "texts" });
  page.emit("elo:result", answer);
  assert.deepEqual(page.posted, [
    [{ type: "elo-calculator:page", detail: {} }, "https://club.example"], // its address, asked of it
    [{ type: "elo-calculator:height", height: 900, scrolls: false }, "https://club.example"],
    [{ type: "elo-calculator:ready", detail: {} }, "https://club.example"],
    [{ type: "elo-calculator:error", detail: { reason: "texts" } }, "https://club.example"],
    [{ type: "elo-calculator:result", detail: publicResult(answer) }, "https://club.example"],
  ]);
  assert.ok(!("internal" in page.posted[4][0].detail), "never the engine's answer itself");
  assert.deepEqual(page.classes, { "sized-to-content": true }, "no scrollbar of its own (style.css)");
});

test("a page with no origin of its own (host=null) gets the height and ready, never a result", () => {
  const page = framed("?host=null");
  page.emit("elo:ready");
  assert.equal(page.listeners["elo:result"], undefined);
  assert.deepEqual(page.posted.map(([m, target]) => [m.type, target]), [["elo-calculator:height", "*"], ["elo-calculator:ready", "*"]]);
});

test("a frame taller than a page sizes to its content says it scrolls itself", () => {
  const page = framed("?host=https%3A%2F%2Fclub.example", { height: 200_000 });
  assert.deepEqual(page.posted.find(([m]) => m.type === "elo-calculator:height")?.[0],
    { type: "elo-calculator:height", height: 200_000, scrolls: true });
  assert.deepEqual(page.classes, { "sized-to-content": false }, "it scrolls itself");
});

test("a page that named no host, or a calculator not in a frame, hears nothing", () => {
  for (const page of [framed(""), framed("?host=https%3A%2F%2Fclub.example", { embedded: false }), framed("?host=javascript:alert(1)")]) {
    assert.deepEqual(page.posted, []);
    assert.deepEqual(Object.keys(page.listeners), []);
  }
});

test("the club's page's address is taken from that page only, on its own origin, without its fragment", () => {
  const page = framed("?host=https%3A%2F%2Fclub.example");
  const say = (data, origin = "https://club.example", source = page.parent) => page.heard.message({ data, origin, source });
  say({ type: "elo-calculator:page", url: "https://evil.example/x" }); // another origin's address
  say({ type: "elo-calculator:page", url: "https://club.example/x" }, "https://evil.example"); // another sender
  say({ type: "elo-calculator:page", url: "https://club.example/x" }, "https://club.example", {}); // not the parent
  say({ type: "elo-calculator:page", url: "javascript:alert(1)" });
  assert.equal(frame.clubPage, null);
  say({ type: "elo-calculator:page", url: "https://club.example/ratings/?page_id=7#top" });
  assert.equal(frame.clubPage, "https://club.example/ratings/?page_id=7");
});

test("a frame no page has made as tall as its content scrolls itself until one does", () => {
  // A frame snippet's 900 px with the host of a live frame it was copied from, on a site builder (rv88).
  const page = framed("?host=https%3A%2F%2Fclub.example", { height: 1500, innerHeight: 900 });
  assert.deepEqual(page.classes, { "sized-to-content": false });
  page.win.innerHeight = 1500; // the club's page sized it after all
  page.heard.resize?.({});
  assert.deepEqual(page.classes, { "sized-to-content": true });
});
