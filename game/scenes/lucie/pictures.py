"""La Belle Lucie's states for --screenshots: a new hand, typing, the finder, the draw,
a hint, a win and a lost hand, the set-up with winnable deals only, the search for one
and its table with the difficulty, and the Scores screen's Progress page.

Each picture is a real hand played through the engine, so what is shown is what the
game shows. The pictures keep sample statistics in a throw-away folder: the player's own
records and saved hand are never touched.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.core import Thinking
from game.engine.lucie import DemoPlayer, LucieGame, Position
from game.engine.lucie.coach import ACCURACY_STRETCH, HALF_ACCURACY_AT
from game.engine.lucie.winnable import DIFFICULTIES, deal_job, deal_thinking
from game.lang import N_, _
from game.scenes.help import HelpScene
from game.scenes.lucie import setup as lucie_setup
from game.scenes.lucie.dealing import DealingScene
from game.scenes.lucie.play import GAME_ID, LucieScene
from game.scenes.sample_progress import progress_states, record_sample_progress
from game.storage import Storage
from game.table import TableExamples

if TYPE_CHECKING:
    from game.shell.app import App

START_DEAL = 1989  # the seed's year: a fresh hand
# The example hand (EXAMPLES.playing), which the coach's pictures play poorly (the costliest
# of the first few legal moves each time): three of its first six decisions give up
# some chance of winning, so the review picture has several to list; later, on its last
# deal, comes a move the solver proves loses a winnable deal, which coach mode asks about.
EXAMPLE_DEAL = 76
MID_DEAL = 7  # a hand some moves in
MID_MOVES = 6  # hint moves played before the typing picture
DRAW_DEAL = 14  # two shuffles in, the draw waiting
DRAW_MOVES = 40  # at most this many hint moves before the first shuffle
LOST_DEAL = 3  # the demo plays this one to a lost end
SAMPLE_RESULTS = (
    (True, 100),
    (False, 63),
    (False, 84),
    (True, 100),
    (False, 46),
    (False, 92),
    (False, 38),
)
# A player's hands dealt winnable, by difficulty: (played, won), for the Progress page.
SAMPLE_WINNABLE = ((6, 4), (5, 2), (4, 1))
WINNABLE_SEED = 35  # the winnable table's deal is the first this seed deals
SKIPPING_SEED = 4  # this seed's first candidate is not proved: the dealing picture skips it
HELP_PAGE = N_("Keys")  # the help page pictured (its heading, translated as the help's)
# One card from the end: every suit home but the king of spades, which lies alone.
WON_POSITION = "KS\nfoundations: KC KD KH QS\nredeals: 1\n"  # i18n: not shown (a position)


def _sample_storage():
    folder = Path(tempfile.mkdtemp(prefix="lucie-shots-"))
    storage = Storage(folder, no_save=True)
    for won, score in SAMPLE_RESULTS:
        storage.record_result(GAME_ID, won=won, score=score)
    return storage, folder


def _record_progress(storage) -> None:
    """A player's last hands for the Progress page: 100 for a win, else the cards home
    (a solitaire: no opponent)."""
    record_sample_progress(
        storage,
        GAME_ID,
        lambda rng, won: 100 if won else rng.randint(28, 96),
        HALF_ACCURACY_AT,
        ACCURACY_STRETCH,
    )
    for level, (played, won) in zip(DIFFICULTIES, SAMPLE_WINNABLE):
        for hand in range(played):
            storage.record_result(
                GAME_ID,
                won=hand < won,
                score=100 if hand < won else 70,
                counters={f"winnable_{level}_played": 1, f"winnable_{level}_won": int(hand < won)},
            )


def _table(app: App, game: LucieGame) -> LucieScene:
    scene = LucieScene(app, game)
    app.push(scene)
    return scene


def _played(deal: int, moves: int) -> LucieGame:
    """Deal `deal` after the hint's first `moves` actions (stopping short of a shuffle)."""
    game = LucieGame.new(deal)
    for _move in range(moves):
        action = game.hint().action
        if not action or action == "redeal":
            break
        game.apply(action)
    return game


def start(app: App) -> None:
    scene = LucieScene.new_hand(app, START_DEAL)
    app.push(scene)


def typing(app: App) -> None:
    scene = _table(app, _played(MID_DEAL, MID_MOVES))
    card = next(move.card for move in scene.game.position.legal_moves())
    for char in card:
        scene.entry.type(char)


def locate(app: App) -> None:
    """The seed's finder: a buried card was named, and the arrow shows where it lies."""
    scene = _table(app, _played(MID_DEAL, MID_MOVES))
    buried = next(fan[0] for fan in scene.game.fans if len(fan) > 2)
    scene.play(buried)
    scene.hurry()


def draw(app: App) -> None:
    game = _played(DRAW_DEAL, DRAW_MOVES)
    scene = _table(app, game)
    while scene.game.can_redeal:
        scene.shuffle()
        scene.hurry()
    scene.presenter.draw_flash = 0


def hint(app: App) -> None:
    scene = _table(app, _played(MID_DEAL, 2))
    scene.hints.ask()
    while scene.hint is None:
        scene.update()
    scene.hurry()


def won(app: App) -> None:
    game = LucieGame(Position.from_text(WON_POSITION), 1)
    scene = _table(app, game)
    scene.play("KS")
    scene.hurry()
    scene.update()  # the end of the hand (sample records, not the player's)
    scene.steps.clear()  # pictures are silent: no cheers, no dialog


def lost(app: App) -> None:
    """The demo's line for a hand it cannot win; the last action is played on the table,
    so the hand ends (and counts) as it would for a player."""
    game = LucieGame.new(LOST_DEAL)
    player = DemoPlayer()
    actions = []
    while not game.is_over and (action := player.choose(game.position)):
        actions.append(action)
        game.apply(action)
    last = actions.pop() if game.is_over else ""
    replay = LucieGame.new(LOST_DEAL)
    for action in actions:
        replay.apply(action)
    scene = _table(app, replay)
    if last == "redeal":
        scene.shuffle()
    elif last:
        scene.play(last)
    else:
        scene.give_up_by_demo()
    scene.hurry()
    scene.update()
    scene.steps.clear()


def move_log(app: App) -> None:
    """The move log some moves into a hand."""
    scene = _table(app, _played(MID_DEAL, 0))
    for _move in range(MID_MOVES):
        action = scene.game.hint().action
        if not action or action == "redeal":
            break
        scene.play(action)
        scene.hurry()
    scene.shared_keys.open_log()


def setup_winnable(app: App) -> None:
    """The set-up, winnable deals only chosen (the option's row selected)."""
    scene = app.push(lucie_setup.SETUP.setup_scene(app))
    scene.values[lucie_setup.DEALS.key] = lucie_setup.WINNABLE
    scene.row = 0


def dealing(app: App) -> None:
    """The search for a winnable deal, some candidates in (one skipped)."""
    scene = app.push(DealingScene(app))
    scene.tried.clear()
    scene.thinking = deal_thinking(random.Random(SKIPPING_SEED), scene.tried)
    while len(scene.tried) < 2 and not scene.thinking.done:
        scene.thinking.step()
    scene.ticks = 3  # the moving card's place


def winnable(app: App) -> None:
    """A winnable deal's table before the first move: its difficulty said."""
    dealt = Thinking(deal_job(random.Random(WINNABLE_SEED))).finish()
    app.push(LucieScene.new_hand(app, dealt.proof.deal, proof=dealt))


def keys_help(app: App) -> None:
    scene = _table(app, _played(MID_DEAL, MID_MOVES))
    helper = app.push(HelpScene(app, scene.help_pages(), scene.title))
    helper.page = next(
        i for i, (heading, _text) in enumerate(helper.pages) if heading == _(HELP_PAGE)
    )


def screenshot_states(app: App) -> Iterator[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for GameInfo.screenshots.

    A generator, so that the sample records stand in for the player's own exactly while
    these pictures are taken, and the real ones are back before the next game's.
    """
    real_storage = app.storage
    app.storage, folder = _sample_storage()
    try:
        for name, setup in (
            ("start", start),
            ("typing", typing),
            ("locate", locate),
            ("draw", draw),
            ("hint", hint),
            ("won", won),
            ("lost", lost),
            ("setup-winnable", setup_winnable),
            ("dealing", dealing),
            ("winnable", winnable),
            ("help", keys_help),
            ("log", move_log),
        ):
            yield name, lambda setup=setup: setup(app)
        yield from progress_states(app, GAME_ID, _record_progress)
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)


def last_move(app: App) -> tuple[LucieScene, str]:
    """One card from a win: the king of spades goes home."""
    return LucieScene(app, LucieGame(Position.from_text(WON_POSITION), 1)), "KS"


EXAMPLES = TableExamples(
    playing=lambda app: LucieScene.new_hand(app, EXAMPLE_DEAL), last_move=last_move
)
