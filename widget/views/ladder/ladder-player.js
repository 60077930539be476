// A ladder player's page (ladder view, ladder.js): their figures, the history chart by date or by game
// number (ladder-chart.js) with the same history as a table, its CSV, their head-to-head records, and
// what a win, draw or loss against another player would do to each (the stakes: elo_core's answer).
// Real tables with captions, a long one drawn in steps (long-table.js: a player's thousands of games); the
// chart's way of counting is a radio group; the opponent found by typing part of a name (ladder-picker.js).
import { $, h } from "../../page/dom.js";
import { hasText, t } from "../../page/i18n.js";
import { formatNumber } from "../../shared/numbers.js";
import { options } from "../../page/options.js";
import { drawLadderChart } from "./ladder-chart.js";
import { chartPoints, choices, counted, headToHead, inPool, isLeague, marks, record, wordsOf } from "./ladder-rows.js";
import { picker } from "./ladder-picker.js";
import { LongTable } from "../../page/long-table.js";
import { canLink, playerLinkButton } from "../../page/player-link.js";
import { keepWordsIn } from "../../page/keep-words.js";

/** @typedef {import("./ladder-rows.js").Player} Player */
/** @typedef {import("./ladder-rows.js").Say} Say */
/** What the page's controls do, and whether it has a link of its own (a club's files, named by their
 * address: player-link.js). @typedef {{back: () => void, csv: () => void, stakes: (opponent: string, venue?: string) => void, link: boolean}} Hooks */

const n = (/** @type {number} */ x, decimals = 0, sign = false) => formatNumber(x, options.lang, { decimals, sign });
/** The date format of each language (made once: a ranking writes a thousand dates). @type {Map<string, Intl.DateTimeFormat>} */
const dates = new Map();
/** An ISO date in the page's language. @param {string} iso */
export function day(iso) {
  let format = dates.get(options.lang);
  if (!format) dates.set(options.lang, format = new Intl.DateTimeFormat(options.lang, { dateStyle: "medium", timeZone: "UTC" }));
  return format.format(Date.parse(iso));
}

/** A table: its caption, header texts, and rows of cell texts (the first cell a row header); `classes` are
 * its columns' classes (style.css): `c-name` a player's name, `fit-2` left out on a phone, `fit-1` on the narrowest.
 * A header naming a player is `named`'s: the name in a span of its own (`.who`).
 * @param {string} id @param {string} caption @param {(string | Named)[]} heads @param {string[][]} rows @param {string[]} [classes] */
function table(id, caption, heads, rows, classes = []) {
  const made = /** @type {HTMLTableElement} */ (h("table", { id }));
  const of = (/** @type {number} */ i) => (classes[i] ? ` class="${classes[i]}"` : "");
  const head = (/** @type {string | Named} */ x) => (typeof x === "string" ? esc(x) : `${esc(x[0])}<span class="who">${esc(x[1])}</span>${esc(x[2])}`);
  made.innerHTML = `<caption id="${id}-caption">${esc(caption)}</caption><thead><tr>${heads.map((x, i) => `<th scope="col"${of(i)}>${head(x)}</th>`).join("")}</tr></thead><tbody></tbody>`;
  made.tBodies[0].append(...rows.map((cells) => row(cells, classes)));
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-labelledby": `${id}-caption` }, [made]);
}

/** @typedef {[string, string, string]} Named a header's text before a player's name, the name, and the text after */

/** The text `key` with a player's `name` in it, as a header that sets the name apart (`table`). @param {string} key @param {string} name @returns {Named} */
function named(key, name) {
  const [before, after = ""] = t(key, { name: "\u0001" }).split("\u0001");
  return [before, name, after];
}

/** Text for HTML. @param {string} v */
const esc = (v) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A row of cell texts, the first a row header. @param {string[]} cells @param {string[]} classes */
function row(cells, classes) {
  const tr = document.createElement("tr");
  cells.forEach((text, i) => {
    const cell = document.createElement(i ? "td" : "th");
    if (!i) cell.setAttribute("scope", "row");
    if (classes[i]) cell.className = classes[i];
    cell.textContent = text;
    tr.append(cell);
  });
  return tr;
}

/**
 * A table of `count` rows, row `i`'s cells from `cellsOf(i)`, drawn in steps once on the page (`draw`); `lead(i)`,
 * where it is not null, a note across the table in a row of its own before row `i` (a new season's regression).
 * @param {string} id @param {string} caption @param {string[]} heads @param {number} count
 * `dress(tr, i)`, where given, marks row `i` once made.
 * @param {(i: number) => string[]} cellsOf @param {string[]} [classes] @param {(i: number) => string | null} [lead]
 * @param {(tr: HTMLTableRowElement, i: number) => void} [dress]
 */
function longTable(id, caption, heads, count, cellsOf, classes = [], lead = () => null, dress = () => {}) {
  const wrap = table(id, caption, heads, [], classes);
  const body = /** @type {HTMLTableSectionElement} */ (wrap.querySelector("tbody"));
  const rows = (/** @type {number} */ i) => {
    const note = lead(i);
    const tr = row(cellsOf(i), classes);
    dress(tr, i);
    return note === null ? [tr] : [noteRow(note, heads.length), tr];
  };
  return { wrap, draw: () => new LongTable(body, wrap).show(count, rows) };
}

/** A row of one cell across the table's `span` columns, saying `text` (style.css tr.note). @param {string} text @param {number} span */
function noteRow(text, span) {
  const tr = h("tr", { class: "note" }, [h("td", { colspan: String(span), text })]);
  return /** @type {HTMLTableRowElement} */ (tr);
}

/**
 * What a new season did to `p`'s rating before game `i` of a league's history: the rating they ended the last
 * game with (the start rating before the first), and the one they took into this one (`before`, ladder.py
 * LEAGUE_HISTORY: regressed toward the mean at a side's first game of a season). Null where nothing moved it, or
 * too little to show: the games' changes alone then add up to the ratings shown. A win shown "+12.0" beside a
 * rating that fell said nothing of the season's regression between (hp96).
 * @param {Player} p @param {number} i
 */
function seasonNote(p, i) {
  const x = p.history;
  if (!x.before) return null;
  const [from, to] = [n(i ? x.rating[i - 1] : p.start_rating, 1), n(x.before[i], 1)];
  return from === to ? null : t("ladder.newSeason", { from, to });
}

/** The chart's way of counting: by date or by game number. @param {(by: "date" | "game") => void} on @param {Say} say */
function chartChoice(on, say) {
  const group = h("fieldset", { class: "ladder-chart-by" }, [h("legend", { text: t("ladder.chartBy") })]);
  for (const by of /** @type {("date" | "game")[]} */ (["date", "game"])) {
    const input = /** @type {HTMLInputElement} */ (h("input", { type: "radio", name: "ladder-chart-by", id: `ladder-by-${by}`, value: by }));
    input.checked = by === "date";
    input.addEventListener("change", () => on(by));
    group.append(h("label", { class: "check", for: input.id }, [input, " ", say(`ladder.by.${by}`)]));
  }
  return group;
}

/** Draw `p`'s chart, by date or by game, in the answer's words (`say`). @param {Player} p @param {"date" | "game"} by @param {Say} say */
export function drawHistory(p, by, say) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($("ladder-chart-svg")));
  const width = $("ladder-player").clientWidth || 320;
  drawLadderChart(svg, Math.min(width, 720), chartPoints(p, by), {
    title: t("ladder.chartTitle", { name: p.name }),
    desc: say(by === "date" ? "ladder.chartDescDate" : "ladder.chartDescGame", { count: p.games }),
    rating: (x) => n(x),
    x: (x) => (by === "game" ? n(x) : day(new Date(x * 86_400_000).toISOString())),
  });
  $("ladder-player-figure").dataset.by = by;
}

/** Watches the player's chart for a new width. @type {ResizeObserver | null} */
let resized = null;

/**
 * The chart drawn again for a new width (a page zoomed in, a phone turned), as the calculator's is: drawn for
 * its width, its text keeps its size (scaled down from 720 units, it shrank as the page was zoomed: an
 * accessibility pass). @param {Player} p @param {Say} say
 */
function followWidth(p, say) {
  resized?.disconnect();
  const figure = $("ladder-player-figure");
  let drawn = Math.min($("ladder-player").clientWidth, 720);
  resized = new ResizeObserver(() => {
    const width = Math.min($("ladder-player").clientWidth, 720);
    if (!width || width === drawn) return; // hidden, or its own height changed
    drawn = width;
    drawHistory(p, /** @type {"date" | "game"} */ (figure.dataset.by ?? "date"), say);
  });
  resized.observe(figure);
}

/** The history's game `i` as a row of the table: game, date, opponent, score, change, rating; a league's with the
 * venue, and the score as the points for and against (a side of several players: its players' names joined by +).
 * @param {Player} p @param {Map<string, string>} names @param {number} i */
function historyRow(p, names, i) {
  const x = p.history;
  const opponent = names.get(x.opponent[i]) ?? x.opponent[i].split("+").map((/** @type {string} */ id) => names.get(id) ?? id).join(" + ");
  if (!x.venue) return [n(x.game[i]), day(x.date[i]), opponent, n(x.score[i], 1), n(x.change[i], 1, true), n(x.rating[i])];
  const score = x.points_for[i] === null ? n(x.score[i], 1) : `${n(x.points_for[i])}–${n(x.points_against[i])}`;
  return [n(x.game[i]), day(x.date[i]), opponent, t(`ladder.venue.${x.venue[i]}`), score, n(x.change[i], 1, true), n(x.rating[i])];
}

/** The history table's headers and column classes (a league's with the venue), in the answer's words.
 * @param {boolean} league @param {Say} say */
function historyHeads(league, say) {
  const keys = ["ladder.h.game", "ladder.h.date", "ladder.h.opponent", ...(league ? ["ladder.h.venue"] : []), "ladder.h.score", "ladder.h.change", "ladder.h.rating"];
  // A phone's: no date (the chart has it); the narrowest, no game number either. (With the date, a German, French
  // or Dutch table was wider than a 375 px phone, its rating off the edge.) A league's phone: no game number, and the
  // venue under the opponent's name (venueUnder): with both, a Dutch league's history was 443 px on a 375 px phone.
  return { heads: keys.map((k) => say(k)), classes: league ? ["fit-2", "fit-2", "c-name", "fit-2"] : ["fit-1", "fit-2", "c-name"] };
}

/**
 * A league's history row `i` on a phone: its venue, whose column steps out there, said under the opponent's name
 * (style.css, data-venue). @param {Player} p @returns {(tr: HTMLTableRowElement, i: number) => void}
 */
function venueUnder(p) {
  return (tr, i) => { tr.cells[2].dataset.venue = t(`ladder.venue.${p.history.venue[i]}`); };
}

/** A league's venue for the stakes and chances: a select of home, away and neutral. @param {(venue: string) => void} on */
function venueChoice(on) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "ladder-venue" }, ["neutral", "home", "away"].map((v) => h("option", { value: v, text: t(`ladder.venue.${v}`) }))));
  select.addEventListener("change", () => on(select.value));
  return h("div", { class: "field", id: "ladder-venue-field" }, [h("label", { for: "ladder-venue", text: t("ladder.venue") }), select]);
}

/**
 * Show player `p` of `answer` on their page (made anew for each player), its heading focused: `p` with their
 * history, `pairs` their head-to-head records (a `player` answer's).
 * @param {Player} p @param {Record<string, any>} answer @param {Record<string, any>[]} pairs @param {Hooks} hooks
 */
export function showPlayer(p, answer, pairs, hooks) {
  const pool = inPool(answer.players, p.pool);
  const others = choices(pool.filter((/** @type {Player} */ q) => q.id !== p.id));
  const names = new Map(pool.map((/** @type {Player} */ q) => [q.id, q.name]));
  const back = h("button", { type: "button", id: "ladder-player-back", text: t("ladder.backToRanking") });
  back.addEventListener("click", hooks.back);
  const csv = h("button", { type: "button", id: "ladder-history-csv", text: t("ladder.historyCsv") });
  csv.addEventListener("click", hooks.csv);
  const league = isLeague(answer);
  const say = wordsOf(league, t, hasText); // a league's page speaks of teams and games (hp96)
  const facts = [
    ["ladder.col.rank", p.rank === null ? marks(p, say, league) ?? "—" : n(p.rank)], ["ladder.col.rating", n(p.rating)],
    ...(league ? [["ladder.col.games", n(counted(p).games)], ["ladder.col.record", record(counted(p))]]
      : [["ladder.col.games", n(p.games)], ["ladder.col.record", record(p)]]),
    ...(league ? [["ladder.col.for", n(p.points_for ?? 0)], ["ladder.col.against", n(p.points_against ?? 0)]] : [["ladder.col.score", n(p.score, 1)]]),
    ...(p.partners ? [["ladder.partners", p.partners.map((/** @type {{id: string, games: number}} */ q) => `${names.get(q.id) ?? q.id} (${n(q.games)})`).join(", ")]] : []),
  ];
  const met = headToHead(pairs, answer.players, p);
  const { heads, classes } = historyHeads(Boolean(p.history.venue), say);
  const history = longTable("ladder-history", t("ladder.historyCaption", { name: p.name }), heads,
    p.history.game.length, (i) => historyRow(p, names, i), classes, (i) => seasonNote(p, i),
    p.history.venue ? venueUnder(p) : undefined);
  /** The opponent and the venue of the stakes shown. */
  const chosen = { id: others[0]?.id ?? "", venue: "neutral" };
  const h2h = longTable("ladder-h2h", t("ladder.h2hCaption", { name: p.name }),
    // The total of wins and half draws: "Points" in a league's words, as the history's "Score" is a game's "3–1".
    ["ladder.h.opponent", "ladder.col.games", "ladder.col.record", "ladder.h.wins", "ladder.h.draws", "ladder.h.losses", "ladder.col.score", "ladder.col.last"].map((k) => say(k)),
    met.length, (i) => [met[i].name, n(met[i].games), record(met[i]), n(met[i].wins), n(met[i].draws), n(met[i].losses), n(met[i].score, 1), day(met[i].last)],
    // A phone's: the wins, draws and losses in one column (W–D–L), which say the games; the history says the last.
    // (Three columns were 368 px on a 375 px German phone: "Unentschieden", "Niederlagen".)
    ["c-name", "fit-2", "phone-only", "fit-2", "fit-2", "fit-2", "", "fit-2"]);
  $("ladder-player").replaceChildren(
    h("h3", { id: "ladder-player-name", tabindex: "-1", text: p.name }), back,
    ...(hooks.link && canLink() ? [playerLinkButton(p.id, p.name)] : []),
    h("dl", { class: "event-totals" }, facts.map(([key, value]) => h("div", {}, [h("dt", { text: say(key) }), h("dd", { text: value })]))),
    h("figure", { class: "chart ladder-chart", id: "ladder-player-figure" }, [
      chartChoice((by) => drawHistory(p, by, say), say),
      document.createElementNS("http://www.w3.org/2000/svg", "svg"),
    ]),
    csv, history.wrap, h2h.wrap,
    h("h4", { id: "ladder-stakes-heading", text: say("ladder.stakesHeading") }),
    ...(others.length ? [picker("ladder-opponent", t("ladder.opponent"), others, others[0], (c) => hooks.stakes(chosen.id = c.id, chosen.venue), say),
      ...(league ? [venueChoice((venue) => hooks.stakes(chosen.id, chosen.venue = venue))] : []),
      h("div", { id: "ladder-stakes" })] : [h("p", { class: "hint", text: say("ladder.noOpponent") })]),
  );
  history.draw();
  h2h.draw();
  const svg = /** @type {Element} */ ($("ladder-player-figure").lastElementChild);
  svg.id = "ladder-chart-svg";
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", "ladder-chart-svg-title");
  $("ladder-player").hidden = false;
  keepWordsIn(history.wrap);
  drawHistory(p, "date", say);
  followWidth(p, say);
  $("ladder-player-name").focus();
  if (others.length) hooks.stakes(chosen.id, chosen.venue);
}

/** A league's chances at each venue (league.chances): expected score, win, draw (null: none learnt), loss.
 * @typedef {{venue: string, expected: number, win: number, draw: number | null, loss: number}} Chance */

/** A chance as a whole percentage in the page's language ("62%", "62 %"). @param {number | null} x */
const percent = (x) => (x === null ? "—" : new Intl.NumberFormat(options.lang, { style: "percent", maximumFractionDigits: 0 }).format(x));

/**
 * What a win, draw or loss of `a` against `b` would do to each (elo_core's outcomes), as a table; a league's
 * `chances` of `a` at home, away and neutral as another, with how its draw chances are estimated (`model`, the
 * answer's ladder.DrawModel).
 * @param {Player} a @param {Player} b @param {{result: string, a: {change: number, rating: number}, b: {change: number, rating: number}}[]} outcomes
 * @param {Chance[] | null} [chances] @param {{games: number, draws: number, draw_scale: number | null} | null} [model]
 * @param {boolean} [margin] a margin of victory rates the games: a win and a loss here are by one point (said)
 * @returns {string} the stakes in a sentence, to announce
 */
export function showStakes(a, b, outcomes, chances = null, model = null, margin = false) {
  const say = wordsOf(model !== null, t, hasText); // a league's (its draw model): "Ein Spiel", "Unentschieden"
  const heads = [named("ladder.h.result", a.name), named("ladder.h.changeOf", a.name), named("ladder.h.ratingOf", a.name),
    named("ladder.h.changeOf", b.name), named("ladder.h.ratingOf", b.name)];
  const result = (/** @type {string} */ r) => (model ? t(`ladder.h.${r}`) : t(`result.${r}`)); // a league's: its chances' words
  const rows = outcomes.map((o) => [result(o.result), n(o.a.change, 1, true), n(o.a.rating), n(o.b.change, 1, true), n(o.b.rating)]);
  const parts = [table("ladder-stakes-table", say("ladder.stakesCaption", { a: a.name, b: b.name }), heads, rows)];
  if (margin) parts.push(h("p", { class: "hint", id: "ladder-stakes-margin", text: t("ladder.stakesMargin") }));
  if (chances) {
    const chanceHeads = [t("ladder.venue"), t("ladder.h.win"), t("ladder.h.draw"), t("ladder.h.loss"), t("ladder.h.expected")];
    const chanceRows = chances.map((c) => [t(`ladder.venue.${c.venue}`), percent(c.win), percent(c.draw), percent(c.loss), n(c.expected, 2)]);
    parts.push(table("ladder-chances-table", t("ladder.chancesCaption", { a: a.name, b: b.name }), chanceHeads, chanceRows),
      h("p", { class: "hint", id: "ladder-chances-how", text: model?.draw_scale ? t("ladder.drawsHow", { draws: n(model.draws), games: n(model.games) }) : t("ladder.noDraws") }));
  }
  const stakes = $("ladder-stakes");
  stakes.replaceChildren(...parts);
  keepWordsIn(stakes);
  // What a screen reader is told when another opponent or venue is chosen (the tables change silently).
  return `${say("ladder.stakesCaption", { a: a.name, b: b.name })}: ${outcomes.map((o, i) => `${rows[i][0]} ${rows[i][1]}`).join(", ")}.`;
}
