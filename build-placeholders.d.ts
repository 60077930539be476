// The build's placeholders (scripts/build_site.py fills them in when it copies the files into dist/),
// declared so that tsc can check the files that carry them.

/** embed/embed.js: per language, the frame's title, "cannot run here" and "open in a new tab". */
declare const __EMBED_TEXTS__: Record<string, string[]>;

/** embed/embed.js: the rating systems' names, elo_core's registry (the default first). */
declare const __SYSTEMS__: string[];

/** embed/builder.js: each rating system's name and its English label, in the registry's order. */
declare const __SYSTEM_NAMES__: Record<string, string>;

/** widget/worker.mjs: Pyodide's own module, from the site's copy of the pinned npm package. */
declare module "__PYODIDE_DIR__pyodide.mjs" {
  export { loadPyodide } from "pyodide";
}

/** widget/worker.mjs: Pyodide's WebAssembly glue, which pyodide.mjs imports (asked for beside it). */
declare module "__PYODIDE_DIR__pyodide.asm.mjs" {
  const createPyodideModule: unknown;
  export default createPyodideModule;
}

/** widget/worker.mjs: the bytes the worker fetches until Python is ready (its progress's end). */
declare const __FETCHED_BYTES__: number;

/** widget/worker.mjs: the bytes of Pyodide's WebAssembly, the most of them (the rest is the engine's two zips). */
declare const __WASM_BYTES__: number;

/** widget/progress.js: the bytes of the files the calculator page loads from its static folder (not progress.js). */
declare const __PAGE_BYTES__: number;

/** widget/i18n.js: the English texts (widget/i18n/en.json with every system's English texts). */
declare const __ENGLISH_TEXTS__: Record<string, string>;

/** widget/sw.js: this build's id, the calculator page, its scripts' static folder, and every file to keep offline. */
declare const __OFFLINE__: { build: string; page: string; widget: string; files: string[]; sha256: Record<string, string> };
