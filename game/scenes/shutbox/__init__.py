"""Shut The Box (MicroLink, 1989): its table, set-up, doors, scorecards, help and pictures.

Importing this package registers the game (game.shell.registry). It imports only its
toggles (the command line's flag): the table, the engine and the pictures load when a
game first needs them, so that the title starts without them.
"""

from game.scenes.shutbox.toggles import GAME_ID, TITLE, TOGGLES_FLAG
from game.shell.registry import GameInfo, Later, register_game


def _play():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox import play

    return play


def _start():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox import start

    return start


def _pictures():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox import pictures

    return pictures


def _accuracy_halves_at() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.shutbox.coach import HALF_ACCURACY_AT

    return f"{HALF_ACCURACY_AT:g} points of the score you can expect from the turn"


def _accuracy_players() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.coach import bench_words
    from game.engine.shutbox.coach import ACCURACY_BENCH

    return bench_words(ACCURACY_BENCH)


def _level_labels() -> dict[str, str]:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.shutbox import LEVEL_LABELS, LEVELS

    return {level: LEVEL_LABELS[level] for level in LEVELS}


def _gallery_pages():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox.gallery import page_shutbox

    return (page_shutbox,)


def _gallery_samples():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox.gallery import sample_mono

    return {"mono": sample_mono}


def _network_guest():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.open_guest import OpenGame
    from game.engine.shutbox import make_agent
    from game.scenes.shutbox.netface import FACE

    return OpenGame(FACE, make_agent, "perfect").guest


def _network_join():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.shutbox.joined import ShutBoxGuestScene

    return ShutBoxGuestScene


def _rules():
    # late import: only Help needs it; the title starts without (registry)
    from game.scenes.shutbox import help

    return help.help_pages


INFO = register_game(
    GameInfo(
        id=GAME_ID,
        title=TITLE,
        tagline="Shut the doors that match the dice.",
        order=3,
        rules=Later(_rules),
        new_scene=Later(lambda: _start().new_scene),
        resume_scene=Later(lambda: _play().ShutBoxScene.from_saved),
        network_table=lambda app, seats: _start().start_table(app, list(seats), {}),
        screenshots=Later(lambda: _pictures().screenshots),
        counter_labels={"boxes_shut": "Boxes shut"},
        gallery_pages=Later(_gallery_pages),
        gallery_samples=Later(_gallery_samples),
        level_labels=Later(_level_labels),
        accuracy_halves_at=Later(_accuracy_halves_at),
        accuracy_players=Later(_accuracy_players),
        art=("dice",),
        flags=(TOGGLES_FLAG,),
        examples=Later(lambda: _pictures().EXAMPLES),
        sounds={"door_clunk": 0.9},
        network_seats=Later(lambda: (2, _start().MAX_SEATS)),
        network_guest=Later(_network_guest),
        network_join=Later(_network_join),
    )
)
