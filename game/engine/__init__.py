"""Every rule, score and computer opponent of Pixel Parlor, in pure Python.

Nothing under this package imports pygame, nor anything of the game outside it, and its
modules import one another at module level only and without a cycle
(tests/shell/test_engine_purity.py proves it): the engine knows nothing of pixels, sounds
or time. Each game is a state plus actions, following one contract (core.Engine, which
tests/engine/test_every_engine.py checks of every game): ask for the legal actions, apply
one, get back the events it caused; what each seat may see; the saved game and the
actions as JSON. Randomness comes only from a `random.Random` handed in, so a seed
replays a game exactly.
"""
