"""Mille Bornes (Edmond Dujardin, 1954): the table, set-up, score sheets, help and pictures.

Importing this package registers the game (game.scenes.registry).
"""

from game.engine.mille.coach import HALF_ACCURACY_AT
from game.engine.mille.guest import MilleGuest
from game.engine.mille.rules import PLAYER_COUNTS, Options
from game.scenes.mille.gallery import page_mille
from game.scenes.mille.joined import MilleGuestScene
from game.scenes.mille.pictures import EXAMPLES, screenshot_states
from game.scenes.mille.play import COUNTERS, GAME_ID, LEVEL_LABELS, MilleScene
from game.scenes.mille.start import new_game_scene
from game.scenes.registry import GameInfo, register_game

MILLE = register_game(
    GameInfo(
        id=GAME_ID,
        title="Mille Bornes",
        tagline="Race to 700 or 1000 km, with hazards in your way.",
        order=4,
        new_scene=new_game_scene,
        resume_scene=MilleScene.from_saved,
        screenshots=screenshot_states,
        counter_labels=COUNTERS,
        level_labels=dict(LEVEL_LABELS),
        accuracy_halves_at=f"{HALF_ACCURACY_AT:g} points of the hand's score against your best "
        "opponent, as the Expert reckons it",
        gallery_pages=(page_mille,),
        examples=EXAMPLES,
        network_table=lambda app, seats: MilleScene.new_game(
            app, seats, Options(players=len(seats))
        ),
        network_seats=(min(PLAYER_COUNTS), max(PLAYER_COUNTS)),
        network_guest=MilleGuest,
        network_join=MilleGuestScene,
    )
)
