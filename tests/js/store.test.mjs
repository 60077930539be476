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

// ---- rating periods ------------------------------------------------------------------------

const period = {
  ...good, system: "fide", reached2300: true, period: "2025-09",
  events: [{ name: "Club ch.", rating: "" }, { name: "Open", rating: "2090" }],
  games: [{ opponent: "1500", result: "1" }, { opponent: "unrated", result: "0.5", event: 1 }, { opponent: "", result: "1", event: 1 }],
};

test("a period's events, its month and rated 2300 before are kept, and carried by a link", () => {
  const state = checkState(period);
  assert.deepEqual(state?.events, period.events);
  assert.deepEqual(state?.games.map((g) => g.event ?? 0), [0, 1, 1]);
  assert.equal(state?.period, "2025-09");
  assert.equal(state?.reached2300, true);
  assert.deepEqual(fromFragment(toFragment(state)).state, state);
});

test("a state saved before periods is one event in the current month", () => {
  const state = checkState(good);
  assert.deepEqual(state?.events, [{ name: "", rating: "" }]);
  assert.match(state?.period ?? "", /^\d{4}-\d{2}$/);
  assert.equal(state?.reached2300, false);
});

test("games come back in the order of their events", () => {
  const state = checkState({ ...period, games: [period.games[1], period.games[0]] });
  assert.deepEqual(state?.games.map((g) => g.opponent), ["1500", "unrated"]);
});

for (const [name, bad] of [
  ["a game of an event that is not there", { ...period, games: [{ opponent: "1500", result: "1", event: 2 }] }],
  ["no events", { ...period, events: [] }],
  ["an event that is not an object", { ...period, events: ["Open"] }],
  ["an event name far too long", { ...period, events: [{ name: "x".repeat(500), rating: "" }] }],
  ["a period that is not a month", { ...period, period: "2025-13" }],
  ["rated 2300 that is not a boolean", { ...period, reached2300: "yes" }],
]) {
  test(`refused: ${name}`, () => assert.equal(checkState(bad), null));
}
