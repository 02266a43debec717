"""Farkle 1.0 (Chris Kartheiser, 1996): its table, set-up, view, help and pictures.

Importing this package registers the game (game.scenes.registry).
"""

from game.engine.farkle import EXPERT, FarkleAction, FarkleState, make_agent
from game.engine.farkle.coach import HALF_ACCURACY_AT, HALF_ACCURACY_AT_WIN
from game.engine.open_guest import OpenGame
from game.scenes.farkle.helptext import LEVEL_LABELS
from game.scenes.farkle.joined import FarkleGuestScene
from game.scenes.farkle.pictures import EXAMPLES, screenshot_states
from game.scenes.farkle.play import COUNTERS, GAME_ID, FarkleScene, top_ten_detail
from game.scenes.farkle.start import MAX_SEATS, new_game_scene, start_table
from game.scenes.registry import GameInfo, register_game

FARKLE = register_game(
    GameInfo(
        id=GAME_ID,
        title="Farkle",
        tagline="Six dice, push your luck: hold, roll, bank.",
        order=1,
        new_scene=new_game_scene,
        resume_scene=FarkleScene.from_saved,
        screenshots=screenshot_states,
        counter_labels=dict(zip(COUNTERS, ("Farkles", "Hot dice"))),
        level_labels=dict(LEVEL_LABELS),
        accuracy_halves_at=f"{HALF_ACCURACY_AT:g} points of what you can expect to bank that "
        f"turn (near the end: a {HALF_ACCURACY_AT_WIN:.2%} chance of winning)",
        art=("dice",),
        examples=EXAMPLES,
        top_ten_detail=top_ten_detail,
        network_table=lambda app, seats: start_table(app, list(seats), {}),
        network_seats=(2, MAX_SEATS),
        network_guest=OpenGame(
            "state",
            FarkleState.from_json,
            lambda state: state.observation(state.current),
            FarkleAction.from_json,
            lambda action: [action.kind, list(action.held)],
            make_agent,
            EXPERT,
        ).guest,
        network_join=FarkleGuestScene,
    )
)
