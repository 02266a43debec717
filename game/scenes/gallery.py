"""The gallery: every sprite and both fonts, page by page (the art kit's showcase).

    python -m game.scenes.gallery --out DIR [--mono] [--scale N]

writes page-1.png ... to DIR.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.art import gallery
from game.art import palette as P
from game.input import Action
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.registry import load_games, registered_games


def pages() -> list:
    """Every page's drawing function, in order: the kit's, each registered game's own
    (GameInfo.gallery_pages), the interface's."""
    return gallery.pages(registered_games())


def gallery_page_count() -> int:
    """How many gallery pages there are."""
    return len(pages())


def draw_gallery(surface: pygame.Surface, page: int) -> None:
    """Draw gallery page `page` (0-based, wraps) onto a 640x360 surface."""
    gallery.draw_gallery(surface, page, pages())


class GalleryScene(Scene):
    """Left/right (or a click on the left or right half) turns the page; Esc leaves."""

    title = "Gallery"
    has_command_bar = True

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % gallery_page_count()

    def handle(self, action: Action) -> None:
        if action.name in ("right", "down", "pagedown", "space", "wheel_down"):
            self.turn(1)
        elif action.name in ("left", "up", "pageup", "wheel_up"):
            self.turn(-1)
        elif action.name in ("cancel", "confirm"):
            self.close()
        elif action.name == "click":
            self.turn(1 if action.pos[0] >= 320 else -1)

    def commands(self) -> Sequence[Command]:
        return [
            named_command("<-", "Back", "left"),
            named_command("->", "Next", "right"),
            named_command("Esc", "Leave", "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                "Gallery",
                "Every sprite, die, card, door and letter the games draw, "
                f"on {gallery_page_count()} pages. Left and right turn the page; "
                "the mouse turns it by clicking the left or right half of the "
                "screen. Esc goes back to the title.",
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        draw_gallery(canvas, self.page)


def main(argv=None) -> int:
    """Write every page as PNG (optionally mono and scaled up)."""
    parser = argparse.ArgumentParser(description="Render the art gallery to PNG files.")
    parser.add_argument("--out", required=True, type=Path, help="folder for page-N.png")
    parser.add_argument("--mono", action="store_true", help="black and white, as mono mode")
    parser.add_argument("--scale", type=int, default=1, help="whole-number enlargement")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    load_games()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    args.out.mkdir(parents=True, exist_ok=True)
    canvas = pygame.Surface(gallery.CANVAS)
    for page in range(gallery_page_count()):
        draw_gallery(canvas, page)
        picture = P.to_mono(canvas) if args.mono else canvas
        if args.scale > 1:
            picture = pygame.transform.scale_by(picture, args.scale)
        name = f"page-{page + 1}{'-mono' if args.mono else ''}.png"
        pygame.image.save(picture, str(args.out / name))
        print(args.out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
