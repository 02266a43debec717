"""Speech (issue 34): a blind player plays a whole game of Mille Bornes against the
computer from what is spoken alone. At each turn F2 reads the hand (each card by its
key, the cards the rules let them play said "playable", as the screen raises them); the
player plays the first playable card by its number and Enter, or, with none, discards a
card with X. A coup fourré is called (C), an extension declined (N), and each hand's
score sheet, said aloud, is passed with Enter. The engine is looked at only after the
end, to check that the game heard was the game played."""

import os
import random
import re
from pathlib import Path

import pytest
from helpers_mille_scene import open_table, seats

from tests.scenes.blind import BlindPlayer, last_matching

SEED = 34
MAX_DECISIONS = 3000
DISCARD_FIRST = ("Speed limit", "Out of Gas", "Flat Tire", "Accident", "Stop", "Gasoline")


def choose(hand: str) -> tuple[str, str]:
    """The card to play (its key) from the hand read aloud, and how: Enter plays, X
    discards. Distance first, the rest in the order heard; with nothing playable, the
    least useful card goes."""
    cards = re.findall(r"Card (\d): ([^.,]+)(, playable)?\.", hand)
    assert cards, hand
    playable = [(key, name) for key, name, ok in cards if ok]
    if playable:
        distance = [key for key, name in playable if name.endswith("km")]
        return (distance or [playable[0][0]])[0], "enter"
    names = {name: key for key, name, _ok in cards}
    for name in DISCARD_FIRST:
        if name in names:
            return names[name], "x"
    return cards[0][0], "x"


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_game_from_what_is_spoken(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = open_table(app, seats("", "basic"), rng=random.Random(SEED))
    player = BlindPlayer(app, scene, listening)
    player.listen()
    mark, sheets, over = 0, 0, False
    for _ in range(MAX_DECISIONS):
        heard, mark = player.transcript[mark:], len(player.transcript)
        found = last_matching(
            heard,
            r"Type a name",
            r"^Enter (goes on|shows the result)\.",
            r"^The game is over",
            r"is number \d+ in the Top Ten",
            r"^Coup fourré\?",
            r"^Extension\?",
            r"^Your turn",
        )
        assert found is not None, " | ".join(heard[-8:])
        line = found[0]
        if "Type a name" in line:
            player.press("enter")
        elif line.startswith("Enter"):
            sheets += line.startswith("Enter goes on")
            player.press("enter")
        elif line.startswith("The game is over") or "Top Ten" in line:
            over = True
            break
        elif line.startswith("Coup fourré?"):
            player.press("c")
        elif line.startswith("Extension?"):
            player.press("n")
        else:
            hand = " ".join(player.press("read_hand"))
            key, how = choose(hand)
            player.press(key)
            player.press(how)
    assert over, "the game came to its end"

    transcript = "\n".join(player.transcript)
    if os.environ.get("PIXELPARLOR_TRANSCRIPT"):
        Path(os.environ["PIXELPARLOR_TRANSCRIPT"]).write_text(transcript, encoding="utf-8")
    state = scene.state
    assert scene.finished and max(state.scores) >= 5000
    assert sheets + 1 == state.hand_number, "every hand's sheet was heard"
    assert "Cindy plays" in transcript and "Ann plays" in transcript
