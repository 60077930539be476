// The chart of the rating through the event: an SVG line (rating after each game: sequential
// rating, or the pre-event rating plus the changes so far) on a grid of round ratings, each game
// marked by its result as a shape and a letter (never colour alone), over bars of each game's
// expected score; with a title, and the same numbers in a table for screen readers (and print).
// No chart library.

const SVG = "http://www.w3.org/2000/svg";
const TOP = 12;
const LINE_H = 150;
const BAR_TOP = 192;
const BAR_H = 36;
/** The rows under the bars: each game's result letter, then its number. */
const MARK_Y = BAR_TOP + BAR_H + 15;
const NUMBER_Y = MARK_Y + 15;
const LEFT = 56;
const RIGHT = 20;
/** Room between the rating axis and the start, so that the first point is not on the tick labels. */
const PAD = 10;
/** At most this far apart per game: one game is a short step, not a line across the whole frame. */
const MAX_STEP = 72;
const MARKERS = 60;
/** The least room a game's letter needs. */
const LETTER_ROOM = 12;

/** @param {string} name @param {Record<string, string | number>} attrs @param {Node[]} children */
function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** @param {string} text */
const title = (text) => el("title", {}, [document.createTextNode(text)]);
/** @param {Record<string, string | number>} attrs @param {string} text */
const label = (attrs, text) => el("text", attrs, [document.createTextNode(text)]);

/**
 * A round step (1, 2 or 5 times a power of ten, at least 1) that cuts `range` into about `parts`.
 * @param {number} range @param {number} parts
 */
export function niceStep(range, parts) {
  const rough = Math.max(range / parts, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return /** @type {number} */ (step);
}

/**
 * The rating axis: round bounds around `lo`..`hi` and the round ratings between them.
 * @param {number} lo @param {number} hi @returns {{lo: number, hi: number, ticks: number[]}}
 */
export function ratingAxis(lo, hi) {
  const step = niceStep(hi - lo, 4);
  let bottom = Math.floor(lo / step) * step;
  let top = Math.ceil(hi / step) * step;
  if (top === bottom) { // one rating all through (no change): a step either side
    bottom -= step;
    top += step;
  }
  const ticks = [];
  for (let r = bottom; r <= top + step / 2; r += step) ticks.push(r);
  return { lo: bottom, hi: top, ticks };
}

/** Every how many games a game's number is written, so that the numbers do not run into each other. */
const numberEvery = (/** @type {number} */ step) => step >= 24 ? 1 : niceStep(24 / Math.max(step, 0.01), 1);

/** The start rating, and each game's rating after it, expected score and score.
 * @typedef {{rating: number, points: {rating: number, expected: number, score: number}[]}} ChartData */
/**
 * The chart's texts and number formats, in the page's language.
 * @typedef {{title: string, desc: string, rating: string, expected: string, game: string, start: string, result: string,
 *   point: (n: number, rating: string, expected: string) => string, fmtRating: (x: number) => string, fmtTick: (x: number) => string,
 *   fmtExpected: (x: number) => string, mark: (score: number) => string, resultName: (score: number) => string}} ChartText
 */

/**
 * Draw `points` (game 0 is the start) into `figure` and its table.
 * @param {HTMLElement} figure a <figure> holding an <svg> and a <table>
 * @param {number} width the figure's width in CSS pixels
 * @param {ChartData} data @param {ChartText} text
 */
export function drawChart(figure, width, data, text) {
  const svg = /** @type {SVGSVGElement} */ (figure.querySelector("svg"));
  // As wide as it is drawn (measured by the caller, never here: reading a size forces a layout),
  // so that its text stays at the page's size on a phone too.
  const W = Math.max(280, Math.round(width));
  const table = /** @type {HTMLTableElement} */ (figure.querySelector("table"));
  const ratings = [data.rating, ...data.points.map((p) => p.rating)];
  const axis = ratingAxis(Math.min(...ratings), Math.max(...ratings));
  const n = data.points.length;
  const step = n ? Math.min((W - LEFT - PAD - RIGHT) / n, MAX_STEP) : 0;
  const x = (/** @type {number} */ i) => LEFT + PAD + i * step;
  const y = (/** @type {number} */ r) => TOP + (1 - (r - axis.lo) / (axis.hi - axis.lo)) * LINE_H;
  const right = n ? x(n) + Math.min(step / 2, RIGHT) : W - RIGHT;
  const parts = [title(text.title), el("desc", {}, [document.createTextNode(text.desc)])];
  for (const r of axis.ticks) {
    parts.push(el("line", { class: "grid", x1: LEFT, x2: right, y1: y(r), y2: y(r) }),
      label({ class: "tick", x: LEFT - 6, y: y(r) + 4, "text-anchor": "end" }, text.fmtTick(r)));
  }
  parts.push(
    el("line", { class: "axis", x1: LEFT, x2: right, y1: y(data.rating), y2: y(data.rating) }),
    label({ class: "tick", x: LEFT - 6, y: BAR_TOP - 8 }, text.expected),
    el("polyline", { class: "rating-line", points: ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ") }),
  );
  const barW = Math.max(1, Math.min(24, step * 0.6));
  parts.push(...expectedBars(data.points, x, barW), ...gameMarks(data.points, x, y, step, text));
  svg.setAttribute("viewBox", `0 0 ${W} ${NUMBER_Y + 6}`);
  // Its size as drawn: on paper (style.css) it is not stretched past it, its text kept at the page's size.
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(NUMBER_Y + 6));
  svg.replaceChildren(...parts);

  writeTable(table, data, text);
}

/**
 * The expected score of each game as a bar: two paths (the track and the bar), whatever the number of games.
 * @param {ChartData["points"]} points @param {(i: number) => number} x @param {number} barW
 */
function expectedBars(points, x, barW) {
  let tracks = "";
  let bars = "";
  points.forEach((p, i) => {
    const left = (x(i + 1) - barW / 2).toFixed(1);
    tracks += `M${left} ${BAR_TOP}h${barW.toFixed(1)}v${BAR_H}h${(-barW).toFixed(1)}Z`;
    bars += `M${left} ${(BAR_TOP + (1 - p.expected) * BAR_H).toFixed(1)}h${barW.toFixed(1)}` +
      `V${BAR_TOP + BAR_H}h${(-barW).toFixed(1)}Z`;
  });
  return [el("path", { class: "expected-track", d: tracks }), el("path", { class: "expected-bar", d: bars })];
}

/**
 * Each game's marker with its own title, and its letter, only while they can be told apart (a long
 * season is a line); the games' numbers under the chart, as many as fit.
 * @param {ChartData["points"]} points @param {(i: number) => number} x @param {(r: number) => number} y
 * @param {number} step @param {ChartText} text
 */
function gameMarks(points, x, y, step, text) {
  /** @type {SVGElement[]} */
  const parts = [];
  const every = numberEvery(step);
  points.forEach((p, i) => {
    const cx = x(i + 1).toFixed(1);
    if (points.length <= MARKERS) {
      const cy = y(p.rating);
      const pointTitle = [title(text.point(i + 1, text.fmtRating(p.rating), text.fmtExpected(p.expected)) + ` (${text.resultName(p.score)})`)];
      // A win points up, a loss down, a draw is a circle: the shape says the result.
      parts.push(p.score === 0.5
        ? el("circle", { class: "rating-point draw", cx, cy: cy.toFixed(1), r: 4 }, pointTitle)
        : el("path", { class: `rating-point ${p.score === 1 ? "win" : "loss"}`,
          d: p.score === 1 ? `M${cx} ${(cy - 5.5).toFixed(1)}l5 9h-10Z` : `M${cx} ${(cy + 5.5).toFixed(1)}l5 -9h-10Z` }, pointTitle));
      if (step >= LETTER_ROOM) parts.push(label({ class: `mark ${p.score === 1 ? "win" : p.score === 0 ? "loss" : "draw"}`, x: cx, y: MARK_Y, "text-anchor": "middle" }, text.mark(p.score)));
    }
    if ((i + 1) % every === 0 || i === 0) {
      parts.push(label({ class: "tick", x: cx, y: NUMBER_Y, "text-anchor": "middle" }, String(i + 1)));
    }
  });
  return parts;
}

/**
 * The chart as a table, for screen readers and print: written as one piece of markup, so that
 * thousands of rows stay quick.
 * @param {HTMLTableElement} table @param {ChartData} data @param {ChartText} text
 */
function writeTable(table, data, text) {
  const esc = (/** @type {string} */ v) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const row = (/** @type {string[]} */ cells, tag = "td") => `<tr>${cells.map((c) => `<${tag}>${esc(c)}</${tag}>`).join("")}</tr>`;
  table.innerHTML = `<caption>${esc(text.title)}</caption><thead>${row([text.game, text.rating, text.expected, text.result], "th")}</thead>` +
    `<tbody>${row([text.start, text.fmtRating(data.rating), "", ""])}` +
    data.points.map((p, i) => row([String(i + 1), text.fmtRating(p.rating), text.fmtExpected(p.expected), text.resultName(p.score)])).join("") +
    "</tbody>";
}
