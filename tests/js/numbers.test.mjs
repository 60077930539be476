// numbers.js: typed numbers read per language, ambiguity reported, display per language.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatNumber, parseNumber } from "../../widget/shared/numbers.js";

const value = (text, lang) => parseNumber(text, lang);

test("English reads 1,484.4 and 1484.4 as 1484.4", () => {
  assert.deepEqual(value("1,484.4", "en"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("1484.4", "en"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("1,484", "en"), { kind: "number", value: 1484 });
});

test("German reads 1484,4 and 1.484,4 as 1484.4, and 1.500 as 1500", () => {
  assert.deepEqual(value("1484,4", "de"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("1.484,4", "de"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("1.500", "de"), { kind: "number", value: 1500 });
});

test("French reads a space-grouped 1 500 and a decimal comma", () => {
  assert.deepEqual(value("1 500", "fr"), { kind: "number", value: 1500 });
  assert.deepEqual(value("1\u202f500,5", "fr"), { kind: "number", value: 1500.5 });
});

test("a space inside a number groups thousands only: three digits follow it", () => {
  assert.deepEqual(value("1 500", "en"), { kind: "number", value: 1500 });
  assert.deepEqual(value("1'500,5", "de"), { kind: "number", value: 1500.5 });
  assert.deepEqual(value("1\u00a0234\u00a0567", "fr"), { kind: "number", value: 1234567 });
  for (const text of ["15 00", "1 5 0 0", "1500 0", "12 3456", "1 50"]) assert.deepEqual(value(text, "fr"), { kind: "invalid" }, text);
});

test("a decimal separator before three digits is ambiguous, not guessed", () => {
  assert.deepEqual(value("1.500", "en"), { kind: "ambiguous", a: 1.5, b: 1500 });
  assert.deepEqual(value("1,500", "de"), { kind: "ambiguous", a: 1.5, b: 1500 });
  // A grouped number never starts with 0: "0.500" is a half (a hostile pass found it called ambiguous).
  assert.deepEqual(value("0.500", "en"), { kind: "number", value: 0.5 });
  assert.deepEqual(value("0,500", "de"), { kind: "number", value: 0.5 });
});

test("empty, words and broken grouping", () => {
  assert.deepEqual(value("  ", "en"), { kind: "empty" });
  assert.deepEqual(value("abc", "en"), { kind: "invalid" });
  assert.deepEqual(value("1,23,4", "en"), { kind: "invalid" });
  assert.deepEqual(value("--5", "en"), { kind: "invalid" });
  assert.deepEqual(value("−20", "en"), { kind: "number", value: -20 });
});

test("display follows the language, with a real minus and no grouping", () => {
  assert.equal(formatNumber(34.4, "de", { decimals: 1, sign: true }), "+34,4");
  assert.equal(formatNumber(1484.4, "de", { decimals: 1 }), "1484,4");
  assert.equal(formatNumber(-23.4, "en", { decimals: 1, sign: true }), "−23.4");
  assert.equal(formatNumber(-0.04, "en", { decimals: 1, sign: true }), "0.0");
  assert.equal(formatNumber(1484.4, "fr", { decimals: 1 }), "1484,4");
});

test("invisible formatting characters (Unicode Cf) are dropped", () => {
  assert.deepEqual(value("\u200e1500\u200f", "en"), { kind: "number", value: 1500 });
  assert.deepEqual(value("\u200f1484,4\u200e", "de"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("1\u00ad500\ufeff", "fr"), { kind: "number", value: 1500 });
  assert.deepEqual(value("\u200f", "en"), { kind: "empty" });
});

test("digits of other scripts follow the same locale rules and ambiguity checks as ASCII ones", () => {
  assert.deepEqual(value("１.５００", "en"), { kind: "ambiguous", a: 1.5, b: 1500 });
  assert.deepEqual(value("１.５００", "de"), { kind: "number", value: 1500 });
  assert.deepEqual(value("١٤٨٤,٤", "de"), { kind: "number", value: 1484.4 });
  assert.deepEqual(value("१५००", "en"), { kind: "number", value: 1500 });
  assert.deepEqual(value("𝟙𝟝𝟘𝟘", "en"), { kind: "number", value: 1500 });
  assert.deepEqual(value("１,２３,４", "en"), { kind: "invalid" });
});

test("a number with a character that reorders what is shown is refused, not read as it shows or holds", () => {
  // "\u202e0051" shows as 1500 and holds 51: embeddings, overrides and isolates, U+202A-U+202E, U+2066-U+2069.
  for (const c of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
    assert.deepEqual(value(`${c}0051`, "en"), { kind: "invalid" }, JSON.stringify(c));
    assert.deepEqual(value(`1500${c}`, "de"), { kind: "invalid" }, JSON.stringify(c));
  }
  assert.deepEqual(value("\u202b1484,4\u202c", "de"), { kind: "invalid" });
});
