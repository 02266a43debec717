"""A sample player's results for the Scores screen's Progress page in --screenshots: each
game's pictures (GameInfo.screenshots) record them in a throw-away folder."""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.coach import cost_for_accuracy
from game.scenes.scores import PROGRESS, ScoresScene
from game.shell.registry import game_info
from game.storage import Storage

if TYPE_CHECKING:
    from game.shell.app import App

# The progress pictures' sample player: this many games, one in JUDGED_NOTHING_EVERY
# with nothing for the coach to judge, and against people one game in PEOPLE_EVERY.
SAMPLE_GAMES = 30
JUDGED_NOTHING_EVERY = 9
PEOPLE_EVERY = 7


def record_sample_progress(
    storage: Storage,
    game_id: str,
    score: Callable[[random.Random, bool], int],
    half_accuracy_at: float,
    stretch: float,
    seed: int = 1,
) -> None:
    """Record SAMPLE_GAMES results of a player who improves: accuracy from about 45 to
    80, moving up the game's computer levels (weakest first; none: a game played alone)
    and winning less often against stronger ones. `score(rng, won)` is a typical score
    of the game; the loss is the one that gives the accuracy with the game's half_at
    and stretch (game.engine.coach.cost_for_accuracy), as a real game's would."""
    levels = list(game_info(game_id).level_labels)
    rng = random.Random(seed)
    for number in range(SAMPLE_GAMES):
        progress = number / (SAMPLE_GAMES - 1)
        step = min(len(levels) - 1, int(progress * len(levels))) if levels else 0
        if not levels:
            opponent = ""
        elif number % PEOPLE_EVERY == 3:
            opponent = "people"
        else:
            opponent = levels[step]
        skill = min(99, max(5, round(45 + 35 * progress + rng.uniform(-12, 12))))
        won = rng.random() < skill / 100 - 0.2 * step
        accuracy, loss = skill, cost_for_accuracy(skill, half_accuracy_at, stretch)
        if number % JUDGED_NOTHING_EVERY == 5:
            accuracy = loss = None
        storage.record_result(
            game_id, won=won, score=score(rng, won), accuracy=accuracy, loss=loss, opponent=opponent
        )


def progress_states(
    app: App, game_id: str, record: Callable[[Storage], None], name: str = "progress"
) -> Iterator[tuple[str, Callable[[], None]]]:
    """The Scores screen's Progress page of a game, with the results `record(storage)`
    puts in a throw-away folder standing in for the player's own while the picture is
    taken (a generator: the real records are back before the next state's)."""
    real_storage = app.storage
    folder = Path(tempfile.mkdtemp(prefix=f"{game_id}-progress-shots-"))
    app.storage = Storage(folder, no_save=True)
    try:
        record(app.storage)
        yield name, lambda: app.push(ScoresScene(app, game_id, PROGRESS))
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)
