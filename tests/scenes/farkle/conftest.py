"""Farkle scene tests start with the Expert's tables built for the options they use.

The scene builds them on a thread so that no frame waits; a test that counts ticks must
not depend on how fast that thread runs on a busy machine.
"""

import pytest

from game.engine.farkle import FarkleOptions, prepare_expert
from game.warmup import wait_until_warm


@pytest.fixture(autouse=True, scope="session")
def expert_tables_ready():
    options = FarkleOptions()
    wait_until_warm(("farkle-expert", options), lambda: prepare_expert(options))
