"""Every rule, score and computer opponent of Pixel Parlor, in pure Python.

Nothing under this package imports pygame (tests/shell/test_engine_purity.py proves it): the
engine knows nothing of pixels, sounds or time. Each game is a state plus actions: ask
for the legal actions, apply one, get back the events it caused. Randomness comes only
from a `random.Random` handed in, so a seed replays a game exactly.
"""
