// The engine's answer as the page and the embedding page see it: the worker's bridge
// (elo_core.bridge.handle_packed) sends a long list of games as columns of float64 numbers in
// base64, far quicker to write and read than a JSON object per game; unpackGames() makes the list
// of game objects again, the same as elo_core.bridge.handle would give. Pure: tested under node.

/** The bytes of base64 text. @param {string} text @returns {Uint8Array} */
function fromBase64(text) {
  const native = /** @type {any} */ (Uint8Array).fromBase64;
  if (typeof native === "function") return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * `answer` with its games as a list of objects again, when they came packed (an answer whose games
 * are a list already is returned as it is). Changes `answer` in place and returns it.
 * @param {any} answer
 * @returns {any}
 */
export function unpackGames(answer) {
  const packed = answer?.games;
  if (!packed || Array.isArray(packed) || typeof packed.numbers !== "string") return answer;
  /** @type {{n: number, columns: [string, "n" | "b"][], numbers: string, other: [number, Record<string, unknown>][]}} */
  const { n, columns, numbers, other } = packed;
  const bytes = fromBase64(numbers);
  // Little-endian, as the bridge writes them; a copy when the bytes are not aligned for float64.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const games = new Array(n);
  for (let i = 0; i < n; i++) {
    /** @type {Record<string, unknown>} */
    const game = {};
    for (let c = 0; c < columns.length; c++) {
      const x = view.getFloat64((c * n + i) * 8, true);
      game[columns[c][0]] = columns[c][1] === "b" ? x === 1 : Number.isNaN(x) ? null : x;
    }
    games[i] = game;
  }
  for (const [i, rest] of other) Object.assign(games[i], rest);
  answer.games = games;
  return answer;
}
