"""Demo and fast mode at a table: D lets the computer play this screen's seats (a game it
played any part of does not count), F drops the animations; after a demo game the next
one starts by itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.shell.registry import game_info
from game.table.talk import DIM, Talk


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
            table.talk.refuse("This is a demonstration: Esc leaves it.")
            return
        if table.finished:
            table.talk.refuse("The game is over.")
            return
        table.demo = not table.demo
        table.thinker.forget()
        table.hint = None
        table.hints.drop()
        if table.demo:
            table.demo_played = True
            table.talk.say(
                "Demo: the computer plays on for you (D hands it back). This "
                "game no longer counts.",
                DIM,
            )
        else:
            table.talk.say("Your turn to play again.", DIM)
        table.demo_changed()
        table.app.audio.play("click")
        table.changed()

    def toggle_fast(self) -> None:
        """F: fast mode (no animations) on or off, remembered in the settings."""
        table = self.table
        table.app.set_fast(not table.app.fast)
        if table.app.fast:
            table.hurry()
        table.talk.tell(
            "Fast mode: no animations."
            if table.app.fast
            else "Fast mode off: the animations are back.",
            DIM,
        )
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
