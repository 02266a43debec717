"""Shut The Box's screens: the play scene (play.py), AllScores, the doors, toggles, help."""
