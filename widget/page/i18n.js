// The page's texts: one translation file (i18n/<lang>.json), t() to read a text with its
// {placeholders} filled in (and its singular, `<key>.one`, where {count} asks for it), and the
// page's data-i18n elements filled. English is bundled into this
// module by the build, so the page never goes blank: when a language's file cannot be loaded,
// the page shows English and says so (app.js).
// The build's i18n/en.json holds every system's English texts too (scripts/build_site.py, merge_system_texts).
import EN from "../i18n/en.json" with { type: "json" };

/** English, from widget/i18n/en.json and the systems' files. */
const ENGLISH = /** @type {Record<string, string>} */ (EN);

/** @type {Record<string, string | undefined>} */
let T = ENGLISH;
/** The loaded language's plural rules: which numbers take the singular ("one": 1 in English, 0 and 1 in French). */
let plural = new Intl.PluralRules("en");

/**
 * The texts of `lang` over the English ones: a text missing from the file, or not a string there,
 * is read in English. A file that is not an object of texts, or has fewer than half of them (an
 * error page served as JSON, `null`, a stray file), is refused like one that could not be loaded.
 * @param {string} lang @returns {Promise<Record<string, string | undefined>>}
 */
async function fetchTexts(lang) {
  // From the bundle this module is in, page/app.js (tests/test_layout.py keeps it in its folder).
  const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${lang}.json: ${response.status}`);
  const file = await response.json();
  if (typeof file !== "object" || file === null || Array.isArray(file)) throw new Error(`i18n/${lang}.json: not texts`);
  const texts = Object.entries(file).filter(([key, text]) => typeof text === "string" && Object.hasOwn(ENGLISH, key));
  if (texts.length < Object.keys(ENGLISH).length / 2) throw new Error(`i18n/${lang}.json: too few texts`);
  // A singular the file lacks is not read in English: its plural, in the file's language, is.
  const singulars = Object.keys(ENGLISH).filter((key) => key.endsWith(".one"));
  return { ...ENGLISH, ...Object.fromEntries(singulars.map((key) => [key, undefined])), ...Object.fromEntries(texts) };
}

/**
 * Load the texts of `lang` (one of params.js's LANGUAGES); resolves with the language loaded:
 * English, built in, when that is the one asked for or when the file could not be loaded.
 * @param {string} lang
 */
export async function loadTexts(lang) {
  let loaded = "en";
  T = ENGLISH;
  if (lang !== "en") {
    try {
      T = await fetchTexts(lang);
      loaded = lang;
    } catch {
      // English, built in
    }
  }
  plural = new Intl.PluralRules(loaded);
  return loaded;
}

/** Other languages' texts asked for, by language (textIn): each file fetched once. @type {Map<string, Promise<Record<string, string | undefined> | null>>} */
const others = new Map();

/**
 * The text `key` of `lang`, which need not be the page's (the unrated word of entries typed on a page in another
 * language); null where its file cannot be loaded. @param {string} lang @param {string} key @returns {Promise<string | null>}
 */
export async function textIn(lang, key) {
  if (lang === "en") return ENGLISH[key] ?? null;
  if (!others.has(lang)) others.set(lang, fetchTexts(lang).catch(() => null));
  return (await others.get(lang))?.[key] ?? null;
}

/**
 * A text from the translation file, with {name} filled in. With a number `count`, the text's
 * singular `<key>.one` where the language's rules call that number singular and the file has one.
 */
export function t(/** @type {string} */ key, /** @type {Record<string, string | number>} */ vars = {}) {
  const singular = typeof vars.count === "number" && plural.select(vars.count) === "one" ? T[`${key}.one`] : undefined;
  const text = singular ?? T[key] ?? key;
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
