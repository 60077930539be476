// A view the visitor opens over the calculator (the tournament report, the ladder) is a page to them:
// it gets an entry in the browser's history, so that the browser's Back (a phone's back gesture)
// closes it and returns to the calculator, rather than leaving the widget, and the file it read
// (kept nowhere), behind; Forward opens it again. A page within a view (a ladder's player: "ladder/player")
// gets an entry of its own over the view's, so that Back returns to the view, and the view's own way back to
// the calculator leaves both. One listener a view, installed once, follows the history whichever way the
// visitor goes through it.

/** The views that follow the history, by name: how each is closed and opened again, and whether it is
 * shown (only a change of that closes or opens it: Back from one view leaves the other alone).
 * @type {Map<string, {close: () => void, open: () => void, shown: boolean}>} */
const followed = new Map();

/** Whether the history's current entry is view `name`'s, or a page's within it ("ladder/player") pushed over the
 * view's own entry (`over`). @param {string} name */
const isShown = (name) => history.state?.view === name || isOver(name);

/** Whether the current entry is a page's within view `name`, pushed over the view's own. @param {string} name */
const isOver = (name) => history.state?.over === name && String(history.state?.view).startsWith(`${name}/`);

/**
 * The visitor opened view `name`: an entry of its own in the history (unless the current one is
 * already its own: a reload, or Forward); `close` is called when the browser's Back leaves it,
 * `open` when Forward comes back to it.
 * @param {string} name @param {() => void} close @param {() => void} open
 */
export function enterView(name, close, open) {
  if (!followed.has(name)) {
    addEventListener("popstate", () => {
      const view = followed.get(name);
      if (!view || view.shown === isShown(name)) return;
      view.shown = !view.shown;
      if (view.shown) view.open();
      else view.close();
      // The page where the keyboard went (a closed view's way in, a player's row), once the browser has put the page
      // back where it was when the entry was made: it did so after the focus, the focused button 1 400 px below the
      // screen (hp111). (Not history.scrollRestoration = "manual": a reload of the calculator, or a return to it from
      // another site, then lost its place on the page, rv89.) Only when a view opened or closed: not at a link's hash.
      setTimeout(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && focused !== document.body) focused.scrollIntoView({ block: "nearest" });
      });
    });
  }
  followed.set(name, { close, open, shown: true });
  if (!isShown(name)) history.pushState({ view: name, over: history.state?.view ?? null }, "");
}

/**
 * The visitor closes view `name` (its own Back button): through the history when the current entry
 * is the view's own (true: `close` follows, from the popstate), so that the browser's Forward and
 * Back stay in step with what is shown; false when it is not (the caller closes it).
 * @param {string} name @returns {boolean}
 */
export function leaveView(name) {
  // Its own entry, or a page's within it just above that (the ladder left from a player's page: both go).
  const depth = !followed.has(name) ? 0 : history.state?.view === name ? 1 : isOver(name) ? 2 : 0;
  if (!depth) {
    const view = followed.get(name);
    if (view) view.shown = false;
    return false;
  }
  history.go(-depth);
  return true;
}

/**
 * The calculator's parts step aside for a view (`on`), or come back: its Result section with them, a region no
 * more while a view is shown (an empty "Result" landmark was left in the report's and the ladder's outline).
 * @param {boolean} on
 */
export function viewMode(on) {
  const calc = /** @type {HTMLElement} */ (document.getElementById("calc"));
  calc.classList.toggle("event-mode", on);
  const results = calc.querySelector("section.results");
  if (on) results?.removeAttribute("aria-labelledby");
  else results?.setAttribute("aria-labelledby", "results-heading");
}
