"""The Expert shown the other hands: a yardstick, never a player at the table.

An honest Expert can only guess the hidden hands (sample_state deals them at random, as
far as what it has seen allows). The seer plays exactly like the Expert, but its rollouts
start from the other players' real hands; only the order of the draw pile stays unknown.
So its win rate against `expert-2026` is about the most that better hand reading and
opponent modelling could ever give the Expert as it searches today:

    python -m game.engine.mille.tournament --a expert-seer --b expert-2026 --rollouts 16

The tournament shows it the table before each of its decisions (SeerAgent.see).
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

    def _world(self, obs: Observation) -> MilleState:
        if self.table is None or self.table.hand_number != obs.hand_number:
            return super()._world(obs)
        world = self.table.copy()
        self.rng.shuffle(world.draw_pile)      # the hands are known, the draws are not
        return world
