// Talks to the page that embeds the widget (embed.js), and only when that page named its origin
// (the `host` parameter): the content height, so the iframe needs no scrollbar, and the
// calculator's events (ready, error, each result), which never go to any other origin.
import { readOptions } from "./params.js";

const { host } = readOptions(location.search, []);

if (host && window.parent !== window) {
  const post = (type, detail) => window.parent.postMessage({ type, detail }, host);
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: "elo-calculator:height", height }, host);
    }
  }).observe(document.body);
  document.addEventListener("elo:ready", () => post("elo-calculator:ready", {}));
  document.addEventListener("elo:error", (e) => post("elo-calculator:error", /** @type {CustomEvent} */ (e).detail));
  document.addEventListener("elo:result", (e) => post("elo-calculated", /** @type {CustomEvent} */ (e).detail));
}
