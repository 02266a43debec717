"""Mille Bornes (Edmond Dujardin, 1954): the table, set-up, score sheets, help and pictures.

Importing this package registers the game (game.shell.registry). It imports nothing
else: the table, the engine and the pictures load when a game first needs them, so that
the title starts without them.
"""

from game.lang import N_, _, number
from game.scenes.mille.keys import MILLE_KEYS
from game.shell.registry import GameInfo, Later, register_game

GAME_ID = "mille"
#: Deal codes: M-..., and the version of the rule that deals a code's hands (issue 35).
DEAL_LETTER = "M"
DEAL_VERSION = 1


def _play():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille import play

    return play


def _pictures():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille import pictures

    return pictures


def _accuracy_halves_at() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.mille.coach import HALF_ACCURACY_AT

    return _(
        "{points} points of the hand's score against your best opponent, as the Expert reckons it"
    ).format(points=number(HALF_ACCURACY_AT))


def _accuracy_players() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.coach import bench_words
    from game.engine.mille.coach import ACCURACY_BENCH

    return bench_words(ACCURACY_BENCH)


def _level_labels() -> dict[str, str]:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.words import LEVEL_LABELS

    return dict(LEVEL_LABELS)


def _deal_table():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.start import deal_table

    return deal_table


def _new_game_scene():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.start import new_game_scene

    return new_game_scene


def _network_table(app, seats):
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.mille.rules import Options

    return _play().MilleScene.new_game(app, seats, Options(players=len(seats)))


def _network_seats() -> tuple[int, int]:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.mille.rules import PLAYER_COUNTS

    return (min(PLAYER_COUNTS), max(PLAYER_COUNTS))


def _network_guest():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.mille.guest import MilleGuest

    return MilleGuest


def _network_join():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.joined import MilleGuestScene

    return MilleGuestScene


def _network_watch():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.joined import MilleWatchScene

    return MilleWatchScene


def _gallery_pages():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.gallery import page_mille

    return (page_mille,)


def _gallery_samples():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.mille.gallery import sample_mono

    return {"mono": sample_mono}


def _rules():
    # late import: only Help needs it; the title starts without (registry)
    from game.scenes.mille import help

    return help.help_pages


def _medals():
    # late import: only the Scores screen and a game in play need them (registry)
    from game.scenes.mille import medals

    return medals.MEDALS


MILLE = register_game(
    GameInfo(
        id=GAME_ID,
        keys=MILLE_KEYS,
        # TRANSLATORS: the game's name: it stays "Mille Bornes" in every language.
        title=N_("Mille Bornes"),
        # TRANSLATORS: the game's tagline on the title screen's tile.
        tagline=N_("Race to 700 or 1000 km, with hazards in your way."),
        order=4,
        rules=Later(_rules),
        new_scene=Later(_new_game_scene),
        resume_scene=Later(lambda: _play().MilleScene.from_saved),
        network_table=_network_table,
        screenshots=Later(lambda: _pictures().screenshot_states),
        counter_labels=Later(lambda: _play().COUNTERS),
        medals=Later(_medals),
        level_labels=Later(_level_labels),
        accuracy_halves_at=Later(_accuracy_halves_at),
        accuracy_players=Later(_accuracy_players),
        gallery_pages=Later(_gallery_pages),
        gallery_samples=Later(_gallery_samples),
        examples=Later(lambda: _pictures().EXAMPLES),
        sounds={"coup_fourre": 1.0},
        cheers=("coup_fourre",),
        network_seats=Later(_network_seats),
        network_guest=Later(_network_guest),
        network_join=Later(_network_join),
        network_watch=Later(_network_watch),
        deal_letter=DEAL_LETTER,
        deal_version=DEAL_VERSION,
        deal_table=Later(_deal_table),
    )
)
