"""What every game engine shares: the event a rule produces and the agent protocol."""

from __future__ import annotations

import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar


@dataclass(frozen=True)
class Event:
    """Something an action caused that a scene may animate or sound, e.g. "farkle"."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain data for logs and saved games."""
        return {"kind": self.kind, **dict(self.data)}


Action = TypeVar("Action")
Result = TypeVar("Result")


class Agent(Protocol[Action]):
    """A seat's decision maker: sees only what its seat may see, returns a legal action."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """Pick one of `legal_actions` given the seat's `observation`."""
        ...


class Thinking(Generic[Result]):
    """A long computation cut into slices, so a scene can spread it over frames.

    `job` is a generator that yields after each short slice of work and returns the
    result; or the result is known at once (`job` None). Nothing runs between step()
    calls, so a scene that stops calling (the boss screen is up) stops the thinking.
    """

    def __init__(
        self, job: Generator[None, None, Result] | None, result: Result | None = None
    ) -> None:
        self._job = job
        self.result: Result | None = result

    @property
    def done(self) -> bool:
        """Whether the result is ready."""
        return self._job is None or self.result is not None

    def step(self, max_ms: float | None = None) -> bool:
        """One slice, or (with `max_ms`) slices until that many milliseconds have passed
        (it may overrun by one slice). True once the result is ready."""
        deadline = None if max_ms is None else time.perf_counter() + max_ms / 1000.0
        while not self.done:
            assert self._job is not None
            try:
                next(self._job)
            except StopIteration as finished:
                self.result = finished.value
                self._job = None
                break
            if deadline is None or time.perf_counter() >= deadline:
                break
        return self.done

    def finish(self) -> Result:
        """Run the remaining slices at once and return the result."""
        while not self.step():
            pass
        # None is a result too (a coach's "nothing to decide"): done means the job ended.
        return self.result  # type: ignore[return-value]
