// The calculator form: keeps what the visitor typed (as typed, saved on every change), sends it
// to the Python engine, and shows the results, the chart, errors at their fields, and the
// engine's state. Texts come from i18n/<lang>.json; numbers follow the language.
import { drawChart } from "./chart.js";
import { Engine } from "./engine.js";
import "./frame.js";
import { formatNumber, parseNumber } from "./numbers.js";
import { readOptions } from "./params.js";
import { checkState, forget, fromFragment, loadSaved, save, toFragment } from "./store.js";
import { MINIMUM } from "./support.js";
import { applyTheme } from "./theme.js";

// Start Python first: everything else happens while it loads.
let textsReady = false;
/** @type {import("./engine.js").EngineStatus} */
let engineStatus = { state: "loading", stage: "runtime" };
const engine = new Engine(new URL("./worker.mjs", import.meta.url), (status) => {
  engineStatus = status;
  if (textsReady) showEngine(status);
});
engine.start();

const options = readOptions(location.search, navigator.languages ?? [navigator.language]);
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @type {Record<string, string>} */
let T = {};
/** A text from the translation file, with {name} filled in. */
function t(/** @type {string} */ key, /** @type {Record<string, string | number>} */ vars = {}) {
  const text = T[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/** @typedef {import("./store.js").State} State */
/** @typedef {{id: number, opponent: string, result: string}} GameEntry */
let nextGameId = 1;
const withId = (/** @type {{opponent: string, result: string}} */ g) => ({ id: nextGameId++, opponent: g.opponent, result: g.result });

/** The state before anything was typed: the embedding page's defaults. @returns {State} */
function defaults() {
  return {
    system: options.system, rating: options.rating, k: options.k || (options.system === "elo" ? "20" : ""),
    fewer30: false, junior: false, reached2400: false, timeControl: "standard", cap400: false, update: "event",
    games: [{ opponent: "", result: "1" }],
  };
}
const storageKey = `elo-calculator:v1:${options.host ?? "page"}:${options.system}`;
/** @type {State & {games: GameEntry[]}} */
let state = { ...defaults(), games: defaults().games.map(withId) };
/** Fields the visitor has left at least once: only these show "required" messages. */
const touched = new Set();
/** @type {{response: any, sources: GameEntry[]} | null} */
let lastResponse = null;
let requestSeq = 0;

const form = /** @type {HTMLFormElement} */ ($("form"));
const gamesList = $("games");
const rowTemplate = /** @type {HTMLTemplateElement} */ ($("game-row"));

// ---- text ------------------------------------------------------------------------------

async function loadTexts(/** @type {string} */ lang) {
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${lang}.json: ${response.status}`);
  return response.json();
}

function applyTexts() {
  document.documentElement.lang = options.lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  }
}

// ---- notices (saved state, links, reset) ----------------------------------------------------

let noticeTimer = 0;
/** @param {string} text @param {(() => void) | null} undo */
function notify(text, undo = null) {
  clearTimeout(noticeTimer);
  $("notice-text").textContent = text;
  const button = $("undo");
  button.hidden = !undo;
  button.onclick = undo && (() => { undo(); notify(""); });
  if (undo) noticeTimer = window.setTimeout(() => notify(""), 10000);
}

// ---- the form ----------------------------------------------------------------------------

function fillForm() {
  input("system").value = state.system;
  input("rating").value = state.rating;
  input("k").value = state.k;
  input("fewer30").checked = state.fewer30;
  input("junior").checked = state.junior;
  input("reached2400").checked = state.reached2400;
  input("time-control").value = state.timeControl;
  input("cap400").checked = state.cap400;
  input("update").value = state.update;
  renderGames();
  showSystem();
}

function showSystem() {
  const fide = state.system === "fide";
  for (const el of document.querySelectorAll(".fide-only, .elo-only")) {
    const only = el.classList.contains("fide-only") ? fide : !fide;
    /** @type {HTMLElement} */ (el).hidden = !only;
  }
  $("rating-hint").textContent = t(fide ? "rating.hint.fide" : "rating.hint.elo");
  $("k-hint").textContent = t(fide ? "k.hint.fide" : "k.hint.elo");
}

/** Build the game rows from state, keeping focus on the element that had it. */
function renderGames() {
  const focused = document.activeElement;
  const row = focused?.closest?.(".game");
  const focusKey = row ? [row.getAttribute("data-id"), [...focused.classList][0]] : null;
  gamesList.replaceChildren(...state.games.map((game, i) => gameRow(game, i + 1)));
  $("games-empty").hidden = state.games.length > 0;
  if (focusKey) {
    const again = gamesList.querySelector(`.game[data-id="${focusKey[0]}"] .${focusKey[1]}`);
    /** @type {HTMLElement | null} */ (again)?.focus();
  }
}

const RESULT_KEYS = { "1": "result.win", "0.5": "result.draw", "0": "result.loss" };

/** @param {GameEntry} game @param {number} n */
function gameRow(game, n) {
  const row = /** @type {HTMLElement} */ (rowTemplate.content.firstElementChild?.cloneNode(true));
  row.dataset.id = String(game.id);
  const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (row.querySelector(sel));
  const oppId = `opp-${game.id}`;
  const resId = `res-${game.id}`;
  q(".game-n").textContent = t("game.number", { n });
  q(".t-opp").textContent = t("game.opponent");
  q(".t-res").textContent = t("game.result");
  q(".t-remove").textContent = t("game.remove");
  for (const el of row.querySelectorAll(".t-for")) el.textContent = t("game.forGame", { n });
  q(".t-for-remove").textContent = t("game.forGameRemove", { n });
  q(".opp-label").setAttribute("for", oppId);
  q(".res-label").setAttribute("for", resId);
  const opp = /** @type {HTMLInputElement} */ (q(".opp"));
  opp.id = oppId;
  opp.value = game.opponent;
  q(".error").id = `${oppId}-error`;
  opp.setAttribute("aria-describedby", `${oppId}-error`);
  const res = /** @type {HTMLSelectElement} */ (q(".res"));
  res.id = resId;
  for (const option of res.options) option.textContent = t(RESULT_KEYS[/** @type {"1"} */ (option.value)]);
  res.value = game.result;
  q(".game-out").id = `out-${game.id}`;
  return row;
}

/** The game entry a row element belongs to. @param {Element} el */
function gameOf(el) {
  const id = Number(el.closest(".game")?.getAttribute("data-id"));
  return state.games.find((g) => g.id === id);
}

function onInput(/** @type {Event} */ event) {
  const el = /** @type {HTMLInputElement} */ (event.target);
  const game = gameOf(el);
  if (game) {
    if (el.classList.contains("opp")) game.opponent = el.value;
    if (el.classList.contains("res")) game.result = el.value;
  } else {
    switch (el.id) {
      case "system":
        state.system = el.value === "elo" ? "elo" : "fide";
        if (state.system === "elo" && state.k === "") input("k").value = state.k = "20";
        showSystem();
        break;
      case "rating": state.rating = el.value; break;
      case "k": state.k = el.value; break;
      case "fewer30": case "junior": case "reached2400":
        state[el.id] = el.checked;
        // The finder decides K: a typed K would override it.
        input("k").value = state.k = "";
        break;
      case "time-control": state.timeControl = el.value; break;
      case "cap400": state.cap400 = el.checked; break;
      case "update": state.update = el.value; break;
      default: return;
    }
  }
  changed();
}

/** Every change: save it, then compute. */
function changed() {
  save(storageKey, state);
  recompute();
}

function addGame() {
  state.games.push(withId({ opponent: "", result: "1" }));
  renderGames();
  const rows = gamesList.querySelectorAll(".opp");
  /** @type {HTMLElement} */ (rows[rows.length - 1]).focus();
  changed();
}

function removeGame(/** @type {Element} */ button) {
  const game = gameOf(button);
  if (!game) return;
  const index = state.games.indexOf(game);
  state.games.splice(index, 1);
  renderGames();
  // Keep the keyboard where it was: the next row's remove button, else "Add game".
  const buttons = gamesList.querySelectorAll(".remove");
  /** @type {HTMLElement} */ (buttons[Math.min(index, buttons.length - 1)] ?? $("add")).focus();
  changed();
}

/** Replace the whole state (restore, link, reset, undo), keeping nothing of the old one. @param {State} next */
function replaceState(next) {
  state = { ...next, games: next.games.map(withId) };
  touched.clear();
  lastResponse = null;
  fillForm();
  changed();
}

// ---- pasted results ----------------------------------------------------------------------

const dialog = /** @type {HTMLDialogElement} */ ($("paste"));

/** Put pasted games in place of `at` (a game entry, or null to append), then say what happened. */
async function pasteGames(/** @type {string} */ text, /** @type {GameEntry | null} */ at) {
  const read = await engine.parse(text);
  const games = read.games.map((g) => withId({ opponent: formatNumber(g.opponent, options.lang), result: String(g.score) }));
  if (games.length) {
    const index = at ? state.games.indexOf(at) : -1;
    if (index >= 0) {
      state.games.splice(index, 1, ...games); // the row pasted into takes the first game
    } else {
      state.games = [...state.games.filter((g) => g.opponent.trim() !== ""), ...games]; // empty rows give way
    }
    renderGames();
    changed();
  }
  notify(t("paste.added", { count: games.length }));
  if (read.problems.length) openPaste(read.problems, at ? gamesList : $("paste-open"));
  else if (dialog.open) dialog.close();
}

/** @param {{line: number, text: string, reason: string}[]} problems @param {Element} anchor */
function openPaste(problems = [], anchor = $("paste-open")) {
  const list = $("paste-problem-list");
  const item = (/** @type {string} */ text) => Object.assign(document.createElement("li"), { textContent: text });
  const shown = problems.slice(0, 50); // all of them stay in the box below; the list stays short
  list.replaceChildren(...shown.map((p) => item(t("paste.line", { line: p.line, text: p.text, reason: t(`paste.reason.${p.reason}`) }))));
  if (problems.length > shown.length) list.append(item(t("paste.more", { count: problems.length - shown.length })));
  $("paste-problems").hidden = problems.length === 0;
  /** @type {HTMLTextAreaElement} */ ($("paste-text")).value = problems.map((p) => p.text).join("\n");
  if (!dialog.open) dialog.showModal();
  placeNear(anchor);
  $("paste-text").focus();
}

/** In an embedding page the frame is as tall as its content, so "centred" can be far off screen:
 * put the dialog by what the visitor just used instead. @param {Element} anchor */
function placeNear(anchor) {
  dialog.style.marginTop = "";
  if (window.parent === window) return;
  const top = anchor.getBoundingClientRect().top - 40;
  const room = window.innerHeight - dialog.getBoundingClientRect().height - 8;
  dialog.style.marginTop = `${Math.round(Math.max(8, Math.min(top, room)))}px`;
}

function onPaste(/** @type {ClipboardEvent} */ event) {
  const el = /** @type {HTMLElement} */ (event.target);
  const game = gameOf(el);
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!game || !el.classList.contains("opp") || !/[\n\t]/.test(text.trim())) return; // one value: the browser pastes it
  event.preventDefault();
  pasteGames(text, game);
}

// ---- the request and its response --------------------------------------------------------

/** Problems found before Python sees the input (ambiguous numbers), by field path. */
/** @type {Map<string, string>} */
let localErrors = new Map();

/** A typed number for the request: a number, null when empty, or the text for Python to refuse. */
function numberField(/** @type {string} */ text, /** @type {string} */ field) {
  const parsed = parseNumber(text, options.lang);
  if (parsed.kind === "empty") return null;
  if (parsed.kind === "number") return parsed.value;
  if (parsed.kind === "ambiguous") {
    const places = (/** @type {number} */ x) => (String(x).split(".")[1] ?? "").length;
    const f = (/** @type {number} */ x) => formatNumber(x, options.lang, { decimals: places(x) });
    localErrors.set(field, t("error.ambiguous", { a: f(parsed.a), b: f(parsed.b) }));
    return "ambiguous";
  }
  return text.trim();
}

/** The request for the engine, and which game entry each of its games came from. */
function buildRequest() {
  localErrors = new Map();
  /** @type {GameEntry[]} */
  const sources = [];
  const games = [];
  for (const game of state.games) {
    if (game.opponent.trim() === "") continue; // a row not filled in yet is not an error
    games.push({ opponent: numberField(game.opponent, `games[${games.length}].opponent`), score: Number(game.result) });
    sources.push(game);
  }
  /** @type {Record<string, unknown>} */
  const request = { system: state.system, rating: numberField(state.rating, "rating"), games };
  const k = numberField(state.k, "k");
  if (k !== null) request.k = k;
  if (state.system === "fide") {
    request.player = { fewer_than_30_games: state.fewer30, junior: state.junior, reached_2400: state.reached2400 };
    request.time_control = state.timeControl;
  } else {
    request.cap_400 = state.cap400;
    request.update = state.update;
  }
  return { request, sources };
}

let lastRequestText = "";
async function recompute() {
  const seq = ++requestSeq;
  const { request, sources } = buildRequest();
  const text = JSON.stringify(request);
  if (text === lastRequestText && lastResponse) {
    // The same calculation (a trailing space, an empty row added): Python is not asked again.
    lastResponse = { response: lastResponse.response, sources };
    render();
    return;
  }
  const response = await engine.calculate(request);
  if (response === null || seq !== requestSeq) return; // a newer input is on its way
  lastRequestText = text;
  lastResponse = { response, sources };
  render();
}

/** The element of a field path ("rating", "games[2].opponent"). */
function fieldElement(/** @type {string} */ field, /** @type {GameEntry[]} */ sources) {
  const m = /^games\[(\d+)\]\.(opponent|score)$/.exec(field);
  if (m) {
    const game = sources[Number(m[1])];
    return game ? document.getElementById(`${m[2] === "opponent" ? "opp" : "res"}-${game.id}`) : null;
  }
  if (field === "rating" || field === "k") return $(field);
  return $("games-error"); // the list as a whole ("games": too many) or the request ("")
}

/** @param {{field: string, code: string, message: string, params: Record<string, string | number>}} e */
function errorText(e) {
  const local = localErrors.get(e.field);
  if (local) return local;
  const specific = `error.${e.code}.${e.field}`;
  if (T[specific]) return t(specific);
  if (T[`error.${e.code}`]) return t(`error.${e.code}`, { ...e.params, message: e.message });
  return t("error.other", { message: e.message });
}

function showErrors(/** @type {any[]} */ errors, /** @type {GameEntry[]} */ sources) {
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  for (const el of document.querySelectorAll(".error")) el.textContent = "";
  for (const e of errors) {
    const el = fieldElement(e.field, sources);
    if (!el) continue;
    if (e.code === "required" && !touched.has(el.id)) continue;
    if (el.id === "games-error") {
      if (!el.textContent) el.textContent = errorText(e);
      continue;
    }
    el.setAttribute("aria-invalid", "true");
    const box = document.getElementById(`${el.id}-error`);
    if (box && !box.textContent) box.textContent = errorText(e);
  }
}

const fmt = (/** @type {number} */ x, /** @type {number} */ decimals, sign = false) =>
  formatNumber(x, options.lang, { decimals, sign });
const OUTPUTS = ["score", "expected", "change", "exact", "new-rating", "performance"];

function render() {
  if (!lastResponse || !textsReady) return;
  const { response: r, sources } = lastResponse;
  const fide = state.system === "fide";
  const ratingPlaces = fide ? 0 : 1;
  showErrors(r.ok ? [] : r.errors, sources);
  const out = (/** @type {string} */ id, /** @type {string} */ text) => { $(id).textContent = text; };
  const figures = new Map(); // game id -> its line of figures; every other row is emptied
  if (!r.ok) {
    showFigures(figures);
    for (const id of OUTPUTS) out(id, t("results.none"));
    $("first").hidden = true;
    $("chart").hidden = true;
    $("k-used").textContent = "";
    return;
  }
  const [difference, expected, change] = [t("game.difference"), t("game.expected"), t("game.change")];
  r.games.forEach((/** @type {any} */ g, /** @type {number} */ i) => {
    if (g.expected === null || !sources[i]) return;
    figures.set(sources[i].id, g.rated
      ? `${difference} ${fmt(g.difference, Number.isInteger(g.difference) ? 0 : 1, true)} · ` +
        `${expected} ${fmt(g.expected, 2)} · ${change} ${fmt(g.change, 1, true)}`
      : t("game.notRated"));
  });
  showFigures(figures);
  const unrated = r.rating === null;
  out("score", t("results.scoreValue", { score: fmt(r.score, r.score % 1 ? 1 : 0), games: r.rated_games }));
  out("expected", r.expected === null ? t("results.none") : fmt(r.expected, 2));
  out("change", r.change === null ? t("results.none") : fmt(r.change, ratingPlaces, true));
  out("exact", r.change_exact === null ? t("results.none") : fmt(r.change_exact, 2, true));
  out("new-rating", r.new_rating === null ? t("results.none") : fmt(r.new_rating, ratingPlaces));
  const perf = r.performance;
  out("performance", perf.rating === null ? t(`performance.${perf.reason}`) : fmt(perf.rating, 0));
  let kText = "";
  if (!unrated) {
    kText = t("k.used", { k: fmt(r.k, Number.isInteger(r.k) ? 0 : 2), reason: t(`k.rule.${r.k_rule}`) });
    if (r.rule_700) kText += " " + t("k.rule700", { before: r.k_before_700, games: r.rated_games, k: r.k });
  }
  $("k-used").textContent = kText;
  $("first").hidden = !unrated || r.games.length === 0;
  if (unrated) {
    const init = r.initial;
    const computed = init.rating === null ? t(`first.none.${init.reason}`)
      : t(init.computed > init.rating ? "first.capped" : "first.computed", { computed: fmt(init.computed, 0) });
    $("first-text").textContent = t("first.steps", {
      average: fmt(init.average, 2), percent: init.percent, dp: fmt(init.dp, 0, true), computed,
    });
  }
  renderChart(r, ratingPlaces);
  announceLater(unrated
    ? (r.new_rating === null ? "" : t("results.announceFirst", { rating: fmt(r.new_rating, 0) }))
    : t("results.announce", { rating: fmt(r.new_rating, ratingPlaces), change: fmt(r.change, ratingPlaces, true) }));
  if (!performance.getEntriesByName("elo:first-result").length) performance.mark("elo:first-result");
  document.dispatchEvent(new CustomEvent("elo:result", { detail: r }));
}

/** Each game row's line of figures, written only where it changes. @param {Map<number, string>} figures */
function showFigures(figures) {
  for (const game of state.games) {
    const el = document.getElementById(`out-${game.id}`);
    const text = figures.get(game.id) ?? "";
    if (el && el.textContent !== text) el.textContent = text;
  }
}

// The chart is drawn at its real width, which a ResizeObserver reports (reading it while
// rendering would force a layout of the whole page on every keystroke).
let chartWidth = 600;
/** @type {(() => void) | null} */
let redrawChart = null;
new ResizeObserver(([entry]) => {
  const width = Math.round(entry.contentRect.width);
  if (width > 0 && Math.abs(width - chartWidth) > 8) {
    chartWidth = width;
    // Not inside the observer's callback: the redraw changes the observed size again.
    requestAnimationFrame(() => redrawChart?.());
  }
}).observe($("chart"));

/** @param {any} r @param {number} places */
function renderChart(r, places) {
  const figure = $("chart");
  figure.hidden = r.rating === null || r.games.length === 0;
  if (figure.hidden) return;
  const sequential = r.system === "elo" && r.update === "sequential";
  $("chart-title").textContent = t("chart.title");
  redrawChart = () => renderChart(r, places);
  drawChart(figure, chartWidth, {
    rating: r.rating,
    points: r.games.map((/** @type {any} */ g) => ({ rating: g.rating_after, expected: g.expected })),
  }, {
    title: t("chart.title"),
    desc: t(sequential ? "chart.desc.sequential" : "chart.desc.event"),
    rating: t("chart.rating"), expected: t("chart.expected"), game: t("chart.game"), start: t("chart.start"),
    point: (n, rating, expected) => t("chart.point", { n, rating, expected }),
    fmtRating: (x) => fmt(x, places), fmtExpected: (x) => fmt(x, 2),
  });
}

// Results are announced once typing pauses, not on every keystroke.
let announceTimer = 0;
let announced = "";
function announceLater(/** @type {string} */ text) {
  clearTimeout(announceTimer);
  announceTimer = window.setTimeout(() => {
    if (text && text !== announced) $("announce").textContent = announced = text;
  }, 1000);
}

// ---- the engine's state ------------------------------------------------------------------

/** @param {import("./engine.js").EngineStatus} status */
function showEngine(status) {
  const box = $("engine");
  const progress = $("engine-progress");
  const retry = $("retry");
  box.hidden = status.state === "ready";
  box.classList.toggle("failed", status.state === "failed");
  if (status.state === "loading") {
    $("engine-text").textContent = `${t("engine.loading")} ${t(`engine.stage.${status.stage}`)}`;
    progress.hidden = false;
    retry.hidden = true;
  } else if (status.state === "failed") {
    const old = status.reason === "old"; // trying again will not help
    $("engine-text").textContent = old ? t("engine.tooOld", MINIMUM)
      : t("engine.failed", { reason: t(`engine.reason.${status.reason}`) });
    progress.hidden = true;
    retry.hidden = old;
    document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: status.reason } }));
  } else {
    document.dispatchEvent(new CustomEvent("elo:ready"));
    recompute();
  }
}

// ---- actions: reset, copy link --------------------------------------------------------------

function reset() {
  const before = checkState({ v: 1, ...state, games: state.games.map(({ opponent, result }) => ({ opponent, result })) });
  replaceState(defaults());
  forget(storageKey); // cleared means the embedding page's defaults apply again, as on a first visit
  notify(t("actions.resetDone"), before ? () => replaceState(before) : null);
}

async function copyLink() {
  // The standalone page, in the same language and look, with the whole calculation in the fragment
  // (a fragment never reaches a server).
  const page = new URL("./", location.href);
  page.searchParams.set("lang", options.lang);
  if (options.theme !== "light") page.searchParams.set("theme", options.theme);
  if (options.accent) page.searchParams.set("accent", options.accent);
  if (options.font) page.searchParams.set("font", options.font);
  page.hash = toFragment(state);
  const link = input("link");
  link.value = page.href;
  try {
    await navigator.clipboard.writeText(page.href);
    $("link-box").hidden = true;
    notify(t("actions.linkCopied"));
  } catch {
    // No clipboard here (an embedding page may not allow it): show the link to copy by hand.
    $("link-box").hidden = false;
    link.focus();
    link.select();
  }
}

// ---- start -------------------------------------------------------------------------------

/** The state to start from: a link's calculation, else the saved entries, else the defaults. */
function startingState() {
  const fromLink = fromFragment(location.hash);
  if (fromLink.state || fromLink.problem) history.replaceState(null, "", location.pathname + location.search);
  if (fromLink.state) return { state: fromLink.state, notice: "", fromLink: true };
  const saved = loadSaved(storageKey);
  const notice = fromLink.problem ? t("link.bad") : saved.problem ? t(`saved.${saved.problem}`) : "";
  return { state: saved.state, notice, fromLink: false };
}

async function main() {
  applyTheme(options);
  try {
    T = await loadTexts(options.lang);
  } catch {
    options.lang = "en";
    T = await loadTexts("en");
  }
  applyTexts();
  textsReady = true;
  const start = startingState();
  if (start.state) state = { ...start.state, games: start.state.games.map(withId) };
  // A link's calculation is kept from now on, like typed entries. Nothing else is saved until the
  // visitor changes something: until then the embedding page's defaults apply, as it updates them.
  if (start.fromLink) save(storageKey, state);
  fillForm();
  if (start.notice) notify(start.notice);
  form.addEventListener("input", onInput);
  form.addEventListener("paste", onPaste);
  form.addEventListener("focusout", (event) => {
    const el = /** @type {HTMLElement} */ (event.target);
    if ((el.id === "rating" || el.id === "k") && !touched.has(el.id)) {
      touched.add(el.id);
      render();
    }
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  $("add").addEventListener("click", addGame);
  $("paste-open").addEventListener("click", () => openPaste());
  dialog.addEventListener("close", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("paste-text")).value;
    if (dialog.returnValue === "add" && text.trim()) pasteGames(text, null);
    dialog.returnValue = "";
  });
  gamesList.addEventListener("click", (event) => {
    const button = /** @type {Element} */ (event.target).closest(".remove");
    if (button) removeGame(button);
  });
  $("retry").addEventListener("click", () => engine.start());
  $("reset").addEventListener("click", reset);
  $("copy-link").addEventListener("click", copyLink);
  $("calc").classList.add("ready");
  $("calc").removeAttribute("aria-busy");
  performance.mark("elo:usable");
  for (const id of OUTPUTS) $(id).textContent = t("results.none");
  showEngine(engineStatus);
  if (engineStatus.state === "ready") recompute();
}

main();
