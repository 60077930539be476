// The calculator's state: the one object holding what the visitor typed, as typed (each game with an
// id for its row), with the defaults it starts from, where it is restored from (a link, the saved
// entries) and its saving. The embedding page's options are page/options.js's.
import { $ } from "../../page/dom.js";
import { defaultK, ratesPeriods } from "./fields.js";
import { t, textIn } from "../../page/i18n.js";
import { inform } from "../../page/notices.js";
import { options } from "../../page/options.js";
import { retyped } from "./retype.js";
import { forgetAnswer, loadAnswer, saveAnswer } from "./saved-answer.js";
import { OWN, VERSION, blankState, copyState, forget, fromFragment, loadSaved, readState, save } from "./store.js";
import { currentPeriod } from "../../shared/periods.js";

/** @typedef {import("./store.js").State} State */
/** @typedef {{id: number, opponent: string, result: string, extra: Record<string, string>, event: number}} GameEntry */
/** @typedef {Omit<State, "games"> & {games: GameEntry[]}} PageState */

// One key per calculator: the embedding page's origin, the system it starts with and, when there are
// several on a page, which one (its element's id, else its place among them). Its "v2" names this way
// of keying, not the saved format (store.js VERSION, read from the entries themselves).
const host = options.host ?? "page";
const storageKey = `elo-calculator:v2:${host}:${options.system}${options.instance ? ":" + options.instance : ""}`;
// Where this calculator kept its entries before the club gave its element an id: its place's name (embed.js `was`),
// read when it has saved none under its id. Copied, not moved: another calculator may yet be named by that place.
const placeKey = options.was && options.instance?.startsWith("id:")
  ? `elo-calculator:v2:${host}:${options.system}:${options.was}` : null;
// Where version 1 kept the entries, shared by every calculator of a system on a page: read when this
// calculator has saved nothing yet.
const formerKey = `elo-calculator:v1:${host}:${options.system}`;
// A link offered beside the entries and not answered yet, for this tab only (session storage): a
// reload offers it again, though it has left the address.
const pendingKey = `elo-calculator:link:${host}:${options.system}${options.instance ? ":" + options.instance : ""}`;
// Beside the entries, this calculator's last answer (saved-answer.js), under a key no instance name can make.
const answerKey = `elo-calculator:answer:${host}:${options.system}${options.instance ? ":" + options.instance : ""}`;
// Beside the entries, the rating and K the club's element gave them (followElement).
const givenKey = `elo-calculator:given:${host}:${options.system}${options.instance ? ":" + options.instance : ""}`;
// The paste dialog's text and what it says of it, for this tab only (session storage): a reload gives them back (paste.js).
const pasteKey = `elo-calculator:paste:${host}:${options.system}${options.instance ? ":" + options.instance : ""}`;

let nextGameId = 1;
/** A game row's entry, with an id of its own. @param {import("./store.js").GameEntry} game @returns {GameEntry} */
export const newGame = (game) => ({
  id: nextGameId++, opponent: game.opponent, result: game.result, extra: { ...game.extra }, event: game.event ?? 0,
});

/** The state before anything was typed: the one default state (store.js), with the embedding page's
 * options over it. @returns {State} */
export function defaults() {
  return { ...blankState(), system: options.system, rating: options.rating, k: options.k || defaultK(options.system) };
}

/** What the visitor typed: the one state object, changed in place. @type {PageState} */
export const state = { ...defaults(), games: defaults().games.map(newGame) };

/** Fields the visitor has left at least once: only these show "required" messages. @type {Set<string>} */
export const touched = new Set();

/** Replace the whole state (start, link, reset, undo), keeping nothing of the old one. @param {State} next */
export function setState(next) {
  Object.assign(state, next, {
    entries: structuredClone(next.entries), events: next.events.map((e) => ({ ...e })), games: next.games.map(newGame),
  });
  touched.clear();
}

/** A copy of the state as it is now, whatever it holds, to bring back later (an undo). */
export function snapshot() {
  return copyState(state);
}

/** Whether two states hold the same calculation, as they would be saved. @param {State} a @param {State} b */
export function sameState(a, b) {
  return JSON.stringify(copyState(a)) === JSON.stringify(copyState(b));
}

/**
 * Save the state; when the browser's storage is full, say so under the notice until a save works.
 * When this browser keeps nothing here (third-party storage blocked), a quiet hint by Copy link says
 * how to keep the entries: that is the browser's setting, not an error of the visitor's.
 */
export function saveState() {
  if (newerSaved) return; // a newer version's entries are not written over (startingState)
  let saved = save(storageKey, state, options.lang);
  // The kept answer is only a copy: it makes room for the entries.
  if (saved === "full" && forgetAnswer(answerKey)) saved = save(storageKey, state, options.lang);
  if (saved === "saved") keepGiven();
  const full = saved === "full";
  const problem = $("save-problem");
  if (full !== !problem.hidden) {
    problem.textContent = full ? t("saved.full") : "";
    problem.hidden = !full;
  }
  $("save-hint").hidden = saved !== "unavailable";
}

/** Forget the saved entries: the embedding page's defaults apply again, as on a first visit. */
export function forgetSaved() {
  if (!newerSaved) { // a newer version's entries stay for it
    forget(storageKey);
    forget(formerKey); // else they would come back on the next visit
    if (placeKey) forget(placeKey); // so too its place-name's, taken where nothing is kept under its id
    forget(givenKey);
  }
  forgetKeptAnswer();
}

/** The last answer kept to the request `text` (its JSON) from this engine build, or null. @param {string} text */
export const keptAnswer = (text) => loadAnswer(answerKey, text);

/** The newest answer not kept yet: written when the page is idle or goes, not on a keystroke's path
 * (a long list's answer takes milliseconds to write). @type {{text: string, response: unknown} | null} */
let toKeep = null;
const keepNow = () => {
  if (toKeep) saveAnswer(answerKey, toKeep.text, toKeep.response);
  toKeep = null;
};
/** The answer not kept yet is kept when the page goes or is hidden: listeners the view that keeps
 * answers installs once (calculator.js). */
export function keepAnswerOnLeave() {
  addEventListener("pagehide", keepNow);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keepNow(); });
}

/** Keep `response`, the answer to the request `text`, for the next visit. @param {string} text @param {unknown} response */
export function keepAnswer(text, response) {
  if (!toKeep) {
    if (typeof requestIdleCallback === "function") requestIdleCallback(keepNow, { timeout: 1000 });
    else setTimeout(keepNow, 200); // Safari
  }
  toKeep = { text, response };
}

/** Forget the kept answer (one that could not be shown). */
export function forgetKeptAnswer() {
  toKeep = null;
  return forgetAnswer(answerKey);
}

/** The names of what could not be read back, for a notice ("Game 3, K-factor"). @param {import("./store.js").Dropped[]} dropped */
function droppedNames(dropped) {
  const names = [...new Set(dropped.map(({ key, n, count }) => t(key, n ? { n } : count ? { count } : {})))];
  const shown = names.slice(0, 6).join(", ");
  return names.length > 6 ? `${shown} ${t("saved.more", { count: names.length - 6 })}` : shown;
}

/**
 * The club's element changed its rating or K since the entries were saved (a K corrected, the club's rules
 * changed): where the visitor had left the element's value as it was, the element's new one takes its place in
 * `saved` (a visitor who typed their own keeps it). Returns the text keys of the fields taken. Nothing is known of
 * entries saved before the element's values were kept beside them (givenKey).
 * @param {State} saved @returns {string[]}
 */
function followElement(saved) {
  let was;
  try {
    was = JSON.parse(localStorage.getItem(givenKey) ?? "null");
  } catch {
    return [];
  }
  const now = defaults();
  /** @type {string[]} */
  const taken = [];
  for (const key of /** @type {const} */ (["rating", "k"])) {
    if (typeof was?.[key] !== "string" || was[key] === now[key] || saved[key] !== was[key]) continue;
    saved[key] = now[key];
    taken.push(`${key}.label`);
  }
  return taken;
}

/** The rating and K the element gives the entries now, kept beside them once they are saved (followElement). */
function keepGiven() {
  const { rating, k } = defaults();
  try {
    localStorage.setItem(givenKey, JSON.stringify({ rating, k }));
  } catch { /* nothing is saved here: nothing to follow */ }
}

/**
 * Entries read back (saved, a link's, another tab's) as this page writes them. Typed on a page in another language
 * (`lang`: the language menu's reload carries them, a club's pages in two languages share them), each number typed
 * there is read by its rules and written this page's way, and its unrated word becomes this page's (retype.js):
 * read as typed, "1.950" (Dutch 1950) was an ambiguous number here, and "zonder rating" no number at all. Entries
 * that do not say their language ("": saved before they did) are this page's, as they always were read.
 * @param {State} entries @param {string} [lang] @returns {Promise<State>}
 */
export async function inPageLanguage(entries, lang = "") {
  if (!lang || lang === options.lang) return entries;
  const from = { lang, unrated: await textIn(lang, "game.unratedWord") ?? "" }; // not loaded: the numbers only
  return retyped(entries, from, { lang: options.lang, unrated: t("game.unratedWord") });
}

/** Whether a newer version of the calculator saved the entries: this page then saves nothing. */
let newerSaved = false;

/**
 * Entries saved by this calculator in another tab or window (the `storage` event): `take` puts them
 * in this page's place, so that neither page's next save writes over what the other one saved.
 * @param {(next: State) => void} take
 */
export function followOtherTabs(take) {
  addEventListener("storage", async (event) => {
    if (event.key !== storageKey || event.newValue === null || newerSaved) return;
    let data = null;
    try {
      data = JSON.parse(event.newValue);
    } catch { /* not entries: nothing to take */ }
    const read = readState(data, defaults());
    const newer = typeof data?.v === "number" && data.v > VERSION;
    if (read && !newer) {
      // A tab of an older build saves no periodChosen: a period chosen here is not taken as unchosen.
      if (!("periodChosen" in data)) Object.assign(read.state, { period: state.period, periodChosen: state.periodChosen });
      take(await inPageLanguage(read.state, read.lang)); // what cannot be used is left out, as on a reload
    } else if (newer) {
      // A newer build's entries: kept for it, as at the start.
      newerSaved = true;
      inform(t("saved.newer"));
    } // else text no build writes (edited by hand): the next load says so, and sets it aside
  });
}

/** The address without its link (a "#c=" fragment), in place: no new history entry. */
export function dropLink() {
  history.replaceState(null, "", location.pathname + location.search);
}

/**
 * A note this tab keeps under `key` for a reload (session storage): its text ("" for none), kept, forgotten. Where
 * the browser keeps none, nothing is kept: a reload loses it, as it did before the note.
 * @param {string} key
 */
function tabNote(key) {
  return {
    get() {
      try {
        return sessionStorage.getItem(key) ?? "";
      } catch {
        return "";
      }
    },
    /** @param {string} text */
    set(text) {
      try {
        sessionStorage.setItem(key, text);
      } catch { // no storage, or full: a reload loses it, never to find an older text in its place
        this.forget();
      }
    },
    forget() {
      try {
        sessionStorage.removeItem(key);
      } catch { /* nothing kept then */ }
    },
  };
}

const pending = tabNote(pendingKey);
/** Keep `hash`, a link offered and not answered yet, for a reload of this tab. @param {string} hash */
export const keepPendingLink = (hash) => pending.set(hash);
/** The link offered is answered (or another took its place). */
export const forgetPendingLink = () => pending.forget();
const pendingLink = () => pending.get();

/** The paste dialog's note for a reload of this tab (paste.js keeps what it holds). */
export const pasteNote = tabNote(pasteKey);

/**
 * The state to start from: the saved entries (this calculator's, else version 1's), else none (the
 * defaults); a link's calculation in their place when nothing is saved (or it is the same), else
 * offered beside them (`offer`), never put over them unasked. With the notice to show ("" for none),
 * and whether to save at once (a link's calculation taken, entries moved from version 1's key, repaired, or
 * given the element's new rating or K), what to say at the period of the saved entries (form.js notePeriod), and the link offered's fragment.
 * The address's link leaves it at once; one offered is kept for this tab (keepPendingLink), so that a
 * reload offers it again.
 * @returns {Promise<{state: State | null, notice: string, saveNow: boolean, offer: State | null, offerHash: string,
 *   periodNote: import("./form.js").PeriodNote | null}>}
 */
export async function startingState() {
  const inAddress = location.hash.startsWith("#c=");
  const hash = inAddress ? location.hash : pendingLink();
  if (inAddress) dropLink();
  const fromLink = await fromFragment(hash);
  if (fromLink.state) fromLink.state = await inPageLanguage(fromLink.state, fromLink.lang);
  let saved = loadSaved(storageKey, defaults());
  let migrated = false;
  if (!saved.state && !saved.problem && placeKey) {
    saved = loadSaved(placeKey, defaults());
    migrated = saved.state !== null;
  }
  if (!saved.state && !saved.problem) {
    saved = loadSaved(formerKey, defaults());
    migrated = saved.state !== null;
  }
  if (saved.state) saved.state = await inPageLanguage(saved.state, saved.lang);
  const followed = saved.state ? followElement(saved.state) : [];
  // What became of the saved entries: parts left out, and the element's new rating or K taken.
  const changed = [saved.dropped?.length ? t("saved.repaired", { what: droppedNames(saved.dropped) }) : "",
    followed.length ? t("saved.element", { what: droppedNames(followed.map((key) => ({ key }))) }) : ""].filter(Boolean).join(" ");
  newerSaved = saved.problem === "newer";
  const unread = saved.problem ? t(`saved.${saved.problem}`) : "";
  const badLink = fromLink.problem === "unsupported" ? t("link.unsupported") : fromLink.problem ? t("link.bad") : "";
  const say = (/** @type {string[]} */ ...texts) => texts.filter(Boolean).join(" ");
  // A link reads as a period chosen (store.js readState): entries equal but for that are the saved ones, which keep
  // theirs (a period that follows the months). The visitor's own, carried over a reload (OWN), are not said to be a link's.
  const same = fromLink.state && saved.state && sameState({ ...fromLink.state, periodChosen: saved.state.periodChosen }, saved.state);
  if (fromLink.state && (!saved.state || same)) {
    forgetPendingLink();
    const notice = say(changed, unread, hash.endsWith(OWN) ? "" : t("link.used"));
    return { state: same ? saved.state : fromLink.state, notice, saveNow: true, offer: null, offerHash: "", periodNote: null };
  }
  if (!fromLink.state) forgetPendingLink();
  const earlier = saved.earlierPeriod ?? "";
  const kept = saved.state?.periodChosen && saved.state.period !== currentPeriod() ? currentPeriod() : "";
  const periodNote = !saved.state || !ratesPeriods(saved.state.system) ? null
    : earlier ? { moved: true, other: earlier } : kept ? { moved: false, other: kept } : null;
  return {
    state: saved.state, notice: say(changed, unread, badLink), offer: fromLink.state, offerHash: hash, periodNote,
    // A period moved on is saved so (said once); nothing is saved over entries that could not be set aside.
    saveNow: saved.keptAside !== false && (migrated || Boolean(changed) || Boolean(earlier)),
  };
}
