"""The Progress page's sample records (--screenshots): each game's average loss is the one
its accuracy figure gives under the accuracy's formula (game.engine.coach, lichess's
curve with the game's half_at and stretch), not the halving formula it had before
(issue 32)."""

from __future__ import annotations

import pytest

from game.engine import coach as shared
from game.engine.farkle import coach as farkle_coach
from game.engine.lucie import coach as lucie_coach
from game.engine.mille import coach as mille_coach
from game.engine.shutbox import coach as shutbox_coach
from game.scenes.sample_progress import SAMPLE_GAMES, record_sample_progress
from game.shell.registry import load_games
from game.storage import Storage

COACHES = {
    "farkle": farkle_coach,
    "lucie": lucie_coach,
    "mille": mille_coach,
    "shutbox": shutbox_coach,
}


@pytest.mark.parametrize("game_id", sorted(COACHES))
def test_the_sample_losses_agree_with_the_accuracy_figures(tmp_path, game_id):
    load_games()
    coach = COACHES[game_id]
    storage = Storage(tmp_path, no_save=True)
    recorded: list[tuple[int, float]] = []
    record = storage.record_result

    def kept(game, **result):
        if result["accuracy"] is not None:
            recorded.append((result["accuracy"], result["loss"]))
        return record(game, **result)

    storage.record_result = kept
    record_sample_progress(
        storage,
        game_id,
        lambda rng, won: 100,
        coach.HALF_ACCURACY_AT,
        coach.ACCURACY_STRETCH,
    )
    assert SAMPLE_GAMES > len(recorded) > SAMPLE_GAMES // 2
    for figure, loss in recorded:
        # A game of decisions that each cost its average loss has its figure.
        assert shared.accuracy([loss] * 10, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH) == (
            figure
        )
