"""The Mille Bornes tournament with the players that do not ship: the Expert as it stood in
November 2026, frozen (tools/mille_expert_2026.py), against which every later Expert is
measured head to head.

    python -m tools.mille_tournament --a expert --b expert-2026 --rollouts 16 --games 300

Every option and level of python -m game.engine.mille.tournament, plus `expert-2026`.
"""

from __future__ import annotations

import random
import sys

from game.engine.core import Agent
from game.engine.mille import tournament
from tools.mille_expert_2026 import ExpertAgent

EXPERT_2026 = "expert-2026"


def make_expert_2026(rng: random.Random, budget_ms: float, rollouts: int | None) -> Agent:
    """The frozen Expert of November 2026, thinking as the tournament's Expert does."""
    return ExpertAgent(rng, budget_ms=budget_ms, max_rollouts=rollouts)


REFERENCES: dict[str, tournament.AgentMaker] = {EXPERT_2026: make_expert_2026}


def main(argv: list[str] | None = None) -> int:
    """The tournament's command line, with the reference players."""
    return tournament.main(argv, REFERENCES)


if __name__ == "__main__":
    sys.exit(main())
