"""Computer decisions that never hold up a frame.

The Expert searches for up to about 100 ms a decision; done in one go that would freeze
the window for six frames. So an agent that can think in slices (it has `think()`,
returning a game.engine.core.Thinking) gets THINKING_SLICE_MS of each tick, from the
scene's update(): the 100 ms are spread over some 34 ticks, which is the pause the table
makes before a computer plays anyway. While the boss screen is up update() is not called,
so no thinking happens behind it and no answer is acted on. Quick agents answer at once.

One decision at a time: the agent, the observation (the engine's copy of what the seat
may see) and the legal actions belong to the decision until it is made, and the scene
changes nothing in the game meanwhile. An answer to a question no longer asked (a new
game, a resumed one) is simply dropped.
"""
from __future__ import annotations

from typing import Any, Hashable, Optional, Sequence

from game.engine.core import Thinking
from game.engine.mille.rules import Action

# Thinking time per tick: with a draw of about 1 ms and the picture's scaling, a frame
# stays under the 8 ms we aim for on weak machines (the 60 Hz frame has 16.7 ms).
THINKING_SLICE_MS = 3.0


class Thinker:
    """Asks an agent for one decision at a time, a slice of thinking per tick."""

    def __init__(self) -> None:
        self._key: Optional[Hashable] = None
        self._thinking: Optional[Thinking[Action]] = None

    def start(self, key: Hashable, agent: Any, observation: Any,
              legal: Sequence[Action]) -> None:
        """Begin deciding the question `key` (a previous unfinished one is dropped)."""
        self._key = key
        think = getattr(agent, "think", None)
        if think is None:
            self._thinking = Thinking(None, agent.choose(observation, legal))
        else:
            self._thinking = think(observation, tuple(legal))

    def asked(self, key: Hashable) -> bool:
        """Whether the question `key` is being (or has been) decided."""
        return self._thinking is not None and self._key == key

    @property
    def thinking(self) -> bool:
        """A decision is still being made."""
        return self._thinking is not None and not self._thinking.done

    def think(self) -> None:
        """One tick's slice of thinking on the current question, if any."""
        if self._thinking is not None:
            self._thinking.step(THINKING_SLICE_MS)

    def answer(self, key: Hashable) -> Optional[Action]:
        """The decision for `key` once made (then forgotten), else None."""
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
