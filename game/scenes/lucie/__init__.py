"""La Belle Lucie 3.00 (Gellman Software, 1989): the table, its help and its pictures.

A solitaire has no seats to set: its set-up has one option, any deal or winnable deals
only (setup.py); demo mode deals at random at once, and the computer plays it. Importing this package registers the game (game.shell.registry). It imports
nothing else: the table, the engine and the pictures load when a game first needs them,
so that the title starts without them.
"""

from game.lang import N_, Msg
from game.scenes.lucie.keys import LUCIE_KEYS
from game.shell.registry import GameInfo, Later, register_game

GAME_ID = "lucie"
#: Deal codes: L-... name a deal number; the version of the rule that deals it (issue 35).
DEAL_LETTER = "L"
DEAL_VERSION = 1


def _play():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie import play

    return play


def _start():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie import start

    return start


def _setup():
    # late import: only a new game needs it; the title starts without (registry)
    from game.scenes.lucie import setup

    return setup


def _grouped_wins():
    # late import: only the Scores screen needs it; the title starts without (registry)
    from game.scenes.lucie.words import DIFFICULTY_ROWS

    return DIFFICULTY_ROWS


def _pictures():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie import pictures

    return pictures


def _accuracy_halves_at() -> Msg:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.lucie.coach import HALF_ACCURACY_AT

    # A Msg: kept by the registry, translated each time it is shown.
    return Msg("a {percent}% chance of winning the hand", percent=round(HALF_ACCURACY_AT * 100, 1))


class _BenchWords(Msg):
    """The simulated players' accuracies (game.engine.coach.bench_words), their names in
    the language shown each time the words are (the registry keeps the value)."""

    __slots__ = ()

    def text(self) -> str:
        # late import: only the Scores screen's help needs it (registry)
        from game.engine.coach import bench_words
        from game.engine.lucie.coach import ACCURACY_BENCH
        from game.lang import _

        return bench_words([(_(name), *figures) for name, *figures in ACCURACY_BENCH])


def _accuracy_players() -> Msg:
    return _BenchWords("")


def _gallery_pages():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie.gallery import page_lucie

    return (page_lucie,)


def _daily_words(day) -> Msg:
    if day.won:
        return Msg("won in {n} moves", n=day.moves or 0)
    return Msg("lost, score {score}", score=day.score or 0)


def _rules():
    # late import: only Help needs it; the title starts without (registry)
    from game.scenes.lucie import help

    return help.help_pages


def _medals():
    # late import: only the Scores screen and a game in play need them (registry)
    from game.scenes.lucie import medals

    return medals.MEDALS


LUCIE = register_game(
    GameInfo(
        id=GAME_ID,
        keys=LUCIE_KEYS,
        title=N_("La Belle Lucie"),  # the game's name, the same in every language
        # TRANSLATORS: the title screen's line under the game's name (one short line).
        tagline=N_("Eighteen fans, two shuffles and a free draw."),
        order=2,
        rules=Later(_rules),
        new_scene=Later(lambda: _setup().new_scene),
        resume_scene=Later(lambda: _play().LucieScene.from_saved),
        deal_letter=DEAL_LETTER,
        deal_version=DEAL_VERSION,
        deal_table=Later(lambda: _start().deal_table),
        deal_best=lambda code: _start().best_play(code),
        daily_words=_daily_words,
        screenshots=Later(lambda: _pictures().screenshot_states),
        counter_labels=Later(lambda: _play().COUNTERS),  # marked N_: translated where shown
        medals=Later(_medals),
        accuracy_halves_at=Later(_accuracy_halves_at),
        accuracy_players=Later(_accuracy_players),
        has_top_ten=False,
        grouped_wins=Later(_grouped_wins),
        gallery_pages=Later(_gallery_pages),
        art=("cards",),
        examples=Later(lambda: _pictures().EXAMPLES),
    )
)
