"""Storage notices reach the player as one-line toasts; a damaged file never stops the game."""

import pygame

from game.scenes.title import TitleScene
from tests.harness import make_app, run


def test_a_damaged_settings_file_is_set_aside_and_the_player_is_told(tmp_path):
    (tmp_path / "settings.json").write_text("{ this is not json")
    app = make_app(tmp_path)
    app.push(TitleScene(app))
    run(app, 2)
    assert "damaged" in app.toasts.current.lower()
    assert list(tmp_path.glob("settings.bad-*.json")), "the damaged file is kept aside"
    app.scenes.clear()
    pygame.display.quit()


def test_an_unwritable_folder_lets_the_game_play_on_and_says_so(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    app = make_app(blocker / "data")
    app.push(TitleScene(app))
    run(app, 2)
    assert "not being saved" in app.toasts.current
    run(app, 30)
    assert app.running
    app.scenes.clear()
    pygame.display.quit()
