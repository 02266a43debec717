"""Speech (issue 34): a blind player plays a whole hand of La Belle Lucie from what is
spoken alone: ? gives the hint ("Hint: play TD. ..." or "Hint: shuffle (S). ..."), the
card is typed at the prompt (each key echoed) and Enter moves it; S and Enter shuffle.
The end is heard ("You won!" and its answers). The engine is looked at only after the
end, to check that the hand heard was the hand played."""

import os
from pathlib import Path

import pytest
from helpers_lucie_scene import open_table

from tests.scenes.blind import BlindPlayer, last_matching

DEAL = 2  # won by the strongest play, after both shuffles
MAX_DECISIONS = 300


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_hand_from_what_is_spoken(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = open_table(app, DEAL)
    player = BlindPlayer(app, scene, listening)
    player.listen()
    won = False
    for _ in range(MAX_DECISIONS):
        heard = player.press("?")
        found = last_matching(
            heard, r"^Hint: play (\w\w)\.", r"^Hint: shuffle \((\w)", r"^You won!"
        )
        assert found is not None, " | ".join(player.transcript[-8:])
        line, match = found
        if line.startswith("You won!"):
            won = True
            break
        for char in match.group(1):
            player.press(char)
        after = player.press("enter")
        if last_matching(after, r"^You won!"):
            won = True
            break
    assert won, "the hand was won"

    transcript = "\n".join(player.transcript)
    if os.environ.get("PIXELPARLOR_TRANSCRIPT"):
        Path(os.environ["PIXELPARLOR_TRANSCRIPT"]).write_text(transcript, encoding="utf-8")
    assert scene.game.is_won and scene.finished
    assert "Typed: T" in transcript or "Typed: " in transcript
    assert "Hint: shuffle" in transcript
