"""Speech (issue 34): the Mille Bornes table's questions are said with their answers and
keys, the answer the arrows are on is said, and a blind player answers them from what
is heard."""

import pygame
from test_mille_prompts import attacked_with_driving_ace, reaching_700

from game.engine.mille.rules import PLAY
from tests.harness import key, run
from tests.scenes.blind import BlindPlayer, last_matching


def test_the_coup_fourre_question_is_said_with_its_answers(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = attacked_with_driving_ace(app)
    run(app, 2)
    player = BlindPlayer(app, scene, listening)
    heard = player.listen()
    question = last_matching(heard, r"^Coup fourré\?")
    assert question is not None, heard
    line = question[0]
    assert "Cindy plays Accident on you" in line and "C: Coup fourré!" in line and "P: Pass" in line
    assert "C: Coup fourré!" in heard, "the answer the keyboard is on"
    assert player.press("right")[-1] == "P: Pass"
    player.press("left")
    key(app, pygame.K_RETURN)
    run(app, 2)
    assert scene.state.tableaux[0].coups_fourres == ["driving_ace"]


def test_the_extension_question_is_said_and_answered_by_its_key(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = reaching_700(app)
    run(app, 2)
    player = BlindPlayer(app, scene, listening)
    heard = player.listen()
    question = last_matching(heard, r"^Extension\?")
    assert question is not None and "Y: Extend" in question[0] and "N: End hand" in question[0]
    player.press("y")
    assert scene.state.target == 1000 and scene.state.phase == PLAY
