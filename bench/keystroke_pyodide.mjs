// Times elo_core.bridge.handle_packed inside Pyodide under Node, for bench/keystroke.py --pyodide: the
// stock Pyodide of node_modules with the packages of WHERE (this tree's elo_core, and an older tree's
// as elo_core_before), their calls taking turns.
// Usage: node bench/keystroke_pyodide.mjs ROOT WHERE '{"tree": "package", ...}' RUNS < [{system, digit, texts}, ...]
//   ->  prints [{tree, system, digit, times_ms: [...], cpu_ms: [...]}, ...] (cpu: the process's CPU time)
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [root, where] = process.argv.slice(2, 4).map((p) => path.resolve(p));
const packages = JSON.parse(process.argv[4]);
const runs = Number(process.argv[5]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ stdout: () => {} });
/** @type {Record<string, (text: string) => string>} */
const handles = {};
for (const [tree, name] of Object.entries(packages)) {
  for (const file of readdirSync(path.join(where, name), { recursive: true }).map(String).filter((n) => n.endsWith(".py"))) {
    py.FS.mkdirTree(path.posix.dirname(`/bench/${name}/${file}`)); // the package with its folders
    py.FS.writeFile(`/bench/${name}/${file}`, readFileSync(path.join(where, name, file)));
  }
  py.runPython("import sys; '/bench' in sys.path or sys.path.insert(0, '/bench')");
  handles[tree] = py.pyimport(`${name}.bridge`).handle_packed;
}
const out = [];
for (const c of cases) {
  /** @type {Record<string, number[]>} */
  const times = {};
  /** @type {Record<string, number[]>} */
  const cpu = {};
  for (const [tree, handle] of Object.entries(handles)) {
    times[tree] = [];
    cpu[tree] = [];
    for (const text of c.texts) handle(text); // warm up, and keep the games
  }
  for (let i = 0; i < runs; i++) {
    // Each tree first every other call (the first pays some of the other's garbage).
    const order = Object.entries(handles);
    for (const [tree, handle] of i % 4 < 2 ? order : order.reverse()) {
      const [t, u] = [performance.now(), process.cpuUsage()];
      handle(c.texts[i % 2]);
      times[tree].push(performance.now() - t);
      const used = process.cpuUsage(u);
      cpu[tree].push((used.user + used.system) / 1000);
    }
  }
  for (const [tree, t] of Object.entries(times)) out.push({ tree, system: c.system, digit: c.digit, times_ms: t, cpu_ms: cpu[tree] });
}
console.log(JSON.stringify(out));
