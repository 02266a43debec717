"""The table runtime: everything every game's table does the same way.

    TableScene   the scene base: turns, computer thinking, one path for a move
                 (play_move), and the hooks a game fills in; it holds the parts below
                 (hints, coach, network, demo, ending, saving, menu, sharedkeys)
    StepQueue    pacing what the screen shows behind the engine's truth
    Shown        what the screen shows while it follows the engine: a held snapshot
    Talk         the news line, banners, refusals and the move log
    TableSeat    who plays a seat: a person here, a computer, someone elsewhere
    TableSetup   the set-up screen and demo tables

No game is named in this package (a test checks): games stand on it, it knows none.
"""

from game.table import talk
from game.table.ending import SeatResult
from game.table.examples import TableExamples
from game.table.scene import DEMO_END_PAUSE_TICKS, SHARED_CHARS, SHARED_COMMANDS, TableScene
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from game.table.shown import Shown
from game.table.starting import TableSetup, table_seats
from game.table.steps import Step, StepQueue
from game.table.talk import Talk
from game.table.thinker import Thinker, answered

__all__ = [
    "COMPUTER",
    "DEMO_END_PAUSE_TICKS",
    "HERE",
    "REMOTE",
    "SHARED_CHARS",
    "SHARED_COMMANDS",
    "SeatResult",
    "Step",
    "Shown",
    "StepQueue",
    "TableExamples",
    "TableScene",
    "TableSeat",
    "TableSetup",
    "Talk",
    "Thinker",
    "answered",
    "table_seats",
    "talk",
]
