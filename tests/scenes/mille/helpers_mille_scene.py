"""Shared set-up for the Mille Bornes scene tests: tables from chosen positions, waiting for
the table to need the human, and ways to enter a decision with the keyboard or the mouse."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from game.engine.mille import Action, MilleState, Options
from game.engine.mille.rules import DECLARE, DISCARD, END_HAND, EXTEND, PASS, PLAY_CARD, Tableau
from game.scenes.mille import layout, pictures, view
from game.scenes.mille.pictures import tableau  # noqa: F401  (the tests' tableau too)
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.table import COMPUTER, HERE, TableSeat
from tests.harness import click, key, run

DIGIT_KEYS = {d: getattr(pygame, f"K_{d}") for d in range(1, 10)}
PROMPT_KEYS = {DECLARE: "c", PASS: "p", EXTEND: "y", END_HAND: "n"}


def seats(*levels: str) -> list[TableSeat]:
    """Seats by level: "" for a person here, else a computer level ("basic")."""
    names = ("Ann", "Cindy", "Greg", "Rosamund", "Bob", "Jay")
    return [
        TableSeat(names[i], COMPUTER if level else HERE, level) for i, level in enumerate(levels)
    ]


def position(
    hands: Sequence[str],
    tableaux: Sequence[Tableau],
    *,
    to_act: int = 0,
    players: int = 2,
    discards: str = "",
    seed: int = 3,
    **options,
) -> MilleState:
    """A hand in play: these hands and tableaux, the rest of the deck in the draw pile."""
    state = pictures.position(
        players,
        hands,
        tableaux,
        to_act=to_act,
        discards=discards,
        hand_number=1,
        seed=seed,
        **options,
    )
    assert state.card_count() == 106
    return state


def open_table(
    app,
    table_seats: Sequence[TableSeat],
    state: MilleState | None = None,
    rng: random.Random | None = None,
    options: Options | None = None,
) -> MilleScene:
    """Push a Mille Bornes table (a new game unless `state` is given) and run a frame."""
    if state is None:
        state = MilleState.new_game(options or Options(players=len(table_seats)))
    scene = MilleScene(app, state, table_seats, rng if rng is not None else random.Random(1))
    app.push(scene)
    run(app, 1)
    return scene


def cards_in_the_air(scene) -> list:
    """The cards flying now (the beat the table's shown state holds)."""
    return list(scene.shown.now.flights) if scene.shown.behind else []


def press(app, letter: str) -> None:
    key(app, pygame.key.key_code(letter), text=letter)


def press_digit(app, digit: int) -> None:
    key(app, DIGIT_KEYS[digit], text=str(digit))


def card_centre(scene: MilleScene, index: int) -> tuple[int, int]:
    return view.hand_rects(scene)[index].center


def row_point(scene: MilleScene, side: int) -> tuple[int, int]:
    """A point on a side's row (its battle pile)."""
    return layout.battle_rect(scene.rows()[side]).center


def hand_index(scene: MilleScene, card: str) -> int:
    return scene.hands.hand_order.index(card)


def enter_by_keys(app, scene: MilleScene, action: Action) -> None:
    """Make a decision the way a keyboard player does."""
    if action.verb in PROMPT_KEYS:
        press(app, PROMPT_KEYS[action.verb])
        return
    press_digit(app, hand_index(scene, action.card) + 1)
    if action.verb == DISCARD:
        press(app, "x")
        return
    assert action.verb == PLAY_CARD
    key(app, pygame.K_RETURN)
    if scene.choice.targets:
        number = next(i for i, a in enumerate(scene.choice.targets) if a == action) + 1
        press_digit(app, number)


def enter_by_mouse(app, scene: MilleScene, action: Action) -> None:
    """Make a decision the way a mouse player does."""
    prompt = scene.prompt()
    if prompt is not None:
        index = next(i for i, answer in enumerate(prompt.answers) if answer[2] == action)
        click(app, layout.prompt_buttons(len(prompt.answers))[index].center)
        return
    index = hand_index(scene, action.card)
    if action.verb == DISCARD:
        click(app, card_centre(scene, index), button=3)
        return
    click(app, card_centre(scene, index))
    assert scene.choice.selected == index
    if len(scene.plays_of(action.card)) > 1:
        click(app, row_point(scene, action.side))
    else:
        click(app, card_centre(scene, index))


def read_score_sheet(app, by_mouse: bool = False) -> None:
    """Go on from the score sheet on top (it may need two presses: all lines, then on)."""
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheetScene)
    for _ in range(2):
        if app.scenes.top is not sheet:
            return
        if by_mouse:
            click(app, (320, 180))
        else:
            key(app, pygame.K_RETURN)
    assert app.scenes.top is not sheet
