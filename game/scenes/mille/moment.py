"""The coup fourré moment: after every hazard the attacked side may answer it, before the
next draw, and nobody else may learn whether anyone there holds the safety.

The rules allow a coup fourré only to the attacked side, only at the moment the hazard is
played. At a real table that moment costs nothing: a held card and an empty hand look
alike for the second it lasts. Here the moment is made to look alike too:

- After every hazard the engine opens the moment (MilleState.apply(..., moment=True)),
  whether or not a seat on the attacked side holds the safety; every other seat sees
  the same in both cases ("Bea may call a coup fourré...", nobody to act), and the moment
  ends the same way: with the next draw, or with a coup fourré, which is public anyway.
- It lasts the same for everyone (MOMENT_TICKS at the host), whether or not anyone is
  asked: a person who holds the safety is asked, and decides within it; one who does not
  is asked nothing, and its own screen says the moment passes on its own. A pass is held
  until the moment is over (answering early must not end it early: that would tell), a
  coup fourré is played at once. Unanswered when the time is up, the computer answers
  for them (it calls the coup fourré, as every computer player does).
- No span at all when nobody can be asked without telling: a side the computer plays
  answers at once; a person at a shared screen (a curtain naming them would tell) or at
  a table in fast mode (which waits for nobody) has the coup fourré called for them at
  once. And when the only person at the table is the one attacked, nobody could learn
  anything: the question waits for them with no clock, and a moment without a question
  passes at once, as at a table with computers only.

The log says the hazard and, if one is called, the coup fourré; never a pass. Counters
(`moves`) and the seat to act shown to others are the same either way: the hazard is a
move, the end of the moment is a move, and a held pass is none.

A part the table holds (MilleScene.moments); it reads the table through MomentTable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.engine.mille import PASS_ACTION, Action
from game.engine.mille.rules import COUP_FOURRE, DECLARE, PASS, PLAY_CARD
from game.lang import N_, _
from game.scenes.mille.records import Moment
from game.scenes.mille.words import card_name
from game.table import talk
from game.table.seats import HERE, REMOTE

if TYPE_CHECKING:
    from game.engine.mille import MilleState
    from game.scenes.mille.hands import Hands
    from game.scenes.mille.records import Choice
    from game.shell.app import App
    from game.table import TableSeat, Talk

# How long the moment lasts when a person may be asked (ticks of the host's table, 60 a
# second). Unanswered, the coup fourré is called for them, which is nearly always what
# they want: the span only has to leave time to say no.
MOMENT_TICKS = 150
# The moment's clock is drawn in steps of this many ticks.
CLOCK_STEP = 6

SHARED_SCREEN_NOTE = N_(
    "(At a shared screen the table calls every coup fourré at once: asking out of turn "
    "would show everyone who holds the safety.)"
)
FAST_NOTE = N_(
    "(In fast mode the table calls every coup fourré at once for whoever holds the "
    "safety: asking would keep everyone waiting after every hazard.)"
)


class MomentTable(Protocol):
    """What the coup fourré moment needs of the table."""

    app: App
    state: MilleState
    seats: list[TableSeat]
    talk: Talk
    choice: Choice
    hands: Hands

    @property
    def awaiting_human(self) -> bool: ...

    def name(self, seat: int) -> str: ...
    def side_name(self, side: int) -> str: ...
    def played_by_computer(self, seat: int) -> bool: ...
    def agent(self, seat: int) -> Any: ...
    def legal(self) -> tuple[Action, ...]: ...
    def carry_out(self, action: Action, hand_index: int | None = None) -> None: ...


class Moments:
    """The table's side of the coup fourré moment: a part the table holds."""

    def __init__(self, table: MomentTable) -> None:
        self.table = table
        #: The coup fourré moment on the table, None outside one.
        self.current: Moment | None = None
        #: The notes said once this game (why the table called a coup fourré).
        self.told: set[str] = set()

    def may_be_asked(self, seat: int) -> bool:
        """A person decides for `seat`, and may be asked out of turn without a curtain
        naming them to the others (not the computer, not a person at a shared screen)."""
        return not self.table.played_by_computer(seat) and not (
            self.table.seats[seat].here and self.table.hands.shared
        )

    def ticks_for(self, side: int) -> int | None:
        """How long the moment after a hazard on `side` lasts, the same whether or not
        anyone there holds the safety: 0 when nobody there may be asked or the table is
        in fast mode; None when the one person at the table may be asked (no clock);
        else MOMENT_TICKS. Only what every seat knows decides it."""
        if not any(self.may_be_asked(seat) for seat in self.table.state.seats_of(side)):
            return 0
        people = [seat for seat, info in enumerate(self.table.seats) if info.kind in (HERE, REMOTE)]
        if len(people) <= 1:
            return None
        return 0 if self.table.app.fast else MOMENT_TICKS

    def open(self) -> None:
        """The engine waits in the moment (a hazard was just played, or a game is resumed
        in it): start its clock, or answer and end it at once when it has no span."""
        pending = self.table.state.pending
        assert pending is not None
        ticks = self.ticks_for(pending.side)
        self.current = Moment(pending.side, ticks)
        if pending.seat is None:
            if not ticks:
                self.end()
        elif ticks == 0 or not self.may_be_asked(pending.seat):
            self.answer_for(
                pending.seat, _(FAST_NOTE if self.table.app.fast else SHARED_SCREEN_NOTE)
            )

    def after_move(self, action: Action) -> None:
        """An action was carried out: a hazard opens the moment (which may answer itself
        at once); anything that leaves the moment closes it."""
        if self.table.state.phase != COUP_FOURRE:
            self.current = None
        elif action.verb == PLAY_CARD:
            self.open()

    def holds(self, action: Action) -> bool:
        """`action` is a pass that would wait for the end of a moment on the clock."""
        moment = self.current
        return (
            action.verb == PASS and moment is not None and bool(moment.ticks) and not moment.answer
        )

    def hold(self, action: Action) -> bool:
        """A pass in a moment on the clock waits for its end (True: held): ended at once,
        the moment would say that someone was asked."""
        moment = self.current
        if moment is None or not self.holds(action):
            return False
        moment.answer, moment.answered_by = action, self.table.state.to_act
        if moment.answered_by == self.table.hands.viewer:  # nothing changes on the others' screens
            self.table.choice.selected = None
            self.table.choice.prompt_focus = 0
        return True  # nothing saved changes: a game resumed asks again

    def end(self) -> None:
        """The moment is over: the next draw, the held pass, or, when the seat asked said
        nothing, the computer's answer for it."""
        pending, moment = self.table.state.pending, self.current
        assert pending is not None and moment is not None
        if pending.seat is not None and moment.answer is None:
            who = self.table.name(pending.seat)
            self.answer_for(
                pending.seat,
                _("{name}'s time was up: the table called it for them.").format(name=who),
            )
            return
        self.table.carry_out(moment.answer or PASS_ACTION)

    def answer_for(self, seat: int, why: str) -> None:
        """The computer's answer for the seat asked: a computer's, or a person's that the
        table may not ask, or whose time is up (`why` says so when it calls, each note
        once a game)."""
        decision = self.table.agent(seat).choose(
            self.table.state.observation(seat), self.table.legal()
        )
        if not self.hold(decision):
            self.table.carry_out(decision)
        if (
            decision.verb == DECLARE
            and not self.table.played_by_computer(seat)
            and why not in self.told
        ):
            self.told.add(why)
            self.table.talk.note(why, talk.DIM)

    def tick(self) -> None:
        """A tick of the moment's clock (every tick, whatever moves on the table)."""
        if self.current is not None and self.current.ticks:
            self.current.ticks -= 1

    def over(self) -> bool:
        """The moment's clock has run out (advance() then ends it)."""
        moment = self.current
        return moment is not None and moment.ticks == 0 and self.table.state.phase == COUP_FOURRE

    def clock(self) -> float | None:
        """The share of the moment still to run (None: no clock on it), in steps of
        CLOCK_STEP ticks: a picture drawn afresh at any tick shows the clock alike."""
        moment = self.current
        if moment is None or moment.ticks is None:
            return None
        return moment.ticks // CLOCK_STEP * CLOCK_STEP / moment.span

    @property
    def answered(self) -> bool:
        """The seat asked has passed: its answer waits for the end of the moment."""
        return self.current is not None and self.current.answer is not None

    def words(self) -> str:
        """What this screen says of the moment ("" when there is none, or when its person
        is asked: the question says it)."""
        state = self.table.state
        pending = state.pending
        if state.phase != COUP_FOURRE or pending is None or self.table.awaiting_human:
            return ""
        hazard = card_name(pending.hazard)
        if not (
            self.table.hands.hand_shown and state.side_of(self.table.hands.viewer) == pending.side
        ):
            return _("{side} may call a coup fourré...").format(
                side=self.table.side_name(pending.side)
            )
        if self.answered and self.current.answered_by == self.table.hands.viewer:
            return _("You keep your safety in hand: the {card} stays when the moment ends.").format(
                card=hazard
            )
        partners = [
            self.table.name(s) for s in state.seats_of(pending.side) if s != self.table.hands.viewer
        ]
        if partners:
            return _("{card} on your side: {names} may call a coup fourré...").format(
                card=hazard, names=" & ".join(partners)
            )
        return _("{card} on you, and no safety for it: the moment passes on its own.").format(
            card=hazard
        )
