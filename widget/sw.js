// The service worker that makes second visits instant and lets the calculator work offline.
// The build writes it to the site's root (dist/sw.js, an entry point revalidated on every visit,
// so that its scope covers widget/ and static/, the page's and its workers' files) with this
// build's list of files filled in (scripts/build_site.py, write_service_worker).
// - Its cache is keyed by build: the calculator page and the static files it names, stored
//   together at install. Offline, the page and its files therefore come from one build.
// - The page (widget/) is asked of the network first; the cached copy answers only when the
//   network does not (offline, or no answer in NETWORK_WAIT_MS).
// - Static files (content-hashed names: the bytes of a URL never change) come from the cache, else
//   the network. Anything else, and every file of another build, goes to the network untouched.
// - A new build installs beside the old one and takes over once no page uses the old one; its
//   activation then deletes the old build's cache.
// Registered by offline.js once the calculator is ready, so it never competes with the first visit.

/** This build: its id, the page, the static folder of the page's scripts, and every file to keep. */
const OFFLINE = __OFFLINE__;
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

/** The page and every file it uses, or nothing: a page from another build (deployed meanwhile) fails the install. */
async function install() {
  const cache = await caches.open(CACHE);
  const page = await fetch(PAGE, { cache: "no-cache" });
  if (!page.ok || !(await page.clone().text()).includes(OFFLINE.widget)) {
    throw new Error(`the page at ${PAGE} is not from build ${OFFLINE.build}`);
  }
  await cache.addAll([...FILES]);
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
    return (await Promise.race([network, late])) ?? (await network);
  } catch (err) {
    return (await cached) ?? Promise.reject(err);
  }
}

/** @param {Request} request */
async function file(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request.url, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone()); // evicted meanwhile: kept again
  return response;
}

sw.addEventListener("install", (/** @type {ExtendableEvent} */ event) => event.waitUntil(install()));
sw.addEventListener("activate", (/** @type {ExtendableEvent} */ event) => event.waitUntil(activate()));
sw.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (request.mode === "navigate" && (url.href === PAGE || url.href === PAGE + "index.html")) {
    event.respondWith(page(request));
  } else if (FILES.has(url.href)) {
    event.respondWith(file(request));
  }
});
