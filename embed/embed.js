// The loader a club pastes with <elo-calculator>: each element becomes an iframe of the calculator
// on this script's own origin, sized to its content by height messages from that frame only (a
// document too tall for any frame gets one as tall as the window, which scrolls itself).
// A classic script (async or defer); it defines the element and adds no global of its own. The build
// bundles it with texts.js (generated: its texts in each language, the systems' names) into one file.
// Where the calculator cannot run (a frame sandboxed without allow-same-origin), it shows a
// message and a link that opens the calculator instead of a blank box.
// The files an element names (`src`, `players`: a club's results or tournament file) are fetched here,
// in the club's page, from its own origin or one that allows it (CORS), and handed to the frame as
// bytes when it asks (FILES): the frame's address never carries their URLs, and the frame reads no
// file it did not ask for.
// A view's table (a report, a ladder) is sent by the frame as text to print: the club's page printed
// whole prints it in the frame's place (print-copy.js), every row, where the frame would print a few.
import { ATTRIBUTES, MAX_FILE_BYTES, SYSTEMS, TEXTS } from "./texts.js";
import { fetchFile } from "../widget/shared/fetch-file.js";
import { PRINT_CSS, writeCopy, writeNotLoaded } from "./print-copy.js";
import { frameTitle } from "./frame-title.js";

// Its scope is a block, not a function: what is declared in a block (const, let, class, function)
// stays in it (a module's code is strict), so the loader adds no global, and its parts are named
// functions and methods of their own rather than one long closure.
loader: {
  /**
   * This script's own address: `document.currentScript`'s, else (a script in a shadow root, where it is null) the
   * first address of a stack trace made here, which every engine writes as the running script's.
   * @returns {string | null}
   */
  function ownAddress() {
    const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
    if (script?.src) return script.src;
    return /(https?:\/\/[^\s()]+?):\d+:\d+/.exec(new Error().stack ?? "")?.[1] ?? null;
  }

  if (customElements.get("elo-calculator")) break loader; // pasted twice: the first one serves
  const address = ownAddress();
  if (!address) {
    console.warn("elo-calculator: embed.js cannot tell its own address: put its <script> tag in the page itself.");
    break loader;
  }
  const base = new URL(".", address);
  const origin = base.origin;
  // The element's attributes and what each accepts, in their order: the registry's systems, then the
  // patterns of elo_core's one table (vocabulary.ATTRIBUTES, in texts.js; the widget and the plugin
  // check the same), each tested on the trimmed value. Among them: the view the frame shows (a plain
  // name here, one the registry has there: params.js), the view's heading in the club's words ("none":
  // no heading), the ladder's rules (widget/views/ladder), whether a visitor may set a player's K in a
  // published report (`overrides`), and a menu of the widget's languages (`language-menu`).
  /** @type {Record<string, (v: string) => boolean>} */
  const allowed = { system: (v) => SYSTEMS.includes(v) };
  for (const [name, [pattern, flags]] of Object.entries(ATTRIBUTES)) {
    const rule = new RegExp(pattern, flags);
    allowed[name] = (v) => rule.test(v);
  }
  // The attributes that name a file, fetched by the loader and handed to the frame (`files` tells it which).
  const FILES = ["src", "players"];
  // As wide as the club's column whatever holds it (a flex or grid box centring it, a float, a table cell): a box
  // sized to its content was the iframe's default 300 px, the phone's layout on a desktop. The column less the
  // element's own margins (the club's CSS may give it some): stretch, where a browser has it, else its older names.
  const CSS = ":host{display:block;position:relative;width:100%;width:-moz-available;width:-webkit-fill-available;" +
    "width:stretch}:host>div{position:relative}iframe{display:block;width:100%;height:640px;border:0;" +
    "opacity:0}.on iframe{opacity:1}.on slot{display:none}slot{display:block;position:absolute;inset:0 0 auto 0}" +
    ".blocked{padding:1em;border:1px solid;border-radius:4px}.blocked p{margin:0 0 .5em}" +
    ".blocked code{user-select:all;overflow-wrap:anywhere}" + PRINT_CSS;
  // A frame whose document is taller than any frame is made (widget/page/frame.js) scrolls itself, in a
  // frame as tall as the visitor's window: the small viewport's, so a phone's toolbars hide none of it.
  const WINDOW_HIGH = globalThis.CSS?.supports?.("height: 100svh") ? "100svh" : "100vh";
  const frames = new WeakMap(); // iframe window -> element

  // The origin the frame may talk to. A srcdoc frame has location.origin "null" but its parent's
  // origin (self.origin); a page opened from disk has none at all: "null", or "file://" in a
  // Chromium started with --allow-file-access-from-files, which the widget (params.js) would refuse
  // as a host, and then say nothing, not even its height. "null" is what the widget understands.
  const host = /^https?:\/\//.test(self.origin) ? self.origin : "null";
  // Sandboxed without allow-same-origin: the calculator's frame inherits the sandbox, and module
  // scripts and workers cannot run in an opaque origin. Storage is the one reliable sign of it, but
  // pages from disk and data: URLs have an opaque origin without a sandbox: the calculator runs there.
  const sandboxed = (() => {
    if (host !== "null" || location.protocol === "file:" || location.protocol === "data:") return false;
    try {
      void window.localStorage;
      return false;
    } catch {
      return true;
    }
  })();

  /** The page's calculators in it now, in any shadow root (instance() keeps their names apart). @type {Set<EloCalculator>} */
  const live = new Set();

  class EloCalculator extends HTMLElement {
    static observedAttributes = [...Object.keys(allowed), ...FILES];

    /** Define the element once: a snippet pasted twice, or a page that defines it itself, keeps the first. */
    static define(tag = "elo-calculator") {
      if (!customElements.get(tag)) customElements.define(tag, this);
    }

    /**
     * The calculator's options from an element's attributes (`get` reads one): each only when it is
     * one of its known values, trimmed, in any letter case (system="FIDE", theme="Dark": left out without a word, as
     * lang="DE" was not); anything else is left out, never thrown.
     * @param {(name: string) => string | null} get @returns {URLSearchParams}
     */
    static options(get) {
      const params = new URLSearchParams();
      for (const [name, ok] of Object.entries(allowed)) {
        const value = (get(name) || "").trim();
        if (value && ok(value)) params.set(name, value);
        else if (value && ok(value.toLowerCase())) params.set(name, value.toLowerCase());
      }
      return params;
    }

    /**
     * Which calculator of a page one is, for its own saved entries: "id:" and its `id` when it is a
     * plain one, with "~2", "~3"... for the `k`-th of a repeated id; else "nth:" and its `place`.
     * @param {string} id @param {number} k @param {number} place @returns {string}
     */
    static instanceName(id, k, place) {
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) return "nth:" + place;
      return "id:" + id + (k > 1 ? "~" + k : "");
    }

    /**
     * The frame asked for the element's files: each fetched anew (together) and posted to it (bytes
     * transferred), the frame told first that they are on their way. A fetch still running is aborted:
     * the element names one file, and a slower earlier answer must not replace the newer one.
     */
    async sendFiles() {
      this.asked = true;
      this.fetching?.abort();
      const control = new AbortController();
      /** @type {AbortController | undefined} */
      this.fetching = control;
      const frame = this.frame;
      const named = FILES.map((name) => [name, (this.getAttribute(name) || "").trim()]).filter(([, address]) => address);
      frame?.contentWindow?.postMessage({ type: "elo-calculator:fetching" }, this.frameOrigin || origin);
      const fetched = await Promise.all(named.map(([, address]) =>
        fetchFile(address, document.baseURI, MAX_FILE_BYTES, fetch, control.signal)));
      if (control !== this.fetching) return; // superseded: the newer fetch posts its own
      this.fetching = undefined;
      if (!frame || frame !== this.frame || !frame.contentWindow) return; // a new frame asks again
      const files = Object.fromEntries(named.map(([name], i) => [name, fetched[i]]));
      const transfer = fetched.flatMap((f) => ("bytes" in f ? [f.bytes] : []));
      frame.contentWindow.postMessage({ type: "elo-calculator:files", files }, this.frameOrigin || origin, /** @type {Transferable[]} */ (transfer));
    }

    /**
     * The calculation a link to this page carries for the calculator `instance` (the frame's Copy link
     * writes `#elo-calculator=<instance>&c=<calculation>`), as the frame's own fragment ("#c=…"), which
     * the calculator offers as it offers any link; or the player it opens in a report or a ladder
     * (`&player=<id>`: "#player=…"); "" for any other calculator or fragment.
     * @param {string} hash the page's location.hash @param {string} instance @returns {string}
     */
    static linked(hash, instance) {
      const link = new URLSearchParams(hash.slice(1));
      if (!instance || link.get("elo-calculator") !== instance) return "";
      const code = link.get("c") ?? "";
      if (/^[A-Za-z0-9_.-]{1,20000}$/.test(code)) return "#c=" + code;
      // A player of a report or a ladder (widget/page/player-link.js): a start number or a players file's id.
      const player = link.get("player") ?? "";
      return /^[^\u0000-\u001f\u007f]{1,64}$/u.test(player) ? "#" + new URLSearchParams({ player }) : "";
    }

    connectedCallback() {
      live.add(this);
      if (!this.shadowRoot) {
        // An element of the club's with only white space in it (hand-written HTML, a page builder's) would show
        // that in place of the link below, and a blank box: emptied.
        if (!this.children.length && !(this.textContent ?? "").trim()) this.replaceChildren();
        const root = this.attachShadow({ mode: "open" });
        // The view's copy to print (print-copy.js), then the frame's box, made of elements (a page that requires
        // Trusted Types refuses HTML text: nothing showed, not even the club's link); in the box, the club's own
        // children until the calculator speaks, else a link to it (an element left empty showed a blank box).
        const printed = Object.assign(document.createElement("section"), { className: "print-copy", hidden: true });
        const slot = document.createElement("slot");
        const [, , open] = this.texts();
        slot.append(Object.assign(document.createElement("a"), { href: new URL("widget/?" +
          EloCalculator.options((name) => this.getAttribute(name)), base).href, target: "_blank", rel: "noopener",
        textContent: open }));
        const box = document.createElement("div");
        box.append(slot);
        root.append(printed, box);
        try {
          // A constructed sheet, not a <style> element: a host page's strict CSP allows it.
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(CSS);
          root.adoptedStyleSheets = [sheet];
        } catch {
          root.prepend(Object.assign(document.createElement("style"), { textContent: CSS }));
        }
        /** @type {HTMLDivElement} */
        this.box = /** @type {HTMLDivElement} */ (root.lastElementChild);
        /** @type {HTMLElement} */
        this.printed = /** @type {HTMLElement} */ (root.querySelector("section.print-copy"));
      }
      this.update();
    }

    disconnectedCallback() {
      this.fetching?.abort();
      live.delete(this);
    }

    attributeChangedCallback() {
      if (this.pending || !this.box) return;
      this.pending = true; // several attribute changes make one new URL
      queueMicrotask(() => { this.pending = false; this.update(); });
    }

    /** The language the calculator will show: the attribute's, else the visitor's, else English. */
    texts() {
      for (const lang of [this.getAttribute("lang") || "", ...(navigator.languages || [])]) {
        const known = TEXTS[lang.slice(0, 2).toLowerCase()];
        if (known) return known;
      }
      return TEXTS.en;
    }

    /** Which calculator of the page this is, so that each keeps its own entries: its id when it has a
     * plain one (the widget refuses any other), the second and later of one id numbered after it
     * ("id:x~2": the first keeps "id:x" whenever the others are parsed); else its place among the
     * page's calculators. Once shown, it keeps that name while its id stays (its place may change:
     * another calculator added above it, or it moved); and it never takes one that another calculator
     * of the page holds (a calculator added above another took its name, and typing in either changed
     * both). */
    instance() {
      // Held by the page's other calculators, in any shadow root (one taken out and put back keeps its name).
      const held = new Set([...live].filter((el) => el !== this && el.isConnected).map((el) => el.named));
      if (this.named && this.namedFor === this.id && !held.has(this.named)) return this.named;
      const root = /** @type {Document | ShadowRoot} */ (this.getRootNode());
      const all = /** @type {EloCalculator[]} */ ([...root.querySelectorAll("elo-calculator")]);
      let k = all.filter((el) => el.id === this.id).indexOf(this) + 1;
      let place = all.indexOf(this) + 1;
      let name = EloCalculator.instanceName(this.id, k, place);
      while (held.has(name)) name = EloCalculator.instanceName(this.id, ++k, ++place);
      // The name its place gave it before the club gave it an id, where it is the page's one calculator (with others,
      // its place now may have been another's: a calculator with an id added above one without took that one's
      // entries, rv87): the widget takes those entries where it has none under its id (an id added later lost them).
      /** @type {string | undefined} */
      this.was = name.startsWith("id:") && all.length === 1 && !held.has("nth:1") ? "nth:1" : undefined;
      /** @type {string | undefined} the name it was shown under, and the id it was given for */
      this.named = name;
      this.namedFor = this.id;
      return name;
    }

    /**
     * The visitor chose the frame's language in its menu: kept for the frames made anew while the element's own
     * `lang` stays as it was (a club's dark mode switched made the frame the element's language again).
     * @param {string} lang
     */
    choose(lang) {
      /** @type {{lang: string, over: string} | undefined} the language, and the element's `lang` it was chosen over */
      this.chosen = { lang, over: this.getAttribute("lang") ?? "" };
    }

    update() {
      if (!this.isConnected || !this.box) return; // removed: nothing to show, nothing to throw
      const params = EloCalculator.options((name) => this.getAttribute(name));
      const [calculator, blocked, open, copy] = this.texts();
      const title = frameTitle(calculator, params.get("heading"));
      if (sandboxed) {
        this.showBlocked(new URL("widget/?" + params, base).href, blocked, open, copy);
        return;
      }
      params.set("host", host);
      params.set("instance", this.instance());
      if (this.was) params.set("was", this.was);
      // A word of this element's, which its frame's widget says with each message (frame.js toParent): the loader
      // takes the frame's origin from a message that carries it, or from the script's own (relay).
      /** @type {string} */
      this.speak = this.speak || Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(36).padStart(2, "0")).join("");
      params.set("speak", this.speak);
      if (this.chosen && this.chosen.over === (this.getAttribute("lang") ?? "")) params.set("lang", this.chosen.lang);
      const named = FILES.filter((name) => (this.getAttribute(name) || "").trim());
      if (named.length) params.set("files", named.join(","));
      const linked = EloCalculator.linked(location.hash, params.get("instance") ?? "");
      const src = new URL("widget/?" + params + linked, base).href;
      if (this.frame?.src !== src) {
        // A new frame for each address, src set before it is in the page: setting src again would add
        // entries to the host page's history, and may be lost while the old address is still loading.
        const frame = document.createElement("iframe");
        frame.title = title;
        frame.referrerPolicy = "no-referrer";
        frame.allow = "clipboard-write";
        frame.loading = linked ? "eager" : "lazy"; // a link names this one: the visitor came for it
        // Out of the keyboard's and the screen reader's way until it speaks (unseen until then: opacity, which
        // leaves it rendering, and so able to measure itself): a frame that never speaks took the focus unseen.
        frame.inert = true;
        frame.src = src;
        /** Its document's origin, once it has spoken (relay): "" until then. @type {string} */
        this.frameOrigin = "";
        this.asked = false;
        this.fetching?.abort(); // the old frame's files: the new frame asks for its own
        if (this.printed) writeCopy(this.printed, null); // the new frame sends its own copy to print
        if (this.frame) {
          frame.style.height = this.frame.style.height;
          this.frame.replaceWith(frame);
        } else {
          this.box.append(frame);
        }
        this.frame = frame;
      }
      this.frame.title = title;
      const win = this.frame.contentWindow;
      if (win) frames.set(win, this);
      // A file's address changed under a frame that has asked for its files: it gets them anew (a new
      // frame asks for them itself).
      const addresses = FILES.map((name) => this.getAttribute(name) || "").join("\n");
      if (this.asked && addresses !== this.addresses) this.sendFiles();
      /** @type {string} */
      this.addresses = addresses;
    }

    /**
     * Bring a part of the frame into the visitor's window, whatever scrolls around it: `part` is
     * {top, bottom} in the frame's own pixels (its open dialog), or else the whole frame is.
     * @param {unknown} part
     */
    reveal(part) {
      const frame = this.frame;
      if (!frame || !this.box) return;
      const { top, bottom } = /** @type {{top?: unknown, bottom?: unknown}} */ (part || {});
      if (typeof top !== "number" || typeof bottom !== "number" || !(0 <= top && top < bottom && bottom <= frame.offsetHeight)) {
        frame.scrollIntoView({ block: "nearest" });
        return;
      }
      // A marker over that part, in the shadow root's box (positioned there, where no club's rule reaches,
      // and the frame's offsetParent): scrollIntoView then scrolls every scrolling ancestor, the window
      // or a site builder's panel alike.
      const mark = document.createElement("div");
      Object.assign(mark.style, { position: "absolute", left: "0", width: "1px", top: `${frame.offsetTop + top}px`, height: `${bottom - top}px` });
      this.box.append(mark);
      mark.scrollIntoView({ block: "nearest" });
      mark.remove();
    }

    /**
     * In place of a frame that could not run: the reason and a link to the calculator on its own.
     * @param {string} href @param {string} text @param {string} linkText @param {string} copyText
     */
    showBlocked(href, text, linkText, copyText) {
      const note = document.createElement("div");
      note.className = "blocked";
      note.setAttribute("role", "note");
      const link = Object.assign(document.createElement("a"), { href, target: "_blank", rel: "noopener" });
      link.textContent = linkText;
      // A new tab opened from a sandbox is sandboxed too unless the site allows
      // allow-popups-to-escape-sandbox: the address, to copy, always works.
      const address = Object.assign(document.createElement("code"), { textContent: href });
      note.append(Object.assign(document.createElement("p"), { textContent: text }), link,
        Object.assign(document.createElement("p"), { textContent: copyText + " " }));
      /** @type {HTMLElement} */ (note.lastChild).append(address);
      const box = /** @type {HTMLDivElement} */ (this.box); // update() calls this only once the box exists
      box.replaceChildren(note);
      box.className = "";
    }
  }

  // The element's events: "elo-calculator:" and what happened. "elo-calculated" is the result's
  // old name, fired beside "elo-calculator:result" for the scripts written for it.
  /** @type {Record<string, string[]>} */
  const events = {
    "elo-calculator:ready": ["elo-calculator:ready"], "elo-calculator:error": ["elo-calculator:error"],
    "elo-calculator:result": ["elo-calculator:result", "elo-calculated"],
  };
  /**
   * A message from one of the calculators' frames (only from the frame itself, on its own origin): its height,
   * a request to be scrolled into view, or one of its events, fired on its element.
   * @param {MessageEvent} event
   */
  const relay = (event) => {
    const data = event.data;
    if (!data || typeof data !== "object") return;
    const element = frames.get(/** @type {Window} */ (event.source));
    if (!element || !element.frame || element.frame.contentWindow !== event.source) return;
    // The frame's origin: this script's, or the one its address redirects to (http to https, a club's old host
    // to the new), taken from a message of the window made here that says the element's word (its widget read it
    // from its address), and held to. Messages from the script's origin alone were heard: behind a redirect the
    // calculator never showed, nor got its files. Any origin's first message was trusted then, which a page a
    // sibling frame navigated this one to before the widget spoke could send (rv84).
    if (!element.frameOrigin && /^https?:\/\//.test(event.origin) && (event.origin === origin || data.speak === element.speak)) {
      element.frameOrigin = event.origin;
    }
    if (event.origin !== element.frameOrigin) return;
    if (data.type === "elo-calculator:height") {
      const height = data.height;
      if (data.scrolls === true) element.frame.style.height = WINDOW_HIGH;
      else if (typeof height === "number" && height > 0 && height < 100000) element.frame.style.height = Math.ceil(height) + "px";
      else return;
    } else if (data.type === "elo-calculator:print") {
      if (element.printed) writeCopy(element.printed, data.detail);
    } else if (data.type === "elo-calculator:reveal") {
      element.reveal(data.detail);
    } else if (data.type === "elo-calculator:files") {
      element.sendFiles();
    } else if (data.type === "elo-calculator:language") {
      if (typeof data.detail !== "string" || !Object.prototype.hasOwnProperty.call(TEXTS, data.detail)) return;
      element.choose(data.detail);
    } else if (data.type === "elo-calculator:page") {
      // The page's address (not its fragment), for the frame's links back to it.
      const page = new URL(location.href);
      page.hash = "";
      element.frame.contentWindow?.postMessage({ type: "elo-calculator:page", url: page.href }, element.frameOrigin);
    } else if (typeof data.type === "string" && Object.prototype.hasOwnProperty.call(events, data.type)) {
      for (const type of events[data.type]) {
        element.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail: data.detail }));
      }
    } else {
      return;
    }
    // The calculator has spoken, so it runs: the fallback children step aside. Not before: a frame
    // that the page's CSP blocks (frame-src), or that cannot load, loads all the same (an error page),
    // and the club's own link is then the visitor's way to the calculator.
    element.box.className = "on";
    element.frame.inert = false;
  };

  addEventListener("message", relay);
  // A report or a ladder whose frame has not loaded (lazy: the page printed before the visitor scrolled to it) printed
  // the link to it alone: printing starts loading it, and the paper says to print again.
  addEventListener("beforeprint", () => {
    for (const element of live) {
      const view = element.getAttribute("view")?.trim().toLowerCase();
      const isView = view === "event" || view === "ladder" || Boolean(element.getAttribute("src")?.trim());
      if (!element.isConnected || !isView || !element.frame || !element.printed || element.box?.className === "on") continue;
      element.frame.loading = "eager";
      writeNotLoaded(element.printed, element.texts()[4].replace("{title}", () => element.frame?.title ?? ""));
    }
  });
  EloCalculator.define();
}

