// The loading bar from the page's first round trip: the bytes of the whole calculator received so
// far, of all it needs until Python starts. index.html runs this module on its own (async, no
// imports, listed before the page's other scripts), so the bar moves while app.js, the largest of the
// page's scripts (bundled with its modules by the build), still arrives. It counts the page's own files
// (its styles and scripts, as they arrive) and, once engine-status.js passes them on, the worker's.
// Not the worker's own scripts (worker.mjs, Pyodide's modules), as before: imports are not fetch()es.
// Both counts come from modules the build generates (scripts/build_modules.py), bundled into this one.
import { FETCHED_BYTES } from "../engine/engine-files.js";
import { PAGE_BYTES } from "./page-bytes.js";

const FOLDER = new URL("../", import.meta.url).href; // the static folder: widget/ as the sources are laid out
// The page itself, received before any of its scripts runs: the bar starts above zero.
const DOCUMENT = /** @type {PerformanceNavigationTiming | undefined} */ (
  globalThis.performance?.getEntriesByType?.("navigation")[0])?.decodedBodySize ?? 0;
const TOTAL = DOCUMENT + PAGE_BYTES + FETCHED_BYTES;

/** Bytes of the page's files received (decoded, as the build counts them) by URL. @type {Map<string, number>} */
const received = new Map();
let workerBytes = 0;
let complete = false;
let counting = true;

/** @param {PerformanceEntryList} entries */
function count(entries) {
  for (const entry of entries) {
    const timing = /** @type {PerformanceResourceTiming} */ (entry);
    // No decodedBodySize before Safari 16.4: nothing counted (a NaN would make the bar throw).
    if (timing.name.startsWith(FOLDER) && timing.name !== import.meta.url) received.set(timing.name, timing.decodedBodySize || 0);
  }
  show();
}

/** The bar (the stage's text and the bytes line are engine-status.js's, with the texts). */
function show() {
  const bar = /** @type {HTMLProgressElement | null} */ (document.getElementById("engine-progress"));
  if (!bar || !counting) return;
  const { loaded, total } = bytesNow();
  bar.max = total;
  bar.value = loaded;
}

/** @returns {{loaded: number, total: number}} */
function bytesNow() {
  let page = 0;
  for (const bytes of received.values()) page += bytes;
  return { loaded: complete ? TOTAL : Math.min(DOCUMENT + Math.min(page, PAGE_BYTES) + workerBytes, TOTAL), total: TOTAL };
}

/**
 * The worker's progress (engine-status.js): the bytes it has downloaded, and whether they are all in
 * (Python starts); the bar then shows the calculator's bytes received and expected, which it returns.
 * @param {{loaded?: number, done?: boolean}} worker @returns {{loaded: number, total: number}}
 */
export function calculatorBytes(worker) {
  workerBytes = worker.loaded ?? 0;
  complete = Boolean(worker.done);
  counting = true;
  show();
  return bytesNow();
}

/** No more counting: the bar is engine-status.js's alone (past the download, or failed). */
export function stopCounting() {
  counting = false;
}

count(globalThis.performance?.getEntriesByType?.("resource") ?? []);
try {
  new PerformanceObserver((list) => count(list.getEntries())).observe({ type: "resource", buffered: true });
} catch {
  // No resource timing (an old browser): the bar waits for the worker's bytes, as it did before.
}
// From the cache, this module may run before the parser has reached the bar.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
