// The calculator's page in a frame sandboxed without allow-same-origin (a site builder's box that takes an address
// and sandboxes it so): in its opaque origin no module script of the page loads (they are fetched with CORS), so
// nothing else of the page runs, and the loading bar would stay for good. The page's inline script loads this one
// classic script in that case only. It says why, with the calculator's address to open on its own, in the visitor's
// language: what embed.js says where its element sits in such a sandbox (embed/texts.js, from widget/i18n).

import { TEXTS } from "../../embed/texts.js";

const lang = new URLSearchParams(location.search).get("lang") ?? "";
const chosen = [lang, ...(navigator.languages ?? [])].map((l) => l.slice(0, 2).toLowerCase()).find((l) => Object.hasOwn(TEXTS, l)) ?? "en";
const [, blocked, open, copy] = TEXTS[chosen];

/** The page's form, in place of its loading bar, becomes the reason and the address. */
function show() {
  const main = document.getElementById("calc");
  if (!main) return;
  const link = Object.assign(document.createElement("a"), { href: location.href, target: "_blank", rel: "noopener", textContent: open });
  const address = Object.assign(document.createElement("code"), { textContent: location.href });
  const again = Object.assign(document.createElement("p"), { textContent: `${copy} ` });
  again.append(address);
  const note = Object.assign(document.createElement("div"), { className: "blocked" });
  note.setAttribute("role", "note");
  note.append(Object.assign(document.createElement("p"), { textContent: blocked }), link, again);
  document.documentElement.lang = chosen;
  main.replaceChildren(note);
  main.classList.add("ready"); // shown (the page is hidden until its texts are in)
  main.removeAttribute("aria-busy");
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
else show();
