// The tools under the results: Reset (back to the embedding page's defaults, with an undo) and
// Copy link (the standalone page with the whole calculation in its fragment).
import { $, input } from "./dom.js";
import { t } from "./i18n.js";
import { notify } from "./notices.js";
import { defaults, forgetSaved, options, snapshot, state } from "./state.js";
import { toFragment } from "./store.js";

/** @param {{replace: (next: import("./state.js").State) => void}} on how the whole state is replaced */
export function bindActions(on) {
  function reset() {
    const before = snapshot();
    on.replace(defaults());
    forgetSaved(); // cleared means the embedding page's defaults apply again, as on a first visit
    notify(t("actions.resetDone"), before ? () => on.replace(before) : null);
  }

  async function copyLink() {
    // The standalone page, in the same language and look, with the whole calculation in the fragment
    // (a fragment never reaches a server).
    const page = new URL("./", location.href);
    page.searchParams.set("lang", options.lang);
    if (options.theme !== "light") page.searchParams.set("theme", options.theme);
    if (options.accent) page.searchParams.set("accent", options.accent);
    if (options.font) page.searchParams.set("font", options.font);
    page.hash = toFragment(state);
    const link = input("link");
    link.value = page.href;
    try {
      await navigator.clipboard.writeText(page.href);
      $("link-box").hidden = true;
      notify(t("actions.linkCopied"));
    } catch {
      // No clipboard here (an embedding page may not allow it): show the link to copy by hand.
      $("link-box").hidden = false;
      link.focus();
      link.select();
    }
  }

  $("reset").addEventListener("click", reset);
  $("copy-link").addEventListener("click", copyLink);
}
