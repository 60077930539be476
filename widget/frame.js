// Talks to the page that embeds the widget (embed.js), and only when that page named its origin
// (the `host` parameter): the content height, so the iframe needs no scrollbar, and the
// calculator's events (ready, error, each result), which never go to any other origin.
// A page with no origin of its own (opened from disk: `host=null`) gets the height and the
// ready and error events (the height follows the rows the visitor added), never the results.
// Any page may embed the widget and name itself as host: what a visitor computes inside that
// page's frame is that page's to see, as with any form it embeds. Other pages learn nothing.
import { readOptions } from "./params.js";

const { host } = readOptions(location.search, []);
const opaque = new URLSearchParams(location.search).get("host") === "null";

/** Whether the embedding page sizes this frame to its content: the page around it scrolls, not this one. */
export const sizedToContent = Boolean(host || opaque) && window.parent !== window;

if (sizedToContent) {
  const target = host ?? "*";
  const post = (/** @type {string} */ type, /** @type {unknown} */ detail) => window.parent.postMessage({ type, detail }, target);
  let last = 0;
  // The root element's box is the document's height: body margins included, and nothing in the
  // page may overflow it (sr-only content is clipped inside a positioned box).
  const root = document.documentElement;
  new ResizeObserver(() => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: "elo-calculator:height", height }, target);
    }
  }).observe(root);
  document.addEventListener("elo:ready", () => post("elo-calculator:ready", {}));
  document.addEventListener("elo:error", (e) => post("elo-calculator:error", /** @type {CustomEvent} */ (e).detail));
  if (host) {
    document.addEventListener("elo:result", (e) => post("elo-calculated", /** @type {CustomEvent} */ (e).detail));
  }
}
