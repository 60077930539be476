// The header row of a sortable table (the tournament report's, event-table.js, and the ladder's
// ranking, ladder-table.js): a header a column; a column that sorts holds a button, and the sorted
// one says how (aria-sort), the others say nothing. The mark beside a button's text is drawn by
// style.css and not read out.
import { t } from "./i18n.js";

/** The mark of a sort's or a row's state (style.css draws it): aria-sort or aria-expanded say it. */
export function mark() {
  const made = document.createElement("span");
  made.className = "mark";
  made.setAttribute("aria-hidden", "true");
  return made;
}

/** A cell's classes for its column: `c-<key>`, the width it is shown from (`fit-2`, `fit-3`: style.css
 * hides it below) and `no-print` for a column not printed. @param {{key: string, fit?: number, print?: boolean}} column */
export function cellClass(column) {
  return [`c-${column.key}`, (column.fit ?? 1) > 1 ? `fit-${column.fit}` : "", column.print === false ? "no-print" : ""].filter(Boolean).join(" ");
}

/**
 * Write `head`'s one row for `columns`: each header named by its text key, sorting by `sort.key`
 * when pressed.
 * @template {string} K
 * @param {HTMLTableSectionElement} head @param {{key: string, head: string, sort?: K, fit?: number, print?: boolean}[]} columns
 * @param {{key: K, direction: string}} sort @param {(key: K) => void} onSort
 */
export function writeSortHead(head, columns, sort, onSort) {
  const row = document.createElement("tr");
  for (const column of columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.className = cellClass(column);
    const key = column.sort;
    if (key) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.append(t(column.head), mark());
      button.addEventListener("click", () => onSort(key));
      th.append(button);
      // On paper its text is drawn from here (style.css): Chromium repeats a table's headers on every
      // printed page without the buttons in them.
      th.dataset.head = t(column.head);
      if (key === sort.key) th.setAttribute("aria-sort", sort.direction === "ascending" ? "ascending" : "descending");
    } else {
      th.textContent = t(column.head);
    }
    row.append(th);
  }
  head.replaceChildren(row);
}
