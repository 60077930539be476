"""A returning visitor's Python from the snapshot the browser keeps (widget/engine/snapshot.js), in
Chromium with a profile kept between visits, the browser closed in between as a visitor closes it.

The first visit computes, and once it is quiet the worker keeps a snapshot; the second starts Python
from it (the worker's debug log, which the page prints with console.debug, says so) and answers the
build's whole exercise (every system, pasted results, tournament files, club ladders) as the first did.
A damaged snapshot, another build's, another Pyodide's, refused storage and a nearly full disk each
give a normal start that still computes."""
from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from .conftest import ARGS, HEADLESS_SHELL, ROOT, installed, open_widget, wait_ready, worker_url

sys.path.insert(0, str(ROOT / "scripts"))
import exercise

KINDS: dict[str, list[Any]] = {"calculate": exercise.requests(), "parse": exercise.pastes(), "event": exercise.events(),
         "ladder": exercise.ladders()}
# The engine's own way in (engine-start.js), as the calculator takes it, from a page of the widget's
# origin that runs no calculator: every answer's text, and every line of the worker's log.
ASK = """async ([url, kinds]) => {
    const start = await import(new URL("./engine-start.js", url).href);
    start.pageRuns();
    window.engineLog = [];
    const answers = {};
    const waiting = new Map();
    let ready;
    const isReady = new Promise((resolve) => { ready = resolve; });
    const channel = start.openEngine({
        message: (data) => {
            if (data.type === "log") window.engineLog.push(data.text);
            if (data.type === "ready") ready();
            if (data.type === "result" || data.type === "error") waiting.get(data.id)(data);
        },
        failed: (text) => { throw new Error(text); },
        unreadable: () => {},
        gone: () => {},
    });
    window.engineChannel = channel;
    await isReady;
    let id = 1;
    for (const [kind, texts] of Object.entries(kinds)) {
        answers[kind] = [];
        for (const text of texts) {
            const answer = await new Promise((resolve) => {
                waiting.set(id, resolve);
                channel.post({type: "request", kind, id: id++, text});
            });
            answers[kind].push(answer.response ?? answer.error);
        }
    }
    return answers;
}"""
KEPT = re.compile(r"snapshot kept:|no snapshot:")


def launch(playwright: Playwright, profile: Path, *extra: str) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(profile, executable_path=installed(HEADLESS_SHELL),
                                                         args=[*ARGS, *extra])


def calculator(context: BrowserContext, origin: str) -> tuple[Page, list[str]]:
    """The calculator, a result typed into it, and the worker's log as its console shows it."""
    page = context.pages[0] if context.pages else context.new_page()
    log: list[str] = []
    page.on("console", lambda m: log.append(m.text) if m.text.startswith("elo-core engine:") else None)
    open_widget(page, origin)
    for field, value in (("#rating", "1500"), (".opp", "1600")):
        page.fill(field, value)
    expect(page.locator("#new-rating")).to_have_text("1513")
    wait_ready(page)
    return page, log


def ask(context: BrowserContext, origin: str, kinds: dict[str, list[Any]] = KINDS) -> dict[str, list[Any]]:
    """Every request of `kinds` answered by the engine of this context (the calculator's shared worker)."""
    page = context.new_page()
    page.goto(worker_url(origin))
    texts = {kind: [r if isinstance(r, str) else json.dumps(r) for r in requests] for kind, requests in kinds.items()}
    answers: dict[str, list[Any]] = page.evaluate(ASK, [worker_url(origin), texts])
    return answers


def wait_kept(context: BrowserContext) -> str:
    """The log's line on the snapshot, once the worker has kept one (or said why not)."""
    page = next(p for p in context.pages if p.url.endswith("worker.mjs"))
    page.wait_for_function(f"() => window.engineLog.some((t) => /{KEPT.pattern}/.test(t))", timeout=60_000)
    lines: list[str] = page.evaluate("() => window.engineLog")
    return next(line for line in lines if KEPT.search(line))


# 100 000 pasted games, refused (too many): reading them grows Python's memory from 31 to some 45 MB.
TOO_MANY = {"system": "elo", "rating": 1500,
            "games": [{"opponent": 1500 + i % 400, "score": 1} for i in range(100_000)]}


@pytest.fixture(scope="module")
def kept_profile(playwright: Playwright, widget_origin: str, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[tuple[Path, dict[str, list[Any]]]]:
    """A profile after a first visit: the calculator used, the exercise answered, a snapshot kept. The visitor
    also pasted 100 000 games: the snapshot is of a Python whose memory grew (45 MB), which a fresh start's memory
    does not hold (snapshot.js, rule 6): before, Pyodide's copy of it failed on every later visit ("offset is out
    of bounds") and each started anew. So every returning visit below starts from a grown memory; an ordinary
    one is restored by the offline visit (tests/browser/test_offline.py) and in Firefox and WebKitGTK
    (tests/engines)."""
    profile = tmp_path_factory.mktemp("kept") / "profile"
    context = launch(playwright, profile)
    try:
        _, log = calculator(context, widget_origin)
        assert any("Python started anew" in line for line in log), log
        (refused,) = ask(context, widget_origin, {"calculate": [TOO_MANY]})["calculate"]
        assert "too_many_games" in json.dumps(refused)
        answers = ask(context, widget_origin)
        kept = re.search(r"snapshot kept: (\d+) bytes", wait_kept(context))
        assert kept and int(kept[1]) > 40_000_000, kept
    finally:
        context.close()
    yield profile, answers


def copy(profile: Path, tmp_path: Path) -> Path:
    shutil.copytree(profile, tmp_path / "profile")
    return tmp_path / "profile"


def test_a_returning_visit_starts_python_from_the_snapshot_and_answers_the_same(
        playwright: Playwright, widget_origin: str, kept_profile: tuple[Path, dict[str, list[Any]]],
        tmp_path: Path) -> None:
    context = launch(playwright, copy(kept_profile[0], tmp_path))
    try:
        page, log = calculator(context, widget_origin)
        assert any("Python started from the snapshot" in line for line in log), log
        assert not any("started anew" in line for line in log)
        page.fill(".opp", "1400")  # a new result, computed by Python from the snapshot
        expect(page.locator("#new-rating")).to_have_text("1507")
        assert ask(context, widget_origin) == kept_profile[1]
    finally:
        context.close()


# Each way a kept snapshot goes wrong, done from a page of the widget's origin that runs no calculator.
DAMAGE = """async ([how]) => {
    const cache = await caches.open("elo-core-python");
    const [request] = await cache.keys();
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = Object.fromEntries(response.headers);
    const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)),
                                        (x) => x.toString(16).padStart(2, "0")).join("");
    let key = request.url;
    if (how === "damaged") bytes[bytes.length >> 1] ^= 1;
    if (how === "answers otherwise") headers["x-answers"] = "0-0";  // what a page zeroed before packing does (rule 7)
    if (how === "other build") key = key.replace(/worker=[^&]*/, "worker=%2Fstatic%2F0000%2Fengine%2Fworker.mjs");
    if (how === "other pyodide") {
        // The snapshot's own build id (its bytes 16 to 47): the first page's, after the packed header and map.
        const length = new Uint32Array(bytes.buffer, 0, 4)[1];
        bytes[16 + Math.ceil(length / 4096) + 16] ^= 0xff;
        headers["x-sha256"] = await hex(bytes);
    }
    await cache.delete(request);
    await cache.put(key, new Response(bytes, {headers}));
}"""


@pytest.mark.parametrize(("how", "said"), [
    ("damaged", "the kept snapshot is not used: its sha256 differs"),
    ("other build", "dropped the snapshot of another build"),
    ("other pyodide", "the snapshot did not load (Snapshot build id mismatch"),
    ("answers otherwise", "the snapshot's Python answered otherwise than the Python it was made of: a normal start"),
])
def test_a_snapshot_that_cannot_be_used_gives_a_normal_start_that_computes(
        playwright: Playwright, widget_origin: str, kept_profile: tuple[Path, dict[str, list[Any]]],
        tmp_path: Path, how: str, said: str) -> None:
    context = launch(playwright, copy(kept_profile[0], tmp_path))
    try:
        tamper = context.pages[0] if context.pages else context.new_page()
        tamper.goto(worker_url(widget_origin))  # the script's text: no calculator, no engine
        tamper.evaluate(DAMAGE, [how])
        page, log = calculator(context, widget_origin)
        assert any(said in line for line in log), log
        assert any("Python started anew" in line for line in log), log
        page.fill(".opp", "1400")
        expect(page.locator("#new-rating")).to_have_text("1507")
        kinds = {kind: requests[:2] for kind, requests in KINDS.items()}
        assert ask(context, widget_origin, kinds) == {kind: answers[:2] for kind, answers in kept_profile[1].items()}
        if how in ("damaged", "answers otherwise"):
            assert "snapshot kept" in wait_kept(context)  # and made again
    finally:
        context.close()


def test_refused_storage_gives_a_normal_start_and_keeps_nothing(
        playwright: Playwright, widget_origin: str, kept_profile: tuple[Path, dict[str, list[Any]]],
        tmp_path: Path) -> None:
    """Plain http on a host other than localhost: no Cache Storage (no secure context)."""
    port = widget_origin.rsplit(":", 1)[1]
    context = launch(playwright, tmp_path / "profile", "--host-resolver-rules=MAP club.test 127.0.0.1")
    try:
        origin = f"http://club.test:{port}"
        _, log = calculator(context, origin)
        assert any("no Cache Storage" in line for line in log), log
        assert any("Python started anew" in line for line in log), log
        answers = ask(context, origin, {"calculate": KINDS["calculate"][:3]})
        assert answers["calculate"] == kept_profile[1]["calculate"][:3]
    finally:
        context.close()


def test_a_nearly_full_disk_keeps_no_snapshot(playwright: Playwright, widget_origin: str, tmp_path: Path) -> None:
    context = launch(playwright, tmp_path / "profile")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": widget_origin, "quotaSize": 20_000_000})
        calculator(context, widget_origin)
        # Chromium's override leaves the estimate as it was, and refuses the put.
        said = wait_kept_after(context, widget_origin)
        assert re.search(r"no snapshot: (storage nearly full|it could not be stored \(QuotaExceededError)", said), said
        keeper = next(p for p in context.pages if p.url.endswith("worker.mjs"))
        assert keeper.evaluate("async () => (await (await caches.open('elo-core-python')).keys()).length") == 0
    finally:
        context.close()


def wait_kept_after(context: BrowserContext, origin: str) -> str:
    ask(context, origin, {"calculate": KINDS["calculate"][:1]})
    return wait_kept(context)



def test_typing_that_asks_the_engine_nothing_puts_the_snapshot_off(playwright: Playwright, widget_origin: str,
                                                                    tmp_path: Path) -> None:
    """A hostile pass: results typed slowly into the paste box (no request until Add) had the snapshot made in the
    middle of the typing. Each keystroke now puts it off by the idle wait (IDLE_MS, 5 s): none is made while
    the visitor types, one is once the typing stops."""
    context = launch(playwright, tmp_path / "profile")
    try:
        page, log = calculator(context, widget_origin)
        page.get_by_role("button", name="Paste results").click()
        box = page.get_by_label("Results to add")
        for key in "1700 1\n1650 ":  # a key every 0.8 s for some 9 s, well past the idle wait
            box.press_sequentially(key)
            page.wait_for_timeout(800)
        assert not [line for line in log if "snapshot" in line and "made" in line], log
        with page.expect_console_message(lambda m: "snapshot kept" in m.text, timeout=30_000):
            pass
        assert box.input_value() == "1700 1\n1650 "
    finally:
        context.close()
