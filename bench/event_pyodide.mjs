// Times elo_core.reports.event.event_report inside Pyodide under Node, for bench/event.py --pyodide: the stock
// Pyodide of node_modules with elo_core's sources (no build of dist/ needed), the files written by
// tests/trf_text.py. Usage: node bench/event_pyodide.mjs ROOT CASES_JSON RUNS  ->  prints
// [{players, rounds, read_ms: [...], fide_ms: [...], elo_ms: [...], titled_ms: [...]}, ...] (titled: every player's title
// norms judged too)
import path from "node:path";
import { withSources } from "./pyodide_start.mjs";

const [root, cases, runs] = [path.resolve(process.argv[2]), JSON.parse(process.argv[3]), Number(process.argv[4])];
const py = await withSources(root, "trf_text.py");
py.runPython(`
import json, sys, time
from elo_core.reports.event import event_report
from elo_core.files.trf import read_trf
from tests.trf_text import random_tournament

def timed(runs, call, argument):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call(argument)
        times.append((time.perf_counter() - start) * 1000)
    return times

def bench(cases, runs):
    out = []
    for players, rounds in cases:
        text = random_tournament(players, rounds)
        n = max(3, runs if players <= 300 else runs // 5)
        out.append({"players": players, "rounds": rounds, "read_ms": timed(n, read_trf, text),
                    "fide_ms": timed(n, event_report, {"text": text}),
                    "elo_ms": timed(n, event_report, {"text": text, "system": "elo", "k": 20}),
                    "titled_ms": timed(n, event_report, {"text": random_tournament(players, rounds, titled=True)})})
    return json.dumps(out)
`);
console.log(py.globals.get("bench")(py.toPy(cases), runs));
