"""Drawing Shut The Box's play screen from the scene's state: the box, doors and dice,
the prompt or banner in the tray, the players, the roll, the scorecard, hint and log."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

import pygame

from game.art import palette as P
from game.art import sprites
from game.art.font import get_font
from game.engine.shutbox import (
    LEVEL_LABELS,
    ONE_DIE,
    TURNS_PER_PLAYER,
    SelectionCheck,
    ShutBoxState,
)
from game.lang import _, number
from game.lang import text as said_text
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
from game.scenes.shutbox.words import doors_text
from game.table import Shown, Talk
from game.ui import theme
from game.ui.dice import DiceTray
from game.ui.widgets import PromptBox, draw_panel

HINT_BOB_TICKS = 8  # the hint arrows bob at this rate
HINT_LINES = 3  # the Hint panel has room for three lines
MARKER_ROOM = 11  # a player's name starts after the turn marker (">")


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
    reduced_motion: bool

    def blink(self, rate: int) -> int: ...

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
    def key_word(self, what: str) -> str: ...


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
    arrow = sprites.find_arrow(scene.blink(HINT_BOB_TICKS))
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
        # TRANSLATORS: the players panel's title once the game is over
        _("Game over")
        if scene.state.is_over
        # TRANSLATORS: the players panel's title (short: a panel of 200 pixels)
        else _("Round {round} of {rounds}").format(
            round=number(scene.state.turn_number), rounds=number(TURNS_PER_PLAYER)
        )
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
        # The turn (or a winner) is marked by shape too, not by colour alone (issue 34).
        marker = ("*" if scene.state.is_over else ">") if on_turn else ""
        small.draw(canvas, marker, (row.x + 3, text_y), colour)
        small.draw(canvas, player.name, (row.x + MARKER_ROOM, text_y), colour)
        if level:
            small.draw(
                canvas,
                _(LEVEL_LABELS[level]),
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
    # TRANSLATORS: a panel's title: the roll on the table
    draw_panel(canvas, ROLL_RECT, _("Dice"))
    small, large = get_font("small"), get_font("large")
    x, y = ROLL_RECT.x + 10, ROLL_RECT.y + 10
    shown = scene.shown.now
    lines: list[tuple[str, tuple]] = []
    if scene.tray.rolling:
        lines.append((_("Rolling..."), theme.TEXT_DIM))
    elif shown.dice and not shown.turn_pending and not scene.state.is_over:
        # TRANSLATORS: the Dice panel, in large letters: the roll's total ("Roll 7")
        large.draw(canvas, _("Roll {total}").format(total=sum(shown.dice)), (x, y), theme.TITLE)
        y += large.line_height + 4
        if scene.choosing_doors:
            check = scene.choice.selection_check()
            doors = doors_text(scene.selection)
            # TRANSLATORS: the Dice panel: the doors picked for the roll ("Shut 4+3 = 7")
            shut = (
                _("Shut {doors} = {total}").format(doors=doors, total=check.total)
                if len(scene.selection) > 1
                else (_("Shut {doors}").format(doors=doors) if doors else _("Shut: none yet"))
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
            # TRANSLATORS: the Dice panel; {confirm} is the key or button that rolls:
            # "Enter", or a controller's "A" or "Cross".
            rolls_on = _("{confirm} rolls on.").format(confirm=scene.key_word("confirm"))
            lines.append((rolls_on if check.complete else scene.choice.why_not(), theme.TEXT_DIM))
    elif scene.waiting_to_roll:
        lines.append(
            (_("{name} to roll.").format(name=scene.state.current_player.name), theme.TEXT)
        )
    if shown.note:
        lines.append((said_text(shown.note), theme.TEXT))
    if not shown.dice and not lines and not scene.state.is_over:
        lines.append((_("Waiting for a roll."), theme.TEXT_DIM))
    wrapped = [
        (line, colour) for text, colour in lines for line in small.wrap(text, ROLL_RECT.width - 20)
    ]
    # As many as the panel holds (large text, a long translation): the last one shown
    # ends in "…" when more are left out.
    room = max(0, (ROLL_RECT.bottom - 3 - small.baseline - y) // small.line_height + 1)
    if len(wrapped) > room:
        wrapped = wrapped[:room]
        if wrapped:
            wrapped[-1] = (_fitted(wrapped[-1][0] + "…", ROLL_RECT.width - 20), wrapped[-1][1])
    for line, colour in wrapped:
        small.draw(canvas, line, (x, y), colour)
        y += small.line_height


def _draw_hint_panel(canvas: pygame.Surface, scene: ShownTable) -> None:
    # TRANSLATORS: a panel's title: the hint (what the Perfect player would do)
    draw_panel(canvas, HINT_RECT, _("Hint"))
    small = get_font("small")
    x, y = HINT_RECT.x + 10, HINT_RECT.y + 10
    width = HINT_RECT.width - 20
    if scene.hint is None:
        if scene.state.is_over:
            # TRANSLATORS: the Hint panel after the game; {confirm} is the key or button:
            # "Enter", or a controller's "A" or "Cross".
            again = _("{confirm} plays again.").format(confirm=scene.key_word("confirm"))
            idle = "\n".join(
                (
                    _("The game is over."),
                    _("The next demo game comes soon.") if scene.demo else again,
                )
            )
        elif scene.hint_available():
            # TRANSLATORS: the Hint panel (two lines of about 24 characters: break it
            # with \n where it reads best)
            idle = _("Press ? to ask what the\nPerfect player would do.")
        else:
            # TRANSLATORS: the Hint panel (two lines of about 24 characters: break it
            # with \n where it reads best)
            idle = _("Hints come when a human\nis to roll or shut doors.")
        lines = [part for line in idle.split("\n") for part in wrap(line, width)][:HINT_LINES]
        for i, line in enumerate(lines):
            small.draw(canvas, line, (x, y + small.line_height * i), theme.TEXT_DIM)
        return
    advice = scene.hint
    if advice.doors:
        # TRANSLATORS: the Hint panel: the doors the Perfect player would shut ("Shut 6+1")
        what = _("Shut {doors}").format(doors=doors_text(advice.doors))
    elif advice.action.dice == ONE_DIE:
        what = _("Roll one die")
    else:
        what = _("Roll two dice")
    # TRANSLATORS: the Hint panel: the points the turn can expect ("Expects 22.4 this turn")
    expects = _("Expects {points} this turn").format(points=number(advice.expected_score, 1))
    so_far = _("Shut so far: {score}").format(score=scene.state.turn_score_so_far)
    for i, (line, colour) in enumerate(
        ((what, theme.TITLE), (expects, theme.TEXT), (so_far, theme.TEXT_DIM))
    ):
        small.draw(canvas, _fitted(line, width), (x, y + small.line_height * i), colour)


def _draw_log(canvas: pygame.Surface, scene: ShownTable) -> None:
    """The last lines said at the table (the whole log is L), newest at the bottom."""
    draw_panel(canvas, LOG_RECT)
    small = get_font("small")
    lines: list[tuple[str, tuple]] = []
    # As many lines as the panel holds in the font of the moment (large text: fewer).
    rows = max(1, min(LOG_LINES, (LOG_RECT.height - 8) // small.line_height))
    for said in scene.talk.recent(rows):
        lines += [(part, said.colour) for part in wrap(said.text, LOG_RECT.width - 16)]
    y = LOG_RECT.y + 6
    for line, colour in lines[-rows:]:
        small.draw(canvas, line, (LOG_RECT.x + 8, y), colour)
        y += small.line_height


def _fitted(line: str, width: int) -> str:
    """`line` as it fits `width` in the small font: cut with "…" if it is too long."""
    small = get_font("small")
    if small.measure(line)[0] <= width:
        return line
    while line and small.measure(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered (drawn every frame)."""
    return _wrap(get_font("small").name, text, width)


@lru_cache(maxsize=128)
def _wrap(font: str, text: str, width: int) -> tuple[str, ...]:
    """Keyed by the font too: large text (Settings) swaps the small font for a bigger one."""
    return tuple(get_font(font).wrap(text, width))
