"""La Belle Lucie's table: 18 fans, four foundations, the prompt where cards are typed.

The engine (game.engine.lucie) is the truth and changes at once; the table on screen
catches up one step at a time (a card flies home, the automatic chain follows card by
card, a shuffle lays the fans out again). Those steps wait in a queue run by update(),
so everything moves with the fixed tick and freezes under the boss key; any new move
first lands whatever is still in the air. The solver behind hints and demo play runs
one slice per tick, so the window never waits for it.

Keys follow the 1989 seed: a card is typed in two characters and Enter; S shuffles, H
helps and Q (then Enter, as Q is also the queen) opens the quit menu. The scene takes
typed text only while something has been typed, so a first H or B is help or the boss
key (no card starts with either) while TH is the ten of hearts.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, Union

import pygame

from game.app import DEMO_END_PAUSE_TICKS
from game.engine.cards import SUITS, parse_card
from game.engine.core import Event
from game.engine.lucie import REDEAL, DemoPlayer, Hint, LucieGame, Thinking
from game.input import Action
from game.scenes.base import Command, HelpPage, Scene, char_command, named_command
from game.scenes.dialog import ChoiceDialog
from game.scenes.lucie import help as lucie_help
from game.scenes.lucie import layout
from game.scenes.lucie.entry import CardEntry, DealNumberEntry
from game.scenes.lucie.layout import SAY_BAD, SAY_DIM, SAY_GOOD, SAY_HINT, SAY_PLAIN
from game.storage import GameStats

if TYPE_CHECKING:
    from game.app import App

GAME_ID = "lucie"
SAVE_VERSION = 1
RANDOM_DEALS = 999_999          # random deals are numbered 1 to this (easy to read out)

# --- pacing, in ticks (fast mode makes each of these 0) -----------------------------------
MOVE_TICKS = 12                 # a card flies to its new place
CHAIN_GAP_TICKS = 6             # between the cards of the automatic foundation chain
REDEAL_FAN_TICKS = 2            # a shuffle deals the fans out one after another
DEMO_MOVE_TICKS = 40            # the demo's pause after each move, to follow it by eye
DEMO_REDEAL_TICKS = 70          # and the longer look at a fresh deal
# --- times that are information, not animation: the same in fast mode --------------------
MESSAGE_TICKS = 90              # an error message (seed: gone "after a second and a fraction")
LOCATE_TICKS = 72               # the finding arrow (seed: "for a second or so")
CHEER_GAP_TICKS = 48            # between the cheers of a win
DRAW_FLASH_TICKS = 150          # the draw prompt blinks this long after the last shuffle
# At most this many queued steps run in one tick.
MAX_STEPS_PER_TICK = 8

ILLEGAL_SOUND = "click"         # the seed: "a light click and an error message"
MOVE_SOUND, CHAIN_SOUND, SHUFFLE_SOUND = "card_slide", "card_flip", "card_flip"
MOVE_EVENTS = ("to_foundation", "auto_foundation", "to_tableau")
COUNTERS = {"won_no_shuffle": "Won, no shuffle used", "won_one_shuffle": "Won, one shuffle used"}
MONO_TIP = "Tip: prefer black and white? Start with --mono, or set Colours in Settings."
DECK = "deck"                   # the hover/click target of the shuffle deck
PROMPT = "prompt"


@dataclass
class _Step:
    """Something to show after `wait` ticks; a `run` returning False is tried again."""

    wait: int
    run: Callable[[], Optional[bool]]


@dataclass
class Flight:
    """A card on its way from one place to another."""

    card: str
    start: tuple[int, int]
    end: tuple[int, int]
    ticks: int
    elapsed: int = 0

    @property
    def pos(self) -> tuple[int, int]:
        t = min(1.0, self.elapsed / self.ticks) if self.ticks else 1.0
        t = 1 - (1 - t) * (1 - t)            # ease out: it settles into place
        return (round(self.start[0] + (self.end[0] - self.start[0]) * t),
                round(self.start[1] + (self.end[1] - self.start[1]) * t))


@dataclass
class Message:
    """A line in the message panel; `left` counts down for the ones that go by themselves."""

    text: str
    colour: tuple
    left: Optional[int] = None


class TableView:
    """The cards as the screen shows them: the engine's, or a step behind while moving."""

    def __init__(self, game: LucieGame) -> None:
        self.fans: list[list[str]] = []
        self.tops: dict[str, Optional[str]] = {}
        self.flight: Optional[Flight] = None
        self.sync(game)

    def sync(self, game: LucieGame) -> None:
        self.fans = game.fans
        self.tops = dict(game.foundation_tops)
        self.flight = None

    def find(self, card: str) -> Optional[tuple[int, int]]:
        for f, fan in enumerate(self.fans):
            if card in fan:
                return f, fan.index(card)
        return None

    def places(self) -> tuple[layout.FanPlace, ...]:
        return layout.fan_places(tuple(len(fan) for fan in self.fans))


Target = Union[str, tuple[int, int], None]     # DECK, PROMPT or (fan, index)


class LucieScene(Scene):
    """One hand of La Belle Lucie: three deals (two shuffles) and the draw."""

    title = "La Belle Lucie"
    has_command_bar = True

    def __init__(self, app: "App", game: LucieGame, demo_played: bool = False,
                 demo: Optional[bool] = None):
        super().__init__(app)
        self.game = game
        self.view = TableView(game)
        self.steps: deque[_Step] = deque()
        self.entry = CardEntry()
        # Attract mode (--demo): nothing of these hands is saved or recorded.
        self.attract = app.demo
        self.demo = app.demo if demo is None else demo
        # A hand the computer played any part of does not enter the statistics.
        self.demo_played = demo_played or self.demo
        self.demo_player = DemoPlayer()
        self.demo_thinking: Optional[Thinking] = None
        self.demo_wait = 0
        self.hint: Optional[Hint] = None
        self.hint_thinking: Optional[Thinking] = None
        self.message: Optional[Message] = None
        self.locate: Optional[tuple[str, int]] = None      # (card, ticks left)
        self.hover: Target = None
        self.cheers: deque[tuple[int, str]] = deque()
        self.draw_flash = 0
        self.tip = MONO_TIP if not app.mono and not self.attract else ""
        self.finished = game.is_over
        self._stats = app.storage.stats(GAME_ID)

    # -- making hands ----------------------------------------------------------------------
    @classmethod
    def new_hand(cls, app: "App", deal: Optional[int] = None, **kwargs) -> "LucieScene":
        """Deal number `deal`, or a random deal."""
        if deal is None:
            deal = app.new_rng().randint(1, RANDOM_DEALS)
        scene = cls(app, LucieGame.new(deal), **kwargs)
        scene.say(f"Deal #{deal}: " + ("the computer plays it." if scene.demo else
                                       "type a card and press Enter, or click it."), SAY_DIM)
        return scene

    @classmethod
    def from_saved(cls, app: "App", data: Mapping[str, Any]) -> "LucieScene":
        """The hand saved_data() wrote; ValueError for anything else."""
        if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
            raise ValueError("not a saved La Belle Lucie hand of this version")
        try:
            game = LucieGame.from_json(data["game"])
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a saved La Belle Lucie hand: {error!r}") from error
        scene = cls(app, game, bool(data.get("demo_played", False)), demo=False)
        scene.say(f"Welcome back to deal #{game.deal}: {game.cards_home} cards home.", SAY_DIM)
        return scene

    def saved_data(self) -> dict[str, Any]:
        """What the title's Continue needs to pick this hand up again."""
        return {"version": SAVE_VERSION, "game": self.game.to_json(),
                "demo_played": self.demo_played}

    # -- life cycle ------------------------------------------------------------------------
    def enter(self) -> None:
        self._save()        # from the first moment, Continue on the title can pick it up

    def save(self) -> None:
        self._save()

    def _save(self) -> None:
        if self.attract:
            return
        if self.finished:
            self.app.storage.clear_game(GAME_ID)
        else:
            self.app.storage.save_game(GAME_ID, self.saved_data())

    @property
    def wants_text(self) -> bool:
        """Only while a card is half typed: then H is hearts and B is nothing."""
        return bool(self.entry)

    @property
    def touched(self) -> bool:
        """Something has been played in this hand (undone or not)."""
        return self.game.can_undo or self.game.can_redo

    @property
    def busy(self) -> bool:
        """Cards are still moving on screen."""
        return bool(self.steps) or self.view.flight is not None

    @property
    def stats(self) -> GameStats:
        """This game's statistics (refreshed whenever a hand is counted)."""
        return self._stats

    # -- the tick --------------------------------------------------------------------------
    def update(self) -> None:
        self._tick_timers()
        self._run_steps()
        if self.hint_thinking is not None:
            self._think_hint()
        if self.demo and not self.finished and not self.busy:
            self._demo_tick()

    def _tick_timers(self) -> None:
        if self.message is not None and self.message.left is not None:
            self.message.left -= 1
            if self.message.left <= 0:
                self.message = None
        if self.locate is not None:
            card, left = self.locate
            self.locate = (card, left - 1) if left > 1 else None
        if self.draw_flash > 0:
            self.draw_flash -= 1
        if self.cheers:
            wait, sound = self.cheers[0]
            if wait > 0:
                self.cheers[0] = (wait - 1, sound)
            else:
                self.cheers.popleft()
                self.app.audio.play(sound)
        if self.view.flight is not None:
            self.view.flight.elapsed += 1

    def _run_steps(self) -> None:
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
        if not self.steps and self.view.flight is None and ran:
            self.view.sync(self.game)    # the picture ends exactly as the engine is

    def after(self, wait: int, run: Callable[[], Optional[bool]] = lambda: None) -> None:
        """Queue `run` to happen `wait` ticks after the steps already queued."""
        self.steps.append(_Step(max(0, wait), run))

    def land_everything(self) -> None:
        """Finish every animation at once (a new move must start from the real table)."""
        waiting: deque[_Step] = deque()
        while self.steps:
            step = self.steps.popleft()
            if step.run() is False:
                waiting.append(_Step(0, step.run))
        self.steps = waiting
        self.view.sync(self.game)

    # -- playing ---------------------------------------------------------------------------
    def play(self, card: str) -> None:
        """A card typed or clicked: the engine tries its foundation, then the tableau."""
        if not self._may_play():
            return
        self._act(card)

    def shuffle(self) -> None:
        """The seed's S: gather the tableau, shuffle, deal again in threes."""
        if not self._may_play():
            return
        if not self.game.can_redeal:
            self.refuse("No shuffles are left." + (" Use the free draw!" if
                                                   self.game.draw_available else ""))
            return
        self._act(REDEAL)

    def undo(self) -> None:
        if not self._may_play():
            return
        if not self.game.can_undo:
            self.refuse("Nothing to undo.")
            return
        self._act_with(self.game.undo)

    def redo(self) -> None:
        if not self._may_play():
            return
        if not self.game.can_redo:
            self.refuse("Nothing to redo.")
            return
        self._act_with(self.game.redo)

    def _may_play(self) -> bool:
        if self.finished:
            self.refuse("This hand is over: N deals a new one.")
            return False
        if self.demo:
            self.refuse("The computer is playing: D hands the cards back to you.")
            return False
        return True

    def _act(self, action: str) -> None:
        self._act_with(lambda: self.game.act(action))

    def _act_with(self, perform: Callable[[], list[Event]]) -> None:
        """Apply one engine action and show what it caused."""
        self.land_everything()
        self.hint = None
        self.hint_thinking = None
        before = self.game.position
        events = perform()
        changed = self.game.position is not before
        if changed:
            self.locate = None
            self.tip = ""
        self._present(events)
        if changed and not self.finished:
            self._save()

    # -- turning events into things to see and hear ----------------------------------------
    def _present(self, events: Sequence[Event]) -> None:
        ended: Optional[Event] = None
        for event in events:
            kind, data = event.kind, dict(event.data)
            if kind == "illegal":
                self._on_illegal(data)
            elif kind == "locate":
                self.show_arrow(data["card"])
                self.say(f"The {card_name(data['card'])} cannot move yet: the arrow shows "
                         "where it lies.", SAY_PLAIN, LOCATE_TICKS)
            elif kind in MOVE_EVENTS and not self.app.fast:
                self._animate_move(kind, data)
            elif kind == "redeal":
                self._on_redeal(data)
            elif kind == "undo":
                self.say(f"Took back {_action_words(data['action'])}.", SAY_DIM)
                self.app.audio.play(MOVE_SOUND)
            elif kind in ("won", "hand_over"):
                ended = event
        summary = move_summary(events)
        if summary:
            self.say(summary, SAY_PLAIN)
            if self.app.fast:
                self.app.audio.play(MOVE_SOUND)
        if self.app.fast or not self.steps:
            self.view.sync(self.game)
        if ended is not None:
            self._finish_hand(ended.kind == "won", dict(ended.data))

    def _on_illegal(self, data: dict) -> None:
        if data.get("reason") == "buried":
            # The seed's finder: a card that cannot move gets the arrow, not the click.
            self.locate_buried(str(data["card"]))
            return
        self.refuse(_illegal_words(data))

    def _animate_move(self, kind: str, data: dict) -> None:
        card = data["card"]
        if kind == "auto_foundation":
            self.after(self.anim(CHAIN_GAP_TICKS))

        def lift() -> None:
            view = self.view
            where = view.find(card)
            if where is None:
                return
            start = view.places()[where[0]].card_pos(where[1])
            view.fans[where[0]].pop(where[1])
            if kind == "to_tableau":
                target = data["to_fan"]
                lengths = [len(fan) for fan in view.fans]
                lengths[target] += 1
                end = layout.fan_places(tuple(lengths))[target].card_pos(lengths[target] - 1)
            else:
                end = layout.foundation_pos(card[1])
            view.flight = Flight(card, start, end, self.anim(MOVE_TICKS))
            self.app.audio.play(MOVE_SOUND if kind != "auto_foundation" else CHAIN_SOUND)

        def land() -> None:
            view = self.view
            view.flight = None
            if kind == "to_tableau":
                view.fans[data["to_fan"]].append(card)
            else:
                view.tops[card[1]] = card

        self.after(0, lift)
        self.after(self.anim(MOVE_TICKS), land)

    def _on_redeal(self, data: dict) -> None:
        left = data["redeals_left"]
        self.say(f"Shuffled and dealt again: {_plural(left, 'shuffle')} left."
                 if left else "Shuffled for the last time.", SAY_PLAIN)
        self.app.audio.play(SHUFFLE_SOUND)
        if not self.app.fast:
            dealt = self.game.fans

            def gather() -> None:
                self.view.fans = [[] for _ in dealt]

            def lay_out(index: int) -> None:
                self.view.fans[index] = list(dealt[index])

            self.after(0, gather)
            for index in range(len(dealt)):
                self.after(self.anim(REDEAL_FAN_TICKS), lambda index=index: lay_out(index))
        if data["draw_available"]:
            # The seed: "an audible prompt at the second re-shuffle ... There is also a
            # visual prompt, but it is easily overlooked."
            self.app.audio.play("reminder")
            self.draw_flash = DRAW_FLASH_TICKS

    # -- the end of a hand -----------------------------------------------------------------
    def _finish_hand(self, won: bool, data: Optional[dict] = None, why: str = "") -> None:
        """Once, when the hand has ended: count it, cheer, then offer the next."""
        if self.finished:
            return
        self.finished = True
        self.entry.clear()
        self.hint = self.hint_thinking = self.demo_thinking = None
        unused = (data or {}).get("redeals_unused", 0) if won else 0
        if not self.attract:
            if not self.demo_played:
                self._record(won, unused)
            self.app.storage.clear_game(GAME_ID)
        if won:
            self.say("You won!" + (f" With {_plural(unused, 'shuffle')} to spare: an "
                                   "extra cheer." if unused else ""), SAY_GOOD)
            # The seed: "an audible cheer. If you are able to win without using one or
            # both of the available shuffles, an extra cheer or two is provided."
            self.cheers.append((0, "win"))
            for _ in range(unused):
                self.cheers.append((CHEER_GAP_TICKS, "big_win"))
        else:
            self.say(f"{why or 'No moves are left'}: the hand is over with a score of "
                     f"{self.game.score}.", SAY_HINT)
        self.after(0, self._show_end)

    def _record(self, won: bool, unused: int) -> None:
        counters = {}
        if won and unused == 2:
            counters["won_no_shuffle"] = 1
        elif won and unused == 1:
            counters["won_one_shuffle"] = 1
        self._stats = self.app.storage.record_result(
            GAME_ID, won=won, score=self.game.score, counters=counters)

    def _show_end(self) -> Optional[bool]:
        if self.cheers:
            return False          # the dialog waits for the cheers: nothing ticks beneath it
        if self.attract and self.demo:
            self.after(DEMO_END_PAUSE_TICKS, self._next_demo_hand)
            return None
        self.app.push(end_dialog(self))
        return None

    def _next_demo_hand(self) -> None:
        self.app.demo_finished(self, lambda: LucieScene.new_hand(self.app))

    def give_up_by_demo(self) -> None:
        """The demo found no move that gains a card on the last deal: the hand ends."""
        self._finish_hand(False, why="The computer sees no move that sends another card home")

    # -- leaving the hand ------------------------------------------------------------------
    def _count_abandoned(self) -> None:
        """A hand left for another counts as played, with the score it has."""
        if self.finished or self.attract or self.demo_played or not self.touched:
            return
        self.finished = True
        self._record(False, 0)

    def abandon_warning(self) -> str:
        """What leaving this hand for a new one does to the statistics."""
        if self.finished or self.attract or not self.touched:
            return ""
        if self.demo_played:
            return "The computer played in this hand, so it does not count."
        return f"This hand counts as played, with its score of {self.game.score}."

    def start_hand(self, deal: Optional[int] = None, same_deal: bool = False) -> None:
        """Leave this hand for a new one: deal number `deal`, a random deal, or this one."""
        self._count_abandoned()
        if not self.attract:
            self.app.storage.clear_game(GAME_ID)
        if same_deal:
            data = self.game.to_json()
            data.update(actions=[], cursor=0)
            scene = LucieScene(self.app, LucieGame.from_json(data), demo=self.attract)
            scene.say(f"Deal #{self.game.deal} again, from the start.", SAY_DIM)
        else:
            scene = LucieScene.new_hand(self.app, deal, demo=self.attract)
        self.app.replace(scene)

    def quit_to_title(self) -> None:
        self._save()
        self.close()

    def open_menu(self) -> None:
        """The seed's Q menu: exit (to the title here), a new hand, or back to the game."""
        self.entry.clear()
        message = "Quit keeps this hand: Continue it from the title screen." \
            if not self.finished and not self.attract else "Leave the table?"
        warning = self.abandon_warning()
        if warning:
            message += f" A new hand: {warning[0].lower()}{warning[1:]}"
        self.app.push(ChoiceDialog(
            self.app, message,
            [("T", "Title", self.quit_to_title),
             ("N", "New hand", lambda: self.start_hand()),
             ("R", "Return", lambda: None)],
            title="Quit"))

    def open_new_hand(self) -> None:
        """N: a random deal, a chosen deal number, or this deal again."""
        self.entry.clear()
        message = "Deal a new hand?"
        warning = self.abandon_warning()
        if warning:
            message += f" {warning}"
        self.app.push(ChoiceDialog(
            self.app, message,
            [("R", "Random deal", lambda: self.start_hand()),
             ("D", "Deal number", self.ask_deal_number),
             ("A", "Same deal", lambda: self.start_hand(same_deal=True)),
             ("X", "Cancel", lambda: None)],
            title="New hand"))

    def ask_deal_number(self) -> None:
        self.app.push(DealNumberEntry(self.app, lambda deal: self.start_hand(deal),
                                      self.game.deal))

    # -- demo play -------------------------------------------------------------------------
    def toggle_demo(self) -> None:
        if self.finished:
            return
        self.demo = not self.demo
        self.entry.clear()
        self.hint = self.hint_thinking = None
        self.demo_thinking = None
        self.demo_wait = 0
        if self.demo:
            self.demo_played = True
            self.say("The computer plays on from here. D hands the cards back.", SAY_DIM)
        else:
            self.say("Your cards again.", SAY_DIM)
        self.app.audio.play("click")

    def _demo_tick(self) -> None:
        if self.demo_wait > 0:
            self.demo_wait -= 1
            return
        position = self.game.position
        if self.demo_thinking is None:
            self.demo_thinking = self.demo_player.think(position)
        if not self.demo_thinking.step():       # one slice of search per tick
            return
        self.demo_thinking = None
        action = self.demo_player.choose(position)
        if not action:
            self.give_up_by_demo()
            return
        self._act(action)
        self.demo_wait = self.anim(DEMO_REDEAL_TICKS if action == REDEAL else DEMO_MOVE_TICKS)

    # -- hints -----------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """?: the solver works out the best action, a slice per tick, then rings the card."""
        if not self._may_play():
            return
        if self.hint is not None:
            self.say(hint_words(self.hint), SAY_HINT)
            return
        if self.hint_thinking is not None:
            return
        self.hint_thinking = self.game.think_hint()
        self.say("Thinking...", SAY_DIM)

    def _think_hint(self) -> None:
        assert self.hint_thinking is not None
        if not self.hint_thinking.step():
            return
        self.hint_thinking = None
        self.hint = self.game.hint()           # the plan is made: this is immediate
        self.say(hint_words(self.hint), SAY_HINT)

    @property
    def thinking(self) -> bool:
        return self.hint_thinking is not None or (self.demo and self.demo_thinking is not None
                                                  and not self.demo_thinking.done)

    # -- finding cards ---------------------------------------------------------------------
    def show_arrow(self, card: str) -> None:
        """The seed's finder: a small arrow above the card for a second or so."""
        self.locate = (card, LOCATE_TICKS)

    def locate_buried(self, card: str) -> None:
        self.show_arrow(card)
        self.say(f"The {card_name(card)} is buried: only the top card of a fan plays. The "
                 "arrow shows where it lies.", SAY_PLAIN, LOCATE_TICKS)

    def refuse(self, message: str) -> None:
        """The light click and a message that goes by itself."""
        self.app.audio.play(ILLEGAL_SOUND)
        self.say(message, SAY_BAD, MESSAGE_TICKS)

    def say(self, text: str, colour=SAY_PLAIN, ticks: Optional[int] = None) -> None:
        self.message = Message(text, colour, ticks)

    # -- input -----------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name == "char":
            self._char(action.char)
        elif name == "confirm":
            self.submit()
        elif name == "backspace":
            self.entry.erase()
        elif name == "cancel":
            if self.entry:
                self.entry.clear()
            else:
                self.open_menu()
        elif name == "hover":
            self.hover = self.target_at(action.pos)
        elif name == "click":
            self.click(action.pos)

    def _char(self, char: str) -> None:
        if self.entry:
            self.entry.type(char)       # keys that cannot make a card are not taken
            return
        command = COMMAND_KEYS.get(char.lower())
        if command is not None:
            command(self)
        elif self.finished or self.demo:
            if char.lower() == "q":     # no card can be meant: the seed's Q at once
                self.open_menu()
        else:
            self.entry.type(char)

    def submit(self) -> None:
        """Enter: move the typed card (Q alone is the seed's quit menu)."""
        if self.entry.rank_only == "Q":
            self.open_menu()
            return
        if not self.entry:
            if self.finished:
                self.app.push(end_dialog(self))
            return
        if not self.entry.complete:
            self.refuse(f"{self.entry.text} what? Type the suit too: C, D, H or S.")
            return
        card = self.entry.card
        self.entry.clear()
        self.play(card)

    def target_at(self, pos: Optional[tuple[int, int]]) -> Target:
        """What is under a canvas point: the deck, the prompt, or a (fan, index) card."""
        if pos is None:
            return None
        if layout.DECK_RECT.collidepoint(pos):
            return DECK
        if layout.PROMPT_RECT.collidepoint(pos):
            return PROMPT
        return layout.card_at(self.view.places(), pos)

    def click(self, pos: Optional[tuple[int, int]]) -> None:
        """A click does what typing does: a card, the deck (S), the prompt (Enter)."""
        if self.busy and self.target_at(pos) not in (None, PROMPT):
            self.land_everything()
        target = self.target_at(pos)
        if target == DECK:
            self.shuffle()
        elif target == PROMPT:
            self.submit()
        elif isinstance(target, tuple):
            fan, index = target
            card = self.view.fans[fan][index]
            on_top = index == len(self.view.fans[fan]) - 1
            if on_top or self.game.draw_available or self.finished or self.demo:
                self.entry.clear()
                self.play(card)
            else:
                self.locate_buried(card)

    # -- what the view asks ----------------------------------------------------------------
    def highlighted_card(self) -> Optional[str]:
        """The card to ring: the one typed, else the hint's."""
        if self.entry.complete:
            return self.entry.card
        if self.hint is not None and self.hint.card:
            return self.hint.card
        return None

    def arrow_card(self) -> Optional[str]:
        """The card with the finding arrow over it: one being located, else the hint's."""
        if self.locate is not None:
            return self.locate[0]
        if self.hint is not None and self.hint.card and not self.busy:
            return self.hint.card
        return None

    def deck_hinted(self) -> bool:
        return self.hint is not None and self.hint.action == REDEAL

    def deck_clickable(self) -> bool:
        return self.game.can_redeal and not self.finished and not self.demo

    def commands(self) -> Sequence[Command]:
        if self.entry:
            return self._typing_commands()
        playing = not self.finished and not self.demo
        entries = [
            char_command("S", "Shuffle", enabled=playing and self.game.can_redeal),
            char_command("U", "Undo", enabled=playing and self.game.can_undo),
            char_command("R", "Redo", enabled=playing and self.game.can_redo),
            Command("?", "Hint", Action("char", char="?"), enabled=playing),
            char_command("N", "New"),
            char_command("D", "Demo", enabled=not self.finished, state=self.demo),
            char_command("F", "Fast", state=self.app.fast),
            char_command("H", "Help"),
            char_command("B", "Boss"),
            named_command("Esc", "Menu", "cancel"),
        ]
        if self.finished:
            entries.insert(0, named_command("Enter", "Next", "confirm"))
        return entries

    def _typing_commands(self) -> list[Command]:
        keys = self.entry.next_keys()
        entries: list[Command] = []
        if keys == SUITS:
            entries += [char_command(suit, SUIT_WORDS[suit]) for suit in SUITS]
        elif keys:
            entries += [char_command(key, "Ten") for key in keys]
        if self.entry.complete:
            entries.append(named_command("Enter", "Move", "confirm"))
        elif self.entry.rank_only == "Q":
            entries.append(named_command("Enter", "Quit", "confirm"))
        entries += [named_command("Bksp", "Erase", "backspace"),
                    named_command("Esc", "Clear", "cancel")]
        return entries

    def help_pages(self) -> Sequence[HelpPage]:
        return lucie_help.help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        from game.scenes.lucie import view

        view.draw_table(canvas, self)


def _toggle_fast(scene: LucieScene) -> None:
    scene.app.set_fast(not scene.app.fast)
    if scene.app.fast:
        scene.land_everything()
    scene.app.audio.play("click")


# Commands typed at an empty prompt. None of them starts a card: ranks are A2-9TJQK (and 1
# for 10), and a suit letter never comes first. H and B never get here at an empty prompt:
# the app takes them as help and the boss key.
COMMAND_KEYS: dict[str, Callable[[LucieScene], None]] = {
    "s": LucieScene.shuffle,
    "u": LucieScene.undo,
    "r": LucieScene.redo,
    "?": LucieScene.ask_hint,
    "/": LucieScene.ask_hint,      # ? without its shift
    "n": LucieScene.open_new_hand,
    "d": LucieScene.toggle_demo,
    "f": _toggle_fast,
}
SUIT_WORDS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def card_name(card: str) -> str:
    """ "ten of hearts" for "TH"."""
    return parse_card(card).name


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _action_words(action: str) -> str:
    return "the shuffle" if action == REDEAL else action


def move_summary(events: Sequence[Event]) -> str:
    """One line for a move: "Drew the buried 7S: onto 8S." / "TH home, then JH, QH." """
    drawn, moves, chain, after = "", "", [], ""
    for event in events:
        data = event.data
        if event.kind == "draw_used":
            drawn = f"Drew the buried {data['card']}: "
        elif event.kind == "draw_expired":
            after = " The free draw is gone."
        elif event.kind == "to_foundation":
            moves = f"{data['card']} home"
        elif event.kind == "to_tableau":
            moves = f"{data['card']} onto {data['onto']}"
        elif event.kind == "auto_foundation":
            chain.append(str(data["card"]))
    if not moves:
        return ""
    if chain:
        moves += ", then " + ", ".join(chain)
    return f"{drawn}{moves}.{after}"


def _illegal_words(data: dict) -> str:
    """The engine's refusal as a sentence, in the seed's words."""
    if data.get("reason") == "hand_over":
        return "This hand is over: N deals a new one."
    return in_seed_words(str(data.get("message", "That cannot be played"))) + "."


def hint_words(hint: Hint) -> str:
    """The hint as a line: what to do, then why (in the seed's words: a shuffle)."""
    reason = in_seed_words(hint.reason)
    if hint.action == REDEAL:
        return f"Hint: shuffle (S). {reason}"
    if hint.card:
        return f"Hint: play {hint.card}. {reason}"
    return f"Hint: {reason}"


# The engine says redeal; the seed, and so this screen, says shuffle.
SEED_WORDS = (("Redealing", "Shuffling"), ("redealing", "shuffling"),
              ("Redeal", "Shuffle"), ("redeal", "shuffle"))


def in_seed_words(text: str) -> str:
    """The engine's text with the seed's word for a redeal."""
    for engine_word, seed_word in SEED_WORDS:
        text = text.replace(engine_word, seed_word)
    return text


def end_dialog(scene: LucieScene) -> ChoiceDialog:
    """The hand is over: say how it went, and offer the next one."""
    game, stats = scene.game, scene.stats
    if game.is_won:
        title = "You won!"
        unused = game.redeals_left
        head = "All 52 cards are home: score 100" + (
            f", with {_plural(unused, 'shuffle')} unused." if unused else ".")
    else:
        title = "Hand over"
        head = f"{game.cards_home} cards home: score {game.score}."
    if scene.attract or scene.demo_played:
        tail = " The computer played in this hand: it does not count."
    elif stats.played:
        average = stats.average_score if stats.average_score is not None else 0
        tail = (f" Hands played {stats.played}, won {stats.won}, average score "
                f"{average:.1f}.")
    else:
        tail = ""
    return ChoiceDialog(scene.app, head + tail,
                        [("N", "New hand", lambda: scene.start_hand()),
                         ("A", "Same deal", lambda: scene.start_hand(same_deal=True)),
                         ("L", "Look", lambda: None)],
                        title=title)
