// The widget's look as the embedding page asks for it: light, dark or auto (the visitor's
// preference), an accent colour, and a font stack. The accent gets a text colour that keeps
// WCAG AA contrast on it, whatever colour it is.

/** sRGB channels 0-255 of a CSS colour the browser accepts, or null. @param {string} colour */
export function rgb(colour) {
  if (!CSS.supports("color", colour)) return null;
  const probe = document.createElement("i");
  probe.style.color = colour;
  document.body.append(probe);
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(probe).color);
  probe.remove();
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** WCAG relative luminance. @param {number[]} c */
export function luminance(c) {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. @param {number[]} a @param {number[]} b */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = [255, 255, 255];
const BLACK = [0, 0, 0];

/** @param {{theme: string, accent: string | null, font: string | null}} options */
export function applyTheme({ theme, accent, font }) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  if (font) root.style.setProperty("--font", font);
  const colour = accent ? rgb(accent) : null;
  if (!colour) return;
  root.style.setProperty("--accent", `rgb(${colour.join(" ")})`);
  // Text on the accent: white or black, whichever contrasts more (one of them is always >= 4.5:1).
  root.style.setProperty("--accent-fg", contrast(colour, WHITE) >= contrast(colour, BLACK) ? "#ffffff" : "#000000");
  // The accent as an outline on the page's background only where it stands out (3:1); else the default stays.
  const background = getComputedStyle(document.body).backgroundColor;
  const bg = rgb(background) ?? WHITE;
  if (contrast(colour, bg) >= 3) root.style.setProperty("--accent-text", `rgb(${colour.join(" ")})`);
}
