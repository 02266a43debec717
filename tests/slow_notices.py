"""A pytest plugin: when a test takes long, say which one is running.

pytest -q prints a dot per test and nothing while one runs, and pytest-xdist's workers
print nothing at all, so a minute-long network game looked like a hung run. This watches
the tests that started and have not finished (in the process that reports, which under
xdist hears of every worker's tests) and prints a line for each that has run for
`PIXELPARLOR_SLOW_TEST_S` seconds (default 20), then again every minute it goes on.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import IO

import pytest

FIRST_NOTICE_AFTER_S = float(os.environ.get("PIXELPARLOR_SLOW_TEST_S", "20"))
AGAIN_EVERY_S = 60.0


class SlowTestNotices:
    def __init__(self, out: IO[str], first_after_s: float, again_every_s: float) -> None:
        self.out = out
        self.first_after_s = first_after_s
        self.again_every_s = again_every_s
        self.running: dict[str, tuple[float, float]] = {}  # nodeid: (started, next notice)
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.watcher = threading.Thread(target=self.watch, name="slow-test-notices", daemon=True)
        self.watcher.start()

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        now = time.monotonic()
        with self.lock:
            self.running[nodeid] = (now, now + self.first_after_s)

    def pytest_runtest_logfinish(self, nodeid: str) -> None:
        with self.lock:
            self.running.pop(nodeid, None)

    def pytest_unconfigure(self) -> None:
        self.done.set()
        self.watcher.join(timeout=5)
        self.out.close()

    def watch(self) -> None:
        while not self.done.wait(min(1.0, self.first_after_s / 2)):
            now = time.monotonic()
            due = []
            with self.lock:
                for nodeid, (started, notice_at) in self.running.items():
                    if now >= notice_at:
                        due.append((nodeid, now - started))
                        self.running[nodeid] = (started, now + self.again_every_s)
            for nodeid, seconds in due:
                # A line of its own: the dots of the progress line go on below it.
                self.out.write(f"\n[still running after {seconds:.0f} s] {nodeid}\n")
                self.out.flush()


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        return  # an xdist worker: its controller hears of its tests and tells
    # A descriptor of its own on the terminal: while a test runs, pytest captures fd 1,
    # which the notices must not go into.
    out = os.fdopen(os.dup(sys.__stdout__.fileno()), "w", buffering=1)
    config.pluginmanager.register(
        SlowTestNotices(out, FIRST_NOTICE_AFTER_S, AGAIN_EVERY_S), "slow-test-notices"
    )
