// The worker's logic, apart from the Worker itself so that it can be tested with plain functions:
// createHandler(post, boot) boots Python at once and returns the onmessage function;
// countingFetch and byteProgress turn the bytes the worker downloads into progress messages;
// lastOnTheLink orders the downloads.
// `boot()` resolves with the bridge's functions, text in and JSON text out:
// {calculate: elo_core.bridge.handle_packed, parse: elo_core.bridge.parse}.

/** @param {unknown} err */
export function plainError(err) {
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: "Error", message: String(err) };
}

/** @typedef {{calculate: (text: string) => string, parse: (text: string) => string}} Bridge */

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

/**
 * @param {(message: object) => void} post
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
  /** @param {{data: any}} event */
  return (event) => {
    const { type, id, payload } = event.data ?? {};
    if (type !== "calculate" && type !== "parse") return;
    if (!bridge) {
      post({ type: "error", id, error: { name: "NotReady", message: "the engine is still loading" } });
      return;
    }
    try {
      post({ type: "result", id, response: bridge[/** @type {"calculate" | "parse"} */ (type)](String(payload)) });
    } catch (err) {
      post({ type: "error", id, error: plainError(err) });
    }
  };
}
