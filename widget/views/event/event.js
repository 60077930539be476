// The event view (views.js "event"): a whole tournament rated from the report file its pairing
// program exported (TRF), every player's change by FIDE's rules or plain Elo (elo_core's `event`
// kind). The calculator's "Open a tournament file" shows it (event-entry.js), or the embedding page
// asks for it (view="event", with the file its element names: `src`, host-files.js): the calculator is
// mounted all the same, for a player opened in it. This module holds the view's state and connects its
// parts: the file (event-file.js), the page's markup (event-page.js), the table (event-table.js), a
// player's own row (event-player.js), the rows' figures and the CSV (event-rows.js), the calculator's
// entries (event-calc.js).
import { $ } from "../../page/dom.js";
import { voice } from "../../page/say.js";
import { fileNameOf, listenHostFiles, sayFileProblem, showWhence } from "../../page/host-files.js";
import { enterView, leaveView, viewMode } from "../../page/view-history.js";
import { hasText, t } from "../../page/i18n.js";
import { formatAsHeld, formatNumber, isBlank, parseNumber } from "../../shared/numbers.js";
import { CONTRACT } from "../../shared/contract.js";
import { options } from "../../page/options.js";
import { eventRequest, REPORT_SYSTEM, withK } from "./event-file.js";
import { csvSeparator, named, openings, saveCsv, toBase64 } from "../../page/file-open.js";
import { buildPage, showNotes, showRules, showTotals } from "./event-page.js";
import { fillDetail, makeDetail, showKError } from "./event-player.js";
import { FIRST_DIRECTION, COLUMNS, csvRequest, filterPlayers, sortPlayers } from "./event-rows.js";
import { fillRow, makeRows, writeHead } from "./event-table.js";
import { calculatorState } from "./event-calc.js";
import { LongTable, SMALL } from "../../page/long-table.js";
import { linkedPlayer } from "../../page/player-link.js";
import { revealInPage } from "../../page/frame.js";
import { handEntries } from "../../page/hand-over.js";
import { focusUndo } from "../../page/notices.js";
import { filterAndOrder, keepFields, keptRead, keptShown } from "../../page/kept-fields.js";

/** @typedef {import("../../engine/engine.js").Engine} Engine */
/** @typedef {import("./event-rows.js").Player} Player */
/** @typedef {import("./event-rows.js").SortKey} SortKey */
/** @typedef {import("./event-file.js").Override} Override */

/** The view's state: the engine, the file, what the visitor set per player, the answer on the page,
 * the order and the filter, and each player's rows (made once). */
const view = {
  /** @type {Engine | null} */ engine: null,
  /** The report of a file the visitor opened here is brought into view when it first shows (on a phone it opens
   * screens below the file's box); one the club's page names is not. */ reveal: false,
  /** @type {import("./event-file.js").Source | null} */ source: null,
  /** The file's name in the engine (sent once). @type {import("../../page/file-open.js").Named | null} */ file: null,
  /** @type {Map<number, Override>} */ overrides: new Map(),
  /** What was set when the report on the page was made: a player's K refused goes back to it. @type {Map<number, Override>} */
  rated: new Map(),
  /** @type {Record<string, any> | null} */ answer: null,
  /** @type {{key: SortKey, direction: import("./event-rows.js").Direction}} */ sort: { key: "rank", direction: "ascending" },
  filter: "",
  /** Which players the norms' filter shows. @type {import("./event-rows.js").NormFilter} */ which: "all",
  /** The norms' settings sent (elo_core's `norms`: only those set). @type {Record<string, number | boolean>} */ norms: {},
  /** @type {Map<number, import("./event-table.js").Rows>} */ rows: new Map(),
  /** @type {Map<number, import("./event-player.js").Detail>} */ details: new Map(),
  /** How the event is rated (the rules chosen above the table). @type {import("./event-file.js").Rules} */
  rules: { system: REPORT_SYSTEM },
  /** The number of the latest request: an answer to an older one is not shown. */
  seq: 0,
  built: false,
  /** The count of players shown, said once the filter's typing pauses (a timer) and the rows are drawn. */
  countLater: 0,
  countDue: false,
  drawn: false,
  /** The filter typed into a large table, applied once the typing pauses (a timer). */
  filterLater: 0,
  /** A player's own start rating typed, the event rated again once the typing pauses (a timer). */
  ratingLater: 0,
  /** The norms' settings typed, the event rated again once the typing pauses (a timer). */
  normsLater: 0,
  /** The table's body, its rows placed in steps and shown near its view. @type {LongTable | null} */
  table: null,
  /** The order the headers show (they are written again only when it changes). */
  head: "",
  /** The players whose K or facts changed since the report on the page was made: only theirs is asked
   * for while the file and the rules stay (a K typed rates one player again, and changes one row). */
  dirty: /** @type {Set<number>} */ (new Set()),
  /** The rules the report on the page was made with (JSON of `rules`). */
  ratedRules: "",
};

/** How long the filter's typing pauses before a large table is filtered (ms): a key typed does nothing
 * more than keep the text. A table of up to SMALL players is filtered at once (a short task). */
const FILTER_PAUSE = 250;
/** How long the typing pauses before the count shown is said (ms). */
const COUNT_PAUSE = 500;

/** What the report says politely (the page's live region): at once, or a player's K or rating typed once the typing
 * pauses, as the calculator's result (say.js). */
const say = voice(() => $("announce"));

// ---- showing the view ------------------------------------------------------------------------

/**
 * Show the view in place of the calculator (made on first use): `opened` by the visitor (its heading focused, an
 * entry of its own in the history, what they typed in it kept), `again` after a reload in it (the same, but the
 * focus, which in a club's frame would take the club's page's), or the `page`'s own view at load (a club's: none of
 * these).
 * @param {Engine} engine @param {"opened" | "again" | "page"} [how]
 */
export function show(engine, how = "opened") {
  const own = how !== "page";
  view.engine = engine;
  if (!view.built) {
    buildPage({ back: hide, file: openFile, paste: openText, sort: sortBy, filter: filterBy, csv: downloadCsv, rules: setRules, norms: setNorms, show: showWhich });
    const body = /** @type {HTMLTableSectionElement} */ ($("event-body"));
    view.table = new LongTable(body, /** @type {HTMLElement} */ (body.closest(".report-wrap")));
    view.built = true;
  }
  if (own) keepTyped();
  viewMode(true);
  $("event-view").hidden = false;
  if (how === "opened") $("event-heading").focus();
  if (own) enterView("event", close, () => show(engine));
}

/** The view as the visitor had it open before a reload (app.js): its file to be opened again, kept nowhere.
 * @param {Engine} engine */
export const again = (engine) => show(engine, "again");

/** Back to the calculator: through the history when the visitor opened the view (view-history.js). */
export function hide() {
  if (!leaveView("event")) close();
}

/** Whether the view closes for the calculator, a player's entries just handed to it: the keyboard to its notice's
 * Undo, not to the view's way in. */
let handed = false;

/** The view closed, the calculator shown. */
function close() {
  viewMode(false);
  $("event-view").hidden = true;
  if (!(handed && focusUndo())) $("event-open")?.focus();
  handed = false;
}

/**
 * The view as the page's own (view="event"), shown over the calculator the shell mounted under it (a
 * player opens in it): null, what the page keeps is the calculator's.
 * @param {Engine} engine @returns {Promise<null>}
 */
export async function mount(engine) {
  show(engine, "page");
  // The club's heading (`heading`) in place of the view's own; "none": none (app.js hides the page's).
  if (options.heading) Object.assign($("event-heading"), options.heading === "none" ? { hidden: true } : { textContent: options.heading });
  elementRules();
  // The club's report, as the club published it: nothing to open, set (unless the element allows a
  // player's K: overrides) or take to the calculator here.
  const from = listenHostFiles(openHostFile, fetching);
  if (!from) keepTyped(); // no club's file: the page's report is the visitor's to open their own in
  if (from) $("event-view").classList.add("read-only");
  // The event's facts for its title norms are the club's (its norm-* attributes, or the federations' defaults):
  // shown, not changed by a visitor. The average of the opponents to come is a visitor's question, and stays.
  for (const id of ["event-norm-exempt", "event-norm-games", "event-norm-rounds"]) {
    /** @type {HTMLInputElement} */ ($(id)).disabled = Boolean(from);
  }
  hooks.link = Boolean(from);
  // The element's overrides="yes": a visitor may set a player's K (their facts) in the club's report.
  $("event-view").classList.toggle("overrides", Boolean(from) && options.overrides);
  ownAddress = from === "own";
  return null;
}

/** The element's rules for a club's own event: plain Elo (`system`), one K for everyone (`k`) and a start rating for
 * the unrated (`start`), in their fields as a visitor would set them (a club's report hides them). The report was
 * rated by FIDE whatever the element said, though the snippet builder offers Elo for it. */
function elementRules() {
  if (!CONTRACT.report.systems.includes(options.system) || options.system === REPORT_SYSTEM) return;
  const value = (/** @type {string} */ id, /** @type {number | null} */ x) => {
    if (x !== null) /** @type {HTMLInputElement} */ ($(id)).value = formatAsHeld(x, options.lang);
  };
  /** @type {HTMLSelectElement} */ ($("event-system")).value = options.system;
  value("event-all-k", options.k ? Number(options.k) : null);
  value("event-all-start", options.ladder.start);
  $("event-system").dispatchEvent(new Event("change")); // read as typed: the K's field shown, the rules set
}

/** Whether the fields the visitor types are kept (keepTyped). */
let typedKept = false;

/** The visitor's own report (not a club's): its rules and pasted text kept for the tab, and put back as typed before
 * a reload or a change of language (the norms' are each file's own). Once. */
function keepTyped() {
  if (typedKept) return;
  typedKept = true;
  if (keepFields("event", $("event-view"), ["event-system", "event-all-k", "event-all-start", "event-paste"])) {
    $("event-system").dispatchEvent(new Event("change")); // the rules read as typed, K's field shown for Elo
  }
  const text = /** @type {HTMLTextAreaElement} */ ($("event-paste")).value;
  if (text.trim() && pasteRead.was(text)) start({ text, name: "" }); // the report of the text read, as it was shown
}

/** Whether the text pasted is what the report was read from (page/kept-fields.js). */
const pasteRead = keptRead("event");

/** How the report is shown (filter, order, the norms shown), kept for the tab (page/kept-fields.js); `back`: read once still. */
const asShown = { ...keptShown("event"), back: true };

/** How the report is shown now, kept for a reload or a change of language. */
const keepShown = () => asShown.write({ filter: view.filter, sort: view.sort, which: view.which });

/** How the report was shown before a reload or a change of language, put back on its file's first answer: what no
 * build writes is left as it is. */
function showAsKept() {
  asShown.back = false;
  const kept = asShown.read();
  if (!kept) return;
  const { filter, sort } = filterAndOrder(kept, COLUMNS);
  if (filter !== null) /** @type {HTMLInputElement} */ ($("event-filter")).value = view.filter = filter;
  if (sort) view.sort = sort;
  const which = /** @type {HTMLSelectElement} */ ($("event-norm-show"));
  if ([...which.options].some((o) => o.value === kept.which)) {
    view.which = /** @type {import("./event-rows.js").NormFilter} */ (kept.which);
    which.value = view.which;
  }
}

/** Whether the widget's own address named the file (host-files.js): the view then says whose it is. */
let ownAddress = false;

/** The club's page is fetching the file: said from the first moment, what was shown before cleared. */
function fetching() {
  showError("");
  $("event-status").textContent = t("event.fetching");
}

/**
 * The file the club's element names (`src`: embed.js fetched it in the club's page, host-files.js),
 * rated; or why it could not be fetched, said where a file is opened.
 * @param {Record<string, import("../../page/host-files.js").HostFile>} files
 */
function openHostFile(files) {
  const file = files.src;
  $("event-status").textContent = "";
  if (!file) return;
  if (ownAddress) showWhence($("event-heading"), files);
  if ("error" in file) {
    sayFileProblem($("event-error"), file, $("event-heading"));
    return;
  }
  start({ base64: toBase64(new Uint8Array(file.bytes)), name: fileNameOf(file.url) });
}


// ---- the file ----------------------------------------------------------------------------------

/** A file picked or dropped: read here, then rated. @param {File} file */
export async function openFile(file) {
  const read = await opening.read(file);
  if (read === null) return; // another file (or text) opened meanwhile: that one is the visitor's
  if ("problem" in read) {
    showError(read.problem === "tooBig" ? tooBig() : t("event.unreadable"));
    return;
  }
  start({ base64: toBase64(read.bytes), name: file.name }, true);
}

/** What is said of a file too long to be a tournament report: over the bytes read here, or over the
 * characters elo_core reads (pasted). */
const tooBig = () => t("event.tooBig");

/** Text pasted, rated. @param {string} text */
function openText(text) {
  if (!text.trim()) {
    showError(t("event.pasteEmpty"));
    return;
  }
  start({ text, name: "" }, true);
}

/** The files and texts opened, in turn: the last one opened is the one shown. */
const opening = openings();

/** A new file: nothing set for its players, every row made anew; `reveal`: the visitor opened it here.
 * @param {import("./event-file.js").Source} source @param {boolean} [reveal] */
function start(source, reveal = false) {
  opening.next(); // a file still being read is no longer the one shown
  pasteRead.write("text" in source ? source.text : null);
  view.reveal = reveal;
  view.source = source;
  view.file = named();
  view.overrides = new Map();
  view.rated = new Map();
  view.answer = null;
  view.dirty.clear();
  resetNorms();
  view.table?.show(0, () => []); // the last file's rows go, and those still to draw are not
  view.rows.clear();
  view.details.clear();
  $("event-count").textContent = ""; // said again once this file's rows are all drawn
  $("event-report").hidden = true; // the last file's report goes: this one's comes, or why it cannot
  showError("");
  rate(null);
}

/** A new file's norms as the file and the club's element say them (norm-exempt, norm-games, norm-rounds): the
 * settings typed for the last one cleared, all its players shown. */
function resetNorms() {
  const given = options.norms;
  clearTimeout(view.normsLater); // the last file's settings asked for nothing more
  view.norms = {
    ...(given.exempt ? { exempt: true } : {}), ...(given.minGames && given.minGames !== 9 ? { min_games: given.minGames } : {}),
    ...(given.rounds ? { rounds: given.rounds } : {}),
  };
  view.which = "all";
  if (!view.built) return;
  /** @type {HTMLSelectElement} */ ($("event-norm-show")).value = "all";
  /** @type {HTMLSelectElement} */ ($("event-norm-games")).value = String(given.minGames ?? 9);
  /** @type {HTMLInputElement} */ ($("event-norm-exempt")).checked = given.exempt;
  /** @type {HTMLInputElement} */ ($("event-norm-rounds")).value = given.rounds ? String(given.rounds) : "";
  /** @type {HTMLInputElement} */ ($("event-norm-average")).value = "";
  for (const key of ["games", "rounds", "average"]) {
    const field = $(`event-norm-${key}`);
    delete field.dataset.typo;
    field.removeAttribute("aria-invalid");
    $(`event-norm-${key}-error`).textContent = "";
  }
}

/** A failure to read the file, said where the file was opened ("" for none). @param {string} text */
function showError(text) {
  $("event-error").textContent = text;
}

// ---- rating ------------------------------------------------------------------------------------

/**
 * Rate the file with what is set now; the latest request wins (engine.js KINDS). `edited` is the
 * player whose K or facts just changed: their change is announced, an error of theirs shown there.
 * @param {number | null} edited
 */
async function rate(edited) {
  if (!view.source || !view.engine) return;
  const seq = ++view.seq;
  if (!view.answer) $("event-status").textContent = t("event.rating");
  const rules = JSON.stringify([view.rules, view.norms]);
  // The report on the page made with these rules: only the players changed since are asked for.
  const only = view.answer && view.ratedRules === rules ? [...view.dirty] : null;
  const file = view.file;
  const bringing = Boolean(file && !file.sent);
  const how = Object.keys(view.norms).length ? { ...view.rules, norms: view.norms } : view.rules;
  const answer = await view.engine.request("event", eventRequest(view.source, view.overrides, how, only, file));
  if (file && bringing && answer && answer.errors?.[0]?.code !== "bad_name") file.sent = true; // named alone from now on
  if (file && answer?.errors?.[0]?.code === "file_dropped") { // the engine let it go (or restarted): sent again
    file.sent = false;
    if (seq === view.seq) rate(edited);
    return;
  }
  if (seq !== view.seq) return; // a newer request is on its way
  if (answer === null) { // the engine stopped (its state says so, with Retry): asked again, answered once it runs
    rate(edited);
    return;
  }
  $("event-status").textContent = "";
  if (!answer.ok) {
    failed(answer.errors ?? [], edited);
    return;
  }
  const first = !view.answer;
  if (first && asShown.back) showAsKept();
  view.answer = answer.only ? patched(answer) : answer;
  view.ratedRules = rules;
  view.dirty.clear(); // a newer change would have sent a newer request, and this answer been left (seq)
  view.rated = new Map(view.overrides);
  if (edited !== null) {
    const detail = view.details.get(edited);
    if (detail) showKError(detail, "");
  }
  render();
  if (first) opened();
  if (first && linked !== null && view.drawn) openLinked(); // drawn at once, before the report was shown
  else if (edited !== null) announceChange(edited);
}

/**
 * The report on the page with the players of an answer for some of them (`only`) in place of theirs:
 * the others' answers are the same objects as before, so that their rows are not written again.
 * @param {Record<string, any>} answer
 */
function patched(answer) {
  const fresh = new Map(answer.players.map((/** @type {Player} */ p) => [p.start, p]));
  const players = view.answer?.players ?? [];
  return { ...answer, players: players.map((/** @type {Player} */ p) => fresh.get(p.start) ?? p) };
}

/** The report's first showing: its name said, the table's heading in view. */
function opened() {
  const a = /** @type {Record<string, any>} */ (view.answer);
  $("event-report").hidden = false;
  if (view.reveal) revealInPage($("event-report")); // a file the visitor opened: its report in view
  view.reveal = false;
  say.now(t("event.announceOpened", { name: a.event.name || t("event.unnamed"), count: a.players.length }));
}

/** What Python refused: a player's K (said at their field), else the file (said where it was opened).
 * @param {{field: string, code: string, message: string, params: Record<string, any>}[]} errors @param {number | null} edited */
function failed(errors, edited) {
  const mine = errors.find((e) => edited !== null && (e.field.startsWith(`players.${edited}`) || e.field === `ratings.${edited}`));
  const detail = edited === null ? undefined : view.details.get(edited);
  if (mine && detail && edited !== null) { // in the calculator's words where it has them ("Enter a K-factor above 0 ...")
    // What the report on the page was made with stands: the next request for anyone is not refused for this.
    view.overrides.set(edited, { ...view.rated.get(edited) });
    showKError(detail, errorText(mine));
    say.later(errorText(mine)); // as a K taken says its change
    return;
  }
  const first = errors[0];
  const norm = errors.find((e) => e.field.startsWith("norms."));
  const key = norm && { min_games: "games", rounds: "rounds", average: "average" }[norm.field.slice(6)];
  if (norm && key) { // a norms' setting out of range: said at its field, in the page's words where it has them
    $(`event-norm-${key}-error`).textContent = normError(norm);
    $(`event-norm-${key}`).setAttribute("aria-invalid", "true");
    return;
  }
  if (first?.field === "k") { // Elo's K for everyone
    $("event-all-k-error").textContent = errorText(first);
    return;
  }
  const line = first?.params?.line;
  if (first?.params?.max) showError(tooBig()); // elo_core.files.trf: over MAX_TRF_CHARS
  else showError(line ? t("event.notTrf", { line }) : first?.message ?? t("event.unreadable"));
}

/** A norms' setting refused by Python, in the page's words: a number out of its range. @param {{code: string, message: string, params: Record<string, any>}} e */
function normError(e) {
  return e.code === "out_of_range" ? t("event.norm.outOfRange", { min: e.params.min ?? "", max: e.params.max ?? "" }) : t("event.kRefused", { message: e.message });
}

/** An error of a K in the calculator's words where it has them ("Enter a K-factor above 0 ..."), else
 * elo_core's message. @param {{code: string, message: string, params: Record<string, any>}} e */
function errorText(e) {
  const own = [`error.${e.code}.k`, `error.${e.code}`].find(hasText); // a K's own words first ("Enter a K-factor.")
  return own ? t(own, { ...e.params, message: e.message }) : t("event.kRefused", { message: e.message });
}

/**
 * The rules chosen: FIDE's, or plain Elo with one K for everyone and, if given, one start rating for
 * every unrated player (a K or a start rating that is no number is said at its field, and nothing is
 * asked). @param {string} system @param {string} kText @param {string} startText
 */
function setRules(system, kText, startText) {
  const read = isBlank(kText) ? null : parseNumber(kText, options.lang);
  const start = isBlank(startText) ? null : parseNumber(startText, options.lang);
  const k = withK(system);
  $("event-all-k-error").textContent = !k || read === null || read.kind === "number" ? "" : t("event.kInvalid");
  $("event-all-start-error").textContent = !k || start === null || start.kind === "number" ? "" : t("event.startInvalid");
  if (k && ((read !== null && read.kind !== "number") || (start !== null && start.kind !== "number"))) return;
  // K blank: Python says it is required, at the field. A start rating blank: unrated players stay unrated.
  view.rules = k
    ? { system, k: read?.kind === "number" ? read.value : null, ...(start?.kind === "number" ? { start: start.value } : {}) }
    : { system };
  $("event-view").classList.toggle("elo", k);
  rate(null);
}

/**
 * The norms' settings typed: the fewest games, the exemption, the event's rounds and the average of the opponents
 * to come (blank: as the file says; as so far). A figure that is no whole number is said at its field, and
 * nothing is asked. @param {import("./event-page.js").NormFields} set
 */
function setNorms(set) {
  /** @type {Record<string, number | boolean>} */
  const norms = {};
  let wrong = false;
  for (const [key, text] of /** @type {const} */ ([["rounds", set.rounds], ["average", set.average]])) {
    const read = isBlank(text) ? null : parseNumber(text, options.lang);
    const bad = read !== null && (read.kind !== "number" || !Number.isInteger(read.value));
    $(`event-norm-${key}-error`).textContent = bad ? t(`event.norm.${key}Invalid`) : "";
    const field = $(`event-norm-${key}`);
    if (bad) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    if (bad) field.dataset.typo = "1";
    else delete field.dataset.typo;
    wrong ||= bad;
    if (read?.kind === "number" && !bad) norms[key] = read.value;
  }
  clearTimeout(view.normsLater);
  if (wrong) return;
  if (set.exempt) norms.exempt = true;
  if (set.minGames !== "9") norms.min_games = Number(set.minGames);
  view.norms = norms;
  // Every player's report is asked for again (a setting of the event's): once the typing pauses, not at each key.
  view.normsLater = window.setTimeout(() => rate(null), 300);
}

/** Show all players, those who made a norm, or those on course for one. @param {import("./event-rows.js").NormFilter} which */
function showWhich(which) {
  view.which = which;
  keepShown();
  if (!view.answer) return;
  clearTimeout(view.countLater);
  view.countDue = true;
  toTop();
  drawRows();
}

/** The change of the player edited, said politely. @param {number} start */
function announceChange(start) {
  const p = playerOf(start);
  if (!p) return;
  const change = p.change_rounded === null ? "—" : formatNumber(p.change_rounded, options.lang, { sign: true });
  const rating = p.new_rating === null ? "—" : formatNumber(p.new_rating, options.lang);
  say.later(t("event.announceChange", { name: p.name, change, rating }));
}

/** The player with start number `start` in the answer on the page. @param {number} start @returns {Player | undefined} */
function playerOf(start) {
  return view.answer?.players.find((/** @type {Player} */ p) => p.start === start);
}

// ---- what the visitor sets per player ------------------------------------------------------------

/** The hooks of a player's own row (event-player.js). @type {import("./event-player.js").Hooks} */
const hooks = {
  k(start, k) {
    const detail = view.details.get(start);
    if (k !== null && !Number.isFinite(k)) {
      if (detail) showKError(detail, t("event.kInvalid"));
      say.later(t("event.kInvalid")); // as a K taken says its change
      return;
    }
    const given = { ...view.overrides.get(start) };
    if (k === null) delete given.k;
    else given.k = k;
    view.overrides.set(start, given);
    view.dirty.add(start);
    rate(start);
  },
  rating(start, rating) {
    const given = { ...view.overrides.get(start) };
    if (rating === null) delete given.rating;
    else given.rating = rating;
    view.overrides.set(start, given);
    // A start rating changes what each opponent of the player expected: everyone is asked for again, once
    // the typing pauses (each key would rate the whole event).
    view.ratedRules = "";
    clearTimeout(view.ratingLater);
    view.ratingLater = window.setTimeout(() => rate(start), 300);
  },
  fact(start, fact, on) {
    view.overrides.set(start, { ...view.overrides.get(start), [fact]: on });
    view.dirty.add(start);
    rate(start);
  },
  calculator: toCalculator,
  link: false, // a club's file (mount): each row has a link of its own
};

/** Player `start` in the calculator, in place of its entries (with Undo there). @param {number} start */
async function toCalculator(start) {
  const p = playerOf(start);
  if (!p || !view.answer) return;
  const state = calculatorState(p, view.answer.event, view.overrides.get(start) ?? {});
  handEntries(state, t("event.inCalculator", { name: p.name })); // first: the view's close puts the keyboard on its Undo
  handed = true;
  hide();
}

// ---- the table ---------------------------------------------------------------------------------

/** The players in the order and with the filter asked. */
function shownPlayers() {
  const players = /** @type {Player[]} */ (view.answer?.players ?? []);
  return filterPlayers(sortPlayers(players, view.sort.key, view.sort.direction), view.filter, view.which);
}

/** The answer on the page: totals, notes, headers and rows. */
function render() {
  const a = /** @type {Record<string, any>} */ (view.answer);
  showTotals(a);
  showNotes(a);
  showRules(a);
  // A file whose norms cannot be judged (no titles, no federations) has no norms' settings or filter to offer.
  const judged = Boolean(a.event.norms?.judged);
  $("event-norm-settings").hidden = $("event-norm-show-field").hidden = !judged;
  for (const key of ["games", "rounds", "average"]) { // what Python refused of a setting went with its answer
    const field = $(`event-norm-${key}`);
    if (field.dataset.typo) continue; // not a number, said here: no request was made of it
    $(`event-norm-${key}-error`).textContent = "";
    field.removeAttribute("aria-invalid");
  }
  drawTable();
}

/** The headers (written again only when the order changes) and the rows. */
function drawTable() {
  if (view.head !== `${view.sort.key} ${view.sort.direction}`) {
    writeHead(/** @type {HTMLTableSectionElement} */ ($("event-head")), view.sort, sortBy);
    view.head = `${view.sort.key} ${view.sort.direction}`;
  }
  drawRows();
}

/**
 * The rows of the players shown, in order (long-table.js: placed in steps, shown near the box's view): a
 * row is made when first placed and written again only where its player's answer changed (`shows`).
 * Once all are placed, the count shown is said.
 */
function drawRows() {
  const a = view.answer;
  if (!a || !view.table) return;
  const players = shownPlayers();
  const system = a.event.system;
  // A printed column no row shown has a value in (a club's event without federations, norms or TPR): left off paper,
  // and off the club's page's copy (style.css, print-copy.js). All of them printed, the table of FIDE's example was
  // 875 px wide against a portrait A4's 718 (its TPR and norms columns all dashes), a lichess event's 773.
  const blank = COLUMNS.filter((c) => c.print && c.key !== "name" && players.length && players.every((p) => c.value(p, t) === null));
  /** @type {HTMLElement} */ ($("event-table")).dataset.blank = blank.map((c) => c.key).join(" ");
  view.drawn = false;
  view.table.show(players.length, (i) => rowsOf(players[i], system), () => {
    $("event-count").textContent = t("event.shown", { shown: players.length, count: a.players.length });
    view.drawn = true;
    sayCount();
    if (linked !== null && !$("event-report").hidden) openLinked(); // else once shown (rate)
  });
}

/** A player's rows, made or written again for their answer `p`: their own row below theirs once it was
 * opened (a row never opened is not in the document: half the rows to place). @param {Player} p @param {string} system */
function rowsOf(p, system) {
  let rows = view.rows.get(p.start);
  if (!rows) view.rows.set(p.start, rows = makeRows(p, toggle));
  if (rows.shows !== p) fillRow(rows, p, system);
  const detail = view.details.get(p.start);
  if (!detail) return [rows.row];
  if (detail.shows !== p) fillDetail(detail, p, system);
  return [rows.row, rows.detail];
}

/** The player a link to the club's report names (player-link.js: its start number), opened once the
 * report is first drawn; null once done, or when none is named. */
let linked = linkedPlayer();

/** Open the linked player's row and bring it into view (its button focused: the visitor came for it). */
function openLinked() {
  const start = Number(linked);
  linked = null;
  const rows = Number.isInteger(start) ? view.rows.get(start) : undefined;
  if (!rows) return;
  if (rows.detail.hidden) toggle(start);
  view.table?.focused(rows.row); // a row far from the box's view is laid out first (long-table.js)
  rows.toggle.focus({ preventScroll: true }); // a frame may not take the focus from the club's page: then shown only
  revealInPage(rows.row);
}

/** Open or close a player's own row. @param {number} start */
function toggle(start) {
  const rows = view.rows.get(start);
  const p = playerOf(start);
  if (!rows || !p) return;
  const opening = rows.detail.hidden;
  if (opening && !view.details.has(start)) {
    const cell = /** @type {HTMLTableCellElement} */ (rows.detail.firstElementChild);
    const detail = makeDetail(cell, p, view.overrides.get(start) ?? {}, hooks);
    view.details.set(start, detail);
    rows.detail.hidden = false;
    drawRows(); // their row placed below theirs (the others stay where they are), its figures filled
    if (detail.shows !== p) fillDetail(detail, p, view.answer?.event.system ?? REPORT_SYSTEM);
  }
  rows.detail.hidden = !opening;
  rows.toggle.setAttribute("aria-expanded", String(opening));
}

/** Sort by `key`: a second press turns the order round. @param {SortKey} key */
function sortBy(key) {
  const direction = view.sort.key === key ? (view.sort.direction === "ascending" ? "descending" : "ascending") : FIRST_DIRECTION[key];
  view.sort = { key, direction };
  keepShown();
  if (!view.answer) return;
  toTop();
  drawTable();
  const column = COLUMNS.find((c) => c.sort === key);
  say.now(t("event.sorted", { column: t(column?.head ?? ""), direction: t(`event.${direction}`) }));
  // The header's button was made anew: the focus goes back to it.
  const button = /** @type {HTMLButtonElement | null} */ ($("event-head").querySelector(`th.c-${column?.key} button`));
  button?.focus();
}

/**
 * Show only the players whose name holds `text`: at once for a table of up to SMALL players, else once the
 * typing pauses (a key typed into a large table's filter does no more than keep the text). How many, said
 * once the typing pauses and the rows are drawn.
 * @param {string} text
 */
function filterBy(text) {
  view.filter = text;
  keepShown();
  if (!view.answer) return;
  clearTimeout(view.filterLater);
  clearTimeout(view.countLater);
  view.countDue = false;
  view.countLater = window.setTimeout(() => {
    view.countDue = true;
    sayCount();
  }, COUNT_PAUSE);
  const filter = () => {
    toTop();
    drawRows();
  };
  if (view.answer.players.length <= SMALL) filter();
  else view.filterLater = window.setTimeout(filter, FILTER_PAUSE);
}

/** The count shown said, once it is due (the typing paused) and the rows are drawn. */
function sayCount() {
  if (!view.countDue || !view.drawn) return;
  view.countDue = false;
  say.now($("event-count").textContent ?? "");
}

/** The table's box scrolled to its first row (a new order or filter shows from its start). */
function toTop() {
  const box = $("event-body").closest(".report-wrap");
  if (box) box.scrollTop = 0;
}

/** The table as shown, as a CSV file the browser saves (elo_core writes it, as the ladder's: csv_writer.table_csv;
 * nothing is sent anywhere). */
async function downloadCsv() {
  if (!view.answer || !view.engine) return;
  const base = (view.source?.name || view.answer.event.name || "tournament").replace(/\.[^.]*$/, "");
  const answer = await view.engine.request("ladder", csvRequest(shownPlayers(), t, csvSeparator(options.lang)));
  if (answer?.ok) saveCsv(answer.csv, `${base.replace(/[^\p{L}\p{N} _.-]/gu, "_") || "tournament"}.csv`);
}
