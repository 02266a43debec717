"""The Esc menu of a table and the ways to the next game: pause with Quit (the game is
kept for Continue), New game (the set-up screen, or at a network table the same friends
again), Exit; after the end of the game, Esc goes back to the title.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.lang import _
from game.shell.base import Scene
from game.shell.dialog import pause_menu
from game.shell.registry import game_info


class MenuHooks:
    """What a game tells its menu."""

    def rematch(self) -> Scene:
        """The same people at the same table, a new game (demo plays on with this)."""
        raise NotImplementedError

    def new_game_scene(self) -> Scene:
        """Where the Esc menu's New game leads: usually the game's set-up screen."""
        info = game_info(self.game_id)  # type: ignore[attr-defined]
        app = self.app  # type: ignore[attr-defined]
        return info.new_scene(app) if info is not None else self.rematch()

    def leaving(self) -> None:
        """The game is being left for a new one (a solitaire counts a hand begun)."""

    def menu_opening(self) -> None:
        """Esc was pressed: the menu opens over the table (drop a half-typed move)."""

    def menu_message(self) -> str:
        """The Esc menu's words (the network side adds how friends join, or that the
        game goes on at the host's)."""
        return self.network.menu_message(  # type: ignore[attr-defined]
            _(
                "Paused. Quit keeps this game: Continue it from the title screen. Exit "
                "leaves Pixel Parlor (the game is kept too)."
            )
        )


class MenuTable(Protocol):
    """What the menu asks of its table."""

    app: Any
    title: str
    finished: bool
    net: Any
    network: Any
    saves: Any
    NEW_GAME_WORD: str

    def close(self) -> None: ...
    def save(self) -> None: ...
    def menu_message(self) -> str: ...
    def leaving(self) -> None: ...
    def menu_opening(self) -> None: ...
    def rematch(self) -> Scene: ...
    def new_game_scene(self) -> Scene: ...


class TableMenu:
    """Esc, and the way to the next game, at one table."""

    def __init__(self, table: MenuTable) -> None:
        self.table = table

    def open(self) -> None:
        """Esc: pause, with a way out that keeps the game for Continue. After the end of
        the game, Esc goes back to the title."""
        table = self.table
        table.menu_opening()
        if table.finished:
            table.close()
            return
        pause_menu(
            table.app,
            table.title,
            table.menu_message(),
            self.quit_to_title,
            self.start_new_game,
            _(table.NEW_GAME_WORD),
        )

    def quit_to_title(self) -> None:
        self.table.save()
        self.table.close()

    def start_new_game(self) -> None:
        """New game: the set-up screen (at a network table, the same friends again)."""
        table = self.table
        if table.net is not None:
            self.play_again()  # the set-up would close the table to the friends at it
            return
        if table.network.host_starts_next_game():
            return
        table.leaving()
        table.saves.forget_game()
        table.app.replace(table.new_game_scene())

    def play_again(self) -> None:
        """The same table, a new game (the end of a game's N or Enter); at a network table
        with the same friends at it, who get its views without joining again."""
        table = self.table
        if table.network.host_starts_next_game():
            return
        table.leaving()
        table.saves.forget_game()
        fresh = table.rematch()
        table.network.hand_over(fresh)
        table.app.replace(fresh)
