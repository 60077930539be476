// Times elo_core.bridge.handle inside Pyodide under Node, for bench/bench.py, and for 10 000 games also
// handle_packed (what the widget's worker calls: the games packed, widget/engine/packed.js).
// Usage: node bench/pyodide_engine.mjs DIST CASES_JSON  ->  prints [{system, games, packed, times_ms: [...]}, ...]
import { readFileSync } from "node:fs";
import path from "node:path";
import { builtEngine } from "./pyodide_start.mjs";

const [dist, casesFile] = process.argv.slice(2).map((p) => path.resolve(p));
const { bridge } = await builtEngine(dist); // as the widget's worker starts it
const out = [];
for (const c of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const text = JSON.stringify(c.request);
  const games = c.request.games.length;
  for (const packed of games >= 10_000 ? [false, true] : [false]) {
    const handle = packed ? bridge.handle_packed : bridge.handle;
    handle(text);  // warm up
    const times = [];
    for (let i = 0; i < c.repeat; i++) {
      const t = performance.now();
      handle(text);
      times.push(performance.now() - t);
    }
    out.push({ system: c.request.system, games, packed, times_ms: times });
  }
}
console.log(JSON.stringify(out));
