"""Mille Bornes' table commands and their default keys (the Keys screen changes them):
X Discard, O the hand's order, S the score so far, and the shared ones. C, P, Y and N
answer the table's questions (and N starts the next game), so no command takes them."""

from __future__ import annotations

from game.lang import N_, _
from game.storage.keymap import GameKeys, KeyCommand, shared_commands

DISCARD, SORT, SCORE = "discard", "sort", "score"
# TRANSLATORS: the Keys screen: why C, P, Y or N cannot be a command's key at Mille.
ANSWERS = N_("{key} answers the table's questions (C, P, Y and N).")

MILLE_KEYS = GameKeys(
    (
        KeyCommand(DISCARD, "x", lambda: _("Discard")),
        KeyCommand(SORT, "o", lambda: _("Sort")),
        KeyCommand(SCORE, "s", lambda: _("Score")),
        *shared_commands(),
    ),
    reserved={key: ANSWERS for key in "cpyn"},
)
