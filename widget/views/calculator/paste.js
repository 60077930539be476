// Results pasted from a tournament table: several lines pasted into an opponent box, or the paste
// dialog. The engine reads the text (elo_core's parse_results); the games it finds go into the
// rows, and the lines it could not read come back in the dialog, each with its reason. However much
// is pasted, nothing is lost in silence: games past the list's room, lines past the engine's
// text limit and problems past the first ones listed are counted there, and the box is refilled
// only with a few lines to correct (a huge textarea holds the page for seconds); a long paste into the
// dialog's box is held aside and summed up, never put in the box. What a paste holds
// is worked out by paste-read.js's pure functions; this module puts it on the page.
import { $ } from "../../page/dom.js";
import { CONTRACT, field, ratesPeriods } from "./fields.js";
import { fillForm, gameOf, putInPlaceOf, renderGames } from "./form.js";
import { t } from "../../page/i18n.js";
import { notify } from "../../page/notices.js";
import { formatNumber, isBlank } from "../../shared/numbers.js";
import {
  addEvents, fitting, nameCandidates, pasteNotes, pastesAsGames, problemList, refill, splitEvents, withRatings,
} from "./paste-read.js";
import { options } from "../../page/options.js";
import { newGame, pasteNote, snapshot, state } from "./state.js";
import { MAX_EVENTS } from "./store.js";


/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("../../engine/engine.js").ParseResult} ParseResult */
/** @typedef {import("./paste-read.js").PasteAnswer} PasteAnswer */
/** @typedef {import("./paste-read.js").PastedGame} PastedGame */
/** @typedef {import("./paste-read.js").Problem} Problem */
/**
 * What the dialog says of the last paste: the lines to correct listed, how many more, and the notes on what was
 * not added (paste-read.js pasteNotes: text keys and their values, said in the page's language).
 * @typedef {{listed: Problem[], more: number, notes: [string, Record<string, number>][]}} Said
 */
/**
 * How to read pasted text (the engine: null if it failed meanwhile, and says so), what follows a
 * change of the games, and how the whole state is put back (a paste's Undo).
 * @typedef {{parse: (text: string) => Promise<ParseResult | null>, changed: () => void,
 *   replace: (next: import("./state.js").State) => void}} PasteOn
 */

/** The lines to correct that are listed, and put back in the box when there are no more than these. */
const SHOWN = 100;

const dialog = () => /** @type {HTMLDialogElement} */ ($("paste"));
const box = () => /** @type {HTMLTextAreaElement} */ ($("paste-text"));

/** A paste into the dialog's box longer than this (characters) is held aside, not put in the box:
 * a box of 100 000 lines holds the page as long to lay out, and again to empty, as the paste takes to
 * be read. The dialog shows what it is and its first lines (HELD_LINES); Add reads it whole. */
const HELD_FROM = 20_000;
const HELD_LINES = 3;
/** The text held aside ("": none), and what the box held before it (given back when it is let go). */
let held = "";
let before = "";
/** The box's text as the last paste left it (the lines to correct): the dialog reopened shows them and their notes. */
let refilled = "";
/** What the dialog says now. @type {Said} */
let said = { listed: [], more: 0, notes: [] };

/** A later task, where the browser may render and take input: scheduler.yield() where there is one
 * (the rest of the work then comes before other pages' tasks), else a message to this page (a
 * nested setTimeout waits at least 4 ms). @returns {Promise<void>} */
function nextTask() {
  const { scheduler } = /** @type {{scheduler?: {yield?: () => Promise<void>}}} */ (globalThis);
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve();
    port2.postMessage(null);
  });
}

/** A pasted game as a row of the form, in tournament `event`, with a league's venue, score and K where the line had
 * them (`3-1 v 1720 home K40`: Elo's own per-game fields); an unrated opponent (null) as the form writes one.
 * @param {PastedGame} g @param {number} event */
const toGame = (g, event) => newGame({
  opponent: g.opponent === null ? t("game.unratedWord") : formatNumber(g.opponent, options.lang), result: String(g.score), event,
  extra: Object.fromEntries(Object.entries({ venue: g.venue, points_for: g.points_for, points_against: g.points_against, k: g.k })
    .filter(([, v]) => v !== undefined).map(([k, v]) => [k, typeof v === "number" ? formatNumber(v, options.lang) : v])) });

/**
 * The paste dialog's text as tournaments (FIDE): the lines that may name one are read again with a
 * rating added, to tell names from results with the rating left out (paste-read.js splitEvents).
 * @param {PasteOn} on @param {string} text @param {ParseResult} read
 */
async function asEvents(on, text, read) {
  const candidates = nameCandidates(read);
  const check = (candidates.length ? await on.parse(withRatings(candidates)) : null) ?? { games: [] };
  return splitEvents(text, read, candidates, check);
}

/**
 * The games read, into the form: in place of `at` (a game entry), or after the others; a FIDE
 * paste of the dialog's (`at` null) that holds several tournaments, as tournaments. Returns what the
 * dialog is to say: the answer as added (its problems the lines not added), the games made, and how
 * many tournaments went into the last one for want of room.
 * @param {PasteOn} on @param {string} text @param {PasteAnswer} answer @param {GameEntry | null} at
 */
async function addGames(on, text, answer, at) {
  const kept = state.games.filter((g) => g !== at && !isBlank(g.opponent)).length;
  /** @type {PasteAnswer} */
  let read = fitting(text, answer, Math.max(0, CONTRACT.limits.max_games - kept));
  const split = !at && ratesPeriods(state.system) ? await asEvents(on, text, read) : null;
  if (split) {
    const merged = addEvents(state, split.events, { toGame, blank: (g) => isBlank(g.opponent), maxEvents: MAX_EVENTS });
    renderGames();
    on.changed();
    read = { ...read, problems: split.problems };
    return { read, games: [], merged };
  }
  const games = read.games.map((g) => toGame(g, at ? at.event : state.events.length - 1));
  if (games.length) {
    if (at && state.games.includes(at)) {
      keepRowValues(at, games[0]);
      putInPlaceOf(at, games);
    } else {
      state.games = [...state.games.filter((g) => !isBlank(g.opponent)), ...games]; // empty rows give way
      renderGames();
    }
    showLeague(games);
    on.changed();
  }
  return { read, games, merged: 0 };
}

/** What was typed in the row pasted into beside its opponent (an opponent's RD, a league game's venue, score or K)
 * stays in that row, with the first game read, which takes its place, where its line says none of them (the
 * paste threw them away). Only the first: those values were that row's game's, and another opponent's RD or
 * another game's K would be a wrong figure computed in silence; the games after it start blank, as a row Add game
 * makes, and a required one (an opponent's RD) is asked for at its row. @param {GameEntry} at @param {GameEntry} first */
function keepRowValues(at, first) {
  first.extra = { ...Object.fromEntries(Object.entries(at.extra).filter(([, v]) => v !== "")), ...first.extra };
}

/** Pasted games with a league's venue or score (`3-1 v 1720 home`) tick the system's league box (Elo's), so that
 * their fields show and are sent. @param {GameEntry[]} games */
function showLeague(games) {
  if (field(state.system, "league")?.kind !== "bool" || !games.some((g) => Object.keys(g.extra).length)) return;
  const own = (state.entries[state.system] ??= {});
  if (own.league === true) return;
  own.league = true;
  fillForm(); // the box ticked, its fields and the games' rows with theirs
}

/** Put pasted games in place of `at` (a game entry, or null to append), then say what happened.
 * A paste of the dialog's (`at` null) empties its box once read.
 * @param {PasteOn} on @param {string} text @param {GameEntry | null} at */
async function pasteGames(on, text, at) {
  const answer = await on.parse(text);
  if (!answer) return; // the engine failed (and says so, with Retry): the text stays where it was
  // Each step of a long paste in a task of its own, none holding the page for long (issue 29, 15): a
  // box of 100 000 lines costs as much to empty as to fill; 10 000 games added, their first rows
  // made and the request built; then the dialog with what was not added. The games go in in one
  // step, from the form as it is then: the form is never half a paste.
  if (!at) {
    if (box().value === text) box().value = ""; // unless the visitor wrote something new there
    if (held === text) {
      hold("");
      before = "";
    }
    await nextTask();
  }
  const formBefore = snapshot();
  const { read, games, merged } = await addGames(on, text, answer, at);
  await nextTask();
  // Undone as other changes of the form are: the rows as they were, the row pasted into with what it held.
  notify(t("paste.added", { count: read.games.length }), read.games.length ? () => on.replace(formBefore) : null);
  const notes = pasteNotes(read, merged, { maxGames: CONTRACT.limits.max_games, maxEvents: MAX_EVENTS });
  // By the box pasted into (its row now holds the first game read, else it is still there): in a
  // club page's frame the visitor is there, maybe far down a long list.
  const row = at && (games[0] ?? at);
  if (read.problems.length || notes.length) {
    openPaste(read, notes, (row && document.getElementById(`opp-${row.id}`)) || $("paste-open"));
    // Said in the dialog too, once it is open (a live region's change, not its first text: some screen readers say
    // nothing of a region just shown, rv89), and again at a second paste of as many games.
    const said = $("paste-said");
    said.textContent = "";
    requestAnimationFrame(() => { said.textContent = t("paste.added", { count: read.games.length }); });
  } else if (dialog().open) dialog().close();
  keep(); // the box emptied
}

/**
 * The dialog, with what a paste left: the lines that could not be read (the first `SHOWN`, and
 * how many more) and notes on what was not added or not read. Few lines go back into the box to
 * be corrected; many do not: the box is emptied and the list says where they are.
 * @param {PasteAnswer} [read] @param {Said["notes"]} [notes] @param {Element} [anchor]
 */
function openPaste(read = undefined, notes = [], anchor = $("paste-open")) {
  // Opened again by its button after Escape: what the box holds stays, and so does what was said of the lines put
  // back in it while they are there (Escape lost both: a hostile pass).
  if (!read && !held && refilled && box().value === refilled) return reopen(anchor);
  read ??= { games: [], problems: [] };
  const { listed, more } = problemList(read, SHOWN);
  say({ listed, more, notes });
  // What the box holds (typed since the paste was read, or before Escape closed it) stays, first.
  if (!held) box().value = refilled = refill(box().value, read.problems, more);
  reopen(anchor);
}

/** What the dialog says of the last paste (`now`): the lines to correct, how many more, the notes. @param {Said} now */
function say(now) {
  said = now;
  const { listed, more, notes } = now;
  const item = (/** @type {string} */ text) => Object.assign(document.createElement("li"), { textContent: text });
  const list = $("paste-problem-list");
  list.replaceChildren(...listed.map((p) => item(t("paste.line", { line: p.line, text: p.text, reason: t(`paste.reason.${p.reason}`) }))));
  if (more) list.append(item(t("paste.more", { count: more })));
  $("paste-problems").hidden = listed.length === 0;
  $("paste-problems-intro").textContent = t(more ? "paste.problemsMany" : "paste.problems");
  const summary = $("paste-summary");
  summary.replaceChildren(...notes.map(([key, values]) => Object.assign(document.createElement("p"), { textContent: t(key, values) })));
  summary.hidden = notes.length === 0;
  // What was not added, said with the box the focus goes to (a screen reader heard only "Games added").
  const shown = [summary.hidden ? "" : "paste-summary", listed.length ? "paste-problems-intro" : ""];
  box().setAttribute("aria-describedby", [...shown, "paste-help", "paste-help-events"].filter(Boolean).join(" "));
  if (listed.length) box().setAttribute("aria-invalid", "true");
  else box().removeAttribute("aria-invalid");
}

/** The dialog shown as it is, by `anchor`, its box (or what it holds aside) focused. @param {Element} anchor */
function reopen(anchor) {
  if (!dialog().open) dialog().showModal();
  placeNear(anchor);
  (held ? $("paste-held-clear") : box()).focus();
  keep();
}

// ---- kept for a reload -------------------------------------------------------------------------

/** What the dialog holds, kept for a reload of this tab (state.js pasteNote), each time it changes: its text (or
 * the paste held aside, with what the box held before it), whether it is open, and what it says of the last
 * paste. A reload lost them all: the lines given back to correct, and whatever was typed or pasted there. */
function keep() {
  const text = held ? before : box().value;
  if (!text && !held && !dialog().open) {
    pasteNote.forget();
    return;
  }
  pasteNote.set(JSON.stringify({ text, held, refilled, open: dialog().open, said }));
}

/** The dialog as this tab's last page left it (keep): its text in the box, what it said, open again if it was. */
function restore() {
  const kept = readKept(pasteNote.get());
  if (!kept) return;
  box().value = kept.held ? "" : kept.text;
  before = kept.held ? kept.text : "";
  refilled = kept.refilled;
  if (kept.held) hold(kept.held);
  say(kept.said);
  // Open again on the widget's own page; in a club's frame its text waits in the box, not opened (a modal dialog
  // takes the focus, which a reload in a frame must leave on the club's page, as the views' do: rv84).
  if (kept.open && window.top === window) reopen($("paste-open"));
}

/**
 * The dialog's note (keep) if it is one; else null (none, or damaged: the dialog starts empty, as on a first visit).
 * Only its texts and numbers are taken: a text key not the dialog's is no note of it.
 * @param {string} text @returns {{text: string, held: string, refilled: string, open: boolean, said: Said} | null}
 */
function readKept(text) {
  let data;
  try {
    data = JSON.parse(text || "null");
  } catch {
    return null;
  }
  const str = (/** @type {unknown} */ v) => typeof v === "string";
  const problem = (/** @type {any} */ p) => Number.isInteger(p?.line) && str(p.text) && str(p.reason);
  const note = (/** @type {any} */ n) => Array.isArray(n) && str(n[0]) && n[0].startsWith("paste.") && n[1] && typeof n[1] === "object"
    && Object.values(n[1]).every(Number.isFinite);
  const said = data?.said;
  const fits = str(data?.text) && str(data.held) && str(data.refilled) && typeof data.open === "boolean"
    && Array.isArray(said?.listed) && said.listed.length <= SHOWN && said.listed.every(problem)
    && Number.isInteger(said.more) && Array.isArray(said.notes) && said.notes.every(note);
  return fits ? data : null;
}

/** Hold `text` aside in place of the box (the dialog says what it is), or, with "", show the box again. @param {string} text */
function hold(text) {
  held = text;
  $("paste-held").hidden = !held;
  box().hidden = Boolean(held);
  $("paste-label").hidden = Boolean(held);
  if (!held) return;
  // Lines as the reader splits them: \r\n, \n or a lone \r (an old Mac's) each end one.
  const lines = held.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  $("paste-held-text").textContent = t("paste.held", { lines: formatNumber(lines.length, options.lang) });
  $("paste-held-lines").textContent = lines.slice(0, HELD_LINES).map((line) => line.slice(0, 200)).join("\n");
}

/** The text held aside let go (Clear, Cancel): the box back, with what it held before the paste. */
function letGo() {
  if (!held) return;
  hold("");
  box().value = before;
}

/** A long paste into the dialog's box is held aside (HELD_FROM), what the box held kept around it.
 * @param {ClipboardEvent} event */
function onBoxPaste(event) {
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (text.length <= HELD_FROM || !text.trim()) return; // the browser pastes it
  event.preventDefault();
  const el = box();
  before = el.value;
  hold(el.value.slice(0, el.selectionStart) + text + el.value.slice(el.selectionEnd));
  el.value = "";
  $("paste-held-clear").focus();
  keep();
}

/** In an embedding page the frame is as tall as its content, so "centred" can be far off screen:
 * put the dialog by what the visitor just used instead. @param {Element} anchor */
function placeNear(anchor) {
  const el = dialog();
  el.style.marginTop = "";
  if (window.parent === window) return;
  const top = anchor.getBoundingClientRect().top - 40;
  const room = window.innerHeight - el.getBoundingClientRect().height - 8;
  el.style.marginTop = `${Math.round(Math.max(8, Math.min(top, room)))}px`;
}

/** Several lines pasted into an opponent box are games (pastesAsGames); one value the browser
 * pastes itself. @param {PasteOn} on @param {ClipboardEvent} event */
function onPaste(on, event) {
  const el = /** @type {HTMLElement} */ (event.target);
  const game = gameOf(el);
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!game || !el.classList.contains("opp") || !pastesAsGames(text)) return;
  event.preventDefault();
  pasteGames(on, text, game);
}

/** The dialog closed: with Add and some text, that text is pasted. @param {PasteOn} on */
function onClose(on) {
  const text = held || box().value;
  if (dialog().returnValue === "add" && text.trim()) pasteGames(on, text, null);
  else letGo(); // Cancel, Escape: nothing held is added later by surprise
  dialog().returnValue = "";
  keep(); // closed (a paste read keeps again once it is in)
}

/** Install the paste listeners: the form's opponent boxes, the dialog's button and its closing.
 * @param {PasteOn} on */
export function bindPaste(on) {
  $("form").addEventListener("paste", (event) => onPaste(on, event));
  $("paste-open").addEventListener("click", () => openPaste());
  dialog().addEventListener("close", () => onClose(on));
  box().addEventListener("paste", onBoxPaste);
  $("paste-held-clear").addEventListener("click", () => {
    letGo();
    box().focus();
    keep();
  });
  box().addEventListener("input", keep);
  restore();
}
