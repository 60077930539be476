// A long table's body (the tournament report's players and a player's games, the ladder's ranking and a
// player's history): every row in the document and in order, put there in steps of a few milliseconds,
// but on screen only the rows near its scrolling box's view. Chromium lays a table out anew, every row
// shown, at any change in it (a cell's text in a table of 9 000 rows: half a second; 100 rows added to
// it: as long): so a table of thousands of rows shows a few dozen at a time, and a change lays out only
// those. The rows far from the view are hidden (class "far", style.css: on screen only, never in print)
// and the room they would take is kept above and below the rows shown (--above and --below: a pseudo-row
// after the table's head and one before its foot; not the body's own, whose custom properties every row
// would inherit, each row's style then worked out again), so that the box scrolls as if every row were
// shown; as it scrolls, the rows near its view are shown, and those around a row that takes the focus,
// so that Tab goes on from row to row. That room is an estimate (rows never shown are guessed as tall as
// those measured): each time the rows shown change, a row in the view (the focused one, else the first)
// stays where it was in it, the box scrolled by as much as the estimate was off. Printed, every row shows
// (and rows still to place are placed first). A table of up to SMALL rows is shown whole. While its rows
// are being placed, the table is aria-busy; while it shows a window of them, it says how many rows it has
// (aria-rowcount) and each row shown its place (aria-rowindex).

/** Rows of a table shown whole (a change to it lays out so few that a task stays short). */
export const SMALL = 100;
/** Milliseconds of placing rows in one task; the rest in the next. */
const BUDGET = 8;
/** Rows put in place in one task at most: each one's style is worked out after the task (some 3 µs a
 * row, 9 000 rows put back at once by a filter took 55 ms), outside the time counted. */
const MOVES = 1500;
/** Rows left over (of no unit now) removed in one task at most: 99 000 rows removed at once, as a filter
 * narrowed a ranking of 100 000, took 150 ms. */
const REMOVALS = 5000;
/** A unit's height in px until some are measured. */
const GUESS = 32;
/** Units shown around a row that takes the focus. */
const AROUND = 3;

/** The tables with rows still to place (placed at once before the page is printed). @type {Set<LongTable>} */
const pending = new Set();
let printHooked = false;

/** Every table's rows placed before the page is printed (installed with the first table). */
function hookPrint() {
  if (printHooked) return;
  printHooked = true;
  window.addEventListener("beforeprint", () => {
    for (const table of [...pending]) table.finish();
  });
}

/** The median of some numbers (0 for none). @param {number[]} xs */
function median(xs) {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export class LongTable {
  /**
   * @param {HTMLTableSectionElement} body the table's body, its rows placed here only
   * @param {HTMLElement} box the element that scrolls the table (its view: the rows shown)
   */
  constructor(body, box) {
    this.body = body;
    this.box = box;
    /** Units to place, and each one's rows (made when first asked for). */
    this.count = 0;
    /** @type {(i: number) => HTMLTableRowElement[]} */ this.rowsOf = () => [];
    /** @type {(() => void) | undefined} */ this.done = undefined;
    /** The units placed, in order (the body's first rows are theirs). @type {HTMLTableRowElement[][]} */
    this.units = [];
    /** Where the placing has got to: the next unit, and the body's row in the next one's place (null: the
     * end). Not the body's children by number: each one found anew once the body changed (a long walk). */
    this.next = 0;
    /** @type {Element | null} */ this.cursor = null;
    /** Each row's unit, for a row that takes the focus. @type {Map<HTMLTableRowElement, number>} */
    this.index = new Map();
    /** The rows shown on screen (no "far"). @type {Set<HTMLTableRowElement>} */
    this.shown = new Set();
    /** Each placed unit's measured height (0: not measured), and each unit's first row's last measure. */
    this.heights = new Float64Array(0);
    /** @type {WeakMap<HTMLTableRowElement, number>} */ this.measured = new WeakMap();
    this.guess = GUESS;
    /** The units shown: from, to (the last window), and the room kept above them (px). */
    this.from = 0;
    this.to = 0;
    this.above = 0;
    /** The element focused before its row was taken away, until the row is placed again. @type {ReturnType<LongTable["focusedIn"]>} */
    this.keep = null;
    this.timer = 0;
    this.frame = 0;
    this.measuring = 0;
    const table = /** @type {HTMLTableElement} */ (body.closest("table"));
    this.table = table;
    this.head = table.tHead ?? table.createTHead();
    this.foot = table.tFoot ?? table.createTFoot();
    // The browser's scroll anchoring would move the view when the rows near it change (the rows it kept in
    // view hidden, the room above them kept): the view is kept on its rows here (update).
    box.style.overflowAnchor = "none";
    this.head.classList.add("long-above");
    this.foot.classList.add("long-below");
    box.addEventListener("scroll", () => this.later(), { passive: true });
    body.addEventListener("focusin", (event) => this.focused(/** @type {Node} */ (event.target)));
    // The box's size, or the body's (a row opened, a text that wraps): the window again.
    const resized = new ResizeObserver(() => this.later());
    resized.observe(box);
    resized.observe(body);
    hookPrint();
  }

  /**
   * Show `count` units in order, unit `i`'s rows from `rowsOf(i)` (made, or written again, when asked
   * for), in place of what the body holds: rows already in their place stay, others move or come; placed
   * in steps of BUDGET ms; `done` once every unit is placed.
   * @param {number} count @param {(i: number) => HTMLTableRowElement[]} rowsOf @param {() => void} [done]
   */
  show(count, rowsOf, done) {
    clearTimeout(this.timer);
    this.count = count;
    this.rowsOf = rowsOf;
    this.done = done;
    this.units = [];
    // No window of the new units yet: until one is shown, only the focused row is kept in view (a row that
    // was shown moved to another place in a new order; the box was scrolled to the top for it).
    this.from = this.to = 0;
    this.next = 0;
    this.cursor = this.body.firstElementChild;
    this.heights = new Float64Array(count);
    pending.add(this);
    this.step(BUDGET);
  }

  /** Every unit placed now (the page is about to be printed). */
  finish() {
    if (pending.has(this)) this.step(Infinity);
  }

  /** Place units for `budget` ms; then the rest in a later task, or the rows left over removed. @param {number} budget */
  step(budget) {
    const focused = this.focusedIn() ?? this.keep;
    this.keep = null;
    const until = performance.now() + budget;
    let moves = budget === Infinity ? -Infinity : 0;
    while (this.next < this.count) {
      const rows = this.rowsOf(this.next);
      for (const row of rows) {
        if (this.cursor === row) {
          this.cursor = row.nextElementSibling;
        } else if (this.inTheWay(row)) {
          moves++;
        } else {
          if (!this.shown.has(row)) row.classList.add("far");
          this.body.insertBefore(row, this.cursor);
          moves++;
        }
        this.index.set(row, this.next);
      }
      this.heights[this.next] = this.measured.get(rows[0]) ?? 0;
      this.units[this.next++] = rows;
      if (moves >= MOVES || performance.now() > until) break;
    }
    const placed = this.next >= this.count && this.removeSome(budget === Infinity ? Infinity : REMOVALS);
    if (!placed) {
      this.timer = window.setTimeout(() => this.step(BUDGET));
      this.table.setAttribute("aria-busy", "true"); // its rows are changing: read it once they are all there
    } else {
      pending.delete(this);
      this.table.removeAttribute("aria-busy");
    }
    this.update();
    this.follow(focused);
    this.refocus(focused);
    // Its row not placed yet (another step): given back once it is.
    if (focused && document.activeElement !== focused.el && this.next < this.count) this.keep = focused;
    if (placed) this.done?.();
  }

  /**
   * Whether the one or two rows in `row`'s place are followed by it: then they moved down the order (a K
   * typed), and are set aside at the body's end (placed again when their place comes), `row` left where it
   * is; not every row after them moved up, one at a time.
   * @param {HTMLTableRowElement} row
   */
  inTheWay(row) {
    const first = this.cursor;
    const second = first?.nextElementSibling;
    if (!first || !second || (second !== row && second.nextElementSibling !== row)) return false;
    this.body.append(...(second === row ? [first] : [first, second]));
    this.cursor = row.nextElementSibling;
    return true;
  }

  /** Remove up to `most` of the body's rows after the last unit's (rows of no unit now, hidden meanwhile);
   * whether none is left. @param {number} most */
  removeSome(most) {
    const first = this.cursor;
    if (!first) return true;
    let last = first;
    for (let n = 1; n < most && last.nextElementSibling; n++) last = last.nextElementSibling;
    this.cursor = last.nextElementSibling;
    for (let row = /** @type {Element | null} */ (first); row && row !== this.cursor; row = row.nextElementSibling) {
      this.shown.delete(/** @type {HTMLTableRowElement} */ (row));
    }
    const range = document.createRange();
    range.setStartBefore(first);
    range.setEndAfter(last);
    range.deleteContents();
    return this.cursor === null;
  }

  /** The body's row that holds `node`, if any. @param {Node} node */
  rowOf(node) {
    let row = node instanceof Element ? node : node.parentElement;
    while (row && row.parentElement !== this.body) row = row.parentElement;
    return /** @type {HTMLTableRowElement | null} */ (row);
  }

  /** The element focused in the body, with its caret, its row, and that row's place in the box's view (px
   * from its top; null when the table is shown whole). Moving its row takes the focus away: given back. */
  focusedIn() {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || !this.body.contains(el)) return null;
    const row = this.rowOf(el);
    const top = row && this.windowed ? row.getBoundingClientRect().top - this.box.getBoundingClientRect().top : null;
    return { el, row, top, caret: el instanceof HTMLInputElement ? el.selectionStart : null };
  }

  /** The focused element's row moved out of the rows shown (a K typed moved it in the order): the box
   * scrolled to it, where it was in the view, so that the typing goes on in sight.
   * @param {ReturnType<LongTable["focusedIn"]>} was */
  follow(was) {
    if (!was?.row || was.top === null || !this.box.getClientRects().length) return;
    const i = this.index.get(was.row);
    if (i === undefined || i >= this.next || (i >= this.from && i < this.to)) return;
    // Scrolled to it by the estimate (the rows shown are then those near it, not all between), then by its
    // own place once shown.
    const first = this.body.getBoundingClientRect().top - this.above; // the first unit's top, were it shown
    this.box.scrollTop += first + this.sum(0, i) - this.box.getBoundingClientRect().top - was.top;
    this.update(i);
    this.box.scrollTop += was.row.getBoundingClientRect().top - this.box.getBoundingClientRect().top - was.top;
  }

  /** @param {ReturnType<LongTable["focusedIn"]>} was */
  refocus(was) {
    if (!was || !was.el.isConnected || document.activeElement === was.el) return;
    was.el.focus();
    if (was.el instanceof HTMLInputElement && was.caret !== null) was.el.setSelectionRange(was.caret, was.caret);
  }

  /** The window again in the next frame (the box scrolled or changed size). */
  later() {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.update(); });
  }

  /** A row took the focus: the units around it shown (Tab goes on to the next). @param {Node} target */
  focused(target) {
    const row = this.rowOf(target);
    const i = row ? this.index.get(row) : undefined;
    if (row && i !== undefined && this.units[i]?.includes(row)) this.update(i);
  }

  /** Whether the table shows only a window of its rows. */
  get windowed() {
    return this.count > SMALL;
  }

  /**
   * Show the units near the box's view (and around unit `around`), hide the others, keep their room; a row
   * in the view (anchor) kept where it is in it.
   * @param {number} [around] @param {boolean} [again] the second pass, after the box scrolled to the anchor
   */
  update(around, again = false) {
    const placed = this.next;
    let from = 0;
    let to = placed;
    let above = 0;
    let below = 0;
    let anchor = null;
    if (this.windowed) {
      if (!this.box.isConnected || !this.box.getClientRects().length) return; // hidden: when shown (ResizeObserver)
      anchor = this.anchor();
      const view = this.view();
      ({ from, to, above, below } = this.span(view.top, view.bottom, placed, around, anchor?.unit));
    }
    const changed = this.apply(from, to) || above !== this.above;
    this.above = above;
    this.head.style.setProperty("--above", `${above}px`);
    this.foot.style.setProperty("--below", `${below}px`);
    if (this.windowed) this.table.setAttribute("aria-rowcount", String(this.count + 1));
    else this.table.removeAttribute("aria-rowcount");
    // Scrolled by as much as it moved (the estimate of the room above it was off), and the window shown
    // again for the view there, in this frame (else one frame would show the anchor alone).
    const moved = anchor && changed ? anchor.row.getBoundingClientRect().top - anchor.top : 0;
    if (Math.abs(moved) < 1) return;
    this.box.scrollTop += moved;
    if (!again) this.update(around, true);
  }

  /** The row that stays where it is in the box's view as the rows shown change, its unit and its top (px in
   * the page): the focused one when in the view, else the first shown row that reaches into it; null when
   * no shown row does (the box scrolled far at once: the rows there are placed by the estimate). */
  anchor() {
    const box = this.box.getBoundingClientRect();
    /** @param {HTMLTableRowElement | null | undefined} row @param {number | undefined} unit */
    const inView = (row, unit) => {
      // A row shown in its unit's place (not one set aside at the body's end while the rows move)
      if (!row || unit === undefined || !this.shown.has(row) || !this.units[unit]?.includes(row)) return null;
      const { top, bottom } = row.getBoundingClientRect();
      return bottom > box.top && top < box.bottom && bottom > top ? { row, unit, top } : null;
    };
    const focused = this.focusedIn()?.row;
    const mine = focused ? inView(focused, this.index.get(focused)) : null;
    if (mine) return mine;
    for (let i = this.from; i < this.to && i < this.units.length; i++) {
      for (const row of this.units[i]) {
        const found = inView(row, i);
        if (found) return found;
      }
    }
    return null;
  }

  /** The part of the table's rows near the box's view, in px from the first unit's top (the room kept
   * above the body's rows), the view and as much again above and below it. */
  view() {
    const box = this.box.getBoundingClientRect();
    const origin = this.body.getBoundingClientRect().top - this.above;
    const margin = Math.max(box.height, 400);
    return { top: box.top - origin - margin, bottom: box.bottom - origin + margin };
  }

  /**
   * The units within `top`…`bottom` px of the body, those around unit `around`, and unit `anchor`; of them,
   * the placed ones are shown. Their first and last, and the room of the units before and after them (px).
   * @param {number} top @param {number} bottom @param {number} placed @param {number} [around] @param {number} [anchor]
   */
  span(top, bottom, placed, around, anchor) {
    let y = 0;
    let from = this.count;
    let to = this.count;
    for (let i = 0; i < this.count; i++) {
      const h = this.heights[i] || this.guess;
      if (from === this.count && y + h > top) from = i;
      if (to === this.count && y >= bottom) to = i;
      y += h;
    }
    if (around !== undefined) {
      from = Math.min(from, Math.max(0, around - AROUND));
      to = Math.max(to, Math.min(this.count, around + AROUND + 1));
    }
    if (anchor !== undefined && anchor >= 0) {
      from = Math.min(from, anchor);
      to = Math.max(to, anchor + 1);
    }
    // Units not placed yet are not shown: their room is below the ones shown.
    from = Math.min(from, placed);
    to = Math.min(Math.max(to, from), placed);
    const above = this.sum(0, from);
    return { from, to, above, below: Math.max(0, y - above - this.sum(from, to)) };
  }

  /** The estimated room of units `a`…`b` (px). @param {number} a @param {number} b */
  sum(a, b) {
    let total = 0;
    for (let i = a; i < b; i++) total += this.heights[i] || this.guess;
    return total;
  }

  /** Units `from`…`to` shown, every other row hidden; their heights measured in the next frame. Whether
   * any row was shown or hidden. @param {number} from @param {number} to */
  apply(from, to) {
    const now = new Set();
    for (let i = from; i < to; i++) {
      const rows = this.units[i];
      if (this.windowed) rows[0].setAttribute("aria-rowindex", String(i + 2)); // the header's row is 1
      else rows[0].removeAttribute("aria-rowindex");
      for (const row of rows) now.add(row);
    }
    let changed = false;
    for (const row of this.shown) {
      if (!now.has(row)) {
        row.classList.add("far");
        changed = true;
      }
    }
    for (const row of now) {
      if (!this.shown.has(row)) {
        row.classList.remove("far");
        changed = true;
      }
    }
    this.shown = now;
    this.from = from;
    this.to = to;
    if (changed && this.windowed && !this.measuring) this.measuring = requestAnimationFrame(() => this.measure());
    return changed;
  }

  /** The shown units' heights measured (laid out for this frame anyway): the window again if the room
   * they were given was not theirs. */
  measure() {
    this.measuring = 0;
    const seen = [];
    let off = false;
    for (let i = this.from; i < this.to && i < this.units.length; i++) {
      const rows = this.units[i];
      let h = 0;
      for (const row of rows) h += row.getBoundingClientRect().height; // not offsetHeight: whole px, each off
      if (!h) continue;
      seen.push(h);
      if (Math.abs(h - (this.heights[i] || this.guess)) > 0.5) off = true;
      this.heights[i] = h;
      this.measured.set(rows[0], h);
    }
    const guess = median(seen) || this.guess;
    if (Math.abs(guess - this.guess) > 0.5) off = true;
    this.guess = guess;
    if (off) this.update();
  }
}
