"""The gallery: every sprite and both fonts, page by page (the art kit's showcase)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.art import gallery
from game.input import Action
from game.shell.base import Command, HelpPage, Scene, named_command


def gallery_page_count() -> int:
    return gallery.gallery_pages()


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
        gallery.draw_gallery(canvas, self.page)
