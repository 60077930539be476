// The worker's logic, apart from the Worker itself so that it can be tested with plain functions:
// createHandler(post, boot) boots Python at once and returns the onmessage function.
// `boot()` resolves with `handle(requestJSON) -> responseJSON` (elo_core.bridge.handle).

/** @param {unknown} err */
export function plainError(err) {
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: "Error", message: String(err) };
}

/**
 * @param {(message: object) => void} post
 * @param {(progress: (stage: string) => void) => Promise<(request: string) => string>} boot
 */
export function createHandler(post, boot) {
  /** @type {((request: string) => string) | null} */
  let handle = null;
  boot((stage) => post({ type: "progress", stage })).then(
    (h) => {
      handle = h;
      post({ type: "ready" });
    },
    (err) => post({ type: "error", error: plainError(err) }),
  );
  /** @param {{data: any}} event */
  return (event) => {
    const { type, id, request } = event.data ?? {};
    if (type !== "calculate") return;
    if (!handle) {
      post({ type: "error", id, error: { name: "NotReady", message: "the engine is still loading" } });
      return;
    }
    try {
      post({ type: "result", id, response: handle(String(request)) });
    } catch (err) {
      post({ type: "error", id, error: plainError(err) });
    }
  };
}
