// The form bound to the page's state: fills the inputs and the game rows from it, and writes
// every input back into it (as typed), adding and removing rows with the keyboard kept in place.
// What follows a change (saving, computing) is the caller's: bindForm() takes it as a callback.
import { $, input } from "../../page/dom.js";
import { CONTRACT, SYSTEMS, choiceOf, field, fieldId, gameFields, offered, offeredGameFields, ownFields, ratesPeriods } from "./fields.js";
import { hasText, t } from "../../page/i18n.js";
import { formatAsHeld } from "../../shared/numbers.js";
import { dropUndo, notify } from "../../page/notices.js";
import { options } from "../../page/options.js";
import { newGame, snapshot, state, touched } from "./state.js";
import { MAX_EVENTS, MAX_GAMES, MAX_TEXT } from "./store.js";
import { currentPeriod } from "../../shared/periods.js";
import {
  afterPutBack, afterRemoval, endOfEvent, hasTyped, putBackIndex, replacePlace, switchSystem, writeGame,
} from "./form-state.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */

const RESULT_KEYS = { "1": "result.win", "0.5": "result.draw", "0": "result.loss" };

/** Every input from the state. */
export function fillForm() {
  periodNote = null; // said of the entries a visit starts with (showPeriodNote), not of these
  // No box takes more than the saved entries and links are read back with (a longer one is refused).
  const template = /** @type {HTMLTemplateElement} */ ($("game-row"));
  for (const el of [input("rating"), input("k"), template.content.querySelector(".opp")]) {
    /** @type {HTMLInputElement} */ (el).maxLength = MAX_TEXT;
  }
  const systems = /** @type {HTMLSelectElement} */ ($("system"));
  if (!systems.options.length) systems.append(...SYSTEMS.map((name) => new Option(t(`system.${name}`), name)));
  systems.value = state.system;
  input("rating").value = state.rating;
  input("k").value = state.k;
  fillPeriod();
  showSystem(); // its own fields, and the game rows
}

/** The year of the first rating period the engine knows the rules of (elo_core's EARLIEST_PERIOD, 2022-01:
 * standard play; rapid and blitz from 2024-03, which the engine says at the period when earlier), from the contract. */
const FIRST_YEAR = Number(CONTRACT.earliest_period.slice(0, 4));

/** The period selects (month, year) from the state, with every year from the first to the next. */
function fillPeriod() {
  const [year, month] = state.period.split("-");
  const months = /** @type {HTMLSelectElement} */ ($("period-month"));
  if (!months.options.length) {
    const name = new Intl.DateTimeFormat(options.lang, { month: "long", timeZone: "UTC" });
    for (let m = 1; m <= 12; m++) {
      months.add(new Option(name.format(Date.UTC(2000, m - 1, 15)), String(m).padStart(2, "0")));
    }
  }
  const years = /** @type {HTMLSelectElement} */ ($("period-year"));
  const last = Math.max(new Date().getFullYear() + 1, Number(year));
  if (years.options.length !== last - FIRST_YEAR + 1) {
    years.replaceChildren();
    for (let y = Math.min(FIRST_YEAR, Number(year)); y <= last; y++) years.add(new Option(String(y), String(y)));
  }
  months.value = month;
  years.value = year;
  showPeriodNote();
}

/**
 * What is said at the period: the period the entries had, moved on to this month's (the visitor had
 * not chosen it: `moved`), or this month's beside the one the visitor chose, kept though another month
 * has begun; with a button that takes the `other` one.
 * @typedef {{moved: boolean, other: string}} PeriodNote
 */
/** @type {PeriodNote | null} */
let periodNote = null;

/** Say at the period field where the period came from (startingState's `periodNote`). @param {PeriodNote | null} note */
export function notePeriod(note) {
  periodNote = note;
  showPeriodNote();
}

/** A period the visitor did not choose follows the months in an open tab too (a month begins while
 * the page is open): it moves on, and says so at the field. */
export function followMonth() {
  const now = currentPeriod();
  if (state.periodChosen || state.period === now) return;
  const was = state.period;
  state.period = now;
  fillPeriod();
  if (ratesPeriods(state.system)) notePeriod({ moved: true, other: was });
}

function showPeriodNote() {
  const note = $("period-earlier");
  note.hidden = !periodNote;
  if (!periodNote) {
    $("period-earlier-text").textContent = ""; // the selects' description: nothing when it is gone
    return;
  }
  const name = (/** @type {string} */ p) => new Intl.DateTimeFormat(options.lang, { month: "long", year: "numeric", timeZone: "UTC" })
    .format(Date.UTC(Number(p.slice(0, 4)), Number(p.slice(5, 7)) - 1, 15));
  $("period-earlier-text").textContent = t(periodNote.moved ? "period.moved" : "period.kept",
    { other: name(periodNote.other), period: name(state.period) });
  $("period-earlier-use").textContent = t("period.use", { period: name(periodNote.other) });
}

/** The button of the period's note: the other period in the field's place. @param {() => void} changed */
function takeOtherPeriod(changed) {
  if (!periodNote) return;
  state.period = periodNote.other;
  state.periodChosen = periodNote.moved; // the period it had is chosen again; this month's follows the months
  periodNote = null;
  fillPeriod();
  $("period-month").focus();
  changed();
}

/** Whether the games are shown as tournaments of a period (a system that rates periods), two or more. */
export const severalEvents = () => ratesPeriods(state.system) && state.events.length > 1;

/** The fields and hints of the chosen system, all made from the contract (ownFields); its games'
 * extra inputs go into each row. A system's own hint for the rating or K is `rating.hint.<system>`,
 * `k.hint.<system>`; the page's parts that go with a kind of field (`data-with`) show with it. */
function showSystem() {
  const system = state.system;
  const kinds = ownFields(system).map((f) => f.kind);
  for (const el of document.querySelectorAll("[data-with]")) {
    /** @type {HTMLElement} */ (el).hidden = !kinds.includes(/** @type {any} */ (/** @type {HTMLElement} */ (el).dataset.with));
  }
  $("rating-hint").textContent = hasText(`rating.hint.${system}`) ? t(`rating.hint.${system}`) : "";
  input("rating").inputMode = field(system, "rating")?.whole ? "numeric" : "decimal";
  input("k").inputMode = field(system, "k")?.whole ? "numeric" : "decimal";
  $("k-field").hidden = field(system, "k") === null;
  $("k-used").classList.toggle("room", !$("k-field").hidden); // its line's room, kept (style.css)
  $("k-hint").textContent = hasText(`k.hint.${system}`) ? t(`k.hint.${system}`) : "";
  renderSystemFields();
  renderGames();
}

/** Each of the system's fields shown while it is offered (its `when`: FIDE's standard rating in rapid or
 * blitz while "Your rating" is empty); what a hidden one holds stays in the state. A choice whose default
 * follows a yes/no field shows the default of now while none is chosen (Elo's update, a league's box). */
function showOffered() {
  for (const f of ownFields(state.system)) {
    const el = document.querySelector(`#system-fields [data-field="${CSS.escape(f.path)}"]`);
    if (el instanceof HTMLElement && f.when.length) el.hidden = !offered(f, state);
    if (f.follows.length) input(fieldId(f.path)).value = choiceOf(f, state);
  }
  // A group none of whose fields is offered (Elo's league's, its box unticked) goes with them, legend and all.
  for (const group of document.querySelectorAll("#system-fields fieldset.group")) {
    /** @type {HTMLElement} */ (group).hidden = ![...group.querySelectorAll(":scope > [data-field]")].some((el) => !(/** @type {HTMLElement} */ (el).hidden));
  }
}

/** A number as the language writes it, with as many decimals as it has (a default: "34,6"). @param {number} x */
const plainNumber = (x) => formatAsHeld(x, options.lang);

/**
 * A text input for a number field: numeric keyboard where only whole numbers go, the default
 * (what a blank means) as its placeholder.
 * @param {import("../../shared/contract.js").Field} f @param {string} value
 */
function numberInput(f, value) {
  const el = document.createElement("input");
  el.inputMode = f.whole ? "numeric" : "decimal";
  el.spellcheck = false;
  el.autocomplete = "off";
  el.maxLength = MAX_TEXT;
  if (f.default !== null) el.placeholder = plainNumber(f.default);
  el.value = value;
  return el;
}

/** A game's choice (Elo's venue: `choice.games[].<key>.<value>`), its first the default. @param {import("../../shared/contract.js").Field & {key: string}} f @param {string} value */
function gameChoice(f, value) {
  const select = document.createElement("select");
  for (const choice of f.choices) select.add(new Option(t(`choice.games[].${f.key}.${choice}`), choice));
  select.value = f.choices.includes(value) ? value : f.choices[0];
  return select;
}

/** The chosen system's own fields, filled from the state, in the contract's order: a group's under its
 * legend (`group.<name>`), the period of tournaments (a field of kind "period") the page's own component. */
function renderSystemFields() {
  const box = $("system-fields");
  const own = state.entries[state.system] ?? {};
  const period = $("period-field");
  /** @type {HTMLElement[]} */
  const made = [];
  /** @type {Map<string, HTMLFieldSetElement>} */
  const groups = new Map();
  for (const f of ownFields(state.system)) {
    const el = f.kind === "period" ? period : fieldControl(f, f.kind === "choice" ? choiceOf(f, state) : own[f.path]);
    el.dataset.field = f.path;
    let group = f.group ? groups.get(f.group) : undefined;
    if (f.group && !group) {
      group = Object.assign(document.createElement("fieldset"), { className: "group" });
      group.append(Object.assign(document.createElement("legend"), { textContent: t(`group.${f.group}`) }));
      groups.set(f.group, group);
      made.push(group);
    }
    if (group) group.append(el);
    else made.push(el);
  }
  period.hidden = !made.includes(period);
  box.replaceChildren(...made);
  if (period.hidden) box.append(period); // kept in the page, unseen: its selects are found by id
  box.hidden = made.length === 0;
  showOffered();
}

/**
 * A field's control with its label, its hint (`hint.<path>`) and its error line: a checkbox, a choice
 * (`choice.<path>.<value>`) or a number, labelled `field.<path>`, holding `value` (the state's).
 * @param {import("../../shared/contract.js").Field} f @param {string | boolean | undefined} value
 */
function fieldControl(f, value) {
  const id = fieldId(f.path);
  const wrap = document.createElement("div");
  wrap.className = f.kind === "bool" ? "field long" : "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let control;
  if (f.kind === "bool") {
    control = Object.assign(document.createElement("input"), { type: "checkbox", checked: value === true });
    label.className = "check";
    label.append(control, " ", Object.assign(document.createElement("span"), { textContent: t(`field.${f.path}`) }));
    wrap.append(label);
  } else {
    if (f.kind === "choice") {
      const select = document.createElement("select");
      for (const choice of f.choices) select.add(new Option(t(`choice.${f.path}.${choice}`), choice));
      select.value = typeof value === "string" && f.choices.includes(value) ? value : f.choices[0];
      control = select;
    } else {
      control = numberInput(f, typeof value === "string" ? value : "");
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
}

// A long list (a pasted season) is made a slice of rows per task, so that no task holds the page:
// the first rows at once, the others in later tasks, each as many as are made in TASK_MS (a busy or
// slow machine makes fewer: a fixed 400 rows took 200 ms on a loaded 2-core one); a newer render
// stops an older one.
const ROWS_AT_ONCE = 200;
const ROWS_PER_CHECK = 50;
const TASK_MS = 40;
let renderRun = 0;

// A list's rows go in blocks of BLOCK_ROWS (an <ol role="none"> each, in a <div role="list">: one
// list to a screen reader, each row a listitem of it). The browser lays out and renders only the
// blocks near the screen (content-visibility: auto in style.css): a change in one row then costs a
// block of rows, not ten thousand (and ten thousand rows watched for coming into view cost every frame).
const BLOCK_ROWS = 100;

// What each list's blocks measured before the lists were made anew (renderGames), by block: height, games.
/** @type {WeakMap<Element, [number, number][]>} */
const pastHeights = new WeakMap();
/** A block of a long list as laid out (sampleBlock): its height and rows, the guess for the blocks not laid out yet
 * (watched: the answer's figures make each row a line taller); null until one is (7rem a row).
 * @type {[number, number] | null} */
let sample = null;
/** Watches that block (made with the first long list: the module imports without a page).
 * @type {ResizeObserver | null} */
let sampler = null;

/** The blocks of a long list guessed by one of its first (the first of 10 rows or more, in any
 * tournament's list), as it is laid out; none for a short list. @param {Element | null} block */
function sampleBlock(block) {
  if (!block) {
    sampler?.disconnect(); // the old list's block let go
    return;
  }
  sampler ??= new ResizeObserver((entries) => {
    const first = entries.at(-1)?.target;
    const height = first?.getBoundingClientRect().height;
    if (!first?.isConnected || !height || first.childElementCount < 2) return;
    sample = [height, first.childElementCount];
    for (const games of $("games").querySelectorAll(".games")) {
      [...games.children].forEach((b, i) => guessHeight(/** @type {HTMLElement} */ (games), /** @type {HTMLElement} */ (b), i));
    }
  });
  sampler.disconnect();
  sampler.observe(block);
}

/** Append `rows` at the end of `list`, filling its last block, then new ones. @param {HTMLElement} list @param {HTMLElement[]} rows */
function appendRows(list, rows) {
  for (let i = 0; i < rows.length;) {
    let block = list.lastElementChild;
    if (!block || block.childElementCount >= BLOCK_ROWS) {
      block = Object.assign(document.createElement("ol"), { className: "rows" });
      block.setAttribute("role", "none");
      list.append(block);
    }
    const take = rows.slice(i, i + BLOCK_ROWS - block.childElementCount);
    block.append(...take);
    i += take.length;
    guessHeight(list, /** @type {HTMLElement} */ (block), list.childElementCount - 1);
  }
}

/**
 * A block's height before it is first laid out (the browser then remembers the real one): that of the
 * block it replaces if it held as many rows but one or two (a game removed or added: the same rows), else
 * as many rows of the block sampled as laid out (`sample`), else 7rem a row. A wrong guess moves the page under
 * the visitor: a removal that remakes the list (the browser keeps the page still by an element it chose
 * while the new blocks were not laid out), or Add game scrolled to below 10 000 rows (the block above it
 * laid out as it came into view, a thousand px taller than guessed, and the button pushed off the screen).
 * @param {HTMLElement} list @param {HTMLElement} block @param {number} index
 */
function guessHeight(list, block, index) {
  const rows = block.childElementCount;
  const was = pastHeights.get(list)?.[index];
  // Games counted, not the removed games' lines (put back in the new blocks once their rows are made).
  const same = was && Math.abs(was[1] - block.getElementsByClassName("game").length) <= 2;
  const px = same ? was[0] : sample && (sample[0] * rows) / sample[1];
  block.style.containIntrinsicHeight = `auto ${px ? `${px}px` : `${rows * 7}rem`}`;
}

// Games the visitor removed that had something typed leave a line in their place with an Undo
// (form-state.js keeps their places). The lines stay (their going would move the page under the
// visitor) until the list is made anew for another reason (games pasted at the end, a link, another
// system, a tournament added or removed); a removal, and games pasted into a row (putInPlaceOf),
// keep the earlier ones.
/** @typedef {import("./form-state.js").Placed & {line: HTMLElement}} Removed */
/** @type {Removed[]} */
let removedGames = [];
let removals = 0;

/** Build the game rows from state, keeping focus on the element that had it: one list, or (FIDE,
 * several tournaments) a group per tournament with its name, rating, games and subtotal.
 * Rows up to game `through` (an index in state.games: where the keyboard goes next) are made at
 * once, the rest of a long list in later tasks; then the "elo:rows" event says they are all there.
 * The lines of removed games go, unless `keepRemoved` (a game removed or put back).
 * @param {number} [through] @param {boolean} [keepRemoved] */
export function renderGames(through = 0, keepRemoved = false) {
  if (!keepRemoved) removedGames = [];
  const box = $("games");
  const run = ++renderRun;
  const focusKey = focusedRow();
  const extras = offeredGameFields(state);
  const rows = makeLists(box, keepRemoved);
  $("games-empty").hidden = state.games.length > 0;
  $("add-event").toggleAttribute("disabled", state.events.length >= MAX_EVENTS);
  // At once: the first rows, and those up to game `through` and to the focused one.
  const at = (/** @type {GameEntry | undefined} */ game) => rows.findIndex((r) => r[1] === game);
  const focusedGame = focusKey && state.games.find((g) => String(g.id) === focusKey[0]);
  const first = Math.min(rows.length, Math.max(ROWS_AT_ONCE, at(state.games[through]) + 1, at(focusedGame ?? undefined) + 1));
  makeRows(rows, 0, first, extras);
  placeRemoved(first >= rows.length);
  // A game removed, put back or added: the rows show their figures again at once (those around the
  // game the keyboard goes to, in a long list), those of the answer shown until the next one comes
  // (results.js). Made without them, every row above would be a line shorter until then, and the
  // page would move under the visitor's finger.
  if (keepRemoved) {
    const near = box.querySelector(`.game[data-id="${state.games[through]?.id}"]`);
    document.dispatchEvent(new CustomEvent("elo:rows", { detail: { near } }));
  }
  if (focusKey) {
    const again = box.querySelector(`[data-id="${focusKey[0]}"] .${focusKey[1]}`);
    /** @type {HTMLElement | null} */ (again)?.focus();
  }
  const blocks = [...box.querySelectorAll(".games > .rows")];
  sampleBlock(first < rows.length ? (blocks.find((b) => b.childElementCount >= 10) ?? blocks[0] ?? null) : null);
  if (first < rows.length) setTimeout(() => moreRows(rows, first, run, extras));
}

/** The focused element's row (a game's or a tournament's id) and its first class, to focus it again
 * once the rows are made anew; null when the focus is not in a row. */
function focusedRow() {
  const focused = document.activeElement;
  const row = focused?.closest?.(".game, .event");
  return focused && row ? [row.getAttribute("data-id"), [...focused.classList][0]] : null;
}

/** @typedef {[HTMLElement, GameEntry, number][]} RowsToMake each row to make: its list, its game, its number */

/** The game lists made anew in `box`, empty: one list, or a group per tournament (several); the rows
 * to make in them. With `keepHeights`, each new list's blocks start at the heights of the old ones.
 * @param {HTMLElement} box @param {boolean} keepHeights @returns {RowsToMake} */
function makeLists(box, keepHeights) {
  // The rows' heights as laid out, kept for the blocks that replace them where the same rows come
  // back (a game removed, put back or added); a paste, a system switch or another tab's entries make
  // other rows, and measuring would only cost a layout of the old list.
  const heights = keepHeights ? [...box.querySelectorAll(".games")].map((games) => [...games.children].map((block) => (
    /** @type {[number, number]} */ ([block.getBoundingClientRect().height, block.getElementsByClassName("game").length])))) : [];
  let lists = 0;
  const list = () => {
    const el = Object.assign(document.createElement("div"), { className: "games" });
    el.setAttribute("role", "list");
    pastHeights.set(el, heights[lists++] ?? []);
    return el;
  };
  /** @type {RowsToMake} */
  const rows = [];
  if (severalEvents()) {
    let n = 0;
    box.replaceChildren(...state.events.map((event, i) => {
      const games = list();
      games.setAttribute("aria-labelledby", `ev-title-${i}`);
      for (const game of state.games) if (game.event === i) rows.push([games, game, ++n]);
      return eventGroup(event, i, games);
    }));
  } else {
    const games = list();
    games.setAttribute("aria-labelledby", "games-heading");
    state.games.forEach((game, i) => rows.push([games, game, i + 1]));
    box.replaceChildren(games);
  }
  return rows;
}

/** Rows from `from` to `to` into their lists (consecutive rows of one list go in one append).
 * @param {RowsToMake} rows @param {number} from @param {number} to @param {ReturnType<typeof gameFields>} extras */
function makeRows(rows, from, to, extras) {
  for (let i = from; i < to;) {
    const target = rows[i][0];
    const made = [];
    for (; i < to && rows[i][0] === target; i++) made.push(gameRow(rows[i][1], rows[i][2], extras));
    appendRows(target, made);
  }
}

/** The rows of a long list from `from` on, as many per task as TASK_MS allows, unless a newer render
 * (`run`) replaced these lists; then the removed games' lines, and "elo:rows" says all are made.
 * @param {RowsToMake} rows @param {number} from @param {number} run @param {ReturnType<typeof gameFields>} extras */
function moreRows(rows, from, run, extras) {
  if (run !== renderRun) return; // a newer render replaced these lists
  const start = performance.now();
  let to = from;
  while (to < rows.length && performance.now() - start < TASK_MS) {
    const next = Math.min(rows.length, to + ROWS_PER_CHECK);
    makeRows(rows, to, next, extras);
    to = next;
  }
  if (to < rows.length) setTimeout(() => moreRows(rows, to, run, extras));
  else {
    placeRemoved(true);
    document.dispatchEvent(new CustomEvent("elo:rows"));
  }
}

/** Games pasted into the row of `at`, in its place, the first in its row. The other rows are the
 * same ones and come back as they were (their figures at once, the removed games' lines: one that
 * stood before `at` stands before the first of them), so that the page stays still.
 * @param {GameEntry} at @param {GameEntry[]} games */
export function putInPlaceOf(at, games) {
  const index = state.games.indexOf(at);
  state.games.splice(index, 1, ...games);
  replacePlace(removedGames, at, games[0]);
  renderGames(index, true); // the row pasted into is made at once: the keyboard is there
}

/**
 * A tournament of the period: its name, the rating it is rated with (empty: the period's), its
 * games and its subtotal line (results.js fills it).
 * @param {import("./store.js").EventEntry} event @param {number} i @param {HTMLElement} games
 */
function eventGroup(event, i, games) {
  const n = i + 1;
  const group = Object.assign(document.createElement("fieldset"), { className: "event" });
  group.dataset.id = `event-${i}`;
  group.dataset.event = String(i);
  const legend = Object.assign(document.createElement("legend"), { id: `ev-title-${i}`, textContent: t("events.number", { n }) });
  const forEvent = t("events.forEvent", { n });
  /** @param {string} cls @param {string} key @param {string} value */
  const text = (cls, key, value) => {
    const wrap = Object.assign(document.createElement("span"), { className: "field" });
    const id = `${cls}-${i}`;
    const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: t(key) });
    const el = Object.assign(document.createElement("input"), {
      className: cls, id, value, spellcheck: false, autocomplete: "off", maxLength: MAX_TEXT,
    });
    el.dataset.event = String(i);
    el.setAttribute("aria-label", t(key) + forEvent);
    el.setAttribute("aria-describedby", `${id}-error`);
    wrap.append(label, el, Object.assign(document.createElement("span"), { className: "error", id: `${id}-error` }));
    return { wrap, el };
  };
  const name = text("ev-name", "events.name", event.name);
  const rating = text("ev-rating", "events.rating", event.rating);
  rating.el.inputMode = "numeric";
  rating.el.placeholder = state.rating;
  const remove = Object.assign(document.createElement("button"), { type: "button", className: "remove-event", textContent: t("events.remove") });
  remove.setAttribute("aria-label", t("events.remove") + t("events.forEventRemove", { n }));
  remove.dataset.event = String(i);
  const head = Object.assign(document.createElement("div"), { className: "event-head" });
  head.append(name.wrap, rating.wrap, remove);
  const add = Object.assign(document.createElement("button"), { type: "button", className: "add-in-event", textContent: t("games.add") });
  add.setAttribute("aria-label", t("games.add") + t("events.forEventAdd", { n }));
  add.dataset.event = String(i);
  const total = Object.assign(document.createElement("output"), { className: "event-total", id: `ev-total-${i}` });
  total.setAttribute("aria-live", "off");
  total.setAttribute("aria-label", t("events.subtotal") + forEvent);
  group.append(legend, head, games, total, add);
  return group;
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
  // Texts straight in their label and button: a list of 10 000 rows has 30 000 elements fewer, which
  // a browser walks on every frame after a keystroke.
  q(".opp-label").textContent = t("game.opponent");
  q(".res-label").textContent = t("game.result");
  q(".remove").textContent = t("game.remove");
  // Each control's name says which game it belongs to. As aria-label, not as a visually hidden span
  // in the label: Firefox and WebKit read such a span as a block ("Opponent rating , game 1").
  const forGame = t("game.forGame", { n });
  q(".remove").setAttribute("aria-label", t("game.remove") + t("game.forGameRemove", { n }));
  q(".opp-label").setAttribute("for", oppId);
  q(".res-label").setAttribute("for", resId);
  const opp = /** @type {HTMLInputElement} */ (q(".opp"));
  opp.id = oppId;
  opp.value = game.opponent;
  // An opponent's rating is on the player's scale: a numeric keyboard where ratings are whole (FIDE).
  opp.inputMode = field(state.system, "rating")?.whole ? "numeric" : "decimal";
  q(".error").id = `${oppId}-error`;
  opp.setAttribute("aria-describedby", `${oppId}-error`);
  opp.setAttribute("aria-label", t("game.opponent") + forGame);
  const res = /** @type {HTMLSelectElement} */ (q(".res"));
  res.id = resId;
  res.setAttribute("aria-label", t("game.result") + forGame);
  res.setAttribute("aria-describedby", `${oppId}-error`); // the row's error box: a result's error is said there too
  for (const option of res.options) option.textContent = t(RESULT_KEYS[/** @type {"1"} */ (option.value)]);
  res.value = game.result;
  q(".game-out").id = `out-${game.id}`;
  const box = q(".extras");
  if (extras.length === 0) box.remove(); // one element fewer per row where games carry nothing more
  else box.hidden = false;
  row.classList.toggle("with-extras", extras.length > 0);
  for (const f of extras) {
    const id = `x-${f.key}-${game.id}`;
    const wrap = Object.assign(document.createElement("span"), { className: "field" });
    const label = document.createElement("label");
    label.htmlFor = id;
    label.append(t(`field.games[].${f.key}`));
    const el = f.kind === "choice" ? gameChoice(f, game.extra[f.key] ?? "") : numberInput(f, game.extra[f.key] ?? "");
    el.className = `x-${f.key}`; // first class: renderGames() finds the focused input again by it
    el.id = id;
    el.dataset.key = f.key;
    if (el instanceof HTMLInputElement) el.enterKeyHint = "next";
    el.setAttribute("aria-describedby", `${id}-error`);
    el.setAttribute("aria-label", t(`field.games[].${f.key}`) + forGame);
    wrap.append(label, el, Object.assign(document.createElement("span"), { className: "error", id: `${id}-error` }));
    box.append(wrap);
  }
  return row;
}

/** Which list a game's row is in: its tournament's where there are several, else the one list. @param {GameEntry} game */
const listOf = (game) => (severalEvents() ? game.event : 0);

/** The removed games' lines, each in its place among the rows made so far; with `final` (every row
 * made), a line that found no place goes with its Undo (none should). @param {boolean} final */
function placeRemoved(final) {
  const box = $("games");
  for (const { before, list, line } of removedGames) {
    if (line.isConnected) continue;
    if (before) {
      box.querySelector(`.game[data-id="${before.id}"]`)?.before(line);
      continue;
    }
    // At the end of its list, once every row of that list is made (rows made later go at the end).
    const el = severalEvents() ? box.querySelector(`.event[data-event="${list}"] .games`) : box.querySelector(".games");
    const games = state.games.filter((g) => listOf(g) === list).length;
    if (el && el.getElementsByClassName("game").length === games) appendRows(/** @type {HTMLElement} */ (el), [line]);
  }
  if (final) removedGames = removedGames.filter((r) => r.line.isConnected);
}

/** The line a removed game leaves, with its Undo. @param {GameEntry} game @param {() => void} undo */
function removedLine(game, undo) {
  const line = Object.assign(document.createElement("li"), { className: "removed-game" });
  line.setAttribute("role", "listitem");
  const text = Object.assign(document.createElement("span"), {
    id: `removed-${game.id}`,
    textContent: t("game.removed", { opponent: game.opponent.trim() || "—", result: t(RESULT_KEYS[/** @type {"1"} */ (game.result)] ?? "result.win") }),
  });
  const button = Object.assign(document.createElement("button"), { type: "button", className: "undo-remove", textContent: t("actions.undo") });
  button.setAttribute("aria-describedby", text.id);
  button.addEventListener("click", undo);
  line.append(text, button);
  return line;
}

/** The game entry a row element belongs to. @param {Element} el */
export function gameOf(el) {
  const id = Number(el.closest(".game")?.getAttribute("data-id"));
  return state.games.find((g) => g.id === id);
}

/** What follows the form's changes (bindForm): an entry changed, a field left for the first time (its
 * "required" message may show now), the whole state replaced (a removed tournament's undo).
 * @typedef {{changed: () => void, touchedChanged: () => void, replace: (next: import("./store.js").State) => void}} FormEvents */
/** @type {FormEvents} */
let on = { changed: () => {}, touchedChanged: () => {}, replace: () => {} };

/**
 * Write the form's inputs into the state as they happen, and install the form's listeners: typing,
 * leaving a field, Enter through a game, and the buttons that add and remove games and tournaments.
 * @param {HTMLFormElement} form @param {FormEvents} events what follows a change
 */
export function bindForm(form, events) {
  on = events;
  form.addEventListener("input", onInput);
  form.addEventListener("focusout", onLeave);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("keydown", onEnter);
  $("add").addEventListener("click", () => addGame());
  $("period-earlier-use").addEventListener("click", () => takeOtherPeriod(on.changed));
  $("add-event").addEventListener("click", addEvent);
  $("games").addEventListener("click", onListClick);
}

/** An input of the form, into the state: a game's, a tournament's, a system's own field, or the page's
 * own fields (system, rating, period, K). @param {Event} event */
function onInput(event) {
  const el = /** @type {HTMLInputElement} */ (event.target);
  const game = gameOf(el);
  if (game) {
    writeGame(game, { opp: el.classList.contains("opp"), res: el.classList.contains("res"), key: el.dataset.key }, el.value);
  } else if (el.dataset.event) {
    const event = state.events[Number(el.dataset.event)];
    if (el.classList.contains("ev-name")) event.name = el.value;
    if (el.classList.contains("ev-rating")) event.rating = el.value;
  } else if (el.dataset.path) {
    ownInput(el);
  } else if (!pageInput(el)) {
    return;
  }
  on.changed();
}

/** One of the page's own fields typed in: whether it was one. @param {HTMLInputElement} el */
function pageInput(el) {
  switch (el.id) {
    case "system":
      switchSystem(state, el.value);
      input("k").value = state.k;
      showSystem();
      return true;
    case "rating":
      state.rating = el.value;
      showOffered();
      // The tournaments' rating boxes show it as their placeholder (not searched for in a long list).
      if (severalEvents()) {
        for (const other of $("games").getElementsByClassName("ev-rating")) /** @type {HTMLInputElement} */ (other).placeholder = el.value;
      }
      return true;
    case "period-month": case "period-year":
      state.period = `${input("period-year").value}-${input("period-month").value}`;
      state.periodChosen = true;
      periodNote = null;
      showPeriodNote();
      return true;
    case "k":
      state.k = el.value;
      dropUndo(restoreK); // another K typed: the K cleared is not put back over it
      return true;
    default:
      return false;
  }
}

/**
 * A system's own field typed in: kept under that system, so switching systems and back loses nothing.
 * Fields offered only with another's value show or hide; a field that decides another (`clears`: FIDE's
 * K finder decides K) clears what was typed there, and says so, with an undo.
 * @param {HTMLInputElement} el
 */
function ownInput(el) {
  const path = /** @type {string} */ (el.dataset.path);
  const own = (state.entries[state.system] ??= {});
  own[path] = el.type === "checkbox" ? el.checked : el.value;
  showOffered();
  // A field the games' own fields depend on (Elo's league box): the rows made again with them, or without.
  if (gameFields(state.system).some((f) => f.when.some((c) => c.replace(/^!/, "").split("!=")[0] === path))) renderGames();
  const clears = field(state.system, path)?.clears;
  if (clears !== "k") return; // the one field a field clears today: the contract's K
  if (state.k !== "" && touched.has("k")) { // a K the visitor typed, not one the page set
    const typed = state.k;
    restoreK = () => {
      input("k").value = state.k = typed;
      on.changed();
      input("k").focus(); // where it came back (the Undo button is gone)
    };
    notify(t("k.cleared", { k: typed }), restoreK, true);
  }
  input("k").value = state.k = "";
}

/** The Undo of the last K a box cleared (it outlives other edits: `notify`'s lasting), until another K is typed. */
let restoreK = () => {};

/** A field left for the first time: its "required" message may show now. @param {FocusEvent} event */
function onLeave(event) {
  const el = /** @type {HTMLElement} */ (event.target);
  const isField = el.id === "rating" || el.id === "k" || Boolean(el.dataset.path || el.dataset.key || el.dataset.event);
  if (isField && !touched.has(el.id)) {
    touched.add(el.id);
    on.touchedChanged();
  }
}

/** Enter (a phone's "next" key) goes through a game: opponent, result, its own values, then the
 * next game's opponent, adding a game after the last one of its tournament. It never submits.
 * @param {KeyboardEvent} event */
function onEnter(event) {
  const el = /** @type {HTMLElement} */ (event.target);
  const row = el.closest(".game");
  if (event.key !== "Enter" || event.isComposing || !row || el.matches("button, [type=checkbox]")) return;
  event.preventDefault();
  const fields = [...row.querySelectorAll(".opp, .res, .extras input")];
  const next = /** @type {HTMLElement | undefined} */ (fields[fields.indexOf(el) + 1]);
  if (next) return next.focus();
  const game = gameOf(row);
  if (!game) return;
  const i = state.games.indexOf(game);
  const following = state.games[i + 1];
  if (following?.event !== game.event) return addGame(game.event);
  // In a long list the next row may not be made yet (rows are made a slice per task).
  if (!document.getElementById(`opp-${following.id}`)) renderGames(i + 1, true);
  input(`opp-${following.id}`).focus();
}

/** The game list's buttons: remove a game, remove a tournament, add a game to a tournament. @param {MouseEvent} event */
function onListClick(event) {
  const target = /** @type {Element} */ (event.target);
  const button = target.closest(".remove");
  if (button) removeGame(button);
  const removeEv = /** @type {HTMLElement | null} */ (target.closest(".remove-event"));
  if (removeEv) removeEvent(Number(removeEv.dataset.event));
  const addIn = /** @type {HTMLElement | null} */ (target.closest(".add-in-event"));
  if (addIn) addGame(Number(addIn.dataset.event));
}

/** Whether the form holds the most games a calculation takes (Python's limit, which the saved
 * entries and links are read to): then no row is added, and the visitor is told why. */
function full() {
  if (state.games.length < MAX_GAMES) return false;
  const text = t("error.too_many_games", { max: MAX_GAMES });
  $("games-error").textContent = text; // at the list, where the visitor is (the next answer's errors replace it)
  notify(text); // and announced
  return true;
}

/** A new game row at the end of tournament `event` (by default the last): the games stay in the
 * order of their tournaments. */
function addGame(event = state.events.length - 1) {
  if (full()) return;
  const game = newGame({ opponent: "", result: "1", event });
  const at = endOfEvent(state.games, event);
  state.games.splice(at, 0, game);
  renderGames(at, true);
  input(`opp-${game.id}`).focus();
  on.changed();
}

/** A new tournament after the others, with a row for its first game; the first one's games stay its own. */
function addEvent() {
  if (state.events.length >= MAX_EVENTS || full()) return;
  state.events.push({ name: "", rating: "" });
  state.games.push(newGame({ opponent: "", result: "1", event: state.events.length - 1 }));
  renderGames();
  input(`ev-name-${state.events.length - 1}`).focus();
  on.changed();
}

/**
 * Remove a tournament with its games, merging nothing into another; an Undo brings it back whole.
 * @param {number} i
 */
function removeEvent(i) {
  const before = snapshot();
  state.events.splice(i, 1);
  state.games = state.games.filter((g) => g.event !== i);
  for (const g of state.games) if (g.event > i) g.event--;
  renderGames();
  const buttons = $("games").querySelectorAll(".remove-event");
  /** @type {HTMLElement} */ (buttons[Math.min(i, buttons.length - 1)] ?? $("add-event")).focus();
  on.changed();
  notify(t("events.removed", { n: i + 1 }), before ? () => {
    on.replace(before);
    document.getElementById(`ev-name-${i}`)?.focus(); // the tournament back, where the keyboard goes on
  } : null);
}

/** Remove a game; one with something typed leaves a line with an Undo in its place (removedGames). @param {Element} button */
function removeGame(button) {
  const game = gameOf(button);
  if (!game) return;
  const index = state.games.indexOf(game);
  const list = listOf(game);
  state.games.splice(index, 1);
  const next = state.games[index];
  const before = next && listOf(next) === list ? next : undefined;
  /** @type {Removed | null} */
  let removed = null;
  if (hasTyped(game, gameFields(state.system).map((f) => f.key))) {
    /** @type {Removed} */
    const mine = { game, before, list, line: removedLine(game, () => putBack(mine)), seq: ++removals };
    removed = mine;
    $("announce").textContent = mine.line.firstChild?.textContent ?? "";
  }
  removedGames = afterRemoval(removedGames, game, before, list, removed);
  // The row the keyboard goes to is made at once: the next one, else the one before (the new last).
  renderGames(Math.max(0, Math.min(index, state.games.length - 1)), true);
  // Keep the keyboard where it was: the next row's remove button, else the new last one's, else "Add game".
  const buttons = $("games").querySelectorAll(".remove");
  /** @type {HTMLElement} */ (buttons[Math.min(index, buttons.length - 1)] ?? $("add")).focus();
  // The line is where the removed row was; its Undo, on a second line on a phone, is brought out
  // from under the result's bar (scroll-padding-bottom, style.css), and nothing moves otherwise.
  removedGames.find((r) => r.game === game)?.line.scrollIntoView({ block: "nearest" });
  on.changed();
}

/** A removed game back where it was: before the game that followed it, else at the end of its
 * tournament. @param {Removed} removed */
function putBack(removed) {
  if (full()) return; // the line stays, to be put back once a row is removed
  const at = putBackIndex(state.games, removed);
  removedGames = afterPutBack(removedGames, removed);
  state.games.splice(at, 0, removed.game);
  renderGames(at, true);
  input(`opp-${removed.game.id}`).focus();
  on.changed();
}
