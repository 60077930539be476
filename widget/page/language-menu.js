// The language menu: off unless the embedding page asks for it (the element's language-menu="yes"). The
// visitor picks one of the widget's languages and presses Change (a <select> alone would change at each
// arrow key in some browsers); the page is loaded again in it (its `lang`), the calculator's entries
// carried in its address as a copied link carries them (and kept in storage), with the language they were typed
// in, for the new page to write their numbers and unrated words its way (views/calculator/retype.js), a club's files fetched
// again. The element's `lang` (or the visitor's browser) is the language it starts in. What a report or a
// ladder holds that a reload cannot carry (a file the visitor opened, text pasted, a K typed) is said
// first, and the language changes only when asked again.
import { h } from "./dom.js";
import { toHost } from "./frame.js";
import { t } from "./i18n.js";
import { options } from "./options.js";
import { LANGUAGES } from "./params.js";

/** Each language by its own name. @type {Record<string, string>} */
const NAMES = { en: "English", de: "Deutsch", fr: "Français", es: "Español", nl: "Nederlands", it: "Italiano" };

/** Whether a report or a ladder on the page holds what a reload would lose: a file the visitor opened
 * (its report, ranking or a player's page shown, not a club's file), text pasted, a K or start rating typed. */
function holdsWork() {
  return [...document.querySelectorAll("#event-view:not([hidden]), #ladder-view:not([hidden])")].some((view) =>
    (!view.classList.contains("read-only")
      && view.querySelector("#event-report:not([hidden]), #ladder-report:not([hidden]), #ladder-player:not([hidden])") !== null)
    // A player's K typed in a report (not kept); the pasted text and the settings are kept for the tab (kept-fields.js).
    || [...view.querySelectorAll(".event-k input:not([type='checkbox'])")]
      .some((field) => /** @type {HTMLInputElement} */ (field).value.trim() !== ""));
}

/**
 * The menu, before `before` (the page's heading). `address` is the view's (Mounted: what it holds, as a
 * link's fragment, or null).
 * @param {Element} before @param {() => Promise<string | null>} address
 */
export function addLanguageMenu(before, address) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "language" }, LANGUAGES.map((lang) =>
    h("option", { value: lang, lang, text: NAMES[lang] }))));
  select.value = options.lang;
  const change = h("button", { type: "button", id: "language-change", text: t("language.change") });
  const anyway = h("button", { type: "button", id: "language-anyway", text: t("language.anyway") });
  const warning = h("p", { class: "hint", id: "language-warning", role: "status" });
  const go = async () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    // The club's page told (embed.js): a frame it makes anew (its dark mode switched, any attribute changed) is
    // in the visitor's language too, not the element's again.
    toHost?.("elo-calculator:language", select.value);
    const fragment = options.view === "calculator" ? await address() : null;
    if (fragment) url.hash = fragment;
    remember(select.value);
    location.replace(url.href);
  };
  const unwarn = () => warning.replaceChildren();
  change.addEventListener("click", () => {
    if (select.value === options.lang) return;
    if (!holdsWork()) {
      go();
      return;
    }
    warning.replaceChildren(t("language.ownFile"), " ", anyway);
    anyway.focus();
  });
  anyway.addEventListener("click", go);
  select.addEventListener("change", unwarn);
  before.before(h("div", { class: "field language-menu" }, [h("label", { for: "language", text: t("language.label") }), select, change, warning]));
  // The page loaded again in the language chosen: the keyboard back on the menu (it was on the page itself, Tab
  // starting over from the top).
  if (remembered() === options.lang) select.focus();
}

/** The tab's note that the visitor changed the language to `lang` (none where the frame may not keep one). */
const NOTE = "elo-calculator:language-changed";
/** @param {string} lang */
function remember(lang) {
  try {
    sessionStorage.setItem(NOTE, lang);
  } catch { /* storage refused: the focus starts at the top, as before */ }
}
/** The language the visitor last changed to in this tab, the note taken. @returns {string | null} */
function remembered() {
  try {
    const lang = sessionStorage.getItem(NOTE);
    sessionStorage.removeItem(NOTE);
    return lang;
  } catch {
    return null;
  }
}
