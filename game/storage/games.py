"""The games whose records are kept, by the ids that name their files."""
from __future__ import annotations

# Titles appear in the player's notices ("Shut The Box Top Ten was damaged...").
GAME_TITLES: dict[str, str] = {
    "farkle": "Farkle",
    "lucie": "La Belle Lucie",
    "shutbox": "Shut The Box",
    "mille": "Mille Bornes",
}
GAME_IDS: tuple[str, ...] = tuple(GAME_TITLES)


def check_game_id(game_id: str) -> str:
    """Return `game_id` if it is one of GAME_IDS; file names are built only from these."""
    if game_id not in GAME_TITLES:
        raise ValueError(f"unknown game id {game_id!r}; expected one of {GAME_IDS}")
    return game_id
