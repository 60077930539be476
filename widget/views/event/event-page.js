// The event view's markup (event.js), made on first use inside the page's <main>, after the
// calculator's results: the way in (a file picked or dropped, or its text pasted), the event's totals,
// what the file did not say (as text above the table), what a file cannot say of its title norms, the
// filters (by name; norms made or on course), the CSV download, and the table in
// a container that scrolls sideways on its own (the page never does). Texts from i18n (t).
import { $, h } from "../../page/dom.js";
import { copyOf, followForPrint, printButton, printedOn, shownName } from "../../page/print-copy.js";
import { t } from "../../page/i18n.js";
import { formatNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { droppedFile } from "../../page/file-open.js";
import { groupKey, lineRuns } from "../../page/text.js";
import { CONTRACT } from "../../shared/contract.js";
import { withK } from "./event-file.js";

/**
 * What the page's controls do.
 * @typedef {{back: () => void, file: (file: File) => void, paste: (text: string) => void,
 *   sort: (key: import("./event-rows.js").SortKey) => void, filter: (text: string) => void, csv: () => void,
 *   rules: (system: string, k: string, start: string) => void, norms: (set: NormFields) => void,
 *   show: (which: import("./event-rows.js").NormFilter) => void}} Handlers
 */
/** The norms' settings as typed (event.js reads them): exempt from the federations' conditions, the fewest
 * games, the event's rounds and the average of the opponents to come (blank: as the file says, as so far).
 * @typedef {{exempt: boolean, minGames: string, rounds: string, average: string}} NormFields */

/** The way in: a file picked, dropped on the box, or its text pasted. @param {Handlers} on */
function opener(on) {
  const file = /** @type {HTMLInputElement} */ (h("input", { type: "file", id: "event-file", accept: ".trf,.txt,text/plain", "aria-describedby": "event-drop event-error" }));
  file.addEventListener("change", () => {
    if (file.files?.[0]) on.file(file.files[0]);
    file.value = ""; // the same file again is a change again
  });
  const text = /** @type {HTMLTextAreaElement} */ (h("textarea", { id: "event-paste", rows: "4", spellcheck: "false", "aria-describedby": "event-error" }));
  const read = h("button", { type: "button", id: "event-read", text: t("event.pasteRead") });
  read.addEventListener("click", () => on.paste(text.value));
  const box = h("div", { class: "event-open", id: "event-open-box" }, [
    h("p", { class: "hint", text: t("event.intro") }),
    h("label", { for: "event-file", text: t("event.file") }), file,
    h("p", { class: "hint", id: "event-drop", text: t("event.drop") }),
    h("label", { for: "event-paste", text: t("event.pasteLabel") }), text, read,
    h("p", { class: "error", id: "event-error", role: "alert" }),
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
    if (dropped) on.file(dropped);
  });
  return box;
}

/** The rules the event is rated by: FIDE's, or plain Elo with one K for everyone (its field shown then).
 * @param {Handlers} on */
function rules(on) {
  const system = /** @type {HTMLSelectElement} */ (h("select", { id: "event-system" }, [
    ...CONTRACT.report.systems.map((name) => h("option", { value: name, text: t(`system.${name}`) })),
  ]));
  const k = /** @type {HTMLInputElement} */ (h("input", { id: "event-all-k", inputmode: "decimal", spellcheck: "false", "aria-describedby": "event-all-k-error" }));
  const kField = h("div", { class: "field", id: "event-all-k-field", hidden: "" }, [
    h("label", { for: "event-all-k", text: t("event.allK") }), k, h("p", { class: "error", id: "event-all-k-error" }),
  ]);
  // Plain Elo only: a start rating for every player the file has no rating for (a lichess or club event).
  const start = /** @type {HTMLInputElement} */ (h("input", { id: "event-all-start", inputmode: "decimal", spellcheck: "false", "aria-describedby": "event-all-start-hint event-all-start-error" }));
  const startField = h("div", { class: "field", id: "event-all-start-field", hidden: "" }, [
    h("label", { for: "event-all-start", text: t("event.allStart") }), start,
    h("p", { class: "hint", id: "event-all-start-hint", text: t("event.allStartHint") }), h("p", { class: "error", id: "event-all-start-error" }),
  ]);
  const changed = () => {
    kField.hidden = startField.hidden = !withK(system.value);
    on.rules(system.value, k.value, start.value);
  };
  system.addEventListener("change", changed);
  k.addEventListener("input", changed);
  start.addEventListener("input", changed);
  return [h("div", { class: "field" }, [h("label", { for: "event-system", text: t("event.rules") }), system]), kField, startField];
}

/** A text field of the norms' settings, with its hint and its error. @param {string} id @param {string} label @param {string} hint */
function normField(id, label, hint) {
  const input = /** @type {HTMLInputElement} */ (h("input", { id, inputmode: "numeric", spellcheck: "false", "aria-describedby": `${id}-hint ${id}-error` }));
  return { input, field: h("div", { class: "field" }, [h("label", { for: id, text: t(label) }), input,
    h("p", { class: "hint", id: `${id}-hint`, text: t(hint) }), h("p", { class: "error", id: `${id}-error` })]) };
}

/** What a file cannot say of its title norms (elo_core.reports.norms.NormOptions), set by the visitor: the
 * report rated again as each changes. @param {Handlers} on */
function normSettings(on) {
  const exempt = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "event-norm-exempt" }));
  const games = /** @type {HTMLSelectElement} */ (h("select", { id: "event-norm-games" }, ["9", "8", "7"].map((n) => h("option", { value: n, text: n }))));
  const rounds = normField("event-norm-rounds", "event.norm.rounds", "event.norm.roundsHint");
  const average = normField("event-norm-average", "event.norm.average", "event.norm.averageHint");
  const changed = () => on.norms({ exempt: exempt.checked, minGames: games.value, rounds: rounds.input.value, average: average.input.value });
  for (const input of [exempt, games]) input.addEventListener("change", changed);
  for (const input of [rounds.input, average.input]) input.addEventListener("input", changed);
  return h("fieldset", { class: "event-tools event-norm-settings", id: "event-norm-settings" }, [
    h("legend", { text: t("event.norm.settings") }),
    h("label", { class: "check" }, [exempt, " ", h("span", { text: t("event.norm.exempt") })]),
    h("div", { class: "field" }, [h("label", { for: "event-norm-games", text: t("event.norm.minGames") }), games,
      h("p", { class: "error", id: "event-norm-games-error" })]),
    rounds.field, average.field,
  ]);
}

/** The report: totals, tools, the table in its own scrolling container, then the notes on the file and the norms'
 * settings. The table first: on a phone it began 1 270 px down, under 720 px of notes and settings (a views pass);
 * now what the visitor came for is on the first screen. @param {Handlers} on */
function report(on) {
  const filter = /** @type {HTMLInputElement} */ (h("input", { type: "search", id: "event-filter", "aria-describedby": "event-count" }));
  filter.addEventListener("input", () => on.filter(filter.value));
  const which = /** @type {HTMLSelectElement} */ (h("select", { id: "event-norm-show", "aria-describedby": "event-count" },
    ["all", "met", "onCourse"].map((key) => h("option", { value: key, text: t(`event.norm.show.${key}`) }))));
  which.addEventListener("change", () => on.show(/** @type {import("./event-rows.js").NormFilter} */ (which.value)));
  const csv = h("button", { type: "button", id: "event-csv", text: t("event.csv") });
  csv.addEventListener("click", on.csv);
  const table = h("table", { id: "event-table" }, [
    h("caption", { id: "event-caption" }), h("thead", { id: "event-head" }), h("tbody", { id: "event-body" }),
  ]);
  return h("div", { id: "event-report", hidden: "" }, [
    h("h3", { id: "event-name" }),
    h("dl", { class: "event-totals", id: "event-totals" }),
    h("p", { class: "printed", id: "event-printed" }),
    h("div", { class: "event-tools event-rules" }, [...rules(on)]),
    h("div", { class: "event-tools" }, [
      h("div", { class: "field" }, [h("label", { for: "event-filter", text: t("event.filter") }), filter]),
      h("div", { class: "field", id: "event-norm-show-field" }, [h("label", { for: "event-norm-show", text: t("event.norm.show") }), which]),
      csv, printButton(),
    ]),
    h("p", { class: "hint", id: "event-count" }),
    h("div", { class: "table-wrap report-wrap", tabindex: "0", role: "region", "aria-labelledby": "event-caption" }, [table]),
    // What a marked performance means (event-table.js), said only when a player's is marked.
    ...RULES.map((rule) => h("p", { class: "hint rule-note", id: `event-rule-${rule}`, "data-rule": rule, hidden: "", text: t(`event.performance.${rule}`) })),
    h("div", { class: "event-notes", id: "event-notes", hidden: "" }, [
      h("h4", { id: "event-notes-heading", text: t("event.notes") }),
      h("ul", { id: "event-note-list", tabindex: "0", "aria-labelledby": "event-notes-heading" }),
    ]),
    normSettings(on),
  ]);
}

/** Make the view's markup (hidden), in the page's <main> after the calculator's results. @param {Handlers} on */
export function buildPage(on) {
  const back = h("button", { type: "button", id: "event-back", text: t("event.back") });
  back.addEventListener("click", on.back);
  const section = h("section", { class: "event-view", id: "event-view", "aria-labelledby": "event-heading", hidden: "" }, [
    h("h2", { id: "event-heading", tabindex: "-1", text: t("event.heading") }),
    back, opener(on),
    h("p", { id: "event-status", role: "status" }),
    report(on),
  ]);
  $("announce").before(section);
  followForPrint(section, () => ($("event-report").hidden ? null : copyOf(shownName("event-name"), $("event-totals"), /** @type {HTMLTableElement} */ ($("event-table")), [], $("event-notes"))));
}

/** A list month ("2026-05") as its month and year in the page's language. @param {string} period */
function month(period) {
  const [year, m] = period.split("-").map(Number);
  return new Intl.DateTimeFormat(options.lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, m - 1, 1));
}

/** The event's name and totals: players, games, rated games, average rating, the list rated in.
 * @param {Record<string, any>} answer */
export function showTotals(answer) {
  const e = answer.event;
  const name = e.name || t("event.unnamed");
  $("event-name").textContent = name;
  $("event-caption").textContent = t("event.caption", { name });
  const n = (/** @type {number | null} */ x) => (x === null ? "—" : formatNumber(x, options.lang));
  // When and where, as the file says (its 042/052 and 022): the report said neither, on screen or on paper.
  const dates = [e.start, e.end].filter(Boolean).map((d) => new Date(`${d}T00:00:00Z`)).filter((d) => !Number.isNaN(d.getTime()));
  const format = new Intl.DateTimeFormat(options.lang, { dateStyle: "medium", timeZone: "UTC" });
  const when = dates.length === 2 && dates[0] < dates[1] ? format.formatRange(dates[0], dates[1]) : dates.length ? format.format(dates[0]) : "";
  const totals = [
    ...(when ? [["event.t.dates", when]] : []), ...(e.city ? [["event.t.place", String(e.city)]] : []),
    ["event.t.players", n(e.players)], ["event.t.games", n(e.games)], ["event.t.ratedGames", n(e.rated_games)],
    ["event.t.average", n(e.average_rating)], ["event.t.list", e.period ? month(e.period) : "—"],
  ];
  // The title norms made (and a running event's players on course for one), where the file lets them be judged.
  if (e.norms?.judged) totals.push(["event.t.norms", n(e.norms.met)], ...(e.norms.running ? [["event.t.onCourse", n(e.norms.on_course)]] : []));
  $("event-totals").replaceChildren(...totals.map(([key, value]) => h("div", {}, [h("dt", { text: t(key) }), h("dd", { text: value })])));
  $("event-printed").textContent = printedOn();
}

/** FIDE's performance rules for a 100 % and a 0 % score (fide.first.PERFORMANCE_RULES). */
const RULES = ["plus_800", "minus_800"];

/** The notes of the performance rules that the answer's players were rated by. @param {Record<string, any>} answer */
export function showRules(answer) {
  for (const rule of RULES) {
    $(`event-rule-${rule}`).hidden = !answer.players.some((/** @type {Record<string, any>} */ p) => p.performance_rule === rule);
  }
}

/**
 * What the file did not say, as text above the table: K assumed (how many players), then every
 * problem of the reader and note of the rating, with its line.
 * @param {Record<string, any>} answer
 */
export function showNotes(answer) {
  const items = [];
  const assumed = answer.players.filter((/** @type {Record<string, any>} */ p) => p.k_assumed).length;
  // A club's published report says where K can be set only when its element lets visitors set it.
  const fixed = $("event-view").classList.contains("read-only") && !options.overrides;
  if (assumed) items.push(t(fixed ? "event.note.kAssumedFixed" : "event.note.kAssumed", { count: assumed }));
  const norms = answer.event.norms;
  if (norms && !norms.judged) items.push(t(`event.norm.reason.${norms.reason}`));
  for (const [why, count] of Object.entries(norms?.not_counted ?? {})) items.push(t(`event.norm.notCounted.${why}`, { count }));
  if (norms?.running) items.push(norms.remaining ? t("event.norm.running", { rounds: norms.rounds, remaining: norms.remaining }) : t("event.norm.underWay"));
  if (answer.event.tpr_reason) items.push(t(`event.tpr.${answer.event.tpr_reason}`));
  for (const p of answer.problems) items.push(problemText(p));
  $("event-note-list").replaceChildren(...items.map((text) => h("li", { text })));
  $("event-notes").hidden = items.length === 0;
}

/** A problem of the file (trf.PROBLEMS) or note of the rating (event.NOTES) in the page's language,
 * with its line and the value it is about, or a group's count and lines.
 * @param {{line: number | null, code: string, params: Record<string, any>, count?: number, lines?: number[]}} p */
export function problemText(p) {
  let text = t(`event.problem.${p.code}`);
  const about = p.params?.value ?? p.params?.period ?? p.params?.encoding;
  if (about !== undefined) text += ` (${String(about)})`;
  if (p.params?.round !== undefined) text = `${t("event.g.round")} ${p.params.round}: ${text}`;
  text = p.line ? t("event.note.line", { line: p.line, text }) : text;
  // A group of one kind (contract.group_problems): said once, its first as it is, with how many and where.
  const count = p.count ?? 1;
  if (count > 1 && Array.isArray(p.lines) && p.lines.length) {
    return t(groupKey(p.lines), { text, count: formatNumber(count, options.lang), lines: lineRuns(p.lines) });
  }
  return text;
}
