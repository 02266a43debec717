"""The keys and command bar entries every table shares, and the help page that lists them.

The game's own entries come first on the bar (TableScene.game_commands), at its left;
these are pinned at its right, each in its place for as long as the screen lasts (dimmed
when not valid now): Hurry (where the bar has room for it), Hint, Undo and Redo where
the game has them, Friends at a network table, then Log, Demo, Fast, Help and the menu.
After the game the review joins them. The boss key (B, F12) is on the help page, not the
bar. A table whose bar after the end is the end's own (END_BAR) lists New game, the
review, the title, the log and help instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

from game.art.font import get_font
from game.input import Action
from game.lang import _
from game.shell.base import Command, HelpPage, char_command, named_command
from game.shell.registry import game_info
from game.storage.keymap import KeyMap, key_map, normal_key
from game.storage.settings import SPEED_LABELS
from game.table.logview import COPY_KEY, MoveLogScene, copy_code
from game.table.speaking import READ_ACTIONS
from game.table.talk import DIM

# The shared commands, by the name of the action a command bar entry sends, and the letter
# keys that send them by default: the same at every table unless a game's manual gives a
# letter another meaning, or the player gave a command another key (the Keys screen:
# game.storage.keymap; TableScene.SHARED_CHARS and KEY_LABELS are the keys as they stand).
SHARED_COMMANDS = ("hint", "log", "demo", "fast", "undo", "redo", "review", "friends")
SHARED_CHARS = {
    "?": "hint",
    "/": "hint",  # "/" is "?" without its shift
    "l": "log",
    "d": "demo",
    "f": "fast",
    "u": "undo",
    "r": "redo",
    "v": "review",
    "g": "friends",  # a network table's panel (guests: who is where, the invitation)
}
KEY_LABELS = {
    "hint": "?",
    "log": "L",
    "demo": "D",
    "fast": "F",
    "undo": "U",
    "redo": "R",
    "review": "V",
    "friends": "G",
}


COPIED_TICKS = 180  # the end's line saying the code is copied stays this long


class KeysHooks:
    """What a game adds to the shared keys and the command bar."""

    def undo(self) -> None:
        """U, at a table with HAS_UNDO."""

    def redo(self) -> None:
        """R, at a table with HAS_UNDO."""

    def game_help(self) -> list[HelpPage]:
        """The game's own help pages (the table adds the page of shared keys)."""
        return []

    def game_commands(self) -> list[Command]:
        """The command bar entries of the game itself, before the shared ones."""
        return []

    def bar_shares(self) -> bool:
        """The shared entries follow the game's on the command bar now (False while a
        mode of the game fills the bar: typing a move, choosing a target)."""
        return True

    def bar_hurries(self) -> bool:
        """The shared entries on the bar begin with Space (Hurry), dimmed while a person
        here decides."""
        return self.HURRY_ON_BAR

    def bar_mode(self) -> object:
        """Which of the game's own bars is up, when it has more than one (typing a move,
        a question, choosing a target): a new one may rearrange the bar, while within
        one every entry keeps its place."""
        return ""

    def handle_game(self, action: Action) -> bool:
        """The game's own keys and clicks; True if the action was used."""
        return False

    def new_game_key(self) -> str:
        """The key that starts the next game on the bar after the end (END_BAR)."""
        return "N"


class KeysTable(Protocol):
    """What the shared keys ask of their table."""

    app: Any
    game_id: str
    demo: bool
    attract: bool
    finished: bool
    net: Any
    hints: Any
    coaching: Any
    network: Any
    demo_and_fast: Any
    menu: Any
    talk: Any
    speaking: Any
    dealing: Any
    title: str
    HAS_UNDO: bool
    HALF_ACCURACY_AT: float
    END_BAR: bool
    NEW_GAME_WORD: str
    SHARED_CHARS: Mapping[str, str]
    KEY_LABELS: Mapping[str, str]

    @property
    def waiting_for_human(self) -> bool: ...

    @property
    def hint_possible(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    def hurry(self) -> None: ...
    def game_commands(self) -> list[Command]: ...
    def bar_shares(self) -> bool: ...
    def bar_hurries(self) -> bool: ...
    def bar_mode(self) -> object: ...
    def new_game_key(self) -> str: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...


class EndTable(Protocol):
    """What the final standings' buttons ask of their table."""

    def new_game_key(self) -> str: ...
    def key_word(self, what: str) -> str: ...


#: Room a button's sprite keeps round its word.
BUTTON_MARGIN = 8


def end_button_labels(table: EndTable, width: int) -> tuple[str, str]:
    """The words of the New game and Title buttons (`width` pixels wide) of a game's
    final standings, each with what the bar after the end (END_BAR) presses it with: the
    key ("N", "Esc"), or with a controller in hand the button ("Y", "B"); the word alone
    when no button does it, or the two are too wide for the button (a long button name
    in a long language: the bar still shows it)."""
    new_game, title = table.key_word(table.new_game_key().lower()), table.key_word("cancel")
    labels = (
        # TRANSLATORS: the final standings' buttons (about 100 pixels each; too long,
        # the word alone is shown): {key} is what presses it, a key ("N", "Esc", French
        # "Échap") or a controller's button ("Y", "B", PlayStation's "Triangle").
        (_("{key} New game").format(key=new_game) if new_game else "", _("New game")),
        # TRANSLATORS: as "{key} New game": the button back to the title screen.
        (_("{key} Title").format(key=title) if title else "", _("Title")),
    )
    font = get_font("small")
    room = width - BUTTON_MARGIN
    first, second = (
        whole if whole and font.line_width(whole) <= room else word for whole, word in labels
    )
    return first, second


class SharedKeys:
    """The shared keys of one table, bound as its class attributes say."""

    def __init__(self, table: KeysTable) -> None:
        self.table = table

    def key(self, action: Action) -> bool:
        """The keys (and command bar entries) every table shares; True if the action was
        one of them."""
        table = self.table
        name = action.name
        if name == "cancel":
            table.menu.open()
            return True
        if name in READ_ACTIONS:
            return table.speaking.read(name)
        if name == "space" and not table.waiting_for_human:
            table.hurry()
            return True
        if (
            name == "char"
            and action.char.lower() == COPY_KEY
            and table.END_BAR
            and table.finished
            and table.dealing.code is not None
        ):
            table.talk.tell(copy_code(table.dealing.text), DIM, COPIED_TICKS)
            return True
        command = (
            name
            if name in SHARED_COMMANDS
            else (table.SHARED_CHARS.get(normal_key(action.char), "") if name == "char" else "")
        )
        if command in ("undo", "redo") and not table.HAS_UNDO:
            return False
        if command == "review" and not table.HALF_ACCURACY_AT:
            return False
        if command == "friends" and table.net is None:
            return False
        run = {
            "hint": table.hints.ask,
            "log": self.open_log,
            "demo": table.demo_and_fast.toggle_demo,
            "fast": table.demo_and_fast.cycle_speed,
            "undo": table.undo,
            "redo": table.redo,
            "review": table.coaching.open_review,
            "friends": table.network.open_friends_panel,
        }.get(command)
        if run is None:
            return False
        run()
        return True

    def open_log(self) -> None:
        """L: the move log over the table."""
        table = self.table
        table.app.push(MoveLogScene(table.app, table.talk.log, table.title, table.dealing.text))

    def bar(self) -> list[Command]:
        """The table's command bar: the game's entries, then the shared ones (or the
        end's own bar, or the game's alone while a mode of it fills the bar)."""
        table = self.table
        if table.END_BAR and table.finished:
            return self.end_entries()
        own = table.game_commands()
        if not table.bar_shares():
            return own
        return own + self.entries(hurry=table.bar_hurries())

    def screen(self) -> tuple:
        """Which of the table's bars is up: within one, every entry keeps its place
        (tests/scenes/test_every_table.py holds the bar to it)."""
        table = self.table
        return (table.finished, table.bar_shares(), table.bar_hurries(), table.bar_mode())

    def entries(self, hurry: bool = True) -> list[Command]:
        """The shared entries for the command bar (the game's come first), each in its
        place while the screen lasts: one not valid now is dimmed, not left out."""
        table = self.table
        labels = table.KEY_LABELS
        entries = []
        if hurry:
            entries.append(
                Command(
                    # TRANSLATORS: the Space bar's name on the command bar.
                    _("Space"),
                    # TRANSLATORS: command bar: hurry the computer along (one short word).
                    _("Hurry"),
                    Action("space"),
                    enabled=not table.waiting_for_human and not table.finished,
                )
            )
        entries.append(Command(labels["hint"], _("Hint"), Action("hint"), table.hint_possible))
        entries += self.review_entries()
        if table.HAS_UNDO:
            can_undo = not table.is_over and not table.demo
            entries += [
                Command(labels["undo"], _("Undo"), Action("undo"), can_undo),
                Command(labels["redo"], _("Redo"), Action("redo"), can_undo),
            ]
        if table.net is not None:
            entries.append(Command(labels["friends"], _("Friends"), Action("friends")))
        entries += [
            # TRANSLATORS: command bar: the move log (one short word).
            Command(labels["log"], _("Log"), Action("log")),
            Command(
                labels["demo"],
                # TRANSLATORS: command bar: the computer plays your seat (one short word).
                _("Demo"),
                Action("demo"),
                enabled=not table.attract and not table.finished,
                state=table.demo,
            ),
            # The speed this game is shown at; F turns it to the next.
            Command(
                labels["fast"], _(SPEED_LABELS[table.app.speed(table.game_id)]), Action("fast")
            ),
            char_command("H", _("Help")),
            # After the end Esc leaves for the title (TableMenu.open), and says so.
            # TRANSLATORS: command bar: back to the title screen / the table's menu.
            named_command(_("Esc"), _("Title") if table.finished else _("Menu"), "cancel"),
        ]
        return [replace(entry, pinned=True) for entry in entries]

    def review_entries(self) -> list[Command]:
        """The review's entry at a table with a coach: in its place all game (a click
        where "? Hint" was must not open the review at the end), dimmed until the game is
        over and someone here decided."""
        table = self.table
        if not table.HALF_ACCURACY_AT:
            return []
        # TRANSLATORS: command bar: the coach's review after the game (one short word).
        review = Command(table.KEY_LABELS["review"], _("Review"), Action("review"))
        return [replace(review, enabled=table.coaching.reviewable)]

    def end_entries(self) -> list[Command]:
        """The bar after the end at a table with END_BAR: the next game, the review, the
        title, the log and help."""
        table = self.table
        return [
            char_command(table.new_game_key(), _("New game")),
            *self.review_entries(),
            # TRANSLATORS: command bar: copy the game's deal code (one short word).
            *([char_command("C", _("Copy"))] if self.table.dealing.code is not None else []),
            named_command(_("Esc"), _("Title"), "cancel"),
            Command(table.KEY_LABELS["log"], _("Log"), Action("log")),
            char_command("H", _("Help")),
        ]

    def accuracy_scale(self) -> str:
        """HALF_ACCURACY_AT in words, for the help, as the game's registration says it
        (the Scores screen's help says it so too)."""
        table = self.table
        info = game_info(table.game_id)
        return (
            _(info.accuracy_halves_at)
            if info is not None and info.accuracy_halves_at
            else f"{table.HALF_ACCURACY_AT:g}"
        )

    def help_page(self) -> HelpPage:
        """The page that lists the keys every table shares, as this table binds them."""
        table = self.table
        labels = table.KEY_LABELS
        # Each line: the key, a tab, what it does (the help draws them as two columns).
        lines = [
            # TRANSLATORS: keys in the help's first column.
            _("H or F1") + "\t" + _("This help."),
            _("Esc")
            + "\t"
            + _(
                "The menu: Resume (R, or Esc again), Quit (Q) to the title, {new_game} (N), "
                "or Exit (X) to leave the program. Quit and Exit keep the game for Continue."
            ).format(new_game=_(table.NEW_GAME_WORD)),
            labels["hint"]
            + "\t"
            + _("Hint: what the strongest computer player would do now, and why."),
            labels["log"] + "\t" + _("The move log: everything that happened in this game."),
            labels["demo"]
            + "\t"
            + _(
                "Demo: the computer plays your seat, until you press it again. A game the "
                "computer played in does not count."
            ),
            labels["fast"]
            + "\t"
            + _(
                "Speed: Normal, Quick (animations and pauses half as long) or Fast (no "
                "animations), each press the next; remembered for this game."
            ),
            _("Space") + "\t" + _("Hurry the computer along: its cards and dice land at once."),
            # TRANSLATORS: keys in the help's first column.
            _("B or F12") + "\t" + _("The boss key."),
            # Speech (issue 34): the reading keys.
            "F2 / F3 / F4"
            + "\t"
            + _(
                "With speech on (Settings): read aloud your hand, the table, the score. "
                "Speech also says every move, whose turn it is and what the arrows are on."
            ),
        ]
        if table.net is not None:
            lines.insert(
                4,
                labels["friends"]
                + "\t"
                + _(
                    "The table panel: the invitation for your friends, who is at their seats "
                    "and from where; send a guest away, change the code, or give a missing "
                    "friend's seat to the computer."
                ),
            )
        if table.HAS_UNDO:
            lines.insert(
                4, labels["undo"] + " / " + labels["redo"] + "\t" + _("Undo and redo moves.")
            )
        if table.HALF_ACCURACY_AT:
            lines.insert(
                4,
                labels["review"]
                + "\t"
                + _(
                    "After the game: the coach's review of your costliest decisions, each "
                    "shown at its moment."
                ),
            )
            lines.append(
                _(
                    "The coach weighs every decision you make against the strongest "
                    "computer player (exactly where a solver knows, else as an "
                    "estimate, and says which), and scores each as chess sites do: 100 "
                    "for the best, 50 for one that gives up {scale}. Your accuracy, 0-100, "
                    "is their average (the Scores screen's help says more). Coach mode "
                    "(Settings) asks once before a costly move."
                ).format(scale=self.accuracy_scale())
            )
        return HelpPage(_("Keys at every table"), "\n".join(lines))


class TableKeys:
    """The keys of a table's commands as they stand (issue 34): the game's defaults with
    the player's own from the Keys screen, looked up afresh so that a change holds at
    once; the letters of the shared commands, their labels, and the controller's X and Y
    for the commands a game names in PAD_BUTTONS."""

    app: Any
    game_id: str
    PAD_BUTTONS: dict[str, tuple[str, ...]]

    @property
    def keys(self) -> KeyMap:
        """The table commands' keys as they stand: the game's defaults with the player's
        own from the Keys screen (game.storage.keymap), looked up afresh, so that a change
        holds at once."""
        return key_map(self.app.storage.settings.keys, self.game_id)

    def pad_claims(self) -> dict[str, tuple[str, ...]]:
        keys = self.keys  # a command named in PAD_BUTTONS: its key now, or its action's name
        return {
            role: tuple(w for n in names for w in (keys.key(n), n) if w)
            for role, names in self.PAD_BUTTONS.items()
        }

    @property
    def SHARED_CHARS(self) -> Mapping[str, str]:
        """The keys that give the shared commands at once (a key typed with Enter at the
        game's prompt is left out: the game offers the command its own way)."""
        keys = self.keys
        return {
            key: name
            for name, key in keys.keys.items()
            if name in SHARED_COMMANDS and not keys.typed(key)
        }

    @property
    def KEY_LABELS(self) -> Mapping[str, str]:
        """The shared commands' keys as the command bar and the help name them."""
        keys = self.keys
        return {
            **KEY_LABELS,
            **{name: keys.label(name) for name in SHARED_COMMANDS if keys.key(name)},
        }
