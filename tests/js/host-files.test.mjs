// widget/page/host-files.js: which files the frame's address says the element names, and what of a
// message from the club's page it takes as those files (checked shapes only; bytes past the limit
// refused).
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTRACT } from "../../widget/shared/contract.js";
import { FILE_ERRORS, fileNameOf, fileProblem, namedFiles, readFiles } from "../../widget/page/host-files.js";

test("only known file names are taken from the address", () => {
  assert.deepEqual(namedFiles("?files=src,players"), ["src", "players"]);
  assert.deepEqual(namedFiles("?files=players,passwd,src"), ["src", "players"]);
  assert.deepEqual(namedFiles("?view=ladder"), []);
});

test("a message of another type, or without files, is not files", () => {
  assert.equal(readFiles({ type: "elo-calculator:height", files: {} }, ["src"]), null);
  assert.equal(readFiles({ type: "elo-calculator:files" }, ["src"]), null);
  assert.equal(readFiles("elo-calculator:files", ["src"]), null);
});

test("each file asked for is its bytes or a known reason; anything else is a network failure", () => {
  const bytes = new TextEncoder().encode("a,b,1").buffer;
  const files = readFiles({ type: "elo-calculator:files", files: {
    src: { url: "https://club.example/games.csv", bytes },
    players: { url: "https://club.example/p.csv", error: "status", status: 404 },
    other: { url: "x", bytes },
  } }, ["src", "players"]);
  assert.deepEqual(Object.keys(files), ["src", "players"]);
  assert.equal(files.src.bytes, bytes);
  assert.deepEqual(files.players, { url: "https://club.example/p.csv", error: "status", status: 404 });
  const page = readFiles({ type: "elo-calculator:files", files: { src: { url: "https://club.example/", error: "html" } } }, ["src"]);
  assert.deepEqual(page, { src: { url: "https://club.example/", error: "html" } }); // embed.js's fetchFile found a web page
  const odd = readFiles({ type: "elo-calculator:files", files: { src: { url: 5, error: "<b>pwned</b>" } } }, ["src"]);
  assert.deepEqual(odd, { src: { url: "", error: "network" } });
});

test("bytes past the contract's limit are refused as too big", () => {
  const big = new ArrayBuffer(CONTRACT.limits.max_file_bytes + 1);
  assert.deepEqual(readFiles({ type: "elo-calculator:files", files: { src: { url: "u", bytes: big } } }, ["src"]),
    { src: { url: "u", error: "too_big" } });
});

test("each reason reads in the page's language, with the file's address, the status and the limit", () => {
  assert.equal(fileProblem({ url: "https://club.example/gone.csv", error: "status", status: 404 }),
    "“https://club.example/gone.csv” could not be fetched: the server answered 404.");
  assert.equal(fileProblem({ url: "u", error: "too_big" }), "“u” is larger than 8 MB, the most the calculator reads.");
  assert.equal(fileProblem({ url: "https://club.example/", error: "html" }),
    "“https://club.example/” answered a web page, not a file: is the address right?");
  for (const error of FILE_ERRORS) assert.doesNotMatch(fileProblem({ url: "u", error }), /file\.error|\{/);
});

test("a file's name from its address: none where the address names no file (a published sheet's `pub`)", () => {
  assert.equal(fileNameOf("https://club.example/files/Club%20games.csv?v=2"), "Club games.csv");
  assert.equal(fileNameOf("https://docs.google.com/spreadsheets/d/e/2PACX-1vT/pub?gid=0&output=csv"), "");
  assert.equal(fileNameOf("https://club.example/"), "");
  assert.equal(fileNameOf("not an address"), "");
});
