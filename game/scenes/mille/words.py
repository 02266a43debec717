"""What the Mille Bornes table says: card names, moves in words, and why a play is refused.

Each sentence is a Msg (kept as its English key and values, translated where shown).

The engine decides what is legal; these sentences only explain its answer to a player.
A refusal names what the table shows (a hazard on the battle pile, a Speed Limit, the
distance left) using the engine's own view of a tableau, never a rule of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.mille.cards import (
    D200,
    DISTANCE,
    END_OF_LIMIT,
    HAZARD,
    HAZARD_FOR_REMEDY,
    KIND_BY_ID,
    REMEDY,
    REMEDY_FOR,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
    card_msg,
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
from game.lang import Msg, language, nmsg, number, text
from game.scenes.mille.help import LEVEL_NAMES

# The computer's levels as the set-up and the name plates say them (translated there).
LEVEL_LABELS = LEVEL_NAMES


def card_name(card: str) -> str:
    """The card's name in the player's language: "Stop", "Feu rouge", "25 bornes"."""
    return text(card_msg(card))


def bilingual(card: str) -> str:
    """The name with the French of the bilingual cards: "Stop (Feu rouge)"; distances
    once, and in French the French name alone."""
    kind = KIND_BY_ID[card]
    if kind.category == DISTANCE or language() == "fr":
        return card_name(card)
    # TRANSLATORS: a card's name and, in brackets, its French name as printed on the
    # bilingual cards: "Stop (Feu rouge)".
    return text(Msg("{name} ({french})", name=card_msg(card), french=kind.french))


def side_name(names: Sequence[str], state: MilleState, side: int) -> str:
    """A player's name, or both partners' names for a team: "Ann & Greg"."""
    return " & ".join(names[seat] for seat in state.seats_of(side))


def wins(names: Sequence[str], state: MilleState, side: int) -> Msg:
    """ "Ann wins!" or, for a team, "Ann & Greg win!"."""
    who = side_name(names, state, side)
    if len(state.seats_of(side)) > 1:
        return Msg("{names} win!", names=who)
    return Msg("{name} wins!", name=who)


def standing(names: Sequence[str], state: MilleState) -> str:
    """The game score as a phrase: "Ann 1,250, Cindy 2,100"."""
    return ", ".join(
        f"{side_name(names, state, side)} {number(state.scores[side])}"
        for side in range(state.options.sides)
    )


def final_words(names: Sequence[str], state: MilleState) -> Msg:
    """Who won the game, and with what: "Ann wins with 5,150!" or a shared win."""
    winners = state.winners
    best = state.scores[winners[0]] if winners else 0
    if len(winners) > 1:
        together = [side_name(names, state, w) for w in winners]
        return Msg("A tie at {score}: {names} share the win!", score=best, names=together)
    side = winners[0]
    who = side_name(names, state, side)
    if len(state.seats_of(side)) > 1:
        return Msg("{names} win with {score}!", names=who, score=best)
    return Msg("{name} wins with {score}!", name=who, score=best)


def describe_move(state: MilleState, seat: int, action: Action, names: Sequence[str]) -> Msg | str:
    """A move as the table announces it; `state` is the table before the move. Card
    names stay in the nominative ("{name} plays: {card}")."""
    who = names[seat]
    card = action.card
    if action.verb == DISCARD:
        return Msg("{name} discards {card}.", name=who, card=card_msg(card))
    if action.verb == DECLARE:
        return Msg(
            "Coup fourré! {name} lays {card} sideways and plays again.",
            name=who,
            card=card_msg(card),
        )
    if action.verb == PASS:
        return ""  # never said: a pass would tell that the seat held the safety
    if action.verb == EXTEND:
        return Msg(
            "{name} calls an extension: the trip is now {km} km!", name=who, km=str(LONG_TARGET)
        )
    if action.verb == END_HAND:
        return Msg("{name} ends the hand at {km} km.", name=who, km=str(state.target))
    if action.verb != PLAY_CARD:
        return ""
    category = KIND_BY_ID[card].category
    if category == HAZARD:
        return Msg(
            "{name} plays {card} on {side}.",
            name=who,
            card=card_msg(card),
            side=side_name(names, state, action.side),
        )
    if category == DISTANCE:
        km = state.tableaux[action.side].km + KIND_BY_ID[card].km
        return Msg(
            "{name} drives {card}: {km} of {target} km.",
            name=who,
            card=card_msg(card),
            km=str(km),
            target=str(state.target),
        )
    if category == SAFETY:
        return Msg("{name} plays {card} and plays again.", name=who, card=card_msg(card))
    return Msg("{name} plays {card}.", name=who, card=card_msg(card))


def refusal(state: MilleState, seat: int, card: str) -> Msg:
    """Why `seat` may not play `card` now (the engine has already said it may not)."""
    kind = KIND_BY_ID[card]
    mine = state.tableaux[state.side_of(seat)]
    blocker = mine.blocking_hazard()
    if kind.category == DISTANCE:
        if not mine.can_move():
            if blocker is not None:
                return Msg(
                    "{hazard} stops you: play {remedy} first.",
                    hazard=card_msg(blocker),
                    remedy=card_msg(REMEDY_FOR[blocker]),
                )
            return Msg("You need a Roll (Feu vert) on your battle pile before you can drive.")
        if mine.speed_limited() and kind.km > LIMITED_MAX_KM:
            return Msg(
                "Under a {limit} only 25 and {km} km may be played.",
                limit=card_msg(SPEED_LIMIT),
                km=str(LIMITED_MAX_KM),
            )
        if card == D200 and mine.two_hundreds >= MAX_200S:
            return nmsg(
                "At most {n} card of 200 km in a hand.",
                "At most {n} cards of 200 km in a hand.",
                MAX_200S,
            )
        if mine.km + kind.km > state.target:
            return Msg(
                "{km} km would take you past {target} km: the trip must end exactly.",
                km=str(kind.km),
                target=str(state.target),
            )
    elif kind.category == REMEDY:
        if card == ROLL:
            if mine.can_move() and mine.battle and mine.battle[-1] == ROLL:
                return Msg("You are already rolling.")
            if blocker is not None and blocker != STOP:
                return Msg(
                    "Mend the {hazard} first: play {remedy}.",
                    hazard=card_msg(blocker),
                    remedy=card_msg(REMEDY_FOR[blocker]),
                )
            return Msg("You need no {roll} now.", roll=card_msg(ROLL))
        if card == END_OF_LIMIT:
            return Msg("There is no {limit} on you to end.", limit=card_msg(SPEED_LIMIT))
        hazard = HAZARD_FOR_REMEDY[card]
        if mine.protected(hazard):
            return Msg(
                "Your {safety} already keeps {hazard} away.",
                safety=card_msg(SAFETY_FOR[hazard]),
                hazard=card_msg(hazard),
            )
        if blocker is not None:
            return Msg(
                "{card} mends {hazard}, but what stops you is {blocker}.",
                card=card_msg(card),
                hazard=card_msg(hazard),
                blocker=card_msg(blocker),
            )
        return Msg(
            "{card} mends {hazard}: there is none on your battle pile.",
            card=card_msg(card),
            hazard=card_msg(hazard),
        )
    elif kind.category == HAZARD:
        if card == SPEED_LIMIT:
            return Msg(
                "No opponent can take a {limit} now: each is limited already or has {right}.",
                limit=card_msg(SPEED_LIMIT),
                right=card_msg(RIGHT_OF_WAY),
            )
        if state.options.hazards_only_on_roll:
            return Msg(
                "No opponent can take {card} now: hazards go on a side showing {roll} or "
                "driving with {right}, never against {safety}.",
                card=card_msg(card),
                roll=card_msg(ROLL),
                right=card_msg(RIGHT_OF_WAY),
                safety=card_msg(SAFETY_FOR[card]),
            )
        return Msg(
            "No opponent can take {card} now: hazards go on a battle pile that is not "
            "empty, or a side with {right}, never against {safety}.",
            card=card_msg(card),
            right=card_msg(RIGHT_OF_WAY),
            safety=card_msg(SAFETY_FOR[card]),
        )
    elif kind.category == SAFETY:
        return Msg("Safeties are played on your own turn.")
    return Msg("The rules do not allow that card now.")
