"""Shut The Box in French and Polish (issue 33): the table's words, the move log, the
computer's reasons and the help read in the language chosen, and English is back as it
was when English is chosen again."""

import pytest
from helpers_shutbox_scene import enter, log_text, open_game, position, press_door

from game import lang
from game.lang import catalogs
from game.scenes.shutbox import help as shutbox_help
from tests.harness import settle, words_on_screen


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


def test_a_table_in_french_reads_french_on_the_bar_the_panels_and_the_log(new_app):
    app = new_app(fast=True)
    lang.set_language("fr")  # as Settings' Language row does
    scene = open_game(app, faces=[4, 3])
    enter(app)  # the first turn's prompt
    settle(app, scene)
    enter(app)  # Ann rolls 4 + 3
    settle(app, scene)
    words = words_on_screen(app)
    assert "Volet" in words and "Palmarès" in words  # the command bar: 1-9 Volet, T Palmarès
    assert "Entrée" in words  # the key's own name
    assert "Dés" in words and "Indice" in words  # the panels' titles
    assert any(word.startswith("Lancer\u00a0: 7") for word in words)  # the Dice panel
    assert "Ann lance 4 + 3 = 7." in log_text(scene)
    press_door(app, 7)
    assert "Fermer 7" in words_on_screen(app)


def test_the_computers_reasons_and_the_end_of_a_turn_are_said_in_polish(new_app):
    app = new_app(fast=True)
    lang.set_language("pl")
    scene = open_game(app, position({1, 2, 4}), faces=[4, 4, 3, 4, 6, 1, 5, 5, 6, 6])
    for _press in range(2):  # the turn's prompt, then Ann's 8: no open doors make it
        enter(app)
        settle(app, scene)
    said = log_text(scene)
    assert "Ann rzuca: 4 + 4 = 8." in said
    assert "Ann zdobywa" in said and "pkt w tej turze" in said
    enter(app)  # the next prompt: Cindy (Perfect) plays her turn
    settle(app, scene)
    said = log_text(scene)
    assert "Cindy (Mistrz) zamyka" in said
    assert " shuts " not in said and " rolls " not in said


def test_english_reads_as_before_after_another_language(new_app):
    lang.set_language("pl")
    assert shutbox_help.help_pages()[1].heading == "Tura"
    lang.set_language("en")
    app = new_app(fast=True)
    scene = open_game(app, faces=[4, 3])
    for _press in range(2):  # the first turn's prompt, then the roll
        enter(app)
        settle(app, scene)
    assert "Ann rolls 4 + 3 = 7." in log_text(scene)
    assert shutbox_help.help_pages()[1].heading == "A turn"
