"""Game ids as storage meets them: the registered games name the files, nothing typed does."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

# The registry's rule for ids (game.shell.registry.GAME_ID), repeated here so that
# storage stays free of the scene layer: no id can carry a path or a dot.
_GAME_ID = re.compile(r"[a-z][a-z0-9]{1,15}")


def check_game_id(game_id: str) -> str:
    """Return `game_id` if it is a game id (short, lower-case letters and digits); file
    names are built only from such ids."""
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return game_id


# Where a Storage told no games finds the registered games' titles by id: the registry
# (game.shell.registry, above storage) installs its own list here when it is imported.
_titles: Callable[[], Mapping[str, str]] = dict


def find_titles_with(titles: Callable[[], Mapping[str, str]]) -> None:
    """Make `titles()` the registered games' titles by id (called by the registry)."""
    global _titles
    _titles = titles


def registered_titles() -> Mapping[str, str]:
    """The registered games' titles by id (none before the registry is imported)."""
    return _titles()
