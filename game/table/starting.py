"""Starting a game at a table, the same way for every game: the set-up screen (who sits
where, the game's options, all remembered) and demo tables (the remembered table, the
computer playing every seat).

A game describes its table once, as a TableSetup; its registry entry's new_scene is the
setup's new_scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game.lang import N_, _
from game.shell.setup import COMPUTER as SETUP_COMPUTER
from game.shell.setup import (
    FRIEND,
    OptionSpec,
    SeatConfig,
    SetupScene,
    default_seats,
    seats_from_json,
)
from game.table.door import Door, open_to_guests
from game.table.netentry import STAND_IN_AFTER_S
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.base import Scene

StartTable = Callable[["App", list[TableSeat], dict[str, Any]], "Scene"]

#: At a table that has friends' seats: how long a friend may be away (or not yet come)
#: before the computer plays their seat until they are back.
# The set-up translates an option's words where it shows them (marked here with N_).
STAND_IN = OptionSpec(
    "stand_in_after",
    # TRANSLATORS: a set-up option's label (the value is shown after it: "< 1 min >").
    N_("A friend away: computer plays after"),
    [
        (15, "15 s"),
        (30, "30 s"),
        (60, N_("1 min")),
        (120, N_("2 min")),
        (300, N_("5 min")),
        (600, N_("10 min")),
    ],
    int(STAND_IN_AFTER_S),
    N_("For seats made Friend: the table never waits longer for them than this."),
)
#: ... and how long a friend who is there has for each decision (then the computer plays
#: the rest of that turn for them, and says so).
# -- the relay (issue 36) --
#: How friends reach a hosted table: straight on this network (it listens), or through the
#: relay named in Settings (it connects out; game/net/relayed.py).
DIRECT, RELAYED = "direct", "relay"
HOW_TO_HOST = OptionSpec(
    "how_to_host",
    # TRANSLATORS: a set-up option's label (the value is shown after it: "< On this network >").
    N_("Friends connect"),
    [
        (DIRECT, N_("On this network")),
        (RELAYED, N_("Through a relay")),
    ],
    DIRECT,
    N_("Through a relay: no port to open; name the relay in Settings first."),
)
# -- end of the relay --
TURN_TIMER = OptionSpec(
    "turn_timer",
    # TRANSLATORS: a set-up option's label (the value is shown after it: "< Off >").
    N_("A friend's turn timer"),
    [
        # TRANSLATORS: a set-up option's value: no turn timer.
        (0, N_("Off")),
        (15, "15 s"),
        (30, "30 s"),
        (60, N_("1 min")),
        (120, N_("2 min")),
        (300, N_("5 min")),
    ],
    0,
    N_("For seats made Friend: time for each decision, then the computer plays that turn."),
)


def table_seats(configs: Sequence[SeatConfig]) -> list[TableSeat]:
    """Set-up rows (the occupied ones) as the table's seats."""
    return [
        TableSeat(c.name, COMPUTER, c.level)
        if c.kind == SETUP_COMPUTER
        else TableSeat(c.name, REMOTE)
        if c.kind == FRIEND
        else TableSeat(c.name, HERE, device=c.device)
        for c in configs
        if c.active
    ]


@dataclass(frozen=True)
class TableSetup:
    """How a game's table is set: its seats, computer levels and options."""

    game_id: str
    title: str
    #: (level, label) of the computer players, weakest first.
    levels: Sequence[tuple[str, str]]
    #: Builds the table from the seats (occupied only) and the option values.
    start: StartTable
    options: Sequence[OptionSpec] = ()
    min_seats: int = 1
    max_seats: int = 4
    #: The set-up screen's help for the options, and a line per computer level.
    help_text: str = ""
    level_help: Mapping[str, str] = field(default_factory=dict)
    #: Why the rules do not allow this table ("" when they do).
    check: Callable[[Sequence[TableSeat]], str] = lambda seats: ""
    #: A line about the table as it is set (who plays with whom), or None.
    table_hint: Callable[[Sequence[SeatConfig], dict[str, Any]], str] | None = None
    #: A demo table from the remembered seats (a lone player gets an opponent).
    fit_demo: Callable[[list[TableSeat]], list[TableSeat]] = lambda seats: seats
    #: A seat may be a friend's on another machine (the table is then hosted).
    friends: bool = False

    def new_scene(self, app: App) -> Scene:
        """A new game: the set-up screen, or in demo mode straight to the computers' table."""
        return self.demo_table(app) if app.demo else self.setup_scene(app)

    def setup_scene(self, app: App) -> SetupScene:
        """The set-up screen; Start replaces it with the table."""
        setup: SetupScene

        def begin(configs: list[SeatConfig], values: dict[str, Any]) -> None:
            seats = table_seats(configs)
            problem = self.check(seats)
            if problem:
                setup.say(problem, error=True)
                return
            app.storage.clear_game(self.game_id)
            table = self.start(app, seats, values)
            if any(seat.kind == REMOTE for seat in seats):
                door = Door.of(  # --port, --bind, --cert and --key, as for --host
                    app.options,
                    app.storage.data_dir,
                    stand_in_after_s=float(values.get(STAND_IN.key, STAND_IN.default)),
                    turn_timer_s=float(values.get(TURN_TIMER.key, TURN_TIMER.default)),
                )
                if values.get(HOW_TO_HOST.key) == RELAYED:
                    relay = door.relay or app.storage.settings.relay_address
                    if not relay:
                        setup.say(
                            _("Name the relay in Settings first (Relay), or host on this network."),
                            error=True,
                        )
                        return
                    door = replace(door, relay=relay)
                try:
                    open_to_guests(table, door)
                except OSError as error:
                    setup.say(
                        _("The table cannot be opened to friends: {error}").format(error=error),
                        error=True,
                    )
                    return
            app.replace(table)
            if table.net is not None:
                table.network.open_friends_panel(until_full=True)  # the invitation, to send now

        options = (
            (*self.options, HOW_TO_HOST, STAND_IN, TURN_TIMER)
            if self.friends
            else tuple(self.options)
        )
        setup = SetupScene(
            app,
            self.game_id,
            self.title,
            self.levels,
            options,
            begin,
            min_seats=self.min_seats,
            max_seats=self.max_seats,
            help_text=self.help_text,
            level_help=dict(self.level_help),
            table_hint=self.table_hint,
            friends=self.friends,
        )
        return setup

    def remembered(self, app: App) -> tuple[list[TableSeat], dict[str, Any]]:
        """The table as last set up (or the defaults): its seats and option values."""
        defaults: dict[str, Any] = {
            "seats": [s.to_json() for s in default_seats(self.levels, self.max_seats)]
        }
        kept = [option for option in self.options if option.write is None]
        defaults.update({option.key: option.default for option in kept})
        stored = app.storage.game_options(self.game_id, defaults)
        configs = seats_from_json(stored.get("seats"), self.levels, self.max_seats)
        values = {option.key: option.checked(stored.get(option.key)) for option in kept}
        return table_seats(configs), values

    def demo_table(self, app: App) -> Scene:
        """The remembered table with the computer in every seat (the app is in demo mode,
        or the table is started with demo on)."""
        seats, values = self.remembered(app)
        return self.start(app, self.fit_demo(seats), values)
