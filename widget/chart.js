// The chart of the rating through the event: an SVG line (rating after each game: sequential
// rating, or the pre-event rating plus the changes so far) over bars of each game's expected
// score, with a title, and the same numbers in a table for screen readers. No chart library.

const SVG = "http://www.w3.org/2000/svg";
const W = 600;
const TOP = 12;
const LINE_H = 150;
const BAR_TOP = 192;
const BAR_H = 36;
const LEFT = 56;
const RIGHT = 20;

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
 * @param {{rating: number, points: {rating: number, expected: number}[]}} data
 * @param {{title: string, desc: string, rating: string, expected: string, game: string, start: string,
 *   point: (n: number, rating: string, expected: string) => string, fmtRating: (x: number) => string,
 *   fmtExpected: (x: number) => string}} text
 */
export function drawChart(figure, data, text) {
  const svg = /** @type {SVGSVGElement} */ (figure.querySelector("svg"));
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
  data.points.forEach((p, i) => {
    const label = text.point(i + 1, text.fmtRating(p.rating), text.fmtExpected(p.expected));
    const barW = Math.max(2, Math.min(24, step * 0.6));
    parts.push(el("rect", { class: "expected-track", x: (x(i + 1) - barW / 2).toFixed(1), width: barW.toFixed(1),
      y: BAR_TOP, height: BAR_H }));
    parts.push(el("rect", { class: "expected-bar", x: (x(i + 1) - barW / 2).toFixed(1), width: barW.toFixed(1),
      y: (BAR_TOP + (1 - p.expected) * BAR_H).toFixed(1), height: (p.expected * BAR_H).toFixed(1) }, [title(label)]));
    parts.push(el("circle", { class: "rating-point", cx: x(i + 1).toFixed(1), cy: y(p.rating).toFixed(1), r: n > 60 ? 1.5 : 3.5 },
      [title(label)]));
  });
  svg.setAttribute("viewBox", `0 0 ${W} ${BAR_TOP + BAR_H + 8}`);
  svg.replaceChildren(...parts);

  const row = (/** @type {string[]} */ cells, /** @type {string} */ tag = "td") => {
    const tr = document.createElement("tr");
    for (const c of cells) {
      const td = document.createElement(tag);
      td.textContent = c;
      tr.append(td);
    }
    return tr;
  };
  const caption = document.createElement("caption");
  caption.textContent = text.title;
  const head = document.createElement("thead");
  head.append(row([text.game, text.rating, text.expected], "th"));
  const body = document.createElement("tbody");
  body.append(row([text.start, text.fmtRating(data.rating), ""]));
  data.points.forEach((p, i) => body.append(row([String(i + 1), text.fmtRating(p.rating), text.fmtExpected(p.expected)])));
  table.replaceChildren(caption, head, body);
}
