// store.js: saved states read field by field (a bad field or game left out and named, the rest kept),
// version 1 still read, any state the form can make saved and read back unchanged; links carry a
// whole calculation compressed, old links still open, and hostile or damaged links are refused whole.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTRACT, GAME_KEYS, RESULTS, SYSTEMS, ownFields } from "../../widget/views/calculator/fields.js";
import {
  MAX_EVENTS, MAX_GAMES, MAX_LINK, blankState, checkState, fromFragment, loadSaved, readState, save, toFragment,
} from "../../widget/views/calculator/store.js";

/** A Storage in memory, as window.localStorage; `full` makes setItem throw as a full browser store does. */
function memoryStorage() {
  const items = new Map();
  return {
    full: false,
    getItem: (k) => items.get(k) ?? null,
    setItem(k, v) {
      if (this.full) throw new DOMException("full", "QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  };
}
const storage = memoryStorage();
globalThis.window = { localStorage: storage };

const good = {
  v: 1, system: "elo", rating: "1450", k: "40", fewer30: false, junior: false, reached2400: false,
  timeControl: "standard", cap400: false, update: "event",
  games: [{ opponent: "1500", result: "1" }, { opponent: "1620", result: "0.5" }],
};

/** `good` as format 3 saves it: each system's own fields under `entries` (none typed here). */
const good3 = { v: 3, system: "elo", rating: "1450", k: "40", games: good.games };

test("a good state passes, and keeps typed text as typed", () => {
  assert.deepEqual(checkState({ ...good, rating: "abc" })?.rating, "abc");
  assert.equal(checkState(good)?.games.length, 2);
});

test("a link carries the whole calculation", async () => {
  const state = checkState(good);
  assert.deepEqual((await fromFragment(await toFragment(state))).state, state);
});

test("non-ASCII text survives a link", async () => {
  const state = checkState({ ...good, rating: "1484,4 ½" });
  assert.deepEqual((await fromFragment(await toFragment(state))).state?.rating, "1484,4 ½");
});

// ---- what the issue found thrown away: now kept -----------------------------------------------

for (const [name, changed] of [
  ["an opponent typed with a name and club", { games: [{ opponent: "1620 (Smith, John - Kingsbridge Chess Club)", result: "1" }] }],
  ["a rating pasted from a spreadsheet cell", { rating: "2000\t" }],
  ["a very long field", { rating: "9".repeat(1000) }],
  ["control characters", { k: "\u0000\u001f20" }],
  ["10 000 games", { games: Array.from({ length: MAX_GAMES }, (_, i) => ({ opponent: String(1600 + (i % 800)), result: "0.5" })) }],
]) {
  test(`kept whole: ${name}`, () => {
    const read = readState({ ...good, ...changed });
    assert.deepEqual(read?.dropped, []);
    for (const [key, value] of Object.entries(changed)) assert.deepEqual(read?.state[key], value);
  });
}

// ---- the contract's limits, applied before anything is built (issue 29, item 1) ----------------

/** A list of `n` copies of `item` that counts how many of its places are read. */
function counted(n, item) {
  const seen = { count: 0 };
  const list = new Proxy(Array.from({ length: n }, () => item), {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) seen.count++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, seen };
}

test("100 000 tournaments: the first MAX_EVENTS are read, the rest named, no more looked at", () => {
  const { list, seen } = counted(100_000, {});
  const read = readState({ ...good, v: 2, events: list });
  assert.equal(read?.state.events.length, MAX_EVENTS);
  assert.deepEqual(read?.dropped, [{ key: "saved.eventsCut", count: 100_000 - MAX_EVENTS }]);
  assert.ok(seen.count <= 2 * MAX_EVENTS, `read ${seen.count} places of the list`);
});

test("more games than MAX_GAMES: the first are read, the rest named, no more looked at", () => {
  const { list, seen } = counted(MAX_GAMES * 10, { opponent: "", result: "1" });
  const read = readState({ ...good, games: list });
  assert.equal(read?.state.games.length, MAX_GAMES);
  assert.deepEqual(read?.dropped, [{ key: "saved.gamesCut", count: MAX_GAMES * 9 }]);
  assert.ok(seen.count <= 2 * MAX_GAMES, `read ${seen.count} places of the list`);
});

test("saved entries over a limit are read cut, and their whole text is set aside under :unread", () => {
  const text = JSON.stringify({ ...good, v: 2, events: Array.from({ length: 5000 }, () => ({ name: "", rating: "" })) });
  storage.setItem("limits", text);
  const back = loadSaved("limits");
  assert.equal(back.state?.events.length, MAX_EVENTS);
  assert.equal(storage.getItem("limits:unread"), text);
  // A later repair keeps the first text set aside, and puts its own beside it.
  const later = JSON.stringify({ ...good, v: 2, games: [{ opponent: "1", result: "0.7" }] });
  storage.setItem("limits", later);
  assert.equal(loadSaved("limits").dropped?.length, 1);
  assert.deepEqual([storage.getItem("limits:unread"), storage.getItem("limits:unread:2")], [text, later]);
});

test("entries that cannot be set aside (storage full) are read, and said not to be saved over", () => {
  storage.setItem("nofit", JSON.stringify({ ...good, games: [{ opponent: "1", result: "0.7" }] }));
  storage.full = true;
  try {
    const back = loadSaved("nofit");
    assert.deepEqual([back.state?.games.length, back.keptAside], [0, false]);
  } finally {
    storage.full = false;
  }
});

for (const [name, over] of [
  ["MAX_EVENTS + 1 tournaments", { v: 2, events: Array.from({ length: MAX_EVENTS + 1 }, () => ({ name: "", rating: "" })) }],
  ["MAX_GAMES + 1 games", { games: Array.from({ length: MAX_GAMES + 1 }, () => ({ opponent: "", result: "1" })) }],
]) {
  test(`a link of ${name} is refused whole`, async () => {
    const json = new TextEncoder().encode(JSON.stringify({ ...good, ...over }));
    const packed = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    const code = btoa(String.fromCharCode(...packed)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    assert.ok(code.length < 2000); // a short link
    assert.deepEqual(await fromFragment("#c=z." + code), { state: null, problem: "bad_link" });
  });
}

test("a box longer than max_text is not read back: a 39 kB link carried 30 million characters", async () => {
  const max = CONTRACT.limits.max_text;
  assert.equal(readState({ ...good, rating: "9".repeat(max) })?.state.rating.length, max);
  const read = readState({ ...good, rating: "9".repeat(max + 1) }, { ...blankState(), rating: "" });
  assert.deepEqual([read?.state.rating, read?.dropped], ["", [{ key: "rating.label" }]]);
  assert.deepEqual(readState({ ...good, games: [{ opponent: "1".repeat(max + 1), result: "1" }] })?.dropped,
    [{ key: "game.number", n: 1 }]);
  const huge = await toFragment({ ...checkState(good), rating: "9".repeat(30_000_000) });
  assert.ok(huge && huge.length < 60_000);
  assert.deepEqual(await fromFragment(huge), { state: null, problem: "bad_link" });
});

// ---- not a saved state at all --------------------------------------------------------------------

for (const [name, bad] of [
  ["an old version", { ...good, v: 0 }],
  ["a version not yet made", { ...good, v: 4 }],
  ["an array", [good]],
  ["null", null],
  ["a string", "good"],
]) {
  test(`no state: ${name}`, () => assert.equal(readState(bad), null));
}

// ---- repair: one bad part left out and named, the rest kept --------------------------------------

test("one bad game is left out and named; the others are kept in order", () => {
  const read = readState({ ...good, games: [good.games[0], { opponent: "1550", result: "0.7" }, good.games[1]] });
  assert.deepEqual(read?.state.games, [good.games[0], good.games[1]]);
  assert.deepEqual(read?.dropped, [{ key: "game.number", n: 2 }]);
});

test("a game that is not an object, or has no opponent text, is left out", () => {
  const read = readState({ ...good, games: ["1500", { result: "1" }, good.games[1]] });
  assert.deepEqual(read?.state.games, [good.games[1]]);
  assert.deepEqual(read?.dropped, [{ key: "game.number", n: 1 }, { key: "game.number", n: 2 }]);
});

test("a bad flag takes its default and is named; everything else is kept", () => {
  const read = readState({ ...good, junior: "yes" });
  assert.equal(read?.state.entries.fide["player.junior"], undefined); // unticked
  assert.equal(read?.state.entries.fide["player.fewer_than_30_games"], false);
  assert.deepEqual(read?.dropped, [{ key: "field.player.junior" }]);
  assert.deepEqual(read?.state.games, good.games);
  assert.equal(read?.state.rating, "1450");
});

test("an unknown system takes the embedding page's, an unknown choice its default, and each is named", () => {
  const base = { ...blankState(), system: "fide" };
  const read = readState({ ...good, system: "<img src=x>", update: "weekly" }, base);
  assert.equal(read?.state.system, "fide");
  assert.equal(read?.state.entries.elo.update, undefined); // its first choice
  assert.equal(read?.state.entries.elo.cap_400, false);
  assert.deepEqual(read?.dropped.map((d) => d.key).sort(), ["field.update", "system.label"]);
});

test("games that are no list give way to the defaults' row, named", () => {
  const read = readState({ v: 1, system: "fide", games: "lots" });
  assert.deepEqual(read?.state.games, blankState().games);
  assert.ok(read?.dropped.some((d) => d.key === "games.heading"));
});

test("a game's bad extra value is left out, the game kept", () => {
  const read = readState({ ...good, games: [{ opponent: "1500", result: "1", extra: { opponent_rd: "30", x: "1" } }] });
  assert.deepEqual(read?.state.games, [{ opponent: "1500", result: "1", extra: { opponent_rd: "30" } }]);
  assert.deepEqual(read?.dropped, [{ key: "game.number", n: 1 }]);
});

test("a game of a tournament that is not there is left out", () => {
  const read = readState({ ...good, games: [{ opponent: "1500", result: "1", event: 2 }, good.games[0]] });
  assert.deepEqual(read?.state.games, [good.games[0]]);
  assert.deepEqual(read?.dropped, [{ key: "game.number", n: 1 }]);
});

test("entries of an unknown system or field are left out; good ones kept", () => {
  const read = readState({ ...good3, entries: { chesscom: {}, glicko2: { "player.rd": "200", "player.age": "40", "settings.tau": 5 } } });
  assert.deepEqual(read?.state.entries, { glicko2: { "player.rd": "200" } });
  assert.deepEqual(read?.dropped.map((d) => d.key), ["saved.otherEntries", "saved.otherEntries", "field.settings.tau"]);
});

test("a bad tournament keeps what it has; no tournaments at all give one", () => {
  const one = readState({ ...good, events: [{ name: "Open", rating: 2000 }] });
  assert.deepEqual(one?.state.events, [{ name: "Open", rating: "" }]);
  assert.deepEqual(one?.dropped, [{ key: "events.number", n: 1 }]);
  assert.deepEqual(readState({ ...good, events: [] })?.state.events, [{ name: "", rating: "" }]);
});

test("a period that is not a month takes the default", () => {
  const now = blankState().period;
  const read = readState({ ...good, period: "2025-13", periodChosen: true }, { ...blankState(), period: now });
  assert.equal(read?.state.period, now);
  assert.deepEqual(read?.dropped, [{ key: "period.label" }]);
});

test("version 1 as saved before periods and system fields: one event this month, no entries, nothing named", () => {
  const read = readState(good);
  assert.deepEqual(read?.dropped, []);
  assert.deepEqual(read?.state.events, [{ name: "", rating: "" }]);
  assert.match(read?.state.period ?? "", /^\d{4}-\d{2}$/);
  // FIDE's and Elo's fields, kept beside the rating by version 1, are their systems' own entries now.
  assert.deepEqual(read?.state.entries, {
    fide: { time_control: "standard", "player.fewer_than_30_games": false, "player.junior": false, "player.reached_2400": false },
    elo: { update: "event", cap_400: false },
  });
});

test("a state saved before the standard rating reads with none, nothing named; a bad one is named", () => {
  const before = { ...good, v: 2 };
  const read = readState(before);
  assert.deepEqual([read?.state.entries.fide["player.standard_rating"], read?.dropped], [undefined, []]);
  const bad = readState({ ...before, standardRating: 1850, rating: "" });
  assert.deepEqual([bad?.state.entries.fide["player.standard_rating"], bad?.state.rating, bad?.dropped],
    [undefined, "", [{ key: "field.player.standard_rating" }]]);
});

test("the standard rating is kept as typed, and carried by a link", async () => {
  const state = checkState({ ...good, system: "fide", rating: "", timeControl: "blitz", standardRating: "1 850 " });
  assert.equal(state?.entries.fide["player.standard_rating"], "1 850 ");
  assert.deepEqual((await fromFragment(await toFragment(state))).state, state);
});

// ---- saving ---------------------------------------------------------------------------------------

test("a full browser store is reported, not swallowed", () => {
  storage.full = true;
  try {
    assert.equal(save("full-test", checkState(good)), "full");
  } finally {
    storage.full = false;
  }
  assert.equal(save("full-test", checkState(good)), "saved");
});

test("saved entries and a link say the language they were typed in, for a page in another to read them its way", async () => {
  const state = checkState({ ...good3, rating: "1.950", games: [{ opponent: "zonder rating", result: "1" }] });
  assert.equal(save("typed-in-dutch", state, "nl"), "saved");
  assert.equal(JSON.parse(storage.getItem("typed-in-dutch")).v, 3); // a field more of format 3: older builds read the rest
  assert.deepEqual(loadSaved("typed-in-dutch"), { state, dropped: [], earlierPeriod: "", lang: "nl" });
  const link = await fromFragment(await toFragment(state, "nl"));
  assert.deepEqual([link.state?.rating, link.lang], ["1.950", "nl"]);
});

test("entries that say no language, or none of the widget's, are the reading page's", () => {
  assert.equal(readState(good3)?.lang, "");
  for (const lang of ["xx", "EN", 7, null, "__proto__"]) {
    const read = readState({ ...good3, lang });
    assert.deepEqual([read?.lang, read?.dropped], ["", []], String(lang));
  }
});

test("unreadable saved text is reported and nothing is used", () => {
  storage.setItem("bad", "{not json");
  assert.deepEqual(loadSaved("bad"), { state: null, problem: "corrupt" });
  storage.setItem("old", JSON.stringify({ v: 0 }));
  assert.deepEqual(loadSaved("old"), { state: null, problem: "old" });
  assert.deepEqual(loadSaved("nothing"), { state: null });
});

// ---- any state the form can make survives save → reload, and a link --------------------------------

/** A small seeded generator (mulberry32): the same cases on every run. @param {number} seed */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A state as the form can leave it: any text in any box, any choice, up to MAX_GAMES games (Add game
 * and paste stop there). */
function formState(rnd) {
  const int = (n) => Math.floor(rnd() * n);
  const pick = (list) => list[int(list.length)];
  const pieces = ["1500", "2000\t", " ", "½", "unrated", "(Smith, John - Kingsbridge Chess Club)", "\u0000", "é", "🂡", "<b>", "\"", "\\", "-"];
  const text = () => {
    const n = pick([0, 1, 1, 2, 5, 40, 300]);
    return Array.from({ length: n }, () => pick(pieces)).join("");
  };
  const system = pick(SYSTEMS);
  const events = Array.from({ length: 1 + (rnd() < 0.3 ? int(MAX_EVENTS) : 0) }, () => ({ name: text(), rating: text() }));
  const entries = {};
  for (const s of SYSTEMS) {
    if (rnd() < 0.5) continue;
    const own = {};
    for (const f of ownFields(s)) {
      if (rnd() < 0.3 || f.kind === "period") continue; // the period is the state's own
      own[f.path] = f.kind === "bool" ? rnd() < 0.5 : f.kind === "choice" ? pick(f.choices) : text();
    }
    entries[s] = own;
  }
  const count = pick([0, 1, 3, 20, 200, rnd() < 0.1 ? MAX_GAMES : 5]);
  const games = Array.from({ length: count }, () => {
    const game = { opponent: rnd() < 0.8 ? String(1600 + int(800)) : text(), result: pick(RESULTS) };
    const extra = {};
    for (const key of GAME_KEYS) if (rnd() < 0.2) extra[key] = text() || "1";
    if (Object.keys(extra).length) game.extra = extra;
    const event = int(events.length);
    if (event) game.event = event;
    return game;
  }).sort((a, b) => (a.event ?? 0) - (b.event ?? 0));
  return {
    system, rating: text(), k: text(), ...(rnd() < 0.5 ? { period: `${2022 + int(5)}-${String(1 + int(12)).padStart(2, "0")}`,
      periodChosen: true } : { period: blankState().period, periodChosen: false }),
    entries, events, games,
  };
}

test("any state the form can make is saved and read back unchanged", () => {
  const rnd = random(20251130);
  for (let i = 0; i < 300; i++) {
    const state = formState(rnd);
    assert.equal(save("property", state), "saved");
    const back = loadSaved("property");
    assert.deepEqual(back.dropped, [], `case ${i}`);
    assert.deepEqual(back.state, state, `case ${i}`);
  }
});

test("any state the form can make opens from its link unchanged, or is told too big for one", async () => {
  const rnd = random(7);
  for (let i = 0; i < 60; i++) {
    const state = formState(rnd);
    const fragment = await toFragment(state);
    if (fragment === null) continue; // the button says so; never a link the widget would refuse
    // A link's period is its calculation's: kept, whatever month the link is opened in.
    assert.deepEqual((await fromFragment(fragment)).state, { ...state, periodChosen: true }, `case ${i}`);
  }
});

// ---- links -----------------------------------------------------------------------------------------

/** A realistic event of `n` games: opponents 1600-2400, mixed results. */
function realistic(n, rnd = random(n)) {
  const games = Array.from({ length: n }, () => ({ opponent: String(1600 + Math.floor(rnd() * 801)), result: RESULTS[Math.floor(rnd() * 3)] }));
  return { ...checkState(good), system: "fide", rating: "2000", games };
}

test("a realistic 10 000-game calculation fits a link, and opens", async () => {
  const state = realistic(10000);
  const fragment = await toFragment(state);
  assert.ok(fragment && fragment.length - "#c=z.".length <= MAX_LINK, String(fragment?.length));
  assert.deepEqual((await fromFragment(fragment)).state, state);
});

test("a calculation too big for a link makes none", async () => {
  const rnd = random(1);
  const noise = () => Array.from({ length: 40 }, () => String.fromCharCode(33 + Math.floor(rnd() * 90))).join("");
  const state = { ...realistic(10000), games: Array.from({ length: 10000 }, () => ({ opponent: noise(), result: "1" })) };
  assert.equal(await toFragment(state), null);
});

test("an old uncompressed link still opens", async () => {
  const state = checkState(good);
  const old = "#c=" + Buffer.from(JSON.stringify(good)).toString("base64url");
  assert.deepEqual((await fromFragment(old)).state, state);
});

test("a compressed link unpacking to far too much is refused", async () => {
  const huge = new Uint8Array(80 * 1024 * 1024).fill(32); // spaces: valid JSON padding, 80 MB
  const packed = new Uint8Array(await new Response(new Blob([huge]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
  const code = Buffer.from(packed).toString("base64url");
  assert.ok(code.length <= MAX_LINK);
  assert.deepEqual(await fromFragment("#c=z." + code), { state: null, problem: "bad_link" });
});

for (const [name, bad] of [
  ["a result of 0.7", { ...good, games: [{ opponent: "1500", result: "0.7" }] }],
  ["a game that is not an object", { ...good, games: ["1500"] }],
  ["a flag that is not a boolean", { ...good, junior: "yes" }],
  ["an unknown system", { ...good, system: "<img src=x>" }],
  ["entries of an unknown system", { ...good, entries: { chesscom: {} } }],
]) {
  test(`a link with one bad part is refused whole: ${name}`, async () => {
    assert.equal(checkState(bad), null);
    const hash = "#c=" + Buffer.from(JSON.stringify(bad)).toString("base64url");
    assert.deepEqual(await fromFragment(hash), { state: null, problem: "bad_link" });
  });
}

for (const [name, hash] of [
  ["not base64", "#c=<script>alert(1)</script>"],
  ["base64 of nonsense", "#c=" + btoa("nonsense")],
  ["base64 of a bad state", "#c=" + btoa(JSON.stringify({ ...good, update: "weekly" }))],
  ["bad UTF-8", "#c=" + btoa("\xff\xfe\xfd")],
  ["far too long", "#c=" + "A".repeat(300000)],
  ["compressed, far too long", "#c=z." + "A".repeat(300000)],
  ["compressed nonsense", "#c=z.AAAA"],
]) {
  test(`hostile fragment refused: ${name}`, async () => assert.deepEqual(await fromFragment(hash), { state: null, problem: "bad_link" }));
}

test("no fragment is no problem", async () => {
  assert.deepEqual(await fromFragment(""), { state: null });
  assert.deepEqual(await fromFragment("#top"), { state: null });
});

const glicko2 = {
  ...good3, system: "glicko2",
  entries: {
    glicko2: { "player.rd": "200", "settings.tau": "0,5" },
    uscf: { "player.original_life_master": true, "player.prior_results": "all_wins", "player.games_played": "" },
  },
  games: [{ opponent: "1400", result: "1", extra: { opponent_rd: "30" } }, { opponent: "1550", result: "0" }],
};

test("each system's own entries and a game's own values are kept, and a link carries them", async () => {
  const state = checkState(glicko2);
  assert.deepEqual(state?.entries, glicko2.entries);
  assert.deepEqual(state?.games, glicko2.games);
  assert.deepEqual((await fromFragment(await toFragment(state))).state, state);
});

test("a game's empty own values are not kept", () => {
  const state = checkState({ ...good, games: [{ opponent: "1500", result: "1", extra: { opponent_rd: "" } }] });
  assert.deepEqual(state?.games, [{ opponent: "1500", result: "1" }]);
});

// ---- rating periods ------------------------------------------------------------------------

test("a period the visitor did not choose moves on to this month's, and says which it had (issue 29, item 8)", () => {
  const now = blankState().period;
  for (const saved of [{ ...good, v: 2, period: "2025-09" }, { ...good, v: 2, period: "2025-09", periodChosen: false }]) {
    const read = readState(saved);
    assert.equal(read?.state.period, now);
    assert.equal(read?.state.periodChosen, false);
    assert.equal(read?.earlierPeriod, "2025-09");
    assert.deepEqual(read?.dropped, []);
  }
  assert.equal(readState({ ...good, v: 2, period: now })?.earlierPeriod, "");
});

test("a link's period is kept, chosen or not: the calculation it carries", async () => {
  for (const periodChosen of [undefined, false, true]) {
    const state = checkState({ ...good, v: 2, system: "fide", period: "2025-09", periodChosen });
    assert.deepEqual([state?.period, state?.periodChosen], ["2025-09", true]);
  }
});

test("a chosen period that cannot be read falls back to this month's, which follows the months", () => {
  const read = readState({ ...good, v: 2, period: "2025-13", periodChosen: true });
  assert.deepEqual([read?.state.period, read?.state.periodChosen], [blankState().period, false]);
});

test("a period the visitor chose is kept", () => {
  const read = readState({ ...good, v: 2, period: "2025-09", periodChosen: true });
  assert.deepEqual([read?.state.period, read?.state.periodChosen, read?.earlierPeriod], ["2025-09", true, ""]);
});

const period = {
  ...good, system: "fide", reached2300: true, period: "2025-09", periodChosen: true,
  events: [{ name: "Club ch.", rating: "" }, { name: "Open", rating: "2090" }],
  games: [{ opponent: "1500", result: "1" }, { opponent: "unrated", result: "0.5", event: 1 }, { opponent: "", result: "1", event: 1 }],
};

test("a period's events, its month and rated 2300 before are kept, and carried by a link", async () => {
  const state = checkState(period);
  assert.deepEqual(state?.events, period.events);
  assert.deepEqual(state?.games.map((g) => g.event ?? 0), [0, 1, 1]);
  assert.equal(state?.period, "2025-09");
  assert.equal(state?.entries.fide["player.reached_2300"], true);
  assert.deepEqual((await fromFragment(await toFragment(state))).state, state);
});

test("games come back in the order of their events", () => {
  const state = checkState({ ...period, games: [period.games[1], period.games[0]] });
  assert.deepEqual(state?.games.map((g) => g.opponent), ["1500", "unrated"]);
});
