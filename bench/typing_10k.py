"""Typing with 10 000 games alone (bench/browser.py's typing_10k, which `make bench` runs among the
rest), for working on it: builds dist/ unless --no-build, then prints each run's median and p95
(input event to the frame after the result) and longest main-thread task, and their medians.
Usage: .venv/bin/python bench/typing_10k.py [--no-build] [--runs 3] [--system elo|fide]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

from bench.browser import ARGS, p95, typing_10k  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--system", choices=("elo", "fide"), default="elo")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["make", "-s", "dist"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    server = serve.start(ROOT / "dist", "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/widget/"
    medians, p95s, longests = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for run in range(args.runs):
            times, longest = typing_10k(browser, url, system=args.system)
            medians.append(statistics.median(times))
            p95s.append(p95(times))
            longests.append(longest)
            print(f"run {run + 1}: median {medians[-1]:.0f} ms, p95 {p95s[-1]:.0f} ms, longest task {longest:.0f} ms",
                  flush=True)
        browser.close()
    print(f"median of {args.runs} runs: median {statistics.median(medians):.0f} ms, "
          f"p95 {statistics.median(p95s):.0f} ms, longest task {statistics.median(longests):.0f} ms")


if __name__ == "__main__":
    main()
