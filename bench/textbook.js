// See textbook.html. Marks "elo:first-result" when the first answer (one game) is on the page.
const base = new URL("./", location.href).href;
const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
await pyodide.loadPackage(base + document.location.hash.slice(1));
const handle = pyodide.pyimport("elo_core.bridge").handle;
const request = { system: "elo", rating: 1500, k: 20, games: [{ opponent: 1600, score: 1 }] };
const answer = JSON.parse(handle(JSON.stringify(request)));
document.getElementById("out").textContent = String(answer.new_rating);
performance.mark("elo:first-result");
