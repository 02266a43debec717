"""What the Farkle table says to a player who listens (speech, issue 34): the die the
arrows are on (by its key, 1-6), what the table waits for, and on request the dice, the
table and the scores. Farkle hides nothing: every seat sees the whole table."""

from __future__ import annotations

from typing import Any, Protocol

from game.engine.farkle import ROLLED
from game.lang import _, join_words, number
from game.scenes.farkle.controls import CURSOR_CENTRE
from game.scenes.farkle.words import dice_text


class SpokenTable(Protocol):
    """What speech reads of the table (play.FarkleScene)."""

    state: Any
    presenter: Any
    cursor: int | None
    selected: set[int]
    finished: bool

    @property
    def waiting_for_human(self) -> bool: ...
    @property
    def held_dice(self) -> tuple[int, ...]: ...
    @property
    def held_points(self) -> int: ...
    def bank_hint(self) -> str: ...
    def name(self, seat: int) -> str: ...


def focus(table: SpokenTable) -> str:
    """The die under the keyboard's cursor while a person here decides."""
    if not table.waiting_for_human or table.cursor is None:
        return ""
    if table.cursor == CURSOR_CENTRE:
        # TRANSLATORS: spoken: the keyboard is on the blank die in the middle of the ring
        return _("The blank die: Space holds every scoring die.")
    index = table.presenter.roll_index_at_slot(table.cursor)
    if index is None or index >= len(table.state.roll):
        return ""
    face, key = table.state.roll[index], table.cursor + 1
    if index in table.selected:
        # TRANSLATORS: spoken: the die the arrows are on, by its key, its face, held
        return _("Die {key}: a {face}, held.").format(key=key, face=face)
    # TRANSLATORS: spoken: the die the arrows are on, by its key, and its face
    return _("Die {key}: a {face}.").format(key=key, face=face)


def held(table: SpokenTable) -> str:
    """The dice held and what they make, or ""."""
    if not table.selected or table.state.phase != ROLLED:
        return ""
    # TRANSLATORS: spoken: the dice held from this roll and their points
    return _("Held {dice}: {points} points.").format(
        dice=dice_text(table.held_dice), points=number(table.held_points)
    )


def prompt(table: SpokenTable) -> str:
    """What the table waits for: what is held, and what Next would do or why not."""
    if table.finished:
        # TRANSLATORS: spoken once the game is over (N: a new game, Esc: the title)
        return _("The game is over. N starts a new game, Esc goes to the title.")
    if not table.waiting_for_human:
        return ""
    return " ".join(part for part in (held(table), table.bank_hint()) if part)


def dice(table: SpokenTable) -> str:
    """F2: the dice on the table by their keys, the dice held and the turn so far."""
    state = table.state
    if state.phase != ROLLED or not state.roll:
        return _("No dice on the table.")
    by_key = sorted(
        (table.presenter.slot_of[i] + 1, face)
        for i, face in enumerate(state.roll)
        if i < len(table.presenter.slot_of)
    )
    words = [
        # TRANSLATORS: spoken: the dice on the table, "key 1 a 5, key 3 a 1 and key 4 a 2"
        _("Dice: {dice}.").format(
            dice=join_words(
                _("key {key} a {face}").format(key=key, face=face) for key, face in by_key
            )
        )
    ]
    words.append(held(table))
    # TRANSLATORS: spoken: the points held this turn before the dice on the table
    words.append(_("This turn so far: {points}.").format(points=number(state.turn_points)))
    return " ".join(word for word in words if word)


def table_words(table: SpokenTable) -> str:
    """F3: whose turn it is, the dice left and the turn's points."""
    state = table.state
    words = [_("{name} to play.").format(name=table.name(state.current))]
    if state.phase == ROLLED:
        words.append(dice(table))
    return " ".join(words)


def scores(table: SpokenTable) -> str:
    """F4: every seat's score and the target."""
    state = table.state
    words = [
        # TRANSLATORS: spoken: a player's score
        _("{name}: {points}.").format(name=table.name(seat), points=number(state.scores[seat]))
        for seat in state.active_seats
    ]
    # TRANSLATORS: spoken after the scores: the score that wins
    words.append(_("Playing to {target}.").format(target=number(state.options.target)))
    return " ".join(words)
