"""The mobile profile's slow CPU for the threads CDP cannot slow (`make bench`, bench/loads.py).

Emulation.setCPUThrottlingRate slows the page's main thread only; a worker target refuses it. So
every other thread of the browser's renderer processes (the engine's worker, where Python starts
and computes, the thread pool that compiles the WebAssembly, the compositor) is held here to 1/rate
of a core each: Linux's CPU bandwidth control, the cgroup v1 `cpu` controller, one cgroup per thread
with `cpu.cfs_quota_us` = period / rate. The renderers' threads are looked for every 2 ms (new
renderers every 50 ms), so a new thread may run its first milliseconds at full speed. The browser's
own process, the network service and the GPU process are not slowed (the network is the server's,
bench/loads.py). Needs root and a writable /sys/fs/cgroup/cpu; where that is missing, `available()`
is False and the bench says that the worker ran at this machine's full speed.
"""

from __future__ import annotations

import itertools
import os
import threading
from pathlib import Path
from types import TracebackType

from bench.shared_engine import processes

CGROUP = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000  # short, so that a throttled thread waits at most ~7.5 ms at a time


def available() -> bool:
    """Whether threads can be slowed here (the cgroup v1 cpu controller, writable)."""
    return (CGROUP / "cpu.cfs_quota_us").exists() and os.access(CGROUP, os.W_OK)


def renderers(profile: Path) -> list[int]:
    """The renderer processes of the browser that runs with `profile` as its user data directory."""
    found = []
    for pid in processes(profile):
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:  # ended meanwhile
            continue
    return found


class SlowThreads:
    """While open: every renderer thread but each renderer's main thread held to 1/rate of a core."""

    def __init__(self, profile: Path, rate: float) -> None:
        self.profile, self.quota = profile, int(PERIOD_US / rate)
        self.base = CGROUP / f"elo-bench-{os.getpid()}"
        self.slowed: set[int] = set()
        self.names: set[str] = set()  # of the threads slowed (Linux's 15-character thread names)
        self._stop = threading.Event()
        self._poller = threading.Thread(target=self._poll, daemon=True)

    def __enter__(self) -> SlowThreads:
        self.base.mkdir(exist_ok=True)
        self._poller.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        self._poller.join()
        for group in self.base.iterdir():
            if not group.is_dir():
                continue
            for tid in (group / "tasks").read_text().split():  # still running: back to the root group
                try:
                    (CGROUP / "tasks").write_text(tid)
                except OSError:
                    pass
            group.rmdir()
        self.base.rmdir()

    def _poll(self) -> None:
        found: list[int] = []
        for turn in itertools.count():
            if self._stop.wait(0.002):
                return
            if turn % 25 == 0:  # reading every process's command line costs a few ms
                found = renderers(self.profile)
            for pid in found:
                try:
                    tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
                except OSError:
                    continue
                for tid in tids:
                    if tid != pid and tid not in self.slowed:
                        self._slow(pid, tid)

    @property
    def worker_slowed(self) -> bool:
        """Whether the engine's worker thread (shared or dedicated) was among the threads slowed."""
        return any(name.startswith(("SharedWorker", "DedicatedWorker")) for name in self.names)

    def _slow(self, pid: int, tid: int) -> None:
        group = self.base / str(tid)
        try:
            group.mkdir(exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(self.quota))
            (group / "tasks").write_text(str(tid))
            self.names.add(Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip())
        except OSError:  # the thread ended meanwhile
            return
        self.slowed.add(tid)
