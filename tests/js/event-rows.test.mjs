// The event view's pure parts (event-rows.js, event-file.js, and page/file-open.js that every view reads files with): an answer of elo_core's `event` kind
// read into rows, sorted, filtered, written as CSV; the request and the file's bytes.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  COLUMNS, csvRequest, exactPlaces, filterPlayers, firstRating, gameLines, halves, kWhy, normsText, resultText, sortPlayers,
} from "../../widget/views/event/event-rows.js";
import { CONTRACT } from "../../widget/shared/contract.js";
import { eventRequest } from "../../widget/views/event/event-file.js";
import { MAX_FILE, named, readFile, toBase64 } from "../../widget/page/file-open.js";

/** A stand-in for i18n.js t: the key, with its values. */
const say = (key, vars = {}) => (Object.keys(vars).length ? `${key}${JSON.stringify(vars)}` : key);

const player = (start, extra = {}) => ({
  start, name: `P${start}`, rank: start, rating: 2000, k: 20, k_rule: "default", k_assumed: false, rule_700: false,
  games: 5, score: 2.5, expected: 2.5, change: 0, change_rounded: 0, new_rating: 2000, performance: { rating: 2000 },
  first_rating: null, rounds: [], ...extra,
});

const PLAYERS = [
  player(1, { name: "Ödegaard, Åse", rank: 3, rating: 2100, change: -7.4 }),
  player(2, { name: "Meier, Anna", rank: 1, rating: null, change: null, k: null }),
  player(3, { name: "müller, Jürgen", rank: null, rating: 1900, change: 12.6 }),
  player(4, { name: "Adams, Bo", rank: 2, rating: 2100, change: 3 }),
  player(5, { name: "spielfrei", rank: 0, rating: null, change: null, k: null }),
];
const starts = (players) => players.map((p) => p.start);

test("sorting by each key, both ways, puts players without a value last and breaks ties by start", () => {
  // Rank 0 (not ranked: withdrawn, a dummy bye player) sorts with no rank, last.
  assert.deepEqual(starts(sortPlayers(PLAYERS, "rank", "ascending")), [2, 4, 1, 3, 5]);
  assert.deepEqual(starts(sortPlayers(PLAYERS, "rank", "descending")), [1, 4, 2, 3, 5]);
  assert.deepEqual(starts(sortPlayers(PLAYERS, "rating", "descending")), [1, 4, 3, 2, 5]);
  assert.deepEqual(starts(sortPlayers(PLAYERS, "rating", "ascending")), [3, 1, 4, 2, 5]);
  assert.deepEqual(starts(sortPlayers(PLAYERS, "change", "descending")), [3, 4, 1, 2, 5]);
  assert.deepEqual(starts(sortPlayers(PLAYERS, "start", "descending")), [5, 4, 3, 2, 1]);
  // By name, case and accents aside (the collator's): Adams, Meier, müller, Ödegaard, spielfrei.
  assert.deepEqual(starts(sortPlayers(PLAYERS, "name", "ascending")), [4, 2, 3, 1, 5]);
  assert.deepEqual(starts(PLAYERS), [1, 2, 3, 4, 5]); // a new array: the answer's order is kept
  assert.equal(COLUMNS[0].value(PLAYERS[4], say), null);
});

test("the name filter ignores case and accents, and a blank one keeps everyone", () => {
  assert.deepEqual(starts(filterPlayers(PLAYERS, "MULLER")), [3]);
  assert.deepEqual(starts(filterPlayers(PLAYERS, " ode")), [1]);
  assert.deepEqual(starts(filterPlayers(PLAYERS, "  ")), [1, 2, 3, 4, 5]);
  assert.deepEqual(starts(filterPlayers(PLAYERS, "zz")), []);
});

test("the name filter finds Ø as O and ü as ue: a German visitor's Müller, an export's Mueller (text.js spellings)", () => {
  assert.deepEqual(starts(filterPlayers(PLAYERS, "Odegaard")), [1]);
  assert.deepEqual(starts(filterPlayers([player(1, { name: "Ødegaard" }), player(2, { name: "Mueller" })], "Odegaard")), [1]);
  assert.deepEqual(starts(filterPlayers(PLAYERS, "Mueller")), [3]);
  assert.deepEqual(starts(filterPlayers([player(6, { name: "Mueller, Hans" })], "Müller")), [6]);
});

test("the CSV is asked of elo_core's writer as a table: the headers, then a row a player, every value as the table has it", () => {
  // elo_core quotes, keeps formulas as text and writes the numbers (csv_writer.table_csv, tests/test_csv.py): the
  // values go as they are, numbers as numbers, nothing as null.
  const request = JSON.parse(csvRequest([PLAYERS[0], PLAYERS[1]], say));
  assert.equal(request.kind, "csv");
  assert.deepEqual(request.table[0], COLUMNS.map((c) => c.head));
  // Rank, No., name, title, federation, rating, change, rounded, new rating, performance, TPR, ARO, title norms,
  // score, games played, rated games, expected, K and why, first rating: what a visitor came for first (COLUMNS).
  assert.deepEqual(request.table[1], [3, 1, "Ödegaard, Åse", null, null, 2100, -7.4, 0, 2000, 2000, null, null, null, 2.5, null, 5, 2.5, 20, "k.rule.default", null]);
  assert.deepEqual(request.table[2], [1, 2, "Meier, Anna", null, null, "event.unrated", null, 0, null, 2000, null, null, null, 2.5, null, 5, 2.5, null, null, null]);
  assert.equal(request.table.length, 3);
});

const norm = (title, extra = {}) => ({ title, met: false, remaining: 0, possible: false, to_go: null, through_round: null, ...extra });
const NORMED = [
  player(1, { norms: [norm("GM", { met: true, possible: true }), norm("IM", { met: true, possible: true, through_round: 9 })], tpr: 2626, aro: 2460 }),
  player(2, { norms: [norm("GM", { remaining: 2, possible: true, to_go: 1.5 }), norm("IM", { remaining: 2 }),
    norm("WGM", { remaining: 2, possible: true, to_go: 0 }), norm("WIM", { remaining: 2, possible: true })] }),
  player(3, { norms: [norm("GM", { needed: 6.5 })] }),
  player(4, { norms: [], norms_reason: "no_titles" }),
];

test("the norms column: those made (a Swiss's over its first rounds), a running event's still possible with the points to come", () => {
  assert.equal(normsText(NORMED[0], say), 'event.norm.met{"title":"GM"}; event.norm.metThrough{"title":"IM","round":9}');
  // Still possible: what the rounds to come must bring; nothing (the score is enough: they must be played); open (no average).
  assert.equal(normsText(NORMED[1], say),
    'event.norm.toGo{"title":"GM","points":"1½","count":2}; event.norm.secured{"title":"WGM","count":2}; event.norm.open{"title":"WIM","count":2}');
  assert.equal(normsText(NORMED[2], say), null); // missed in a finished event: said on the player's page
  assert.equal(normsText(NORMED[3], say), null);
  assert.deepEqual([0, 0.5, 1, 1.5, 6.5, 7].map(halves), ["0", "½", "1", "1½", "6½", "7"]);
  const row = JSON.parse(csvRequest([NORMED[0]], say)).table[1];
  assert.deepEqual(["tpr", "aro"].map((key) => row[COLUMNS.findIndex((c) => c.key === key)]), [2626, 2460]);
});

test("the norms' filter: all, norms made, on course (a running event's still possible), with the name's", () => {
  assert.deepEqual(starts(filterPlayers(NORMED, "", "met")), [1]);
  assert.deepEqual(starts(filterPlayers(NORMED, "", "onCourse")), [2]);
  assert.deepEqual(starts(filterPlayers(NORMED, "p2", "met")), []);
  assert.deepEqual(starts(filterPlayers(NORMED, "", "all")), [1, 2, 3, 4]);
});

test("K's reason says the rule, the 700 rule and what was assumed; none without a K", () => {
  assert.equal(kWhy(player(1, { k_rule: "junior", k_assumed: true, rule_700: true }), say), "k.rule.junior; event.k700; event.kAssumed");
  assert.equal(kWhy(player(1, { k: null }), say), null);
});

test("a first rating, or why there is none with the games still needed", () => {
  assert.equal(firstRating(player(1), say), null);
  assert.equal(firstRating(player(1, { first_rating: { rating: 1550, reason: "", games_needed: 0 } }), say), 1550);
  assert.equal(firstRating(player(1, { first_rating: { rating: null, reason: "fewer_than_5_games", games_needed: 2 } }), say),
    'event.first.fewer_than_5_games (event.first.needed{"count":2})');
});

test("game lines: the opponent, the result in words, and the reason a round is not rated", () => {
  const rounds = [
    { round: 1, opponent: 9, opponent_name: "Jessica", opponent_rating: 1790, result: "1", difference: 360, expected: 0.9, change: 2, reason: null },
    { round: 2, opponent: null, opponent_name: null, opponent_rating: null, result: "H", difference: null, expected: null, change: null, reason: "half_point_bye" },
    { round: 3, opponent: 5, opponent_name: "Una", opponent_rating: null, result: "=", difference: null, expected: null, change: null, reason: "unrated_opponent" },
  ];
  const lines = gameLines(player(1, { rounds }), say);
  assert.deepEqual(lines.map((l) => [l.opponent, l.rating, l.result, l.reason]), [
    ["Jessica (9)", 1790, "result.win", null],
    [null, null, "event.result.halfBye", "event.reason.half_point_bye"],
    ["Una (5)", "event.unrated", "result.draw", "event.reason.unrated_opponent"],
  ]);
  assert.equal(resultText("?", say), "event.result.unreadable");
  assert.equal(resultText("", say), "event.result.none");
});

test("an exact change shows one place, or two where it has them", () => {
  assert.deepEqual([exactPlaces(-7.4), exactPlaces(3), exactPlaces(2.25), exactPlaces(null)], [1, 1, 2, 1]);
});

test("the request carries the file's bytes in base64, FIDE's rules, and only the players with something set", () => {
  const bytes = new Uint8Array([0x30, 0x31, 0xfc, 0x0a, 0x00, 0xff]);
  assert.equal(toBase64(bytes), Buffer.from(bytes).toString("base64"));
  const big = new Uint8Array(200_000).map((_, i) => i % 251);
  assert.equal(toBase64(big), Buffer.from(big).toString("base64"));
  const overrides = new Map([[3, { k: 40 }], [5, {}], [7, { reached_2400: true }]]);
  assert.deepEqual(JSON.parse(eventRequest({ base64: "AAE=", name: "a.trf" }, overrides)),
    { bytes: "AAE=", system: "fide", players: { 3: { k: 40 }, 7: { reached_2400: true } } });
  assert.deepEqual(JSON.parse(eventRequest({ text: "012 x", name: "" }, new Map())), { text: "012 x", system: "fide", players: {} });
});

test("a file is read whole in the browser, and one over the limit is refused unread", async () => {
  const read = await readFile(new Blob([new Uint8Array([1, 2, 3])]));
  assert.deepEqual("bytes" in read && [...read.bytes], [1, 2, 3]);
  // The contract's limit for a file the widget reads (widget/shared/contract.js, from elo_core).
  assert.equal(MAX_FILE, CONTRACT.limits.max_file_bytes);
  assert.deepEqual(await readFile({ size: MAX_FILE + 1, arrayBuffer: () => assert.fail("read") }), { problem: "tooBig" });
  assert.deepEqual(await readFile({ size: 3, arrayBuffer: async () => { throw new Error("gone"); } }), { problem: "unreadable" });
});

test("a player opens in the calculator with the rated games, the file's rating, the event's rules and the K set", async () => {
  const { calculatorState } = await import("../../widget/views/event/event-calc.js");
  const rounds = [
    { round: 1, opponent: 9, opponent_rating: 1790, score: 1, rated: true },
    { round: 2, opponent: null, opponent_rating: null, score: 0.5, rated: false },
    { round: 3, opponent: 4, opponent_rating: 2110, score: 0.5, rated: true },
    { round: 4, opponent: 5, opponent_rating: 1500, score: 1, rated: false },
    { round: 5, opponent: 6, opponent_rating: 2000, score: 0, rated: true },
  ];
  const event = { name: "Open", system: "fide", period: "2005-08", rules_period: "2022-01" };
  const state = calculatorState(player(1, { rating: 2150, junior: true, rounds }), event, { k: 40, reached_2400: true });
  assert.deepEqual(state.games.map((g) => [g.opponent, g.result]), [["1790", "1"], ["2110", "0.5"], ["2000", "0"]]);
  assert.deepEqual([state.system, state.rating, state.k, state.period, state.periodChosen],
    ["fide", "2150", "40", "2022-01", true]);
  // FIDE's facts as the calculator keeps them (its own fields, by path): set ones only, junior from the file.
  assert.deepEqual(state.entries, { fide: { "player.junior": true, "player.reached_2400": true } });
  // A state the calculator reads back whole, as saved (format VERSION): nothing dropped.
  const { readState, VERSION } = await import("../../widget/views/calculator/store.js");
  const read = readState({ v: VERSION, ...state });
  assert.deepEqual([read?.dropped, read?.state.entries], [[], state.entries]);
  assert.deepEqual(state.events, [{ name: "Open", rating: "" }]);
  const unrated = calculatorState(player(2, { rating: null, junior: false, rounds: [] }), { name: "x", system: "fide", period: "2026-05", rules_period: "2026-05" }, {});
  assert.deepEqual([unrated.rating, unrated.k, unrated.period, unrated.games.length], ["", "", "2026-05", 1]);
});

test("plain Elo: the request carries the event's K, and a player opens in the calculator's Elo with their K", async () => {
  const { calculatorState } = await import("../../widget/views/event/event-calc.js");
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, new Map([[2, { k: 32 }]]), { system: "elo", k: 16 })),
    { text: "x", system: "elo", k: 16, players: { 2: { k: 32 } } });
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, new Map(), { system: "elo", k: null })),
    { text: "x", system: "elo", k: null, players: {} });
  const rounds = [{ round: 1, opponent: 2, opponent_rating: 1900, score: 0.5, rated: true }];
  const state = calculatorState(player(1, { rating: 1500, k: 32, rounds }), { name: "Club", system: "elo", period: null, rules_period: null }, {});
  assert.deepEqual([state.system, state.rating, state.k, state.periodChosen, state.games.map((g) => [g.opponent, g.result])],
    ["elo", "1500", "32", false, [["1900", "0.5"]]]);
});

test("a K typed for some players asks for their reports alone (only); without only, every player's", () => {
  const overrides = new Map([[3, { k: 10 }], [5, {}]]);
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, overrides, { system: "fide" }, [3, 5])),
    { text: "x", system: "fide", players: { 3: { k: 10 } }, only: [3, 5] });
  assert.equal("only" in JSON.parse(eventRequest({ text: "x", name: "" }, overrides, { system: "fide" }, null)), false);
  // Nothing changed since the report on the page: no player asked for, not every player.
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, overrides, { system: "fide" }, [])).only, []);
});

test("Score counts every game over the board whatever the ratings: an event of unrated players has its points", () => {
  const score = COLUMNS.find((c) => c.key === "score");
  const played = COLUMNS.find((c) => c.key === "gamesPlayed");
  const unrated = player(7, { rating: null, games: 0, score: 0, games_played: 8, score_played: 5.5 });
  assert.equal(score?.value(unrated, say), 5.5);
  assert.equal(played?.value(unrated, say), 8);
});

test("the name, the change and the new rating come first, in the table at every width; printed columns are marked", () => {
  const first = COLUMNS.filter((c) => c.fit === 1).map((c) => c.key);
  assert.deepEqual(first, ["rank", "name", "change", "newRating"]);
  assert.ok(COLUMNS.findIndex((c) => c.key === "newRating") < COLUMNS.findIndex((c) => c.key === "k"));
  assert.ok(COLUMNS.filter((c) => c.fit === 1).every((c) => c.print));
});

test("an unrated player's own start rating goes as the request's ratings in plain Elo, and not at all under FIDE", () => {
  const overrides = new Map([[3, { rating: 1800 }], [4, { k: 32, rating: 1600 }]]);
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, overrides, { system: "elo", k: 20 })),
    { text: "x", system: "elo", k: 20, players: { 4: { k: 32 } }, ratings: { 3: 1800, 4: 1600 } });
  assert.deepEqual(JSON.parse(eventRequest({ text: "x", name: "" }, overrides, { system: "fide" })),
    { text: "x", system: "fide", players: { 4: { k: 32 } } });
});

test("a file named in the engine is sent once, then named alone (elo_core.bridge._Files)", () => {
  const file = named();
  assert.match(file.name, /^[A-Za-z0-9_-]{1,64}$/); // the bridge's NAME
  assert.notEqual(named().name, file.name);
  assert.deepEqual(JSON.parse(eventRequest({ base64: "AAE=", name: "a.trf" }, new Map(), { system: "fide" }, null, file)),
    { file: file.name, bytes: "AAE=", system: "fide", players: {} });
  file.sent = true;
  assert.deepEqual(JSON.parse(eventRequest({ base64: "AAE=", name: "a.trf" }, new Map([[3, { k: 40 }]]), { system: "fide" }, [3], file)),
    { file: file.name, system: "fide", players: { 3: { k: 40 } }, only: [3] });
});
