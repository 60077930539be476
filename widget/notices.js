// The notice line above the form: what just happened (restored, link copied, pasted, reset), with
// an Undo button for ten seconds when it can be undone.
import { $ } from "./dom.js";

let noticeTimer = 0;

/** @param {string} text @param {(() => void) | null} undo */
export function notify(text, undo = null) {
  clearTimeout(noticeTimer);
  $("notice-text").textContent = text;
  const button = $("undo");
  button.hidden = !undo;
  button.onclick = undo && (() => { undo(); notify(""); });
  if (undo) noticeTimer = window.setTimeout(() => notify(""), 10000);
}
