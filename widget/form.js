// The form bound to the page's state: fills the inputs and the game rows from it, and writes
// every input back into it (as typed), adding and removing rows with the keyboard kept in place.
// What follows a change (saving, computing) is the caller's: bindForm() takes it as a callback.
import { $, input } from "./dom.js";
import { SYSTEMS, defaultK } from "./fields.js";
import { t } from "./i18n.js";
import { newGame, state, touched } from "./state.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */

const RESULT_KEYS = { "1": "result.win", "0.5": "result.draw", "0": "result.loss" };

/** Every input from the state. */
export function fillForm() {
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

/** The fields and hints of the chosen system. */
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
export function renderGames() {
  const gamesList = $("games");
  const focused = document.activeElement;
  const row = focused?.closest?.(".game");
  const focusKey = focused && row ? [row.getAttribute("data-id"), [...focused.classList][0]] : null;
  gamesList.replaceChildren(...state.games.map((game, i) => gameRow(game, i + 1)));
  $("games-empty").hidden = state.games.length > 0;
  if (focusKey) {
    const again = gamesList.querySelector(`.game[data-id="${focusKey[0]}"] .${focusKey[1]}`);
    /** @type {HTMLElement | null} */ (again)?.focus();
  }
}

/** @param {GameEntry} game @param {number} n */
function gameRow(game, n) {
  const rowTemplate = /** @type {HTMLTemplateElement} */ ($("game-row"));
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
export function gameOf(el) {
  const id = Number(el.closest(".game")?.getAttribute("data-id"));
  return state.games.find((g) => g.id === id);
}

/**
 * Write the form's inputs into the state as they happen.
 * @param {HTMLFormElement} form
 * @param {{changed: () => void, touchedChanged: () => void}} on what follows an entry's change,
 *   and the first time the visitor leaves the rating or K (their "required" messages may show now)
 */
export function bindForm(form, on) {
  const gamesList = $("games");

  /** @param {Event} event */
  function onInput(event) {
    const el = /** @type {HTMLInputElement} */ (event.target);
    const game = gameOf(el);
    if (game) {
      if (el.classList.contains("opp")) game.opponent = el.value;
      if (el.classList.contains("res")) game.result = el.value;
    } else {
      switch (el.id) {
        case "system": {
          state.system = SYSTEMS.includes(el.value) ? el.value : SYSTEMS[0];
          const k = defaultK(state.system);
          if (k && state.k === "") input("k").value = state.k = k;
          showSystem();
          break;
        }
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
    on.changed();
  }

  function addGame() {
    state.games.push(newGame({ opponent: "", result: "1" }));
    renderGames();
    const rows = gamesList.querySelectorAll(".opp");
    /** @type {HTMLElement} */ (rows[rows.length - 1]).focus();
    on.changed();
  }

  /** @param {Element} button */
  function removeGame(button) {
    const game = gameOf(button);
    if (!game) return;
    const index = state.games.indexOf(game);
    state.games.splice(index, 1);
    renderGames();
    // Keep the keyboard where it was: the next row's remove button, else "Add game".
    const buttons = gamesList.querySelectorAll(".remove");
    /** @type {HTMLElement} */ (buttons[Math.min(index, buttons.length - 1)] ?? $("add")).focus();
    on.changed();
  }

  form.addEventListener("input", onInput);
  form.addEventListener("focusout", (event) => {
    const el = /** @type {HTMLElement} */ (event.target);
    if ((el.id === "rating" || el.id === "k") && !touched.has(el.id)) {
      touched.add(el.id);
      on.touchedChanged();
    }
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  $("add").addEventListener("click", addGame);
  gamesList.addEventListener("click", (event) => {
    const button = /** @type {Element} */ (event.target).closest(".remove");
    if (button) removeGame(button);
  });
}
