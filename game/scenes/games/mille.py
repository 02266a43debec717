"""Mille Bornes (Edmond Dujardin, 1954) on the Pixel Parlor title menu.

The table lives in game.scenes.mille; this module tells the shell about the game.
"""
from __future__ import annotations

from game.scenes.mille.pictures import screenshot_states
from game.scenes.mille.play import COUNTERS, GAME_ID, MilleScene
from game.scenes.mille.start import new_game_scene
from game.scenes.registry import GameInfo, register_game
from game.storage import GAME_TITLES

MILLE = register_game(GameInfo(
    id=GAME_ID,
    title=GAME_TITLES[GAME_ID],
    tagline="Race to 1000 km through hazards and coups fourrés.",
    icon="mille",
    order=4,
    new_scene=new_game_scene,
    resume_scene=MilleScene.from_saved,
    screenshots=screenshot_states,
    counter_labels=COUNTERS,
))
