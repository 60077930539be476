// The worker's logic, apart from the Worker itself so that it can be tested with plain functions:
// createHandler(post, boot) boots Python at once and returns the onmessage function;
// countingFetch and byteProgress turn the bytes the worker downloads into progress messages.
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
    if (!response.ok || !response.body) return response;
    const reader = response.clone().body?.getReader();
    const count = async () => {
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
        loaded += read.value.byteLength;
        onBytes(loaded);
      }
    };
    count().catch(() => {}); // an aborted download: whoever reads the response hears of it
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
