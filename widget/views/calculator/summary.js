// The result in one line at the bottom of the frame: while the visitor edits games further up (on a
// phone the results are screens away), a button shows the new rating and the change and, when
// activated, brings the full results into view with the keyboard on their heading. It hides while
// the totals are on screen. It is not a live region: results.js announces the result once.
// In a frame sized to its content (embed.js) the club's page scrolls, not the frame: nothing can
// stay at the bottom of the screen from inside it, and showing the line would change the frame's
// height as the visitor scrolls; there it stays hidden. A frame too tall to be sized so scrolls
// itself (frame.js), and shows it.
import { $ } from "../../page/dom.js";
import { sizedToContent } from "../../page/frame.js";
import { t } from "../../page/i18n.js";

let hasResult = false;
let totalsOnScreen = false;

let clearTimer = 0;
const update = () => {
  $("summary-bar").hidden = sizedToContent || !hasResult || totalsOnScreen;
  // Measured once answers stop coming (typing pauses), when the page has its new lines: measuring
  // lays a long list out once more, which at every keystroke slowed typing with 10 000 games (bench,
  // 3 interleaved runs, input to frame: Elo median 60 -> 47 ms, p95 98 -> 85; FIDE 57 -> 51, 104 -> 80).
  // Elsewhere (a button used) at the next frame, as soon as possible: a scroll that came later could
  // move what the visitor is about to click.
  clearTimeout(clearTimer);
  if ($("summary-bar").hidden) return;
  if (document.activeElement instanceof HTMLInputElement) clearTimer = window.setTimeout(keepFocusClear, 150);
  else requestAnimationFrame(keepFocusClear);
};

/** The field being typed in stays in sight: an answer that adds lines above it, or the bar showing
 * over it, scrolls the page just enough to keep it clear of the bar. */
function keepFocusClear() {
  const field = document.activeElement;
  if ($("summary-bar").hidden || !(field instanceof HTMLElement) || !$("form").contains(field)) return;
  const box = field.getBoundingClientRect();
  const barTop = $("summary-bar").getBoundingClientRect().top;
  // Under the bar, on screen (a field further down, out of sight, is left where it is).
  if (box.bottom > barTop && box.top < innerHeight) scrollBy(0, box.bottom - barTop + 8);
}

/**
 * The summary of an answer: its new rating and change as shown (null: none), and the change's
 * colour ("up", "down", ""). Without a new rating there is no summary.
 * @param {string | null} rating @param {string | null} change @param {string} trend
 */
export function showSummary(rating, change, trend) {
  hasResult = rating !== null;
  const shown = change ? [" ", Object.assign(document.createElement("span"), { className: trend, textContent: change })] : [];
  $("summary-text").replaceChildren(t("summary.rating", { rating: rating ?? "" }), ...shown);
  update();
}

/**
 * The bar's observers and listeners, installed once by the view that shows results (calculator.js):
 * its height, the totals coming into and out of view, the frame's sizing (frame.js), and the button.
 */
export function bindSummary() {
  // The bar's real height is the room a focused field keeps above it (style.css, scroll-padding-bottom):
  // it takes two lines where the text is long (French at 320 px: 104 px, not the 72 px once assumed).
  new ResizeObserver(([entry]) => {
    document.documentElement.style.setProperty("--summary-room", `${Math.ceil(entry.borderBoxSize[0].blockSize)}px`);
  }).observe($("summary-bar"));
  document.addEventListener("elo:sizing", update);
  new IntersectionObserver((entries) => {
    totalsOnScreen = entries[entries.length - 1].isIntersecting;
    update();
  }).observe($("totals"));
  $("summary").addEventListener("click", () => {
    const heading = $("results-heading");
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start" });
  });
}
