// The calculator on paper: what was typed (the system, the rating, K or the system's own fields, the
// period) above the totals, and every game of the answer on the page as a row of a table under them.
// Paper shows none of the form (style.css), whose rows carry each game's figures on screen, and the
// chart's table, the only rows printed before, is left out for DWZ, a period of tournaments, an
// unrated opponent or over 500 games (results.js renderChart): so these are printed whatever the
// system, with the rating after each game where the answer has it (the chart's table, which paper
// leaves out: the games once). Made on "beforeprint" from the answer the page holds (results.js
// answerOnPage) and taken down after printing: a keystroke never pays for them, with 10 000 games either.
import { $, h } from "../../page/dom.js";
import { t } from "../../page/i18n.js";
import { followForPrint, printedOn, short } from "../../page/print-copy.js";
import { choiceOf, displayOf, entryOf, field, offered, offeredGameFields, ownFields } from "./fields.js";
import { answerOnPage, columnFigure, fmt, kUsedText, month, notRatedText, resultKey } from "./results.js";
import { ratingPlaces } from "../../shared/contract.js";
import { state } from "./state.js";

/** @typedef {import("./state.js").GameEntry} GameEntry */
/** @typedef {import("../../shared/contract.js").GameAnswer} GameAnswer */

/** A value as typed, "—" for none. @param {unknown} typed */
const asTyped = (typed) => typeof typed === "string" && typed.trim() !== "" ? typed.trim() : t("results.none");

/**
 * What was typed, as [label, value] pairs in the page's language: the system, the rating, K where
 * the system has one, and the system's own fields offered now (a choice by its name, a period by
 * its month, a number as typed; of the yes/no ones, those ticked, by their label alone).
 * @returns {[string, string][]}
 */
export function typedPairs() {
  /** @type {[string, string][]} */
  const pairs = [[t("system.label"), t(`system.${state.system}`)], [$("rating-label").textContent ?? "", asTyped(state.rating)]];
  if (field(state.system, "k")) pairs.push([t("k.label"), asTyped(state.k)]);
  for (const f of ownFields(state.system).filter((own) => offered(own, state))) {
    if (f.kind === "period") pairs.push([t("period.label"), month(state.period)]);
    else if (f.kind === "choice") pairs.push([t(`field.${f.path}`), t(`choice.${f.path}.${choiceOf(f, state)}`)]);
    else if (f.kind === "number") pairs.push([t(`field.${f.path}`), asTyped(entryOf(state, f.path))]);
    else if (entryOf(state, f.path) === true) pairs.push([t(`field.${f.path}`), ""]);
  }
  return pairs;
}

/** The pairs as a line of text ("Rating system: FIDE · Your rating: 1850 · …"). @param {[string, string][]} pairs */
export const pairsText = (pairs) => pairs.map(([label, value]) => value ? `${label}: ${value}` : label).join(" · ");

/**
 * The answer's games as a table's columns and rows: the game's number, its tournament where the
 * period has several, the opponent and the result, what each game carries in this system (a venue,
 * an RD), then the system's figures (results.js's, as each row shows them on screen); a game not
 * rated says why in the last figure's place; last, the rating after the game where every game has
 * one (what the chart draws). Null while the page holds no answer.
 * @returns {{heads: string[], numeric: boolean[], rows: string[][]} | null}
 */
export function gameTable() {
  const shown = answerOnPage();
  if (!shown || !Array.isArray(shown.answer.games)) return null; // an answer kept damaged: no table, never a throw in beforeprint
  const { answer: r, sources } = shown;
  const events = Array.isArray(r.events) && r.events.length > 1 ? r.events : null;
  const extras = offeredGameFields(state);
  // An optional figure (a league game's home advantage) only where some game has it, as the rows on screen do.
  const columns = displayOf(state.system).columns.filter((c) => !c.optional || r.games.some((/** @type {any} */ g) => g[c.key] != null));
  // The rating after each game, as the chart's table has it: not for a period of tournaments (each from its own rating).
  const after = !events && r.games.every((/** @type {GameAnswer} */ g) => typeof g.rating_after === "number");
  const places = ratingPlaces(state.system);
  const heads = [t("chart.game"), ...(events ? [t("events.column")] : []), t("game.opponent"), t("game.result"),
    ...extras.map((f) => t(`field.games[].${f.key}`)), ...columns.map((c) => t(`game.${c.key}`)), ...(after ? [t("chart.rating")] : [])];
  const numeric = [true, ...(events ? [false] : []), true, false, ...extras.map((f) => f.kind !== "choice"), ...columns.map(() => true),
    ...(after ? [true] : [])];
  const rows = r.games.map((/** @type {GameAnswer} */ g, /** @type {number} */ i) => {
    const source = sources[i];
    const event = source?.event ?? 0;
    const figures = columns.map((c) => columnFigure(c, g));
    if (!g.rated && figures.length) figures[figures.length - 1] = notRatedText(g);
    return [fmt(i + 1, 0), ...(events ? [events[event]?.name || t("events.number", { n: event + 1 })] : []),
      g.opponent === null ? t("game.unratedWord") : fmt(g.opponent, Number.isInteger(g.opponent) ? 0 : 1),
      t(`result.${resultKey(g.score)}`), ...extras.map((f) => extraText(f, source?.extra[f.key])), ...figures,
      ...(after ? [fmt(/** @type {number} */ (g.rating_after), places)] : [])];
  });
  return { heads, numeric, rows };
}

/** A game's own value (`f`: a per-game field) as typed, a choice by its name. @param {ReturnType<typeof offeredGameFields>[number]} f @param {string | undefined} typed */
function extraText(f, typed) {
  if (f.kind !== "choice") return asTyped(typed);
  return t(`choice.games[].${f.key}.${typed && f.choices.includes(typed) ? typed : f.choices[0]}`);
}

/** What the answer says of K ("K used: 20 (…)"), "" where it says none. */
export function kUsedLine() {
  const shown = answerOnPage();
  return shown && displayOf(state.system).notes.includes("k_used") ? kUsedText(shown.answer) : "";
}

/** The printed parts made for paper: what was typed (#paper-typed) and the games (#paper-games). */
function makePaper() {
  const typed = $("paper-typed");
  typed.replaceChildren(...typedPairs().map(([label, value]) => h("div", {}, [h("dt", { text: label }), h("dd", { text: value })])));
  const k = kUsedLine();
  if (k) typed.append(h("div", { class: "wide" }, [h("dd", { text: k })]));
  // The date, as the report and the ranking print it under their facts: the calculator's page printed none (hp110).
  typed.append(h("div", { class: "wide" }, [h("dd", { text: printedOn() })]));
  const games = gameTable();
  if (!games?.rows.length) return $("paper-games").replaceChildren(); // no answer, or no game: no empty table
  const table = /** @type {HTMLTableElement} */ (h("table", {}, [h("caption", { text: t("games.heading") })]));
  const head = table.createTHead().insertRow();
  games.heads.forEach((text, i) => head.append(h("th", { scope: "col", class: games.numeric[i] ? "n" : "", text })));
  const body = table.createTBody();
  for (const row of games.rows) {
    const tr = body.insertRow();
    // A cell of words (why a game was not rated, an unrated opponent) wraps and starts at the start, as text does.
    row.forEach((text, i) => tr.append(h("td", { class: /\p{L}/u.test(text) ? "words" : games.numeric[i] ? "n" : "", text })));
  }
  $("paper-games").replaceChildren(table);
}

/** The figures of a <dl> of the results shown (the totals, the system's own), as "label: value". @param {string} id */
function shownFigures(id) {
  const list = $(id);
  if (list.hidden) return [];
  return [...list.querySelectorAll(":scope > div")].filter((d) => !(/** @type {HTMLElement} */ (d).hidden))
    .map((d) => [d.querySelector("dt")?.textContent?.trim() ?? "", d.querySelector("dd output")?.textContent?.trim() ?? ""])
    .filter(([label, value]) => label && value).map(([label, value]) => `${label}: ${value}`);
}

/** The most games of a copy for the club's page: made again each time the results settle, 10 000 games' copy held
 * the frame's page for some 50-300 ms a time (13 long tasks over three ratings typed, against 3 without it). More
 * than that are printed as the frame is (every game but one that a page's edge may cut). */
const COPY_MAX_GAMES = 1000;

/** What the club's page prints in the frame's place when printed whole (page/print-copy.js): what was typed, the
 * totals and every game, as this page prints them; null while there is no game to print, or more than
 * COPY_MAX_GAMES (the frame prints itself). @returns {import("../../page/print-copy.js").Copy | null} */
function paperCopy() {
  const shown = answerOnPage();
  if (!Array.isArray(shown?.answer.games) || shown.answer.games.length > COPY_MAX_GAMES) return null;
  const games = gameTable();
  if (!games?.rows.length) return null;
  const lines = [pairsText(typedPairs()), [...shownFigures("totals"), ...shownFigures("own-outputs")].join(" · "), kUsedLine(), printedOn()];
  return {
    title: short(document.querySelector("h1")?.textContent ?? ""), lines: lines.filter(Boolean).map(short),
    caption: short(t("games.heading")), heads: games.heads.map(short), numeric: games.numeric,
    rows: games.rows.map((row) => row.map(short)),
  };
}

/** Paper's parts made before the page is printed, and taken down after (installed once by calculator.js); and the
 * copy the club's page prints when printed whole (it printed the frame as it was on screen, a row cut at a page's
 * edge), sent once the results have settled. */
export function bindPaper() {
  followForPrint(/** @type {HTMLElement} */ (document.querySelector("section.results")), paperCopy);
  addEventListener("beforeprint", makePaper);
  addEventListener("afterprint", () => {
    $("paper-typed").replaceChildren();
    $("paper-games").replaceChildren();
  });
}
