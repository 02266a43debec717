"""Pig, the dice game, as a fifth game that exists only under tests/: one engine module,
one scene, no file outside this folder. Importing this package registers it, and the
tests every table must pass (tests/scenes/test_every_table.py) play it too."""
from game.scenes.registry import GameInfo, register_game
from tests.games.pig.scene import EXAMPLES, GAME_ID, PigScene, icon, new_scene

PIG = register_game(GameInfo(
    id=GAME_ID, title="Pig", tagline="Roll to 100; a 1 loses the turn.", order=9,
    new_scene=new_scene, resume_scene=PigScene.from_saved,
    counter_labels={"pig_outs": "Ones rolled"}, icon=icon, examples=EXAMPLES))
