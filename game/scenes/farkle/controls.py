"""How a person plays at the Farkle table: dice held and released by their keys (1-6), the
arrows and Space, or a click; the blank die (A) holds every scoring die; Roll (R), Next
(N) and Done (E, the seed's button) by key or button. The keys every table shares (?, D,
F, L, Esc, Space to hurry) are the table runtime's.

A mixin of FarkleScene: it reads the scene's state and plays moves through its play_move().
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.farkle import BANK, ROLL, ROLLED, FarkleAction
from game.input import Action
from game.scenes.farkle import layout
from game.scenes.farkle.words import dice_text
from game.shell.base import Command, char_command, named_command
from game.shell.dialog import confirm

if TYPE_CHECKING:
    from game.scenes.farkle.play import FarkleScene

DONE_KEY = "e"  # the seed's Done button ends the game ("D" is demo everywhere)
CURSOR_CENTRE = layout.DICE  # the keyboard cursor's stop on the blank "toggle all" die
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ACROSS_WEIGHT = 2  # a stop off to the side counts this much more than one ahead


def stop_centre(stop: int) -> tuple[int, int]:
    """Where a cursor stop lies: a ring slot's die, or the blank die in the middle."""
    if stop == CURSOR_CENTRE:
        return layout.CENTRE_DIE.center
    x, y = layout.RING_POSITIONS[stop]
    return x + layout.DIE_W // 2, y + layout.DIE_H // 2


def nearest_stop(current: int, stops: Sequence[int], direction: tuple[int, int]) -> int:
    """The stop the arrow points at: ahead of the current one, nearest counting a step
    to the side as ACROSS_WEIGHT steps ahead; the current stop if none lies that way."""
    x, y = stop_centre(current)
    dx, dy = direction
    best, best_cost = current, None
    for stop in stops:
        sx, sy = stop_centre(stop)
        ahead = (sx - x) * dx + (sy - y) * dy
        across = abs((sx - x) * dy) + abs((sy - y) * dx)
        if stop == current or ahead <= 0:
            continue
        cost = ahead + ACROSS_WEIGHT * across
        if best_cost is None or cost < best_cost:
            best, best_cost = stop, cost
    return best


class Controls:
    """The person's side of FarkleScene."""

    def toggle_slot(self: FarkleScene, slot: int) -> None:
        """Hold or release the die in a ring slot (keys 1-6, a click, Space on the cursor)."""
        if not self._may_play():
            return
        index = self.roll_index_at_slot(slot)
        if index is None:
            self.talk.refuse(
                f"Die {slot + 1} was kept earlier this turn."
                if self.state.set_aside
                else f"There is no die {slot + 1} on the table."
            )
            return
        self.cursor = slot
        if index in self.selected:
            self._release(index)
        else:
            self._hold(index)
        self._sync_tray()
        self.changed()

    def _hold(self: FarkleScene, index: int) -> None:
        state = self.state
        wanted = self.selected | {index}
        face = state.roll[index]
        if state.is_valid_hold(tuple(sorted(wanted))):
            self.selected = wanted
            self.app.audio.play("click")
            self._say_held()
            return
        # Dice that score only together (three 2s, a straight) are held together.
        together = [set(h) for h in state.valid_holds() if wanted <= set(h)]
        if together:
            chosen = min(together, key=lambda h: (len(h), -state.hold_points(tuple(h))))
            joined = sorted(chosen - self.selected)
            self.selected = chosen
            self.app.audio.play("click")
            self.talk.say(
                f"Held {dice_text(state.roll[i] for i in joined)} together: "
                "they score only as a set.",
                log=False,
            )
            return
        if index not in state.holdable_indices():
            self.talk.refuse(f"That {face} does not score: it cannot be held.")
        else:
            self.talk.refuse(f"That {face} adds nothing to the dice held.")

    def _release(self: FarkleScene, index: int) -> None:
        state = self.state
        rest = self.selected - {index}
        if rest and not state.is_valid_hold(tuple(sorted(rest))):
            # Releasing one die of a combination releases the dice that scored with it.
            inside = [set(h) for h in state.valid_holds() if set(h) <= rest]
            rest = max(inside, key=lambda h: (len(h), state.hold_points(tuple(h))), default=set())
        self.selected = rest
        self.app.audio.play("click")
        self._say_held()

    def toggle_all(self: FarkleScene) -> None:
        """The blank die: hold every scoring die, or (when they are all held) release all."""
        if not self._may_play():
            return
        best = set(self.state.best_hold())
        self.selected = set() if self.selected == best else best
        self.app.audio.play("click")
        self._say_held()
        self._sync_tray()
        self.changed()

    def _say_held(self: FarkleScene) -> None:
        # The console's lines show what is held; the message line is for news.
        self.talk.say("" if self.selected else "Click dice or press 1-6 to hold them.", log=False)

    def roll_on(self: FarkleScene) -> None:
        """Roll: keep the held dice, roll the others."""
        if not self._may_play():
            return
        if not self.selected:
            self.talk.refuse("Hold at least one scoring die to roll again.")
            return
        self.play_move(FarkleAction(ROLL, tuple(sorted(self.selected))))

    def bank(self: FarkleScene) -> None:
        """Next: bank the turn (the held dice too) and pass the dice. The engine refuses
        with a beep below the minimum, with nothing held, or short of the leader."""
        if not self._may_play():
            return
        self.play_move(FarkleAction(BANK, tuple(sorted(self.selected))))

    def ask_done(self: FarkleScene) -> None:
        """Done ends the whole game, not the turn (that is Next), after asking."""
        if self.finished:
            self.close()
            return
        confirm(
            self.app,
            "End this game now? It will not count in the statistics.",
            self.abandon,
            title="Done",
            safe_no=True,
        )

    def abandon(self: FarkleScene) -> None:
        self.saves.forget_game()
        self.close()

    def _may_play(self: FarkleScene) -> bool:
        """Whether a person here may move now; otherwise say why (a person's own tumble
        is cut short: whose roll it is comes from the table as shown, as a farkle may
        already have passed the dice in the engine)."""
        if self.tray.rolling and not self.played_by_computer(self.shown.current):
            self.hurry()
        if self.is_over:
            return False
        if self.waiting_for_human:
            return True
        everyone_computer = all(self.played_by_computer(s) for s in self.state.active_seats)
        if not everyone_computer and (
            self.state.phase == ROLLED or self.steps or self.tray.rolling
        ):
            self.talk.refuse(f"Wait for your turn: it is {self.name(self.table_seat)}'s dice.")
        return False

    def handle_game(self: FarkleScene, action: Action) -> bool:
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
        else:
            return False
        return True

    def _handle_char(self: FarkleScene, char: str) -> bool:
        if self.finished:
            if char == "n":
                self.menu.start_new_game()
                return True
            return False
        if char and char in "123456":
            self.toggle_slot(int(char) - 1)
        elif char == "a":
            self.toggle_all()
        elif char == "r":
            self.roll_on()
        elif char == "n":
            self.bank()
        elif char == DONE_KEY:
            self.ask_done()
        else:
            return False
        return True

    def _move_cursor(self: FarkleScene, direction: str) -> None:
        """The arrows move the cursor the way they point, from die to die round the ring
        (and to the blank die in the middle); at the edge it stays."""
        if not self.waiting_for_human:
            return
        stops = sorted(self.slot_of) + [CURSOR_CENTRE]
        if self.cursor not in stops:
            self.cursor = stops[0] if direction in ("right", "down") else stops[-1]
        else:
            self.cursor = nearest_stop(self.cursor, stops, DIRECTIONS[direction])
        self._sync_tray()

    def _activate_cursor(self: FarkleScene, name: str) -> bool:
        if self.finished:
            if name == "confirm":
                self.menu.start_new_game()
            return True
        if not self.waiting_for_human:
            return False  # Space hurries the computer (the table's key)
        if self.cursor is None:
            self._move_cursor("right")
        if self.cursor == CURSOR_CENTRE:
            self.toggle_all()
        elif self.cursor is not None:
            self.toggle_slot(self.cursor)
        return True

    def _hover(self: FarkleScene, pos: tuple[int, int] | None) -> None:
        slot = self.tray.hit(pos)
        self.tray.hover = slot if self.waiting_for_human else None
        self.hover_centre = self.waiting_for_human and layout.CENTRE_DIE.collidepoint(pos)
        for button in self.buttons:
            button.hovered = button.contains(pos)

    def _click(self: FarkleScene, pos: tuple[int, int] | None) -> None:
        if pos is None:
            return
        if self.finished:
            self._click_game_over(pos)
            return
        for button in self.buttons:
            if button.contains(pos):
                # Greyed buttons answer too: with the beep and the reason.
                self._handle_char(button.action.char)
                return
        slot = self.tray.hit(pos)
        if not self.waiting_for_human and layout.FELT.collidepoint(pos):
            if self.played_by_computer(self.state.current) or self.steps:
                self.hurry()
            return
        if slot is not None:
            self.toggle_slot(slot)
        elif layout.CENTRE_DIE.collidepoint(pos):
            self.toggle_all()

    def _click_game_over(self: FarkleScene, pos: tuple[int, int]) -> None:
        new_game, title = layout.game_over_buttons(len(self.state.active_seats))
        if new_game.collidepoint(pos):
            self.menu.start_new_game()
        elif title.collidepoint(pos):
            self.close()

    def game_commands(self: FarkleScene) -> list[Command]:
        if not self.waiting_for_human:
            return [char_command(DONE_KEY.upper(), "Done")]
        return [
            named_command("1-6", "Hold", "space"),
            named_command("<->", "Move", "right"),
            char_command("A", "All"),
            char_command("R", "Roll", enabled=bool(self.selected)),
            char_command("N", "Next", enabled=self.bank_refusal() is None),
            char_command(DONE_KEY.upper(), "Done"),
        ]
