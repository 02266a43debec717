"""The gallery: every sprite and both fonts, page by page (the art kit's showcase), in
colour or mono.

    python -m game.scenes.gallery --out DIR [--mono] [--scale N]

writes page-1.png ... to DIR. The pages are the art kit's (game.art.gallery) and each
registered game's, the kit's shared pages showing the games' icons, titles and samples.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import pygame

from game.art import gallery
from game.art import palette as P
from game.art.font import get_font
from game.input import Action
from game.lang import N_, _
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.registry import load_games, registered_games


def pages() -> list[Callable[[pygame.Surface], None]]:
    """Every page's drawing function, in order: the kit's shared sheets, the games' own
    pages, the kit's interface pages."""
    games = registered_games()

    def samples(page: str) -> list:
        return [info.gallery_samples[page] for info in games if page in info.gallery_samples]

    return [
        gallery.page_palette_and_fonts,
        partial(gallery.page_dice, samples=samples("dice")),
        gallery.page_cards,
        *(page for info in games for page in info.gallery_pages),
        partial(gallery.page_ui, games=games),
        partial(gallery.page_title, games=games),
        partial(gallery.page_mono_pairs, samples=samples("mono")),
    ]


def gallery_page_count() -> int:
    """How many gallery pages there are."""
    return len(pages())


def draw_gallery(surface: pygame.Surface, page: int) -> None:
    """Draw gallery page `page` (0-based, wraps) onto a 640x360 surface."""
    every = pages()
    surface.fill(gallery.BACKGROUND)
    every[page % len(every)](surface)
    get_font("small").draw(
        surface,
        _("Gallery {page}/{pages}").format(page=page % len(every) + 1, pages=len(every)),
        (632, 8),
        gallery.LABEL_COLOR,
        align="right",
        shadow=P.BLACK,
    )


class GalleryScene(Scene):
    """Left/right (or a click on the left or right half) turns the page; Esc leaves."""

    title = N_("Gallery")  # translated where shown
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
            named_command("<-", _("Back"), "left"),
            named_command("->", _("Next"), "right"),
            named_command(_("Esc"), _("Leave"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("Gallery"),
                _(
                    "Every sprite, die, card, door and letter the games draw, "
                    "on {n} pages. Left and right turn the page; "
                    "the mouse turns it by clicking the left or right half of the "
                    "screen. Esc goes back to the title."
                ).format(n=gallery_page_count()),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        draw_gallery(canvas, self.page)


def main(argv=None) -> int:
    """Write every page as PNG (optionally mono and scaled up)."""
    # A developer's command line: English, as the program's --help.
    about = "Render the art gallery to PNG files."  # i18n: not shown (--help, English)
    out_help = "folder for page-N.png"  # i18n: not shown (--help, English)
    mono_help = "black and white, as mono mode"  # i18n: not shown (--help, English)
    scale_help = "whole-number enlargement"  # i18n: not shown (--help, English)
    parser = argparse.ArgumentParser(description=about)
    parser.add_argument("--out", required=True, type=Path, help=out_help)
    parser.add_argument("--mono", action="store_true", help=mono_help)
    parser.add_argument("--scale", type=int, default=1, help=scale_help)
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
