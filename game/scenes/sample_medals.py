"""The Scores screen's Medals page in --screenshots (issue 35): each game's medals, some
earned by a sample player in a throw-away folder standing in for the player's own, and
the toast of a medal just earned."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.lang import text
from game.scenes.scores import MEDALS, ScoresScene
from game.shell.registry import registered_games
from game.storage import Storage
from game.table.medals import medal_words

if TYPE_CHECKING:
    from game.shell.app import App

SAMPLE_NAME = "Ann"  # i18n: not shown (a name)


def medal_states(app: App) -> Iterator[tuple[str, Callable[[], None]]]:
    """Each game's Medals page with its first medal and the week's streak earned (the
    rest not yet), then the first game's page under the toast of a medal just earned."""
    real_storage = app.storage
    folder = Path(tempfile.mkdtemp(prefix="medal-shots-"))
    app.storage = Storage(folder, no_save=True)
    try:
        games = [info for info in registered_games() if info.medals]
        for info in games:
            medals = list(info.medals)
            app.storage.earn_medal(info.id, medals[0].id, SAMPLE_NAME)
            for medal in medals:
                if medal.streak == 7:
                    app.storage.earn_medal(info.id, medal.id)
            yield (
                f"scores-medals-{info.id}",
                lambda info=info: app.push(ScoresScene(app, info.id, MEDALS)),
            )
        if games:
            first = games[0]

            def toast() -> None:
                scene = app.push(ScoresScene(app, first.id, MEDALS))
                scene.hover_medal = 0
                app.notify(text(medal_words(first.medals[0])))

            yield "scores-medals-toast", toast
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)
