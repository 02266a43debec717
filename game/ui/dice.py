"""Dice on a table: drawn, tumbled when rolled, pointed at and clicked (Farkle, Shut The Box).

The tray only shows dice: which values they show and which are held is the engine's
business, handed in by the scene. Rolling tumbles the chosen dice for a number of ticks
(none in fast mode), jostling them a pixel or two, then shows the values the engine
rolled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.art import sprites

ROLL_TICKS = 36  # how long dice tumble (0.6 s)
FRAME_TICKS = 3  # a tumbling frame lasts this long
JOSTLE = 2  # pixels a tumbling die wanders from its place


@dataclass
class DieSlot:
    """One die's place on the table and what it shows."""

    pos: tuple[int, int]
    value: int = 1
    held: bool = False
    visible: bool = True
    tumbling: bool = False
    offset: tuple[int, int] = (0, 0)
    phase: int = 0

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.pos, sprites.DIE_SIZE)


@dataclass
class DiceTray:
    """A row (or any layout) of dice; `numerals` draws 1-6 instead of pips (P toggle)."""

    positions: Sequence[tuple[int, int]]
    numerals: bool = False
    slots: list[DieSlot] = field(init=False)
    cursor: int | None = None
    hover: int | None = None
    _left: int = 0
    _rng: random.Random = field(default_factory=lambda: random.Random(0), repr=False)

    def __post_init__(self) -> None:
        self.slots = [DieSlot(pos) for pos in self.positions]

    @property
    def rolling(self) -> bool:
        """True while dice are tumbling."""
        return self._left > 0

    def show(self, values: Sequence[int], held: Sequence[bool] = ()) -> None:
        """Show these values at once (no animation); missing dice are hidden."""
        for i, slot in enumerate(self.slots):
            slot.visible = i < len(values)
            if slot.visible:
                slot.value = values[i]
                slot.held = bool(held[i]) if i < len(held) else False
            slot.tumbling = False
            slot.offset = (0, 0)

    def roll(self, values: Sequence[int], which: Sequence[int], ticks: int = ROLL_TICKS) -> None:
        """Tumble the dice at indices `which` for `ticks`, landing on `values`.

        `values` covers every die on the table; the others keep showing their values.
        """
        self.show(values, [s.held for s in self.slots])
        self._left = ticks
        for i in which:
            slot = self.slots[i]
            slot.tumbling = ticks > 0
            slot.phase = self._rng.randrange(sprites.DIE_TUMBLE_FRAMES)

    def finish(self) -> None:
        """Stop any tumbling now."""
        self._left = 0
        for slot in self.slots:
            slot.tumbling = False
            slot.offset = (0, 0)

    def update(self) -> None:
        """One tick of the tumble."""
        if self._left <= 0:
            return
        self._left -= 1
        if self._left == 0:
            self.finish()
            return
        for slot in self.slots:
            if slot.tumbling and self._left % FRAME_TICKS == 0:
                slot.phase += 1
                slot.offset = (
                    self._rng.randint(-JOSTLE, JOSTLE),
                    self._rng.randint(-JOSTLE, JOSTLE),
                )

    def hit(self, pos: tuple[int, int] | None) -> int | None:
        """Index of the visible die under a canvas position."""
        if pos is None:
            return None
        for i, slot in enumerate(self.slots):
            if slot.visible and slot.rect.collidepoint(pos):
                return i
        return None

    def draw(self, canvas: pygame.Surface) -> None:
        for i, slot in enumerate(self.slots):
            if not slot.visible:
                continue
            x, y = slot.pos[0] + slot.offset[0], slot.pos[1] + slot.offset[1]
            if slot.tumbling:
                canvas.blit(sprites.die_tumble(slot.phase), (x, y))
                continue
            lit = i == self.cursor or i == self.hover
            state = (
                ("held_hilite" if slot.held else "hilite")
                if lit
                else ("held" if slot.held else "normal")
            )
            canvas.blit(sprites.die(slot.value, state, self.numerals), (x, y))
