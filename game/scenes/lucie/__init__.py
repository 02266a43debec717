"""La Belle Lucie 3.00 (Gellman Software, 1989): the table, its help and its pictures.

A solitaire needs no set-up screen: a new game is a random deal (demo mode: the computer
plays it). Importing this package registers the game (game.shell.registry). It imports
nothing else: the table, the engine and the pictures load when a game first needs them,
so that the title starts without them.
"""

from game.shell.registry import GameInfo, Later, register_game

GAME_ID = "lucie"


def _play():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie import play

    return play


def _pictures():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie import pictures

    return pictures


def _accuracy_halves_at() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.lucie.coach import HALF_ACCURACY_AT

    return f"a {HALF_ACCURACY_AT:.1%} chance of winning the hand"


def _accuracy_players() -> str:
    # late import: only a game in play needs it; the title starts without (registry)
    from game.engine.coach import bench_words
    from game.engine.lucie.coach import ACCURACY_BENCH

    return bench_words(ACCURACY_BENCH)


def _gallery_pages():
    # late import: only a game in play needs it; the title starts without (registry)
    from game.scenes.lucie.gallery import page_lucie

    return (page_lucie,)


def _rules():
    # late import: only Help needs it; the title starts without (registry)
    from game.scenes.lucie import help

    return help.help_pages


LUCIE = register_game(
    GameInfo(
        id=GAME_ID,
        title="La Belle Lucie",
        tagline="Eighteen fans, two shuffles and a free draw.",
        order=2,
        rules=Later(_rules),
        new_scene=Later(lambda: _play().LucieScene.new_hand),
        resume_scene=Later(lambda: _play().LucieScene.from_saved),
        screenshots=Later(lambda: _pictures().screenshot_states),
        counter_labels=Later(lambda: _play().COUNTERS),
        accuracy_halves_at=Later(_accuracy_halves_at),
        accuracy_players=Later(_accuracy_players),
        has_top_ten=False,
        gallery_pages=Later(_gallery_pages),
        art=("cards",),
        examples=Later(lambda: _pictures().EXAMPLES),
    )
)
