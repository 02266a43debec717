"""The keys of the table commands: each game's commands with their default keys, and the
player's own keys for them (Settings.keys), looked up in one place (issue 34).

A table command is a letter (or a sign) a table acts on: the commands every table shares
(? hint, L log, D demo, F speed, U/R undo and redo, V review, G friends) and the game's
own (Farkle's R Roll, Mille's X Discard...). Each game names its commands in a GameKeys
(its scene package's keys.py, given to the registry), with the keys it uses otherwise
and may not give to a command (the digits choose dice, doors and cards; La Belle Lucie's
ranks start a card; Mille's C, P, Y and N answer its questions). The global keys (B the
boss key, H help) are no command's either.

Settings keeps only the keys a player changed: {game id: {command: key}}. A key is one
printable character other than a space, kept in lower case ("?" for "/", its key without
Shift). `KeyMap` is a game's keys as they stand; `stored_keys_checked` drops what cannot
stand in a settings file (an unknown command, a key that is not one character, two
commands on one key, a key the game keeps), with a note for the log each.

Plain data and words (game.lang): no pygame. The registry (game.shell, above) tells this
module the games' GameKeys through find_game_keys_with, as it tells storage their titles.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.lang import N_, _, pgettext

#: Keys no command may take: the app's own at every screen.
GLOBAL_KEYS = {
    # TRANSLATORS: why a key cannot be a command's (the Keys screen): "B is the boss key."
    "b": N_("{key} is the boss key, at every screen."),
    "h": N_("{key} is help, at every screen."),
}
#: The digits choose dice, doors and cards at every table.
DIGITS = "0123456789"
DIGITS_REASON = N_("The digits choose dice, doors and cards.")
#: Keys that are the same key on the keyboard: "/" is "?" without its Shift.
SAME_KEY = {"/": "?"}


def normal_key(char: str) -> str:
    """A key as the keymap keeps it: lower case, "/" as "?"; "" for anything that is not
    one printable character other than a space."""
    if not isinstance(char, str) or len(char) != 1 or not char.isprintable() or char.isspace():
        return ""
    char = char.lower()
    if len(char) != 1:  # a letter whose lower case is two ("İ")
        return ""
    return SAME_KEY.get(char, char)


def key_label(key: str) -> str:
    """A key as the command bar and the help name it: "R", "?"."""
    upper = key.upper()
    return upper if len(upper) == 1 else key


@dataclass(frozen=True)
class KeyCommand:
    """A table command: its name (the name the table acts on, "roll"), its default key
    ("r") and its word (the command bar's, translated when called)."""

    name: str
    key: str
    word: Callable[[], str]


# The commands every table shares, as their defaults were before keys could be changed.
# TRANSLATORS: the shared commands' words on the Keys screen (the command bar's words).
HINT = KeyCommand("hint", "?", lambda: _("Hint"))
LOG = KeyCommand("log", "l", lambda: _("Log"))
DEMO = KeyCommand("demo", "d", lambda: _("Demo"))
# TRANSLATORS: the Keys screen: F turns a game's speed (Normal, Quick, Fast).
FAST = KeyCommand("fast", "f", lambda: pgettext("keys", "Speed"))
UNDO = KeyCommand("undo", "u", lambda: _("Undo"))
REDO = KeyCommand("redo", "r", lambda: _("Redo"))
REVIEW = KeyCommand("review", "v", lambda: _("Review"))
FRIENDS = KeyCommand("friends", "g", lambda: _("Friends"))
SHARED = (HINT, LOG, DEMO, FAST, UNDO, REDO, REVIEW, FRIENDS)
SHARED_NAMES = tuple(command.name for command in SHARED)


def shared_commands(
    undo: bool = False, review: bool = True, friends: bool = True
) -> tuple[KeyCommand, ...]:
    """The shared commands a table has: hint, log, demo and speed always; undo and redo,
    the review and the friends' panel where the table has them."""
    left_out = set()
    if not undo:
        left_out |= {"undo", "redo"}
    if not review:
        left_out.add("review")
    if not friends:
        left_out.add("friends")
    return tuple(c for c in SHARED if c.name not in left_out)


@dataclass(frozen=True)
class GameKeys:
    """A game's table commands (its own first, then the shared ones it has) and the keys
    it keeps for other things, each with why (a message with {key} or none)."""

    commands: tuple[KeyCommand, ...]
    reserved: Mapping[str, str] = field(default_factory=dict)
    #: Keys a command on which is typed at the game's prompt and carried out on Enter,
    #: not at once (La Belle Lucie's suits: "DJ" must not fire D's command).
    typed: str = ""

    def __post_init__(self) -> None:
        keys = [c.key for c in self.commands]
        if len(set(keys)) != len(keys) or len({c.name for c in self.commands}) != len(keys):
            raise ValueError(f"two commands on one key or one name: {keys}")

    def command(self, name: str) -> KeyCommand | None:
        return next((c for c in self.commands if c.name == name), None)

    def taken_by_game(self, key: str) -> str:
        """Why the game or the app keeps `key` for itself (translated), or ""."""
        if key in GLOBAL_KEYS:
            return _(GLOBAL_KEYS[key]).format(key=key_label(key))
        if key in DIGITS:
            return _(DIGITS_REASON)
        if key in self.reserved:
            return _(self.reserved[key]).format(key=key_label(key))
        return ""


#: The commands of a table whose game named none (a test's game): the shared ones.
EVERY_SHARED = GameKeys(SHARED)


class KeyMap:
    """One game's keys as they stand: its defaults with the player's changes."""

    def __init__(self, game: GameKeys, changed: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.keys = {c.name: c.key for c in game.commands}
        for name, key in (changed or {}).items():
            if name in self.keys:
                self.keys[name] = key
        self.commands = {key: name for name, key in self.keys.items()}

    def key(self, name: str) -> str:
        """The key of a command ("r"), "" if the game has no such command."""
        return self.keys.get(name, "")

    def label(self, name: str) -> str:
        """The key of a command as the bar shows it ("R", or "D+Enter" for a key typed
        and carried out with Enter)."""
        key = self.key(name)
        if self.typed(key):
            # TRANSLATORS: a command's key typed, then Enter (the command bar): "D+Enter".
            return _("{key}+Enter").format(key=key_label(key))
        return key_label(key)

    def typed(self, key: str) -> bool:
        """Whether a command on `key` is typed at the prompt and carried out on Enter."""
        return bool(key) and key in self.game.typed

    def command(self, char: str) -> str:
        """The command a typed character gives ("" for none)."""
        return self.commands.get(normal_key(char), "")

    def changed(self) -> dict[str, str]:
        """The keys that differ from the defaults (what Settings keeps)."""
        return {c.name: self.keys[c.name] for c in self.game.commands if self.keys[c.name] != c.key}

    def refusal(self, name: str, char: str) -> str:
        """Why `char` cannot be the key of command `name` (translated), or "" if it can."""
        key = normal_key(char)
        if not key:
            # TRANSLATORS: the Keys screen, when Enter, an arrow or a function key is pressed.
            return _(
                "A command's key is a letter or a sign: Enter, Space, Esc, Tab, the arrows and the F keys stay as they are."
            )
        why = self.game.taken_by_game(key)
        if why:
            return why
        holder = self.commands.get(key, name)
        if holder != name:
            command = self.game.command(holder)
            # TRANSLATORS: the Keys screen: "R is already Roll's key: change Roll first."
            return _(
                "{key} is already the key of {command}: give {command} another key first."
            ).format(key=key_label(key), command=command.word() if command else holder)
        return ""

    def with_key(self, name: str, char: str) -> KeyMap:
        """These keys with `name` on `char` (which refusal() found free)."""
        return KeyMap(self.game, {**self.changed(), name: normal_key(char)})


_ROW_KEY = re.compile(r"(?<!\w)([^\s/,+])(\+\w+)?(?!\w)")


def relabel_rows(text: str, keys: KeyMap) -> str:
    """A help page whose rows read "key<TAB>what it does" with the keys as they stand: a
    default key in a row's first column ("R", "U / R", "D+Enter") becomes its command's
    key now. Text elsewhere is left as written."""
    moved = {c.key: c.name for c in keys.game.commands if keys.key(c.name) != c.key}
    if not moved:
        return text

    def swap(match: re.Match) -> str:
        name = moved.get(normal_key(match.group(1)))
        return keys.label(name) if name else match.group(0)

    rows = []
    for row in text.split("\n"):
        head, tab, rest = row.partition("\t")
        rows.append(_ROW_KEY.sub(swap, head) + tab + rest if tab else row)
    return "\n".join(rows)


# -- the games, as the registry tells them ------------------------------------------------
def _no_games(game_id: str) -> GameKeys | None:
    return None  # before the registry is imported: every game has the shared commands


_find: Callable[[str], GameKeys | None] = _no_games


def find_game_keys_with(find: Callable[[str], GameKeys | None]) -> None:
    """Make `find(game_id)` a registered game's commands (called by the registry)."""
    global _find
    _find = find


def game_keys(game_id: str) -> GameKeys | None:
    """A registered game's commands, or None for a game that named none."""
    return _find(game_id)


_maps: dict[tuple, KeyMap] = {}


def key_map(stored: Mapping[str, Mapping[str, str]], game_id: str) -> KeyMap:
    """The one place a table command's key is looked up: the game's keys as the settings
    (`Settings.keys`) change them. A game that named no commands has the shared ones."""
    game = game_keys(game_id) or EVERY_SHARED
    changed = stored.get(game_id) or {}
    cache = (game_id, tuple(sorted(changed.items())))
    found = _maps.get(cache)
    if found is None or found.game is not game:
        if len(_maps) > 64:
            _maps.clear()
        found = _maps[cache] = KeyMap(game, changed)
    return found


def stored_keys_checked(data: object) -> tuple[dict[str, dict[str, str]], list[str]]:
    """Settings' keys from a file: what can stand, and a note for the log on each thing
    dropped (the command takes its default key again). Never raises."""
    if not isinstance(data, dict):
        return {}, ["keys is not an object"]  # i18n: not shown (the log)
    kept: dict[str, dict[str, str]] = {}
    repairs: list[str] = []
    for game_id, changes in data.items():
        if not isinstance(game_id, str) or not isinstance(changes, dict):
            repairs.append(f"keys[{game_id!r}] is not an object of keys")  # i18n: not shown
            continue
        game = game_keys(game_id)
        good: dict[str, str] = {}
        for name, char in changes.items():
            key = normal_key(char) if isinstance(char, str) else ""
            if not isinstance(name, str) or not key:
                said = f"keys[{game_id!r}][{name!r}]={char!r}: not one key"  # i18n: not shown
                repairs.append(said)
            elif game is not None and game.command(name) is None:
                repairs.append(f"keys[{game_id!r}]: no command {name!r}")  # i18n: not shown
            elif game is not None and game.taken_by_game(key):
                said = f"keys[{game_id!r}][{name!r}]={char!r}: kept"  # i18n: not shown (the log)
                repairs.append(said)
            else:
                good[name] = key
        good = _without_clashes(game, good, game_id, repairs)
        if good:
            kept[game_id] = good
    return kept, repairs


def _without_clashes(
    game: GameKeys | None, changes: dict[str, str], game_id: str, repairs: list[str]
) -> dict[str, str]:
    """The changes less those that put two commands on one key (each such change goes:
    its command takes its default back, which may clash in turn)."""
    defaults = {c.name: c.key for c in game.commands} if game is not None else {}
    while True:
        keys = {**defaults, **changes}
        holders: dict[str, list[str]] = {}
        for name, key in keys.items():
            holders.setdefault(key, []).append(name)
        clashing = sorted(
            name
            for names in holders.values()
            if len(names) > 1
            for name in names
            if name in changes
        )
        if not clashing:
            return changes
        for name in clashing:
            repairs.append(
                f"keys[{game_id!r}][{name!r}]={changes[name]!r}: another command's key"  # i18n: not shown
            )
            del changes[name]


__all__ = [
    "DIGITS",
    "EVERY_SHARED",
    "GLOBAL_KEYS",
    "SHARED",
    "SHARED_NAMES",
    "GameKeys",
    "KeyCommand",
    "KeyMap",
    "find_game_keys_with",
    "game_keys",
    "key_label",
    "key_map",
    "normal_key",
    "relabel_rows",
    "shared_commands",
    "stored_keys_checked",
]
