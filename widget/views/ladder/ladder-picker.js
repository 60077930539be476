// The opponent picker of a ladder player's page (ladder-player.js: what a game against them would do): a
// combobox that searches, as WAI-ARIA's "combobox with a listbox popup" with list autocomplete: a labelled
// text field; as it is typed, a list of at most MAX_SHOWN players whose name holds the text (case and
// accents aside, ladder-rows.js matching), and how many there are, said politely. ArrowDown and ArrowUp
// move through the list while the field keeps the focus (aria-activedescendant), Enter or a click
// chooses (Enter with none made active: the one listed, or the one named as typed), Escape closes the list
// (and, closed, clears the field). A <select> of every player of the pool held the page for 0.4 s with
// 10 000 players and 2 s with 100 000 (bench/big_views.py), and was no way to find one of them.
import { h } from "../../page/dom.js";
import { t } from "../../page/i18n.js";
import { voice } from "../../page/say.js";
import { matching } from "./ladder-rows.js";

/** The most players listed at once: the rest are found by typing more of the name. */
export const MAX_SHOWN = 50;

/** @typedef {import("./ladder-rows.js").Choice} Choice */

/**
 * The picker's field, its list and what it says, in a field's box.
 * @param {string} id the field's id @param {string} label @param {Choice[]} choices
 * @param {Choice | null} chosen shown in the field at first @param {(c: Choice) => void} choose
 * @param {import("./ladder-rows.js").Say} [say] its texts (a league's: "choose the team", ladder-rows.js wordsOf)
 */
export function picker(id, label, choices, chosen, choose, say = t) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    id, type: "text", role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": `${id}-list`,
    autocomplete: "off", spellcheck: "false", "aria-describedby": `${id}-hint ${id}-status`,
  }));
  input.value = chosen?.label ?? "";
  const list = h("ul", { id: `${id}-list`, role: "listbox", class: "picker-list", "aria-labelledby": `${id}-label`, hidden: "" });
  const status = h("p", { id: `${id}-status`, class: "hint", role: "status" });
  // The count found, said once the typing pauses: said at each key, "er" gave three counts.
  const count = voice(() => status, { pause: COUNT_PAUSE });
  const state = { input, list, found: /** @type {Choice[]} */ ([]), active: -1, choices, choose, count, say };
  input.addEventListener("input", () => search(state));
  input.addEventListener("keydown", (event) => keyed(state, event));
  input.addEventListener("blur", () => close(state));
  list.addEventListener("mousedown", (event) => event.preventDefault()); // the field keeps the focus
  list.addEventListener("click", (event) => {
    const option = /** @type {Element} */ (event.target).closest("[role=option]");
    if (option) pick(state, state.found[Number(/** @type {HTMLElement} */ (option).dataset.index)]);
  });
  return h("div", { class: "field picker" }, [
    h("label", { for: id, id: `${id}-label`, text: label }), input,
    h("p", { class: "hint", id: `${id}-hint`, text: say("ladder.picker.hint") }), list, status,
  ]);
}

/** @typedef {{input: HTMLInputElement, list: HTMLElement, found: Choice[], active: number,
 *   choices: Choice[], choose: (c: Choice) => void, count: import("../../page/say.js").Voice, say: import("./ladder-rows.js").Say}} State */

/** How long the typing pauses before the count found is said (ms). */
const COUNT_PAUSE = 500;

/** The players whose name holds the text typed, listed (the first MAX_SHOWN) and counted. @param {State} s */
function search(s) {
  const { found, count } = matching(s.choices, s.input.value, MAX_SHOWN);
  s.found = found;
  s.active = -1;
  s.list.replaceChildren(...found.map((c, i) => h("li", {
    id: `${s.input.id}-option-${i}`, role: "option", "aria-selected": "false", "data-index": String(i), text: c.label,
  })));
  s.list.hidden = found.length === 0;
  s.input.setAttribute("aria-expanded", String(found.length > 0));
  s.input.removeAttribute("aria-activedescendant");
  const said = count === 0 ? s.say("ladder.picker.none")
    : count > found.length ? s.say("ladder.picker.more", { count, shown: found.length }) : s.say("ladder.picker.found", { count });
  s.count.later(said);
}

/** The list closed (what is typed stays). @param {State} s */
function close(s) {
  s.list.hidden = true;
  s.active = -1;
  s.input.setAttribute("aria-expanded", "false");
  s.input.removeAttribute("aria-activedescendant");
}

/** Option `i` made the active one (the field keeps the focus), in the list's view. @param {State} s @param {number} i */
function activate(s, i) {
  s.active = i;
  [...s.list.children].forEach((li, j) => li.setAttribute("aria-selected", String(j === i)));
  const option = s.list.children[i];
  s.input.setAttribute("aria-activedescendant", option.id);
  option.scrollIntoView({ block: "nearest" });
}

/** A player chosen: their name in the field, the list closed. @param {State} s @param {Choice | undefined} chosen */
function pick(s, chosen) {
  if (!chosen) return;
  s.input.value = chosen.label;
  close(s);
  s.count.now(""); // the count found, still to be said, is said of nothing now
  s.choose(chosen);
}

/** The player Enter chooses with none of the list made active: the one listed, or the one whose name is
 * the text typed (case aside; listed or not), else none. @param {State} s */
function chosenByText(s) {
  if (s.found.length === 1) return s.found[0];
  const typed = s.input.value.trim().toLocaleLowerCase();
  return s.choices.find((c) => c.label.toLocaleLowerCase() === typed);
}

/** The keys of a combobox (WAI-ARIA APG). @param {State} s @param {KeyboardEvent} event */
function keyed(s, event) {
  const open = !s.list.hidden;
  const last = s.found.length - 1;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    if (!open) search(s);
    if (s.found.length === 0) return;
    const down = event.key === "ArrowDown";
    activate(s, !open || s.active < 0 ? (down ? 0 : last) : down ? (s.active >= last ? 0 : s.active + 1) : (s.active <= 0 ? last : s.active - 1));
  } else if (event.key === "Enter" && open) {
    event.preventDefault();
    pick(s, s.active >= 0 ? s.found[s.active] : chosenByText(s));
  } else if (event.key === "Escape" && (open || s.input.value)) {
    event.preventDefault();
    if (open) close(s);
    else s.input.value = "";
  }
}
