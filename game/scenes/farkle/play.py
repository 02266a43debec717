"""The Farkle table: six dice, hold-and-roll by keyboard and mouse, up to four players.

The engine (game.engine.farkle) decides every rule and the table runtime (game.table)
paces, talks, saves and ends the game. This scene holds Farkle's parts: the presenter
(presenter.py) turns the engine's events into dice, banners and sounds, the controls
(controls.py) turn a person's keys and clicks into holds and moves, and view.py draws.
A computer's decision is shown in two beats: its held dice stay lit with its reason,
then it acts.
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
from game.engine.dealcode import DealCode, random_seed
from game.engine.farkle import (
    COMPUTER,
    EXPERT,
    LEVELS,
    NONE,
    NOTHING_HELD,
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
from game.engine.farkle.combos import combinations
from game.engine.farkle.rules import ROLL
from game.engine.farkle.scoring import DICE
from game.input import Action
from game.lang import N_, Msg, _, join_words, number, pgettext
from game.scenes.farkle import DEAL_LETTER, DEAL_VERSION, GAME_ID, layout, spoken, view, wire
from game.scenes.farkle.controls import FarkleControls
from game.scenes.farkle.helptext import help_pages
from game.scenes.farkle.keys import DONE, NEXT
from game.scenes.farkle.keys import ROLL as ROLL_COMMAND
from game.scenes.farkle.presenter import FarklePresenter
from game.scenes.farkle.words import bank_reason
from game.shell.base import Command, HelpPage
from game.shell.dialog import confirm
from game.table import COMPUTER as COMPUTER_SEAT
from game.table import HERE, SeatResult, TableScene, TableSeat, talk
from game.table.dealing import Dealing, deal_line
from game.ui.dice import DiceTray
from game.ui.widgets import Button
from game.warmup import warm_up

if TYPE_CHECKING:
    from game.shell.app import App


# Pacing, in ticks of 1/60 s; fast mode turns every one of them into nothing.
COMPUTER_LOOK_TICKS = 30  # a computer studies its roll before it holds
COMPUTER_HOLD_TICKS = 70  # its held dice stay lit, with its reason, before it acts
COUNTERS = ("farkles", "hot_dice")  # a person's own statistics (GameInfo.counter_labels)
# The commands of the seed's three buttons under the dice (button_words names them): a
# button sends its command by name, whatever key the player gave it.
BUTTON_COMMANDS = (ROLL_COMMAND, NEXT, DONE)


def button_words() -> tuple[str, str, str]:
    """The seed's three buttons' words (Roll, Next, Done), in the language of the moment."""
    return (
        # TRANSLATORS: a button under the dice (about 60 pixels wide): roll the dice not
        # held; the same word in the command bar ("R Roll").
        pgettext("farkle", "Roll"),
        # TRANSLATORS: a button: bank the turn's points and pass the dice (the seed's Next).
        pgettext("farkle", "Next"),
        # TRANSLATORS: a button: end the whole game (the seed's Done).
        pgettext("farkle", "Done"),
    )


@dataclass(frozen=True)
class Hint:
    """What the Expert would do with this roll: the dice to hold (roll indices) and why."""

    held: tuple[int, ...]
    text: str


def top_ten_detail(extra: Mapping[str, Any]) -> str:
    """The Top Ten says which game a score won: "to 5,000" (older entries say nothing)."""
    target = extra.get("target")
    ok = isinstance(target, int) and not isinstance(target, bool)
    # TRANSLATORS: beside a Top Ten score: the game's target ("to 5,000").
    return _("to {target}").format(target=number(target)) if ok else ""


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


class FarkleScene(TableScene):
    """One game of Farkle in play, from the first roll to the cheers."""

    #: The controller's X and Y: the commands played most after Enter (A).
    PAD_BUTTONS = {"x": ("roll",), "y": ("next",)}  # Roll, and Next (bank the turn)

    title = N_("Farkle")
    game_id = GAME_ID
    LEVELS = LEVELS
    DEMO_LEVEL = EXPERT
    HALF_ACCURACY_AT = coach.HALF_ACCURACY_AT
    ACCURACY_STRETCH = coach.ACCURACY_STRETCH
    ACCURACY_UNIT = coach.UNIT
    COACH_ASKS_ABOVE = coach.ASK_ABOVE
    COMPUTER_PAUSE_TICKS = COMPUTER_LOOK_TICKS
    COUNTERS = COUNTERS
    PUBLIC_EVENTS = True
    END_BAR = True
    NET_FACE = wire.FACE

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
        deal: DealCode | None = None,
    ):
        """`seats`: the table's seats when some are played elsewhere (a network table);
        by default each engine seat is the computer's or a person's here. `deal`: the
        code the dice come from (else `rng` rolls them)."""
        seats = list(seats) if seats is not None else table_seats(state)
        if len(seats) != len(state.seats):
            raise ValueError(f"{len(seats)} seats for {len(state.seats)} engine seats")
        super().__init__(app, seats, demo=demo)
        self.state = state
        #: Only the engine draws from this generator, so a seed replays the dice exactly.
        self.rng = rng if rng is not None else app.new_rng()
        self.dealing = Dealing(deal, self.rng)
        self.agents: dict[int, FarkleAgent] = {}
        self.tray = DiceTray(layout.RING_POSITIONS)
        #: Indices into the roll that the player (or a computer about to act) holds.
        self.selected: set[int] = (
            set(selected) if (selected and state.is_valid_hold(tuple(selected))) else set()
        )
        self.cursor: int | None = None
        self.hover_centre = False
        #: The state the move being shown was made from (apply_move keeps it).
        self.before_move: FarkleState | None = None
        self.buttons = [
            Button(rect, label, Action(command))
            for rect, label, command in zip(layout.button_rects(), button_words(), BUTTON_COMMANDS)
        ]
        self.history: list[FarkleAction] = []
        self.presenter = FarklePresenter(self, slots)
        self.controls = FarkleControls(self)
        self.presenter.sync_tray()
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
        deal: DealCode | None = None,
    ) -> FarkleScene:
        """A fresh game at this table (`table`: its seats, as for __init__), its dice from
        `deal`, or from a new code (none when `rng` is given: a test's own dice)."""
        if deal is None and rng is None:
            deal = DealCode(DEAL_LETTER, random_seed(app.new_rng()), DEAL_VERSION)
        scene = cls(
            app, FarkleState.new(list(seats), options), rng, demo=demo, seats=table, deal=deal
        )
        if deal is not None:
            scene.talk.say(deal_line(deal.text), talk.DIM)
        return scene

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
            "slots": list(self.presenter.slot_of) if self.state.phase == ROLLED else [],
        }

    def rematch(self) -> FarkleScene:
        return FarkleScene.new_game(
            self.app, self.state.seats, self.state.options, demo=self.demo, table=self.seats
        )

    def welcome_back(self) -> None:
        self.talk.say(
            _("Welcome back: {name}'s turn.").format(name=self.name(self.state.current)),
            talk.DIM,
            log=False,
        )

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
        self.presenter.sync_tray()
        # TRANSLATORS: a computer player's move and why, after its name: "Anna keeps a 1
        # and banks 650."
        line = Msg("{name} {reason}.", name=self.name(seat), reason=decision.reason)
        self.talk.say(line.text(), talk.COMPUTER)
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
            return Hint(
                tuple(judgement.best.held), _("Hint: {advice}.").format(advice=judgement.why)
            )
        seat = self.state.current
        thinking = make_agent(EXPERT, random.Random(seat)).think(
            self.state.observation(seat), self.state.legal_actions()
        )
        while not thinking.step():
            yield
        decision = thinking.result
        assert decision is not None
        return Hint(
            tuple(decision.action.held),
            Msg("Hint: the Expert {reason}.", reason=decision.reason).text(),
        )

    def show_hint(self, hint: Hint) -> None:
        self.talk.tell(hint.text, talk.HINT)

    # -- the coach --------------------------------------------------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        return coach.judge_thinking(
            FarkleState.from_json(position["state"]), FarkleAction.from_json(action)
        )

    def action_json(self, action: FarkleAction) -> Any:
        return FarkleState.action_to_json(action)

    def accuracy_cost(self, judgement: Judgement) -> float:
        return coach.accuracy_cost(judgement)

    def moment(self) -> str:
        # TRANSLATORS: when a decision was made (the coach's review): "Round 7".
        return _("Round {round}").format(round=number(self.presenter.shown_round))

    def show_review(self, best: Any, why: str) -> None:
        self.hint = Hint(tuple(FarkleAction.from_json(best).held), why)

    # -- whose turn -----------------------------------------------------------------------
    def picture(self) -> FarkleState:
        return self.state

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

    # -- a person's keys and clicks (controls.py) ------------------------------------------
    def handle_game(self, action: Action) -> bool:
        return self.controls.handle(action)

    def game_commands(self) -> list[Command]:
        return self.controls.commands()

    def new_game_key(self) -> str:
        """After the game, Next's key deals the next one (N unless the player moved it)."""
        return self.keys.label(NEXT)

    def ask_done(self) -> None:
        """Done ends the whole game, not the turn (that is Next), after asking."""
        if self.finished:
            self.close()
            return
        confirm(
            self.app,
            _("End this game now? It will not count in the statistics."),
            self.abandon,
            title=pgettext("farkle", "Done"),
            safe_no=True,
        )

    def abandon(self) -> None:
        self.saves.forget_game()
        self.close()

    # -- the engine ---------------------------------------------------------------------
    def apply_move(self, action: FarkleAction, **how: Any) -> list[Event]:
        """Apply an action of the seat to play (the state before it is kept for the
        pictures of what it caused)."""
        self.before_move = copy.deepcopy(self.state)
        events = self.state.apply(action, self.roll_rng(action))
        if not any(event.kind == "bank_refused" for event in events):
            self.history.append(FarkleAction(action[0], tuple(action[1])))
            self.selected = set()
            self.moved(events)
        return events

    def roll_rng(self, action: FarkleAction) -> random.Random:
        """The generator of the roll `action` makes (the deal code's for this turn, this
        roll of the turn and the dice rolled); a bank rolls nothing."""
        state = self.state
        if action[0] != ROLL:
            return self.dealing.fallback
        dice = len(state.roll) - len(action[1]) if state.phase == ROLLED else DICE
        return self.dealing.for_roll(state.turn_number, dice or DICE)

    def present_move(self, events: Sequence[Event]) -> None:
        self.presenter.show_events(events, self.before_move)

    def bank_refusal_text(self, reason: str) -> str:
        """Why the engine refused to bank, as the table says it."""
        return bank_reason(self.state, tuple(sorted(self.selected)), reason)

    # -- the end -----------------------------------------------------------------------------
    def announce_end(self) -> None:
        state = self.state
        winners = state.winners
        names = join_words(self.name(w) for w in winners)
        best = state.scores[winners[0]] if winners else 0
        if len(winners) > 1:
            # TRANSLATORS: the end of the game: "Ann and Bob win with 10,350!"
            line = _("{names} win with {score}!")
        else:
            line = _("{names} wins with {score}!")
        self.talk.say(line.format(names=names, score=number(best)), talk.GOOD)

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
            return _("Next banks {total} and passes the dice.").format(total=number(total))
        if refusal == NOTHING_HELD:
            return _("Hold scoring dice, then Roll on or pass with Next.")
        return self.bank_refusal_text(refusal)

    # -- speech (spoken.py) --------------------------------------------------------------------
    def spoken_focus(self) -> str:
        return spoken.focus(self)

    def spoken_prompt(self) -> str:
        return spoken.prompt(self)

    def spoken_hand(self) -> str:
        return spoken.dice(self)

    def spoken_table(self) -> str:
        return spoken.table_words(self)

    def spoken_score(self) -> str:
        return spoken.scores(self)

    # -- presentation -------------------------------------------------------------------------
    def game_help(self) -> list[HelpPage]:
        return help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        for button, word in zip(self.buttons, button_words()):
            button.label = word
        self.buttons[0].enabled = self.waiting_for_human and bool(self.selected)
        self.buttons[1].enabled = self.waiting_for_human and self.bank_refusal() is None
        self.buttons[2].enabled = not self.finished
        view.draw(canvas, self)
