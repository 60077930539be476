"""Two calculators on one page, for `make bench` (printed, never asserted): time until both are
ready and the memory of the browser's processes, with one shared interpreter (SharedWorker,
widget/engine/shared-engine.js) and with one worker each (SharedWorker removed, as on Chrome for Android).

The page is on the widget's own site (another port of 127.0.0.1): Chromium refuses SharedWorker in
third-party frames where third-party cookies are blocked, and the calculators then fall back to one
worker each. Memory is the proportional set size (PSS) of every process of the browser, read from
/proc once both are ready; service workers are blocked so that no offline caching runs meanwhile.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "5"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
# On the host page: when each calculator says it is ready (embed.js relays the frame's event).
READY_TIMES = """window.readyAt = [];
document.addEventListener("elo-calculator:ready", () => window.readyAt.push(performance.now()), true);"""


def processes(profile: Path) -> list[int]:
    """The browser started with this profile and all its descendants (renderers, GPU, utility)."""
    parents: dict[int, int] = {}
    roots = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        if f"--user-data-dir={profile}".encode() in cmdline and b"--type=" not in cmdline:
            roots.append(int(proc.name))
    found = set(roots)
    grew = True
    while grew:
        before = len(found)
        found |= {pid for pid, parent in parents.items() if parent in found}
        grew = len(found) > before
    return sorted(found)


def pss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def one_run(p: Playwright, url: str, shared: bool) -> tuple[float, float]:
    """Milliseconds until both calculators are ready, and the browser's PSS in MiB then."""
    with tempfile.TemporaryDirectory(prefix="bench-shared-") as tmp:
        profile = Path(tmp)
        context = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                       service_workers="block")
        context.add_init_script(READY_TIMES + ("" if shared else "\ndelete window.SharedWorker;"))
        page = context.pages[0]
        page.goto(url)
        page.wait_for_function("() => window.readyAt.length === 2", timeout=180_000)
        both: float = page.evaluate("() => Math.max(...window.readyAt)")
        page.wait_for_timeout(1000)  # let the boot's garbage go before memory is read
        memory = pss_mib(processes(profile))
        context.close()
    return both, memory


def main() -> None:
    widget = serve.start(ROOT / "dist", "127.0.0.1", 0)
    origin = f"http://127.0.0.1:{widget.server_address[1]}"
    # The tests' page with two calculators, served on the widget's site.
    hosts = serve.start(ROOT / "tests" / "browser" / "hosts", "127.0.0.1", 0, csp=None,
                        substitutions={"__WIDGET_ORIGIN__": origin})
    url = f"http://127.0.0.1:{hosts.server_address[1]}/two.html"
    rows = {}
    with sync_playwright() as p:
        for name, shared in (("one shared interpreter", True), ("one worker each", False)):
            runs = [one_run(p, url, shared) for _ in range(RUNS)]
            rows[name] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
    print(f"\nTwo calculators on one page (Chromium, medians of {RUNS} cold browsers)")
    print("| engines                | both ready ms | browser PSS MiB |")
    print("|------------------------|---------------|-----------------|")
    for name, (ms, mib) in rows.items():
        print(f"| {name:<22} | {ms:>13.0f} | {mib:>15.0f} |")
    widget.shutdown()
    hosts.shutdown()


if __name__ == "__main__":
    main()
