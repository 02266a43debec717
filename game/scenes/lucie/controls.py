"""How a person plays at La Belle Lucie's table: cards typed at the seed's prompt (two
characters and Enter), clicks on cards, the deck and the prompt, the seed's S and Q, and
the game's entries on the command bar. The keys every table shares (?, U, R, D, F, L, Esc)
are the table runtime's.

Controls is the input mapping the table holds: keys and clicks in, the table's moves out.
It names what it needs of the table with a Protocol (ControlledTable) and keeps one thing
of its own, what the mouse is over (hover), which the view rings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from game.engine.cards import SUITS
from game.engine.lucie import LucieGame
from game.input import Action
from game.lang import N_, _
from game.scenes.lucie import layout
from game.scenes.lucie.entry import CardEntry
from game.scenes.lucie.keys import NEW, SHUFFLE_NAME
from game.scenes.lucie.picture import CardsPicture
from game.scenes.lucie.present import Presenter
from game.scenes.lucie.words import NEW_HAND, NEXT_HAND, SHUFFLE, label
from game.shell.base import Command, char_command, named_command
from game.storage.keymap import KeyMap, normal_key
from game.table import Shown, Talk
from game.ui.widgets import nearest_in_direction

DECK = "deck"  # the hover/click target of the shuffle deck
PROMPT = "prompt"
Target = str | tuple[int, int] | None  # DECK, PROMPT or (fan, index)
# Commands act at once at an empty prompt, on their keys (keys.LUCIE_KEYS: N a new hand,
# and the shared ones), none of which can start a card: the ranks (A2-9TJQK, and 1 for
# 10) are no command's. H and B never get here at an empty prompt: the app takes them as
# help and the boss key. A command on a suit's letter (the seed's S shuffle, D demo) is
# typed and takes effect on Enter (entry.command), as the seed's Q does.
# TRANSLATORS: the suits, as the command bar names their keys while a card is typed.
SUIT_WORDS = {"C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts"), "S": N_("Spades")}


class _Menu(Protocol):
    def open(self) -> None: ...


class _Demo(Protocol):
    def toggle_demo(self) -> None: ...


class _Shared(Protocol):
    def key(self, action: Action) -> bool: ...


class ControlledTable(Protocol):
    """What the controls read of the table and the moves they ask of it."""

    SHARED_CHARS: Mapping[str, str]
    KEY_LABELS: Mapping[str, str]
    shared_keys: _Shared
    entry: CardEntry
    game: LucieGame
    shown: Shown[CardsPicture]
    presenter: Presenter
    talk: Talk
    menu: _Menu
    demo_and_fast: _Demo
    demo: bool
    finished: bool

    @property
    def keys(self) -> KeyMap: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    def hurry(self) -> None: ...
    def deck_clickable(self) -> bool: ...
    def play(self, card: str) -> None: ...
    def shuffle(self) -> None: ...
    def open_new_hand(self) -> None: ...
    def offer_next_hand(self) -> None: ...


class Controls:
    """Keys and clicks at La Belle Lucie's table, turned into the table's moves."""

    def __init__(self, table: ControlledTable) -> None:
        self.table = table
        self.hover: Target = None  # what the mouse is over (target_at), or the arrows
        #: The arrow keys (or a controller's d-pad) moved the ring, not the mouse: Enter
        #: then plays the ringed card, as a click on it would.
        self.keyed = False

    def typed_commands(self) -> dict[str, str]:
        """The commands typed at the prompt and carried out on Enter, by their letter
        (upper case, as the entry keeps it): those whose key is a suit."""
        keys = self.table.keys
        return {key.upper(): name for name, key in keys.keys.items() if keys.typed(key)}

    def run(self, command: str) -> None:
        """A table command, by name: the game's own, or one every table shares."""
        table = self.table
        if command == NEW:
            table.open_new_hand()
        elif command == SHUFFLE_NAME:
            table.shuffle()
        elif command:
            table.shared_keys.key(Action(command))

    def handle(self, action: Action) -> bool:
        """Act on a key or click of the game's own; False leaves it to the shared keys."""
        table, name = self.table, action.name
        table.entry.command_letters = "".join(self.typed_commands())
        if name == "char":
            return self._char(action.char)
        if name == "confirm":
            if self.keyed and self.hover is not None and not table.entry:
                self.click_target(self.hover)
            else:
                self.submit_entry()
        elif name in ("up", "down", "left", "right") and not table.entry:
            self.move_ring(name)
        elif name in (SHUFFLE_NAME, NEW):
            self.run(name)
        elif name == "backspace":
            table.entry.erase()
        elif name == "cancel" and table.entry:
            table.entry.clear()
        elif name == "hover":
            self.hover, self.keyed = self.target_at(action.pos), False
        elif name == "click":
            self.click(action.pos)
        else:
            return False
        return True

    def _char(self, char: str) -> bool:
        table, entry = self.table, self.table.entry
        lower = char.lower()
        keys = table.keys
        command = keys.command(char)
        if not entry and command in (NEW, SHUFFLE_NAME) and not keys.typed(keys.key(command)):
            self.run(command)
        elif not entry and normal_key(char) in table.SHARED_CHARS:
            return False  # the table's own: hint, undo, redo, fast, log
        elif not entry and (table.is_over or table.demo) and lower == "q":
            table.menu.open()  # no card can be meant: the seed's Q at once
        elif not entry and table.demo and command != "demo":
            table.talk.refuse(self._demo_refusal())
        elif not entry.type(char):
            # The seed: "a light click and an error message" for an illegal keystroke.
            table.talk.refuse(entry.why_not(char))
        return True

    def _demo_refusal(self) -> str:
        if self.table.keys.key("demo") == "d":
            return _("The computer is playing: D and Enter hand the cards back.")
        # TRANSLATORS: {key} is demo's key ("M", or "C+Enter": typed, then Enter).
        return _("The computer is playing: {key} hands the cards back.").format(
            key=self.table.KEY_LABELS["demo"]
        )

    def submit_entry(self) -> None:
        """Enter: move the typed card, or a command typed alone (the seed's Q opens the
        quit menu; S shuffles, D hands the cards to the computer and back)."""
        table, entry = self.table, self.table.entry
        command = entry.command
        if command:
            entry.clear()
            self.run(self.typed_commands().get(command, ""))
            return
        if entry.rank_only == "Q":
            table.menu.open()
            return
        if not entry:
            if table.finished:
                table.offer_next_hand()
            return
        if not entry.complete:
            # TRANSLATORS: {rank} is what was typed, a rank alone ("T", "10", "Q").
            table.talk.refuse(
                _("{rank} what? Type the suit too: C, D, H or S.").format(rank=entry.text)
            )
            return
        card = entry.card
        entry.clear()
        table.play(card)

    def target_at(self, pos: tuple[int, int] | None) -> Target:
        """What is under a canvas point: the deck, the prompt, or a (fan, index) card."""
        if pos is None:
            return None
        if layout.DECK_RECT.collidepoint(pos):
            return DECK
        if layout.PROMPT_RECT.collidepoint(pos):
            return PROMPT
        return layout.card_at(self.table.shown.now.places(), pos)

    def ring_targets(self) -> dict[Target, tuple[int, int]]:
        """What the arrow keys ring, at the middle of what shows of it: every fan's top
        card, each buried card too while the free draw is there, and the deck while it
        can be shuffled."""
        table = self.table
        targets: dict[Target, tuple[int, int]] = {}
        for fan, place in enumerate(table.shown.now.places()):
            first = 0 if table.game.draw_available else place.count - 1
            for index in range(max(0, first), place.count):
                targets[(fan, index)] = place.card_rect(index).center
        if table.deck_clickable():
            targets[DECK] = layout.DECK_RECT.center
        return targets

    def move_ring(self, direction: str) -> None:
        """An arrow key: the ring goes to the nearest card that way (the first fan's top
        card when nothing is ringed yet)."""
        targets = self.ring_targets()
        if not targets:
            return
        here = targets.get(self.hover) if self.keyed else None
        if here is None and self.keyed and isinstance(self.hover, tuple):
            # The ringed card has moved away: ring what is now on top of its fan.
            fan = self.hover[0]
            self.hover = max(
                (t for t in targets if isinstance(t, tuple) and t[0] == fan),
                default=next(iter(targets)),
            )
        elif here is None:
            self.hover = next(iter(targets))
        else:
            self.hover = nearest_in_direction(targets, here, direction) or self.hover
        self.keyed = True

    def click(self, pos: tuple[int, int] | None) -> None:
        """A click does what typing does: a card, the deck (S), the prompt (Enter)."""
        self.click_target(self.target_at(pos))

    def click_target(self, target: Target) -> None:
        """A card, the deck or the prompt chosen: by the mouse, or by the ring and Enter."""
        table = self.table
        if table.busy and target not in (None, PROMPT):
            table.hurry()
        if target == DECK:
            table.shuffle()
        elif target == PROMPT:
            self.submit_entry()
        elif isinstance(target, tuple):
            fan, index = target
            fans = table.shown.now.fans
            if not (0 <= fan < len(fans) and 0 <= index < len(fans[fan])):
                return  # the card the ring or the pointer was on has moved meanwhile
            card = fans[fan][index]
            on_top = index == len(fans[fan]) - 1
            if on_top or table.game.draw_available or table.is_over or table.demo:
                table.entry.clear()
                table.play(card)
            else:
                table.presenter.locate_buried(card)

    def commands(self) -> list[Command]:
        """The game's entries on the command bar."""
        table = self.table
        if table.entry:
            return self._typing_commands()
        playing = not table.is_over and not table.demo
        keys = table.keys
        shuffle_key = (
            label(SHUFFLE)[0] if keys.key(SHUFFLE_NAME) == "s" else keys.label(SHUFFLE_NAME)
        )
        entries = [
            Command(
                shuffle_key,
                _(SHUFFLE[1]),
                Action(SHUFFLE_NAME),
                enabled=playing and table.game.can_redeal,
            ),
            Command(keys.label(NEW), _(NEW_HAND[1]), Action(NEW)),
        ]
        # Enter: the next hand once this one is over, else the card the arrows ring
        # (one slot for both words, so that nothing moves when it changes).
        enter, next_word = label(NEXT_HAND)
        play_word = _("Play")
        ringed = self.keyed and self.hover is not None and playing
        entries.insert(
            0,
            Command(
                enter,
                next_word if table.finished else play_word,
                Action("confirm"),
                enabled=table.finished or ringed,
                room=(next_word, play_word),
            ),
        )
        return entries

    def bar_shares(self) -> bool:
        return not self.table.entry  # a move being typed fills the bar

    def bar_mode(self) -> object:
        """A move being typed has a bar of its own, a new one with every key (it lists
        the keys that may come next)."""
        return ("typing", self.table.entry.text) if self.table.entry else ""

    def _typing_commands(self) -> list[Command]:
        entry = self.table.entry
        keys = entry.next_keys()
        entries: list[Command] = []
        if keys == SUITS:
            entries += [char_command(suit, _(SUIT_WORDS[suit])) for suit in SUITS]
        elif keys:
            # TRANSLATORS: the command bar's word for the 0 of a 10 being typed.
            entries += [char_command(key, _("Ten")) for key in keys]
        enter = _("Enter")
        if entry.complete:
            # TRANSLATORS: command bar words (one short word each).
            entries.append(named_command(enter, _("Move"), "confirm"))
        elif entry.rank_only == "Q":
            entries.append(named_command(enter, _("Quit"), "confirm"))
        elif entry.command:
            name = self.typed_commands().get(entry.command, "")
            command = self.table.keys.game.command(name)
            word = _(SHUFFLE[1]) if name == SHUFFLE_NAME else command.word() if command else ""
            entries.append(named_command(enter, word, "confirm"))
        entries += [
            # TRANSLATORS: the Backspace key's name on the command bar, short.
            named_command(_("Bksp"), _("Erase"), "backspace"),
            named_command(_("Esc"), _("Clear"), "cancel"),
        ]
        return entries
