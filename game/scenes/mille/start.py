"""Starting a game of Mille Bornes: the set-up screen and demo tables.

The seats filled on the set-up screen decide the game: 2 or 3 players each for
themselves, 4 in two teams, 6 in three teams (partners sit opposite, as the engine seats
them: seat s plays for side s mod the number of sides).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.art.font import get_font
from game.engine.dealcode import DealCode
from game.engine.mille import Options
from game.engine.mille.rules import LONG_TARGET, PLAYER_COUNTS, SIDES_FOR_PLAYERS
from game.lang import N_, _
from game.scenes.mille.help import LEVEL_HELP, OPTIONS_HELP
from game.scenes.mille.play import DEMO_LEVEL, GAME_ID, MilleScene
from game.scenes.mille.words import LEVEL_LABELS
from game.shell.setup import COMPUTER_NAMES, HUMAN_NAMES, OptionSpec
from game.table import COMPUTER, HERE, TableSeat, TableSetup
from game.table.dealing import Daily

if TYPE_CHECKING:
    from game.shell.app import App

MAX_SEATS = 6
SHORT_DECK_PLAYERS = 3  # the 101-card deck is for this many players or fewer
HAZARDS_ONLY_ON_ROLL = OptionSpec(
    "hazards_only_on_roll",
    # TRANSLATORS: a set-up option's label (Roll: the card).
    N_("Hazards only on a Roll"),
    [(False, N_("No")), (True, N_("Yes"))],
    False,
    N_("A variant: hazards (but Speed Limit) only on a side that can drive."),
)
SHORT_DECK = OptionSpec(
    "short_deck",
    # TRANSLATORS: a set-up option's label.
    N_("Deck for 2 or 3 players"),
    [(False, N_("106 cards")), (True, N_("101 cards"))],
    False,
    N_("The official 101: one fewer of five hazards. 4 or 6 players use 106."),
)
OPTION_SPECS = (HAZARDS_ONLY_ON_ROLL, SHORT_DECK)
HINT_WIDTH = 460  # the set-up line naming the teams is cut to numbers past this
PLAYER_COUNT_RULE = N_("Mille Bornes is for 2, 3, 4 or 6 players.")


def table_options(players: int, values: Mapping[str, Any]) -> Options:
    """The engine's options for this many players from the set-up values."""
    return Options(
        players=players,
        hazards_only_on_roll=bool(values.get(HAZARDS_ONLY_ON_ROLL.key, False)),
        short_deck=bool(values.get(SHORT_DECK.key, False)) and players <= SHORT_DECK_PLAYERS,
    )


def teams_line(seated: Sequence[tuple[int, str]]) -> str:
    """Who plays with whom, as the set-up screen says it; `seated` holds the (row number,
    name) of each filled seat, in order."""
    count = len(seated)
    if count not in PLAYER_COUNTS:
        return _("Mille Bornes is for 2, 3, 4 or 6 players (4 and 6 in teams).")
    sides = SIDES_FOR_PLAYERS[count]
    options = Options(players=count)
    if options.extension_allowed:
        km = _("{km} km, extension to {long}").format(km=options.start_target, long=LONG_TARGET)
    else:
        km = _("{km} km").format(km=options.start_target)
    if sides == count:
        return _("{count} players, each for themselves: {trip}.").format(count=count, trip=km)
    teams = [
        " & ".join(seated[seat][1] for seat in range(side, count, sides)) for side in range(sides)
    ]
    # TRANSLATORS: the set-up's line naming the teams: "Teams: Ann & Greg vs Cindy & Bob:
    # 1000 km." ({teams} is the teams joined by " vs ").
    line = _("Teams: {teams}: {trip}.").format(teams=_(" vs ").join(teams), trip=km)
    if get_font("small").line_width(line) > HINT_WIDTH:  # long names: the seat numbers
        numbers = [
            " & ".join(str(seated[seat][0]) for seat in range(side, count, sides))
            for side in range(sides)
        ]
        line = _("Teams of seats {teams}: {trip}.").format(teams=", ".join(numbers), trip=km)
    return line


DAILY_LEVEL = "basic"  # the daily deal's opponent


def start_table(app: App, seats: list[TableSeat], values: dict[str, Any]) -> MilleScene:
    """The table as set up (`values` may hold the deal code typed there: "deal")."""
    return MilleScene.new_game(
        app, seats, table_options(len(seats), values), deal=values.get("deal")
    )


def deal_table(app: App, deal: DealCode, daily: Daily | None = None) -> MilleScene:
    """The standard table of a deal code and of the daily deal: the player against the
    Basic computer, two players, the usual rules."""
    remembered, _values = SETUP.remembered(app)
    name = next((seat.name for seat in remembered if seat.kind == HERE), "") or HUMAN_NAMES[0]
    seats = [TableSeat(name, HERE), TableSeat(COMPUTER_NAMES[0], COMPUTER, DAILY_LEVEL)]
    table = MilleScene.new_game(app, seats, table_options(2, {}), deal=deal)
    table.dealing.daily = daily
    return table


def check_players(seats: Sequence[TableSeat]) -> str:
    return "" if len(seats) in PLAYER_COUNTS else _(PLAYER_COUNT_RULE)


def two_if_not_allowed(seats: list[TableSeat]) -> list[TableSeat]:
    """A table the rules do not allow makes a two-player demo."""
    if len(seats) in PLAYER_COUNTS:
        return seats
    seats = seats[:2]
    while len(seats) < 2:
        seats.append(TableSeat(COMPUTER_NAMES[len(seats)], COMPUTER, DEMO_LEVEL))
    return seats


SETUP = TableSetup(
    GAME_ID,
    N_("Mille Bornes"),
    LEVEL_LABELS,
    start_table,
    OPTION_SPECS,
    min_seats=2,
    max_seats=MAX_SEATS,
    help_text=OPTIONS_HELP,
    level_help=LEVEL_HELP,
    check=check_players,
    fit_demo=two_if_not_allowed,
    friends=True,
    table_hint=lambda seats, values: teams_line(
        [(row + 1, s.name) for row, s in enumerate(seats) if s.active]
    ),
)
new_game_scene = SETUP.new_scene
