// say.js: a voice says a text once typing pauses, once; at once when asked; a text dropped is never said.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

const g = /** @type {any} */ (globalThis);
g.window = globalThis;
mock.timers.enable({ apis: ["setTimeout"] });
const { voice, SAY_PAUSE } = await import("../../widget/page/say.js");

/** A live region's stand-in: the texts written into it, in order. */
function region() {
  const said = /** @type {string[]} */ ([]);
  const box = { get textContent() { return said.at(-1) ?? ""; }, set textContent(text) { said.push(text); } };
  return { said, box: () => /** @type {any} */ (box) };
}

test("typed key by key, a text is said once the typing pauses, and not again while it stands", () => {
  const { said, box } = region();
  const v = voice(box);
  for (const text of ["1", "12", "125"]) {
    v.later(text);
    mock.timers.tick(SAY_PAUSE - 1);
  }
  assert.deepEqual(said, []);
  mock.timers.tick(1);
  assert.deepEqual(said, ["125"]);
  v.later("125");
  mock.timers.tick(SAY_PAUSE);
  assert.deepEqual(said, ["125"]);
});

test("after hush, or once another voice spoke over it, the same text is said again", () => {
  const { said, box } = region();
  const v = voice(box);
  const other = voice(box);
  v.now("A");
  v.hush();
  v.later("A");
  mock.timers.tick(SAY_PAUSE);
  other.now("B");
  v.later("A");
  mock.timers.tick(SAY_PAUSE);
  assert.deepEqual(said, ["A", "A", "B", "A"]);
});

test("what waits is dropped by now, by hush and by an empty text; a text worked out is read when said", () => {
  const { said, box } = region();
  const v = voice(box, { pause: 500 });
  v.later("dropped by now");
  v.now("now");
  v.later("dropped by hush");
  v.hush();
  v.later("dropped by nothing");
  v.later("");
  mock.timers.tick(1000);
  let count = 1;
  v.later(() => `count ${count}`);
  count = 2;
  mock.timers.tick(500);
  assert.deepEqual(said, ["now", "count 2"]);
});

test("a voice that speaks once says its text once, whatever spoke since (a field's errors)", () => {
  const { said, box } = region();
  const errors = voice(box, { once: true });
  const other = voice(box);
  errors.later("E");
  mock.timers.tick(SAY_PAUSE);
  other.now("Removed: game 3.");
  errors.later("E");
  mock.timers.tick(SAY_PAUSE);
  errors.later("");
  errors.later("E");
  mock.timers.tick(SAY_PAUSE);
  assert.deepEqual(said, ["E", "Removed: game 3.", "E"]);
});
