// A club's file fetched by its address (a tournament report, a results ledger, a players file): by
// embed.js in the club's page, or by the widget itself when its own address names the file
// (host-files.js: a site builder that takes only an address or a frame). At most a limit of bytes;
// every failure said as one reason, never thrown; a host that goes silent given up.

/** A fetch that hears nothing (no answer, or no more of its body) for this long is given up. */
export const IDLE_MS = 20_000;

/**
 * A club's file, fetched: its bytes (at most `limit`), or why not: `address` (not a
 * web address), `network` (not reached, or another origin that does not allow it: CORS), `status`
 * (the server's answer was not 200-299: `status` says which), `too_big`, `timeout` (no answer, or
 * no more of the body, for `idle` ms: a host that never answers must not keep the view waiting),
 * `aborted` (`signal` aborted it: a newer address superseded it). Never throws.
 * @param {string} address as written, relative to `base` @param {string} base the page's base URL
 * @param {number} limit @param {typeof fetch} get @param {AbortSignal} [signal] @param {number} [idle]
 * @returns {Promise<{url: string, bytes: ArrayBuffer} | {url: string, error: string, status?: number}>}
 */
export async function fetchFile(address, base, limit, get, signal, idle = IDLE_MS) {
  let url;
  try {
    url = new URL(address, base).href;
  } catch {
    return { url: address, error: "address" };
  }
  if (!/^https?:/.test(url)) return { url, error: "address" };
  const control = new AbortController();
  let timedOut = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const stop = () => control.abort();
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { timedOut = true; stop(); }, idle);
  };
  // Rejects once aborted, whether or not what it races honours the signal.
  const stopped = new Promise((_, reject) => control.signal.addEventListener("abort", () => reject(new Error("aborted"))));
  stopped.catch(() => {});
  signal?.addEventListener("abort", stop);
  if (signal?.aborted) stop();
  wait();
  try {
    // Revalidated each time: a club adds a line to its file, and its page follows.
    const response = await Promise.race([stopped,
      get(url, { cache: "no-cache", credentials: "same-origin", redirect: "follow", signal: control.signal })]);
    if (!response.ok) return { url, error: "status", status: response.status };
    if (Number(response.headers.get("content-length")) > limit) return { url, error: "too_big" };
    const bytes = await Promise.race([stopped, readUpTo(response, limit, wait)]);
    return bytes ? { url, bytes } : { url, error: "too_big" };
  } catch {
    return { url, error: timedOut ? "timeout" : control.signal.aborted ? "aborted" : "network" };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }
}

/**
 * A response's body, or null once it passes `limit` bytes (the rest is not read); `progress` is
 * called on each part that arrives.
 * @param {Response} response @param {number} limit @param {() => void} [progress] @returns {Promise<ArrayBuffer | null>}
 */
export async function readUpTo(response, limit, progress = () => {}) {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const bytes = new Uint8Array(limit);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes.slice(0, size).buffer;
    progress();
    if (size + value.length > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    bytes.set(value, size);
    size += value.length;
  }
}

