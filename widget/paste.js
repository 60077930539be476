// Results pasted from a tournament table: several lines pasted into an opponent box, or the paste
// dialog. The engine reads the text (elo_core's parse_results); the games it finds go into the
// rows, and the lines it could not read come back in the dialog, each with its reason. However much
// is pasted, nothing is lost in silence: games past the list's room, lines past the engine's
// text limit and problems past the first ones listed are counted there, and the box is refilled
// only with a few lines to correct (a huge textarea holds the page for seconds).
import { $ } from "./dom.js";
import { CONTRACT } from "./fields.js";
import { gameOf, putInPlaceOf, renderGames } from "./form.js";
import { t } from "./i18n.js";
import { notify } from "./notices.js";
import { formatNumber, isBlank, plainDigits } from "./numbers.js";
import { newGame, options, state } from "./state.js";
import { MAX_EVENTS } from "./store.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("./engine.js").ParseResult} ParseResult */
/** @typedef {ParseResult["problems"][number]} Problem */
/**
 * The engine's whole answer (elo_core.bridge.parse): also the problems not listed, by reason, and
 * the non-blank lines past its text limit, left unread (how many, and the first one's number).
 * @typedef {ParseResult & {unlisted?: Record<string, number>, unread?: {lines: number, from: number}}} PasteAnswer
 */

/** Whether a line with no rating may name a tournament: it has a word, and no number that could be a
 * rating mistyped ("16200 1", "-0 1", "1620.5 1" are games to correct, and listed as such), that is
 * one of three digits or more, or with a sign or decimals: "Round 2" and "U1800 Open" are names.
 * @param {string} text */
export function mayBeName(text) {
  const plain = plainDigits(text);
  // No lookbehind: a browser before Safari 16.4 refuses to parse it, and with it the whole page's script.
  return /\p{L}{2}/u.test(plain) && !/(?:^|[^\p{L}\p{N}])([+\-\u2212]\d|\d{3}|\d+[.,]\d)/u.test(plain);
}

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

/** The lines to correct that are listed, and put back in the box when there are no more than these. */
const SHOWN = 100;

/**
 * @param {{parse: (text: string) => Promise<ParseResult | null>, changed: () => void}} on how to read
 *   pasted text (the engine: null if it failed meanwhile, and says so), and what follows a change of the games
 */
export function bindPaste(on) {
  const dialog = /** @type {HTMLDialogElement} */ ($("paste"));
  const box = () => /** @type {HTMLTextAreaElement} */ ($("paste-text"));

  /**
   * Pasted text as tournaments (FIDE, the paste dialog): a blank line, or a line naming a tournament
   * (a word, no rating, no number that could be one, and no result either), starts a new one. Null
   * when the text holds one tournament: it is then pasted as before, its games into the last tournament.
   * @param {string} text @param {ParseResult} read
   * @returns {Promise<{events: {name: string, games: ParseResult["games"]}[], problems: ParseResult["problems"]} | null>}
   */
  async function asEvents(text, read) {
    const lines = text.split(/\r\n|\r|\n/);
    const noRating = read.problems.filter((p) => p.reason === "no_rating" && mayBeName(p.text));
    // A line with no rating is a result with its rating missing if it reads as a game once given one.
    const check = (noRating.length ? await on.parse(noRating.map((p) => `${p.text} 1500`).join("\n")) : null) ?? { games: [] };
    const results = new Set(check.games.map((g) => noRating[g.line - 1]?.line));
    const names = new Map(noRating.filter((p) => !results.has(p.line)).map((p) => [p.line, p.text.trim()]));
    /** @type {{name: string, games: ParseResult["games"]}[]} */
    const events = [{ name: "", games: [] }];
    const byLine = new Map(read.games.map((g) => [g.line, g]));
    lines.forEach((line, i) => {
      const n = i + 1;
      const last = events[events.length - 1];
      if (line.trim() === "" || names.has(n)) {
        if (last.games.length) events.push({ name: names.get(n) ?? "", games: [] });
        else if (names.has(n)) last.name = names.get(n) ?? "";
        return;
      }
      const game = byLine.get(n);
      if (game) last.games.push(game);
    });
    const full = events.filter((e) => e.games.length);
    if (full.length < 2) return null;
    return { events: full, problems: read.problems.filter((p) => !names.has(p.line)) };
  }

  /** Each pasted tournament after the last one typed; the first one's games join the last one typed. */
  /** The pasted tournaments after the period's last; those past MAX_EVENTS go into the last one
   * (their number is returned, to be said). */
  function addEvents(/** @type {{name: string, games: ParseResult["games"]}[]} */ events) {
    const toGame = (/** @type {ParseResult["games"][number]} */ g, /** @type {number} */ event) =>
      newGame({ opponent: formatNumber(g.opponent, options.lang), result: String(g.score), event });
    let last = state.events.length - 1;
    state.games = state.games.filter((g) => !isBlank(g.opponent)); // empty rows give way
    if (!state.games.some((g) => g.event === last) && !state.events[last].name) state.events[last].name = events[0].name;
    let merged = 0;
    events.forEach((e, i) => {
      if (i && state.events.length < MAX_EVENTS) {
        state.events.push({ name: e.name, rating: "" });
        last = state.events.length - 1;
      } else if (i) {
        merged++;
      }
      state.games.push(...e.games.map((g) => toGame(g, last)));
    });
    return merged;
  }

  /**
   * The games that fit in the list (at most the engine's games), in place of `at` or after the
   * others; those that do not become problems of their own ("too many games").
   * @param {string} text @param {PasteAnswer} read @param {GameEntry | null} at
   */
  function fitting(text, read, at) {
    const kept = state.games.filter((g) => g !== at && !isBlank(g.opponent)).length;
    const room = Math.max(0, CONTRACT.limits.max_games - kept);
    if (read.games.length <= room) return read;
    const lines = text.split(/\r\n|\r|\n/);
    /** @type {Problem[]} */
    const refused = read.games.slice(room).map((g) => ({ line: g.line, text: lines[g.line - 1].trim().slice(0, 200), reason: "too_many_games" }));
    const problems = [...read.problems, ...refused].sort((a, b) => a.line - b.line);
    return { ...read, games: read.games.slice(0, room), problems };
  }

  /** Put pasted games in place of `at` (a game entry, or null to append), then say what happened.
   * A paste of the dialog's (`at` null) empties its box once read. */
  async function pasteGames(/** @type {string} */ text, /** @type {GameEntry | null} */ at) {
    const answer = await on.parse(text);
    if (!answer) return; // the engine failed (and says so, with Retry): the text stays where it was
    // Each step of a long paste in a task of its own, none holding the page for long (issue 29, 15): a
    // box of 100 000 lines costs as much to empty as to fill; 10 000 games added, their first rows
    // made and the request built; then the dialog with what was not added. The games go in in one
    // step, from the form as it is then: the form is never half a paste.
    if (!at) {
      if (box().value === text) box().value = ""; // unless the visitor wrote something new there
      await nextTask();
    }
    /** @type {PasteAnswer} */
    let read = fitting(text, answer, at);
    const split = !at && state.system === "fide" ? await asEvents(text, read) : null;
    let merged = 0;
    if (split) {
      merged = addEvents(split.events);
      renderGames();
      on.changed();
      read = { ...read, problems: split.problems };
    }
    const games = split ? [] : read.games.map((g) => newGame({
      opponent: formatNumber(g.opponent, options.lang), result: String(g.score), event: at ? at.event : state.events.length - 1,
    }));
    if (games.length) {
      if (at && state.games.includes(at)) {
        putInPlaceOf(at, games);
      } else {
        state.games = [...state.games.filter((g) => !isBlank(g.opponent)), ...games]; // empty rows give way
        renderGames();
      }
      on.changed();
    }
    await nextTask();
    notify(t("paste.added", { count: read.games.length }));
    const full = read.problems.filter((p) => p.reason === "too_many_games").length + (read.unlisted?.too_many_games ?? 0);
    const notes = [
      full ? t("paste.full", { added: read.games.length, count: full, max: CONTRACT.limits.max_games }) : "",
      read.unread?.lines ? t("paste.unread", { count: read.unread.lines, line: read.unread.from }) : "",
      merged ? t("paste.eventsFull", { max: MAX_EVENTS, count: merged }) : "",
    ].filter(Boolean);
    // By the box pasted into (its row now holds the first game read, else it is still there): in a
    // club page's frame the visitor is there, maybe far down a long list.
    const row = at && (games[0] ?? at);
    if (read.problems.length || notes.length) openPaste(read, notes, (row && document.getElementById(`opp-${row.id}`)) || $("paste-open"));
    else if (dialog.open) dialog.close();
  }

  /**
   * The dialog, with what a paste left: the lines that could not be read (the first `SHOWN`, and
   * how many more) and notes on what was not added or not read. Few lines go back into the box to
   * be corrected; many do not: the box is emptied and the list says where they are.
   * @param {PasteAnswer} read @param {string[]} notes @param {Element} anchor
   */
  function openPaste(read = { games: [], problems: [] }, notes = [], anchor = $("paste-open")) {
    const { problems } = read;
    const list = $("paste-problem-list");
    const item = (/** @type {string} */ text) => Object.assign(document.createElement("li"), { textContent: text });
    const shown = problems.slice(0, SHOWN);
    const more = problems.length - shown.length + Object.values(read.unlisted ?? {}).reduce((a, b) => a + b, 0);
    list.replaceChildren(...shown.map((p) => item(t("paste.line", { line: p.line, text: p.text, reason: t(`paste.reason.${p.reason}`) }))));
    if (more) list.append(item(t("paste.more", { count: more })));
    $("paste-problems").hidden = problems.length === 0;
    $("paste-problems-intro").textContent = t(more ? "paste.problemsMany" : "paste.problems");
    const summary = $("paste-summary");
    summary.replaceChildren(...notes.map((note) => Object.assign(document.createElement("p"), { textContent: note })));
    summary.hidden = notes.length === 0;
    // Opened again while the paste was read, the box holds what the visitor typed since: it stays, first.
    const typed = dialog.open ? box().value.trim() : "";
    box().value = [typed, more ? "" : problems.map((p) => p.text).join("\n")].filter(Boolean).join("\n");
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

  /** Several lines pasted into an opponent box are games; one value the browser pastes itself. */
  const MAX_VALUE = 200;
  function onPaste(/** @type {ClipboardEvent} */ event) {
    const el = /** @type {HTMLElement} */ (event.target);
    const game = gameOf(el);
    const text = event.clipboardData?.getData("text/plain") ?? "";
    // One value pastes as typed; several lines or cells, or a line longer than any value (a whole
    // table copied as one line), go to the paste reader, which says what it found.
    if (!game || !el.classList.contains("opp") || (!/[\n\t]/.test(text.trim()) && text.length <= MAX_VALUE)) return;
    event.preventDefault();
    pasteGames(text, game);
  }

  $("form").addEventListener("paste", onPaste);
  $("paste-open").addEventListener("click", () => openPaste());
  dialog.addEventListener("close", () => {
    const text = box().value;
    if (dialog.returnValue === "add" && text.trim()) pasteGames(text, null);
    dialog.returnValue = "";
  });
}
