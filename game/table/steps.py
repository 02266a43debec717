"""Pacing what the screen shows behind the engine's truth: one queue of steps per table.

The engine changes at once; the table shows the change step by step (dice tumble, a card
flies, a door falls, the computer pauses so that you can follow it). A step waits its
ticks at the head of the queue, then runs; a step with a condition also waits until the
condition holds (when the dice have landed). Steps advance only from the scene's
update(), so the boss key freezes them. Fast mode queues them with no ticks, and hurry()
(Space or a click while the computer plays, or switching fast mode on) runs everything
queued at once, stopping only at a condition that still does not hold.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

# At most this many steps run in one tick, so that fast mode is quick but never freezes.
MAX_STEPS_PER_TICK = 8
# hurry() gives up after this many steps: a step that keeps queueing more must not hang it.
MAX_HURRIED_STEPS = 10_000


@dataclass
class Step:
    """Something the table shows or does after `ticks` ticks at the head of the queue."""

    ticks: int = 0
    run: Callable[[], None] | None = None
    #: Waits (after its ticks) until this holds, e.g. until the dice have landed.
    until: Callable[[], bool] | None = None
    #: Called when the step reaches the head of the queue (a card's flight starts, its
    #: sound plays); hurry() calls it too, so that nothing is skipped unheard.
    start: Callable[[], None] | None = None
    elapsed: int = 0
    started: bool = False

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.start is not None:
                self.start()

    @property
    def ready(self) -> bool:
        return self.elapsed >= self.ticks and (self.until is None or self.until())


class StepQueue:
    """The table's steps, oldest first."""

    def __init__(self) -> None:
        self._steps: deque[Step] = deque()

    def __bool__(self) -> bool:
        return bool(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps)

    def add(self, step: Step) -> Step:
        self._steps.append(step)
        return step

    def after(
        self,
        ticks: int,
        run: Callable[[], None] | None = None,
        *,
        start: Callable[[], None] | None = None,
    ) -> Step:
        """Queue `run` to happen `ticks` ticks after the steps already queued."""
        return self.add(Step(max(0, ticks), run, start=start))

    def wait(self, ticks: int) -> Step:
        """A pause of `ticks` ticks before whatever is queued next."""
        return self.after(ticks)

    def when(self, until: Callable[[], bool], run: Callable[[], None] | None = None) -> Step:
        """Queue `run` for the moment `until()` holds (checked once a tick)."""
        return self.add(Step(0, run, until=until))

    @property
    def current(self) -> Step | None:
        """The step at the head of the queue."""
        return self._steps[0] if self._steps else None

    def tick(self) -> int:
        """One tick: the head step counts a tick, and steps whose time has come run (at
        most MAX_STEPS_PER_TICK). Returns how many ran."""
        ran = 0
        while self._steps and ran < MAX_STEPS_PER_TICK:
            step = self._steps[0]
            step.begin()
            if step.elapsed < step.ticks:
                step.elapsed += 1
                break
            if step.until is not None and not step.until():
                break
            self._steps.popleft()
            ran += 1
            if step.run is not None:
                step.run()
        return ran

    def hurry(self, land: Callable[[], None] = lambda: None) -> None:
        """Run every queued step now, in order, and those they queue; `land` finishes
        whatever moves first, so that a step waiting for it can go. Stops at a step whose
        condition still does not hold."""
        for _turn in range(MAX_HURRIED_STEPS):
            land()
            if not self._steps:
                return
            step = self._steps[0]
            step.begin()
            if step.until is not None and not step.until():
                return
            self._steps.popleft()
            if step.run is not None:
                step.run()

    def clear(self) -> None:
        """Drop every step (a new game, a resumed one)."""
        self._steps.clear()
