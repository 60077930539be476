// The loader a club pastes with <elo-calculator>: each element becomes an iframe of the calculator
// on this script's own origin, sized to its content by height messages from that frame only.
// A classic script (async or defer); it defines the element and adds no global of its own.
(() => {
  "use strict";
  const script = document.currentScript;
  if (!script || customElements.get("elo-calculator")) return; // pasted twice: the first one serves
  const base = new URL(".", script.src);
  const origin = base.origin;
  const PLAIN = /^\d{1,4}(\.\d{1,2})?$/;
  const allowed = {
    system: (v) => v === "fide" || v === "elo",
    lang: (v) => /^[a-z]{2}(-[a-z]{2})?$/i.test(v),
    theme: (v) => v === "light" || v === "dark" || v === "auto",
    accent: (v) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) || /^[a-z]{3,20}$/i.test(v),
    font: (v) => v.length <= 200 && /^[\w "',-]+$/.test(v),
    k: (v) => PLAIN.test(v),
    rating: (v) => PLAIN.test(v),
  };
  const CSS = ":host{display:block;position:relative}iframe{display:block;width:100%;height:640px;border:0;" +
    "opacity:0}.on iframe{opacity:1}.on slot{display:none}slot{display:block;position:absolute;inset:0 0 auto 0}";
  const frames = new WeakMap(); // iframe window -> element

  class EloCalculator extends HTMLElement {
    static observedAttributes = Object.keys(allowed);

    connectedCallback() {
      if (!this.shadowRoot) {
        const root = this.attachShadow({ mode: "open" });
        root.innerHTML = "<div><slot></slot></div>";
        try {
          // A constructed sheet, not a <style> element: a host page's strict CSP allows it.
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(CSS);
          root.adoptedStyleSheets = [sheet];
        } catch {
          root.prepend(Object.assign(document.createElement("style"), { textContent: CSS }));
        }
        this.box = root.firstChild;
      }
      this.update();
    }

    attributeChangedCallback() {
      if (this.pending || !this.box) return;
      this.pending = true; // several attribute changes make one new URL
      queueMicrotask(() => { this.pending = false; this.update(); });
    }

    update() {
      const params = new URLSearchParams();
      for (const [name, ok] of Object.entries(allowed)) {
        const value = (this.getAttribute(name) || "").trim();
        if (value && ok(value)) params.set(name, value);
      }
      params.set("host", location.origin);
      const src = new URL("widget/?" + params, base).href;
      if (this.frame?.src !== src) {
        // A new frame for each address, src set before it is in the page: setting src again would add
        // entries to the host page's history, and may be lost while the old address is still loading.
        const frame = document.createElement("iframe");
        frame.title = "Elo rating calculator";
        frame.referrerPolicy = "no-referrer";
        frame.allow = "clipboard-write";
        frame.loading = "lazy";
        frame.src = src;
        if (this.frame) {
          frame.style.height = this.frame.style.height;
          this.frame.replaceWith(frame);
        } else {
          this.box.append(frame);
        }
        this.frame = frame;
      }
      frames.set(this.frame.contentWindow, this);
    }
  }

  const events = { "elo-calculator:ready": 1, "elo-calculator:error": 1, "elo-calculated": 1 };
  addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== origin || !data || typeof data !== "object") return;
    const element = frames.get(event.source);
    if (!element || element.frame.contentWindow !== event.source) return;
    if (data.type === "elo-calculator:height") {
      const height = data.height;
      if (typeof height !== "number" || !(height > 0 && height < 100000)) return;
      element.frame.style.height = Math.ceil(height) + "px";
      element.box.className = "on"; // the calculator shows: the fallback children step aside
    } else if (events[data.type] === 1) {
      element.dispatchEvent(new CustomEvent(data.type, { bubbles: true, composed: true, detail: data.detail }));
    }
  });

  customElements.define("elo-calculator", EloCalculator);
})();
