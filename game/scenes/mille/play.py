"""The Mille Bornes table: 2 to 6 players (teams for 4 and 6), by keyboard and by mouse.

The engine (game.engine.mille) decides every rule. This scene turns the player's input
into engine actions, the engine's events into flying cards, banners, sounds and a line of
news, and paces the computer players so that each card can be followed. Everything that
moves is driven from update(), one fixed tick at a time, computer thinking included (see
thinker.py): the boss key freezes it all, and no move is made behind the boss screen.

One hand is shown at the bottom: the human's (with two or more humans at the table, the
hand of whoever is to decide, behind a curtain while the keyboard changes hands; in demo
mode, seat 1's). That seat's side is the lowest row of the table.
"""
from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

import pygame

from game.app import DEMO_END_PAUSE_TICKS
from game.engine.core import Event
from game.engine.mille import (
    DEAL_ACTION, END_HAND_ACTION, EXTEND_ACTION, LEVELS, PASS_ACTION, Action, MilleState,
    Options, make_agent)
from game.engine.mille.cards import sort_cards
from game.engine.mille.rules import (
    COUP_FOURRE, DEAL, DECLARE, DISCARD, EXTENSION, GAME_OVER, LONG_TARGET, PLAY, PLAY_CARD)
from game.engine.mille.scoring import POINTS_COUP_FOURRE, POINTS_EXTENSION
from game.input import Action as InputAction
from game.scenes.base import Command, HelpPage, Scene, char_command, named_command
from game.scenes.dialog import pause_menu
from game.scenes.mille import layout
from game.scenes.mille.motion import Beat, Flight, Lifted
from game.scenes.mille.thinker import Thinker
from game.scenes.mille.words import (
    bilingual, card_name, describe_move, refusal, side_name, wins)
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

GAME_ID = "mille"
SAVE_VERSION = 1

# --- pacing, in ticks of 1/60 s (fast mode makes every one of them nothing) ---------------
FLIGHT_TICKS = 16             # a played card crosses the table
DRAW_TICKS = 9                # a drawn card comes from the pile into the hand
DEAL_STAGGER = 4              # the dealt cards leave the pile this far apart
COUP_FOURRE_TICKS = 44        # the safety turns sideways as it lands
LAND_HOLD_TICKS = 3           # a landed card rests before the next beat
COMPUTER_PAUSE_TICKS = 34     # a computer looks at the table before it plays (it thinks
                              # meanwhile), so the last card can be read
HAND_END_TICKS = 70           # the finished table stays in view before the score sheet
# Shown whatever the mode: they never hold up play.
BANNER_TICKS = 110
LANDED_RING_TICKS = 60        # a ring marks where a computer's card landed
# Fast mode: at most this many computer moves in one tick (quick, never a freeze).
MAX_STEPS_PER_TICK = 6
# The level the computer plays a human's seat at in demo mode.
DEMO_LEVEL = "expert"
LEVEL_LABELS = tuple((level, level.title()) for level in LEVELS)   # set-up and plates
# A human's own statistics (GameInfo.counter_labels).
COUNTERS = {"coups_fourres": "Coups fourrés", "trips": "Trips completed"}

NOTHING_LIFTED = Lifted()
DIGITS = "123456789"          # hand cards 1-7, targets 1-3 (never "²" and the like)

# Message tones: the view picks a colour for each.
INFO, ERROR, COMPUTER_SAYS, GOOD = "info", "error", "computer", "good"


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a name, and a computer's level ("" for a human)."""

    name: str
    level: str = ""

    @property
    def computer(self) -> bool:
        return bool(self.level)

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "level": self.level}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Seat":
        level = str(data.get("level", ""))
        if level and level not in dict(LEVEL_LABELS):
            raise ValueError(f"unknown Mille Bornes level {level!r}")
        return cls(str(data["name"]), level)


@dataclass
class Banner:
    """A big announcement over the table: COUP FOURRÉ!, EXTENSION..."""

    title: str
    subtitle: str
    left: int = BANNER_TICKS


@dataclass(frozen=True)
class Prompt:
    """A question for the human to decide: its lines and (key, label, action) answers."""

    title: str
    lines: tuple[str, ...]
    answers: tuple[tuple[str, str, Optional[Action]], ...]


def reconcile(order: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The shown order of a hand after it changed: kept cards stay put, new ones go last."""
    wanted = Counter(hand)
    kept = []
    for card in order:
        if wanted[card] > 0:
            kept.append(card)
            wanted[card] -= 1
    for card in hand:
        if wanted[card] > 0:
            kept.append(card)
            wanted[card] -= 1
    return kept


class MilleScene(Scene):
    """One game of Mille Bornes, from the first deal to the cheers at 5000."""

    title = "Mille Bornes"
    has_command_bar = True

    def __init__(self, app: "App", state: MilleState, seats: Sequence[Seat],
                 rng: Optional[random.Random] = None, *,
                 counters: Optional[Mapping[str, Mapping[str, int]]] = None,
                 scored_hand: int = 0, viewer: Optional[int] = None,
                 hand_order: Sequence[str] = ()):
        super().__init__(app)
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for {state.players} players")
        self.state = state
        self.seats = list(seats)
        #: Only the engine draws from this generator (the deals), so a seed replays them.
        self.rng = rng if rng is not None else app.new_rng()
        self.agents: dict[int, Any] = {}
        self.thinker = Thinker()
        self.beats: deque[Beat] = deque()
        self.wait = 0
        #: Every action applied at this table, in order (a replay for tests).
        self.history: list[Action] = []
        self.moves = 0
        humans = [s for s in range(state.players) if not self.is_computer(s)]
        if viewer is None or not 0 <= viewer < state.players:
            viewer = humans[0] if humans else 0
        self.viewer = viewer
        #: A seat waiting behind the curtain for the keyboard (two or more humans).
        self.curtain: Optional[int] = None
        self.hand_order = reconcile(hand_order or sort_cards(state.hands[viewer]),
                                    state.hands[viewer])
        self.selected: Optional[int] = None
        self.targets: list[Action] = []
        self.target_index = 0
        self.prompt_focus = 0
        self._prompted: Optional[tuple[int, int]] = None
        self.message, self.message_tone = "", INFO
        self.banner: Optional[Banner] = None
        self.landed: list[list[Any]] = []          # [rect, ticks left] rings
        self.counters = {seat: {name: _count_of(counters, seat, name) for name in COUNTERS}
                         for seat in range(state.players) if not self.seats[seat].computer}
        #: The last hand whose score sheet has been shown (and acknowledged).
        self.scored_hand = scored_hand
        self.sheet_open = False
        self.finished = False
        #: The humans' statistics after the game, for the final standings.
        self.record_line = ""
        #: False for pictures and other shows that must not touch the player's saved game.
        self.saving = True
        self.demo_left: Optional[int] = None
        self._dirty = False
        self._legal: tuple[int, tuple[Action, ...]] = (-1, ())
        self.play_button = Button(layout.PLAY_BUTTON, "Play", InputAction("confirm"))
        self.discard_button = Button(layout.DISCARD_BUTTON, "Discard",
                                     InputAction("char", char="d"))
        self.hover_pos: Optional[tuple[int, int]] = None

    # -- building -------------------------------------------------------------------------
    @classmethod
    def new_game(cls, app: "App", seats: Sequence[Seat], options: Options,
                 rng: Optional[random.Random] = None) -> "MilleScene":
        """A fresh game at this table; the first hand is dealt on the first tick."""
        scene = cls(app, MilleState.new_game(options), seats, rng)
        scene.say(f"A new game to {options.game_target:,} points. Shuffling...")
        return scene

    @classmethod
    def from_saved(cls, app: "App", data: Mapping[str, Any]) -> "MilleScene":
        """The game saved by saved_data(); raises ValueError on data it cannot trust."""
        if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
            raise ValueError("not a saved Mille Bornes game of this version")
        try:
            state = MilleState.from_json(data["state"])
            seats = [Seat.from_json(s) for s in data["seats"]]
            scene = cls(app, state, seats, counters=data.get("counters"),
                        scored_hand=int(data.get("scored_hand", 0)),
                        viewer=data.get("viewer"),
                        hand_order=[str(c) for c in data.get("hand_order", ())])
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a saved Mille Bornes game: {error!r}") from error
        scene.say(f"Welcome back: hand {max(1, state.hand_number)}, "
                  f"{_standing(scene)}.")
        return scene

    # -- who is who ------------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        """Whether the computer plays this seat (every seat in demo mode)."""
        return self.app.demo or self.seats[seat].computer

    def level(self, seat: int) -> str:
        return self.seats[seat].level or DEMO_LEVEL

    def name(self, seat: int) -> str:
        return self.seats[seat].name or f"Player {seat + 1}"

    @property
    def names(self) -> list[str]:
        return [self.name(seat) for seat in range(self.state.players)]

    def side_name(self, side: int) -> str:
        return side_name(self.names, self.state, side)

    def agent(self, seat: int) -> Any:
        level = self.level(seat)
        if seat not in self.agents:
            # Each agent has its own generator: the deck's stays the engine's.
            self.agents[seat] = make_agent(level, random.Random(seat))
        return self.agents[seat]

    def shown(self) -> tuple[MilleState, list[str], Lifted]:
        """The table, the hand and what is in the air, as the screen shows them now."""
        if self.beats:
            beat = self.beats[0]
            return beat.table, beat.hand, beat.lifted
        return self.state, self.hand_order, NOTHING_LIFTED

    def rows(self) -> dict[int, pygame.Rect]:
        """Each side's row; the shown hand's side is the lowest."""
        return layout.side_rows(self.state.options.sides, self.state.side_of(self.viewer))

    # -- what the human may do now ---------------------------------------------------------
    @property
    def deciding_seat(self) -> Optional[int]:
        """The human seat the table waits for, once the cards have landed (else None)."""
        state = self.state
        if (self.beats or self.sheet_open or self.finished
                or state.phase not in (PLAY, COUP_FOURRE, EXTENSION)):
            return None
        seat = state.to_act
        if seat is None or self.is_computer(seat):
            return None
        return seat

    @property
    def awaiting_human(self) -> bool:
        """The shown hand's human must decide, and no curtain hides it."""
        seat = self.deciding_seat
        return seat is not None and seat == self.viewer and self.curtain is None

    @property
    def choosing_card(self) -> bool:
        return self.awaiting_human and self.state.phase == PLAY

    def legal(self) -> tuple[Action, ...]:
        """The engine's legal actions now (asked once per move)."""
        if self._legal[0] != self.moves:
            self._legal = (self.moves, self.state.legal_actions())
        return self._legal[1]

    def plays_of(self, card: str) -> list[Action]:
        """The engine's legal plays of one card kind (not discards)."""
        return [a for a in self.legal() if a.verb == PLAY_CARD and a.card == card]

    def playable_cards(self) -> set[str]:
        """Card kinds in the shown hand that the engine lets the human play now."""
        if not self.choosing_card:
            return set()
        return {a.card for a in self.legal() if a.verb == PLAY_CARD}

    def raised_cards(self) -> set[str]:
        """Hand cards that stand higher: the playable ones, or the safety a coup fourré
        question is about."""
        if self.awaiting_human and self.state.phase == COUP_FOURRE:
            return {a.card for a in self.legal() if a.verb == DECLARE}
        return self.playable_cards()

    @property
    def selected_card(self) -> Optional[str]:
        if self.selected is None or self.selected >= len(self.hand_order):
            return None
        return self.hand_order[self.selected]

    def prompt(self) -> Optional[Prompt]:
        """The question on the table for a human, if any."""
        if self.finished or self.sheet_open:
            return None
        if self.curtain is not None and not self.beats:
            who = self.name(self.curtain)
            return Prompt(f"{who}'s turn", (f"Pass the keyboard and mouse to {who},",
                                            "then show the hand."),
                          (("Enter", "Show my hand", None),))
        if not self.awaiting_human:
            return None
        state = self.state
        if state.phase == COUP_FOURRE:
            pending = state.pending
            declare = next(a for a in self.legal() if a.verb == DECLARE)
            attacker = self.name(pending.attacker) if pending else "An opponent"
            hazard = card_name(pending.hazard) if pending else "a hazard"
            return Prompt("Coup fourré?", (
                f"{attacker} plays {hazard} on you, and you hold",
                f"{bilingual(declare.card)}!",
                f"Lay it sideways now: +{POINTS_COUP_FOURRE} and you play next."),
                (("C", "Coup fourré!", declare), ("P", "Pass", PASS_ACTION)))
        if state.phase == EXTENSION:
            return Prompt("Extension?", (
                f"You reached {state.target} km! End the hand now,",
                f"or extend the trip to {LONG_TARGET} km for {POINTS_EXTENSION} more",
                "(if you get there first)?"),
                (("Y", "Extend", EXTEND_ACTION), ("N", "End hand", END_HAND_ACTION)))
        return None

    # -- talking ---------------------------------------------------------------------------
    def say(self, message: str, tone: str = INFO) -> None:
        self.message, self.message_tone = message, tone

    def refuse(self, message: str) -> None:
        """The error beep and a one-line reason."""
        self.say(message, ERROR)
        self.app.audio.play("error")

    def announce(self, title: str, subtitle: str, sound: Optional[str]) -> None:
        self.banner = Banner(title, subtitle)
        if sound:
            self.app.audio.play(sound)

    # -- the engine ------------------------------------------------------------------------
    def apply(self, action: Action, hand_index: Optional[int] = None) -> list[Event]:
        """Make a decision for the seat to act and show what it caused.

        `hand_index` is the shown hand card a human picked (cards of a kind are alike to
        the engine, but the hand keeps its order on the screen).
        """
        seat = self.state.to_act
        before = self.state.copy()
        shown_hand = list(self.hand_order)
        events = self.state.apply(action, self.rng)
        self.history.append(action)
        self.moves += 1
        self.selected = None
        self.targets = []
        self.prompt_focus = 0
        if seat is not None:
            self.say(describe_move(before, seat, action, self.names),
                     COMPUTER_SAYS if self.is_computer(seat) else INFO)
        self._present(seat, action, before, shown_hand, hand_index, events)
        self._dirty = True
        return events

    def _present(self, seat: Optional[int], action: Action, before: MilleState,
                 shown_hand: list[str], hand_index: Optional[int],
                 events: Sequence[Event]) -> None:
        """Turn a move's events into beats, banners, sounds and counts."""
        rows = self.rows()
        from_hand = seat == self.viewer and self.curtain is None
        if from_hand and action.card and hand_index is None and action.card in shown_hand:
            hand_index = shown_hand.index(action.card)
        if from_hand and hand_index is not None and hand_index < len(shown_hand):
            source = layout.hand_rect(hand_index)
            new_order = shown_hand[:hand_index] + shown_hand[hand_index + 1:]
        else:
            source = _plate_source(rows, before, seat)
            new_order = shown_hand
        lifted = Lifted(hand={hand_index} if from_hand and hand_index is not None else set())
        flights: list[Flight] = []
        sound: Optional[str] = None
        drawn: list[str] = []
        for event in events:
            kind, data = event.kind, event.data
            if kind in ("play", "remedy", "safety", "hazard"):
                landing = layout.landing_rect(rows[data["side"]], data["card"])
                flights.append(Flight(data["card"], source, landing, self.anim(FLIGHT_TICKS)))
                self._fly_off(rows, data["side"], data.get("removed", ()), flights, lifted)
                self._mark_landing(seat, landing)
                sound = sound or "card_slide"
            elif kind == "discard":
                flights.append(Flight(data["card"], source, layout.DISCARD_PILE,
                                      self.anim(FLIGHT_TICKS)))
                sound = sound or "card_slide"
            elif kind == "coup_fourre":
                self._present_coup_fourre(data, rows, source, flights, lifted)
                sound = "coup_fourre"
            elif kind == "draw" and data["seat"] == self.viewer and "card" in data:
                drawn.append(data["card"])
            elif kind == "deal":
                self._present_deal()
                return
            elif kind == "extension":
                self.announce("EXTENSION!", f"{self.side_name(data['side'])}: the trip is now "
                              f"{data['target']} km", "reminder")
            elif kind == "extension_offered" and self.is_computer(data["seat"]):
                self.say(f"{self.name(data['seat'])} reaches {before.target} km: "
                         f"extend to {LONG_TARGET} or stop?", COMPUTER_SAYS)
            elif kind == "hand_over":
                self._present_hand_over(data)
        if flights:
            self.beats.append(Beat(before, shown_hand, flights, lifted, sound,
                                   hold=self.anim(LAND_HOLD_TICKS)))
        self.hand_order = reconcile(new_order, self.state.hands[self.viewer])
        if drawn:
            self._present_draws(len(drawn))

    def _fly_off(self, rows, side: int, removed: Sequence[str], flights: list[Flight],
                 lifted: Lifted) -> None:
        """Cards a safety sends from the battle or speed pile to the discard pile."""
        row = rows[side]
        for card in removed:
            speed = card == "speed_limit"
            pile = lifted.speed if speed else lifted.battle
            pile[side] = pile.get(side, 0) + 1
            start = layout.speed_rect(row) if speed else layout.battle_rect(row)
            flights.append(Flight(card, start, layout.DISCARD_PILE, self.anim(FLIGHT_TICKS),
                                  delay=self.anim(FLIGHT_TICKS) // 2))

    def _present_coup_fourre(self, data: Mapping[str, Any], rows, source: pygame.Rect,
                             flights: list[Flight], lifted: Lifted) -> None:
        side, card = data["side"], data["card"]
        row = rows[side]
        end = layout.landing_rect(row, card, sideways=True)
        flights.append(Flight(card, source, end, self.anim(COUP_FOURRE_TICKS), turn=True))
        self._fly_off(rows, side, data["removed"], flights, lifted)
        self._mark_landing(data["seat"], end)
        self.announce("COUP FOURRÉ!", f"{self.name(data['seat'])} answers "
                      f"{card_name(data['hazard'])} with {card_name(card)}", None)
        seat = data["seat"]
        if seat in self.counters:
            self.counters[seat]["coups_fourres"] += 1

    def _present_deal(self) -> None:
        """The new hand: the shown seat's cards come off the pile one by one."""
        self.hand_order = sort_cards(self.state.hands[self.viewer])
        self.selected = None
        flights = [Flight(card, layout.DRAW_PILE, layout.hand_rect(i), self.anim(DRAW_TICKS),
                          delay=self.anim(DEAL_STAGGER) * i)
                   for i, card in enumerate(self.hand_order)]
        lifted = Lifted(hand=set(range(len(self.hand_order))))
        self.beats.append(Beat(self.state.copy(), list(self.hand_order), flights, lifted,
                               "card_flip", hold=self.anim(LAND_HOLD_TICKS)))
        first = self.state.first_seat
        self.say(f"Hand {self.state.hand_number}: {self.name(first)} plays first. "
                 f"Target {self.state.target} km.")

    def _present_draws(self, count: int) -> None:
        """Cards the shown seat drew fly from the pile to the end of its hand."""
        order = self.hand_order
        first = len(order) - count
        flights = [Flight(order[i], layout.DRAW_PILE, layout.hand_rect(i), self.anim(DRAW_TICKS),
                          delay=self.anim(DRAW_TICKS) * (i - first))
                   for i in range(first, len(order))]
        self.beats.append(Beat(self.state.copy(), list(order), flights,
                               Lifted(hand=set(range(first, len(order)))), "card_flip"))

    def _present_hand_over(self, data: Mapping[str, Any]) -> None:
        completed = data.get("completed_by")
        if completed is None:
            self.say("The cards have run out: the hand is over.", GOOD)
        else:
            self.say(f"{self.side_name(completed)} completed the trip!", GOOD)
            if self._human_side(completed):
                self.app.audio.play("win")
            for seat in self.state.seats_of(completed):
                if seat in self.counters:
                    self.counters[seat]["trips"] += 1
        self.wait = max(self.wait, self.anim(HAND_END_TICKS))

    def _human_side(self, side: int) -> bool:
        return any(not self.is_computer(s) for s in self.state.seats_of(side))

    def _mark_landing(self, seat: Optional[int], rect: pygame.Rect) -> None:
        """Ring where a computer's card lands, so a glance finds it."""
        if seat is not None and self.is_computer(seat):
            self.landed = [[rect, self.anim(FLIGHT_TICKS) + LANDED_RING_TICKS]]

    # -- the tick --------------------------------------------------------------------------
    def update(self) -> None:
        if self.banner is not None:
            self.banner.left -= 1
            if self.banner.left <= 0:
                self.banner = None
        for ring in self.landed:
            ring[1] -= 1
        self.landed = [ring for ring in self.landed if ring[1] > 0]
        self.thinker.think()
        for _ in range(MAX_STEPS_PER_TICK if self.app.fast else 1):
            if not self._step():
                break
        self._save_if_changed()

    def _step(self) -> bool:
        """One step of the table; True if another may follow in the same tick."""
        if self.beats:
            beat = self.beats[0]
            if not beat.started:
                beat.started = True
                if beat.sound:
                    self.app.audio.play(beat.sound)
            beat.elapsed += 1
            if not beat.over:
                return False
            self.beats.popleft()
            if self.beats:
                return True
            # The last card has landed: the table goes on in this very tick, so that a
            # question for the human appears (and sounds) with the card that asks it.
        if self.wait > 0:
            self.wait -= 1
            return False
        return self._advance()

    def _advance(self) -> bool:
        """Nothing left to show: do or wait for what the game needs next."""
        state = self.state
        if self.finished:
            self._tick_demo_end()
            return False
        if self.sheet_open:
            return False
        if state.phase in (DEAL, GAME_OVER) and self._unscored():
            self._open_score_sheet()
            return False
        if state.phase == DEAL:
            self.apply(DEAL_ACTION)
            return True
        if state.phase == GAME_OVER:
            self._finish()
            return False
        seat = state.to_act
        if seat is None:
            return False
        if self.is_computer(seat):
            return self._computer_step(seat)
        if seat != self.viewer:
            self._pass_keyboard(seat)
        elif self._prompted != (state.hand_number, self.moves):
            self._prompted = (state.hand_number, self.moves)
            if state.phase in (COUP_FOURRE, EXTENSION):
                self.app.audio.play("reminder")
        return False

    def _computer_step(self, seat: int) -> bool:
        """Ask the seat's agent (it thinks while the table pauses), then play its answer."""
        key = (self.state.hand_number, self.moves)
        if not self.thinker.asked(key):
            self.thinker.start(key, self.agent(seat), self.state.observation(seat),
                               self.legal())
            # A coup fourré is answered at once: a pause would tell who holds the safety.
            if self.state.phase != COUP_FOURRE:
                self.wait = self.anim(COMPUTER_PAUSE_TICKS)
            return self.wait == 0
        action = self.thinker.answer(key)
        if action is None:
            return False
        self.apply(action)
        return True

    def _pass_keyboard(self, seat: int) -> None:
        """Another human decides next: hide this hand until they take the keyboard."""
        if self.curtain != seat:
            self.curtain = seat
            self.selected = None
            self.say(f"{self.name(seat)} to play.")

    def lift_curtain(self) -> None:
        if self.curtain is None:
            return
        self.viewer, self.curtain = self.curtain, None
        self.hand_order = sort_cards(self.state.hands[self.viewer])
        self.app.audio.play("card_flip")

    def hurry(self) -> None:
        """Space or a click while the computer plays: skip the waiting and the flights."""
        self.land()
        self.wait = 0

    def land(self) -> None:
        """Every card in the air lands at once."""
        for beat in self.beats:
            if not beat.started and beat.sound:
                self.app.audio.play(beat.sound)
        self.beats.clear()

    # -- hands and the game end ------------------------------------------------------------
    def _unscored(self) -> bool:
        last = self.state.last_hand
        return bool(last) and int(last.get("hand_number", 0)) > self.scored_hand

    def _open_score_sheet(self) -> None:
        from game.scenes.mille.scoresheet import ScoreSheetScene

        self.sheet_open = True
        self.app.push(ScoreSheetScene(self.app, self, self.state.last_hand, self._scored))

    def _scored(self) -> None:
        """The score sheet was read: the next hand, or the end of the game."""
        self.sheet_open = False
        self.scored_hand = int(self.state.last_hand["hand_number"])
        self._dirty = True
        self._save_if_changed()

    def _finish(self) -> None:
        """Once, when the game has ended: cheers, statistics, the Top Ten."""
        self.finished = True
        state = self.state
        winners = state.winners
        names = " and ".join(self.side_name(w) for w in winners)
        best = state.scores[winners[0]] if winners else 0
        if len(winners) > 1:
            self.say(f"A tie at {best:,}: {names} share the win!", GOOD)
        else:
            self.say(f"{wins(self.names, state, winners[0])} with {best:,}!", GOOD)
        if self.app.demo:
            self.app.audio.play("win")
            self.demo_left = DEMO_END_PAUSE_TICKS
            return
        if not self.saving:
            return
        self.app.storage.clear_game(GAME_ID)
        humans = [s for s in range(state.players) if not self.is_computer(s)]
        human_won = any(state.side_of(s) in winners for s in humans)
        if human_won or not humans:        # no cheering for a computer that beat you
            self.app.audio.play("big_win" if human_won else "win")
        records = []
        for seat in humans:                # one game counted for each human at the table
            side = state.side_of(seat)
            stats = self.app.storage.record_result(GAME_ID, won=side in winners,
                                                   score=state.scores[side],
                                                   counters=self.counters.get(seat, {}))
            records.append(f"{self.name(seat)}: {stats.won} won of {stats.played}")
        self.record_line = ", ".join(records)
        table = self.app.storage.top_ten(GAME_ID)
        self._ask_top_ten_names([s for s in humans
                                 if table.qualifies(state.scores[state.side_of(s)])])

    def _ask_top_ten_names(self, seats: list[int]) -> None:
        """A qualifying human's score asks for the name (one human after another)."""
        from game.scenes.name_entry import NameEntryScene

        if not seats:
            return
        seat, rest = seats[0], seats[1:]
        score = self.state.scores[self.state.side_of(seat)]

        def enter(name: str) -> None:
            self.app.storage.add_to_top_ten(GAME_ID, name, score,
                                            {"players": self.state.players})
            self._ask_top_ten_names(rest)

        self.app.push(NameEntryScene(self.app, f"{score:,} makes the Top Ten! Your name:",
                                     enter, initial=self.name(seat), title="Top Ten"))

    def _tick_demo_end(self) -> None:
        if self.demo_left is None:
            return
        self.demo_left -= 1
        if self.demo_left <= 0:
            self.demo_left = None
            from game.scenes.mille.start import demo_game

            self.app.demo_finished(self, lambda: demo_game(self.app))

    # -- saving ----------------------------------------------------------------------------
    def saved_data(self) -> dict[str, Any]:
        """Everything needed to resume: the engine's state plus who sits where."""
        return {"version": SAVE_VERSION, "state": self.state.to_json(),
                "seats": [seat.to_json() for seat in self.seats],
                "counters": {str(seat): dict(c) for seat, c in self.counters.items()},
                "scored_hand": self.scored_hand, "viewer": self.viewer,
                "hand_order": list(self.hand_order)}

    def save(self) -> None:
        """After every move, on the boss key and on quitting. Demo games and finished ones
        are never saved: they must not take the place of the player's own game."""
        self._dirty = False
        if self.app.demo or self.finished or not self.saving:
            return
        self.app.storage.save_game(GAME_ID, self.saved_data())

    def _save_if_changed(self) -> None:
        if self._dirty:
            self.save()

    def exit(self) -> None:
        self.thinker.forget()

    # -- the human's moves -----------------------------------------------------------------
    def select(self, index: int) -> None:
        """Choose a hand card (1-7, the arrows, a click); any time, to plan ahead."""
        if self.curtain is not None or not 0 <= index < len(self.hand_order):
            return
        self.selected = index
        self.targets = []
        self.app.audio.play("click")

    def move_selection(self, step: int) -> None:
        count = len(self.hand_order)
        if self.curtain is not None or not count:
            return
        start = self.selected if self.selected is not None else (-1 if step > 0 else count)
        self.select((start + step) % count)

    def _ready_to_play(self) -> bool:
        """Whether the human may play a card now; otherwise say why (flights land first)."""
        if self.state.phase == GAME_OVER or self.finished:
            return False
        if self.beats and self.state.to_act == self.viewer and not self.is_computer(self.viewer):
            self.land()
        if self.choosing_card:
            return True
        if self.prompt() is not None:
            self.refuse("Answer the question first.")
        elif self.state.to_act is not None and self.state.phase in (PLAY, COUP_FOURRE, EXTENSION):
            self.refuse(f"Wait: it is {self.name(self.state.turn_seat)}'s turn.")
        return False

    def play_selected(self) -> None:
        """Enter: play the chosen card where the engine allows it (ask if on whom)."""
        if self.targets:
            self.apply(self.targets[self.target_index], self.selected)
            return
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            self.refuse("Choose a card first: 1-7, the arrows, or a click.")
            return
        plays = self.plays_of(card)
        if not plays:
            self.refuse(refusal(self.state, self.viewer, card))
        elif len(plays) == 1:
            self.apply(plays[0], self.selected)
        else:
            self._choose_target(plays)

    def _choose_target(self, plays: list[Action]) -> None:
        rows = self.rows()
        self.targets = sorted(plays, key=lambda a: rows[a.side].y)
        self.target_index = 0
        self.app.audio.play("click")
        choices = "  ".join(f"{i + 1} {self.side_name(a.side)}"
                            for i, a in enumerate(self.targets))
        self.say(f"{card_name(self.targets[0].card)} on whom? {choices}")

    def play_on_side(self, side: int) -> None:
        """A click on a side's row with a card chosen: play it there if the engine allows."""
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            return
        plays = self.plays_of(card)
        here = [a for a in plays if a.side == side]
        if here:
            self.apply(here[0], self.selected)
        elif plays:
            where = ("your own side" if plays[0].side == self.state.side_of(self.viewer)
                     else " or ".join(self.side_name(a.side) for a in plays))
            self.refuse(f"{card_name(card)} can only go on {where}.")
        else:
            self.refuse(refusal(self.state, self.viewer, card))

    def discard_selected(self, index: Optional[int] = None) -> None:
        """D, Delete, right-click or the Discard button: throw the chosen card away."""
        if index is not None and self.curtain is None and 0 <= index < len(self.hand_order):
            self.selected = index
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            self.refuse("Choose the card to discard first.")
            return
        self.apply(Action(DISCARD, card), self.selected)

    def answer(self, index: int) -> None:
        """One of the prompt's answers (C/P, Y/N, a button, Enter on the focused one)."""
        prompt = self.prompt()
        if prompt is None or not 0 <= index < len(prompt.answers):
            return
        action = prompt.answers[index][2]
        self.app.audio.play("click")
        if action is None:
            self.lift_curtain()
        else:
            self.apply(action)

    def open_menu(self) -> None:
        """Esc: pause, with a way out that keeps the game for Continue."""
        if self.finished:
            self.close()
            return
        pause_menu(self.app, "Mille Bornes", self.quit_to_title, self.start_new_game)

    def quit_to_title(self) -> None:
        self.save()
        self.close()

    def start_new_game(self) -> None:
        from game.scenes.mille.start import new_game_scene

        if not self.app.demo and self.saving:
            self.app.storage.clear_game(GAME_ID)
        self.app.replace(new_game_scene(self.app))

    def toggle_fast(self) -> None:
        self.app.set_fast(not self.app.fast)
        self.say("Fast mode: no animations." if self.app.fast else "Fast mode off.")

    # -- input -----------------------------------------------------------------------------
    def handle(self, action: InputAction) -> None:
        self._handle(action)
        self._save_if_changed()     # a human's move is on disk before the next frame

    def _handle(self, action: InputAction) -> None:
        name = action.name
        char = action.char.lower() if name == "char" else ""
        if name in ("hover", "click", "rclick") and action.pos:
            self._pointer(action)
        elif self.finished:
            if char == "n" or name == "confirm":
                self.start_new_game()
            elif name == "cancel":
                self.close()
        elif name == "cancel":
            if self.targets:
                self.targets = []
                self.say("Choose again.")
            else:
                self.open_menu()
        elif char == "f":
            self.toggle_fast()
        elif self.prompt() is not None:
            self._prompt_key(name, char)
        elif self.targets:
            self._target_key(name, char)
        elif name in ("left", "right"):
            self.move_selection(1 if name == "right" else -1)
        elif char and char in DIGITS[:7]:
            self.select(int(char) - 1)
        elif name == "confirm":
            self.play_selected()
        elif char == "d" or name == "delete":
            self.discard_selected()
        elif name == "space":
            if self.awaiting_human:
                self.play_selected()
            else:
                self.hurry()

    def _prompt_key(self, name: str, char: str) -> None:
        prompt = self.prompt()
        keys = [key.lower() for key, _, _ in prompt.answers]
        if char in keys:
            self.answer(keys.index(char))
        elif name in ("left", "right", "tab"):
            self.prompt_focus = (self.prompt_focus + (-1 if name == "left" else 1)) % len(keys)
        elif name in ("confirm", "space"):
            self.answer(min(self.prompt_focus, len(keys) - 1))
        elif name not in ("hover",):
            self.refuse("Answer the question first: " + " or ".join(
                f"{key} {label}" for key, label, _ in prompt.answers) + ".")

    def _target_key(self, name: str, char: str) -> None:
        count = len(self.targets)
        if name in ("up", "down", "left", "right", "tab"):
            step = -1 if name in ("up", "left") else 1
            self.target_index = (self.target_index + step) % count
        elif char and char in DIGITS and 1 <= int(char) <= count:
            self.target_index = int(char) - 1
            self.play_selected()
        elif name in ("confirm", "space"):
            self.play_selected()
        elif char == "d" or name == "delete":
            self.targets = []
            self.discard_selected()

    def _pointer(self, action: InputAction) -> None:
        pos = action.pos
        if action.name == "hover":
            self.hover_pos = pos
            return
        if self.finished:
            new_game, title = layout.game_over_buttons(self.state.options.sides)
            if new_game.collidepoint(pos):
                self.start_new_game()
            elif title.collidepoint(pos):
                self.close()
            return
        prompt = self.prompt()
        if prompt is not None:
            for index, rect in enumerate(layout.prompt_buttons(len(prompt.answers))):
                if rect.collidepoint(pos):
                    self.answer(index)
                    return
            if layout.PROMPT.collidepoint(pos):
                return
        if self.play_button.contains(pos):
            self.play_selected()
            return
        if self.discard_button.contains(pos) or layout.DISCARD_PILE.collidepoint(pos):
            self.discard_selected()
            return
        index = self._hand_index_at(pos)
        if index is not None:
            self._click_hand(index, action.name)
            return
        for side, row in self.rows().items():
            if row.collidepoint(pos):
                if self.targets and any(a.side == side for a in self.targets):
                    self.target_index = next(i for i, a in enumerate(self.targets)
                                             if a.side == side)
                    self.play_selected()
                elif self.selected is not None and self.choosing_card:
                    self.play_on_side(side)
                elif not self.awaiting_human and self.curtain is None:
                    self.hurry()
                return

    def _click_hand(self, index: int, button: str) -> None:
        if self.curtain is not None:
            if not self.beats:
                self.lift_curtain()
            return
        if button == "rclick":
            self.discard_selected(index)
        elif index == self.selected:
            self.play_selected()
        else:
            self.select(index)

    def _hand_index_at(self, pos: tuple[int, int]) -> Optional[int]:
        for index in range(len(self.hand_order)):
            if layout.hand_slot(index).collidepoint(pos):
                return index
        return None

    # -- presentation ----------------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        fast = char_command("F", "Fast", state=self.app.fast)
        if self.finished:
            return [char_command("N", "New game"), named_command("Esc", "Title", "cancel"),
                    char_command("H", "Help")]
        prompt = self.prompt()
        if prompt is not None:
            entries = [named_command("Enter", prompt.answers[0][1].split()[0].rstrip("!"),
                                     "confirm")] if len(prompt.answers) == 1 else [
                char_command(key, label.rstrip("!")) for key, label, _ in prompt.answers]
            return entries + [char_command("H", "Help"), char_command("B", "Boss"),
                              named_command("Esc", "Menu", "cancel")]
        if self.targets:
            return [named_command(f"1-{len(self.targets)}", "Target", "down"),
                    named_command("Up/Dn", "Choose", "down"),
                    named_command("Enter", "Play", "confirm"),
                    named_command("Esc", "Cancel", "cancel"), char_command("H", "Help")]
        if self.choosing_card:
            card = self.selected_card
            return [named_command(f"1-{len(self.hand_order)}", "Card", "right"),
                    named_command("<->", "Choose", "right"),
                    named_command("Enter", "Play", "confirm",
                                  enabled=bool(card and self.plays_of(card))),
                    char_command("D", "Discard", enabled=card is not None),
                    fast, char_command("H", "Help"), char_command("B", "Boss"),
                    named_command("Esc", "Menu", "cancel")]
        return [named_command("Space", "Hurry", "space"), fast, char_command("H", "Help"),
                char_command("B", "Boss"), named_command("Esc", "Menu", "cancel")]

    def help_pages(self) -> Sequence[HelpPage]:
        from game.scenes.mille.help import help_pages

        return help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        from game.scenes.mille import view

        card = self.selected_card
        self.play_button.enabled = bool(self.choosing_card and card and self.plays_of(card))
        self.discard_button.enabled = bool(self.choosing_card and card)
        for button in (self.play_button, self.discard_button):
            button.hovered = button.contains(self.hover_pos)
        view.draw(canvas, self)


def _plate_source(rows: Mapping[int, pygame.Rect], state: MilleState,
                  seat: Optional[int]) -> pygame.Rect:
    """Where a card another seat plays comes from: the middle of its side's name plate."""
    rect = pygame.Rect(0, 0, layout.MINI_W, layout.MINI_H)
    if seat is None:
        rect.center = layout.DRAW_PILE.center
    else:
        rect.center = layout.plate_rect(rows[state.side_of(seat)]).center
    return rect


def _standing(scene: MilleScene) -> str:
    """The game score as a phrase: "Ann 1,250, Cindy 2,100"."""
    state = scene.state
    return ", ".join(f"{scene.side_name(side)} {state.scores[side]:,}"
                     for side in range(state.options.sides))


def _count_of(saved: Optional[Mapping[str, Mapping[str, int]]], seat: int, name: str) -> int:
    """A counter from saved data ({"0": {"trips": 2}}); 0 when missing or bad."""
    try:
        return max(0, int((saved or {}).get(str(seat), {}).get(name, 0)))
    except (AttributeError, TypeError, ValueError):
        return 0
