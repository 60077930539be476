// Text as the views show and match it: names in the spellings a filter matches, and a problem's line numbers as runs.

/** Letters that are no letter and an accent, so that stripping accents leaves them: each as a plain keyboard
 * and a TRF export write it (Ødegaard as Odegaard, Łukasz as Lukasz, Strauß as Strauss). */
const LETTERS = /** @type {Record<string, string>} */ ({ ø: "o", ł: "l", đ: "d", ð: "d", ß: "ss", æ: "ae", œ: "oe", þ: "th", ı: "i" });
const OTHER_LETTER = /[øłđðßæœþı]/g;
/** ä, ö, ü (a letter and a diaeresis, after NFD) as German writes them without umlauts: ae, oe, ue. */
const UMLAUT = /([aou])\u0308/g;

/** Text (after lower case and NFD) without accents, its other letters as LETTERS says. @param {string} text */
const plain = (text) => text.replace(/\p{M}/gu, "").replace(OTHER_LETTER, (c) => LETTERS[c]);

/**
 * The spellings a name or a query is matched in: lower case, without accents, ø as o, ß as ss, æ as ae and so on
 * (LETTERS); and where it has an umlaut, a second one with ä, ö, ü written ae, oe, ue. So "Müller" is "muller"
 * and "mueller": "muller" and "u" find it as before, and "Mueller", as a TRF export transliterates it, does too;
 * a German visitor's "Müller" finds "Mueller". Not "ue" read as ü both ways: a plain "Muller" does not find
 * "Mueller", whose "ue" may be a u and an e (Manuel), and folding it would cost "eller" its match.
 * @param {string} text @returns {string[]}
 */
export function spellings(text) {
  const letters = text.toLocaleLowerCase().normalize("NFD");
  const one = plain(letters);
  const other = plain(letters.replace(UMLAUT, "$1e"));
  return one === other ? [one] : [one, other];
}

/** A name as the filters match it: its spellings a line each (a query, one line, is then found in one of them),
 * the plain one first (it also sorts names roughly: ladder-rows.js). @param {string} name */
export const nameKey = (name) => spellings(name).join("\n");

/** Whether a name's key (nameKey) holds `query` in any of its spellings (case, accents and the spelling of
 * ø, ß, æ, ü and the like aside); null for a blank query, which every name matches.
 * @param {string} query @returns {((key: string) => boolean) | null} */
export function nameTest(query) {
  const wanted = spellings(query.trim());
  return wanted[0] ? (key) => wanted.some((w) => key.includes(w)) : null;
}

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
