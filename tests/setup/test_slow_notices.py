"""When a test takes long, the run names it (tests/slow_notices.py), in one process and
under pytest-xdist, whose workers print nothing themselves."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 120.0

pytestmark = pytest.mark.processes  # a pytest run of its own: `tasks.py test --under-load`

# A slow test that lasts until the outer test lets it finish, and a quick one.
SLOW_AND_QUICK = """
import time
from pathlib import Path

def test_quick():
    pass

def test_slow():
    release = Path(__file__).with_name("release")
    deadline = time.monotonic() + {wait}
    while not release.exists():
        assert time.monotonic() < deadline, "never released"
        time.sleep(0.02)
"""


@pytest.mark.parametrize("workers", [[], ["-n", "1"]], ids=["one process", "xdist"])
def test_a_long_test_is_named_while_it_runs(tmp_path, workers):
    (tmp_path / "test_inner.py").write_text(SLOW_AND_QUICK.format(wait=WAIT_S))
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        + ["-p", "tests.slow_notices", *workers, "test_inner.py"],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PIXELPARLOR_SLOW_TEST_S="0.5"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(run.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + WAIT_S
        while not any("still running" in line for line in list(lines)):
            assert run.poll() is None and time.monotonic() < deadline, "".join(lines)
            time.sleep(0.02)
        (tmp_path / "release").touch()
        assert run.wait(timeout=WAIT_S) == 0
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    reader.join(timeout=WAIT_S)
    notices = [line.strip() for line in lines if "still running" in line]
    assert notices[0].startswith("[still running after ")
    assert notices[0].endswith("s] test_inner.py::test_slow"), notices
    assert not any("test_quick" in notice for notice in notices)
