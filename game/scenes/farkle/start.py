"""Starting a game of Farkle: the set-up screen (the seed's Preferences) and demo tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.engine.dealcode import DealCode
from game.engine.farkle import (
    COMPUTER,
    DEFAULT_MIN_BANK,
    DEFAULT_TARGET,
    EVERY_TURN,
    HUMAN,
    MIN_BANKS,
    STANDARD,
    TARGETS,
    UNTIL_ON_BOARD,
    FarkleOptions,
    Seat,
)
from game.lang import N_, Msg
from game.scenes.farkle.helptext import LEVEL_HELP, LEVEL_LABELS, OPTIONS_HELP
from game.scenes.farkle.play import GAME_ID, FarkleScene
from game.shell.setup import COMPUTER_NAMES, HUMAN_NAMES, OptionSpec
from game.table import COMPUTER as COMPUTER_SEAT
from game.table import HERE, TableSeat, TableSetup
from game.table.dealing import Daily

if TYPE_CHECKING:
    from game.shell.app import App

MAX_SEATS = 4
DAILY_TARGET = 5000  # the daily deal's game is the short one
# Words marked for the catalogs (N_), said by the set-up screen where it shows them.
OPTION_SPECS = (
    OptionSpec(
        "target",
        # TRANSLATORS: a set-up option: the score that starts the final round.
        N_("Game score"),
        [(t, f"{t:,}") for t in sorted(TARGETS)],
        DEFAULT_TARGET,
        N_("The first past this score starts the final round."),
    ),
    OptionSpec(
        "min_bank",
        # TRANSLATORS: a set-up option: the least a turn must make to bank.
        N_("Minimum bank"),
        # TRANSLATORS: the set-up's Minimum bank option: no minimum.
        [(m, f"{m:,}" if m else N_("None")) for m in MIN_BANKS],
        DEFAULT_MIN_BANK,
        N_("The least a turn must make before you may pass the dice."),
    ),
    OptionSpec(
        "min_bank_scope",
        # TRANSLATORS: a set-up option: when the minimum bank applies.
        N_("Minimum applies"),
        [(EVERY_TURN, N_("Every turn")), (UNTIL_ON_BOARD, N_("Until on the board"))],
        EVERY_TURN,
        N_("Every turn, or only until a player has banked once."),
    ),
)


def table_options(values: Mapping[str, Any]) -> FarkleOptions:
    """The engine's options from the set-up values (bad values fall back to defaults)."""
    try:
        return FarkleOptions(
            int(values.get("target", DEFAULT_TARGET)),
            int(values.get("min_bank", DEFAULT_MIN_BANK)),
            str(values.get("min_bank_scope", EVERY_TURN)),
        )
    except (TypeError, ValueError):
        return FarkleOptions()


def engine_seats(seats: Sequence[TableSeat]) -> list[Seat]:
    """The table's seats as the engine's."""
    return [
        Seat(COMPUTER, seat.level, seat.name)
        if seat.kind == COMPUTER_SEAT
        else Seat(HUMAN, None, seat.name)
        for seat in seats
    ]


def start_table(app: App, seats: list[TableSeat], values: dict[str, Any]) -> FarkleScene:
    """The table as set up (`values` may hold the deal code typed there: "deal")."""
    return FarkleScene.new_game(
        app, engine_seats(seats), table_options(values), table=seats, deal=values.get("deal")
    )


def best_play(code: DealCode) -> Msg:
    """The exact optimum of a turn at the daily table (any deal: its dice are fair)."""
    # late import: the solver's tables are built only when asked (off the main thread)
    from game.engine.farkle.solver import expected_turn_score

    return Msg(
        "Perfect play banks {points} points a turn on average, from the start of any turn.",
        points=round(expected_turn_score(DEFAULT_MIN_BANK)),
    )


def deal_table(app: App, deal: DealCode, daily: Daily | None = None) -> FarkleScene:
    """The standard table of a deal code and of the daily deal: the player against the
    Standard computer, to 5,000, the usual minimum bank."""
    remembered, _values = SETUP.remembered(app)
    name = next((seat.name for seat in remembered if seat.kind == HERE), "") or HUMAN_NAMES[0]
    seats = [TableSeat(name, HERE), TableSeat(COMPUTER_NAMES[0], COMPUTER_SEAT, STANDARD)]
    table = FarkleScene.new_game(
        app,
        engine_seats(seats),
        FarkleOptions(DAILY_TARGET, DEFAULT_MIN_BANK, EVERY_TURN),
        table=seats,
        deal=deal,
    )
    table.dealing.daily = daily
    return table


def with_opponent(seats: list[TableSeat]) -> list[TableSeat]:
    """A lone player makes a dull demo: seat an opponent."""
    if len(seats) < 2:
        seats = seats + [TableSeat(COMPUTER_NAMES[-1], COMPUTER_SEAT, STANDARD)]
    return seats


SETUP = TableSetup(
    GAME_ID,
    N_("Farkle"),
    LEVEL_LABELS,
    start_table,
    OPTION_SPECS,
    min_seats=1,
    max_seats=MAX_SEATS,
    help_text=OPTIONS_HELP,
    level_help=LEVEL_HELP,
    fit_demo=with_opponent,
    friends=True,
)
new_game_scene = SETUP.new_scene
