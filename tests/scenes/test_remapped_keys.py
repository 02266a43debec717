"""A command given another key (issue 34) answers that key at a table of every game, and
its old key no longer; the command bar and the help name the new key at once."""

from __future__ import annotations

import pygame
import pytest

from game.shell.registry import game_info, load_games
from game.table.logview import MoveLogScene
from tests.harness import key, run
from tests.scenes.test_every_table import open_table, press

load_games()

# Per game: a command of its own moved to Z, and what shows that it ran.
OWN = {
    "farkle": ("all", lambda app, scene: frozenset(scene.selected)),
    "lucie": ("new_hand", lambda app, scene: app.scenes.top is scene),
    "shutbox": ("pips", lambda app, scene: scene.toggles.values["P"]),
    "mille": ("sort", lambda app, scene: scene.hands.sort),
}


def table_with_keys(new_app, game_id: str, changed: dict[str, str]):
    app = new_app(fast=True)
    app.storage.settings.keys = {game_id: changed}
    app.storage.save_settings()
    assert app.storage.settings.keys == {game_id: changed}, "good keys are kept"
    scene = open_table(app, game_info(game_id).examples.playing(app))
    return app, scene


def back_to(app, scene) -> None:
    while app.scenes.top is not scene:
        app.scenes.top.close()
    run(app, 1)


def entry_of(scene, word: str):
    return next(c for c in scene.commands() if c.word == word)


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_a_moved_key_works_and_the_old_one_no_longer(new_app, game_id):
    name, shown = OWN[game_id]
    app, scene = table_with_keys(new_app, game_id, {name: "z", "log": "w"})
    old = scene.keys.game.command(name).key
    word = scene.keys.game.command(name).word()
    before = shown(app, scene)
    press(app, old)
    assert shown(app, scene) == before, f"{old} is no longer {name}'s key"
    back_to(app, scene)
    press(app, "z")
    assert shown(app, scene) != before, f"Z is {name}'s key now"
    back_to(app, scene)
    # The shared ones too: W opens the log, L no longer does.
    press(app, "l")
    assert not isinstance(app.scenes.top, MoveLogScene)
    back_to(app, scene)
    press(app, "w")
    assert isinstance(app.scenes.top, MoveLogScene)
    back_to(app, scene)
    # The bar names the new keys, and a click on an entry does what its key does.
    entry = entry_of(scene, word)
    assert entry.key == "Z"
    assert entry_of(scene, "Log").key == "W"
    assert scene.KEY_LABELS["log"] == "W"
    now = shown(app, scene)
    app.press(entry.action)
    run(app, 1)
    assert shown(app, scene) != now, "the bar's entry sends the new key"
    back_to(app, scene)


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_the_help_names_the_keys_as_they_stand(new_app, game_id):
    name, _shown = OWN[game_id]
    app, scene = table_with_keys(new_app, game_id, {name: "z", "log": "w"})
    shared = {page.heading: page.text for page in scene.help_pages()}["Keys at every table"]
    assert "\nW\tThe move log" in shared
    old_label = scene.keys.game.command(name).key.upper()
    rows = [line.split("\t")[0] for page in scene.game_help() for line in page.text.split("\n")]
    shown_rows = [
        line.split("\t")[0] for page in scene.help_pages() for line in page.text.split("\n")
    ]
    if old_label in rows:
        assert "Z" in shown_rows and old_label not in shown_rows[: len(rows)]


def test_a_changed_key_holds_at_a_table_already_open(new_app):
    """Tables look the keys up afresh: a change (the Keys screen) holds at once."""
    app, scene = table_with_keys(new_app, "farkle", {})
    assert entry_of(scene, "Roll").key == "R"
    app.storage.settings.keys = {"farkle": {"roll": "t", "next": "r"}}
    assert entry_of(scene, "Roll").key == "T" and entry_of(scene, "Next").key == "R"


def test_farkle_after_the_game_next_key_deals_the_next_one(new_app):
    app, scene = table_with_keys(new_app, "farkle", {"next": "j"})
    scene.finished = True
    bar = scene.commands()
    assert bar[0].word == "New game" and bar[0].key == "J"
    assert "Log" in [c.word for c in bar]


def test_lucie_a_command_on_a_suit_is_typed_with_enter(new_app):
    """At La Belle Lucie a suit's letter may start nothing at once ("DJ" is no demo): a
    command moved onto one is typed, then Enter; one moved off one acts at once."""
    app, scene = table_with_keys(new_app, "lucie", {"hint": "c", "demo": "m"})
    assert scene.KEY_LABELS["hint"] == "C+Enter" and scene.KEY_LABELS["demo"] == "M"
    assert entry_of(scene, "Hint").key == "C+Enter"
    press(app, "?")
    run(app, 60)
    assert scene.hint is None, "? is no longer the hint's key"
    press(app, "c")
    assert scene.entry.text == "C" and scene.hint is None
    key(app, pygame.K_RETURN)
    for _ in range(600):
        if scene.hint is not None:
            break
        run(app, 1)
    assert scene.hint is not None, "C then Enter asked for the hint"
    press(app, "d")
    key(app, pygame.K_RETURN)
    assert not scene.demo, "D is a suit again: typed first, it is refused"
    press(app, "m")
    assert scene.demo, "M hands the cards to the computer at once"


def test_lucie_slash_is_still_the_hint(new_app):
    """ "/" is "?" without its Shift: La Belle Lucie reads keys before the table does."""
    app, scene = table_with_keys(new_app, "lucie", {})
    key(app, pygame.K_SLASH, text="/")
    for _ in range(600):
        if scene.hint is not None:
            break
        run(app, 1)
    assert scene.hint is not None and scene.entry.text == ""


def test_the_titles_help_names_the_keys_as_they_stand():
    from game.scenes.help import title_help

    rows = {
        line.split("\t")[0]
        for page in title_help({"shutbox": {"pips": "z"}})
        if page.chapter == "Shut The Box"
        for line in page.text.split("\n")
    }
    assert "Z" in rows and "P" not in rows
