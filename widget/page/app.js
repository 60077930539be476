// The page's shell: starts the Python engine at once, loads the texts and the theme, and mounts the
// one view the embedding page asked for (params.js `view`) from the registry (views.js); then shows
// the engine's state (engine-status.js, with Retry) and tells the view of each change. What a view
// does is its own module's (today the calculator, calculator.js). Nothing runs at import but
// start(), the module's last line.
import { $ } from "./dom.js";
import { Engine } from "../engine/engine.js";
import { openEngine, pageRuns } from "../engine/engine-start.js";
import { showBusy, showEngine } from "./engine-status.js";
import { installFrame } from "./frame.js";
import { addLanguageMenu } from "./language-menu.js";
import { applyTexts, loadTexts } from "./i18n.js";
import { options } from "./options.js";
import { applyTheme } from "./theme.js";
import { ENTRIES, UNDER, VIEWS } from "./views.js";

/** @typedef {import("../engine/engine.js").EngineStatus} EngineStatus */

/**
 * The texts of `lang` could not be loaded: the page is in English (built in), says so with Retry,
 * and tells the embedding page (elo:error). Retry loads the page again with what the view holds in
 * its address, as a copied link carries it, so that nothing typed is lost even without storage.
 * @param {string} lang @param {() => Promise<string | null>} address the view's (Mounted)
 */
function textsFailed(lang, address) {
  $("texts-failed").hidden = false;
  $("texts-retry").addEventListener("click", async () => {
    const fragment = await address();
    if (fragment) history.replaceState(null, "", fragment);
    location.reload();
  });
  document.dispatchEvent(new CustomEvent("elo:error", { detail: { reason: "texts", lang } }));
}

/**
 * The page's heading in the club's words (`heading`), or none ("none"); a report or a ladder shown as the
 * page's own view is headed by its own heading, not the calculator's title: the club's words are put there
 * (the view's mount), and the page's stays hidden (it headed the view's own, two headings).
 * @param {{heading: string, view: string}} options
 */
function nameHeading({ heading, view }) {
  const title = /** @type {HTMLElement} */ (document.querySelector("h1"));
  if (heading && heading !== "none") {
    title.textContent = heading;
    document.title = heading;
  }
  title.hidden = heading === "none" || view !== "calculator";
}

/** Start the page: the engine first (Python's worker started before this module's imports arrived,
 * engine-start.js: everything else happens while it loads), then the texts, then the view. */
export async function start() {
  installFrame(); // the embedding page hears of the frame (its height, its events)
  pageRuns();
  /** @type {EngineStatus} */
  let status = { state: "loading", stage: "runtime" };
  /** The view once mounted: until then only the engine's latest state is kept. @type {import("./views.js").Mounted | null} */
  let view = null;
  const engineChanged = () => {
    showEngine(status);
    view?.engineChanged(status);
  };
  // One interpreter for all the calculators of a page where the browser allows it (shared-engine.js).
  const engine = new Engine(openEngine, (next) => {
    status = next;
    if (view) engineChanged();
  });
  engine.onBusy = showBusy;
  engine.start();
  // Typing anywhere in the widget puts off the snapshot Python makes once the page is quiet (engine.js typing).
  document.addEventListener("input", () => engine.typing(), true);
  const module = VIEWS[options.view](); // its code runs while the texts load
  const under = options.view === UNDER ? null : VIEWS[UNDER](); // the view it is shown over
  applyTheme(options);
  const wanted = options.lang;
  options.lang = await loadTexts(wanted);
  applyTexts(options.lang);
  nameHeading(options);
  for (const entry of ENTRIES) (await entry()).bindEntry(engine); // the calculator's ways into the others
  const below = under && (await (await under).mount(engine));
  const own = await (await module).mount(engine);
  const mounted = /** @type {import("./views.js").Mounted} */ (below ?? own);
  // A reload in a view the visitor had opened over the calculator (its entry still the history's current one, or a
  // page's within it): that view again, not the calculator under an entry that Back then spent on nothing.
  // A reload or Back and Forward only: WebKit keeps the state when the same address is opened anew.
  const was = String(history.state?.view ?? "").split("/")[0];
  const how = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType("navigation")[0])?.type;
  const back = how === "reload" || how === "back_forward";
  if (back && options.view === UNDER && was !== UNDER && Object.hasOwn(VIEWS, was)) (await VIEWS[was]()).again?.(engine);
  if (options.lang !== wanted) textsFailed(wanted, mounted.address);
  if (options.languageMenu) addLanguageMenu(/** @type {Element} */ (document.querySelector("h1")), mounted.address);
  $("retry").addEventListener("click", () => $("retry").hasAttribute("data-reload") ? location.reload() : engine.start());
  view = mounted;
  engineChanged();
}

start();
