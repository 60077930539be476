// Times elo_core.bridge.event inside Pyodide under Node as the widget's worker runs it (widget/engine/worker.mjs:
// the built engine of dist/, engine.zip and elo_core.zip, the request as JSON text with the file's bytes
// in base64), for bench/event_speed.py. For each file: a new file rated (the kept file forgotten first),
// and one player's K changed (the file kept, one player's K in the request and only their report asked
// for, as event.js sends it; and, for comparison, the whole report asked for again with a K changed).
// Usage: node bench/event_bridge.mjs DIST CASES_JSON  ->  prints
// [{name, new_ms: [...], k_ms: [...], k_whole_ms: [...], answer_chars, k_answer_chars}, ...]
// CASES_JSON: a file of [{name, path (a TRF), start (a rated player's start number), runs}, ...].
import { readFileSync } from "node:fs";
import path from "node:path";
import { builtEngine } from "./pyodide_start.mjs";

const [dist, casesFile] = process.argv.slice(2).map((p) => path.resolve(p));
const { py, bridge } = await builtEngine(dist);
const forget = py.runPython("import elo_core.bridge as b\ndef forget():\n    b.__dict__.update({k: None for k in b.__dict__ if k.startswith('_kept')})\nforget");

/** Milliseconds of one call of `call()`, and its answer. @param {() => string} call */
function timed(call) {
  const start = performance.now();
  const answer = call();
  return [performance.now() - start, answer];
}

const out = [];
for (const c of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const bytes = readFileSync(c.path).toString("base64");
  const request = (players, only) => JSON.stringify({ bytes, system: "fide", players, ...(only ? { only } : {}) });
  const plain = request({});
  bridge.event(plain); // warm up: the modules imported
  const result = { name: c.name, new_ms: [], k_ms: [], k_whole_ms: [], k_named_ms: [], answer_chars: 0, k_answer_chars: 0 };
  // The file named once, as event.js sends it since issue 41 (elo_core.bridge's session): a K typed then names
  // the file alone. A tree before that refuses the name: its column stays empty.
  const named = JSON.parse(bridge.event(JSON.stringify({ file: "bench", bytes, system: "fide", players: {} }))).ok;
  for (let i = 0; i < c.runs; i++) {
    forget();
    const [ms, answer] = timed(() => bridge.event(plain));
    result.new_ms.push(ms);
    result.answer_chars = answer.length;
    // The K typed for one player, as event.js sends it: the same file, that player's K, and only that
    // player's report asked for (the page has the others'); then the whole report asked for again.
    const k = i % 2 ? 15 : 25;
    const [kms, kAnswer] = timed(() => bridge.event(request({ [c.start]: { k } }, [c.start])));
    result.k_ms.push(kms);
    result.k_answer_chars = kAnswer.length;
    if (!JSON.parse(kAnswer).ok) throw new Error(kAnswer.slice(0, 300));
    const [wms] = timed(() => bridge.event(request({ [c.start]: { k: k + 5 } })));
    result.k_whole_ms.push(wms);
    if (named) {
      const ask = JSON.stringify({ file: "bench", system: "fide", players: { [c.start]: { k } }, only: [c.start] });
      const [nms, nAnswer] = timed(() => bridge.event(ask));
      if (!JSON.parse(nAnswer).ok) throw new Error(nAnswer.slice(0, 300));
      result.k_named_ms.push(nms);
    }
  }
  out.push(result);
}
console.log(JSON.stringify(out));
