// The form bound to the page's state: fills the inputs and the game rows from it, and writes
// every input back into it (as typed), adding and removing rows with the keyboard kept in place.
// What follows a change (saving, computing) is the caller's: bindForm() takes it as a callback.
import { $, input } from "./dom.js";
import { SYSTEMS, defaultK, field, fieldId, gameFields, ownFields } from "./fields.js";
import { hasText, t } from "./i18n.js";
import { formatNumber } from "./numbers.js";
import { newGame, options, state, touched } from "./state.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */

const RESULT_KEYS = { "1": "result.win", "0.5": "result.draw", "0": "result.loss" };

/** Every input from the state. */
export function fillForm() {
  const systems = /** @type {HTMLSelectElement} */ ($("system"));
  if (!systems.options.length) systems.append(...SYSTEMS.map((name) => new Option(t(`system.${name}`), name)));
  systems.value = state.system;
  input("rating").value = state.rating;
  input("k").value = state.k;
  input("fewer30").checked = state.fewer30;
  input("junior").checked = state.junior;
  input("reached2400").checked = state.reached2400;
  input("time-control").value = state.timeControl;
  input("cap400").checked = state.cap400;
  input("update").value = state.update;
  showSystem(); // and the game rows
}

/** The fields and hints of the chosen system: FIDE's and Elo's are in the page, any other system's
 * are made from the contract (ownFields), and its games' extra inputs go into each row. */
function showSystem() {
  const system = state.system;
  for (const el of document.querySelectorAll(".fide-only, .elo-only")) {
    /** @type {HTMLElement} */ (el).hidden = !el.classList.contains(`${system}-only`);
  }
  const handMade = system === "fide" || system === "elo";
  $("rating-label").textContent = t(!handMade && hasText("field.rating") ? "field.rating" : "rating.label");
  $("rating-hint").textContent = handMade ? t(`rating.hint.${system}`) : "";
  input("rating").inputMode = field(system, "rating")?.whole ? "numeric" : "decimal";
  $("k-field").hidden = field(system, "k") === null;
  $("k-hint").textContent = system === "fide" ? t("k.hint.fide") : t("k.hint.elo");
  renderSystemFields();
  renderGames();
}

/** A number as the language writes it, with as many decimals as it has (a default: "34,6"). @param {number} x */
const plainNumber = (x) => formatNumber(x, options.lang, { decimals: (String(x).split(".")[1] ?? "").length });

/**
 * A text input for a number field: numeric keyboard where only whole numbers go, the default
 * (what a blank means) as its placeholder.
 * @param {import("./contract.js").Field} f @param {string} value
 */
function numberInput(f, value) {
  const el = document.createElement("input");
  el.inputMode = f.whole ? "numeric" : "decimal";
  el.spellcheck = false;
  el.autocomplete = "off";
  if (f.default !== null) el.placeholder = plainNumber(f.default);
  el.value = value;
  return el;
}

/** The chosen system's own fields (none for FIDE and Elo), filled from the state. */
function renderSystemFields() {
  const box = $("system-fields");
  const own = state.entries[state.system] ?? {};
  const made = ownFields(state.system).map((f) => {
    const id = fieldId(f.path);
    const wrap = document.createElement("div");
    wrap.className = f.kind === "bool" ? "field long" : "field";
    const label = document.createElement("label");
    label.htmlFor = id;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let control;
    if (f.kind === "bool") {
      control = Object.assign(document.createElement("input"), { type: "checkbox", checked: own[f.path] === true });
      label.className = "check";
      label.append(control, " ", Object.assign(document.createElement("span"), { textContent: t(`field.${f.path}`) }));
      wrap.append(label);
    } else {
      if (f.kind === "choice") {
        const select = document.createElement("select");
        for (const value of f.choices) select.add(new Option(t(`choice.${f.path}.${value}`), value));
        const chosen = own[f.path];
        select.value = typeof chosen === "string" && f.choices.includes(chosen) ? chosen : f.choices[0];
        control = select;
      } else {
        const typed = own[f.path];
        control = numberInput(f, typeof typed === "string" ? typed : "");
      }
      label.textContent = t(`field.${f.path}`);
      wrap.append(label, control);
    }
    control.id = id;
    control.dataset.path = f.path;
    const described = [];
    if (hasText(`hint.${f.path}`)) {
      const hint = Object.assign(document.createElement("p"), { className: "hint", id: `${id}-hint`, textContent: t(`hint.${f.path}`) });
      wrap.append(hint);
      described.push(hint.id);
    }
    wrap.append(Object.assign(document.createElement("p"), { className: "error", id: `${id}-error` }));
    described.push(`${id}-error`);
    control.setAttribute("aria-describedby", described.join(" "));
    return wrap;
  });
  box.replaceChildren(...made);
  box.hidden = made.length === 0;
}

/** Build the game rows from state, keeping focus on the element that had it. */
export function renderGames() {
  const gamesList = $("games");
  const focused = document.activeElement;
  const row = focused?.closest?.(".game");
  const focusKey = focused && row ? [row.getAttribute("data-id"), [...focused.classList][0]] : null;
  const extras = gameFields(state.system);
  gamesList.replaceChildren(...state.games.map((game, i) => gameRow(game, i + 1, extras)));
  $("games-empty").hidden = state.games.length > 0;
  if (focusKey) {
    const again = gamesList.querySelector(`.game[data-id="${focusKey[0]}"] .${focusKey[1]}`);
    /** @type {HTMLElement | null} */ (again)?.focus();
  }
}

/**
 * @param {GameEntry} game @param {number} n
 * @param {ReturnType<typeof gameFields>} extras what each game carries in this system besides opponent and result
 */
function gameRow(game, n, extras) {
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
  // Each control's name says which game it belongs to. As aria-label, not as a visually hidden span
  // in the label: Firefox and WebKit read such a span as a block ("Opponent rating , game 1").
  const forGame = t("game.forGame", { n });
  q(".remove").setAttribute("aria-label", t("game.remove") + t("game.forGameRemove", { n }));
  q(".opp-label").setAttribute("for", oppId);
  q(".res-label").setAttribute("for", resId);
  const opp = /** @type {HTMLInputElement} */ (q(".opp"));
  opp.id = oppId;
  opp.value = game.opponent;
  q(".error").id = `${oppId}-error`;
  opp.setAttribute("aria-describedby", `${oppId}-error`);
  opp.setAttribute("aria-label", t("game.opponent") + forGame);
  const res = /** @type {HTMLSelectElement} */ (q(".res"));
  res.id = resId;
  res.setAttribute("aria-label", t("game.result") + forGame);
  for (const option of res.options) option.textContent = t(RESULT_KEYS[/** @type {"1"} */ (option.value)]);
  res.value = game.result;
  q(".game-out").id = `out-${game.id}`;
  const box = q(".extras");
  box.hidden = extras.length === 0;
  row.classList.toggle("with-extras", extras.length > 0);
  for (const f of extras) {
    const id = `x-${f.key}-${game.id}`;
    const wrap = Object.assign(document.createElement("span"), { className: "field" });
    const label = document.createElement("label");
    label.htmlFor = id;
    label.append(t(`field.games[].${f.key}`));
    const el = numberInput(f, game.extra[f.key] ?? "");
    el.className = `x-${f.key}`; // first class: renderGames() finds the focused input again by it
    el.id = id;
    el.dataset.key = f.key;
    el.setAttribute("aria-describedby", `${id}-error`);
    el.setAttribute("aria-label", t(`field.games[].${f.key}`) + forGame);
    wrap.append(label, el, Object.assign(document.createElement("span"), { className: "error", id: `${id}-error` }));
    box.append(wrap);
  }
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
 *   and the first time the visitor leaves a field (its "required" message may show now)
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
      if (el.dataset.key) game.extra[el.dataset.key] = el.value;
    } else if (el.dataset.path) {
      // A system's own field: kept under that system, so switching systems and back loses nothing.
      const own = (state.entries[state.system] ??= {});
      own[el.dataset.path] = el.type === "checkbox" ? el.checked : el.value;
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
    const field = el.id === "rating" || el.id === "k" || Boolean(el.dataset.path || el.dataset.key);
    if (field && !touched.has(el.id)) {
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
