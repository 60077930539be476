// A club's file fetched by its address (a tournament report, a results ledger, a players file): by
// embed.js in the club's page, or by the widget itself when its own address names the file
// (host-files.js: a site builder that takes only an address or a frame). At most a limit of bytes;
// every failure said as one reason, never thrown; a host that goes silent given up.

/** A fetch that hears nothing (no answer, or no more of its body) for this long is given up. */
export const IDLE_MS = 20_000;
/** A fetch not done in this long is given up however it trickles (8 MB at 3G's 0.5 MB/s: 16 s). */
export const TOTAL_MS = 120_000;
/** The longest address fetched: a longer one is refused, never cut to another address. */
export const MAX_ADDRESS = 2000;

/**
 * A club's file, fetched: its bytes (at most `limit`), the address they came from (after any
 * redirect) and, when its server says it (Last-Modified), when it last changed (ISO 8601); or why not: `address`
 * (not a web address, or longer than MAX_ADDRESS), `credentials` (one with a user name or password, never shown),
 * `csp` (the page's Content-Security-Policy refused it: its connect-src), `network` (not reached, or another origin
 * that does not allow it: CORS),
 * `status` (the server's answer was not 200-299: `status` says which), `html` (a web page, not a file: `webPage`;
 * the address it came from after any redirect), `too_big`, `timeout` (no
 * answer, or no more of the body, for `idle` ms, or not done in `total` ms: a host that never answers
 * or trickles must not keep the view waiting), `aborted` (`signal` aborted it: a newer address
 * superseded it). Never throws. `credentials`: "same-origin" where the club's own page fetches its
 * own file (embed.js); "omit" where an address anyone can write names it (the widget's own).
 * @param {string} address as written, relative to `base` @param {string} base the page's base URL
 * @param {number} limit @param {typeof fetch} get @param {AbortSignal} [signal]
 * @param {{idle?: number, total?: number, credentials?: RequestCredentials}} [options]
 * @returns {Promise<{url: string, bytes: ArrayBuffer, modified?: string} | {url: string, error: string, status?: number}>}
 */
export async function fetchFile(address, base, limit, get, signal, options = {}) {
  const { idle = IDLE_MS, total = TOTAL_MS, credentials = "same-origin" } = options;
  let parsed;
  try {
    parsed = new URL(address, base);
  } catch {
    return { url: address.slice(0, MAX_ADDRESS), error: "address" };
  }
  const secret = Boolean(parsed.username || parsed.password);
  parsed.username = parsed.password = ""; // never shown
  const url = parsed.href;
  if (!/^https?:$/.test(parsed.protocol) || url.length > MAX_ADDRESS) return { url: url.slice(0, MAX_ADDRESS), error: "address" };
  if (secret) return { url, error: "credentials" }; // said as such: the address shown has none, and looked right
  const refused = policyWatch(url);
  const control = new AbortController();
  let timedOut = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const stop = () => control.abort();
  const giveUp = () => { timedOut = true; stop(); };
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(giveUp, idle);
  };
  const deadline = setTimeout(giveUp, total);
  // Rejects once aborted, whether or not what it races honours the signal.
  const stopped = new Promise((_, reject) => control.signal.addEventListener("abort", () => reject(new Error("aborted"))));
  stopped.catch(() => {});
  signal?.addEventListener("abort", stop);
  if (signal?.aborted) stop();
  wait();
  try {
    // Revalidated each time: a club adds a line to its file, and its page follows.
    const response = await Promise.race([stopped,
      get(url, { cache: "no-cache", credentials, redirect: "follow", signal: control.signal })]);
    if (!response.ok) return { url, error: "status", status: response.status };
    // Whose file it is: where a redirect took the fetch, not only the address asked for.
    const from = response.url && response.url.length <= MAX_ADDRESS ? response.url : url;
    if (webPage(response.headers.get("content-type"))) return { url: from, error: "html" };
    if (Number(response.headers.get("content-length")) > limit) return { url, error: "too_big" };
    const bytes = await Promise.race([stopped, readUpTo(response, limit, wait)]);
    if (!bytes) return { url, error: "too_big" };
    if (webPage(null, bytes)) return { url: from, error: "html" };
    // When the file last changed, as its server says (a ladder kept on a club's site: "Last updated").
    const modified = Date.parse(response.headers.get("last-modified") ?? "");
    return Number.isFinite(modified) ? { url: from, bytes, modified: new Date(modified).toISOString() } : { url: from, bytes };
  } catch {
    if (timedOut || control.signal.aborted) return { url, error: timedOut ? "timeout" : "aborted" };
    return { url, error: (await refused.heard()) ? "csp" : "network" };
  } finally {
    refused.stop();
    clearTimeout(timer);
    clearTimeout(deadline);
    signal?.removeEventListener("abort", stop);
  }
}

/** How a web page starts: `<!doctype` or `<html` (then no more of a name), after a byte order mark and white space, in
 * any case. Read as bytes, not decoded: the club's page's loader (embed.js) bundles this file and needs no decoder. */
const PAGE_START = /^(?:\xef\xbb\xbf)?[\t\n\f\r ]*<(?:!doctype|html)(?![a-z0-9])/i;

/**
 * Whether an answer is a web page, not a file: served as one (`type` text/html), or its `bytes` start as one
 * (PAGE_START). A host that answers every path with its own page (a site that serves its index.html for any
 * address, with status 200) was given a wrong address; read as a file, the page was "no player line (001)", "not a
 * results file", and the address was never named. No club's file starts with "<".
 * @param {string | null} type the Content-Type header @param {ArrayBuffer} [bytes] the body, its first 512 bytes read
 */
export function webPage(type, bytes) {
  if (type?.split(";")[0].trim().toLowerCase() === "text/html") return true;
  if (!bytes) return false;
  return PAGE_START.test(String.fromCharCode(...new Uint8Array(bytes, 0, Math.min(512, bytes.byteLength))));
}

/**
 * Listens, while `url` is fetched, for the page's Content-Security-Policy refusing it (connect-src, or default-src
 * standing for it): a club's strict policy blocked its own file, and the message blamed the server or CORS.
 * `heard()` says whether it was refused: the browser's event comes after the fetch has failed (some 15 ms in
 * Chromium), so a failure waits for it, POLICY_WAIT_MS at most.
 * @param {string} url
 */
function policyWatch(url) {
  let heard = false;
  /** @type {(yes: boolean) => void} */
  let told = () => {};
  /** @param {SecurityPolicyViolationEvent} e */
  const listen = (e) => {
    if (e.effectiveDirective !== "connect-src" || !e.blockedURI || !url.startsWith(e.blockedURI)) return;
    heard = true;
    told(true);
  };
  const target = typeof globalThis.document?.addEventListener === "function" ? globalThis.document : null; // a page's
  target?.addEventListener("securitypolicyviolation", listen);
  return {
    /** @returns {Promise<boolean>} */
    heard: () => heard || !target ? Promise.resolve(heard) : new Promise((resolve) => {
      told = resolve;
      setTimeout(() => resolve(heard), POLICY_WAIT_MS);
    }),
    stop: () => target?.removeEventListener("securitypolicyviolation", listen),
  };
}

/** How long a failed fetch waits for the page's policy to say it refused it (policyWatch). */
const POLICY_WAIT_MS = 500;

/**
 * A response's body, or null once it passes `limit` bytes (the rest is not read); `progress` is
 * called on each part that arrives.
 * @param {Response} response @param {number} limit @param {() => void} [progress] @returns {Promise<ArrayBuffer | null>}
 */
export async function readUpTo(response, limit, progress = () => {}) {
  if (!response.body) { // a page's fetch of its own (a polyfill's) may give no stream: the whole body, then
    const whole = await response.arrayBuffer();
    return whole.byteLength > limit ? null : whole;
  }
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const parts = []; // kept as they come: a small file reserves no limit's worth of memory
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    progress();
    if (size + value.length > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes.buffer;
}

