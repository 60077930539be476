// saved-answer.js: the last answer is kept with its request and engine build, and read back only
// for the same request byte for byte and the same build; too long is not kept, and a damaged copy
// is no answer (and is removed), as is any copy where the browser keeps nothing.
import assert from "node:assert/strict";
import { test } from "node:test";

/** A Storage in memory, as window.localStorage; `refuse` makes every call throw, as blocked storage does. */
const items = new Map();
const storage = {
  refuse: false,
  getItem(k) { if (this.refuse) throw new DOMException("denied", "SecurityError"); return items.get(k) ?? null; },
  setItem(k, v) { if (this.refuse) throw new DOMException("full", "QuotaExceededError"); items.set(k, String(v)); },
  removeItem(k) { if (this.refuse) throw new DOMException("denied", "SecurityError"); items.delete(k); },
};
globalThis.window = { localStorage: storage };
const { MAX_ANSWER, answerText, couldAnswer, forgetAnswer, loadAnswer, readAnswer, saveAnswer } = await import("../../widget/views/calculator/saved-answer.js");

const KEY = "elo-calculator:answer:page:elo";
const request = JSON.stringify({ system: "elo", rating: 1450, k: 40, games: [{ opponent: 1500, score: 1 }] });
const response = { ok: true, system: "elo", rating: 1450, new_rating: 1472.9, change: 22.9, games: [], errors: [] };

test("an answer comes back for its own request and build", () => {
  assert.deepEqual(readAnswer(answerText("b1", request, response), "b1", request), response);
});

test("an answer is no answer to a request that differs by one byte", () => {
  assert.equal(readAnswer(answerText("b1", request, response), "b1", request.replace("1500", "1501")), null);
  assert.equal(readAnswer(answerText("b1", request, response), "b1", request + " "), null);
});

test("an answer from another engine build is no answer", () => {
  assert.equal(readAnswer(answerText("b1", request, response), "b2", request), null);
});

test("an answer longer than the cap is not kept", () => {
  const games = Array.from({ length: 5000 }, (_, i) => ({ opponent: 1500 + (i % 700), score: 0.5 }));
  const big = { ...response, games: games.map((g) => ({ ...g, expected: 0.5, change: 0, rating_after: 1450 })) };
  assert.equal(answerText("b1", request, big), null);
  assert.equal(answerText("b1", "x".repeat(MAX_ANSWER + 1), response), null);
  assert.ok((answerText("b1", request, response) ?? "").length < MAX_ANSWER);
});

test("an answer whose games could not fit is not even written out (10 000 games on every keystroke)", () => {
  // Games of a rated answer take at least their seven keys' names each: 4 500 of them are over the
  // cap whatever their values, so the answer is refused before JSON.stringify walks it.
  const walked = { ...response, games: Object.assign(new Array(4500), { toJSON() { throw new Error("written"); } }) };
  assert.equal(answerText("b1", request, walked), null);
});

for (const [name, text] of [
  ["not JSON", "{not json"],
  ["cut short", answerText("b1", request, response)?.slice(0, 40)],
  ["another format", JSON.stringify({ v: 2, build: "b1", request, response })],
  ["a response that is no object", JSON.stringify({ v: 1, build: "b1", request, response: "lots" })],
  ["a response without ok", JSON.stringify({ v: 1, build: "b1", request, response: { games: [] } })],
  ["too long", JSON.stringify({ v: 1, build: "b1", request, response: { ...response, pad: "x".repeat(MAX_ANSWER) } })],
]) {
  test(`a damaged copy is no answer, and is removed: ${name}`, () => {
    items.set(KEY, text);
    assert.equal(loadAnswer(KEY, request, "b1"), null);
    assert.equal(items.has(KEY), false);
  });
}

test("a readable copy for other entries stays until the next answer replaces it", () => {
  saveAnswer(KEY, request, response, "b1");
  assert.equal(loadAnswer(KEY, request.replace("1500", "1600"), "b1"), null);
  assert.deepEqual(loadAnswer(KEY, request, "b1"), response);
});

test("an answer too long to keep removes the older one", () => {
  saveAnswer(KEY, request, response, "b1");
  saveAnswer(KEY, "x".repeat(MAX_ANSWER + 1), response, "b1");
  assert.equal(items.has(KEY), false);
});

test("where the browser keeps nothing, there is no answer and no error", () => {
  saveAnswer(KEY, request, response, "b1");
  storage.refuse = true;
  try {
    assert.equal(loadAnswer(KEY, request, "b1"), null);
    saveAnswer(KEY, request, response, "b1");
    assert.equal(forgetAnswer(KEY), false);
  } finally {
    storage.refuse = false;
  }
});

test("forgetting says whether there was an answer", () => {
  saveAnswer(KEY, request, response, "b1");
  assert.equal(forgetAnswer(KEY), true);
  assert.equal(forgetAnswer(KEY), false);
});

const asked = { system: "elo", rating: 1450, k: 40, games: [{ opponent: 1500, score: 1 }] };
const given = { ok: true, system: "elo", rating: 1450, change: 22.9, new_rating: 1472.9, games: [{}] };

test("a kept answer is shown for the request it could answer: its system, rating, games and sum", () => {
  assert.equal(couldAnswer(given, asked), true);
  const events = { system: "fide", rating: 2000, events: [{ games: [{}, {}] }, { games: [{}] }] };
  assert.equal(couldAnswer({ ...given, system: "fide", rating: 2000, new_rating: 2022.9, games: [{}, {}, {}] }, events), true);
  const unrated = { ...asked, rating: undefined }; // no rating asked: none answered, no numbers to add up
  assert.equal(couldAnswer({ ...given, rating: null, change: null, new_rating: null }, unrated), true);
});

for (const [name, answer] of [
  ["with errors", { ...given, ok: false }],
  ["of another system", { ...given, system: "fide" }],
  ["of another rating", { ...given, rating: 1451, new_rating: 1473.9 }],
  ["with a game fewer", { ...given, games: [] }],
  ["with no list of games", { ...given, games: "1" }],
  ["whose new rating is not the rating plus the change", { ...given, new_rating: 1500 }],
]) {
  test(`a kept answer ${name} is not shown`, () => assert.equal(couldAnswer(answer, asked), false));
}
