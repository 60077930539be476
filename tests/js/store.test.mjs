// store.js: states checked field by field; links round-trip; hostile fragments refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkState, fromFragment, toFragment } from "../../widget/store.js";

const good = {
  v: 1, system: "elo", rating: "1450", k: "40", fewer30: false, junior: false, reached2400: false,
  timeControl: "standard", cap400: false, update: "event",
  games: [{ opponent: "1500", result: "1" }, { opponent: "1620", result: "0.5" }],
};

test("a good state passes, and keeps typed text as typed", () => {
  assert.deepEqual(checkState({ ...good, rating: "abc" })?.rating, "abc");
  assert.equal(checkState(good)?.games.length, 2);
});

test("a link carries the whole calculation", () => {
  const state = checkState(good);
  assert.deepEqual(fromFragment(toFragment(state)).state, state);
});

test("non-ASCII text survives a link", () => {
  const state = checkState({ ...good, rating: "1484,4 ½" });
  assert.deepEqual(fromFragment(toFragment(state)).state?.rating, "1484,4 ½");
});

for (const [name, bad] of [
  ["an old version", { ...good, v: 0 }],
  ["an unknown system", { ...good, system: "<img src=x>" }],
  ["a result of 0.7", { ...good, games: [{ opponent: "1500", result: "0.7" }] }],
  ["a game that is not an object", { ...good, games: ["1500"] }],
  ["a very long field", { ...good, rating: "9".repeat(1000) }],
  ["a flag that is not a boolean", { ...good, junior: "yes" }],
  ["an array", [good]],
  ["null", null],
]) {
  test(`refused: ${name}`, () => assert.equal(checkState(bad), null));
}

for (const [name, hash] of [
  ["not base64", "#c=<script>alert(1)</script>"],
  ["base64 of nonsense", "#c=" + btoa("nonsense")],
  ["base64 of a bad state", "#c=" + btoa(JSON.stringify({ ...good, update: "weekly" }))],
  ["bad UTF-8", "#c=" + btoa("\xff\xfe\xfd")],
  ["far too long", "#c=" + "A".repeat(300000)],
]) {
  test(`hostile fragment refused: ${name}`, () => assert.deepEqual(fromFragment(hash), { state: null, problem: "bad_link" }));
}

test("no fragment is no problem", () => {
  assert.deepEqual(fromFragment(""), { state: null });
  assert.deepEqual(fromFragment("#top"), { state: null });
});

const glicko2 = {
  ...good, system: "glicko2",
  entries: {
    glicko2: { "player.rd": "200", "settings.tau": "0,5" },
    uscf: { "player.original_life_master": true, "player.prior_results": "all_wins", "player.games_played": "" },
  },
  games: [{ opponent: "1400", result: "1", extra: { opponent_rd: "30" } }, { opponent: "1550", result: "0" }],
};

test("each system's own entries and a game's own values are kept, and a link carries them", () => {
  const state = checkState(glicko2);
  assert.deepEqual(state?.entries, glicko2.entries);
  assert.deepEqual(state?.games, glicko2.games);
  assert.deepEqual(fromFragment(toFragment(state)).state, state);
});

test("a state saved before systems had entries of their own is still used, with none", () => {
  assert.deepEqual(checkState(good)?.entries, {});
});

test("a game's empty own values are not kept", () => {
  const state = checkState({ ...good, games: [{ opponent: "1500", result: "1", extra: { opponent_rd: "" } }] });
  assert.deepEqual(state?.games, [{ opponent: "1500", result: "1" }]);
});

for (const [name, bad] of [
  ["entries of an unknown system", { ...good, entries: { chesscom: {} } }],
  ["an entry of a field the system does not have", { ...good, entries: { glicko2: { "player.age": "40" } } }],
  ["an entry for a hand-made system's field", { ...good, entries: { fide: { "player.junior": true } } }],
  ["a number field that is not text", { ...good, entries: { glicko2: { "player.rd": 200 } } }],
  ["a checkbox that is not a boolean", { ...good, entries: { uscf: { dual_rated: "yes" } } }],
  ["a choice that is not one", { ...good, entries: { lichess: { "settings.speed": "<b>" } } }],
  ["entries that are an array", { ...good, entries: [] }],
  ["a game's value under an unknown key", { ...good, games: [{ opponent: "1500", result: "1", extra: { x: "1" } }] }],
  ["a game's value that is too long", { ...good, games: [{ opponent: "1500", result: "1", extra: { opponent_rd: "9".repeat(99) } }] }],
]) {
  test(`refused: ${name}`, () => assert.equal(checkState(bad), null));
}
