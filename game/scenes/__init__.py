"""Screens of the game: the title menu, settings, help, scores, the boss screen, games."""
