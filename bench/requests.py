"""Every request of a cold first result, for `make bench` (bench/bench.py): the widget loaded in a
fresh Chromium context until its first result shows, each file it fetched with its size as stored,
gzipped (level 6, what hosts use on the fly) and brotli-compressed (quality 11, what a host that
precompresses sends), and when the request started. Brotli 11 on the wasm takes minutes: sizes are
kept in build/bench-sizes.json by content hash."""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import re
from pathlib import Path
from urllib.parse import urlsplit

import brotli  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Request
from site_policy import COMPRESSIBLE

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "bench-sizes.json"


def sizes(data: bytes, cache: dict[str, list[int]]) -> tuple[int, int]:
    """(gzip, brotli) sizes of data as a host sends it: the file itself when not worth compressing."""
    key = hashlib.sha256(data).hexdigest()
    if key not in cache:
        cache[key] = [len(gzip.compress(data, 6)), len(brotli.compress(data, quality=11))]
    return cache[key][0], cache[key][1]


def cold_requests(browser: Browser, url: str, root: Path) -> list[tuple[str, float, int, int, int]]:
    """(path, start ms, raw, gzip, brotli) of every file requested until the first result, in order;
    the start is NaN where the browser gives none (the worker's requests). A file counts once
    (tests/browser/test_requests.py checks that the server answers it once)."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    requests: list[Request] = []
    context.on("request", lambda r: requests.append(r))  # the worker's too
    page.goto(url)
    page.wait_for_function("() => performance.getEntriesByName('elo:first-result').length > 0", timeout=120_000)
    origin: float = page.evaluate("() => performance.timeOrigin")
    seen = [(urlsplit(r.url).path, r.timing["startTime"] - origin if r.timing["startTime"] > 0 else math.nan)
            for r in requests]
    context.close()
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    first: dict[str, float] = {}
    for path, start in seen:
        first.setdefault(path, start)
    rows = []
    for path, start in first.items():
        file = root / path.lstrip("/")
        file = file / "index.html" if file.is_dir() else file
        if not file.is_file():
            continue
        data = file.read_bytes()
        gz, br = sizes(data, cache) if file.suffix in COMPRESSIBLE else (len(data), len(data))
        rows.append((path, start, len(data), gz, br))
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_text(json.dumps(cache))
    return rows


def print_requests(rows: list[tuple[str, float, int, int, int]]) -> None:
    print("\nEvery request of a cold first result (bytes; gzip 6 and brotli 11 as a compressing host sends)")
    print("| file                                     | start ms |        raw |       gzip |     brotli |")
    print("|------------------------------------------|----------|------------|------------|------------|")
    for path, start, raw, gz, br in rows:
        name = re.sub(r"/static/(pyodide/)?[^/]*[0-9a-f]{16}/", r"/static/\1…/", path)
        when = "—" if math.isnan(start) else f"{start:.0f}"
        print(f"| {name[-40:]:<40} | {when:>8} | {raw:>10,} | {gz:>10,} | {br:>10,} |")
    print(f"| {'total, ' + str(len(rows)) + ' requests':<40} | {'':>8} | {sum(r[2] for r in rows):>10,} "
          f"| {sum(r[3] for r in rows):>10,} | {sum(r[4] for r in rows):>10,} |")
