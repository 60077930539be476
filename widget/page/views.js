// The views the page can show, by name: the embedding page picks one (the element's `view`
// attribute, embed.js; params.js `view`, the first one here by default), and the shell (app.js)
// mounts it. As elo_core lists its rating systems in one registry (systems.REGISTRY), the widget
// lists its views here: the event report and the club ladder are one entry each, with the engine's
// request kind each needs (protocol.js Kind).
// A view's module is imported when it is mounted, so that its code, and the listeners it installs,
// run only on a page that shows it. The build bundles it into app.js all the same (esbuild without
// code splitting, scripts/build_site.py): no request more on the cold path.

/**
 * A view once mounted: what it does when the engine's state changes (the shell has shown it), and
 * the address of what the view holds, for a reload that must not lose it (null: none, or too big).
 * @typedef {{engineChanged: (status: import("../engine/engine.js").EngineStatus) => void, address: () => Promise<string | null>}} Mounted
 */
/**
 * A view's module: mount() starts it on the page's markup with the engine, the texts loaded. A view other
 * than `UNDER` is shown over it, mounted first: such a view's mount answers null, and the page keeps what
 * the one under it holds.
 * A view shown over `UNDER` may show itself `again` as the visitor had opened it, after a reload in it.
 * @typedef {{mount: (engine: import("../engine/engine.js").Engine) => Promise<Mounted | null>,
 *   again?: (engine: import("../engine/engine.js").Engine) => void}} View
 */

/** The views by name, in view-names.js's order (tests/js/params.test.mjs keeps them the same).
 * @type {Record<string, () => Promise<View>>} */
export const VIEWS = {
  calculator: () => import("../views/calculator/calculator.js"),
  event: () => import("../views/event/event.js"),
  ladder: () => import("../views/ladder/ladder.js"),
};

/** The view every other is shown over (a player of a report opens in it): the shell mounts it first. */
export const UNDER = "calculator";

/** Each view's way in from the calculator (its button, a file dropped on it), which the shell binds: the
 * calculator imports no other view. @type {(() => Promise<{bindEntry: (engine: import("../engine/engine.js").Engine) => void}>)[]} */
export const ENTRIES = [
  () => import("../views/event/event-entry.js"),
  () => import("../views/ladder/ladder-entry.js"),
];
