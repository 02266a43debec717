"""Shut The Box scene tests start with Perfect's tables built.

The scene builds them on a thread so that no frame waits; a test that counts ticks must
not depend on how fast that thread runs on a busy machine.
"""

import pytest

from game.scenes.shutbox import play


@pytest.fixture(autouse=True)
def perfect_player_ready():
    for one_die_option in (False, True):
        play.wait_for_solver(one_die_option)
