"""Effects and cheers have volumes of their own (issue 34), remembered in the settings;
an older settings file's one volume is read into both."""

import pytest

from game.audio import CHEERS, Audio
from game.scenes.settings import SettingsScene
from game.shell.registry import game_cheers, game_sounds, load_games
from game.storage import Storage
from game.storage.settings import Settings
from tests.harness import make_app

GAMES = load_games()
SOUNDS = game_sounds(GAMES)
CHEERED = game_cheers(GAMES)


def test_cheers_are_wins_and_fanfares_the_rest_effects():
    assert CHEERS == {"win", "big_win", "medal"}
    assert CHEERED == {"hot_dice", "coup_fourre"}
    assert CHEERED <= set(SOUNDS)
    audio = Audio(enabled=False, sounds=SOUNDS, cheers=CHEERED)
    kinds = {name: audio.kind(name) for name in audio.gains}
    assert {n for n, k in kinds.items() if k == "cheers"} == {*CHEERS, *CHEERED}
    for effect in ("click", "error", "dice_rattle", "card_flip", "farkle", "door_clunk"):
        assert kinds[effect] == "effects"


def test_each_kind_plays_at_its_own_volume():
    audio = Audio(sounds=SOUNDS, cheers=CHEERED)
    if not audio.available:
        pytest.skip("no mixer in this build of pygame")
    audio.set_volumes(0.5, 0.25)
    mixer_volume = {name: audio._sounds[name].get_volume() for name in audio.gains}
    # The mixer keeps volumes in 1/128 steps.
    assert mixer_volume["click"] == pytest.approx(0.5 * audio.gains["click"], abs=1 / 64)
    assert mixer_volume["win"] == pytest.approx(0.25 * audio.gains["win"], abs=1 / 64)
    assert mixer_volume["hot_dice"] == pytest.approx(0.25 * audio.gains["hot_dice"], abs=1 / 64)
    audio.cheers_volume = 0.0
    audio.play("win")  # silent cheers: nothing starts
    assert "win" not in audio.sounding()
    audio.play("click")
    assert audio.level("win") == 0.0 < audio.level("click")
    audio.effects_volume = 7  # out of range: clamped
    assert audio.effects_volume == 1.0
    audio.stop_all()


def test_an_older_files_volume_goes_into_both():
    settings, repairs = Settings.from_json({"volume": 0.3, "mono": True})
    assert settings.effects_volume == settings.cheers_volume == 0.3 and not repairs
    settings, _ = Settings.from_json({"volume": 1})
    assert settings.effects_volume == 1.0 and isinstance(settings.cheers_volume, float)


def test_new_volumes_are_kept_and_bad_ones_repaired():
    settings, repairs = Settings.from_json(
        {"volume": 0.3, "effects_volume": 0.6, "cheers_volume": 0.1}
    )
    assert (settings.effects_volume, settings.cheers_volume) == (0.6, 0.1)
    settings, repairs = Settings.from_json({"effects_volume": 3, "cheers_volume": "loud"})
    assert settings.effects_volume == 1.0 and settings.cheers_volume == 0.8
    assert len(repairs) == 2
    data = Settings(effects_volume=0.4, cheers_volume=0.9).to_json()
    assert (data["effects_volume"], data["cheers_volume"]) == (0.4, 0.9)


def test_settings_rows_change_each_volume_and_the_app_starts_with_them(tmp_path):
    app = make_app(tmp_path)
    scene = app.push(SettingsScene(app))
    labels = [item.label for item in scene.menu.items]
    scene.menu.selected = labels.index("Cheers volume")
    for _ in range(3):
        scene.menu.items[scene.menu.selected].adjust(-1)
    settings = app.storage.settings
    assert settings.cheers_volume == pytest.approx(0.5)
    assert settings.effects_volume == pytest.approx(0.8)
    assert app.audio.cheers_volume == pytest.approx(0.5)
    assert settings.volume == pytest.approx(0.8)  # an older version reads the louder
    app.storage.flush()
    again = make_app(tmp_path)
    assert again.audio.cheers_volume == pytest.approx(0.5)
    assert again.audio.effects_volume == pytest.approx(0.8)
    assert Storage(tmp_path).settings.cheers_volume == pytest.approx(0.5)
