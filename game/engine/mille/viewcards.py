"""What a Mille Bornes view message may hold, and the cards in it: shared by the guest's
checks (guest.py) and a watcher's (public.py)."""

from __future__ import annotations

from typing import Any

from game.engine.mille.cards import KIND_BY_ID

#: What a seat's view holds, exactly: an observation's fields and nothing else.
VIEW_FIELDS = frozenset(
    (
        "seat",
        "side",
        "options",
        "phase",
        "to_act",
        "turn_seat",
        "first_seat",
        "hand_number",
        "hand",
        "hand_sizes",
        "tableaux",
        "discard_pile",
        "draw_pile_size",
        "target",
        "extended_by",
        "pending",
        "scores",
        "last_hand",
        "winners",
    )
)


def cards_in(value: Any) -> list[str]:
    """Every card id anywhere in `value` (strings that name a card)."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and item in KIND_BY_ID:
            found.append(item)
        elif isinstance(item, dict):
            # A tableau's coups fourrés are among its safeties: counted there.
            stack.extend(v for k, v in item.items() if k not in ("options", "coups_fourres"))
        elif isinstance(item, list):
            stack.extend(item)
    return found
