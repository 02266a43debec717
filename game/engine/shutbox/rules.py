"""Shut The Box rules as the 1989 MicroLink seed states them: doors, shuts, scores, actions.

Door sets are `frozenset[int]` at the API; inside, a door set is also a 9-bit mask (door d
is bit d-1) so that the solver can index its tables by it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.lang import N_, Msg

DOORS: tuple[int, ...] = tuple(range(1, 10))
ALL_DOORS: frozenset[int] = frozenset(DOORS)
BOX_SHUT_BONUS = 5
TURNS_PER_PLAYER = 5
PERFECT_TURN = sum(DOORS) + BOX_SHUT_BONUS  # 50
PERFECT_GAME = PERFECT_TURN * TURNS_PER_PLAYER  # 250
# What a turn can score: its first roll (2 to 12, all nine doors up) always shuts a door or
# two, and a turn that leaves a door up leaves at least the 1: 2 to 44, or 50.
TURN_SCORES: frozenset[int] = frozenset(range(2, sum(DOORS))) | {PERFECT_TURN}
MIN_PLAYERS = 1
MAX_PLAYERS = 4

TWO_DICE = 2
ONE_DIE = 1
# The optional rule (off by default): once these doors are shut the player may roll one die.
ONE_DIE_REQUIRES_SHUT: frozenset[int] = frozenset({7, 8, 9})

# Computer levels, weakest first; the labels are what a menu shows.
LEVELS: tuple[str, ...] = ("beginner", "pub", "perfect")
# (English, marked for the catalogs: translate them where shown, with _()).
LEVEL_LABELS: Mapping[str, str] = {
    # TRANSLATORS: a computer player's level (the weakest), shown beside its name
    "beginner": N_("Beginner"),
    # TRANSLATORS: a computer player's level: a regular of the pub, who plays by a rule
    # of thumb; shown beside its name, keep it short
    "pub": N_("Pub regular"),
    # TRANSLATORS: a computer player's level (the strongest: it plays perfectly)
    "perfect": N_("Perfect"),
}

FULL_MASK = (1 << len(DOORS)) - 1


def to_mask(doors: Iterable[int]) -> int:
    """The 9-bit mask of a door set (door d is bit d-1)."""
    mask = 0
    for door in doors:
        if door not in ALL_DOORS:
            raise ValueError(f"no door {door!r}: doors are 1 to 9")
        mask |= 1 << (door - 1)
    return mask


def from_mask(mask: int) -> frozenset[int]:
    """The door set of a 9-bit mask."""
    return frozenset(d for d in DOORS if mask >> (d - 1) & 1)


def _door_sum(mask: int) -> int:
    return sum(d for d in DOORS if mask >> (d - 1) & 1)


MASK_SUM: tuple[int, ...] = tuple(_door_sum(m) for m in range(FULL_MASK + 1))


def _preference(mask: int) -> tuple[int, int]:
    # Listing order of the shuts of one roll: fewest doors first, then the highest doors
    # (comparing masks compares the doors highest first), which is also the order the seed
    # lists 7, 6+1, 5+2, 4+3, 4+2+1 in.
    return bin(mask).count("1"), -mask


def _build_shut_table() -> tuple[Mapping[int, tuple[int, ...]], ...]:
    table = []
    for mask in range(FULL_MASK + 1):
        by_total: dict[int, list[int]] = {}
        sub = mask
        while sub:
            by_total.setdefault(MASK_SUM[sub], []).append(sub)
            sub = (sub - 1) & mask
        table.append({t: tuple(sorted(subs, key=_preference)) for t, subs in by_total.items()})
    return tuple(table)


# SHUT_MASKS[open_mask][total]: every door set within `open_mask` totalling `total`.
SHUT_MASKS: tuple[Mapping[int, tuple[int, ...]], ...] = _build_shut_table()


def shut_options(open_doors: Iterable[int], total: int) -> tuple[frozenset[int], ...]:
    """Every combination of open doors totalling `total` (fewest doors, highest first)."""
    return tuple(from_mask(m) for m in SHUT_MASKS[to_mask(open_doors)].get(total, ()))


def can_match(open_doors: Iterable[int], total: int) -> bool:
    """Whether some combination of the open doors totals `total`."""
    return total in SHUT_MASKS[to_mask(open_doors)]


def is_valid_shut(open_doors: Iterable[int], total: int, doors: Iterable[int]) -> bool:
    """Whether `doors` is a non-empty set of open doors totalling `total`."""
    chosen = frozenset(doors)
    return bool(chosen) and chosen <= frozenset(open_doors) and sum(chosen) == total


def turn_score(open_doors: Iterable[int]) -> int:
    """Score of a turn that ended with `open_doors` still up: shut doors, +5 if all shut."""
    still_open = frozenset(open_doors)
    shut = ALL_DOORS - still_open
    return sum(shut) + (BOX_SHUT_BONUS if not still_open else 0)


def one_die_allowed(open_doors: Iterable[int], one_die_option: bool) -> bool:
    """Whether the optional one-die roll may be chosen now (option on, 7, 8 and 9 shut)."""
    return one_die_option and not (ONE_DIE_REQUIRES_SHUT & frozenset(open_doors))


@dataclass(frozen=True)
class Roll:
    """Roll the dice: two, or one where the one-die option allows it."""

    dice: int = TWO_DICE

    def __post_init__(self) -> None:
        if self.dice not in (ONE_DIE, TWO_DICE):
            raise ValueError(f"roll one or two dice, not {self.dice!r}")

    def to_json(self) -> dict[str, Any]:
        """Plain data for saved games and logs."""
        return {"kind": "roll", "dice": self.dice}

    def describe(self) -> Msg:
        """A few words for a reason or a log (a Msg: translated when shown)."""
        return Msg("roll one die") if self.dice == ONE_DIE else Msg("roll two dice")


@dataclass(frozen=True)
class Shut:
    """Shut this set of open doors, which must total the roll."""

    doors: frozenset[int]

    def __post_init__(self) -> None:
        # Accept any iterable (a list from JSON, the scene's set) but keep it hashable.
        object.__setattr__(self, "doors", frozenset(self.doors))

    def to_json(self) -> dict[str, Any]:
        """Plain data for saved games and logs."""
        return {"kind": "shut", "doors": sorted(self.doors)}

    def describe(self) -> str:
        """The doors as a player says them, highest first: "6+1"."""
        return "+".join(str(d) for d in sorted(self.doors, reverse=True))


Action = Roll | Shut


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The action that `to_json()` wrote."""
    kind = data.get("kind")
    if kind == "roll":
        return Roll(int(data.get("dice", TWO_DICE)))
    if kind == "shut":
        return Shut(frozenset(int(d) for d in data["doors"]))
    raise ValueError(f"not a Shut The Box action: {data!r}")
