// A tournament report file as the event view (event.js) sends it to the engine: opened (a file
// picked or dropped, read in the browser) or pasted, and the request that rates it with what the
// visitor set per player. Nothing leaves the browser: a file's bytes go to Python in the page's
// worker. A file goes as its bytes (base64), not as text: elo_core's reader decides between UTF-8
// and Latin-1 from the bytes (trf.decode) and says which it assumed; pasted text is text already.
// Reading a file, its base64 and its name in the engine are every view's (page/file-open.js).

import { CONTRACT } from "../../shared/contract.js";

/** What the engine is to rate: a file's bytes (base64, made once) or pasted text, and where it came
 * from (a file's name; "" for text pasted).
 * @typedef {{base64: string, name: string} | {text: string, name: string}} Source */
/** What the visitor set for one player (event.Override): K, or the facts a file cannot say, by name; and in
 * plain Elo an unrated player's own start rating (`rating`, sent as the request's `ratings`).
 * @typedef {{k?: number, rating?: number} & Partial<Record<string, number | boolean>>} Override */
/** The facts K comes from that a file cannot say (fide.rules.FACTS): FIDE's fields of the K finder, as the
 * calculator offers them, in its order. */
export const FACT_FIELDS = CONTRACT.report.systems.flatMap((name) => CONTRACT.systems[name].fields.filter((f) => f.group === "k_finder"));
/** Whether the report's `system` rates with one K for every player (plain Elo's way), not by a period's rules
 * (FIDE's). @param {string} system */
export const withK = (system) => CONTRACT.report.with_k.includes(system);
/** The report's default system. */
export const REPORT_SYSTEM = CONTRACT.report.systems[0];
/** A fact's name in a request's player ("fewer_than_30_games"): its field's path in `player`. @param {{path: string}} field */
export const factName = (field) => field.path.replace(/^player\./, "");

/** How the event is rated: by a period's rules (FIDE), or with one K for everyone (plain Elo, a club's own
 * event; `withK`). (K null: not given yet, Python says it is required.)
 * @typedef {{system: string, k?: number | null, start?: number}} Rules */

/**
 * The `event` request's JSON text (elo_core.bridge.event): the file, the rules, and the players'
 * overrides by start number (only those with something set), their own start ratings apart (plain Elo). `only`: the start numbers of the players
 * whose report alone is wanted back (the page has the others': a K typed for a player), null for all.
 * `file`: the file's name in the engine; once it is `sent`, the request names it alone.
 * @param {Source} source @param {Map<number, Override>} overrides @param {Rules} [rules]
 * @param {number[] | null} [only] @param {import("../../page/file-open.js").Named | null} [file]
 */
export function eventRequest(source, overrides, rules = { system: REPORT_SYSTEM }, only = null, file = null) {
  /** @type {Record<string, Override>} */
  const players = {};
  /** @type {Record<string, number>} */
  const ratings = {};
  for (const [start, { rating, ...override }] of overrides) {
    if (Object.keys(override).length) players[String(start)] = override;
    if (rating !== undefined && withK(rules.system)) ratings[String(start)] = rating; // FIDE has none (Python refuses)
  }
  const data = file?.sent ? {} : "base64" in source ? { bytes: source.base64 } : { text: source.text };
  return JSON.stringify({ ...(file ? { file: file.name } : {}), ...data, ...rules, players, ...(Object.keys(ratings).length ? { ratings } : {}), ...(only ? { only } : {}) });
}
