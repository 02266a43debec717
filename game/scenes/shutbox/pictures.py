"""Shut The Box's states for --screenshots: set-up, a turn in play, a hint, an unusable
roll, the computer's turn, the next-turn prompt, AllScores, the Top Ten and the Progress
page, the end, the help, the move log.

Pictures keep sample records in a throw-away folder: the player's own never change.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.shutbox import Player, Roll, Shut, ShutBoxState
from game.engine.shutbox.coach import ACCURACY_STRETCH, HALF_ACCURACY_AT
from game.lang import Msg, _
from game.scenes.help import HelpScene
from game.scenes.sample_progress import progress_states, record_sample_progress
from game.scenes.scores import ScoresScene
from game.scenes.shutbox.joined import ShutBoxGuestScene
from game.scenes.shutbox.netface import VIEW_KEY
from game.scenes.shutbox.play import ShutBoxScene, wait_for_solver
from game.scenes.shutbox.start import setup_scene
from game.scenes.shutbox.toggles import CANT_USE, GAME_ID
from game.storage import Storage
from game.table import REMOTE, TableExamples, TableSeat
from game.table.guest import pictured_guest

if TYPE_CHECKING:
    from game.shell.app import App

# The dice of the example game (EXAMPLES.playing): each of Ann's first three rolls can be
# made with more than one set of doors, so the coach's review picture, which plays her
# poorest shuts, has three decisions to list.
EXAMPLE_DICE = 260
# The sample players (names: the same in every language).
ANN, BEA, CINDY, GREG = "Ann", "Bea", "Cindy", "Greg"  # i18n: not shown (names)
SAMPLE_TOP_TEN = [
    ("Cindy", 187),  # i18n: not shown (a name)
    ("Rosamund", 171),  # i18n: not shown (a name)
    ("Greg Powers", 163),  # i18n: not shown (a name)
    ("Genevieve", 150),  # i18n: not shown (a name)
    ("Bob Rodrigue", 141),  # i18n: not shown (a name)
    ("Jay Graham", 133),  # i18n: not shown (a name)
    ("David Storrs", 126),  # i18n: not shown (a name)
    ("Phillipe", 121),  # i18n: not shown (a name)
    ("Bob", 118),  # i18n: not shown (a name)
    ("Eagle", 112),  # i18n: not shown (a name)
]


def _sample_storage():
    folder = Path(tempfile.mkdtemp(prefix="shutbox-shots-"))
    storage = Storage(folder, no_save=True)
    for name, score in SAMPLE_TOP_TEN:
        storage.add_to_top_ten(GAME_ID, name, score)
    for won, score, boxes in ((True, 164, 1), (False, 121, 0), (True, 187, 2), (False, 98, 0)):
        storage.record_result(GAME_ID, won=won, score=score, counters={"boxes_shut": boxes})
    return storage, folder


def _record_progress(storage) -> None:
    """A player's last games for the Progress page: scores of a good player at 9 doors."""
    record_sample_progress(
        storage,
        GAME_ID,
        lambda rng, won: rng.randint(150, 205) if won else rng.randint(95, 165),
        HALF_ACCURACY_AT,
        ACCURACY_STRETCH,
    )


def _sample_state(ann=(31, 23), cindy=(38, 19), greg=None, **changes):
    """Ann (human) against Cindy (Perfect), and Greg (human) when his scores are given."""
    players = [
        Player(ANN, turn_scores=list(ann)),
        Player(CINDY, computer=True, level="perfect", turn_scores=list(cindy)),
    ]
    if greg is not None:
        players.append(Player(GREG, turn_scores=list(greg)))
    fields = dict(
        players=players,
        current=0,
        turn_number=3,
        open_doors=frozenset({1, 3, 4, 6, 7, 8, 9}),
        dice=(4, 3),
        phase="shut",
    )
    fields.update(changes)
    return ShutBoxState(**fields)


def screenshots(app: App) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs for --screenshots.

    A generator, so that the sample records stand in for the player's own exactly while
    these pictures are taken, and the real ones are back before the next game's.
    """
    real_storage = app.storage
    app.storage, folder = _sample_storage()

    def settle(scene, ticks: int = 60) -> None:
        for _tick in range(ticks):
            scene.tick()

    def table(state: ShutBoxState, saving: bool = True) -> ShutBoxScene:
        wait_for_solver(state.one_die_option)
        scene = ShutBoxScene(app, state, random.Random(3))
        scene.saving = saving
        app.push(scene)
        settle(scene, 2)
        return scene

    def mid_turn() -> None:
        scene = table(_sample_state())
        scene.talk.say(Msg("{name} rolls {dice}.", name=ANN, dice="4 + 3 = 7"))
        for door in (4, 3):
            scene.choice.toggle_door(door)
        scene.cursor = 3
        settle(scene)

    def choosing_with_hint() -> None:
        scene = table(_sample_state(dice=(6, 5)))
        scene.choice.toggle_door(8)
        scene.cursor = 8
        scene.hints.ask()
        settle(scene, 5)

    def unusable() -> None:
        scene = table(_sample_state(open_doors=frozenset({1, 2, 4}), dice=(5, 4), phase="roll"))
        scene.toggles.values[CANT_USE.letter] = True
        scene.rng = random.Random(0)  # rolls 4 + 4 = 8 against 1, 2, 4 open
        scene.controls.confirm()
        settle(scene, 45)

    def computer_turn() -> None:
        state = _sample_state(
            ann=(31, 23, 29), current=1, dice=(6, 3), open_doors=frozenset({1, 2, 3, 4, 5, 7, 9})
        )
        scene = table(state)
        settle(scene, 50)

    def next_prompt() -> None:
        scene = table(_sample_state(open_doors=frozenset({1, 2, 4}), dice=(5, 4), phase="roll"))
        scene.rng = random.Random(0)  # the 8 that ends Ann's turn with 38
        scene.controls.confirm()
        settle(scene, 200)

    def game_over() -> None:
        state = _sample_state(
            ann=(31, 23, 44, 27, 38),
            cindy=(38, 19, 33, 41, 26),
            phase="over",
            turn_number=5,
            current=1,
            open_doors=frozenset({2, 5}),
            dice=(3, 4),
        )
        scene = table(state, saving=False)  # the picture, not a game to count
        settle(scene, 3)

    def all_scores() -> None:
        scene = table(_sample_state(greg=(12, 50)))
        scene.controls.show_all_scores()

    def top_ten() -> None:
        table(_sample_state())
        app.push(ScoresScene(app, GAME_ID))

    def keys_help() -> None:
        scene = table(_sample_state())
        help_scene = app.push(HelpScene(app, scene.help_pages(), _(scene.title)))
        help_scene.page = 3

    def move_log() -> None:
        scene = table(_sample_state(open_doors=frozenset({1, 2, 4}), dice=(5, 4), phase="roll"))
        scene.rng = random.Random(0)
        scene.controls.confirm()  # Ann's last roll: an 8 that ends her turn
        settle(scene, 200)
        scene.controls.confirm()  # the next prompt: Cindy plays her turn
        settle(scene, 1500)
        scene.shared_keys.open_log()

    def network_guest() -> None:
        """Bea's screen at Ann's table: Ann, at her own screen, rolls, and the dice
        tumble here too."""
        wait_for_solver(False)
        state = _sample_state(
            players=[Player(ANN, turn_scores=[31, 23]), Player(BEA, turn_scores=[38, 19])],
            phase="roll",
            dice=(),
        )
        pictured_guest(
            app,
            ShutBoxGuestScene,
            VIEW_KEY,
            state,
            1,
            [TableSeat(ANN), TableSeat(BEA, REMOTE)],
            lambda state: state.apply(Roll(2), random.Random(4)),
        )

    try:
        yield "setup", lambda: app.push(setup_scene(app))
        yield "play", mid_turn
        yield "hint", choosing_with_hint
        yield "unusable", unusable
        yield "computer", computer_turn
        yield "next", next_prompt
        yield "allscores", all_scores
        yield "topten", top_ten
        yield from progress_states(app, GAME_ID, _record_progress)
        yield "gameover", game_over
        yield "help", keys_help
        yield "log", move_log
        yield "network-guest", network_guest
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)


def playing(app: App) -> ShutBoxScene:
    """A new game: Ann (here) against Cindy (Perfect), with the dice of EXAMPLE_DICE."""
    scene = ShutBoxScene.new_game(app, [Player(ANN), Player(CINDY, True, "perfect")])
    scene.rng = random.Random(EXAMPLE_DICE)
    return scene


def last_move(app: App) -> tuple[ShutBoxScene, Shut]:
    """Ann's fifth turn, the last of the game, with only door 3 open and 1 + 2 rolled:
    shutting it shuts the box and wins, 170 to 150."""
    players = [
        Player(CINDY, computer=True, level="perfect", turn_scores=[30] * 5),
        Player(ANN, turn_scores=[30] * 4),
    ]
    state = ShutBoxState(
        players, current=1, turn_number=5, open_doors=frozenset({3}), dice=(1, 2), phase="shut"
    )
    return ShutBoxScene(app, state, random.Random(5)), Shut(frozenset({3}))


EXAMPLES = TableExamples(playing=playing, last_move=last_move)
