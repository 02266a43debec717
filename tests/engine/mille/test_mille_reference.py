"""The reference player "expert-2026" never changes: every later Expert is measured head to
head against it (python -m tools.mille_tournament --a expert --b expert-2026). Its play in
fixed games (fixed rollouts, so reproducible) is pinned here. Should this fail because
expert.py changed, the reference moved with it: copy expert.py as it was to
tools/mille_expert_2026.py, which tools/mille_tournament.make_expert_2026 plays. It does
not ship: the game's package has no such level."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.engine.mille.agents import LEVELS, REFERENCE_LEVELS, make_agent
from game.engine.mille.rules import MilleState, Options
from game.engine.mille.tournament import play_game
from tools.mille_tournament import EXPERT_2026, main, make_expert_2026

# sha256 of every event of the games below, as JSON.
PINNED = "72ea8a57f9f1acb684301bd345a43cd69d381e4b0b7b66324c35eb02bd04a071"


def reference_games_digest() -> str:
    digest = hashlib.sha256()
    for players, seed in ((2, 1), (3, 2)):
        rng = random.Random(f"reference:{seed}")
        agents = [
            make_expert_2026(random.Random(rng.random()), 100.0, 3)
            if seat == 0
            else make_agent("basic", random.Random(rng.random()), rollouts=3)
            for seat in range(players)
        ]
        play_game(
            MilleState.new_game(Options(players=players)),
            agents,
            rng,
            on_event=lambda event: digest.update(
                json.dumps(event.to_json(), sort_keys=True).encode()
            ),
        )
    return digest.hexdigest()


def test_the_2026_expert_plays_as_it_always_has():
    assert reference_games_digest() == PINNED, (
        "expert-2026 changed: freeze the old Expert in expert_2026.py (see this file's "
        "docstring) before changing the Expert"
    )


def test_the_2026_expert_is_no_level_of_the_game_but_one_of_the_tools_tournament(capsys):
    assert EXPERT_2026 not in LEVELS + REFERENCE_LEVELS
    with pytest.raises(ValueError, match="unknown level"):
        make_agent(EXPERT_2026, random.Random(1))
    args = ["--a", "expert", "--b", EXPERT_2026, "--games", "1", "--rollouts", "1"]
    assert main([*args, "--game-target", "1000"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["a"], result["b"], result["games"]) == ("expert", EXPERT_2026, 1)
