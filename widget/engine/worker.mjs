// The module Web Worker that runs elo_core in Pyodide, all from this site's own origin: the
// interpreter from static/pyodide/<version>/, the engine folder static/<hash>/ (engine.zip: the
// standard library elo_core runs, compiled; elo_core.zip; stdlib-rest.zip, the rest of the library;
// scripts/compile_stdlib.mjs).
// Both folders, by path from this one, come from engine-files.js, which the build generates; every URL
// here changes when its bytes do, so a cached copy is never stale (scripts/build_site.py).
import { ENGINE_DIR, FETCHED_BYTES, LOCK_INFO, PYODIDE_DIR, SHA256, WASM_BYTES } from "./engine-files.js";
import { serveShared } from "./shared-engine.js";
import { CANARY, IDLE_MS, READER, answersAsMade, answersKey, restOfStdlib, SnapshotStore, STOCK_SLOTS, snapshotKey, whenIdle } from "./snapshot.js";
import { BRIDGE, TYPING, bridgeOf, byteProgress, checkedFetch, countingFetch, createHandler, fetchedOnce, lastOnTheLink } from "./worker-core.js";

// What the worker downloads with fetch() until Python is ready, FETCHED_BYTES: the build counts it
// from the files it ships (scripts/build_site.py, fetched_bytes), so the progress has a known end. The
// WebAssembly is most of it; the rest is the two zips.
// Every download is counted, whatever asks for it: installed before Pyodide's code runs. And each
// part crosses the link when it will be needed (worker-core.js lastOnTheLink): the WebAssembly, then
// the standard library's zip, asked for when a third of the two zips' size is left of the
// WebAssembly (Pyodide needs it once the WebAssembly is compiled and linked), then elo_core's zip,
// asked for once that one is in (Python needs it once Pyodide has started). On a phone's link the
// zips were in long before the WebAssembly, and those steps came after every byte. The phone of
// `make bench` (1.6 Mbit/s, CPU 4x slower), medians of 4 interleaved visits, bytes / bandwidth
// 17.4 s: first result 21.2 -> 20.1 s with the one zip (elo_core inside) after the WebAssembly;
// then, in another run, 19.95 -> 19.44 s with elo_core's zip apart and last.
/** @type {(loaded: number) => void} */
let onBytes = () => {};
// The checks of streamed files (the WebAssembly): one that fails fails the boot at once, and Python
// is ready only once all have passed (a wrong file that happens to run is still refused).
/** @type {Promise<void>[]} */
const checks = [];
/** @type {(error: Error) => void} */
let onDamaged = () => {};
const damagedFile = new Promise((_, reject) => { onDamaged = reject; });
damagedFile.catch(() => {}); // heard in boot's race
// Every file is held to the build's hash (checkedFetch); a worker started by Retry (shared-engine.js,
// ?fresh) asks past the caches, where a file that failed may be kept.
const fetched = lastOnTheLink(lastOnTheLink(countingFetch(self.fetch.bind(self), (loaded) => onBytes(loaded)), {
  first: "/pyodide.asm.wasm", firstBytes: WASM_BYTES, last: "/engine.zip", lead: (FETCHED_BYTES - WASM_BYTES) / 3,
}), { first: "/engine.zip", firstBytes: Infinity, last: "/elo_core.zip", lead: 0 }); // Infinity: once it has ended
const expected = Object.fromEntries(Object.entries(SHA256).map(([path, hash]) => [new URL(path, import.meta.url).href, hash]));
const WASM = new URL(PYODIDE_DIR + "pyodide.asm.wasm", import.meta.url).href;
self.fetch = fetchedOnce(checkedFetch(fetched, expected, {
  fresh: new URL(import.meta.url).searchParams.has("fresh"),
  streamed: (url) => url.endsWith(".wasm"),
  checking: (check) => {
    checks.push(check);
    check.catch(onDamaged);
  },
}), WASM);

/** The kept snapshot Python is being started from, told of the instance whose memory it restores. @type {import("./snapshot.js").PagedSnapshot | null} */
let restoring = null;

/** @type {typeof WebAssembly.instantiateStreaming} */
WebAssembly.instantiateStreaming = async (source, imports) => {
  Promise.resolve(source).then((copy) => copy.body?.cancel(), () => {});
  const module = await compiled;
  const instance = await WebAssembly.instantiate(module, imports);
  restoring?.instantiated(instance);
  return { module, instance };
};

// Fetched at once, in parallel with the rest, but imported dynamically: a browser too old to parse
// Pyodide (Safari before 16.4) then rejects with a SyntaxError the page can name, where a static
// import would fail the whole worker with no reason given.
const pyodideModule = /** @type {Promise<typeof import("pyodide")>} */ (import(PYODIDE_DIR + "pyodide.mjs"));
// Pyodide's large module, which pyodide.mjs imports only once it runs (one round trip later): asked
// for now, beside it. pyodide.mjs's own import of the same URL then gets this one module.
import(PYODIDE_DIR + "pyodide.asm.mjs").catch(() => {}); // a failure is pyodide.mjs's to report

const PYODIDE = new URL(PYODIDE_DIR, import.meta.url).href;
const ENGINE = new URL(ENGINE_DIR, import.meta.url).href;

// Pyodide only logs a failed WebAssembly download or compile (aborted request, wrong MIME
// type) and then waits forever: its warning is the one signal, so it becomes an error here.
function wasmFailure() {
  return new Promise((_, reject) => {
    const warn = console.warn;
    let failed = false;
    console.warn = (...args) => {
      warn(...args);
      if (failed) reject(new Error(`WebAssembly could not be loaded: ${args[0]}`));
      failed = String(args[0]).includes("wasm instantiation failed");
    };
  });
}

/** The bytes at url, synchronously (allowed in a worker): an import cannot wait. @param {string} url */
function readNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  return new Uint8Array(request.response);
}

// What the worker tells every page it serves, past a request's answer: the views' modules on their way
// (progress), and its debug log (engine.js prints it with console.debug): where Python started from,
// and what became of the snapshot.
/** @type {(message: import("./protocol.js").FromEngine) => void} */
let tell = () => {};
const log = (/** @type {string} */ text) => tell({ type: "log", text });
/** @type {string[]} what was said before a page listened */
const said = [];
/** @param {string} text */
const say = (text) => {
  text = `${Math.round(performance.now())} ms: ${text}`; // since the worker started
  said.push(text);
  log(text);
};

// Python's snapshot, kept by this browser (snapshot.js): looked up at once.
const snapshots = new SnapshotStore(snapshotKey({ engine: ENGINE, pyodide: PYODIDE, worker: import.meta.url }), say);
const found = snapshots.find();

// Pyodide's WebAssembly, compiled while the kept snapshot is read: Pyodide itself would start compiling
// only once it has the snapshot in hand. Asked for once the lookup is done (the service worker reads
// the WebAssembly from the same storage: asked for together, the lookup waited 170 ms behind it). Its
// own request for the file gets the same download (fetchedOnce), unread, and its instantiation this
// compiled module. A returning visit (bench/returning.py): the compile, 144 ms, began 206 ms into the
// worker's life, once the snapshot was read (148 ms); now it runs beside the reading.
const compiled = found.then(() => WebAssembly.compileStreaming(self.fetch(WASM)));
compiled.catch(() => {}); // heard by Pyodide, which warns (wasmFailure)
const kept = found.then((response) => response && snapshots.load(response));
// The reader the rest of the standard library comes by: a global, so that a snapshot finds it again (snapshot.js, rule 3).
/** @type {any} */ (self)[READER] = readNow;

/**
 * Pyodide, from the kept snapshot where there is one that loads (`answers`: what its Python answered to CANARY as
 * it was made), else started anew (and able to make one); anew in any case when not `fromSnapshot`.
 * @param {Parameters<typeof import("pyodide").loadPyodide>[0]} options @param {boolean} [fromSnapshot]
 * @returns {Promise<{pyodide: import("pyodide").PyodideAPI, restored: boolean, answers?: string}>}
 */
async function startPython(options, fromSnapshot = true) {
  const { loadPyodide } = await pyodideModule;
  // A WebAssembly that fails or is not this build's ends the boot, snapshot or not.
  const fatal = Promise.race([wasmFailure(), damagedFile]).catch((err) => { throw Object.assign(err, { fatal: true }); });
  const start = (/** @type {typeof options} */ more) => Promise.race([fatal, loadPyodide({ ...options, ...more })]);
  const snapshot = fromSnapshot ? await kept : null;
  if (snapshot) say(`snapshot read and checked (${snapshot.length} bytes)`);
  if (snapshot) {
    try {
      const began = performance.now();
      restoring = snapshot;
      const pyodide = await start({ _loadSnapshot: snapshot.forPyodide() });
      if (!snapshot.restored) throw new Error("Pyodide did not ask for the snapshot's memory (snapshot.js, rule 6)");
      say(`Python started from the snapshot in ${Math.round(performance.now() - began)} ms`);
      return { pyodide, restored: true, answers: snapshot.answers };
    } catch (err) {
      if (/** @type {any} */ (err)?.fatal) throw err;
      say(`the snapshot did not load (${err instanceof Error ? err.message.split("\n")[0] : String(err)}): a normal start`);
      await snapshots.drop();
    } finally {
      restoring = null;
    }
  }
  const pyodide = await start({ _makeSnapshot: true });
  pyodide.runPython(STOCK_SLOTS); // before Python holds any other JavaScript value (snapshot.js, rule 2)
  say("Python started anew");
  return { pyodide, restored: false };
}

// The views' Python (a tournament file and its report, a club's ledger and ladder: views.zip,
// scripts/compile_stdlib.mjs) is fetched when a view first asks, never for a rating's change; held to
// its sha256 as every engine file is, and kept by the service worker for offline visits. Meanwhile every
// page hears the stage (its loading bar says what comes), then ready again. A fetch that fails fails that
// request, and the next one asks again.
const VIEWS = new Set(["event", "ladder"]);

/**
 * Whether this page's build is gone from the site: its elo_core.zip, asked of the site itself (HEAD: the service
 * worker leaves it to the network), is not found. False when it is there (a build deployed without its views.zip)
 * or cannot be asked.
 */
async function buildGone() {
  const response = await fetch(ENGINE + "elo_core.zip", { method: "HEAD", cache: "no-store" }).catch(() => null);
  return response?.status === 404 || response?.status === 410;
}

/**
 * `answers`, with the views' kinds waiting for their modules the first time.
 * @param {import("pyodide").PyodideAPI} pyodide @param {import("./worker-core.js").Bridge} answers
 * @returns {import("./worker-core.js").Bridge}
 */
function withViews(pyodide, answers) {
  /** @type {Promise<void> | null} */
  let views = null;
  let loaded = false;
  const load = () => {
    tell({ type: "progress", stage: "views" });
    views ??= fetch(ENGINE + "views.zip").then(async (response) => {
      if (!response.ok) throw new Error(`views.zip: HTTP ${response.status}`);
      pyodide.FS.writeFile("/lib/views.zip", new Uint8Array(await response.arrayBuffer()));
      // A call with a string, which leaves nothing in Python's table of JavaScript values (snapshot.js, rule 3).
      pyodide.pyimport("_lazy_stdlib").add_views("/lib/views.zip");
      loaded = true;
      say("the views' Python fetched");
    }).catch(async (err) => {
      views = null;
      // Said apart from a crash (engine.js failed): gone from the site with its build (a new build deployed under an
      // open page: its Retry would ask the old build's files again, so the page says to reload), or not reached
      // (offline, or a deployed build without it: a reload would only ask for it again, rv86).
      throw Object.assign(err instanceof Error ? err : new Error(String(err)),
        { name: /HTTP (404|410)$/.test(String(err?.message)) && await buildGone() ? "ViewsGone" : "ViewsUnreachable" });
    }).finally(() => tell({ type: "ready" }));
    return views;
  };
  return /** @type {import("./worker-core.js").Bridge} */ (Object.fromEntries(Object.entries(answers).map(([kind, answer]) => [
    kind, VIEWS.has(kind) ? (/** @type {string} */ text) => (loaded ? answer(text) : load().then(() => answer(text))) : answer,
  ])));
}

/** @param {import("./worker-core.js").Progress} progress @returns {Promise<import("./worker-core.js").Bridge>} */
async function boot(progress) {
  progress("runtime");
  onBytes = byteProgress(progress, FETCHED_BYTES);
  const eloCore = fetch(ENGINE + "elo_core.zip").then((response) => {
    if (!response.ok) throw new Error(`elo_core.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  eloCore.catch(() => {}); // heard below, once Pyodide has started (or failed first)
  const options = {
    indexURL: PYODIDE, // must be absolute
    // What a visit runs of the standard library, compiled at build time: one file, no package to
    // fetch after boot. The rest comes only if imported (below).
    stdLibURL: ENGINE + "engine.zip",
    lockFileContents: { info: /** @type {import("pyodide").LockfileInfo} */ (LOCK_INFO), packages: {} },
    packageBaseUrl: ENGINE, // also keeps Pyodide from ever falling back to a CDN
    stdout: () => {},
    stderr: () => {},
  };
  let { pyodide, restored, answers: asMade } = await startPython(options);
  // A snapshot's Python has the zip on its path already, and reads it by path (snapshot.js, rule 4).
  pyodide.FS.writeFile("/lib/elo_core.zip", new Uint8Array(await eloCore));
  const began = performance.now();
  if (restored && canaryIs(pyodide, asMade)) { // snapshot.js, rule 7
    say(`the snapshot's Python answered as the Python it was made of (${Math.round(performance.now() - began)} ms)`);
  } else if (restored) {
    say("the snapshot's Python answered otherwise than the Python it was made of: a normal start");
    await snapshots.drop();
    ({ pyodide, restored } = await startPython(options, false));
    pyodide.FS.writeFile("/lib/elo_core.zip", new Uint8Array(await eloCore));
  }
  onBytes = () => {}; // every byte is in: no late "download" after this (the count reads a copy)
  progress("engine");
  if (!restored) {
    pyodide.pyimport("sys").path.append("/lib/elo_core.zip");
    pyodide.runPython(restOfStdlib(ENGINE + "stdlib-rest.zip"));
  }
  const bridge = pyodide.pyimport("elo_core.bridge");
  // What start-up made stays for good: moved out of the collector's sight, a full collection no
  // longer walks it, and a keystroke with 10 000 games no longer pays one now and then (bench:
  // p95 of the engine's time 55 -> 48 ms in Pyodide under Node). A snapshot's is frozen already.
  if (!restored) pyodide.pyimport("gc").freeze();
  await Promise.all(checks);
  const answers = withViews(pyodide, bridgeOf(bridge)); // a function for each kind of request (worker-core.js BRIDGE)
  return restored ? answers : snapshotWhenQuiet(pyodide, bridge, answers);
}

/** Python's answers to CANARY, summed up (snapshot.js, rule 7). @param {any} bridge elo_core.bridge */
const canaryAnswers = (bridge) => answersKey(CANARY.map((text) => bridge[BRIDGE.calculate](text)));

/** Whether a restored Python answers CANARY as the Python its snapshot was made of (snapshot.js answersAsMade).
 * @param {import("pyodide").PyodideAPI} pyodide @param {string | undefined} asMade */
const canaryIs = (pyodide, asMade) => answersAsMade(() => canaryAnswers(pyodide.pyimport("elo_core.bridge")), asMade);

/**
 * `answers`, each of which puts off the snapshot for the next visit: made once the first result has shown and the
 * calculator is quiet (no request, no typing: the bridge's TYPING) for IDLE_MS.
 * @param {import("pyodide").PyodideAPI} pyodide @param {any} bridge elo_core.bridge
 * @param {import("./worker-core.js").Bridge} answers @returns {import("./worker-core.js").Bridge}
 */
function snapshotWhenQuiet(pyodide, bridge, answers) {
  const idle = whenIdle(IDLE_MS, async () => {
    // Its upper bound: the whole of Python's memory (Pyodide's own module holds it).
    if (!(await snapshots.room(/** @type {any} */ (pyodide)._module.HEAP8.length))) return;
    const began = performance.now();
    let snapshot;
    let canary;
    try {
      canary = canaryAnswers(bridge); // before the snapshot: what a restore must answer too (snapshot.js, rule 7)
      bridge.forget(); // the page's files stay in memory only, not on disk in the snapshot (sent again if named)
      snapshot = pyodide.makeMemorySnapshot();
    } catch (err) {
      say(`no snapshot: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    say(`snapshot made in ${Math.round(performance.now() - began)} ms`);
    snapshots.keep(snapshot, canary);
  });
  const timed = /** @type {import("./worker-core.js").Bridge} */ (Object.fromEntries(Object.entries(answers).map(([kind, answer]) => [
    kind, (/** @type {string} */ text) => {
      try {
        return answer(text);
      } finally {
        idle();
      }
    },
  ])));
  // Typing that asks nothing (the paste box, a filter) puts the snapshot off too: it was made mid-typing.
  return Object.assign(timed, { [TYPING]: idle.postpone });
}

// The same script serves as a SharedWorker (one interpreter for all the page's calculators,
// shared-engine.js) and as a dedicated Worker (where SharedWorker is missing, and on Retry).
if ("onconnect" in self) {
  const serve = serveShared(boot, () => self.close());
  tell = serve.broadcast;
  /** @type {any} */ (self).onconnect = (/** @type {{ports: readonly MessagePort[]}} */ event) => {
    serve(event);
    said.forEach((text) => event.ports[0].postMessage({ type: "log", text }));
  };
} else {
  tell = (message) => self.postMessage(message);
  self.onmessage = createHandler((message) => self.postMessage(message), boot);
  said.forEach(log);
}
