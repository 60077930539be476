// The worker's logic, apart from the Worker itself so that it can be tested with plain functions:
// createHandler(post, boot) boots Python at once and returns the onmessage function.
// `boot()` resolves with the bridge's functions, text in and JSON text out:
// {calculate: elo_core.bridge.handle, parse: elo_core.bridge.parse}.

/** @param {unknown} err */
export function plainError(err) {
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: "Error", message: String(err) };
}

/** @typedef {{calculate: (text: string) => string, parse: (text: string) => string}} Bridge */

/**
 * @param {(message: object) => void} post
 * @param {(progress: (stage: string) => void) => Promise<Bridge>} boot
 */
export function createHandler(post, boot) {
  /** @type {Bridge | null} */
  let bridge = null;
  boot((stage) => post({ type: "progress", stage })).then(
    (b) => {
      bridge = b;
      post({ type: "ready" });
    },
    (err) => post({ type: "error", error: plainError(err) }),
  );
  /** @param {{data: any}} event */
  return (event) => {
    const { type, id, payload } = event.data ?? {};
    if (type !== "calculate" && type !== "parse") return;
    if (!bridge) {
      post({ type: "error", id, error: { name: "NotReady", message: "the engine is still loading" } });
      return;
    }
    try {
      post({ type: "result", id, response: bridge[/** @type {"calculate" | "parse"} */ (type)](String(payload)) });
    } catch (err) {
      post({ type: "error", id, error: plainError(err) });
    }
  };
}
