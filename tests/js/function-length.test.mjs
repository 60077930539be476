// No function in widget/ or embed/ is over 60 lines (the team's guide; issue 30 item 6): every
// function, method, arrow and accessor, measured from its first line to its closing brace, nested
// functions included in their parent's span. Parsed with TypeScript's parser (a devDependency, also
// used by `make lint`). The generated copies (their first line says "Generated ... Do not edit") are
// the build's, not ours, and are left out.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const LIMIT = 60;
const ROOT = new URL("../../", import.meta.url);

/** @returns {string[]} the hand-written .js/.mjs files of widget/ and embed/, relative to the root. */
export function sources() {
  const files = [];
  for (const folder of ["widget", "embed"]) {
    for (const entry of readdirSync(new URL(`${folder}/`, ROOT), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
      const path = relative(fileURLToPath(ROOT), join(entry.parentPath, entry.name));
      if (!/^\/\/ Generated\b/.test(readFileSync(new URL(path, ROOT), "utf8"))) files.push(path);
    }
  }
  return files.sort();
}

/**
 * Every function in a source text with its span in lines.
 * @param {string} name the file's name, for the messages
 * @param {string} text its source
 * @returns {{ where: string, lines: number }[]}
 */
export function functionSpans(name, text) {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const spans = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      spans.push({ where: `${name}:${first + 1} ${label(node)}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return spans;
}

/** @param {ts.Node} node a function-like node @returns {string} its name, or the name it is given */
function label(node) {
  const named = /** @type {{ name?: ts.Node }} */ (node).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
  return "(anonymous)";
}

test("the checker measures a function from its first line to its closing brace, nested ones inside", () => {
  const text = "function outer() {\n  const inner = () => {\n    return 1;\n  };\n  return inner();\n}\n";
  assert.deepEqual(functionSpans("x.js", text), [{ where: "x.js:1 outer", lines: 6 }, { where: "x.js:2 inner", lines: 3 }]);
  const long = `const f = function () {\n${"  f;\n".repeat(LIMIT - 1)}};\n`;
  assert.equal(functionSpans("y.js", long)[0].lines, LIMIT + 1);
});

test("the checker finds the widget's and the embed's own files, not the generated ones", () => {
  const files = sources();
  assert.ok(files.includes("widget/views/calculator/form.js") && files.includes("embed/embed.js") && files.includes("widget/engine/worker.mjs"), files.join(" "));
  assert.ok(!files.includes("widget/shared/contract.js"));
});

test(`no function in widget/ or embed/ is over ${LIMIT} lines`, () => {
  const long = sources().flatMap((path) => functionSpans(path, readFileSync(new URL(path, ROOT), "utf8")))
    .filter((span) => span.lines > LIMIT).map((span) => `${span.where}: ${span.lines} lines`);
  assert.deepEqual(long, []);
});
