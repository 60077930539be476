// Can this browser run the calculator? Pyodide 314 with our module worker and CSP needs Chrome 97
// ('wasm-unsafe-eval' in CSP), Firefox 114 (module workers) and Safari 16.4 (class static blocks in
// pyodide.asm.mjs); below them the worker would fail with a parse error that says nothing useful.
// Sources: MDN browser-compat-data (CSP wasm-unsafe-eval, WorkerOptions.type, class static blocks,
// RegExp lookbehind, Array.prototype.findLast, WebAssembly exceptions and SIMD), Emscripten's
// tools/feature_matrix.py, and Pyodide's -fwasm-exceptions build (legacy exception handling).
// Written in ES5 and without eval, so that it parses and runs on the browsers it turns away.

/** The oldest versions that run the calculator, shown in the too-old message. */
export var MINIMUM = { chrome: "97", firefox: "114", safari: "16.4" };

/** @param {string} hex */
function bytes(hex) {
  var out = new Uint8Array(hex.length / 2);
  for (var i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

// Tiny WebAssembly modules, each valid only where a feature Pyodide needs (or a stand-in) exists.
var PROBES = [
  // legacy exception handling (tag section, try/throw/catch_all), as Pyodide uses: Chrome 95, Firefox 100, Safari 15.2
  "0061736d01000000010401600000030201000d030100000a0a01080006400800190b0b",
  // externref, memory.copy/fill, trunc_sat, extend8_s, an imported mutable global: Chrome 96
  "0061736d0100000001060160016f017f02080101650167037f01030201000404016f000105030100010a29012700410041004100fc0a" +
    "0000410041004100fc0b00410020002600440000000000000000fc02c00b",
  // SIMD (unused by Pyodide): stands in for Safari 16.4
  "0061736d01000000010401600000030201000a17011500fd0c000000000000000000000000000000001a0b",
];

/** True when WebAssembly exists and every feature the calculator needs is there (probed once per
 * page: engine-start.js asks before the engine does). */
export function browserSupported() {
  if (supported === undefined) supported = probeSupport();
  return supported;
}
/** @type {boolean | undefined} */
var supported;

function probeSupport() {
  try {
    // Typed loosely on purpose: these probe for what this browser may lack (WebAssembly.Tag, findLast).
    var W = /** @type {any} */ (typeof WebAssembly === "object" && WebAssembly);
    if (!W || typeof W.validate !== "function" || typeof W.Module !== "function") return false;
    for (var i = 0; i < PROBES.length; i++) if (!W.validate(bytes(PROBES[i]))) return false;
    if (typeof /** @type {any} */ ([]).findLast !== "function") return false; // Chrome 97
    try {
      new RegExp("(?<=a)b"); // lookbehind: Safari 16.4
    } catch (e) {
      return false;
    }
    if (typeof Object.hasOwn !== "function" || typeof [].at !== "function" || typeof WeakRef !== "function" ||
        typeof FinalizationRegistry !== "function" || typeof BigInt64Array !== "function" || typeof W.Tag !== "function") {
      return false;
    }
    // Module workers (Firefox 114): the options are read before the URL, so a browser that knows
    // `type` calls the getter, which stops the call before any worker or request is made.
    if (typeof Worker === "undefined") return false;
    var typeRead = false;
    try {
      new Worker("http://[", /** @type {any} */ ({ get type() { typeRead = true; throw 0; } }));
    } catch (e) { /* expected either way */ }
    return typeRead;
  } catch (e) {
    return false;
  }
}

/**
 * True when this page may compile WebAssembly. A browser new enough for the calculator can still be
 * refused: a host's own CSP without 'wasm-unsafe-eval', or a policy (Lockdown Mode, enterprise
 * settings). That is not an old browser, and the visitor is told so.
 */
export function wasmAllowed() {
  if (allowed === undefined) {
    try {
      new WebAssembly.Module(bytes("0061736d01000000"));
      allowed = true;
    } catch (e) {
      allowed = false; // asked once: a refusal is a CSP violation report each time
    }
  }
  return allowed;
}
/** @type {boolean | undefined} */
var allowed;
