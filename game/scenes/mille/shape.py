"""The Mille Bornes table as the parts beneath it see it: MilleTable, a Protocol.

The drawing (view.py, rows.py), the presenter (present.py), the score sheets, the prompts
and the person's controls name the table's shape with it instead of importing the table
(play.py imports them: importing it back would be a cycle). The hands (hands.py) and
the coup fourré moment (moment.py) need less and name it with Protocols of their own.
MilleScene (play.py) is the one table it describes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping

    import pygame

    from game.engine.mille import Action, MilleState
    from game.scenes.mille.hands import Hands
    from game.scenes.mille.moment import Moments
    from game.scenes.mille.motion import Beat
    from game.scenes.mille.records import Choice, Hint, Prompt
    from game.shell.app import App
    from game.storage.keymap import KeyMap
    from game.table import Shown, StepQueue, TableSeat, Talk
    from game.table.menu import TableMenu


class MilleTable(Protocol):
    """What the table's parts read and call (MilleScene, play.py, has it all)."""

    app: App
    state: MilleState
    seats: list[TableSeat]
    talk: Talk
    steps: StepQueue
    #: What the screen shows: a beat's snapshot while its cards fly, else the engine's
    #: table as a beat with nothing in the air (MilleScene.picture).
    shown: Shown[Beat]
    menu: TableMenu
    moves: int
    finished: bool
    demo: bool
    hint: Hint | None
    coach_line: str
    record_line: str
    sheet_open: bool
    #: Rings where a computer's card landed: [rect, ticks left].
    landed: list[list[Any]]
    choice: Choice
    hands: Hands
    moments: Moments

    @property
    @property
    def keys(self) -> KeyMap: ...
    @property
    def SHARED_CHARS(self) -> Mapping[str, str]: ...
    def names(self) -> list[str]: ...
    @property
    def people_here(self) -> list[int]: ...
    @property
    def selected_card(self) -> str | None: ...
    @property
    def awaiting_human(self) -> bool: ...
    @property
    def choosing_card(self) -> bool: ...

    def name(self, seat: int) -> str: ...
    def side_name(self, side: int) -> str: ...
    def level_of(self, seat: int) -> str: ...
    def played_by_computer(self, seat: int) -> bool: ...
    def person_on_side(self, side: int) -> bool: ...
    def anim(self, ticks: int) -> int: ...
    def count(self, seat: int, counter: str) -> None: ...
    def hurry(self) -> None: ...
    def close(self) -> None: ...
    def new_game_key(self) -> str: ...
    def key_word(self, what: str) -> str: ...
    def rows(self) -> dict[int, pygame.Rect]: ...
    def legal(self) -> tuple[Action, ...]: ...
    def plays_of(self, card: str) -> list[Action]: ...
    def raised_cards(self) -> set[str]: ...
    def prompt(self) -> Prompt | None: ...
    def play_move(self, *actions: Any, **how: Any) -> None: ...
