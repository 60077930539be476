// A calculator already on a club's site, pasted back into the snippet builder to change it (builder.js): its address,
// frame snippet, two lines or WordPress shortcode read into its settings and its `instance` (the key of its visitors'
// saved entries, which the new snippets must keep), or why the paste names none. Pure but for DOMParser.

/**
 * What a paste that names no calculator of this site is said as (builder.js TEXTS.placed).
 * @typedef {{tooLong: (length: number) => string, notOurs: string, otherSite: (site: string) => string,
 *   badInstance: (value: string) => string, several: string}} Say
 */

/** What WordPress's shortcode parser would take from a value, written as HTML entities, which the plugin reads back
 * (render.php): a bracket ends the shortcode, a backslash is read as an escape, a `<` blanks the value, a quote
 * ends it (WordPress's Shortcode API: "HTML encoding" is its way to escape them). */
export const SHORTCODE_ENTITIES = /** @type {Record<string, string>} */ ({ "&": "&amp;", "[": "&#91;", "]": "&#93;", "\\": "&#92;",
  "<": "&lt;", ">": "&gt;", '"': "&quot;" });

/** The longest paste read (an address with both files' longest addresses is under 5,000 characters): a longer one
 * is said, not parsed. */
export const MAX_PASTE = 20_000;
/** The instances the widget takes (widget/page/params.js safeInstance). */
export const INSTANCE = /^(id:[A-Za-z0-9_.-]{1,64}(~([2-9]|[1-9]\d{1,3}))?|nth:[1-9]\d{0,3})$/;
/** What the WordPress shortcode writes as an entity (`SHORTCODE_ENTITIES`), read back. */
const FROM_ENTITIES = /** @type {Record<string, string>} */ (Object.fromEntries(
  Object.entries(SHORTCODE_ENTITIES).map(([c, entity]) => [entity, c])));

/**
 * @typedef {object} Pasted a calculator already on the club's site, as the webmaster pasted it
 * @property {[string, string][]} settings its settings (the address's parameters, the element's or the shortcode's
 *   attributes), but its instance
 * @property {string | null} instance the instance its address names ("" none), null for an element or a shortcode,
 *   whose instance is its place on the club's page
 * @property {boolean} [bare] an address alone (not in a frame snippet): a site builder's, which takes the address
 * @property {string} [host] the club page's origin a frame's own address names (embed.js writes it, `isOrigin`): its
 *   visitors' entries are kept under it (widget/views/calculator/state.js), a frame without one keeps them apart
 */

/** Whether `text` is a web origin as embed.js writes `host` (`https://club.example`). @param {string} text */
export function isOrigin(text) {
  try {
    return /^https?:\/\//.test(text) && new URL(text).origin === text;
  } catch {
    return false;
  }
}

/**
 * The calculator a paste names: its address, its frame snippet, its two lines or its WordPress shortcode; else why not
 * (a text to say, of `say`). It throws nothing, and reads HTML in a document of its own (DOMParser: nothing in it runs
 * or loads). `here`: the builder's own folder, whose widget/ the address must be.
 * @param {string} text @param {URL} here @param {Say} say @returns {Pasted | string}
 */
export function readPasted(text, here, say) {
  const pasted = text.trim();
  if (pasted.length > MAX_PASTE) return say.tooLong(pasted.length);
  if (/^\[elo_calculator[\s\]/]/i.test(pasted)) return readShortcode(pasted, say);
  if (pasted.startsWith("<")) {
    const doc = new DOMParser().parseFromString(pasted, "text/html");
    const found = [...doc.querySelectorAll("iframe[src], elo-calculator")];
    if (found.length > 1) return say.several;
    if (!found.length) return say.notOurs;
    if (found[0].localName === "iframe") return readAddress(found[0].getAttribute("src") ?? "", here, say);
    return { settings: [...found[0].attributes].map((a) => /** @type {[string, string]} */ ([a.name, a.value])), instance: null };
  }
  // An address copied from the page's HTML source has its `&` written `&amp;`: read as written, its parameters after
  // the first were `amp;lang`..., the instance among them, and the new snippets named another calculator.
  const address = readAddress(/&(amp|#0*38|#x0*26);/i.test(pasted) ? textOf(pasted) : pasted, here, say);
  return typeof address === "string" ? address : { ...address, bare: true };
}

/** HTML's text of `html`: its entities read (DOMParser: nothing in it runs or loads). @param {string} html */
const textOf = (html) => new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";

/** The calculator an address names (this site's widget/), else why not.
 * @param {string} address @param {URL} here @param {Say} say @returns {Pasted | string} */
function readAddress(address, here, say) {
  let url;
  try {
    url = new URL(address);
  } catch {
    return say.notOurs;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return say.notOurs; // javascript:, data:...
  const widget = new URL("widget/", here);
  if (url.origin !== here.origin) {
    return /\/widget\/(index\.html)?$/.test(url.pathname) ? say.otherSite(url.origin) : say.notOurs;
  }
  if (url.pathname !== widget.pathname && url.pathname !== widget.pathname + "index.html") return say.notOurs;
  const named = url.searchParams.get("instance");
  if (named !== null && !INSTANCE.test(named)) return say.badInstance(named.slice(0, 80));
  // A live frame's own address (copied from the club's page) carries embed.js's own parameters besides: its page's
  // origin (kept: its entries are kept under it), the place it was at and the language a visitor chose (not settings).
  const host = url.searchParams.get("host") ?? "";
  const seen = new Set(["instance", "host", "was", "speak"]);
  const settings = [...url.searchParams].filter(([name]) => !seen.has(name) && Boolean(seen.add(name))); // the first, as the widget
  return { settings, instance: named ?? "", ...(isOrigin(host) ? { host } : {}) };
}

/** A shortcode's attributes (double-quoted, single-quoted or bare, as WordPress reads them), entities read back.
 * @param {string} text @param {Say} say @returns {Pasted | string} */
function readShortcode(text, say) {
  const found = /^\[elo_calculator((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'\]]+))*)\s*\/?\]$/i.exec(text);
  if (!found) return say.notOurs;
  const decode = (/** @type {string} */ v) => v.replace(/&(amp|lt|gt|quot|#9[123]);/g, (entity) => FROM_ENTITIES[entity] ?? entity);
  const settings = [...found[1].matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'\]]+))/g)]
    .map((m) => /** @type {[string, string]} */ ([m[1].toLowerCase(), decode(m[2] ?? m[3] ?? m[4] ?? "")]));
  return { settings, instance: null };
}
