// Results pasted from a tournament table: several lines pasted into an opponent box, or the paste
// dialog. The engine reads the text (elo_core's parse_results); the games it finds go into the
// rows, and the lines it could not read come back in the dialog, each with its reason.
import { $ } from "./dom.js";
import { gameOf, renderGames } from "./form.js";
import { t } from "./i18n.js";
import { notify } from "./notices.js";
import { formatNumber } from "./numbers.js";
import { newGame, options, state } from "./state.js";
import { MAX_EVENTS } from "./store.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("./engine.js").ParseResult} ParseResult */

/**
 * @param {{parse: (text: string) => Promise<ParseResult>, changed: () => void}} on how to read
 *   pasted text (the engine), and what follows a change of the games
 */
export function bindPaste(on) {
  const dialog = /** @type {HTMLDialogElement} */ ($("paste"));
  const gamesList = $("games");

  /**
   * Pasted text as tournaments (FIDE, the paste dialog): a blank line, or a line naming a tournament
   * (no rating, and no result either), starts a new one. Null when the text holds one tournament:
   * it is then pasted as before, its games into the last tournament.
   * @param {string} text @param {ParseResult} read
   * @returns {Promise<{events: {name: string, games: ParseResult["games"]}[], problems: ParseResult["problems"]} | null>}
   */
  async function asEvents(text, read) {
    const lines = text.split(/\r\n|\r|\n/);
    const noRating = read.problems.filter((p) => p.reason === "no_rating");
    // A line with no rating is a result with its rating missing if it reads as a game once given one.
    const check = noRating.length ? await on.parse(noRating.map((p) => `${p.text} 1500`).join("\n")) : { games: [] };
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
  function addEvents(/** @type {{name: string, games: ParseResult["games"]}[]} */ events) {
    const toGame = (/** @type {ParseResult["games"][number]} */ g, /** @type {number} */ event) =>
      newGame({ opponent: formatNumber(g.opponent, options.lang), result: String(g.score), event });
    let last = state.events.length - 1;
    state.games = state.games.filter((g) => g.opponent.trim() !== ""); // empty rows give way
    if (!state.games.some((g) => g.event === last) && !state.events[last].name) state.events[last].name = events[0].name;
    events.forEach((e, i) => {
      if (i && state.events.length < MAX_EVENTS) {
        state.events.push({ name: e.name, rating: "" });
        last = state.events.length - 1;
      }
      state.games.push(...e.games.map((g) => toGame(g, last)));
    });
  }

  /** Put pasted games in place of `at` (a game entry, or null to append), then say what happened. */
  async function pasteGames(/** @type {string} */ text, /** @type {GameEntry | null} */ at) {
    let read = await on.parse(text);
    const split = !at && state.system === "fide" ? await asEvents(text, read) : null;
    if (split) {
      addEvents(split.events);
      renderGames();
      on.changed();
      read = { games: read.games, problems: split.problems };
    }
    const games = split ? [] : read.games.map((g) => newGame({
      opponent: formatNumber(g.opponent, options.lang), result: String(g.score), event: at ? at.event : state.events.length - 1,
    }));
    if (games.length) {
      const index = at ? state.games.indexOf(at) : -1;
      if (index >= 0) {
        state.games.splice(index, 1, ...games); // the row pasted into takes the first game
      } else {
        state.games = [...state.games.filter((g) => g.opponent.trim() !== ""), ...games]; // empty rows give way
      }
      renderGames();
      on.changed();
    }
    notify(t("paste.added", { count: read.games.length }));
    if (read.problems.length) openPaste(read.problems, at ? gamesList : $("paste-open"));
    else if (dialog.open) dialog.close();
  }

  /** @param {ParseResult["problems"]} problems @param {Element} anchor */
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

  /** Several lines pasted into an opponent box are games; one value the browser pastes itself. */
  function onPaste(/** @type {ClipboardEvent} */ event) {
    const el = /** @type {HTMLElement} */ (event.target);
    const game = gameOf(el);
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (!game || !el.classList.contains("opp") || !/[\n\t]/.test(text.trim())) return;
    event.preventDefault();
    pasteGames(text, game);
  }

  $("form").addEventListener("paste", onPaste);
  $("paste-open").addEventListener("click", () => openPaste());
  dialog.addEventListener("close", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("paste-text")).value;
    if (dialog.returnValue === "add" && text.trim()) pasteGames(text, null);
    dialog.returnValue = "";
  });
}
