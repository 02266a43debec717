"""Speech (issue 34): a blind player plays a whole game of Farkle against the computer
from what is spoken alone: the roll ("Anna rolls 1 3 4 5 5 6."), the blank die found with
the arrows (its words spoken) to hold every scoring die, and what Next would do, said
after each hold, decide between rolling on and banking. The engine is looked at only
after the end, to check that the game heard was the game played."""

import itertools
import os
import random
import re
from pathlib import Path

import pytest
from helpers_farkle_scene import open_table, seats

from game.engine.farkle import FarkleOptions
from game.scenes.farkle.controls import CURSOR_CENTRE, DIRECTIONS, nearest_stop
from tests.scenes.blind import BlindPlayer, last_matching

SEED = 34
BANK_AT = 350  # the player's plan: bank from this turn total when allowed...
FEW_DICE = 2  # ... or when this few dice or fewer would be rolled on
MAX_DECISIONS = 600
# The ring as the help describes it: keys 1 and 2 at the top, 3 at the right, 4 and 5 at
# the bottom, 6 at the left; the blank die in the middle. The arrow toward the middle:
TOWARD_MIDDLE = {1: "down", 2: "down", 3: "left", 4: "up", 5: "up", 6: "right"}


def hold_every_scoring_die(player: BlindPlayer, turn: int) -> None:
    """A by key on odd turns; on even ones the arrows to the blank die, then Space."""
    if turn % 2:
        player.press("a")
        return
    for _ in range(4):
        focus = last_matching(player.transcript[-3:], r"^The blank die", r"^Die (\d):")
        if focus is None:
            player.press("right")  # where is the cursor? the arrows say
        elif focus[0].startswith("The blank die"):
            player.press("space")
            return
        else:
            player.press(TOWARD_MIDDLE[int(focus[1].group(1))])
    # With dice left at keys 1, 2, 4 and 5 the arrows never reach the blank die (see the
    # last test): A, which the help names for it, does the same.
    player.press("a")


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_game_from_what_is_spoken(new_app, listening):
    app = new_app(fast=True, lang="en")
    scene = open_table(
        app,
        seats("human", "standard"),
        options=FarkleOptions(target=5000),
        rng=random.Random(SEED),
    )
    player = BlindPlayer(app, scene, listening)
    player.listen()
    mark, rolled, decisions, over = 0, 6, 0, False
    for decisions in range(MAX_DECISIONS):
        heard, mark = player.transcript[mark:], len(player.transcript)
        roll = last_matching(heard, r"^Anna rolls ([\d ]+)\.$")
        if roll:
            rolled = len(roll[1].group(1).split())
        found = last_matching(
            heard,
            r"Type a name",
            r"^The game is over",
            r"is number \d+ in the Top Ten",
            r"^Hold scoring dice",
            r"^Held [\d ]+: [\d,]+ points\.",
        )
        assert found is not None, " | ".join(heard[-6:])
        line = found[0]
        if "Type a name" in line:
            player.press("enter")
            continue
        if line.startswith("The game is over") or "in the Top Ten" in line:
            over = True
            break
        if line.startswith("Hold scoring dice"):
            hold_every_scoring_die(player, decisions)
            continue
        held = len(re.match(r"^Held ([\d ]+):", line).group(1).split())
        banks = re.search(r"Next banks ([\d,]+)", line)
        total = int(banks.group(1).replace(",", "")) if banks else 0
        if banks and (total >= BANK_AT or rolled - held <= FEW_DICE):
            player.press("n")
        else:
            player.press("r")
    assert over, "the game came to its end"

    transcript = "\n".join(player.transcript)
    if os.environ.get("PIXELPARLOR_TRANSCRIPT"):
        Path(os.environ["PIXELPARLOR_TRANSCRIPT"]).write_text(transcript, encoding="utf-8")
    # After the end: what was heard is the game that was played.
    state = scene.state
    assert state.is_over and scene.finished and max(state.scores) >= 5000
    assert "Bert rolls" in transcript and "The blank die" in transcript
    assert player.keys > 20 and decisions > 10


@pytest.mark.parametrize("count", range(1, 7))
def test_the_arrows_reach_every_die_and_the_blank_die_in_every_layout(count):
    """Whatever dice are left on the ring, the arrows lead from each stop to every other
    (a blind player has nothing else to find them with)."""
    for ring in itertools.combinations(range(6), count):
        stops = [*ring, CURSOR_CENTRE]
        for start in stops:
            seen, todo = {start}, [start]
            while todo:
                here = todo.pop()
                for direction in DIRECTIONS.values():
                    there = nearest_stop(here, stops, direction)
                    if there not in seen:
                        seen.add(there)
                        todo.append(there)
            assert seen == set(stops), (ring, start)
