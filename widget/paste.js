// Results pasted from a tournament table: several lines pasted into an opponent box, or the paste
// dialog. The engine reads the text (elo_core's parse_results); the games it finds go into the
// rows, and the lines it could not read come back in the dialog, each with its reason.
import { $ } from "./dom.js";
import { gameOf, renderGames } from "./form.js";
import { t } from "./i18n.js";
import { notify } from "./notices.js";
import { formatNumber } from "./numbers.js";
import { newGame, options, state } from "./state.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("./engine.js").ParseResult} ParseResult */

/**
 * @param {{parse: (text: string) => Promise<ParseResult>, changed: () => void}} on how to read
 *   pasted text (the engine), and what follows a change of the games
 */
export function bindPaste(on) {
  const dialog = /** @type {HTMLDialogElement} */ ($("paste"));
  const gamesList = $("games");

  /** Put pasted games in place of `at` (a game entry, or null to append), then say what happened. */
  async function pasteGames(/** @type {string} */ text, /** @type {GameEntry | null} */ at) {
    const read = await on.parse(text);
    const games = read.games.map((g) => newGame({ opponent: formatNumber(g.opponent, options.lang), result: String(g.score) }));
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
    notify(t("paste.added", { count: games.length }));
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
