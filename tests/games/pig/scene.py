"""Pig at the table: everything but the rules' presentation is the table runtime's."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.art import palette as P
from game.art.font import get_font
from game.engine.core import Event
from game.input import Action
from game.shell.base import Command, HelpPage, char_command
from game.table import (
    COMPUTER,
    HERE,
    SeatResult,
    TableExamples,
    TableScene,
    TableSeat,
    answered,
    talk,
)
from game.table.felt import felt
from tests.games.pig.engine import HOLD, ROLL, PigState, computer_choice

GAME_ID = "pig"
DIE_TICKS = 20


class PigScene(TableScene):
    title = "Pig"
    game_id = GAME_ID
    LEVELS = ("hold20",)
    DEMO_LEVEL = "hold20"
    COUNTERS = ("pig_outs",)

    def __init__(
        self,
        app,
        state: PigState,
        seats: Sequence[TableSeat],
        rng: random.Random | None = None,
        demo: bool | None = None,
    ):
        super().__init__(app, seats, demo=demo)
        self.state = state
        self.rng = rng if rng is not None else app.new_rng()
        self.die = 0

    @classmethod
    def new_game(cls, app, seats: Sequence[TableSeat], demo=None) -> PigScene:
        return cls(app, PigState([seat.name for seat in seats]), seats, demo=demo)

    @classmethod
    def restore(cls, app, data: Mapping[str, Any]) -> PigScene:
        seats = [TableSeat.from_json(seat, cls.LEVELS) for seat in data["seats"]]
        return cls(app, PigState.from_json(data["state"]), seats)

    def game_data(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "seats": [s.to_json() for s in self.seats]}

    def rematch(self) -> PigScene:
        return PigScene.new_game(self.app, self.seats, demo=self.demo)

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    def seat_to_act(self) -> int | None:
        return None if self.is_over else self.state.current

    def legal_moves(self) -> list[str]:
        return self.state.legal_actions()

    def decide(self, seat: int):
        return answered(computer_choice(self.state))

    def play_decision(self, seat: int, decision: tuple[str, str]) -> None:
        action, why = decision
        self.talk.say(f"{self.name(seat)} {why}.", talk.COMPUTER)
        self.perform(action)

    def perform(self, action: str) -> None:
        self.play_move(action)

    def apply_move(self, action: str, **how: Any) -> list[Event]:
        events = self.state.apply(action, self.rng)
        self.moved()
        return events

    def present_move(self, events: Sequence[Event]) -> None:
        for event in events:
            self._present(event)

    def _present(self, event: Event) -> None:
        who = self.name(event.data.get("seat", 0))
        if event.kind == "roll":
            self.die = event.data["die"]
            self.app.audio.play("dice_rattle")
            self.steps.wait(self.anim(DIE_TICKS))
        elif event.kind == "pig_out":
            self.die = 1
            self.count(event.data["seat"], "pig_outs")
            self.talk.announce("PIG OUT!", f"{who} loses {event.data['lost']}", "farkle", talk.BAD)
        elif event.kind == "hold":
            self.talk.say(f"{who} banks {event.data['points']}: {event.data['score']}.", talk.GOOD)

    def think_hint(self):
        action, why = computer_choice(self.state)
        return answered(f"Hint: {ROLL if action == ROLL else HOLD} (the rule of 20 {why}).")

    def show_hint(self, hint: str) -> None:
        self.talk.tell(hint)

    def announce_end(self) -> None:
        self.talk.say(f"{self.name(self.state.winner)} wins!", talk.GOOD)

    def results(self) -> list[SeatResult]:
        return [
            SeatResult(
                seat,
                self.name(seat),
                seat == self.state.winner,
                self.state.scores[seat],
                self.counters.get(seat, {}),
            )
            for seat in self.people_here
        ]

    def handle_game(self, action: Action) -> bool:
        char = action.char.lower() if action.name == "char" else ""
        if char not in ("r", "k"):
            return False
        move = ROLL if char == "r" else HOLD
        if not self.waiting_for_human or move not in self.legal_moves():
            self.talk.refuse("Not now.")
        else:
            self.perform(move)
        return True

    def game_commands(self) -> list[Command]:
        # In their places while the computer plays too, dimmed (no entry moves).
        mine = self.waiting_for_human
        return [
            char_command("R", "Roll", enabled=mine),
            char_command("K", "Keep", enabled=mine and HOLD in self.legal_moves()),
        ]

    def game_help(self) -> list[HelpPage]:
        return rules()

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(felt(), (0, 0))
        small, large = get_font("small"), get_font("large")
        for seat, score in enumerate(self.state.scores):
            large.draw(canvas, f"{self.name(seat)}: {score}", (20, 20 + 30 * seat), P.WHITE)
        large.draw(canvas, f"Die {self.die or '-'}  Turn {self.state.turn}", (20, 120), P.YELLOW)
        small.draw(canvas, self.talk.line.text, (20, 160), self.talk.line.colour)


def seats() -> list[TableSeat]:
    return [TableSeat("Ann", HERE), TableSeat("Hog", COMPUTER, "hold20")]


def new_scene(app) -> PigScene:
    return PigScene.new_game(app, seats())


def last_move(app) -> tuple[PigScene, str]:
    """Ann has 95 and 10 this turn: holding wins."""
    state = PigState(["Ann", "Hog"], [95, 40], turn=10)
    return PigScene(app, state, seats(), random.Random(1)), HOLD


def icon() -> pygame.Surface:
    """A pink snout on a die: drawn here, since Pig has no art of its own."""
    surface = pygame.Surface((48, 48))
    surface.fill(P.WHITE)
    pygame.draw.ellipse(surface, P.LIGHT_MAGENTA, (8, 14, 32, 22))
    for x in (18, 28):
        pygame.draw.circle(surface, P.BLACK, (x, 25), 3)
    return surface


EXAMPLES = TableExamples(playing=new_scene, last_move=last_move)


def rules() -> list[HelpPage]:
    """The rules: the table's help, and the registry's `rules` for Help on the title."""
    return [
        HelpPage(
            "Pig",
            "Roll one die as often as you dare: each roll adds to the "
            "turn, a 1 loses it. K keeps the turn's points. First to 100 wins.",
        )
    ]
