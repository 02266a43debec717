"""Large text (Settings, issue 34): one switch, kept, that draws the medium font wherever
the small one is asked for, from the first frame of the next start too."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.art.font import get_font, set_large_text
from game.storage import Storage
from game.ui.commandbar import text_width
from tests.harness import click, key, run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def large_text_off():
    yield
    set_large_text(False)


def test_the_settings_switch_turns_large_text_on_and_off_and_keeps_it(app, tmp_path):
    key(app, pygame.K_s, text="s")
    settings = app.scenes.top
    labels = [item.label for item in settings.menu.items]
    row = labels.index("Large text")
    assert labels[row + 1] == "Sound"  # the part's rows sit just before Sound
    assert settings.menu.items[row].value() == "Off"
    assert get_font("small").name == "small"
    click(app, settings.menu.row_rect(row).center)
    assert settings.menu.items[row].value() == "On"
    assert get_font("small").name == "medium"
    assert get_font("large").name == "large"  # the titles' font is the largest already
    run(app, 2)  # the screens under it laid out again, and drawn
    # The command bar measures its entries in the new font (its entries fit them).
    commands = settings.commands()
    for command, rect in zip(commands, app.command_bar.layout(commands)):
        assert text_width(command, get_font("small")) <= rect.width, command
    app.storage.flush()
    assert Storage(tmp_path).settings.large_text is True
    key(app, pygame.K_LEFT)
    assert get_font("small").name == "small"
    app.storage.flush()
    assert Storage(tmp_path).settings.large_text is False


def test_a_bad_value_in_the_settings_file_means_off(tmp_path):
    settings, bad = Storage(tmp_path).settings.from_json({"large_text": "yes"})
    assert settings.large_text is False and bad


def test_the_next_start_draws_large_text_from_its_first_frame(tmp_path):
    storage = Storage(tmp_path)
    storage.settings.large_text = True
    storage.save_settings()
    storage.flush()
    program = (
        "import sys\n"
        "from game.main import main\n"
        "status = main(sys.argv[1:])\n"
        "from game.art.font import get_font\n"
        "print(get_font('small').name)\n"
        "sys.exit(status)\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, "-c", program, "--windowed", "--ticks", "2", "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "medium"
    assert json.loads((tmp_path / "settings.json").read_text())["data"]["large_text"] is True


def test_wrapped_lines_are_remembered_per_font():
    """The scenes' wrap caches: the same text and width wrap again in the other font."""
    from game.scenes.farkle.view import wrap

    text = "Keep a 1 and roll the other five: that averages 332 points this turn."
    small_lines = wrap(text, 170)
    set_large_text(True)
    medium_lines = wrap(text, 170)
    assert len(medium_lines) > len(small_lines)
    assert all(get_font("small").line_width(line) <= 170 for line in medium_lines)


def test_words_on_pictures_keep_the_sheets_own_size():
    """A card face redrawn in French or Polish keeps the small letters its sprite sheet was
    made with (its words have a picture's fixed room), large text or not."""
    from game.art.font import design_font

    set_large_text(True)
    assert get_font("small").name == "medium"
    assert design_font("small").name == "small"
