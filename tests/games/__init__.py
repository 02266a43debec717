"""Games that exist only for the tests: each package here registers itself when imported,
exactly as a game under game/scenes does (tests/scenes/test_every_table.py loads them)."""
