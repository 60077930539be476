// The ladder's ranking table (ladder view, ladder.js): a real <table> whose column headers sort
// (buttons, aria-sort on the sorted header), one row a player with their name as the row's header, a
// button that opens their page. Rows are made once per answer, when first placed, and only moved when the
// order or the filter changes (ladder.js places them with page/long-table.js, in steps, those near the
// view shown).
import { hasText, t } from "../../page/i18n.js";
import { formatNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { LONG_NAME, writeName } from "../../page/dom.js";
import { COLUMNS, LEAGUE_COLUMNS, marks, wordsOf } from "./ladder-rows.js";
import { day } from "./ladder-player.js";
import { cellClass, writeSortHead } from "../../page/sort-head.js";

/** @typedef {import("./ladder-rows.js").Player} Player */
/** @typedef {import("./ladder-rows.js").SortKey} SortKey */

/** A value as the table shows it. @param {import("./ladder-rows.js").Value} value @param {import("./ladder-rows.js").Column} column */
function cellText(value, column) {
  if (value === null) return "—";
  if (typeof value === "string") return column.key === "last" ? day(value) : value;
  return formatNumber(value, options.lang, { decimals: column.places, sign: Boolean(column.sign) });
}

/**
 * The header row (sort-head.js). The change column is there only when a date to count from is set; a league's
 * table has its own columns (played, won, drawn, lost, points for and against).
 * @param {HTMLTableSectionElement} head @param {{key: SortKey, direction: string}} sort
 * @param {boolean} change @param {boolean} league @param {(key: SortKey) => void} onSort
 */
export function writeHead(head, sort, change, league, onSort) {
  writeSortHead(head, shownColumns(change, league), sort, onSort);
}

/** A league's texts in its rows ("noch kein Spiel"; ladder-rows.js wordsOf). */
const leagueWords = wordsOf(true, t, hasText);

/** The columns shown: the change only with a date to count from. @param {boolean} change @param {boolean} league */
export const shownColumns = (change, league) => (league ? LEAGUE_COLUMNS : COLUMNS).filter((c) => change || c.key !== "change");

/**
 * A player's row: their name a button that opens their page.
 * @param {Player} p @param {boolean} change @param {boolean} league @param {(p: Player) => void} onOpen
 */
export function makeRow(p, change, league, onOpen) {
  const row = document.createElement("tr");
  if (p.rank === null) row.className = "unranked";
  for (const column of shownColumns(change, league)) {
    const cell = document.createElement(column.key === "name" ? "th" : "td");
    cell.className = cellClass(column);
    const value = column.value(p, league ? leagueWords : t);
    const text = cellText(value, column);
    if (column.key === "name") {
      /** @type {HTMLTableCellElement} */ (cell).scope = "row";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "disclose";
      writeName(button, text);
      if (text.length > LONG_NAME) cell.classList.add("long");
      button.addEventListener("click", () => onOpen(p));
      cell.append(button);
    } else {
      cell.textContent = text;
    }
    if (column.key === "change" && typeof value === "number") cell.dataset.trend = value > 0 ? "up" : value < 0 ? "down" : "";
    // Not ranked: why ("inactive"), drawn by style.css in the rank's cell where the marks column is left out (a
    // phone): there the row said it by its grey alone, and a screen reader heard "— Eva Müller 1672" (hp87).
    const why = column.key === "rank" && value === null ? marks(p, league ? leagueWords : t, league) : null;
    if (why) cell.dataset.why = why;
    row.append(cell);
  }
  return row;
}
