// The snippet builder: keeps the preview element and both snippets in step with the options.
const form = /** @type {HTMLFormElement} */ (document.getElementById("options"));
const preview = /** @type {HTMLElement} */ (document.querySelector("#preview elo-calculator"));
const here = new URL(".", location.href);
const NAMES = ["system", "lang", "theme", "accent", "k", "rating"];
const DEFAULTS = { theme: "light", accent: "#1f5fbf" };

/** @returns {[string, string][]} the chosen options that differ from the defaults */
function chosen() {
  const data = new FormData(form);
  return NAMES.map((n) => /** @type {[string, string]} */ ([n, String(data.get(n) ?? "").trim()]))
    .filter(([n, v]) => v !== "" && DEFAULTS[n] !== v);
}

const escape = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function update() {
  const options = chosen();
  const attrs = options.map(([n, v]) => ` ${n}="${escape(v)}"`).join("");
  document.getElementById("snippet").textContent =
    `<elo-calculator${attrs}></elo-calculator>\n<script async src="${new URL("embed.js", here)}"></script>`;
  const query = new URLSearchParams(options).toString();
  const src = new URL(`widget/${query ? "?" + query : ""}`, here).href;
  document.getElementById("iframe-snippet").textContent =
    `<iframe src="${escape(src)}" title="Elo rating calculator" width="100%" height="900" frameborder="0" loading="lazy"></iframe>`;
  document.getElementById("csp").textContent = `frame-src ${here.origin}; script-src ${here.origin}`;
  for (const name of NAMES) {
    const value = options.find(([n]) => n === name)?.[1];
    if (value === undefined) preview.removeAttribute(name);
    else preview.setAttribute(name, value);
  }
}

/** @param {string} id @param {string} label */
async function copy(id, label) {
  const text = document.getElementById(id).textContent ?? "";
  const status = document.getElementById("copied");
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `${label} copied.`;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById(id));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    status.textContent = "Selected: press Ctrl+C (⌘C on a Mac) to copy.";
  }
}

form.addEventListener("input", update);
document.getElementById("copy-snippet").addEventListener("click", () => copy("snippet", "Snippet"));
document.getElementById("copy-iframe").addEventListener("click", () => copy("iframe-snippet", "Frame snippet"));
update();
