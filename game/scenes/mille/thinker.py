"""Computer decisions that never hold up a frame.

The Expert searches for up to about 100 ms a decision; run on the main thread that would
freeze the window for six frames. So a slow agent decides on a worker thread, and the
scene asks for the answer from update(), one tick at a time: while the boss screen is up
update() is not called, so no answer is ever acted on behind it. Quick agents answer at
once, on the main thread, which keeps tests and fast demo games exactly reproducible.

One decision at a time: the agent, the observation (the engine's copy of what the seat
may see) and the legal actions belong to the worker until it answers, and the scene
changes nothing in the game meanwhile. An answer to a question no longer asked (a new
game, a resumed one) is simply dropped.

The worker and the main thread share the interpreter lock, so two things are eased
while a worker thinks, and put back when the last worker is done:
- the switch interval is shortened: each time the worker takes the lock, the main
  thread may wait that long (5 ms by default) to get it back, in the middle of a frame;
- the objects alive when the thinking starts (sprites, fonts, caches: nearly all of
  them) are frozen out of the garbage collector (gc.freeze): the search allocates a lot,
  and each full collection it triggered walked every object in the program while
  holding the lock, a pause of about 10 ms for the frame that waited on it.
Measured with python -m game.bench (the Expert playing in demo mode): the table's p99
frame went from about 8-12 ms to 4-6 ms on a busy two-core machine.
"""
from __future__ import annotations

import gc
import sys
import threading
from typing import Any, Hashable, Optional, Sequence

from game.engine.mille.rules import Action

# Agents whose decisions may take long enough to be felt (engine.mille.agents.LEVELS).
THREADED_LEVELS = frozenset({"expert"})
THINKING_SWITCH_INTERVAL = 0.0005      # seconds (Python's default is 0.005)

_workers_lock = threading.Lock()
_workers = 0
_normal_interval = sys.getswitchinterval()


def _worker_starts() -> None:
    global _workers, _normal_interval
    with _workers_lock:
        if _workers == 0:
            _normal_interval = sys.getswitchinterval()
            sys.setswitchinterval(THINKING_SWITCH_INTERVAL)
            gc.freeze()
        _workers += 1


def _worker_ends() -> None:
    global _workers
    with _workers_lock:
        _workers -= 1
        if _workers == 0:
            gc.unfreeze()        # nothing else in the program freezes objects
            sys.setswitchinterval(_normal_interval)


class _Job:
    """One decision being made, on a worker thread or already made."""

    def __init__(self, key: Hashable):
        self.key = key
        self.done = threading.Event()
        self.action: Optional[Action] = None
        self.error: Optional[BaseException] = None

    def run(self, agent: Any, observation: Any, legal: Sequence[Action]) -> None:
        try:
            self.action = agent.choose(observation, legal)
        except BaseException as error:     # handed to the main thread, raised there
            self.error = error
        finally:
            self.done.set()

    def run_on_worker(self, agent: Any, observation: Any, legal: Sequence[Action]) -> None:
        try:
            self.run(agent, observation, legal)
        finally:
            _worker_ends()


class Thinker:
    """Asks an agent for one decision at a time; slow agents think off the main thread."""

    def __init__(self) -> None:
        self._job: Optional[_Job] = None

    def start(self, key: Hashable, agent: Any, observation: Any, legal: Sequence[Action],
              threaded: bool) -> None:
        """Begin deciding the question `key` (a previous unfinished one is dropped)."""
        job = self._job = _Job(key)
        if threaded:
            _worker_starts()
            threading.Thread(target=job.run_on_worker, args=(agent, observation, tuple(legal)),
                             name="mille-computer", daemon=True).start()
        else:
            job.run(agent, observation, legal)

    def asked(self, key: Hashable) -> bool:
        """Whether the question `key` is being (or has been) decided."""
        return self._job is not None and self._job.key == key

    @property
    def thinking(self) -> bool:
        """A decision is still being made."""
        return self._job is not None and not self._job.done.is_set()

    def answer(self, key: Hashable) -> Optional[Action]:
        """The decision for `key` once made (then forgotten), else None."""
        job = self._job
        if job is None or job.key != key or not job.done.is_set():
            return None
        self._job = None
        if job.error is not None:
            raise job.error
        return job.action

    def forget(self) -> None:
        """Drop the current question: its answer, when it comes, is ignored."""
        self._job = None

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Block until the current decision is made (tests and pictures only)."""
        job = self._job
        return True if job is None else job.done.wait(timeout)
