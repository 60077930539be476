// retype.js: entries typed on a page in one language, as a page in another writes them (the language menu, a club's
// pages in two languages sharing one saved copy). Each number is read by the old language's rules and written the
// new one's way; the unrated word becomes the new language's; what does not read stays as typed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { retypeNumber, retyped } from "../../widget/views/calculator/retype.js";
import { blankState } from "../../widget/views/calculator/store.js";

const NL = { lang: "nl", unrated: "zonder rating" };
const EN = { lang: "en", unrated: "unrated" };
const DE = { lang: "de", unrated: "ungewertet" };

for (const [text, from, to, written] of [
  ["1.950", "nl", "en", "1950"], // grouped in Dutch, ambiguous in English
  ["1,450", "en", "de", "1450"], // grouped in English, ambiguous in German
  ["1484,4", "de", "en", "1484.4"],
  ["1,484.4", "en", "fr", "1484,4"],
  ["22.75", "en", "it", "22,75"],
  [" 1850 ", "en", "de", "1850"],
  ["−40", "de", "en", "−40"],
]) {
  test(`${JSON.stringify(text)} typed in ${from} is ${JSON.stringify(written)} in ${to}`, () => {
    assert.equal(retypeNumber(text, from, to), written);
  });
}

for (const [name, text, from] of [
  ["a typo", "18x0", "en"],
  ["a number that read two ways there too", "1.500", "en"],
  ["empty", "", "de"],
  ["too big to write out", "9".repeat(400), "en"],
  ["too small to write out", "0.0000001", "en"],
]) {
  test(`left as typed: ${name}`, () => assert.equal(retypeNumber(text, from, "de"), text));
}

test("a whole calculation: the rating, K, tournaments, each system's numbers and each game's, in the new language", () => {
  const state = {
    ...blankState(), system: "glicko", rating: "1.950", k: "22,5",
    entries: { glicko: { "player.rd": "80,5" }, elo: { league: true, update: "game" } },
    events: [{ name: "Open 2.024", rating: "2.001" }],
    games: [
      { opponent: "zonder rating", result: "1" },
      { opponent: "Zonder Rating ", result: "0" }, // as request.js reads it: any case, spaces around
      { opponent: "1.620", result: "0.5", extra: { opponent_rd: "45,5", venue: "home", points_for: "3" } },
      { opponent: "Jansen", result: "1", event: 0 },
    ],
  };
  const before = structuredClone(state);
  assert.deepEqual(retyped(state, NL, EN), {
    ...state, rating: "1950", k: "22.5",
    entries: { glicko: { "player.rd": "80.5" }, elo: { league: true, update: "game" } },
    events: [{ name: "Open 2.024", rating: "2001" }],
    games: [
      { opponent: "unrated", result: "1" },
      { opponent: "unrated", result: "0" },
      { opponent: "1620", result: "0.5", extra: { opponent_rd: "45.5", venue: "home", points_for: "3" } },
      { opponent: "Jansen", result: "1", event: 0 },
    ],
  });
  assert.deepEqual(state, before); // a new state
});

test("English \"unrated\", which every page reads, becomes the new language's word too", () => {
  const state = { ...blankState(), games: [{ opponent: "unrated", result: "1" }] };
  assert.equal(retyped(state, NL, DE).games[0].opponent, "ungewertet");
});

test("the old language's word not known (its file not loaded): the opponent stays as typed, the numbers are written", () => {
  const state = { ...blankState(), rating: "1.950", games: [{ opponent: "zonder rating", result: "1" }] };
  const read = retyped(state, { lang: "nl", unrated: "" }, EN);
  assert.deepEqual([read.rating, read.games[0].opponent], ["1950", "zonder rating"]);
});
