"""Dice a test decides: a random.Random whose randint() gives the faces listed, in order."""

from __future__ import annotations

import random
from collections.abc import Iterable


class ScriptedDice(random.Random):
    """randint() gives `faces` in order, each checked against the range asked for; after
    them the stream of `seed`, or, without a seed, the test fails: its script ran out."""

    def __new__(cls, *args: object, **kwargs: object) -> ScriptedDice:
        # Python 3.10's random.Random.__new__ seeds itself from its first argument, and a
        # list of faces cannot be hashed; __init__ seeds it as asked.
        return super().__new__(cls)

    def __init__(self, faces: Iterable[int] = (), seed: int | None = None) -> None:
        super().__init__(0 if seed is None else seed)
        self.faces = list(faces)
        self.seeded = seed is not None

    def randint(self, a: int, b: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            assert a <= face <= b, f"a scripted {face} for randint({a}, {b})"
            return face
        assert self.seeded, "the test's scripted dice ran out"
        return super().randint(a, b)
