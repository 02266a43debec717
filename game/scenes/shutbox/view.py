"""Drawing Shut The Box's play screen from the scene's state: the box, doors and dice,
the prompt or banner in the tray, the players, the roll, the scorecard, hint and log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Protocol

import pygame

from game.art import palette as P
from game.art import sprites
from game.art.font import get_font
from game.engine.shutbox import LEVEL_LABELS, TURNS_PER_PLAYER, SelectionCheck, Shut, ShutBoxState
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.layout import (
    BACKGROUND,
    BANNER_COLOURS,
    BOX_POS,
    CARD_RECT,
    DICE_POSITIONS,
    GRAPH,
    HINT_RECT,
    LOG_LINES,
    LOG_RECT,
    PLAYER_ROW,
    PLAYERS_RECT,
    PROMPT_RECT,
    ROLL_RECT,
    TENTATIVE_EDGE,
)
from game.scenes.shutbox.picture import BoxPicture
from game.scenes.shutbox.scorecard import draw_scorecard
from game.scenes.shutbox.sprites import box
from game.table import Shown, Talk
from game.ui import theme
from game.ui.dice import DiceTray
from game.ui.widgets import PromptBox, draw_panel

HINT_BOB_TICKS = 8  # the hint arrows bob at this rate


class Pointing(Protocol):
    """Where the pointer is (controls.Controls)."""

    dice_hovered: bool


class PersonsChoice(Protocol):
    """What the screen shows of a person's choice of doors (choice.DoorChoice)."""

    def selection_check(self) -> SelectionCheck: ...
    def why_not(self) -> str: ...
    def prompt_text(self) -> str: ...


class ShownTable(Protocol):
    """What the screen is drawn from (play.ShutBoxScene): the engine's state, and what
    the screen shows while it catches up with it."""

    state: ShutBoxState
    talk: Talk
    doors: DoorRow
    tray: DiceTray
    prompt: PromptBox
    controls: Pointing
    choice: PersonsChoice
    selection: set[int]
    cursor: int
    hint: Any
    ticks: int
    demo: bool
    shown: Shown[BoxPicture]

    @property
    def choosing_doors(self) -> bool: ...
    @property
    def waiting_to_roll(self) -> bool: ...
    def human_to_play(self) -> bool: ...
    def hint_available(self) -> bool: ...
    def shown_level(self, seat: int) -> str | None: ...
    def card_detail(self, seat: int) -> str: ...


def dice_text(dice: Sequence[int]) -> str:
    """ "4 + 3 = 7", or "5" for one die."""
    return " + ".join(str(d) for d in dice) + (f" = {sum(dice)}" if len(dice) > 1 else "")


def doors_text(doors: Iterable[int]) -> str:
    """Doors as a player says them, highest first: "6+1" (the engine's wording)."""
    return Shut(frozenset(doors)).describe()


def draw_table(canvas: pygame.Surface, scene: ShownTable) -> None:
    """The whole play screen (the app draws the command bar over its bottom line)."""
    canvas.fill(BACKGROUND)
    canvas.blit(box(), BOX_POS)
    show_cursor = scene.human_to_play() and (scene.choosing_doors or scene.waiting_to_roll)
    scene.doors.draw(canvas, scene.cursor if show_cursor else None, scene.selection, TENTATIVE_EDGE)
    _draw_hint_arrows(canvas, scene)
    if not any(slot.visible for slot in scene.tray.slots):
        _draw_dice_places(canvas, scene)
    scene.tray.draw(canvas)
    _draw_tray_words(canvas, scene)
    _draw_players(canvas, scene)
    _draw_roll_panel(canvas, scene)
    seat = scene.shown.now.player
    draw_scorecard(
        canvas,
        CARD_RECT,
        GRAPH,
        scene.state.players[seat].name,
        sum(scene.shown.now.scores[seat]),
        scene.card_detail(seat),
        current=not scene.state.is_over,
    )
    _draw_hint_panel(canvas, scene)
    _draw_log(canvas, scene)


def _draw_hint_arrows(canvas: pygame.Surface, scene: ShownTable) -> None:
    if not (scene.hint and scene.choosing_doors):
        return
    arrow = sprites.find_arrow(scene.ticks // HINT_BOB_TICKS)
    for door in scene.hint.doors:
        if door in scene.selection:
            continue  # shut already: the arrow pointed at a door still to shut
        x, y = scene.doors.top_of(door)
        canvas.blit(arrow, (x - arrow.get_width() // 2, y - 9))


def _draw_dice_places(canvas: pygame.Surface, scene: ShownTable) -> None:
    """Before a turn's first roll: where the dice will land (lit when a click rolls)."""
    colour = P.YELLOW if scene.controls.dice_hovered else P.LIGHT_GREEN
    for pos in DICE_POSITIONS:
        pygame.draw.rect(canvas, colour, pygame.Rect(pos, sprites.DIE_SIZE).inflate(-6, -6), 1)


def _draw_tray_words(canvas: pygame.Surface, scene: ShownTable) -> None:
    text = scene.choice.prompt_text()
    if text:
        scene.prompt.text = text
        scene.prompt.draw(canvas)
        return
    banner = scene.talk.banner
    if banner is not None:
        # On a panel, so that it reads on the felt in colour and on its dither in mono.
        canvas.blit(
            sprites.panel(PROMPT_RECT.width, PROMPT_RECT.height, "inset"), PROMPT_RECT.topleft
        )
        font = get_font("large")
        if font.measure(banner.title)[0] > PROMPT_RECT.width - 12:
            font = get_font("small")
        font.draw(
            canvas,
            banner.title,
            (PROMPT_RECT.centerx, PROMPT_RECT.centery - font.line_height // 2),
            BANNER_COLOURS.get(banner.tone, P.YELLOW),
            align="center",
            shadow=P.SHADOW,
        )


def _draw_players(canvas: pygame.Surface, scene: ShownTable) -> None:
    heading = (
        "Game over"
        if scene.state.is_over
        else f"Round {scene.state.turn_number} of {TURNS_PER_PLAYER}"
    )
    draw_panel(canvas, PLAYERS_RECT, heading)
    small = get_font("small")
    y = PLAYERS_RECT.y + 12
    for seat, player in enumerate(scene.state.players):
        row = pygame.Rect(PLAYERS_RECT.x + 4, y - 1, PLAYERS_RECT.width - 8, PLAYER_ROW)
        on_turn = (
            seat in scene.state.winners() if scene.state.is_over else seat == scene.shown.now.player
        )
        if on_turn:
            canvas.fill(theme.SELECT_BG, row)
        colour = theme.SELECT_TEXT if on_turn else theme.TEXT
        level = scene.shown_level(seat)
        text_y = small.top_in(row)  # the letters inside the highlight, feet and all
        small.draw(canvas, player.name, (row.x + 4, text_y), colour)
        if level:
            small.draw(
                canvas,
                LEVEL_LABELS[level],
                (row.x + 100, text_y),
                colour if on_turn else theme.TEXT_DIM,
            )
        small.draw(
            canvas,
            str(sum(scene.shown.now.scores[seat])),
            (row.right - 4, text_y),
            colour,
            align="right",
        )
        y += PLAYER_ROW + 2


def _draw_roll_panel(canvas: pygame.Surface, scene: ShownTable) -> None:
    draw_panel(canvas, ROLL_RECT, "Dice")
    small, large = get_font("small"), get_font("large")
    x, y = ROLL_RECT.x + 10, ROLL_RECT.y + 10
    shown = scene.shown.now
    lines: list[tuple[str, tuple]] = []
    if scene.tray.rolling:
        lines.append(("Rolling...", theme.TEXT_DIM))
    elif shown.dice and not shown.turn_pending and not scene.state.is_over:
        large.draw(canvas, f"Roll {sum(shown.dice)}", (x, y), theme.TITLE)
        y += large.line_height + 4
        if scene.choosing_doors:
            check = scene.choice.selection_check()
            doors = doors_text(scene.selection)
            shut = (
                f"Shut {doors} = {check.total}"
                if len(scene.selection) > 1
                else (f"Shut {doors}" if doors else "Shut: none yet")
            )
            lines.append(
                (
                    shut,
                    theme.GOOD
                    if check.complete
                    else theme.TEXT
                    if check.extendable or not scene.selection
                    else theme.WARNING,
                )
            )
            lines.append(
                ("Enter rolls on." if check.complete else scene.choice.why_not(), theme.TEXT_DIM)
            )
    elif scene.waiting_to_roll:
        lines.append((f"{scene.state.current_player.name} to roll.", theme.TEXT))
    if shown.note:
        lines.append((shown.note, theme.TEXT))
    if not shown.dice and not lines and not scene.state.is_over:
        lines.append(("Waiting for a roll.", theme.TEXT_DIM))
    for text, colour in lines:
        for line in small.wrap(text, ROLL_RECT.width - 20):
            small.draw(canvas, line, (x, y), colour)
            y += small.line_height


def _draw_hint_panel(canvas: pygame.Surface, scene: ShownTable) -> None:
    draw_panel(canvas, HINT_RECT, "Hint")
    small = get_font("small")
    x, y = HINT_RECT.x + 10, HINT_RECT.y + 10
    if scene.hint is None:
        if scene.state.is_over:
            idle = (
                "The game is over.",
                "The next demo game comes soon." if scene.demo else "Enter plays again.",
            )
        elif scene.hint_available():
            idle = ("Press ? to ask what the", "Perfect player would do.")
        else:
            idle = ("Hints come when a human", "is to roll or shut doors.")
        for i, line in enumerate(idle):
            small.draw(canvas, line, (x, y + 12 * i), theme.TEXT_DIM)
        return
    advice = scene.hint
    what = (
        f"Shut {doors_text(advice.doors)}"
        if advice.doors
        else advice.action.describe().capitalize()
    )
    small.draw(canvas, what, (x, y), theme.TITLE)
    small.draw(canvas, f"Expects {advice.expected_score:.1f} this turn", (x, y + 12), theme.TEXT)
    small.draw(canvas, f"Shut so far: {scene.state.turn_score_so_far}", (x, y + 24), theme.TEXT_DIM)


def _draw_log(canvas: pygame.Surface, scene: ShownTable) -> None:
    """The last lines said at the table (the whole log is L), newest at the bottom."""
    draw_panel(canvas, LOG_RECT)
    small = get_font("small")
    lines: list[tuple[str, tuple]] = []
    for said in scene.talk.recent(LOG_LINES):
        lines += [(part, said.colour) for part in wrap(said.text, LOG_RECT.width - 16)]
    y = LOG_RECT.y + 6
    for line, colour in lines[-LOG_LINES:]:
        small.draw(canvas, line, (LOG_RECT.x + 8, y), colour)
        y += small.line_height


@lru_cache(maxsize=128)
def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered (drawn every frame)."""
    return tuple(get_font("small").wrap(text, width))
