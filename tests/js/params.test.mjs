// params.js: which calculator of a page this is (its storage key's part) is taken only in the form
// embed.js makes, and the view only by a name the registry has; anything else from the URL is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readOptions, leftOutSettings, safeInstance, VIEW_NAMES } from "../../widget/page/params.js";
import { VIEWS } from "../../widget/page/views.js";

test("an element's id or place is taken", () => {
  assert.equal(safeInstance("id:chess-ladder_2.b"), "id:chess-ladder_2.b");
  assert.equal(safeInstance("nth:2"), "nth:2");
  assert.equal(safeInstance("id:calc~2"), "id:calc~2"); // the second calculator of id "calc"
  assert.equal(readOptions("?instance=id%3Achess", []).instance, "id:chess");
});

for (const hostile of ["", "chess", "id:", "id:a b", "id:" + "x".repeat(65), "nth:0", "nth:-1", "nth:99999",
  "id:x\nelo-calculator:v1:page:fide", "id:<script>", "__proto__", "nth:1:extra", "id:calc~1", "id:calc~", "id:calc~2~3"]) {
  test(`refused: ${JSON.stringify(hostile.slice(0, 30))}`, () => assert.equal(safeInstance(hostile), null));
}

test("the 2nd to the 9 999th calculator of one id each keep a key of their own (~10 to ~19 too)", () => {
  for (let k = 2; k <= 9999; k++) assert.equal(safeInstance(`id:x~${k}`), `id:x~${k}`);
  for (const refused of ["id:x~0", "id:x~01", "id:x~10000"]) assert.equal(safeInstance(refused), null);
});

test("no instance: none", () => assert.equal(readOptions("", []).instance, null));

test("the view is one of the registry's (views.js), the calculator by default", () => {
  assert.equal(VIEW_NAMES[0], "calculator");
  assert.equal(readOptions("", []).view, "calculator");
  for (const name of VIEW_NAMES) assert.equal(readOptions(`?view=${name}`, []).view, name);
  assert.equal(readOptions("?view=event", []).view, "event"); // the tournament report (event.js)
});

for (const hostile of ["", "events", "__proto__", "constructor", "toString",
  "hasOwnProperty", "<script>", "calculator&system=fide", "../calculator"]) {
  test(`view refused, the calculator shown: ${JSON.stringify(hostile)}`, () => {
    assert.equal(readOptions(`?view=${encodeURIComponent(hostile)}`, []).view, "calculator");
  });
}

test("a ladder's rules are read from the element's attributes, each only when well formed", () => {
  const rules = readOptions("?start=1200&first-k=40&first-games=10&cap-400=yes&period=week&provisional=5"
    + "&inactive-months=6&since=2026-01-31&pool=Rapid&preset=fivethirtyeight-nfl&home-advantage=55&margin=world-football"
    + "&season-regression=0.25&season-mean=1505&season-start=08-01", []).ladder;
  assert.deepEqual(rules, { start: 1200, firstK: 40, firstGames: 10, cap400: "yes", period: "week", provisional: 5,
    inactiveMonths: 6, since: "2026-01-31", pool: "Rapid", preset: "fivethirtyeight-nfl", homeAdvantage: 55,
    margin: "world-football", seasonRegression: 0.25, seasonMean: 1505, seasonStart: "08-01" });
  const bad = readOptions("?start=abc&first-k=-1&first-games=1000&cap-400=true&period=day&provisional=2.5"
    + "&inactive-months=x&since=2026-02-30&pool=a%0Aevil&preset=premier-league&home-advantage=-5&margin=goals"
    + "&season-regression=1.5&season-mean=%3Cb%3E&season-start=13-40", []).ladder;
  assert.deepEqual(bad, { start: null, firstK: null, firstGames: null, cap400: "", period: "", provisional: null,
    inactiveMonths: null, since: "", pool: "", preset: "", homeAdvantage: null, margin: "", seasonRegression: null,
    seasonMean: null, seasonStart: "" });
});

test("a heading is the club's short text, or none; overrides only with yes", () => {
  assert.equal(readOptions("?heading=Club%20ladder%202026", []).heading, "Club ladder 2026");
  assert.equal(readOptions("?heading=none", []).heading, "none");
  assert.equal(readOptions(`?heading=${"x".repeat(81)}`, []).heading, "");
  assert.equal(readOptions(`?heading=${encodeURIComponent("♞".repeat(80))}`, []).heading, "♞".repeat(80));
  assert.equal(readOptions(`?heading=${encodeURIComponent("🏆".repeat(80))}`, []).heading, "🏆".repeat(80)); // 160 UTF-16 units
  assert.equal(readOptions("?heading=a%0Db", []).heading, "");
  assert.equal(readOptions("?overrides=yes", []).overrides, true);
  assert.equal(readOptions("?overrides=1", []).overrides, false);
});

test("a report's title norms from the element: exempt only with yes, the fewest games 7 to 9, rounds 1 to 99", () => {
  assert.deepEqual(readOptions("", []).norms, { exempt: false, minGames: null, rounds: null });
  assert.deepEqual(readOptions("?norm-exempt=yes&norm-games=8&norm-rounds=11", []).norms, { exempt: true, minGames: 8, rounds: 11 });
  assert.deepEqual(readOptions("?norm-exempt=1&norm-games=10&norm-rounds=0", []).norms, { exempt: false, minGames: null, rounds: null });
  assert.deepEqual(readOptions("?norm-games=6&norm-rounds=100", []).norms, { exempt: false, minGames: null, rounds: null });
});

test("the views' names are the registry's, in its order, without the options importing a view", async () => {
  assert.deepEqual(Object.keys(VIEWS), VIEW_NAMES);
  const { readFile } = await import("node:fs/promises");
  const params = await readFile(new URL("../../widget/page/params.js", import.meta.url), "utf8");
  assert.doesNotMatch(params, /from "\.\/views\.js"/);
});

test("the address's values are taken as the element takes its attributes: trimmed, in any letter case", () => {
  for (const [given, view] of [["Calculator", "calculator"], [" calculator", "calculator"], ["Event", "event"]]) {
    assert.equal(readOptions(`?view=${encodeURIComponent(given)}`, []).view, view); // as embed.js options() takes them
  }
  // A site builder's address (no element): system=ELO&theme=Dark gave a light FIDE calculator (hp85).
  const o = readOptions("?system=ELO&theme=Dark&view=Ladder&language-menu=Yes&k=%2020&lang=de%20&overrides=YES&norm-exempt=YES", []);
  assert.deepEqual([o.system, o.theme, o.view, o.languageMenu, o.k, o.lang, o.overrides, o.norms.exempt],
    ["elo", "dark", "ladder", true, "20", "de", true, true]);
  // What no letter case makes right is still left out; a heading keeps its own case.
  const bad = readOptions("?system=Chess960&theme=Darkish&heading=%20Club%20Ladder%20", []);
  assert.deepEqual([bad.system, bad.theme, bad.heading], ["fide", "light", "Club Ladder"]);
});

test("a setting given and refused is said in the console, with what it takes", () => {
  const said = leftOutSettings("?view=ladders&system=glicko-2&theme=Dark&k=abc&lang=xx&heading=Club");
  assert.deepEqual(said, [
    'elo-calculator: system="glicko-2" is left out: it takes fide, elo, uscf, dwz, ecf, glicko, glicko2, lichess.',
    'elo-calculator: lang="xx" is left out: it takes en, de, fr, es, nl, it.',
    'elo-calculator: k="abc" is left out.',
    'elo-calculator: view="ladders" is left out: it takes calculator, event, ladder.',
  ]);
});

test("the element's language with its region is kept for the ladder's dates, its language read as before", () => {
  const o = readOptions("?lang=en-US", ["de-DE"]);
  assert.deepEqual([o.lang, o.locale], ["en", "en-US"]);
  assert.equal(readOptions("?lang=en", ["en-US"]).locale, ""); // none given: the visitor's, at the ladder
  assert.equal(readOptions("?lang=xx-US", []).locale, "");
});
