"""Shared set-up for the Shut The Box scene tests: an app, a game with chosen dice, and
ways to press doors, dice, prompts and command-bar entries with the keyboard or mouse."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pygame

from game.engine.shutbox import Player, ShutBoxState
from game.scenes.shutbox import play
from game.scenes.shutbox.play import ShutBoxScene
from tests.harness import click, key, settle
from tests.scripted_dice import ScriptedDice

DIGIT_KEYS = {d: getattr(pygame, f"K_{d}") for d in range(1, 10)}
WAITING = (play.NEXT_PROMPT_WAIT, play.ROLL_PROMPT_WAIT, play.SELECTING)


def ann_and_cindy(level: str = "perfect") -> list[Player]:
    """A human against a computer player."""
    return [Player("Ann"), Player("Cindy", computer=True, level=level)]


def position(
    open_doors: Iterable[int], dice: Sequence[int] = (), players=None, one_die: bool = False
) -> ShutBoxState:
    """Ann's first turn with these doors open and (if given) these dice waiting."""
    state = ShutBoxState.new(players or ann_and_cindy(), one_die)
    data = state.to_json()
    data["open_doors"] = sorted(open_doors)
    data["dice"] = list(dice)
    data["phase"] = "shut" if dice else "roll"
    return ShutBoxState.from_json(data)


def open_game(
    app,
    state: ShutBoxState | None = None,
    faces: Iterable[int] = (),
    rng: random.Random | None = None,
) -> ShutBoxScene:
    """Push a game whose next dice are `faces` (then a seeded stream), and let it settle."""
    state = state or ShutBoxState.new(ann_and_cindy())
    scene = ShutBoxScene(app, state, rng if rng is not None else ScriptedDice(faces, seed=1))
    app.push(scene)
    settle(app, scene)
    return scene


def press(app, letter: str) -> None:
    """Type one character (letters, digits, "?")."""
    if letter == "?":
        key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
    else:
        key(app, pygame.key.key_code(letter.lower()), text=letter)


def press_door(app, door: int) -> None:
    key(app, DIGIT_KEYS[door], text=str(door))


def door_point(scene: ShutBoxScene, door: int) -> tuple[int, int]:
    """A canvas point on the door: on the standing door, or on the lying one."""
    rect = scene.doors.rects[door]
    return (
        (rect.centerx, rect.y + 20)
        if door in scene.state.open_doors and door not in scene.selection
        else (rect.centerx, rect.bottom - 14)
    )


def click_door(app, scene: ShutBoxScene, door: int) -> None:
    click(app, door_point(scene, door))


def click_dice(app, scene: ShutBoxScene) -> None:
    click(app, scene.tray.slots[0].rect.center)


def click_prompt(app, scene: ShutBoxScene) -> None:
    click(app, scene.prompt.rect.center)


def enter(app) -> None:
    key(app, pygame.K_RETURN)


def command_entry(app, scene, key_label: str):
    """The command bar entry with this key label, and the centre of its rectangle."""
    commands = list(scene.commands())  # every entry keeps its place, dimmed or not
    rects = app.command_bar.layout(commands)
    for command, rect in zip(commands, rects):
        if command.key == key_label:
            return command, rect.center
    raise AssertionError(f"no {key_label!r} on the command bar: {[c.key for c in commands]}")


def click_command(app, scene, key_label: str) -> None:
    click(app, command_entry(app, scene, key_label)[1])


def log_text(scene: ShutBoxScene) -> str:
    """Everything said at the table so far, and a passing line (a refusal) after it."""
    return "\n".join(line.text for line in scene.talk.recent(1000))
