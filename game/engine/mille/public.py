"""Mille Bornes as a watcher sees it (a spectator at a network table): what is face up
and the sizes of the hands and the draw pile, never a card of any hand.

MilleState.public_view() writes it (an observation's JSON whose `seat`, `side` are null
and whose `hand` is empty); read_public() reads it back, checked as an observation is;
public_state() makes a whole state for a watcher's table to draw, every hand dealt at
random from the cards nobody sees (they lie face down there, and the next view replaces
them); check_public() finds a card no watcher may see in a view message (the tests and
the watching bot). Pure Python, like every engine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from game.engine.mille.rules import (
    COUP_FOURRE,
    HAND_SIZE,
    WAITING,
    MilleState,
    Observation,
    Pending,
)
from game.engine.mille.viewcards import VIEW_FIELDS, cards_in
from game.engine.saved import InvalidState


def read_public(data: Any) -> Observation:
    """The public view as an observation "of seat 0" with no hand (its hand's size
    kept); InvalidState (a ValueError) for anything that is no public view."""
    if not isinstance(data, dict) or set(data) != VIEW_FIELDS:
        raise InvalidState("a public view has an observation's fields")
    if data["seat"] is not None or data["side"] is not None or data["hand"] != []:
        raise InvalidState("a public view names no seat and holds no hand")
    sizes = data["hand_sizes"]
    if not isinstance(sizes, list) or not sizes:
        raise InvalidState("a public view without the hands' sizes")
    first = sizes[0]
    if not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first <= HAND_SIZE + 1):
        raise InvalidState("a hand size out of range")
    # Read as seat 0 holding nothing (the rest checked as any observation), then seat 0's
    # hand size put back.
    observation = Observation.from_json(
        {**data, "seat": 0, "side": 0, "hand_sizes": [0, *sizes[1:]]}
    )
    observation = replace(observation, hand_sizes=(first, *observation.hand_sizes[1:]))
    if sum(observation.hand_sizes) > sum(observation.unseen().values()):
        raise InvalidState("more cards in hands than the deck hides")
    return observation


def public_state(observation: Observation, rng: random.Random) -> MilleState:
    """A whole state consistent with the public view: every hand and the draw pile dealt
    at random from the cards nobody sees."""
    pool = list(observation.unseen().elements())
    rng.shuffle(pool)
    hands = []
    for size in observation.hand_sizes:
        hands.append(pool[:size])
        pool = pool[size:]
    pending = observation.pending
    return MilleState(
        options=observation.options,
        scores=list(observation.scores),
        hand_number=observation.hand_number,
        phase=COUP_FOURRE if observation.phase == WAITING else observation.phase,
        to_act=observation.to_act,
        turn_seat=observation.turn_seat,
        first_seat=observation.first_seat,
        hands=hands,
        draw_pile=pool,
        discard_pile=list(observation.discard_pile),
        tableaux=[t.copy() for t in observation.tableaux],
        target=observation.target,
        extended_by=observation.extended_by,
        pending=Pending(**pending.to_json()) if pending else None,
        last_hand=observation.last_hand,
        winners=list(observation.winners),
    )


def check_public(message: dict[str, Any]) -> str | None:
    """What a watcher may not get in a view message: a seat, a hand, a card that is not
    face up, a turn or legal actions of its own."""
    view = message.get("view")
    try:
        observation = read_public(view)
    except ValueError as error:
        return f"a view that is no public view: {error}"  # i18n: not shown (a view's check)
    if message.get("seat") is not None or message.get("your_turn") or message.get("legal"):
        return "a watcher's view with a seat, a turn or moves"  # i18n: not shown (a view's check)
    assert isinstance(view, dict)
    shown = Counter(cards_in({k: v for k, v in view.items() if k not in ("last_hand", "pending")}))
    over = shown - observation.seen()
    if over:
        return f"cards no watcher may see: {dict(over)}"  # i18n: not shown (a view's check)
    if observation.pending is not None and observation.pending.seat is not None:
        return "a coup fourré moment that says who is asked"  # i18n: not shown (a view's check)
    return None
