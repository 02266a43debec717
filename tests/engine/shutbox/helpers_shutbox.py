"""Test helpers for Shut The Box: scripted dice and positions set up from plain data."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.shutbox import Player, ShutBoxState
from tests.scripted_dice import ScriptedDice


def position(
    open_doors: Iterable[int],
    dice: tuple[int, ...] = (),
    *,
    players: int = 2,
    one_die: bool = False,
) -> ShutBoxState:
    """A game at the first player's first turn with these doors open and dice showing."""
    state = ShutBoxState.new([Player(f"P{i + 1}") for i in range(players)], one_die)
    data = state.to_json()
    data["open_doors"] = sorted(open_doors)
    data["dice"] = list(dice)
    data["phase"] = "shut" if dice else "roll"
    return ShutBoxState.from_json(data)


def dice_for(total: int) -> tuple[int, int]:
    """Two faces totalling `total` (2..12)."""
    low = max(1, total - 6)
    return low, total - low


def play_turn_keeping(state: ShutBoxState, keep: Iterable[int]) -> list:
    """Play the current turn so that exactly `keep` stays open, then end it.

    Door 1 is shut together with another door (no roll totals 1); the turn ends with a
    roll of 12, which `keep` must not be able to match (any set summing under 12 works).
    """
    from game.engine.shutbox import ALL_DOORS, Roll, Shut

    keep = frozenset(keep)
    to_shut = sorted(ALL_DOORS - keep, reverse=True)
    groups = [[d] for d in to_shut if d != 1]
    if 1 in to_shut:
        assert groups, "door 1 cannot be shut on its own"
        groups[-1].append(1)
    events = []
    for group in groups:
        events += state.apply(Roll(), ScriptedDice(dice_for(sum(group))))
        events += state.apply(Shut(frozenset(group)), ScriptedDice([]))
    if keep:
        assert sum(keep) < 12
        events += state.apply(Roll(), ScriptedDice([6, 6]))
    return events
