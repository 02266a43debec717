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
"""
from __future__ import annotations

import threading
from typing import Any, Hashable, Optional, Sequence

from game.engine.mille.rules import Action

# Agents whose decisions may take long enough to be felt (engine.mille.agents.LEVELS).
THREADED_LEVELS = frozenset({"expert"})


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


class Thinker:
    """Asks an agent for one decision at a time; slow agents think off the main thread."""

    def __init__(self) -> None:
        self._job: Optional[_Job] = None

    def start(self, key: Hashable, agent: Any, observation: Any, legal: Sequence[Action],
              threaded: bool) -> None:
        """Begin deciding the question `key` (a previous unfinished one is dropped)."""
        job = self._job = _Job(key)
        if threaded:
            threading.Thread(target=job.run, args=(agent, observation, tuple(legal)),
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
