// The page's texts: one translation file (i18n/<lang>.json, English when the language has none),
// t() to read a text with its {placeholders} filled in, and the page's data-i18n elements filled.

/** @type {Record<string, string>} */
let T = {};

/** @param {string} lang @returns {Promise<Record<string, string>>} */
async function fetchTexts(lang) {
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${lang}.json: ${response.status}`);
  return response.json();
}

/** Load the texts of `lang`, else English's; resolves with the language loaded. @param {string} lang */
export async function loadTexts(lang) {
  try {
    T = await fetchTexts(lang);
    return lang;
  } catch {
    T = await fetchTexts("en");
    return "en";
  }
}

/** A text from the translation file, with {name} filled in. */
export function t(/** @type {string} */ key, /** @type {Record<string, string | number>} */ vars = {}) {
  const text = T[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/** Whether the translation file has a text for `key`. @param {string} key */
export function hasText(key) {
  return Boolean(T[key]);
}

/** The page's language, title and every element marked with data-i18n. @param {string} lang */
export function applyTexts(lang) {
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  }
}
