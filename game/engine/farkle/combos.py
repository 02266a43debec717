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

from game.lang import Msg, nmsg, pmsg

from .scoring import score

DICE = 6

# How many dice of one face, as the words before a face's name say it ("three" 4s). In
# Polish "dwie" (the dice words are feminine: "dwie jedynki").
# TRANSLATORS: a count of dice, in "{count} 4s" ("three 4s"): Farkle.
COUNT_WORDS = {
    2: pmsg("farkle dice", "two"),
    3: pmsg("farkle dice", "three"),
    4: pmsg("farkle dice", "four"),
    5: pmsg("farkle dice", "five"),
    6: pmsg("farkle dice", "six"),
}
# TRANSLATORS: one die of a face, as the object of "keeps"/"Keep"/"Holding" (Polish:
# the accusative, "jedynkę"): Farkle.
SINGLES = {
    1: Msg("a 1"),
    2: Msg("a 2"),
    3: Msg("a 3"),
    4: Msg("a 4"),
    5: Msg("a 5"),
    6: Msg("a 6"),
}


def face_words(face: int, count: int) -> Msg:
    """Dice of one face as a player says them: "a 5", "three 4s" (a Msg, said in the
    language of the moment)."""
    if count == 1:
        return SINGLES[face]
    words = COUNT_WORDS[count]
    # TRANSLATORS: {count} is a word ("three"), never 1: e.g. "three 4s" (Polish "trzy
    # czwórki", "pięć czwórek"; French "trois 4").
    groups = {
        1: lambda: nmsg("{count} 1s", "{count} 1s", count, count=words),
        2: lambda: nmsg("{count} 2s", "{count} 2s", count, count=words),
        3: lambda: nmsg("{count} 3s", "{count} 3s", count, count=words),
        4: lambda: nmsg("{count} 4s", "{count} 4s", count, count=words),
        5: lambda: nmsg("{count} 5s", "{count} 5s", count, count=words),
        6: lambda: nmsg("{count} 6s", "{count} 6s", count, count=words),
    }
    return groups[face]()


# The named parts of a split: ("six", face), ("straight", 0), ("triples", 0),
# ("three", face), ("one", face).
Part = tuple[str, int]


def _counts(dice: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * DICE
    for die in dice:
        counts[die - 1] += 1
    return tuple(counts)


def _dice(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(face for face in range(1, DICE + 1) for _ in range(counts[face - 1]))


def _patterns(counts: tuple[int, ...]) -> list[tuple[Part, tuple[int, ...]]]:
    """Named combinations these dice contain, biggest first (so the split reads naturally)."""
    found: list[tuple[Part, tuple[int, ...]]] = []
    total = sum(counts)
    if total == DICE:
        for face in range(1, DICE + 1):
            if counts[face - 1] == DICE:
                found.append((("six", face), counts))
        if all(c == 1 for c in counts):
            found.append((("straight", 0), counts))
        if sorted(c for c in counts if c) == [3, 3]:
            found.append((("triples", 0), counts))
    for face in range(1, DICE + 1):
        if counts[face - 1] >= 3:
            triple = tuple(3 if f == face else 0 for f in range(1, DICE + 1))
            found.append((("three", face), triple))
    for face in (1, 5):
        if counts[face - 1]:
            single = tuple(1 if f == face else 0 for f in range(1, DICE + 1))
            found.append((("one", face), single))
    return found


@lru_cache(maxsize=512)
def _split(counts: tuple[int, ...]) -> tuple[tuple[Part, int], ...]:
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


def _named(part: Part, count: int = 1) -> Msg:
    kind, face = part
    if kind == "straight":
        # TRANSLATORS: the combination 1 2 3 4 5 6, as held ("Holding a straight").
        return Msg("a straight")
    if kind == "triples":
        # TRANSLATORS: the combination of two triples (1 1 1 2 2 2), as held.
        return Msg("two triples")
    return face_words(face, {"six": 6, "three": 3}.get(kind, count))


def combination_words(dice: Sequence[int]) -> list[tuple[Msg, int]]:
    """The combinations held dice make, with points: [(three 4s, 400), (two 1s, 200)],
    each name a Msg (said in the language of the moment).

    Single 1s and 5s are counted together ("two 5s"). Empty if the dice do not all score.
    """
    merged: list[tuple[Msg, int]] = []
    singles: dict[Part, list[int]] = {}
    for part, points in _split(_counts(dice)):
        if part[0] == "one":
            singles.setdefault(part, []).append(points)
        else:
            merged.append((_named(part), points))
    for part, points in singles.items():
        merged.append((_named(part, len(points)), sum(points)))
    return merged


def combinations(dice: Sequence[int]) -> list[tuple[str, int]]:
    """combination_words in the language of the moment: [("three 4s", 400), ("two 1s",
    200)]."""
    return [(name.text(), points) for name, points in combination_words(dice)]


def hold_words(dice: Sequence[int]) -> str:
    """A hold as the table's score line names it, without the points: "three 5s + two
    1s + a 5" (the coach's words use it, so the review and the table say it alike)."""
    parts = combinations(dice)
    # TRANSLATORS: what a hold of no scoring dice makes (the coach: "Keep nothing...").
    return " + ".join(name for name, _ in parts) if parts else Msg("nothing").text()
