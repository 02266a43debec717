"""What La Belle Lucie's table says to a player who listens (speech, issue 34): what is
typed at the prompt, when the table waits for a move, and on request the cards that may
move (the top of each fan), the whole table, and the cards home with the shuffles left.
A solitaire hides nothing: every card of the fans is face up."""

from __future__ import annotations

from typing import Any, Protocol

from game.lang import _, join_words, ngettext, number, text
from game.scenes.lucie.words import card_name


class SpokenTable(Protocol):
    """What speech reads of the table (play.LucieScene)."""

    entry: Any
    shown: Any
    game: Any
    finished: bool

    @property
    def is_over(self) -> bool: ...
    @property
    def waiting_for_human(self) -> bool: ...


def focus(table: SpokenTable) -> str:
    """What is typed at the prompt so far (the keys echoed, as a screen reader does)."""
    if not table.entry:
        return ""
    # TRANSLATORS: spoken: what has been typed at the prompt so far ("T D")
    return _("Typed: {keys}").format(keys=" ".join(table.entry.text))


def prompt(table: SpokenTable) -> str:
    """The table waits for a move."""
    if table.finished or table.is_over or not table.waiting_for_human:
        return ""
    # TRANSLATORS: spoken when the table waits for a move
    return _("Your move: type a card and Enter, S and Enter shuffles, ? gives a hint.")


def names(cards) -> str:
    return join_words(text(card_name(card)) for card in cards)


def free_cards(table: SpokenTable) -> str:
    """F2: the card at the top of each fan (those that may move), fan by fan."""
    tops = [fan[-1] for fan in table.shown.now.fans if fan]
    if not tops:
        return _("No cards left in the fans.")
    # TRANSLATORS: spoken: the top card of each fan, the cards that may move
    return _("Top cards: {cards}.").format(cards=names(tops))


def table_words(table: SpokenTable) -> str:
    """F3: every fan, bottom card first, and the foundations' top cards."""
    words = [
        # TRANSLATORS: spoken: one fan of cards, bottom card first
        _("Fan {number}: {cards}.").format(number=index + 1, cards=names(fan))
        for index, fan in enumerate(table.shown.now.fans)
        if fan
    ]
    home = [card for card in table.shown.now.tops.values() if card]
    if home:
        # TRANSLATORS: spoken: the top card of each foundation
        words.append(_("Home: {cards}.").format(cards=names(home)))
    return " ".join(words)


def score(table: SpokenTable) -> str:
    """F4: the cards home and the shuffles left."""
    game = table.game
    home, left = game.cards_home, game.redeals_left
    return " ".join(
        (
            # TRANSLATORS: spoken: cards on the foundations
            ngettext("{count} card home.", "{count} cards home.", home).format(count=number(home)),
            # TRANSLATORS: spoken: shuffles (redeals) left
            ngettext("{count} shuffle left.", "{count} shuffles left.", left).format(
                count=number(left)
            ),
        )
    )
