"""Shut The Box (MicroLink, 1989): its table, set-up, doors, scorecards, help and pictures.

Importing this package registers the game (game.scenes.registry).
"""

from game.engine.open_guest import OpenGame
from game.engine.shutbox import LEVEL_LABELS, LEVELS, ShutBoxState, action_from_json, make_agent
from game.engine.shutbox.coach import HALF_ACCURACY_AT
from game.scenes.registry import GameInfo, register_game
from game.scenes.shutbox.gallery import page_shutbox
from game.scenes.shutbox.joined import ShutBoxGuestScene
from game.scenes.shutbox.pictures import EXAMPLES, screenshots
from game.scenes.shutbox.play import ShutBoxScene
from game.scenes.shutbox.start import MAX_SEATS, TITLE, new_scene, start_table
from game.scenes.shutbox.toggles import GAME_ID, TOGGLES_FLAG

INFO = register_game(
    GameInfo(
        id=GAME_ID,
        title=TITLE,
        tagline="Shut the doors that match the dice.",
        order=3,
        new_scene=new_scene,
        resume_scene=ShutBoxScene.from_saved,
        screenshots=screenshots,
        counter_labels={"boxes_shut": "Boxes shut"},
        gallery_pages=(page_shutbox,),
        level_labels={level: LEVEL_LABELS[level] for level in LEVELS},
        accuracy_halves_at=f"{HALF_ACCURACY_AT:g} point of the score you can expect from the turn",
        art=("dice",),
        flags=(TOGGLES_FLAG,),
        examples=EXAMPLES,
        network_table=lambda app, seats: start_table(app, list(seats), {}),
        network_seats=(2, MAX_SEATS),
        network_guest=OpenGame(
            "engine",
            ShutBoxState.from_json,
            lambda state: state,
            action_from_json,
            lambda action: action.to_json(),
            make_agent,
            "perfect",
        ).guest,
        network_join=ShutBoxGuestScene,
    )
)
