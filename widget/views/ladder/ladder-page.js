// The ladder view's markup (ladder.js), made on first use inside the page's <main>: the way in (a
// results file and an optional players file, picked or dropped, or the results pasted), the ledger's
// totals and problems, the settings (their choices and defaults from the contract: ladder.vocabulary),
// the pool, the filter, the CSV download, the ranking's table in a container that scrolls sideways on
// its own, and the place of a player's page (ladder-player.js). Texts from i18n (t).
import { $, h } from "../../page/dom.js";
import { copyOf, followForPrint, printButton, shownName } from "../../page/print-copy.js";
import { CONTRACT } from "../../shared/contract.js";
import { hasText, t } from "../../page/i18n.js";
import { formatAsHeld, formatNumber, isBlank, parseNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { droppedFile } from "../../page/file-open.js";
import { isLeague, periodic, seasonDay, seasonStart, withK } from "./ladder-rows.js";

/**
 * What the page's controls do.
 * @typedef {{back: () => void, games: (file: File) => void, players: (file: File | null) => void, paste: (text: string) => void,
 *   settings: () => void, sort: (key: import("./ladder-rows.js").SortKey) => void, filter: (text: string) => void,
 *   pool: () => void, csv: () => void}} Handlers
 */

/** A labelled field. @param {string} id @param {string} label @param {HTMLElement} control @param {string} [hint] */
function field(id, label, control, hint) {
  control.id = id;
  if (hint) control.setAttribute("aria-describedby", `${id}-hint ${control.getAttribute("aria-describedby") ?? ""}`.trim());
  return h("div", { class: "field", id: `${id}-field` }, [h("label", { for: id, text: label }), control,
    ...(hint ? [h("p", { class: "hint", id: `${id}-hint`, text: hint })] : [])]);
}

/** A labelled checkbox. @param {string} id @param {string} label */
function check(id, label) {
  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id }));
  return h("div", { class: "field check", id: `${id}-field` }, [h("label", {}, [box, " ", label])]);
}

/** A file input that calls `on` with the file picked. @param {string} accept @param {(file: File) => void} on */
function fileInput(accept, on) {
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "file", accept, "aria-describedby": "ladder-drop ladder-error" }));
  input.addEventListener("change", () => {
    if (input.files?.[0]) on(input.files[0]);
    input.value = ""; // the same file again is a change again
  });
  return input;
}

/** The way in: the results file (and the players file) picked or dropped, or the results pasted. @param {Handlers} on */
function opener(on) {
  const text = /** @type {HTMLTextAreaElement} */ (h("textarea", { rows: "4", spellcheck: "false", "aria-describedby": "ladder-error" }));
  const read = h("button", { type: "button", id: "ladder-read", text: t("ladder.pasteRead") });
  read.addEventListener("click", () => on.paste(text.value));
  const forget = h("button", { type: "button", id: "ladder-players-forget", hidden: "", text: t("ladder.playersForget") });
  forget.addEventListener("click", () => on.players(null));
  const box = h("div", { class: "event-open", id: "ladder-open-box" }, [
    h("p", { class: "hint", text: t("ladder.intro") }),
    field("ladder-file", t("ladder.file"), fileInput(".csv,.txt,.tsv,text/csv,text/plain", on.games)),
    field("ladder-players-file", t("ladder.playersFile"), fileInput(".csv,.txt,.tsv,text/csv,text/plain", (f) => on.players(f))),
    h("p", { class: "hint", id: "ladder-players-name", role: "status" }), forget,
    h("p", { class: "hint", id: "ladder-drop", text: t("ladder.drop") }),
    field("ladder-paste", t("ladder.pasteLabel"), text), read,
    h("p", { class: "error", id: "ladder-error", role: "alert" }),
  ]);
  box.addEventListener("dragover", (event) => {
    event.preventDefault();
    box.classList.add("dragging");
  });
  box.addEventListener("dragleave", () => box.classList.remove("dragging"));
  box.addEventListener("drop", (event) => {
    event.preventDefault();
    box.classList.remove("dragging");
    const dropped = droppedFile(event.dataTransfer);
    if (dropped) on.games(dropped);
  });
  return box;
}

/** A select of `values`, each named by its text key. @param {string[]} values @param {(v: string) => string} name */
function select(values, name) {
  return /** @type {HTMLSelectElement} */ (h("select", {}, values.map((v) => h("option", { value: v, text: name(v) }))));
}

/** Each setting as the engine names it (a refusal's `field`): its field and its label's key. */
export const SETTING_FIELDS = /** @type {Record<string, [string, string]>} */ ({
  system: ["ladder-system", "system.label"], k: ["ladder-k", "ladder.k"], first_k: ["ladder-first-k", "ladder.firstK"],
  first_games: ["ladder-first-games", "ladder.firstGames"], start: ["ladder-start", "ladder.start"],
  provisional_games: ["ladder-provisional", "ladder.provisionalGames"], inactive_months: ["ladder-inactive", "ladder.inactiveMonths"],
  period: ["ladder-period", "ladder.period"], since: ["ladder-since", "ladder.since"], preset: ["ladder-preset", "ladder.preset"],
  home_advantage: ["ladder-home", "ladder.homeAdvantage"], margin: ["ladder-margin", "ladder.margin"],
  season_regression: ["ladder-regression", "ladder.seasonRegression"], season_mean: ["ladder-mean", "ladder.seasonMean"],
  season_start: ["ladder-season-start", "ladder.seasonStart"],
});

/**
 * What Python refused of the settings, each marked at its field and said in the page's language with the field's
 * label: "Home advantage (rating points): Enter a number from 0 to 1000." It was Python's English, at no field.
 * @param {{field: string, code: string, message: string, params: Record<string, any>}[]} errors
 * @param {import("./ladder-rows.js").Say} [say] the answer's words (a league's labels: ladder-rows.js wordsOf)
 * @returns {string}
 */
export function refusedSettings(errors, say = t) {
  const n = (/** @type {unknown} */ x) => (typeof x === "number" ? formatAsHeld(x, options.lang) : String(x));
  return errors.map((e) => {
    const own = SETTING_FIELDS[e.field];
    if (!own) return t("ladder.settingRefused", { message: e.message });
    $(own[0]).setAttribute("aria-invalid", "true");
    const text = e.field === "season_start" ? t("ladder.seasonStartInvalid")
      : e.params.min !== undefined && hasText(`error.number.${e.code}`) ? t(`error.number.${e.code}`, { min: n(e.params.min), max: n(e.params.max) })
        : hasText(`error.${e.code}`) ? t(`error.${e.code}`) : e.message;
    return t("ladder.settingAt", { label: say(own[1]), message: text });
  }).join(" ");
}

/** A number field's input. @param {string} value */
const numberInput = (value) => /** @type {HTMLInputElement} */ (h("input", { inputmode: "decimal", spellcheck: "false", value, "aria-describedby": "ladder-settings-error" }));

/** The settings: system, K (Elo: also a higher K for a player's first games, the 400 cap), start rating, games before a player is ranked, months before one is
 * marked inactive, the rating period (systems with periods), the date changes are counted from. @param {Handlers} on */
function settings(on) {
  const l = CONTRACT.ladder;
  const n = (/** @type {number} */ x) => formatNumber(x, options.lang);
  const system = select(l.systems, (s) => t(`system.${s}`));
  system.setAttribute("aria-describedby", "ladder-system-hint");
  const period = select(l.periods, (p) => t(`ladder.period.${p}`));
  const since = /** @type {HTMLInputElement} */ (h("input", { type: "date", "aria-describedby": "ladder-settings-error" }));
  const box = h("fieldset", { class: "event-tools ladder-settings", id: "ladder-settings" }, [
    h("legend", { text: t("ladder.settings") }),
    field("ladder-system", t("system.label"), system),
    field("ladder-k", t("ladder.k"), numberInput(n(l.k))),
    field("ladder-first-k", t("ladder.firstK"), numberInput(""), t("ladder.firstKHint")),
    field("ladder-first-games", t("ladder.firstGames"), numberInput(""), t("ladder.upTo", { max: n(l.max_count) })),
    check("ladder-cap", t("field.cap_400")),
    field("ladder-start", t("ladder.start"), numberInput(n(l.start))),
    field("ladder-provisional", t("ladder.provisionalGames"), numberInput(n(l.provisional_games)), t("ladder.upTo", { max: n(l.max_count) })),
    field("ladder-inactive", t("ladder.inactiveMonths"), numberInput(n(l.inactive_months)), t("ladder.inactiveHint", { max: n(l.max_inactive_months) })),
    field("ladder-period", t("ladder.period"), period),
    field("ladder-since", t("ladder.since"), since),
    ...leagueFields(),
    h("p", { class: "hint", id: "ladder-system-hint", text: t("ladder.unsupported", { systems: l.unsupported.map((s) => t(`system.${s}`)).join(", ") }) }),
    h("p", { class: "error", id: "ladder-settings-error", role: "alert" }),
  ]);
  box.addEventListener("change", on.settings);
  box.addEventListener("input", on.settings);
  return box;
}

/** The fields of a league's rules (Elo's): the preset, which fills the others, the home advantage, the margin's
 * multiplier, the seasons' regression and mean. */
function leagueFields() {
  const l = CONTRACT.ladder;
  const n = (/** @type {number} */ x) => formatNumber(x, options.lang);
  const preset = select(["", ...Object.keys(l.presets)], (p) => t(`ladder.preset.${p || "none"}`));
  preset.addEventListener("change", () => fillPreset(preset.value)); // before the settings' own change (bubbling)
  const margin = select(l.margins, (m) => t(`ladder.margin.${m}`));
  return [
    field("ladder-preset", t("ladder.preset"), preset, t("ladder.presetHint")),
    field("ladder-home", t("ladder.homeAdvantage"), numberInput(""), t("ladder.homeHint", { max: n(l.max_home_advantage) })),
    field("ladder-margin", t("ladder.margin"), margin),
    field("ladder-regression", t("ladder.seasonRegression"), numberInput(""), t("ladder.regressionHint")),
    field("ladder-mean", t("ladder.seasonMean"), numberInput("")),
    field("ladder-season-start", t("ladder.seasonStart"), /** @type {HTMLInputElement} */ (h("input", { placeholder: "08-01", spellcheck: "false",
      maxlength: "5", "aria-describedby": "ladder-settings-error" })), t("ladder.seasonStartHint")),
  ];
}

/** The preset's K and rules in their fields (ladder.vocabulary's presets; none: the rules' fields blank). @param {string} name */
function fillPreset(name) {
  const preset = CONTRACT.ladder.presets[name];
  const value = (/** @type {string} */ id, /** @type {string} */ text) => { /** @type {HTMLInputElement} */ ($(id)).value = text; };
  if (preset) value("ladder-k", upTo4(preset.k));
  value("ladder-home", preset ? upTo4(preset.home_advantage) : "");
  value("ladder-margin", preset ? preset.margin : "none");
  value("ladder-regression", preset ? upTo4(preset.season_regression) : "");
  value("ladder-mean", preset ? upTo4(preset.season_mean) : "");
  value("ladder-season-start", preset ? seasonStart(preset) : "");
}

/** A number in the page's language with up to four decimals, as a field shows it (1/3: "0.3333"; 20: "20"). @param {number} x */
const upTo4 = (x) => new Intl.NumberFormat(options.lang, { maximumFractionDigits: 4, useGrouping: false }).format(x);

/** The settings' labels in the answer's words (`say`, ladder-rows.js wordsOf): "Games before a team is ranked" for a
 * league's. @param {import("./ladder-rows.js").Say} say */
export function nameSettings(say) {
  for (const [id, key] of Object.values(SETTING_FIELDS)) {
    const label = $(`${id}-field`).querySelector("label");
    if (label) label.textContent = say(key);
  }
  $("ladder-first-k-hint").textContent = say("ladder.firstKHint");
}

/** Show the fields the system has (K, the first games' K and the 400 cap: systems with a K; the period: systems with periods). */
export function showSystemFields() {
  const system = /** @type {HTMLSelectElement} */ ($("ladder-system")).value;
  for (const id of ["ladder-k", "ladder-first-k", "ladder-first-games", "ladder-cap", "ladder-preset", "ladder-home", "ladder-margin",
    "ladder-regression", "ladder-mean", "ladder-season-start"]) $(`${id}-field`).hidden = !withK(system);
  $("ladder-period-field").hidden = !periodic(system);
}

/**
 * The settings as typed: a number that is not one is named (the text key of its label), nothing sent.
 * @param {import("./ladder-rows.js").Settings} now what is set now (kept where a field is hidden)
 * @param {import("./ladder-rows.js").Say} [say] the answer's words (a league's labels)
 * @returns {{settings: import("./ladder-rows.js").Settings, invalid: string[]}}
 */
export function readSettings(now, say = t) {
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id)).value;
  for (const [id] of Object.values(SETTING_FIELDS)) $(id).removeAttribute("aria-invalid"); // marked again below, or by Python
  /** @type {string[]} */
  const invalid = [];
  const number = (/** @type {string} */ id, /** @type {string} */ label) => {
    const text = value(id);
    const read = isBlank(text) ? null : parseNumber(text, options.lang);
    // The field that is no number is marked as well as named (the message under the settings names it).
    if (read !== null && read.kind !== "number") $(id).setAttribute("aria-invalid", "true");
    if (read === null) return null;
    if (read.kind === "number") return read.value;
    invalid.push(say(label));
    return null;
  };
  // A league's rule as its preset shows it is the preset's own (sent blank: 1/3 is not the 0.3333 shown).
  const preset = CONTRACT.ladder.presets[value("ladder-preset")];
  const rule = (/** @type {string} */ id, /** @type {string} */ label, /** @type {"home_advantage" | "season_regression" | "season_mean"} */ key) =>
    (preset && value(id).trim() === upTo4(preset[key]) ? null : number(id, label));
  const settings = {
    system: value("ladder-system"), k: number("ladder-k", "ladder.k"), start: number("ladder-start", "ladder.start"),
    first_k: number("ladder-first-k", "ladder.firstK"), first_games: number("ladder-first-games", "ladder.firstGames"),
    cap_400: /** @type {HTMLInputElement} */ ($("ladder-cap")).checked,
    provisional_games: number("ladder-provisional", "ladder.provisionalGames"),
    inactive_months: number("ladder-inactive", "ladder.inactiveMonths"), period: value("ladder-period"), since: value("ladder-since"),
    preset: value("ladder-preset"), home_advantage: rule("ladder-home", "ladder.homeAdvantage", "home_advantage"),
    margin: value("ladder-margin") === "none" && !value("ladder-preset") ? "" : value("ladder-margin"),
    season_regression: rule("ladder-regression", "ladder.seasonRegression", "season_regression"),
    season_mean: rule("ladder-mean", "ladder.seasonMean", "season_mean"), season_start: value("ladder-season-start").trim(),
  };
  return { settings: { ...now, ...settings }, invalid };
}

/** Put `s` into the settings' fields (a club's element's system, K and rules). @param {import("./ladder-rows.js").Settings} s */
export function writeSettings(s) {
  // Every decimal the setting holds: a K of 22.75 shown as 22.8 was rated at 22.8 once another field was typed.
  const shown = (/** @type {number | null} */ x) => (x === null ? "" : formatAsHeld(x, options.lang));
  const value = (/** @type {string} */ id, /** @type {string} */ text) => { /** @type {HTMLInputElement} */ ($(id)).value = text; };
  fillPreset(s.preset); // first: a rule left to the preset shows the preset's, one set shows its own
  value("ladder-system", s.system);
  value("ladder-k", shown(s.k));
  value("ladder-first-k", shown(s.first_k));
  value("ladder-first-games", shown(s.first_games));
  /** @type {HTMLInputElement} */ ($("ladder-cap")).checked = s.cap_400;
  value("ladder-start", shown(s.start));
  value("ladder-provisional", shown(s.provisional_games));
  value("ladder-inactive", shown(s.inactive_months));
  value("ladder-period", s.period);
  value("ladder-since", s.since);
  value("ladder-preset", s.preset);
  if (s.home_advantage !== null) value("ladder-home", upTo4(s.home_advantage));
  if (s.margin) value("ladder-margin", s.margin);
  if (s.season_regression !== null) value("ladder-regression", upTo4(s.season_regression));
  if (s.season_mean !== null) value("ladder-mean", upTo4(s.season_mean));
  value("ladder-season-start", s.season_start);
  showSystemFields();
}

/** The ranking: totals, problems, settings, tools, the table. @param {Handlers} on */
function report(on) {
  const filter = /** @type {HTMLInputElement} */ (h("input", { type: "search", "aria-describedby": "ladder-count" }));
  filter.addEventListener("input", () => on.filter(filter.value));
  const pool = select([], String);
  pool.addEventListener("change", on.pool);
  const csv = h("button", { type: "button", id: "ladder-csv", text: t("ladder.csv") });
  csv.addEventListener("click", on.csv);
  const table = h("table", { id: "ladder-table" }, [
    h("caption", { id: "ladder-caption" }), h("thead", { id: "ladder-head" }), h("tbody", { id: "ladder-body" }),
  ]);
  return h("div", { id: "ladder-report", hidden: "" }, [
    h("h3", { id: "ladder-name" }),
    h("dl", { class: "event-totals", id: "ladder-totals" }),
    h("p", { class: "printed", id: "ladder-printed" }),
    h("div", { class: "event-notes", id: "ladder-notes", hidden: "" }, [
      h("h4", { id: "ladder-notes-heading", text: t("ladder.notes") }),
      h("ul", { id: "ladder-note-list", tabindex: "0", "aria-labelledby": "ladder-notes-heading" }),
    ]),
    settings(on),
    h("div", { class: "event-tools" }, [
      field("ladder-pool", t("ladder.pool"), pool),
      field("ladder-filter", t("ladder.filter"), filter),
      csv, printButton(),
    ]),
    h("p", { class: "hint", id: "ladder-count" }),
    h("p", { class: "hint ladder-rules", id: "ladder-rules" }),
    // Scrolls down in its own box too, under its headers (style.css .report-wrap), as the report's table.
    h("div", { class: "table-wrap report-wrap", tabindex: "0", role: "region", "aria-labelledby": "ladder-caption" }, [table]),
  ]);
}

/**
 * The rules answer `a` was rated by (its `settings`, as Python used them), in a line over the ranking: paper has no
 * settings, and a printed league table said only "Ranking (Elo (any sport))", not its preset, K or home advantage
 * (hp96). Each rule named by its field's label in the answer's words (`say`); a league's own rules where the answer
 * is a league's, a season's mean and start only where seasons go back toward it. A preset chosen (`preset`) under a
 * system without K is said as not used: it went from the line without a word (hp114).
 * @param {Record<string, any>} a @param {import("./ladder-rows.js").Say} say @param {string} [preset] the one chosen
 * @returns {string}
 */
export function rulesLine(a, say, preset = "") {
  const s = a.settings;
  const n = (/** @type {number} */ x) => formatAsHeld(x, options.lang);
  const rule = (/** @type {string} */ key, /** @type {string} */ value) => t("ladder.rule", { label: say(key), value });
  const rules = [rule("system.label", t(`system.${a.system}`))];
  if (withK(a.system) && isLeague(a)) rules.push(rule("ladder.preset", t(`ladder.preset.${s.preset ?? "none"}`)));
  else if (!withK(a.system) && preset) {
    rules.push(rule("ladder.preset", t("ladder.presetUnused", { preset: t(`ladder.preset.${preset}`), system: t(`system.${a.system}`) })));
  }
  if (withK(a.system)) rules.push(rule("ladder.k", n(s.k)));
  if (withK(a.system) && s.first_k !== null && s.first_games) rules.push(rule("ladder.firstK", n(s.first_k)), rule("ladder.firstGames", n(s.first_games)));
  if (withK(a.system) && s.cap_400) rules.push(t("field.cap_400"));
  if (withK(a.system) && isLeague(a)) {
    rules.push(rule("ladder.homeAdvantage", n(s.home_advantage)), rule("ladder.margin", t(`ladder.margin.${s.margin}`)),
      rule("ladder.seasonRegression", upTo4(s.season_regression)));
    if (s.season_regression) rules.push(rule("ladder.seasonMean", n(s.season_mean)), rule("ladder.seasonStart", seasonDay(s.season_start, options.lang)));
  }
  if (periodic(a.system)) rules.push(rule("ladder.period", t(`ladder.period.${s.period}`)));
  // Months 0 (Python's None): never inactive, as the field says it.
  rules.push(rule("ladder.start", n(s.start)), rule("ladder.provisionalGames", n(s.provisional_games)), rule("ladder.inactiveMonths", n(s.inactive_months ?? 0)));
  return t("ladder.rules", { rules: rules.join(" · ") });
}

/** Make the view's markup (hidden), in the page's <main> before its live region. @param {Handlers} on */
export function buildPage(on) {
  const back = h("button", { type: "button", id: "ladder-back", text: t("ladder.back") });
  back.addEventListener("click", on.back);
  const section = h("section", { class: "event-view ladder-view", id: "ladder-view", "aria-labelledby": "ladder-heading", hidden: "" }, [
    h("h2", { id: "ladder-heading", tabindex: "-1", text: t("ladder.heading") }),
    h("p", { id: "ladder-updated", class: "hint", hidden: "" }),
    back, opener(on),
    h("p", { id: "ladder-status", role: "status" }),
    report(on),
    h("section", { class: "ladder-player", id: "ladder-player", "aria-labelledby": "ladder-player-name", hidden: "" }),
  ]);
  $("announce").before(section);
  showSystemFields();
  followForPrint(section, printCopy);
}

/**
 * What the club's page prints in the frame's place: the ranking, or a player's (a team's) page open in its place:
 * their facts, the ladder's name and rules, their history (every game: long-table.js keeps them all) and their
 * head-to-head records. A player's page sent none, and the club's page printed the frame: 70 of a player's 120
 * games, cut at a page's height, no head-to-head records (hp110). Null while neither shows.
 */
function printCopy() {
  const rules = $("ladder-rules").textContent ?? "";
  const table = (/** @type {string} */ id) => /** @type {HTMLTableElement} */ ($(id));
  if (!$("ladder-report").hidden) return copyOf(shownName("ladder-name"), $("ladder-totals"), table("ladder-table"), [rules], $("ladder-notes"));
  const player = $("ladder-player");
  const facts = player.querySelector(":scope > dl");
  if (player.hidden || !facts) return null;
  return copyOf($("ladder-player-name"), /** @type {HTMLElement} */ (facts), [table("ladder-history"), table("ladder-h2h")],
    [shownName("ladder-name").textContent ?? "", rules]);
}
