"""Building a computer player's tables off the main thread, so that no frame waits.

Some players need tables that take a quarter of a second or more to build from cold
(Shut The Box's Perfect, Farkle's Expert). A scene asks `warm_up(key, build)` every tick
until it answers True; the first call starts `build` on a background thread. Nothing
else runs on that thread, and the scene uses the tables only once it has finished.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

_builds: dict[Hashable, threading.Thread] = {}
_lock = threading.Lock()


def warm_up(key: Hashable, build: Callable[[], object]) -> bool:
    """True once `build` (started in the background on the first call for `key`) is done."""
    with _lock:
        thread = _builds.get(key)
        if thread is None:
            thread = threading.Thread(
                target=_logging_failures, args=(key, build), daemon=True, name=f"warm-up {key}"
            )
            _builds[key] = thread
            thread.start()
    return not thread.is_alive()


def wait_until_warm(key: Hashable, build: Callable[[], object]) -> None:
    """Block until `build` for `key` is done (tests, screenshots and benchmarks only)."""
    warm_up(key, build)
    _builds[key].join()


def _logging_failures(key: Hashable, build: Callable[[], object]) -> None:
    """Run `build`; a failure goes to the log (a thread's exception would reach only
    stderr, unseen in the executable). The player's table then builds what it needs on
    first use, as a table without a warm-up does."""
    try:
        build()
    except Exception:
        log.exception("building the tables for %s failed", key)
