"""What Shut The Box says to a player who listens (speech, issue 34): the door the arrows
are on, what the table waits for, and on request the doors, the table and the scores.
Everything here is public: the box is in plain view of every seat."""

from __future__ import annotations

from typing import Any, Protocol

from game.lang import _, join_words, number
from game.scenes.shutbox.choice import GAME_OVER, NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT, SELECTING
from game.scenes.shutbox.words import dice_text


class SpokenTable(Protocol):
    """What speech reads of the table (play.ShutBoxScene)."""

    state: Any
    choice: Any
    shown: Any
    selection: set[int]
    cursor: int

    @property
    def mode(self) -> str: ...


def focus(table: SpokenTable) -> str:
    """The door under the arrows while the person picks doors."""
    if table.mode != SELECTING:
        return ""
    door = table.cursor
    if door in table.selection:
        # TRANSLATORS: spoken: the door the arrows are on, picked to be shut
        return _("Door {door}, picked.").format(door=door)
    if door in table.state.open_doors:
        # TRANSLATORS: spoken: the door the arrows are on, open (Down picks it)
        return _("Door {door}, open.").format(door=door)
    # TRANSLATORS: spoken: the door the arrows are on, shut by an earlier roll
    return _("Door {door}, shut.").format(door=door)


def prompt(table: SpokenTable) -> str:
    """What the table waits for: the prompt, or how far the doors picked are from the roll."""
    mode = table.mode
    if mode in (NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT):
        return table.choice.prompt_text()
    if mode == SELECTING:
        return table.choice.prompt_text() or table.choice.why_not()
    if mode == GAME_OVER:
        # TRANSLATORS: spoken once the game is over (N: a new game, Esc: the menu)
        return _("The game is over. Enter plays again, Esc opens the menu.")
    return ""


def open_doors(table: SpokenTable) -> str:
    """F2: the doors still open (the person's "hand")."""
    doors = sorted(table.shown.now.open_doors)
    if not doors:
        return _("Every door is shut.")
    # TRANSLATORS: spoken: the doors still open, "1, 4 and 9"
    return _("Open doors: {doors}.").format(doors=join_words(str(d) for d in doors))


def table_words(table: SpokenTable) -> str:
    """F3: whose turn, the dice, the doors open and those picked."""
    now = table.shown.now
    words = [
        _("{name} to play.").format(name=table.state.players[now.player].name),
        open_doors(table),
    ]
    if now.dice:
        # TRANSLATORS: spoken: the dice on the table, "4 + 3 = 7"
        words.append(_("Dice: {dice}.").format(dice=dice_text(now.dice)))
    if table.selection:
        # TRANSLATORS: spoken: the doors the person has picked so far
        words.append(
            _("Picked: {doors}.").format(doors=join_words(str(d) for d in sorted(table.selection)))
        )
    return " ".join(words)


def scores(table: SpokenTable) -> str:
    """F4: every player's points so far (fewest wins) and the round."""
    now = table.shown.now
    words = [
        # TRANSLATORS: spoken: a player's points so far (in Shut The Box, fewest wins)
        _("{name}: {points} points.").format(name=player.name, points=number(sum(turns)))
        for player, turns in zip(table.state.players, now.scores, strict=False)
    ]
    return " ".join(words)
