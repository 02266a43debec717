"""Speech at a table and on the screens around it (issue 34): the reading keys F2, F3,
F4, a refusal said at once, nothing said at the title's demo, Settings' Speech row, the
menus' rows said as the arrows move, and the help page of shared keys naming F2-F4."""

import random

import pygame
import pytest

from game import speech
from game.engine.shutbox import Player, ShutBoxState
from game.scenes.settings import SettingsScene
from game.scenes.shutbox.play import ShutBoxScene
from game.scenes.title import TitleScene
from tests.harness import key, run, settle
from tests.scenes.blind import BlindPlayer


def shutbox_table(app, demo=None):
    state = ShutBoxState.new([Player("Ann"), Player("Cindy", computer=True, level="pub")])
    scene = ShutBoxScene(app, state, random.Random(1), **({} if demo is None else {"demo": demo}))
    app.push(scene)
    run(app, 2)
    settle(app, scene)
    return scene


def test_f2_f3_f4_read_the_hand_the_table_and_the_score(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = shutbox_table(app)
    player = BlindPlayer(app, scene, listening)
    assert player.press("read_hand")[-1] == "Open doors: 1, 2, 3, 4, 5, 6, 7, 8 and 9."
    assert player.press("read_table")[-1].startswith("Ann to play. Open doors: 1, 2,")
    assert player.press("read_score")[-1] == "Ann: 0 points. Cindy: 0 points."


def test_a_refusal_is_said_and_cuts_what_was_being_said(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = shutbox_table(app)
    cut = []
    stop = listening.stop
    listening.stop = lambda: (cut.append(True), stop())
    player = BlindPlayer(app, scene, listening)
    player.listen()
    heard = player.press("5")  # a door before the roll
    assert "Press Enter for Ann's turn first." in heard
    assert cut, "the refusal interrupted"


def test_the_reading_keys_are_on_the_help_page_of_shared_keys(new_app):
    app = new_app(fast=True, lang="en")
    scene = shutbox_table(app)
    page = scene.help_pages()[-1]
    assert "F2 / F3 / F4\t" in page.text


def test_nothing_is_said_while_speech_is_off_or_at_the_titles_demo(new_app, listening):
    app = new_app(fast=True, lang="en")
    listening.enabled = False
    scene = shutbox_table(app)
    key(app, pygame.K_F2)
    run(app, 5)
    assert not listening.spoken
    listening.enabled = True
    scene.attract = True
    key(app, pygame.K_RETURN)
    run(app, 30)
    assert not listening.spoken


def test_settings_speech_row_turns_speech_on_and_is_kept(new_app, listening):
    app = new_app(fast=True, lang="en")
    listening.enabled = False
    app.push(SettingsScene(app))
    run(app)
    settings = app.scenes.top
    row = next(i for i, item in enumerate(settings.menu.items) if item.label == "Speech")
    while settings.menu.selected != row:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert speech.enabled() and app.storage.settings.speech
    assert listening.spoken[-1] == "Speech: On"
    key(app, pygame.K_UP)
    above = settings.menu.items[settings.menu.selected]
    value = above.value()
    assert listening.spoken[-1] == (f"{above.label}: {value}" if value else above.label)
    key(app, pygame.K_DOWN)
    assert listening.spoken[-1] == "Speech: On"


@pytest.mark.parametrize("flag", [True, False])
def test_speech_flag_and_setting(flag, tmp_path):
    from game.shell.options import parse_options

    options = parse_options(["--speech"] if flag else [])
    assert options.speech is flag


def test_the_titles_menu_says_its_rows(new_app, listening):
    app = new_app(fast=True, lang="en")
    assert isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_DOWN)
    assert listening.spoken, "the row the arrows moved to is said"


def test_the_boss_key_silences_speech_at_once(new_app, listening):
    app = new_app(fast=True, lang="en")
    shutbox_table(app)
    cut = []
    stop = listening.stop
    listening.stop = lambda: (cut.append(True), stop())
    key(app, pygame.K_F12)
    assert cut, "what was being said stops with the boss screen"


def test_a_blind_player_finds_a_game_on_the_title_sets_it_up_and_sits_down(new_app, listening):
    """From the title to the table by what is said: the tiles by the arrows, the set-up's
    rows as they change, S to start, the table's first prompt."""
    app = new_app(fast=True, lang="en")
    heard = []
    for _ in range(8):
        key(app, pygame.K_RIGHT)
        heard = list(listening.spoken)
        if heard[-1] == "Shut The Box: Enter plays it.":
            break
    else:
        raise AssertionError(heard[-8:])
    key(app, pygame.K_RETURN)
    run(app, 2)
    said = list(listening.spoken)
    assert "Shut The Box: set-up" in said
    assert said[-1].startswith("Up and down choose a row")
    key(app, pygame.K_DOWN)
    assert listening.spoken[-1].startswith("Seat 2: ")
    before = listening.spoken[-1]
    key(app, pygame.K_LEFT)  # the second seat's player changes
    assert listening.spoken[-1].startswith("Seat 2: ") and listening.spoken[-1] != before
    assert "Friend" not in listening.spoken[-1], listening.spoken[-1]
    key(app, pygame.K_s, text="s")
    table = app.scenes.top
    assert isinstance(table, ShutBoxScene)
    run(app, 3)
    settle(app, table)
    run(app, 2)
    assert any(line.startswith("Press Enter for") for line in listening.spoken)


def test_help_pages_are_read_aloud_and_turned_by_the_arrows(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = shutbox_table(app)
    key(app, pygame.K_F1)
    said = list(listening.spoken)
    assert said[-1] and any(line.startswith("Page 1 of ") for line in said)
    key(app, pygame.K_RIGHT)
    assert any(line.startswith("Page 2 of ") for line in listening.spoken)
    key(app, pygame.K_END)
    assert "Keys at every table" in listening.spoken
    assert any(line.startswith("F2 / F3 / F4: With speech on") for line in listening.spoken)
    del scene


def test_the_scores_screen_reads_its_top_ten(new_app, listening):
    from game.scenes.scores import ScoresScene

    app = new_app(fast=True, lang="en")
    app.push(ScoresScene(app, "shutbox"))
    run(app)
    said = list(listening.spoken)
    assert said[:3] == ["Scores", "Shut The Box: Records", "Nobody has entered yet."]
    key(app, pygame.K_DOWN)
    assert listening.spoken[-1] == "Shut The Box: Progress"
