"""The Mille Bornes table as its parts see it, and the small records they pass around.

MilleTable is a Protocol: the drawing (view.py, rows.py), the presenter (present.py), the
score sheets, the hands, the coup fourré moment, the prompts and the person's controls
name the table's shape with it instead of importing the table (play.py imports them:
importing it back would be a cycle). MilleScene (play.py) is the one table it describes.

The records: the person's Choice (the chosen card, targets and answer, the pointer and
the Play and Discard buttons: the controls change it, the view draws it, a move clears
it), a Prompt (a question for a person here), a Hint, and the coup fourré Moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.mille import Action
from game.input import Action as InputAction
from game.scenes.mille import layout
from game.ui.widgets import Button

if TYPE_CHECKING:
    import random

    import pygame

    from game.engine.core import Thinking
    from game.engine.mille import MilleState
    from game.scenes.mille.motion import Lifted
    from game.shell.app import App
    from game.table import StepQueue, TableSeat, Talk
    from game.table.menu import TableMenu

DISCARD_KEY = "x"  # D is demo at every table


class Choice:
    """What a person here has chosen so far, as the screen shows it."""

    def __init__(self) -> None:
        #: The chosen hand card's place in the shown hand, or None.
        self.selected: int | None = None
        #: The sides the chosen card may go on, while the person is asked on whom.
        self.targets: list[Action] = []
        self.target_index = 0
        #: The focused answer of a question (Enter takes it).
        self.prompt_focus = 0
        self.hover_pos: tuple[int, int] | None = None
        self.play_button = Button(layout.PLAY_BUTTON, "Play", InputAction("confirm"))
        self.discard_button = Button(
            layout.DISCARD_BUTTON, "Discard", InputAction("char", char=DISCARD_KEY)
        )

    def forget(self) -> None:
        """A move was made (or the hand changed hands): nothing stays chosen."""
        self.selected = None
        self.targets = []
        self.prompt_focus = 0


@dataclass(frozen=True)
class Prompt:
    """A question for a person to decide: its lines and (key, label, action) answers."""

    title: str
    lines: tuple[str, ...]
    answers: tuple[tuple[str, str, Action | None], ...]
    #: The share of the time left to answer (a coup fourré moment on the clock), or None.
    time_left: float | None = None


@dataclass(frozen=True)
class Hint:
    """What the Expert would do: the action and the sentence saying it."""

    action: Action
    text: str


@dataclass
class Moment:
    """The coup fourré moment on the table (moment.py): the side attacked, the ticks left
    (None: no clock, the one person at the table is asked), and a pass held until it is
    over with the seat that passed."""

    side: int
    ticks: int | None
    answer: Action | None = None
    answered_by: int | None = None
    #: The ticks it lasts in all (its clock is drawn as the share left).
    span: int = field(init=False)

    def __post_init__(self) -> None:
        self.span = self.ticks or 1


class MilleTable(Protocol):
    """What the table's parts read and call (MilleScene, play.py, has it all)."""

    app: App
    state: MilleState
    rng: random.Random
    seats: list[TableSeat]
    talk: Talk
    steps: StepQueue
    menu: TableMenu
    game_id: str
    title: str
    moves: int
    finished: bool
    demo: bool
    attract: bool
    saving: bool
    hint: Hint | None
    coach_line: str
    record_line: str
    sheet_open: bool
    told: set[str]
    landed: list[list[Any]]
    choice: Choice
    # the hands (hands.py)
    viewer: int
    curtain: int | None
    covered: bool
    sort: str
    arrivals: dict[int, list[str]]
    # the coup fourré moment (moment.py)
    hazard_moment: Moment | None

    @property
    def names(self) -> list[str]: ...
    @property
    def people_here(self) -> list[int]: ...
    @property
    def shared(self) -> bool: ...
    @property
    def hand_shown(self) -> bool: ...
    @property
    def hand_order(self) -> list[str]: ...
    @property
    def selected_card(self) -> str | None: ...
    @property
    def awaiting_human(self) -> bool: ...
    @property
    def choosing_card(self) -> bool: ...
    @property
    def moment_answered(self) -> bool: ...

    def name(self, seat: int) -> str: ...
    def side_name(self, side: int) -> str: ...
    def level_of(self, seat: int) -> str: ...
    def played_by_computer(self, seat: int) -> bool: ...
    def person_on_side(self, side: int) -> bool: ...
    def agent(self, seat: int) -> Any: ...
    def anim(self, ticks: int) -> int: ...
    def count(self, seat: int, counter: str) -> None: ...
    def changed(self) -> None: ...
    def hurry(self) -> None: ...
    def close(self) -> None: ...
    def rows(self) -> dict[int, pygame.Rect]: ...
    def shown(self) -> tuple[MilleState, list[str], Lifted]: ...
    def legal(self) -> tuple[Action, ...]: ...
    def plays_of(self, card: str) -> list[Action]: ...
    def raised_cards(self) -> set[str]: ...
    def prompt(self) -> Prompt | None: ...
    def play_move(self, *actions: Any, **how: Any) -> None: ...
    def carry_out(self, action: Action, hand_index: int | None = None) -> None: ...
    def decide(self, seat: int) -> Thinking[Action]: ...
    # the hands (hands.py)
    def tracked_seats(self) -> list[int]: ...
    def take_from_hand(self, index: int) -> None: ...
    def hands_changed(self) -> list[int]: ...
    def deal_orders(self) -> None: ...
    def toggle_sort(self) -> None: ...
    def lift_curtain(self) -> None: ...
    # the coup fourré moment (moment.py)
    def moment_clock(self) -> float | None: ...
    def moment_words(self) -> str: ...
    def may_be_asked(self, seat: int) -> bool: ...
    def moment_ticks(self, side: int) -> int | None: ...
    def end_moment(self) -> None: ...
    def answer_for(self, seat: int, why: str) -> None: ...
    def holds(self, action: Action) -> bool: ...
    def hold(self, action: Action) -> bool: ...
