"""How a person plays at the Farkle table: dice held and released by their keys (1-6), the
arrows and Space, or a click; the blank die (A) holds every scoring die; Roll (R), Next
(N) and Done (E, the seed's button) by key or button. The keys every table shares (?, D,
F, L, Esc, Space to hurry) are the table runtime's.

An object the table holds (FarkleScene.controls): it reads the table's state through
ControlsTable and plays moves through its play_move().
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.farkle import BANK, ROLL, ROLLED, FarkleAction
from game.input import Action
from game.lang import _, pgettext
from game.scenes.farkle import keys as cmd
from game.scenes.farkle import layout
from game.scenes.farkle.face import TableFace
from game.scenes.farkle.presenter import FarklePresenter
from game.scenes.farkle.words import dice_text
from game.shell.base import Command, char_command, named_command
from game.storage.keymap import KeyMap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.table import StepQueue
    from game.table.menu import TableMenu

# The seed's buttons' commands, sent by name too (Done is E: "D" is demo everywhere).
BUTTON_NAMES = (cmd.ROLL, cmd.NEXT, cmd.DONE)
CURSOR_CENTRE = layout.DICE  # the keyboard cursor's stop on the blank "toggle all" die
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ACROSS_WEIGHT = 2  # a stop off to the side counts this much more than one ahead
# ... unless then no arrow leads to the blank die: with the dice at keys 1, 2, 4 and 5
# left, each die's neighbour straight ahead (80 pixels) beats the blank die diagonally
# (40 ahead, 23 aside). Counting a step aside as 1.5 there reaches every stop in every
# layout (a test walks them all), and elsewhere the arrows still go straight.
ACROSS_WEIGHT_TO_CENTRE = 1.5


def stop_centre(stop: int) -> tuple[int, int]:
    """Where a cursor stop lies: a ring slot's die, or the blank die in the middle."""
    if stop == CURSOR_CENTRE:
        return layout.CENTRE_DIE.center
    x, y = layout.RING_POSITIONS[stop]
    return x + layout.DIE_W // 2, y + layout.DIE_H // 2


def nearest_stop(current: int, stops: Sequence[int], direction: tuple[int, int]) -> int:
    """The stop the arrow points at: ahead of the current one, nearest counting a step
    to the side as ACROSS_WEIGHT steps ahead (ACROSS_WEIGHT_TO_CENTRE when no arrow
    would otherwise lead to the blank die); the current stop if none lies that way."""
    weight = ACROSS_WEIGHT
    if CURSOR_CENTRE in stops and not any(
        _nearest(stop, stops, way, ACROSS_WEIGHT) == CURSOR_CENTRE
        for stop in stops
        if stop != CURSOR_CENTRE
        for way in DIRECTIONS.values()
    ):
        weight = ACROSS_WEIGHT_TO_CENTRE
    return _nearest(current, stops, direction, weight)


def _nearest(current: int, stops: Sequence[int], direction: tuple[int, int], weight: float) -> int:
    x, y = stop_centre(current)
    dx, dy = direction
    best, best_cost = current, None
    for stop in stops:
        sx, sy = stop_centre(stop)
        ahead = (sx - x) * dx + (sy - y) * dy
        across = abs((sx - x) * dy) + abs((sy - y) * dx)
        if stop == current or ahead <= 0:
            continue
        cost = ahead + weight * across
        if best_cost is None or cost < best_cost:
            best, best_cost = stop, cost
    return best


class ControlsTable(TableFace, Protocol):
    """What the controls need of the table they play at."""

    #: The table commands' keys as they stand (game.storage.keymap).
    @property
    def keys(self) -> KeyMap: ...

    steps: StepQueue
    menu: TableMenu
    presenter: FarklePresenter
    buttons: list[Button]
    #: The pointer is over the blank die.
    hover_centre: bool
    finished: bool

    @property
    def is_over(self) -> bool: ...

    def play_move(self, *actions: Any, **how: Any) -> None: ...

    def played_by_computer(self, seat: int) -> bool: ...

    def hurry(self) -> None: ...

    def changed(self) -> None: ...

    def close(self) -> None: ...

    def ask_done(self) -> None: ...

    def bank_refusal(self) -> str | None: ...


class FarkleControls:
    """The person's side of the Farkle table: keys and clicks to holds and moves."""

    def __init__(self, table: ControlsTable) -> None:
        self.table = table

    def toggle_slot(self, slot: int) -> None:
        """Hold or release the die in a ring slot (keys 1-6, a click, Space on the cursor)."""
        if not self._may_play():
            return
        index = self.table.presenter.roll_index_at_slot(slot)
        if index is None:
            self.table.talk.refuse(
                (
                    _("Die {number} was kept earlier this turn.")
                    if self.table.state.set_aside
                    else _("There is no die {number} on the table.")
                ).format(number=slot + 1)
            )
            return
        self.table.cursor = slot
        if index in self.table.selected:
            self._release(index)
        else:
            self._hold(index)
        self.table.presenter.sync_tray()
        self.table.changed()

    def _hold(self, index: int) -> None:
        state = self.table.state
        wanted = self.table.selected | {index}
        face = state.roll[index]
        if state.is_valid_hold(tuple(sorted(wanted))):
            self.table.selected = wanted
            self.table.app.audio.play("click")
            self._say_held()
            return
        # Dice that score only together (three 2s, a straight) are held together.
        together = [set(h) for h in state.valid_holds() if wanted <= set(h)]
        if together:
            chosen = min(together, key=lambda h: (len(h), -state.hold_points(tuple(h))))
            joined = sorted(chosen - self.table.selected)
            self.table.selected = chosen
            self.table.app.audio.play("click")
            self.table.talk.say(
                _("Held {dice} together: they score only as a set.").format(
                    dice=dice_text(state.roll[i] for i in joined)
                ),
                log=False,
            )
            return
        if index not in state.holdable_indices():
            self.table.talk.refuse(
                _("That {face} does not score: it cannot be held.").format(face=face)
            )
        else:
            self.table.talk.refuse(
                _("That {face} adds nothing to the dice held.").format(face=face)
            )

    def _release(self, index: int) -> None:
        state = self.table.state
        rest = self.table.selected - {index}
        if rest and not state.is_valid_hold(tuple(sorted(rest))):
            # Releasing one die of a combination releases the dice that scored with it.
            inside = [set(h) for h in state.valid_holds() if set(h) <= rest]
            rest = max(inside, key=lambda h: (len(h), state.hold_points(tuple(h))), default=set())
        self.table.selected = rest
        self.table.app.audio.play("click")
        self._say_held()

    def toggle_all(self) -> None:
        """The blank die: hold every scoring die, or (when they are all held) release all."""
        if not self._may_play():
            return
        best = set(self.table.state.best_hold())
        self.table.selected = set() if self.table.selected == best else best
        self.table.app.audio.play("click")
        self._say_held()
        self.table.presenter.sync_tray()
        self.table.changed()

    def _say_held(self) -> None:
        # The console's lines show what is held; the message line is for news.
        self.table.talk.say(
            "" if self.table.selected else _("Click dice or press 1-6 to hold them."), log=False
        )

    def roll_on(self) -> None:
        """Roll: keep the held dice, roll the others."""
        if not self._may_play():
            return
        if not self.table.selected:
            self.table.talk.refuse(_("Hold at least one scoring die to roll again."))
            return
        self.table.play_move(FarkleAction(ROLL, tuple(sorted(self.table.selected))))

    def bank(self) -> None:
        """Next: bank the turn (the held dice too) and pass the dice. The engine refuses
        with a beep below the minimum, with nothing held, or short of the leader."""
        if not self._may_play():
            return
        self.table.play_move(FarkleAction(BANK, tuple(sorted(self.table.selected))))

    def _may_play(self) -> bool:
        """Whether a person here may move now; otherwise say why (a person's own tumble
        is cut short: whose roll it is comes from the table as shown, as a farkle may
        already have passed the dice in the engine)."""
        if self.table.tray.rolling and not self.table.played_by_computer(
            self.table.shown.now.current
        ):
            self.table.hurry()
        if self.table.is_over:
            return False
        if self.table.waiting_for_human:
            return True
        everyone_computer = all(
            self.table.played_by_computer(s) for s in self.table.state.active_seats
        )
        if not everyone_computer and (
            self.table.state.phase == ROLLED or self.table.steps or self.table.tray.rolling
        ):
            self.table.talk.refuse(
                _("Wait for your turn: it is {name}'s dice.").format(
                    name=self.table.name(self.table.presenter.table_seat)
                )
            )
        return False

    def handle(self, action: Action) -> bool:
        """Carry out a key or click of the game's own (False: not one of them)."""
        name = action.name
        if name == "char":
            return self._handle_char(action.char.lower())
        if name in DIRECTIONS:
            self._move_cursor(name)
        elif name in ("space", "confirm"):
            return self._activate_cursor(name)
        elif name == "hover":
            self._hover(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name in BUTTON_NAMES:
            self.press_button(name)
        else:
            return False
        return True

    def _handle_char(self, char: str) -> bool:
        command = self.table.keys.command(char)
        if self.table.finished:
            if command == cmd.NEXT:  # Next's key: the next game
                self.table.menu.start_new_game()
                return True
            return False
        if char and char in "123456":
            self.toggle_slot(int(char) - 1)
        elif command == cmd.ALL:
            self.toggle_all()
        elif command == cmd.ROLL:
            self.roll_on()
        elif command == cmd.NEXT:
            self.bank()
        elif command == cmd.DONE:
            self.table.ask_done()
        else:
            return False
        return True

    def press_button(self, command: str) -> None:
        """One of the seed's buttons (a click, or its action by name): its command,
        whatever key it has now."""
        self._handle_char(self.table.keys.key(command))

    def _move_cursor(self, direction: str) -> None:
        """The arrows move the cursor the way they point, from die to die round the ring
        (and to the blank die in the middle); at the edge it stays."""
        if not self.table.waiting_for_human:
            return
        stops = sorted(self.table.presenter.slot_of) + [CURSOR_CENTRE]
        if self.table.cursor not in stops:
            self.table.cursor = stops[0] if direction in ("right", "down") else stops[-1]
        else:
            self.table.cursor = nearest_stop(self.table.cursor, stops, DIRECTIONS[direction])
        self.table.presenter.sync_tray()

    def _activate_cursor(self, name: str) -> bool:
        if self.table.finished:
            if name == "confirm":
                self.table.menu.start_new_game()
            return True
        if not self.table.waiting_for_human:
            return False  # Space hurries the computer (the table's key)
        if self.table.cursor is None:
            self._move_cursor("right")
        if self.table.cursor == CURSOR_CENTRE:
            self.toggle_all()
        elif self.table.cursor is not None:
            self.toggle_slot(self.table.cursor)
        return True

    def _hover(self, pos: tuple[int, int] | None) -> None:
        slot = self.table.tray.hit(pos)
        self.table.tray.hover = slot if self.table.waiting_for_human else None
        self.table.hover_centre = self.table.waiting_for_human and layout.CENTRE_DIE.collidepoint(
            pos
        )
        for button in self.table.buttons:
            button.hovered = button.contains(pos)

    def _click(self, pos: tuple[int, int] | None) -> None:
        if pos is None:
            return
        if self.table.finished:
            self._click_game_over(pos)
            return
        for button in self.table.buttons:
            if button.contains(pos):
                # Greyed buttons answer too: with the beep and the reason.
                self.press_button(button.action.name)
                return
        slot = self.table.tray.hit(pos)
        if not self.table.waiting_for_human and layout.FELT.collidepoint(pos):
            if self.table.played_by_computer(self.table.state.current) or self.table.steps:
                self.table.hurry()
            return
        if slot is not None:
            self.toggle_slot(slot)
        elif layout.CENTRE_DIE.collidepoint(pos):
            self.toggle_all()

    def _click_game_over(self, pos: tuple[int, int]) -> None:
        new_game, title = layout.game_over_buttons(len(self.table.state.active_seats))
        if new_game.collidepoint(pos):
            self.table.menu.start_new_game()
        elif title.collidepoint(pos):
            self.table.close()

    def commands(self) -> list[Command]:
        """The game's own entries of the command bar: all of them at every moment, those
        not valid now dimmed in their places (nothing moves under the mouse)."""
        playing = self.table.waiting_for_human
        keys = self.table.keys
        # TRANSLATORS: the command bar's words beside their keys (1-6 Hold, <-> Move, A
        # All, R Roll, N Next, E Done): short, the bar is narrow; the keys stay the same.
        return [
            # Enter as Space: holds the die at the cursor (a controller's A shows here).
            named_command("1-6", pgettext("farkle", "Hold"), "confirm", enabled=playing),
            # TRANSLATORS: the arrows move the cursor from die to die (command bar).
            named_command("<->", pgettext("farkle", "Move"), "right", enabled=playing),
            # TRANSLATORS: hold every scoring die (the blank die; command bar).
            char_command(keys.label(cmd.ALL), pgettext("farkle", "All"), enabled=playing),
            char_command(
                keys.label(cmd.ROLL),
                pgettext("farkle", "Roll"),
                enabled=playing and bool(self.table.selected),
            ),
            # TRANSLATORS: the seed's Next button: bank the turn and pass the dice.
            char_command(
                keys.label(cmd.NEXT),
                pgettext("farkle", "Next"),
                enabled=playing and self.table.bank_refusal() is None,
            ),
            # TRANSLATORS: the seed's Done button: end the whole game.
            char_command(keys.label(cmd.DONE), pgettext("farkle", "Done")),
        ]
