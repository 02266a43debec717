"""The command bar lists every key, whatever the language: a row too long even packed
tight cuts its longest words short with a full stop, never overlaps, never drops a key."""

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.ui.commandbar import SHORTEST_CUT, CommandBar, char_command


def test_a_row_too_long_cuts_its_longest_words_and_keeps_every_key(tmp_path):
    from tests.harness import make_app

    make_app(tmp_path)  # a display for the fonts
    words = ["Zatrzymaj", "Wszystkie", "Podpowiedź", "Błyskawiczne", "Przeciwnik"] * 3
    commands = [char_command(chr(ord("A") + i), word) for i, word in enumerate(words)]
    bar = CommandBar()
    rects = bar.layout(commands)
    assert len(rects) == len(commands)
    assert all(0 <= rect.left and rect.right <= CANVAS_SIZE[0] for rect in rects)
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:])), "no entry over another"
    canvas = pygame.Surface(CANVAS_SIZE)
    drawn = []
    font = get_font("small")
    real = type(font).draw

    def reading(self, surface, text, pos, *args, **kwargs):
        drawn.append(text)
        return real(self, surface, text, pos, *args, **kwargs)

    type(font).draw = reading
    try:
        bar.draw(canvas, commands)
    finally:
        type(font).draw = real
    shown = [text for text in drawn if len(text) > 1]
    assert any(text.endswith(".") for text in shown), shown
    for text in shown:
        stem = text.rstrip(".")
        assert len(stem) >= SHORTEST_CUT and any(w.startswith(stem) for w in words), text
    assert [text for text in drawn if len(text) == 1] == [c.key for c in commands]


def test_a_row_that_fits_is_drawn_whole(tmp_path):
    from tests.harness import make_app

    make_app(tmp_path)
    commands = [char_command("R", "Roll"), char_command("N", "Next")]
    bar = CommandBar()
    bar.layout(commands)
    assert bar._short == {}
