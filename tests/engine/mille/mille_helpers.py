"""Helpers for the Mille Bornes tests: positions from plain data, and an oracle.

The oracle (`reference_plays`) restates the legality sentences of the rules file in the
most literal way, independently of the engine's code, so that property tests can check
that the engine never offers an illegal play and never hides a legal one.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.engine.mille.cards import KM, deck_counts
from game.engine.mille.rules import PLAY, Action, MilleState, Options, Tableau

HAZARD_REMEDY = {
    "accident": "repairs",
    "out_of_gas": "gasoline",
    "flat_tire": "spare_tire",
    "stop": "roll",
}
HAZARD_SAFETY = {
    "accident": "driving_ace",
    "out_of_gas": "extra_tank",
    "flat_tire": "puncture_proof",
    "stop": "right_of_way",
    "speed_limit": "right_of_way",
}
REMEDIES = {"repairs", "gasoline", "spare_tire", "roll", "end_of_limit"}
SAFETIES = {"driving_ace", "extra_tank", "puncture_proof", "right_of_way"}


def tableau(
    battle: str = "", speed: str = "", distance: str = "", safeties: str = "", coups: str = ""
) -> Tableau:
    """A tableau from space-separated card lists (bottom first)."""
    return Tableau(battle.split(), speed.split(), distance.split(), safeties.split(), coups.split())


def position(
    hand: Iterable[str],
    mine: Tableau | None = None,
    others: dict[int, Tableau] | None = None,
    *,
    players: int = 2,
    seat: int = 0,
    target: int | None = None,
    pile: list[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    extended_by: int | None = None,
    **options: Any,
) -> MilleState:
    """A state in the middle of a hand where `seat` holds `hand` and is to play."""
    opts = Options(players=players, **options)
    state = MilleState.new_game(opts)
    state.hand_number = 1
    state.phase = PLAY
    state.to_act = seat
    state.turn_seat = seat
    state.target = target or opts.start_target
    state.extended_by = extended_by
    state.hands = [["25"] * 6 for _ in range(players)]
    state.hands[seat] = list(hand)
    for other, cards in (hands or {}).items():
        state.hands[other] = list(cards)
    if mine is not None:
        state.tableaux[state.side_of(seat)] = mine
    for side, t in (others or {}).items():
        state.tableaux[side] = t
    state.draw_pile = list(pile) if pile is not None else ["25"] * 20
    return state


def describe(action: Action, state: MilleState) -> str:
    """A play written as the tests' tables write it: "roll", or "stop>1" for a hazard."""
    own = state.side_of(state.to_act)
    return action.card if action.side == own else f"{action.card}>{action.side}"


def legal_plays(state: MilleState) -> set[str]:
    """The engine's legal card plays (discards left out), as described strings."""
    return {describe(a, state) for a in state.legal_actions() if a.verb == "play"}


def _moving(t: Tableau) -> bool:
    """The rules file: a Roll showing, or Right of Way and no uncorrected hazard showing."""
    top = t.battle[-1] if t.battle else None
    if top == "roll":
        return True
    if "right_of_way" in t.safeties:
        return not (top in HAZARD_SAFETY and HAZARD_SAFETY[top] not in t.safeties)
    return False


def reference_plays(state: MilleState) -> set[str]:
    """Every legal play of the seat to act, restated literally from the rules file."""
    seat = state.to_act
    sides = state.options.sides
    side = seat % sides
    me = state.tableaux[side]
    top = me.battle[-1] if me.battle else None
    out: set[str] = set()
    for card in set(state.hands[seat]):
        if card in SAFETIES:
            out.add(card)  # any time on your turn
        elif card == "roll":
            # Empty, a remedy other than Roll, a Stop, or a hazard corrected by its safety.
            if (
                top is None
                or (top in REMEDIES and top != "roll")
                or top == "stop"
                or (top in HAZARD_SAFETY and HAZARD_SAFETY[top] in me.safeties)
            ):
                out.add(card)
        elif card in ("repairs", "gasoline", "spare_tire"):
            if (
                top is not None
                and HAZARD_REMEDY.get(top) == card
                and HAZARD_SAFETY[top] not in me.safeties
            ):
                out.add(card)
        elif card == "end_of_limit":
            if me.speed and me.speed[-1] == "speed_limit":
                out.add(card)
        elif card in KM:
            limited = (
                me.speed and me.speed[-1] == "speed_limit" and "right_of_way" not in me.safeties
            )
            if (
                _moving(me)
                and not (limited and KM[card] > 50)
                and not (card == "200" and me.distance.count("200") >= 2)
                and sum(KM[c] for c in me.distance) + KM[card] <= state.target
            ):
                out.add(card)
        else:
            for other in range(sides):
                if other == side:
                    continue
                them = state.tableaux[other]
                if HAZARD_SAFETY[card] in them.safeties:
                    continue
                if card == "speed_limit":
                    ok = not them.speed or them.speed[-1] == "end_of_limit"
                elif state.options.hazards_only_on_roll:
                    ok = _moving(them)
                else:
                    ok = bool(them.battle) or _moving(them)
                if ok:
                    out.add(f"{card}>{other}")
    return out


def all_cards(state: MilleState) -> Counter[str]:
    """Every card in the state, wherever it lies."""
    cards: Counter[str] = Counter(state.draw_pile)
    cards.update(state.discard_pile)
    for hand in state.hands:
        cards.update(hand)
    for t in state.tableaux:
        cards.update(t.cards())
    return cards


def full_deck(state: MilleState) -> Counter[str]:
    """The deck the state's options call for."""
    return deck_counts(state.options.short_deck)


# --- Saved games built from a real deal: cards are moved, never made up. ----------------


def take(data: dict, card: str) -> str:
    """One `card` taken from the draw pile, else the discards, else a hand."""
    for pile in (data["draw_pile"], data["discard_pile"], *data["hands"]):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no {card} left")


def lay(data: dict, side: int, pile: str, cards: str) -> None:
    data["tableaux"][side][pile] += [take(data, card) for card in cards.split()]


def dealt(players: int = 2) -> dict:
    """The first hand just dealt: seat 0 has drawn and is to play."""
    state = MilleState.new_game(Options(players=players))
    state.apply(state.legal_actions()[0], random.Random(1))
    return state.to_json()


def restore(data: dict) -> MilleState:
    """From the saved text, as the game reads it from disk."""
    return MilleState.from_json(json.loads(json.dumps(data)))


def coup_fourre_question(players: int = 3) -> dict:
    """Seat 0 has just stopped seat 1 (rolling), who holds Right of Way; three players
    unless said."""
    data = dealt(players=players)
    lay(data, 1, "battle", "roll stop")
    data["hands"][1].append(take(data, "right_of_way"))
    data.update(phase="coup_fourre", to_act=1, turn_seat=0)
    data["pending"] = {"hazard": "stop", "attacker": 0, "side": 1, "seat": 1}
    return data


def reshuffle_hidden(state: MilleState, seat: int, rng: random.Random) -> MilleState:
    """The same position as `seat` sees it, with every card hidden from it moved about."""
    other = state.copy()
    seats = [s for s in range(state.players) if s != seat]
    pool = [c for s in seats for c in other.hands[s]] + other.draw_pile
    rng.shuffle(pool)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], pool = pool[:size], pool[size:]
    other.draw_pile = pool
    return other
