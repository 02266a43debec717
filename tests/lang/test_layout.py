"""Every screen of --screenshots fits in every language: no text off the canvas, out of
its panel or button, cut by a panel, or over another text (tests/lang/layout.py)."""

import pygame
import pytest

from game import lang
from game.art.font import get_font
from game.lang import catalogs
from game.shell.registry import load_games
from game.ui import widgets
from tests.harness import make_app
from tests.lang.layout import misfits, recording


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_every_screen_fits_in(code, tmp_path):
    load_games()
    app = make_app(tmp_path, seed=1, lang=code)
    found = misfits(app)
    assert not found, f"{len(found)} text(s) that do not fit:\n" + "\n".join(found[:60])


def test_the_check_sees_text_out_of_its_panel_cut_or_overlapping(tmp_path):
    app = make_app(tmp_path)
    canvas = app.display.canvas
    font = get_font("small")
    with recording(canvas) as recorder:
        widgets.draw_panel(canvas, pygame.Rect(10, 10, 60, 30))
        font.draw(canvas, "a line far too long for its panel", (14, 14), (255, 255, 255))
        font.draw(canvas, "over", (200, 100), (255, 255, 255))
        font.draw(canvas, "under", (205, 100), (255, 255, 255))
        font.draw(canvas, "half hidden", (100, 200), (255, 255, 255))
        widgets.draw_panel(canvas, pygame.Rect(120, 190, 80, 30))
        font.draw(canvas, "off the canvas", (630, 300), (255, 255, 255))
        font.draw(canvas, "hidden whole", (300, 250), (255, 255, 255))
        widgets.draw_panel(canvas, pygame.Rect(290, 240, 120, 30))
        widgets.dim(canvas)
        font.draw(canvas, "a dialog above", (200, 100), (255, 255, 255))
    found = list(recorder.misfits())
    assert any("far too long" in problem and "leaves its panel" in problem for problem in found)
    assert any("'over'" in problem and "overlaps 'under'" in problem for problem in found)
    assert any("half hidden" in problem and "cut by a panel" in problem for problem in found)
    assert any("off the canvas" in problem and "leaves the canvas" in problem for problem in found)
    assert not any("hidden whole" in problem or "dialog above" in problem for problem in found)
    assert len(found) == 4
