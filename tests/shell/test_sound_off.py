"""Without an audio device the game is silent and says so: once in the log (game.audio's
tests) and on the Settings screen, where a player looks for the sound."""

import pygame

from game.art.font import BitmapFont
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell.registry import load_games
from tests.harness import key, make_app, run

SAID = "Sound is off: no audio device."


def settings_text(app, monkeypatch) -> list[str]:
    """Every line the Settings screen draws, opened from the title with S."""
    drawn = []
    draw = BitmapFont.draw

    def recording(self, surface, text, *args, **kwargs):
        drawn.append(text)
        return draw(self, surface, text, *args, **kwargs)

    load_games()
    app.push(TitleScene(app))
    run(app)
    key(app, pygame.K_s, text="s")
    assert isinstance(app.scenes.top, SettingsScene)
    monkeypatch.setattr(BitmapFont, "draw", recording)
    app.pacer.repaint()
    run(app)
    return drawn


def test_settings_say_sound_is_off_when_the_mixer_could_not_open(monkeypatch, tmp_path):
    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(tmp_path, no_sound=False)
    try:
        assert SAID in settings_text(app, monkeypatch)
    finally:
        app.scenes.clear()


def test_settings_say_nothing_of_it_when_sound_works(monkeypatch, tmp_path):
    app = make_app(tmp_path, no_sound=False)  # SDL's dummy audio driver opens
    try:
        assert app.audio.available
        drawn = settings_text(app, monkeypatch)
        assert "Sound" in drawn and SAID not in drawn
    finally:
        app.scenes.clear()
