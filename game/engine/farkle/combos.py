"""Naming what held dice make ("three 4s 400, a 1 100"): the one wording of a hold, for the
table's live score line and the coach's words alike (hold_words), so that a hold reads
the same in both.

The points are the engine's: `score()` decides what any set of dice is worth, and a split
is accepted only when its parts add up to exactly the engine's score for the whole. This
module only finds such a split and puts words to it; it never decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .scoring import score

DICE = 6
NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _counts(dice: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * DICE
    for die in dice:
        counts[die - 1] += 1
    return tuple(counts)


def _dice(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(face for face in range(1, DICE + 1) for _ in range(counts[face - 1]))


def _patterns(counts: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
    """Named combinations these dice contain, biggest first (so the split reads naturally)."""
    found: list[tuple[str, tuple[int, ...]]] = []
    total = sum(counts)
    if total == DICE:
        for face in range(1, DICE + 1):
            if counts[face - 1] == DICE:
                found.append((f"six {face}s", counts))
        if all(c == 1 for c in counts):
            found.append(("a straight", counts))
        if sorted(c for c in counts if c) == [3, 3]:
            found.append(("two triples", counts))
    for face in range(1, DICE + 1):
        if counts[face - 1] >= 3:
            triple = tuple(3 if f == face else 0 for f in range(1, DICE + 1))
            found.append((f"three {face}s", triple))
    for face in (1, 5):
        if counts[face - 1]:
            single = tuple(1 if f == face else 0 for f in range(1, DICE + 1))
            found.append((f"a {face}", single))
    return found


@lru_cache(maxsize=512)
def _split(counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """A best split of exactly these dice into named parts, or () if none scores them."""
    whole = score(_dice(counts))
    if not whole:
        return ()
    for name, part in _patterns(counts):
        rest = tuple(c - p for c, p in zip(counts, part))
        points = score(_dice(part))
        if not any(rest):
            if points == whole:
                return ((name, points),)
            continue
        rest_split = _split(rest)
        if rest_split and points + sum(p for _, p in rest_split) == whole:
            return ((name, points),) + rest_split
    return ()


def combinations(dice: Sequence[int]) -> list[tuple[str, int]]:
    """The combinations held dice make, with points: [("three 4s", 400), ("two 1s", 200)].

    Single 1s and 5s are counted together ("two 5s"). Empty if the dice do not all score.
    """
    merged: list[tuple[str, int]] = []
    singles: dict[str, list[int]] = {}
    for name, points in _split(_counts(dice)):
        if name in ("a 1", "a 5"):
            singles.setdefault(name, []).append(points)
        else:
            merged.append((name, points))
    for name, points in singles.items():
        face = name[-1]
        count = len(points)
        label = name if count == 1 else f"{NUMBER_WORDS[count]} {face}s"
        merged.append((label, sum(points)))
    return merged


def hold_words(dice: Sequence[int]) -> str:
    """A hold as the table's score line names it, without the points: "three 5s + two
    1s + a 5" (the coach's words use it, so the review and the table say it alike)."""
    parts = combinations(dice)
    return " + ".join(name for name, _ in parts) if parts else "nothing"
