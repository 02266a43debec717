"""La Belle Lucie 3.00 (Gellman Software, 1989) on the Pixel Parlor title menu.

The table lives in game.scenes.lucie; this module tells the shell about the game. A
solitaire needs no set-up screen: a new game is a random deal (demo mode: the computer
plays it).
"""
from __future__ import annotations

from game.scenes.lucie.pictures import screenshot_states
from game.scenes.lucie.play import COUNTERS, GAME_ID, LucieScene
from game.scenes.registry import GameInfo, register_game

LUCIE = register_game(GameInfo(
    id=GAME_ID,
    title="La Belle Lucie",
    tagline="Eighteen fans, three shuffles and a draw.",
    icon="lucie",
    order=2,
    new_scene=LucieScene.new_hand,
    resume_scene=LucieScene.from_saved,
    screenshots=screenshot_states,
    counter_labels=COUNTERS,
    has_top_ten=False,
))
