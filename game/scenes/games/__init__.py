"""One module per game scene; each registers itself with game.scenes.registry on import."""
