"""What every game engine shares: the engine contract, the event a rule produces and the
agent protocol."""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable


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

#: The events with which a table answers an action it refuses without raising (Farkle's
#: beep for a bank below the minimum, La Belle Lucie's "illegal" and "locate" for a card
#: that cannot move): nothing else happens.
REFUSALS = frozenset({"bank_refused", "illegal", "locate"})


@runtime_checkable
class Engine(Protocol):
    """The contract every game's state follows (tests/engine/test_every_engine.py plays
    every registered game and Pig through it). The state is the whole game; a seat is an
    index 0..seat_count-1.

    - `options`: what the table was set up with (the engine's own value).
    - `to_act`: the seat whose decision it is; None when nobody's is: the game is over, or
      the table itself acts (Mille Bornes' deal, its one legal action).
    - `legal_actions()`: what may be applied now; empty once the game is over.
    - `apply(action, rng)`: carry out one action and return the events it caused, in
      order. Randomness only from `rng` (an engine whose shuffles are fixed by its deal,
      La Belle Lucie, ignores it). An action outside legal_actions() changes nothing:
      apply raises a ValueError saying why, or answers with events all of REFUSALS.
    - `view_for(seat)`: plain JSON data of what that seat may see: never another seat's
      hidden cards nor the order of a pile face down (nor what fixes it, a deal number).
    - `public_view()`: plain JSON data of what everyone may see, a watcher at a network
      table: no seat's hidden cards at all (Mille Bornes: no hand); the whole state where
      nothing is hidden.
    - `is_over`, `result()`: whether the game has ended; then who won (seats, or sides
      where partners win together: Mille Bornes), [] for a hand lost alone (La Belle
      Lucie); None while play goes on.
    - `to_json()` / `from_json(data)`: the saved game, and back; from_json checks all it
      reads and raises saved.InvalidState (a ValueError) for anything the rules could not
      have produced. Saved formats never change without a version.
    - `action_to_json(action)` / `action_from_json(data)`: an action as sent over the
      network; action_from_json raises InvalidState for data that is no action.
    """

    @property
    def options(self) -> Any: ...

    @property
    def seat_count(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, rng: random.Random) -> list[Event]: ...

    def view_for(self, seat: int) -> dict[str, Any]: ...

    def public_view(self) -> dict[str, Any]: ...

    @property
    def is_over(self) -> bool: ...

    def result(self) -> list[int] | None: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: Any) -> Engine: ...

    @staticmethod
    def action_to_json(action: Any) -> Any: ...

    @staticmethod
    def action_from_json(data: Any) -> Any: ...


class NothingHidden:
    """Part of the engine contract for a game where nothing is hidden and `current` is the
    seat to play (Farkle, Shut The Box, Pig): each seat sees the whole state."""

    current: int

    @property
    def to_act(self) -> int | None:
        """The seat to play, None once the game is over."""
        return None if self.is_over else self.current  # type: ignore[attr-defined]

    def view_for(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: the whole state."""
        return self.to_json()  # type: ignore[attr-defined,no-any-return]

    def public_view(self) -> dict[str, Any]:
        """What everyone may see (a watcher): the whole state, as every seat's view."""
        return self.to_json()  # type: ignore[attr-defined,no-any-return]


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
