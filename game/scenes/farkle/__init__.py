"""Farkle 1.0 (1996) at the Pixel Parlor table: set-up, play, view, help and pictures."""
