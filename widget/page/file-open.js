// A file the visitor opens (picked or dropped) or the club's page names, as every view handles it: read in
// the browser (at most the contract's max_file_bytes), its bytes in base64 for the engine, a name the engine
// keeps it by (sent once: elo_core.bridge._Files), and a table saved as CSV. Nothing leaves the browser.

import { CONTRACT } from "../shared/contract.js";

/** The most bytes of a file read here (model.MAX_FILE_BYTES, as for a file the club's element names):
 * a larger one is refused unread. (elo_core reads at most trf.MAX_TRF_CHARS characters of it.) */
export const MAX_FILE = CONTRACT.limits.max_file_bytes;

/** A file as the engine knows it (elo_core.bridge._Files): sent once with the name it is given here,
 * then named alone (a K typed sends no file again); `sent` once the engine answered a request that
 * brought it. @typedef {{name: string, sent: boolean}} Named */

/** A new name for a file sent to the engine: unique among the calculators that share it. @returns {Named} */
export function named() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return { name: `f${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`, sent: false };
}
/** Bytes as base64, in slices (a string of a whole file's characters at once overflows the stack).
 * @param {Uint8Array} bytes */
export function toBase64(bytes) {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/**
 * A view's openings in turn: `next()` counts a new one (text pasted, the element's file), and `read(file)` reads a
 * file picked (readFile), or gives null when another opening came while it was read. A large file picked, then a
 * small one: the small one is read first, and the large one, read later, must not take its place.
 */
export function openings() {
  let last = 0;
  return {
    next: () => ++last,
    /** @param {Blob} file */
    async read(file) {
      const mine = ++last;
      const read = await readFile(file);
      return mine === last ? read : null;
    },
  };
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
 * The field separator of a CSV for a spreadsheet in `lang`: a semicolon where numbers are written with a decimal
 * comma (German, French, Spanish, Dutch, Italian: their Excel reads a comma-separated file as one column, and
 * 4.5 as a date), its numbers then with the comma too (csv_writer); else a comma. @param {string} lang
 */
export const csvSeparator = (lang) => (new Intl.NumberFormat(lang).format(1.5).includes(",") ? ";" : ",");

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
