"""Drawing the Mille Bornes table from the scene: the sides' rows (game.scenes.mille.rows),
the news line, the piles, the hand, the flying cards, prompts, banners and the end of the
game.

Only drawing lives here; what to show is read from the scene. Words sit on dark plates or
carry a black outline, so they read the same in colour and in mono (where the felt is a
50% dither); every distinction that matters (whose turn, a playable card, a target) also
shows as light against dark or as a ring, never by hue alone.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.art import palette as P
from game.art.font import get_font
from game.engine.mille.rules import PLAY, MilleState
from game.input import Action as InputAction
from game.lang import N_, _, ngettext, number, text
from game.scenes.mille import layout
from game.scenes.mille.marks import badge, empty, fit, plate, shade, words_tab
from game.scenes.mille.motion import Lifted
from game.scenes.mille.rows import draw_row
from game.scenes.mille.sprites import MILLE_RING, mille_back, mille_card, mille_ring
from game.scenes.mille.words import wins
from game.table.felt import felt
from game.table.sharedkeys import end_button_labels
from game.ui import theme
from game.ui.widgets import Button, draw_banner, draw_panel

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable

# TRANSLATORS: the news line's tags (capitals, short).
YOUR_TURN = N_("YOUR TURN")
MOMENT_TAG = N_("COUP FOURRÉ?")  # the news line's tag while the attacked side may answer
TURN_TAG_WIDTH = 150  # a long name is cut to this in the tag
LANDED_RING = P.LIGHT_CYAN  # where a computer's card landed (its news is cyan too)
# Unplayable cards are shaded over the picture only (x inset, top, height): the names
# stay sharp, a name of two lines too (the picture is at 22-64 on a face).
ART_INSET = (4, 22, 43)


def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered (drawn every frame)."""
    return _wrap(get_font("small").name, text, width)


@lru_cache(maxsize=128)
def _wrap(font: str, text: str, width: int) -> tuple[str, ...]:
    """Keyed by the font too: large text (Settings) swaps the small font for a bigger one."""
    return tuple(get_font(font).wrap(text, width))


def ring(canvas: pygame.Surface, rect: pygame.Rect, colour=P.YELLOW) -> None:
    """A two-pixel ring just outside a card."""
    pygame.draw.rect(canvas, P.BLACK, rect.inflate(6, 6), 1)
    pygame.draw.rect(canvas, colour, rect.inflate(4, 4), 2)


# -- the table -----------------------------------------------------------------------------
def frame_key(scene: MilleTable) -> object:
    """Everything the picture depends on, or None while cards fly (every frame differs).

    Between moves the table is still (a computer's pause, the human thinking), so the
    last picture is blitted again: a frame then costs next to nothing, which leaves the
    frame's time to a computer's slice of thinking (game.table.thinker).
    """
    if scene.steps:
        return None
    banner = scene.talk.banner
    return (
        scene.moves,
        scene.hands.viewer,
        scene.hands.curtain,
        scene.hands.covered,
        scene.hands.sort,
        scene.choice.selected,
        tuple(scene.choice.targets),
        scene.choice.target_index,
        scene.choice.prompt_focus,
        scene.choice.hover_pos,
        scene.talk.line,
        banner and (banner.title, banner.subtitle),
        scene.hint,
        tuple(tuple(rect) for rect, _ in scene.landed),
        scene.sheet_open,
        scene.finished,
        scene.record_line,
        scene.coach_line,
        scene.demo,
        moment_key(scene),
        # The device played last: the end's buttons name its keys or buttons.
        scene.app.pad_layout,
    )


def moment_key(scene: MilleTable) -> object:
    """What the picture shows of the coup fourré moment: its clock, and whether this
    screen's person has answered (nothing of another seat's answer)."""
    moment = scene.moments.current
    if moment is None:
        return None
    return (scene.moments.clock(), moment.answered_by == scene.hands.viewer)


# Each table's last still frame: (key, picture).
_frames: weakref.WeakKeyDictionary[MilleTable, tuple] = weakref.WeakKeyDictionary()


def draw(canvas: pygame.Surface, scene: MilleTable) -> None:
    """The whole table (the app draws the command bar over its bottom line)."""
    key = frame_key(scene)
    last = _frames.get(scene)
    if key is not None and last is not None and last[0] == key:
        canvas.blit(last[1], (0, 0))
        return
    _draw(canvas, scene)
    if key is not None:
        if last is not None and _copies_into(canvas, last[1]):
            # Into the last picture's pixels: a new canvas-sized copy per change, freed at
            # the next, churned the C heap in 900 KB blocks (issue 30).
            picture = last[1]
            picture.blit(canvas, (0, 0))
        else:
            picture = canvas.copy()
        _frames[scene] = (key, picture)


def _copies_into(canvas: pygame.Surface, picture: pygame.Surface) -> bool:
    """Whether blitting `canvas` onto `picture` (an earlier copy of it) copies its pixels
    exactly: the same size and format, and nothing to blend or leave out."""
    return (
        picture.get_size() == canvas.get_size()
        and picture.get_bitsize() == canvas.get_bitsize()
        and picture.get_masks() == canvas.get_masks()
        and not canvas.get_flags() & pygame.SRCALPHA
        and canvas.get_colorkey() is None
        and canvas.get_alpha() is None
    )


def _draw(canvas: pygame.Surface, scene: MilleTable) -> None:
    canvas.blit(felt(), (0, 0))
    shown = scene.shown.now
    table, hand, lifted = shown.table, shown.hand, shown.lifted
    rows = scene.rows()
    for side, row in rows.items():
        draw_row(canvas, scene, table, side, row, lifted)
    _draw_hints(canvas, scene, rows)
    _draw_message(canvas, scene)
    _draw_piles(canvas, table)
    scene.choice.play_button.draw(canvas)
    scene.choice.discard_button.draw(canvas)
    _draw_hand(canvas, scene, hand, lifted)
    step = scene.steps.current
    if step is not None and scene.shown.behind:
        shown.draw(canvas, step.elapsed)  # the beat's cards in the air
    if scene.finished:
        _draw_game_over(canvas, scene)
        return
    prompt = scene.prompt()
    if prompt is not None:
        _draw_prompt(canvas, scene, prompt)
    banner = scene.talk.banner
    if banner is not None:
        draw_banner(canvas, layout.BANNER, banner.title, banner.subtitle)


# -- where the chosen card may go, targets and landings ------------------------------------
def _draw_hints(canvas, scene: MilleTable, rows) -> None:
    small = get_font("small")
    if scene.choice.targets:
        for number, action in enumerate(scene.choice.targets, start=1):
            row = rows[action.side]
            rect = layout.landing_rect(row, action.card)
            chosen = number - 1 == scene.choice.target_index
            ring(canvas, rect, P.YELLOW if chosen else P.WHITE)
            tab = pygame.Rect(0, 0, 13, 13)
            tab.midright = (rect.x - 4, rect.centery)
            canvas.fill(P.YELLOW if chosen else P.BLACK, tab)
            pygame.draw.rect(canvas, P.YELLOW, tab, 1)
            small.draw(
                canvas,
                str(number),
                (tab.centerx + 1, tab.y + 1),
                P.BLACK if chosen else P.WHITE,
                align="center",
            )
    elif scene.choosing_card and scene.selected_card is not None and not scene.steps:
        for action in scene.plays_of(scene.selected_card):
            ring(canvas, layout.landing_rect(rows[action.side], action.card))
    if not scene.steps:
        for rect, _ in scene.landed:
            ring(canvas, rect, LANDED_RING)


# -- the middle: news, the piles -----------------------------------------------------------
MESSAGE_MOST_LINES = 4  # a passing line longer than the news line grows to this


def _draw_message(canvas, scene: MilleTable) -> None:
    rect = layout.MESSAGE
    plate(canvas, rect)
    small = get_font("small")
    right = rect.right - 4
    words = turn_words(scene)
    if words:
        width = small.measure(words)[0] + 8
        # As tall as its letters with large text (within the news line), else 2 px in.
        high = max(rect.height - 4, min(rect.height, small.height - small.cap_top))
        tag = pygame.Rect(rect.right - width - 2, rect.y + (rect.height - high) // 2, width, high)
        canvas.fill(P.YELLOW, tag)
        small.draw(canvas, words, (tag.centerx, _line_top(tag, 0)), P.BLACK, align="center")
        left = scene.moments.clock() if words == MOMENT_TAG else None
        if left is not None:  # the moment's clock: a line along the plate's foot that shrinks
            canvas.fill(P.YELLOW, (rect.x + 2, rect.bottom - 2, round((rect.width - 4) * left), 1))
        right = tag.x - 4
    message = scene.talk.line
    moment = scene.moments.words()
    text, colour = message.text, message.colour
    if moment and scene.talk.passing is None:
        text, colour = moment, theme.TEXT
    if not text:
        return
    lines = wrap(text, right - rect.x - 8)
    if len(lines) > 1 and scene.talk.passing is not None:
        # A hint (or a refusal) is read whole: for its moment it grows up over the row
        # above, the news line's own place staying where it is, and right of the
        # player's own plate (name and score), which it never covers.
        grown = grown_message_rect(right, len(wrap(text, right - GROWN_LEFT - 8)))
        lines = wrap(text, grown.width - 8)[:MESSAGE_MOST_LINES]
        plate(canvas, grown)
        for row, line in enumerate(lines):
            small.draw(
                canvas,
                line,
                (grown.x + 5, grown.y + 2 + row * (small.line_height + 1)),
                colour,
            )
        return
    small.draw(
        canvas,
        lines[0] if len(lines) == 1 else lines[0] + "..",
        (rect.x + 5, _line_top(rect, 2)),
        colour,
    )


def _line_top(rect: pygame.Rect, below: int) -> int:
    """Where one line of small text goes in the news line's `rect`: `below` px under its
    top, or, when the letters would hang out (large text), centred in it."""
    small = get_font("small")
    if rect.y + below + small.height <= rect.bottom + 2:
        return rect.y + below
    return small.top_in(rect)


# A grown news line starts right of the rows' plates (layout.plate_rect).
GROWN_LEFT = layout.PLATE_X + layout.PLATE_W + 4


def grown_message_rect(right: int, lines: int) -> pygame.Rect:
    """Where the news line grown to `lines` lines (at most MESSAGE_MOST_LINES) is drawn:
    up from the news line's foot, from right of the plates to `right`."""
    small = get_font("small")
    height = 4 + min(lines, MESSAGE_MOST_LINES) * (small.line_height + 1)
    return pygame.Rect(GROWN_LEFT, layout.MESSAGE.bottom - height, right - GROWN_LEFT, height)


def turn_words(scene: MilleTable) -> str:
    """The tag on the news line while a person here plays: "YOUR TURN", or at a shared
    screen whose turn it is ("CINDY'S TURN"), since the rows no longer say it; in a coup
    fourré moment that asks nobody here, "COUP FOURRÉ?" with the moment's clock."""
    if scene.moments.words():
        return _(MOMENT_TAG)
    if not (scene.awaiting_human and scene.state.phase == PLAY):
        return ""
    if not scene.hands.shared:
        return _(YOUR_TURN)
    # TRANSLATORS: the news line's tag at a shared screen (capitals): "CINDY'S TURN".
    tag = _("{name}'S TURN").format(name=scene.name(scene.hands.viewer).upper())
    return fit(tag, TURN_TAG_WIDTH)


def _draw_piles(canvas, table: MilleState) -> None:
    small = get_font("small")
    left = len(table.draw_pile)
    if left:
        canvas.blit(mille_back(), layout.DRAW_PILE)
        badge(canvas, layout.DRAW_PILE.inflate(-4, -4), str(left), small)
    else:
        # TRANSLATORS: on the place of the draw pile once it is used up (short).
        empty(canvas, layout.DRAW_PILE, _("Empty"), small)
    if table.discard_pile:
        canvas.blit(mille_card(table.discard_pile[-1]), layout.DISCARD_PILE)
    else:
        empty(canvas, layout.DISCARD_PILE, "", small)
    y = layout.PILE_LABEL_Y + small.line_height // 2
    # TRANSLATORS: the labels under the draw pile and the discard pile (short).
    words_tab(canvas, (layout.DRAW_PILE.centerx, y), _("Draw"), small)
    words_tab(canvas, (layout.DISCARD_PILE.centerx, y), _("Discards"), small)


# -- the hand ------------------------------------------------------------------------------
def _draw_hand(canvas, scene: MilleTable, hand: list[str], lifted: Lifted) -> None:
    small = get_font("small")
    hidden = not scene.hands.hand_shown
    choosing = scene.choosing_card and not scene.steps
    raised = scene.raised_cards() if not scene.steps else set()
    hinted = scene.hint.action.card if scene.hint is not None and scene.awaiting_human else ""
    for index, card in enumerate(hand):
        if index in lifted.hand:
            continue
        up = card in raised
        rect = layout.hand_rect(index, lifted=up)
        if hidden:
            canvas.blit(mille_back(), rect)
            continue
        canvas.blit(mille_card(card), rect)
        if choosing and not up:
            art = rect.inflate(-2 * ART_INSET[0], 0)
            art.y, art.height = rect.y + ART_INSET[1], ART_INSET[2]
            canvas.blit(shade(art.size), art)
        if (
            index == scene.choice.selected or up and not choosing or card == hinted
        ) and not scene.steps:
            canvas.blit(mille_ring(), (rect.x - MILLE_RING, rect.y - MILLE_RING))
        tab = layout.key_tab(rect)
        chosen = index == scene.choice.selected
        canvas.fill(P.YELLOW if chosen else P.BLACK, tab)
        pygame.draw.rect(canvas, P.YELLOW if up else P.LIGHT_GREEN, tab, 1)
        small.draw(
            canvas,
            str(index + 1),
            (tab.centerx + 1, tab.y),
            P.BLACK if chosen else P.WHITE,
            align="center",
        )


# -- questions, banners, the end -----------------------------------------------------------
def _draw_prompt(canvas, scene: MilleTable, prompt) -> None:
    rect = layout.prompt_rect()
    draw_panel(canvas, rect, prompt.title)
    small = get_font("small")
    y = rect.y + 12
    for line in prompt.lines:
        small.draw(canvas, line, (rect.centerx, y), theme.TEXT, align="center")
        y += small.line_height
    if prompt.time_left is not None:  # the moment's clock: the time left to answer
        bar = pygame.Rect(rect.x + 8, rect.bottom - 5, rect.width - 16, 2)
        pygame.draw.rect(canvas, theme.TEXT_DIM, bar.inflate(2, 2), 1)
        canvas.fill(theme.ACCENT, (bar.x, bar.y, round(bar.width * prompt.time_left), bar.height))
    hover = scene.choice.hover_pos
    for index, (button_rect, (key, label, _answer)) in enumerate(
        zip(layout.prompt_buttons(len(prompt.answers)), prompt.answers)
    ):
        button = Button(
            button_rect, f"{key} {label}" if len(key) == 1 else label, InputAction("none")
        )
        button.hovered = button.contains(hover)
        button.draw(canvas, focused=index == scene.choice.prompt_focus)


def _draw_game_over(canvas, scene: MilleTable) -> None:
    state = scene.state
    sides = state.options.sides
    box = layout.game_over_box(sides)
    draw_panel(canvas, box, _("Game over"))
    small, large = get_font("small"), get_font("large")
    winners = state.winners
    if len(winners) != 1:
        headline = _("A tie!")
    else:
        headline = text(wins(scene.names, state, winners[0]))
        if large.measure(headline)[0] > box.width - 20:
            several = len(state.seats_of(winners[0])) > 1
            headline = _("The winners!") if several else _("The winner!")
    large.draw(canvas, headline, (box.centerx, box.y + 12), theme.TITLE, align="center")
    ranking = sorted(range(sides), key=lambda s: -state.scores[s])
    y = box.y + 46
    for place, side in enumerate(ranking, start=1):
        colour = theme.TITLE if side in winners else theme.TEXT
        small.draw(canvas, f"{place}.", (box.x + 30, y + 6), theme.TEXT_DIM, align="right")
        small.draw(canvas, fit(scene.side_name(side), 220), (box.x + 38, y + 6), colour)
        large.draw(canvas, number(state.scores[side]), (box.right - 24, y), colour, align="right")
        y += 28
    small.draw(
        canvas,
        ngettext(
            "{n} hand to {points} points", "{n} hands to {points} points", state.hand_number
        ).format(n=number(state.hand_number), points=number(state.options.game_target)),
        (box.centerx, y + 6),
        theme.TEXT_DIM,
        align="center",
    )
    if scene.record_line:
        small.draw(
            canvas,
            fit(scene.record_line, box.width - 20),
            (box.centerx, y + 20),
            P.LIGHT_GREEN,
            align="center",
        )
    buttons = layout.game_over_buttons(sides)
    # The coach's words wrap: cut to one line they lost the way to the review (and the
    # hints' mark), which come last.
    line_y = y + 34
    for line in small.wrap(scene.coach_line, box.width - 20) if scene.coach_line else []:
        if line_y + small.line_height > buttons[0].top:
            break
        small.draw(canvas, line, (box.centerx, line_y), theme.ACCENT, align="center")
        line_y += small.line_height
    hover = scene.choice.hover_pos
    for rect, label in zip(buttons, end_button_labels(scene, buttons[0].width)):
        button = Button(rect, label, InputAction("none"))
        button.hovered = button.contains(hover)
        button.draw(canvas)


def hand_rects(scene: MilleTable) -> list[pygame.Rect]:
    """Where each shown hand card is drawn now (tests and pictures click them)."""
    raised = scene.raised_cards()
    return [
        layout.hand_rect(i, lifted=card in raised) for i, card in enumerate(scene.hands.hand_order)
    ]
