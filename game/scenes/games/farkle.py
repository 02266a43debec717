"""Farkle 1.0 (Chris Kartheiser, 1996) on the Pixel Parlor title menu."""
from __future__ import annotations

from game.scenes.farkle.pictures import screenshot_states
from game.scenes.farkle.play import GAME_ID, FarkleScene
from game.scenes.farkle.start import new_game_scene
from game.scenes.registry import GameInfo, register_game
from game.storage import GAME_TITLES

FARKLE = register_game(GameInfo(
    id=GAME_ID,
    title=GAME_TITLES[GAME_ID],
    tagline="Six dice, push your luck: hold, roll, bank.",
    icon="farkle",
    order=1,
    new_scene=new_game_scene,
    resume_scene=FarkleScene.from_saved,
    screenshots=screenshot_states,
    counter_labels={"farkles": "Farkles", "hot_dice": "Hot dice"},
))
