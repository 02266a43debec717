"""The Expert shown hidden cards: yardsticks, never players at the table.

An honest Expert can only guess the hidden hands (sample_state deals them at random, as
far as what it has seen allows). The seer plays exactly like the Expert, but its rollouts
start from the other players' real hands; only the order of the draw pile stays unknown.
So its win rate against `expert-2026` is about the most that better hand reading and
opponent modelling could ever give the Expert as it searches today:

    python -m tools.mille_tournament --a expert-seer --b expert-2026 --rollouts 16

The oracle is shown the draw pile's order too: its rollouts play out the hand as it will
really be dealt (the rollout policy draws no random numbers), so each candidate is judged
without sampling noise. No player can know more; its win rate against `expert-2026` is
what knowing every hidden card would give the Expert's search as it is (which compares
a few close candidates). Set against the seer's, it tells how much of the game the
coming draws decide.

The tournament shows them the table before each of their decisions (SeerAgent.see).
"""

from __future__ import annotations

from game.engine.mille.expert import ExpertAgent
from game.engine.mille.rules import MilleState, Observation


class SeerAgent(ExpertAgent):
    """The Expert, with every hand in its rollouts dealt as it really is."""

    table: MilleState | None = None

    def see(self, state: MilleState) -> None:
        """The true state of the game, for the decision about to be asked for."""
        self.table = state

    def _shown(self, obs: Observation) -> MilleState | None:
        """A copy of the table shown for this decision, or None if none was shown."""
        if self.table is None or self.table.hand_number != obs.hand_number:
            return None
        return self.table.copy()

    def _world(self, obs: Observation) -> MilleState:
        world = self._shown(obs)
        if world is None:
            return super()._world(obs)
        self.rng.shuffle(world.draw_pile)  # the hands are known, the draws are not
        return world


class OracleAgent(SeerAgent):
    """The Expert, with its rollouts played on the hand exactly as it will be dealt."""

    def _world(self, obs: Observation) -> MilleState:
        world = self._shown(obs)
        if world is None:
            return ExpertAgent._world(self, obs)
        return world
