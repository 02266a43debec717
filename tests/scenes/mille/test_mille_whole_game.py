"""A whole two-player game at the Mille Bornes table: the human plays by keys in odd hands
and by mouse in even ones, against a Basic computer, to the end. The table must have done
exactly what was asked, and its scores must be the engine's own; in English, French and
Polish."""

import random

import pygame
import pytest
from helpers_mille_scene import (
    enter_by_keys,
    enter_by_mouse,
    open_table,
    read_score_sheet,
    seats,
)

from game import lang
from game.engine.mille import MilleState, Options, make_agent
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.shell.name_entry import NameEntryScene
from tests.harness import (
    key,
    settle,
    type_text,
)

SEED = 4242
MAX_DECISIONS = 3000


#: Words of the English log that a French or Polish one must not have.
ENGLISH_VERBS = (" plays ", " drives ", " discards ", " wins", "Hand ", " completed ")
#: A distance card's word and the end's word in each other language's log.
LOG_WORDS = {"fr": ("bornes", " gagne"), "pl": (" km", " wygrywa")}


@pytest.mark.slow
@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_a_whole_game_by_keys_and_mouse_against_the_computer(new_app, code):
    """In every language the game speaks: the same keys and clicks, its log in the
    language."""
    app = new_app(fast=True, lang=code)
    scene = open_table(app, seats("", "basic"), rng=random.Random(SEED))
    # The human's choices come from a Basic player of their own, looking at their seat.
    planner = make_agent("basic", random.Random(0))
    sheets = []
    for _ in range(MAX_DECISIONS):
        settle(app, scene)
        top = app.scenes.top
        if isinstance(top, ScoreSheetScene):
            if code != "en":
                assert top.title.startswith({"fr": "Manche", "pl": "Rozdanie"}[code])
            sheets.append(top.result)
            read_score_sheet(app, by_mouse=len(sheets) % 2 == 0)
            continue
        if isinstance(top, NameEntryScene):
            type_text(app, "Ann")
            key(app, pygame.K_RETURN)
            continue
        if scene.finished:
            break
        seat = scene.state.to_act
        action = planner.choose(scene.state.observation(seat), scene.legal())
        before = len(scene.history)
        if scene.state.hand_number % 2:
            enter_by_keys(app, scene, action)
        else:
            enter_by_mouse(app, scene, action)
        assert scene.history[before] == action, "the table played what was entered"
    assert scene.finished, "the game reached its end"
    assert len(sheets) == scene.state.hand_number, "a score sheet for every hand"

    # The same actions on a bare engine with the same deck (the table opens the coup
    # fourré moment after every hazard): the very same game.
    replay = MilleState.new_game(Options(players=2))
    deck = random.Random(SEED)
    for action in scene.history:
        replay.apply(action, deck, moment=True)
    assert replay.to_json() == scene.state.to_json()

    # Every hand's sheet adds up to the game score, and the winner passed 5000.
    for side in range(2):
        assert sum(sheet["sides"][side]["total"] for sheet in sheets) == scene.state.scores[side]
        assert sheets[-1]["sides"][side]["game_total"] == scene.state.scores[side]
    assert max(scene.state.scores) >= 5000
    winner = scene.state.winners[0]
    assert scene.state.scores[winner] == max(scene.state.scores)

    stats = app.storage.stats("mille")
    assert stats.played == 1 and stats.won == (1 if winner == 0 else 0)
    assert stats.counters.get("trips", 0) == sum(
        1 for sheet in sheets if sheet["completed_by"] == 0
    )
    assert app.storage.top_ten("mille").entries[0].score == scene.state.scores[0]
    assert not app.storage.has_saved_game("mille"), "a finished game is not kept"
    assert "card_slide" in app.sounds
    if code != "en":
        said = [str(line.text) for line in scene.talk.log]
        assert not [line for line in said if any(verb in line for verb in ENGLISH_VERBS)]
        distance, won = LOG_WORDS[code]
        assert any(distance in line for line in said) and any(won in line for line in said)
