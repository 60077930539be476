// The tournament report's table (event view, event.js): a real <table> whose column headers sort
// (buttons, aria-sort on the header), one row a player with its name as the row's header and a
// disclosure button (aria-expanded) that opens the player's own row below it (event-player.js).
// Rows are made once a player and updated in place, so that a K being typed in an open row keeps its
// focus while the event is rated again; they move only when the order shown changes (event.js places
// them with page/long-table.js). A row knows the player's answer it shows (`shows`): a row whose player
// did not change is not written again.
import { t } from "../../page/i18n.js";
import { formatNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { LONG_NAME, writeName } from "../../page/dom.js";
import { ratingPlaces } from "../../shared/contract.js";
import { COLUMNS, exactPlaces } from "./event-rows.js";
import { cellClass, mark, writeSortHead } from "../../page/sort-head.js";

/** @typedef {import("./event-rows.js").Player} Player */
/** @typedef {import("./event-rows.js").SortKey} SortKey */
/** @typedef {import("./event-rows.js").Direction} Direction */
/** @typedef {import("./event-rows.js").Value} Value */
/** A player's rows: the row of figures (its cells by column), the row that opens below it, and the
 * player's answer the figures are of (fillRow; null until filled).
 * @typedef {{row: HTMLTableRowElement, cells: HTMLElement[], toggle: HTMLButtonElement, detail: HTMLTableRowElement,
 *   shows: Player | null}} Rows */

/** A value as the table shows it: numbers in the page's language (a rating's places as `system` shows
 * them), nothing as a dash.
 * @param {Value} value @param {import("./event-rows.js").Column} column @param {string} system */
export function cellText(value, column, system) {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  const places = column.key === "change" ? exactPlaces(value) : column.places === "rating" ? ratingPlaces(system) : column.places;
  return formatNumber(value, options.lang, { decimals: places, sign: Boolean(column.sign) });
}

/**
 * The header row (sort-head.js).
 * @param {HTMLTableSectionElement} head @param {{key: SortKey, direction: Direction}} sort
 * @param {(key: SortKey) => void} onSort
 */
export function writeHead(head, sort, onSort) {
  writeSortHead(head, COLUMNS, sort, onSort);
}

/**
 * A player's rows, made empty: the cells are filled by fillRow. The name is the row's header, a
 * button that opens the player's own row.
 * @param {Player} p @param {(start: number) => void} onToggle
 * @returns {Rows}
 */
export function makeRows(p, onToggle) {
  const row = document.createElement("tr");
  const detail = document.createElement("tr");
  detail.className = "detail";
  detail.id = `event-player-${p.start}`;
  detail.hidden = true;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "disclose";
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", detail.id);
  toggle.addEventListener("click", () => onToggle(p.start));
  const name = document.createElement("span");
  toggle.append(mark(), name);
  const cells = COLUMNS.map((column) => {
    const cell = document.createElement(column.key === "name" ? "th" : "td");
    cell.className = cellClass(column);
    if (column.key === "name") {
      /** @type {HTMLTableCellElement} */ (cell).scope = "row";
      cell.append(toggle);
    }
    row.append(cell);
    return cell;
  });
  const wide = document.createElement("td");
  wide.colSpan = COLUMNS.length;
  detail.append(wide);
  return { row, cells, toggle, detail, shows: null };
}

/** A player's figures in their row, the event rated by `system`. @param {Rows} rows @param {Player} p @param {string} system */
export function fillRow(rows, p, system) {
  rows.shows = p;
  COLUMNS.forEach((column, i) => {
    const text = cellText(column.value(p, t), column, system);
    if (column.key === "name") {
      writeName(/** @type {HTMLElement} */ (rows.toggle.lastChild), text);
      rows.cells[i].classList.toggle("long", text.length > LONG_NAME);
    } else if (rows.cells[i].textContent !== text) {
      rows.cells[i].textContent = text;
      // Many words, not a figure (the norms of a running event): on paper they wrap in a column kept readable
      // (style.css); a few ("no games yet") wrap within their header's width.
      if (column.key === "norms" || column.key === "performance") rows.cells[i].classList.toggle("words", text.length > 20);
    }
    if (column.key === "performance") {
      // FIDE's rule for a 100 % or 0 % score (+ or - 800): marked, the mark's meaning under the table.
      const rule = p.performance_rule ?? "";
      const cell = rows.cells[i];
      if ((cell.dataset.rule ?? "") !== rule) {
        if (rule) {
          cell.dataset.rule = rule;
          cell.setAttribute("aria-describedby", `event-rule-${rule}`);
        } else {
          delete cell.dataset.rule;
          cell.removeAttribute("aria-describedby");
        }
      }
    }
    if (column.key === "change" || column.key === "rounded") {
      const value = column.value(p, t);
      rows.cells[i].dataset.trend = typeof value === "number" ? (value > 0 ? "up" : value < 0 ? "down" : "") : "";
    }
  });
}
