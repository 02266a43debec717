"""Shared test set-up: headless SDL before pygame is imported, hypothesis profiles, and a
line naming the test that runs when one takes long (tests/slow_notices.py)."""

import os

# Scenes are tested headless: SDL's dummy drivers need no screen and no sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English words: a first start on a French or Polish machine
# would otherwise choose that language (tests/lang choose theirs by name).
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# No deadlines: CI machines are shared and slow at times; speed is measured by the
# benchmark commands, never asserted by tests.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

pytest_plugins = ("tests.slow_notices",)


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that speaks French or Polish leaves the next one, in the same worker, in
    English: engines' messages are read in the language of the moment."""
    yield
    from game import lang

    if lang.language() != "en":
        lang.set_language("en")
    from game.art.font import set_large_text

    set_large_text(False)  # nor in large text (Settings' switch is the whole program's)
    from game import speech

    if speech.enabled():  # nor speaking (a test that turned speech on in Settings)
        speech.install(speech.Speaker())


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs():
    """The catalogs the game reads, compiled from the .po files when one is newer (as
    tasks.py does before the tests; a plain `pytest` run gets them too)."""
    from game.lang.catalogs import compile_catalogs

    compile_catalogs(only_if_stale=True)
