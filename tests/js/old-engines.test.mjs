// The page's scripts parse in every browser the calculator still tells it is too old (WPE WebKit 2.38,
// before Safari 16.4: tests/engines): a regular expression with a lookbehind is a syntax error there,
// which stops the whole bundle before it can say so. A fast check of the sources, for the inner loop.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const folders = ["widget", "embed"].map((f) => new URL(`../../${f}/`, import.meta.url));

test("no script of the page or the embed uses a lookbehind", () => {
  for (const folder of folders) {
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".js") || n.endsWith(".mjs"))) {
      // Comments and strings aside (support.js tests for lookbehind with new RegExp("..."), in a try).
      const code = readFileSync(new URL(name, folder), "utf8").replace(/^\s*(\/\/|\*).*$/gm, "")
        .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
      assert.doesNotMatch(code, /\(\?<[=!]/, `${name} has a lookbehind`);
    }
  }
});
