"""The Keys screen (issue 34), by keys and by mouse: reached from Settings, a game at a
time, a command's new key taken or refused with who has it, Reset to defaults, saved."""

from __future__ import annotations

import json

import pygame

from game.scenes.boss import BossScene
from game.scenes.keys import GAME_ROW, KeysScene
from game.scenes.settings import SettingsScene
from game.storage.keymap import key_map
from game.ui.commandbar import BAR_TOP
from tests.harness import click, key, run

KEYS_ROW_LABEL = "Keys…"


def letter(app, char: str) -> None:
    key(app, pygame.key.key_code(char.lower()), text=char)


def open_keys_by_keys(app) -> KeysScene:
    settings = app.push(SettingsScene(app))
    run(app, 1)
    row = [item.label for item in settings.menu.items].index(KEYS_ROW_LABEL)
    for _ in range(row):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, KeysScene)
    return scene


def stored_keys(app) -> dict:
    """The keys as the settings file on disk holds them."""
    app.storage.flush()
    path = app.storage.data_dir / "settings.json"
    return json.loads(path.read_text(encoding="utf-8"))["data"].get("keys", {})


def test_by_keys_a_command_takes_a_free_key_and_refuses_a_taken_one(new_app):
    app = new_app()
    scene = open_keys_by_keys(app)
    assert scene.game.id == "farkle"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert scene.game.id == "farkle", "Left and Right turn the games, and back"
    for _ in range(scene.command_row("roll")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.waiting == "roll"
    assert scene.commands()[0].word == "Keep"
    letter(app, "l")
    assert scene.waiting == "roll" and scene.said_warning
    assert scene.said == "L is already the key of Log: give Log another key first."
    assert app.sounds[-1] == "error"
    letter(app, "b")  # the boss key is a key like any other here: refused, no boss screen
    assert not isinstance(app.scenes.top, BossScene)
    assert "boss key" in scene.said and scene.waiting == "roll"
    key(app, pygame.K_RETURN)
    assert "letter or a sign" in scene.said and scene.waiting == "roll"
    letter(app, "T")
    assert scene.waiting == "" and scene.said == "Roll is now on T."
    assert app.storage.settings.keys == {"farkle": {"roll": "t"}}
    assert stored_keys(app) == {"farkle": {"roll": "t"}}, "saved at once"
    assert scene.menu.items[scene.command_row("roll")].value() == "T"
    # The old key is free now: Next may not take T, but R it may.
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.waiting == "next"
    letter(app, "t")
    assert scene.said.startswith("T is already the key of Roll")
    key(app, pygame.K_ESCAPE)
    assert scene.waiting == "" and app.scenes.top is scene, "Esc keeps the old key"
    key(app, pygame.K_RETURN)
    letter(app, "r")
    assert key_map(app.storage.settings.keys, "farkle").command("r") == "next"
    # Reset to defaults, by keys: the row after the commands.
    reset = len(scene.keys.game.commands) + 1
    while scene.menu.selected != reset:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.storage.settings.keys == {} and stored_keys(app) == {}
    assert "first key again" in scene.said
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, SettingsScene)


def test_each_game_keeps_its_own_keys_and_refuses_what_it_keeps(new_app):
    app = new_app()
    scene = open_keys_by_keys(app)
    while scene.game.id != "lucie":
        key(app, pygame.K_RIGHT)
    scene.menu.selected = scene.command_row("hint")
    key(app, pygame.K_RETURN)
    letter(app, "k")
    assert "K is a card's rank" in scene.said
    letter(app, "c")
    assert scene.menu.items[scene.command_row("hint")].value() == "C+Enter"
    while scene.game.id != "mille":
        key(app, pygame.K_RIGHT)
    scene.menu.selected = scene.command_row("hint")
    key(app, pygame.K_RETURN)
    letter(app, "y")
    assert "answers the table's questions" in scene.said
    letter(app, "3")
    assert "digits" in scene.said
    key(app, pygame.K_UNKNOWN, text="§")
    assert "cannot show" in scene.said, "a key the pixel font cannot draw"
    key(app, pygame.K_UNKNOWN, text="ą")
    assert scene.waiting == "" and scene.menu.items[scene.command_row("hint")].value() == "Ą"
    scene.menu.selected = scene.command_row("hint")
    key(app, pygame.K_RETURN)
    letter(app, "?")
    assert scene.waiting == "", "its own key again is taken"
    assert app.storage.settings.keys == {"lucie": {"hint": "c"}}, "? is the default: not kept"


def test_by_mouse_every_step(new_app):
    app = new_app()
    app.push(SettingsScene(app))
    run(app, 1)
    settings = app.scenes.top
    row = [item.label for item in settings.menu.items].index(KEYS_ROW_LABEL)
    while row not in settings.menu.shown():  # the rows below come up a click at a time
        click(app, settings.menu.arrow_rects()[1].center)
    click(app, settings.menu.row_rect(row).center)
    scene = app.scenes.top
    assert isinstance(scene, KeysScene)
    game_row = scene.menu.row_rect(GAME_ROW)
    click(app, (game_row.right - 3, game_row.centery))  # ">": the next game
    second = scene.game.id
    assert second != "farkle"
    click(app, (game_row.x + 40, game_row.centery))  # left of the name: the game before
    assert scene.game.id == "farkle"
    click(app, scene.menu.row_rect(scene.command_row("done")).center)
    assert scene.waiting == "done"
    # A click on the bar's Esc Keep: nothing changes.
    keep = app.command_bar.layout(scene.commands())[0]
    click(app, keep.center)
    assert scene.waiting == ""
    click(app, scene.menu.row_rect(scene.command_row("done")).center)
    letter(app, "q")
    assert app.storage.settings.keys == {"farkle": {"done": "q"}}
    # A click on another row while one waits: that row waits instead.
    click(app, scene.menu.row_rect(scene.command_row("log")).center)
    click(app, scene.menu.row_rect(scene.command_row("hint")).center)
    assert scene.waiting == "hint"
    key(app, pygame.K_ESCAPE)
    reset = len(scene.keys.game.commands) + 1
    click(app, scene.menu.row_rect(reset).center)
    assert app.storage.settings.keys == {}
    back = reset + 1
    click(app, scene.menu.row_rect(back).center)
    assert app.scenes.top is settings


def test_the_screen_has_help_and_a_bar(new_app):
    app = new_app()
    scene = app.push(KeysScene(app))
    run(app, 1)
    assert [page.heading for page in scene.help_pages()] == ["Keys"]
    assert [c.word for c in scene.commands()] == ["Choose", "Change", "Game", "Game", "Back"]
    key(app, pygame.K_h)
    assert app.scenes.top is not scene, "H is help while no command waits"
    app.scenes.top.close()
    run(app, 1)
    assert app.command_bar.layout(scene.commands())[0].top > BAR_TOP - 1
