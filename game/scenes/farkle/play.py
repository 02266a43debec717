"""The Farkle table: six dice, hold-and-roll by keyboard and mouse, up to four players.

The engine (game.engine.farkle) decides every rule; this scene turns the player's input
into engine actions, the engine's events into dice, banners, sounds and log lines, and
paces the computer players so that each hold can be read. Everything that moves is
driven from update(), one fixed tick at a time, so the boss key freezes it all.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Sequence

import pygame

from game.app import DEMO_END_PAUSE_TICKS
from game.engine.core import Event
from game.engine.farkle import (BANK, COMPUTER, EXPERT, NOTHING_HELD, ROLL, ROLL_ALL, ROLLED,
                                START, STANDARD, Decision, FarkleAction, FarkleAgent,
                                FarkleOptions, FarkleState, Seat, make_agent, prepare_expert)
from game.engine.farkle.scoring import POINT_STEP, SIX_OF_A_KIND
from game.input import Action
from game.scenes.base import Command, HelpPage, Scene, char_command, named_command
from game.scenes.dialog import confirm, pause_menu
from game.scenes.farkle import layout
from game.scenes.farkle.combos import combinations
from game.scenes.farkle.helptext import help_pages
from game.ui.dice import ROLL_TICKS, DiceTray
from game.ui.widgets import Button
from game.warmup import warm_up

if TYPE_CHECKING:
    from game.app import App

GAME_ID = "farkle"
SAVE_VERSION = 1

# Pacing, in ticks of 1/60 s; fast mode turns every one of them into nothing.
COMPUTER_LOOK_TICKS = 30      # a computer studies its roll before it holds
COMPUTER_HOLD_TICKS = 70      # its held dice stay lit, with its reason, before it acts
AFTER_BANK_TICKS = 50         # the new score sinks in before the next turn's roll
AFTER_FARKLE_TICKS = 90       # the farkled dice stay on the table a moment
FINAL_ROUND_TICKS = 100
# An announcement stays up this long whatever the mode; it never holds up play.
BANNER_TICKS = 150
LOG_LENGTH = 12               # log lines kept (and saved); the board shows the last few
COUNTERS = ("farkles", "hot_dice")   # a human's own statistics (GameInfo.counter_labels)

CURSOR_CENTRE = layout.DICE   # the keyboard cursor's stop on the blank "toggle all" die

# Message tones: the view picks a colour for each.
INFO, ERROR, COMPUTER_SAYS, GOOD = "info", "error", "computer", "good"


@dataclass
class Banner:
    """A big announcement over the table: FARKLE!, HOT DICE!, FINAL ROUND..."""

    title: str
    subtitle: str
    left: int


def dice_text(dice: Iterable[int]) -> str:
    """Faces as the player reads them: "4 4 4"."""
    return " ".join(str(d) for d in dice)


def bank_reason(state: FarkleState, held: Sequence[int], refusal: Optional[str]) -> str:
    """One line saying why Next would be refused with these dice held ("" if it is not)."""
    total = state.turn_points + state.hold_points(held)
    if refusal is None:
        return ""
    if refusal == NOTHING_HELD:
        return "Hold a scoring die first: passing now would throw this roll's score away."
    if state.final_round:
        return (f"All or nothing: beat {state.leader_score:,}. This turn needs "
                f"{_reachable(state.bank_need()):,} (now {total:,}).")
    return f"You need {_reachable(state.bank_need()):,} to bank: this turn has {total:,}."


def _reachable(points: int) -> int:
    """The least score a turn can actually make that is at least `points` (a multiple of
    the scoring step: "beat 10,650" from 7,450 needs 3,250, not 3,201)."""
    return -(-points // POINT_STEP) * POINT_STEP


class FarkleScene(Scene):
    """One game of Farkle in play, from the first roll to the cheers."""

    title = "Farkle"
    has_command_bar = True

    def __init__(self, app: "App", state: FarkleState, rng: Optional[random.Random] = None,
                 *, selected: Sequence[int] = (), slots: Optional[Sequence[int]] = None,
                 log: Sequence[str] = (),
                 counters: Optional[Mapping[str, Mapping[str, int]]] = None):
        super().__init__(app)
        self.state = state
        #: Only the engine draws from this generator, so a seed replays the dice exactly.
        self.rng = rng if rng is not None else app.new_rng()
        self.agents: dict[int, FarkleAgent] = self._make_agents()
        self.tray = DiceTray(layout.RING_POSITIONS)
        #: The dice lying in the ring (the last roll, still shown after a farkle or bank),
        #: and the ring slot of each.
        self.table_dice: tuple[int, ...] = tuple(state.roll)
        self.slot_of: list[int] = _checked_slots(slots, len(self.table_dice))
        #: Whose dice are on the table: the header and the board follow it, so the next
        #: player is not named before the last one's dice have landed.
        self.table_seat = state.current
        #: Indices into the roll that the player (or a computer about to act) holds.
        self.selected: set[int] = set(selected) if (
            selected and state.is_valid_hold(tuple(selected))) else set()
        self.cursor: Optional[int] = None
        self.hover_centre = False
        self.buttons = [Button(rect, label, Action("char", char=key))
                        for rect, (label, key) in zip(layout.button_rects(),
                                                      (("Roll", "r"), ("Next", "n"),
                                                       ("Done", "d")))]
        self.message, self.message_tone = "", INFO
        self.log: list[str] = list(log)[-LOG_LENGTH:]
        self.banner: Optional[Banner] = None
        self.wait = 0
        self.plan: Optional[Decision] = None
        self.history: list[FarkleAction] = []
        #: Each human seat's own statistics counters for this game, by seat.
        self.counters = {seat: {name: _count_of(counters, seat, name) for name in COUNTERS}
                         for seat in state.active_seats}
        self.finished = False
        #: False for pictures and other shows that must not touch the player's saved game.
        self.saving = True
        self.demo_left: Optional[int] = None
        self._on_landing: list[Callable[[], None]] = []
        self._sync_tray()
        if state.phase == ROLLED and not self.is_computer(state.current):
            self.say(f"{self.name(state.current)}: hold scoring dice, then Roll or Next.")

    # -- building -------------------------------------------------------------------------
    @classmethod
    def new_game(cls, app: "App", seats: Sequence[Seat], options: FarkleOptions,
                 rng: Optional[random.Random] = None) -> "FarkleScene":
        """A fresh game at this table."""
        return cls(app, FarkleState.new(list(seats), options), rng)

    @classmethod
    def from_saved(cls, app: "App", data: Mapping[str, Any]) -> "FarkleScene":
        """The game saved by saved_data(); raises ValueError on data it cannot trust."""
        if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
            raise ValueError("not a saved Farkle game of this version")
        state = FarkleState.from_json(data["state"])
        return cls(app, state, selected=tuple(int(i) for i in data.get("selected", ())),
                   slots=data.get("slots"), log=[str(s) for s in data.get("log", ())],
                   counters=data.get("counters"))

    def _make_agents(self) -> dict[int, FarkleAgent]:
        agents = {}
        for index, seat in enumerate(self.state.seats):
            if seat.active and self.is_computer(index):
                level = seat.level if seat.kind == COMPUTER and seat.level else STANDARD
                # Each agent has its own generator: the dice generator stays the engine's.
                agents[index] = make_agent(level, random.Random(index))
        if any(agent.level == EXPERT for agent in agents.values()):
            self.experts_ready()     # start building the Expert's tables in the background
        return agents

    def experts_ready(self) -> bool:
        """True once the Expert's tables for these options are built (a third of a second
        from cold, on a background thread, so that starting a game never freezes)."""
        options = self.state.options
        return warm_up(("farkle-expert", options), lambda: prepare_expert(options))

    # -- who is who -----------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        """Whether the computer plays this seat (every seat in demo mode)."""
        return self.app.demo or self.state.seats[seat].kind == COMPUTER

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name or f"Player {seat + 1}"

    @property
    def awaiting_human(self) -> bool:
        """True when a human holds the dice and the table waits for their choice."""
        return (not self.state.is_over and self.state.phase == ROLLED and not self.wait
                and not self.is_computer(self.state.current))

    # -- the dice on the table -------------------------------------------------------------
    def _sync_tray(self) -> None:
        live = set(self.slot_of)
        selected_slots = {self.slot_of[i] for i in self.selected if i < len(self.slot_of)}
        for slot_index, slot in enumerate(self.tray.slots):
            slot.visible = slot_index in live
            slot.held = slot_index in selected_slots
        for roll_index, slot_index in enumerate(self.slot_of):
            self.tray.slots[slot_index].value = self.table_dice[roll_index]
        self.tray.cursor = self.cursor if self.cursor is not None and self.cursor in live \
            and self.awaiting_human else None

    def roll_index_at_slot(self, slot: int) -> Optional[int]:
        """Which die of the roll lies in a ring slot (None if the slot is empty)."""
        return self.slot_of.index(slot) if slot in self.slot_of else None

    def _roll_dice(self, dice: Sequence[int], seat: int) -> None:
        if len(dice) != len(self.slot_of):
            self.slot_of = list(range(len(dice)))    # a new turn or hot dice: all six
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

    def when_landed(self, show: Callable[[], None]) -> None:
        """Announce a roll's outcome only once its dice have stopped tumbling."""
        if self.tray.rolling:
            self._on_landing.append(show)
        else:
            show()

    def land_dice(self) -> None:
        """Stop any tumble now and show what it was hiding."""
        self.tray.finish()
        while self._on_landing:
            self._on_landing.pop(0)()

    # -- talking ------------------------------------------------------------------------
    def say(self, message: str, tone: str = INFO) -> None:
        self.message, self.message_tone = message, tone

    def refuse(self, message: str) -> None:
        """The error beep and a one-line reason."""
        self.say(message, ERROR)
        self.app.audio.play("error")

    def announce(self, title: str, subtitle: str, sound: Optional[str]) -> None:
        self.banner = Banner(title, subtitle, BANNER_TICKS)
        if sound:
            self.app.audio.play(sound)

    def note(self, line: str) -> None:
        self.log = (self.log + [line])[-LOG_LENGTH:]

    def pause_for(self, ticks: int) -> None:
        self.wait = max(self.wait, self.anim(ticks))

    # -- the engine ---------------------------------------------------------------------
    def apply(self, action: FarkleAction) -> list[Event]:
        """Carry out an action for the seat to play and present what it caused."""
        events = self.state.apply(action, self.rng)
        if not any(event.kind == "bank_refused" for event in events):
            self.history.append(FarkleAction(action[0], tuple(action[1])))
            self.selected = set()
            self.plan = None
        for event in events:
            self._present(event)
        self._sync_tray()
        self.save()
        return events

    def _present(self, event: Event) -> None:
        kind, data = event.kind, event.data
        who = self.name(data["seat"]) if "seat" in data else ""
        if kind == "bank_refused":
            self.refuse(self._bank_refusal_text(data["reason"]))
        elif kind == "hold":
            self._take_off_table(data["indices"])
        elif kind == "hot_dice":
            self._count(data["seat"], "hot_dice")
            self.note(f"{who}: hot dice at {data['turn_points']:,}")
            self.announce("HOT DICE!", f"{who} rolls all six again, {data['turn_points']:,} "
                          "so far", "hot_dice")
        elif kind == "roll":
            self._roll_dice(data["dice"], data["seat"])
            dice = data["dice"]
            if len(dice) == layout.DICE and len(set(dice)) == 1:
                self.when_landed(lambda: self.announce(
                    "SIX OF A KIND!", f"Six {dice[0]}s for {who}: {SIX_OF_A_KIND:,} points",
                    "big_win"))
        elif kind == "farkle":
            self._count(data["seat"], "farkles")
            lost = data["lost"]
            self.note(f"{who} farkles" + (f", loses {lost:,}" if lost else ""))
            self.when_landed(lambda: self.announce(
                "FARKLE!", f"{who} loses {lost:,}" if lost else f"Nothing scores for {who}",
                "farkle"))
            self.pause_for(AFTER_FARKLE_TICKS)
        elif kind == "bank":
            self.note(f"{who} banks {data['points']:,}: {data['score']:,}")
            self.say(f"{who} banks {data['points']:,} and has {data['score']:,}.", GOOD)
            self.app.audio.play("click")
            self.pause_for(AFTER_BANK_TICKS)
        elif kind == "final_round":
            self.note(f"Final round: beat {data['score']:,}")
            self.announce("FINAL ROUND", f"{who} has {data['score']:,}: beat it to win",
                          "reminder")
            self.pause_for(FINAL_ROUND_TICKS)
        elif kind == "turn_start":
            self.cursor = None
            self.plan = None
            if self.message_tone != GOOD:
                self.say(f"{self.name(data['seat'])} is next.")

    def _bank_refusal_text(self, reason: str) -> str:
        return bank_reason(self.state, tuple(sorted(self.selected)), reason)

    def _count(self, seat: int, counter: str) -> None:
        if not self.is_computer(seat):
            self.counters[seat][counter] += 1

    # -- the tick --------------------------------------------------------------------------
    def update(self) -> None:
        self.tray.update()
        if self.banner is not None:
            self.banner.left -= 1
            if self.banner.left <= 0:
                self.banner = None
        if self.tray.rolling:
            return
        if self._on_landing:
            self.land_dice()
        if self.wait > 0:
            self.wait -= 1
            return
        if self.state.is_over:
            self._tick_game_over()
        elif self.state.phase == START:
            self.apply(ROLL_ALL)      # a turn always starts with all six: no choice to wait for
            if self.state.phase != ROLLED:
                return
            if self.is_computer(self.state.current):
                self.pause_for(COMPUTER_LOOK_TICKS)
            else:
                self.say(f"{self.name(self.state.current)}: hold scoring dice, then Roll "
                         "or Next.")
        elif self.is_computer(self.state.current):
            self._computer_step()

    def _computer_step(self) -> None:
        """Two beats per decision: show the hold and the reason, then act on it."""
        seat = self.state.current
        if self.plan is None:
            if self.agents[seat].level == EXPERT and not self.experts_ready():
                return                  # its tables are still being built: ask next tick
            decision = self.agents[seat].decide(self.state.observation(seat),
                                                self.state.legal_actions())
            self.plan = decision
            self.selected = set(decision.action.held)
            self._sync_tray()
            self.say(f"{self.name(seat)} {decision.reason}.", COMPUTER_SAYS)
            self.pause_for(COMPUTER_HOLD_TICKS)
        else:
            self.apply(self.plan.action)
            if self.state.phase == ROLLED and self.state.current == seat:
                self.pause_for(COMPUTER_LOOK_TICKS)

    def hurry(self) -> None:
        """Space or a click during a computer's turn: skip the waiting."""
        self.land_dice()
        self.wait = 0

    # -- the end -----------------------------------------------------------------------------
    def _tick_game_over(self) -> None:
        if not self.finished:
            self._finish()
        elif self.demo_left is not None:
            self.demo_left -= 1
            if self.demo_left <= 0:
                self.demo_left = None
                self.app.demo_finished(self, lambda: demo_scene(self.app))

    def _finish(self) -> None:
        """Once, when the game has ended: cheers, statistics, the Top Ten."""
        self.finished = True
        state = self.state
        winners = state.winners
        names = " and ".join(self.name(w) for w in winners)
        verb = "win" if len(winners) > 1 else "wins"
        best = state.scores[winners[0]] if winners else 0
        self.note(f"{names} {verb} with {best:,}")
        self.say(f"{names} {verb} with {best:,}!", GOOD)
        if self.app.demo:
            self.app.audio.play("win")
            self.demo_left = DEMO_END_PAUSE_TICKS
            return
        self.app.storage.clear_game(GAME_ID)
        humans = [i for i in state.active_seats if not self.is_computer(i)]
        human_winners = [w for w in winners if w in humans]
        if human_winners or not humans:      # no cheering for a computer that beat you
            self.app.audio.play("win")
        for seat in humans:     # one game counted for each human at the table
            self.app.storage.record_result(GAME_ID, won=seat in winners,
                                           score=state.scores[seat],
                                           counters=self.counters[seat])
        self._ask_top_ten_names([w for w in human_winners
                                 if self.app.storage.top_ten(GAME_ID).qualifies(
                                     state.scores[w])])

    def _ask_top_ten_names(self, seats: list[int]) -> None:
        """A qualifying human winner's score asks for the name (ties ask one by one)."""
        from game.scenes.name_entry import NameEntryScene

        if not seats:
            return
        seat, rest = seats[0], seats[1:]
        score = self.state.scores[seat]

        def enter(name: str) -> None:
            self.app.storage.add_to_top_ten(GAME_ID, name, score,
                                            {"players": len(self.state.active_seats)})
            self._ask_top_ten_names(rest)

        self.app.push(NameEntryScene(self.app, f"{score:,} makes the Top Ten! Your name:",
                                     enter, initial=self.name(seat), title="Top Ten"))

    # -- saving -------------------------------------------------------------------------------
    def saved_data(self) -> dict[str, Any]:
        """Everything needed to resume: the engine's state plus what the table shows."""
        return {"version": SAVE_VERSION, "state": self.state.to_json(),
                "selected": sorted(self.selected) if self.awaiting_human else [],
                "slots": list(self.slot_of) if self.state.phase == ROLLED else [],
                "log": list(self.log),
                "counters": {str(seat): dict(c) for seat, c in self.counters.items()}}

    def save(self) -> None:
        """After every move, on the boss key and on quitting. Demo games are never saved:
        they must not take the place of the player's own game."""
        if self.app.demo or self.state.is_over or not self.saving:
            return
        self.app.storage.save_game(GAME_ID, self.saved_data())

    # -- the player's moves ------------------------------------------------------------------
    def toggle_slot(self, slot: int) -> None:
        """Hold or release the die in a ring slot (keys 1-6, a click, Space on the cursor)."""
        if not self._may_play():
            return
        index = self.roll_index_at_slot(slot)
        if index is None:
            self.refuse(f"Die {slot + 1} was kept earlier this turn." if self.state.set_aside
                        else f"There is no die {slot + 1} on the table.")
            return
        self.cursor = slot
        if index in self.selected:
            self._release(index)
        else:
            self._hold(index)
        self._sync_tray()

    def _hold(self, index: int) -> None:
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
            self.say(f"Held {dice_text(state.roll[i] for i in joined)} together: "
                     "they score only as a set.")
            return
        if index not in state.holdable_indices():
            self.refuse(f"That {face} does not score: it cannot be held.")
        else:
            self.refuse(f"That {face} adds nothing to the dice held.")

    def _release(self, index: int) -> None:
        state = self.state
        rest = self.selected - {index}
        if rest and not state.is_valid_hold(tuple(sorted(rest))):
            # Releasing one die of a combination releases the dice that scored with it.
            inside = [set(h) for h in state.valid_holds() if set(h) <= rest]
            rest = max(inside, key=lambda h: (len(h), state.hold_points(tuple(h))),
                       default=set())
        self.selected = rest
        self.app.audio.play("click")
        self._say_held()

    def toggle_all(self) -> None:
        """The blank die: hold every scoring die, or (when they are all held) release all."""
        if not self._may_play():
            return
        best = set(self.state.best_hold())
        self.selected = set() if self.selected == best else best
        self.app.audio.play("click")
        self._say_held()
        self._sync_tray()

    def _say_held(self) -> None:
        # The console's lines show what is held; the message line is for news.
        self.say("" if self.selected else "Click dice or press 1-6 to hold them.")

    def roll_on(self) -> None:
        """Roll: keep the held dice, roll the others."""
        if not self._may_play():
            return
        if not self.selected:
            self.refuse("Hold at least one scoring die to roll again.")
            return
        self.apply(FarkleAction(ROLL, tuple(sorted(self.selected))))

    def bank(self) -> None:
        """Next: bank the turn (the held dice too) and pass the dice. The engine refuses
        with a beep below the minimum, with nothing held, or short of the leader."""
        if not self._may_play():
            return
        self.apply(FarkleAction(BANK, tuple(sorted(self.selected))))

    def ask_done(self) -> None:
        """Done ends the whole game, not the turn (that is Next), after asking."""
        if self.state.is_over:
            self.close()
            return
        confirm(self.app, "End this game now? It will not count in the statistics.",
                self.abandon, title="Done")

    def abandon(self) -> None:
        if not self.app.demo:
            self.app.storage.clear_game(GAME_ID)
        self.close()

    def open_menu(self) -> None:
        """Esc: pause, with a way out that keeps the game for Continue."""
        if self.state.is_over:
            self.close()
            return
        pause_menu(self.app, "Farkle", self.quit_to_title, self.start_new_game)

    def quit_to_title(self) -> None:
        self.save()
        self.close()

    def start_new_game(self) -> None:
        from game.scenes.farkle.start import new_game_scene

        if not self.app.demo:
            self.app.storage.clear_game(GAME_ID)
        self.app.replace(new_game_scene(self.app))

    def _may_play(self) -> bool:
        """Whether a human may move now; otherwise say why (a tumble is cut short)."""
        if self.state.is_over:
            return False
        if self.tray.rolling and not self.is_computer(self.state.current):
            self.land_dice()
        if self.awaiting_human:
            return True
        everyone_computer = all(self.is_computer(s) for s in self.state.active_seats)
        if not everyone_computer and (self.state.phase == ROLLED or self.wait
                                      or self.tray.rolling):
            self.refuse(f"Wait for your turn: it is {self.name(self.table_seat)}'s dice.")
        return False

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

    def bank_refusal(self) -> Optional[str]:
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

    # -- input --------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name == "cancel":
            self.open_menu()
        elif name == "char":
            self._handle_char(action.char.lower())
        elif name in ("left", "right"):
            self._move_cursor(1 if name == "right" else -1)
        elif name in ("space", "confirm"):
            self._activate_cursor(name)
        elif name == "hover":
            self._hover(action.pos)
        elif name == "click":
            self._click(action.pos)

    def _handle_char(self, char: str) -> None:
        if self.state.is_over:
            if char == "n":
                self.start_new_game()
            return
        if char and char in "123456":
            self.toggle_slot(int(char) - 1)
        elif char == "a":
            self.toggle_all()
        elif char == "r":
            self.roll_on()
        elif char == "n":
            self.bank()
        elif char == "d":
            self.ask_done()

    def _move_cursor(self, step: int) -> None:
        if not self.awaiting_human:
            return
        stops = sorted(self.slot_of) + [CURSOR_CENTRE]
        if self.cursor not in stops:
            self.cursor = stops[0] if step > 0 else stops[-1]
        else:
            self.cursor = stops[(stops.index(self.cursor) + step) % len(stops)]
        self._sync_tray()

    def _activate_cursor(self, name: str) -> None:
        if self.state.is_over:
            if name == "confirm":
                self.start_new_game()
            return
        if not self.awaiting_human:
            if self.is_computer(self.state.current) or self.wait:
                self.hurry()
            return
        if self.cursor is None:
            self._move_cursor(1)
        if self.cursor == CURSOR_CENTRE:
            self.toggle_all()
        elif self.cursor is not None:
            self.toggle_slot(self.cursor)

    def _hover(self, pos: Optional[tuple[int, int]]) -> None:
        slot = self.tray.hit(pos)
        self.tray.hover = slot if self.awaiting_human else None
        self.hover_centre = self.awaiting_human and layout.CENTRE_DIE.collidepoint(pos)
        for button in self.buttons:
            button.hovered = button.contains(pos)

    def _click(self, pos: Optional[tuple[int, int]]) -> None:
        if pos is None:
            return
        if self.state.is_over:
            self._click_game_over(pos)
            return
        for button in self.buttons:
            if button.contains(pos):
                # Greyed buttons answer too: with the beep and the reason.
                self._handle_char(button.action.char)
                return
        slot = self.tray.hit(pos)
        if not self.awaiting_human and layout.FELT.collidepoint(pos):
            if self.is_computer(self.state.current) or self.wait:
                self.hurry()
            return
        if slot is not None:
            self.toggle_slot(slot)
        elif layout.CENTRE_DIE.collidepoint(pos):
            self.toggle_all()

    def _click_game_over(self, pos: tuple[int, int]) -> None:
        new_game, title = layout.game_over_buttons(len(self.state.active_seats))
        if new_game.collidepoint(pos):
            self.start_new_game()
        elif title.collidepoint(pos):
            self.close()

    # -- presentation -------------------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        if self.state.is_over:
            return [char_command("N", "New game"), named_command("Esc", "Title", "cancel"),
                    char_command("H", "Help")]
        if not self.awaiting_human:
            return [named_command("Space", "Hurry", "space"), char_command("D", "Done"),
                    char_command("H", "Help"), char_command("B", "Boss"),
                    named_command("Esc", "Menu", "cancel")]
        return [named_command("1-6", "Hold", "space"),
                named_command("<->", "Move", "right"),
                char_command("A", "All"),
                char_command("R", "Roll", enabled=bool(self.selected)),
                char_command("N", "Next", enabled=self.bank_refusal() is None),
                char_command("D", "Done"),
                char_command("H", "Help"),
                named_command("Esc", "Menu", "cancel")]

    def help_pages(self) -> Sequence[HelpPage]:
        return help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        from game.scenes.farkle import view

        self.buttons[0].enabled = self.awaiting_human and bool(self.selected)
        self.buttons[1].enabled = self.awaiting_human and self.bank_refusal() is None
        self.buttons[2].enabled = not self.state.is_over
        view.draw(canvas, self)


def _checked_slots(slots: Optional[Sequence[int]], count: int) -> list[int]:
    """Saved ring slots if they fit the dice on the table, else the first `count` slots."""
    try:
        chosen = [int(s) for s in (slots or ())]
    except (TypeError, ValueError):
        chosen = []
    if len(chosen) == count and len(set(chosen)) == count and all(
            0 <= s < layout.DICE for s in chosen):
        return chosen
    return list(range(count))


def _count_of(saved: Optional[Mapping[str, Mapping[str, int]]], seat: int, name: str) -> int:
    """A counter from saved data ({"0": {"farkles": 2}}); 0 when missing or bad."""
    try:
        return max(0, int((saved or {}).get(str(seat), {}).get(name, 0)))
    except (AttributeError, TypeError, ValueError):
        return 0


def demo_scene(app: "App") -> FarkleScene:
    """Demo mode: the remembered table, every seat played by the computer."""
    from game.scenes.farkle.start import demo_game

    return demo_game(app)
