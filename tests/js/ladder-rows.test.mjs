// The ladder view's pure parts (ladder-rows.js): an answer of elo_core's `ladder` kind read into the
// ranking's rows, sorted and filtered; a player's head-to-head and chart points; the requests it sends
// (the ranking, what a game would do, a CSV).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  COLUMNS, LEAGUE_COLUMNS, chartPoints, choices, counted, csvName, csvRequest, csvWords, dayNumber, defaultSettings, filterPlayers, headToHead, inPool, ladderRequest,
  matching,
  marks, periodic, playerRequest, record, settingsRequest, sortPlayers, stakesRequest, stem, wordsOf,
} from "../../widget/views/ladder/ladder-rows.js";
import { CONTRACT } from "../../widget/shared/contract.js";
import { readFileSync } from "node:fs";

const say = (key, vars = {}) => (Object.keys(vars).length ? `${key}${JSON.stringify(vars)}` : key);

const player = (id, extra = {}) => ({
  id, name: id, pool: null, rank: 1, rating: 1500, start_rating: 1500, rd: null, volatility: null, games: 2, wins: 1, draws: 0,
  losses: 1, score: 1, last_played: "2026-03-04", provisional: false, active: true, inactive_reason: null, change: null,
  history: { game: [1, 2], date: ["2026-03-04", "2026-03-11"], line: [2, 3], opponent: ["x", "y"], score: [1, 0], change: [8, -6], rating: [1508, 1502] },
  ...extra,
});

// As elo_core orders them: ranked by rating, then provisional, then inactive.
const PLAYERS = [
  player("Zoë", { rank: 1, rating: 1620, games: 9, score: 7, last_played: "2026-01-10", change: 12 }),
  player("Anna Müller", { rank: 2, rating: 1580, games: 4, score: 2.5, last_played: "2026-03-01", change: -3 }),
  player("Ben", { rank: 2, rating: 1580, games: 6, score: 3, last_played: "2026-02-01", change: null }),
  player("Cleo", { rank: null, rating: 1700, games: 1, score: 1, provisional: true, last_played: "2026-03-02", change: 20 }),
  player("Dora", { rank: null, rating: 1400, games: 3, score: 0, active: false, inactive_reason: "retired", last_played: null }),
];
const names = (players) => players.map((p) => p.name);

test("the settings start from the contract's defaults, and only what a system uses is sent", () => {
  const s = defaultSettings();
  assert.deepEqual([s.system, s.k, s.start, s.period], [CONTRACT.ladder.systems[0], CONTRACT.ladder.k, CONTRACT.ladder.start, CONTRACT.ladder.periods[0]]);
  // A club's defaults (issue 39 item 4): a player without a game is not ranked, nor one idle for 3 months.
  assert.deepEqual([s.provisional_games, s.inactive_months], [1, 3]);
  assert.deepEqual([s.provisional_games, s.inactive_months], [CONTRACT.ladder.provisional_games, CONTRACT.ladder.inactive_months]);
  assert.equal(periodic("glicko2"), true);
  assert.equal(periodic("elo"), false);
  assert.deepEqual(settingsRequest({ ...s, system: "elo", k: 24, since: "" }), { system: "elo", k: 24, start: 1500, provisional_games: 1, inactive_months: 3 });
  assert.deepEqual(settingsRequest({ ...s, system: "glicko2", k: 24, period: "week", inactive_months: 6, since: "2026-01-01" }),
    { system: "glicko2", start: 1500, provisional_games: 1, inactive_months: 6, since: "2026-01-01", period: "week" });
  // A club's 0 turns either off, and is sent as 0 (Python's "never"), not left out as a blank is.
  assert.deepEqual(settingsRequest({ ...s, provisional_games: 0, inactive_months: 0 }),
    { system: "elo", k: CONTRACT.ladder.k, start: 1500, provisional_games: 0, inactive_months: 0 });
  // Elo's own: a higher K for a player's first games, and the 400 cap (sent only when ticked); never for another system.
  const elo = { ...s, system: "elo", k: 20, first_k: 40, first_games: 10, cap_400: true };
  assert.deepEqual(settingsRequest(elo), { system: "elo", k: 20, first_k: 40, first_games: 10, cap_400: true, start: 1500, provisional_games: 1, inactive_months: 3 });
  assert.deepEqual(settingsRequest({ ...elo, system: "glicko" }), { system: "glicko", start: 1500, provisional_games: 1, inactive_months: 3, period: s.period });
});

test("a ranking's request carries the file as bytes or text, the players file's bytes, the settings and the language", () => {
  const s = { ...defaultSettings(), k: 20 };
  const source = { games: { base64: "AAE=" }, players: { base64: "AgM=" }, name: "x" };
  assert.deepEqual(JSON.parse(ladderRequest(source, s, "de")),
    { bytes: "AAE=", players_bytes: "AgM=", system: "elo", k: 20, start: 1500, provisional_games: 1, inactive_months: 3, locale: "de", slim: true });
  assert.deepEqual(JSON.parse(ladderRequest({ games: { text: "a,b" }, players: null, name: "" }, s, "en")),
    { text: "a,b", system: "elo", k: 20, start: 1500, provisional_games: 1, inactive_months: 3, locale: "en", slim: true });
  // A player's page: the same files and settings (Python answers it from the ladder it keeps), and who.
  assert.deepEqual(JSON.parse(playerRequest(source, s, "de", player("Ann", { pool: "blitz" }))),
    { kind: "player", bytes: "AAE=", players_bytes: "AgM=", system: "elo", k: 20, start: 1500, provisional_games: 1, inactive_months: 3, locale: "de", id: "Ann", pool: "blitz" });
});

test("files the engine has are named alone; one it has not yet comes with its bytes (elo_core.bridge._Files)", () => {
  const s = { ...defaultSettings(), k: 20 };
  const files = { games: { name: "g1", sent: true }, players: { name: "p1", sent: false } };
  const source = { games: { base64: "AAE=" }, players: { base64: "AgM=" }, name: "x", files };
  const keys = { system: "elo", k: 20, start: 1500, provisional_games: 1, inactive_months: 3, locale: "de" };
  assert.deepEqual(JSON.parse(ladderRequest(source, s, "de")), { file: "g1", players_file: "p1", players_bytes: "AgM=", ...keys, slim: true });
  files.players.sent = true;
  assert.deepEqual(JSON.parse(playerRequest(source, s, "de", player("Ann", { pool: null }))),
    { kind: "player", file: "g1", players_file: "p1", ...keys, id: "Ann", pool: null });
  // No players file (forgotten): its name is not sent either.
  assert.deepEqual(JSON.parse(ladderRequest({ ...source, players: null }, s, "de")), { file: "g1", ...keys, slim: true });
});

test("the stakes' request sends each player's figures now; the CSV's leaves the histories out", () => {
  const [a, b] = [player("A", { rating: 1510.5, games: 3, rd: 80, volatility: 0.06 }), player("B")];
  assert.deepEqual(JSON.parse(stakesRequest({ ...defaultSettings(), system: "glicko2" }, a, b)), {
    kind: "stakes", system: "glicko2", start: 1500, provisional_games: 1, inactive_months: 3, period: "month",
    a: { rating: 1510.5, games: 3, rd: 80, volatility: 0.06 }, b: { rating: 1500, games: 2 },
  });
  const ranking = JSON.parse(csvRequest({ players: [a] }, say));
  assert.equal(ranking.kind, "csv");
  assert.equal(ranking.players[0].history, undefined);
  assert.equal(ranking.players[0].rating, 1510.5);
  const words = JSON.parse(csvRequest({ history: a.history }, say)).words;
  assert.deepEqual(JSON.parse(csvRequest({ history: a.history }, say)), { kind: "csv", history: a.history, separator: ",", words });
  assert.equal(JSON.parse(csvRequest({ history: a.history }, say, ";")).separator, ";"); // German, French... (csvSeparator)
  // Headers and flags in the page's language, as the report's CSV has them (hp85: English on a German page).
  assert.deepEqual(Object.keys(JSON.parse(csvRequest({ players: [a] }, say)).words), [...CONTRACT.ladder.csv_columns, "yes", "no", ...CONTRACT.ladder.csv_values]);
  assert.equal(words.home, "ladder.venue.home"); // a value that is a key, as the table says it (stop 61's note)
  assert.equal(words.inactive, "ladder.inactive");
  assert.equal(words.rank, "ladder.col.rank");
  assert.equal(words.forfeits_won, "ladder.csvHead.forfeits_won");
  assert.equal(words.yes, "ladder.csvHead.yes");
  assert.equal(csvName(stem("club games.csv"), "ladder"), "club games.csv");
  assert.equal(csvName(`${stem("club.csv")} A. Meier`, "ladder"), "club A. Meier.csv");
  assert.equal(csvName("a/b:c", "ladder"), "a_b_c.csv");
  assert.equal(csvName("", "ladder"), "ladder.csv");
});

test("every column the ladder's CSV may have is headed in every language, and yes and no said", () => {
  for (const lang of ["en", "de", "fr", "es", "it", "nl"]) {
    const texts = JSON.parse(readFileSync(new URL(`../../widget/i18n/${lang}.json`, import.meta.url), "utf8"));
    const missing = Object.entries(csvWords((key) => texts[key] ?? "")).filter(([, text]) => !text).map(([key]) => key);
    assert.deepEqual(missing, [], lang);
  }
});

test("the rows: rank, record, marks of those not ranked", () => {
  const cells = (p) => Object.fromEntries(COLUMNS.map((c) => [c.key, c.value(p, say)]));
  assert.deepEqual(cells(PLAYERS[1]), { rank: 2, name: "Anna Müller", rating: 1580, games: 4, record: "1–0–1", score: 2.5, last: "2026-03-01", marks: null, change: -3 });
  assert.equal(marks(PLAYERS[3], say), "ladder.provisional");
  // A player without a game is provisional by default: said as what it is, no games yet.
  assert.equal(marks(player("N", { rank: null, games: 0, provisional: true, last_played: null }), say), "ladder.noGames");
  assert.equal(marks(PLAYERS[4], say), "ladder.retired");
  assert.equal(marks(player("E", { active: false, inactive_reason: "inactive", provisional: true }), say), "ladder.provisional, ladder.inactive");
  assert.equal(record(player("F", { wins: 3, draws: 2, losses: 0 })), "3–2–0");
});

test("sorting: by each key both ways, players without a value last, ties in the ladder's order", () => {
  assert.deepEqual(names(sortPlayers(PLAYERS, "rank", "ascending")), ["Zoë", "Anna Müller", "Ben", "Cleo", "Dora"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "rank", "descending")), ["Anna Müller", "Ben", "Zoë", "Cleo", "Dora"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "rating", "descending")), ["Cleo", "Zoë", "Anna Müller", "Ben", "Dora"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "name", "ascending")), ["Anna Müller", "Ben", "Cleo", "Dora", "Zoë"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "last", "descending")), ["Cleo", "Anna Müller", "Ben", "Zoë", "Dora"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "change", "ascending")), ["Anna Müller", "Zoë", "Cleo", "Ben", "Dora"]);
  assert.deepEqual(names(sortPlayers(PLAYERS, "games", "descending")), ["Zoë", "Ben", "Anna Müller", "Dora", "Cleo"]);
  assert.deepEqual(names(PLAYERS), ["Zoë", "Anna Müller", "Ben", "Cleo", "Dora"]); // not changed in place
});

test("a league's table counts a team's walkovers in its played, won and lost, and sorts by them (hp114)", () => {
  // A: 2 games played (1 won, 1 drawn) and 2 walkovers won; B: 3 games (2 won) and none. Points for: elo_core's,
  // the awarded ones in them.
  const a = player("A", { games: 2, wins: 1, draws: 1, losses: 0, forfeits_won: 2, forfeits_lost: 0, points_for: 10, points_against: 2 });
  const b = player("B", { games: 3, wins: 2, draws: 0, losses: 1, forfeits_won: 0, forfeits_lost: 1, points_for: 5, points_against: 7 });
  const cells = (p) => Object.fromEntries(LEAGUE_COLUMNS.map((c) => [c.key, c.value(p, say)]));
  assert.deepEqual([cells(a).games, cells(a).wins, cells(a).draws, cells(a).losses, cells(a).for, cells(a).against], [4, 3, 1, 0, 10, 2]);
  assert.deepEqual([cells(b).games, cells(b).wins, cells(b).losses], [4, 2, 2]);
  assert.deepEqual(counted(a), { games: 4, wins: 3, draws: 1, losses: 0 });
  assert.deepEqual(names(sortPlayers([b, a], "wins", "descending", true)), ["A", "B"]);
  assert.deepEqual(names(sortPlayers([a, b], "wins", "descending")), ["B", "A"]); // a chess ladder's: rated games only
  assert.deepEqual(names(sortPlayers([a, b], "losses", "descending", true)), ["B", "A"]);
  // A team with walkovers only: games in its table, so provisional, not "no games yet" (hp117); a chess ladder's
  // player with forfeits only has no rated game.
  const awarded = player("C", { rank: null, provisional: true, games: 0, wins: 0, draws: 0, losses: 0, forfeits_won: 1, forfeits_lost: 1 });
  assert.equal(marks(awarded, say, true), "ladder.provisional");
  assert.equal(marks(awarded, say), "ladder.noGames");
  assert.equal(LEAGUE_COLUMNS.find((c) => c.key === "marks").value(awarded, say), "ladder.provisional");
});

test("the filter: case and accents aside, blank for all; a pool's players", () => {
  assert.deepEqual(names(filterPlayers(PLAYERS, " MULLER ")), ["Anna Müller"]);
  assert.deepEqual(names(filterPlayers(PLAYERS, "zo")), ["Zoë"]);
  assert.equal(filterPlayers(PLAYERS, "  ").length, 5);
  assert.deepEqual(names(filterPlayers(PLAYERS, "Mueller")), ["Anna Müller"]);
  assert.deepEqual(names(filterPlayers([player("Ł", { name: "Łukasz" })], "lukasz")), ["Łukasz"]);
  const pooled = [player("A", { pool: "rapid" }), player("A", { pool: "blitz" }), player("B", { pool: "blitz" })];
  assert.deepEqual(inPool(pooled, "blitz").map((p) => p.id), ["A", "B"]);
});

test("head-to-head from the player's side, of their pool only, most games first", () => {
  const answer = {
    players: [player("A", { name: "Anna" }), player("B", { name: "Ben" }), player("C", { name: "Cleo" }), player("A", { pool: "blitz" })],
    head_to_head: [
      { pool: null, a: "A", b: "B", games: 1, a_wins: 1, draws: 0, b_wins: 0, a_score: 1, b_score: 0, last_played: "2026-03-04" },
      { pool: null, a: "C", b: "A", games: 3, a_wins: 2, draws: 1, b_wins: 0, a_score: 2.5, b_score: 0.5, last_played: "2026-03-18" },
      { pool: "blitz", a: "A", b: "C", games: 5, a_wins: 5, draws: 0, b_wins: 0, a_score: 5, b_score: 0, last_played: "2026-03-18" },
    ],
  };
  assert.deepEqual(headToHead(answer.head_to_head, answer.players, answer.players[0]), [
    { id: "C", name: "Cleo", games: 3, wins: 0, draws: 1, losses: 2, score: 0.5, last: "2026-03-18" },
    { id: "B", name: "Ben", games: 1, wins: 1, draws: 0, losses: 0, score: 1, last: "2026-03-04" },
  ]);
});

test("chart points by game number and by date, from the start rating", () => {
  const p = player("A");
  assert.deepEqual(chartPoints(p, "game"), [{ x: 0, rating: 1500 }, { x: 1, rating: 1508 }, { x: 2, rating: 1502 }]);
  const d = dayNumber("2026-03-04");
  assert.equal(dayNumber("2026-03-11") - d, 7);
  assert.deepEqual(chartPoints(p, "date"), [{ x: d - 1, rating: 1500 }, { x: d, rating: 1508 }, { x: d + 7, rating: 1502 }]);
  assert.deepEqual(chartPoints(player("N", { history: { game: [], date: [], rating: [] } }), "date"), [{ x: 0, rating: 1500 }]);
});

test("sorting by name is the collator's order, ties in the ladder's, whatever the names' plain text order", () => {
  // Folded and compared as plain text first (ladder-rows.js roughlyByName), the collator's order still wins:
  // "_" sorts after the letters as text, before them for the collator; "Éva" with "Eva", in the ladder's order.
  const named = ["b_c", "Éva", "bac", "Eva", "ab", "Ab", "étienne", "Zed"].map((name, i) => player(`p${i}`, { name }));
  const collator = new Intl.Collator(undefined, { sensitivity: "base" });
  const wanted = [...named].sort((a, b) => collator.compare(a.name, b.name) || named.indexOf(a) - named.indexOf(b));
  assert.deepEqual(names(sortPlayers(named, "name", "ascending")), names(wanted));
  const down = [...named].sort((a, b) => -collator.compare(a.name, b.name) || named.indexOf(a) - named.indexOf(b));
  assert.deepEqual(names(sortPlayers(named, "name", "descending")), names(down));
});

test("the picker's choices: each player once, the id beside a name two players of the pool share", () => {
  const pool = [player("a1", { name: "Anna" }), player("b", { name: "Ben" }), player("a2", { name: "Anna" })];
  assert.deepEqual(choices(pool).map((c) => [c.id, c.label]), [["a1", "Anna (a1)"], ["b", "Ben"], ["a2", "Anna (a2)"]]);
});

test("the picker's matches: case and accents aside, in order, the first `max` of them and how many there are", () => {
  const list = choices(["Zoë", "Anna Müller", "Ben Muller", "Cleo", "Dora Mull"].map((name) => player(name)));
  const labels = (found) => found.map((c) => c.label);
  const some = matching(list, " MULL ", 2);
  assert.deepEqual([labels(some.found), some.count], [["Anna Müller", "Ben Muller"], 3]);
  assert.deepEqual(labels(matching(list, "zoe", 50).found), ["Zoë"]);
  assert.deepEqual(matching(list, "", 3).count, 5); // blank: everyone, the first 3 listed
  assert.deepEqual(labels(matching(list, "", 3).found), ["Zoë", "Anna Müller", "Ben Muller"]);
  assert.deepEqual(matching(list, "xyz", 50), { found: [], count: 0 });
  // Spellings (text.js): Ø as O, ß as ss, ü as ue (hp87: "Odegaard" missed "Ødegaard").
  const spelled = choices([player("O", { name: "Ødegaard" }), player("S", { name: "Strauß" }), player("M", { name: "Mueller" })]);
  assert.deepEqual(labels(matching(spelled, "odegaard", 50).found), ["Ødegaard"]);
  assert.deepEqual(labels(matching(spelled, "Strauss", 50).found), ["Strauß"]);
  assert.deepEqual(labels(matching(spelled, "Müller", 50).found), ["Mueller"]);
});

test("a league's answer says its own words where it has them, a club's its own; in every language", () => {
  const has = (/** @type {string} */ key) => key === "ladder.league.shown";
  assert.equal(wordsOf(true, say, has)("ladder.shown", { count: 4 }), 'ladder.league.shown{"count":4}');
  assert.equal(wordsOf(true, say, has)("ladder.k"), "ladder.k"); // none of its own: the club's
  assert.equal(wordsOf(false, say, has)("ladder.shown"), "ladder.shown");
  // Each league's text stands for a club's text, in another's words.
  for (const lang of ["en", "de", "fr", "es", "it", "nl"]) {
    const texts = JSON.parse(readFileSync(new URL(`../../widget/i18n/${lang}.json`, import.meta.url), "utf8"));
    for (const key of Object.keys(texts).filter((k) => k.startsWith("ladder.league."))) {
      assert.ok(texts[key.replace("ladder.league.", "ladder.")], `${lang} ${key}: no club's text to stand for`);
    }
  }
});

test("a season's start is said as a day of the page's language, not as its MM-DD", async () => {
  const { seasonDay } = await import("../../widget/views/ladder/ladder-rows.js");
  assert.equal(seasonDay("08-01", "en"), "August 1");
  assert.equal(seasonDay("08-01", "de"), "1. August");
  assert.equal(seasonDay("02-29", "fr"), "29 février");
  assert.equal(seasonDay("13-01", "en"), "13-01");
  assert.equal(seasonDay("", "en"), "");
});
