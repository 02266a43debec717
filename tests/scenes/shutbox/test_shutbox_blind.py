"""Speech (issue 34): a blind player plays a whole game of Shut The Box against the
computer from what is spoken alone: the prompts say what the table waits for, the hint
(?) says which doors Perfect would shut, and the arrows are moved until the door they
are on is the one wanted (its number spoken), Down shuts it. The engine is looked at only
after the end, to check that the game the player heard was the game played."""

import os
import random
import re
from pathlib import Path

import pytest
from helpers_shutbox_scene import ann_and_cindy, open_game

from game.engine.shutbox import ShutBoxState
from game.shell.name_entry import NameEntryScene
from tests.scenes.blind import BlindPlayer, last_matching, numbers_in

SEED = 34
MAX_DECISIONS = 400


def hinted_doors(player: BlindPlayer) -> list[int]:
    """Ask for the hint and take the doors it names ("Perfect shuts 6 and 1: ...")."""
    found = last_matching(player.press("?"), r"Perfect shuts (?:the )?([\d, and]+)[:,]")
    assert found is not None, " | ".join(player.transcript[-4:])
    return numbers_in(found[1].group(1))


def shut(player: BlindPlayer, door: int) -> None:
    """Arrows to the door (its number spoken), then Down picks it."""
    wanted = re.compile(rf"^Door {door}, open\.$")
    player.until_heard("right", wanted.match, limit=9)
    assert last_matching(player.press("down"), rf"^Door {door}, picked\.$")


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_game_from_what_is_spoken(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = open_game(app, ShutBoxState.new(ann_and_cindy("pub")), rng=random.Random(SEED))
    player = BlindPlayer(app, scene, listening)
    player.listen()
    named, mark = False, 0
    for _ in range(MAX_DECISIONS):
        heard, mark = player.transcript[mark:], len(player.transcript)
        found = last_matching(
            heard,
            r"Type a name",
            r"^Press Enter",
            r"Shut doors that total \d+ first",
            r"more to make \d+",
            r"is more than \d+",
        )
        assert found is not None, f"nothing to act on in {heard}"
        line = found[0]
        if "Type a name" in line:
            for _letter in range(10):
                player.press("backspace")
            player.type("Blind")
            player.press("enter")
            named = True
            break
        if line.startswith("Press Enter"):
            player.press("enter")
        elif "more than" in line:
            player.press("up")  # the door just picked is too much: open it again
        else:
            for door in hinted_doors(player):
                shut(player, door)
    assert named, "the game ended with the Top Ten's name asked"

    # After the end: what was heard matches what was played.
    state = scene.state
    assert state.is_over and scene.finished
    assert not isinstance(app.scenes.top, NameEntryScene)
    top_ten = app.storage.top_ten("shutbox").entries
    assert [e.name for e in top_ten] == ["Blind"]
    assert top_ten[0].score == state.players[0].total
    transcript = "\n".join(player.transcript)
    if os.environ.get("PIXELPARLOR_TRANSCRIPT"):
        Path(os.environ["PIXELPARLOR_TRANSCRIPT"]).write_text(transcript, encoding="utf-8")
    assert "Ann rolls" in transcript and "Cindy" in transcript
    assert "Hint: Perfect" in transcript
    assert player.keys > 30
