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

test("a ladder's rules and a view's heading are taken as the club writes them", () => {
  assert.deepEqual(options({ view: "ladder", heading: "Ladder 2026 <rapid> & “blitz”", start: "1200", "first-k": "40",
    "first-games": "10", "cap-400": "yes", period: "week", provisional: "5", "inactive-months": "6", since: "2026-01-01",
    pool: "Rapid", overrides: "no" }), { view: "ladder", heading: "Ladder 2026 <rapid> & “blitz”", start: "1200",
    "first-k": "40", "first-games": "10", "cap-400": "yes", period: "week", provisional: "5", "inactive-months": "6",
    since: "2026-01-01", pool: "Rapid", overrides: "no" });
});

test("known options are taken, trimmed", () => {
  assert.deepEqual(options({ system: "glicko", lang: "de-AT", theme: "dark", accent: "#7a1f3d", font: "Georgia, serif",
    k: " 20 ", rating: "1484.5", view: " calculator" }), { system: "glicko", lang: "de-AT", theme: "dark", accent: "#7a1f3d",
    font: "Georgia, serif", k: "20", rating: "1484.5", view: "calculator" });
});

test("a known value in another letter case is taken, in the case the calculator reads (lang=\"DE\" was, system=\"FIDE\" not)", () => {
  assert.deepEqual(options({ system: "FIDE", theme: "Dark", view: "Calculator", "language-menu": "YES", heading: "Club Ladder" }),
    { system: "fide", theme: "dark", view: "calculator", heading: "Club Ladder", "language-menu": "yes" });
});

for (const [name, value] of [
  ["system", "chesscom"], ["system", "<img src=x>"], ["lang", "english"], ["theme", "neon"],
  ["accent", "red;background:url(x)"], ["accent", "rgb(1,2,3)"], ["font", "x}body{display:none"], ["font", "a".repeat(201)],
  ["k", "1e9"], ["k", "20000"], ["rating", "-5"], ["rating", "1500.123"], ["rating", "javascript:alert(1)"],
  ["view", "../calculator"], ["view", "calculator&system=fide"], ["view", "ladder view"],
  ["view", "-event"], ["view", "x".repeat(33)], ["view", "<script>"],
  ["heading", "x".repeat(81)], ["heading", "Club\nladder"], ["start", "1500x"], ["start", "-1"], ["first-k", "40k"],
  ["first-games", "1000"], ["cap-400", "true"], ["period", "day"], ["provisional", "3.5"], ["inactive-months", "-6"],
  ["since", "2026-1-1"], ["since", "yesterday"], ["pool", "p".repeat(41)], ["overrides", "1"],
]) {
  test(`a hostile or malformed ${name} is left out: ${JSON.stringify(value.slice(0, 30))}`, () => {
    assert.deepEqual(options({ [name]: value, system: name === "system" ? value : "elo" }), name === "system" ? {} : { system: "elo" });
  });
}

test("attributes the element does not know are not read; the files it names never reach the frame's address", () => {
  assert.deepEqual([...Element.observedAttributes],
    ["system", "lang", "theme", "accent", "font", "k", "rating", "view", "heading", "start", "first-k", "first-games",
      "cap-400", "period", "provisional", "inactive-months", "since", "preset", "home-advantage", "margin", "season-regression",
      "season-mean", "season-start", "pool", "overrides", "norm-exempt", "norm-games", "norm-rounds", "language-menu", "src",
      "players"]);
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

// The files an element names (src, players), fetched in the club's page (widget/shared/fetch-file.js,
// tests/js/fetch-file.test.mjs): a newer address's file must not be replaced by an older, slower one.
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

test("a link to the club's page hands its calculation to the calculator it names, and to no other", () => {
  const hash = "#" + new URLSearchParams({ "elo-calculator": "id:club", c: "z.AbC-_9" }).toString();
  assert.equal(Element.linked(hash, "id:club"), "#c=z.AbC-_9");
  assert.equal(Element.linked(hash, "nth:1"), "");
  assert.equal(Element.linked("#c=z.AbC", "id:club"), "");
  for (const code of ["<script>", "a b", "a".repeat(20001), ""]) {
    const bad = "#" + new URLSearchParams({ "elo-calculator": "id:club", c: code }).toString();
    assert.equal(Element.linked(bad, "id:club"), "", code.slice(0, 10));
  }
});

test("a link to a player of a club's report or ladder opens that player in the view it names, and in no other", () => {
  const link = (player) => "#" + new URLSearchParams({ "elo-calculator": "id:ladder", player }).toString();
  assert.equal(Element.linked(link("12"), "id:ladder"), "#player=12");
  assert.equal(Element.linked(link("Anna Meier"), "id:ladder"), "#player=Anna+Meier");
  assert.equal(Element.linked(link("12"), "id:report"), "");
  for (const bad of ["", "a\nb", "x".repeat(65)]) assert.equal(Element.linked(link(bad), "id:ladder"), "", JSON.stringify(bad));
});
