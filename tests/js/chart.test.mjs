// chart.js: the rating axis is cut at round numbers (1, 2 or 5 times a power of ten), around the
// ratings shown, with at least two ticks even when the rating does not move.
import assert from "node:assert/strict";
import { test } from "node:test";
import { niceStep, ratingAxis } from "../../widget/page/chart.js";

test("a step is 1, 2 or 5 times a power of ten, never below 1", () => {
  assert.deepEqual([3, 7, 12, 40, 130, 0.2].map((range) => niceStep(range, 1)), [5, 10, 20, 50, 200, 1]);
});

test("one game from 1500 to 1510 reads 1500, 1505, 1510", () => {
  assert.deepEqual(ratingAxis(1500, 1510), { lo: 1500, hi: 1510, ticks: [1500, 1505, 1510] });
});

test("a season from 1423.6 to 1561.2 is cut every 50 between round bounds", () => {
  assert.deepEqual(ratingAxis(1423.6, 1561.2), { lo: 1400, hi: 1600, ticks: [1400, 1450, 1500, 1550, 1600] });
});

test("a rating that does not move still has an axis around it", () => {
  assert.deepEqual(ratingAxis(1500, 1500), { lo: 1499, hi: 1501, ticks: [1499, 1500, 1501] });
});
