// A tournament report file as the event view (event.js) sends it to the engine: opened (a file
// picked or dropped, read in the browser) or pasted, and the request that rates it with what the
// visitor set per player. Nothing leaves the browser: a file's bytes go to Python in the page's
// worker. A file goes as its bytes (base64), not as text: elo_core's reader decides between UTF-8
// and Latin-1 from the bytes (_trf.decode) and says which it assumed; pasted text is text already.
// The ladder view reads its files here too, and both views save their CSV here (saveCsv).

import { CONTRACT } from "../../shared/contract.js";

/** The most bytes of a file read here (_model.MAX_FILE_BYTES, as for a file the club's element names):
 * a larger one is refused unread. (elo_core reads at most _trf.MAX_TRF_CHARS characters of it.) */
export const MAX_FILE = CONTRACT.limits.max_file_bytes;

/** What the engine is to rate: a file's bytes (base64, made once) or pasted text, and where it came
 * from (a file's name; "" for text pasted).
 * @typedef {{base64: string, name: string} | {text: string, name: string}} Source */
/** A file as the engine knows it (elo_core.bridge._Files): sent once with the name it is given here,
 * then named alone (a K typed sends no file again); `sent` once the engine answered a request that
 * brought it. @typedef {{name: string, sent: boolean}} Named */

/** A new name for a file sent to the engine: unique among the calculators that share it. @returns {Named} */
export function named() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return { name: `f${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`, sent: false };
}
/** What the visitor set for one player (_event.Override): K, or the facts a file cannot say, by name; and in
 * plain Elo an unrated player's own start rating (`rating`, sent as the request's `ratings`).
 * @typedef {{k?: number, rating?: number} & Partial<Record<string, number | boolean>>} Override */
/** The facts K comes from that a file cannot say (_fide.FACTS): FIDE's fields of the K finder, as the
 * calculator offers them, in its order. */
export const FACT_FIELDS = CONTRACT.systems.fide.fields.filter((f) => f.group === "k_finder");
/** A fact's name in a request's player ("fewer_than_30_games"): its field's path in `player`. @param {{path: string}} field */
export const factName = (field) => field.path.replace(/^player\./, "");

/** Bytes as base64, in slices (a string of a whole file's characters at once overflows the stack).
 * @param {Uint8Array} bytes */
export function toBase64(bytes) {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** How the event is rated: FIDE's rules, or plain Elo with one K for everyone (a club's own event).
 * (Elo's K null: not given yet, Python says it is required.)
 * @typedef {{system: "fide"} | {system: "elo", k: number | null}} Rules */

/**
 * The `event` request's JSON text (elo_core.bridge.event): the file, the rules, and the players'
 * overrides by start number (only those with something set), their own start ratings apart (plain Elo). `only`: the start numbers of the players
 * whose report alone is wanted back (the page has the others': a K typed for a player), null for all.
 * `file`: the file's name in the engine; once it is `sent`, the request names it alone.
 * @param {Source} source @param {Map<number, Override>} overrides @param {Rules} [rules]
 * @param {number[] | null} [only] @param {Named | null} [file]
 */
export function eventRequest(source, overrides, rules = { system: "fide" }, only = null, file = null) {
  /** @type {Record<string, Override>} */
  const players = {};
  /** @type {Record<string, number>} */
  const ratings = {};
  for (const [start, { rating, ...override }] of overrides) {
    if (Object.keys(override).length) players[String(start)] = override;
    if (rating !== undefined && rules.system === "elo") ratings[String(start)] = rating; // FIDE has none (Python refuses)
  }
  const data = file?.sent ? {} : "base64" in source ? { bytes: source.base64 } : { text: source.text };
  return JSON.stringify({ ...(file ? { file: file.name } : {}), ...data, ...rules, players, ...(Object.keys(ratings).length ? { ratings } : {}), ...(only ? { only } : {}) });
}

/**
 * A file's bytes, read in the browser; null, with why, when it cannot be: too big, or unreadable.
 * @param {Blob} file
 * @returns {Promise<{bytes: Uint8Array} | {problem: "tooBig" | "unreadable"}>}
 */
export async function readFile(file) {
  if (file.size > MAX_FILE) return { problem: "tooBig" };
  try {
    return { bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch {
    return { problem: "unreadable" };
  }
}

/**
 * Text saved by the browser as a CSV file called `name` (nothing is sent anywhere), with a byte-order mark
 * so that a spreadsheet reads it as UTF-8. @param {string} text @param {string} name
 */
export function saveCsv(text, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob(["\ufeff" + text], { type: "text/csv;charset=utf-8" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The file dragged onto the page, if one is: the first of the files dropped. @param {DataTransfer | null} data */
export function droppedFile(data) {
  return data?.files?.length ? data.files[0] : null;
}
