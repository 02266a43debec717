"""The end of a game at any table: statistics for each person here, then the Top Ten.

The table says how each of this screen's people did (a SeatResult each); this module
counts every one in the game's statistics and then asks, one after another and best
score first, the name of each whose score makes the Top Ten. Asked at once, over the
final table, so that no way out of the game can skip a name the Top Ten is waiting for.

Ending is the table's part that does it once the game is over: the winner's words, the
cheer, the records, the coach's verdict, the names, or the next demo game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from game.lang import Msg, _, nmsg, number, text
from game.shell.name_entry import NameEntryScene
from game.shell.registry import game_info
from game.storage.topten import HINTS_EXTRA
from game.table.daily import daily_finished
from game.table.seats import COMPUTER
from game.table.talk import DIM, GOOD, Talk

if TYPE_CHECKING:
    from game.shell.app import App
    from game.storage import GameStats

TICK_RATE = 60
# Demo games pause this long on their final score before the next one starts.
DEMO_END_PAUSE_TICKS = 5 * TICK_RATE


@dataclass(frozen=True)
class SeatResult:
    """How one person at this screen did in a finished game."""

    seat: int
    name: str
    won: bool
    score: int
    counters: Mapping[str, int] = field(default_factory=dict)
    #: False when this result may not enter the Top Ten (a game whose table is for
    #: winners only, or one that keeps no Top Ten).
    top_ten: bool = True
    #: Stored with a Top Ten entry, e.g. {"players": 3}.
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: The coach's figures for this person's decisions (game.engine.coach): 0-100, and
    #: the average cost per decision in the game's unit; None when nothing was judged.
    accuracy: int | None = None
    loss: float | None = None
    #: Who this person played against, for the win rate by opponent: the strongest
    #: computer level at the table, "people" when every other seat is a person's, ""
    #: for a game played alone.
    opponent: str = ""
    #: Moves this person made after a hint was shown for them (the coach counts them):
    #: the statistics, the Top Ten and the end's words mark the game.
    hints: int = 0


def record_results(app: App, game_id: str, results: Sequence[SeatResult]) -> list[GameStats]:
    """Count each result in the game's statistics; returns the statistics after each."""
    return [
        app.storage.record_result(
            game_id,
            won=r.won,
            score=r.score,
            counters=dict(r.counters),
            accuracy=r.accuracy,
            loss=r.loss,
            opponent=r.opponent,
            hints=r.hints,
        )
        for r in results
    ]


def ask_top_ten_names(
    app: App,
    game_id: str,
    results: Sequence[SeatResult],
    entered: Callable[[str, int], None],
    finished: Callable[[bool], None] = lambda any_entered: None,
) -> None:
    """Ask each qualifying result's name, best score first; `entered(name, rank)` after
    each entry, `finished(any_entered)` once every name has been asked."""
    waiting = sorted((r for r in results if r.top_ten), key=lambda r: -r.score)
    ranks: list[int] = []

    def ask_next() -> None:
        while waiting:
            result = waiting.pop(0)
            if app.storage.top_ten(game_id).qualifies(result.score):
                app.push(
                    NameEntryScene(
                        app,
                        _("{score} makes the Top Ten! Your name:").format(
                            score=number(result.score)
                        ),
                        lambda name, result=result: record(name, result),
                        initial=result.name,
                        title=_("Top Ten"),
                    )
                )
                return
        finished(bool(ranks))

    def record(name: str, result: SeatResult) -> None:
        extra = dict(result.extra)
        if result.hints:
            extra[HINTS_EXTRA] = result.hints  # the Top Ten marks a score made with hints
        rank = app.storage.add_to_top_ten(game_id, name, result.score, extra)
        if rank is not None:
            ranks.append(rank)
            entered(name, rank)
        ask_next()

    ask_next()


class EndingHooks:
    """What a game tells the end of its games."""

    def results(self) -> list[SeatResult]:
        """How each person here did, once the game is over (the table adds the coach's
        figures and the opponent: see Ending.final_results)."""
        raise NotImplementedError

    def announce_end(self) -> None:
        """Say who won (the news line, a banner)."""

    def cheer(self, results: Sequence[SeatResult]) -> None:
        """The sound of the end: a cheer when someone here won, or when nobody here played
        (no fanfare for a computer that beat you)."""
        if not results or any(result.won for result in results):
            self.app.audio.play("win")  # type: ignore[attr-defined]

    def game_ended(self, results: Sequence[SeatResult]) -> None:
        """The end of a game people played has been dealt with (the table's records hold
        the statistics after it, unless the computer played part of it)."""


class EndingTable(Protocol):
    """What the ending asks of its table (besides EndingHooks)."""

    app: App
    talk: Talk
    game_id: str
    coach: Any
    coaching: Any
    steps: Any
    thinker: Any
    demo_and_fast: Any
    saves: Any
    hint: Any
    attract: bool
    demo: bool
    demo_played: bool
    saving: bool
    finished: bool
    guest: Any
    save_slot: str
    records: list[GameStats]
    coach_line: str
    dealing: Any
    DEMO_PLAYS_ON: bool
    seats: Any
    medals: Any
    LEVELS: tuple[str, ...]
    HALF_ACCURACY_AT: float
    ACCURACY_STRETCH: float
    KEY_LABELS: Mapping[str, str]

    def results(self) -> list[SeatResult]: ...
    def announce_end(self) -> None: ...
    def cheer(self, results: Sequence[SeatResult]) -> None: ...
    def game_ended(self, results: Sequence[SeatResult]) -> None: ...
    def anim(self, ticks: int) -> int: ...


class Ending:
    """The end of the game at one table, dealt with once."""

    def __init__(self, table: EndingTable) -> None:
        self.table = table

    def counts_for_people(self) -> bool:
        """This game is counted in the statistics of the people here."""
        table = self.table
        return table.saving and not table.attract and not table.demo_played

    def end_now(self) -> None:
        """The game is over: finish it, unless the coach still weighs the last decisions
        of people whose accuracy is counted (it says so, and the table asks again)."""
        table = self.table
        if table.coach.busy and (self.counts_for_people() or table.guest is not None):
            waiting = table.coach.waiting
            table.talk.tell(
                nmsg(
                    "The coach weighs your last move... ({n} to go)",
                    "The coach weighs your last moves... ({n} to go)",
                    waiting,
                ),
                DIM,
                30,
            )
            return
        self.finish()

    def finish(self) -> None:
        """Once, when the game is over: the winner's words, the records, the names."""
        table = self.table
        table.finished = True
        table.thinker.forget()
        table.hint = None
        if table.dealing.code is not None and not table.attract:
            table.talk.say(
                Msg("Deal code {code}: the log (L) copies it with C.", code=table.dealing.text),
                DIM,
            )
        table.announce_end()
        if table.attract or (table.demo and table.DEMO_PLAYS_ON):
            table.cheer([])
            table.saves.forget_game()
            table.steps.after(table.anim(DEMO_END_PAUSE_TICKS) or 1, table.demo_and_fast.next_game)
            return
        if not table.saving:
            if table.guest is not None:
                self._say_coach_verdict()  # the host keeps the records
            return
        table.app.storage.clear_game(table.save_slot)
        results = self.final_results()
        table.cheer(results)
        if not table.demo_played:
            table.records = record_results(table.app, table.game_id, results)
        table.game_ended(results)
        self._say_coach_verdict()
        if table.dealing.daily is not None:
            daily_finished(table, results)
        if not table.demo_played and self._keeps_top_ten():
            ask_top_ten_names(table.app, table.game_id, results, self._entered, self._names_done)
        table.medals.game_over(results)

    def final_results(self) -> list[SeatResult]:
        """The table's results, each with the coach's figures for that person and the
        opponent."""
        table = self.table
        opponent = self.opponent()
        out = []
        for result in table.results():
            summary = table.coach.summary(
                result.seat, table.HALF_ACCURACY_AT, table.ACCURACY_STRETCH
            )
            out.append(
                replace(
                    result,
                    accuracy=summary.accuracy,
                    loss=summary.loss,
                    opponent=opponent,
                    hints=summary.hinted,
                )
            )
        return out

    def opponent(self) -> str:
        """Who the people here played against, for the statistics: the strongest
        computer level at the table, "people" when every seat is a person's, "" alone."""
        table = self.table
        levels = [info.level for info in table.seats if info.kind == COMPUTER]
        if levels:
            known = [level for level in table.LEVELS if level in levels]
            return known[-1] if known else levels[0]
        return "people" if len(table.seats) > 1 else ""

    def _say_coach_verdict(self) -> None:
        table = self.table
        verdict = table.coaching.verdict_msg(table.KEY_LABELS["review"])
        table.coach_line = text(verdict)
        if table.coach_line:
            table.talk.say(verdict, GOOD)

    def _keeps_top_ten(self) -> bool:
        info = game_info(self.table.game_id)
        return info is None or info.has_top_ten

    def _entered(self, name: str, rank: int) -> None:
        self.table.talk.say(
            Msg("{name} is number {rank} in the Top Ten.", name=name, rank=rank), GOOD
        )

    def _names_done(self, any_entered: bool) -> None:
        """Every name is in: the Top Ten shows with them."""
        if any_entered:
            self.table.app.push(self.table.app.screens.scores(self.table.app, self.table.game_id))
