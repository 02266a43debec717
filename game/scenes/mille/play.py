"""The Mille Bornes table: 2 to 6 players (teams for 4 and 6), by keyboard and by mouse.

The engine (game.engine.mille) decides every rule and the table runtime (game.table)
paces, talks, thinks, saves and ends the game. MilleScene fills in the runtime's hooks
(whose decision it is, how a move is applied and shown) and holds the game's own parts:

    hands.py     Hands     whose hand shows at the foot, behind which curtain, in what order
    moment.py    Moments   the coup fourré moment: its clock, a held pass, its words
    controls.py  Controls  a person's keys and clicks into choices and moves; the bar
    records.py   Choice    what the person has chosen so far (the view draws it)
    present.py   present_move: a move's events into flying cards, banners and counts
    prompts.py   prompt_for: the question on the table; the hint
    view.py      draw: the table as the screen shows it (shape.py: what it reads)

One hand is shown at the bottom: the person's here; with two or more people at this
screen, only behind a curtain for its owner (hands.py says how). The first person's side
is the lowest row of the table, all game long.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.coach import Judgement
from game.engine.core import Thinking
from game.engine.dealcode import DealCode, random_seed
from game.engine.mille import (
    DEAL_ACTION,
    LEVELS,
    Action,
    MilleState,
    Options,
    coach,
    make_agent,
)
from game.engine.mille.rules import (
    COUP_FOURRE,
    DEAL,
    DECLARE,
    EXTENSION,
    GAME_OVER,
    PLAY,
    PLAY_CARD,
)
from game.input import Action as InputAction
from game.lang import N_, _, number, text
from game.scenes.mille import DEAL_LETTER, DEAL_VERSION, GAME_ID, layout, spoken, view
from game.scenes.mille.controls import Controls
from game.scenes.mille.hands import Hands, arrivals_from_json
from game.scenes.mille.help import help_pages
from game.scenes.mille.moment import Moments
from game.scenes.mille.motion import Beat
from game.scenes.mille.present import present_move
from game.scenes.mille.prompts import hint_thinking, prompt_for
from game.scenes.mille.records import Choice, Hint, Prompt
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.scenes.mille.words import describe_move, final_words, side_name, standing
from game.shell.base import Command, HelpPage
from game.table import SeatResult, TableScene, TableSeat, answered, talk
from game.table.dealing import Dealing, deal_line

if TYPE_CHECKING:
    from game.shell.app import App

COMPUTER_PAUSE_TICKS = 34  # a computer looks at the table before it plays (it thinks
# meanwhile), so the last card can be read
# The level the computer plays a person's seat at in demo mode, and gives hints at.
DEMO_LEVEL = "expert"
# A person's own statistics (GameInfo.counter_labels).
COUNTERS = {"coups_fourres": N_("Coups fourrés"), "trips": N_("Trips completed")}


class MilleScene(TableScene):
    """One game of Mille Bornes, from the first deal to the cheers at 5000."""

    #: The controller's X and Y: the commands played most after Enter (A): the coup
    #: fourré and the extension's answers when asked (C/P, Y/N), else Discard and Sort.
    PAD_BUTTONS = {"x": ("c", "y", "discard"), "y": ("p", "n", "sort")}

    title = N_("Mille Bornes")
    game_id = GAME_ID
    LEVELS = tuple(LEVELS)
    DEMO_LEVEL = DEMO_LEVEL
    HALF_ACCURACY_AT = coach.HALF_ACCURACY_AT
    ACCURACY_STRETCH = coach.ACCURACY_STRETCH
    ACCURACY_UNIT = coach.UNIT
    COACH_ASKS_ABOVE = coach.ASK_ABOVE
    REVIEW_WORDS_AT = "top"  # the hand at the bottom is what a decision is about
    END_BAR = True
    COMPUTER_PAUSE_TICKS = COMPUTER_PAUSE_TICKS
    COUNTERS = tuple(COUNTERS)

    def __init__(
        self,
        app: App,
        state: MilleState,
        seats: Sequence[TableSeat],
        rng: random.Random | None = None,
        *,
        scored_hand: int = 0,
        viewer: int | None = None,
        orders: Mapping[int, Sequence[str]] | None = None,
        demo: bool | None = None,
        deal: DealCode | None = None,
    ):
        """`deal`: the code each hand's deck comes from (else `rng` shuffles them)."""
        super().__init__(app, seats, demo=demo)
        if len(self.seats) != state.players:
            raise ValueError(f"{len(self.seats)} seats for {state.players} players")
        self.state = state
        #: Only the engine draws from this generator (the deals), so a seed replays them.
        self.rng = rng if rng is not None else app.new_rng()
        self.dealing = Dealing(deal, self.rng)
        self.agents: dict[tuple[int, str], Any] = {}
        #: Every action applied at this table, in order (a replay for tests).
        self.history: list[Action] = []
        #: Whose hand shows at the foot of the table, and in what order (hands.py).
        self.hands = Hands(self, viewer, orders or {})
        #: What the person here has chosen so far (the controls change it).
        self.choice = Choice()
        #: Keys and clicks into choices and moves (controls.py).
        self.controls = Controls(self)
        self._prompted: tuple[int, int] | None = None
        self.landed: list[list[Any]] = []  # [rect, ticks left] rings
        #: The last hand whose score sheet has been shown (and acknowledged).
        self.scored_hand = scored_hand
        self.sheet_open = False
        #: The people's statistics after the game, for the final standings.
        self.record_line = ""
        self._legal: tuple[int, tuple[Action, ...]] = (-1, ())
        #: The coup fourré moment on the table (moment.py).
        self.moments = Moments(self)

    # -- building -------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        app: App,
        seats: Sequence[TableSeat],
        options: Options,
        rng: random.Random | None = None,
        demo: bool | None = None,
        deal: DealCode | None = None,
    ) -> MilleScene:
        """A fresh game at this table; the first hand is dealt on the first tick. Each
        hand's deck comes from `deal`, or a new code (none when `rng` is given: a test's
        own deals)."""
        if deal is None and rng is None:
            deal = DealCode(DEAL_LETTER, random_seed(app.new_rng()), DEAL_VERSION)
        scene = cls(app, MilleState.new_game(options), seats, rng, demo=demo, deal=deal)
        if deal is not None:
            scene.talk.say(deal_line(deal.text), talk.DIM)
        scene.talk.say(
            _("A new game to {points} points. Shuffling...").format(
                points=number(options.game_target)
            ),
            log=False,
        )
        return scene

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> MilleScene:
        state = MilleState.from_json(data["state"])
        seats = [TableSeat.from_json(s, cls.LEVELS) for s in data["seats"]]
        viewer = data.get("viewer")
        orders = (
            arrivals_from_json(data["orders"])
            if "orders" in data
            else {viewer: [str(c) for c in data.get("hand_order", ())]}
        )
        return cls(
            app,
            state,
            seats,
            scored_hand=int(data.get("scored_hand", 0)),
            viewer=viewer if isinstance(viewer, int) else None,
            orders=orders,
        )

    def game_data(self) -> dict[str, Any]:
        return {
            "state": self.state.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
            "scored_hand": self.scored_hand,
            "viewer": self.hands.viewer,
            "orders": self.hands.arrivals_json(),
        }

    def welcome_back(self) -> None:
        self.talk.say(
            _("Welcome back: hand {number}, {scores}.").format(
                number=max(1, self.state.hand_number), scores=standing(self.names, self.state)
            ),
            log=False,
        )

    def rematch(self) -> MilleScene:
        return MilleScene.new_game(self.app, self.seats, self.state.options, demo=self.demo)

    @property
    def viewer(self) -> int:
        """The seat whose hand lies at the foot of the table (hands.py)."""
        return self.hands.viewer

    # -- who is who ------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [self.name(seat) for seat in range(self.state.players)]

    def side_name(self, side: int) -> str:
        return side_name(self.names, self.state, side)

    def person_on_side(self, side: int) -> bool:
        return any(not self.played_by_computer(s) for s in self.state.seats_of(side))

    def agent(self, seat: int) -> Any:
        level = self.level_of(seat)
        if (seat, level) not in self.agents:
            # Each agent has its own generator: the deck's stays the engine's.
            self.agents[(seat, level)] = make_agent(level, random.Random(seat))
        return self.agents[(seat, level)]

    def picture(self) -> Beat:
        """The engine's table and the hand as they lie, with nothing in the air."""
        return Beat(self.state, self.hands.hand_order, [])

    def rows(self) -> dict[int, pygame.Rect]:
        """Each side's row, where it stays all game: the first person's side lowest."""
        return layout.side_rows(self.state.options.sides, self.hands.home_side)

    # -- the table runtime's questions ------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Over once the last hand's score sheet has been read."""
        return self.state.phase == GAME_OVER and not self.sheet_open and not self.unscored()

    def seat_to_act(self) -> int | None:
        if self.sheet_open or self.state.phase not in (PLAY, COUP_FOURRE, EXTENSION):
            return None
        if self.moments.answered:
            return None  # a pass waits for the end of the moment: nobody is asked now
        return self.state.to_act

    def public_seat_to_act(self) -> int | None:
        """Nobody, in the coup fourré moment: whether someone is asked is private."""
        return None if self.state.phase == COUP_FOURRE else self.seat_to_act()

    @property
    def deciding_seat(self) -> int | None:
        """The seat a person here decides for, once the cards have landed (else None)."""
        if self.steps or self.finished:
            return None
        seat = self.seat_to_act()
        if seat is None or self.played_by_computer(seat) or not self.seats[seat].here:
            return None
        return seat

    @property
    def awaiting_human(self) -> bool:
        """The shown hand's person must decide, and their hand is up."""
        seat = self.deciding_seat
        return seat is not None and seat == self.hands.viewer and self.hands.hand_shown

    @property
    def hint_possible(self) -> bool:
        return self.awaiting_human

    def keeps_moving(self) -> bool:
        """A coup fourré moment on the clock runs at the tick rate, question or not: a loop
        that slept while a person here decides would end it later than one nobody answers."""
        return self.moments.clock() is not None

    @property
    def choosing_card(self) -> bool:
        return self.awaiting_human and self.state.phase == PLAY

    def advance(self) -> bool:
        """A deal, an unread score sheet, the end of a coup fourré moment (moment.py), or
        the keyboard passing to another person (hands.py)."""
        state = self.state
        if self.sheet_open:
            return False
        if state.phase in (DEAL, GAME_OVER) and self.unscored():
            self.open_score_sheet()
            return False
        if state.phase == DEAL:
            self.play_move(DEAL_ACTION)
            return True
        if state.phase == COUP_FOURRE and (self.moments.current is None or self.moments.over()):
            if self.moments.current is None:
                self.moments.open()  # a game resumed in the moment: it starts again
            else:
                self.moments.end()
            return True
        seat = self.deciding_seat
        if seat is not None and (seat != self.hands.viewer or self.hands.covered):
            self.hands.pass_keyboard(seat)
        elif seat is not None and self._prompted != (state.hand_number, self.moves):
            self._prompted = (state.hand_number, self.moves)
            if state.phase in (COUP_FOURRE, EXTENSION):
                self.app.audio.play("reminder")
        return False

    def computer_pause(self, seat: int) -> int:
        # A coup fourré is answered at once: a pause would tell who holds the safety.
        return 0 if self.state.phase == COUP_FOURRE else COMPUTER_PAUSE_TICKS

    def decide(self, seat: int) -> Thinking[Action]:
        agent, observation = self.agent(seat), self.state.observation(seat)
        think = getattr(agent, "think", None)
        if think is None:
            return answered(agent.choose(observation, self.legal()))
        return think(observation, tuple(self.legal()))

    def play_decision(self, seat: int, action: Action) -> None:
        self.play_move(action)

    def legal_moves(self) -> tuple[Action, ...]:
        return self.legal()

    def perform(self, action: Action) -> None:
        self.play_move(action)

    def hurries_on_arrival(self, action: Any) -> bool:
        """A pass held to the end of a coup fourré moment hurries nothing on this screen
        (cards landing early would show that someone answered)."""
        return not self.moments.holds(action)

    def think_hint(self) -> Thinking[Hint | None]:
        return hint_thinking(self.state, self.names)

    def show_hint(self, hint: Hint | None) -> None:
        self.talk.tell(
            text(hint.text) if hint is not None else _("Hint: there is only one thing to do."),
            talk.HINT,
        )

    # -- speech (spoken.py) ------------------------------------------------------------------
    def spoken_focus(self) -> str:
        return spoken.focus(self)

    def spoken_prompt(self) -> str:
        return spoken.prompt(self)

    def spoken_hand(self) -> str:
        return spoken.hand(self)

    def spoken_table(self) -> str:
        return spoken.table_words(self)

    def spoken_score(self) -> str:
        return spoken.scores(self)

    # -- the coach ---------------------------------------------------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        return coach.judge_thinking(
            MilleState.from_json(position["state"]), Action.from_json(action), names=self.names
        )

    def action_json(self, action: Action) -> Any:
        return action.to_json()

    def moment(self) -> str:
        return _("Hand {number}").format(number=max(1, self.state.hand_number))

    def show_review(self, best: Any, why: str) -> None:
        self.hint = Hint(Action.from_json(best), why)

    # -- over the network ------------------------------------------------------------------
    def remote_view(self, seat: int) -> dict[str, Any]:
        """The engine's view_for(seat) (its own hand, everything face up, the piles'
        sizes), but for a pass this table holds to the end of a coup fourré moment, which
        the engine has not been given yet: the seat that said it sees the moment as the
        rest do, its answer taken."""
        return self.state.observation(seat, answered=self.moments.answered).to_json()

    def tick_animations(self) -> None:
        self.moments.tick()
        for ring in self.landed:
            ring[1] -= 1
        self.landed = [ring for ring in self.landed if ring[1] > 0]

    # -- what a person here may do now -----------------------------------------------------
    def legal(self) -> tuple[Action, ...]:
        """The engine's legal actions now (asked once per move)."""
        if self._legal[0] != self.moves:
            self._legal = (self.moves, self.state.legal_actions())
        return self._legal[1]

    def plays_of(self, card: str) -> list[Action]:
        """The engine's legal plays of one card kind (not discards)."""
        return [a for a in self.legal() if a.verb == PLAY_CARD and a.card == card]

    def playable_cards(self) -> set[str]:
        """Card kinds in the shown hand that the engine lets the person play now."""
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
    def selected_card(self) -> str | None:
        selected = self.choice.selected
        if selected is None or selected >= len(self.hands.hand_order):
            return None
        return self.hands.hand_order[selected]

    def prompt(self) -> Prompt | None:
        """The question on the table for a person here, if any (prompts.py)."""
        return prompt_for(self)

    # -- the engine ------------------------------------------------------------------------
    def apply_move(self, action: Action, hand_index: int | None = None, **how: Any) -> list:
        """Make a decision for the seat to act and show what it caused (a pass in a coup
        fourré moment on the clock waits for its end: moment.py).

        `hand_index` is the shown hand card a person picked (cards of a kind are alike to
        the engine, but the hand keeps its order on the screen).
        """
        if not self.moments.hold(action):
            self.carry_out(action, hand_index)
        return []

    def coach_may_ask(self) -> bool:
        return self.moments.clock() is None  # the moment's clock cannot wait

    def carry_out(self, action: Action, hand_index: int | None = None) -> None:
        """Apply an action to the engine now and show it; a hazard opens the coup fourré
        moment (moment.py), which may answer itself at once."""
        seat = self.state.to_act
        before = self.state.copy()
        shown_hand = list(self.hands.hand_order)
        from_hand = seat == self.hands.viewer and self.hands.hand_shown
        rng = (
            self.dealing.for_hand(self.state.hand_number + 1)
            if action == DEAL_ACTION
            else self.dealing.fallback
        )
        events = self.state.apply(action, rng, moment=True)
        self.history.append(action)
        self.moved(events)
        self.choice.forget()
        self.hands.cover_after_move()
        said = describe_move(before, seat, action, self.names) if seat is not None else ""
        if said:
            self.talk.say(said, talk.COMPUTER if self.played_by_computer(seat) else talk.INFO)
        present_move(
            self,
            seat,
            action,
            before,
            shown_hand,
            hand_index if from_hand else None,
            events,
            from_hand,
        )
        self.moments.after_move(action)

    # -- hands and the game end ------------------------------------------------------------
    def unscored(self) -> bool:
        """A finished hand's score sheet has not been read here yet."""
        last = self.state.last_hand
        return bool(last) and int(last.get("hand_number", 0)) > self.scored_hand

    def open_score_sheet(self) -> None:
        self.sheet_open = True
        self.app.push(ScoreSheetScene(self.app, self, self.state.last_hand, self._scored))

    def _scored(self) -> None:
        """The score sheet was read: the next hand, or the end of the game."""
        self.sheet_open = False
        self.scored_hand = int(self.state.last_hand["hand_number"])
        self.changed()
        self.save_if_changed()

    def announce_end(self) -> None:
        self.talk.say(final_words(self.names, self.state), talk.GOOD)

    def results(self) -> list[SeatResult]:
        """One game counted for each person here, with the side's score."""
        state = self.state
        return [
            SeatResult(
                seat,
                self.name(seat),
                won=state.side_of(seat) in state.winners,
                score=state.scores[state.side_of(seat)],
                counters=self.counters.get(seat, {}),
                extra={"players": state.players},
            )
            for seat in self.people_here
        ]

    def cheer(self, results: Sequence[SeatResult]) -> None:
        """No cheering for a computer that beat you."""
        if any(result.won for result in results):
            self.app.audio.play("big_win")
        elif not results:
            self.app.audio.play("win")

    def game_ended(self, results: Sequence[SeatResult]) -> None:
        self.record_line = ", ".join(
            _("{name}: {won} won of {played}").format(
                name=result.name, won=number(stats.won), played=number(stats.played)
            )
            for result, stats in zip(results, self.records)
        )

    # -- the person's keys, clicks and command bar (controls.py) ----------------------------
    def handle_game(self, action: InputAction) -> bool:
        return self.controls.handle(action)

    def game_commands(self) -> list[Command]:
        return self.controls.commands()

    def bar_shares(self) -> bool:
        return self.controls.bar_shares()

    def bar_hurries(self) -> bool:
        return self.controls.bar_hurries()

    def bar_mode(self) -> object:
        return self.controls.bar_mode()

    def game_help(self) -> list[HelpPage]:
        return help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        self.controls.light_buttons()
        view.draw(canvas, self)
