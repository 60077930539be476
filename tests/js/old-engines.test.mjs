// The page's scripts parse in every browser the calculator still tells it is too old (WPE WebKit 2.38,
// before Safari 16.4: tests/engines): a regular expression with a lookbehind is a syntax error there,
// which stops the whole bundle before it can say so. A fast check of the sources, for the inner loop.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const folders = ["widget", "embed"].map((f) => new URL(`../../${f}/`, import.meta.url));

test("no script of the page or the embed uses a lookbehind", () => {
  let read = 0;
  for (const folder of folders) {
    // Every folder (the widget's modules are in page/, views/…, engine/, offline/, shared/).
    const names = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((n) => n.endsWith(".js") || n.endsWith(".mjs"));
    for (const name of names) {
      read += 1;
      // Comments and strings aside (support.js tests for lookbehind with new RegExp("..."), in a try).
      const code = readFileSync(new URL(name, folder), "utf8").replace(/^\s*(\/\/|\*).*$/gm, "")
        .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
      assert.doesNotMatch(code, /\(\?<[=!]/, `${name} has a lookbehind`);
    }
  }
  assert.ok(read > 50, `only ${read} scripts read`); // not a folder's top level alone
});
