// request.js: what the visitor typed becomes the engine's request exactly as the contract says.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTRACT } from "../../widget/shared/contract.js";
import { field, offered } from "../../widget/views/calculator/fields.js";
import { buildRequest as build, gameReader, numberReader, sendField } from "../../widget/views/calculator/request.js";

/**
 * The form's state as the page holds it (each system's own fields under `entries`, by path), from the
 * flat names these tests write FIDE's and Elo's fields with (`fewer30`, `timeControl`: each field's
 * `former` in the contract, which saved entries of formats 1 and 2 used too).
 */
function typed(flat) {
  const state = { ...flat, entries: structuredClone(flat.entries ?? {}) };
  for (const [system, info] of Object.entries(CONTRACT.systems)) {
    for (const f of info.fields) {
      if (!f.former || !(f.former in flat)) continue;
      (state.entries[system] ??= {})[f.path] = flat[f.former];
      delete state[f.former];
    }
  }
  return state;
}
/** request.js's buildRequest, of a state written the flat way. */
const buildRequest = (flat, ...rest) => build(typed(flat), ...rest);

const fide = {
  system: "fide", rating: "2100", k: "", fewer30: false, junior: true, reached2400: false, reached2300: false,
  timeControl: "standard", cap400: false, update: "event", period: "2025-11", standardRating: "",
  events: [{ name: "", rating: "" }], games: [{ id: 1, opponent: "2000", result: "1" }, { id: 2, opponent: "2150", result: "0.5" }],
};
const elo = {
  ...fide, system: "elo", rating: "1450", k: "40", junior: false, update: "sequential", cap400: true,
  games: [{ id: 1, opponent: "1500", result: "1" }, { id: 2, opponent: "1620", result: "0" }],
};

test("a FIDE request carries the player, the time control and the games, and no K when none is typed", () => {
  const { request, sources, ambiguous } = buildRequest({ ...fide, timeControl: "rapid" }, "en");
  assert.deepEqual(request, {
    system: "fide", rating: 2100, time_control: "rapid", period: "2025-11",
    player: { fewer_than_30_games: false, junior: true, reached_2400: false, reached_2300: false }, needs: false,
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
    system: "elo", rating: 1450, k: 40, update: "sequential", cap_400: true, league: false, needs: false,
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
  // FIDE's standard rating goes only where it is used: rapid or blitz with "Your rating" empty.
  const forms = {
    fide: [{ ...fide, k: "20", entries: { fide: { needs: true, target: "2150", norm: "IM" } } }, { ...fide, k: "20", rating: "", timeControl: "blitz", standardRating: "1850" }],
    elo: [{ ...fide, system: "elo", k: "20", entries: { elo: { needs: true, target: "1500", norm: "GM" } } }, { ...fide, system: "elo", k: "20", entries: { elo: { league: true, home_advantage: "100" } },
      games: [{ id: 1, opponent: "1400", result: "1", extra: { venue: "home", points_for: "3", points_against: "0", k: "30" } }] }],
  };
  for (const [system, states] of Object.entries(forms)) {
    const requests = states.map((state) => buildRequest(state, "en").request);
    for (const field of CONTRACT.systems[system].fields) {
      // A game's own field ("games[].venue") is in the games.
      const at = (/** @type {any} */ request) => (field.path.startsWith("games[].") ? request.games.find((/** @type {any} */ g) => field.path.slice(8) in g)?.[field.path.slice(8)]
        : field.path.split(".").reduce((/** @type {any} */ x, key) => x?.[key], request));
      const filled = requests.some((request) => at(request) !== undefined);
      assert.ok(filled, `${system}: ${field.path}`);
    }
  }
});

const glicko2 = {
  ...fide, system: "glicko2", rating: "1500", k: "",
  entries: { glicko2: { "player.rd": "200", "player.volatility": "0,06", "settings.tau": "" } },
  games: [{ id: 1, opponent: "1400", result: "1", extra: { opponent_rd: "30" } },
    { id: 2, opponent: "1550", result: "0", extra: { opponent_rd: "100,5" } }],
};

test("a system's own fields go to their nested paths, read the local way; a blank is left to its default", () => {
  const { request } = buildRequest(glicko2, "de");
  assert.deepEqual(request, {
    system: "glicko2", rating: 1500, player: { rd: 200, volatility: 0.06 },
    games: [{ opponent: 1400, score: 1, opponent_rd: 30 }, { opponent: 1550, score: 0, opponent_rd: 100.5 }],
  });
});

test("a game's own value is sent with it, blank ones left out for Python to name", () => {
  const games = [{ id: 1, opponent: "", result: "1", extra: { opponent_rd: "50" } },
    { id: 2, opponent: "1500", result: "0.5", extra: { opponent_rd: "" } },
    { id: 3, opponent: "1600", result: "0", extra: { opponent_rd: "1.234" } }];
  const { request, ambiguous } = buildRequest({ ...glicko2, games }, "en");
  assert.deepEqual(request.games, [{ opponent: 1500, score: 0.5 }, { opponent: 1600, score: 0, opponent_rd: "ambiguous" }]);
  assert.deepEqual([...ambiguous], [["games[1].opponent_rd", { a: 1.234, b: 1234 }]]);
});

test("yes/no fields are always sent, choices when chosen, and text that is not a number goes as typed", () => {
  const uscf = { ...fide, system: "uscf", rating: "1500", k: "",
    entries: { uscf: { "player.games_played": " abc ", "player.original_life_master": true, "player.prior_results": "all_wins" } },
    games: [] };
  assert.deepEqual(buildRequest(uscf, "en").request, {
    system: "uscf", rating: 1500, dual_rated: false, games: [],
    player: { games_played: "abc", prior_results: "all_wins", original_life_master: true, repeated_opponent: false },
  });
});

test("a system's entries are its own: another system's are not sent", () => {
  const { request } = buildRequest({ ...glicko2, system: "glicko", entries: { glicko2: glicko2.entries.glicko2 } }, "en");
  assert.deepEqual(request.player, undefined);
  assert.deepEqual(request.games[0], { opponent: 1400, score: 1, opponent_rd: 30 });
});

test("FIDE ignores any entries kept for other systems", () => {
  assert.deepEqual(buildRequest({ ...fide, entries: glicko2.entries }, "en").request,
    buildRequest({ ...fide, entries: {} }, "en").request);
});

test("every system of the registry gets every field it lists from the form", () => {
  for (const [system, info] of Object.entries(CONTRACT.systems)) {
    if (system === "fide" || system === "elo") continue;
    /** @type {Record<string, string | boolean>} */
    const own = {};
    for (const f of info.fields) {
      if (f.kind === "number") own[f.path] = String(f.low ?? 1);
      if (f.kind === "bool") own[f.path] = true;
      if (f.kind === "choice") own[f.path] = f.choices[1] ?? f.choices[0];
    }
    const games = [{ id: 1, opponent: "1500", result: "1", extra: { opponent_rd: "50" } }];
    const { request } = buildRequest({ ...fide, system, entries: { [system]: own }, games }, "en");
    for (const field of info.fields) {
      const [where, path] = field.path.startsWith("games[].") ? [request.games[0], field.path.slice(8)] : [request, field.path];
      const value = path.split(".").reduce((at, key) => at?.[key], where);
      assert.notEqual(value, undefined, `${system}: ${field.path}`);
    }
  }
});

// ---- rating periods (FIDE): events, unrated opponents, the period, rated 2300 before ----------

const period = {
  ...fide, junior: false, period: "2025-09",
  events: [{ name: "Club ch.", rating: "" }, { name: "  ", rating: "2090" }, { name: "Open", rating: "2 105" }],
  games: [
    { id: 1, opponent: "2000", result: "1", event: 0 }, { id: 2, opponent: "", result: "1", event: 0 },
    { id: 3, opponent: "unrated", result: "0.5", event: 1 }, { id: 4, opponent: "1.950", result: "0", event: 1 },
    { id: 5, opponent: "2200", result: "0", event: 2 },
  ],
};

test("two or more tournaments are sent as events, each with its name and rating when typed", () => {
  const { request, sources, paths, ambiguous } = buildRequest(period, "en");
  assert.equal(request.games, undefined);
  assert.equal(request.period, "2025-09");
  assert.deepEqual(request.events, [
    { name: "Club ch.", games: [{ opponent: 2000, score: 1 }] },
    { rating: 2090, games: [{ opponent: null, score: 0.5 }, { opponent: "ambiguous", score: 0 }] },
    { name: "Open", rating: 2105, games: [{ opponent: 2200, score: 0 }] },
  ]);
  assert.deepEqual(sources.map((g) => g.id), [1, 3, 4, 5]);
  assert.deepEqual(paths, ["events[0].games[0]", "events[1].games[0]", "events[1].games[1]", "events[2].games[0]"]);
  assert.deepEqual([...ambiguous.keys()], ["events[1].games[1].opponent"]);
});

test("one tournament is sent as games, as before events, whatever its name and rating", () => {
  const one = { ...period, events: [{ name: "Open", rating: "1999" }], games: period.games.map((g) => ({ ...g, event: 0 })) };
  const { request, paths } = buildRequest(one, "en");
  assert.equal(request.events, undefined);
  assert.equal(request.games.length, 4);
  assert.deepEqual(paths, ["games[0]", "games[1]", "games[2]", "games[3]"]);
});

test("an unrated opponent is null: the language's word or English, any case and accents; empty stays unsent", () => {
  const games = [{ id: 1, opponent: " Non Classe ", result: "1" }, { id: 2, opponent: "UNRATED", result: "0" },
    { id: 3, opponent: "unratd", result: "0" }, { id: 4, opponent: "", result: "1" }];
  const { request } = buildRequest({ ...fide, games }, "fr", ["non classé"]);
  assert.deepEqual(request.games, [{ opponent: null, score: 1 }, { opponent: null, score: 0 }, { opponent: "unratd", score: 0 }]);
});

test("an opponent of invisible characters only (a zero-width space copied from a page) is an empty row, not unrated", () => {
  const games = [{ id: 1, opponent: "\u200b", result: "1" }, { id: 2, opponent: "\u200f \u2060", result: "0" },
    { id: 3, opponent: "\u200e1600", result: "0" }];
  const { request } = buildRequest({ ...fide, games }, "en", []);
  assert.deepEqual(request.games, [{ opponent: 1600, score: 0 }]);
});

test("other systems have no unrated opponents, no events and no period", () => {
  const { request } = buildRequest({ ...period, system: "elo", k: "20" }, "en", ["unrated"]);
  assert.equal(request.events, undefined);
  assert.equal(request.period, undefined);
  assert.equal(request.games.length, 4);
  assert.equal(request.games[1].opponent, "unrated");
});

test("rated 2300 before is sent for a junior only", () => {
  const junior = (j, r) => buildRequest({ ...fide, junior: j, reached2300: r }, "en").request.player.reached_2300;
  assert.deepEqual([junior(true, true), junior(false, true), junior(true, false)], [true, false, false]);
});

test("a number too big for JavaScript is sent as one out of range, never as null (a first rating)", () => {
  const huge = "9".repeat(309);
  const { request } = buildRequest({ ...fide, rating: huge, games: [{ id: 1, opponent: huge, result: "1" }] }, "en");
  const sent = JSON.parse(JSON.stringify(request));
  assert.equal(sent.rating, Number.MAX_VALUE);
  assert.equal(sent.games[0].opponent, Number.MAX_VALUE);
  const negative = buildRequest({ ...elo, rating: "-" + huge }, "en").request;
  assert.equal(JSON.parse(JSON.stringify(negative)).rating, -Number.MAX_VALUE);
});

test("direction marks from right-to-left pages and other invisible characters are not part of a number", () => {
  const { request } = buildRequest({ ...elo, rating: "\u200f1500\u200e", k: "\u200f\ufeff20",
    games: [{ id: 1, opponent: "\u200b1620\u00ad", result: "1" }] }, "en");
  assert.deepEqual([request.rating, request.k, request.games], [1500, 20, [{ opponent: 1620, score: 1 }]]);
});

test("a number with a character that reorders what is shown goes as typed, for Python to refuse at its field", () => {
  const { request } = buildRequest({ ...elo, rating: "\u202e0051", k: "\u2066\ufeff20\u2069", games: [] }, "en");
  assert.deepEqual([request.rating, request.k], ["\u202e0051", "\u2066\ufeff20\u2069"]);
});

// ---- FIDE rapid and blitz: the standard rating of a player unrated there (R&B 7.2.1) -----------

const seeded = { ...fide, rating: "", timeControl: "rapid", standardRating: "1.850" };

test("the standard rating is sent in rapid and blitz when no rating is typed, read the local way", () => {
  assert.equal(buildRequest(seeded, "de").request.player.standard_rating, 1850);
  assert.equal(buildRequest({ ...seeded, timeControl: "blitz", standardRating: " 1850 " }, "en").request.player.standard_rating, 1850);
  assert.equal(buildRequest(seeded, "de").request.rating, null);
});

test("the standard rating is kept but not sent in standard play, with a rating typed, or when empty", () => {
  for (const state of [{ ...seeded, timeControl: "standard" }, { ...seeded, rating: "1700" }, { ...seeded, standardRating: " " },
    { ...seeded, system: "elo", k: "20" }]) {
    assert.equal(buildRequest(state, "de").request.player?.standard_rating, undefined, JSON.stringify(state));
  }
});

test("a standard rating that reads two ways is sent as 'ambiguous' and reported at its field", () => {
  const { request, ambiguous } = buildRequest({ ...seeded, standardRating: "1,850" }, "de");
  assert.equal(request.player.standard_rating, "ambiguous");
  assert.deepEqual([...ambiguous], [["player.standard_rating", { a: 1.85, b: 1850 }]]);
});

test("whether the standard rating is offered: FIDE, rapid or blitz, Your rating empty (its `when`)", () => {
  const uses = (state) => Boolean(field(state.system, "player.standard_rating")) && offered(field("fide", "player.standard_rating"), typed(state));
  assert.deepEqual([uses(seeded), uses({ ...seeded, rating: "\u200f " }), uses({ ...seeded, rating: "0" }),
    uses({ ...seeded, timeControl: "standard" }), uses({ ...seeded, system: "elo" })], [true, true, false, false, false]);
});

test("a field's `when` reads ticked, blank and another choice", () => {
  const f = (when) => ({ path: "x", kind: "bool", choices: [], required: false, whole: false, low: null, high: null, default: null,
    when, group: "", clears: "", former: "" });
  const state = { system: "fide", rating: "", k: "20", entries: { fide: { "player.junior": true, time_control: "blitz" } } };
  assert.deepEqual([offered(f(["player.junior"]), state), offered(f(["player.reached_2400"]), state), offered(f(["!rating"]), state),
    offered(f(["!k"]), state), offered(f(["time_control!=standard"]), state), offered(f(["time_control!=blitz"]), state),
    offered(f(["time_control!=standard", "!k"]), state)], [true, false, true, false, true, false, false]);
  // An untouched choice is its first (default) one.
  assert.equal(offered(f(["time_control!=standard"]), { ...state, entries: {} }), false);
});

// ---- buildRequest's parts -------------------------------------------------------------------

test("the number reader: a number, null for empty, 'ambiguous' kept by field, other text trimmed", () => {
  const { number, ambiguous } = numberReader("en");
  assert.equal(number(" 1484.5 ", "rating"), 1484.5);
  assert.equal(number("  ", "k"), null);
  assert.equal(number(" abc ", "games[0].opponent"), "abc");
  assert.deepEqual([...ambiguous], []);
  const german = numberReader("de");
  assert.equal(german.number("1484,5", "rating"), 1484.5);
  assert.equal(german.number("1,500", "games[1].opponent"), "ambiguous");
  assert.deepEqual([...german.ambiguous], [["games[1].opponent", { a: 1.5, b: 1500 }]]);
  assert.equal(ambiguous.size, 0, "each reader its own ambiguities");
});

test("one field of the contract into the request, at its nested path, as its kind says", () => {
  const { number } = numberReader("en");
  const fields = Object.fromEntries(CONTRACT.systems.fide.fields.map((f) => [f.kind === "bool" || f.kind === "choice" ? f.path : f.kind, f]));
  const entries = typed({ ...fide, rating: "", k: "", timeControl: "blitz" });
  const request = {};
  sendField(request, fields.rating, entries, number);
  sendField(request, fields.k, entries, number);
  assert.deepEqual(request, { rating: null }, "an empty rating is null (a first rating), an empty K is left out");
  const junior = CONTRACT.systems.fide.fields.find((f) => f.kind === "bool" && f.path.endsWith("junior"));
  sendField(request, junior, entries, number);
  const path = junior.path.split(".");
  assert.equal(path.reduce((at, key) => at[key], request), true);
  sendField(request, fields.period, entries, number);
  assert.equal(request.period, "2025-11");
});

test("the game reader: each tournament's games under its prefix, rows without an opponent left out, sources and paths in order", () => {
  const { number } = numberReader("en");
  const games = [
    { id: 1, opponent: "2000", result: "1", event: 0 }, { id: 2, opponent: "", result: "1", event: 0 },
    { id: 3, opponent: "unrated", result: "0.5", event: 1 }, { id: 4, opponent: "1900", result: "0", event: 1 },
  ];
  const reader = gameReader({ ...fide, games }, "en", [], number);
  assert.deepEqual(reader.of(1, "events[1].games"), [{ opponent: null, score: 0.5 }, { opponent: 1900, score: 0 }]);
  assert.deepEqual(reader.of(0, "events[0].games"), [{ opponent: 2000, score: 1 }]);
  assert.deepEqual(reader.sources.map((g) => g.id), [3, 4, 1]);
  assert.deepEqual(reader.paths, ["events[1].games[0]", "events[1].games[1]", "events[0].games[0]"]);
  // Without unrated words (a system that does not rate periods), "unrated" is text for Python to refuse.
  assert.deepEqual(gameReader({ ...fide, games }, "en", null, number).of(null, "games")[1], { opponent: "unrated", score: 0.5 });
});

test("a league's games are sent game by game unless an update was chosen (the field's follows)", () => {
  const { update: _, ...unchosen } = fide; // the flat fixture's update is a choice made
  const league = (/** @type {Record<string, unknown>} */ own) => buildRequest({ ...unchosen, system: "elo", k: "20",
    entries: { elo: own }, games: [{ id: 1, opponent: "1400", result: "1", extra: {} }] }, "en").request;
  assert.equal(league({ league: true }).update, "sequential");
  assert.equal(league({ league: true, update: "event" }).update, "event");
  assert.equal(league({ league: false }).update, "event");
  assert.equal(league({}).update, "event");
  assert.equal(league({ league: true, update: "sometimes" }).update, "sequential"); // a saved value no longer a choice
});
