"""The boss key: from every scene, time stops beneath the phony DOS screen, and it returns."""

import pygame
import pytest

from game.scenes.boss import CAPTION, BossScene
from tests.harness import key, run, type_text

FROZEN_TICKS = 90


def shell_scene_makers():
    from game.scenes.gallery import GalleryScene
    from game.scenes.help import HelpScene, general_help
    from game.scenes.scores import ScoresScene
    from game.scenes.settings import SettingsScene

    return {
        "title": None,
        "settings": lambda app: SettingsScene(app),
        "help": lambda app: HelpScene(app, general_help()),
        "scores": lambda app: ScoresScene(app, None),
        "gallery": lambda app: GalleryScene(app),
    }


def game_scene_makers():
    from game.shell.registry import load_games

    return {f"game:{g.id}": (lambda app, g=g: g.new_scene(app)) for g in load_games()}


ALL_SCENES = {**shell_scene_makers(), **game_scene_makers()}


def open_scene(app, name):
    maker = ALL_SCENES[name]
    if maker is not None:
        app.push(maker(app))
    run(app, 5)
    return app.scenes.top


@pytest.mark.parametrize("name", sorted(ALL_SCENES))
def test_b_freezes_the_scene_beneath_and_ok_enter_returns(app, name):
    scene = open_scene(app, name)
    stopped = []
    app.audio.stop_all = lambda: stopped.append(True)
    key(app, pygame.K_b, text="b")
    assert isinstance(app.scenes.top, BossScene)
    assert stopped, "the boss key stops all sound"
    assert app.display.caption == CAPTION
    frozen_at, global_at = scene.ticks, app.ticks
    run(app, FROZEN_TICKS)
    assert scene.ticks == frozen_at, "no tick reaches the scene beneath the boss screen"
    assert app.ticks == global_at + FROZEN_TICKS
    type_text(app, "ok")
    assert scene.ticks == frozen_at, "typing at the phony prompt does not tick the game"
    key(app, pygame.K_RETURN)  # this frame's tick is the first the scene gets back
    assert app.scenes.top is scene
    assert app.display.caption != CAPTION
    run(app, 3)
    assert scene.ticks == frozen_at + 1 + 3


@pytest.mark.parametrize("name", sorted(ALL_SCENES))
def test_f12_shows_and_hides_the_boss_screen(app, name):
    scene = open_scene(app, name)
    key(app, pygame.K_F12)
    assert isinstance(app.scenes.top, BossScene)
    frozen_at = scene.ticks
    run(app, 30)
    assert scene.ticks == frozen_at
    key(app, pygame.K_F12)
    assert app.scenes.top is scene


def test_the_phony_prompt_answers_dos_commands(app):
    key(app, pygame.K_F12)
    boss = app.scenes.top
    assert any("Directory of" in line for line in boss.lines)
    type_text(app, "cls")
    key(app, pygame.K_RETURN)
    assert boss.lines == []
    type_text(app, "ver")
    key(app, pygame.K_RETURN)
    assert any("MS-DOS Version" in line for line in boss.lines)
    type_text(app, "dir")
    key(app, pygame.K_RETURN)
    assert any("bytes free" in line for line in boss.lines)
    type_text(app, "frobnicate")
    key(app, pygame.K_RETURN)
    assert boss.lines[-2] == "Bad command or file name"
    # B and H are typed at the prompt, not taken as the boss or help keys.
    type_text(app, "bh")
    assert boss.command == "bh" and app.scenes.top is boss


def test_ok_is_accepted_in_any_case_and_with_spaces(app):
    key(app, pygame.K_b, text="b")
    type_text(app, " Ok ")
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scenes.top, BossScene)


def test_the_boss_key_saves_the_games_beneath(app):
    saved = []
    app.scenes.top.save = lambda: saved.append(True)
    key(app, pygame.K_F12)
    assert saved


def test_f1_does_nothing_on_the_phony_dos_screen(app):
    key(app, pygame.K_F12)
    boss = app.scenes.top
    key(app, pygame.K_F1)
    assert app.scenes.top is boss
