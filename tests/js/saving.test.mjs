// saving.js: a short list is saved at once, a long one once the visitor pauses, and what waits is
// saved when the page is left; on node's fake timers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SAVE_APART, SAVE_PAUSE, pausedSaver } from "../../widget/views/calculator/saving.js";

/** A saver on fake timers, and how many times it has saved. */
function saver() {
  const saves = { count: 0 };
  return { saves, saver: pausedSaver(() => saves.count++) };
}

test("a change to a short list is saved at once", () => {
  const { saves, saver: s } = saver();
  s.soon(SAVE_APART - 1);
  assert.equal(saves.count, 1);
  s.flush(); // nothing waits
  assert.equal(saves.count, 1);
});

test("changes to a long list are saved once, a pause after the last", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { saves, saver: s } = saver();
  for (let i = 0; i < 5; i++) {
    s.soon(SAVE_APART);
    t.mock.timers.tick(SAVE_PAUSE - 1);
  }
  assert.equal(saves.count, 0);
  t.mock.timers.tick(1);
  assert.equal(saves.count, 1);
});

test("what waits is saved by flush (the page left), and only once", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { saves, saver: s } = saver();
  s.soon(SAVE_APART * 10);
  s.flush();
  assert.equal(saves.count, 1);
  t.mock.timers.tick(SAVE_PAUSE * 2);
  assert.equal(saves.count, 1);
});

test("a short list saved at once takes the place of a long one's save still waiting", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { saves, saver: s } = saver();
  s.soon(SAVE_APART);
  s.soon(1); // games removed: saved now, the waiting save with it
  t.mock.timers.tick(SAVE_PAUSE);
  assert.equal(saves.count, 1);
});

