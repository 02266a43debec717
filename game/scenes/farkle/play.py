"""The Farkle table: six dice, hold-and-roll by keyboard and mouse, up to four players.

The engine (game.engine.farkle) decides every rule and the table runtime (game.table)
paces, talks, saves and ends the game; this scene turns the engine's events into dice,
banners and sounds (a person's keys and clicks are controls.py's). A computer's decision
is shown in two beats: its held dice stay lit with its reason, then it acts.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.coach import Judgement
from game.engine.core import Event, Thinking
from game.engine.farkle import (
    BANK,
    COMPUTER,
    EXPERT,
    LEVELS,
    NONE,
    NOTHING_HELD,
    ROLL,
    ROLL_ALL,
    ROLLED,
    STANDARD,
    START,
    Decision,
    FarkleAction,
    FarkleAgent,
    FarkleOptions,
    FarkleState,
    Seat,
    coach,
    make_agent,
    prepare_expert,
)
from game.engine.farkle.scoring import SIX_OF_A_KIND
from game.input import Action
from game.scenes.farkle import GAME_ID, layout
from game.scenes.farkle.combos import combinations
from game.scenes.farkle.controls import DONE_KEY, Controls
from game.scenes.farkle.helptext import help_pages
from game.scenes.farkle.words import bank_reason, dice_text
from game.shell.base import HelpPage
from game.table import COMPUTER as COMPUTER_SEAT
from game.table import HERE, SeatResult, TableScene, TableSeat, talk
from game.ui.dice import ROLL_TICKS, DiceTray
from game.ui.widgets import Button
from game.warmup import warm_up

if TYPE_CHECKING:
    from game.shell.app import App


# Pacing, in ticks of 1/60 s; fast mode turns every one of them into nothing.
COMPUTER_LOOK_TICKS = 30  # a computer studies its roll before it holds
COMPUTER_HOLD_TICKS = 70  # its held dice stay lit, with its reason, before it acts
AFTER_BANK_TICKS = 50  # the new score sinks in before the next turn's roll
AFTER_FARKLE_TICKS = 90  # the farkled dice stay on the table a moment
FINAL_ROUND_TICKS = 100
COUNTERS = ("farkles", "hot_dice")  # a person's own statistics (GameInfo.counter_labels)
COUNTED = {"farkle": "farkles", "hot_dice": "hot_dice"}  # the event each counter counts


@dataclass(frozen=True)
class Hint:
    """What the Expert would do with this roll: the dice to hold (roll indices) and why."""

    held: tuple[int, ...]
    text: str


def top_ten_detail(extra: Mapping[str, Any]) -> str:
    """The Top Ten says which game a score won: "to 5,000" (older entries say nothing)."""
    target = extra.get("target")
    ok = isinstance(target, int) and not isinstance(target, bool)
    return f"to {target:,}" if ok else ""


def table_seats(state: FarkleState) -> list[TableSeat]:
    """The engine's seats as the table's (an empty engine seat is never asked anything)."""
    return [
        TableSeat(
            seat.name,
            COMPUTER_SEAT if seat.kind in (COMPUTER, NONE) else HERE,
            (seat.level or STANDARD) if seat.kind == COMPUTER else "",
        )
        for seat in state.seats
    ]


class FarkleScene(Controls, TableScene):
    """One game of Farkle in play, from the first roll to the cheers."""

    title = "Farkle"
    game_id = GAME_ID
    LEVELS = LEVELS
    DEMO_LEVEL = EXPERT
    HALF_ACCURACY_AT = coach.HALF_ACCURACY_AT
    COACH_ASKS_ABOVE = coach.ASK_ABOVE
    COMPUTER_PAUSE_TICKS = COMPUTER_LOOK_TICKS
    COUNTERS = COUNTERS
    PUBLIC_EVENTS = True
    END_BAR = True

    def __init__(
        self,
        app: App,
        state: FarkleState,
        rng: random.Random | None = None,
        *,
        selected: Sequence[int] = (),
        slots: Sequence[int] | None = None,
        demo: bool | None = None,
        seats: Sequence[TableSeat] | None = None,
    ):
        """`seats`: the table's seats when some are played elsewhere (a network table);
        by default each engine seat is the computer's or a person's here."""
        seats = list(seats) if seats is not None else table_seats(state)
        if len(seats) != len(state.seats):
            raise ValueError(f"{len(seats)} seats for {len(state.seats)} engine seats")
        super().__init__(app, seats, demo=demo)
        self.state = state
        #: Only the engine draws from this generator, so a seed replays the dice exactly.
        self.rng = rng if rng is not None else app.new_rng()
        self.agents: dict[int, FarkleAgent] = {}
        self.tray = DiceTray(layout.RING_POSITIONS)
        #: The dice lying in the ring (the last roll, still shown after a farkle or bank),
        #: and the ring slot of each.
        self.table_dice: tuple[int, ...] = tuple(state.roll)
        self.slot_of: list[int] = _checked_slots(slots, len(self.table_dice))
        #: Whose dice are on the table: the header and the board follow it, so the next
        #: player is not named before the last one's dice have landed.
        self.table_seat = state.current
        #: Indices into the roll that the player (or a computer about to act) holds.
        self.selected: set[int] = (
            set(selected) if (selected and state.is_valid_hold(tuple(selected))) else set()
        )
        self.cursor: int | None = None
        self.hover_centre = False
        #: The state the move being shown was made from (apply_move keeps it).
        self.before_move: FarkleState | None = None
        self.buttons = [
            Button(rect, label, Action("char", char=key))
            for rect, (label, key) in zip(
                layout.button_rects(), (("Roll", "r"), ("Next", "n"), ("Done", DONE_KEY))
            )
        ]
        self.history: list[FarkleAction] = []
        #: The turn the header counts its round from, once that turn's dice are shown.
        self.shown_turn = state.turn_number
        #: While a roll's dice tumble: the state as the roll left the table (see shown).
        self.rolled_state: FarkleState | None = None
        self._sync_tray()
        if self.needs_expert():
            self.ready_to_think()  # start building the Expert's tables in the background

    # -- building -------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        app: App,
        seats: Sequence[Seat],
        options: FarkleOptions,
        rng: random.Random | None = None,
        demo: bool | None = None,
        table: Sequence[TableSeat] | None = None,
    ) -> FarkleScene:
        """A fresh game at this table (`table`: its seats, as for __init__)."""
        return cls(app, FarkleState.new(list(seats), options), rng, demo=demo, seats=table)

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> FarkleScene:
        """Older saves hold no table seats: they come from the engine's."""
        state = FarkleState.from_json(data["state"])
        seats = (
            [TableSeat.from_json(seat, cls.LEVELS) for seat in data["seats"]]
            if "seats" in data
            else None
        )
        return cls(
            app,
            state,
            selected=tuple(int(i) for i in data.get("selected", ())),
            slots=data.get("slots"),
            seats=seats,
        )

    def game_data(self) -> dict[str, Any]:
        return {
            "state": self.state.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
            "selected": sorted(self.selected) if self.waiting_for_human else [],
            "slots": list(self.slot_of) if self.state.phase == ROLLED else [],
        }

    def rematch(self) -> FarkleScene:
        return FarkleScene.new_game(
            self.app, self.state.seats, self.state.options, demo=self.demo, table=self.seats
        )

    # -- over the network -------------------------------------------------------------------
    def rename_seat(self, seat: int, name: str) -> None:
        """A guest took the seat: the engine's player takes the name too (its guests and
        a rematch read it there)."""
        super().rename_seat(seat, name)
        self.state.seats[seat].name = self.seats[seat].name

    def remote_view(self, seat: int) -> dict[str, Any]:
        """Nothing is hidden in Farkle: every seat sees the whole table."""
        return {"state": self.state.to_json()}

    def action_from_json(self, data: Any) -> FarkleAction:
        kind, held = data
        if kind not in (ROLL, BANK) or not isinstance(held, list) or len(held) > layout.DICE:
            raise ValueError("not a Farkle action")
        return FarkleAction(kind, tuple(int(i) for i in held))

    def welcome_back(self) -> None:
        self.talk.say(f"Welcome back: {self.name(self.state.current)}'s turn.", talk.DIM, log=False)

    # -- the computer players ---------------------------------------------------------------
    def agent(self, seat: int) -> FarkleAgent:
        level = self.level_of(seat) or STANDARD
        if self.agents.get(seat) is None or self.agents[seat].level != level:
            # Each agent has its own generator: the dice generator stays the engine's.
            self.agents[seat] = make_agent(level, random.Random(seat))
        return self.agents[seat]

    def needs_expert(self) -> bool:
        return any(
            self.level_of(s) == EXPERT
            for s in self.state.active_seats
            if self.played_by_computer(s)
        )

    def ready_to_think(self) -> bool:
        """True once the Expert's tables for these options are built (a third of a second
        from cold, on a background thread, so that starting a game never freezes). Hints
        and demo play are the Expert's, so every table waits for them."""
        options = self.state.options
        return warm_up(("farkle-expert", options), lambda: prepare_expert(options))

    def decide(self, seat: int) -> Thinking[Decision]:
        return self.agent(seat).think(self.state.observation(seat), self.state.legal_actions())

    def play_decision(self, seat: int, decision: Decision) -> None:
        """Two beats: the hold lights up with the reason, then the action."""
        self.selected = set(decision.action.held)
        self._sync_tray()
        self.talk.say(f"{self.name(seat)} {decision.reason}.", talk.COMPUTER)
        self.steps.after(self.anim(COMPUTER_HOLD_TICKS), lambda: self.play_move(decision.action))

    def legal_moves(self) -> list[FarkleAction]:
        return self.state.legal_actions()

    def perform(self, action: FarkleAction) -> None:
        self.play_move(FarkleAction(action[0], tuple(action[1])))

    def think_hint(self) -> Thinking[Hint]:
        return Thinking(self._hint_job())

    def _hint_job(self) -> Generator[None, None, Hint]:
        """The coach's hint, with the figures behind it; where the coach sees nothing to
        decide (every hold comes to the same), the Expert's move and its reason."""
        judging = coach.hint_thinking(self.state)
        while not judging.step():
            yield
        judgement = judging.result
        if judgement is not None:
            return Hint(tuple(judgement.best.held), f"Hint: {judgement.why}.")
        seat = self.state.current
        thinking = make_agent(EXPERT, random.Random(seat)).think(
            self.state.observation(seat), self.state.legal_actions()
        )
        while not thinking.step():
            yield
        decision = thinking.result
        assert decision is not None
        return Hint(tuple(decision.action.held), f"Hint: the Expert {decision.reason}.")

    def show_hint(self, hint: Hint) -> None:
        self.talk.tell(hint.text, talk.HINT)

    # -- the coach --------------------------------------------------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        return coach.judge_thinking(
            FarkleState.from_json(position["state"]), FarkleAction.from_json(action)
        )

    def action_json(self, action: FarkleAction) -> Any:
        return [action[0], list(action[1])]

    def accuracy_cost(self, judgement: Judgement) -> float:
        return coach.accuracy_cost(judgement)

    def moment(self) -> str:
        return f"Round {self.shown_round}"

    def show_review(self, best: Any, why: str) -> None:
        self.hint = Hint(tuple(FarkleAction.from_json(best).held), why)

    # -- whose turn -----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def seat_to_act(self) -> int | None:
        return self.state.current if self.state.phase == ROLLED else None

    def advance(self) -> bool:
        """A turn always starts with all six dice rolled: no choice to wait for."""
        if self.state.phase != START:
            return False
        self.play_move(ROLL_ALL)
        return True

    # -- the dice on the table -------------------------------------------------------------
    def animating(self) -> bool:
        return self.tray.rolling

    def tick_animations(self) -> None:
        self.tray.update()

    def land(self) -> None:
        self.tray.finish()

    def _landed(self) -> bool:
        return not self.tray.rolling

    def _sync_tray(self) -> None:
        live = set(self.slot_of)
        selected_slots = {self.slot_of[i] for i in self.selected if i < len(self.slot_of)}
        for slot_index, slot in enumerate(self.tray.slots):
            slot.visible = slot_index in live
            slot.held = slot_index in selected_slots
        for roll_index, slot_index in enumerate(self.slot_of):
            self.tray.slots[slot_index].value = self.table_dice[roll_index]
        self.tray.cursor = (
            self.cursor
            if self.cursor is not None and self.cursor in live and self.waiting_for_human
            else None
        )

    def roll_index_at_slot(self, slot: int) -> int | None:
        """Which die of the roll lies in a ring slot (None if the slot is empty)."""
        return self.slot_of.index(slot) if slot in self.slot_of else None

    @property
    def shown_round(self) -> int:
        """The round of the turn on the table: each active seat's turn is one round."""
        return (self.shown_turn - 1) // max(1, len(self.state.active_seats)) + 1

    def hinted_slots(self) -> set[int]:
        """Ring slots of the dice the hint would hold."""
        if self.hint is None or not self.waiting_for_human:
            return set()
        return {self.slot_of[i] for i in self.hint.held if i < len(self.slot_of)}

    def _roll_dice(self, dice: Sequence[int], seat: int) -> None:
        if len(dice) != len(self.slot_of):
            self.slot_of = list(range(len(dice)))  # a new turn or hot dice: all six
        self.table_dice = tuple(dice)
        self.table_seat = seat
        values = [1] * layout.DICE
        for roll_index, slot_index in enumerate(self.slot_of):
            values[slot_index] = dice[roll_index]
        self.tray.roll(values, self.slot_of, self.anim(ROLL_TICKS))
        self._sync_tray()
        self.app.audio.play("dice_rattle")

    def _take_off_table(self, indices: Sequence[int]) -> None:
        """Held dice leave the ring for the kept row."""
        gone = set(indices)
        self.table_dice = tuple(d for i, d in enumerate(self.table_dice) if i not in gone)
        self.slot_of = [s for i, s in enumerate(self.slot_of) if i not in gone]

    def when_landed(self, show) -> None:
        """Show a roll's outcome only once its dice have stopped tumbling."""
        self.steps.when(self._landed, show)

    @property
    def shown(self) -> FarkleState:
        """The state the table draws: the engine's, except while a roll's dice tumble.
        A farkle ends the turn (the last one ends the game) in the engine at once; until
        the dice land the table shows the roll's seat still at it, with its kept dice
        and turn total, as after any roll."""
        return self.rolled_state if self.rolled_state is not None else self.state

    def _forget_rolled(self) -> None:
        self.rolled_state = None

    # -- the engine ---------------------------------------------------------------------
    def apply_move(self, action: FarkleAction, **how: Any) -> list[Event]:
        """Apply an action of the seat to play (the state before it is kept for the
        pictures of what it caused)."""
        self.before_move = copy.deepcopy(self.state)
        events = self.state.apply(action, self.rng)
        if not any(event.kind == "bank_refused" for event in events):
            self.history.append(FarkleAction(action[0], tuple(action[1])))
            self.selected = set()
            self.moved(events)
        return events

    def present_move(self, events: Sequence[Event]) -> None:
        self.show_events(events, self.before_move)

    def show_events(self, events: Sequence[Event], before: FarkleState | None) -> None:
        """What a move caused, as dice, words, banners and sounds, each in its time.
        `before` is the state the move was made from (None where it is not known: the
        table then draws the engine's state at once)."""
        rolled = False
        for event in events:
            self._count(event)
            if event.kind == "roll" and not rolled and before is not None:
                # The engine has moved on (a farkle ends the turn at once); the table
                # draws the state as the roll left it until the dice land.
                self.rolled_state = state_as_rolled(before, events)
                self.when_landed(self._forget_rolled)
            if rolled:
                # Nothing of a roll's outcome shows before its dice have landed.
                self.when_landed(lambda event=event: self._present(event))
            else:
                self._present(event)
            rolled = rolled or event.kind == "roll"
        self._sync_tray()

    def _count(self, event: Event) -> None:
        """A person's statistics counters count at once (the game is saved at once)."""
        if event.kind in ("hot_dice", "farkle"):
            self.count(event.data["seat"], COUNTED[event.kind])

    def _present(self, event: Event) -> None:
        kind, data = event.kind, event.data
        who = self.name(data["seat"]) if "seat" in data else ""
        say = self.talk
        if kind == "bank_refused":
            say.refuse(self._bank_refusal_text(data["reason"]))
        elif kind == "hold":
            self._take_off_table(data["indices"])
        elif kind == "hot_dice":
            say.note(f"{who}: hot dice at {data['turn_points']:,}")
            say.announce(
                "HOT DICE!",
                f"{who} rolls all six again, {data['turn_points']:,} so far",
                "hot_dice",
            )
        elif kind == "roll":
            self._roll_dice(data["dice"], data["seat"])
            dice = data["dice"]
            self.when_landed(lambda: say.say(f"{who} rolls {dice_text(dice)}."))
            if len(dice) == layout.DICE and len(set(dice)) == 1:
                self.when_landed(
                    lambda: say.announce(
                        "SIX OF A KIND!",
                        f"Six {dice[0]}s for {who}: {SIX_OF_A_KIND:,} points",
                        "big_win",
                    )
                )
        elif kind == "farkle":
            lost = data["lost"]
            say.note(f"{who} farkles" + (f", loses {lost:,}" if lost else ""))
            self.when_landed(
                lambda: say.announce(
                    "FARKLE!",
                    f"{who} loses {lost:,}" if lost else f"Nothing scores for {who}",
                    "farkle",
                    talk.BAD,
                )
            )
            self.steps.wait(self.anim(AFTER_FARKLE_TICKS))
        elif kind == "bank":
            say.say(f"{who} banks {data['points']:,} and has {data['score']:,}.", talk.GOOD)
            self.app.audio.play("click")
            self.steps.wait(self.anim(AFTER_BANK_TICKS))
        elif kind == "final_round":
            say.note(f"Final round: beat {data['score']:,}")
            say.announce("FINAL ROUND", f"{who} has {data['score']:,}: beat it to win", "reminder")
            self.steps.wait(self.anim(FINAL_ROUND_TICKS))
        elif kind == "turn_start":
            self.cursor = None
            self.shown_turn = self.state.turn_number
            if say.news.tone != talk.GOOD:
                say.say(f"{self.name(data['seat'])} is next.", log=False)

    def _bank_refusal_text(self, reason: str) -> str:
        return bank_reason(self.state, tuple(sorted(self.selected)), reason)

    # -- the end -----------------------------------------------------------------------------
    def announce_end(self) -> None:
        state = self.state
        winners = state.winners
        names = " and ".join(self.name(w) for w in winners)
        verb = "win" if len(winners) > 1 else "wins"
        best = state.scores[winners[0]] if winners else 0
        self.talk.say(f"{names} {verb} with {best:,}!", talk.GOOD)

    def results(self) -> list[SeatResult]:
        """One game counted for each person here; only a winner's score may enter the
        Top Ten (a Top Ten of the game's winners, as the scores are game totals)."""
        state = self.state
        return [
            SeatResult(
                seat,
                self.name(seat),
                won=seat in state.winners,
                score=state.scores[seat],
                counters=self.counters.get(seat, {}),
                top_ten=seat in state.winners,
                extra={"players": len(state.active_seats), "target": state.options.target},
            )
            for seat in state.active_seats
            if self.seats[seat].here
        ]

    # -- derived figures for the view --------------------------------------------------------
    @property
    def held_dice(self) -> tuple[int, ...]:
        if self.state.phase != ROLLED:
            return ()
        return tuple(self.state.roll[i] for i in sorted(self.selected))

    @property
    def held_points(self) -> int:
        return self.state.hold_points(tuple(sorted(self.selected))) if self.selected else 0

    @property
    def held_combinations(self) -> list[tuple[str, int]]:
        """What the held dice make, e.g. [("three 4s", 400), ("a 1", 100)]."""
        return combinations(self.held_dice)

    def bank_refusal(self) -> str | None:
        """Why Next would be refused now (None: it would bank)."""
        return self.state.bank_refusal(tuple(sorted(self.selected)))

    def bank_hint(self) -> str:
        """The line over the buttons: what Next would do, or why it cannot."""
        refusal = self.bank_refusal()
        if refusal is None:
            total = self.state.turn_points + self.held_points
            return f"Next banks {total:,} and passes the dice."
        if refusal == NOTHING_HELD:
            return "Hold scoring dice, then Roll on or pass with Next."
        return self._bank_refusal_text(refusal)

    # -- presentation -------------------------------------------------------------------------
    def game_help(self) -> list[HelpPage]:
        return help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        from game.scenes.farkle import view

        self.buttons[0].enabled = self.waiting_for_human and bool(self.selected)
        self.buttons[1].enabled = self.waiting_for_human and self.bank_refusal() is None
        self.buttons[2].enabled = not self.finished
        view.draw(canvas, self)


def state_as_rolled(before: FarkleState, events: Sequence[Event]) -> FarkleState:
    """The state between a move's roll and what the roll caused: `before` (the state the
    move was made from) with the dice the move held kept beside the ring (none after hot
    dice), the new dice on the table and the turn total so far; the same seat plays on."""
    shown = copy.deepcopy(before)
    for event in events:
        data = event.data
        if event.kind == "hold":
            shown.set_aside += tuple(data["dice"])
        elif event.kind == "hot_dice":
            shown.set_aside = ()
        elif event.kind == "roll":
            shown.phase, shown.roll = ROLLED, tuple(data["dice"])
            shown.turn_points = data["turn_points"]
            break
    return shown


def _checked_slots(slots: Sequence[int] | None, count: int) -> list[int]:
    """Saved ring slots if they fit the dice on the table, else the first `count` slots."""
    try:
        chosen = [int(s) for s in (slots or ())]
    except (TypeError, ValueError):
        chosen = []
    if (
        len(chosen) == count
        and len(set(chosen)) == count
        and all(0 <= s < layout.DICE for s in chosen)
    ):
        return chosen
    return list(range(count))
