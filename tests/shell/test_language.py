"""Which language the program speaks: the system's at the first start, kept in the
settings, --lang for one run, and Settings' Language row at once, by key and by mouse."""

import json

import pygame
import pytest

from game import lang
from game.lang import catalogs
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell.registry import load_games
from tests.harness import click, key, make_app, run, words_on_screen


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


def saved_language(data_dir):
    return json.loads((data_dir / "settings.json").read_text("utf-8"))["data"]["language"]


def test_the_first_start_takes_the_systems_language_and_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "pl_PL")
    app = make_app(tmp_path)
    assert lang.language() == "pl"
    assert app.storage.flush()
    assert saved_language(tmp_path) == "pl"
    monkeypatch.setenv("LANGUAGE", "fr")  # the system changed: the choice stays
    make_app(tmp_path)
    assert lang.language() == "pl"


def test_lang_chooses_for_one_run_only(tmp_path):
    make_app(tmp_path)
    assert lang.language() == "en"
    make_app(tmp_path, lang="fr")
    assert lang.language() == "fr"
    make_app(tmp_path)
    assert lang.language() == "en"


def open_settings(app):
    load_games()
    app.push(TitleScene(app))
    run(app)
    key(app, pygame.K_s, text="s")
    assert isinstance(app.scenes.top, SettingsScene)
    return app.scenes.top


def test_the_language_row_changes_every_word_at_once_by_keys(tmp_path):
    app = make_app(tmp_path)
    settings = open_settings(app)
    assert settings.menu.items[settings.menu.selected].label == "Language"
    assert "< English >" in words_on_screen(app)
    key(app, pygame.K_RIGHT)
    assert lang.language() == "fr"
    app.pacer.repaint()
    run(app)
    assert "< Français >" in words_on_screen(app)
    assert app.storage.settings.language == "fr"
    key(app, pygame.K_RIGHT)
    assert lang.language() == "pl"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert lang.language() == "en"
    assert settings.menu.items[settings.menu.selected].label == "Language"


def test_the_language_row_by_mouse(tmp_path):
    app = make_app(tmp_path)
    settings = open_settings(app)
    row = settings.menu.row_rect(0)
    click(app, row.center)
    assert lang.language() in ("fr", "pl")  # a click changes it, as Enter does
