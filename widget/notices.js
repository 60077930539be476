// The notice line above the form: what just happened (restored, link copied, pasted, reset), with
// an Undo button for ten seconds when it can be undone. A new notice takes the line, Undo and all;
// one that changes nothing on the form (a link copied) is said after the one that can be undone,
// which keeps its Undo.
import { $ } from "./dom.js";

let noticeTimer = 0;
/** The notice that can still be undone, if any. @type {{text: string, undo: () => void} | null} */
let undoable = null;

/** A notice, in place of the last; with `undo`, an Undo button for ten seconds.
 * @param {string} text @param {(() => void) | null} undo */
export function notify(text, undo = null) {
  clearTimeout(noticeTimer);
  undoable = undo && { text, undo };
  // Its time up, only the button goes where the line says more than the undoable notice: the line
  // is not read out again, shorter.
  if (undo) {
    noticeTimer = window.setTimeout(() => {
      undoable = null;
      show(say() === text ? "" : say(), null);
    }, 10000);
  }
  show(text, undoable);
}

/** A notice of something that changed nothing on the form: said after one that can still be
 * undone, which keeps its Undo. @param {string} text */
export function inform(text) {
  if (undoable) show(`${undoable.text} ${text}`, undoable);
  else notify(text);
}

const say = () => $("notice-text").textContent ?? "";

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
