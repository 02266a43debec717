"""Small pixel-art charts: points joined by lines, bars, and meters, on a labelled scale.

A chart is drawn into a `plot` rectangle of the canvas along a value scale from `low`
(the bottom edge) to `high` (the top edge). Series sit in `slots`, equal columns from
left to right, so that two charts of the same games put each game in the same column.

Nothing here rests on hue alone, for mono mode (each colour to black, white or a 50%
dither): points have square markers, lost games are hollow bars against filled ones, the
grid is dark grey, which mono shows as a dotted line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.art.font import BitmapFont
from game.lang import number
from game.ui import theme

MARKER = 3  # side of a point's square marker, in pixels
BAR_GAP = 2  # pixels between neighbouring bars
LABEL_GAP = 3  # between a scale's labels and the plot's left edge


def value_y(plot: pygame.Rect, value: float, low: float, high: float) -> int:
    """The canvas row of `value` on a scale from `low` (the plot's bottom) to `high`."""
    value = min(max(value, low), high)
    share = (value - low) / (high - low) if high > low else 0.0
    return plot.bottom - 1 - round(share * (plot.height - 1))


def slot_rect(plot: pygame.Rect, index: int, slots: int) -> pygame.Rect:
    """Column `index` of `slots` equal columns across the plot (the last may be wider)."""
    width = plot.width // max(1, slots)
    return pygame.Rect(plot.x + index * width, plot.y, width, plot.height)


def draw_scale(
    canvas: pygame.Surface,
    plot: pygame.Rect,
    font: BitmapFont,
    ticks: Sequence[tuple[float, str]],
    low: float,
    high: float,
) -> None:
    """Labels at the left of the plot and a dark grid line across it at each tick value,
    with the plot's left edge drawn as the axis."""
    for value, label in ticks:
        y = value_y(plot, value, low, high)
        pygame.draw.line(canvas, theme.CHART_GRID, (plot.x, y), (plot.right - 1, y))
        font.draw(
            canvas,
            label,
            (plot.x - LABEL_GAP, y - (font.cap_top + font.baseline) // 2),
            theme.TEXT_DIM,
            align="right",
        )
    pygame.draw.line(canvas, theme.CHART_AXIS, (plot.x - 1, plot.y), (plot.x - 1, plot.bottom - 1))


def draw_points(
    canvas: pygame.Surface,
    plot: pygame.Rect,
    values: Sequence[float | None],
    low: float,
    high: float,
    colour,
) -> None:
    """A point per slot with a value, joined by lines; a None is passed over (the line
    joins its neighbours), so only the points drawn are games with a value."""
    points = [
        (slot_rect(plot, i, len(values)).centerx, value_y(plot, value, low, high))
        for i, value in enumerate(values)
        if value is not None
    ]
    if len(points) > 1:
        pygame.draw.lines(canvas, colour, False, points)
    for x, y in points:
        canvas.fill(colour, (x - MARKER // 2, y - MARKER // 2, MARKER, MARKER))


def draw_bars(
    canvas: pygame.Surface,
    plot: pygame.Rect,
    values: Sequence[float | None],
    filled: Sequence[bool],
    low: float,
    high: float,
    colour,
    hollow_colour,
) -> None:
    """A bar per slot from the zero line (or `low`, if above zero) to its value, filled or
    hollow (a frame: the series a legend calls e.g. "lost"); None draws no bar."""
    base = value_y(plot, min(max(0, low), high), low, high)
    for i, value in enumerate(values):
        if value is None:
            continue
        slot = slot_rect(plot, i, len(values))
        top = value_y(plot, value, low, high)
        bar = pygame.Rect(
            slot.x + BAR_GAP // 2, min(top, base), max(1, slot.width - BAR_GAP), abs(base - top) + 1
        )
        if filled[i]:
            canvas.fill(colour, bar)
        else:
            pygame.draw.rect(canvas, hollow_colour, bar, 1)


def draw_meter(canvas: pygame.Surface, rect: pygame.Rect, fraction: float | None, colour) -> None:
    """A frame the width of 100%, filled from the left to `fraction` (0..1); None: the
    frame alone, drawn dim (nothing to measure yet)."""
    if fraction is None:
        pygame.draw.rect(canvas, theme.CHART_GRID, rect, 1)
        return
    pygame.draw.rect(canvas, theme.CHART_AXIS, rect, 1)
    inner = rect.inflate(-4, -4)
    width = round(inner.width * min(max(fraction, 0.0), 1.0))
    if width:
        canvas.fill(colour, (inner.x, inner.y, width, inner.height))


def draw_swatch(
    canvas: pygame.Surface, rect: pygame.Rect, filled: bool, colour, hollow_colour
) -> None:
    """A legend's sample of a bar: filled, or a hollow frame, as draw_bars draws them."""
    if filled:
        canvas.fill(colour, rect)
    else:
        pygame.draw.rect(canvas, hollow_colour, rect, 1)


def nice_step(span: float, steps: int) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) that covers `span` in at most
    `steps` steps: the scale's labels then read 0, 2.5k, 5k... rather than 0, 2.3k."""
    if span <= 0:
        return 1.0
    raw = span / steps
    power = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 2.5, 5, 10):
        if multiple * power >= raw:
            return multiple * power
    return 10 * power


def short_number(value: float) -> str:
    """A scale label in at most five characters and a sign: 850, 7.5k, 12.5k, 1.2M, -25."""
    sign, value = ("-" if value < 0 else ""), abs(value)
    scaled, suffix = value, ""
    for limit, letter in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            scaled, suffix = value / limit, letter
            break
    # One decimal where it matters (a step of 2.5k), none where it would not fit.
    text = f"{scaled:.1f}".rstrip("0").rstrip(".")
    if len(text) > 4:
        text = f"{scaled:.0f}"
    # The language's decimal sign: 7.5k, 7,5k.
    return f"{sign}{text.replace('.', decimal_sign())}{suffix}"


def decimal_sign() -> str:
    """The language's decimal sign: "." or ","."""
    return number(0.5, 1)[1]
