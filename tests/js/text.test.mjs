// The names' spellings the report's and the ladder's filters match (page/text.js): case, accents, letters such as
// ø and ß, and ä, ö, ü written ae, oe, ue (hp87 flt.py: "Odegaard" missed "Ødegaard", "Müller" missed "Mueller").
import assert from "node:assert/strict";
import { test } from "node:test";
import { nameKey, nameTest, spellings } from "../../widget/page/text.js";

/** Whether `query` finds the player named `name`. @param {string} name @param {string} query */
const finds = (name, query) => nameTest(query)?.(nameKey(name)) ?? true;

test("letters that are no accent are found as a plain keyboard writes them", () => {
  for (const [name, query] of [["Magnus Ødegaard", "odegaard"], ["Łukasz Nowak", "Lukasz"], ["Đorđe Đukić", "Dorde Dukic"],
    ["Strauß", "Strauss"], ["Ærø", "aero"], ["Œuvre", "oeuvre"], ["Þórður", "thordur"], ["Yılmaz", "yilmaz"]]) {
    assert.ok(finds(name, query), `${query} finds ${name}`);
  }
});

test("the filter folds the query alike: Ødegaard typed finds Odegaard, Strauß finds Strauss", () => {
  assert.ok(finds("Odegaard, Martin", "Ødegaard"));
  assert.ok(finds("Strauss", "Strauß"));
});

test("an umlaut matches its letter and its ae, oe, ue both ways", () => {
  assert.ok(finds("Mueller, Hans", "Müller"));
  assert.ok(finds("Müller, Hans", "Mueller"));
  assert.ok(finds("Schoenberg", "schön"));
  assert.ok(finds("Jäger", "Jaeger"));
});

test("a plain letter still finds an umlaut, and a part of a name is still found", () => {
  assert.ok(finds("Müller", "muller"));
  assert.ok(finds("Müller", "u"));
  assert.ok(finds("Müller", "MÜ"));
  assert.ok(finds("Mueller", "eller"));
  assert.ok(finds("Manuel", "nuel"));
  assert.ok(!finds("Mueller", "muller")); // "ue" may be a u and an e (Manuel): text.js spellings
  assert.ok(!finds("Müller", "zz"));
});

test("a name's spellings: the plain one, and the umlauts' other only where there is one", () => {
  assert.deepEqual(spellings("Müller"), ["muller", "mueller"]);
  assert.deepEqual(spellings("Zoë Ødegaard"), ["zoe odegaard"]);
});

test("a blank query is no test: every name matches", () => {
  assert.equal(nameTest("  "), null);
});
