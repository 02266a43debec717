"""Farkle's table commands and their default keys (the Keys screen changes them): the
seed's buttons Roll (R), Next (N) and Done (E), the blank die (A), and the shared ones.
After the game, Next's key starts the next game."""

from __future__ import annotations

from game.lang import pgettext
from game.storage.keymap import GameKeys, KeyCommand, shared_commands

ALL, ROLL, NEXT, DONE = "all", "roll", "next", "done"

FARKLE_KEYS = GameKeys(
    (
        KeyCommand(ALL, "a", lambda: pgettext("farkle", "All")),
        KeyCommand(ROLL, "r", lambda: pgettext("farkle", "Roll")),
        KeyCommand(NEXT, "n", lambda: pgettext("farkle", "Next")),
        KeyCommand(DONE, "e", lambda: pgettext("farkle", "Done")),
        *shared_commands(),
    )
)
