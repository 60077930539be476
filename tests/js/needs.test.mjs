// needs.js: "what do I need" in words, from elo_core's `needs` (systems/needs.py): a target's score and what may
// be dropped, kept, out of reach or not worked out; a norm's score, or why no score does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { needsLines, normText, targetText } from "../../widget/views/calculator/needs.js";

const say = (key, vars = {}) => (Object.keys(vars).length ? `${key}${JSON.stringify(vars)}` : key);
const num = (x, decimals) => x.toFixed(decimals);
const target = (extra) => ({ target: 2400, games: 5, score: null, dropped: null, worst: 2384, best: 2435, reason: null, ...extra });

test("a target: the score and what may be dropped, kept losing all, out of reach, or why not worked out", () => {
  assert.equal(targetText(target({ score: 2, dropped: 3 }), say, num), 'needs.target.score{"target":"2400","score":"2","games":5,"dropped":"3"}');
  assert.equal(targetText(target({ score: 2.5, dropped: 2.5 }), say, num), 'needs.target.score{"target":"2400","score":"2.5","games":5,"dropped":"2.5"}');
  assert.equal(targetText(target({ score: 0, dropped: 5 }), say, num), 'needs.target.kept{"target":"2400","worst":"2384"}');
  assert.equal(targetText(target({ target: 2500 }), say, num), 'needs.target.out{"target":"2500","games":5,"best":"2435"}');
  assert.equal(targetText(target({ reason: "order" }), say, num), 'needs.target.order{"target":"2400","games":5}');
});

test("a norm: the score and its performance, with fewer than 9 games said; no score under the least average", () => {
  const norm = { title: "GM", games: 9, average: 2460, needed: 6.5, performance: 2626, least_average: 2380, reason: null };
  assert.equal(normText(norm, say, num), 'needs.norm.score{"title":"GM","average":"2460","needed":"6.5","games":9,"performance":"2626"}');
  assert.match(normText({ ...norm, games: 7, reason: "games" }, say, num), / needs\.norm\.games$/);
  assert.equal(normText({ ...norm, average: 2300, needed: null, reason: "average" }, say, num), 'needs.norm.average{"title":"GM","average":"2300","least":"2380"}');
  assert.deepEqual(needsLines(null, say, num), []);
  assert.equal(needsLines({ target: target({ score: 2, dropped: 3 }), norm }, say, num).length, 2);
});

test("a target's reached ratings have the system's decimals: 1999.6 is not shown as 2000", () => {
  const short = { target: 2000, games: 1, score: null, dropped: null, worst: 1979.6, best: 1999.6, reason: null };
  assert.equal(needsLines({ target: short }, say, num, 1)[0], 'needs.target.out{"target":"2000","games":1,"best":"1999.6"}');
  assert.equal(targetText({ ...short, target: 1970, score: 0 }, say, num, 1), 'needs.target.kept{"target":"1970","worst":"1979.6"}');
});
