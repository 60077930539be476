// result-event.js: what a club's page receives is the public shape, made from the engine's answer,
// with the keys README.md documents, whatever else the answer holds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RESULT_VERSION, publicResult } from "../../widget/page/result-event.js";

const answer = {
  ok: true, system: "fide", time_control: "standard", period: "2025-09", rating: 2700, k: 10, k_rule: "reached_2400",
  games: [{ opponent: 2200, score: 1, difference: 400, expected: 0.92, change: 0.8, rated: true, rating_after: 2700.8 },
    { opponent: null, score: 0.5, expected: null, change: null, rated: false, reason: "unrated_opponent" }],
  rated_games: 1, score: 1.5, expected: 0.92, change: 1, change_exact: 0.8, new_rating: 2701,
  performance: { rating: 3000, reason: "fide_8_1_1", note: "FIDE table 8.1.1" }, warnings: [],
};

test("the public result holds the documented keys only, from the answer", () => {
  assert.deepEqual(publicResult(answer), {
    version: RESULT_VERSION, system: "fide", rating: 2700, new_rating: 2701, change: 1, score: 1.5, expected: 0.92,
    performance: 3000,
    games: [{ opponent: 2200, score: 1, expected: 0.92, change: 0.8, rated: true },
      { opponent: null, score: 0.5, expected: null, change: null, rated: false }],
  });
});

test("a first rating, no performance and games without a rated flag read as null and rated", () => {
  const shown = publicResult({ ok: true, system: "glicko", rating: null, new_rating: 1650, change: null, score: 1,
    expected: null, performance: { rating: null, reason: "not_defined" }, games: [{ opponent: 1600, score: 1 }] });
  assert.deepEqual([shown.rating, shown.change, shown.performance, shown.games[0]],
    [null, null, null, { opponent: 1600, score: 1, expected: null, change: null, rated: true }]);
});
