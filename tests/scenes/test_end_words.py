"""The coach's words on the final standings of Mille Bornes and Farkle: with the hints'
mark they take two lines, and cut to one (as they were) they lost the way to the review
(issue 32), at a local table and a guest's alike."""

from __future__ import annotations

import pytest

from game.scenes.farkle import layout as farkle_layout
from game.scenes.farkle.pictures import game_over as farkle_game_over
from game.scenes.mille import layout as mille_layout
from game.scenes.mille import view as mille_view
from game.scenes.mille.pictures import game_over as mille_game_over
from tests.harness import words_on_screen

WORDS = (
    "Accuracy 57 over 152 decisions (1 move from hints, not counted); "
    "V reviews the 20 that cost something."
)


def mille_box(app):
    scene = mille_game_over(app)
    return scene, mille_layout.game_over_box(len(scene.state.scores))


def farkle_box(app):
    scene = farkle_game_over(app)
    return scene, farkle_layout.game_over_box(len(scene.state.active_seats))


@pytest.mark.parametrize("standings", [mille_box, farkle_box], ids=["mille", "farkle"])
def test_the_coachs_words_are_read_whole_on_the_final_standings(new_app, standings):
    app = new_app()
    scene, box = standings(app)
    assert scene.finished and app.scenes.top is scene
    scene.coach_line = WORDS
    mille_view._frames.pop(scene, None)  # Mille's still frame: drawn anew
    shown = words_on_screen(app, box)
    assert " ".join(line for line in shown if len(line) > 10 and line in WORDS) == WORDS
    assert "N New game" in shown, "the buttons stay"
