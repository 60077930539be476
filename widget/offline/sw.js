// The service worker that makes second visits instant and lets the calculator work offline.
// The build writes it to the site's root (dist/sw.js, an entry point revalidated on every visit,
// so that its scope covers widget/ and static/, the page's and its workers' files), as one classic
// script with this build's list of files (offline-files.js, generated: scripts/build_site.py,
// write_service_worker).
// - Its cache is keyed by build: the calculator page and the static files it names, stored
//   together at install. Offline, the page and its files therefore come from one build.
// - The page (widget/) is asked of the network first; the cached copy answers only when the
//   network does not (offline, or no answer in NETWORK_WAIT_MS).
//   A host's error page (a 503, a 404 while a deploy is under way) is not the calculator either:
//   the cached copy answers it too.
// - Static files (content-hashed names: the bytes of a URL never change) come from the cache, else
//   the network. Each is kept only with the build's sha256 (OFFLINE.sha256). A request that asks
//   past the caches (`cache: "reload"`: the engine's worker after a damaged copy, or on Retry) goes
//   to the network, and its answer replaces the cached copy. Anything else, and every file of
//   another build, goes to the network untouched.
// - A new build installs beside the old one and takes over once no page uses the old one; its
//   activation then deletes the old build's cache.
// Registered by offline.js once the calculator is ready, so it never competes with the first visit.

import { OFFLINE } from "./offline-files.js";

const PREFIX = "elo-calculator-";
const CACHE = PREFIX + OFFLINE.build;
const NETWORK_WAIT_MS = 4000;

/**
 * The parts of the service worker's events used here (tsc checks this file with the DOM's types).
 * @typedef {Event & {waitUntil(promise: Promise<unknown>): void}} ExtendableEvent
 * @typedef {ExtendableEvent & {request: Request, respondWith(response: Promise<Response>): void}} FetchEvent
 */
const sw = /** @type {any} */ (self);
const scope = String(sw.registration.scope);
const PAGE = new URL(OFFLINE.page, scope).href;
const FILES = new Set(OFFLINE.files.map((/** @type {string} */ file) => new URL(file, scope).href));
/** @type {Map<string, string>} each file's sha256, by URL */
const SHA256 = new Map(Object.entries(OFFLINE.sha256).map(([file, hash]) => [new URL(file, scope).href, String(hash)]));

/**
 * Whether a response holds the build's bytes for url (true where the browser cannot hash: no
 * crypto.subtle outside a secure context, where no service worker runs anyway).
 * @param {string} url @param {Response} response
 */
async function intact(url, response) {
  if (!crypto.subtle || !SHA256.has(url)) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("") === SHA256.get(url);
}

/** The build's copy of url from the network: a wrong one (the HTTP cache's, cut short) asked for again past it. @param {string} url */
async function checked(url) {
  for (const cache of /** @type {const} */ (["default", "reload"])) {
    const response = await fetch(url, { cache });
    if (response.ok && (await intact(url, response.clone()))) return response;
  }
  throw new Error(`${url} is not build ${OFFLINE.build}'s file`);
}

/** The page and every file it uses, or nothing: a page from another build (deployed meanwhile) fails the install. */
async function install() {
  const cache = await caches.open(CACHE);
  const page = await fetch(PAGE, { cache: "no-cache" });
  if (!page.ok || !(await page.clone().text()).includes(OFFLINE.widget)) {
    throw new Error(`the page at ${PAGE} is not from build ${OFFLINE.build}`);
  }
  try {
    await Promise.all([...FILES].map(async (url) => cache.put(url, await checked(url))));
  } catch (err) {
    await caches.delete(CACHE); // nothing half kept
    throw err;
  }
  await cache.put(PAGE, page);
}

/** Once no page uses an older build: its cache goes. */
async function activate() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
}

/** @param {Request} request */
async function page(request) {
  const cached = caches.open(CACHE).then((cache) => cache.match(PAGE));
  const network = fetch(request);
  network.catch(() => undefined); // when the cached copy has answered, a late failure is no error
  /** @type {Promise<Response | undefined>} */
  const late = new Promise((resolve) => setTimeout(() => resolve(cached), NETWORK_WAIT_MS));
  try {
    const response = (await Promise.race([network, late])) ?? (await network);
    // A host's error page is no calculator; a redirect (opaque here) is the host's to give.
    if (response.ok || response.type === "opaqueredirect") return response;
    return (await cached) ?? response;
  } catch (err) {
    return (await cached) ?? Promise.reject(err);
  }
}

/** A request's URL as FILES and SHA256 name it (no query, no fragment). @param {Request} request */
function fileURL(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

/**
 * A build's file: the kept copy; a Retry's (`?fresh`, `cache: "reload"`: a kept copy may be damaged) from the network
 * first, but the kept copy where the network gives none (offline: Retry failed every time while a reload computed,
 * hp97). Kept and found by its address without the query. @param {Request} request
 */
async function file(request) {
  const cache = await caches.open(CACHE);
  const url = fileURL(request);
  const cached = await cache.match(url, { ignoreVary: true });
  if (cached && request.cache !== "reload") return cached;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    return cached ?? Promise.reject(err);
  }
  if (!response.ok && cached) return cached; // a host's error page is no file of the build
  // Evicted meanwhile, or asked for past the caches after a damaged copy: kept again, if it is the build's.
  const copy = response.clone();
  if (response.ok && (await intact(url, response.clone()))) await cache.put(url, copy);
  return response;
}

sw.addEventListener("install", (/** @type {ExtendableEvent} */ event) => event.waitUntil(install()));
sw.addEventListener("activate", (/** @type {ExtendableEvent} */ event) => event.waitUntil(activate()));
sw.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = fileURL(request);
  if (request.mode === "navigate" && (url === PAGE || url === PAGE + "index.html")) {
    event.respondWith(page(request));
  } else if (FILES.has(url)) {
    event.respondWith(file(request));
  }
});
