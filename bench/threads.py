"""Where a visit's CPU time goes, thread by thread, from Chromium's own trace (for bench/returning.py;
printed, never asserted).

The browser is launched with --trace-startup (its trace of every process and thread, written when it
closes); `summary` reads the trace back and gives, from the visit's navigation to a mark the page set
(the new result), each thread's busy time and, for the engine's worker, what kept it busy. A CDP
profiler attached to the page would not see the worker, a target of its own; the trace sees them all.
Chromium's own pages (the omnibox's WebUI, loaded by every browser that starts) run in a renderer of
their own, counted apart: a browser just launched spends much of its first second on them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

CATEGORIES = ("blink.user_timing,devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.wasm,toplevel,"
              "disabled-by-default-v8.cpu_profiler")  # the last: V8's sampling profiler, in every thread
TASKS = {"ThreadControllerImpl::RunTask", "ThreadPool_RunTask", "RunTask"}
# What kept the worker busy, by the trace's event names, in this order where they overlap.
WORK = (
    ("sha256 of files (kept snapshot, WebAssembly)", lambda n, u: n == "DoDigest"),
    ("garbage collection", lambda n, u: n in ("MajorGC", "MinorGC", "V8.GCIncrementalMarkingStart",
                                               "V8.GCIncrementalMarking", "V8.GC_MC_INCREMENTAL_START")),
    ("Pyodide's JavaScript compiled", lambda n, u: n in ("v8.compileModule", "v8.compile") and "pyodide" in u),
    ("our JavaScript compiled", lambda n, u: n in ("v8.compileModule", "v8.compile")),
    ("WebAssembly streamed in, validated", lambda n, u: n.startswith("v8.wasm.compileConsume")),
    ("WebAssembly instantiated", lambda n, u: n == "wasm.AsyncInstantiate"),
    ("WebAssembly functions compiled on first call", lambda n, u: n == "wasm.CompileLazy"),
)
REST = "JavaScript and Python running, messages, the rest"
STEP = 100  # µs: the grid on which overlapping events are attributed


def args(trace: Path) -> tuple[str, ...]:
    """Chromium's switches that write the trace of a launch to `trace` (JSON) when the browser closes."""
    return (f"--trace-startup={CATEGORIES}", f"--trace-startup-file={trace}", "--trace-startup-format=json",
            "--trace-startup-duration=0")


def _url(event: dict[str, Any]) -> str:
    data = event.get("args", {}).get("data", {})
    return str(data.get("url", "")) if isinstance(data, dict) else ""


def summary(trace: Path, page_url: str, until_mark: str) -> dict[str, Any]:
    """{"window": ms, "threads": {label: busy ms}, "worker": {activity: ms}} from the navigation to page_url
    until the page's mark until_mark."""
    events = json.loads(trace.read_text())["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    navigation = [e for e in events if e.get("name") == "navigationStart" and page_url in json.dumps(e.get("args"))][-1]
    start, page = navigation["ts"], navigation["pid"]
    end = min(e["ts"] for e in events if e.get("name") == until_mark and e["ts"] > start)
    browser = next(pid for (pid, _), name in names.items() if name == "CrBrowserMain")

    def label(pid: int, tid: int) -> str:
        name = names.get((pid, tid), "")
        if pid == page:
            return {"CrRendererMain": "the page's main thread", "ServiceWorker thread": "the service worker"}.get(
                name, "the engine's worker" if name in ("SharedWorker thread", "DedicatedWorker thread")
                else "the page's helper threads (compiling, parsing, raster)")
        if pid == browser:
            return "the browser process"
        return "Chromium's own pages (other renderers), GPU and the rest"

    busy: defaultdict[str, float] = defaultdict(float)
    spans: defaultdict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and e["name"] in TASKS and e["ts"] < end and e["ts"] + e.get("dur", 0) > start:
            spans[(e["pid"], e["tid"])].append((max(e["ts"], start), min(e["ts"] + e["dur"], end)))
    for key, intervals in spans.items():  # nested tasks counted once
        covered, last = 0, start
        for a, b in sorted(intervals):
            a = max(a, last)
            if b > a:
                covered, last = covered + b - a, b
        busy[label(*key)] += covered / 1000
    worker = next(k for k, n in names.items()
                  if k[0] == page and n in ("SharedWorker thread", "DedicatedWorker thread"))
    grid = [""] * ((end - start) // STEP + 1)
    for e in events:  # each grid step to the first kind of work (WORK's order) that covers it
        if (e.get("pid"), e.get("tid")) != worker or e.get("ph") != "X" or not start <= e["ts"] < end:
            continue
        kind = next((title for title, match in WORK if match(e["name"], _url(e))), None)
        if kind is None:
            continue
        for i in range((e["ts"] - start) // STEP, min(len(grid), (e["ts"] + e["dur"] - start) // STEP)):
            if not grid[i] or [t for t, _ in WORK].index(kind) < [t for t, _ in WORK].index(grid[i]):
                grid[i] = kind
    work = {title: grid.count(title) * STEP / 1000 for title, _ in WORK}
    work[REST] = max(0.0, busy["the engine's worker"] - sum(work.values()))
    return {"window": (end - start) / 1000, "threads": dict(busy), "worker": work,
            "functions": functions(events, worker, start, end)}


def functions(events: list[dict[str, Any]], thread: tuple[int, int], start: int, end: int) -> list[tuple[str, float]]:
    """V8's samples in `thread` between start and end: each function's own time (ms), most first; WebAssembly's
    functions (Python's interpreter) as one."""
    frames: dict[Any, str] = {}
    own: defaultdict[str, float] = defaultdict(float)
    at: dict[Any, int] = {}
    for e in events:
        if e.get("name") == "Profile" and (e["pid"], e["tid"]) == thread:
            at[e["id"]] = e["args"]["data"]["startTime"]
        if e.get("name") != "ProfileChunk" or e.get("pid") != thread[0] or e.get("id") not in at:
            continue
        data = e["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            frame = node["callFrame"]
            name = frame.get("functionName") or "(anonymous)"
            where = frame.get("url", "").rsplit("/", 1)[-1]
            wasm = name.startswith(("wasm-function", "$")) or frame.get("codeType") == "wasm"
            frames[(e["id"], node["id"])] = ("Python's interpreter (WebAssembly)" if wasm
                                             else f"{name} ({where})" if where else name)
        for sample, delta in zip(data.get("cpuProfile", {}).get("samples", []), data.get("timeDeltas", [])):
            at[e["id"]] += delta
            if start <= at[e["id"]] < end:
                own[frames.get((e["id"], sample), "?")] += delta / 1000
    return sorted(own.items(), key=lambda item: -item[1])
