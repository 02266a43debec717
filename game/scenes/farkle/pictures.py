"""Farkle's states for --screenshots: set-up, mid-turn, farkle, hot dice, final round, end,
the scoring help, the Esc menu and the Scores screen's Progress page.

Each picture is a real position played through the engine with chosen dice, so what is
shown is what the game would show. Pictures never write the player's files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.farkle import (
    BANK,
    COMPUTER,
    HUMAN,
    ROLL,
    ROLL_ALL,
    ROLLED,
    FarkleAction,
    FarkleOptions,
    FarkleState,
    Seat,
    prepare_expert,
)
from game.engine.farkle.coach import ACCURACY_STRETCH, HALF_ACCURACY_AT
from game.scenes.farkle.joined import FarkleGuestScene
from game.scenes.farkle.play import GAME_ID, FarkleScene
from game.scenes.farkle.start import new_game_scene
from game.scenes.help import HelpScene
from game.scenes.sample_progress import progress_states, record_sample_progress
from game.table import COMPUTER as COMPUTER_SEAT
from game.table import REMOTE, TableExamples, TableSeat
from game.table.guest import pictured_guest

if TYPE_CHECKING:
    from game.shell.app import App


# The pictures' players (names are the same in every language).
NAMES = ("Anna", "Rosamund", "Greg", "Bea", "Bert")  # i18n: not shown (names)
ANNA, ROSAMUND, GREG, BEA, BERT = NAMES


class ScriptedDice(random.Random):
    """A generator whose dice come from a list, then from a seeded stream."""

    def __new__(cls, *args: object, **kwargs: object) -> ScriptedDice:
        # Python 3.10's random.Random.__new__ seeds itself from its first argument, and a
        # list of faces cannot be hashed; __init__ seeds it as asked.
        return super().__new__(cls)

    def __init__(self, faces: Sequence[int] = (), seed: int = 0):
        super().__init__(seed)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if self.faces:
            return self.faces.pop(0)
        return super().randint(a, b)


def table(
    scores: Sequence[int],
    current: int,
    roll: Sequence[int] = (),
    turn_points: int = 0,
    set_aside: Sequence[int] = (),
    options: FarkleOptions = FarkleOptions(),
) -> FarkleState:
    """A position at the pictures' table: Anna (human) against two computers."""
    seats = [
        Seat(HUMAN, None, ANNA),
        Seat(COMPUTER, "expert", ROSAMUND),
        Seat(COMPUTER, "standard", GREG),
    ]
    state = FarkleState.new(seats, options)
    state.scores = list(scores)
    state.current = current
    state.turn_number = 14
    if roll:
        state.phase, state.roll = ROLLED, tuple(roll)
        state.turn_points, state.set_aside = turn_points, tuple(set_aside)
    return state


def _scene(app: App, state: FarkleState, dice: Sequence[int] = ()) -> FarkleScene:
    scene = FarkleScene(app, state, ScriptedDice(dice))
    scene.saving = False
    app.push(scene)
    return scene


def mid_turn(app: App) -> FarkleScene:
    """Anna has kept a 1 and a 5, rolled four dice and holds three 4s."""
    scene = _scene(
        app, table([2350, 3100, 1450], 0, roll=(4, 2, 4, 4), turn_points=150, set_aside=(1, 5))
    )
    for slot in (0, 2, 3):
        scene.controls.toggle_slot(slot)
    scene.cursor = 3
    scene.presenter.sync_tray()
    return scene


def farkle(app: App) -> FarkleScene:
    """Anna rolls her last two dice on 650 and farkles."""
    scene = _scene(
        app,
        table([2350, 3100, 1450], 0, roll=(1, 5, 5, 3), turn_points=400, set_aside=(2, 2)),
        dice=(3, 6),
    )
    scene.play_move(FarkleAction(ROLL, (0, 1)))
    scene.hurry()
    return scene


def hot_dice(app: App) -> FarkleScene:
    """Anna holds the last three dice (three 2s) and rolls all six again."""
    scene = _scene(
        app,
        table([2350, 3100, 1450], 0, roll=(2, 2, 2), turn_points=250, set_aside=(1, 5, 1)),
        dice=(5, 3, 1, 6, 2, 4),
    )
    scene.play_move(FarkleAction(ROLL, (0, 1, 2)))
    scene.hurry()
    scene.controls.toggle_all()
    return scene


def final_round(app: App) -> FarkleScene:
    """Greg goes out with 10,650; Anna's final turn must beat it."""
    scene = _scene(
        app, table([7450, 8800, 9600], 2, roll=(1, 1, 1, 5, 3, 2)), dice=(1, 5, 3, 3, 2, 6)
    )
    scene.play_move(FarkleAction(BANK, (0, 1, 2, 3)))
    scene.hurry()
    scene.update()  # Anna's first roll of her final turn
    scene.hurry()
    scene.controls.toggle_all()
    return scene


def game_over(app: App) -> FarkleScene:
    """Anna's final turn beats Rosamund: the end of the game."""
    state = table([9450, 10650, 8800], 0, roll=(1, 1, 1, 4, 4, 6), turn_points=350)
    state.final_round, state.final_trigger, state.final_pending = True, 1, []
    scene = _scene(app, state)
    scene.play_move(FarkleAction(BANK, (0, 1, 2)))
    scene.hurry()
    scene.update()  # the end: a picture saves and records nothing
    return scene


def network_guest(app: App) -> FarkleScene:
    """Bea's screen at Anna's table: Anna, at her own screen, has just rolled six dice,
    and they tumble here too."""
    state = table([2350, 3100, 1450], 0)
    state.seats[2] = Seat(HUMAN, None, BEA)
    seats = [
        TableSeat(ANNA),
        TableSeat(ROSAMUND, COMPUTER_SEAT, "expert"),
        TableSeat(BEA, REMOTE),
    ]
    return pictured_guest(
        app,
        FarkleGuestScene,
        "state",
        state,
        2,
        seats,
        lambda state: state.apply(ROLL_ALL, ScriptedDice((1, 5, 5, 3, 2, 6))),
    )


def record_progress(storage) -> None:
    """A player's last games for the Progress page, to 10,000: a winner goes over it."""

    def score(rng: random.Random, won: bool) -> int:
        return rng.randrange(10_000, 11_600, 50) if won else rng.randrange(3_500, 9_900, 50)

    record_sample_progress(storage, GAME_ID, score, HALF_ACCURACY_AT, ACCURACY_STRETCH)


def screenshot_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for GameInfo.screenshots."""
    yield "setup", lambda: app.push(new_game_scene(app))
    yield "mid-turn", lambda: mid_turn(app)
    yield "farkle", lambda: farkle(app)
    yield "hot-dice", lambda: hot_dice(app)
    yield "final-round", lambda: final_round(app)
    yield "game-over", lambda: game_over(app)
    yield "help-scoring", lambda: help_page(app, 1)
    yield "paused", lambda: mid_turn(app).menu.open()
    yield "hint", lambda: hint(app)
    yield "log", lambda: move_log(app)
    yield "network-guest", lambda: network_guest(app)
    yield from progress_states(app, GAME_ID, record_progress)


def hint(app: App) -> FarkleScene:
    """Anna asks what the Expert would hold from 1 5 5 3 2 6 with 400 kept."""
    scene = _scene(app, table([2350, 3100, 1450], 0, roll=(1, 5, 5, 3, 2, 6)))
    finish_thinking(scene)
    scene.hints.ask()
    finish_thinking(scene)
    return scene


def finish_thinking(scene: FarkleScene) -> None:
    """Wait for the Expert's tables, then tick until no question is open (pictures)."""
    prepare_expert(scene.state.options)
    for _ in range(10):
        scene.update()


def move_log(app: App) -> None:
    """The move log after a few turns of the computers."""
    scene = _scene(
        app,
        table([2350, 3100, 1450], 1, roll=(1, 1, 5, 3, 2, 6)),
        dice=(5, 5, 5, 2, 2, 3, 4, 4, 6, 1, 1, 2, 3, 6, 6, 6, 2, 4, 1, 5),
    )
    prepare_expert(scene.state.options)
    for _ in range(20):
        scene.hurry()
        scene.update()
        if scene.waiting_for_human:
            break
    scene.shared_keys.open_log()


def help_page(app: App, page: int) -> None:
    """A page of Farkle's help over the table (page 1 is the scoring table)."""
    scene = mid_turn(app)
    helper = app.push(HelpScene(app, scene.help_pages(), scene.title))
    helper.page = page


def playing(app: App) -> FarkleScene:
    """A new game: Anna (here) against Bert (Standard)."""
    seats = [Seat(HUMAN, None, ANNA), Seat(COMPUTER, "standard", BERT)]
    return FarkleScene.new_game(app, seats, FarkleOptions())


def last_move(app: App) -> tuple[FarkleScene, FarkleAction]:
    """Anna's final turn against Bert's 5,200: banking three 1s and a 5 wins with 5,850."""
    state = FarkleState.new(
        [Seat(HUMAN, None, ANNA), Seat(COMPUTER, "standard", BERT)], FarkleOptions(target=5000)
    )
    state.scores = [4800, 5200]
    state.final_round, state.final_trigger, state.final_pending = True, 1, []
    state.phase, state.roll = ROLLED, (1, 1, 1, 5, 2, 3)
    return FarkleScene(app, state), FarkleAction(BANK, (0, 1, 2, 3))


EXAMPLES = TableExamples(playing=playing, last_move=last_move)
