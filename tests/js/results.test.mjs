// results.js's words and figures, which need no page: which K the answer used and why, a first
// rating's steps, what is announced, and a change's colour. Importing results.js installs nothing
// (bindResults does, on the page): it runs here with only the address and the browser's languages
// that state.js reads for the options (English, as a page without `lang` in a browser in English).
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.location = /** @type {any} */ (new URL("https://calc.example/widget/?lang=en"));
Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"], language: "en" }, configurable: true });
const { announcement, firstRatingText, kUsedText, trend } = await import("../../widget/views/calculator/results.js");

const fide = { rating: 2100, k: 20, k_rule: "default", rule_700: false, rated_games: 4, new_rating: 2112, change: 12 };

test("the K used is said with its reason; a first rating, or an answer without a rule, says none", () => {
  assert.equal(kUsedText(fide), "K used: 20 (FIDE's standard K)");
  assert.equal(kUsedText({ ...fide, k: 12.5 }), "K used: 12.50 (FIDE's standard K)");
  assert.equal(kUsedText({ ...fide, rating: null }), "");
  assert.equal(kUsedText({ ...fide, k_rule: undefined }), "");
  assert.equal(kUsedText({ ...fide, k: null }), "");
});

test("the 700 rule is said after the K it gave", () => {
  assert.equal(kUsedText({ ...fide, k: 35, k_rule: "fewer_than_30_games", rule_700: true, k_before_700: 40, rated_games: 18 }),
    "K used: 35 (fewer than 30 rated games) The 700 rule applies: 40 × 18 games is over 700, so K is 35.");
});

const initial = { rules: "2024", rating: 1720, computed: 1720, average: 1650.25, percent: 62, dp: 95, games_needed: 0, reason: null };

test("a first rating's steps: the average, the score and what it is worth, the rating it gives", () => {
  assert.equal(firstRatingText(initial), "Average of your opponents with two extra draws against 1800: 1650.25. "
    + "Score with those draws: 62 %, worth +95 points. That gives 1720.");
});

test("a first rating over the cap says so; the 2022 rules average the rated opponents only", () => {
  assert.match(firstRatingText({ ...initial, rating: 2200, computed: 2251 }), /That gives 2251, and a first rating is at most 2200\.$/);
  assert.match(firstRatingText({ ...initial, rules: "2022" }), /^Average of your rated opponents: 1650.25\. Score: 62 %/);
});

test("no first rating yet: why, and how many games it still needs (singular and plural)", () => {
  const none = { ...initial, rating: null, reason: "fewer_than_5_games" };
  assert.match(firstRatingText({ ...none, games_needed: 2 }),
    /it needs at least 5 games against rated opponents\. Still needed: 2 more games against rated opponents\.$/);
  assert.match(firstRatingText({ ...none, games_needed: 1 }), /Still needed: 1 more game against a rated opponent\.$/);
});

test("what is announced: the new rating and the change; a first rating without a change; nothing without a rating", () => {
  assert.equal(announcement(fide, 0), "New rating 2112, change +12.");
  assert.equal(announcement({ ...fide, new_rating: 1484.46, change: -3.25 }, 1), "New rating 1484.5, change −3.3.");
  assert.equal(announcement({ ...fide, rating: null }, 0), "First rating 2112.");
  assert.equal(announcement({ ...fide, new_rating: null }, 0), "");
});

test("a change is coloured by its sign as shown: one that rounds to zero has no colour", () => {
  assert.equal(trend(12, 0), "up");
  assert.equal(trend(-0.4, 0), "");
  assert.equal(trend(-0.4, 1), "down");
  assert.equal(trend(null, 0), "");
});
