"""The nine doors in the box: where they stand, how they fall, and drawing them.

A door falls in two halves: the standing door folds down onto its hinge, then the lying
door swings out below it (reopening plays the same frames backwards). The frames are
scaled slices of the art kit's up and down sprites, made once and cached.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.art import palette as P
from game.art.images import Made
from game.engine.shutbox import DOORS
from game.scenes.shutbox import sprites

DROP_TICKS = 8  # a door takes this long to fall (or rise); fast mode: 0
HINGE = sprites.DOOR_HINGE
# The standing door is drawn from the frame's top to the hinge, the lying door below it.
UP_PART = pygame.Rect(0, 0, sprites.DOOR_SIZE[0], HINGE + 1)
DOWN_PART = pygame.Rect(0, HINGE + 1, sprites.DOOR_SIZE[0], sprites.DOOR_SIZE[1] - HINGE - 1)
# The lying door's body inside its frame (the rest is the cursor ring's room).
LYING_BODY = pygame.Rect(3, HINGE + 1, sprites.DOOR_SIZE[0] - 6, 24)

# Every falling frame of every door, lit or not. (Keyed by the art's generation, a new set
# used to pile up whenever any sheet was loaded.)
_frames = Made(len(DOORS) * 2 * DROP_TICKS)


def _folding_frame(door: int, hilite: bool, step: int) -> tuple[pygame.Surface, int]:
    """The door `step` ticks into its fall (0 < step < DROP_TICKS) and its y offset."""
    half = DROP_TICKS / 2
    if step <= half:
        part, fraction = UP_PART, 1 - step / half  # standing, folding to the hinge
    else:
        part, fraction = DOWN_PART, (step - half) / half  # lying, swinging out

    def make() -> pygame.Surface:
        source = sprites.door(door, down=part is DOWN_PART, hilite=hilite).subsurface(part)
        return pygame.transform.scale(source, (part.width, max(1, round(part.height * fraction))))

    frame = _frames.get((door, hilite, step), make)
    y = HINGE + 1 - frame.get_height() if part is UP_PART else HINGE + 1
    return frame, y


class DoorRow:
    """Doors 1-9 inside a box drawn at `box_pos`; each shown up or down, maybe falling."""

    def __init__(self, box_pos: tuple[int, int]):
        x0 = box_pos[0] + sprites.BOX_DOOR_ORIGIN[0]
        y0 = box_pos[1] + sprites.BOX_DOOR_ORIGIN[1]
        self.rects = {
            d: pygame.Rect(x0 + (d - 1) * sprites.DOOR_PITCH, y0, *sprites.DOOR_SIZE) for d in DOORS
        }
        # 0 = standing, DROP_TICKS = lying down; in between, falling or rising.
        self.progress = {d: 0 for d in DOORS}
        self.down: frozenset[int] = frozenset()

    def show(self, down: Iterable[int], animate: bool = True) -> None:
        """Make exactly the doors in `down` lie down (falling there unless not `animate`)."""
        self.down = frozenset(down)
        if not animate:
            for d in DOORS:
                self.progress[d] = DROP_TICKS if d in self.down else 0

    @property
    def moving(self) -> bool:
        """True while some door is falling or rising."""
        return any(self.progress[d] != (DROP_TICKS if d in self.down else 0) for d in DOORS)

    def update(self) -> None:
        """One tick of every falling or rising door."""
        for d in DOORS:
            target = DROP_TICKS if d in self.down else 0
            if self.progress[d] < target:
                self.progress[d] += 1
            elif self.progress[d] > target:
                self.progress[d] -= 1

    def hit(self, pos: tuple[int, int] | None) -> int | None:
        """The door under a canvas position (its whole frame: standing or lying)."""
        if pos is None:
            return None
        for d, rect in self.rects.items():
            if rect.collidepoint(pos):
                return d
        return None

    def top_of(self, door: int) -> tuple[int, int]:
        """The middle of a door's top edge (for a marker above it)."""
        rect = self.rects[door]
        return rect.centerx, rect.y

    def draw(
        self,
        canvas: pygame.Surface,
        cursor: int | None = None,
        outlined: Iterable[int] = (),
        outline_colour=P.HIGHLIGHT,
    ) -> None:
        """Every door; the cursor's has the gold ring, lying `outlined` ones an edge."""
        outlined = frozenset(outlined)
        for d, rect in self.rects.items():
            step, hilite = self.progress[d], d == cursor
            if step == 0 or step == DROP_TICKS:
                canvas.blit(sprites.door(d, down=step == DROP_TICKS, hilite=hilite), rect)
                if step == DROP_TICKS and d in outlined:
                    pygame.draw.rect(canvas, outline_colour, LYING_BODY.move(rect.topleft), 1)
            else:
                frame, y = _folding_frame(d, hilite, step)
                canvas.blit(frame, (rect.x, rect.y + y))
