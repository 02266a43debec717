"""Shut The Box (MicroLink, 1989) on the title menu: set-up, play, resume, screenshots.

The play screen lives in game.scenes.shutbox; this module tells the shell about the game.
"""
from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from game.engine.shutbox import LEVEL_LABELS, LEVELS, Player, ShutBoxState
from game.scenes.registry import GameInfo, register_game
from game.scenes.setup import (
    OptionSpec, SeatConfig, SetupScene, default_seats, seats_from_json)
from game.scenes.shutbox import help as shutbox_help
from game.scenes.shutbox.play import BUSY, ShutBoxScene
from game.scenes.shutbox.toggles import CANT_USE, GAME_ID
from game.storage import GAME_TITLES

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

TITLE = GAME_TITLES[GAME_ID]
MAX_SEATS = 4
ONE_DIE_OPTION = OptionSpec(
    "one_die", "One die once 7, 8 and 9 are shut", [(False, "No"), (True, "Yes")], False,
    hint="A pub variant, not in the 1989 game: then you may roll one die (O).")
COUNTER_LABELS = {"boxes_shut": "Boxes shut"}


def level_choices() -> list[tuple[str, str]]:
    return [(level, LEVEL_LABELS[level]) for level in LEVELS]


def players_from_seats(seats: Sequence[SeatConfig]) -> list[Player]:
    return [Player(seat.name, computer=seat.is_computer,
                   level=seat.level if seat.is_computer else None) for seat in seats]


def setup_scene(app: "App") -> SetupScene:
    """The set-up screen; Start replaces it with the game."""
    def start(seats: list[SeatConfig], options: dict[str, Any]) -> None:
        app.replace(ShutBoxScene.new_game(app, players_from_seats(seats),
                                          bool(options.get(ONE_DIE_OPTION.key))))

    return SetupScene(app, GAME_ID, TITLE, level_choices(), [ONE_DIE_OPTION], start,
                      min_seats=1, max_seats=MAX_SEATS,
                      help_text=f"{ONE_DIE_OPTION.label}: {ONE_DIE_OPTION.hint}",
                      level_help=shutbox_help.level_help())


def demo_scene(app: "App") -> "Scene":
    """Demo mode straight away: the remembered table, every seat played by the computer."""
    stored = app.storage.game_options(GAME_ID, {})
    seats = [s for s in seats_from_json(stored.get("seats"), level_choices(), MAX_SEATS)
             if s.active] or [s for s in default_seats(level_choices()) if s.active]
    return ShutBoxScene.new_game(app, players_from_seats(seats),
                                 bool(stored.get(ONE_DIE_OPTION.key, False)))


def new_scene(app: "App") -> "Scene":
    return demo_scene(app) if app.demo else setup_scene(app)


def resume_scene(app: "App", data: Mapping[str, Any]) -> "Scene":
    return ShutBoxScene.from_saved(app, data)


# --- screenshots: each typical state, on sample records so the real ones stay untouched ---

SAMPLE_TOP_TEN = [("Cindy", 187), ("Rosamund", 171), ("Greg Powers", 163), ("Genevieve", 150),
                  ("Bob Rodrigue", 141), ("Jay Graham", 133), ("David Storrs", 126),
                  ("Phillipe", 121), ("Bob", 118), ("Eagle", 112)]


def _sample_storage():
    from game.storage import Storage

    folder = Path(tempfile.mkdtemp(prefix="shutbox-shots-"))
    storage = Storage(folder, no_save=True)
    for name, score in SAMPLE_TOP_TEN:
        storage.add_to_top_ten(GAME_ID, name, score)
    for won, score, boxes in ((True, 164, 1), (False, 121, 0), (True, 187, 2), (False, 98, 0)):
        storage.record_result(GAME_ID, won=won, score=score, counters={"boxes_shut": boxes})
    return storage, folder


def _sample_state(ann=(31, 23), cindy=(38, 19), greg=None, **changes):
    """Ann (human) against Cindy (Perfect), and Greg (human) when his scores are given."""
    players = [Player("Ann", turn_scores=list(ann)),
               Player("Cindy", computer=True, level="perfect", turn_scores=list(cindy))]
    if greg is not None:
        players.append(Player("Greg", turn_scores=list(greg)))
    fields = dict(players=players, current=0, turn_number=3,
                  open_doors=frozenset({1, 3, 4, 6, 7, 8, 9}), dice=(4, 3), phase="shut")
    fields.update(changes)
    return ShutBoxState(**fields)


def screenshots(app: "App") -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs for --screenshots.

    A generator, so that the sample records stand in for the player's own exactly while
    these pictures are taken, and the real ones are back before the next game's.
    """
    from game.scenes.help import HelpScene
    from game.scenes.scores import ScoresScene

    real_storage = app.storage
    app.storage, folder = _sample_storage()

    def settle(scene, ticks: int = 60) -> None:
        for _ in range(ticks):
            scene.tick()

    def table(state: ShutBoxState) -> ShutBoxScene:
        scene = app.push(ShutBoxScene(app, state, random.Random(3)))
        settle(scene, 2)
        return scene

    def mid_turn() -> None:
        scene = table(_sample_state())
        scene.say("Ann rolls 4 + 3 = 7.")
        for door in (4, 3):
            scene.toggle_door(door)
        scene.cursor = 3
        settle(scene)

    def choosing_with_hint() -> None:
        scene = table(_sample_state(dice=(6, 5)))
        scene.toggle_door(8)
        scene.cursor = 8
        scene.ask_hint()
        settle(scene)

    def unusable() -> None:
        scene = table(_sample_state(open_doors=frozenset({1, 2, 4}), dice=(5, 4), phase="roll"))
        scene.toggles.values[CANT_USE.letter] = True
        scene.rng = random.Random(0)     # rolls 4 + 4 = 8 against 1, 2, 4 open
        scene.confirm()
        settle(scene, 45)

    def computer_turn() -> None:
        state = _sample_state(ann=(31, 23, 29), current=1, dice=(6, 3),
                              open_doors=frozenset({1, 2, 3, 4, 5, 7, 9}))
        scene = table(state)
        settle(scene, 50)

    def next_prompt() -> None:
        scene = table(_sample_state(open_doors=frozenset({1, 2, 4}), dice=(5, 4), phase="roll"))
        scene.rng = random.Random(0)     # the 8 that ends Ann's turn with 38
        scene.confirm()
        settle(scene, 200)

    def game_over() -> None:
        state = _sample_state(ann=(31, 23, 44, 27, 38), cindy=(38, 19, 33, 41, 26),
                              phase="over", turn_number=5, current=1,
                              open_doors=frozenset({2, 5}), dice=(3, 4))
        scene = table(state)
        scene.records_done = True      # the picture, not a game to count
        scene.mode = BUSY               # let it find the game over, as after a last roll
        settle(scene, 3)

    def all_scores() -> None:
        scene = table(_sample_state(greg=(12, 50)))
        scene.show_all_scores()

    def top_ten() -> None:
        table(_sample_state())
        app.push(ScoresScene(app, GAME_ID))

    def keys_help() -> None:
        scene = table(_sample_state())
        help_scene = app.push(HelpScene(app, scene.help_pages(), scene.title))
        help_scene.page = 3

    try:
        yield "setup", lambda: app.push(setup_scene(app))
        yield "play", mid_turn
        yield "hint", choosing_with_hint
        yield "unusable", unusable
        yield "computer", computer_turn
        yield "next", next_prompt
        yield "allscores", all_scores
        yield "topten", top_ten
        yield "gameover", game_over
        yield "help", keys_help
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)


INFO = register_game(GameInfo(
    id=GAME_ID, title=TITLE, tagline="Shut the doors that match the dice.",
    icon="shutbox", order=3, new_scene=new_scene, resume_scene=resume_scene,
    screenshots=screenshots, counter_labels=COUNTER_LABELS))
