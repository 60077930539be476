// A view's fields as the visitor typed them (a ladder's settings, a report's rules, the text pasted), and how it
// shows its table (keptShown), kept for this tab and put back when the view is made again after a reload. The file
// a view read is kept nowhere (a visitor's file stays in the page's memory): they open it again, and what they typed
// beside it is there.
// Session storage, not local: a view's settings belong to the file they were typed for, and a visit next week,
// with another file, starts from the defaults (the calculator's own entries are kept for good: state.js).
import { options } from "./options.js";

/** How long typing pauses before the fields are written (ms): a long paste is not written at every key. */
const PAUSE = 400;

/** The tab's session storage, or null where the browser refuses it (a sandboxed frame, blocked storage). */
function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether `value` can be put in `field` as the visitor left it: a box's state, a text, or one of a list's choices.
 * @param {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} field @param {unknown} value */
function fits(field, value) {
  if (field instanceof HTMLInputElement && field.type === "checkbox") return typeof value === "boolean";
  if (typeof value !== "string") return false;
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.value === value);
  return field.maxLength < 0 || value.length <= field.maxLength;
}

/** The key of what view `name` keeps for the tab, this calculator's (the embedding page's origin, its instance).
 * @param {string} name */
const keyOf = (name) => `elo-calculator:fields:${options.host ?? "page"}:${name}${options.instance ? ":" + options.instance : ""}`;

/**
 * Keep view `name`'s fields `ids` (inside `box`) as typed, on every change, and put back what this tab kept of
 * them: a value that cannot be put back (a choice no longer offered, text edited by hand) is left at the field's
 * default. Returns whether any was put back: the view then reads its fields as if they had been typed.
 * @param {string} name @param {HTMLElement} box @param {string[]} ids @returns {boolean}
 */
export function keepFields(name, box, ids) {
  const store = session();
  if (!store) return false;
  const key = keyOf(name);
  const fields = ids.map((id) => /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */ (document.getElementById(id)));
  const valueOf = (/** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */ f) =>
    (f instanceof HTMLInputElement && f.type === "checkbox" ? f.checked : f.value);
  // The settings this page's address gave the fields (its system, K, preset, norms), as the address wrote them (not
  // as the fields show them in the page's language, which a change of language would change): what was typed over
  // other settings is not put back over these. The ladder of `?preset=world-football`, opened in a tab after a plain
  // one, was rated by the plain one's settings, kept (hp110). A record from before this (no `from`) is dropped.
  const from = JSON.stringify([options.system, options.k, options.rating, options.ladder, options.norms]);
  let stored = null;
  try {
    stored = JSON.parse(store.getItem(key) ?? "null");
  } catch { /* not what this writes: nothing is put back */ }
  const kept = stored?.from === from ? stored.values : null;
  let back = false;
  if (kept && typeof kept === "object" && !Array.isArray(kept)) {
    for (const field of fields) {
      const value = Object.hasOwn(kept, field.id) ? kept[field.id] : undefined;
      if (!fits(field, value)) continue;
      if (typeof value === "boolean") /** @type {HTMLInputElement} */ (field).checked = value;
      else field.value = /** @type {string} */ (value);
      back = true;
    }
  }
  let later = 0;
  const write = () => {
    clearTimeout(later);
    later = 0;
    const values = Object.fromEntries(fields.map((f) => [f.id, valueOf(f)]));
    try {
      store.setItem(key, JSON.stringify({ from, values }));
    } catch { // storage full: nothing kept rather than an older text, which a reload would take for the visitor's last
      try {
        store.removeItem(key);
      } catch { /* storage gone altogether: nothing is read back either */ }
    }
  };
  const soon = () => {
    clearTimeout(later);
    later = window.setTimeout(write, PAUSE);
  };
  box.addEventListener("input", soon);
  box.addEventListener("change", soon);
  addEventListener("pagehide", () => { if (later) write(); }); // a reload within the pause
  return back;
}

/**
 * How view `name` shows its table (the name filter, the order, the pool), kept for the tab and read back once after
 * a reload or a change of language, when its file's first answer is shown: a club's report or ladder came back
 * unfiltered, in its first order, on its first pool. `read` gives null for nothing kept, or what no build writes.
 * @param {string} name
 */
export function keptShown(name) {
  const key = keyOf(`${name}:shown`);
  return {
    /** @returns {Record<string, unknown> | null} */
    read() {
      try {
        const value = JSON.parse(session()?.getItem(key) ?? "null");
        return value && typeof value === "object" && !Array.isArray(value) ? value : null;
      } catch {
        return null;
      }
    },
    /** @param {Record<string, unknown>} value */
    write(value) {
      try {
        session()?.setItem(key, JSON.stringify(value));
      } catch { /* storage full or refused: a reload shows the table as first shown */ }
    },
  };
}

/**
 * Whether the text in view `name`'s paste box is the text its table was last read from, kept for the tab: after a
 * reload the view reads it again, as the visitor left it (a file is kept nowhere: it is opened again). The box keeps
 * the text (keepFields); this keeps its length and hash, so that text edited after it was read is not read unasked.
 * @param {string} name
 */
export function keptRead(name) {
  const kept = keptShown(`${name}:read`);
  return {
    /** The text pasted was read; null: a file was opened. @param {string | null} text */
    write: (text) => kept.write(text === null ? {} : { text: hashOf(text) }),
    /** Whether `text` is what was read last. @param {string} text */
    was: (text) => kept.read()?.text === hashOf(text),
  };
}

/** A text's length and FNV-1a hash. @param {string} text */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

/**
 * The name filter and the order a view kept (`keptShown`), each where it is still good: a filter of at most 200
 * characters, a column of `columns` sorted one way or the other; null where not.
 * @param {Record<string, any>} kept @param {{sort?: string}[]} columns
 * @returns {{filter: string | null, sort: {key: any, direction: "ascending" | "descending"} | null}}
 */
export function filterAndOrder(kept, columns) {
  const filter = typeof kept.filter === "string" && kept.filter.length <= 200 ? kept.filter : null;
  const { key, direction } = kept.sort ?? {};
  const good = columns.some((c) => c.sort && c.sort === key) && (direction === "ascending" || direction === "descending");
  return { filter, sort: good ? { key, direction } : null };
}
