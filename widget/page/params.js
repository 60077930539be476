// The options an embedding page passes to the widget as URL parameters. Each getter accepts
// only known, well-formed values and otherwise falls back to the default: it never throws, and
// nothing from the URL reaches HTML or CSS unchecked.

import { CONTRACT, SYSTEMS } from "../shared/contract.js";
import { VIEW_NAMES } from "./view-names.js";

export const LANGUAGES = ["en", "de", "fr", "es", "nl", "it"];
export const THEMES = ["light", "dark", "auto"];
/** The views' names (view-names.js: views.js maps each to its module), the default first. */
export { VIEW_NAMES };

/** The element's attributes' patterns (elo_core's one table, vocabulary.ATTRIBUTES: embed.js and the
 * WordPress plugin check the same), by name. */
const PATTERNS = Object.fromEntries(Object.entries(CONTRACT.attributes).map(([name, [pattern, flags]]) =>
  [name, new RegExp(pattern, flags)]));

/** Whether `value` is one the element's attribute `name` accepts. @param {string} name @param {string | null} value */
function accepts(name, value) {
  return value !== null && PATTERNS[name].test(value);
}

/** @param {string[]} allowed @param {string | null} value @param {string} fallback */
function oneOf(allowed, value, fallback) {
  return value !== null && allowed.includes(value) ? value : fallback;
}

/** A rating or K as typed text, if it is a plain short number (`k`'s pattern). @param {string | null} value */
function plainNumber(value) {
  return accepts("k", value) ? /** @type {string} */ (value) : "";
}

/** A colour we can vouch for: #rgb, #rrggbb or a colour name (theme.js asks the browser about names). */
export function safeColour(/** @type {string | null} */ value) {
  return accepts("accent", value) ? /** @type {string} */ (value).toLowerCase() : null;
}

/** A font stack: letters, digits, spaces, quotes, commas, hyphens (set as a CSS custom property's value,
 * where a stray quote makes the declaration invalid, never another one). */
export function safeFont(/** @type {string | null} */ value) {
  return accepts("font", value) ? value : null;
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

/** A count as typed (0 to 999), or null. @param {string | null} value */
function count(value) {
  return accepts("provisional", value) ? Number(value) : null;
}

/** A short text of the club's (the heading, a pool: `name`'s pattern, no control characters), shown as text only. */
function shortText(/** @type {string | null} */ value, /** @type {"heading" | "pool"} */ name) {
  const text = (value ?? "").trim();
  return accepts(name, text) ? text : "";
}

/** A date as YYYY-MM-DD that is a real day, or "". @param {string | null} value */
function day(value) {
  if (value === null || !accepts("since", value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

/**
 * The ladder's rules a club's element may set (embed.js: start, first-k, first-games, cap-400, period,
 * provisional, inactive-months, since, pool, and a league's preset, home-advantage, margin, season-regression,
 * season-mean, season-start), each only when well formed; null or "" where not set.
 * @param {URLSearchParams} p
 */
function ladderRules(p) {
  const numeric = (/** @type {string} */ name) => {
    const text = plainNumber(p.get(name));
    return text ? Number(text) : null;
  };
  return {
    start: numeric("start"), firstK: numeric("first-k"), firstGames: count(p.get("first-games")),
    cap400: oneOf(["yes", "no"], p.get("cap-400"), ""), period: oneOf(["week", "month"], p.get("period"), ""),
    provisional: count(p.get("provisional")), inactiveMonths: count(p.get("inactive-months")), since: day(p.get("since")),
    pool: shortText(p.get("pool"), "pool"),
    // A league's preset and rules (Elo's): each by its pattern of the contract (vocabulary.ATTRIBUTES).
    preset: accepts("preset", p.get("preset")) ? String(p.get("preset")) : "",
    homeAdvantage: numeric("home-advantage"), margin: accepts("margin", p.get("margin")) ? String(p.get("margin")) : "",
    seasonRegression: accepts("season-regression", p.get("season-regression")) ? Number(p.get("season-regression")) : null,
    seasonMean: numeric("season-mean"), seasonStart: accepts("season-start", p.get("season-start")) ? String(p.get("season-start")) : "",
  };
}

/**
 * What a club's report file cannot say of its title norms (embed.js: norm-exempt, norm-games, norm-rounds), each
 * only when well formed (vocabulary.ATTRIBUTES): exempt from the federations' conditions, the fewest games a norm
 * counts, the event's rounds in all; false and null where not set.
 * @param {URLSearchParams} p
 */
function normSettings(p) {
  const whole = (/** @type {string} */ name) => (accepts(name, p.get(name)) ? Number(p.get(name)) : null);
  return { exempt: p.get("norm-exempt") === "yes", minGames: whole("norm-games"), rounds: whole("norm-rounds") };
}

/** A language tag with its region ("en-US") whose language is the widget's, else "". @param {string | null} value */
function regionOf(value) {
  const [base, region] = (value ?? "").split("-");
  return region && /^[a-z]{2}$/i.test(region) && LANGUAGES.includes(base.toLowerCase()) ? `${base.toLowerCase()}-${region.toUpperCase()}` : "";
}

/** @param {string[]} preferred the browser's languages, best first */
export function pickLanguage(/** @type {string | null} */ requested, preferred) {
  for (const candidate of [requested, ...preferred]) {
    const base = (candidate ?? "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/**
 * The address's values as the element takes its attributes (embed.js `options`, the plugin's attributes.php):
 * trimmed, and in lower case where only that is accepted. An address of `system=ELO&theme=Dark` (a site builder's,
 * which takes no element) gave a light FIDE calculator where the element gives a dark Elo one.
 * @param {URLSearchParams} p @returns {URLSearchParams}
 */
function asTheElementTakes(p) {
  const takes = (/** @type {string} */ name, /** @type {string} */ v) => (name === "system" ? SYSTEMS.includes(v) : PATTERNS[name].test(v));
  for (const name of ["system", ...Object.keys(PATTERNS)]) {
    const value = p.get(name)?.trim();
    if (value === undefined) continue;
    p.set(name, !takes(name, value) && takes(name, value.toLowerCase()) ? value.toLowerCase() : value);
  }
  return p;
}

/**
 * Each setting given and refused (not one of its values: view="ladders", system="glicko-2", theme="darkmode"), as
 * the console the club's webmaster looks in says it (options.js, once for the page): such a typo gave the
 * calculator's defaults without a word. @param {string} search location.search @returns {string[]}
 */
export function leftOutSettings(search) {
  const p = asTheElementTakes(new URLSearchParams(search));
  const lists = /** @type {Record<string, readonly string[]>} */ ({ system: SYSTEMS, view: VIEW_NAMES, theme: THEMES, lang: LANGUAGES });
  return ["system", ...Object.keys(PATTERNS)].flatMap((name) => {
    const value = p.get(name);
    if (!value) return [];
    const list = lists[name];
    const taken = name === "lang" ? LANGUAGES.includes(value.toLowerCase().split("-")[0]) : list ? list.includes(value) : PATTERNS[name].test(value);
    return taken ? [] : [`elo-calculator: ${name}="${value.slice(0, 80)}" is left out${list ? `: it takes ${list.join(", ")}` : ""}.`];
  });
}

/** @param {string} search location.search @param {readonly string[]} browserLanguages */
export function readOptions(search, browserLanguages) {
  const p = asTheElementTakes(new URLSearchParams(search));
  return {
    view: oneOf(VIEW_NAMES, p.get("view"), VIEW_NAMES[0]),
    system: oneOf(SYSTEMS, p.get("system"), SYSTEMS[0]),
    k: plainNumber(p.get("k")),
    rating: plainNumber(p.get("rating")),
    lang: pickLanguage(p.get("lang"), [...browserLanguages]),
    // The element's language with its region (lang="en-US"): the club's word on how its results files' slashed
    // dates read where none of them tells (month first in the US), whoever the visitor; "" where it gives none.
    locale: regionOf(p.get("lang")),
    theme: oneOf(THEMES, p.get("theme"), "light"),
    accent: safeColour(p.get("accent")),
    font: safeFont(p.get("font")),
    host: safeOrigin(p.get("host")),
    instance: safeInstance(p.get("instance")),
    // The place-name ("nth:2") a calculator with an id had before the club gave it one (embed.js), whose entries it
    // takes where it has saved none of its own.
    was: /^nth:[1-9]\d{0,3}$/.test(p.get("was") ?? "") ? p.get("was") : null,
    // The view's heading in the club's words ("none": no heading; "": the view's own).
    heading: shortText(p.get("heading"), "heading"),
    ladder: ladderRules(p),
    // Whether a visitor may set a player's K in a club's published report.
    overrides: p.get("overrides") === "yes",
    // What a club's report file cannot say of its title norms (the report's settings, until a visitor changes them).
    norms: normSettings(p),
    // Whether the widget offers its visitors a menu of its languages (language-menu.js).
    languageMenu: p.get("language-menu") === "yes",
  };
}
