// widget/page/text.js, as the report and the ladder use it: a group of problems of one kind
// (contract.group_problems) is said once, with how many and on which lines, the lines as runs.
import assert from "node:assert/strict";
import { test } from "node:test";
// The page's options are read at import (options.js): a page's address and languages first.
Object.assign(globalThis, { location: new URL("https://calc.example/widget/") });
if (!globalThis.navigator) Object.assign(globalThis, { navigator: { languages: ["en"] } });
const { lineRuns } = await import("../../widget/page/text.js");

test("lines are said as runs, the first ten, then an ellipsis", () => {
  assert.equal(lineRuns([5, 3, 4, 9]), "3–5, 9");
  assert.equal(lineRuns([7]), "7");
  assert.equal(lineRuns([1, 1, 2]), "1–2");
  assert.equal(lineRuns(Array.from({ length: 12 }, (_, i) => 2 * i)), "0, 2, 4, 6, 8, 10, 12, 14, 16, 18, …");
});

test("a group with more than one problem on a line says how many times, not that many lines", async () => {
  const { groupKey } = await import("../../widget/page/text.js");
  assert.equal(groupKey([2, 3, 4]), "event.note.group");
  assert.equal(groupKey([2, 2, 3, 3]), "event.note.groupTimes"); // both players of a line unknown: 4 times, 2 lines
});
