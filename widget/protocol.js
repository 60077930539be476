// The engine protocol: every message between the page (engine.js), the shared worker
// (shared-engine.js) and the worker where Python runs (worker-core.js), as one typed union each
// way. Types only (JSDoc, checked by tsc in make lint): the three sides import them from here.

/**
 * A request to the engine, by the page: a calculation (the request's JSON) or pasted text to read,
 * answered by a `result` or an `error` with the same id; or, to the shared worker, `abandon`: give up
 * a boot that has not finished (Retry), which every calculator sharing it hears as `abandoned`.
 * @typedef {{type: "calculate" | "parse", id: number, payload: string} | {type: "abandon"}} ToEngine
 */

/**
 * What the engine says: its loading (`progress`: the stage, and the bytes so far where known), that it
 * computes (`ready`), an answer (`result`: the bridge's JSON text), a failure (`error`: of a request
 * when it has an id, of the boot when not), or that the shared boot was given up (`abandoned`).
 * @typedef {{name: string, message: string}} PlainError an error as plain data (worker-core.js plainError)
 * @typedef {{type: "progress", stage: string, loaded?: number, total?: number}
 *   | {type: "ready"}
 *   | {type: "result", id: number, response: string}
 *   | {type: "error", id?: number, error: PlainError}
 *   | {type: "abandoned"}} FromEngine
 */

export {};
