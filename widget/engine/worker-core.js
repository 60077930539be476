// The worker's logic, apart from the Worker itself so that it can be tested with plain functions:
// createHandler(post, boot) boots Python at once and returns the onmessage function;
// countingFetch and byteProgress turn the bytes the worker downloads into progress messages;
// lastOnTheLink orders the downloads; checkedFetch holds each engine file to the build's hash.
// `boot()` resolves with the bridge's functions, text in and JSON text out, one for each kind of
// request (BRIDGE).

/** @param {unknown} err */
export function plainError(err) {
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: "Error", message: String(err) };
}

/** @typedef {import("./protocol.js").Kind} Kind */

/**
 * The function of elo_core.bridge that serves each kind of request (protocol.js Kind; the page's
 * rules for each are engine.js KINDS): a calculation's answer comes with its games packed
 * (handle_packed: packed.js unpacks them), pasted text is read by parse, a tournament file rated by event.
 * @type {Record<Kind, string>}
 */
export const BRIDGE = { calculate: "handle_packed", parse: "parse", event: "event", ladder: "ladder" };

/**
 * The bridge's functions by kind, text in and JSON text out; a promise of it where the answer waits for
 * Python it has not loaded yet (a view's first request: worker.mjs fetches its modules).
 * @typedef {Record<Kind, (text: string) => string | Promise<string>> & {[TYPING]?: () => void}} Bridge
 */

/**
 * The bridge's function for each kind (BRIDGE), from the imported module elo_core.bridge.
 * @param {Record<string, any>} module @returns {Bridge}
 */
export function bridgeOf(module) {
  return /** @type {Bridge} */ (Object.fromEntries(Object.entries(BRIDGE).map(([kind, name]) => [kind, module[name]])));
}

/** @typedef {(stage: string, bytes?: {loaded: number, total: number}) => void} Progress */

/**
 * `fetch`, counting the bytes of every successful response body as they are read (over all calls
 * together) and telling `onBytes` the total so far. Whatever the worker downloads is counted, by
 * whichever code fetches it (Pyodide's WebAssembly, its lock file, the standard library, packages).
 * The response itself is handed on untouched, its copy counted: a Response made anew has no URL, and
 * the browser keeps the compiled WebAssembly for the next visit only from one that has.
 * @param {typeof fetch} fetch @param {(loaded: number) => void} onBytes @returns {typeof fetch}
 */
export function countingFetch(fetch, onBytes) {
  let loaded = 0;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok) readCopy(response, (bytes) => onBytes(loaded += bytes));
    return response;
  };
}

/**
 * Reads a copy of a successful response's body, telling `onChunk` each chunk's bytes; resolves when
 * the body has ended, failed (whoever reads the response itself hears of it) or there is none.
 * @param {Response} response @param {(bytes: number) => void} onChunk @returns {Promise<void>}
 */
async function readCopy(response, onChunk) {
  const reader = response.body ? response.clone().body?.getReader() : undefined;
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      onChunk(read.value.byteLength);
    }
  } catch { /* an aborted download */ }
}

/**
 * `fetch` that holds one download back (`last`, say the engine's zip) until another (`first`, say
 * Pyodide's WebAssembly) has only `lead` of its `firstBytes` left, or has ended or failed. Python
 * needs the zip only once the WebAssembly is compiled and linked; asked for at once, on a phone's
 * link the small zip was in long before the WebAssembly, and those steps (0.9 s at 4x slower CPU)
 * came after every byte. Held back, the zip crosses the link while they run. URLs are matched by
 * their ending; worker.mjs chains two of these.
 * @param {typeof fetch} fetch
 * @param {{first: string, firstBytes: number, last: string, lead: number}} order
 * @returns {typeof fetch}
 */
export function lastOnTheLink(fetch, { first, firstBytes, last, lead }) {
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((resolve) => { release = () => resolve(undefined); });
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith(last)) await released;
    if (!url.endsWith(first)) return fetch(input, init);
    const response = await fetch(input, init).catch((error) => { release(); throw error; });
    let got = 0;
    if (!response.ok) release();
    else readCopy(response, (bytes) => { if ((got += bytes) >= firstBytes - lead) release(); }).finally(release);
    return response;
  };
}

/**
 * `fetch` that downloads `url` (absolute, no query) once: the first request gets the response, the next
 * one a copy of it (made before the first is read), and any later one asks anew. The worker compiles
 * Pyodide's WebAssembly itself from its first moment; Pyodide's own request for the file then costs no
 * second download (worker.mjs).
 * @param {typeof fetch} fetch @param {string} url @returns {typeof fetch}
 */
export function fetchedOnce(fetch, url) {
  /** @type {Promise<Response> | null} */
  let spare = null;
  let asked = false;
  return (input, init) => {
    if ((input instanceof Request ? input.url : String(input)).split(/[?#]/)[0] !== url) return fetch(input, init);
    if (spare) {
      const copy = spare;
      spare = null;
      return copy;
    }
    if (asked) return fetch(input, init);
    asked = true;
    const first = fetch(input, init);
    spare = first.then((response) => response.clone());
    spare.catch(() => {}); // the first asker hears of a failure
    return first;
  };
}

/**
 * The sha256 of `data` in hex; "" where the browser cannot hash (no crypto.subtle outside a secure
 * context: plain http on another host than localhost), which then checks nothing.
 * @param {ArrayBuffer | Uint8Array<ArrayBuffer>} data @returns {Promise<string>}
 */
export async function sha256(data) {
  if (!globalThis.crypto?.subtle) return "";
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * `fetch` that holds each file of `expected` (absolute URL without query: its sha256, which the build
 * writes, widget/engine/engine-files.js) to its hash. A damaged copy (a cache's, the service worker's or
 * the browser's, cut short or overwritten) is fetched again past every cache (`cache: "reload"`,
 * which the service worker also answers from the network, and keeps anew); a copy still wrong after
 * that is not this build's file (a host that serves another, a tampered one) and is refused.
 * `fresh` (a Retry) asks past the caches at once. A `streamed` file (the WebAssembly, compiled as it
 * arrives) is handed on at once and checked beside it: `checking` gets the check, which rejects for a
 * wrong one (asked for again past the caches, so that a Retry or the next visit finds a good copy).
 * @param {typeof fetch} fetch @param {Record<string, string>} expected
 * @param {{fresh?: boolean, streamed?: (url: string) => boolean, checking?: (check: Promise<void>) => void}} [options]
 * @returns {typeof fetch}
 */
export function checkedFetch(fetch, expected, { fresh = false, streamed = () => false, checking = () => {} } = {}) {
  return async (input, init) => {
    const url = (input instanceof Request ? input.url : String(input)).split(/[?#]/)[0];
    const hash = expected[url];
    if (!hash) return fetch(input, init);
    const get = (/** @type {boolean} */ reload) => fetch(input, reload ? { ...init, cache: "reload" } : init);
    const wrong = (/** @type {string} */ actual) => actual !== "" && actual !== hash;
    const refused = () => new Error(`${url.split("/").pop()}: not this build's file (its sha256 differs)`);
    let response = await get(fresh);
    if (!response.ok) return response;
    if (streamed(url)) {
      // An aborted download ("" here) is not a wrong file: whoever reads the response hears of it.
      checking(response.clone().arrayBuffer().then(sha256, () => "").then((actual) => {
        if (!wrong(actual)) return;
        get(true).then((again) => again.arrayBuffer()).catch(() => {}); // the caches get a good copy
        throw refused();
      }));
      return response;
    }
    let bytes = await response.arrayBuffer();
    let actual = await sha256(bytes); // once per copy: the zips are on the start's path
    if (wrong(actual) && !fresh) {
      response = await get(true);
      if (!response.ok) return response;
      bytes = await response.arrayBuffer();
      actual = await sha256(bytes);
    }
    if (wrong(actual)) throw refused();
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * Bytes received, as progress: "download" with the bytes so far and the `total` expected (which the
 * build counts from the files it ships), then "start" once they are all in (Python compiles and
 * starts). Reported at every hundredth of the total, so that a 10 MB download makes some 100
 * messages, not one per network chunk.
 * @param {Progress} progress @param {number} total @returns {(loaded: number) => void}
 */
export function byteProgress(progress, total) {
  let reported = -Infinity;
  return (loaded) => {
    const done = loaded >= total;
    if (!done && loaded - reported < total / 100) return;
    if (done && reported >= total) return;
    reported = loaded;
    progress(done ? "start" : "download", { loaded, total });
  };
}

/** A bridge's hook for the visitor's typing that asks the engine nothing (protocol.js `typing`): worker.mjs puts
 * off the snapshot with it. */
export const TYPING = Symbol("typing");

/**
 * The worker's side of the engine protocol (protocol.js): boots Python, then answers each request, and hands
 * the visitor's typing to the bridge's TYPING.
 * @param {(message: import("./protocol.js").FromEngine) => void} post
 * @param {(progress: Progress) => Promise<Bridge>} boot
 */
export function createHandler(post, boot) {
  /** @type {Bridge | null} */
  let bridge = null;
  boot((stage, bytes) => post({ type: "progress", stage, ...bytes })).then(
    (b) => {
      bridge = b;
      post({ type: "ready" });
    },
    (err) => post({ type: "error", error: plainError(err) }),
  );
  /**
   * @param {{data: any}} event any data: a request is checked before it is used
   * @returns {Promise<void> | undefined} a promise while an answer waits (a view's first), else nothing
   */
  return (event) => {
    const { type, kind, id, text } = event.data ?? {};
    if (type === "typing") return void bridge?.[TYPING]?.();
    if (type !== "request" || !Object.hasOwn(BRIDGE, kind) || !Number.isInteger(id)) return;
    if (!bridge) {
      post({ type: "error", id, error: { name: "NotReady", message: "the engine is still loading" } });
      return;
    }
    const failed = (/** @type {unknown} */ err) => post({ type: "error", id, error: plainError(err) });
    try {
      const response = bridge[/** @type {Kind} */ (kind)](String(text));
      if (typeof response === "string") post({ type: "result", id, response });
      else return response.then((later) => post({ type: "result", id, response: later }), failed);
    } catch (err) {
      failed(err);
    }
  };
}
