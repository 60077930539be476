// Times elo_core.reports.ladder.ladder_report inside Pyodide under Node, for bench/ladder.py --pyodide: the stock
// Pyodide of node_modules with elo_core's sources (no build of dist/ needed), the ledgers written by
// tests/ladder_text.py. Usage: node bench/ladder_pyodide.mjs ROOT SIZES_JSON SYSTEMS_JSON RUNS  ->  prints
// [{games, what, seconds}, ...] (the median of RUNS)
import path from "node:path";
import { withSources } from "./pyodide_start.mjs";

const root = path.resolve(process.argv[2]);
const [sizes, systems, runs] = [JSON.parse(process.argv[3]), JSON.parse(process.argv[4]), Number(process.argv[5])];
const py = await withSources(root, "ladder_text.py");
py.runPython(`
import json, statistics, sys, time
from elo_core.reports.ladder import ladder_report
from elo_core.files.ledger import read_ledger
from tests.ladder_text import random_league, random_ledger

def timed(runs, call):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)

def bench(sizes, systems, runs):
    out = []
    for n in sizes:
        text, league = random_ledger(n), random_league(n)
        out.append({"games": n, "what": "read_ledger", "seconds": timed(runs, lambda: read_ledger(text))})
        for name, extra in systems:
            request = {"text": league if "preset" in extra else text, "system": name, **extra}
            what = "ladder_report " + name + (" " + extra["preset"] if "preset" in extra else "")
            out.append({"games": n, "what": what, "seconds": timed(runs, lambda: ladder_report(request))})
    return json.dumps(out)
`);
console.log(py.globals.get("bench")(py.toPy(sizes), py.toPy(systems), runs));
