"""Shut The Box (MicroLink, 1989): its table, set-up, doors, scorecards, help and pictures.

Importing this package registers the game (game.shell.registry). It imports only its
toggles (the command line's flag): the table, the engine and the pictures load when a
game first needs them, so that the title starts without them.
"""

from game.lang import N_, Msg, _
from game.scenes.shutbox.keys import SHUTBOX_KEYS
from game.scenes.shutbox.toggles import DEAL_LETTER, DEAL_VERSION, GAME_ID, TITLE, TOGGLES_FLAG
from game.shell.registry import GameInfo, Later, register_game


class _Said:
    """Words made again in the language of the moment each time they are shown (str()
    or an f-string): for a GameInfo field, which is made once and kept."""

    def __init__(self, make):
        self.make = make

    def __str__(self) -> str:
        return self.make()

    def __format__(self, spec: str) -> str:
        return format(self.make(), spec)


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


def _accuracy_halves_at() -> Msg:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.shutbox.coach import HALF_ACCURACY_AT

    # TRANSLATORS: Scores' help on accuracy: a decision that gives up this much scores
    # 50 ("Shut The Box: 6.3 points of the score you can expect from the turn.")
    return Msg("{points} points of the score you can expect from the turn", points=HALF_ACCURACY_AT)


def _accuracy_players() -> _Said:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.coach import bench_words
    from game.engine.shutbox.coach import ACCURACY_BENCH

    # The players' names translated each time the words are shown.
    return _Said(lambda: bench_words([(_(name), *figures) for name, *figures in ACCURACY_BENCH]))


def _level_labels() -> dict[str, str]:
    """The levels' names in English (marked for the catalogs in the engine's rules):
    where they are shown, _() translates them."""
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


def _medals():
    # late import: only the Scores screen and a game in play need them (registry)
    from game.scenes.shutbox import medals

    return medals.MEDALS


INFO = register_game(
    GameInfo(
        id=GAME_ID,
        keys=SHUTBOX_KEYS,
        title=TITLE,
        # TRANSLATORS: the title tile's line under the game's name (two short lines at
        # most)
        tagline=N_("Shut the doors that match the dice."),
        order=3,
        rules=Later(_rules),
        new_scene=Later(lambda: _start().new_scene),
        resume_scene=Later(lambda: _play().ShutBoxScene.from_saved),
        network_table=lambda app, seats: _start().start_table(app, list(seats), {}),
        screenshots=Later(lambda: _pictures().screenshots),
        # TRANSLATORS: a statistic of the Scores screen: turns in which every door was shut
        counter_labels={"boxes_shut": N_("Boxes shut")},
        medals=Later(_medals),
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
        deal_letter=DEAL_LETTER,
        deal_version=DEAL_VERSION,
        deal_table=Later(lambda: _start().deal_table),
        deal_best=lambda code: _start().best_play(code),
        daily_words=lambda day: Msg("{score} points of 250", score=day.score or 0),
    )
)
