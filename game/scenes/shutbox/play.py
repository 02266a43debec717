"""Shut The Box's play screen: the box and its doors, the dice, scorecards and prompts.

The engine's state is the truth and changes at once; what the screen shows catches up
one step at a time (dice tumble, doors fall, the computer pauses so that you can follow
it) on the table runtime's step queue. When nothing is queued, the table looks at the
engine to decide what comes next: a prompt, the computer's move, or the person's doors.

A person's doors are a tentative selection until the next roll (seed: a door "closed
after the last roll of the dice" may be clicked open again), so Enter applies the
engine's Shut and Roll together.

The table (ShutBoxScene) fills in TableScene's hooks and holds the game's parts:

    controls.py  Controls  a person's keys and clicks, the command bar's own entries
    choice.py    DoorChoice  the rules of a person's tentative doors; the table's modes
    present.py   Presenter  a move's pictures; picture.py: the table's snapshot (shown)
    view.py      draw_table  the screen drawn from the table (a Protocol of it)
    netface.py   its network face: what a guest is sent, how its actions are read
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.coach import Judgement
from game.engine.core import Event, Thinking
from game.engine.dealcode import DealCode, random_seed
from game.engine.shutbox import (
    LEVEL_LABELS,
    LEVELS,
    ROLL,
    SHUT,
    TURNS_PER_PLAYER,
    TWO_DICE,
    Decision,
    Hint,
    Player,
    Roll,
    Shut,
    ShutBoxAgent,
    ShutBoxState,
    action_from_json,
    coach,
    hint,
    make_agent,
)
from game.engine.shutbox.solver import score_table
from game.input import Action
from game.lang import Msg, _, nmsg, number
from game.scenes.shutbox import help as shutbox_help
from game.scenes.shutbox import netface, spoken, view
from game.scenes.shutbox.choice import (
    BUSY,
    GAME_OVER,
    NEXT_PROMPT_WAIT,
    ROLL_PROMPT_WAIT,
    SELECTING,
    WAITING,
    DoorChoice,
)
from game.scenes.shutbox.controls import Controls
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.layout import BOX_POS, DICE_POSITIONS, PROMPT_RECT
from game.scenes.shutbox.picture import BoxPicture
from game.scenes.shutbox.present import Presenter
from game.scenes.shutbox.toggles import (
    DEAL_LETTER,
    DEAL_VERSION,
    DEMO,
    GAME_ID,
    NEXT_PROMPT,
    PIPS,
    ROLL_PROMPT,
    TITLE,
    GameToggles,
    command_line_letters,
)
from game.scenes.shutbox.words import doors_text
from game.shell.base import Command, HelpPage
from game.table import COMPUTER, HERE, REMOTE, SeatResult, TableScene, TableSeat, answered, talk
from game.table.dealing import Dealing, deal_line
from game.ui.dice import DiceTray
from game.ui.widgets import PromptBox
from game.warmup import wait_until_warm, warm_up

if TYPE_CHECKING:
    from game.shell.app import App

# --- pacing, in ticks (fast mode makes every one of them 0) -----------------------------
COMPUTER_THINK_TICKS = 30  # before the computer rolls or picks its doors
COMPUTER_DOOR_TICKS = 14  # between the doors it pulls down
COMPUTER_CONFIRM_TICKS = 26  # looking at its choice before the next roll
TURN_END_TICKS = 90  # the finished board, when no "next turn" prompt waits
# The seat the computer plays in demo mode for a person uses this level.
DEMO_LEVEL = "perfect"


def solver_ready(one_die_option: bool) -> bool:
    """True once Perfect's table is built; the first call starts building it off the main
    thread (a quarter of a second from cold), so that no frame waits for it."""
    return warm_up(("shutbox-perfect", one_die_option), lambda: score_table(one_die_option))


def wait_for_solver(one_die_option: bool) -> None:
    """Block until Perfect's table is built (tests and pictures only)."""
    wait_until_warm(("shutbox-perfect", one_die_option), lambda: score_table(one_die_option))


def table_seats(players: Sequence[Player]) -> list[TableSeat]:
    return [
        TableSeat(p.name, COMPUTER, p.level or DEMO_LEVEL)
        if p.computer
        else TableSeat(p.name, HERE)
        for p in players
    ]


class ShutBoxScene(TableScene):
    """One game of Shut The Box from the first roll to the Top Ten."""

    #: The controller's X and Y: the commands played most after Enter (A).
    PAD_BUTTONS = {"x": ("door_at_cursor",), "y": ("hint",)}

    title = TITLE
    game_id = GAME_ID
    LEVELS = tuple(LEVELS)
    DEMO_LEVEL = DEMO_LEVEL
    COMPUTER_PAUSE_TICKS = COMPUTER_THINK_TICKS
    DEMO_PLAYS_ON = True  # the seed's Demo toggle: the computer plays game after game
    HALF_ACCURACY_AT = coach.HALF_ACCURACY_AT
    ACCURACY_STRETCH = coach.ACCURACY_STRETCH
    ACCURACY_UNIT = coach.UNIT
    COACH_ASKS_ABOVE = coach.ASK_ABOVE
    PUBLIC_EVENTS = True
    HURRY_ON_BAR = False
    NET_FACE = netface.FACE

    def __init__(
        self,
        app: App,
        state: ShutBoxState,
        rng: random.Random,
        demo: bool | None = None,
        seats: Sequence[TableSeat] | None = None,
        deal: DealCode | None = None,
    ):
        """`seats`: the table's seats when some are played elsewhere (a network table);
        by default each player's seat is the computer's or a person's here. `deal`: the
        code the dice come from (else `rng` rolls them)."""
        if demo is None:
            demo = app.demo or DEMO.letter in command_line_letters(app)
        seats = list(seats) if seats is not None else table_seats(state.players)
        if len(seats) != len(state.players):
            raise ValueError(f"{len(seats)} seats for {len(state.players)} players")
        super().__init__(app, seats, demo=demo)
        self.state = state
        self.rng = rng
        self.dealing = Dealing(deal, rng)
        self.toggles = GameToggles(app)
        self.agents: dict[tuple[int, str], ShutBoxAgent] = {}
        self.doors = DoorRow(BOX_POS)
        self.tray = DiceTray(DICE_POSITIONS, numerals=not self.toggles[PIPS])
        self.prompt = PromptBox(PROMPT_RECT, "", Action("confirm"))
        self.cursor = 1
        self.selection: set[int] = set()
        #: A move's pictures; the table's shown snapshot is a BoxPicture (picture()).
        self.presenter = Presenter(self)
        self.presenter.show_state()
        self.choice = DoorChoice(self)
        self.controls = Controls(self)
        solver_ready(state.one_die_option)

    def picture(self) -> BoxPicture:
        return BoxPicture.of(self.state)

    def show_state(self) -> None:
        """The screen shows the engine's state as it stands (no move is pictured)."""
        self.presenter.show_state()

    # -- making games ------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        app: App,
        players: Sequence[Player],
        one_die_option: bool = False,
        demo: bool | None = None,
        seats: Sequence[TableSeat] | None = None,
        deal: DealCode | None = None,
    ) -> ShutBoxScene:
        """A fresh game for these players (their old scores are dropped); `seats` as for
        the table's __init__; its dice from `deal`, or from a new code."""
        state = ShutBoxState.new(list(players), one_die_option)
        rng = app.new_rng()
        if deal is None:
            deal = DealCode(DEAL_LETTER, random_seed(rng), DEAL_VERSION)
        scene = cls(app, state, rng, demo, seats, deal)
        scene.talk.say(deal_line(deal.text), talk.DIM)
        scene.talk.say(
            nmsg(
                "A new game: {n} player, {turns} turns each.",
                "A new game: {n} players, {turns} turns each.",
                len(players),
                turns=TURNS_PER_PLAYER,
            ),
            log=False,
        )
        return scene

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> ShutBoxScene:
        """Older saves hold no seats: each player's seat is then the computer's or a
        person's here."""
        state = ShutBoxState.from_json(data["engine"])
        seats = (
            [TableSeat.from_json(seat, cls.LEVELS) for seat in data["seats"]]
            if "seats" in data
            else None
        )
        return cls(app, state, app.new_rng(), seats=seats)

    def game_data(self) -> dict[str, Any]:
        return {"engine": self.state.to_json(), "seats": [seat.to_json() for seat in self.seats]}

    def welcome_back(self) -> None:
        self.talk.say(
            Msg(
                "Welcome back: round {round} of {rounds}, {name} to play.",
                round=self.state.turn_number,
                rounds=TURNS_PER_PLAYER,
                name=self.state.current_player.name,
            ),
            log=False,
        )

    def rematch(self) -> ShutBoxScene:
        players = [Player(p.name, p.computer, p.level) for p in self.state.players]
        return ShutBoxScene.new_game(
            self.app, players, self.state.one_die_option, demo=self.demo, seats=self.seats
        )

    # -- who plays ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def seat_to_act(self) -> int | None:
        if self.shown.now.turn_pending or self.state.is_over:
            return None
        return self.state.current

    def computer_level(self, seat: int) -> str | None:
        """The level the computer plays `seat` at, or None when a person plays it."""
        return self.level_of(seat) if self.played_by_computer(seat) else None

    def humans_at_table(self) -> bool:
        return bool(self.people_here) and not self.demo

    def next_prompt_wanted(self) -> bool:
        """The "next turn" prompt waits for a person here; at a network table only for a
        turn played here (the others' turns go on at their own screens)."""
        if self.net is not None or self.guest is not None:
            if not self.seats[self.state.current].here:
                return False
        return self.toggles[NEXT_PROMPT] and self.humans_at_table()

    def roll_prompt_wanted(self) -> bool:
        return self.toggles[ROLL_PROMPT] or self.state.one_die_allowed()

    @property
    def mode(self) -> str:
        """What the table waits for now (BUSY while anything moves or a computer plays)."""
        if self.finished:
            return GAME_OVER
        if self.steps or self.tray.rolling or self.state.is_over:
            return BUSY
        if self.shown.now.turn_pending:
            return NEXT_PROMPT_WAIT if self.next_prompt_wanted() else BUSY
        if not self.human_to_play():
            return BUSY  # a computer's turn, or one played at another screen
        if self.state.phase == ROLL:
            return ROLL_PROMPT_WAIT if self.roll_prompt_wanted() else BUSY
        return SELECTING if self.state.phase == SHUT else BUSY

    def person_to_decide(self) -> bool:
        return self.mode in WAITING  # the prompts between turns wait for a person too

    @property
    def choosing_doors(self) -> bool:
        """A person is picking doors for the roll on the table."""
        return self.mode == SELECTING

    @property
    def waiting_to_roll(self) -> bool:
        """ "Press Enter to roll" before any door is picked."""
        return self.mode == ROLL_PROMPT_WAIT

    def human_to_play(self) -> bool:
        """A person at this screen plays the turn now."""
        seat = self.state.current
        return (
            not self.state.is_over
            and not self.shown.now.turn_pending
            and self.seats[seat].here
            and self.computer_level(seat) is None
        )

    def shown_level(self, seat: int) -> str | None:
        """The level shown beside a name: a computer seat's (wherever it is played: at a
        guest's screen the host's computer plays it), or the computer's while it plays a
        person's seat (demo, a guest away)."""
        info = self.seats[seat]
        return info.level if info.kind == COMPUTER else self.computer_level(seat)

    def label(self, seat: int) -> str:
        """A player's name, with the level of a computer player."""
        return str(self.label_msg(seat))

    def label_msg(self, seat: int) -> Msg | str:
        """label() as a value of a Msg: the level's name translated when shown."""
        player = self.state.players[seat]
        level = self.shown_level(seat)
        if not level:
            return player.name
        # TRANSLATORS: a computer player's name and level: "Cindy (Perfect)"
        return Msg("{name} ({level})", name=player.name, level=Msg(LEVEL_LABELS[level]))

    # -- the table's own steps ----------------------------------------------------------------
    def animating(self) -> bool:
        return self.tray.rolling

    def tick_animations(self) -> None:
        self.tray.update()
        self.doors.update()
        self.choice.tick_grace()

    def land(self) -> None:
        self.tray.finish()
        self.doors.show(self.doors.down, animate=False)

    def advance(self) -> bool:
        """Between turns, and a person's roll when no prompt waits for it."""
        picture = self.shown.now
        if picture.turn_pending:
            if self.next_prompt_wanted():
                return False
            self.steps.after(
                self.anim(TURN_END_TICKS) if picture.pause_before_turn else 0,
                self.presenter.start_turn,
            )
            return True
        seat = self.state.current
        if (
            self.seats[seat].here
            and not self.played_by_computer(seat)
            and self.state.phase == ROLL
            and not self.roll_prompt_wanted()
        ):
            self.roll(TWO_DICE)
            return True
        return False

    # -- moves -------------------------------------------------------------------------------
    def roll(self, dice: int) -> None:
        self.play_move(Roll(dice))

    def commit(self, shut: Shut, then_roll: int | None = None) -> None:
        """Make a selection final; a person's next roll goes with it (the roll commits)."""
        actions: list = [shut]
        if then_roll and frozenset(shut.doors) != self.state.open_doors:
            actions.append(Roll(then_roll))
        self.play_move(*actions)

    def apply_move(self, action: Any, **how: Any) -> list[Event]:
        self.presenter.before_move()
        events = self.state.apply(action, self.roll_rng(action))
        self.moved(events)  # every action counts: a guest's answers name the count
        return events

    def roll_rng(self, action: Any) -> random.Random:
        """The generator of the roll `action` makes: the deal code's for this player's
        turn, this roll of the turn and the dice rolled (a shut rolls nothing)."""
        if not isinstance(action, Roll):
            return self.dealing.fallback
        state = self.state
        turn = (state.turn_number - 1) * len(state.players) + state.current + 1
        return self.dealing.for_roll(turn, action.dice)

    def present_move(self, events: Sequence[Event]) -> None:
        self.presenter.present(events)

    # -- the coach ----------------------------------------------------------------------------
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Judgement | None]:
        state = ShutBoxState.from_json(position["engine"])
        return answered(coach.judge(state, action_from_json(action)))

    def action_json(self, action) -> Any:
        return action.to_json()

    def moment(self) -> str:
        # TRANSLATORS: when a decision was made, in the coach's review: "Round 3"
        return _("Round {round}").format(round=number(self.state.turn_number))

    def show_review(self, best: Any, why: str) -> None:
        self.hint = hint(self.state)  # Perfect's doors, marked as a hint's are

    # -- the computer -------------------------------------------------------------------------
    def legal_moves(self) -> list:
        return self.state.legal_actions()

    def perform(self, action) -> None:
        self.selection.clear()
        self.play_move(action)

    def ready_to_think(self) -> bool:
        return solver_ready(self.state.one_die_option)

    def _agent(self, seat: int, level: str) -> ShutBoxAgent:
        key = (seat, level)
        if key not in self.agents:
            # At a table with a code the Beginner's whims come from it too, so that the
            # same choices here meet the same game (else from the table's generator).
            code = self.dealing.code
            self.agents[key] = make_agent(
                level, code.rng("agent", seat, level) if code is not None else self.rng
            )
        return self.agents[key]

    def decide(self, seat: int) -> Thinking[Decision]:
        agent = self._agent(seat, self.level_of(seat))
        return answered(agent.decide(self.state, self.state.legal_actions()))

    def play_decision(self, seat: int, decision: Decision) -> None:
        action = decision.action
        if isinstance(action, Roll):
            if len(self.state.legal_actions()) > 1:
                self.talk.say(self.reasoned(seat, decision), talk.COMPUTER)
            self.roll(action.dice)
            return
        self.talk.say(self.reasoned(seat, decision), talk.COMPUTER)
        # TRANSLATORS: a banner while the computer pulls its doors down: "Cindy shuts 6+1"
        banner = Msg(
            "{name} shuts {doors}",
            name=self.state.players[seat].name,
            doors=doors_text(action.doors),
        )
        for door in sorted(action.doors, reverse=True):
            self.steps.after(
                self.anim(COMPUTER_DOOR_TICKS), lambda door=door: self._pull(door, banner)
            )
        self.steps.after(self.anim(COMPUTER_CONFIRM_TICKS), lambda: self.commit(action))

    def reasoned(self, seat: int, decision: Decision) -> Msg:
        """The computer's move and its reason, as the move log says them."""
        # TRANSLATORS: the move log: a computer player (name and level) and what it does
        # and why, a clause of the computer player's levels: "Cindy (Perfect) shuts the 7:
        # one door does it."
        return Msg("{who} {reason}.", who=self.label_msg(seat), reason=decision.reason)

    def _pull(self, door: int, banner: str) -> None:
        """The computer shuts one door of its choice (tentatively, like a person's click);
        the banner naming its doors comes with the first, not before any has moved."""
        self.talk.announce(banner, tone=talk.COMPUTER, ticks=None)
        self.selection.add(door)
        self.show_doors()
        self.app.audio.play("door_clunk")

    def show_doors(self) -> None:
        self.presenter.show_doors()

    def demo_changed(self) -> None:
        """The computer takes over (or hands back): a person's tentative doors open again."""
        self.selection.clear()
        self.show_doors()

    # -- the end ---------------------------------------------------------------------------
    def announce_end(self) -> None:
        self.presenter.announce_end()

    def cheer(self, results: Sequence[SeatResult]) -> None:
        """The fanfare, for a person here who won (or a table of computers)."""
        if not results or any(result.won for result in results):
            self.app.audio.play("big_win")

    def results(self) -> list[SeatResult]:
        """One game counted for each person here: won (or shared), score, boxes shut."""
        winners = self.state.winners()
        return [
            SeatResult(
                seat,
                player.name,
                won=seat in winners,
                score=player.total,
                counters={"boxes_shut": player.boxes_shut},
                extra={"boxes_shut": player.boxes_shut},
            )
            for seat, player in enumerate(self.state.players)
            if self.seats[seat].here
        ]

    # -- hints ---------------------------------------------------------------------------------
    @property
    def hint_possible(self) -> bool:
        """Hints are for a person's move: before a roll or while picking doors."""
        return self.mode in (ROLL_PROMPT_WAIT, SELECTING)

    def hint_available(self) -> bool:
        return self.hint_possible

    def think_hint(self) -> Thinking[Hint]:
        return answered(hint(self.state))

    def show_hint(self, advice: Hint) -> None:
        self.talk.tell(
            # TRANSLATORS: a hint: what the Perfect level would do ("shuts the 9: it
            # expects...") and the points of the doors shut so far this turn
            Msg(
                "Hint: Perfect {reason}. Shut so far: {score}.",
                reason=advice.reason,
                score=self.state.turn_score_so_far,
            ),
            talk.HINT,
        )

    # -- presentation -----------------------------------------------------------------------
    def card_detail(self, seat: int) -> str:
        """A scorecard's detail line: the level, and the score of each turn so far."""
        turns = self.shown.now.scores[seat]
        rounds = "  ".join(
            str(turns[i]) if i < len(turns) else "-" for i in range(TURNS_PER_PLAYER)
        )
        level, kind = self.shown_level(seat), self.seats[seat].kind
        if kind == COMPUTER:
            # TRANSLATORS: a scorecard's detail: a computer player and its level
            who = _("Computer, {level}").format(level=_(LEVEL_LABELS[level]))
        elif kind == REMOTE:
            # TRANSLATORS: a scorecard's detail: a player at another screen (a network game)
            who = (
                _("At another screen (the computer stands in)") if level else _("At another screen")
            )
        else:
            # TRANSLATORS: a scorecard's detail: a person plays this seat
            who = _("Human (the computer plays in demo)") if level else _("Human")
        # TRANSLATORS: a scorecard's detail line: who plays, and the score of each turn
        return _("{who}.   Turns: {rounds}").format(who=who, rounds=rounds)

    # -- speech (spoken.py) -------------------------------------------------------------
    def spoken_focus(self) -> str:
        return spoken.focus(self)

    def spoken_prompt(self) -> str:
        return spoken.prompt(self)

    def spoken_hand(self) -> str:
        return spoken.open_doors(self)

    def spoken_table(self) -> str:
        return spoken.table_words(self)

    def spoken_score(self) -> str:
        return spoken.scores(self)

    # -- a person's keys and clicks (controls.py) ----------------------------------------
    def handle_game(self, action: Action) -> bool:
        return self.controls.handle(action)

    def game_commands(self) -> list[Command]:
        return self.controls.commands()

    def game_help(self) -> list[HelpPage]:
        return shutbox_help.help_pages()

    def draw(self, canvas: pygame.Surface) -> None:
        view.draw_table(canvas, self)
