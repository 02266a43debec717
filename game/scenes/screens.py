"""The screens the App opens by itself (help, the boss screen) or for a table (the Top
Ten), handed to it by whoever starts it (game.main, the tools, the tests): the App, in the
shell below, knows no screen."""

from __future__ import annotations

from game.scenes.boss import BossScene
from game.scenes.help import HelpScene
from game.scenes.scores import ScoresScene
from game.shell.base import Screens


def daily_screen(app, game_id: str):
    """The daily deal's screen on a game (the end of a daily game opens it)."""
    # late import: the daily screen brings the table runtime, which the title starts without
    from game.scenes.daily import DailyScene

    return DailyScene(app, game_id)


SCREENS = Screens(help=HelpScene, boss=BossScene, scores=ScoresScene, daily=daily_screen)
