"""La Belle Lucie's set-up: no seats (a solitaire), one option: any deal, or winnable
deals only (game.engine.lucie.winnable), remembered like every game's options.

The registry's new_scene is `new_scene` here, a plain function rather than the
TableSetup's bound method: a solitaire has no table of seats to start (game.monkey
tells a game's tables by that bound method). Demo play (the title's attract loop)
deals as before, straight to the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.lang import N_
from game.scenes.lucie import GAME_ID
from game.shell.setup import OptionSpec
from game.table.starting import TableSetup

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.base import Scene
    from game.table import TableSeat

ANY, WINNABLE = "any", "winnable"
DEALS = OptionSpec(
    "deals",
    # TRANSLATORS: a set-up option's label (the value is shown after it: "< Any deal >").
    N_("Deals"),
    [
        # TRANSLATORS: a set-up option's values: every deal, or only deals proved winnable.
        (ANY, N_("Any deal")),
        (WINNABLE, N_("Winnable only")),
    ],
    ANY,
    N_("Winnable only: the solver proves each deal can be won, and rates how hard."),
)
HELP = N_(
    "Deals: Any deal deals at random, as the 1989 program did: many hands cannot be won "
    "however they are played. Winnable only deals a hand the solver has proved can be "
    "won: it finds a line that sends all 52 cards home, shuffles and the free draw "
    "included (every deal's shuffles are fixed by its number). A deal it cannot prove "
    "in a moment is skipped for the next.\n\n"
    "The difficulty, shown before the first move, is the share of good lines that win: "
    "at each shuffle a good player redeals from one of the few best positions, not "
    "knowing which shuffle each brings, and plays every deal as well as the solver. "
    "Easy: half of them or more win; Medium: a fifth or more; Hard: fewer. The Scores "
    "screen's Progress page counts your wins by difficulty."
)


def winnable_mode(app: App) -> bool:
    """Whether the set-up asks for winnable deals only (as last chosen)."""
    stored = app.storage.game_options(GAME_ID, {DEALS.key: DEALS.default})
    return DEALS.checked(stored.get(DEALS.key)) == WINNABLE


def start(app: App, seats: list[TableSeat], values: dict[str, Any]) -> Scene:
    """Start: a random hand, or (winnable only) the search for a winnable one."""
    # late import: the table and the solver load when a game first needs them (registry)
    from game.scenes.lucie.dealing import DealingScene
    from game.scenes.lucie.play import LucieScene

    if values.get(DEALS.key) == WINNABLE and not app.demo:
        return DealingScene(app)
    return LucieScene.new_hand(app)


SETUP = TableSetup(
    GAME_ID,
    N_("La Belle Lucie"),  # the game's name, the same in every language
    (),
    start,
    options=(DEALS,),
    min_seats=0,
    max_seats=0,
    help_text=HELP,
)


def new_scene(app: App) -> Scene:
    """A new game: the set-up (demo play: a random hand at once)."""
    # late import: the table loads when a game first needs it (registry)
    from game.scenes.lucie.play import LucieScene

    return LucieScene.new_hand(app) if app.demo else SETUP.setup_scene(app)
