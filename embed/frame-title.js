// A calculator frame's title, its accessible name: one rule for the frame the loader makes (embed.js) and the one
// the builder's frame snippet writes (builder.js), so that the two name a calculator alike.

/**
 * The calculator's name in its language, then the club's heading (two frames of a page were both "Elo rating
 * calculator"); the name alone without a heading or with "none" (no heading).
 * @param {string} name the calculator's name (texts.js TEXTS[lang][0]) @param {string | null | undefined} heading
 * @returns {string}
 */
export const frameTitle = (name, heading) => (heading && heading !== "none" ? `${name}: ${heading}` : name);
