// A view the visitor opens over the calculator (the tournament report, the ladder) is a page to them:
// it gets an entry in the browser's history, so that the browser's Back (a phone's back gesture)
// closes it and returns to the calculator, rather than leaving the widget, and the file it read
// (kept nowhere), behind.

/**
 * The visitor opened view `name`: an entry of its own in the history; `close` is called when the
 * browser's Back leaves it.
 * @param {string} name @param {() => void} close
 */
export function enterView(name, close) {
  if (history.state?.view === name) return;
  history.pushState({ view: name }, "");
  const left = () => {
    if (history.state?.view === name) return;
    removeEventListener("popstate", left);
    close();
  };
  addEventListener("popstate", left);
}

/**
 * The visitor closes view `name` (its own Back button): through the history when the view has its
 * entry there (true: `close` follows, from enterView), so that the browser's Forward and Back stay
 * in step with what is shown; false when it has none (the caller closes it).
 * @param {string} name @returns {boolean}
 */
export function leaveView(name) {
  if (history.state?.view !== name) return false;
  history.back();
  return true;
}
