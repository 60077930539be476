// The engine's state on the page: loading (its stage in a polite live region, the bytes of the
// whole calculator in a progress bar that is not announced, progress.js), stalled (what is
// happening, and Retry), failed (with the reason, and Retry unless the browser is too old for it to
// help), or nothing once ready; and the embedding page is told of ready, failed and stalled
// (elo:ready, elo:error). Once ready, a calculator whose result waits behind another calculator's
// long request (one shared interpreter: a big ladder beside it) says so (showBusy).
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { formatNumber } from "../shared/numbers.js";
import { calculatorBytes, stopCounting } from "./progress.js";
import { MINIMUM } from "../engine/support.js";

/** Set a text only when it changes: the same words written again would be announced again. */
function say(/** @type {HTMLElement} */ el, /** @type {string} */ text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Bytes as megabytes with one decimal, in the page's language. @param {number} n */
const megabytes = (n) => formatNumber(n / 1e6, document.documentElement.lang || "en", { decimals: 1 });

let stalledSaid = false;
/** Whether the embedding page heard elo:ready of this start: the views' Python fetched later (the
 * "views" stage, worker.mjs) shows as loading, then ready, which the page has heard already. */
let readySaid = false;

/** @param {import("../engine/engine.js").EngineStatus} status */
export function showEngine(status) {
  const box = $("engine");
  const progress = /** @type {HTMLProgressElement} */ ($("engine-progress"));
  const bytes = $("engine-bytes");
  const retry = $("retry");
  box.hidden = status.state === "ready";
  box.classList.toggle("failed", status.state === "failed" || (status.state === "loading" && Boolean(status.stalled)));
  if (status.state === "loading") {
    const stage = `${t("engine.loading")} ${t(`engine.stage.${status.stage}`)}`;
    say($("engine-text"), status.stalled ? t(`engine.stalled.${status.stage === "runtime" || status.stage === "download" ? "download" : "start"}`) : stage);
    progress.hidden = false;
    if (status.stage !== "views") readySaid = false; // a start (or a Retry's) under way
    if (status.total || status.stage === "runtime") {
      // The page's own files count too (progress.js): the bar has moved since the first round trip.
      const { loaded, total } = calculatorBytes({ loaded: status.loaded, done: status.stage === "start" });
      say(bytes, t("engine.bytes", { loaded: megabytes(loaded), total: megabytes(total) }));
    } else {
      stopCounting();
      progress.removeAttribute("value"); // indeterminate: Python starts, no bytes to count
      say(bytes, "");
    }
    retry.hidden = !status.stalled;
    if (status.stalled && !stalledSaid) {
      stalledSaid = true;
      document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: "stalled", stage: status.stage } }));
    }
    if (!status.stalled) stalledSaid = false;
  } else if (status.state === "failed") {
    const old = status.reason === "old";
    // A site updated since the page was opened: its new files are for a new page (Retry would ask the old ones).
    const updated = status.reason === "updated";
    say($("engine-text"), old ? t("engine.tooOld", MINIMUM) : updated ? t("engine.updated")
      : t("engine.failed", { reason: t(`engine.reason.${status.reason}`) }));
    stopCounting();
    progress.hidden = true;
    say(bytes, "");
    retry.hidden = old || status.reason === "blocked"; // trying again will not help
    retry.toggleAttribute("data-reload", updated);
    retry.dataset.i18n = updated ? "engine.reload" : "engine.retry"; // a change of language says it so too
    say(retry, t(retry.dataset.i18n));

    document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: status.reason } }));
  } else if (!readySaid) {
    readySaid = true;
    document.dispatchEvent(new CustomEvent("elo:ready"));
  }
}

/** This calculator's result waits behind another calculator's long request (engine.js onBusy), or no
 * longer does. @param {boolean} busy */
export function showBusy(busy) {
  const note = $("engine-busy");
  note.hidden = !busy;
  say(note, busy ? t("engine.busy") : "");
}
