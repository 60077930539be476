// The chart of the rating through the event: an SVG line (rating after each game: sequential
// rating, or the pre-event rating plus the changes so far) over bars of each game's expected
// score, with a title, and the same numbers in a table for screen readers. No chart library.

const SVG = "http://www.w3.org/2000/svg";
const TOP = 12;
const LINE_H = 150;
const BAR_TOP = 192;
const BAR_H = 36;
const LEFT = 56;
const RIGHT = 20;
const MARKERS = 60;

/** @param {string} name @param {Record<string, string | number>} attrs @param {Node[]} children */
function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** @param {string} text */
const title = (text) => el("title", {}, [document.createTextNode(text)]);

/**
 * Draw `points` (game 0 is the start) into `figure` and its table.
 * @param {HTMLElement} figure a <figure> holding an <svg> and a <table>
 * @param {number} width the figure's width in CSS pixels
 * @param {{rating: number, points: {rating: number, expected: number}[]}} data
 * @param {{title: string, desc: string, rating: string, expected: string, game: string, start: string,
 *   point: (n: number, rating: string, expected: string) => string, fmtRating: (x: number) => string,
 *   fmtExpected: (x: number) => string}} text
 */
export function drawChart(figure, width, data, text) {
  const svg = /** @type {SVGSVGElement} */ (figure.querySelector("svg"));
  // As wide as it is drawn (measured by the caller, never here: reading a size forces a layout),
  // so that its text stays at the page's size on a phone too.
  const W = Math.max(280, Math.round(width));
  const table = /** @type {HTMLTableElement} */ (figure.querySelector("table"));
  const ratings = [data.rating, ...data.points.map((p) => p.rating)];
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < 10) {
    lo -= 5;
    hi += 5;
  }
  const n = data.points.length;
  const x = (/** @type {number} */ i) => LEFT + (n ? (i / n) * (W - LEFT - RIGHT) : 0);
  const y = (/** @type {number} */ r) => TOP + (1 - (r - lo) / (hi - lo)) * LINE_H;
  const step = n ? (W - LEFT - RIGHT) / n : 0;
  const parts = [
    title(text.title),
    el("desc", {}, [document.createTextNode(text.desc)]),
    el("line", { class: "axis", x1: LEFT, x2: W - RIGHT, y1: y(data.rating), y2: y(data.rating) }),
    el("text", { class: "tick", x: LEFT - 6, y: y(hi) + 4, "text-anchor": "end" }, [document.createTextNode(text.fmtRating(hi))]),
    el("text", { class: "tick", x: LEFT - 6, y: y(lo) + 4, "text-anchor": "end" }, [document.createTextNode(text.fmtRating(lo))]),
    el("text", { class: "tick", x: LEFT - 6, y: BAR_TOP - 8 }, [document.createTextNode(text.expected)]),
    el("polyline", { class: "rating-line", points: ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ") }),
  ];
  // Bars as two paths, whatever the number of games; markers with their own titles only while
  // they can be told apart (a long season is a line).
  const barW = Math.max(1, Math.min(24, step * 0.6));
  let tracks = "";
  let bars = "";
  data.points.forEach((p, i) => {
    const left = (x(i + 1) - barW / 2).toFixed(1);
    tracks += `M${left} ${BAR_TOP}h${barW.toFixed(1)}v${BAR_H}h${(-barW).toFixed(1)}Z`;
    bars += `M${left} ${(BAR_TOP + (1 - p.expected) * BAR_H).toFixed(1)}h${barW.toFixed(1)}` +
      `V${BAR_TOP + BAR_H}h${(-barW).toFixed(1)}Z`;
  });
  parts.push(el("path", { class: "expected-track", d: tracks }), el("path", { class: "expected-bar", d: bars }));
  if (n <= MARKERS) {
    data.points.forEach((p, i) => {
      const label = text.point(i + 1, text.fmtRating(p.rating), text.fmtExpected(p.expected));
      parts.push(el("circle", { class: "rating-point", cx: x(i + 1).toFixed(1), cy: y(p.rating).toFixed(1), r: 3.5 },
        [title(label)]));
    });
  }
  svg.setAttribute("viewBox", `0 0 ${W} ${BAR_TOP + BAR_H + 8}`);
  svg.replaceChildren(...parts);

  // The table is written as one piece of markup: thousands of rows stay quick.
  const esc = (/** @type {string} */ v) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const row = (/** @type {string[]} */ cells, tag = "td") => `<tr>${cells.map((c) => `<${tag}>${esc(c)}</${tag}>`).join("")}</tr>`;
  table.innerHTML = `<caption>${esc(text.title)}</caption><thead>${row([text.game, text.rating, text.expected], "th")}</thead>` +
    `<tbody>${row([text.start, text.fmtRating(data.rating), ""])}` +
    data.points.map((p, i) => row([String(i + 1), text.fmtRating(p.rating), text.fmtExpected(p.expected)])).join("") +
    "</tbody>";
}
