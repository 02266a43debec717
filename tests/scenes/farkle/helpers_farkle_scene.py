"""Shared set-up for the Farkle scene tests: an app, a table with chosen dice, and ways to
press the scene's dice and buttons with the keyboard or the mouse."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from game.engine.farkle import COMPUTER, HUMAN, FarkleOptions, FarkleState, Seat
from game.scenes.farkle import layout
from game.scenes.farkle.pictures import ScriptedDice
from game.scenes.farkle.play import FarkleScene
from tests.harness import click, key, run

DIGIT_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6]
ROLL_BUTTON, NEXT_BUTTON, DONE_BUTTON = 0, 1, 2


def seats(*kinds: str) -> list[Seat]:
    """Seats by kind: "human", or a computer level such as "expert"."""
    names = ("Anna", "Bert", "Cindy", "Dora")
    return [
        Seat(HUMAN, None, names[i]) if kind == HUMAN else Seat(COMPUTER, kind, names[i])
        for i, kind in enumerate(kinds)
    ]


def open_table(
    app,
    seat_list: Sequence[Seat],
    dice: Sequence[int] = (),
    options: FarkleOptions = FarkleOptions(),
    rng: random.Random | None = None,
    state: FarkleState | None = None,
) -> FarkleScene:
    """Push a Farkle table whose first dice are `dice` (then a seeded stream)."""
    state = state or FarkleState.new(list(seat_list), options)
    scene = FarkleScene(app, state, rng if rng is not None else ScriptedDice(dice, seed=1))
    app.push(scene)
    run(app, 1)
    return scene


def die_centre(slot: int) -> tuple[int, int]:
    x, y = layout.RING_POSITIONS[slot]
    return x + layout.DIE_W // 2, y + layout.DIE_H // 2


def click_die(app, scene: FarkleScene, roll_index: int) -> None:
    click(app, die_centre(scene.presenter.slot_of[roll_index]))


def press_die(app, scene: FarkleScene, roll_index: int) -> None:
    key(app, DIGIT_KEYS[scene.presenter.slot_of[roll_index]])


def click_button(app, scene: FarkleScene, which: int) -> None:
    click(app, scene.buttons[which].rect.center)


def press(app, letter: str) -> None:
    key(app, pygame.key.key_code(letter), text=letter)
