"""Tests of game.storage: settings, Top Tens, statistics and saved games on disk."""
