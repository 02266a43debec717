"""The gallery draws every page, and its command writes them as PNG (mono: black and white)."""

import pygame

from game.art import gallery
from game.scenes import gallery as screen
from game.shell.registry import load_games

from .conftest import pixel_values, rgba_int


def test_every_page_draws():
    load_games()
    canvas = pygame.Surface(gallery.CANVAS)
    assert screen.gallery_page_count() >= 8
    for page in range(screen.gallery_page_count()):
        canvas.fill((1, 2, 3))
        screen.draw_gallery(canvas, page)
        assert rgba_int((1, 2, 3)) not in pixel_values(canvas)


def test_command_writes_colour_and_mono_pages(tmp_path):
    assert screen.main(["--out", str(tmp_path)]) == 0
    assert screen.main(["--out", str(tmp_path), "--mono"]) == 0
    colour = sorted(tmp_path.glob("page-?.png"))
    mono = sorted(tmp_path.glob("page-*-mono.png"))
    assert len(colour) == len(mono) == screen.gallery_page_count()
    page = pygame.image.load(str(mono[0]))
    assert page.get_size() == gallery.CANVAS
    assert pixel_values(page) <= {rgba_int((0, 0, 0)), rgba_int((255, 255, 255))}


def test_the_games_samples_fit_the_room_the_shared_pages_keep():
    games = load_games()
    for page, room in (("dice", gallery.DICE_SAMPLES), ("mono", gallery.MONO_SAMPLES)):
        assert sum(page in info.gallery_samples for info in games) <= room, page
