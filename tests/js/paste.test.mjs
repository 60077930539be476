// paste-read.js: what a paste holds once the engine has read it (which lines name tournaments, how
// the text splits into them, what fits, where the tournaments go, what is said, what goes back into
// the box), with answers shaped as elo_core.bridge.parse gives them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  MAX_VALUE, addEvents, fitting, mayBeName, nameCandidates, pasteNotes, pastesAsGames, problemList, refill, splitEvents,
  withRatings,
} from "../../widget/views/calculator/paste-read.js";

const game = (line, opponent = 1500, score = 1) => ({ line, opponent, score });
const problem = (line, text, reason = "no_rating") => ({ line, text, reason });

for (const name of ["Round 2", "U1800 Open", "Open A", "Smith 1", "Grünfeld-Cup"]) {
  test(`a line may name a tournament: ${JSON.stringify(name)}`, () => assert.equal(mayBeName(name), true));
}
for (const line of ["16200 1", "-0 1", "1620.5 1", "1620,5 1", "x", "2024", "Open 2024", "+1 Smith", "\u22121 Smith"]) {
  test(`a line names no tournament: ${JSON.stringify(line)}`, () => assert.equal(mayBeName(line), false));
}

test("the candidates for names are the lines without a rating that are worded like one", () => {
  const read = { games: [game(2)], problems: [problem(1, "Open A"), problem(3, "16200 1"), problem(4, "Open B", "no_result")] };
  assert.deepEqual(nameCandidates(read), [problem(1, "Open A")]);
  assert.equal(withRatings([problem(1, "Open A"), problem(5, "Smith 1")]), "Open A 1500\nSmith 1 1500");
});

// Two tournaments, each after its name (the second also after a blank line); "Smith 1" is a result
// with its rating left out (read again with one, it is a game: the check's line 3 is the 3rd candidate).
const TEXT = "Open A\n1500 1\n1600 0\n\nRapid B\n1700 ½\nSmith 1";
const READ = { games: [game(2), game(3, 1600, 0), game(6, 1700, 0.5)],
  problems: [problem(1, "Open A"), problem(5, "Rapid B"), problem(7, "Smith 1")] };

test("a paste of several tournaments splits at their names and at blank lines; a result without a rating stays to be corrected", () => {
  const candidates = nameCandidates(READ);
  assert.deepEqual(splitEvents(TEXT, READ, candidates, { games: [game(3, 1500, 1)] }), {
    events: [{ name: "Open A", games: [game(2), game(3, 1600, 0)] }, { name: "Rapid B", games: [game(6, 1700, 0.5)] }],
    problems: [problem(7, "Smith 1")],
  });
});

test("a paste of one tournament is no split (its games go into the last tournament as they are)", () => {
  const read = { games: [game(2), game(3)], problems: [problem(1, "Open A")] };
  assert.equal(splitEvents("Open A\n1500 1\n1500 1", read, nameCandidates(read), { games: [] }), null);
  assert.equal(splitEvents("\n1500 1\n\n", { games: [game(2)], problems: [] }, [], { games: [] }), null);
});

test("games past the list's room become problems of their own, in line order", () => {
  const read = { games: [game(1), game(3), game(4)], problems: [problem(2, "oops", "no_score")], unlisted: {} };
  assert.equal(fitting("1500 1\noops\n1500 1\n1500 1", read, 3), read); // room for all: as it was
  assert.deepEqual(fitting("1500 1\noops\n  1600 1  \n1700 1", read, 1), {
    games: [game(1)], unlisted: {},
    problems: [problem(2, "oops", "no_score"), problem(3, "1600 1", "too_many_games"), problem(4, "1700 1", "too_many_games")],
  });
  assert.deepEqual(fitting("1500 1", { games: [game(1)], problems: [] }, 0).games, []);
});

/** A period as the form holds it: tournaments, and games as rows (blank: no opponent). */
function period(events, games) {
  return { events: events.map((name) => ({ name, rating: "" })), games };
}
const how = { toGame: (g, event) => ({ opponent: String(g.opponent), event }), blank: (g) => g.opponent === "", maxEvents: 3 };
const PASTED = [{ name: "Open A", games: [game(1, 1500)] }, { name: "Rapid B", games: [game(2, 1600)] }];

test("pasted tournaments follow the period's last; the first one's games join it and its name fills an empty one", () => {
  const state = period([""], [{ opponent: "", event: 0 }]);
  assert.equal(addEvents(state, PASTED, how), 0);
  assert.deepEqual(state, { events: [{ name: "Open A", rating: "" }, { name: "Rapid B", rating: "" }],
    games: [{ opponent: "1500", event: 0 }, { opponent: "1600", event: 1 }] });
});

test("the last tournament typed keeps its name, and its games, when the paste's first joins it", () => {
  const state = period(["Club"], [{ opponent: "1400", event: 0 }]);
  addEvents(state, PASTED, how);
  assert.deepEqual(state.events.map((e) => e.name), ["Club", "Rapid B"]);
  assert.deepEqual(state.games.map((g) => g.event), [0, 0, 1]);
});

test("tournaments past the period's room go into the last one, and are counted", () => {
  const state = period(["a", "b"], [{ opponent: "1400", event: 1 }]);
  const three = [...PASTED, { name: "Blitz C", games: [game(3, 1700)] }];
  assert.equal(addEvents(state, three, how), 1);
  assert.deepEqual(state.events.map((e) => e.name), ["a", "b", "Rapid B"]);
  assert.deepEqual(state.games.map((g) => [g.opponent, g.event]), [["1400", 1], ["1500", 1], ["1600", 2], ["1700", 2]]);
});

test("the dialog's notes say what found no room and what was not read", () => {
  const limits = { maxGames: 10_000, maxEvents: 31 };
  assert.deepEqual(pasteNotes({ games: [game(1)], problems: [] }, 0, limits), []);
  const read = { games: [game(1)], problems: [problem(2, "x", "too_many_games")], unlisted: { too_many_games: 4 },
    unread: { lines: 7, from: 90 } };
  assert.deepEqual(pasteNotes(read, 2, limits), [
    ["paste.full", { added: 1, count: 5, max: 10_000 }], ["paste.unread", { count: 7, line: 90 }],
    ["paste.eventsFull", { max: 31, count: 2 }]]);
  // Keys given as data, not as t("...") (which tests/test_i18n.py finds): each is a text, with these values.
  const english = JSON.parse(readFileSync(new URL("../../widget/i18n/en.json", import.meta.url), "utf8"));
  for (const [key, values] of pasteNotes(read, 2, limits)) {
    assert.deepEqual([...english[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(), Object.keys(values).sort(), key);
  }
});

test("the dialog lists the first lines to correct, and counts the others, those only counted too", () => {
  const problems = [1, 2, 3].map((n) => problem(n, `bad ${n}`, "no_score"));
  assert.deepEqual(problemList({ games: [], problems }, 5), { listed: problems, more: 0 });
  assert.deepEqual(problemList({ games: [], problems, unlisted: { no_score: 10, no_rating: 2 } }, 2),
    { listed: problems.slice(0, 2), more: 13 });
});

test("the box gets back what was typed meanwhile, then the lines to correct when they are all listed", () => {
  const problems = [problem(1, "1500 x", "no_score"), problem(3, "abc", "no_rating")];
  assert.equal(refill("", problems, 0), "1500 x\nabc");
  assert.equal(refill("  1600 1 \n", problems, 0), "1600 1\n1500 x\nabc");
  assert.equal(refill("1600 1", problems, 5), "1600 1");
  assert.equal(refill("", [], 0), "");
});

test("one value pastes into an opponent box as typed; lines, cells or a table's one long line go to the reader", () => {
  for (const value of ["1500", "  1500\n", "x".repeat(MAX_VALUE)]) assert.equal(pastesAsGames(value), false, value);
  for (const games of ["1500 1\n1600 0", "1500\t1", "x".repeat(MAX_VALUE + 1)]) assert.equal(pastesAsGames(games), true, games);
});
