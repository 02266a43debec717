"""The small records the Mille Bornes table's parts pass around.

Choice   what a person here has chosen so far: the chosen card, the targets and the
         focused answer, the pointer and the Play and Discard buttons (the controls
         change it, the view draws it, a move clears it)
Prompt   a question for a person here (prompts.py builds it)
Hint     what the Expert would do
Moment   the coup fourré moment on the table (moment.py)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.mille import Action
from game.input import Action as InputAction
from game.lang import N_, pmsg
from game.scenes.mille import layout
from game.ui.widgets import Button


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
        # The labels are put in each time the buttons are drawn (controls.light_buttons),
        # in the language of the moment.
        self.play_button = Button(
            layout.PLAY_BUTTON, pmsg("move", "Play").key, InputAction("confirm")
        )
        self.discard_button = Button(layout.DISCARD_BUTTON, N_("Discard"), InputAction("discard"))

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
