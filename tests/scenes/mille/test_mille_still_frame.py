"""The table's last still frame (view.draw): one picture per table, redrawn into when the
table changes, not copied anew each time (issue 30: a new canvas-sized copy per change,
freed at the next, churned the C heap in 900 KB blocks)."""

from __future__ import annotations

import pygame
from helpers_mille_scene import open_table, seats

from game.scenes.mille import view
from tests.harness import run_until


def pixels(surface: pygame.Surface) -> bytes:
    return surface.get_buffer().raw


def test_the_still_frame_is_redrawn_into_one_picture_that_shows_the_table(new_app):
    app = new_app()
    scene = open_table(app, seats("", "basic"))
    run_until(app, lambda: view.frame_key(scene) is not None)
    canvas = pygame.Surface(app.display.canvas.get_size())
    view.draw(canvas, scene)
    key, picture = view._frames[scene]
    for pos in ((100, 300), (300, 300), (500, 300)):
        scene.choice.hover_pos = pos
        view.draw(canvas, scene)
        assert view._frames[scene][0] != key, "the table changed: drawn again"
        key, kept = view._frames[scene]
        assert kept is picture
        drawn = pygame.Surface(canvas.get_size())
        view._draw(drawn, scene)
        assert pixels(picture) == pixels(drawn) == pixels(canvas)
        canvas.fill((0, 0, 0))
        view.draw(canvas, scene)  # unchanged: the picture again
        assert pixels(canvas) == pixels(drawn)
