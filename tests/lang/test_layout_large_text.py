"""With large text on (Settings, issue 34) every screen of --screenshots still fits in
every language: the medium font everywhere the small one was, and no text off the
canvas, out of its panel or button, cut by a panel, or over another (tests/lang/layout.py)."""

import pytest

from game import lang
from game.art.font import get_font, large_text, set_large_text
from game.lang import catalogs
from game.shell.registry import load_games
from tests.harness import make_app
from tests.lang.layout import misfits


@pytest.fixture(autouse=True)
def large_text_on():
    catalogs.compile_catalogs(only_if_stale=True)
    set_large_text(True)
    yield
    set_large_text(False)
    lang.set_language("en")


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_every_screen_fits_with_large_text_in(code, tmp_path):
    load_games()
    app = make_app(tmp_path, seed=1, lang=code)
    assert large_text() and get_font("small").name == "medium"
    found = misfits(app)
    assert not found, f"{len(found)} text(s) that do not fit:\n" + "\n".join(found[:60])


def test_large_text_draws_every_letter_the_small_font_does():
    set_large_text(False)
    small = get_font("small")
    set_large_text(True)
    medium = get_font("small")
    assert medium.name == "medium"
    assert set(medium.glyphs) == set(small.glyphs)
    assert medium.line_height > small.line_height
    assert get_font("large").name == "large"
