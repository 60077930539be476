// The engine protocol: every message between the page (engine.js), the shared worker
// (shared-engine.js) and the worker where Python runs (worker-core.js), as one typed union each
// way, and the one interface through which the page reaches a worker, whichever kind it is (a
// worker of its own, a port of the shared one, one started before the page listened). Types only
// (JSDoc, checked by tsc in make lint): every side imports them from here.

/**
 * The kinds of request the engine serves, each by a function of elo_core.bridge, text in and JSON
 * text out (worker-core.js BRIDGE), and each with its own rules on the page (engine.js KINDS): a
 * calculation (the request's JSON; only the newest waits), pasted text to read (every one is read), or
 * a tournament report file to rate (event.js: the file and the K set per player; only the newest waits),
 * or a club's results ledger (ladder.js: its ranking, what a game would do, a CSV; every one answered).
 * A new kind is one entry in each of those two tables, in elo_core.bridge.KINDS, and its name here (tests/js/worker-core.test.mjs compares the four).
 * @typedef {"calculate" | "parse" | "event" | "ladder"} Kind
 */

/**
 * A request to the engine, by the page: `text` for the kind's bridge function, answered by a
 * `result` or an `error` with the same id; or, to the shared worker, `abandon`: give up a boot that
 * has not finished (Retry), which every calculator sharing it hears as `abandoned`; or `typing`: the
 * visitor types what asks the engine nothing yet (a paste box, a filter), so the snapshot waits.
 * @typedef {{type: "request", kind: Kind, id: number, text: string} | {type: "abandon"} | {type: "typing"}} ToEngine
 */

/**
 * What the engine says: its loading (`progress`: the stage, and the bytes so far where known), that it
 * computes (`ready`), an answer (`result`: the bridge's JSON text), a failure (`error`: of a request
 * when it has an id, of the boot when not), that the shared boot was given up (`abandoned`), or that
 * another calculator's request holds the shared interpreter (`busy`) until it is done (`idle`), or a line
 * for the debug log (`log`: where Python started from, what became of its snapshot; engine.js prints it),
 * or, from the shared worker as a page joins it, the Web Lock it holds while it lives (`alive`: shared-engine.js).
 * @typedef {{name: string, message: string}} PlainError an error as plain data (worker-core.js plainError)
 * @typedef {{type: "progress", stage: string, loaded?: number, total?: number}
 *   | {type: "ready"}
 *   | {type: "result", id: number, response: string}
 *   | {type: "error", id?: number, error: PlainError}
 *   | {type: "abandoned"} | {type: "busy"} | {type: "idle"}
 *   | {type: "log", text: string} | {type: "alive", lock: string}} FromEngine
 */

/**
 * What the page hears from a worker: its messages (checked by engine.js before use: unknown data),
 * a failure with no message of its own (a script that cannot load, a crash: the error event's text,
 * perhaps ""), a message that could not be read, or that the shared worker died silently (`gone`).
 * @typedef {{message: (data: unknown) => void, failed: (text: string) => void, unreadable: () => void,
 *   gone: () => void}} Listener
 */

/**
 * The page's way to a worker: send it a message, or close it (a worker of its own ends; a port of the
 * shared one leaves it, abandoning a boot still under way).
 * @typedef {{post: (message: ToEngine) => void, close: () => void}} Channel
 */

/**
 * Opens a way to a worker that tells `listener` what it hears (the engine calls it on every start). A
 * start after the first gets a worker of its own, which asks for its files past the caches (a retry:
 * the cache may hold what failed) unless `fresh` is false (a worker that died, its files sound).
 * @typedef {(listener: Listener, again?: {fresh: boolean}) => Channel} Open
 */

export {};
