// embed/print-copy.js: the copy of a view's table a frame sends the club's page to print in its place is
// taken only as texts within limits, each row as wide as its headers; anything else is no copy at all.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readCopy } from "../../embed/print-copy.js";

const copy = (extra = {}) => ({
  title: "Club championship", lines: ["Players: 2", "Printed December 5, 2026"], caption: "Rating changes",
  heads: ["Rank", "Name", "New rating"], numeric: [true, false, true], rows: [["1", "Meier, Anna", "2011"], ["2", "Roth, Cleo", "1990"]],
  ...extra,
});

test("a copy of texts is taken as it is", () => {
  assert.deepEqual(readCopy(copy()), { ...copy(), more: [] });
});

const history = (extra = {}) => ({
  caption: "History of Anna Meier", heads: ["Game", "Opponent", "Rating"], numeric: [true, false, true],
  rows: [["1", "Roth, Cleo", "1516"], ["New season: back toward the mean, 1516.0 → 1512.0"], ["2", "Roth, Cleo", "1530"]],
  ...extra,
});

test("a copy's tables after the first (a player's history and head-to-head records) are taken, a row of one text a note", () => {
  const more = [history(), history({ caption: "Head-to-head: Anna Meier" })];
  assert.deepEqual(readCopy(copy({ more }))?.more, more);
  assert.deepEqual(readCopy(copy({ rows: [["a note across the table"]] }))?.rows, [["a note across the table"]]);
});

test("a table after the first that is not one, or more than four of them, is refused with the whole copy", () => {
  for (const bad of [[null], ["text"], [history({ rows: [["1", "Roth, Cleo"]] })], [history({ caption: 3 })],
    Array(5).fill(history()), history()]) assert.equal(readCopy(copy({ more: bad })), null);
  assert.ok(readCopy(copy({ more: Array(4).fill(history()) })));
});

test("an array with holes (postMessage keeps them) is refused, not read until it throws (rv89)", () => {
  // eslint-disable-next-line no-sparse-arrays
  for (const holed of [{ more: [, history()] }, { rows: [, ["1", "Roth, Cleo"]] }, { heads: ["#", , "Name"] }]) {
    assert.equal(readCopy(structuredClone(copy(holed))), null);
  }
});

test("at most 200 000 cells in all the copy's tables", () => {
  const rows = Array.from({ length: 20000 }, () => ["1", "x", "2"]);
  const more = Array(4).fill(history({ rows }));
  assert.ok(readCopy(copy({ more: more.slice(0, 3) })));
  assert.equal(readCopy(copy({ more })), null);
});

test("no copy (the view closed) or anything not a copy is none", () => {
  for (const bad of [null, undefined, "text", 3, [], {}]) assert.equal(readCopy(bad), null);
});

test("a cell that is not text, or markup's objects, is refused: the page builds its table from texts only", () => {
  assert.equal(readCopy(copy({ rows: [["1", { toString: () => "<img src=x onerror=alert(1)>" }, "2011"]] })), null);
  assert.equal(readCopy(copy({ rows: [["1", 2, "2011"]] })), null);
  assert.equal(readCopy(copy({ title: 7 })), null);
  assert.equal(readCopy(copy({ numeric: ["yes", false, true] })), null);
});

test("a row not as wide as the headers, or numeric flags that do not match them, is refused", () => {
  assert.equal(readCopy(copy({ rows: [["1", "Meier, Anna"]] })), null);
  assert.equal(readCopy(copy({ numeric: [true, false] })), null);
});

test("limits: 20 000 rows, 40 columns, 500 characters a text, 10 lines", () => {
  const rows = Array.from({ length: 20000 }, (_, i) => [String(i + 1), `Player ${i}`, "2000"]);
  assert.equal(readCopy(copy({ rows }))?.rows.length, 20000);
  assert.equal(readCopy(copy({ rows: [...rows, ["x", "y", "z"]] })), null);
  assert.equal(readCopy(copy({ heads: Array(41).fill("h"), numeric: Array(41).fill(true), rows: [] })), null);
  assert.equal(readCopy(copy({ title: "x".repeat(501) })), null);
  assert.equal(readCopy(copy({ lines: Array(11).fill("line") })), null);
  assert.ok(readCopy(copy({ title: "x".repeat(500) })));
});

test("at most 200 000 cells in all: a copy of 20 000 rows of 11 columns is none", () => {
  const heads = Array.from({ length: 11 }, (_, i) => `c${i}`);
  const rows = Array.from({ length: 20000 }, () => heads.map(() => "1"));
  assert.equal(readCopy(copy({ heads, numeric: heads.map(() => true), rows })), null);
  assert.ok(readCopy(copy({ heads: heads.slice(1), numeric: heads.slice(1).map(() => true), rows: rows.map((r) => r.slice(1)) })));
});

test("the frame cuts a copy's texts to the length the loader takes", async () => {
  const { MAX_TEXT } = await import("../../embed/print-copy.js");
  // The frame's page, as options.js reads it: its address and the browser's languages.
  globalThis.location ??= /** @type {any} */ (new URL("https://calc.example/widget/?lang=en"));
  if (!globalThis.navigator) Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"] }, configurable: true });
  const { COPY_TEXT } = await import("../../widget/page/print-copy.js");
  assert.equal(COPY_TEXT, MAX_TEXT);
  const copy = { title: "t", lines: [], caption: "c", heads: ["Name"], numeric: [false], rows: [["x".repeat(MAX_TEXT)]] };
  assert.ok(readCopy(copy));
  assert.equal(readCopy({ ...copy, rows: [["x".repeat(MAX_TEXT + 1)]] }), null);
});

test("a copy with many notes keeps the date it was printed, its last line", async () => {
  globalThis.location ??= /** @type {any} */ (new URL("https://calc.example/widget/?lang=en"));
  if (!globalThis.navigator) Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"] }, configurable: true });
  const { copyLines } = await import("../../widget/page/print-copy.js");
  const notes = Array.from({ length: 12 }, (_, i) => `note ${i + 1}`);
  const lines = copyLines(["Games: 40", "", "Rules: K 20", ...notes], "Printed on 7 December 2026");
  assert.equal(lines.length, 10);
  assert.deepEqual(lines.slice(0, 3), ["Games: 40", "Rules: K 20", "note 1"]);
  assert.equal(lines.at(-1), "Printed on 7 December 2026");
  assert.ok(readCopy({ title: "t", lines, caption: "c", heads: ["Name"], numeric: [false], rows: [["x"]] }));
});

test("a copy's notes on the file (a heading and up to 100 texts) are taken; notes not of texts refuse the copy", async () => {
  globalThis.location ??= /** @type {any} */ (new URL("https://calc.example/widget/?lang=en"));
  if (!globalThis.navigator) Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"] }, configurable: true });
  const notes = { heading: "What the file did not say", items: ["K is assumed for 134 players", "No ARO or TPR"] };
  assert.deepEqual(readCopy(copy({ notes }))?.notes, notes);
  assert.equal("notes" in /** @type {object} */ (readCopy(copy())), false);
  const { MAX_NOTES } = await import("../../embed/print-copy.js");
  const { COPY_NOTES } = await import("../../widget/page/print-copy.js");
  assert.equal(COPY_NOTES, MAX_NOTES);
  assert.ok(readCopy(copy({ notes: { ...notes, items: Array(MAX_NOTES).fill("note") } })));
  for (const bad of [null, "K assumed", { items: notes.items }, { heading: "h", items: [3] }, { heading: "h", items: "note" },
    { heading: "h", items: Array(MAX_NOTES + 1).fill("note") }, { heading: "h", items: ["x".repeat(501)] }]) {
    assert.equal(readCopy(copy({ notes: bad })), null, JSON.stringify(bad)?.slice(0, 80));
  }
});
