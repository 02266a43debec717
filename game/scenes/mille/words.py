"""What the Mille Bornes table says: card names, moves in words, and why a play is refused.

The engine decides what is legal; these sentences only explain its answer to a player.
A refusal names what the table shows (a hazard on the battle pile, a Speed Limit, the
distance left) using the engine's own view of a tableau, never a rule of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.mille.agents import LEVELS
from game.engine.mille.cards import (
    D200,
    DISTANCE,
    END_OF_LIMIT,
    HAZARD,
    HAZARD_FOR_REMEDY,
    KIND_BY_ID,
    REMEDY,
    REMEDY_FOR,
    ROLL,
    SAFETY,
    SAFETY_FOR,
    SPEED_LIMIT,
)
from game.engine.mille.rules import (
    DECLARE,
    DISCARD,
    END_HAND,
    EXTEND,
    LIMITED_MAX_KM,
    LONG_TARGET,
    MAX_200S,
    PASS,
    PLAY_CARD,
    Action,
    MilleState,
)

# The computer's levels as the set-up and the name plates say them.
LEVEL_LABELS = tuple((level, level.title()) for level in LEVELS)


def card_name(card: str) -> str:
    """The English name: "Stop", "100 km"."""
    return KIND_BY_ID[card].english


def bilingual(card: str) -> str:
    """English with the French of the bilingual cards: "Stop (Feu rouge)"; distances once."""
    kind = KIND_BY_ID[card]
    if kind.category == DISTANCE:
        return kind.english
    return f"{kind.english} ({kind.french})"


def side_name(names: Sequence[str], state: MilleState, side: int) -> str:
    """A player's name, or both partners' names for a team: "Ann & Greg"."""
    return " & ".join(names[seat] for seat in state.seats_of(side))


def wins(names: Sequence[str], state: MilleState, side: int) -> str:
    """ "Ann wins" or, for a team, "Ann & Greg win"."""
    verb = "win" if len(state.seats_of(side)) > 1 else "wins"
    return f"{side_name(names, state, side)} {verb}"


def standing(names: Sequence[str], state: MilleState) -> str:
    """The game score as a phrase: "Ann 1,250, Cindy 2,100"."""
    return ", ".join(
        f"{side_name(names, state, side)} {state.scores[side]:,}"
        for side in range(state.options.sides)
    )


def final_words(names: Sequence[str], state: MilleState) -> str:
    """Who won the game, and with what: "Ann wins with 5,150!" or a shared win."""
    winners = state.winners
    best = state.scores[winners[0]] if winners else 0
    if len(winners) > 1:
        together = " and ".join(side_name(names, state, w) for w in winners)
        return f"A tie at {best:,}: {together} share the win!"
    return f"{wins(names, state, winners[0])} with {best:,}!"


def describe_move(state: MilleState, seat: int, action: Action, names: Sequence[str]) -> str:
    """A move as the table announces it; `state` is the table before the move."""
    who = names[seat]
    card = action.card
    if action.verb == DISCARD:
        return f"{who} discards {card_name(card)}."
    if action.verb == DECLARE:
        return f"Coup fourré! {who} lays {card_name(card)} sideways and plays again."
    if action.verb == PASS:
        return ""  # never said: a pass would tell that the seat held the safety
    if action.verb == EXTEND:
        return f"{who} calls an extension: the trip is now {LONG_TARGET} km!"
    if action.verb == END_HAND:
        return f"{who} ends the hand at {state.target} km."
    if action.verb != PLAY_CARD:
        return ""
    category = KIND_BY_ID[card].category
    if category == HAZARD:
        return f"{who} plays {card_name(card)} on {side_name(names, state, action.side)}."
    if category == DISTANCE:
        km = state.tableaux[action.side].km + KIND_BY_ID[card].km
        return f"{who} drives {card_name(card)}: {km} of {state.target} km."
    if category == SAFETY:
        return f"{who} plays {card_name(card)} and plays again."
    return f"{who} plays {card_name(card)}."


def refusal(state: MilleState, seat: int, card: str) -> str:
    """Why `seat` may not play `card` now (the engine has already said it may not)."""
    kind = KIND_BY_ID[card]
    mine = state.tableaux[state.side_of(seat)]
    blocker = mine.blocking_hazard()
    if kind.category == DISTANCE:
        if not mine.can_move():
            if blocker is not None:
                return (
                    f"{card_name(blocker)} stops you: play {card_name(REMEDY_FOR[blocker])} first."
                )
            return "You need a Roll (Feu vert) on your battle pile before you can drive."
        if mine.speed_limited() and kind.km > LIMITED_MAX_KM:
            return f"Under a Speed Limit only 25 and {LIMITED_MAX_KM} km may be played."
        if card == D200 and mine.two_hundreds >= MAX_200S:
            return f"At most {MAX_200S} cards of 200 km in a hand."
        if mine.km + kind.km > state.target:
            return f"{kind.km} km would take you past {state.target} km: the trip must end exactly."
    elif kind.category == REMEDY:
        if card == ROLL:
            if mine.can_move() and mine.battle and mine.battle[-1] == ROLL:
                return "You are already rolling."
            if blocker is not None and blocker != "stop":
                remedy = card_name(REMEDY_FOR[blocker])
                return f"Mend the {card_name(blocker)} first: play {remedy}."
            return "You need no Roll now."
        if card == END_OF_LIMIT:
            return "There is no Speed Limit on you to end."
        hazard = HAZARD_FOR_REMEDY[card]
        if mine.protected(hazard):
            return f"Your {card_name(SAFETY_FOR[hazard])} already keeps {card_name(hazard)} away."
        if blocker is not None:
            return (
                f"{card_name(card)} mends {card_name(hazard)}, but what stops you is "
                f"{card_name(blocker)}."
            )
        return f"{card_name(card)} mends {card_name(hazard)}: there is none on your battle pile."
    elif kind.category == HAZARD:
        if card == SPEED_LIMIT:
            return (
                "No opponent can take a Speed Limit now: each is limited already or has "
                "Right of Way."
            )
        where = (
            "a side showing Roll or driving with Right of Way"
            if state.options.hazards_only_on_roll
            else "a battle pile that is not empty, or a side with Right of Way"
        )
        return (
            f"No opponent can take {card_name(card)} now: hazards go on {where}, "
            f"never against {card_name(SAFETY_FOR[card])}."
        )
    elif kind.category == SAFETY:
        return "Safeties are played on your own turn."
    return "The rules do not allow that card now."
