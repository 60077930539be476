// The files the club's element names (`src`, `players`: embed.js fetches them in the club's page, from
// its own origin or one that allows it) reach the frame only when it asks for them, only from the
// page that embeds it (its origin, the `host` parameter), and only in the shape embed.js sends: each
// file's bytes (at most the contract's max_file_bytes), or why it could not be fetched. A view that
// shows a file (views.js) listens here; the address's `files` parameter says which files there are.
// Where no embed.js is (a site builder that takes only an address or a frame), the widget's own
// address names the files (`src=…&players=…`), and the widget fetches them itself, alike; since
// anyone can write such an address, the view then says whose file it shows (showWhence).
import { CONTRACT } from "../shared/contract.js";
import { t } from "./i18n.js";
import { readOptions } from "./params.js";
import { fetchFile } from "../shared/fetch-file.js";
import { toParent } from "./frame.js";

/** The names of the files an element may name (embed.js FILES). */
export const FILE_NAMES = ["src", "players"];
/** Why embed.js could not fetch a file (embed.js fetchFile). */
export const FILE_ERRORS = ["address", "credentials", "csp", "network", "status", "html", "too_big", "timeout"];
/** The reasons that asking again may mend (the host was down, slow, or answered an error). */
const PASSING = ["network", "status", "timeout"];
/** When a file last changed, as fetchFile writes it (toISOString). */
const MODIFIED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * One file as the view gets it: its address and bytes, or its address and why it is not here.
 * @typedef {{url: string, bytes: ArrayBuffer, modified?: string} | {url: string, error: string, status?: number}} HostFile
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
      read[name] = typeof file.modified === "string" && MODIFIED.test(file.modified)
        ? { url, bytes: file.bytes, modified: file.modified } : { url, bytes: file.bytes };
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
 * The files the widget's own address names by their addresses (`src=…&players=…`), by name: none
 * where embed.js names them (`files`: it fetches them, and the address never carries their URLs).
 * @param {string} search location.search @returns {Record<string, string>}
 */
export function ownFiles(search) {
  const params = new URLSearchParams(search);
  if (params.has("files")) return {};
  /** @type {Record<string, string>} */
  const own = {};
  for (const name of FILE_NAMES) {
    const address = (params.get(name) ?? "").trim();
    if (address) own[name] = address; // a too long one is refused by fetchFile, never cut
  }
  return own;
}

/** Fetches the files anew and hands them on (set by listenHostFiles; Retry calls it). */
let askHostFiles = () => {};

/**
 * Gets the files the element or the widget's own address names, and tells `receive` each time they
 * come (again when the club's page changes an address), and `fetching` each time they are being
 * fetched (at once too: they are on their way from the first moment). Where they come from: "embed"
 * (embed.js fetched them in the club's page), "own" (the widget's own address named them, and the
 * widget fetched them itself), or null: no file named, or no page to ask.
 * @param {(files: Record<string, HostFile>) => void} receive @param {() => void} fetching
 * @returns {"embed" | "own" | null}
 */
export function listenHostFiles(receive, fetching) {
  const own = ownFiles(location.search);
  if (Object.keys(own).length) {
    /** @type {AbortController | null} */
    let current = null;
    askHostFiles = async () => {
      current?.abort();
      const control = (current = new AbortController());
      fetching();
      const names = Object.keys(own);
      const got = await Promise.all(names.map((name) =>
        // No cookies: anyone can write such an address, naming a page of the widget's own site.
        fetchFile(own[name], location.href, CONTRACT.limits.max_file_bytes, fetch, control.signal, { credentials: "omit" })));
      if (control === current) receive(Object.fromEntries(names.map((name, i) => [name, got[i]])));
    };
    askHostFiles();
    return "own";
  }
  const names = namedFiles(location.search);
  const { host } = readOptions(location.search, []);
  const opaque = new URLSearchParams(location.search).get("host") === "null";
  if (!names.length || window.parent === window || !(host || opaque)) return null;
  addEventListener("message", (event) => {
    if (event.source !== window.parent || (host && event.origin !== host)) return;
    if (/** @type {any} */ (event.data)?.type === "elo-calculator:fetching") {
      fetching();
      return;
    }
    const files = readFiles(event.data, names);
    if (files) receive(files);
  });
  askHostFiles = () => toParent({ type: "elo-calculator:files" }, host ?? "*");
  askHostFiles();
  fetching();
  return "embed";
}

/**
 * A club's file's name from its address: its last part, decoded; "" where that is no file's name (without an
 * extension: a published spreadsheet's `…/pub?output=csv`, which named the ladder "pub"), the view then naming it.
 * @param {string} url
 */
export function fileNameOf(url) {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return /\.\w{1,8}$/.test(last) ? last : "";
  } catch {
    return "";
  }
}

/**
 * Says under the view's `heading` whose files it shows (their addresses), for files the widget's own
 * address named: anyone can write such an address, and the visitor must see where the figures come from.
 * @param {HTMLElement} heading @param {Record<string, HostFile>} files
 */
export function showWhence(heading, files) {
  const id = `${heading.id}-whence`;
  const line = document.getElementById(id) ?? Object.assign(document.createElement("p"), { id, className: "hint whence" });
  line.textContent = Object.values(files).map((file) => t("file.whence", { url: file.url })).join(" ");
  heading.after(line);
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
