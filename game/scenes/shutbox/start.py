"""Starting a game of Shut The Box: the set-up screen and demo tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shutbox import LEVEL_LABELS, LEVELS, Player
from game.scenes.shutbox import help as shutbox_help
from game.scenes.shutbox.play import ShutBoxScene
from game.scenes.shutbox.toggles import GAME_ID, REMEMBERED, TITLE
from game.shell.setup import OptionSpec
from game.storage.settings import NORMAL, SPEED_LABELS, SPEEDS
from game.table import TableSeat, TableSetup

if TYPE_CHECKING:
    from game.shell.app import App

MAX_SEATS = 4
YES_NO = [(True, "Yes"), (False, "No")]
ONE_DIE_OPTION = OptionSpec(
    "one_die",
    "One die once 7, 8 and 9 are shut",
    [(False, "No"), (True, "Yes")],
    False,
    hint="A pub variant, not in the 1989 game: then you may roll one die (O).",
)
TOGGLE_LABELS = {
    "R": "Roll prompt (R)",
    "N": "Next-turn prompt (N)",
    "P": "Pips on the dice (P)",
    "K": "Can't use this roll! (K)",
}
# The seed's toggles, as they are remembered (the same letters flip them while playing).
TOGGLE_OPTIONS = tuple(
    OptionSpec(t.option_key, TOGGLE_LABELS[t.letter], YES_NO, t.default, hint=t.meaning)
    for t in REMEMBERED
)
SPEED_OPTION = OptionSpec(
    "speed",
    "Speed (F)",
    [(speed, SPEED_LABELS[speed]) for speed in SPEEDS],
    NORMAL,
    hint="Quick halves the rolls, doors and pauses; Fast drops them (the arcade's own "
    "setting, for this game).",
    read=lambda app: app.speed(GAME_ID),
    write=lambda app, speed: app.set_speed(GAME_ID, speed),
)


def level_choices() -> list[tuple[str, str]]:
    return [(level, LEVEL_LABELS[level]) for level in LEVELS]


def players_from_seats(seats: list[TableSeat]) -> list[Player]:
    return [Player(seat.name, computer=seat.computer, level=seat.level or None) for seat in seats]


def start_table(app: App, seats: list[TableSeat], values: dict[str, Any]) -> ShutBoxScene:
    return ShutBoxScene.new_game(
        app, players_from_seats(seats), bool(values.get(ONE_DIE_OPTION.key)), seats=seats
    )


SETUP = TableSetup(
    GAME_ID,
    TITLE,
    level_choices(),
    start_table,
    (ONE_DIE_OPTION, *TOGGLE_OPTIONS, SPEED_OPTION),
    min_seats=1,
    max_seats=MAX_SEATS,
    help_text=f"{ONE_DIE_OPTION.label}: {ONE_DIE_OPTION.hint}",
    level_help=shutbox_help.level_help(),
    friends=True,
)
new_scene = SETUP.new_scene
setup_scene = SETUP.setup_scene
