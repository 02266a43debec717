"""La Belle Lucie's table: 18 fans, four foundations, the prompt where cards are typed.

The engine (game.engine.lucie) is the truth and changes at once; the table on screen
catches up on the table runtime's step queue (a card flies home, the automatic chain
follows card by card, a shuffle lays the fans out again), so everything moves with the
fixed tick and freezes under the boss key; any new move first lands whatever is still
in the air. The solver behind hints and demo play thinks a slice at a time.

The table holds its parts, each in its own module of this package:

    present.py   Presenter   the engine's events as steps, words and sounds; the arrow
    picture.py   CardsPicture  the cards as the screen shows them (the table's shown)
    controls.py  Controls    keys and clicks turned into the table's moves; the hover
    nexthand.py  end_dialog, new_hand_dialog: the choices between hands
    view.py      draw_table  the picture, from what the table shows (a Protocol)

Keys follow the 1989 seed: a card is typed in two characters and Enter; S shuffles, H
helps and Q (then Enter, as Q is also the queen) opens the quit menu. The scene takes
typed text only while something has been typed, so a first H or B is help or the boss
key (no card starts with either) while TH is the ten of hearts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.coach import Judgement
from game.engine.core import Event, Thinking
from game.engine.dealcode import DealCode
from game.engine.lucie import REDEAL, DemoPlayer, Hint, LucieGame, Position, coach
from game.engine.lucie.ai import gain_job
from game.engine.lucie.rules import REDEALS
from game.engine.lucie.winnable import Dealt, difficulty_of
from game.input import Action
from game.lang import N_, Msg, _, nmsg
from game.scenes.lucie import DEAL_LETTER, DEAL_VERSION, GAME_ID, spoken, view
from game.scenes.lucie import help as lucie_help
from game.scenes.lucie.controls import Controls
from game.scenes.lucie.dealing import DealingScene
from game.scenes.lucie.entry import CardEntry, DealNumberEntry
from game.scenes.lucie.nexthand import end_dialog, new_hand_dialog
from game.scenes.lucie.picture import CardsPicture
from game.scenes.lucie.present import Presenter
from game.scenes.lucie.setup import winnable_mode
from game.scenes.lucie.words import (
    difficulty_words,
    hand_over_words,
    hint_words,
    judged_in_seed_words,
    winnable_start,
)
from game.shell.base import Command, HelpPage, Scene
from game.shell.code_entry import DealCodeEntry
from game.storage import GameStats
from game.table import HERE, SeatResult, TableScene, TableSeat, ending, talk
from game.table.dealing import Dealing, deal_line

if TYPE_CHECKING:
    from game.shell.app import App

RANDOM_DEALS = 999_999  # random deals are numbered 1 to this (easy to read out)

# --- pacing, in ticks (fast mode makes each of these 0) -----------------------------------
DEMO_MOVE_TICKS = 40  # the demo's pause after each move, to follow it by eye
DEMO_REDEAL_TICKS = 70  # and the longer look at a fresh deal
# --- times that are information, not animation: the same in fast mode --------------------
CHEER_GAP_TICKS = 48  # between the cheers of a win

ILLEGAL_SOUND = "click"  # the seed: "a light click and an error message"
# The Scores screen's labels of this game's counters (translated where shown).
COUNTERS = {
    "won_no_shuffle": N_("Won, no shuffle used"),
    "won_one_shuffle": N_("Won, one shuffle used"),
}
MONO_TIP = N_("Tip: prefer black and white? Start with --mono, or set Colours in Settings.")
# TRANSLATORS: the one player of La Belle Lucie, a solitaire.
PLAYER = TableSeat(N_("You"), HERE)


@dataclass(frozen=True)
class DemoMove:
    """The demo player's decision: a card, "redeal", or "" when it sees no gain left."""

    action: str


def thought(thinking: Thinking[Any], answer: Callable[[], Any]) -> Thinking[Any]:
    """A job that runs `thinking` a slice at a time, then returns `answer()`."""

    def job():
        while not thinking.step():
            yield
        return answer()

    return Thinking(job())


class LucieScene(TableScene):
    """One hand of La Belle Lucie: three deals (two shuffles) and the draw."""

    #: The controller's X and Y: the commands played most after Enter (A).
    PAD_BUTTONS = {"x": ("shuffle",), "y": ("hint",)}

    title = N_("La Belle Lucie")  # the game's name, the same in every language
    game_id = GAME_ID
    REFUSAL_SOUND = ILLEGAL_SOUND
    HAS_UNDO = True
    HURRY_ON_BAR = False

    @property
    def NEW_GAME_WORD(self) -> str:
        """The menu's word for a new game, in the language shown."""
        return _("New hand")

    # D is diamonds here: demo is typed D and Enter (keys.LUCIE_KEYS: a command on a suit's
    # letter is typed, and the table's SHARED_CHARS and KEY_LABELS say so).
    HALF_ACCURACY_AT = coach.HALF_ACCURACY_AT
    ACCURACY_STRETCH = coach.ACCURACY_STRETCH
    ACCURACY_UNIT = coach.UNIT
    COACH_ASKS_ABOVE = coach.ASK_ABOVE
    REVIEW_WORDS_AT = "top"  # the fans at the bottom are what a decision is about

    def __init__(
        self, app: App, game: LucieGame, demo: bool | None = None, share: float | None = None
    ):
        super().__init__(app, [PLAYER], demo=demo)
        self.game = game
        #: A deal dealt as winnable (game.engine.lucie.winnable): the share of good lines
        #: that win it, whose level is its difficulty; None for any other deal.
        self.share = share if share is None or 0 < share <= 1 else None
        #: The deal's code names its deal number (a saved code must agree with it).
        self.dealing = Dealing(DealCode(DEAL_LETTER, game.deal, DEAL_VERSION), random.Random(0))
        self.presenter = Presenter(self)
        self.entry = CardEntry()
        self.controls = Controls(self)
        self.demo_player = DemoPlayer()
        self.gave_up = False
        #: On the last deal no line of play sends another card home: the hand is over.
        self.stuck = False
        self._gain_check: tuple[Position, Thinking[bool | None]] | None = None
        self.tip = MONO_TIP if not app.mono and not self.attract else ""
        self._stats = app.storage.stats(GAME_ID)
        self._last_action = ""

    # -- making hands ----------------------------------------------------------------------
    @classmethod
    def new_hand(
        cls, app: App, deal: int | None = None, proof: Dealt | None = None, **kwargs
    ) -> LucieScene:
        """Deal number `deal`, or a random deal; `proof`: the deal was dealt as winnable."""
        if deal is None:
            deal = app.new_rng().randint(1, RANDOM_DEALS)
        share = proof.proof.share if proof is not None and proof.proof.deal == deal else None
        scene = cls(app, LucieGame.new(deal), share=share, **kwargs)
        if scene.share is not None:
            scene.talk.say(
                winnable_start(deal, scene.difficulty, scene.percent, bool(scene.demo)), talk.DIM
            )
            return scene
        # A deal number is a name, not an amount: written without grouping (a text).
        scene.talk.say(
            Msg("Deal #{deal}: the computer plays it.", deal=str(deal))
            if scene.demo
            else Msg("Deal #{deal}: type a card and press Enter, or click it.", deal=str(deal)),
            talk.DIM,
        )
        scene.talk.say(deal_line(scene.dealing.text), talk.DIM)
        return scene

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> LucieScene:
        share = data.get("winnable")
        if isinstance(share, bool) or not isinstance(share, (int, float)):
            share = None  # an ordinary deal, or a share not to be trusted: ordinary
        return cls(app, LucieGame.from_json(data["game"]), demo=False, share=share)

    def game_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.to_json()}
        if self.share is not None:
            data["winnable"] = self.share
        return data

    @property
    def difficulty(self) -> str:
        """A winnable deal's level (easy, medium, hard); "" for any other deal."""
        return "" if self.share is None else difficulty_of(self.share)

    @property
    def percent(self) -> int:
        """A winnable deal's share of winning lines in whole percent (at least 1)."""
        return 0 if self.share is None else max(1, round(self.share * 100))

    def welcome_back(self) -> None:
        self.talk.say(
            nmsg(
                "Welcome back to deal #{deal}: {n} card home.",
                "Welcome back to deal #{deal}: {n} cards home.",
                self.game.cards_home,
                deal=str(self.game.deal),
            ),
            talk.DIM,
            log=False,
        )

    def rematch(self) -> Scene:
        if self.share is not None and not self.attract:
            return DealingScene(self.app, demo=self.demo)
        return LucieScene.new_hand(self.app, demo=self.demo)

    @property
    def wants_text(self) -> bool:
        """Only while a card is half typed: then H is hearts and B is nothing."""
        return bool(self.entry)

    @property
    def touched(self) -> bool:
        """Something has been played in this hand (undone or not)."""
        return self.game.touched

    @property
    def busy(self) -> bool:
        """Cards are still moving on screen."""
        return bool(self.steps) or self.shown.now.flight is not None

    @property
    def stats(self) -> GameStats:
        """This game's statistics (refreshed whenever a hand is counted)."""
        return self.records[0] if self.records else self._stats

    # -- the table runtime's questions --------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_over or self.gave_up or self.stuck

    def seat_to_act(self) -> int | None:
        return None if self.is_over else 0

    def at_rest(self) -> bool:
        """At rest as any table, and with no hint or verdict still being worked out:
        what ? and the coach answer shows while nothing else moves."""
        if self.app.scenes.top is not self:
            return True
        return super().at_rest() and not self.thinking

    @property
    def hint_possible(self) -> bool:
        return not self.is_over and not self.demo

    def decide(self, seat: int) -> Thinking[DemoMove]:
        position = self.game.position
        return thought(
            self.demo_player.think(position), lambda: DemoMove(self.demo_player.choose(position))
        )

    def play_decision(self, seat: int, decision: DemoMove) -> None:
        if not decision.action:
            self.give_up_by_demo()
            return
        self.play_move(decision.action)

    def legal_moves(self) -> list[str]:
        return self.game.legal_actions()

    def perform(self, action: str) -> None:
        self.entry.clear()
        self.play_move(action)

    def computer_pause(self, seat: int) -> int:
        return DEMO_REDEAL_TICKS if self._last_action == REDEAL else DEMO_MOVE_TICKS

    # -- the coach ---------------------------------------------------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        judging = coach.judge_thinking(LucieGame.from_json(position["game"]), str(action))
        return judged_in_seed_words(judging)

    def moment(self) -> str:
        # TRANSLATORS: when a decision was made, in the coach's review: "Deal 2 of 3".
        return _("Deal {deal} of {deals}").format(
            deal=REDEALS - self.game.position.redeals_left + 1, deals=REDEALS + 1
        )

    def show_review(self, best: Any, why: str) -> None:
        self.hint = Hint(str(best or ""), why)

    def think_hint(self) -> Thinking[Hint]:
        return thought(self.game.think_hint(), self.game.hint)

    def show_hint(self, hint: Hint) -> None:
        self.talk.say(hint_words(hint), talk.HINT, log=False)

    def demo_changed(self) -> None:
        self.entry.clear()

    # -- the tick --------------------------------------------------------------------------
    def think_game(self) -> None:
        """On the last deal, after each move: can any line still send a card home? When
        none can, the hand is over where it stands (PySolFC's "You are stuck"), instead of
        waiting for a move that cannot come. Worked out a slice a tick, like a hint."""
        game = self.game
        if self.is_over or self.demo or game.redeals_left or game.draw_available or self.steps:
            self._gain_check = None
            return
        position = game.position
        if self._gain_check is None or self._gain_check[0] is not position:
            self._gain_check = (position, Thinking(gain_job(position)))
        thinking = self._gain_check[1]
        if not thinking.done:
            thinking.step(self.think_ms)
        if thinking.done and thinking.result is False:
            self.stuck = True
            self.changed()

    def picture(self) -> CardsPicture:
        return CardsPicture.of(self.game)

    def tick_animations(self) -> None:
        self.presenter.tick()

    def land(self) -> None:
        self.presenter.land()

    # -- playing ---------------------------------------------------------------------------
    def play(self, card: str) -> None:
        """A card typed or clicked: the engine tries its foundation, then the tableau."""
        if self._may_play():
            self.play_move(card)

    def shuffle(self) -> None:
        """The seed's S: gather the tableau, shuffle, deal again in threes."""
        if not self._may_play():
            return
        if not self.game.can_redeal:
            self.talk.refuse(
                _("No shuffles are left. Use the free draw!")
                if self.game.draw_available
                else _("No shuffles are left.")
            )
            return
        self.play_move(REDEAL)

    def undo(self) -> None:
        if not self._may_play():
            return
        if not self.game.can_undo:
            self.talk.refuse(
                _("A shuffle and the free draw are final: undo stops there.")
                if self.game.undo_floor
                else _("Nothing to undo.")
            )
            return
        self.coach.take_back()  # an undone move no longer counts
        self.presenter.present(self._engine_step(self.game.undo))

    def redo(self) -> None:
        if not self._may_play():
            return
        if not self.game.can_redo:
            self.talk.refuse(_("Nothing to redo."))
            return
        self.coaching.note(self.game.redo_action)  # played again: a decision again
        self.presenter.present(self._engine_step(self.game.redo))

    def _may_play(self) -> bool:
        if self.is_over:
            self.talk.refuse(_("This hand is over: N deals a new one."))
            return False
        if self.demo:
            self.talk.refuse(_("The computer is playing: D hands the cards back to you."))
            return False
        return True

    def apply_move(self, action: str, **how: Any) -> list[Event]:
        self._last_action = action
        return self._engine_step(lambda: self.game.apply(action))

    def present_move(self, events: Sequence[Event]) -> None:
        self.presenter.present(events)

    def _engine_step(self, perform: Callable[[], list[Event]]) -> list[Event]:
        """Apply one engine action (a move, an undo, a redo); its events."""
        self.hurry()  # a new move starts from the real table
        self.shown.hold(self.picture())  # shown until the move's steps catch up
        before = self.game.position
        events = perform()
        if self.game.position is not before:
            self.presenter.forget_arrow()
            self.tip = ""
            self.moved()
        return events

    # -- speech (spoken.py) -----------------------------------------------------------------
    def spoken_focus(self) -> str:
        return spoken.focus(self)

    def spoken_prompt(self) -> str:
        return spoken.prompt(self)

    def spoken_hand(self) -> str:
        return spoken.free_cards(self)

    def spoken_table(self) -> str:
        return spoken.table_words(self)

    def spoken_score(self) -> str:
        return spoken.score(self)

    # -- the end of a hand -----------------------------------------------------------------
    def give_up_by_demo(self) -> None:
        """The demo found no move that gains a card on the last deal: the hand ends."""
        self.gave_up = True
        self.changed()

    def announce_end(self) -> None:
        self.entry.clear()
        self.talk.say(*hand_over_words(self.game, gave_up=self.gave_up, stuck=self.stuck))

    def cheer(self, results: Sequence[SeatResult]) -> None:
        """The seed: "an audible cheer. If you are able to win without using one or both
        of the available shuffles, an extra cheer or two is provided." """
        if not self.game.is_won:
            return
        self.steps.after(0, lambda: self.app.audio.play("win"))
        for _cheer in range(self.game.redeals_left):
            self.steps.after(CHEER_GAP_TICKS, lambda: self.app.audio.play("big_win"))

    def results(self) -> list[SeatResult]:
        won, unused = self.game.is_won, self.game.redeals_left
        counters = {}
        if won and unused == 2:
            counters["won_no_shuffle"] = 1
        elif won and unused == 1:
            counters["won_one_shuffle"] = 1
        if self.share is not None:  # wins by difficulty (GameInfo.grouped_wins)
            counters[f"winnable_{self.difficulty}_played"] = 1
            counters[f"winnable_{self.difficulty}_won"] = int(won)
        return [
            SeatResult(
                0, PLAYER.name, won=won, score=self.game.score, counters=counters, top_ten=False
            )
        ]

    def game_ended(self, results: Sequence[SeatResult]) -> None:
        """After the cheers, the hand's result and the next hand."""
        self.steps.after(0, self.offer_next_hand)

    def offer_next_hand(self) -> None:
        """The end of the hand's dialog: how it went, and the next hand."""
        self.app.push(end_dialog(self))

    # -- leaving the hand ------------------------------------------------------------------
    def leaving(self) -> None:
        """A hand left for another counts as played, with the score it has."""
        if self.finished or self.attract or self.demo_played or not self.touched:
            return
        self.finished = True
        self.coaching.weigh_every_decision()  # the hand is left now: no tick will come
        self.records = ending.record_results(self.app, GAME_ID, self.ending.final_results())

    def abandon_warning(self) -> str:
        """What leaving this hand for a new one does to the statistics."""
        if self.finished or self.attract or not self.touched:
            return ""
        if self.demo_played:
            return _("The computer played in this hand, so it does not count.")
        return _("This hand counts as played, with its score of {score}.").format(
            score=self.game.score
        )

    def menu_message(self) -> str:
        message = (
            _("Quit keeps this hand: Continue it from the title screen; Exit leaves Pixel Parlor.")
            if not self.finished and not self.attract
            else _("Leave the table?")
        )
        if not self.abandon_warning():
            return message
        if self.demo_played:
            warning = _("A new hand: the computer played in this hand, so it does not count.")
        else:
            warning = _("A new hand: this hand counts as played, with its score of {score}.")
        return f"{message} {warning.format(score=self.game.score)}"

    def menu_opening(self) -> None:
        self.entry.clear()

    def start_hand(self, deal: int | None = None, same_deal: bool = False) -> None:
        """Leave this hand for a new one: deal number `deal`, a random deal, or this one."""
        self.leaving()
        self.saves.forget_game()
        if same_deal:
            data = self.game.to_json()
            data.update(actions=[], cursor=0)
            scene = LucieScene(
                self.app, LucieGame.from_json(data), demo=self.attract, share=self.share
            )
            scene.talk.say(
                Msg("Deal #{deal} again, from the start.", deal=str(self.game.deal)),
                talk.DIM,
            )
            if scene.share is not None:
                scene.talk.say(difficulty_words(scene.difficulty, scene.percent), talk.DIM)
        elif deal is None and self.deals_winnable:
            scene = DealingScene(self.app, demo=self.attract)
        else:
            scene = LucieScene.new_hand(self.app, deal, demo=self.attract)
        self.app.replace(scene)

    def open_new_hand(self) -> None:
        """N: a random deal, a chosen deal number, or this deal again."""
        self.entry.clear()
        self.app.push(new_hand_dialog(self))

    @property
    def deals_winnable(self) -> bool:
        """Whether a new random hand is dealt winnable (the set-up's option)."""
        return not self.attract and winnable_mode(self.app)

    def ask_deal_code(self) -> None:
        """N, then C: a deal by its code (typed or pasted), e.g. a friend's."""
        self.app.push(DealCodeEntry(self.app, lambda code: self.start_hand(code.seed), DEAL_LETTER))

    def ask_deal_number(self) -> None:
        self.app.push(DealNumberEntry(self.app, lambda deal: self.start_hand(deal), self.game.deal))

    # -- what the view asks ----------------------------------------------------------------
    def highlighted_card(self) -> str | None:
        """The card to ring: the one typed, else the hint's."""
        if self.entry.complete:
            return self.entry.card
        if self.hint is not None and self.hint.card:
            return self.hint.card
        return None

    def arrow_card(self) -> str | None:
        """The card with the finding arrow over it: one being located, else the hint's."""
        if self.presenter.located is not None:
            return self.presenter.located
        if self.hint is not None and self.hint.card and not self.busy:
            return self.hint.card
        return None

    def deck_hinted(self) -> bool:
        return self.hint is not None and self.hint.action == REDEAL

    def deck_clickable(self) -> bool:
        return self.game.can_redeal and not self.is_over and not self.demo

    def game_help(self) -> list[HelpPage]:
        return lucie_help.help_pages()

    def handle_game(self, action: Action) -> bool:
        return self.controls.handle(action)

    def game_commands(self) -> list[Command]:
        return self.controls.commands()

    def bar_shares(self) -> bool:
        return self.controls.bar_shares()

    def bar_mode(self) -> object:
        return self.controls.bar_mode()

    def draw(self, canvas: pygame.Surface) -> None:
        view.draw_table(canvas, self)
