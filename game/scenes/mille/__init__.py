"""The Mille Bornes table: set-up, play, score sheets, help and pictures."""
