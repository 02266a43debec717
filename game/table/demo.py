"""Demo and speed at a table: D lets the computer play this screen's seats (a game it
played any part of does not count), F turns this game's speed (Normal, Quick, Fast); after
a demo game the next one starts by itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.lang import N_, Msg
from game.shell.registry import game_info
from game.storage.settings import FAST, NORMAL, QUICK, next_speed
from game.table.talk import DIM, Talk

#: What F says of each speed.
SPEED_NEWS = {
    NORMAL: N_("Normal: every animation and pause in full (F changes it)."),
    QUICK: N_("Quick: animations and pauses half as long (F changes it)."),
    FAST: N_("Fast: no animations (F changes it)."),
}


class DemoHooks:
    """What a game tells demo mode."""

    def demo_changed(self) -> None:
        """Demo was switched on or off (drop a tentative choice of the person here)."""


class DemoTable(Protocol):
    """What demo and fast mode ask of their table."""

    app: Any
    talk: Talk
    thinker: Any
    hints: Any
    hint: Any
    game_id: str
    attract: bool
    demo: bool
    demo_played: bool
    finished: bool

    def demo_changed(self) -> None: ...
    def changed(self) -> None: ...
    def hurry(self) -> None: ...
    def rematch(self) -> Any: ...


class DemoAndFast:
    """D and F at one table, and the demo's next game."""

    def __init__(self, table: DemoTable) -> None:
        self.table = table

    def toggle_demo(self) -> None:
        """D: the computer takes over this screen's seats, or hands them back."""
        table = self.table
        if table.attract:
            table.talk.refuse(Msg("This is a demonstration: Esc leaves it."))
            return
        if table.finished:
            table.talk.refuse(Msg("The game is over."))
            return
        table.demo = not table.demo
        table.thinker.forget()
        table.hint = None
        table.hints.drop()
        if table.demo:
            table.demo_played = True
            table.talk.say(
                Msg(
                    "Demo: the computer plays on for you (D hands it back). This "
                    "game no longer counts."
                ),
                DIM,
            )
        else:
            table.talk.say(Msg("Your turn to play again."), DIM)
        table.demo_changed()
        table.app.audio.play("click")
        table.changed()

    def cycle_speed(self) -> None:
        """F: this game's next speed, Normal, Quick, Fast and round again, remembered in
        the settings for this game alone."""
        table = self.table
        speed = next_speed(table.app.speed(table.game_id))
        table.app.set_speed(table.game_id, speed)
        if speed == FAST:
            table.hurry()
        table.talk.tell(Msg(SPEED_NEWS[speed]), DIM)
        table.app.audio.play("click")

    def next_game(self) -> None:
        """A demo game has ended: the next one (attract mode's own way, or a rematch)."""
        table = self.table
        if table.attract:
            info = game_info(table.game_id)
            table.app.demo_finished(
                table, lambda: info.new_scene(table.app) if info else table.rematch()
            )
        else:
            table.app.replace(table.rematch())
