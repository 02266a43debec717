"""Pig, the dice game, as a fifth game that exists only under tests/: one engine module,
one scene, no file outside this folder. The tests every table must pass
(tests/scenes/test_every_table.py) register it (GAME) while they run and play it too; it
is never registered otherwise, so that the rest of the suite sees the program's games.
"""

from game.shell.registry import GameInfo
from tests.games.pig.scene import EXAMPLES, GAME_ID, PigScene, icon, new_scene, rules

GAME = GameInfo(
    id=GAME_ID,
    title="Pig",
    tagline="Roll to 100; a 1 loses the turn.",
    order=9,
    new_scene=new_scene,
    resume_scene=PigScene.from_saved,
    counter_labels={"pig_outs": "Ones rolled"},
    icon=icon,
    examples=EXAMPLES,
    rules=rules,
)
