"""Six-sided dice shared by Farkle and Shut The Box."""

from __future__ import annotations

import random

FACES = (1, 2, 3, 4, 5, 6)


def roll_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    """Roll `count` fair dice with the given generator."""
    return tuple(rng.randint(1, 6) for _ in range(count))
