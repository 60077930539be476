// request.js: what the visitor typed becomes the engine's request exactly as the contract says.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTRACT } from "../../widget/contract.js";
import { buildRequest } from "../../widget/request.js";

const fide = {
  system: "fide", rating: "2100", k: "", fewer30: false, junior: true, reached2400: false,
  timeControl: "standard", cap400: false, update: "event",
  games: [{ id: 1, opponent: "2000", result: "1" }, { id: 2, opponent: "2150", result: "0.5" }],
};
const elo = {
  ...fide, system: "elo", rating: "1450", k: "40", junior: false, update: "sequential", cap400: true,
  games: [{ id: 1, opponent: "1500", result: "1" }, { id: 2, opponent: "1620", result: "0" }],
};

test("a FIDE request carries the player, the time control and the games, and no K when none is typed", () => {
  const { request, sources, ambiguous } = buildRequest({ ...fide, timeControl: "rapid" }, "en");
  assert.deepEqual(request, {
    system: "fide", rating: 2100, time_control: "rapid",
    player: { fewer_than_30_games: false, junior: true, reached_2400: false },
    games: [{ opponent: 2000, score: 1 }, { opponent: 2150, score: 0.5 }],
  });
  assert.deepEqual(sources.map((g) => g.id), [1, 2]);
  assert.equal(ambiguous.size, 0);
});

test("an empty rating under FIDE is null: a first rating", () => {
  assert.equal(buildRequest({ ...fide, rating: "  " }, "en").request.rating, null);
});

test("a typed K is sent as a number", () => {
  assert.equal(buildRequest({ ...fide, k: "20" }, "en").request.k, 20);
});

test("an Elo request carries K, the 400 cap and the update, and nothing of FIDE's", () => {
  assert.deepEqual(buildRequest(elo, "en").request, {
    system: "elo", rating: 1450, k: 40, update: "sequential", cap_400: true,
    games: [{ opponent: 1500, score: 1 }, { opponent: 1620, score: 0 }],
  });
});

test("an empty rating and K under Elo: the rating is null and K is left out, for Python to ask for", () => {
  const { request } = buildRequest({ ...elo, rating: "", k: "" }, "en");
  assert.equal(request.rating, null);
  assert.equal("k" in request, false);
});

test("numbers are read the local way", () => {
  const de = buildRequest({ ...elo, rating: "1484,4", k: "12,5", games: [{ id: 1, opponent: "1.500", result: "1" }] }, "de");
  assert.deepEqual([de.request.rating, de.request.k, de.request.games], [1484.4, 12.5, [{ opponent: 1500, score: 1 }]]);
  const en = buildRequest({ ...elo, rating: "1,484.4", games: [{ id: 1, opponent: "−20", result: "1" }] }, "en");
  assert.deepEqual([en.request.rating, en.request.games], [1484.4, [{ opponent: -20, score: 1 }]]);
  const fr = buildRequest({ ...elo, rating: "1 484,4" }, "fr");
  assert.equal(fr.request.rating, 1484.4);
});

test("rows with no opponent are left out, and the others keep their own entries and paths", () => {
  const games = [
    { id: 1, opponent: "", result: "1" }, { id: 2, opponent: "1.500", result: "0.5" },
    { id: 3, opponent: "   ", result: "0" }, { id: 4, opponent: "1600", result: "0" },
  ];
  const { request, sources, ambiguous } = buildRequest({ ...elo, games }, "en");
  assert.deepEqual(request.games, [{ opponent: "ambiguous", score: 0.5 }, { opponent: 1600, score: 0 }]);
  assert.deepEqual(sources.map((g) => g.id), [2, 4]);
  assert.deepEqual([...ambiguous], [["games[0].opponent", { a: 1.5, b: 1500 }]]);
});

test("no games at all is an empty list", () => {
  assert.deepEqual(buildRequest({ ...fide, games: [] }, "en").request.games, []);
  assert.deepEqual(buildRequest({ ...fide, games: [{ id: 9, opponent: "", result: "1" }] }, "en").sources, []);
});

test("a number that reads two ways is sent as 'ambiguous' and reported by field", () => {
  const { request, ambiguous } = buildRequest({ ...elo, rating: "1,500", k: "1.500" }, "de");
  assert.deepEqual([request.rating, request.k], ["ambiguous", 1500]);
  assert.deepEqual([...ambiguous], [["rating", { a: 1.5, b: 1500 }]]);
});

test("text that is not a number goes to Python trimmed, to be refused there", () => {
  const { request } = buildRequest({ ...elo, rating: " abc ", k: "x", games: [{ id: 1, opponent: "1,23,4", result: "1" }] }, "en");
  assert.deepEqual([request.rating, request.k, request.games[0].opponent], ["abc", "x", "1,23,4"]);
});

test("every field the contract lists for FIDE and Elo is filled from the form", () => {
  // The systems the form has inputs for; the registry's others get theirs with issue 9's part 2.
  for (const system of ["fide", "elo"]) {
    const info = CONTRACT.systems[system];
    const { request } = buildRequest({ ...fide, system, k: "20" }, "en");
    for (const field of info.fields) {
      const value = field.path.split(".").reduce((at, key) => at?.[key], request);
      assert.notEqual(value, undefined, `${system}: ${field.path}`);
    }
  }
});
