"""Saving and resuming a table: the game's data (the game's game_data and restore hooks)
with what every table keeps (the move log, demo's mark, the counters, the coach's notes,
the network entry), written after every move and read back by Continue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from game.shell.registry import deal_versions
from game.table.coaching import CoachLog
from game.table.dealing import Dealing
from game.table.talk import Talk, log_from_json

if TYPE_CHECKING:
    from game.shell.app import App

# Saved counters above this are damage, not play.
COUNTER_LIMIT = 1_000_000


class SavingHooks:
    """What a game saves and restores."""

    #: Saved games carry this; another version's save is set aside, not misread.
    SAVE_VERSION: ClassVar[int] = 1

    def game_data(self) -> dict[str, Any]:
        """What this game saves besides what every table saves (JSON data)."""
        raise NotImplementedError

    @classmethod
    def restore(cls, app: App, data: Mapping[str, Any]) -> Any:
        """The table saved by game_data(); raises ValueError (or KeyError, TypeError...)
        on data it cannot trust."""
        raise NotImplementedError

    def welcome_back(self) -> None:
        """Say where a resumed game stands."""

    @classmethod
    def from_saved(cls, app: App, data: Mapping[str, Any]) -> Any:
        """The table saved_data() wrote; ValueError for anything else, so that storage
        sets the file aside with a notice."""
        title = getattr(cls, "title", cls.__name__)
        if not isinstance(data, Mapping) or data.get("version", 1) != cls.SAVE_VERSION:
            raise ValueError(f"not a saved {title} game of this version")
        try:
            scene = cls.restore(app, data)
            scene.saves.take_table_data(data)
        except (KeyError, TypeError, AttributeError, IndexError) as error:
            raise ValueError(f"not a saved {title} game: {error!r}"[:200]) from error
        scene.welcome_back()
        return scene


class SavedTable(Protocol):
    """What saving asks of its table."""

    app: Any
    talk: Talk
    coach: CoachLog
    network: Any
    attract: bool
    saving: bool
    finished: bool
    demo_played: bool
    save_slot: str
    counters: dict[int, dict[str, int]]
    kept_net: Mapping[str, Any] | None
    dealing: Dealing
    moves: int
    SAVE_VERSION: int

    def game_data(self) -> dict[str, Any]: ...


class Saving:
    """One table's saved game."""

    def __init__(self, table: SavedTable) -> None:
        self.table = table

    def saved_data(self) -> dict[str, Any]:
        """Everything needed to resume: the game's data and the table's."""
        table = self.table
        data = self.position_data()
        data.update(
            log=table.talk.log_json(),
            demo_played=table.demo_played,
            counters={str(seat): dict(c) for seat, c in table.counters.items()},
            coach=table.coach.to_json(),
        )
        if table.dealing.code is not None:
            data["deal"] = table.dealing.to_json()
            data["moves"] = table.moves  # a daily result counts the moves of the whole game
        entry = table.network.saved_entry()
        if entry is not None:
            data["net"] = entry
        return data

    def position_data(self) -> dict[str, Any]:
        """The game as it stands, as restore() reads it (without the table's log, the
        coach's notes and counters): the position of a decision, for its review."""
        return {"version": self.table.SAVE_VERSION, **self.table.game_data()}

    def save(self) -> None:
        """After every move, on the boss key and on quitting. Attract games and pictures
        are never saved; a game whose end has been dealt with is forgotten. A game that
        is over but not yet counted is kept, so that Continue counts it."""
        table = self.table
        if table.attract or not table.saving:
            return
        if table.finished:
            table.app.storage.clear_game(table.save_slot)
        else:
            table.app.storage.save_game(table.save_slot, self.saved_data())

    def forget_game(self) -> None:
        """The saved game goes (a new game or Done replaces it)."""
        table = self.table
        if not table.attract and table.saving:
            table.app.storage.clear_game(table.save_slot)

    def take_table_data(self, data: Mapping[str, Any]) -> None:
        """What every table saved besides the game (the table was restored from `data`)."""
        table = self.table
        table.talk.log = log_from_json(data.get("log"))
        table.demo_played = table.demo_played or bool(data.get("demo_played", False))
        table.counters = counters_from_json(data.get("counters"), table.counters)
        table.coach = CoachLog.from_json(data.get("coach"))
        net = data.get("net")
        table.kept_net = net if isinstance(net, Mapping) else None
        moves = data.get("moves", 0)
        if isinstance(moves, int) and not isinstance(moves, bool) and 0 <= moves <= COUNTER_LIMIT:
            table.moves = moves
        if "deal" in data:
            dealing = Dealing.from_json(data["deal"], table.dealing.fallback, deal_versions())
            own = table.dealing.code  # a game whose state names its deal (a deal number)
            if own is not None and dealing.code != own:
                raise ValueError(f"saved deal code {dealing.text} is not this game's {own}")
            table.dealing = dealing


def counters_from_json(
    saved: Any, fresh: Mapping[int, Mapping[str, int]]
) -> dict[int, dict[str, int]]:
    """Saved counters ({"0": {"hot_dice": 2}}) for the seats and names this table keeps;
    anything missing or not a sane count is 0."""
    counters = {seat: dict(names) for seat, names in fresh.items()}
    saved = saved if isinstance(saved, Mapping) else {}
    for seat, names in counters.items():
        stored = saved.get(str(seat))
        stored = stored if isinstance(stored, Mapping) else {}
        for name in names:
            value = stored.get(name, 0)
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and 0 <= value <= COUNTER_LIMIT
            ):
                names[name] = value
    return counters
