"""Starting a game of Shut The Box: the set-up screen and demo tables.

The set-up's words are English, marked for the catalogs with N_(): the set-up screen
translates them where it draws them, with _().
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.dealcode import DealCode
from game.engine.shutbox import LEVEL_LABELS, LEVELS, Player
from game.lang import N_, Msg
from game.scenes.shutbox import help as shutbox_help
from game.scenes.shutbox.play import ShutBoxScene
from game.scenes.shutbox.toggles import GAME_ID, REMEMBERED, TITLE
from game.shell.setup import HUMAN_NAMES, OptionSpec
from game.storage.settings import NORMAL, SPEED_LABELS, SPEEDS
from game.table import HERE, TableSeat, TableSetup
from game.table.dealing import Daily

if TYPE_CHECKING:
    from game.shell.app import App

MAX_SEATS = 4
# TRANSLATORS: an option's values on the set-up screen
YES, NO = N_("Yes"), N_("No")
YES_NO = [(True, YES), (False, NO)]
ONE_DIE_OPTION = OptionSpec(
    "one_die",
    # TRANSLATORS: an option of the set-up screen (a row: keep it short)
    N_("One die once 7, 8 and 9 are shut"),
    [(False, NO), (True, YES)],
    False,
    hint=N_("A pub variant, not in the 1989 game: then you may roll one die (O)."),
)
# The options' rows on the set-up screen: the letter is the key that flips the toggle
# while playing.
TOGGLE_LABELS = {
    # TRANSLATORS: an option of the set-up screen; (R) is the key that flips it in play
    "R": N_("Roll prompt (R)"),
    # TRANSLATORS: an option of the set-up screen; (N) is the key that flips it in play
    "N": N_("Next-turn prompt (N)"),
    # TRANSLATORS: an option of the set-up screen; (P) is the key that flips it in play
    "P": N_("Pips on the dice (P)"),
    # TRANSLATORS: an option of the set-up screen: show the message "Can't use this
    # roll!"; (K) is the key that flips it in play
    "K": N_("Can't use this roll! (K)"),
}
# The seed's toggles, as they are remembered (the same letters flip them while playing).
TOGGLE_OPTIONS = tuple(
    OptionSpec(t.option_key, TOGGLE_LABELS[t.letter], YES_NO, t.default, hint=t.meaning)
    for t in REMEMBERED
)
SPEED_OPTION = OptionSpec(
    "speed",
    # TRANSLATORS: an option of the set-up screen; (F) is the key that changes it in play
    N_("Speed (F)"),
    [(speed, SPEED_LABELS[speed]) for speed in SPEEDS],
    NORMAL,
    hint=N_(
        "Quick halves the rolls, doors and pauses; Fast drops them (the arcade's own "
        "setting, for this game)."
    ),
    read=lambda app: app.speed(GAME_ID),
    write=lambda app, speed: app.set_speed(GAME_ID, speed),
)


def level_choices() -> list[tuple[str, str]]:
    return [(level, LEVEL_LABELS[level]) for level in LEVELS]


def players_from_seats(seats: list[TableSeat]) -> list[Player]:
    return [Player(seat.name, computer=seat.computer, level=seat.level or None) for seat in seats]


def start_table(app: App, seats: list[TableSeat], values: dict[str, Any]) -> ShutBoxScene:
    """The table as set up (`values` may hold the deal code typed there: "deal")."""
    return ShutBoxScene.new_game(
        app,
        players_from_seats(seats),
        bool(values.get(ONE_DIE_OPTION.key)),
        seats=seats,
        deal=values.get("deal"),
    )


def best_play(code: DealCode) -> Msg:
    """The exact optimum's expected score over a game alone (any deal: its dice are fair)."""
    # late import: the solver is loaded only when asked (off the main thread)
    from game.engine.shutbox.rules import TURNS_PER_PLAYER
    from game.engine.shutbox.solver import expected_turn_score

    expected = expected_turn_score() * TURNS_PER_PLAYER
    return Msg(
        "Perfect play expects {points} points over the game's {turns} turns.",
        points=round(float(expected), 1),
        turns=TURNS_PER_PLAYER,
    )


def deal_table(app: App, deal: DealCode, daily: Daily | None = None) -> ShutBoxScene:
    """The standard table of a deal code and of the daily deal: the player alone, the
    1989 rules (no one-die variant)."""
    remembered, _values = SETUP.remembered(app)
    name = next((seat.name for seat in remembered if seat.kind == HERE), "") or HUMAN_NAMES[0]
    seats = [TableSeat(name, HERE)]
    table = ShutBoxScene.new_game(app, players_from_seats(seats), False, seats=seats, deal=deal)
    table.dealing.daily = daily
    return table


SETUP = TableSetup(
    GAME_ID,
    TITLE,
    level_choices(),
    start_table,
    (ONE_DIE_OPTION, *TOGGLE_OPTIONS, SPEED_OPTION),
    min_seats=1,
    max_seats=MAX_SEATS,
    # The option and its hint, as one sentence for the catalogs (the English is the two
    # joined with ": ").
    help_text=N_(
        "One die once 7, 8 and 9 are shut: A pub variant, not in the 1989 game: then you "
        "may roll one die (O)."
    ),
    level_help=shutbox_help.level_help(),
    friends=True,
)
new_scene = SETUP.new_scene
setup_scene = SETUP.setup_scene
