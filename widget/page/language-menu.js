// The language menu: off unless the embedding page asks for it (the element's language-menu="yes"). The
// visitor picks the language the widget speaks; the page is loaded again in it (its `lang`), the
// calculator's entries carried in its address as a copied link carries them (and kept in storage), a
// club's files fetched again. The element's `lang` (or the visitor's browser) is the language it starts
// in. A file the visitor opened themselves cannot be carried: the menu says so and changes only when asked.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { options } from "./options.js";
import { LANGUAGES } from "./params.js";

/** Each language by its own name. @type {Record<string, string>} */
const NAMES = { en: "English", de: "Deutsch", fr: "Français", es: "Español", nl: "Nederlands", it: "Italiano" };

/** Whether a report or a ladder the visitor opened from their own file is on the page (not a club's). */
const ownFileOpen = () => Boolean(document.querySelector(
  "#event-view:not([hidden]):not(.read-only) #event-report:not([hidden]), #ladder-view:not([hidden]):not(.read-only) #ladder-report:not([hidden])"));

/**
 * The menu, before `before` (the page's heading). `address` is the view's (Mounted: what it holds, as a
 * link's fragment, or null).
 * @param {Element} before @param {() => Promise<string | null>} address
 */
export function addLanguageMenu(before, address) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "language" }, LANGUAGES.map((lang) =>
    h("option", { value: lang, lang, text: NAMES[lang] }))));
  select.value = options.lang;
  const warning = h("p", { class: "hint", id: "language-warning", hidden: "" }, [t("language.ownFile")]);
  const anyway = h("button", { type: "button", id: "language-anyway", text: t("language.anyway") });
  warning.append(" ", anyway);
  select.setAttribute("aria-describedby", warning.id);
  const go = async () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    const fragment = options.view === "calculator" ? await address() : null;
    if (fragment) url.hash = fragment;
    location.replace(url.href);
  };
  select.addEventListener("change", () => {
    if (select.value === options.lang) {
      warning.hidden = true;
      return;
    }
    if (ownFileOpen()) warning.hidden = false;
    else go();
  });
  anyway.addEventListener("click", go);
  before.before(h("div", { class: "field language-menu" }, [h("label", { for: "language", text: t("language.label") }), select, warning]));
}
