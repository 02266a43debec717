"""Farkle in French and Polish (issue 33): the table's buttons, its move log, the
computer's reasons, the coach's words and the help in the player's language, numbers
grouped the language's way; and a reason kept as a message follows a change of language."""

import random

import pytest
from helpers_farkle_scene import open_table, seats

from game import lang
from game.engine.farkle import ROLL_ALL, ROLLED, FarkleState, Seat, coach, make_agent
from game.lang import catalogs
from game.scenes.farkle.helptext import help_pages
from tests.harness import run, settle, words_on_screen


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


@pytest.mark.parametrize(
    ("code", "buttons", "rolls", "game_to"),
    [
        ("fr", ["Lancer", "Suivant", "Fin"], "Anna lance 1 2 3 4 6 6.", "Partie en 10\u202f000"),
        ("pl", ["Rzuć", "Dalej", "Koniec"], "Anna rzuca: 1 2 3 4 6 6.", "Gra do 10\u00a0000"),
    ],
)
def test_a_table_speaks_the_players_language(new_app, code, buttons, rolls, game_to):
    app = new_app(fast=True)
    lang.set_language(code)
    scene = open_table(app, seats("human", "expert"), dice=(1, 2, 3, 4, 6, 6))
    settle(app, scene)
    run(app, 2)
    assert [button.label for button in scene.buttons] == buttons
    shown = words_on_screen(app)
    assert buttons[0] in shown and game_to in shown
    assert rolls in [line.text for line in scene.talk.log]
    assert "Roll" not in shown and "Next" not in shown


def test_the_buttons_follow_a_change_of_language_at_once(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 2, 3, 4, 6, 6))
    settle(app, scene)
    assert scene.buttons[0].label == "Roll"
    lang.set_language("fr")
    run(app, 1)
    assert scene.buttons[0].label == "Lancer"
    assert "Lancer" in words_on_screen(app)


def test_a_computer_reason_is_kept_as_a_message_and_said_in_each_language():
    rng = random.Random(3)
    state = FarkleState.new([Seat("computer", "cautious", "Anna"), Seat("human", None, "Bob")])
    state.apply(ROLL_ALL, rng)
    assert state.phase == ROLLED
    reason = make_agent("cautious").decide(state.observation(0), state.legal_actions()).reason
    english = str(reason)
    assert english.startswith("keeps ")
    lang.set_language("fr")
    assert str(reason).startswith("garde ") and " et " in str(reason)
    lang.set_language("pl")
    assert str(reason).startswith("zatrzymuje ")
    lang.set_language("en")
    assert str(reason) == english
    assert lang.Msg.from_json(reason.to_json()) == reason  # crosses the network as it is


def test_the_coach_and_the_help_speak_polish():
    lang.set_language("pl")
    state = FarkleState.new(["human", "human"])
    state.phase, state.roll = ROLLED, (1, 5, 2, 2, 3, 6)
    judgement = coach.hint(state)
    assert judgement is not None and judgement.why.startswith("Zatrzymaj jedynkę i rzuć")
    pages = help_pages()
    assert [page.heading for page in pages][:2] == ["Farkle", "Punktacja"]
    assert "Strit\t1 2 3 4 5 6  =  2\u00a0000 pkt" in pages[1].text


@pytest.mark.parametrize(
    ("code", "dice", "words"),
    [
        ("pl", (4, 4, 4, 1), [("trzy czwórki", 400), ("jedynkę", 100)]),
        ("pl", (1, 1, 1, 1, 1, 1), [("sześć jedynek", 4000)]),
        ("pl", (1, 1, 5, 2, 2, 2), [("trzy dwójki", 200), ("dwie jedynki", 200), ("piątkę", 50)]),
        ("fr", (4, 4, 4, 1), [("trois 4", 400), ("un 1", 100)]),
        ("fr", (1, 2, 3, 4, 5, 6), [("une suite", 2000)]),
    ],
)
def test_held_dice_are_named_as_players_say_them(code, dice, words):
    """Polish counts dice in its three plural forms ("dwie jedynki", "sześć jedynek")."""
    from game.engine.farkle.combos import combinations

    lang.set_language(code)
    assert combinations(dice) == words
