"""Shut The Box's play screen: the box and its doors, the dice, scorecards and prompts.

The engine's state is the truth and changes at once; what the screen shows catches up
one step at a time (dice tumble, doors fall, the computer pauses so that you can follow
it). Those steps wait in a queue run by update(), so everything moves with the fixed
tick and freezes under the boss key. When the queue is empty the scene looks at the
engine to decide what comes next: a prompt, the computer's move, or the human's turn.

A human's doors are a tentative selection until the next roll (seed: a door "closed
after the last roll of the dice" may be clicked open again), so Enter applies the
engine's Shut and Roll together.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

import pygame

from game.app import DEMO_END_PAUSE_TICKS
from game.art.font import get_font
from game.engine.core import Event
from game.engine.shutbox import (
    ALL_DOORS, LEVEL_LABELS, ONE_DIE, PERFECT_TURN, ROLL, SHUT, TURNS_PER_PLAYER, TWO_DICE,
    Hint, Player, Roll, SelectionCheck, Shut, ShutBoxAgent, ShutBoxState, hint, make_agent,
    one_die_allowed)
from game.engine.shutbox.solver import score_table
from game.input import Action
from game.scenes.base import Command, HelpPage, Scene, char_command, named_command
from game.scenes.shutbox import help as shutbox_help
from game.scenes.shutbox import view
from game.scenes.shutbox.allscores import AllScoresScene, CardLine
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.layout import (
    BANNER_BAD, BANNER_COMPUTER, BANNER_GOOD, BOX_POS, CARD_RECT, DICE_POSITIONS, LOG_LINES,
    LOG_RECT, PLAYERS_RECT, PROMPT_RECT, SAY_BAD, SAY_COMPUTER, SAY_GOOD, SAY_HINT, SAY_PLAIN)
from game.scenes.shutbox.toggles import (
    CANT_USE, DEMO, FAST, GAME_ID, NEXT_PROMPT, PIPS, ROLL_PROMPT, TOGGLES, GameToggles,
    command_line_letters)
from game.ui.dice import ROLL_TICKS, DiceTray
from game.ui.widgets import PromptBox
from game.warmup import wait_until_warm, warm_up

if TYPE_CHECKING:
    from game.app import App

# --- pacing, in ticks (fast mode makes every one of them 0) -----------------------------
COMPUTER_THINK_TICKS = 30      # before the computer rolls or picks its doors
COMPUTER_DOOR_TICKS = 14       # between the doors it pulls down
COMPUTER_CONFIRM_TICKS = 26    # looking at its choice before the next roll
UNUSABLE_TICKS = 70            # the dead roll stays in view
BOX_SHUT_TICKS = 100           # the cheer for a shut box
TURN_END_TICKS = 90            # the finished board, when no "next turn" prompt waits
# The seat the computer plays in demo mode for a human uses this level.
DEMO_LEVEL = "perfect"
# At most this many queued steps run in one tick (fast demo games: quick, never a freeze).
MAX_STEPS_PER_TICK = 8

# --- what the scene is waiting for --------------------------------------------------------
BUSY = "busy"                  # steps are playing, or the computer is on
NEXT_PROMPT_WAIT = "next"      # "Press Enter for Bob's turn"
ROLL_PROMPT_WAIT = "roll"      # "Press Enter to roll"
SELECTING = "selecting"        # a human is choosing doors (the roll prompt shows once
                               # the doors make the roll)
GAME_OVER = "over"


@dataclass
class _Step:
    """Something to show after `wait` ticks; a `run` returning False is tried again."""

    wait: int
    run: Callable[[], Optional[bool]]


def solver_ready(one_die_option: bool) -> bool:
    """True once Perfect's table is built; the first call starts building it off the main
    thread (a quarter of a second from cold), so that no frame waits for it."""
    return warm_up(("shutbox-perfect", one_die_option), lambda: score_table(one_die_option))


def wait_for_solver(one_die_option: bool) -> None:
    """Block until Perfect's table is built (tests and pictures only)."""
    wait_until_warm(("shutbox-perfect", one_die_option), lambda: score_table(one_die_option))


class ShutBoxScene(Scene):
    """One game of Shut The Box from the first roll to the Top Ten."""

    title = "Shut The Box"
    has_command_bar = True

    def __init__(self, app: "App", state: ShutBoxState, rng: random.Random,
                 demo_played: bool = False, demo: Optional[bool] = None):
        super().__init__(app)
        self.state = state
        self.rng = rng
        self.toggles = GameToggles(app)
        # Attract mode (--demo): nothing of these games is saved or recorded.
        self.attract = app.demo
        self.demo = (app.demo or DEMO.letter in command_line_letters(app)) if demo is None \
            else demo
        # A game the computer played any part of for a human does not enter the records.
        self.demo_played = demo_played or self.demo
        self.agents: dict[tuple[int, str], ShutBoxAgent] = {}
        self.doors = DoorRow(BOX_POS)
        self.tray = DiceTray(DICE_POSITIONS, numerals=not self.toggles[PIPS])
        self.prompt = PromptBox(PROMPT_RECT, "", Action("confirm"))
        self.steps: deque[_Step] = deque()
        self.log: deque[tuple[str, tuple]] = deque(maxlen=LOG_LINES)
        self.mode = BUSY
        self.cursor = 1
        self.selection: set[int] = set()
        self.banner = ""                       # big words in the tray ("Box shut!")
        self.banner_colour = BANNER_GOOD
        self.note = ""                         # a line under the roll in the Dice panel
        self.hint: Optional[Hint] = None
        self.hint_wanted = False
        self.records_done = state.is_over
        # What the screen shows, catching up with the engine step by step.
        self.view_open = state.open_doors
        self.view_player = state.current
        self.view_dice: tuple[int, ...] = state.dice
        self.shown_scores = [list(p.turn_scores) for p in state.players]
        self.turn_pending = state.phase == ROLL and not state.dice and not state.is_over
        self.pause_before_turn = False
        self.doors.show(ALL_DOORS - self.view_open, animate=False)
        self.tray.show(state.dice or (6, 6))
        if state.is_over:
            self.mode = GAME_OVER
        solver_ready(state.one_die_option)

    # -- making games ------------------------------------------------------------------------
    @classmethod
    def new_game(cls, app: "App", players: Sequence[Player], one_die_option: bool = False,
                 demo_played: bool = False, demo: Optional[bool] = None) -> "ShutBoxScene":
        """A fresh game for these players (their old scores are dropped)."""
        state = ShutBoxState.new(list(players), one_die_option)
        scene = cls(app, state, app.new_rng(), demo_played, demo)
        scene.say(f"A new game: {len(players)} player{'s' if len(players) > 1 else ''}, "
                  f"{TURNS_PER_PLAYER} turns each.")
        return scene

    @classmethod
    def from_saved(cls, app: "App", data: Mapping[str, Any]) -> "ShutBoxScene":
        """The game `saved_data()` wrote; ValueError for anything else."""
        try:
            state = ShutBoxState.from_json(data["engine"])
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a saved Shut The Box game: {error!r}") from error
        scene = cls(app, state, app.new_rng(), bool(data.get("demo_played", False)))
        scene.say(f"Welcome back: round {state.turn_number} of {TURNS_PER_PLAYER}, "
                  f"{state.current_player.name} to play.")
        return scene

    def saved_data(self) -> dict[str, Any]:
        """What the title's Continue needs to pick this game up again."""
        return {"engine": self.state.to_json(), "demo_played": self.demo_played}

    def again(self) -> None:
        """The same players, a new game."""
        players = [Player(p.name, p.computer, p.level) for p in self.state.players]
        self.app.replace(ShutBoxScene.new_game(self.app, players, self.state.one_die_option,
                                               demo_played=self.demo))

    # -- who plays ---------------------------------------------------------------------------
    def computer_level(self, seat: int) -> Optional[str]:
        """The level the computer plays `seat` at, or None when a human plays it."""
        player = self.state.players[seat]
        if player.computer:
            return player.level
        return DEMO_LEVEL if self.demo else None

    def humans_at_table(self) -> bool:
        return any(not p.computer for p in self.state.players) and not self.demo

    @property
    def choosing_doors(self) -> bool:
        """A human is picking doors for the roll on the table."""
        return self.mode == SELECTING

    @property
    def waiting_to_roll(self) -> bool:
        """"Press Enter to roll" before any door is picked."""
        return self.mode == ROLL_PROMPT_WAIT

    def human_to_play(self) -> bool:
        return (not self.state.is_over and not self.turn_pending
                and self.computer_level(self.state.current) is None)

    def _agent(self, seat: int, level: str) -> ShutBoxAgent:
        key = (seat, level)
        if key not in self.agents:
            self.agents[key] = make_agent(level, self.rng)
        return self.agents[key]

    def label(self, seat: int) -> str:
        """A player's name, with the level of a computer player."""
        player = self.state.players[seat]
        level = self.computer_level(seat)
        return f"{player.name} ({LEVEL_LABELS[level]})" if level else player.name

    # -- life cycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self._save()        # from the first moment, Continue on the title can pick it up

    def save(self) -> None:
        self._save()

    def _save(self) -> None:
        if self.attract:
            return
        if self.state.is_over:
            self.app.storage.clear_game(GAME_ID)
        else:
            self.app.storage.save_game(GAME_ID, self.saved_data())

    # -- the step queue -------------------------------------------------------------------------
    def after(self, wait: int, run: Callable[[], Optional[bool]] = lambda: None) -> None:
        """Queue `run` to happen `wait` ticks after the steps already queued."""
        self.steps.append(_Step(max(0, wait), run))

    def update(self) -> None:
        self.tray.update()
        self.doors.update()
        if self.hint_wanted and solver_ready(self.state.one_die_option):
            self._show_hint()
        ran = 0
        while self.steps and ran < MAX_STEPS_PER_TICK:
            step = self.steps[0]
            if step.wait > 0:
                step.wait -= 1
                return
            self.steps.popleft()
            ran += 1
            if step.run() is False:
                self.steps.appendleft(step)
                return
        if not self.steps and self.mode == BUSY and not self.tray.rolling:
            self._advance()

    def _advance(self) -> None:
        """Nothing left to show: decide what the game waits for next."""
        state = self.state
        if state.is_over:
            self._game_over()
            return
        if self.turn_pending:
            if self.toggles[NEXT_PROMPT] and self.humans_at_table():
                self.mode = NEXT_PROMPT_WAIT
            else:
                self.after(self.anim(TURN_END_TICKS) if self.pause_before_turn else 0,
                           self._start_turn)
            return
        if self.computer_level(state.current) is not None:
            self.after(self.anim(COMPUTER_THINK_TICKS), self._computer_act)
        elif state.phase == ROLL:
            if self.toggles[ROLL_PROMPT] or state.one_die_allowed():
                self.mode = ROLL_PROMPT_WAIT
            else:
                self._roll(TWO_DICE)
        elif state.phase == SHUT:
            self.mode = SELECTING

    def _start_turn(self) -> None:
        """Open every door for the player whose turn it now is."""
        self.turn_pending = self.pause_before_turn = False
        self.mode = BUSY
        self.view_player = self.state.current
        self.view_open = self.state.open_doors
        self.selection.clear()
        self.hint = None
        self.banner = self.note = ""
        self.view_dice = ()
        self.doors.show(ALL_DOORS - self.view_open, animate=not self.app.fast)
        self.say(f"Round {self.state.turn_number} of {TURNS_PER_PLAYER}: "
                 f"{self.label(self.state.current)} to play.")

    # -- moves -------------------------------------------------------------------------------
    def _roll(self, dice: int) -> None:
        self._apply([Roll(dice)])

    def _commit(self, shut: Shut, then_roll: Optional[int] = None) -> None:
        """Make a selection final; a human's next roll goes with it (the roll commits)."""
        actions: list = [shut]
        if then_roll and frozenset(shut.doors) != self.state.open_doors:
            actions.append(Roll(then_roll))
        self._apply(actions)

    def _apply(self, actions: Sequence) -> None:
        self.mode = BUSY
        events: list[Event] = []
        for action in actions:
            events += self.state.apply(action, self.rng)
        self._save()
        self._present(events)

    def _computer_act(self) -> Optional[bool]:
        seat, state = self.state.current, self.state
        level = self.computer_level(seat)
        if level is None or self.turn_pending or state.is_over:
            return None     # demo mode was switched off: the human plays on
        if level == "perfect" and not solver_ready(state.one_die_option):
            return False
        legal = state.legal_actions()
        decision = self._agent(seat, level).decide(state, legal)
        action = decision.action
        if isinstance(action, Roll):
            if len(legal) > 1:
                self.say(f"{self.label(seat)}: {decision.reason}.", SAY_COMPUTER)
            self._roll(action.dice)
            return None
        self.say(f"{self.label(seat)}: {decision.reason}.", SAY_COMPUTER)
        self.banner = f"{state.players[seat].name} shuts {view.doors_text(action.doors)}"
        self.banner_colour = BANNER_COMPUTER
        for door in sorted(action.doors, reverse=True):
            self.after(self.anim(COMPUTER_DOOR_TICKS), lambda door=door: self._pull(door))
        self.after(self.anim(COMPUTER_CONFIRM_TICKS), lambda: self._commit(action))
        return None

    def _pull(self, door: int) -> None:
        """The computer shuts one door of its choice (tentatively, like a human's click)."""
        self.selection.add(door)
        self._show_doors()
        self.app.audio.play("door_clunk")

    def _show_doors(self) -> None:
        self.doors.show((ALL_DOORS - self.view_open) | self.selection,
                        animate=not self.app.fast)

    # -- turning events into things to see and hear ---------------------------------------
    def _present(self, events: Sequence[Event]) -> None:
        for event in events:
            handler = getattr(self, f"_on_{event.kind}", None)
            if handler is not None:
                handler(dict(event.data))

    def _on_shut(self, data: dict) -> None:
        self.view_open = self.view_open - frozenset(data["doors"])
        self.selection.clear()
        self.hint = None
        self.banner = ""
        self._show_doors()

    def _on_box_shut(self, data: dict) -> None:
        def cheer() -> None:
            self.banner, self.banner_colour = "Box shut!", BANNER_GOOD
            self.say(f"{self.state.players[data['player']].name} shuts the box! "
                     f"{PERFECT_TURN} points with the bonus.", SAY_GOOD)
            self.app.audio.play("win")
        self.after(0, cheer)
        self.after(self.anim(BOX_SHUT_TICKS))

    def _on_roll(self, data: dict) -> None:
        dice = tuple(data["dice"])
        name = self.state.players[data["player"]].name

        def tumble() -> None:
            self.banner = self.note = ""
            self.hint = None
            self.view_dice = dice
            self.tray.roll(dice, range(len(dice)), self.anim(ROLL_TICKS))
            self.app.audio.play("dice_rattle")
        self.after(0, tumble)
        self.after(self.anim(ROLL_TICKS),
                   lambda: self.say(f"{name} rolls {view.dice_text(dice)}."))

    def _on_unusable_roll(self, data: dict) -> None:
        def buzz() -> None:
            self.app.audio.play("error")
            if self.toggles[CANT_USE]:
                self.banner, self.banner_colour = "Can't use this roll!", BANNER_BAD
                self.say(f"Can't use this roll! No open doors make {data['total']}.", SAY_BAD)
        self.after(0, buzz)
        self.after(self.anim(UNUSABLE_TICKS))

    def _on_turn_over(self, data: dict) -> None:
        def score() -> None:
            seat = data["player"]
            self.shown_scores[seat].append(data["score"])
            self.turn_pending = self.pause_before_turn = True
            self.note = f"{self.state.players[seat].name} scores {data['score']}."
            self.say(f"{self.state.players[seat].name} scores {data['score']} this turn, "
                     f"{data['total']} in all.")
        self.after(0, score)

    # -- the end ---------------------------------------------------------------------------
    def _game_over(self) -> None:
        self.mode = GAME_OVER
        self.turn_pending = False
        totals = self.state.totals()
        winners = [self.state.players[i].name for i in self.state.winners()]
        if len(winners) == 1:
            self.banner = f"{winners[0]} wins!"
            self.say(f"Game over: {winners[0]} wins with {max(totals)}.", SAY_GOOD)
        else:
            self.banner = "A tie!"
            self.say(f"Game over: {' and '.join(winners)} share the win with {max(totals)}.",
                     SAY_GOOD)
        self.banner_colour = BANNER_GOOD
        self.view_player = self.state.winners()[0]
        self.app.audio.play("big_win")
        self._save()
        if self.demo:
            self.after(DEMO_END_PAUSE_TICKS, self._next_demo_game)
            return
        if not self.records_done:
            self.records_done = True
            if not self.demo_played:
                self._record_statistics()
                # At once (over the final board), so that no way out of the game can
                # skip a name the Top Ten is waiting for.
                self._ask_top_ten_names()

    def _next_demo_game(self) -> None:
        players = [Player(p.name, p.computer, p.level) for p in self.state.players]

        def restart() -> Scene:
            return ShutBoxScene.new_game(self.app, players, self.state.one_die_option,
                                         demo_played=True, demo=True)
        if self.attract:
            self.app.demo_finished(self, restart)
        else:
            self.app.replace(restart())

    def _record_statistics(self) -> None:
        """One game counted for each human seat: won (or shared), score, boxes shut."""
        winners = self.state.winners()
        for seat, player in enumerate(self.state.players):
            if not player.computer:
                self.app.storage.record_result(
                    GAME_ID, won=seat in winners, score=player.total,
                    counters={"boxes_shut": player.boxes_shut})

    def _ask_top_ten_names(self) -> None:
        """Each human score good enough for the Top Ten asks for a name, best first."""
        from game.scenes.name_entry import NameEntryScene
        from game.scenes.scores import ScoresScene

        waiting = sorted((p for p in self.state.players if not p.computer),
                         key=lambda p: -p.total)
        entered: list[str] = []

        def ask_next() -> None:
            while waiting:
                player = waiting.pop(0)
                if self.app.storage.top_ten(GAME_ID).qualifies(player.total):
                    self.app.push(NameEntryScene(
                        self.app, f"{player.total} points makes the Top Ten! Your name:",
                        lambda name, player=player: record(name, player),
                        initial=player.name, title="Top Ten"))
                    return
            if entered:
                self.app.push(ScoresScene(self.app, GAME_ID))

        def record(name: str, player: Player) -> None:
            rank = self.app.storage.add_to_top_ten(
                GAME_ID, name, player.total, {"boxes_shut": player.boxes_shut})
            if rank is not None:
                entered.append(name)
                self.say(f"{name} is number {rank} in the Top Ten.", SAY_GOOD)
            ask_next()

        ask_next()

    # -- the human's doors ---------------------------------------------------------------------
    def selection_check(self) -> SelectionCheck:
        """What the rules say of the doors the human has picked for this roll."""
        return self.state.check_selection(self.selection)

    def selection_complete(self) -> bool:
        """The picked doors total the roll: Enter may roll on."""
        return self.mode == SELECTING and self.selection_check().complete

    def one_die_offered(self) -> bool:
        """Whether the next roll may be one die (the option is on and 7, 8, 9 are down)."""
        if self.mode == ROLL_PROMPT_WAIT:
            return self.state.one_die_allowed()
        if self.selection_complete():
            return one_die_allowed(self.state.open_doors - self.selection,
                                   self.state.one_die_option)
        return False

    def toggle_door(self, door: int, shut: Optional[bool] = None) -> None:
        """Shut (True), open (False) or flip (None) a door of the human's selection."""
        if self.mode == ROLL_PROMPT_WAIT:
            self.refuse("Roll the dice first: Enter, or click the dice.")
            return
        if self.mode != SELECTING:
            return
        if door in self.selection:
            if shut:
                return
            self.selection.discard(door)
            self.app.audio.play("click")
        elif self.state.may_toggle(door):
            if shut is False:
                return
            self.selection.add(door)
            self.app.audio.play("door_clunk")
        else:
            self.refuse(f"Door {door} was shut by an earlier roll: it stays down.")
            return
        self._show_doors()
        self._selection_changed()

    def _selection_changed(self) -> None:
        check = self.selection_check()
        if not check.complete:
            return
        if frozenset(self.selection) == self.state.open_doors:
            self._commit(Shut(frozenset(self.selection)))      # the box is shut: no roll
        elif not self.toggles[ROLL_PROMPT] and not self.one_die_offered():
            self._commit(Shut(frozenset(self.selection)), TWO_DICE)

    def why_not(self) -> str:
        """Why the selection cannot be confirmed (it does not total the roll)."""
        check = self.selection_check()
        if not self.selection:
            return f"Shut doors that total {check.target} first."
        doors = (f"{view.doors_text(self.selection)} = {check.total}"
                 if len(self.selection) > 1 else f"{check.total}")
        if check.total < check.target:
            return f"{doors}: {check.target - check.total} more to make {check.target}."
        return f"{doors} is more than {check.target}: open a door again."

    def refuse(self, message: str) -> None:
        """The error beep and a line saying why."""
        self.app.audio.play("error")
        self.say(message, SAY_BAD)

    def confirm(self, dice: int = TWO_DICE) -> None:
        """Enter (or a click on the prompt or the dice): whatever the screen waits for."""
        if self.mode == NEXT_PROMPT_WAIT:
            self._start_turn()
        elif self.mode == ROLL_PROMPT_WAIT:
            self._roll(dice)
        elif self.mode == SELECTING:
            if self.selection_complete():
                self._commit(Shut(frozenset(self.selection)), dice)
            else:
                self.refuse(self.why_not())
        elif self.mode == GAME_OVER and not self.demo:
            self.again()

    def hint_available(self) -> bool:
        """Hints are for a human's move: before a roll or while picking doors."""
        return self.mode in (ROLL_PROMPT_WAIT, SELECTING)

    def ask_hint(self) -> None:
        if not self.hint_available():
            return
        self.hint_wanted = True
        if not solver_ready(self.state.one_die_option):
            self.say("Working out the odds...", SAY_HINT)

    def _show_hint(self) -> None:
        self.hint_wanted = False
        if not self.hint_available():
            return
        advice = self.hint = hint(self.state)
        so_far = self.state.turn_score_so_far
        if isinstance(advice.action, Shut):
            text = (f"Hint: Perfect would shut {view.doors_text(advice.doors)}, expecting "
                    f"{advice.expected_score:.1f} points this turn")
            if len(advice.options) > 1:
                other, value = advice.options[1]
                text += f" ({view.doors_text(other.doors)} would expect {value:.1f})"
        else:
            text = (f"Hint: {advice.action.describe()}; Perfect expects "
                    f"{advice.expected_score:.1f} points this turn")
        self.say(f"{text}. Shut so far: {so_far}.", SAY_HINT)

    # -- toggles ------------------------------------------------------------------------------
    def flip(self, letter: str) -> None:
        if letter == DEMO.letter:
            self._flip_demo()
        elif letter == FAST.letter:
            self.app.set_fast(not self.app.fast)
            if self.app.fast:
                self.tray.finish()
                self.doors.show(self.doors.down, animate=False)
                for step in self.steps:
                    step.wait = 0
        else:
            toggle = next(t for t in TOGGLES if t.letter == letter)
            value = self.toggles.flip(toggle)
            if toggle is PIPS:
                self.tray.numerals = not value
            elif toggle is ROLL_PROMPT and not value and self.selection_complete():
                self._selection_changed()
            elif not value and (toggle, self.mode) in ((ROLL_PROMPT, ROLL_PROMPT_WAIT),
                                                       (NEXT_PROMPT, NEXT_PROMPT_WAIT)):
                self.mode = BUSY            # no longer waiting for that prompt: go on
        self.app.audio.play("click")

    def _flip_demo(self) -> None:
        self.demo = not self.demo
        if self.demo:
            self.demo_played = True
            if self.mode == GAME_OVER:
                self.after(DEMO_END_PAUSE_TICKS, self._next_demo_game)
            elif self.mode != BUSY:
                # The computer takes over: a human's tentative doors open again.
                self.selection.clear()
                self._show_doors()
                self.mode = BUSY
        elif self.mode == GAME_OVER:
            self.steps.clear()

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name == "hover":
            self._hover(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name == "cancel":
            self.exit_menu()
        elif name in ("confirm", "space"):
            self.confirm()
        elif name in ("left", "right"):
            self.cursor = (self.cursor - 1 + (1 if name == "right" else -1)) % 9 + 1
        elif name in ("up", "down"):
            self.toggle_door(self.cursor, shut=name == "down")
        elif name == "door_at_cursor":
            self.toggle_door(self.cursor)
        elif name == "char":
            self._char(action.char.lower())

    def _char(self, char: str) -> None:
        if char in "123456789":
            self.cursor = int(char)
            self.toggle_door(int(char))
        elif char.upper() in {t.letter for t in TOGGLES}:
            self.flip(char.upper())
        elif char == "a":
            self.show_all_scores()
        elif char == "t":
            from game.scenes.scores import ScoresScene

            self.app.push(ScoresScene(self.app, GAME_ID))
        elif char in ("?", "/"):
            self.ask_hint()
        elif char == "o" and self.one_die_offered():
            self.confirm(ONE_DIE)

    def _hover(self, pos) -> None:
        door = self.doors.hit(pos)
        if door is not None and self.human_to_play():
            self.cursor = door
        self.tray.hover = self.tray.hit(pos) if self._dice_clickable() else None
        self.prompt.hovered = self.prompt_text() != "" and self.prompt.contains(pos)

    def _click(self, pos) -> None:
        if self.prompt_text() and self.prompt.contains(pos):
            self.confirm()
        elif self.tray.hit(pos) is not None and self._dice_clickable():
            self.confirm()
        elif self.doors.hit(pos) is not None:
            door = self.doors.hit(pos)
            if self.human_to_play():
                self.cursor = door
            self.toggle_door(door)
        elif CARD_RECT.collidepoint(pos) or PLAYERS_RECT.collidepoint(pos):
            self.show_all_scores()

    def _dice_clickable(self) -> bool:
        return self.mode in (ROLL_PROMPT_WAIT, SELECTING, NEXT_PROMPT_WAIT)

    def exit_menu(self) -> None:
        from game.scenes.dialog import ChoiceDialog

        message = "Leave this game?"
        if not self.state.is_over and not self.attract:
            message += " It is saved: Continue on the title screen picks it up again."
        self.app.push(ChoiceDialog(
            self.app, message,
            [("R", "Resume", lambda: None),
             ("N", "New game", self.new_game_setup),
             ("Q", "Quit to title", self.quit_to_title)],
            title="Exit"))

    def quit_to_title(self) -> None:
        self._save()
        self.close()

    def new_game_setup(self) -> None:
        from game.scenes.games.shutbox import setup_scene

        self.app.storage.clear_game(GAME_ID)
        self.app.replace(setup_scene(self.app))

    def show_all_scores(self) -> None:
        cards = [CardLine(p.name, sum(self.shown_scores[i]), self.card_detail(i),
                          i == self.view_player and not self.state.is_over)
                 for i, p in enumerate(self.state.players)]
        top_ten = [entry.score for entry in self.app.storage.top_ten(GAME_ID).entries]
        heading = ("Final scores" if self.state.is_over else
                   f"AllScores: round {self.state.turn_number} of {TURNS_PER_PLAYER}")
        self.app.push(AllScoresScene(self.app, cards, top_ten, heading))

    # -- presentation -----------------------------------------------------------------------
    def say(self, text: str, colour=SAY_PLAIN) -> None:
        """Add a line to the message log at the foot of the screen."""
        width = LOG_RECT.width - 16
        for line in get_font("small").wrap(text, width):
            self.log.append((line, colour))

    def prompt_text(self) -> str:
        """The clickable prompt's words now, or "" when none shows."""
        if self.mode == NEXT_PROMPT_WAIT:
            return f"Press Enter for {self.state.current_player.name}'s turn"
        if self.mode == ROLL_PROMPT_WAIT or self.selection_complete():
            if self.one_die_offered():
                return "Press Enter to roll (O: one die)"
            return "Press Enter to roll"
        return ""

    def card_detail(self, seat: int) -> str:
        """A scorecard's detail line: the level, and the score of each turn so far."""
        turns = self.shown_scores[seat]
        rounds = "  ".join(str(turns[i]) if i < len(turns) else "-"
                           for i in range(TURNS_PER_PLAYER))
        level = self.computer_level(seat)
        who = f"Computer, {LEVEL_LABELS[level]}" if self.state.players[seat].computer else (
            "Human (the computer plays in demo)" if level else "Human")
        return f"{who}.   Turns: {rounds}"

    def commands(self) -> Sequence[Command]:
        entries: list[Command] = []
        if self.mode == NEXT_PROMPT_WAIT:
            entries.append(named_command("Enter", "Next", "confirm"))
        elif self.mode == ROLL_PROMPT_WAIT:
            entries.append(named_command("Enter", "Roll", "confirm"))
        elif self.mode == SELECTING:
            entries.append(named_command("Enter", "Roll" if self.selection_complete()
                                         else "Shut", "confirm"))
            if not self.one_die_offered():   # the bar has no room for both
                entries.append(Command("1-9", "Door", Action("door_at_cursor")))
        elif self.mode == GAME_OVER and not self.demo:
            entries.append(named_command("Enter", "Again", "confirm"))
        if self.one_die_offered():
            entries.append(char_command("O", "OneDie"))
        if self.hint_available():
            entries.append(Command("?", "Hint", Action("char", char="?")))
        entries += [char_command("A", "AllScores"), char_command("T", "TopTen")]
        entries += [char_command(t.letter, t.word, state=self.toggle_state(t.letter))
                    for t in TOGGLES]
        entries += [char_command("H", "Help"), char_command("B", "Boss"),
                    named_command("Esc", "Exit", "cancel")]
        return entries

    def toggle_state(self, letter: str) -> bool:
        if letter == DEMO.letter:
            return self.demo
        if letter == FAST.letter:
            return self.app.fast
        return self.toggles.values[letter]

    def help_pages(self) -> Sequence[HelpPage]:
        return shutbox_help.help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        view.draw_table(canvas, self)
