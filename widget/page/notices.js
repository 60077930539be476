// The notice lines: what just happened (restored, link copied, pasted, reset), with an Undo button
// when it can be undone, for as long as it can: no time limit (a screen reader's visitor listening to the notice lost
// a whole form to a ten-second one). Each shows where the visitor is looking: "top", above the
// form (what the page did on its own: restored entries, a link, another tab), or "tools", under the
// Reset and Copy link buttons (what those did: on a phone the top is screens away from them). A new
// notice takes its line, Undo and all; one that changes nothing on the form (a link copied) leaves
// an earlier one that can be undone its Undo. An Undo that would put back a whole earlier state goes
// as soon as the visitor changes the form (it would throw that change away).
// A line never shrinks under the visitor: when its Undo goes (the form changed, a newer notice elsewhere) the
// button keeps its room, and the text stays until the next notice in that place (a line going would move the page,
// and a frame sized to its content the club's page too).
import { $ } from "./dom.js";

/** @typedef {"top" | "tools"} Place */
/** Each place's text and Undo button. @type {Record<Place, [string, string]>} */
const LINES = { top: ["notice-text", "undo"], tools: ["tools-notice-text", "tools-undo"] };

/** The notice that can still be undone, if any; `lasting` when its undo takes back only its own
 * change (a K cleared), so that it survives later edits.
 * @type {{text: string, undo: () => void, lasting: boolean, place: Place} | null} */
let undoable = null;

/** A notice, in place of the last in its place; with `undo`, an Undo button.
 * @param {string} text @param {(() => void) | null} undo @param {boolean} lasting @param {Place} place */
export function notify(text, undo = null, lasting = false, place = "top") {
  if (undoable && undoable.place !== place) hideUndo(undoable.place); // the newer notice's Undo only
  undoable = undo && { text, undo, lasting, place };
  show(place, text, undoable);
}

/** A notice of something that changed nothing on the form: said after one that can still be
 * undone in the same place, which keeps its Undo (elsewhere, it keeps it too).
 * @param {string} text @param {Place} place */
export function inform(text, place = "top") {
  if (undoable?.place === place) show(place, `${undoable.text} ${text}`, undoable);
  else if (undoable) show(place, text, null);
  else notify(text, null, false, place);
}

/** The visitor changed the form: an Undo that would put back a whole earlier state goes (the line
 * stays as it is). */
export function formEdited() {
  if (undoable && !undoable.lasting) {
    hideUndo(undoable.place);
    undoable = null;
  }
}

/** The Undo that would run `undo`, if it is the one offered, goes (a lasting one whose change was made again in
 * another way: a K cleared, then another K typed). @param {() => void} undo */
export function dropUndo(undo) {
  if (undoable?.undo !== undo) return;
  hideUndo(undoable.place);
  undoable = null;
}

/** Whether the Undo button would run `undo` now. @param {() => void} undo */
export function undoing(undo) {
  return undoable?.undo === undo;
}

/** The keyboard to the Undo of `place`'s notice, if it offers one (a view closed for the calculator it just handed
 * entries to: the keyboard was left on the view's way in, far below the notice, hp111). @param {Place} place */
export function focusUndo(place = "top") {
  const button = $(LINES[place][1]);
  if (undoable?.place !== place || button.hidden) return false;
  button.focus();
  return true;
}

/** Whether an Undo is offered now. */
export function undoPending() {
  return undoable !== null;
}

/** No Undo in `place` any more: the button goes, its room kept, so that nothing moves (it may have
 * wrapped onto a line of its own). @param {Place} place */
function hideUndo(place) {
  const button = $(LINES[place][1]);
  button.onclick = null;
  button.style.visibility = "hidden";
  if (document.activeElement === button) nextStop(place)?.focus(); // not the page itself
}

/** Where the keyboard goes from a place's Undo that went: by the tools, Reset; at the top, the form's first field
 * (the top's next stop). Not the page itself: Tab then started over from the top. @param {Place} place */
const nextStop = (place) => /** @type {HTMLElement | null} */ (place === "tools" ? $("reset") : $("form").querySelector("input, select"));

/**
 * `el`, which has the keyboard, kept on screen while the page changes size around it, until the visitor does
 * anything (a key, a click or a touch, the wheel) or the keyboard leaves it: an undo's rows and their answer come back
 * over a few frames, and Reset, focused at once, then stood 800 px below the screen's foot (hp111). (A scroll by the
 * scrollbar's drag alone does not stop it: the page's own scrolling, as the rows come back, cannot be told from it.)
 * @param {HTMLElement} el
 */
function keepInView(el) {
  const follow = new ResizeObserver(() => {
    const box = el.getBoundingClientRect();
    if (document.activeElement !== el) stop();
    else if (box.top < 0 || box.bottom > innerHeight) el.scrollIntoView({ block: "nearest" });
  });
  const events = ["keydown", "pointerdown", "wheel", "touchstart", "focusin"];
  const stop = () => {
    follow.disconnect();
    for (const type of events) removeEventListener(type, stop, true);
  };
  follow.observe(document.body);
  for (const type of events) addEventListener(type, stop, { capture: true, passive: true });
}

/** @param {Place} place @param {string} text @param {{undo: () => void} | null} can */
function show(place, text, can) {
  const [textId, buttonId] = LINES[place];
  $(textId).textContent = text;
  const button = $(buttonId);
  button.hidden = !can;
  button.style.visibility = "";
  button.onclick = can && (() => {
    notify("", null, false, place);
    can.undo();
    // The button is gone. Unless the undo put the keyboard where its change came back: its place's next stop, on
    // screen: the rows it put back above Reset moved it 800 px down, out of sight, after it was focused (hp111).
    const stop = nextStop(place);
    if (document.activeElement === document.body || document.activeElement === button) stop?.focus();
    if (stop && document.activeElement === stop) keepInView(stop);
  });
  // Under buttons the visitor just used, often at the bottom of the screen: scrolled into sight.
  if (place === "tools" && text) $("tools-notice").scrollIntoView({ block: "nearest" });
}
