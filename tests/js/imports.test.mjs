// Importing a widget module does nothing: no listener, no observer, no element touched (issue 30:
// listeners are installed by a function the page's shell or a view calls). Each module is imported
// here with no document, no window and no events: one that touched the page at import would throw.
// It is given only what state.js reads for the options (the address, the browser's languages).
// The entry scripts are left out: running is what they are for.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";

/** Scripts the page (index.html), the worker or the service worker runs on their own, and engine-status.js,
 * which shares progress.js's count (it imports that entry script, the same module in the page); blocked.js, which the
 * page loads only where it cannot run. */
const ENTRIES = new Set(["app.js", "progress.js", "engine-status.js", "sw.js", "worker.mjs", "engine-start.js", "blocked.js"]);

globalThis.location = /** @type {any} */ (new URL("https://calc.example/widget/?lang=en"));
Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"], language: "en" }, configurable: true });

/** Every module of widget/ by its path there (its folders: page/, views/…, engine/, offline/, shared/). */
const modules = readdirSync(new URL("../../widget/", import.meta.url), { recursive: true, encoding: "utf8" })
  .filter((f) => /\.m?js$/.test(f) && !ENTRIES.has(f.split("/").pop() ?? "")).sort();

test("the modules looked at include the ones that once installed listeners at import", () => {
  for (const name of ["views/calculator/results.js", "views/calculator/share.js", "views/calculator/summary.js", "page/frame.js",
    "views/calculator/state.js", "views/calculator/form.js", "views/calculator/paste.js", "views/calculator/calculator.js"]) {
    assert.ok(modules.includes(name), name);
  }
});

for (const name of modules) {
  test(`${name} imports without a page`, async () => {
    assert.equal(typeof globalThis.document, "undefined");
    await import(`../../widget/${name}`);
  });
}
