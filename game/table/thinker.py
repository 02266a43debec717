"""Computer decisions that never hold up a frame.

A strong player may search for 100 ms a decision; done in one go that would freeze the
window for six frames. So a decision is a game.engine.core.Thinking (a job cut into
slices), and the table gives it THINKING_SLICE_MS of each tick from its update(): the
100 ms spread over some 34 ticks, which is the pause a table makes before a computer
plays anyway. While the boss screen is up update() is not called, so no thinking happens
behind it and no answer is acted on. Quick players answer at once.

One question at a time: whatever the question was asked about belongs to it until it is
answered, and the table changes nothing in the game meanwhile. An answer to a question
no longer asked (a move was made, a new game, a resumed one) is simply dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from game.engine.core import Thinking

# Thinking time per tick: with a draw of about 1 ms and the picture's scaling, a frame
# stays under the 8 ms we aim for on weak machines (the 60 Hz frame has 16.7 ms).
THINKING_SLICE_MS = 3.0


class Thinker:
    """Works on one question at a time, a slice of thinking per tick."""

    def __init__(self) -> None:
        self._key: Hashable | None = None
        self._thinking: Thinking[Any] | None = None

    def start(self, key: Hashable, ask: Callable[[], Thinking[Any]]) -> None:
        """Begin the question `key` (a previous unfinished one is dropped)."""
        self._key = key
        self._thinking = ask()

    def asked(self, key: Hashable) -> bool:
        """Whether the question `key` is being (or has been) worked on."""
        return self._thinking is not None and self._key == key

    @property
    def busy(self) -> bool:
        """A question is still being worked on."""
        return self._thinking is not None and not self._thinking.done

    def think(self, budget_ms: float = THINKING_SLICE_MS) -> None:
        """One tick's slice of thinking on the current question, if any."""
        if self._thinking is not None and not self._thinking.done:
            self._thinking.step(budget_ms)

    def answer(self, key: Hashable) -> Any:
        """The answer to `key` once found (then forgotten), else None."""
        thinking = self._thinking
        if thinking is None or self._key != key or not thinking.done:
            return None
        self.forget()
        return thinking.result

    def forget(self) -> None:
        """Drop the current question."""
        self._key = None
        self._thinking = None

    def finish(self) -> None:
        """Think the current question through at once (tests and pictures only)."""
        if self._thinking is not None:
            self._thinking.finish()


def answered(result: Any) -> Thinking[Any]:
    """A question answered at once (a quick player), in the shape of a long one."""
    return Thinking(None, result)
