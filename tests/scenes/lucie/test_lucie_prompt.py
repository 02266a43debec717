"""The seed's prompt: two-character cards, Enter and Backspace, S, H and Q; illegal keys
ignored; an illegal entry clicks and says why, and the message goes by itself."""

import pygame
import pytest
from helpers_lucie_scene import (
    CHAIN,
    backspace,
    click_command,
    enter,
    escape,
    open_table,
    press,
    type_card,
)

from game.art.font import get_font
from game.scenes.boss import BossScene
from game.scenes.help import HelpScene
from game.scenes.lucie import play
from game.scenes.lucie.play import LucieScene
from game.shell.dialog import ChoiceDialog
from game.table.talk import PASSING_TICKS
from tests.harness import click, key, run


def test_h_and_b_at_an_empty_prompt_are_help_and_the_boss_key_but_th_is_a_card(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    assert not scene.wants_text
    press(app, "h")
    assert isinstance(app.scenes.top, HelpScene)
    escape(app)
    assert app.scenes.top is scene
    press(app, "b")
    assert isinstance(app.scenes.top, BossScene)
    key(app, pygame.K_F12)
    assert app.scenes.top is scene
    press(app, "T")
    assert scene.wants_text, "a half-typed card takes the letters"
    press(app, "H")
    assert app.scenes.top is scene and scene.entry.text == "TH"
    assert scene.highlighted_card() == "TH", "the typed card is ringed before Enter"
    press(app, "b")
    assert app.scenes.top is scene and scene.entry.text == "TH", "B is no suit: not taken"
    key(app, pygame.K_F12)
    assert isinstance(app.scenes.top, BossScene), "F12 is the boss key even while typing"
    key(app, pygame.K_F12)
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, HelpScene), "and F1 is help"
    escape(app)
    assert app.scenes.top is scene and scene.entry.text == "TH"
    backspace(app)
    backspace(app)
    assert not scene.wants_text
    press(app, "h")
    assert isinstance(app.scenes.top, HelpScene)


def test_keys_that_cannot_make_a_card_click_and_say_why(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    for char in "xz9":
        press(app, char)
    assert scene.entry.text == "9"
    assert app.sounds == [play.ILLEGAL_SOUND] * 2, "the seed: a light click for each"
    assert "not a card" in scene.talk.line.text
    for char in "9xa":
        press(app, char)
    assert scene.entry.text == "9", "after a rank only a suit is taken"
    assert "the suit is C, D, H or S" in scene.talk.line.text
    press(app, "s")
    assert scene.entry.text == "9S", "S after a rank is spades, not the shuffle"
    assert scene.game.redeals_left == 2
    escape(app)
    assert scene.entry.text == "" and app.scenes.top is scene, "Esc clears a typed card"
    for char in "10h":
        press(app, char)
    assert scene.entry.card == "TH", "10 is accepted for the ten"


@pytest.mark.parametrize("typed", ["DJ", "SQ", "dj", "sq"])
def test_a_suit_typed_first_fires_no_command(new_app, typed):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    for char in typed:
        press(app, char)
    assert not scene.demo and not scene.demo_played, "the hand still counts"
    assert scene.game.redeals_left == 2, "no shuffle was spent"
    assert app.sounds[-1] == play.ILLEGAL_SOUND and "rank, then its suit" in scene.talk.line.text
    backspace(app)
    assert not scene.entry


def test_s_and_d_are_typed_and_take_effect_on_enter(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    press(app, "d")
    assert scene.entry.text == "D" and not scene.demo
    enter(app)
    assert scene.demo, "D and Enter: the computer plays"
    press(app, "d")
    enter(app)
    assert not scene.demo, "and hands the cards back"
    type_card(app, "s")
    assert scene.game.redeals_left == 1, "S and Enter: the seed's shuffle"


def test_an_illegal_entry_clicks_and_its_message_goes_by_itself(new_app):
    app = new_app(fast=True)
    scene = open_table(app, CHAIN)
    type_card(app, "3h")  # already on its foundation
    assert app.sounds[-1] == play.ILLEGAL_SOUND
    assert "already on its foundation" in scene.talk.line.text
    run(app, PASSING_TICKS - 2)
    assert scene.talk.passing is not None
    run(app, 2)
    assert scene.talk.passing is None, "gone after a second and a fraction"
    sounds = len(app.sounds)
    type_card(app, "QH")
    assert scene.game.cards_home == CHAIN.cards_home, "QH is buried: nothing moved"
    assert scene.arrow_card() == "QH" and len(app.sounds) == sounds, (
        "a buried card is found with the arrow, not refused with a click"
    )
    press(app, "7")
    enter(app)
    assert "suit too" in scene.talk.line.text, "a rank alone is not a card"


def test_q_then_enter_is_the_seeds_quit_menu(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    type_card(app, "q")
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog) and menu.choices[menu.focus][1] == "Resume"
    press(app, "r")
    assert app.scenes.top is scene and not scene.entry
    escape(app)
    assert isinstance(app.scenes.top, ChoiceDialog), "Esc opens the same menu"
    press(app, "q")
    assert not isinstance(app.scenes.top, LucieScene)
    assert app.storage.has_saved_game("lucie"), "quitting keeps the hand for Continue"


def test_s_shuffles_and_the_second_shuffle_sounds_the_reminder(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    type_card(app, "s")
    assert scene.game.redeals_left == 1 and "reminder" not in app.sounds
    type_card(app, "s")
    assert scene.game.redeals_left == 0 and scene.game.draw_available
    assert app.sounds.count("reminder") == 1
    assert "FREE DRAW" in play_standing_text(scene)
    type_card(app, "s")
    assert app.sounds[-1] == play.ILLEGAL_SOUND and "No shuffles" in scene.talk.line.text


def test_u_and_r_undo_and_redo_moves_but_never_a_shuffle(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    card = scene.game.position.legal_moves()[0].card
    type_card(app, card)
    moved = scene.game.position
    press(app, "u")
    assert "Took back" in scene.talk.line.text
    press(app, "r")
    assert scene.game.position == moved
    press(app, "r")
    assert "Nothing to redo" in scene.talk.line.text
    type_card(app, "s")
    press(app, "u")
    assert scene.game.redeals_left == 1, "the shuffle is final"
    assert app.sounds[-1] == play.ILLEGAL_SOUND and "final" in scene.talk.line.text


def test_deal_numbers_replay_the_same_hand(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    press(app, "n")
    press(app, "d")
    for digit in "4711":
        press(app, digit)
    enter(app)
    chosen = app.scenes.top
    assert isinstance(chosen, LucieScene) and chosen is not scene
    assert chosen.game.deal == 4711
    assert chosen.game.fans == LucieScene.new_hand(app, 4711).game.fans


def test_the_mono_tip_shows_only_in_colour(new_app):
    assert open_table(new_app(fast=True), 1).tip
    assert not open_table(new_app(fast=True, mono=True), 1).tip


def play_standing_text(scene) -> str:
    from game.scenes.lucie.view import standing_line

    line = standing_line(scene)
    return line[0] if line else ""


def test_a_deal_number_can_be_clicked_in_with_the_mouse_alone(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    click_command(app, scene, "N")
    dialog = app.scenes.top
    click(app, next(b for b in dialog.buttons if b.label == "Deal number").rect.center)
    entry = app.scenes.top
    for digit in "42":
        click_command(app, entry, digit)
    click_command(app, entry, "Enter")
    assert app.scenes.top.game.deal == 42


def test_a_two_line_hint_is_shown_whole(new_app):
    """Seen in a real window: a hint that wrapped lost its second line under the prompt's
    instructions ("...about 22% to win the"); the instructions give way to it."""
    from game.scenes.lucie import view
    from game.table import talk

    app = new_app(fast=True)
    scene = open_table(app, 1)
    scene.tip = ""
    words = (
        "Hint: play QS. Not winnable as it lies; best before shuffling: 12 cards home, "
        "about 22% to win the hand after the shuffles (estimates from the chance table)."
    )
    scene.talk.tell(words, talk.HINT)
    font = get_font("small")
    drawn: list[str] = []
    draw = type(font).draw

    def noting(self, surface, text, *args, **kwargs):
        drawn.append(text)
        return draw(self, surface, text, *args, **kwargs)

    type(font).draw = noting
    try:
        view._draw_messages(pygame.Surface((640, 360)), scene)
    finally:
        type(font).draw = draw
    assert len(drawn) == 2 and " ".join(drawn) == words
