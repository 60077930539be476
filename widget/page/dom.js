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
