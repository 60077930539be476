// The engine's state on the page: loading (with its stage), failed (with the reason, and Retry
// unless the browser is too old for it to help), or nothing once ready; and the embedding page
// is told of ready and failed (elo:ready, elo:error).
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { MINIMUM } from "./support.js";

/** @param {import("./engine.js").EngineStatus} status */
export function showEngine(status) {
  const box = $("engine");
  const progress = $("engine-progress");
  const retry = $("retry");
  box.hidden = status.state === "ready";
  box.classList.toggle("failed", status.state === "failed");
  if (status.state === "loading") {
    $("engine-text").textContent = `${t("engine.loading")} ${t(`engine.stage.${status.stage}`)}`;
    progress.hidden = false;
    retry.hidden = true;
  } else if (status.state === "failed") {
    const old = status.reason === "old";
    $("engine-text").textContent = old ? t("engine.tooOld", MINIMUM)
      : t("engine.failed", { reason: t(`engine.reason.${status.reason}`) });
    progress.hidden = true;
    retry.hidden = old || status.reason === "blocked"; // trying again will not help

    document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: status.reason } }));
  } else {
    document.dispatchEvent(new CustomEvent("elo:ready"));
  }
}
