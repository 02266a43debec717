"""The coach's words on Mille Bornes' final standings: with the hints' mark they take two
lines, and cut to one (as they were) they lost the way to the review (issue 32)."""

from __future__ import annotations

from game.scenes.mille import layout
from game.scenes.mille import view as mille_view
from game.scenes.mille.pictures import game_over
from tests.harness import words_on_screen

WORDS = (
    "Accuracy 57 over 152 decisions (1 move from hints, not counted); "
    "V reviews the 20 that cost something."
)


def test_the_coachs_words_are_read_whole_on_the_final_standings(new_app):
    app = new_app()
    scene = game_over(app)
    assert scene.finished and app.scenes.top is scene
    scene.coach_line = WORDS
    mille_view._frames.pop(scene, None)  # the still frame: drawn anew
    box = layout.game_over_box(len(scene.state.scores))
    shown = words_on_screen(app, box)
    assert " ".join(line for line in shown if len(line) > 10 and line in WORDS) == WORDS
    buttons = layout.game_over_buttons(len(scene.state.scores))
    assert "N New game" in shown and buttons[0].top < box.bottom
