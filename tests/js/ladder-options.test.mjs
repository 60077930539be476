// widget/views/ladder/ladder-options.js: a club element's ladder rules over the view's settings; what
// it does not set stays the view's default, and a system the ladder does not rate by is not taken.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readOptions } from "../../widget/page/params.js";
import { elementSettings } from "../../widget/views/ladder/ladder-options.js";
import { defaultSettings } from "../../widget/views/ladder/ladder-rows.js";

test("every rule the element sets is the ladder's; the others stay its defaults", () => {
  const options = readOptions("?view=ladder&system=glicko2&k=24&start=1200&first-k=40&first-games=10&cap-400=yes"
    + "&period=week&provisional=5&inactive-months=6&since=2026-01-01", []);
  assert.deepEqual(elementSettings(defaultSettings(), options), { ...defaultSettings(), system: "glicko2", k: 24,
    start: 1200, first_k: 40, first_games: 10, cap_400: true, period: "week", provisional_games: 5, inactive_months: 6,
    since: "2026-01-01" });
  assert.deepEqual(elementSettings(defaultSettings(), readOptions("?view=ladder", [])), defaultSettings());
});

test("a system the ladder does not rate by (FIDE, the calculator's default) leaves the ladder's own", () => {
  assert.equal(elementSettings(defaultSettings(), readOptions("?view=ladder&system=fide", [])).system,
    defaultSettings().system);
});
