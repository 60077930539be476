// The options an embedding page passes to the widget as URL parameters. Each getter accepts
// only known, well-formed values and otherwise falls back to the default: it never throws, and
// nothing from the URL reaches HTML or CSS unchecked.

import { SYSTEMS } from "../shared/contract.js";
import { VIEWS } from "./views.js";

export const LANGUAGES = ["en", "de", "fr", "es", "nl", "it"];
export const THEMES = ["light", "dark", "auto"];
/** The views' names (views.js), the default first. */
export const VIEW_NAMES = Object.keys(VIEWS);

/** @param {string[]} allowed @param {string | null} value @param {string} fallback */
function oneOf(allowed, value, fallback) {
  return value !== null && allowed.includes(value) ? value : fallback;
}

/** A rating or K as typed text, if it is a plain short number. @param {string | null} value */
function plainNumber(value) {
  return value !== null && /^\d{1,4}(\.\d{1,2})?$/.test(value) ? value : "";
}

/** A colour we can vouch for: #rgb, #rrggbb or a colour name (theme.js asks the browser about names). */
export function safeColour(/** @type {string | null} */ value) {
  if (value === null) return null;
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) || /^[a-z]{3,20}$/i.test(value) ? value.toLowerCase() : null;
}

/** A font stack of names and generic families: letters, digits, spaces, quotes, commas, hyphens. */
export function safeFont(/** @type {string | null} */ value) {
  if (value === null || value.length > 200) return null;
  return /^\s*("[\w -]+"|'[\w -]+'|[\w -]+)(\s*,\s*("[\w -]+"|'[\w -]+'|[\w -]+))*\s*$/.test(value) ? value : null;
}

/** An origin such as https://club.example, for postMessage targets. @param {string | null} value */
export function safeOrigin(value) {
  if (value === null || value.length > 200) return null;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * Which calculator of the embedding page this is, for its own saved entries: "id:" and its element's
 * id (with "~2", "~3"... for the later ones of a repeated id), or "nth:" and its place among the
 * page's calculators (embed.js). Anything else is refused.
 * @param {string | null} value
 */
export function safeInstance(value) {
  return value !== null && /^(id:[A-Za-z0-9_.-]{1,64}(~([2-9]|[1-9]\d{1,3}))?|nth:[1-9]\d{0,3})$/.test(value) ? value : null;
}

/** @param {string[]} preferred the browser's languages, best first */
export function pickLanguage(/** @type {string | null} */ requested, preferred) {
  for (const candidate of [requested, ...preferred]) {
    const base = (candidate ?? "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** @param {string} search location.search @param {readonly string[]} browserLanguages */
export function readOptions(search, browserLanguages) {
  const p = new URLSearchParams(search);
  return {
    view: oneOf(VIEW_NAMES, p.get("view"), VIEW_NAMES[0]),
    system: oneOf(SYSTEMS, p.get("system"), SYSTEMS[0]),
    k: plainNumber(p.get("k")),
    rating: plainNumber(p.get("rating")),
    lang: pickLanguage(p.get("lang"), [...browserLanguages]),
    theme: oneOf(THEMES, p.get("theme"), "light"),
    accent: safeColour(p.get("accent")),
    font: safeFont(p.get("font")),
    host: safeOrigin(p.get("host")),
    instance: safeInstance(p.get("instance")),
  };
}
