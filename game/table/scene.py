"""TableScene: what every game's table does the same way, so that each game writes only
its own rules' presentation.

A table is a scene over one game's engine. The engine is the truth and changes at once;
the table shows each change step by step (steps.py), talks about it (talk.py), lets the
computer decide for its seats a slice at a time (thinker.py), and keeps the game on disk
after every move. It is a base of hooks holding parts, each in its own module:

    hints.py       Hints          ? : a hint worked out a slice per tick
    coach.py       Coach          decisions noted and weighed, coach mode's question
    network.py     TableNetwork   the host's or the guest's side of the table
    demo.py        DemoAndFast    D and F, and the next demo game
    ending.py      Ending         the end: results, records, Top Ten names, cheers
    medals.py      TableMedals    medals earned by a person's play here
    saving.py      Saving         the saved game and resuming it
    menu.py        TableMenu      Esc, and the ways to the next game
    sharedkeys.py  SharedKeys     the keys and command bar entries every table shares

A game's table subclasses TableScene and fills in the hooks: whose decision the engine
waits for, how a computer decides and how its decision is shown, how an action is applied
(apply_move) and shown (present_move), what is saved, and how each person here did at the
end. Per-game differences are class attributes or hooks. Nothing here knows any game by
name.

The tick: talk and animations advance, the thinker gets its slice, queued steps run; when
nothing is queued or moving, the table asks what comes next (_next): the end of the game,
an automatic step of the game (a deal, the first roll of a turn), or a seat's decision.
A computer seat's question is started and the table pauses while it thinks; a seat
played here waits for keys and clicks (waiting_for_human); a seat played from elsewhere
waits for its actions to arrive (submit()).

A move takes one path, play_move(): coach mode's check, the decision noted, the game's
apply_move() for each action, then present_move() with the events. A guest's table
overrides play_move to send the move to the host instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.core import Thinking
from game.input import Action
from game.lang import N_
from game.shell.base import Command, HelpPage, Scene
from game.storage.keymap import relabel_rows
from game.table.coach import Coach, CoachHooks
from game.table.coaching import CoachLog
from game.table.dealing import Dealing
from game.table.demo import DemoAndFast, DemoHooks
from game.table.ending import DEMO_END_PAUSE_TICKS, Ending, EndingHooks
from game.table.hints import HintHooks, Hints
from game.table.medals import TableMedals
from game.table.menu import MenuHooks, TableMenu
from game.table.network import NetworkHooks, TableNetwork
from game.table.saving import Saving, SavingHooks
from game.table.seats import REMOTE, TableSeat, WhoPlays, whose_device
from game.table.sharedkeys import (
    SHARED_CHARS,
    SHARED_COMMANDS,
    KeysHooks,
    SharedKeys,
    TableKeys,
)
from game.table.shown import Shown
from game.table.speaking import Speaking, SpeakingHooks
from game.table.steps import StepQueue
from game.table.talk import Talk
from game.table.thinker import THINKING_SLICE_MS, Thinker

if TYPE_CHECKING:
    from game.shell.app import App
    from game.storage import GameStats
    from game.table.guest import GuestLink
    from game.table.remote import RemoteSeats

__all__ = ["DEMO_END_PAUSE_TICKS", "SHARED_CHARS", "SHARED_COMMANDS", "TableScene", "new_rng"]

# Fast mode: at most this many decisions are carried out in one tick (quick, never a freeze).
MAX_MOVES_PER_TICK = 6


class TableScene(
    HintHooks,
    CoachHooks,
    NetworkHooks,
    EndingHooks,
    SavingHooks,
    MenuHooks,
    KeysHooks,
    TableKeys,
    WhoPlays,
    DemoHooks,
    SpeakingHooks,
    Scene,
):
    """One game at a table: the shared runtime under every game's own scene."""

    has_command_bar = True
    #: The registry id of the game: its saved game and records are kept under it.
    game_id: ClassVar[str] = ""
    #: Computer levels this game knows (a saved seat with another level is damage).
    LEVELS: ClassVar[tuple[str, ...]] = ()
    #: The level the computer plays this screen's seats at while demo has them.
    DEMO_LEVEL: ClassVar[str] = ""
    #: A computer looks at the table this long before it acts (it thinks meanwhile).
    COMPUTER_PAUSE_TICKS: ClassVar[int] = 30
    #: Statistics counters kept for each person here, e.g. ("hot_dice",).
    COUNTERS: ClassVar[tuple[str, ...]] = ()
    #: The sound of a refused move.
    REFUSAL_SOUND: ClassVar[str] = "error"
    #: Undo and redo (U, R) exist at this table.
    HAS_UNDO: ClassVar[bool] = False
    #: Demo mode switched on at this table (D) plays one game after another, as a demo
    #: started from the title does; otherwise the game it finishes ends as any other.
    DEMO_PLAYS_ON: ClassVar[bool] = False
    #: What the Esc menu calls a new game ("New hand" for a solitaire).
    NEW_GAME_WORD: ClassVar[str] = N_("New game")
    #: The command bar keeps a place for Space (Hurry), lit while the table moves by
    #: itself (a table whose bar is crowded leaves it out: Space still hurries).
    HURRY_ON_BAR: ClassVar[bool] = True
    #: Once the game has finished, the command bar is the end's own (New game, the review,
    #: the title, the log and help) instead of the game's and the shared entries.
    END_BAR: ClassVar[bool] = False
    #: The coach (game.engine.coach.accuracy): the cost of one decision, in the game's
    #: accuracy unit (accuracy_cost), that scores 50 for that decision; 0 for a table
    #: without a coach.
    HALF_ACCURACY_AT: ClassVar[float] = 0.0
    #: The game's stretch of the accuracy's distance below 100 (game.engine.coach).
    ACCURACY_STRETCH: ClassVar[float] = 1.0
    #: The unit of accuracy_cost ("points", "win chance"): the review lists every
    #: decision's cost in it.
    ACCURACY_UNIT: ClassVar[str] = "points"
    #: Coach mode asks before a move that costs more than this (in the same unit).
    COACH_ASKS_ABOVE: ClassVar[float] = 0.0
    #: Where the review's words cover this table least: "top" or "bottom".
    REVIEW_WORDS_AT: ClassVar[str] = "bottom"
    #: Nothing in this game is hidden from any seat (dice games): at a network table its
    #: engine's events go to every guest, whose table shows them as this screen does,
    #: dice tumbling and all (game.table.guest.EventGuest). A game with hidden cards
    #: leaves this False: its events name cards.
    PUBLIC_EVENTS: ClassVar[bool] = False

    def __init__(self, app: App, seats: Sequence[TableSeat], *, demo: bool | None = None) -> None:
        super().__init__(app)
        self.seats: list[TableSeat] = list(seats)
        self.talk = Talk(
            lambda sound: self.app.audio.play(sound), self.REFUSAL_SOUND, noted=self.changed
        )
        self.steps = StepQueue()
        #: What the screen shows while it follows the engine (the game's picture()).
        self.shown: Shown[Any] = Shown(self.picture)
        self.thinker = Thinker()
        #: Attract mode (--demo): nothing of this game is saved or recorded.
        self.attract = app.demo
        #: The computer plays this screen's seats (D, or attract mode).
        self.demo = app.demo if demo is None else demo
        #: A game the computer played any part of for a person here does not count.
        self.demo_played = self.demo
        #: Decisions applied so far: a question asked before the last move is stale.
        self.moves = 0
        #: The end of the game has been dealt with (records, names, the next demo game).
        self.finished = False
        #: False for pictures and other shows that must not touch the player's files.
        self.saving = True
        #: Where the game is saved: the game's own slot (a headless host whose data
        #: folder holds a game of the desktop's keeps its table apart: game.hosting).
        self.save_slot = self.game_id
        #: Each person here's statistics counters for this game, by seat.
        self.counters: dict[int, dict[str, int]] = {
            seat: {name: 0 for name in self.COUNTERS}
            for seat, info in enumerate(self.seats)
            if info.here
        }
        #: The statistics after this game was counted (for the table's final words).
        self.records: list[GameStats] = []
        #: Milliseconds of thinking (a computer's decision, a hint) each tick may take.
        self.think_ms = THINKING_SLICE_MS
        #: The hint found for the position as it stands (the game marks it), else None.
        self.hint: Any = None
        self._dirty = False
        #: The network side when guests play some seats (remote.py), else None.
        self.net: RemoteSeats | None = None
        #: When this screen is a guest at a table hosted elsewhere (guest.py), else None.
        self.guest: GuestLink | None = None
        #: The saved network entry of a table continued here, kept in the save so that
        #: the guests come back to it when it is opened again (door.py).
        self.kept_net: Mapping[str, Any] | None = None
        #: Every decision of the people here, weighed while they play (coaching.py).
        self.coach = CoachLog()
        #: The coach's words at the end of the game ("Accuracy 87 over 24 decisions...").
        self.coach_line = ""
        #: The deal's code and the generators made from it (a game sets its own).
        self.dealing = Dealing(None, random.Random(0))
        # The parts (see the module's docstring).
        self.hints = Hints(self)
        self.coaching = Coach(self)
        self.network = TableNetwork(self)
        self.demo_and_fast = DemoAndFast(self)
        self.ending = Ending(self)
        self.saves = Saving(self)
        self.menu = TableMenu(self)
        self.shared_keys = SharedKeys(self)
        self.speaking = Speaking(self)
        self.medals = TableMedals(self)  # medals.py (issue 35)

    # == hooks a game fills in ==========================================================
    @property
    def is_over(self) -> bool:
        """The engine's game is over (the table may still be showing its last move)."""
        raise NotImplementedError

    def seat_to_act(self) -> int | None:
        """The seat whose decision the engine waits for (None: nobody's, for now)."""
        raise NotImplementedError

    def decide(self, seat: int) -> Thinking[Any]:
        """A computer's decision for `seat`, as a job thought a slice per tick."""
        raise NotImplementedError

    def play_decision(self, seat: int, decision: Any) -> None:
        """Carry out a computer's decision: show it and play it (play_move, now or in
        steps)."""
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Any]:
        """The engine's legal actions for the seat to act now."""
        raise NotImplementedError

    def perform(self, action: Any) -> None:
        """Play a legal action of the seat to act (a person's move from elsewhere)."""
        raise NotImplementedError

    def apply_move(self, action: Any, **how: Any) -> Sequence[Any]:
        """Apply one action of the seat to act to the engine and return its events (the
        one place a game changes its engine for a move: play_move calls it). A game calls
        moved() here once the engine has taken the action."""
        raise NotImplementedError

    def present_move(self, events: Sequence[Any]) -> None:
        """Show what a move's actions caused: words, sounds and steps (after apply_move)."""

    def coach_may_ask(self) -> bool:
        """Coach mode may hold this move to weigh it (not while a clock runs on it)."""
        return True

    # -- optional hooks --------------------------------------------------------------------
    def public_seat_to_act(self) -> int | None:
        """The seat to act as every seat may know it (a guest's view, whom the table says
        it waits for): seat_to_act(), unless the decision is private (a question only the
        seat asked may know that it is asked)."""
        return self.seat_to_act()

    def advance(self) -> bool:
        """An automatic step of the game when nothing else is queued (a deal, the first
        roll of a turn, a score sheet to read); True if one was taken."""
        return False

    def ready_to_think(self) -> bool:
        """The computer players' tables are built (they are built off the main thread)."""
        return True

    def animating(self) -> bool:
        """Something moves outside the step queue (dice tumbling, doors falling)."""
        return False

    def tick_animations(self) -> None:
        """One tick of whatever moves outside the step queue."""

    def land(self) -> None:
        """Finish every animation at once (hurry, fast mode)."""

    def picture(self) -> Any:
        """The game's picture of the engine's table as it stands: what the screen draws
        once caught up (shown.now); a game snapshots it when the engine moves. None for
        a game that draws the engine's state itself."""
        return None

    def computer_pause(self, seat: int) -> int:
        """Ticks the table pauses before a computer's decision for `seat` is carried out."""
        return self.COMPUTER_PAUSE_TICKS

    def think_game(self) -> None:
        """A slice of the game's own thinking, each tick before anything else moves (a
        solitaire working out whether any card can still go home)."""

    def keeps_moving(self) -> bool:
        """Play goes on by itself although a person here is to decide (a clock runs on
        the decision): the table is drawn at the tick rate."""
        return False

    # == one path for a move ===============================================================
    def play_move(self, *actions: Any, **how: Any) -> None:
        """A decision of the seat to act (a person's, a computer's), as one or more
        engine actions played together (`how`: the game's own details, e.g. which of
        alike cards was picked). Coach mode may hold it to weigh the first action (it
        plays it once answered); else it is played now."""
        if self.coach_may_ask() and self.coaching.asks_first(
            actions[0], lambda: self._play_now(actions, how)
        ):
            return  # coach mode weighs a person's choice first
        self._play_now(actions, how)

    def _play_now(self, actions: Sequence[Any], how: Mapping[str, Any]) -> None:
        events: list[Any] = []
        for action in actions:
            self.coaching.note(action)
            events += self.apply_move(action, **how)
        self.present_move(events)

    # == who decides now ================================================================
    @property
    def waiting_for_human(self) -> bool:
        """The table waits for a person at this screen to decide: nothing is queued or
        moving, and the seat to act is played here (not by the demo)."""
        if self.finished or self.is_over or self.steps or self.animating():
            return False
        return self.person_to_decide()

    def person_to_decide(self) -> bool:
        """Once nothing moves: a person at this screen is to decide (the seat to act is
        played here, not by the demo; a game with prompts of its own says so here)."""
        seat = self.seat_to_act()
        return seat is not None and self.seats[seat].here and not self.demo

    def at_rest(self) -> bool:
        """The table has come to rest (tests settle on it): the game has finished, or
        another screen is over it (a score sheet, a name, a dialog: the table waits for
        it), or nothing plays, the screen has caught up with the engine, and a person is
        to decide: here, or a guest at the host's table."""
        if self.app.scenes.top is not self or self.finished:
            return True
        if self.steps or self.animating() or self.shown.lagging or self.is_over:
            return False
        seat = self.seat_to_act()
        guest_decides = (
            seat is not None
            and self.guest is None
            and self.seats[seat].kind == REMOTE
            and not self.played_by_computer(seat)
        )
        return guest_decides or self.person_to_decide()

    @property
    def moving(self) -> bool:
        """Play goes on by itself (a computer's turn, an animation, the demo) unless the
        table waits for a person here or the game has finished."""
        return not (self.finished or self.waiting_for_human) or self.thinking or self.keeps_moving()

    @property
    def thinking(self) -> bool:
        """A hint, a computer's decision or the coach's verdicts are being worked out."""
        return self.thinker.busy or self.hints.busy or self.coaching.asking or self.coach.busy

    def count(self, seat: int, counter: str) -> None:
        """Add one to a statistics counter of a person here (never the demo's play)."""
        if seat in self.counters and not self.played_by_computer(seat):
            self.counters[seat][counter] = self.counters[seat].get(counter, 0) + 1

    # == the tick ========================================================================
    def update(self) -> None:
        self.think_game()
        self.network.tick()
        self.talk.tick()
        self.tick_animations()
        self.thinker.think(self.think_ms)
        self.hints.tick()
        self.coaching.tick(idle=not self.thinker.busy and self.hints.job is None)
        for _turn in range(MAX_MOVES_PER_TICK if self.app.fast else 1):
            self.steps.tick()
            if self.steps or self.animating() or not self._next():
                break
        self.speaking.tick()
        self.medals.tick()
        self.save_if_changed()

    def _next(self) -> bool:
        """Nothing is queued or moving: do or wait for what the game needs next. True when
        something was done (in fast mode another may follow in the same tick)."""
        self.shown.rest()  # the steps have played out: the screen shows the engine's
        if self.finished:
            return False
        if self.is_over:
            self.ending.end_now()  # the coach may weigh the last decisions first
            return False
        if self.advance():
            return True
        seat = self.seat_to_act()
        if seat is None or not self.played_by_computer(seat):
            return False
        return self._computer_turn(seat)

    def _computer_turn(self, seat: int) -> bool:
        """Ask the seat's computer (it thinks while the table pauses), then act on it."""
        if not self.thinker.asked(self.moves):
            if not self.ready_to_think():
                return False
            self.thinker.start(self.moves, lambda: self.decide(seat))
            pause = self.anim(self.computer_pause(seat))
            if pause:
                self.steps.wait(pause)
                return False
        decision = self.thinker.answer(self.moves)
        if decision is None:
            return False
        self.play_decision(seat, decision)
        return True

    def moved(self, events: Sequence[Any] = ()) -> None:
        """An action was applied to the engine (with these events): questions asked before
        it are stale, and the game is saved before the next frame."""
        self.moves += 1
        self.network.moved(events)
        self.medals.saw(events)
        self.hint = None
        self.hints.forget()
        self.coaching.forget_question()
        self.changed()

    def changed(self) -> None:
        """Something that is saved has changed (written at the end of the tick)."""
        self._dirty = True

    def hurry(self) -> None:
        """Space, a click, fast mode: whatever moves lands and every queued step runs."""
        self.steps.hurry(self.land)

    def submit(self, seat: int, action: Any) -> bool:
        """A seat's action from outside this screen's keys and clicks (a seat played from
        elsewhere; tests): carried out if it is that seat's decision, made by a person,
        and the engine allows it. False (nothing changes) otherwise."""
        to_act = self.seat_to_act()
        if (
            self.finished
            or self.is_over
            or to_act is None
            or seat != to_act
            or self.played_by_computer(seat)
            or action not in self.legal_moves()
        ):
            return False
        if self.hurries_on_arrival(action):
            self.hurry()
        self.perform(action)
        self.save_if_changed()
        return True

    def handle(self, action: Action) -> None:
        self.speaking.saw(action)
        seat = None if self.demo else self.seat_to_act()
        if seat is not None and not self.seats[seat].takes(action, self.SHARED_CHARS):
            self.talk.refuse(whose_device(self.name(seat), self.seats[seat].device))
        elif not self.handle_game(action):
            self.shared_keys.key(action)
        self.save_if_changed()  # a move is on disk before the next frame

    # == the command bar and help =========================================================
    def commands(self) -> Sequence[Command]:
        return self.shared_keys.bar()

    def bar_screen(self) -> tuple:
        return self.shared_keys.screen()

    def help_pages(self) -> Sequence[HelpPage]:
        keys = self.keys
        return [replace(page, text=relabel_rows(page.text, keys)) for page in self.game_help()] + [
            self.shared_keys.help_page()
        ]

    # == saving and resuming ==============================================================
    def enter(self) -> None:
        self.network.open_again()  # a network table continued at the desktop
        self.save()  # from the first moment, Continue on the title picks it up

    def exit(self) -> None:
        self.thinker.forget()
        self.network.close()

    def save(self) -> None:
        """After every move, on the boss key and on quitting (saving.py)."""
        self._dirty = False
        self.saves.save()

    def save_if_changed(self) -> None:
        if self._dirty:
            self.save()


def new_rng(app: App, rng: random.Random | None) -> random.Random:
    """The engine's generator: the one given (pictures, tests), else a new one from the app
    (replayable with --seed)."""
    return rng if rng is not None else app.new_rng()
