"""Text that does not fit: drawn off the canvas, out of its panel, or over another text.

`misfits(app)` draws every state of `--screenshots` (game/screenshots.py: the shell's
screens and each game's states) once and reads every line of text as it is drawn:

- a line drawn on the canvas must lie inside it; one drawn into a picture (a card face, a
  button's sprite) inside that picture;
- a line that starts inside a panel (draw_panel, draw_banner: the boxes the screens
  draw) must end inside the topmost such panel;
- a panel or button drawn over a line hides it, and must hide it whole (else it is cut);
- two lines must not overlap (their letters' bodies, from the capitals' tops to the
  baseline), unless one is drawn under a dimmed overlay (a dialog over a table) or they are
  the same text at the same place (a redraw).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.art.font import BitmapFont
from game.screenshots import SETTLE_TICKS, shell_states
from game.shell.registry import registered_games
from game.table.pictures import coach_states, network_states
from game.ui import widgets


@dataclass(frozen=True)
class Line:
    text: str
    body: pygame.Rect  # capitals' top to the baseline, the line's width
    on_canvas: bool
    surface_rect: pygame.Rect
    box: pygame.Rect | None  # the topmost panel its start lies in
    layer: int  # dims drawn before it: a dialog's text is above the table's

    def where(self) -> str:
        return f"{self.text!r} at {tuple(self.body)}"


@dataclass
class Recorder:
    canvas: pygame.Surface
    lines: list[Line] = field(default_factory=list)
    boxes: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    layer: int = 0
    inside_widget: int = 0  # a panel's own title tab is part of the panel

    cut: list[str] = field(default_factory=list)

    def box(self, rect: pygame.Rect) -> None:
        """A panel or button drawn: it hides the lines drawn under it, and a line it
        covers in part is cut."""
        rect = pygame.Rect(rect)
        kept = []
        for line in self.lines:
            if line.on_canvas and line.layer == self.layer and rect.colliderect(line.body):
                if not rect.contains(line.body):
                    self.cut.append(f"{line.where()} is cut by a panel {tuple(rect)}")
                continue
            kept.append(line)
        self.lines[:] = kept
        self.boxes.append((self.layer, rect))

    def text(self, font: BitmapFont, surface: pygame.Surface, text: str, pos, align) -> None:
        if self.inside_widget or not text.strip():
            return
        x0, y0 = int(pos[0]), int(pos[1])
        on_canvas = surface is self.canvas
        box = None
        if on_canvas:
            for layer, rect in reversed(self.boxes):
                if layer == self.layer and rect.collidepoint(x0, y0 + font.cap_top):
                    box = rect
                    break
        for row, line in enumerate(text.split("\n")):
            if not line.strip():
                continue
            width = font.line_width(line)
            x = x0 - (width // 2 if align == "center" else width if align == "right" else 0)
            y = y0 + row * font.line_height
            body = pygame.Rect(x, y + font.cap_top, width, font.baseline - font.cap_top)
            self.lines.append(Line(line, body, on_canvas, surface.get_rect(), box, self.layer))

    def misfits(self) -> Iterator[str]:
        yield from self.cut
        canvas_lines = []
        for line in self.lines:
            if not line.surface_rect.contains(line.body):
                place = "the canvas" if line.on_canvas else "its picture"
                yield f"{line.where()} leaves {place} {tuple(line.surface_rect)}"
            elif line.box is not None and not line.box.contains(line.body):
                yield f"{line.where()} leaves its panel {tuple(line.box)}"
            if line.on_canvas:
                canvas_lines.append(line)
        for first, second in itertools.combinations(canvas_lines, 2):
            if first.layer != second.layer:
                continue
            if first.text == second.text and first.body == second.body:
                continue
            if first.body.colliderect(second.body):
                yield f"{first.where()} overlaps {second.where()}"


@contextmanager
def recording(canvas: pygame.Surface) -> Iterator[Recorder]:
    """Every text drawn, every panel and dim, recorded while the block runs."""
    recorder = Recorder(canvas)
    draw, button_draw = BitmapFont.draw, widgets.Button.draw
    panel, banner, dim = widgets.draw_panel, widgets.draw_banner, widgets.dim

    def drawing(font, surface, text, pos, color, align="left", shadow=None, outline=None):
        recorder.text(font, surface, text, pos, align)
        return draw(font, surface, text, pos, color, align, shadow, outline)

    def boxed(original):
        def draw_box(surface, rect, *args, **kwargs):
            if surface is recorder.canvas:
                recorder.box(rect)
            recorder.inside_widget += 1
            try:
                return original(surface, rect, *args, **kwargs)
            finally:
                recorder.inside_widget -= 1

        return draw_box

    def button(self, canvas, *args, **kwargs):
        if canvas is recorder.canvas:
            recorder.box(self.rect)  # its label must fit in it: recorded, boxed by it
        return button_draw(self, canvas, *args, **kwargs)

    def dimming(surface, *args, **kwargs):
        if surface is recorder.canvas:
            recorder.layer += 1
        return dim(surface, *args, **kwargs)

    # Modules hold their own names for the widgets (from game.ui.widgets import ...).
    swaps = {panel: boxed(panel), banner: boxed(banner), dim: dimming}
    patched = []
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("game"):
            continue
        for name, value in list(vars(module).items()):
            # By identity: a module may hold a callable that cannot be hashed (ctypes').
            if callable(value) and any(value is original for original in swaps):
                patched.append((module, name, value))
                setattr(module, name, swaps[value])
    BitmapFont.draw, widgets.Button.draw = drawing, button
    try:
        yield recorder
    finally:
        BitmapFont.draw, widgets.Button.draw = draw, button_draw
        for module, name, value in patched:
            setattr(module, name, value)


def states(app) -> Iterator[tuple[str, object]]:
    yield from shell_states(app)
    for info in registered_games():
        for state, setup in itertools.chain(
            info.screenshots(app), coach_states(app, info), network_states(app, info)
        ):
            yield f"{info.id}-{state}", setup


def misfits(app) -> list[str]:
    """What does not fit, over every screenshot state: 'state: problem' lines."""
    found = []
    canvas = app.display.canvas
    for name, setup in states(app):
        app.scenes.clear()
        setup()
        for _ in range(SETTLE_TICKS):
            app.tick()
        with recording(canvas) as recorder:
            app.draw_scenes(canvas)
        found.extend(f"{name}: {problem}" for problem in recorder.misfits())
    app.scenes.clear()
    return found
