// The files the club's element names (`src`, `players`: embed.js fetches them in the club's page, from
// its own origin or one that allows it) reach the frame only when it asks for them, only from the
// page that embeds it (its origin, the `host` parameter), and only in the shape embed.js sends: each
// file's bytes (at most the contract's max_file_bytes), or why it could not be fetched. A view that
// shows a file (views.js) listens here; the address's `files` parameter says which files there are.
import { CONTRACT } from "../shared/contract.js";
import { t } from "./i18n.js";
import { readOptions } from "./params.js";

/** The names of the files an element may name (embed.js FILES). */
export const FILE_NAMES = ["src", "players"];
/** Why embed.js could not fetch a file (embed.js fetchFile). */
export const FILE_ERRORS = ["address", "network", "status", "too_big", "timeout"];
/** The reasons that asking again may mend (the host was down, slow, or answered an error). */
const PASSING = ["network", "status", "timeout"];

/**
 * One file as the view gets it: its address and bytes, or its address and why it is not here.
 * @typedef {{url: string, bytes: ArrayBuffer} | {url: string, error: string, status?: number}} HostFile
 */

/**
 * Which files the address says the element names (`files=src,players`): known names only.
 * @param {string} search location.search @returns {string[]}
 */
export function namedFiles(search) {
  const named = (new URLSearchParams(search).get("files") ?? "").split(",");
  return FILE_NAMES.filter((name) => named.includes(name));
}

/**
 * The files of a message from embed.js, each checked, or null when it is not such a message.
 * @param {unknown} data @param {string[]} names the files asked for @returns {Record<string, HostFile> | null}
 */
export function readFiles(data, names) {
  if (!data || typeof data !== "object" || /** @type {any} */ (data).type !== "elo-calculator:files") return null;
  const files = /** @type {any} */ (data).files;
  if (!files || typeof files !== "object") return null;
  /** @type {Record<string, HostFile>} */
  const read = {};
  for (const name of names) {
    const file = files[name];
    const url = typeof file?.url === "string" ? file.url.slice(0, 2000) : "";
    if (file?.bytes instanceof ArrayBuffer && file.bytes.byteLength <= CONTRACT.limits.max_file_bytes) {
      read[name] = { url, bytes: file.bytes };
    } else if (file?.bytes instanceof ArrayBuffer) {
      read[name] = { url, error: "too_big" };
    } else if (FILE_ERRORS.includes(file?.error)) {
      read[name] = Number.isInteger(file.status) ? { url, error: file.error, status: file.status } : { url, error: file.error };
    } else {
      read[name] = { url, error: "network" };
    }
  }
  return read;
}

/**
 * Asks the embedding page for the element's files and tells `receive` each time they come (again
 * when the club's page changes an address), and `fetching` each time the page starts fetching them
 * (at once here too: they are on their way from the first moment). Nothing to ask (no files named,
 * not embedded): false.
 * @param {(files: Record<string, HostFile>) => void} receive @param {() => void} fetching @returns {boolean}
 */
export function listenHostFiles(receive, fetching) {
  const names = namedFiles(location.search);
  const { host } = readOptions(location.search, []);
  const opaque = new URLSearchParams(location.search).get("host") === "null";
  if (!names.length || window.parent === window || !(host || opaque)) return false;
  addEventListener("message", (event) => {
    if (event.source !== window.parent || (host && event.origin !== host)) return;
    if (/** @type {any} */ (event.data)?.type === "elo-calculator:fetching") {
      fetching();
      return;
    }
    const files = readFiles(event.data, names);
    if (files) receive(files);
  });
  askHostFiles();
  fetching();
  return true;
}

/** Asks the embedding page (embed.js) to fetch the element's files anew and send them. */
function askHostFiles() {
  const { host } = readOptions(location.search, []);
  window.parent.postMessage({ type: "elo-calculator:files" }, host ?? "*");
}

/**
 * Says in `where` (an alert) why the club's file is not here, in the page's language; where asking
 * again may mend it (the host was down, slow or answered an error), with a Retry button that does,
 * the focus then put on `then` (the view's heading) as the button goes.
 * @param {HTMLElement} where @param {{url: string, error: string, status?: number}} file @param {HTMLElement} then
 */
export function sayFileProblem(where, file, then) {
  where.textContent = fileProblem(file);
  if (!PASSING.includes(file.error)) return;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "retry";
  retry.textContent = t("file.retry");
  retry.addEventListener("click", () => {
    where.textContent = "";
    then.focus();
    askHostFiles();
  });
  where.append(" ", retry);
}

/**
 * What the visitor reads for a file that could not be fetched, in the page's language.
 * @param {{url: string, error: string, status?: number}} file
 */
export function fileProblem(file) {
  const max = Math.floor(CONTRACT.limits.max_file_bytes / 1_000_000);
  return t(`file.error.${file.error}`, { url: file.url, status: file.status ?? "", max });
}
