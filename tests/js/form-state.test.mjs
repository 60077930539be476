// form-state.js: the form's bookkeeping that needs no page. What an input writes into a game, another
// system chosen (its K), where a game goes at the end of its tournament, and the lines removed games
// leave (their places kept as games go and come back, the oldest going past five).
import assert from "node:assert/strict";
import { test } from "node:test";
import { SYSTEMS, defaultK } from "../../widget/views/calculator/fields.js";
import {
  MAX_REMOVED, afterPutBack, afterRemoval, endOfEvent, hasTyped, putBackIndex, replacePlace, switchSystem, writeGame,
} from "../../widget/views/calculator/form-state.js";

let ids = 0;
/** A game of tournament `event`, against `opponent`. */
const game = (opponent = "1500", event = 0) => ({ id: ++ids, opponent, result: "1", extra: {}, event });
/** A removed game's line: `game` removed from list `list`, standing before `before`. */
let seqs = 0;
const line = (g, before, list = 0) => ({ game: g, before, list, seq: ++seqs });

/**
 * The page's steps, as form.js takes them: `remove(i)` removes games[i] (leaving a line when it had
 * something typed), `putBack(r)` puts the game of line r back; `lines` the lines in order.
 */
function page(games) {
  let lines = [];
  return {
    games,
    get lines() { return lines; },
    remove(i) {
      const g = games[i];
      games.splice(i, 1);
      const next = games[i];
      const before = next && next.event === g.event ? next : undefined;
      lines = afterRemoval(lines, g, before, g.event, hasTyped(g, []) ? line(g, before, g.event) : null);
    },
    putBack(r) {
      const at = putBackIndex(games, r);
      lines = afterPutBack(lines, r);
      games.splice(at, 0, r.game);
    },
  };
}

test("a game row's input writes its opponent, its result or one of its own values, nothing else", () => {
  const g = game("1500");
  writeGame(g, { opp: true, res: false }, "1620");
  writeGame(g, { opp: false, res: true }, "0.5");
  writeGame(g, { opp: false, res: false, key: "rd" }, "80");
  assert.deepEqual([g.opponent, g.result, g.extra], ["1620", "0.5", { rd: "80" }]);
  writeGame(g, { opp: false, res: false }, "x"); // neither: nothing changes
  assert.deepEqual([g.opponent, g.result, g.extra], ["1620", "0.5", { rd: "80" }]);
});

test("another system: a K the old system filled in by itself goes, a typed one stays, the new default fills a blank", () => {
  const withDefault = SYSTEMS.find((s) => defaultK(s) !== "");
  const without = SYSTEMS.find((s) => defaultK(s) === "");
  assert.ok(withDefault && without, "a system with a default K and one without");
  const a = { system: withDefault, k: defaultK(withDefault) };
  switchSystem(a, without);
  assert.deepEqual(a, { system: without, k: "" });
  const b = { system: withDefault, k: "33" };
  switchSystem(b, without);
  assert.deepEqual(b, { system: without, k: "33" });
  const c = { system: without, k: "" };
  switchSystem(c, withDefault);
  assert.deepEqual(c, { system: withDefault, k: defaultK(withDefault) });
});

test("an unknown system chosen (a select tampered with) is the first one", () => {
  const entries = { system: SYSTEMS[1], k: "" };
  switchSystem(entries, "<script>");
  assert.equal(entries.system, SYSTEMS[0]);
});

test("a game at the end of a tournament goes after its last game, or after the last of those before it", () => {
  const games = [game("1", 0), game("2", 0), game("3", 2), game("4", 2)];
  assert.equal(endOfEvent(games, 0), 2);
  assert.equal(endOfEvent(games, 1), 2); // an empty tournament between
  assert.equal(endOfEvent(games, 2), 4);
  assert.equal(endOfEvent([], 0), 0);
  assert.equal(endOfEvent([game("1", 3)], 0), 0);
});

test("only a game with something typed that this system shows leaves a line", () => {
  assert.equal(hasTyped(game(""), []), false);
  assert.equal(hasTyped(game("  "), []), false);
  assert.equal(hasTyped(game("1500"), []), true);
  const own = { ...game(""), extra: { rd: " 80 ", bonus: "" } };
  assert.equal(hasTyped(own, ["rd"]), true);
  assert.equal(hasTyped(own, ["bonus"]), false); // another system's value, or blank: not seen here
});

test("a removed game leaves its line before the game that followed it, or at the end of its list", () => {
  const [a, b, c] = [game("1"), game("2"), game("3")];
  const p = page([a, b, c]);
  p.remove(1);
  assert.deepEqual(p.lines.map((r) => [r.game, r.before]), [[b, c]]);
  p.remove(1); // c, the last: its line at the end; b's line now stands before nothing, in front of c's
  assert.deepEqual(p.lines.map((r) => [r.game, r.before]), [[b, undefined], [c, undefined]]);
  assert.deepEqual(p.games, [a]);
});

test("an empty row removed leaves no line, and the lines before it move to its place", () => {
  const [a, empty, c] = [game("1"), game(""), game("3")];
  const p = page([a, empty, c]);
  p.remove(0); // a's line before the empty row
  p.remove(0); // the empty row goes: a's line now stands before c
  assert.deepEqual(p.lines.map((r) => [r.game, r.before]), [[a, c]]);
});

test("games removed and put back in any order come back in their places", () => {
  const games = [game("1"), game("2"), game("3"), game("4"), game("5")];
  const original = [...games];
  const p = page(games);
  p.remove(1);
  p.remove(1);
  p.remove(2);
  assert.deepEqual(p.games, [original[0], original[3]]);
  for (const order of [[2, 0, 1]]) {
    const lines = [...p.lines];
    for (const i of order) p.putBack(lines[i]);
  }
  assert.deepEqual(p.games, original);
  assert.deepEqual(p.lines, []);
});

test("every order of putting back three removed neighbours restores the list", () => {
  for (const order of [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]) {
    const games = [game("1"), game("2"), game("3"), game("4")];
    const original = [...games];
    const p = page(games);
    p.remove(1);
    p.remove(1);
    p.remove(1);
    const lines = [...p.lines];
    assert.deepEqual(lines.map((r) => r.game), original.slice(1), "the lines in the games' order");
    for (const i of order) p.putBack(lines[i]);
    assert.deepEqual(p.games, original, `put back in order ${order}`);
  }
});

test("a game put back at the end of its tournament when nothing followed it there", () => {
  const [a, b, c] = [game("1", 0), game("2", 0), game("3", 1)];
  const p = page([a, b, c]);
  p.remove(1); // b: the next game is another tournament's, so it stood at the end of its own
  assert.equal(p.lines[0].before, undefined);
  assert.equal(p.lines[0].list, 0);
  p.putBack(p.lines[0]);
  assert.deepEqual(p.games, [a, b, c]);
});

test(`the last ${MAX_REMOVED} removals are kept, the oldest goes`, () => {
  const games = Array.from({ length: MAX_REMOVED + 3 }, (_, i) => game(String(1000 + i)));
  const p = page([...games]);
  for (let i = 0; i < MAX_REMOVED + 2; i++) p.remove(0);
  assert.equal(p.lines.length, MAX_REMOVED);
  assert.deepEqual(p.lines.map((r) => r.game), games.slice(2, MAX_REMOVED + 2));
});

test("games pasted into a row: the lines that stood before it stand before the first of them", () => {
  const [a, b, c] = [game("1"), game("2"), game("3")];
  const p = page([a, b, c]);
  p.remove(0); // a's line before b
  const pasted = [game("4"), game("5")];
  p.games.splice(0, 1, ...pasted);
  replacePlace(p.lines, b, pasted[0]);
  assert.equal(p.lines[0].before, pasted[0]);
  p.putBack(p.lines[0]);
  assert.deepEqual(p.games, [a, ...pasted, c]);
});
