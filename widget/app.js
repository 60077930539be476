// The calculator page, wired: starts the Python engine at once, loads the texts, restores the
// entries, binds the form, and runs the calculation cycle (every change is saved, built into a
// request, computed, shown). Each part lives in its own module; this one only connects them.
import { bindActions, offerLink } from "./actions.js";
import { $ } from "./dom.js";
import { Engine } from "./engine.js";
import { showEngine } from "./engine-status.js";
import { bindForm, fillForm } from "./form.js";
import "./frame.js";
import { applyTexts, loadTexts, t } from "./i18n.js";
import { notify } from "./notices.js";
import { registerOffline } from "./offline.js";
import { bindPaste } from "./paste.js";
import { buildRequest } from "./request.js";
import { showNoResults, showResults } from "./results.js";
import { engineWorker } from "./shared-engine.js";
import { options, saveState, setState, startingState, state } from "./state.js";
import { toFragment } from "./store.js";
import { applyTheme } from "./theme.js";

// Start Python first: everything else happens while it loads.
let textsReady = false;
/** @type {import("./engine.js").EngineStatus} */
let engineStatus = { state: "loading", stage: "runtime" };
// One interpreter for all the calculators of a page where the browser allows it (shared-engine.js).
const engine = new Engine(engineWorker(new URL("./worker.mjs", import.meta.url)),
  (status) => {
    engineStatus = status;
    if (textsReady) engineChanged(status);
  });
engine.start();

// ---- the calculation cycle -------------------------------------------------------------------

/** The answer on the page, and the request it answers. @type {import("./results.js").Shown | null} */
let lastResponse = null;
let lastRequestText = "";
let requestSeq = 0;

/** Every change: compute it, and save it while the engine computes. */
function changed() {
  recompute();
  saveSoon();
}

// A long list is hundreds of kilobytes to write to storage: its save gets a task of its own, after
// the keystroke's, so that no task holds the page long; leaving the page saves what still waits.
const SAVE_APART = 1000;
let saveTimer = 0;
function saveSoon() {
  if (state.games.length < SAVE_APART) return savePending();
  clearTimeout(saveTimer);
  saveTimer = setTimeout(savePending);
}
function savePending() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  saveState();
}
addEventListener("pagehide", () => { if (saveTimer) savePending(); });
document.addEventListener("visibilitychange", () => { if (document.hidden && saveTimer) savePending(); });

async function recompute() {
  const seq = ++requestSeq;
  const { request, sources, paths, ambiguous } = buildRequest(state, options.lang, [t("game.unratedWord")]);
  const text = JSON.stringify(request);
  if (text === lastRequestText && lastResponse) {
    // The same calculation (a trailing space, an empty row added): Python is not asked again.
    lastResponse = { response: lastResponse.response, sources, paths, ambiguous };
    render();
    return;
  }
  const response = await engine.calculate(request);
  if (response === null || seq !== requestSeq) return; // a newer input is on its way
  lastRequestText = text;
  lastResponse = { response, sources, paths, ambiguous };
  render();
}

function render() {
  if (lastResponse && textsReady) showResults(lastResponse);
}

/** @param {import("./engine.js").EngineStatus} status */
function engineChanged(status) {
  showEngine(status);
  if (status.state === "ready") recompute().then(registerOffline);
}

/** Replace the whole state (link, reset, undo), keeping nothing of the old one. @param {import("./state.js").State} next */
function replaceState(next) {
  setState(next);
  lastResponse = null;
  fillForm();
  changed();
}

// ---- start -------------------------------------------------------------------------------------

async function main() {
  applyTheme(options);
  const wanted = options.lang;
  options.lang = await loadTexts(wanted);
  applyTexts(options.lang);
  textsReady = true;
  if (options.lang !== wanted) textsFailed(wanted);
  const start = await startingState();
  if (start.state) setState(start.state);
  // A link's calculation taken is kept from now on, like typed entries. Nothing else is saved until
  // the visitor changes something: until then the embedding page's defaults apply, as it updates them.
  if (start.saveNow) saveState();
  fillForm();
  if (start.notice) notify(start.notice);
  bindForm(/** @type {HTMLFormElement} */ ($("form")), { changed, touchedChanged: render, replace: replaceState });
  bindPaste({ parse: (text) => engine.parse(text), changed });
  bindActions({ replace: replaceState });
  if (start.offer) offerLink(start.offer, { replace: replaceState });
  $("retry").addEventListener("click", () => engine.start());
  $("calc").classList.add("ready");
  $("calc").removeAttribute("aria-busy");
  performance.mark("elo:usable");
  showNoResults();
  engineChanged(engineStatus);
}

/**
 * The texts of `lang` could not be loaded: the page is in English (built in), says so with Retry,
 * and tells the embedding page (elo:error). Retry loads the page again with the entries in its
 * address, as a copied link carries them, so that nothing typed is lost even without storage.
 * @param {string} lang
 */
function textsFailed(lang) {
  $("texts-failed").hidden = false;
  $("texts-retry").addEventListener("click", async () => {
    const fragment = await toFragment(state); // null: too big for an address, the saved entries remain
    if (fragment) history.replaceState(null, "", fragment);
    location.reload();
  });
  document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: "texts", lang } }));
}

main();
