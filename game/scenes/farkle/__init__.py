"""Farkle 1.0 (Chris Kartheiser, 1996): its table, set-up, view, help and pictures.

Importing this package registers the game (game.shell.registry). It imports nothing
else: the table, the engine and the pictures load when a game first needs them, so that
the title starts without them.
"""

from game.lang import N_, Msg
from game.scenes.farkle.keys import FARKLE_KEYS
from game.shell.registry import GameInfo, Later, register_game

GAME_ID = "farkle"
#: Deal codes: F-..., and the version of the rule that rolls a code's dice (issue 35).
DEAL_LETTER = "F"
DEAL_VERSION = 1


def _play():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle import play

    return play


def _start():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle import start

    return start


def _pictures():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle import pictures

    return pictures


def _accuracy_halves_at() -> Msg:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.farkle.coach import HALF_ACCURACY_AT, HALF_ACCURACY_AT_WIN

    # A Msg: read once, said in the language of whoever reads it (in f-strings too).
    return Msg(
        "{points} points of what you can expect to bank that turn (near the end: a "
        "{percent}% chance of winning)",
        points=float(HALF_ACCURACY_AT),
        percent=round(HALF_ACCURACY_AT_WIN * 100, 1),
    )


def _accuracy_players() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.coach import bench_words
    from game.engine.farkle.coach import ACCURACY_BENCH

    return bench_words(ACCURACY_BENCH)


def _level_labels() -> dict[str, str]:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle.helptext import LEVEL_LABELS

    return dict(LEVEL_LABELS)


def _network_guest():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.farkle import EXPERT, make_agent
    from game.engine.open_guest import OpenGame
    from game.scenes.farkle.wire import FACE

    return OpenGame(
        FACE,
        make_agent,
        EXPERT,
        observe=lambda state: state.observation(state.current),
    ).guest


def _gallery_samples():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle.gallery import sample_dice

    return {"dice": sample_dice}


def _network_join():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.farkle.joined import FarkleGuestScene

    return FarkleGuestScene


def _rules():
    # late import: only Help needs it; the title starts without (registry)
    from game.scenes.farkle import helptext

    return helptext.help_pages


def _medals():
    # late import: only the Scores screen and a game in play need them (registry)
    from game.scenes.farkle import medals

    return medals.MEDALS


FARKLE = register_game(
    GameInfo(
        id=GAME_ID,
        keys=FARKLE_KEYS,
        # TRANSLATORS: the game's name, the same in every language.
        title=N_("Farkle"),
        # TRANSLATORS: the line under the game's tile on the title screen.
        tagline=N_("Six dice, push your luck: hold, roll, bank."),
        order=1,
        rules=Later(_rules),
        new_scene=Later(lambda: _start().new_game_scene),
        resume_scene=Later(lambda: _play().FarkleScene.from_saved),
        network_table=lambda app, seats: _start().start_table(app, list(seats), {}),
        screenshots=Later(lambda: _pictures().screenshot_states),
        counter_labels=Later(
            # TRANSLATORS: a player's statistics on the Scores screen: how many farkles,
            # how many times hot dice (all six dice scored).
            lambda: dict(zip(_play().COUNTERS, (N_("Farkles"), N_("Hot dice"))))
        ),
        medals=Later(_medals),
        level_labels=Later(_level_labels),
        accuracy_halves_at=Later(_accuracy_halves_at),
        accuracy_players=Later(_accuracy_players),
        art=("dice",),
        gallery_samples=Later(_gallery_samples),
        examples=Later(lambda: _pictures().EXAMPLES),
        sounds={"farkle": 0.9, "hot_dice": 0.9},
        cheers=("hot_dice",),
        top_ten_detail=Later(lambda: _play().top_ten_detail),
        # The table's results enter only for the game's winners (play.py's results).
        top_ten_rule=N_("Only a winner's score enters: win a game to be here."),
        network_seats=Later(lambda: (2, _start().MAX_SEATS)),
        network_guest=Later(_network_guest),
        network_join=Later(_network_join),
        deal_letter=DEAL_LETTER,
        deal_version=DEAL_VERSION,
        deal_table=Later(lambda: _start().deal_table),
        deal_best=lambda code: _start().best_play(code),
    )
)
