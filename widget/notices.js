// The notice line above the form: what just happened (restored, link copied, pasted, reset), with
// an Undo button for ten seconds when it can be undone. A notice that cannot be undone, coming in
// those ten seconds, is shown after the one that can, which keeps its Undo.
import { $ } from "./dom.js";

let noticeTimer = 0;
/** The notice that can still be undone, if any. @type {{text: string, undo: () => void} | null} */
let undoable = null;
/** The last notice that cannot be undone, since the last one that can. */
let latest = "";

/** @param {string} text @param {(() => void) | null} undo */
export function notify(text, undo = null) {
  if (undo || !text) {
    clearTimeout(noticeTimer);
    undoable = undo && { text, undo };
    latest = "";
    if (undo) noticeTimer = window.setTimeout(() => { undoable = null; show(); }, 10000);
  } else {
    latest = text;
  }
  show();
}

function show() {
  $("notice-text").textContent = [undoable?.text, latest].filter(Boolean).join(" ");
  const button = $("undo");
  button.hidden = !undoable;
  button.onclick = () => {
    const undo = undoable?.undo;
    notify("");
    undo?.();
  };
}
