// See textbook.html. Marks "elo:first-result" when the first answer is on the page.
const base = new URL("./", location.href).href;
const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
await pyodide.loadPackage(base + "micropip-0.11.1-py3-none-any.whl");
const micropip = pyodide.pyimport("micropip");
await micropip.install(base + document.location.hash.slice(1));
const handle = pyodide.pyimport("elo_core.bridge").handle;
const answer = JSON.parse(handle(JSON.stringify({ system: "elo", rating: 1500, k: 20, games: [] })));
document.getElementById("out").textContent = String(answer.new_rating);
performance.mark("elo:first-result");
