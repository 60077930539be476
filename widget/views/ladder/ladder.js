// The club ladder view (views.js "ladder"): a club's results ledger replayed into its own rating list
// by elo_core's `ladder` kind (ladder.ladder_report), in the visitor's browser. The calculator's
// "Open a results file" shows it (ladder-entry.js), or the embedding page asks for it (view="ladder",
// with the files its element names: `src` and `players`, host-files.js; its `system` and `k`). This
// module holds the view's state and connects its parts: the markup and settings (ladder-page.js), the
// ranking's table (ladder-table.js), a player's page (ladder-player.js), the rows and requests
// (ladder-rows.js). Nothing leaves the browser: files go to Python in the page's worker.
import { $, h } from "../../page/dom.js";
import { voice } from "../../page/say.js";
import { fileNameOf, listenHostFiles, sayFileProblem, showWhence } from "../../page/host-files.js";
import { enterView, leaveView, viewMode } from "../../page/view-history.js";
import { hasText, t } from "../../page/i18n.js";
import { formatNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { csvSeparator, named, openings, saveCsv, toBase64 } from "../../page/file-open.js";
import { SETTING_FIELDS, buildPage, nameSettings, readSettings, refusedSettings, rulesLine, showSystemFields, writeSettings } from "./ladder-page.js";
import { groupKey, lineRuns } from "../../page/text.js";
import { elementSettings } from "./ladder-options.js";
import { makeRow, writeHead } from "./ladder-table.js";
import { showPlayer, showStakes, day } from "./ladder-player.js";
import { FIRST_DIRECTION, COLUMNS, LEAGUE_COLUMNS, csvName, csvRequest, defaultSettings, filterPlayers, inPool, isLeague, ladderRequest, playerRequest, sortPlayers, stakesRequest, stem, wordsOf } from "./ladder-rows.js";
import { LongTable, SMALL } from "../../page/long-table.js";
import { printedOn } from "../../page/print-copy.js";
import { linkedPlayer } from "../../page/player-link.js";
import { revealInPage } from "../../page/frame.js";
import { filterAndOrder, keepFields, keptRead, keptShown } from "../../page/kept-fields.js";

/** @typedef {import("../../engine/engine.js").Engine} Engine */
/** @typedef {import("../../page/file-open.js").Named} Named */
/** @typedef {import("./ladder-rows.js").Player} Player */
/** @typedef {import("./ladder-rows.js").SortKey} SortKey */

/** The view's state. */
const view = {
  /** @type {Engine | null} */ engine: null,
  /** The ranking of a file the visitor opened here is brought into view when it first shows (on a phone it
   * opens screens below the settings); one the club's page names is not. */ reveal: false,
  /** @type {{base64: string} | {text: string} | null} */ games: null,
  /** @type {{base64: string, name: string} | null} */ players: null,
  /** The files' names in the engine, each sent once (page/file-open.js named): the ledger's, the players file's.
   * @type {{games: Named | null, players: Named | null}} */ files: { games: null, players: null },
  name: "",
  settings: defaultSettings(),
  /** @type {Record<string, any> | null} */ answer: null,
  /** @type {string | null} */ pool: null,
  /** @type {{key: SortKey, direction: import("./ladder-rows.js").Direction}} */ sort: { key: "rank", direction: "ascending" },
  filter: "",
  /** Each player's row of the answer on the page (made once an answer). @type {Map<Player, HTMLTableRowElement>} */
  rows: new Map(),
  /** @type {Player | null} */ player: null,
  seq: 0,
  built: false,
  /** The ranking's body, its rows placed in steps and shown near its view. @type {LongTable | null} */
  table: null,
  /** The order the rows are in (sorting a large ranking once a key, not once a key typed). @type {{players: Player[], key: string, sorted: Player[]} | null} */
  sorted: null,
  /** The filter of a large ranking, applied once its typing pauses (a timer). */
  filterLater: 0,
  settingsLater: 0,
  /** What the club's element set that Python refused, left out for the ladder's own (`failed`): said at the settings
   * until the visitor changes one. */
  leftOut: "",
  /** Whether the visitor changed a setting here (else they are the element's). */
  typed: false,
};

/** How the ranking is shown (filter, order, pool), kept for the tab (page/kept-fields.js); `back`: read once still. */
const asShown = { ...keptShown("ladder"), back: true };

/** How the ranking is shown now, kept for a reload or a change of language. */
const keepShown = () => asShown.write({ filter: view.filter, sort: view.sort, pool: view.pool });

/**
 * How the ranking was shown before a reload or a change of language, put back on its file's first answer: what no
 * build writes, a column this file has not, a pool it has not, is left as it is.
 * @param {Record<string, any>} answer
 */
function showAsKept(answer) {
  asShown.back = false;
  const kept = asShown.read();
  if (!kept) return;
  const { filter, sort } = filterAndOrder(kept, isLeague(answer) ? LEAGUE_COLUMNS : COLUMNS);
  if (filter !== null) /** @type {HTMLInputElement} */ ($("ladder-filter")).value = view.filter = filter;
  if (sort) view.sort = sort;
  if (answer.pools.includes(kept.pool)) view.pool = /** @type {string | null} */ (kept.pool);
}

/** Whether the fields the visitor types are kept (keepTyped). */
let typedKept = false;

/** The visitor's own ladder (not a club's, whose settings are its element's): its settings and pasted text kept for
 * the tab, and put back as typed before a reload or a change of language. Once. */
function keepTyped() {
  if (typedKept) return;
  typedKept = true;
  if (keepFields("ladder", $("ladder-view"), KEPT)) settingsChanged();
  const text = /** @type {HTMLTextAreaElement} */ ($("ladder-paste")).value;
  if (text.trim() && pasteRead.was(text)) {
    start({ text }, ""); // the ranking of the text read, as it was shown, by the settings put back
    clearTimeout(view.settingsLater); // which start's request carries: not asked for again
  }
}

/** Whether the text pasted is what the ranking was read from (page/kept-fields.js). */
const pasteRead = keptRead("ladder");

/** The fields a reload keeps (page/kept-fields.js): the settings, the text pasted. */
const KEPT = [...Object.values(SETTING_FIELDS).map(([id]) => id), "ladder-cap", "ladder-paste"];

/** How long the filter's typing pauses before a large ranking is filtered (ms): a key typed does nothing
 * more than keep the text. A ranking of up to SMALL players is filtered at once (a short task). */
const FILTER_PAUSE = 250;

/** The texts of the answer shown (ladder-rows.js wordsOf): a league's speaks of teams and games, a club's of players
 * and chess's games (before any answer: the club's). */
const words = () => wordsOf(isLeague(view.answer), t, hasText);

/** Say `text` politely (the page's live region). @param {string} text */
const announce = (text) => { $("announce").textContent = text; };
/** The count shown, said once the filter's typing pauses (say.js). */
const count = voice(() => $("announce"), { pause: 500 });

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
    buildPage({ back: hide, games: openFile, players: openPlayers, paste: openText, settings: settingsChanged,
      sort: sortBy, filter: filterBy, pool: poolChanged, csv: rankingCsv });
    const body = /** @type {HTMLTableSectionElement} */ ($("ladder-body"));
    view.table = new LongTable(body, /** @type {HTMLElement} */ (body.closest(".report-wrap")));
    view.built = true;
  }
  if (own) keepTyped();
  viewMode(true); // the calculator's parts step aside, as for the event view
  $("ladder-view").hidden = false;
  if (how === "opened") $("ladder-heading").focus();
  if (own) enterView("ladder", close, () => show(engine));
}

/** The view as the visitor had it open before a reload (app.js): its file to be opened again, kept nowhere.
 * @param {Engine} engine */
export const again = (engine) => show(engine, "again");

/** Back to the calculator: through the history when the visitor opened the view (view-history.js). */
export function hide() {
  if (!leaveView("ladder")) close();
}

/** The view closed, the calculator shown. */
function close() {
  viewMode(false);
  $("ladder-view").hidden = true;
  $("ladder-open")?.focus();
}

/** The view as the page's own (view="ladder"), shown over the calculator the shell mounted under it, the
 * element's files read, its system and K set: null, what the page keeps is the calculator's.
 * @param {Engine} engine @returns {Promise<null>} */
export async function mount(engine) {
  show(engine, "page");
  // The club's heading (`heading`) in place of the view's own; "none": none (app.js hides the page's).
  if (options.heading) Object.assign($("ladder-heading"), options.heading === "none" ? { hidden: true } : { textContent: options.heading });
  view.settings = elementSettings(view.settings, options); // the element's system, K and rules (ladder-options.js)
  writeSettings(view.settings);
  const from = listenHostFiles(openHostFiles, fetching);
  ownAddress = from === "own";
  if (!from) keepTyped(); // no club's file: the page's ladder is the visitor's to open their own in
  return null;
}

/** Whether the widget's own address named the files (host-files.js): the view then says whose they are. */
let ownAddress = false;

/** The player a link to the club's ladder names (player-link.js), opened once; null once done, or none. */
let linked = linkedPlayer();

/** The club's page is fetching the files: said from the first moment, what was shown before cleared. */
function fetching() {
  $("ladder-view").classList.add("read-only");
  showError("");
  $("ladder-status").textContent = t("ladder.fetching");
}

/**
 * The files the club's element names, replayed; or why one could not be fetched, said in the frame.
 * @param {Record<string, import("../../page/host-files.js").HostFile>} files
 */
function openHostFiles(files) {
  $("ladder-view").classList.add("read-only");
  playerHooks.link = true; // a club's files: each player's page has a link of its own
  $("ladder-status").textContent = "";
  if (ownAddress) showWhence($("ladder-heading"), files);
  const failed = [files.src, files.players].find((f) => f && "error" in f);
  if (!files.src) {
    showError(t("ladder.noSrc"));
    return;
  }
  if (failed && "error" in failed) {
    sayFileProblem($("ladder-error"), failed, $("ladder-heading"));
    return;
  }
  const players = files.players && "bytes" in files.players ? { base64: toBase64(new Uint8Array(files.players.bytes)), name: "" } : null;
  const games = /** @type {{url: string, bytes: ArrayBuffer, modified?: string}} */ (files.src);
  showUpdated([games.modified, files.players && "bytes" in files.players ? files.players.modified : undefined]);
  view.players = players;
  view.files.players = players ? named() : null;
  start({ base64: toBase64(new Uint8Array(games.bytes)) }, fileNameOf(games.url));
}

/**
 * "Last updated" and the date the club's files last changed (the later of the two), as their server
 * says it (a ladder kept in the club's WordPress writes its files on every change); hidden when it
 * does not say. @param {(string | undefined)[]} dates ISO 8601
 */
function showUpdated(dates) {
  const latest = dates.filter((d) => typeof d === "string").sort().pop();
  const line = $("ladder-updated");
  line.hidden = !latest;
  line.textContent = latest ? t("ladder.updated", { date: new Intl.DateTimeFormat(options.lang, { dateStyle: "long" }).format(new Date(latest)) }) : "";
}


/** A file's bytes in base64, or null with why not said where files are opened; null, unsaid, when another was
 * opened while it was read (`of`: the results files' openings, or the players files'). @param {File} file
 * @param {ReturnType<typeof openings>} of */
async function base64Of(file, of) {
  const read = await of.read(file);
  if (read === null) return null;
  if ("bytes" in read) return toBase64(read.bytes);
  showError(t(read.problem === "tooBig" ? "ladder.tooBig" : "ladder.unreadable"));
  return null;
}

/** A results file picked or dropped. @param {File} file */
export async function openFile(file) {
  showUpdated([]); // a file of the visitor's own: no server says when it changed
  const base64 = await base64Of(file, opening); // not when another was opened meanwhile
  if (base64 !== null) start({ base64 }, file.name, true);
}

/** The results files opened and the players files, each in turn: the last one opened is the one used. */
const opening = openings();
const openingPlayers = openings();

/** The players file picked (null: forgotten); the ledger replayed with it. @param {File | null} file */
async function openPlayers(file) {
  if (file) {
    const base64 = await base64Of(file, openingPlayers);
    if (base64 === null) return;
    view.players = { base64, name: file.name };
    view.files.players = named();
  } else {
    openingPlayers.next(); // a players file still being read is not used
    view.players = null;
    view.files.players = null;
  }
  $("ladder-players-name").textContent = view.players ? t("ladder.playersUsed", { name: view.players.name }) : "";
  $("ladder-players-forget").hidden = !view.players;
  // Text pasted and read is read again after a reload only without a players file, which is kept nowhere: a ranking
  // read again without it would differ from the one shown, with nothing said.
  if (view.games && "text" in view.games) pasteRead.write(view.players ? null : view.games.text);
  if (view.games) rate(true);
}

/** Results pasted. @param {string} text */
function openText(text) {
  if (!text.trim()) {
    showError(t("ladder.pasteEmpty"));
    return;
  }
  start({ text }, "", true);
}

/** A new ledger: its ranking made anew; `reveal`: the visitor opened it here.
 * @param {{base64: string} | {text: string}} games @param {string} name @param {boolean} [reveal] */
function start(games, name, reveal = false) {
  opening.next(); // a file still being read is no longer the one shown
  pasteRead.write("text" in games && !view.players ? games.text : null); // a players file beside it is opened again
  view.reveal = reveal;
  view.games = games;
  view.files.games = named();
  view.name = name;
  view.answer = null;
  view.pool = null;
  $("ladder-report").hidden = true;
  $("ladder-player").hidden = true;
  showError("");
  rate(true);
}

/** A failure to read the file, said where it was opened ("" for none). @param {string} text */
function showError(text) {
  $("ladder-error").textContent = text;
  if (text) $("ladder-status").textContent = "";
}

/** The files as a request sends them: their bytes, or their names once the engine has them. */
function source() {
  const games = /** @type {{base64: string} | {text: string}} */ (view.games);
  return { games, players: view.players, name: view.name, files: view.files };
}

/**
 * The engine's answer to a request about the files (`make` writes it anew each time): a file the engine no
 * longer holds (`file_dropped`: it keeps a few, or it started again) is sent again, once.
 * @param {() => string} make @returns {Promise<any>}
 */
async function askLadder(make) {
  let answer = null;
  for (let tries = 0; tries < 3; tries++) { // the ledger, then the players file, may each have been let go
    const named = { file: view.files.games, players_file: view.players ? view.files.players : null };
    const bringing = Object.values(named).filter((f) => f && !f.sent);
    answer = await /** @type {Engine} */ (view.engine).request("ladder", make());
    const error = answer?.errors?.[0];
    if (answer && error?.code !== "bad_name") for (const f of bringing) if (f) f.sent = true; // the engine kept them
    if (error?.code !== "file_dropped") return answer;
    const dropped = named[/** @type {"file" | "players_file"} */ (error.field)];
    if (dropped) dropped.sent = false; // that one is sent again; the other, and what was made of it, stay
  }
  return answer;
}

/** Replay the ledger with the settings; the newest request's answer only is shown. @param {boolean} fresh a new file */
async function rate(fresh) {
  if (!view.games || !view.engine) return;
  const seq = ++view.seq;
  $("ladder-status").textContent = words()("ladder.rating");
  const answer = await askLadder(() => ladderRequest(source(), view.settings, dateLocale()));
  if (seq !== view.seq) return;
  if (answer === null) { // the engine stopped (its state says so, with Retry): asked again once it runs
    rate(fresh);
    return;
  }
  $("ladder-status").textContent = "";
  if (!answer.ok) {
    failed(answer.errors ?? [], fresh);
    return;
  }
  $("ladder-settings-error").textContent = view.leftOut;
  // What an earlier file was refused for goes (a players file of other players, then the right one); a club's ladder
  // (its settings' box not shown) says there what of its element's settings was left out.
  showError($("ladder-view").classList.contains("read-only") ? view.leftOut : "");
  // A file without a line (no header, no game, nothing said of it): an empty ranking said nothing (a views pass).
  const ledger = answer.ledger;
  if (fresh && !ledger.header && ledger.games + ledger.forfeits === 0 && answer.problems.length === 0) {
    showError(t("ladder.emptyFile", { file: t("ladder.file") }));
  }
  // The answer was read (JSON) in this task: the page is drawn in the next one.
  await new Promise((resolve) => setTimeout(resolve));
  if (seq !== view.seq) return;
  // This file's first ranking: a replay of the settings may bring it, when asked while the file's own answer was on
  // its way (the settings put back after a reload, before Python ran: the ranking stayed hidden, a review's find).
  const first = view.answer === null;
  view.answer = answer;
  if (asShown.back) showAsKept(answer);
  if (!answer.pools.includes(view.pool)) {
    // The pool the element names first (`pool`), else the file's first.
    view.pool = answer.pools.find((/** @type {string | null} */ p) => p !== null && p === options.ladder.pool) ?? answer.pools[0] ?? null;
  }
  showLedger();
  render(true);
  if (view.player) {
    // A player's page open (opened while the settings' replay was on its way): shown again with the new figures;
    // a new file (or players file), or the player gone from it: back to the ranking, the keyboard at their row.
    const was = view.player;
    const again = fresh ? undefined : answer.players.find((/** @type {Player} */ q) => q.id === was.id && q.pool === was.pool);
    // Their page, not the ranking, is what the visitor is on: "Ranking ready: 7 players." was said over it (hp111).
    if (again) return void openPlayer(again);
    playerHooks.back();
  }
  if (fresh || first) {
    $("ladder-report").hidden = false; // a new file's ranking
    if (view.reveal) revealInPage($("ladder-report")); // one the visitor opened here: in view
    view.reveal = false;
  }
  // Said on each new ranking: a file opened, or the settings changed; with how many a filter kept shows (none).
  const said = words()("ladder.announceOpened", { count: inPool(answer.players, view.pool).length });
  announce(view.filter ? `${said} ${$("ladder-count").textContent}` : said);
}

/** What Python refused: a setting (said at the settings), else the file (said where it was opened).
 * @param {{field: string, code: string, message: string, params: Record<string, any>}[]} errors
 * @param {boolean} fresh the file's first ranking was asked for */
function failed(errors, fresh) {
  const first = errors[0];
  if (first && !["text", "players", "bytes", "players_bytes", "file", "players_file", ""].includes(first.field)) {
    const said = refusedSettings(errors, words());
    // The element's settings refused before any ranking showed (home-advantage="9999", k="0", a season starting on
    // 30 February: well formed, out of range): each left out for the ladder's own, as a malformed one is, said to the
    // webmaster in the console and at the settings. There was no ranking at all, and no settings' box to correct
    // them in (hp114).
    const own = /** @type {Record<string, any>} */ (defaultSettings());
    // Once: a setting refused at the ladder's own value too is said as below, not replayed again and again.
    const given = errors.filter((e) => e.field in SETTING_FIELDS && /** @type {Record<string, any>} */ (view.settings)[e.field] !== own[e.field]);
    if (!view.answer && !view.typed && given.length === errors.length) {
      view.settings = { ...view.settings, ...Object.fromEntries(errors.map((e) => [e.field, own[e.field]])) };
      writeSettings(view.settings);
      for (const e of errors) $(SETTING_FIELDS[e.field][0]).removeAttribute("aria-invalid"); // its field now holds the ladder's own
      view.leftOut = `${said} ${t("ladder.leftOut")}`;
      console.warn(`elo-calculator: ${view.leftOut}`);
      rate(fresh);
      return;
    }
    $("ladder-settings-error").textContent = said;
    // A club's ladder (its settings the element's, its settings' box not shown): said where the ranking would be,
    // or the published page was blank but for its heading (a K of 0 on the element).
    if ($("ladder-view").classList.contains("read-only")) showError(said);
    return;
  }
  const line = first?.params?.line;
  const which = first?.field?.startsWith("players") ? "ladder.playersFile" : "ladder.file";
  // A players file that names none of the games' players (another club's, an older one): said so, not "no results
  // file", which it is not meant to be.
  if (first?.params?.reason === "players_of_none") showError(t("ladder.playersOfNone", { file: t(which), player: String(first.params.player) }));
  else showError(line ? t("ladder.notLedger", { file: t(which), line }) : t("ladder.unreadableLedger", { file: t(which), message: first?.message ?? "" }));
}

/** The settings typed: replayed once the typing pauses; a number that is none is said, nothing sent. */
function settingsChanged() {
  view.leftOut = "";
  view.typed = true;
  showSystemFields();
  const { settings, invalid } = readSettings(view.settings, words());
  $("ladder-settings-error").textContent = invalid.length ? t("ladder.notANumber", { fields: invalid.join(", ") }) : "";
  if (invalid.length) return;
  view.settings = settings;
  clearTimeout(view.settingsLater);
  view.settingsLater = window.setTimeout(() => rate(false), 300);
}

/** The ledger's name, totals, pools and problems. */
function showLedger() {
  const a = /** @type {Record<string, any>} */ (view.answer);
  const say = words();
  const name = view.name || say("ladder.unnamed");
  // The view's heading and its settings' labels in the answer's words (a league's: teams), unless the club's page
  // names the view itself (`heading`).
  if (!options.heading) $("ladder-heading").textContent = say("ladder.heading");
  nameSettings(say);
  // The club's own heading (the element's `heading`, the page's: app.js) in place of the file's name, or none.
  $("ladder-name").hidden = Boolean(options.heading);
  $("ladder-name").textContent = name;
  const l = a.ledger;
  const totals = [["ladder.t.players", formatNumber(l.players, options.lang)], ["ladder.t.games", formatNumber(l.games, options.lang)],
    ["ladder.t.forfeits", formatNumber(l.forfeits, options.lang)], ["ladder.t.from", l.first_date ? day(l.first_date) : "—"],
    ["ladder.t.to", l.last_date ? day(l.last_date) : "—"]];
  $("ladder-printed").textContent = printedOn();
  $("ladder-rules").textContent = rulesLine(a, say, view.settings.preset);
  $("ladder-totals").replaceChildren(...totals.map(([key, value]) => {
    const div = document.createElement("div");
    div.append(Object.assign(document.createElement("dt"), { textContent: say(key) }), Object.assign(document.createElement("dd"), { textContent: value }));
    return div;
  }));
  const pool = /** @type {HTMLSelectElement} */ ($("ladder-pool"));
  pool.replaceChildren(...a.pools.map((/** @type {string | null} */ p) => Object.assign(document.createElement("option"), { value: p ?? "", textContent: p ?? "—" })));
  pool.value = view.pool ?? "";
  $("ladder-pool-field").hidden = a.pools.length < 2;
  const items = a.problems.map((/** @type {any} */ p) => problemText(p, isLeague(a)));
  for (const [code, count] of Object.entries(a.unlisted ?? {})) items.push(t("ladder.unlisted", { count: Number(count), problem: problemName(code, say) }));
  if (a.in_no_pool?.length) items.push(inNoPool(a.in_no_pool, say));
  $("ladder-note-list").replaceChildren(...items.map((/** @type {string} */ text) => Object.assign(document.createElement("li"), { textContent: text })));
  $("ladder-notes").hidden = items.length === 0;
}

/** How many names of the players in no pool a note lists; the rest are counted. */
const NAMED = 30;

/** The players file's members who played in none of the pools (elo_core's `in_no_pool`): in no table, so named
 * here, as the command line names them. @param {{id: string, name: string}[]} players @param {import("./ladder-rows.js").Say} say */
function inNoPool(players, say) {
  const names = players.slice(0, NAMED).map((p) => p.name || p.id);
  if (players.length > NAMED) names.push(t("ladder.more", { count: formatNumber(players.length - NAMED, options.lang) }));
  const list = new Intl.ListFormat(options.lang, { type: "conjunction" }).format(names);
  return say("ladder.inNoPool", { count: players.length, names: list });
}

/** The locale a file's slashed dates are read by where none of them tells the order: the club's (its element's
 * lang="en-US"), else the visitor's language with its region when it is the page's (en-US: month first), else the
 * page's. "en" was sent for every visitor, and a US club's 02/01/2026 read as 2 January. */
function dateLocale() {
  return options.locale || (navigator.languages?.find((l) => l.toLowerCase().split("-")[0] === options.lang) ?? options.lang);
}

/** A problem's name in the page's language and the answer's words (ledger.PROBLEMS), else Python's message.
 * @param {string} code @param {import("./ladder-rows.js").Say} say */
const problemName = (code, say) => (hasText(`ladder.problem.${code}`) ? say(`ladder.problem.${code}`) : code);

/** A league's names of the columns a chess ledger calls white, black and result. */
const LEAGUE_SIDES = /** @type {Record<string, string>} */ ({ white: "home", black: "away", result: "score" });

/** A column as a problem names it (ledger.COLUMNS' name), in the page's language and a league's words (a team
 * playing itself was "black: Rovers" in a file of home, away and score: hp83). @param {string} column @param {boolean} league */
function columnName(column, league) {
  const key = `ladder.column.${(league && LEAGUE_SIDES[column]) || column}`;
  return hasText(key) ? t(key) : column;
}

/** A problem of the ledger, with its file and line and the value refused (its column's name); a group of
 * one kind (contract.group_problems) said once, with how many and on which lines, as the report's are.
 * @param {{source: string, line: number | null, code: string, message: string, params?: Record<string, any>,
 *   count?: number, lines?: number[]}} p @param {boolean} [league] the file is a league's */
function problemText(p, league = false) {
  // The order the dates were read in, said (the order sent by the visitor's locale, not "your language's way").
  const code = p.code === "date_order_assumed" && p.params?.order === "month/day" ? "date_order_month_first" : p.code;
  let text = hasText(`ladder.problem.${code}`) ? wordsOf(league, t, hasText)(`ladder.problem.${code}`) : p.message;
  const value = p.params?.value;
  const column = p.params?.column ? `${columnName(p.params.column, league)}: ` : "";
  if (value !== undefined && value !== null) text += ` (${column}${String(value)})`;
  const file = t(p.source === "players" ? "ladder.playersFile" : "ladder.file");
  const one = p.line ? t("ladder.note.line", { file, line: p.line, text }) : `${file}: ${text}`;
  const count = p.count ?? 1;
  if (count > 1 && Array.isArray(p.lines) && p.lines.length) {
    return t(groupKey(p.lines), { text: one, count: formatNumber(count, options.lang), lines: lineRuns(p.lines) });
  }
  return one;
}

/** The players of the pool shown, in the order and with the filter asked (the order kept while only
 * the filter changes). */
function shownPlayers() {
  const players = inPool(/** @type {Player[]} */ (view.answer?.players ?? []), view.pool);
  const key = `${view.pool} ${view.sort.key} ${view.sort.direction}`;
  if (view.sorted?.players !== view.answer?.players || view.sorted?.key !== key) {
    view.sorted = { players: view.answer?.players ?? [], key, sorted: sortPlayers(players, view.sort.key, view.sort.direction, isLeague(view.answer)) };
  }
  return filterPlayers(view.sorted.sorted, view.filter);
}

/** The ranking on the page: headers, and the rows in order (made anew for a new answer), placed in steps
 * and shown near the box's view (long-table.js: a table's layout of its rows is the costly part, each
 * time any of it changes). @param {boolean} fresh */
function render(fresh) {
  const a = /** @type {Record<string, any>} */ (view.answer);
  const change = Boolean(a.settings.since);
  const league = isLeague(a);
  if (fresh) view.rows.clear();
  writeHead(/** @type {HTMLTableSectionElement} */ ($("ladder-head")), view.sort, change, league, sortBy);
  const shown = shownPlayers();
  const rowOf = (/** @type {Player} */ p) => {
    let row = view.rows.get(p);
    if (!row) view.rows.set(p, row = makeRow(p, change, league, openPlayer));
    return row;
  };
  view.table?.show(shown.length, (i) => [rowOf(shown[i])], () => {
    // The player a link names (player-link.js: their id), opened once the ranking is first drawn.
    const p = linked === null ? undefined : a.players.find((/** @type {Player} */ q) => q.id === linked);
    linked = null;
    if (p) openPlayer(p).then((opened) => opened && revealInPage($("ladder-player-name")));
  });
  const total = inPool(a.players, view.pool).length;
  // The pool shown named with the ranking (a file of several): the caption, read with the table and printed over it.
  const pooled = view.pool !== null && a.pools.length > 1;
  $("ladder-caption").textContent = t(pooled ? "ladder.captionPool" : "ladder.caption", { system: t(`system.${a.system}`), pool: view.pool ?? "" });
  $("ladder-count").textContent = words()("ladder.shown", { shown: shown.length, count: total });
}

/** The ranking's box scrolled to its first row (a new order or filter shows from its start). */
function toTop() {
  const box = $("ladder-body").closest(".report-wrap");
  if (box) box.scrollTop = 0;
}

/** Sort by `key`: a second press turns the order round. @param {SortKey} key */
function sortBy(key) {
  const direction = view.sort.key === key ? (view.sort.direction === "ascending" ? "descending" : "ascending") : FIRST_DIRECTION[key];
  view.sort = { key, direction };
  keepShown();
  if (!view.answer) return;
  toTop();
  render(false);
  const column = (isLeague(view.answer) ? LEAGUE_COLUMNS : COLUMNS).find((c) => c.sort === key);
  announce(t("ladder.sorted", { column: t(column?.head ?? ""), direction: t(`event.${direction}`) }));
  /** @type {HTMLButtonElement | null} */ ($("ladder-head").querySelector(`th.c-${column?.key} button`))?.focus();
}

/**
 * Only the players whose name holds `text`: at once for a ranking of up to SMALL players, else once the
 * typing pauses (a key typed into a large ranking's filter does no more than keep the text); how many,
 * said once the typing pauses.
 * @param {string} text
 */
function filterBy(text) {
  view.filter = text;
  keepShown();
  if (!view.answer) return;
  clearTimeout(view.filterLater);
  const filter = () => {
    toTop();
    render(false);
  };
  if (inPool(view.answer.players, view.pool).length <= SMALL) filter();
  else view.filterLater = window.setTimeout(filter, FILTER_PAUSE);
  count.later(() => $("ladder-count").textContent ?? "");
}

/** Another pool chosen. */
function poolChanged() {
  const value = /** @type {HTMLSelectElement} */ ($("ladder-pool")).value;
  view.pool = view.answer?.pools.find((/** @type {string | null} */ p) => (p ?? "") === value) ?? null;
  keepShown();
  $("ladder-player").hidden = true;
  view.player = null;
  toTop();
  if (!view.answer) return;
  render(false);
  // Said as a new file's ranking is: which players now show (the count changed, the live region still told the last).
  announce(`${$("ladder-caption").textContent}: ${$("ladder-count").textContent}`);
}

// ---- a player's page ---------------------------------------------------------------------------

/** Open `p`'s page, once their history and head-to-head records are here (from the ladder Python keeps: no
 * replay); whether it was opened. @param {Player} p @returns {Promise<boolean>} */
async function openPlayer(p) {
  if (!view.engine || !view.games) return false;
  const seq = view.seq;
  const answer = await askLadder(() => playerRequest(source(), view.settings, dateLocale(), p));
  if (seq !== view.seq || !view.answer) return false; // a new ranking meanwhile
  if ($("ladder-view").hidden) return false; // the view closed meanwhile (the browser's Back): no page in it
  if (!answer?.ok) {
    showError(t("ladder.unreadableLedger", { file: t("ladder.file"), message: answer?.errors?.[0]?.message ?? "" }));
    return false;
  }
  view.player = { ...p, history: answer.history };
  $("ladder-report").hidden = true;
  showPlayer(view.player, view.answer, answer.head_to_head, playerHooks);
  printedUnder();
  // A page to the visitor: the browser's Back returns to the ranking (it left the whole view), Forward reopens it.
  const opened = p;
  enterView("ladder/player", closePlayer, () => {
    const again = view.answer?.players.find((/** @type {Player} */ q) => q.id === opened.id && q.pool === opened.pool);
    if (again) openPlayer(again);
  });
  return true;
}

/** Under a player's facts, on paper only (class "printed"), what the ranking prints over its table: the ladder's
 * name (where the club's heading is not in its place), its rules, the date. A player's or team's page printed none of
 * them (hp110). */
function printedUnder() {
  const lines = [...($("ladder-name").hidden ? [] : [$("ladder-name").textContent ?? ""]), $("ladder-rules").textContent ?? "", printedOn()];
  $("ladder-player").querySelector(":scope > dl")?.after(...lines.map((text) => h("p", { class: "printed", text })));
}

/** The player's page closed, the ranking shown, the keyboard at their row. */
function closePlayer() {
  const p = view.player;
  view.player = null;
  $("ladder-player").hidden = true;
  $("ladder-report").hidden = false;
  const mine = view.answer?.players.find((/** @type {Player} */ q) => q.id === p?.id && q.pool === p?.pool);
  if (mine) /** @type {HTMLElement | undefined} */ (view.rows.get(mine)?.querySelector("button"))?.focus();
}

/** The player whose page shows stakes already (an opponent or venue chosen after is announced). @type {Player | null} */
let stakesShown = null;

/** @type {import("./ladder-player.js").Hooks} */
const playerHooks = {
  back() {
    if (!leaveView("ladder/player")) closePlayer(); // through the history, as the browser's Back
  },
  csv() {
    if (view.player) download({ history: view.player.history }, `${stem(view.name) || "ladder"} ${view.player.name}`);
  },
  link: false,
  async stakes(id, venue) {
    const a = view.player;
    const b = view.answer?.players.find((/** @type {Player} */ q) => q.id === id && q.pool === a?.pool);
    if (!a || !b || !view.engine) return;
    const answer = await view.engine.request("ladder", stakesRequest(view.settings, a, b, view.answer?.league ?? null, venue));
    if (!answer?.ok || view.player !== a) return;
    const margin = Boolean(view.answer?.league) && (view.answer?.settings?.margin ?? "none") !== "none";
    const said = showStakes(a, b, answer.outcomes, answer.chances ?? null, view.answer?.league ?? null, margin);
    if (stakesShown === a) announce(said); // another opponent or venue chosen; not the page's first stakes
    stakesShown = a;
  },
};

// ---- CSV ---------------------------------------------------------------------------------------

/** The ranking as shown, as CSV (elo_core writes it: ladder.ladder_csv). */
function rankingCsv() {
  if (view.answer) download({ players: shownPlayers() }, stem(view.name));
}

/**
 * A CSV made by elo_core, saved by the browser (nothing is sent anywhere).
 * @param {{players: Player[]} | {history: Record<string, any[]>}} what @param {string} base
 */
async function download(what, base) {
  if (!view.engine) return;
  const answer = await view.engine.request("ladder", csvRequest(what, words(), csvSeparator(options.lang)));
  if (answer?.ok) saveCsv(answer.csv, csvName(base, "ladder"));
}
