// What a view says politely once the visitor's typing pauses, in a live region: a result, a field's errors, a K's
// change, a count found. Said at each key, a screen reader heard "125" as three changes, "abc" as the same error
// three times and "er" as three counts. The calculator's result and errors (views/calculator/results.js), the
// report's changes (views/event/event.js), the ranking's and the opponent picker's counts (views/ladder/) each
// speak with a voice of their own.

/** Where the page speaks: its live region (#announce), or that of a modal dialog open over it (`data-announce`): a
 * modal dialog hides the rest of the page from a screen reader, whose visitor heard no result of the games a paste
 * added while its dialog stayed open with the lines to correct (hp111). */
export const announcer = () => /** @type {HTMLElement} */ (document.querySelector("dialog[open] [data-announce]") ?? document.getElementById("announce"));

/** How long typing pauses before what it changed is said (ms), as the calculator's result. */
export const SAY_PAUSE = 1000;

/** @typedef {{now: (text: string) => void, later: (text: string | (() => string)) => void, hush: () => void}} Voice */

/**
 * A voice in the live region `region` (found when it speaks: a view makes its elements after its modules load).
 * `now(text)` says `text` at once, in place of what waits to be said. `later(text)` says it once `pause` ms pass
 * without another word, unless it is what this voice said last and the region still holds (a text worked out
 * then, when `text` is a function); with `once`, unless it is what this voice said last, whatever spoke since (a
 * field's unchanged errors, said again after a game's removal was said, told the visitor nothing new).
 * `later("")` drops what waits. `hush()` drops what waits and what was said last, so that the next text is said
 * even if it is the same (a result again after a refusal).
 * @param {() => HTMLElement} region @param {{pause?: number, once?: boolean}} [how] @returns {Voice}
 */
export function voice(region, { pause = SAY_PAUSE, once = false } = {}) {
  let timer = 0;
  let said = "";
  const say = (/** @type {string} */ text) => { region().textContent = said = text; };
  const hush = () => {
    clearTimeout(timer);
    said = "";
  };
  return {
    now(text) {
      clearTimeout(timer);
      say(text);
    },
    later(text) {
      if (!text) return hush();
      clearTimeout(timer);
      timer = window.setTimeout(() => {
        const words = typeof text === "function" ? text() : text;
        if (words && (words !== said || (!once && region().textContent !== words))) say(words);
      }, pause);
    },
    hush,
  };
}
