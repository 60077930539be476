// i18n.js t(): a count's singular follows the number its noun goes with: "1 of 10 players shown", "1 of 1 player
// shown" (the total's), in each language's file (read from widget/i18n/, as the page fetches it).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const g = /** @type {any} */ (globalThis);
g.fetch = async (/** @type {URL} */ url) => {
  const text = readFileSync(url, "utf8");
  return { ok: true, status: 200, json: async () => JSON.parse(text) };
};
const { loadTexts, t } = await import("../../widget/page/i18n.js");

/** Each language's texts for "1 of 10", "1 of 1" and "0 of 1" players shown. */
const SHOWN = {
  en: ["1 of 10 players shown.", "1 of 1 player shown.", "0 of 1 player shown."],
  de: ["1 von 10 Spielern angezeigt.", "1 von 1 Spieler angezeigt.", "0 von 1 Spieler angezeigt."],
  es: ["1 de 10 jugadores mostrados.", "1 de 1 jugador mostrado.", "0 de 1 jugador mostrado."],
  fr: ["1 sur 10 joueurs affichés.", "1 sur 1 joueur affiché.", "0 sur 1 joueur affiché."],
  it: ["1 di 10 giocatori mostrati.", "1 di 1 giocatore mostrato.", "0 di 1 giocatore mostrato."],
  nl: ["1 van 10 spelers getoond.", "1 van 1 speler getoond.", "0 van 1 speler getoond."],
};

for (const [lang, [many, one, none]] of Object.entries(SHOWN)) {
  test(`${lang}: the players shown of a ranking take the total's number`, async () => {
    assert.equal(await loadTexts(lang), lang);
    assert.equal(t("ladder.shown", { shown: 1, count: 10 }), many);
    assert.equal(t("ladder.shown", { shown: 1, count: 1 }), one);
    assert.equal(t("ladder.shown", { shown: 0, count: 1 }), none);
    assert.equal(t("event.shown", { shown: 1, count: 1 }), one);
    assert.match(t("event.shown", { shown: 1, count: 10 }), /\b1\b.*\b10\b|\b10\b.*\b1\b/);
  });
}
