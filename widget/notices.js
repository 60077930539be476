// The notice line above the form: what just happened (restored, link copied, pasted, reset), with
// an Undo button for ten seconds when it can be undone. A new notice takes the line, Undo and all;
// one that changes nothing on the form (a link copied) is said after the one that can be undone,
// which keeps its Undo. An Undo that would put back a whole earlier state goes as soon as the visitor
// changes the form (it would throw that change away).
import { $ } from "./dom.js";

let noticeTimer = 0;
/** The notice that can still be undone, if any; `lasting` when its undo takes back only its own
 * change (a K cleared), so that it survives later edits. @type {{text: string, undo: () => void, lasting: boolean} | null} */
let undoable = null;

/** A notice, in place of the last; with `undo`, an Undo button for ten seconds.
 * @param {string} text @param {(() => void) | null} undo @param {boolean} lasting */
export function notify(text, undo = null, lasting = false) {
  clearTimeout(noticeTimer);
  undoable = undo && { text, undo, lasting };
  // Its time up, only the button goes where the line says more than the undoable notice: the line
  // is not read out again, shorter.
  if (undo) noticeTimer = window.setTimeout(() => dropUndo(text), 10000);
  show(text, undoable);
}

/** A notice of something that changed nothing on the form: said after one that can still be
 * undone, which keeps its Undo. @param {string} text */
export function inform(text) {
  if (undoable) show(`${undoable.text} ${text}`, undoable);
  else notify(text);
}

/** The visitor changed the form: an Undo that would put back a whole earlier state goes (the line
 * stays as it is). */
export function formEdited() {
  if (undoable && !undoable.lasting) dropUndo("");
}

/** Whether the Undo button would run `undo` now. @param {() => void} undo */
export function undoing(undo) {
  return undoable?.undo === undo;
}

/** Whether an Undo is offered now. */
export function undoPending() {
  return undoable !== null;
}

const say = () => $("notice-text").textContent ?? "";

/** No Undo any more; the line cleared where it says only `alone` (the undoable notice's own text). @param {string} alone */
function dropUndo(alone) {
  clearTimeout(noticeTimer);
  undoable = null;
  show(say() === alone ? "" : say(), null);
}

/** @param {string} text @param {{undo: () => void} | null} can */
function show(text, can) {
  $("notice-text").textContent = text;
  const button = $("undo");
  button.hidden = !can;
  button.onclick = can && (() => {
    notify("");
    can.undo();
  });
}
