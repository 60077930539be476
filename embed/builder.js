// The snippet builder: keeps the preview element, the snippets and the steps in step with the choices.
// Its texts are in index.html, but for the few this script writes, which are all in TEXTS.
import { ATTRIBUTES, LADDER_RULES, SYSTEM_NAMES, TEXTS as EMBED_TEXTS, VIEW_SYSTEMS } from "./texts.js";
import { frameTitle } from "./frame-title.js";
import { INSTANCE, MAX_PASTE, SHORTCODE_ENTITIES, isOrigin, readPasted } from "./pasted.js";

/** Whether a value is one the element's attribute `name` takes (its pattern of elo_core's table, as embed.js reads
 * it). @param {string} name @returns {(value: string) => boolean} */
function pattern(name) {
  const [source, flags] = ATTRIBUTES[/** @type {keyof typeof ATTRIBUTES} */ (name)];
  const rule = new RegExp(source, flags);
  return (v) => rule.test(v);
}

/** Every text this script writes for a person to read. */
const TEXTS = {
  /** @type {Record<string, string>} the link inside the element, in the calculator's language (else English) */
  link: {
    en: "Open the Elo rating calculator", de: "Den Elo-Rechner öffnen", fr: "Ouvrir le calculateur Elo",
    es: "Abrir la calculadora Elo", nl: "De Elo-rekenmachine openen", it: "Apri il calcolatore Elo",
  },
  caption: { script: "Your snippet", url: "The calculator's address" },
  copyButton: { script: "Copy snippet", url: "Copy address" },
  copied: { script: "Snippet copied.", url: "Address copied.", frame: "Frame snippet copied." },
  selected: "Selected: press Ctrl+C (⌘C on a Mac) to copy.",
  /** @param {string} value a value typed that the element would ignore */
  ignored: (value) => `Left out of the snippet: the calculator would not take “${value}” here.`,
  // A calculator already on the club's site, pasted to change it (`readPlaced`). The builder's page is in English
  // alone (index.html), and so are these.
  placed: {
    /** @param {string} name the calculator's instance, "" where its address names none */
    updates: (name) => `These snippets update the calculator you pasted${name ? ` (${name})` : ""}: paste the new frame ` +
      "snippet, or the new address for Wix or Google Sites, in place of the old one, and its visitors keep their " +
      "entries. The two lines would be another calculator.",
    /** @param {string} id the element's or the shortcode's id, "" for none */
    element: (id) => `Its settings are below${id ? `, and its id “${id.slice(0, 80)}” is kept` : ""}. The two lines and the ` +
      "WordPress shortcode keep its visitors' entries when the new one takes the old one's place on the same page.",
    /** @param {string[]} settings name="value" of each setting pasted that the form does not take */
    leftOut: (settings) => ` Not taken, as this page has no such setting or not that value: ${settings.join(", ")}.`,
    tooLong: (/** @type {number} */ length) => `This is too long for a calculator's snippet (${length} characters): ` +
      "paste its address, its frame snippet, its two lines or its shortcode alone. Nothing was changed.",
    notOurs: "This is not a snippet of this calculator: paste its address (…/widget/?…), its frame snippet " +
      "(<iframe …>), its two lines (<elo-calculator …>) or its shortcode ([elo_calculator …]). Nothing was changed.",
    /** @param {string} site the origin of the address pasted */
    otherSite: (site) => `This calculator is served from ${site}, not from ${here.origin}: its visitors' entries are ` +
      "kept for that copy of the calculator. Change it with the builder of that copy. Nothing was changed.",
    /** @param {string} value the instance pasted, cut short */
    badInstance: (value) => `Its instance “${value}” is not one the calculator takes (id: then up to 64 letters, digits, ` +
      "dots, hyphens or underscores): this is not an address this page wrote. Nothing was changed.",
    several: "This holds more than one calculator: paste one calculator's snippet at a time. Nothing was changed.",
  },
};

/**
 * The element's options in embed.js's order, each with embed.js's own rule (its `allowed`): a value
 * that embed.js would ignore is left out here too, so the snippet does what the preview shows.
 * @type {Record<string, (value: string) => boolean>}
 */
const ACCEPTS = {
  system: (v) => Object.hasOwn(SYSTEM_NAMES, v),
  lang: (v) => /^[a-z]{2}(-[a-z]{2})?$/i.test(v),
  theme: (v) => v === "light" || v === "dark" || v === "auto",
  accent: (v) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) || /^[a-z]{3,20}$/i.test(v),
  font: (v) => v.length <= 200 && /^[\w "',-]+$/.test(v),
  k: (v) => /^\d{1,4}(\.\d{1,2})?$/.test(v),
  rating: (v) => /^\d{1,4}(\.\d{1,2})?$/.test(v),
  view: (v) => /^[a-z][a-z-]{0,31}$/.test(v),
  heading: (v) => /^[^\u0000-\u001f\u007f]{1,80}$/u.test(v),
  start: (v) => /^\d{1,4}(\.\d{1,2})?$/.test(v),
  "first-k": (v) => /^\d{1,4}(\.\d{1,2})?$/.test(v),
  "first-games": (v) => /^\d{1,3}$/.test(v),
  "cap-400": (v) => v === "yes" || v === "no",
  period: (v) => v === "week" || v === "month",
  provisional: (v) => /^\d{1,3}$/.test(v),
  "inactive-months": (v) => /^\d{1,3}$/.test(v),
  since: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v),
  // A league's rules, by elo_core's own patterns (vocabulary.ATTRIBUTES, in texts.js).
  ...Object.fromEntries(["preset", "home-advantage", "margin", "season-regression", "season-mean", "season-start"]
    .map((name) => [name, pattern(name)])),
  pool: (v) => /^[^\u0000-\u001f\u007f]{1,40}$/u.test(v),
  overrides: (v) => v === "yes" || v === "no",
  // A report's title norms, by elo_core's own patterns (vocabulary.ATTRIBUTES, in texts.js).
  ...Object.fromEntries(["norm-exempt", "norm-games", "norm-rounds"].map((name) => [name, pattern(name)])),
  "language-menu": (v) => v === "yes" || v === "no",
  // The files a report or a ladder reads (embed.js FILES): an address, relative to the club's page or not.
  src: (v) => v.length <= 2000 && !/[\s"<>]/.test(v),
  players: (v) => v.length <= 2000 && !/[\s"<>]/.test(v),
};
/** The files each view reads (embed.js FILES), by view; the calculator reads none. @type {Record<string, string[]>} */
const VIEW_FILES = { event: ["src"], ladder: ["src", "players"] };
/** The options only one view reads (its fields are shown for it alone, [data-views]), by option. @type {Record<string, string[]>} */
const ONLY = {
  rating: ["calculator"], k: ["calculator", "event", "ladder"], overrides: ["event"], "norm-exempt": ["event"], "norm-games": ["event"], "norm-rounds": ["event"],
  start: ["ladder", "event"],
  ...Object.fromEntries(["first-k", "first-games", "cap-400", "period", "provisional", "inactive-months", "since", "preset",
    "home-advantage", "margin", "season-regression", "season-mean", "season-start", "pool"]
    .map((name) => [name, ["ladder"]])),
};
/** The ladder's options that apply to some of its systems (a field's `data-rule`: a kind of LADDER_RULES), by option.
 * @type {Record<string, string>} */
const RULE_OF = Object.fromEntries([...document.querySelectorAll("[data-rule]")].map(
  (field) => [field.querySelector("[name]")?.getAttribute("name") ?? "", /** @type {HTMLElement} */ (field).dataset.rule ?? ""]));

/** The same in a report alone (a field's `data-event-rule`): its start rating is for Elo, as its K. @type {Record<string, string>} */
const EVENT_RULE_OF = Object.fromEntries([...document.querySelectorAll("[data-event-rule]")].map(
  (field) => [field.querySelector("[name]")?.getAttribute("name") ?? "", /** @type {HTMLElement} */ (field).dataset.eventRule ?? ""]));

/** Whether option `name` applies to `system` in `view`: in a ladder or a report, a K and the Elo rules apply to the
 * systems that take a K (a report's Elo: one K for everyone, one start rating), a rating period to those that rate
 * by periods; in the calculator the view decides (ONLY).
 * @param {string} name @param {string} view @param {string} system */
const applies = (name, view, system) => {
  const rule = (view === "event" && EVENT_RULE_OF[name]) || RULE_OF[name];
  return view === "calculator" || !rule || (LADDER_RULES[rule] ?? []).includes(system);
};

/** @type {Record<string, string>} what the calculator does anyway: left out to keep the snippet short (but for the
 * shortcode: `shortcode`) */
const DEFAULTS = { theme: "light", accent: "#1f5fbf" };

/**
 * Everything the page shows follows from this.
 * @typedef {object} State
 * @property {[string, string][]} options the element's attributes, in embed.js's order
 * @property {boolean} fontIgnored a font was typed that embed.js would ignore
 * @property {string} platform where the snippet goes (the platform choice's value)
 * @property {"script" | "url"} variant what works there: the two lines, or the calculator's address
 * @property {string[]} files the file fields the view chosen reads
 * @property {string} view the view chosen
 * @property {string} system the rating system chosen
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const form = /** @type {HTMLFormElement} */ ($("options"));
const platform = /** @type {HTMLSelectElement} */ ($("platform"));
const preview = /** @type {HTMLElement} */ ($("preview").querySelector("elo-calculator"));
const here = new URL(".", location.href);
const systems = /** @type {HTMLSelectElement} */ (form.elements.namedItem("system"));

/** The rating systems the view chosen rates by (a ladder does not rate by FIDE's rules), the one chosen
 * kept where the view has it, else the view's default. @param {string} view */
function offerSystems(view) {
  const names = VIEW_SYSTEMS[view || "calculator"] ?? Object.keys(SYSTEM_NAMES);
  if (names.join() === [...systems.options].map((o) => o.value).join()) return;
  const chosen = systems.value;
  systems.replaceChildren(...names.map((name) => new Option(SYSTEM_NAMES[name] ?? name, name)));
  systems.value = names.includes(chosen) ? chosen : names[0];
}
offerSystems("");

/** @returns {State} */
function read() {
  offerSystems(String(new FormData(form).get("view") ?? ""));
  const data = new FormData(form);
  const value = (/** @type {string} */ name) => String(data.get(name) ?? "").trim();
  const view = value("view") || "calculator";
  const files = VIEW_FILES[view] ?? [];
  const options = Object.keys(ACCEPTS)
    .map((name) => /** @type {[string, string]} */ ([name, value(name)]))
    .filter(([name, v]) => v !== "" && v !== DEFAULTS[name] && ACCEPTS[name](v))
    .filter(([name]) => !["src", "players"].includes(name) || files.includes(name))
    .filter(([name]) => !ONLY[name] || ONLY[name].includes(view))
    .filter(([name]) => applies(name, view, value("system")));
  const fontIgnored = value("font") !== "" && !ACCEPTS.font(value("font"));
  const variant = platform.selectedOptions[0]?.dataset.variant === "url" ? "url" : "script";
  return { options, fontIgnored, platform: platform.value, variant, files, view, system: value("system") };
}

const escapeHtml = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** @param {[string, string][]} options @returns {string} the calculator's own page with these options */
function widgetUrl(options) {
  const query = new URLSearchParams(options).toString();
  return new URL(`widget/${query ? "?" + query : ""}`, here).href;
}

/**
 * Which calculator of the club's page the address or the frame puts there (the widget's `instance`, a part of the
 * key of its saved entries): they carry no host and no element, so two of them on one page shared their entries, and
 * typing in one overwrote the other. A name as embed.js gives an element with an id ("id:" and a plain name, which
 * params.js safeInstance takes), drawn at random, and drawn anew once copied (`renew`): each copy is a calculator of
 * its own.
 */
const newInstance = () => "id:" + Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
let instance = newInstance();

/**
 * The calculator already on the club's site that the address and the frame snippet now update (hp105): its own
 * `instance` ("" where its address carried none, as one copied before instances were), kept until the webmaster
 * asks for a new calculator or clears the field; null: the snippets name a new calculator (`instance`). Changing a
 * setting (a theme, K) of a placed calculator gave it a new instance, and its visitors' saved entries were gone.
 * @type {string | null}
 */
let placed = null;

/** The `id` of the two lines or the shortcode pasted, which the new two lines and shortcode keep: a calculator with a
 * plain id keeps its visitors' entries by it wherever it stands on the page (embed.js instanceName), and the club's page
 * may style it by it. Dropped, the entries were gone with it. "": none pasted. */
let placedId = "";
/** The club page's origin the frame's own address pasted names (pasted.js `host`), which the updated address keeps:
 * its visitors' entries are kept under it. "": none. */
let placedHost = "";
/** The ids the element keys its entries by and the plugin's shortcode takes (embed.js instanceName, attributes.php). */
const PLAIN_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** The calculator's address to put on a club's page as it is (the address, the frame), with its own `instance`
 * (the one pasted, `placed`, where the webmaster changes a calculator already there).
 * @param {[string, string][]} options */
const placedUrl = (options) => {
  const name = placed ?? instance;
  const host = placed !== null && placedHost ? [/** @type {[string, string]} */ (["host", placedHost])] : [];
  return widgetUrl(name ? [...options, ["instance", name], ...host] : options);
};

/** Whether a file's address is a full one (http: or https:): any other is relative to the club's page, which the
 * calculator's own page (an address, a frame, the link) cannot know. @param {string} address */
const fullAddress = (address) => /^https?:\/\//i.test(address);

/** The options without a file whose address is relative (`fullAddress`). @param {[string, string][]} options */
const withoutRelative = (options) => options.filter(([n, v]) => !["src", "players"].includes(n) || fullAddress(v));

/**
 * The two lines. The link inside shows until the calculator is ready, and stays where scripts are
 * stripped: it opens the same calculator in a new tab, with the files it can fetch (a relative address would be
 * looked for on the calculator's site; the WordPress plugin's link carries none).
 * @param {[string, string][]} options
 */
function twoLines(options) {
  const attrs = [...(placedId ? [["id", placedId]] : []), ...options].map(([n, v]) => ` ${n}="${escapeHtml(v)}"`).join("");
  const text = TEXTS.link[options.find(([n]) => n === "lang")?.[1] ?? "en"] ?? TEXTS.link.en;
  const link = `<a href="${escapeHtml(widgetUrl(withoutRelative(options)))}" target="_blank" rel="noopener">${text}</a>`;
  return `<elo-calculator${attrs}>${link}</elo-calculator>\n<script async src="${new URL("embed.js", here)}"></script>`;
}


/**
 * The WordPress plugin's shortcode with the same options, each value double-quoted, what WordPress would take from
 * it written as an entity (`SHORTCODE_ENTITIES`).
 * @param {[string, string][]} options
 */
function shortcode(options) {
  // What the snippet leaves to the calculator (DEFAULTS, and the visitor's language: "auto", which the plugin reads
  // so) is written: a site's own defaults (the plugin's Settings) would stand for it, and a Light calculator come out
  // dark, one in the visitor's language in the site's.
  const left = /** @type {Record<string, string>} */ ({ ...DEFAULTS, lang: "auto" });
  const all = Object.keys(ACCEPTS).flatMap((name) => {
    const given = options.find(([n]) => n === name);
    return given ? [given] : Object.hasOwn(left, name) ? [/** @type {[string, string]} */ ([name, left[name]])] : [];
  });
  if (PLAIN_ID.test(placedId)) all.push(["id", placedId]); // last, as the plugin names it (another id it drops)
  const attrs = all.map(([n, v]) => ` ${n}="${v.replace(/[&[\]\\<>"]/g, (c) => SHORTCODE_ENTITIES[c])}"`).join("");
  return `[elo_calculator${attrs}]`;
}

/** The frame, with what embed.js gives its own: its title (the calculator's name in the language chosen, else
 * English, as the link inside the two lines: a visitor's own is not known here; then the heading), the calculator's
 * Copy link may write to the clipboard, and the calculator's site is not told the club's page.
 * @param {[string, string][]} options */
function frame(options) {
  const given = (/** @type {string} */ name) => options.find(([n]) => n === name)?.[1];
  const title = frameTitle((EMBED_TEXTS[given("lang") ?? "en"] ?? EMBED_TEXTS.en)[0], given("heading"));
  return `<iframe src="${escapeHtml(placedUrl(options))}" title="${escapeHtml(title)}" width="100%" height="900" ` +
    `frameborder="0" loading="lazy" allow="clipboard-write" referrerpolicy="no-referrer"></iframe>`;
}

/** The sites a file's fetch ends at, by the site of its address: a sheet published from Google Sheets redirects to
 * its content's site, which connect-src must allow too (README). @type {Record<string, string[]>} */
const REDIRECTED_TO = { "https://docs.google.com": ["https://*.googleusercontent.com"] };

/** The Content-Security-Policy lines a club's page needs: the frame and the loader from here, and where a view reads
 * files, connect-src for them (the loader fetches them in the club's page: its own site's, 'self', and any other
 * named by a full address, with the sites it redirects to). A strict policy blocked the club's own file. @param {State} state */
function policyLine(state) {
  const line = `frame-src ${here.origin}; script-src ${here.origin}`;
  if (!state.files.length) return line;
  const sites = state.options.filter(([n, v]) => state.files.includes(n) && fullAddress(v)).map(([, v]) => new URL(v).origin)
    .flatMap((site) => [site, ...(REDIRECTED_TO[site] ?? [])]);
  return `${line}; connect-src ${["'self'", ...new Set(sites)].join(" ")}`;
}

/** @param {State} state */
function render(state) {
  $("snippet").textContent = state.variant === "url" ? placedUrl(state.options) : twoLines(state.options);
  $("snippet-caption").textContent = TEXTS.caption[state.variant];
  $("copy-snippet").textContent = TEXTS.copyButton[state.variant];
  $("iframe-snippet").textContent = frame(state.options);
  $("shortcode").textContent = shortcode(state.options);
  $("csp").textContent = policyLine(state);
  for (const steps of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-platform]"))) {
    steps.hidden = steps.dataset.platform !== state.platform;
  }
  $("font").setAttribute("aria-invalid", String(state.fontIgnored));
  for (const field of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-views]"))) {
    const name = field.querySelector("[name]")?.getAttribute("name") ?? "";
    field.hidden = !(field.dataset.views ?? "").split(" ").includes(state.view) || !applies(name, state.view, state.system);
  }
  $("src-field").hidden = !state.files.includes("src");
  $("players-field").hidden = !state.files.includes("players");
  $("files-note").hidden = !state.files.length || state.variant === "script";
  // A relative address works in the two lines only (embed.js reads it against the club's page): said at the
  // address chosen for a site builder, and at the frame snippet.
  const relative = state.options.some(([n, v]) => ["src", "players"].includes(n) && !fullAddress(v));
  $("relative-note").hidden = !relative || state.variant === "script";
  $("frame-relative-note").hidden = !relative;
  showIgnored(state);
  $("files-test").setAttribute("href", placedUrl(state.options)); // the address itself
  $("font-error").hidden = !state.fontIgnored;
  $("frame-new-note").hidden = placed !== null;
  $("frame-placed-note").hidden = placed === null;
  for (const name of Object.keys(ACCEPTS)) {
    const value = state.options.find(([n]) => n === name)?.[1];
    if (value === undefined) preview.removeAttribute(name);
    else if (preview.getAttribute(name) !== value) preview.setAttribute(name, value);
  }
}

/**
 * Each typed value the element would ignore (left out of the snippets) said at its field, which is marked invalid and
 * described by it; a file's relative address too, where the calculator's own page would fetch it (`fullAddress`).
 * The font has its own message. @param {State} state
 */
function showIgnored(state) {
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[name]:not([type=checkbox]):not([type=color])"))) {
    if (input.name === "font" || !Object.hasOwn(ACCEPTS, input.name)) continue;
    const typed = input.closest("[hidden]") ? "" : input.value.trim(); // another view's field: not in the snippet
    const ignored = typed !== "" && !ACCEPTS[input.name](typed);
    const relative = !ignored && state.files.includes(input.name) && typed !== "" && state.variant === "url" && !fullAddress(typed);
    let note = document.getElementById(`${input.name}-ignored`);
    if (ignored && !note) {
      note = Object.assign(document.createElement("p"), { id: `${input.name}-ignored`, className: "error" });
      (input.closest(".field") ?? input.closest("label") ?? input).after(note);
    }
    if (note) {
      note.hidden = !ignored;
      note.textContent = ignored ? TEXTS.ignored(typed) : "";
    }
    input.setAttribute("aria-invalid", String(ignored || relative));
    const hint = document.getElementById(`${input.name}-hint`) ? [`${input.name}-hint`] : [];
    const described = [...hint, ...(ignored ? [`${input.name}-ignored`] : []), ...(relative ? ["relative-note"] : [])];
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  }
}

/** A snippet was copied: the address and the frame snippet now name another calculator (`instance`), but where they
 * update one already on the club's site (`placed`), which a second copy must name again. */
function renew() {
  if (placed !== null) return;
  instance = newInstance();
  render(read());
}

/**
 * Copy a snippet; where the clipboard is refused, select it for the visitor to copy.
 * @param {string} id the element holding the text @param {string} done what the status line then says
 */
async function copy(id, done) {
  const source = $(id);
  const status = $("copied");
  try {
    await navigator.clipboard.writeText(source.textContent ?? "");
    status.textContent = done;
    renew();
  } catch {
    const range = document.createRange();
    range.selectNodeContents(source);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    status.textContent = TEXTS.selected;
  }
}

// Where the WordPress plugin's zip is published: the project's public copy (https://OWNER.github.io/REPO/,
// README) is built by its repository's pages workflow, whose runs keep the release zips as their artifact
// release-zip. Another copy's steps say who has the zip instead.
const publicCopy = /^https:\/\/([\w-]+)\.github\.io\/([\w.-]+)\//.exec(here.href);
if (publicCopy) {
  const [, owner, repository] = publicCopy;
  $("plugin-zip-link").setAttribute("href", `https://github.com/${owner}/${repository}/actions/workflows/pages.yml`);
  $("plugin-zip-public").hidden = false;
  $("plugin-zip-other").hidden = true;
}

/** The checkboxes whose "no" is what unchecked gives (the widget reads "yes" alone); cap-400's "no" is not. */
const NO_IS_UNCHECKED = new Set(["language-menu", "overrides", "norm-exempt"]);

/**
 * The form set to a pasted calculator's settings, from its defaults: what it does not take (a setting this page does
 * not know, a value it has no choice for) returned as name="value", to be said.
 * @param {[string, string][]} settings @returns {string[]}
 */
function fillForm(settings) {
  form.reset();
  const given = /** @type {Map<string, string>} */ (new Map());
  const leftOut = [];
  for (const [name, raw] of settings) {
    let value = raw.trim();
    if (name === "view" && value === "calculator") value = "";
    if (name === "lang" && value.toLowerCase() === "auto") value = ""; // the shortcode's: the visitor's browser
    if (name === "accent") value = value.toLowerCase().replace(/^#(\w)(\w)(\w)$/, "#$1$1$2$2$3$3");
    const known = Object.hasOwn(ACCEPTS, name) && (value === "" || ACCEPTS[name](value) || ACCEPTS[name](value.toLowerCase()));
    if (known && !given.has(name)) given.set(name, value);
    else if (!given.has(name)) leftOut.push(`${name.slice(0, 40)}="${raw.slice(0, 80)}"`);
  }
  const view = /** @type {HTMLSelectElement} */ (form.elements.namedItem("view"));
  const set = (/** @type {string} */ name, /** @type {string} */ value) => {
    const el = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.querySelector(`[name="${name}"]`));
    if (!el) return false;
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      if (value !== "yes" && !(value === "no" && NO_IS_UNCHECKED.has(name))) return false;
      el.checked = value === "yes";
      return true;
    }
    for (const v of new Set([value, value.toLowerCase()])) {
      el.value = v;
      if (el.value === v) return true;
    }
    el.value = /** @type {HTMLInputElement} */ (el).defaultValue ?? "";
    if (el instanceof HTMLSelectElement) el.selectedIndex = 0;
    return false;
  };
  const chosen = given.get("view");
  if (chosen !== undefined && !set("view", chosen)) leftOut.push(`view="${chosen.slice(0, 80)}"`);
  offerSystems(view.value); // the systems the view offers, before the one pasted among them
  for (const [name, value] of given) {
    if (name !== "view" && !set(name, value)) leftOut.push(`${name}="${value.slice(0, 80)}"`);
  }
  return leftOut;
}

const placedField = /** @type {HTMLTextAreaElement} */ ($("placed"));

/** What the field for a calculator already on the club's site says: its error (the form left as it was), or which
 * calculator the snippets now update. @param {string} error @param {string} note */
function sayPlaced(error, note) {
  $("placed-error").textContent = error;
  $("placed-note").textContent = note;
  placedField.setAttribute("aria-invalid", String(error !== ""));
  $("placed-new").hidden = placed === null && !placedId; // an id kept is dropped by it too (rv88)
}

/** A paste (or typing) in the field: the calculator it names read into the form, and its instance kept; a paste that
 * names none said, and nothing changed; the field cleared: a new calculator again. */
function onPlaced() {
  const text = placedField.value;
  if (text.trim() === "") {
    newCalculator(false);
    return;
  }
  const pasted = readPasted(text, here, TEXTS.placed);
  if (typeof pasted === "string") {
    sayPlaced(pasted, $("placed-note").textContent ?? "");
    return;
  }
  const leftOut = fillForm(pasted.settings.filter(([name]) => name !== "id"));
  placedId = pasted.instance === null ? (pasted.settings.find(([name]) => name === "id")?.[1] ?? "") : "";
  placedHost = pasted.host ?? "";
  const said = leftOut.length ? TEXTS.placed.leftOut(leftOut) : "";
  if (pasted.instance !== null) {
    placed = pasted.instance;
    sayPlaced("", TEXTS.placed.updates(placed) + said);
    // An address alone is on a site builder that takes one: the address is shown, not the two lines (another calculator).
    const byAddress = [...platform.options].find((o) => o.dataset.variant === "url");
    if (pasted.bare && platform.selectedOptions[0]?.dataset.variant !== "url" && byAddress) platform.value = byAddress.value;
  } else {
    placed = null; // an element's instance is its place on the club's page: the snippets for a frame name a new one
    instance = newInstance();
    sayPlaced("", TEXTS.placed.element(placedId) + said);
  }
  update();
}

/** Back to snippets for a new calculator (the settings stay, for one like it). @param {boolean} clear the field too */
function newCalculator(clear) {
  if (clear) placedField.value = "";
  placed = null;
  placedId = "";
  placedHost = "";
  instance = newInstance();
  sayPlaced("", "");
  update();
}

// What was chosen, kept in this browser (the calculator's own saved entries are under other keys): a reload or a
// visit back brings it again. A value that is not the form's own (a kept state changed by hand) is not taken.
const KEPT = "elo-calculator:builder";

function keep() {
  const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
  // The calculator pasted (`placed`, or an element's id), kept with what was pasted, but a paste too long to be one.
  const text = placedField.value.length <= MAX_PASTE ? placedField.value : "";
  const pasted = placed !== null ? { placed, pasted: text, ...(placedHost ? { placedHost } : {}) } : placedId ? { placedId, pasted: text } : {};
  try {
    localStorage.setItem(KEPT, JSON.stringify({ fields, platform: platform.value, ...pasted }));
  } catch { /* storage refused (a private window, full): the page works, it only forgets */ }
}

function restore() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(KEPT) ?? "null");
  } catch {
    return;
  }
  if (!kept || !Array.isArray(kept.fields)) return;
  const fields = new Map(kept.fields.filter((/** @type {unknown} */ f) => Array.isArray(f) && f.length === 2
    && typeof f[0] === "string" && typeof f[1] === "string"));
  const set = (/** @type {HTMLInputElement | HTMLSelectElement} */ el) => {
    if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = fields.get(el.name) === el.value;
    else if (fields.has(el.name)) {
      el.value = /** @type {string} */ (fields.get(el.name));
      if (el.value !== fields.get(el.name) && el instanceof HTMLSelectElement) el.selectedIndex = 0; // not one of its choices
    }
  };
  const view = /** @type {HTMLSelectElement} */ (form.elements.namedItem("view"));
  set(view);
  offerSystems(view.value); // the systems the view offers, before the one chosen among them
  for (const el of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (form.querySelectorAll("[name]"))) {
    if (el !== view) set(el);
  }
  if ([...platform.options].some((o) => o.value === kept.platform)) platform.value = kept.platform;
  if (typeof kept.placed === "string" && (kept.placed === "" || INSTANCE.test(kept.placed))) {
    placed = /** @type {string} */ (kept.placed);
    placedHost = typeof kept.placedHost === "string" && isOrigin(kept.placedHost) ? kept.placedHost : "";
    placedField.value = typeof kept.pasted === "string" ? kept.pasted : "";
    sayPlaced("", TEXTS.placed.updates(kept.placed));
  } else if (typeof kept.placedId === "string" && kept.placedId !== "" && kept.placedId.length <= MAX_PASTE) {
    placedId = kept.placedId;
    placedField.value = typeof kept.pasted === "string" ? kept.pasted : "";
    sayPlaced("", TEXTS.placed.element(placedId));
  }
}

const update = () => {
  render(read());
  $("copied").textContent = ""; // what was copied is no longer what the page shows
  keep();
};
form.addEventListener("input", update);
form.addEventListener("submit", (event) => event.preventDefault()); // Enter in a field: nothing to send
platform.addEventListener("change", update);
placedField.addEventListener("input", onPlaced);
$("placed-new").addEventListener("click", () => {
  newCalculator(true);
  placedField.focus();
});
$("copy-snippet").addEventListener("click", () => copy("snippet", TEXTS.copied[read().variant]));
$("copy-iframe").addEventListener("click", () => copy("iframe-snippet", TEXTS.copied.frame));
// A snippet copied by hand (selected, then Ctrl+C): the selection is copied as it was, then the next copy names
// another calculator (renew would have replaced the selected text before the browser copied it).
for (const id of ["snippet", "iframe-snippet"]) {
  $(id).addEventListener("copy", (event) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData("text/plain", String(getSelection()));
    event.preventDefault();
    renew();
  });
}
restore();
update();
