// Text as the views show and match it: names folded for a filter, and a problem's line numbers as runs.

/** Text for matching: lower case, without accents (Müller is found by "muller"). @param {string} text */
export const folded = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();

/** Line numbers as runs ("3–5, 9"), the first ten runs and "…" for the rest. @param {number[]} lines */
export function lineRuns(lines) {
  /** @type {[number, number][]} */
  const runs = [];
  for (const line of [...lines].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && line === last[1] + 1) last[1] = line;
    else if (!last || line !== last[1]) runs.push([line, line]);
  }
  const shown = runs.slice(0, 10).map(([a, b]) => (a === b ? String(a) : `${a}–${b}`));
  return shown.join(", ") + (runs.length > 10 ? ", …" : "");
}

/** The text of a group of problems of one kind: one a line ("20 lines: 3–22"), or more on a line ("110 times, lines
 * 2–56": a results file's line naming two unknown players), as contract.group_problems words it.
 * @param {number[]} lines the lines listed */
export const groupKey = (lines) => (new Set(lines).size < lines.length ? "event.note.groupTimes" : "event.note.group");
