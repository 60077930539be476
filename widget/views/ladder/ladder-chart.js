// A ladder player's history chart (ladder view, ladder-player.js): their rating after every game as an
// SVG line, by game number or by date, on a grid of round ratings (chart.js ratingAxis), with a title
// and description; the same figures are in the history table beside it for screen readers and print.
// Drawn as one path whatever the number of games. No chart library.
import { ratingAxis } from "../../page/chart.js";

const SVG = "http://www.w3.org/2000/svg";
const TOP = 12;
const HEIGHT = 160;
const BOTTOM = 28;
const LEFT = 52;
const RIGHT = 16;

/** @param {string} name @param {Record<string, string | number>} attrs @param {(Node | string)[]} children */
function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** The chart's texts: title, description, and how a rating and an x value are written.
 * @typedef {{title: string, desc: string, rating: (x: number) => string, x: (x: number) => string}} LadderChartText */

/**
 * Draw `points` (x: game number or day; rating) into `svg`, `width` CSS pixels wide.
 * @param {SVGSVGElement} svg @param {number} width @param {{x: number, rating: number}[]} points @param {LadderChartText} text
 */
export function drawLadderChart(svg, width, points, text) {
  const W = Math.max(260, Math.round(width));
  const ratings = points.map((p) => p.rating);
  const axis = ratingAxis(Math.min(...ratings), Math.max(...ratings));
  const lo = points[0].x;
  const hi = Math.max(points[points.length - 1].x, lo + 1);
  const x = (/** @type {number} */ v) => LEFT + ((v - lo) / (hi - lo)) * (W - LEFT - RIGHT);
  const y = (/** @type {number} */ r) => TOP + (1 - (r - axis.lo) / (axis.hi - axis.lo)) * HEIGHT;
  const parts = [el("title", { id: `${svg.id}-title` }, [text.title]), el("desc", {}, [text.desc])];
  for (const r of axis.ticks) {
    parts.push(el("line", { class: "grid", x1: LEFT, x2: W - RIGHT, y1: y(r), y2: y(r) }),
      el("text", { class: "tick", x: LEFT - 6, y: y(r) + 4, "text-anchor": "end" }, [text.rating(r)]));
  }
  const base = TOP + HEIGHT + 18;
  parts.push(el("text", { class: "tick", x: LEFT, y: base, "text-anchor": "start" }, [text.x(lo)]),
    el("text", { class: "tick", x: W - RIGHT, y: base, "text-anchor": "end" }, [text.x(hi)]));
  let d = "";
  points.forEach((p, i) => { d += `${i ? "L" : "M"}${x(p.x).toFixed(1)} ${y(p.rating).toFixed(1)}`; });
  parts.push(el("path", { class: "rating-line", d, fill: "none" }));
  if (points.length <= 60) {
    for (const p of points.slice(1)) parts.push(el("circle", { class: "rating-point draw", cx: x(p.x).toFixed(1), cy: y(p.rating).toFixed(1), r: 3 }));
  }
  svg.setAttribute("viewBox", `0 0 ${W} ${TOP + HEIGHT + BOTTOM}`);
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(TOP + HEIGHT + BOTTOM));
  svg.replaceChildren(...parts);
}
