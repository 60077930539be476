// Numbers as a person reads and types them in their language: formatting through
// Intl.NumberFormat, and reading typed text ("1484,4" in German, "1,484.4" in English) back.
// Text copied from real pages is read as typed: invisible formatting characters are dropped and
// every script's digits count as digits (plainDigits), as elo_core's paste parser does; one that
// reorders what is shown (DIRECTION) makes the text no number.

// Intl formatters are slow to make and quick to use: one per locale and style, made once
// (a 500-game event formats some 2500 numbers per keystroke).
const formatters = new Map();
const separatorsByLocale = new Map();

/** The decimal and grouping separators of a locale. @param {string} locale */
export function separators(locale) {
  let found = separatorsByLocale.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    const find = (/** @type {string} */ type, /** @type {string} */ fallback) => parts.find((p) => p.type === type)?.value ?? fallback;
    found = { decimal: find("decimal", "."), group: find("group", ",") };
    separatorsByLocale.set(locale, found);
  }
  return found;
}

/** A number as the language writes it, with every decimal it holds (a K of 22.75, a default c of "34,6").
 * @param {number} value @param {string} locale */
export function formatAsHeld(value, locale) {
  return formatNumber(value, locale, { decimals: (String(value).split(".")[1] ?? "").length });
}

/**
 * A number for display: `decimals` places, a sign on non-zero values if `sign`, no grouping
 * (ratings read as 1484,4 not 1.484,4), and a real minus sign.
 * @param {number} value @param {string} locale @param {{decimals?: number, sign?: boolean}} [opts]
 */
export function formatNumber(value, locale, { decimals = 0, sign = false } = {}) {
  const rounded = Number(value.toFixed(decimals));
  const key = `${locale}|${decimals}|${sign}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
      signDisplay: sign ? "exceptZero" : "auto",
    });
    formatters.set(key, format);
  }
  return format.format(Object.is(rounded, -0) ? 0 : rounded).replace("-", "−");
}

// Unicode category Cf: the direction marks of right-to-left pages (U+200E, U+200F), zero-width
// spaces and joiners, the byte order mark, the soft hyphen. Never seen, never meant: a number that
// carries one is still the number.
const INVISIBLE = /\p{Cf}/gu;
// Except the embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), Cf too: they reorder
// what is shown around them, so that a number shows other digits than it holds ("\u202e0051" shows
// as 1500 and holds 51). A number with one is refused, as elo_core refuses it (paste._DIRECTION).
export const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/u;
const HIDDEN = /(?![\u202a-\u202e\u2066-\u2069])\p{Cf}/gu;
const DIGIT = /\p{Nd}/u;

/** Whether `text` shows nothing: blank, or only invisible formatting characters (a zero-width space
 * copied from a web page is no opponent). @param {string} text */
export function isBlank(text) {
  return text.replace(INVISIBLE, "").trim() === "";
}

/**
 * `text` without invisible formatting characters (but those that reorder it: DIRECTION), and with
 * every decimal digit (fullwidth "１", Arabic-Indic "١", Devanagari "१" ...) as its ASCII one: such
 * digits then go through the same locale rules and ambiguity checks as "0"-"9" ("１.５００" is as
 * ambiguous as "1.500").
 * @param {string} text
 */
export function plainDigits(text) {
  return text.replace(HIDDEN, "").replace(/\p{Nd}/gu, (d) => {
    if (d <= "9") return d;
    // Unicode puts each script's digits 0-9 in a row, and rows of digits next to each other
    // (mathematical bold, double-struck ...) in whole tens: the distance from the first one is the value.
    const code = /** @type {number} */ (d.codePointAt(0));
    let first = code;
    while (DIGIT.test(String.fromCodePoint(first - 1))) first--;
    return String((code - first) % 10);
  });
}

/**
 * @typedef {{kind: "empty"} | {kind: "number", value: number} | {kind: "invalid"}
 *   | {kind: "ambiguous", a: number, b: number}} Parsed
 */

/** The spaces (and the apostrophe) that group thousands; a number grouped by them. */
const SPACE = "[\u00a0\u202f\u2009 ']";
const SPACES = new RegExp(SPACE, "g");
const SPACED = new RegExp(`^[+\\-\u2212]?\\d{1,3}(${SPACE}\\d{3})+([.,]\\d*)?$`);

/**
 * Reads a typed number in `locale`. With one separator followed by exactly three digits
 * ("1.484" in English, "1,484" in German) the text could be a grouped whole number or a
 * decimal: that is reported as ambiguous, never guessed.
 * @param {string} text @param {string} locale @returns {Parsed}
 */
export function parseNumber(text, locale) {
  const { decimal, group } = separators(locale);
  if (DIRECTION.test(text)) return { kind: "invalid" }; // Python names it at the field
  const plain = plainDigits(String(text)).trim();
  // A space (or an apostrophe) inside a number groups thousands ("1 500", "1'500,5"): three digits
  // follow each one. "15 00" is no number, not 1500.
  let t = plain.replace(SPACES, "");
  if (t !== plain && !SPACED.test(plain)) return { kind: "invalid" };
  t = t.replace(/^\u2212/, "-");
  if (t === "") return { kind: "empty" };
  if (!/^[+-]?[\d.,]+$/.test(t) || !/\d/.test(t)) return { kind: "invalid" };
  const sign = t.startsWith("-") ? -1 : 1;
  t = t.replace(/^[+-]/, "");
  const seps = [...t.matchAll(/[.,]/g)].map((m) => m[0]);
  if (seps.length === 0) return { kind: "number", value: sign * Number(t) };
  const kinds = new Set(seps);
  if (kinds.size === 2) {
    // "1,484.4" or "1.484,4": the last separator is the decimal one, the other groups thousands.
    const dec = seps[seps.length - 1];
    const grp = dec === "." ? "," : ".";
    const [whole, frac, ...rest] = t.split(dec);
    if (rest.length || !/^\d{1,3}(\d{3})*$/.test(whole.split(grp).join("")) || !grouped(whole, grp)) {
      return { kind: "invalid" };
    }
    return { kind: "number", value: sign * Number(whole.split(grp).join("") + "." + frac) };
  }
  const sep = seps[0];
  if (seps.length > 1) {
    // "1,234,567": only grouping can repeat.
    return grouped(t, sep) ? { kind: "number", value: sign * Number(t.split(sep).join("")) } : { kind: "invalid" };
  }
  const [whole, frac] = t.split(sep);
  if (whole === "" || frac === "") return { kind: "invalid" };
  const asDecimal = sign * Number(whole + "." + frac);
  const asGrouped = sign * Number(whole + frac);
  // "0.500" (and "00.500") groups no thousands: a grouped number never starts with 0.
  if (frac.length === 3 && whole.length <= 3 && !whole.startsWith("0")) {
    if (sep === group && sep !== decimal) return { kind: "number", value: asGrouped };
    return { kind: "ambiguous", a: asDecimal, b: asGrouped };
  }
  return { kind: "number", value: asDecimal };
}

/** Whether `t` groups digits in threes with `sep` ("1,234,567"). @param {string} t @param {string} sep */
function grouped(t, sep) {
  return new RegExp(`^\\d{1,3}(\\${sep}\\d{3})*$`).test(t);
}
