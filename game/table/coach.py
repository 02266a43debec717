"""The coach's part of a table: decisions noted, weighed in idle time, coach mode's
question, the words at the end and the review's opening.

Each decision a person here makes is written down (note(), from the table's one path for
a move, TableScene.play_move) with the position it is made in, and weighed by the game's
engine coach (the table's judge_saved) in the time the table would otherwise idle. Coach
mode asks before a costly move (asks_first): it weighs the move a slice per tick and then
carries it out through the callback it was given, at once for a good move or after asking
once ("Play it anyway?"). The table's CoachLog (table.coach) keeps the decisions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from game.engine.coach import Judgement
from game.engine.core import Thinking
from game.lang import Msg, _, nmsg, text
from game.shell.dialog import ChoiceDialog
from game.table.coaching import JUDGING_ERRORS, CoachLog, Verdict, ask_worthy
from game.table.hints import THINKING_LINE_TICKS
from game.table.review import ReviewScene
from game.table.talk import DIM, Talk

# Once the game is over and only the coach is still weighing the last decisions (a person
# who plays fast leaves a few), it may take this much of each tick: nothing else moves.
COACH_FINISH_MS = 10.0

#: What coach mode's question waits for: the move's key (moves, action), its weighing, and
#: how to carry the move out once answered.
Question = tuple[tuple[int, str], Thinking[Judgement | None], Callable[[], None]]


class CoachHooks:
    """What a table with a coach (HALF_ACCURACY_AT) fills in."""

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

    def show_review(self, best: Any, why: str) -> None:
        """Mark the coach's best action (as action_json wrote it) on this table, restored
        at the moment of a decision, as a hint is marked; the review says why itself."""


class CoachTable(Protocol):
    """What the coach asks of its table (besides CoachHooks)."""

    app: Any
    talk: Talk
    coach: CoachLog
    hints: Any
    saves: Any
    moves: int
    think_ms: float
    attract: bool
    saving: bool
    finished: bool
    guest: Any
    seats: Any
    HALF_ACCURACY_AT: float
    ACCURACY_STRETCH: float
    COACH_ASKS_ABOVE: float

    @property
    def is_over(self) -> bool: ...

    @property
    def people_here(self) -> list[int]: ...

    def seat_to_act(self) -> int | None: ...
    def legal_moves(self) -> Sequence[Any]: ...
    def played_by_computer(self, seat: int) -> bool: ...
    def ready_to_think(self) -> bool: ...
    def save_if_changed(self) -> None: ...
    def changed(self) -> None: ...
    def name(self, seat: int) -> str: ...
    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Thinking[Any]: ...
    def action_json(self, action: Any) -> Any: ...
    def accuracy_cost(self, judgement: Judgement) -> float: ...
    def moment(self) -> str: ...


def hint_words(hinted: int) -> Msg | str:
    """ "3 moves from hints, not counted" (empty for none): how a game played with hints
    is marked wherever its accuracy is said."""
    if not hinted:
        return ""
    return nmsg("{n} move from hints, not counted", "{n} moves from hints, not counted", hinted)


class Coach:
    """The coach at one table."""

    def __init__(self, table: CoachTable) -> None:
        self.table = table
        #: Coach mode's question about a move, while the coach weighs it.
        self._question: Question | None = None
        #: The move coach mode has weighed and asked about once, with its verdict for the
        #: record: (key, verdict). Played again, it is not asked about again.
        self._cleared: tuple[tuple[int, str], Verdict | None] | None = None

    @property
    def asking(self) -> bool:
        """Coach mode weighs a move before it is played."""
        return self._question is not None

    def coached(self, seat: int | None) -> bool:
        """The coach weighs this seat's decisions: a person here plays it (not the demo,
        not pictures; a guest's own seat too), at a table with a coach."""
        table = self.table
        return (
            bool(table.HALF_ACCURACY_AT)
            and seat is not None
            and table.seats[seat].here
            and not table.played_by_computer(seat)
            and (table.saving or table.guest is not None)
            and not table.attract
        )

    def _action_key(self, action: Any) -> tuple[int, str]:
        return self.table.moves, json.dumps(self.table.action_json(action), sort_keys=True)

    def note(self, action: Any) -> None:
        """Just before an action of the seat to act is applied: a person here's decision
        is written down with the position it is made in, to be weighed while the table
        waits (or with coach mode's judgement of it already)."""
        table = self.table
        seat = table.seat_to_act()
        if not self.coached(seat):
            return
        assert seat is not None
        verdict = None
        if self._cleared is not None and self._cleared[0] == self._action_key(action):
            verdict = self._cleared[1]
        table.coach.record(
            seat,
            table.moment(),
            table.action_json(action),
            table.saves.position_data(),
            verdict,
            hinted=bool(table.hints.shown_now),
        )
        table.changed()

    def verdict(self, judgement: Judgement) -> Verdict:
        """The coach's judgement as the table keeps it."""
        table = self.table
        return Verdict.of(
            judgement,
            max(0.0, table.accuracy_cost(judgement)),
            table.action_json(judgement.best),
        )

    def asks_first(self, action: Any, carry_out: Callable[[], None]) -> bool:
        """Coach mode, with a person's chosen action: True when the coach takes the move
        over (it weighs it, then calls carry_out() itself, at once for a good move, or
        after asking once about a costly one). False: go ahead now."""
        table = self.table
        seat = table.seat_to_act()
        if not (
            table.app.storage.settings.coach and self.coached(seat) and len(table.legal_moves()) > 1
        ):
            return False
        key = self._action_key(action)
        if self._cleared is not None and self._cleared[0] == key:
            return False
        if self._question is not None and self._question[0] == key:
            return True  # already being weighed: wait for it
        try:
            thinking = table.judge_saved(table.saves.position_data(), table.action_json(action))
        except JUDGING_ERRORS:
            return False  # not a move the coach can weigh: the engine says
        self._question = (key, thinking, carry_out)
        table.talk.tell(Msg("The coach weighs your move..."), DIM, THINKING_LINE_TICKS)
        return True

    def forget_question(self) -> None:
        """A move was made: a question asked before it is stale."""
        self._question = None

    def tick(self, idle: bool) -> None:
        """Coach mode's question first; else, while nothing else thinks (`idle`), the
        next decision written down is weighed."""
        table = self.table
        if not table.ready_to_think():
            return  # the engine's tables are still being built
        if self._question is not None:
            key, thinking, carry_out = self._question
            try:
                done = thinking.step(table.think_ms)
            except JUDGING_ERRORS:
                done, thinking.result = True, None
            if done:
                self._question = None
                self._answer(key, thinking.result, carry_out)
            return
        if table.coach.busy and idle:
            budget = COACH_FINISH_MS if table.is_over and not table.finished else table.think_ms
            if table.coach.weigh(table.judge_saved, self.verdict, budget):
                table.changed()  # the verdict is kept with the saved game

    def _answer(
        self, key: tuple[int, str], judgement: Judgement | None, carry_out: Callable[[], None]
    ) -> None:
        table = self.table
        if key[0] != table.moves:
            return  # the table moved on meanwhile
        table.talk.hush()
        verdict = None if judgement is None else self.verdict(judgement)

        def play_it() -> None:
            if key[0] == table.moves:
                self._cleared = (key, verdict)
                carry_out()
                table.save_if_changed()

        if verdict is None or not ask_worthy(verdict, table.COACH_ASKS_ABOVE):
            play_it()
            return
        why = verdict.why if verdict.why.endswith((".", "!", "?", ")")) else verdict.why + "."

        def choose_again() -> None:
            # Asked once: the same choice again in the same position is played at once.
            self._cleared = (key, verdict)
            table.talk.say(Msg("Choose again (the same move again plays it)."), DIM, log=False)

        dialog = ChoiceDialog(
            table.app,
            _("{why} Play it anyway?").format(why=why),
            # The keys stay P and C in every language.
            [("P", _("Play it"), play_it), ("C", _("Choose again"), choose_again)],
            title=_("The coach: it gives up {cost}").format(cost=verdict.question_words()),
        )
        dialog.focus = 1  # the safe answer: Enter changes nothing
        table.app.push(dialog)

    def weigh_every_decision(self) -> None:
        """What is left is weighed at once (a game being left has no more ticks)."""
        table = self.table
        while table.coach.busy:
            table.coach.weigh(table.judge_saved, self.verdict, 1000.0)

    def verdict_words(self, review_key: str) -> str:
        """The coach's words at the end: each person's accuracy and the way to the review,
        in the language of the moment."""
        return text(self.verdict_msg(review_key))

    def verdict_msg(self, review_key: str) -> Msg | str:
        """verdict_words as a Msg ("" for nothing to say): the move log keeps it, and
        reads it in the language of the moment."""
        table, log = self.table, self.table.coach
        parts: list[Msg] = []
        for seat in log.seats():
            summary = log.summary(seat, table.HALF_ACCURACY_AT, table.ACCURACY_STRETCH)
            several = len(table.people_here) > 1
            hinted = summary.hinted
            if summary.accuracy is None:
                if hinted:
                    alone = nmsg(
                        "{n} move from hints, not counted, no decision of your own",
                        "{n} moves from hints, not counted, no decision of your own",
                        hinted,
                    )
                    parts.append(
                        Msg("{name}: {words}", name=table.name(seat), words=alone)
                        if several
                        else alone
                    )
                continue
            accuracy = str(summary.accuracy)
            if several:
                part = nmsg(
                    "{name}: accuracy {accuracy} over {n} decision",
                    "{name}: accuracy {accuracy} over {n} decisions",
                    summary.decisions,
                    name=table.name(seat),
                    accuracy=accuracy,
                )
            else:
                part = nmsg(
                    "Accuracy {accuracy} over {n} decision",
                    "Accuracy {accuracy} over {n} decisions",
                    summary.decisions,
                    accuracy=accuracy,
                )
            if hinted:
                # TRANSLATORS: an accuracy, and in brackets how many moves came from hints.
                part = Msg("{accuracy} ({hints})", accuracy=part, hints=hint_words(hinted))
            parts.append(part)
        if not parts:
            return ""
        said = parts[0]
        for part in parts[1:]:
            # TRANSLATORS: two people's accuracies, one sentence after the other.
            said = Msg("{first}. {second}", first=said, second=part)
        costly = len(log.review())
        if costly:
            return nmsg(
                "{accuracy}; {letter} reviews the {n} that cost something.",
                "{accuracy}; {letter} reviews the {n} that cost something.",
                costly,
                accuracy=said,
                letter=review_key,
            )
        return Msg("{accuracy}; every one was the best.", accuracy=said)

    @property
    def reviewable(self) -> bool:
        """The review can open: the game has finished and someone here decided."""
        table = self.table
        return table.finished and bool(table.coach.decisions) and bool(table.HALF_ACCURACY_AT)

    def open_review(self) -> None:
        """V, after the game: the costliest decisions, each at its moment."""
        table = self.table
        if not table.finished:
            table.talk.refuse(Msg("The review comes when the game is over."))
            return
        if not table.coach.decisions:
            table.talk.refuse(Msg("There is nothing to review: nobody here made a decision."))
            return
        table.app.push(ReviewScene(table.app, table))
