// "Share result": the answer as a few lines of text (results.js writes them), through the device's
// share sheet (Web Share API) where there is one, else copied to the clipboard with a notice, else
// shown in a box to copy by hand (an embedding page may allow neither).
import { $ } from "../../page/dom.js";
import { t } from "../../page/i18n.js";
import { inform } from "../../page/notices.js";

/** @type {(() => string) | null} */
let textOf = null;

/**
 * How to write the text to share from now on, or null while there is no result (the button is then
 * hidden). Written only when the visitor shares, or while the box to copy by hand is open: a long
 * list would cost every keystroke otherwise.
 * @param {(() => string) | null} next
 */
export function setShareText(next) {
  textOf = next;
  $("share").hidden = !textOf;
  if (!textOf) $("share-box").hidden = true;
  else if (!$("share-box").hidden) shareBox().value = textOf(); // an open box follows the result
}

const shareBox = () => /** @type {HTMLTextAreaElement} */ ($("share-text"));

async function share() {
  if (!textOf) return;
  const text = textOf();
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: t("title"), text });
      return;
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return; // the visitor closed the share sheet
      // Not allowed here (a frame without the permission): copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    $("share-box").hidden = true;
    inform(t("share.copied"), "tools");
  } catch {
    const box = shareBox();
    box.value = text;
    $("share-box").hidden = false;
    box.focus();
    box.select();
  }
}

/** The Share button's listener, installed by the view that shows results (calculator.js). */
export function bindShare() {
  $("share").addEventListener("click", share);
}
