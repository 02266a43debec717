"""La Belle Lucie's table commands and their default keys (the Keys screen changes
them): N a new hand, S+Enter the shuffle, and the shared ones with undo and redo. A
rank's letter starts a card, so no command takes one; a command on a suit's letter (S
shuffle, D demo) is typed like a card and acts on Enter, so that a suit typed first
never fires it."""

from __future__ import annotations

from game.lang import N_, _
from game.storage.keymap import GameKeys, KeyCommand, shared_commands

NEW, SHUFFLE_NAME = "new_hand", "shuffle"
# TRANSLATORS: the Keys screen: why A, T, J, Q or K cannot be a command's key at Lucie.
RANK = N_("{key} is a card's rank: it starts a card at the prompt.")

LUCIE_KEYS = GameKeys(
    (
        KeyCommand(NEW, "n", lambda: _("New")),
        KeyCommand(SHUFFLE_NAME, "s", lambda: _("Shuffle")),
        *shared_commands(undo=True, friends=False),
    ),
    reserved={key: RANK for key in "atjqk"},
    typed="cds",  # H is help at every screen
)
