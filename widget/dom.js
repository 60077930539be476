// The page's elements by id, typed: the calculator page (index.html) always has the ids asked for.

/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} id */
export const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
