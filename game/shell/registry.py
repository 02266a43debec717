"""The games: the one list of them, which every part of the program asks.

A game is two packages, game/engine/<id>/ and game/scenes/<id>/, plus its art maker
assets/assetgen/<id>.py and its tests. Its scene package's __init__ registers the game;
`load_games()` imports every package under game/scenes, so adding a game edits no shared
file. The title menu, the command line's --game and flags, storage (file names and
notices), the scores screen, help, the gallery and the asset maker all read this list.

Start-up registers every game to show the title, which reads only a game's id, title,
tagline, icon, flags and whether it can be resumed (`gives`). So a game's package
imports nothing heavy: what only a game in play needs (its table, engine, pictures,
coach) is given as `Later(load)`, loaded the first time the field is read, or as a
function that imports when called. Importing every game's table and engine at start-up cost 0.2 s of CPU, more
than opening the window (python -m game.bench_startup).

Plain Python: the asset tools may import it without pygame. Storage, below it, is told
the games' titles through game.storage.games. A game's makers are given the App
(`SceneApp`, the shape the Scene base asks of it: the App imports the registry).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.lang import N_
from game.storage import games as storage_games
from game.storage import keymap
from game.storage.keymap import GameKeys

if TYPE_CHECKING:
    import pygame

    from game.shell.base import HelpPage, Scene, SceneApp

# An id names the game's files, packages and art: short, lower case, nothing a path needs.
GAMES_PACKAGE = "game.scenes"  # each package in it is a game that registers itself
GAME_ID = re.compile(r"[a-z][a-z0-9]{1,15}")


@dataclass(frozen=True)
class GameFlag:
    """A command-line flag a game adds to the program's (Shut The Box's toggles)."""

    flag: str  # "--shutbox-toggles"
    help: str
    metavar: str = "VALUE"
    parse: Callable[[str], Any] = str  # argparse's type: raise ArgumentTypeError if bad
    default: Any = ""
    #: The program's own switches a value turns on (Options field names), as MLSHUT B
    #: meant black and white: e.g. lambda letters: {"mono"} if "B" in letters else ().
    implies: Callable[[Any], Iterable[str]] = lambda value: ()

    @property
    def dest(self) -> str:
        """Where the value is kept in Options.game_flags: "shutbox_toggles"."""
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Later:
    """A GameInfo field's value, made by `load()` the first time the field is read."""

    load: Callable[[], Any]


@dataclass(frozen=True)
class GameInfo:
    """What the program needs to know about a game. Any field may be given as Later."""

    id: str  # "farkle": packages, files and art are named by it
    #: Words a player reads (title, tagline, labels, rules...) are given in English,
    #: marked for the catalogs (N_), and translated where they are shown (_()), so that
    #: they follow a change of language at once.
    title: str  # "Farkle": the title tile, notices, the scores screen
    tagline: str  # one line under the tile's title
    order: int  # position on the title menu
    #: A new game: usually its set-up screen (demo mode: straight into computer play).
    new_scene: Callable[[SceneApp], Scene]
    #: The game resumed from its saved data; raises ValueError on data it cannot trust.
    resume_scene: Callable[[SceneApp, dict], Scene] | None = None
    #: (state name, set-up) pairs for --screenshots: each set-up pushes the scenes that
    #: show the game in one typical state (set-up, mid-game, game over...).
    screenshots: Callable[[SceneApp], Iterable[tuple[str, Callable[[], None]]]] = field(
        default=lambda app: ()
    )
    #: Labels of the game's own statistics counters, e.g. {"boxes_shut": "Boxes shut"}.
    counter_labels: Mapping[str, str] = field(default_factory=dict)
    #: The game's medals (game.table.medals.Medal, issue 35), in the order the Scores
    #: screen shows them: each with its badge, and how a person's play at this screen
    #: earns it (what the engine's events, the end's results or the daily deals say).
    medals: Sequence[Any] = ()
    #: The computer's levels, weakest first, with their names for people (the progress
    #: page's wins by opponent), e.g. {"beginner": "Beginner", "pub": "Pub regular", ...};
    #: empty for a game played alone.
    level_labels: Mapping[str, str] = field(default_factory=dict)
    #: What one decision gives up to score 50 in the coach's accuracy figure, in a
    #: player's words (the game's coach.HALF_ACCURACY_AT): "6.3 points of the score you
    #: can expect from the turn". Shown in the Scores screen's help.
    accuracy_halves_at: str = ""
    #: What simulated players score in accuracy (the game's coach.ACCURACY_BENCH, from
    #: `python -m game.bench_accuracy`), in words: "Perfect play 100; Pub regular 98
    #: (95-100)...". Shown in the Scores screen's help.
    accuracy_players: str = ""
    #: A game played alone: its own groups of games on the Progress page, beside the win
    #: rate, key -> label (La Belle Lucie: winnable deals by difficulty). The game counts
    #: each group's games and wins as its counters "<key>_played" and "<key>_won".
    grouped_wins: Mapping[str, str] = field(default_factory=dict)
    #: False for a game whose scores make no table (La Belle Lucie: most wins score 100).
    has_top_ten: bool = True
    #: Who enters the Top Ten, in a player's words (the Scores screen says it, so that an
    #: empty table after a lost game is not a puzzle).
    top_ten_rule: str = N_("The ten best scores of finished games.")
    #: A few words the Top Ten shows beside a score, from its entry's extra data (Farkle:
    #: the game's target, "to 5,000", so that scores of different games read apart).
    top_ten_detail: Callable[[Mapping[str, Any]], str] | None = None
    #: The title tile's 48x48 icon; None takes "icon_<id>" from the art kit.
    icon: Callable[[], pygame.Surface] | None = None
    #: The game's pages of the art gallery, each drawing on a 640x360 surface.
    gallery_pages: Sequence[Callable[[pygame.Surface], None]] = ()
    #: The game's samples on the art kit's shared gallery pages, by page ("dice", "mono"):
    #: each draw(surface, (x, y)) in the room the page keeps (see game.art.gallery).
    gallery_samples: Mapping[str, Callable[[pygame.Surface, tuple[int, int]], None]] = field(
        default_factory=dict
    )
    #: The shared art makers (assets/assetgen modules) this game's pictures come from;
    #: the game's own maker, assetgen/<id>.py, is always one.
    art: Sequence[str] = ()
    #: The game's own sounds, name -> gain (see game.audio.GAINS, the program's shared
    #: ones): assets/sounds/<name>.wav, each made by SOUNDS[name] of its maker assetgen/<id>.py.
    sounds: Mapping[str, float] = field(default_factory=dict)
    #: Which of `sounds` are cheers (a win's fanfare), played at the cheers' volume;
    #: the rest are effects (game.audio.CHEERS are the program's own).
    cheers: Collection[str] = ()
    #: The game's rules: its own help pages, which its table shows (with the keys every
    #: table shares) and Help on the title too, so that they can be read before playing.
    rules: Callable[[], Sequence[HelpPage]] | None = None
    #: Command-line flags of the game's own.
    flags: Sequence[GameFlag] = ()
    #: Tables in typical states (game.table.examples.TableExamples), which the tests every
    #: table must pass play through.
    examples: Any = None
    #: A new game for these seats (game.table.TableSeat, some of kind REMOTE), for a table
    #: played over the network; None for a game that cannot be (a solitaire).
    network_table: Callable[[SceneApp, Sequence[Any]], Scene] | None = None
    #: How many seats a network table of this game may have, fewest and most.
    network_seats: tuple[int, int] = (2, 2)
    #: A computer player for a guest's seat, made from (level, random.Random): its
    #: choose(view, legal) picks an action (JSON) from what the seat may see, and its
    #: check(view message) names a card the seat may not see, if any (game.net.bot).
    network_guest: Callable[[str, Any], Any] | None = None
    #: A guest's table for this game (app, game.table.guest.GuestLink, the first view):
    #: this screen plays one seat of a table hosted elsewhere.
    network_join: Callable[[SceneApp, Any, Any], Scene] | None = None
    #: A watcher's table for this game (spectators: the link's watching is True, the
    #: views are the engine's public_view); None: network_join shows it as any seat sees
    #: it (a game where nothing is hidden).
    network_watch: Callable[[SceneApp, Any, Any], Scene] | None = None
    #: The table's letter commands and their default keys (game.storage.keymap.GameKeys),
    #: which a player may change on the Keys screen; None: the shared commands alone.
    keys: GameKeys | None = None
    #: Deal codes (game.engine.dealcode, issue 35): the game's letter in its codes ("" for
    #: a game without codes), the version of its rule turning a code into cards or dice
    #: (a new rule is a new version: old codes are then refused with a message saying so),
    #: and its standard table on a code (app, DealCode, table.dealing.Daily or None): the
    #: table the daily deal and a code from the title or the command line are played at.
    deal_letter: str = ""
    deal_version: int = 1
    deal_table: Callable[[SceneApp, Any, Any], Scene] | None = None
    #: The daily screen's words for a day's result (a storage.daily.DailyDay): "won in 41
    #: moves" (a Msg); None: won or lost, with the score.
    daily_words: Callable[[Any], Any] | None = None
    #: What the best play would have done on a deal (a DealCode), in words (a Msg): the
    #: exact optimum's expected result, or whether the deal can be won; or (Msg, the
    #: winning line as text), shown on request. Run off the main thread (it may take
    #: seconds); None for a game that cannot say.
    deal_best: Callable[[Any], Any] | None = None

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if type(value) is Later:
            value = value.load()
            object.__setattr__(self, name, value)  # loaded once (frozen to everyone else)
        return value

    def gives(self, name: str) -> bool:
        """Whether the game gives field `name` (not None), without loading it if Later:
        the title asks which games can be resumed."""
        return object.__getattribute__(self, name) is not None

    def tile_icon(self) -> pygame.Surface:
        """The title tile's icon: the game's own drawing, or the art kit's icon_<id>."""
        if self.icon is not None:
            return self.icon()
        # late import: the registry is plain Python: the asset tools read it without pygame
        from game.art import sprites

        return sprites.game_icon(self.id)


_GAMES: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> GameInfo:
    """Make a game known (its scene package's __init__ calls this on import)."""
    if not GAME_ID.fullmatch(info.id):
        raise ValueError(f"a game id is 2-16 lower-case letters and digits: {info.id!r}")
    _GAMES[info.id] = info
    return info


def unregister_game(game_id: str) -> None:
    """Forget a game (tests that register one of their own)."""
    _GAMES.pop(game_id, None)


def registered_games() -> list[GameInfo]:
    """Every registered game, in title-menu order."""
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.id))


def game_info(game_id: str) -> GameInfo | None:
    return _GAMES.get(game_id)


def network_games() -> list[GameInfo]:
    """The registered games friends can play on their own machines, in title-menu order."""
    return [g for g in registered_games() if g.network_table is not None]


def game_titles() -> dict[str, str]:
    """Every registered game's title by id (storage names its files and notices so)."""
    return {g.id: g.title for g in registered_games()}


def deal_versions() -> dict[str, int]:
    """Each game letter of deal codes, with the version of its game's rules."""
    return {g.deal_letter: g.deal_version for g in registered_games() if g.deal_letter}


def game_of_letter(letter: str) -> GameInfo | None:
    """The game whose deal codes start with `letter`."""
    return next((g for g in registered_games() if g.deal_letter == letter), None)


def game_sounds(games: Sequence[GameInfo]) -> dict[str, float]:
    """The games' own sounds and their gains (the App's Audio plays them with its own)."""
    return {name: gain for info in games for name, gain in info.sounds.items()}


def game_cheers(games: Sequence[GameInfo]) -> frozenset[str]:
    """The games' own sounds that are cheers (the rest are effects)."""
    return frozenset(name for info in games for name in info.cheers)


# Storage, below the registry, asks it through this hook.
storage_games.find_titles_with(game_titles)


def game_keys(game_id: str) -> GameKeys | None:
    """A registered game's table commands (the keymap asks), None if it named none."""
    info = _GAMES.get(game_id)
    return info.keys if info is not None and info.gives("keys") else None


keymap.find_game_keys_with(game_keys)


def load_games() -> list[GameInfo]:
    """Import every package of game.scenes, so that each game registers itself."""
    # By name: the games' packages sit above the shell, which imports nothing of theirs.
    package = importlib.import_module(GAMES_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")
    return registered_games()


def game_flags(games: Sequence[GameInfo]) -> list[GameFlag]:
    """Every registered game's own command-line flags."""
    return [flag for info in games for flag in info.flags]
