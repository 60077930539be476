// The calculator, the page's first view (views.js): one player's games, in any system. The shell
// (app.js) mounts it once the texts are in: it restores the entries, binds the form, and runs the
// calculation cycle (every change is saved, built into a request, computed, shown), showing the last
// visit's answer at once while Python starts when it answers the same entries (saved-answer.js). Each
// part lives in its own module; this one only connects them. Nothing runs at import: mount() starts
// it, and installs its listeners (listen).
import { bindActions, closeOffer, offerLink } from "./actions.js";
import { $ } from "../../page/dom.js";
import { bindForm, fillForm, followMonth, notePeriod } from "./form.js";
import { t } from "../../page/i18n.js";
import { formEdited, inform, notify, undoing, undoPending } from "../../page/notices.js";
import { bindPaper } from "./paper.js";
import { bindPaste } from "./paste.js";
import { buildRequest } from "./request.js";
import { bindResults, dropHeldErrors, showNoAnswer, showNoResults, showPendingFigures, showResults } from "./results.js";
import { bindShare } from "./share.js";
import { bindSummary } from "./summary.js";
import { couldAnswer } from "./saved-answer.js";
import { pausedSaver } from "./saving.js";
import { takeEntries } from "../../page/hand-over.js";
import { options } from "../../page/options.js";
import {
  defaults, dropLink, followOtherTabs, forgetKeptAnswer, inPageLanguage, keepAnswer, keepAnswerOnLeave, keptAnswer, sameState, saveState,
  setState, snapshot, startingState, state,
} from "./state.js";
import { fromFragment, ownFragment } from "./store.js";
import { currentPeriod } from "../../shared/periods.js";

/** @typedef {import("../../engine/engine.js").Engine} Engine */
/** @typedef {import("../../engine/engine.js").EngineStatus} EngineStatus */

/** The engine, from mount() on. @type {Engine} */
let engine;

// ---- the calculation cycle -------------------------------------------------------------------

/** The answer on the page, and the request it answers. @type {import("./results.js").Shown | null} */
let lastResponse = null;
let lastRequestText = "";
let requestSeq = 0;
/** The request of the answer on the page when it is the one kept from the last visit, until Python
 * has computed it again ("" otherwise). */
let kept = "";
/** Whether the engine failed (it says so, with Retry), until it is ready again. */
let engineDown = false;

/** Every change: compute it, and save it while the engine computes. */
function changed() {
  recompute();
  saver.soon(state.games.length);
}

// A long list is hundreds of kilobytes to write to storage: it is saved once the visitor pauses
// (saving.js), and leaving the page saves what still waits (listen).
const saver = pausedSaver(() => saveState());

/** The request for what the form holds now, its JSON text, and where its parts came from (request.js). */
function currentRequest() {
  const built = buildRequest(state, options.lang, [t("game.unratedWord")]);
  return { ...built, text: JSON.stringify(built.request) };
}

async function recompute() {
  const seq = ++requestSeq;
  followMonth();
  const { sources, paths, ambiguous, text } = currentRequest();
  // The kept answer is for other entries now: not shown while Python starts.
  if (kept && text !== kept) dropKept();
  if (!lastResponse) showPendingFigures();
  // A failed engine answers nothing until Retry (the request waits for it): the answer shown is for other entries.
  if (engineDown && lastResponse && text !== lastRequestText) dropAnswer();
  if (text === lastRequestText && lastResponse && !kept) {
    // The same calculation (a trailing space, an empty row added): Python is not asked again.
    lastResponse = { response: lastResponse.response, sources, paths, ambiguous };
    render();
    return;
  }
  const response = await engine.request("calculate", text);
  if (seq !== requestSeq) return; // a newer input is on its way
  if (response === null) { // the engine failed (it says so, with Retry): the answer shown is for other entries now
    if (lastResponse && text !== lastRequestText) dropAnswer();
    return;
  }
  // Python's answer to the kept one's request: shown as Python's (announced, shared, sent to the
  // embedding page), and kept again only if it differs (it should not).
  const confirmed = kept === text && lastResponse && JSON.stringify(response) === JSON.stringify(lastResponse.response);
  kept = "";
  lastRequestText = text;
  lastResponse = { response: /** @type {any} */ (response), sources, paths, ambiguous };
  render();
  if (!confirmed) keepAnswer(text, response);
}

function render() {
  if (lastResponse) showResults(lastResponse, Boolean(kept));
  placeAnswer();
}

/** Where the engine's state goes beside the answer (style.css): in the answer's place while there is
 * none; hidden by the answer kept from the last visit while Python loads; else above the answer. */
function placeAnswer() {
  const answered = Boolean(lastResponse);
  $("answer-cell").classList.toggle("answered", answered);
  $("answer-cell").classList.toggle("kept", answered && Boolean(kept));
  // The answer kept from the last visit is said to be one until Python has computed it again (in the
  // heading's line: the page moves nothing when Python confirms it).
  $("results-heading").textContent = t(answered && kept ? "results.keptHeading" : "results.heading");
}

/** The answer kept from the last visit, shown at once when it answers the entries on the page
 * (the same request, byte for byte) and comes from this engine build; Python computes it again. */
function showKept() {
  const { request, sources, paths, ambiguous, text } = currentRequest();
  const response = keptAnswer(text);
  if (!response) return;
  if (!couldAnswer(response, request)) { // planted or damaged: not shown, not kept
    forgetKeptAnswer();
    return;
  }
  kept = lastRequestText = text;
  lastResponse = { response: /** @type {any} */ (response), sources, paths, ambiguous };
  try {
    render();
  } catch { // a damaged copy that still read: dropped, as if there had been none
    forgetKeptAnswer();
    dropKept();
  }
}

/** No kept answer on the page any more. */
function dropKept() {
  kept = lastRequestText = "";
  lastResponse = null;
  showNoResults();
  placeAnswer();
}

/** The answer shown is for entries no longer on the page, and no other comes (the engine failed): taken down, every
 * figure "—" until Retry computes them (hp97: a game against 1600 kept the figures of 1500, the result and Share). */
function dropAnswer() {
  kept = lastRequestText = "";
  lastResponse = null;
  showNoAnswer();
  placeAnswer();
}

/** The engine's state changed (the shell shows it): the answer's place follows, and a ready engine
 * computes what the form holds. @param {EngineStatus} status */
function engineChanged(status) {
  engineDown = status.state === "failed";
  placeAnswer();
  // The service worker matters from the first result on: its module is not among the page's first.
  if (status.state === "ready") recompute().then(() => import("../../offline/offline.js")).then((m) => m.registerOffline());
}

// ---- entries from elsewhere: a link, another tab --------------------------------------------

/** A link opened in a tab that already shows the calculator: only the address's fragment changes,
 * the page is not loaded again. As at the start (startingState): its calculation is taken where the
 * form holds nothing typed (and no Undo would bring entries back) or the same calculation already,
 * else offered beside the entries, never put over them unasked. */
async function openLinkLater() {
  const hash = location.hash;
  const link = await fromFragment(hash);
  if (!link.state && !link.problem) return;
  if (link.state) link.state = await inPageLanguage(link.state, link.lang);
  dropLink();
  followMonth();
  if (!link.state) {
    notify(t(link.problem === "unsupported" ? "link.unsupported" : "link.bad"));
    return;
  }
  const mine = snapshot();
  if (sameState(link.state, mine)) {
    closeOffer(); // an earlier link's, not answered: this one is in use now
    inform(t("link.used")); // nothing changed: an Undo offered stays
  } else if (sameState(defaults(), mine) && !undoPending()) {
    closeOffer();
    replaceState(link.state);
    notify(t("link.used"));
  } else { // entries typed, or just cleared and still to be brought back by Undo
    offerLink(link.state, { replace: replaceState }, hash);
  }
}

/** What was typed in this calculator in another tab, in this page's place (it saved it already),
 * with Undo. A page out of sight takes only the last of them, when it is seen again: the visitor is
 * there to read the notice, and a hidden page computes nothing meanwhile.
 * @type {import("./state.js").State | null} */
let fromOtherTab = null;
/** What this tab held before another tab's entries came (mount), and the Undo that brings it back.
 * @type {import("./state.js").State} */
let beforeOtherTabs;
let undoOtherTabs = () => {};
/** @param {import("./state.js").State} next */
function takeFromOtherTab(next) {
  fromOtherTab = next;
  if (document.hidden) return;
  // The other tab saves on every keystroke: while the Undo it offered is still there, it brings back
  // the entries from before the first of them, not from one keystroke earlier.
  const mine = undoing(undoOtherTabs) ? beforeOtherTabs : snapshot();
  fromOtherTab = null;
  putState(next);
  recompute(); // saved already, by the other tab
  beforeOtherTabs = mine;
  undoOtherTabs = () => replaceState(mine);
  notify(t("saved.otherTab"), undoOtherTabs);
}

/** Replace the whole state (link, reset, undo), keeping nothing of the old one. @param {import("./state.js").State} next */
function replaceState(next) {
  putState(next);
  changed();
}

/** The whole state in the form, the answer on the page no longer its own. @param {import("./state.js").State} next */
function putState(next) {
  setState(next);
  dropHeldErrors();
  lastResponse = null;
  fillForm();
}

// ---- mounting ----------------------------------------------------------------------------------

/** The page's listeners that are the calculator's: leaving it saves what still waits; seen again, it
 * takes another tab's entries and follows a month begun meanwhile; a link opened in it is read. */
function listen() {
  addEventListener("pagehide", () => saver.flush());
  addEventListener("hashchange", openLinkLater);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      saver.flush();
      return;
    }
    if (fromOtherTab) takeFromOtherTab(fromOtherTab);
    // A month begun while the page was out of sight: a period not chosen moves on (followMonth), and is computed.
    if (!state.periodChosen && state.period !== currentPeriod()) changed();
  });
}

/** The entries to start with (saved, a link's, the embedding page's defaults) in the form, with what
 * the start has to say. */
async function restore() {
  const start = await startingState();
  if (start.state) setState(start.state);
  // A link's calculation taken is kept from now on, like typed entries. Nothing else is saved until
  // the visitor changes something: until then the embedding page's defaults apply, as it updates them.
  if (start.saveNow) saveState();
  fillForm();
  notePeriod(start.periodNote);
  if (start.notice) notify(start.notice);
  return start;
}

/** The form's, the paste dialog's and the buttons' listeners. */
function bind() {
  // What the visitor changes takes away an Undo that would put the whole form back over it.
  const edited = () => {
    formEdited();
    changed();
  };
  bindForm(/** @type {HTMLFormElement} */ ($("form")), { changed: edited, touchedChanged: render, replace: replaceState });
  bindPaste({ parse: (text) => engine.request("parse", text), changed: edited, replace: replaceState });
  bindActions({ replace: replaceState });
}

/** Entries handed over by another view (a player of the tournament report, page/hand-over.js) in place
 * of the form's, said with `text` and an Undo. @param {object} next a State @param {string} text */
function openEntries(next, text) {
  const mine = snapshot();
  closeOffer();
  replaceState(/** @type {import("./state.js").State} */ (next));
  notify(text, () => replaceState(mine));
}

/**
 * Start the calculator on the page's markup (index.html), the texts in: entries restored, form
 * bound, usable; the shell then tells it every change of the engine's state.
 * @param {Engine} theEngine
 * @returns {Promise<import("../../page/views.js").Mounted>}
 */
export async function mount(theEngine) {
  engine = theEngine;
  bindResults(); // before the rows are made: it hears which the browser renders
  bindSummary();
  bindShare();
  bindPaper();
  keepAnswerOnLeave();
  beforeOtherTabs = snapshot();
  const start = await restore();
  bind();
  takeEntries(openEntries);
  if (start.offer) offerLink(start.offer, { replace: replaceState }, start.offerHash);
  followOtherTabs(takeFromOtherTab);
  listen();
  $("calc").classList.add("ready");
  $("calc").removeAttribute("aria-busy");
  performance.mark("elo:usable");
  showNoResults();
  showPendingFigures();
  showKept();
  // Where the texts could not be loaded, Retry loads the page again with the entries in its address,
  // as a copied link carries them (null: too big for an address, the saved entries remain).
  // The language they were typed in goes with them: the page loaded in another (the language menu) writes them its way.
  return { engineChanged, address: () => ownFragment(state, options.lang) };
}
