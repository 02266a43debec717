"""What Shut The Box's table says, made as Msgs (key and values, translated when shown).

The table's Talk (game/table/talk.py) keeps, saves and sends its lines as texts today:
`told` gives it a Msg in the language of the moment. Once Talk keeps Msgs themselves (so
that the move log reads in the language chosen later, and a guest reads its own), `told`
returns the Msg as it is, and every line of this game follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.shutbox import Shut


def dice_text(dice: Sequence[int]) -> str:
    """ "4 + 3 = 7", or "5" for one die (figures: the same in every language)."""
    return " + ".join(str(d) for d in dice) + (f" = {sum(dice)}" if len(dice) > 1 else "")


def doors_text(doors: Iterable[int]) -> str:
    """Doors as a player says them, highest first: "6+1" (the engine's wording)."""
    return Shut(frozenset(doors)).describe()
