"""The end of a game at any table: statistics for each person here, then the Top Ten.

The table says how each of this screen's people did (a SeatResult each); this module
counts every one in the game's statistics and then asks, one after another and best
score first, the name of each whose score makes the Top Ten. Asked at once, over the
final table, so that no way out of the game can skip a name the Top Ten is waiting for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.shell.app import App
    from game.storage import GameStats


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
    from game.shell.name_entry import NameEntryScene

    waiting = sorted((r for r in results if r.top_ten), key=lambda r: -r.score)
    ranks: list[int] = []

    def ask_next() -> None:
        while waiting:
            result = waiting.pop(0)
            if app.storage.top_ten(game_id).qualifies(result.score):
                app.push(
                    NameEntryScene(
                        app,
                        f"{result.score:,} makes the Top Ten! Your name:",
                        lambda name, result=result: record(name, result),
                        initial=result.name,
                        title="Top Ten",
                    )
                )
                return
        finished(bool(ranks))

    def record(name: str, result: SeatResult) -> None:
        rank = app.storage.add_to_top_ten(game_id, name, result.score, dict(result.extra))
        if rank is not None:
            ranks.append(rank)
            entered(name, rank)
        ask_next()

    ask_next()
