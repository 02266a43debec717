"""La Belle Lucie 3.00 (Gellman Software, 1989): the table, its help and its pictures.

A solitaire needs no set-up screen: a new game is a random deal (demo mode: the computer
plays it). Importing this package registers the game (game.scenes.registry).
"""

from game.engine.lucie.coach import HALF_ACCURACY_AT
from game.scenes.lucie.gallery import page_lucie
from game.scenes.lucie.pictures import EXAMPLES, screenshot_states
from game.scenes.lucie.play import COUNTERS, GAME_ID, LucieScene
from game.scenes.registry import GameInfo, register_game

LUCIE = register_game(
    GameInfo(
        id=GAME_ID,
        title="La Belle Lucie",
        tagline="Eighteen fans, two shuffles and a free draw.",
        order=2,
        new_scene=LucieScene.new_hand,
        resume_scene=LucieScene.from_saved,
        screenshots=screenshot_states,
        counter_labels=COUNTERS,
        accuracy_halves_at=f"a {HALF_ACCURACY_AT:.1%} chance of winning the hand",
        has_top_ten=False,
        gallery_pages=(page_lucie,),
        art=("cards",),
        examples=EXAMPLES,
    )
)
