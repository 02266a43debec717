"""Drive the real App headless: post key and mouse events, run ticks, look at pixels.

tests/conftest.py sets SDL's dummy video and audio drivers before pygame is imported.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.art.font import BitmapFont
from game.scenes.screens import SCREENS
from game.shell.app import App
from game.shell.options import Options


def make_app(data_dir: Path, **flags) -> App:
    """A windowed, silent App keeping its files in `data_dir`."""
    flags.setdefault("windowed", True)
    flags.setdefault("no_sound", True)
    return App(Options(data_dir=data_dir, **flags), SCREENS)


def run(app: App, ticks: int = 1) -> None:
    """Run `ticks` frames of one tick each (input is handled at the start of each)."""
    for _ in range(ticks):
        app.frame(1)


def run_until(app: App, done, limit: int = 1200) -> int:
    """Run ticks until `done()` is true (at most `limit`); returns the ticks it took. The
    coach may still be weighing a fast player's last moves when a game ends."""
    for ticks in range(limit + 1):
        if done():
            return ticks
        run(app, 1)
    raise AssertionError(f"not done after {limit} ticks")


def settle(app: App, scene, limit: int = 20_000) -> None:
    """Run ticks until the table `scene` comes to rest (its at_rest(): nothing plays,
    the screen has caught up, a person here is to decide or the game has finished, or a
    screen is over the table)."""
    run_until(app, scene.at_rest, limit)


def key(app: App, key_code: int, mod: int = 0, text: str = "", ticks: int = 1) -> None:
    """Press and release a key, then run ticks."""
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=text, scancode=0)
    )
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, scancode=0))
    run(app, ticks)


def type_text(app: App, text: str) -> None:
    """Type characters one key at a time (letters, digits and spaces)."""
    for ch in text:
        if ch == " ":
            key(app, pygame.K_SPACE, text=" ")
        else:
            code = pygame.key.key_code(ch.lower())
            mod = pygame.KMOD_SHIFT if ch.isupper() else 0
            key(app, code, mod=mod, text=ch)


def window_pos(app: App, canvas_pos: tuple[int, int]) -> tuple[int, int]:
    """The window pixel at the middle of a canvas pixel."""
    x, y = app.display.to_window(canvas_pos)
    half = app.display.scale // 2
    return (x + half, y + half)


def move(app: App, canvas_pos: tuple[int, int], ticks: int = 1) -> None:
    pos = window_pos(app, canvas_pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(app, ticks)


def click(app: App, canvas_pos: tuple[int, int], button: int = 1, ticks: int = 1) -> None:
    """Move to a canvas pixel, press and release the mouse button there, run ticks."""
    pos = window_pos(app, canvas_pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run(app, ticks)


def pixel(app: App, canvas_pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour of a canvas pixel as last drawn."""
    return tuple(app.display.canvas.get_at(canvas_pos))[:3]


def find_scene(app: App, kind: type) -> object | None:
    for scene in app.scenes:
        if isinstance(scene, kind):
            return scene
    return None


def words_on_screen(app, within: pygame.Rect | None = None) -> list[str]:
    """What a player reads: every text the app's scenes and command bar draw now (a line,
    a label, a command bar word), in drawing order; with `within`, only those drawn from a
    point inside that part of the canvas."""
    drawn: list[str] = []
    draw = BitmapFont.draw

    def reading(font, surface, text, pos, *args, **kwargs):
        if within is None or within.collidepoint(pos):
            drawn.append(text)
        return draw(font, surface, text, pos, *args, **kwargs)

    BitmapFont.draw = reading
    try:
        app.draw_scenes(app.display.canvas)
    finally:
        BitmapFont.draw = draw
    return drawn
