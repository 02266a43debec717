"""Starting a game of Farkle: the set-up screen (the seed's Preferences) and demo tables."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.engine.farkle import (DEFAULT_MIN_BANK, DEFAULT_TARGET, EVERY_TURN, MIN_BANKS,
                                STANDARD, TARGETS, UNTIL_ON_BOARD, FarkleOptions, Seat)
from game.scenes.farkle.helptext import LEVEL_HELP, LEVEL_LABELS, OPTIONS_HELP
from game.scenes.farkle.play import GAME_ID, FarkleScene
from game.scenes.setup import (COMPUTER, COMPUTER_NAMES, OptionSpec, SeatConfig,
                               SetupScene, default_seats, seats_from_json)

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

MAX_SEATS = 4
OPTION_SPECS = (
    OptionSpec("target", "Game score", [(t, f"{t:,}") for t in sorted(TARGETS)],
               DEFAULT_TARGET, "The first past this score starts the final round."),
    OptionSpec("min_bank", "Minimum bank",
               [(m, f"{m:,}" if m else "None") for m in MIN_BANKS], DEFAULT_MIN_BANK,
               "The least a turn must make before you may pass the dice."),
    OptionSpec("min_bank_scope", "Minimum applies",
               [(EVERY_TURN, "Every turn"), (UNTIL_ON_BOARD, "Until on the board")],
               EVERY_TURN, "Every turn, or only until a player has banked once."),
)


def table_options(values: Mapping[str, Any]) -> FarkleOptions:
    """The engine's options from the set-up values (bad values fall back to defaults)."""
    try:
        return FarkleOptions(int(values.get("target", DEFAULT_TARGET)),
                             int(values.get("min_bank", DEFAULT_MIN_BANK)),
                             str(values.get("min_bank_scope", EVERY_TURN)))
    except (TypeError, ValueError):
        return FarkleOptions()


def engine_seats(configs: Sequence[SeatConfig]) -> list[Seat]:
    """Set-up seats as the engine's seats (only the occupied ones are passed in)."""
    return [Seat(c.kind, c.level if c.kind == COMPUTER else None, c.name) for c in configs]


def new_game_scene(app: "App") -> "Scene":
    """A new game: the set-up screen, or in demo mode straight to the computers' table."""
    if app.demo:
        return demo_game(app)

    def start(seats: list[SeatConfig], values: dict[str, Any]) -> None:
        app.storage.clear_game(GAME_ID)
        app.replace(FarkleScene.new_game(app, engine_seats(seats), table_options(values)))

    return SetupScene(app, GAME_ID, "Farkle", LEVEL_LABELS, OPTION_SPECS, start,
                      min_seats=1, max_seats=MAX_SEATS, help_text=OPTIONS_HELP,
                      level_help=LEVEL_HELP)


def demo_game(app: "App") -> FarkleScene:
    """The remembered table with the computer in every seat (human seats play Standard)."""
    defaults = {"seats": [s.to_json() for s in default_seats(LEVEL_LABELS, MAX_SEATS)]}
    defaults.update({spec.key: spec.default for spec in OPTION_SPECS})
    stored = app.storage.game_options(GAME_ID, defaults)
    configs = [c for c in seats_from_json(stored.get("seats"), LEVEL_LABELS, MAX_SEATS)
               if c.active]
    seats = [Seat(COMPUTER, c.level if c.kind == COMPUTER else STANDARD, c.name)
             for c in configs]
    if len(seats) < 2:     # a lone player makes a dull demo: seat an opponent
        seats.append(Seat(COMPUTER, STANDARD, COMPUTER_NAMES[-1]))
    return FarkleScene.new_game(app, seats, table_options(stored))

