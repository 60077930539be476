// Talks to the page that embeds the widget (embed.js), and only when that page named its origin
// (the `host` parameter): the content height, so the iframe needs no scrollbar, and the
// calculator's events (ready, error, each result), which never go to any other origin; and it asks
// that page for its address, so that a copied link reopens the calculation there (clubPage).
// A page with no origin of its own (opened from disk: `host=null`) gets the height and the
// ready and error events (the height follows the rows the visitor added), never the results.
// Any page may embed the widget and name itself as host: what a visitor computes inside that
// page's frame is that page's to see, as with any form it embeds. Other pages learn nothing.
import { readOptions } from "./params.js";
import { publicResult } from "./result-event.js";

// The tallest frame asked for (some 900 games). Past it the club's page would hold a frame of half
// a million pixels for 5 000 games, the results and the summary bar screens away from the games: the
// frame is then as tall as the visitor's window (embed.js) and scrolls itself, as the calculator
// does on its own page, with the summary bar and dialogs in sight. embed.js refuses taller heights.
const TALLEST = 100_000;

/** Whether the embedding page sizes this frame to its content now: the page around it scrolls, not
 * this one. It changes (an "elo:sizing" event on the document) when the document grows past TALLEST
 * or shrinks back. False until installFrame() has looked. */
export let sizedToContent = false;

/** The address of the club's page that embeds this frame, as embed.js tells it (without its fragment),
 * for links that reopen a calculation there; null until told, or where no page says (copied links then
 * open the widget's own page). */
export let clubPage = /** @type {string | null} */ (null);

/** A message of `type` with `detail` to the embedding page, where it named its origin (a view's copy to
 * print: print-copy.js); null where none did, or until installFrame() has looked.
 * @type {((type: string, detail: unknown) => void) | null} */
export let toHost = null;

/** Bring `element` into the visitor's window: scrolled into view in its own box, and in a frame sized to
 * its content the embedding page scrolls to its part of the frame (embed.js, as for a dialog).
 * @param {Element} element */
export function revealInPage(element) {
  element.scrollIntoView({ block: "nearest" }); // within its own scrolling box first (a report's table)
  const ask = reveal;
  if (!ask) return;
  // After the next layout, whose new height (followHeight's ResizeObserver) then reaches the page first:
  // a part below the frame's old height would be refused there.
  requestAnimationFrame(() => setTimeout(() => {
    const { top, bottom } = element.getBoundingClientRect();
    // In the document's pixels where the frame is as tall as it (the page scrolls; the frame may have scrolled
    // itself before its new height came), in its window's where it scrolls itself (as a dialog's, above).
    const offset = sizedToContent ? window.scrollY : 0;
    if (bottom > top) ask({ top: Math.max(0, Math.floor(top + offset)), bottom: Math.ceil(bottom + offset) });
  }));
}

/** Asks the embedding page to scroll a part of the frame into view; null where none listens. @type {((part: {top: number, bottom: number}) => void) | null} */
let reveal = null;

/** The loader's word for this frame (its address's `speak`), said with each message to it: the loader takes the
 * frame's origin from a message that says it, where its address redirected to another origin (embed.js relay). */
const word = () => /^[a-z0-9]{8,48}$/.exec(new URLSearchParams(location.search).get("speak") ?? "")?.[0] ?? "";

/** `message` to the embedding page (origin `target`), with the loader's word. @param {Record<string, unknown>} message @param {string} target */
export function toParent(message, target) {
  const speak = word();
  window.parent.postMessage(speak ? { ...message, speak } : message, target);
}

/** Start talking to the embedding page, if there is one that named its origin (or has none): the
 * shell (app.js) calls it once, first thing. */
export function installFrame() {
  const { host } = readOptions(location.search, []);
  const opaque = new URLSearchParams(location.search).get("host") === "null";
  const embedded = Boolean(host || opaque) && window.parent !== window;
  sizedToContent = embedded;
  if (!embedded) return;
  const target = host ?? "*";
  const post = (/** @type {string} */ type, /** @type {unknown} */ detail) => toParent({ type, detail }, target);
  followHeight(target);
  reveal = (part) => post("elo-calculator:reveal", part);
  // A dialog is placed in the frame's window (paste.js), of which the visitor may see only a part:
  // a frame sized to its content is often taller than their window, and one that scrolls itself may
  // be partly scrolled off it. A fixed dialog cannot be scrolled into view from inside the frame, so
  // the club's page is told where it is ({top, bottom} in the frame) and brings it into view.
  new MutationObserver(() => {
    const open = document.querySelector("dialog[open]");
    if (!open) return;
    const { top, bottom } = open.getBoundingClientRect();
    post("elo-calculator:reveal", { top: Math.floor(top), bottom: Math.ceil(bottom) });
  }).observe(document.body, { subtree: true, attributeFilter: ["open"] });
  document.addEventListener("elo:ready", () => post("elo-calculator:ready", {}));
  document.addEventListener("elo:error", (e) => post("elo-calculator:error", /** @type {CustomEvent} */ (e).detail));
  if (host) {
    toHost = post;
    // The club's page's address, asked of it (never put in the frame's address, which its server sees).
    addEventListener("message", (event) => {
      if (event.source !== window.parent || event.origin !== host || event.data?.type !== "elo-calculator:page") return;
      const url = typeof event.data.url === "string" && event.data.url.length <= 2000 ? safeUrl(event.data.url) : null;
      if (url && url.origin === host) clubPage = url.href;
    });
    post("elo-calculator:page", {});
    // The result in its public shape (result-event.js), not the engine's answer.
    document.addEventListener("elo:result", (e) => post("elo-calculator:result", publicResult(/** @type {CustomEvent} */ (e).detail)));
  }
}

/** The document's height to the embedding page (origin `target`) as it changes, and whether the frame
 * is sized to its content from now on. @param {string} target */
function followHeight(target) {
  let last = 0;
  // The root element's box is the document's height: body margins included, and nothing in the
  // page may overflow it (sr-only content is clipped inside a positioned box).
  const root = document.documentElement;
  // Nothing to scroll in a frame as tall as its content: Firefox kept the scrollbars a growing page had for a
  // moment (a player's page opened), 12 px of the frame's width and height lost to them (hp109; style.css). Only
  // once the frame is that tall: a frame no page sizes (a frame snippet's 900 px with the host of the frame it was
  // copied from, on a site builder) scrolls itself, its content below 900 px not cut off (rv88).
  const asTall = () => root.classList.toggle("sized-to-content", last < TALLEST && window.innerHeight >= last - 1);
  addEventListener("resize", asTall);
  new ResizeObserver(() => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const fits = height < TALLEST;
    toParent({ type: "elo-calculator:height", height, scrolls: !fits }, target);
    asTall();
    if (fits !== sizedToContent) {
      sizedToContent = fits;
      document.dispatchEvent(new Event("elo:sizing"));
    }
  }).observe(root);
}

/** A web address without its fragment, or null. @param {string} text */
function safeUrl(text) {
  try {
    const url = new URL(text);
    url.hash = "";
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}
