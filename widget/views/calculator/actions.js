// The tools under the results: Reset (back to the embedding page's defaults, with an undo) and
// Copy link (the club's page that embeds it, or else the standalone page, with the whole calculation
// in its fragment, or a message at the button when it is too big for a link); and a link's calculation offered beside the visitor's own
// entries ("Use this", with an undo, or "Keep mine"), never put over them unasked.
import { $, input } from "../../page/dom.js";
import { t } from "../../page/i18n.js";
import { inform, notify } from "../../page/notices.js";
import { isBlank } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { clubPage } from "../../page/frame.js";
import { defaults, forgetPendingLink, forgetSaved, keepPendingLink, sameState, snapshot, state } from "./state.js";
import { toFragment } from "./store.js";

/** @typedef {import("./state.js").State} State */

/** @param {{replace: (next: State) => void}} on how the whole state is replaced */
export function bindActions(on) {
  function reset() {
    const before = snapshot();
    if (sameState(before, defaults())) return; // nothing to clear: an Undo of an earlier Reset stays
    on.replace(defaults());
    forgetSaved(); // cleared means the embedding page's defaults apply again, as on a first visit
    notify(t("actions.resetDone"), () => on.replace(before), false, "tools");
  }

  async function copyLink() {
    // The standalone page, in the same language and look, with the whole calculation in the fragment
    // (a fragment never reaches a server).
    const page = new URL("./", location.href);
    page.searchParams.set("lang", options.lang);
    if (options.theme !== "light") page.searchParams.set("theme", options.theme);
    if (options.accent) page.searchParams.set("accent", options.accent);
    if (options.font) page.searchParams.set("font", options.font);
    const made = toFragment(state, options.lang).then((fragment) => {
      if (!fragment) return null;
      page.hash = fragment;
      return clubLink(fragment) ?? page.href;
    });
    // The clipboard is asked within the click, the text to come: WebKit (Safari) lets a click write to it only
    // until its first wait, and the fragment's compression is one (writeText after it was refused there).
    const text = made.then((a) => (a === null ? Promise.reject(new Error("too big for a link")) : a));
    const blob = text.then((a) => new Blob([a], { type: "text/plain" }));
    blob.catch(() => {}); // too big: said below; a write refused before it reads the item leaves it unheard
    const copied = typeof ClipboardItem === "function" && navigator.clipboard?.write
      ? navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })])
      : text.then((a) => navigator.clipboard.writeText(a));
    copied.catch(() => {}); // heard below, once the address is known
    const address = await made;
    const error = $("link-error");
    error.textContent = address ? "" : t("actions.linkTooBig");
    if (!address) {
      $("link-box").hidden = true;
      return;
    }
    const link = input("link");
    link.value = address;
    try {
      await copied;
      $("link-box").hidden = true;
      inform(t("actions.linkCopied"), "tools");
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

/**
 * The link to the club's page that embeds this calculator, with the calculation for it (embed.js
 * hands it to this calculator's frame: `elo-calculator` names which of the page's calculators), or
 * null where the club's page did not say its address (the widget's own page is linked instead).
 * @param {string} fragment "#c=…"
 */
function clubLink(fragment) {
  if (!clubPage || !options.instance) return null;
  const url = new URL(clubPage);
  url.hash = new URLSearchParams({ "elo-calculator": options.instance, c: fragment.slice(3) }).toString();
  return url.href;
}

/**
 * A link's calculation beside the visitor's own saved entries, which stay on the form: "Use this"
 * puts it in their place (Undo brings them back), "Keep mine" lets it go (Undo offers it again).
 * Until one is pressed the link (`hash`) is kept for this tab, so that a reload offers it again.
 * @param {State} link @param {{replace: (next: State) => void}} on how the whole state is replaced
 * @param {string} hash the fragment that carries it
 */
export function offerLink(link, on, hash) {
  keepPendingLink(hash);
  const box = $("link-offer");
  const games = link.games.filter((g) => !isBlank(g.opponent)).length;
  $("link-offer-text").textContent = t("link.offer", { system: t(`system.${link.system}`), games });
  box.hidden = false;
  $("link-use").onclick = () => {
    const mine = snapshot();
    closeOffer();
    on.replace(link);
    notify(t("link.usedOver"), () => on.replace(mine));
    input("rating").focus();
  };
  $("link-keep").onclick = () => {
    closeOffer();
    notify(t("link.kept"), () => {
      offerLink(link, on, hash);
      $("link-use").focus();
    });
    input("rating").focus();
  };
}

/** No link's calculation offered any more (answered, or another link taken in its place). */
export function closeOffer() {
  forgetPendingLink();
  $("link-offer").hidden = true;
  $("link-use").onclick = $("link-keep").onclick = null;
}
