"""Games register themselves here; the title menu lists exactly what is registered.

Adding a game is writing its scene module under game/scenes/games/ and calling
`register_game(...)` at import time: `load_games()` imports every module of that package.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Optional

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene


@dataclass(frozen=True)
class GameInfo:
    """What the shell needs to know about a game."""

    id: str                 # "farkle", "lucie", "shutbox", "mille": also the storage key
    title: str              # shown on the title tile
    tagline: str            # one line under the tile's title
    icon: str               # sprite name of the title tile's icon
    order: int              # position on the title menu
    #: A new game: usually its set-up screen (demo mode: straight into computer play).
    new_scene: Callable[["App"], "Scene"]
    #: The game resumed from its saved state (storage's saved game JSON).
    resume_scene: Optional[Callable[["App", dict], "Scene"]] = None
    #: (state name, set-up) pairs for --screenshots: each set-up pushes the scenes that
    #: show the game in one typical state (set-up, mid-game, game over...).
    screenshots: Callable[["App"], Iterable[tuple[str, Callable[[], None]]]] = field(
        default=lambda app: ())
    #: Labels of the game's own statistics counters, e.g. {"boxes_shut": "Boxes shut"}.
    counter_labels: Mapping[str, str] = field(default_factory=dict)
    #: False for a game whose scores make no table (La Belle Lucie: most wins score 100).
    has_top_ten: bool = True


_GAMES: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> GameInfo:
    """Make a game known to the shell (called by the game's scene module on import)."""
    _GAMES[info.id] = info
    return info


def registered_games() -> list[GameInfo]:
    """Every registered game, in title-menu order."""
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.id))


def game_info(game_id: str) -> Optional[GameInfo]:
    return _GAMES.get(game_id)


def load_games() -> list[GameInfo]:
    """Import every module of game.scenes.games so that each registers itself."""
    import game.scenes.games as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")
    return registered_games()
