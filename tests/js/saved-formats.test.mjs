// Saved entries of formats 1 and 2 load unchanged in format 3 (store.js): the fixtures made by the
// widget of format 2 (tests/js/fixtures/saved/, captured by tests/browser/capture_saved.py) and two of
// format 1, and a seeded property test over every state the format-2 widget could save. "Unchanged":
// every character typed, every box ticked, every choice and every game is where format 3 keeps it,
// nothing is named as left out, and what format 3 saves and links reads back the same again.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { CONTRACT, GAME_KEYS, RESULTS, SYSTEMS } from "../../widget/views/calculator/fields.js";
import { MAX_EVENTS, blankState, fromFragment, loadSaved, readState, save, toFragment } from "../../widget/views/calculator/store.js";

const items = new Map();
globalThis.window = {
  localStorage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k) },
};

/** Each field kept beside the rating by formats 1 and 2, by its former name: its system and path. */
const FORMER = Object.fromEntries(Object.entries(CONTRACT.systems).flatMap(([system, info]) =>
  info.fields.filter((f) => f.former).map((f) => [f.former, { system, path: f.path, kind: f.kind, choices: f.choices }])));

/** Format 2's defaults for what format 1 did not save. */
const LATER_V2 = { reached2300: false, standardRating: "", entries: {}, events: [{ name: "", rating: "" }] };

/**
 * A format-3 state seen as format 2 saved it: FIDE's and Elo's fields back beside the rating, under
 * their former names (an untouched one at format 2's default), the other systems' under `entries`.
 */
function asFormat2(state) {
  const { entries, ...rest } = state;
  const flat = { ...rest };
  const others = structuredClone(entries);
  for (const [name, { system, path, kind, choices }] of Object.entries(FORMER)) {
    const value = entries[system]?.[path];
    flat[name] = value ?? (kind === "bool" ? false : kind === "choice" ? choices[0] : "");
    if (!others[system]) continue;
    delete others[system][path];
    if (!Object.keys(others[system]).length) delete others[system]; // the format-2 widget kept none for FIDE nor Elo
  }
  return { ...flat, entries: others };
}

/** What format 2 saved, as its reader gave it back: format 1's missing keys at their defaults. */
function expectedFormat2(saved) {
  const { v, ...rest } = saved;
  const base = v === 1 ? { ...LATER_V2, period: rest.period, periodChosen: false } : {};
  return { ...base, ...rest };
}

/** `state` saved in format 3 and loaded again, and opened from its link: both the same state. */
async function roundTrips(state, name) {
  assert.equal(save(`again:${name}`, state), "saved");
  const saved = JSON.parse(items.get(`again:${name}`));
  assert.equal(saved.v, 3);
  assert.deepEqual(loadSaved(`again:${name}`), { state, dropped: [], earlierPeriod: "", lang: "" }, name);
  const link = await toFragment(state);
  if (link) assert.deepEqual((await fromFragment(link)).state, { ...state, periodChosen: true }, name);
}

// ---- the fixtures ---------------------------------------------------------------------------------

const FIXTURES = new URL("./fixtures/saved/", import.meta.url);
const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).sort();

test("there are fixtures of both older formats, of every system and of a period of tournaments", () => {
  const saved = fixtures.map((f) => JSON.parse(readFileSync(new URL(f, FIXTURES), "utf8")).saved);
  assert.deepEqual([...new Set(saved.map((s) => s.v))].sort(), [1, 2]);
  assert.deepEqual([...new Set(saved.map((s) => s.system))].sort(), [...SYSTEMS].sort());
  assert.ok(saved.some((s) => s.events?.length > 1 && s.periodChosen));
});

for (const file of fixtures) {
  test(`saved entries ${file} load unchanged in format 3`, async () => {
    const { saved, shown } = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
    items.set(file, JSON.stringify(saved));
    // The period of a fixture not chosen is this month's: it moves on (and says so) as in format 2.
    const read = loadSaved(file, blankState());
    assert.deepEqual(read.dropped, [], file);
    const state = /** @type {any} */ (read.state);
    const expected = expectedFormat2(saved);
    if (!saved.periodChosen) expected.period = state.period;
    assert.deepEqual(asFormat2(state), expected, file);
    if (shown) {
      const now = controls(state);
      const both = Object.keys(now).filter((k) => k in shown);
      assert.ok(both.length >= 8, file);
      assert.deepEqual(pick(now, both), pick(shown, both), file);
    }
    await roundTrips(state, file);
  });
}

/** The old widget's form controls (their ids then) that the fixtures recorded, from a format-3 state. */
function controls(state) {
  const v2 = asFormat2(state);
  /** @type {Record<string, string | boolean>} */
  const found = {
    system: state.system, rating: state.rating, k: state.k, "time-control": v2.timeControl, "standard-rating": v2.standardRating,
    fewer30: v2.fewer30, junior: v2.junior, reached2400: v2.reached2400, reached2300: v2.reached2300, cap400: v2.cap400,
    update: v2.update, "period-month": state.period.slice(5), "period-year": state.period.slice(0, 4),
  };
  state.events.forEach((e, i) => Object.assign(found, { [`ev-name-${i}`]: e.name, [`ev-rating-${i}`]: e.rating }));
  const own = OWN_V2[state.system] ?? [];
  for (const f of own) {
    const value = state.entries[state.system]?.[f.path];
    found[`sf-${f.path.replace(/[^A-Za-z0-9_]/g, "-")}`] = value ?? (f.kind === "bool" ? false : f.kind === "choice" ? f.choices[0] : "");
  }
  return found;
}

/** The entries of `shown` under `keys` (those it has). */
const pick = (shown, keys) => Object.fromEntries(keys.filter((k) => k in shown).map((k) => [k, shown[k]]));

test("the fixtures' games are the ones shown in the form, in order", () => {
  for (const file of fixtures) {
    const { saved, shown } = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
    if (!shown) continue;
    const typed = Object.keys(shown).filter((k) => k.startsWith("opp-")).map((k) => [shown[k], shown[`res-${k.slice(4)}`]]);
    assert.deepEqual(readState(saved)?.state.games.map((g) => [g.opponent, g.result]), typed, file);
  }
});

// ---- every state the format-2 widget could save -----------------------------------------------------

/** A small seeded generator (mulberry32): the same cases on every run. @param {number} seed */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The other systems' own fields as format 2 kept them (FIDE's and Elo's were beside the rating; a league's, Elo's
 * group "league", came after format 3). */
const OWN_V2 = Object.fromEntries(Object.entries(CONTRACT.systems).map(([system, info]) => [system,
  info.fields.filter((f) => !f.former && ["bool", "choice", "number"].includes(f.kind) && !f.path.startsWith("games[]")
    && f.group !== "league" && f.path !== "league" && f.group !== "needs" && f.path !== "needs")])); // later than format 2: a league's, "what do I need"

/**
 * A state as the format-2 (or, `v` 1, format-1) widget saved it: any text in any box, any choice,
 * ticks, tournaments, games with their own values; format 1 had no tournaments, periods, system
 * entries, standard rating nor rated-2300 box.
 */
function formerState(rnd, v) {
  const int = (n) => Math.floor(rnd() * n);
  const pickOne = (list) => list[int(list.length)];
  const pieces = ["1500", "2000\t", " ", "½", "unrated", "(Smith, John - Kingsbridge Chess Club)", "\u0000", "é", "🂡", "<b>",
    "\"", "\\", "-", "\u202e", "١٥٠٠", "\u200b"];
  const text = () => Array.from({ length: pickOne([0, 1, 1, 2, 5, 40]) }, () => pickOne(pieces)).join("");
  const state = { v, system: pickOne(SYSTEMS), rating: text(), k: text() };
  for (const [name, { kind, choices }] of Object.entries(FORMER)) {
    if (v === 1 && (name === "reached2300" || name === "standardRating")) continue;
    state[name] = kind === "bool" ? rnd() < 0.5 : kind === "choice" ? pickOne(choices) : text();
  }
  const events = v === 1 ? [{ name: "", rating: "" }]
    : Array.from({ length: 1 + (rnd() < 0.3 ? int(MAX_EVENTS) : 0) }, () => ({ name: text(), rating: text() }));
  if (v === 2) {
    const entries = {};
    for (const s of SYSTEMS) {
      if (rnd() < 0.5 || !OWN_V2[s].length) continue;
      entries[s] = Object.fromEntries(OWN_V2[s].filter(() => rnd() < 0.7).map((f) =>
        [f.path, f.kind === "bool" ? rnd() < 0.5 : f.kind === "choice" ? pickOne(["", ...f.choices]) : text()]));
    }
    Object.assign(state, { period: `${2022 + int(5)}-${String(1 + int(12)).padStart(2, "0")}`, periodChosen: true, entries, events });
  }
  state.games = Array.from({ length: pickOne([0, 1, 3, 20, 200]) }, () => {
    const game = { opponent: rnd() < 0.8 ? String(1600 + int(800)) : text(), result: pickOne(RESULTS) };
    if (v === 2) {
      const extra = Object.fromEntries(GAME_KEYS.filter(() => rnd() < 0.2).map((key) => [key, text() || "1"]));
      if (Object.keys(extra).length) game.extra = extra;
      const event = int(events.length);
      if (event) game.event = event;
    }
    return game;
  }).sort((a, b) => (a.event ?? 0) - (b.event ?? 0));
  return state;
}

for (const v of [1, 2]) {
  test(`any state the format-${v} widget saved loads unchanged in format 3, and saves and links the same again`, async () => {
    const rnd = random(3000 + v);
    for (let i = 0; i < 150; i++) {
      const saved = formerState(rnd, v);
      items.set("property", JSON.stringify(saved));
      const read = loadSaved("property", blankState());
      assert.deepEqual(read.dropped, [], `case ${i}`);
      const state = /** @type {any} */ (read.state);
      const expected = expectedFormat2(saved);
      if (v === 1) expected.period = state.period;
      assert.deepEqual(asFormat2(state), expected, `case ${i}`);
      if (i % 10 === 0) await roundTrips(state, `property-${i}`); // a link costs some milliseconds
      else {
        assert.equal(save("again", state), "saved");
        assert.deepEqual(loadSaved("again").state, state, `case ${i}`);
      }
    }
  });
}

test("a format-2 choice left at its blank is still blank, and a value that fits no field is named, not taken", () => {
  const base = formerState(random(1), 2);
  const read = readState({ ...base, system: "dwz", entries: { dwz: { "settings.rules": "" } } });
  assert.deepEqual([read?.state.entries.dwz, read?.dropped], [{ "settings.rules": "" }, []]);
  const bad = readState({ ...base, timeControl: "bullet" });
  assert.deepEqual(bad?.dropped, [{ key: "field.time_control" }]);
  assert.equal(bad?.state.entries.fide?.time_control, undefined); // its first choice, standard
});
