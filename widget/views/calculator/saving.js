// When the entries are written to storage. A long list is hundreds of kilobytes to write: it is
// saved once the visitor pauses (typing a rating digit by digit saves once), in a task of its own so
// that no keystroke's task holds the page long; a short one at once. What still waits is saved when
// the page is left (flush: the calculator calls it on pagehide and when the page is hidden).

/** From how many games saving waits for a pause, and how long a pause is (ms). */
export const SAVE_APART = 1000;
export const SAVE_PAUSE = 400;

/**
 * @param {() => void} save writes the entries
 * @returns {{soon: (games: number) => void, flush: () => void}} `soon` after a change of entries
 *   holding `games` games; `flush` saves at once what waits, if anything does
 */
export function pausedSaver(save) {
  let timer = 0;
  const now = () => {
    clearTimeout(timer);
    timer = 0;
    save();
  };
  return {
    soon(games) {
      if (games < SAVE_APART) return now();
      clearTimeout(timer);
      timer = setTimeout(now, SAVE_PAUSE);
    },
    flush() {
      if (timer) now();
    },
  };
}
