import pytest


@pytest.fixture
def app(tmp_path):
    """A fresh windowed App on the title screen, with its data in a temporary folder."""
    import pygame

    from game.scenes.title import TitleScene
    from game.shell.registry import load_games
    from tests.harness import make_app

    load_games()
    application = make_app(tmp_path)
    application.push(TitleScene(application))
    application.frame(0)
    yield application
    application.scenes.clear()
    pygame.display.quit()
