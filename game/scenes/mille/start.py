"""Starting a game of Mille Bornes: the set-up screen and demo tables.

The seats filled on the set-up screen decide the game: 2 or 3 players each for
themselves, 4 in two teams, 6 in three teams (partners sit opposite, as the engine seats
them: seat s plays for side s mod the number of sides).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.art.font import get_font
from game.engine.mille import Options
from game.engine.mille.rules import LONG_TARGET, PLAYER_COUNTS, SIDES_FOR_PLAYERS
from game.scenes.mille.help import LEVEL_HELP, OPTIONS_HELP
from game.scenes.mille.play import DEMO_LEVEL, GAME_ID, LEVEL_LABELS, MilleScene, Seat
from game.scenes.setup import (COMPUTER, COMPUTER_NAMES, OptionSpec, SeatConfig,
                               SetupScene, default_seats, seats_from_json)

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

MAX_SEATS = 6
SHORT_DECK_PLAYERS = 3          # the 101-card deck is for this many players or fewer
HAZARDS_ONLY_ON_ROLL = OptionSpec(
    "hazards_only_on_roll", "Hazards only on a Roll", [(False, "No"), (True, "Yes")], False,
    "A variant: hazards (but Speed Limit) only on a side showing Roll.")
SHORT_DECK = OptionSpec(
    "short_deck", "Deck for 2 or 3 players", [(False, "106 cards"), (True, "101 cards")],
    False, "The official 101: one fewer of five hazards. 4 or 6 players use 106.")
OPTION_SPECS = (HAZARDS_ONLY_ON_ROLL, SHORT_DECK)
HINT_WIDTH = 460                # the set-up line naming the teams is cut to numbers past this


def table_options(players: int, values: Mapping[str, Any]) -> Options:
    """The engine's options for this many players from the set-up values."""
    return Options(players=players,
                   hazards_only_on_roll=bool(values.get(HAZARDS_ONLY_ON_ROLL.key, False)),
                   short_deck=bool(values.get(SHORT_DECK.key, False))
                   and players <= SHORT_DECK_PLAYERS)


def table_seats(configs: Sequence[SeatConfig]) -> list[Seat]:
    """Set-up seats (only the occupied ones) as the table's seats."""
    return [Seat(c.name, c.level if c.kind == COMPUTER else "") for c in configs]


def teams_line(seated: Sequence[tuple[int, str]]) -> str:
    """Who plays with whom, as the set-up screen says it; `seated` holds the (row number,
    name) of each filled seat, in order."""
    count = len(seated)
    if count not in PLAYER_COUNTS:
        return "Mille Bornes is for 2, 3, 4 or 6 players (4 and 6 in teams)."
    sides = SIDES_FOR_PLAYERS[count]
    options = Options(players=count)
    km = f"{options.start_target} km" + (f", extension to {LONG_TARGET}"
                                         if options.extension_allowed else "")
    if sides == count:
        return f"{count} players, each for themselves: {km}."
    line = "Teams: " + " vs ".join(" & ".join(seated[seat][1] for seat in range(side, count, sides))
                                   for side in range(sides)) + f": {km}."
    if get_font("small").line_width(line) > HINT_WIDTH:    # long names: the seat numbers
        line = "Teams of seats " + ", ".join(
            " & ".join(str(seated[seat][0]) for seat in range(side, count, sides))
            for side in range(sides)) + f": {km}."
    return line


def new_game_scene(app: "App") -> "Scene":
    """A new game: the set-up screen, or in demo mode straight to the computers' table."""
    if app.demo:
        return demo_game(app)
    setup: SetupScene

    def start(seats: list[SeatConfig], values: dict[str, Any]) -> None:
        if len(seats) not in PLAYER_COUNTS:
            setup.say("Mille Bornes is for 2, 3, 4 or 6 players.", error=True)
            return
        app.storage.clear_game(GAME_ID)
        app.replace(MilleScene.new_game(app, table_seats(seats),
                                        table_options(len(seats), values)))

    setup = SetupScene(app, GAME_ID, "Mille Bornes", LEVEL_LABELS, OPTION_SPECS, start,
                       min_seats=2, max_seats=MAX_SEATS, help_text=OPTIONS_HELP,
                       level_help=LEVEL_HELP,
                       table_hint=lambda seats, values: teams_line(
                           [(row + 1, s.name) for row, s in enumerate(seats) if s.active]))
    return setup


def demo_game(app: "App") -> MilleScene:
    """The remembered table with the computer in every seat (human seats at DEMO_LEVEL)."""
    defaults = {"seats": [s.to_json() for s in default_seats(LEVEL_LABELS, MAX_SEATS)]}
    defaults.update({spec.key: spec.default for spec in OPTION_SPECS})
    stored = app.storage.game_options(GAME_ID, defaults)
    configs = [c for c in seats_from_json(stored.get("seats"), LEVEL_LABELS, MAX_SEATS)
               if c.active]
    seats = [Seat(c.name, c.level if c.kind == COMPUTER else DEMO_LEVEL) for c in configs]
    if len(seats) not in PLAYER_COUNTS:     # a table the rules do not allow: two players
        seats = seats[:2] or [Seat(COMPUTER_NAMES[0], DEMO_LEVEL)]
        while len(seats) < 2:
            seats.append(Seat(COMPUTER_NAMES[len(seats)], DEMO_LEVEL))
    return MilleScene.new_game(app, seats, table_options(len(seats), stored))
