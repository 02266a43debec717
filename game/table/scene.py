"""TableScene: what every game's table does the same way, so that each game writes only
its own rules' presentation.

A table is a scene over one game's engine. The engine is the truth and changes at once;
the table shows each change step by step (steps.py), talks about it (talk.py), lets the
computer decide for its seats a slice at a time (thinker.py), and keeps the game on disk
after every move. It also owns what players meet at every table: the Esc menu, the move
log, hints, demo (the computer takes over this screen's seats) and fast mode, the end of
a game with its statistics and Top Ten, and saving and resuming.

A game's table subclasses TableScene and fills in the hooks below: whose decision the
engine waits for, how a computer decides and how its decision is shown, what is saved,
and how each person here did at the end. Nothing here knows any game by name.

The tick: talk and animations advance, the thinker gets its slice, queued steps run; when
nothing is queued or moving, the table asks what comes next (_next): the end of the game,
an automatic step of the game (a deal, the first roll of a turn), or a seat's decision.
A computer seat's question is started and the table pauses while it thinks; a seat
played here waits for keys and clicks (waiting_for_human); a seat played from elsewhere
waits for its actions to arrive (submit()).

The coach (coaching.py, review.py): each decision a person here makes is written down
(note_decision, which a game calls just before applying an action) and weighed by the
game's engine coach in the time the table would otherwise idle; coach mode asks before a
costly move (ask_coach_first); at the end the accuracy goes into the statistics and V
opens the review.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.coach import Judgement
from game.engine.core import Thinking
from game.input import Action
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.table import ending
from game.table.coaching import JUDGING_ERRORS, CoachLog, Verdict, ask_worthy
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from game.table.steps import StepQueue
from game.table.talk import DIM, GOOD, Talk, log_from_json
from game.table.thinker import THINKING_SLICE_MS, Thinker

if TYPE_CHECKING:
    from game.shell.app import App
    from game.storage import GameStats
    from game.table.guest import GuestLink
    from game.table.remote import RemoteSeats

TICK_RATE = 60
# Demo games pause this long on their final score before the next one starts.
DEMO_END_PAUSE_TICKS = 5 * TICK_RATE
# Fast mode: at most this many decisions are carried out in one tick (quick, never a freeze).
MAX_MOVES_PER_TICK = 6
# Saved counters above this are damage, not play.
COUNTER_LIMIT = 1_000_000
# A hint still being worked out says so this long (it is replaced when the hint is ready).
THINKING_LINE_TICKS = 10 * TICK_RATE
# Once the game is over and only the coach is still weighing the last decisions (a person
# who plays fast leaves a few), it may take this much of each tick: nothing else moves.
COACH_FINISH_MS = 10.0

# The shared commands, by the name of the action a command bar entry sends, and the letter
# keys that send them: the same at every table unless a game's manual gives a letter
# another meaning (TableScene.SHARED_CHARS, KEY_LABELS).
SHARED_COMMANDS = ("hint", "log", "demo", "fast", "undo", "redo", "review", "friends")
SHARED_CHARS = {
    "?": "hint",
    "/": "hint",  # "/" is "?" without its shift
    "l": "log",
    "d": "demo",
    "f": "fast",
    "u": "undo",
    "r": "redo",
    "v": "review",
    "g": "friends",  # a network table's panel (guests: who is where, the invitation)
}


class TableScene(Scene):
    """One game at a table: the shared runtime under every game's own scene."""

    has_command_bar = True
    #: The registry id of the game: its saved game and records are kept under it.
    game_id: ClassVar[str] = ""
    #: Saved games carry this; another version's save is set aside, not misread.
    SAVE_VERSION: ClassVar[int] = 1
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
    NEW_GAME_WORD: ClassVar[str] = "New game"
    #: The letters that give the shared commands at once (a game whose manual gives a
    #: letter another meaning leaves it out and offers the command its own way), and the
    #: keys as the command bar and the help name them.
    SHARED_CHARS: ClassVar[Mapping[str, str]] = SHARED_CHARS
    KEY_LABELS: ClassVar[Mapping[str, str]] = {
        "hint": "?",
        "log": "L",
        "demo": "D",
        "fast": "F",
        "undo": "U",
        "redo": "R",
        "review": "V",
        "friends": "G",
    }
    #: The coach (game.engine.coach): the average cost per decision, in the game's
    #: accuracy unit (accuracy_cost), that halves the 0-100 accuracy; 0 for a table
    #: without a coach.
    HALF_ACCURACY_AT: ClassVar[float] = 0.0
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
        self.hint: Any = None
        self._hint_thinking: Thinking[Any] | None = None
        self._hint_wanted = False
        self._hint_moves = -1
        self._dirty = False
        #: The network side when guests play some seats (remote.py), else None.
        self.net: RemoteSeats | None = None
        #: When this screen is a guest at a table hosted elsewhere (guest.py), else None.
        self.guest: GuestLink | None = None
        #: The saved network entry of a table continued here, kept in the save so that
        #: the guests come back to it when it is opened again (game.hosting).
        self.kept_net: Mapping[str, Any] | None = None
        #: Every decision of the people here, weighed while they play (coaching.py).
        self.coach = CoachLog()
        #: The coach's words at the end of the game ("Accuracy 87 over 24 decisions...").
        self.coach_line = ""
        #: Coach mode's question about a move, while the coach weighs it.
        self._question: (
            tuple[tuple[int, str], Thinking[Judgement | None], Callable[[], None]] | None
        ) = None
        #: The move coach mode has weighed and asked about once, with its verdict for the
        #: record: (key, verdict). Played again, it is not asked about again.
        self._cleared: tuple[tuple[int, str], Verdict | None] | None = None

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
        """Carry out a computer's decision: show it and apply it (now or in steps)."""
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Any]:
        """The engine's legal actions for the seat to act now."""
        raise NotImplementedError

    def perform(self, action: Any) -> None:
        """Apply a legal action of the seat to act and show it (a person's move)."""
        raise NotImplementedError

    def game_data(self) -> dict[str, Any]:
        """What this game saves besides what every table saves (JSON data)."""
        raise NotImplementedError

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> TableScene:
        """The table saved by game_data(); raises ValueError (or KeyError, TypeError...)
        on data it cannot trust."""
        raise NotImplementedError

    def results(self) -> list[ending.SeatResult]:
        """How each person here did, once the game is over (the table adds the coach's
        figures and the opponent: see final_results)."""
        raise NotImplementedError

    def announce_end(self) -> None:
        """Say who won (the news line, a banner)."""

    def rematch(self) -> Scene:
        """The same people at the same table, a new game (demo plays on with this)."""
        raise NotImplementedError

    def new_game_scene(self) -> Scene:
        """Where the Esc menu's New game leads: usually the game's set-up screen."""
        from game.shell.registry import game_info

        info = game_info(self.game_id)
        return info.new_scene(self.app) if info is not None else self.rematch()

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

    def computer_pause(self, seat: int) -> int:
        """Ticks the table pauses before a computer's decision for `seat` is carried out."""
        return self.COMPUTER_PAUSE_TICKS

    def think_hint(self) -> Thinking[Any] | None:
        """What the best player would do now, for the person to act (None: no hint here)."""
        return None

    def show_hint(self, hint: Any) -> None:
        """Say (and mark on the table) a hint once it is found."""

    def demo_changed(self) -> None:
        """Demo was switched on or off (drop a tentative choice of the person here)."""

    def undo(self) -> None:
        """U, at a table with HAS_UNDO."""

    def redo(self) -> None:
        """R, at a table with HAS_UNDO."""

    def cheer(self, results: Sequence[ending.SeatResult]) -> None:
        """The sound of the end: a cheer when someone here won, or when nobody here played
        (no fanfare for a computer that beat you)."""
        if not results or any(result.won for result in results):
            self.app.audio.play("win")

    def leaving(self) -> None:
        """The game is being left for a new one (a solitaire counts a hand begun)."""

    def menu_message(self) -> str:
        """The Esc menu's words (at a table open to friends, how they join)."""
        words = (
            "Paused. Quit keeps this game: Continue it from the title screen. Exit "
            "leaves Pixel Parlor (the game is kept too)."
        )
        if self.guest is not None:
            return (
                "The game goes on at the host's table. Quit leaves it; the host keeps "
                "your seat (join again with the same code and name to come back). Exit "
                "leaves Pixel Parlor."
            )
        if self.net is not None:
            from game.hosting import how_to_join

            words = f"{how_to_join(self)} Quit closes the table to them. " + words
        return words

    def welcome_back(self) -> None:
        """Say where a resumed game stands."""

    def game_help(self) -> list[HelpPage]:
        """The game's own help pages (the table adds the page of shared keys)."""
        return []

    def game_commands(self) -> list[Command]:
        """The command bar entries of the game itself, before the shared ones."""
        return []

    def handle_game(self, action: Action) -> bool:
        """The game's own keys and clicks; True if the action was used."""
        return False

    # -- the coach's hooks (a table with HALF_ACCURACY_AT) ----------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        """The engine coach's judgement of `action` (as action_json wrote it) in the
        position saved as `position` (position_data()); its result is None when there was
        nothing to decide. May raise ValueError (and the like) for an action the engine
        does not take."""
        raise NotImplementedError

    def action_json(self, action: Any) -> Any:
        """An engine action as JSON data (kept with the saved game for the review)."""
        return action

    def accuracy_cost(self, judgement: Judgement) -> float:
        """A judgement's cost in the unit HALF_ACCURACY_AT is in (a game whose coach
        mixes units converts here)."""
        return judgement.cost

    def moment(self) -> str:
        """When a decision is made, in the game's words ("Round 3", "Hand 2")."""
        return ""

    # -- a table on the network (seats of kind REMOTE) --------------------------------------
    def remote_view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now, as JSON data sent to its guest: never another seat's
        hidden cards. A game that can be played over the network fills this in."""
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Any:
        """An engine action from its JSON (a guest's); ValueError (or the like) for
        anything that is not one."""
        raise NotImplementedError

    def take_view(self, view: Mapping[str, Any]) -> None:
        """At a guest's screen: the host's view of this seat (a "view" message) becomes
        the table's picture. A game that can be joined over the network fills this in."""
        raise NotImplementedError

    def relay(self, action: Any) -> bool:
        """At a guest's screen, a person's action goes to the host instead of the engine
        (True: sent, or one is already on its way); games call this first in apply."""
        if self.guest is None:
            return False
        link = self.guest
        if not link.may_send(self.moves):
            self.talk.tell("Sent: waiting for the host.", DIM)
            return True
        decisions = len(self.coach.decisions)
        self.note_decision(action)  # the guest's own coach weighs it, as the host's would
        link.send(self.action_json(action), self.moves, len(self.coach.decisions) > decisions)
        return True

    def rename_seat(self, seat: int, name: str) -> None:
        """A guest took the seat under this name."""
        self.seats[seat] = replace(self.seats[seat], name=name)

    def show_review(self, best: Any, why: str) -> None:
        """Mark the coach's best action (as action_json wrote it) on this table, restored
        at the moment of a decision, as a hint is marked; the review says why itself."""

    # == who plays ======================================================================
    def played_by_computer(self, seat: int) -> bool:
        """Whether the computer decides for this seat (demo takes over this screen's)."""
        info = self.seats[seat]
        if self.guest is not None and info.kind != HERE:
            return False  # at a guest's screen the host's table plays it
        if info.kind == REMOTE:
            # A guest's seat: the computer stands in while the guest is away (or when the
            # game is continued without its network table).
            return self.net is None or self.net.computer_plays(seat)
        return info.kind == COMPUTER or (self.demo and info.kind == HERE)

    def level_of(self, seat: int) -> str:
        """The level the computer plays `seat` at."""
        info = self.seats[seat]
        return info.level if info.kind == COMPUTER else self.DEMO_LEVEL  # demo, stand-in

    def name(self, seat: int) -> str:
        return self.seats[seat].name or f"Player {seat + 1}"

    @property
    def people_here(self) -> list[int]:
        """The seats played by people at this screen."""
        return [seat for seat, info in enumerate(self.seats) if info.here]

    @property
    def waiting_for_human(self) -> bool:
        """The table waits for a person at this screen to decide: nothing is queued or
        moving, and the seat to act is played here (not by the demo)."""
        if self.finished or self.is_over or self.steps or self.animating():
            return False
        seat = self.seat_to_act()
        return seat is not None and self.seats[seat].here and not self.demo

    @property
    def moving(self) -> bool:
        """Play goes on by itself (a computer's turn, an animation, the demo) unless the
        table waits for a person here or the game has finished."""
        return not (self.finished or self.waiting_for_human) or self.thinking

    def opponent(self) -> str:
        """Who the people here played against, for the statistics: the strongest
        computer level at the table, "people" when every seat is a person's, "" alone."""
        levels = [info.level for info in self.seats if info.kind == COMPUTER]
        if levels:
            known = [level for level in self.LEVELS if level in levels]
            return known[-1] if known else levels[0]
        return "people" if len(self.seats) > 1 else ""

    def count(self, seat: int, counter: str) -> None:
        """Add one to a statistics counter of a person here (never the demo's play)."""
        if seat in self.counters and not self.played_by_computer(seat):
            self.counters[seat][counter] = self.counters[seat].get(counter, 0) + 1

    # == the tick ========================================================================
    def update(self) -> None:
        if self.net is not None:
            self.net.tick()
        if self.guest is not None:
            self.guest.tick(self)
        self.talk.tick()
        self.tick_animations()
        self.thinker.think(self.think_ms)
        self._think_hint()
        self._think_coach()
        for _ in range(MAX_MOVES_PER_TICK if self.app.fast else 1):
            self.steps.tick()
            if self.steps or self.animating() or not self._next():
                break
        self.save_if_changed()

    def _next(self) -> bool:
        """Nothing is queued or moving: do or wait for what the game needs next. True when
        something was done (in fast mode another may follow in the same tick)."""
        if self.finished:
            return False
        if self.is_over:
            if self.coach.busy and (self.counts_for_people() or self.guest is not None):
                # The last decisions are weighed before the accuracy is counted.
                waiting = self.coach.waiting
                self.talk.tell(
                    f"The coach weighs your last move{'s' if waiting > 1 else ''}"
                    f"... ({waiting} to go)",
                    DIM,
                    30,
                )
                return False
            self._finish()
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
        if self.net is not None and self.PUBLIC_EVENTS:
            self.net.record(events)
        self.hint = None
        self._hint_thinking = None
        self._question = None
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
        self.hurry()
        self.perform(action)
        self.save_if_changed()
        return True

    # == the end ==========================================================================
    def _finish(self) -> None:
        """Once, when the game is over: the winner's words, the records, the names."""
        self.finished = True
        self.thinker.forget()
        self.hint = None
        self.announce_end()
        if self.attract or (self.demo and self.DEMO_PLAYS_ON):
            self.cheer([])
            self.forget_game()
            self.steps.after(self.anim(DEMO_END_PAUSE_TICKS) or 1, self._next_demo_game)
            return
        if not self.saving:
            if self.guest is not None:
                self._say_coach_verdict()  # the host keeps the records
            return
        self.app.storage.clear_game(self.save_slot)
        results = self.final_results()
        self.cheer(results)
        if not self.demo_played:
            self.records = ending.record_results(self.app, self.game_id, results)
        self.game_ended(results)
        self._say_coach_verdict()
        if not self.demo_played and self._keeps_top_ten():
            ending.ask_top_ten_names(
                self.app, self.game_id, results, self._entered, self._names_done
            )

    def final_results(self) -> list[ending.SeatResult]:
        """results(), each with the coach's figures for that person and the opponent."""
        opponent = self.opponent()
        out = []
        for result in self.results():
            summary = self.coach.summary(result.seat, self.HALF_ACCURACY_AT)
            out.append(
                replace(result, accuracy=summary.accuracy, loss=summary.loss, opponent=opponent)
            )
        return out

    def weigh_every_decision(self) -> None:
        """The coach weighs what is left at once (a game being left has no more ticks)."""
        while self.coach.busy:
            self.coach.weigh(self.judge_saved, self.verdict, 1000.0)

    def counts_for_people(self) -> bool:
        """This game is counted in the statistics of the people here."""
        return self.saving and not self.attract and not self.demo_played

    def _say_coach_verdict(self) -> None:
        self.coach_line = self.coach_verdict()
        if self.coach_line:
            self.talk.say(self.coach_line, GOOD)

    def coach_verdict(self) -> str:
        """The coach's words at the end: each person's accuracy and the way to the review."""
        parts = []
        for seat in self.coach.seats():
            summary = self.coach.summary(seat, self.HALF_ACCURACY_AT)
            if summary.accuracy is None:
                continue
            who = f"{self.name(seat)}: accuracy" if len(self.people_here) > 1 else "Accuracy"
            parts.append(
                f"{who} {summary.accuracy} over {summary.decisions} decision"
                f"{'s' if summary.decisions != 1 else ''}"
            )
        if not parts:
            return ""
        costly = len(self.coach.review())
        tail = (
            f"; {self.KEY_LABELS['review']} reviews the {costly} that cost something."
            if costly
            else "; every one was the best."
        )
        return ". ".join(parts) + tail

    def game_ended(self, results: Sequence[ending.SeatResult]) -> None:
        """The end of a game people played has been dealt with (self.records holds the
        statistics after it, unless the computer played part of it)."""

    def _keeps_top_ten(self) -> bool:
        from game.shell.registry import game_info

        info = game_info(self.game_id)
        return info is None or info.has_top_ten

    def _entered(self, name: str, rank: int) -> None:
        self.talk.say(f"{name} is number {rank} in the Top Ten.", GOOD)

    def _names_done(self, any_entered: bool) -> None:
        """Every name is in: the Top Ten shows with them."""
        if any_entered:
            from game.scenes.scores import ScoresScene

            self.app.push(ScoresScene(self.app, self.game_id))

    def _next_demo_game(self) -> None:
        if self.attract:
            from game.shell.registry import game_info

            info = game_info(self.game_id)
            self.app.demo_finished(
                self, lambda: info.new_scene(self.app) if info else self.rematch()
            )
        else:
            self.app.replace(self.rematch())

    # == saving and resuming ==============================================================
    def enter(self) -> None:
        if self.kept_net is not None and self.net is None and self.guest is None:
            from game.hosting import open_again

            open_again(self)  # a network table continued at the desktop: friends come back
        self.save()  # from the first moment, Continue on the title picks it up

    def exit(self) -> None:
        self.thinker.forget()
        if self.net is not None:
            self.net.close()  # the guests read "the host closed the table"
        if self.guest is not None:
            self.guest.close()  # the host keeps the seat for this person

    def saved_data(self) -> dict[str, Any]:
        """Everything needed to resume: the game's data and the table's."""
        data = {"version": self.SAVE_VERSION, **self.game_data()}
        data.update(
            log=self.talk.log_json(),
            demo_played=self.demo_played,
            counters={str(seat): dict(c) for seat, c in self.counters.items()},
            coach=self.coach.to_json(),
        )
        if self.net is not None:
            data["net"] = self.net.to_json()
        elif self.kept_net is not None:
            data["net"] = dict(self.kept_net)
        return data

    def position_data(self) -> dict[str, Any]:
        """The game as it stands, as restore() reads it (without the table's log, the
        coach's notes and counters): the position of a decision, for its review."""
        return {"version": self.SAVE_VERSION, **self.game_data()}

    def save(self) -> None:
        """After every move, on the boss key and on quitting. Attract games and pictures
        are never saved; a game whose end has been dealt with is forgotten. A game that
        is over but not yet counted is kept, so that Continue counts it."""
        self._dirty = False
        if self.attract or not self.saving:
            return
        if self.finished:
            self.app.storage.clear_game(self.save_slot)
        else:
            self.app.storage.save_game(self.save_slot, self.saved_data())

    def save_if_changed(self) -> None:
        if self._dirty:
            self.save()

    @classmethod
    def from_saved(cls, app: App, data: Mapping[str, Any]) -> TableScene:
        """The table saved_data() wrote; ValueError for anything else, so that storage
        sets the file aside with a notice."""
        if not isinstance(data, Mapping) or data.get("version", 1) != cls.SAVE_VERSION:
            raise ValueError(f"not a saved {cls.title} game of this version")
        try:
            scene = cls.restore(app, data)
            scene.talk.log = log_from_json(data.get("log"))
            scene.demo_played = scene.demo_played or bool(data.get("demo_played", False))
            scene.counters = _counters_from_json(data.get("counters"), scene.counters)
            scene.coach = CoachLog.from_json(data.get("coach"))
            net = data.get("net")
            scene.kept_net = net if isinstance(net, Mapping) else None
        except (KeyError, TypeError, AttributeError, IndexError) as error:
            raise ValueError(f"not a saved {cls.title} game: {error!r}"[:200]) from error
        scene.welcome_back()
        return scene

    def forget_game(self) -> None:
        """The saved game goes (a new game or Done replaces it)."""
        if not self.attract and self.saving:
            self.app.storage.clear_game(self.save_slot)

    # == the shared commands =================================================================
    def open_menu(self) -> None:
        """Esc: pause, with a way out that keeps the game for Continue. After the end of
        the game, Esc goes back to the title."""
        from game.shell.dialog import pause_menu

        if self.finished:
            self.close()
            return
        pause_menu(
            self.app,
            self.title,
            self.menu_message(),
            self.quit_to_title,
            self.start_new_game,
            self.NEW_GAME_WORD,
        )

    def quit_to_title(self) -> None:
        self.save()
        self.close()

    def start_new_game(self) -> None:
        if self.net is not None:
            self.play_again()  # the set-up would close the table to the friends at it
            return
        if self._guest_waits_for_host():
            return
        self.leaving()
        self.forget_game()
        self.app.replace(self.new_game_scene())

    def play_again(self) -> None:
        """The same table, a new game (the end of a game's N or Enter); at a network table
        with the same friends at it, who get its views without joining again."""
        if self._guest_waits_for_host():
            return
        self.leaving()
        self.forget_game()
        table = self.rematch()
        if self.net is not None:
            table.save_slot = self.save_slot
            self.net.move_to(table)
        self.app.replace(table)

    def _guest_waits_for_host(self) -> bool:
        if self.guest is None:
            return False
        self.talk.refuse("The host starts the next game: wait here, or Esc to leave.")
        return True

    def toggle_demo(self) -> None:
        """D: the computer takes over this screen's seats, or hands them back."""
        if self.attract:
            self.talk.refuse("This is a demonstration: Esc leaves it.")
            return
        if self.finished:
            self.talk.refuse("The game is over.")
            return
        self.demo = not self.demo
        self.thinker.forget()
        self.hint = None
        self._hint_thinking = None
        self._hint_wanted = False
        if self.demo:
            self.demo_played = True
            self.talk.say(
                "Demo: the computer plays on for you (D hands it back). This "
                "game no longer counts.",
                DIM,
            )
        else:
            self.talk.say("Your turn to play again.", DIM)
        self.demo_changed()
        self.app.audio.play("click")
        self.changed()

    def toggle_fast(self) -> None:
        """F: fast mode (no animations) on or off, remembered in the settings."""
        self.app.set_fast(not self.app.fast)
        if self.app.fast:
            self.hurry()
        self.talk.tell(
            "Fast mode: no animations."
            if self.app.fast
            else "Fast mode off: the animations are back.",
            DIM,
        )
        self.app.audio.play("click")

    def open_friends_panel(self, until_full: bool = False) -> None:
        """G at a network table: who is at the friends' seats, the invitation, and the
        host's say over the seats (hostpanel.py). `until_full`: it goes by itself once
        every friend is at the table (a table opened at the desktop starts with it)."""
        from game.table.hostpanel import HostPanelScene

        self.app.push(HostPanelScene(self.app, self, until_full))

    def open_log(self) -> None:
        """L: the move log over the table."""
        from game.table.logview import MoveLogScene

        self.app.push(MoveLogScene(self.app, self.talk.log, self.title))

    @property
    def hint_possible(self) -> bool:
        """A hint can be asked now: a person here is to decide."""
        return self.waiting_for_human

    def ask_hint(self) -> None:
        """?: what the best player would do now, worked out a slice per tick."""
        if not self.hint_possible:
            self.talk.refuse("Hints are for your own move: wait for your turn.")
            return
        if self.hint is not None and self._hint_moves == self.moves:
            self.show_hint(self.hint)
            return
        self._hint_wanted = True
        self._hint_moves = self.moves
        self.talk.tell("Thinking...", DIM, THINKING_LINE_TICKS)

    def _think_hint(self) -> None:
        if self._hint_moves != self.moves:
            self._hint_wanted, self._hint_thinking = False, None
        if self._hint_wanted and self.ready_to_think():
            self._hint_wanted = False
            self._hint_thinking = self.think_hint()
            if self._hint_thinking is None:
                self.talk.refuse("There is no hint at this table.")
        thinking = self._hint_thinking
        if thinking is None or not thinking.step(self.think_ms):
            return
        self._hint_thinking = None
        self.hint = thinking.result
        self.talk.hush()
        self.show_hint(self.hint)

    @property
    def thinking(self) -> bool:
        """A hint, a computer's decision or the coach's verdicts are being worked out."""
        return (
            self.thinker.busy
            or self._hint_thinking is not None
            or self._hint_wanted
            or self._question is not None
            or self.coach.busy
        )

    # == the coach ===========================================================================
    def coached(self, seat: int | None) -> bool:
        """The coach weighs this seat's decisions: a person here plays it (not the demo,
        not pictures; a guest's own seat too), at a table with a coach."""
        return (
            bool(self.HALF_ACCURACY_AT)
            and seat is not None
            and self.seats[seat].here
            and not self.played_by_computer(seat)
            and (self.saving or self.guest is not None)
            and not self.attract
        )

    def _action_key(self, action: Any) -> tuple[int, str]:
        return self.moves, json.dumps(self.action_json(action), sort_keys=True)

    def note_decision(self, action: Any) -> None:
        """A game calls this just before it applies an action of the seat to act: a
        person here's decision is written down with the position it is made in, to be
        weighed while the table waits (or with coach mode's judgement of it already)."""
        seat = self.seat_to_act()
        if not self.coached(seat):
            return
        assert seat is not None
        verdict = None
        if self._cleared is not None and self._cleared[0] == self._action_key(action):
            verdict = self._cleared[1]
        self.coach.record(
            seat, self.moment(), self.action_json(action), self.position_data(), verdict
        )
        self.changed()

    def verdict(self, judgement: Judgement) -> Verdict:
        """The coach's judgement as the table keeps it."""
        return Verdict.of(
            judgement, max(0.0, self.accuracy_cost(judgement)), self.action_json(judgement.best)
        )

    def ask_coach_first(self, action: Any, carry_out: Callable[[], None]) -> bool:
        """Coach mode: a game calls this with a person's chosen action before applying it.
        True when the coach takes the move over: it weighs it (a slice per tick) and then
        calls carry_out() itself, at once for a good move, or after asking once about a
        costly one ("Play it anyway?"). False: go ahead now."""
        seat = self.seat_to_act()
        if not (
            self.app.storage.settings.coach and self.coached(seat) and len(self.legal_moves()) > 1
        ):
            return False
        key = self._action_key(action)
        if self._cleared is not None and self._cleared[0] == key:
            return False
        if self._question is not None and self._question[0] == key:
            return True  # already being weighed: wait for it
        try:
            thinking = self.judge_saved(self.position_data(), self.action_json(action))
        except JUDGING_ERRORS:
            return False  # not a move the coach can weigh: the engine says
        self._question = (key, thinking, carry_out)
        self.talk.tell("The coach weighs your move...", DIM, THINKING_LINE_TICKS)
        return True

    def _think_coach(self) -> None:
        """Coach mode's question first; else, while nothing else thinks, the next decision
        written down is weighed."""
        if not self.ready_to_think():
            return  # the engine's tables are still being built
        if self._question is not None:
            key, thinking, carry_out = self._question
            try:
                done = thinking.step(self.think_ms)
            except JUDGING_ERRORS:
                done, thinking.result = True, None
            if done:
                self._question = None
                self._answer_question(key, thinking.result, carry_out)
            return
        if self.coach.busy and not self.thinker.busy and self._hint_thinking is None:
            budget = COACH_FINISH_MS if self.is_over and not self.finished else self.think_ms
            if self.coach.weigh(self.judge_saved, self.verdict, budget):
                self.changed()  # the verdict is kept with the saved game

    def _answer_question(
        self, key: tuple[int, str], judgement: Judgement | None, carry_out: Callable[[], None]
    ) -> None:
        if key[0] != self.moves:
            return  # the table moved on meanwhile
        self.talk.hush()
        verdict = None if judgement is None else self.verdict(judgement)

        def play_it() -> None:
            if key[0] == self.moves:
                self._cleared = (key, verdict)
                carry_out()
                self.save_if_changed()

        if verdict is None or not ask_worthy(verdict, self.COACH_ASKS_ABOVE):
            play_it()
            return
        from game.shell.dialog import ChoiceDialog

        why = verdict.why if verdict.why.endswith((".", "!", "?", ")")) else verdict.why + "."

        def choose_again() -> None:
            # Asked once: the same choice again in the same position is played at once.
            self._cleared = (key, verdict)
            self.talk.say("Choose again (the same move again plays it).", DIM, log=False)

        dialog = ChoiceDialog(
            self.app,
            f"{why} Play it anyway?",
            [("P", "Play it", play_it), ("C", "Choose again", choose_again)],
            title=f"The coach: it gives up {verdict.cost_words()}",
        )
        dialog.focus = 1  # the safe answer: Enter changes nothing
        self.app.push(dialog)

    def open_review(self) -> None:
        """V, after the game: the costliest decisions, each at its moment."""
        from game.table.review import ReviewScene

        if not self.finished:
            self.talk.refuse("The review comes when the game is over.")
            return
        if not self.coach.decisions:
            self.talk.refuse("There is nothing to review: nobody here made a decision.")
            return
        self.app.push(ReviewScene(self.app, self))

    def shared_key(self, action: Action) -> bool:
        """The keys (and command bar entries) every table shares; True if the action was
        one of them."""
        name = action.name
        if name == "cancel":
            self.open_menu()
            return True
        if name == "space" and not self.waiting_for_human:
            self.hurry()
            return True
        command = (
            name
            if name in SHARED_COMMANDS
            else (self.SHARED_CHARS.get(action.char.lower(), "") if name == "char" else "")
        )
        if command in ("undo", "redo") and not self.HAS_UNDO:
            return False
        if command == "review" and not self.HALF_ACCURACY_AT:
            return False
        if command == "friends" and self.net is None:
            return False
        run = {
            "hint": self.ask_hint,
            "log": self.open_log,
            "demo": self.toggle_demo,
            "fast": self.toggle_fast,
            "undo": self.undo,
            "redo": self.redo,
            "review": self.open_review,
            "friends": self.open_friends_panel,
        }.get(command)
        if run is None:
            return False
        run()
        return True

    def handle(self, action: Action) -> None:
        if not self.handle_game(action):
            self.shared_key(action)
        self.save_if_changed()  # a move is on disk before the next frame

    # == the command bar and help =============================================================
    def shared_commands(self, hurry: bool = True) -> list[Command]:
        """The shared entries for the command bar (the game's come first)."""
        labels = self.KEY_LABELS
        entries = []
        if hurry and not self.waiting_for_human and not self.finished:
            entries.append(named_command("Space", "Hurry", "space"))
        if self.hint_possible:
            entries.append(Command(labels["hint"], "Hint", Action("hint")))
        entries += self.review_commands()
        if self.HAS_UNDO and not self.is_over and not self.demo:
            entries += [
                Command(labels["undo"], "Undo", Action("undo")),
                Command(labels["redo"], "Redo", Action("redo")),
            ]
        if self.net is not None:
            entries.append(Command(labels["friends"], "Friends", Action("friends")))
        entries += [
            Command(labels["log"], "Log", Action("log")),
            Command(
                labels["demo"],
                "Demo",
                Action("demo"),
                enabled=not self.attract and not self.finished,
                state=self.demo,
            ),
            Command(labels["fast"], "Fast", Action("fast"), state=self.app.fast),
            char_command("H", "Help"),
            char_command("B", "Boss"),
            named_command("Esc", "Menu", "cancel"),
        ]
        return entries

    def review_commands(self) -> list[Command]:
        """The review's entry, once the game is over (a table whose own bar replaces the
        shared one at the end lists it too)."""
        if self.finished and self.coach.decisions and self.HALF_ACCURACY_AT:
            return [Command(self.KEY_LABELS["review"], "Review", Action("review"))]
        return []

    def commands(self) -> Sequence[Command]:
        return self.game_commands() + self.shared_commands()

    def help_pages(self) -> Sequence[HelpPage]:
        return self.game_help() + [self.shared_keys_help()]

    def accuracy_scale(self) -> str:
        """HALF_ACCURACY_AT in words, for the help, as the game's registration says it
        (the Scores screen's help says it so too)."""
        from game.shell.registry import game_info

        info = game_info(self.game_id)
        return (
            info.accuracy_halves_at
            if info is not None and info.accuracy_halves_at
            else f"{self.HALF_ACCURACY_AT:g}"
        )

    def shared_keys_help(self) -> HelpPage:
        """The page that lists the keys every table shares, as this table binds them."""
        labels = self.KEY_LABELS
        lines = [
            "H or F1\tThis help.",
            f"Esc\tThe menu: Resume (R, or Esc again), Quit (Q) to the title, "
            f"{self.NEW_GAME_WORD} (N), or Exit (X) to leave the program. Quit and Exit "
            "keep the game for Continue.",
            f"{labels['hint']}\tHint: what the strongest computer player would do now, and why.",
            f"{labels['log']}\tThe move log: everything that happened in this game.",
            f"{labels['demo']}\tDemo: the computer plays your seat, until you press it again. "
            "A game the computer played in does not count.",
            f"{labels['fast']}\tFast mode: no animations (remembered).",
            "Space\tHurry the computer along: its cards and dice land at once.",
            "B or F12\tThe boss key.",
        ]
        if self.net is not None:
            lines.insert(
                4,
                f"{labels['friends']}\tThe table panel: the invitation for your friends, who "
                "is at their seats and from where; send a guest away, change the code, or "
                "give a missing friend's seat to the computer.",
            )
        if self.HAS_UNDO:
            lines.insert(4, f"{labels['undo']} / {labels['redo']}\tUndo and redo moves.")
        if self.HALF_ACCURACY_AT:
            lines.insert(
                4,
                f"{labels['review']}\tAfter the game: the coach's review of your "
                "costliest decisions, each shown at its moment.",
            )
            lines.append(
                "The coach weighs every decision you make against the strongest "
                "computer player (exactly where a solver knows, else as an "
                "estimate, and says which). Your accuracy, 0-100, is 100 when every "
                "decision was the best and halves for each "
                f"{self.accuracy_scale()} given up per decision on average. Coach "
                "mode (Settings) asks once before a costly move."
            )
        return HelpPage("Keys at every table", "\n".join(lines))


def _counters_from_json(
    saved: Any, fresh: Mapping[int, Mapping[str, int]]
) -> dict[int, dict[str, int]]:
    """Saved counters ({"0": {"hot_dice": 2}}) for the seats and names this table keeps;
    anything missing or not a sane count is 0."""
    counters = {seat: dict(names) for seat, names in fresh.items()}
    saved = saved if isinstance(saved, Mapping) else {}
    for seat, names in counters.items():
        stored = saved.get(str(seat))
        stored = stored if isinstance(stored, Mapping) else {}
        for name in names:
            value = stored.get(name, 0)
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and 0 <= value <= COUNTER_LIMIT
            ):
                names[name] = value
    return counters


def new_rng(app: App, rng: random.Random | None) -> random.Random:
    """The engine's generator: the one given (pictures, tests), else a new one from the app
    (replayable with --seed)."""
    return rng if rng is not None else app.new_rng()
