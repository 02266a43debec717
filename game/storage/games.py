"""Game ids as storage meets them: the registered games name the files, nothing typed does."""

from __future__ import annotations

import re

# The registry's rule for ids (game.shell.registry.GAME_ID), repeated here so that
# storage stays free of the scene layer: no id can carry a path or a dot.
_GAME_ID = re.compile(r"[a-z][a-z0-9]{1,15}")


def check_game_id(game_id: str) -> str:
    """Return `game_id` if it is a game id (short, lower-case letters and digits); file
    names are built only from such ids."""
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return game_id
