// The page's elements by id, typed (the calculator page, index.html, always has the ids asked for), and
// new elements made in one call (the views' markup: event-page.js, ladder-page.js, ladder-player.js).

/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} id */
export const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** An element: tag, attributes (`text`: its text), children. @param {string} tag
 * @param {Record<string, string>} [attrs] @param {(Node | string)[]} [children] */
export function h(tag, attrs = {}, children = []) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") made.textContent = value;
    else made.setAttribute(name, value);
  }
  made.append(...children);
  return made;
}

/** A name longer than this is "long" on its row's cell: on paper it wraps (style.css), where every other stays on
 * its line (a note typed as a name, 522 characters, pushed every figure off the page). */
export const LONG_NAME = 60;

/** Write a name into `target` as its text, with a break opportunity (<wbr>) after each comma, so that
 * "Mikhaletz,Lubomir" wraps on a narrow screen at the comma, not mid-word; its text stays the name.
 * Written only when it changed. @param {HTMLElement} target @param {string} name */
export function writeName(target, name) {
  if (target.textContent === name) return;
  // No lookbehind (WPE WebKit 2.38 has none): split at the commas and put them back.
  const parts = name.split(",");
  target.replaceChildren(...parts.flatMap((part, i) => (i ? [",", document.createElement("wbr"), part] : [part])));
}
