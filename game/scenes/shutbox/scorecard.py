"""Scorecards: a player's name, score and a graph of dots against a perfect score.

Shut The Box (1989): "This 'scorecard' contains the player's name, score, and a graph of
his/her score. The graph shows you how well you are doing against a perfect score ...
There are 50 dots on the scorecard, and one is filled every five points." Any game with a
best possible score can use it: the graph is `count` dots of `points_per_dot` each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.art import palette as P
from game.art import sprites
from game.art.font import get_font
from game.scenes.shutbox.sprites import SCORE_DOT_SIZE, score_dot

DOT_GAP = 1
DOT_PITCH = SCORE_DOT_SIZE[0] + DOT_GAP
CARD_PAD = 8  # inside a card: left and right margins
CARD_HEIGHT = 58  # room for a large name/score line, a detail line and the dots
# Where the parts of a card sit, from its top edge.
NAME_Y = 3
DETAIL_Y = 29
DOTS_Y = 44
MARK_LENGTH = 6  # Top Ten range marks jut this far in from a frame's edge

CARD_TEXT = P.TEXT_DARK  # cards are light panels: dark text (mono: black on white)
CARD_SCORE = P.BLUE
CARD_DETAIL = P.BLACK  # grey would dither away in mono
CARD_CURRENT = P.RED  # the name of the player whose turn it is


@dataclass(frozen=True)
class DotGraph:
    """`count` dots, one filled for every `points_per_dot` points (Shut The Box: 50 x 5)."""

    count: int = 50
    points_per_dot: int = 5

    @property
    def width(self) -> int:
        return self.count * DOT_PITCH - DOT_GAP

    def filled(self, score: int) -> int:
        """How many dots a score fills."""
        return max(0, min(self.count, score // self.points_per_dot))

    def x_of(self, score: int) -> int:
        """Offset from the graph's left edge of the gap just after the last dot `score`
        fills: where a mark for that score goes (0 for a score that fills none)."""
        filled = self.filled(score)
        return 0 if filled == 0 else filled * DOT_PITCH - DOT_GAP

    def draw(self, canvas: pygame.Surface, pos: tuple[int, int], score: int) -> pygame.Rect:
        """Blit the row of dots at `pos`; returns the row's rectangle."""
        filled = self.filled(score)
        full, empty = score_dot(True), score_dot(False)
        x, y = pos
        for i in range(self.count):
            canvas.blit(full if i < filled else empty, (x + i * DOT_PITCH, y))
        return pygame.Rect(x, y, self.width, SCORE_DOT_SIZE[1])


def card_width(graph: DotGraph) -> int:
    """The width of a card whose dots fill it from margin to margin."""
    return graph.width + 2 * CARD_PAD + 1


def draw_scorecard(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    graph: DotGraph,
    name: str,
    score: int,
    detail: str = "",
    current: bool = False,
) -> pygame.Rect:
    """A light card: name (large) and score (large, right), a detail line, the dot graph.

    Returns the rectangle of the dot row, so that callers can mark scores along it.
    """
    canvas.blit(sprites.panel(rect.width, rect.height, "light"), rect.topleft)
    small, large = get_font("small"), get_font("large")
    large.draw(
        canvas, name, (rect.x + CARD_PAD, rect.y + NAME_Y), CARD_CURRENT if current else CARD_TEXT
    )
    large.draw(
        canvas, str(score), (rect.right - CARD_PAD, rect.y + NAME_Y), CARD_SCORE, align="right"
    )
    if detail:
        small.draw(canvas, detail, (rect.x + CARD_PAD, rect.y + DETAIL_Y), CARD_DETAIL)
    return graph.draw(canvas, (rect.x + CARD_PAD, rect.y + DOTS_Y), score)


def draw_range_marks(
    canvas: pygame.Surface,
    frame: pygame.Rect,
    graph_x: int,
    graph: DotGraph,
    scores: Sequence[int],
    colour=P.TEXT_DARK,
    length: int = MARK_LENGTH,
) -> list[int]:
    """Lines jutting into `frame` from above and below at each score's place on graphs
    whose left edge is at `graph_x` (Shut The Box's Top Ten range on AllScores).

    Returns the x of every mark drawn.
    """
    xs = []
    for score in scores:
        x = graph_x + graph.x_of(score)
        xs.append(x)
        pygame.draw.line(canvas, colour, (x, frame.y), (x, frame.y + length - 1))
        pygame.draw.line(canvas, colour, (x, frame.bottom - length), (x, frame.bottom - 1))
    return xs


def leaders(scores: Sequence[int]) -> list[int]:
    """Indices of the highest score(s); empty for no scores."""
    if not scores:
        return []
    best = max(scores)
    return [i for i, score in enumerate(scores) if score == best]


def score_range(scores: Sequence[int]) -> tuple[int, int] | None:
    """(lowest, highest) of some scores, or None for none."""
    return (min(scores), max(scores)) if scores else None
