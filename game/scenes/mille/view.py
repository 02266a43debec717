"""Drawing the Mille Bornes table from the scene: the sides' rows and their roads, the hand,
the piles, the flying cards, prompts, banners and the end of the game.

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
from game.art.images import Made
from game.engine.mille.rules import COUP_FOURRE, EXTENSION, PLAY, MilleState
from game.engine.mille.scoring import score_so_far
from game.input import Action as InputAction
from game.scenes.mille import layout
from game.scenes.mille.motion import Lifted, turned
from game.scenes.mille.sprites import (
    MILLE_DISTANCES,
    MILLE_RING,
    MILLE_SAFETIES,
    mille_back,
    mille_card,
    mille_ring,
)
from game.scenes.mille.words import wins
from game.table.felt import felt
from game.ui import theme
from game.ui.widgets import Button, draw_banner, draw_panel

if TYPE_CHECKING:
    from game.scenes.mille.play import MilleScene

ROAD_TOP, ROAD_BAND = 4, 7  # the asphalt inside the road strip
DASH, DASH_GAP = 4, 4  # the centre line
MILESTONE = (3, 4)  # a borne: white post with a red cap
CAR_COLOURS = (P.YELLOW, P.LIGHT_CYAN, P.LIGHT_MAGENTA)  # one per side, on its road
SLOT_LABELS = {"battle": "Battle", "speed": "Speed"}
YOUR_TURN = "YOUR TURN"
MOMENT_TAG = "COUP FOURRÉ?"  # the news line's tag while the attacked side may answer
TURN_TAG_WIDTH = 150  # a long name is cut to this in the tag
LANDED_RING = P.LIGHT_CYAN  # where a computer's card landed (its news is cyan too)
DIM_STEP = 2  # unplayable cards: one black dot in DIM_STEP x DIM_STEP...
ART_INSET = (4, 15, 46)  # ...over the picture only (x inset, top, height): the names
# stay sharp

# A few sizes of shade and outline (the hand's, the piles', the tableaux's), a car a side.
_made = Made(32)


# -- made once -----------------------------------------------------------------------------
def shade(size: tuple[int, int]) -> pygame.Surface:
    """A sparse veil of black dots that greys a card out and keeps it readable."""

    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        for y in range(0, size[1], DIM_STEP):
            for x in range((y // DIM_STEP) % 2, size[0], DIM_STEP):
                surface.set_at((x, y), P.BLACK + (255,))
        return surface

    return _made.get(("shade", size), make)


def dotted(size: tuple[int, int]) -> pygame.Surface:
    """An empty pile: a dotted outline, like chalk on the felt."""

    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        for x in range(0, width, 2):
            surface.set_at((x, 0), P.LIGHT_GREEN + (255,))
            surface.set_at((x, height - 1), P.LIGHT_GREEN + (255,))
        for y in range(0, height, 2):
            surface.set_at((0, y), P.LIGHT_GREEN + (255,))
            surface.set_at((width - 1, y), P.LIGHT_GREEN + (255,))
        return surface

    return _made.get(("dotted", size), make)


def car(side: int) -> pygame.Surface:
    """A little car for a side's road: coloured body, light window, black wheels."""

    def make() -> pygame.Surface:
        surface = pygame.Surface((11, 7), pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        body = CAR_COLOURS[side % len(CAR_COLOURS)]
        pygame.draw.rect(surface, P.BLACK, (0, 1, 11, 5))
        pygame.draw.rect(surface, body, (1, 2, 9, 3))
        pygame.draw.rect(surface, P.BLACK, (3, 0, 5, 2))
        pygame.draw.rect(surface, body, (4, 1, 3, 1))
        surface.set_at((6, 1), P.WHITE)
        for x in (2, 7):
            pygame.draw.rect(surface, P.BLACK, (x, 5, 2, 2))
        return surface

    return _made.get(("car", side % len(CAR_COLOURS)), make)


@lru_cache(maxsize=128)
def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered (drawn every frame)."""
    return tuple(get_font("small").wrap(text, width))


def plate(canvas: pygame.Surface, rect: pygame.Rect, lit: bool = False) -> None:
    """A plate for words on the felt: black with a light rim, or inverted when lit."""
    canvas.fill(theme.SELECT_BG if lit else P.BLACK, rect)
    pygame.draw.rect(canvas, P.YELLOW if lit else P.LIGHT_GREEN, rect, 1)


def ring(canvas: pygame.Surface, rect: pygame.Rect, colour=P.YELLOW) -> None:
    """A two-pixel ring just outside a card."""
    pygame.draw.rect(canvas, P.BLACK, rect.inflate(6, 6), 1)
    pygame.draw.rect(canvas, colour, rect.inflate(4, 4), 2)


# -- the table -----------------------------------------------------------------------------
def frame_key(scene: MilleScene) -> object:
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
        scene.viewer,
        scene.curtain,
        scene.covered,
        scene.sort,
        scene.selected,
        tuple(scene.targets),
        scene.target_index,
        scene.prompt_focus,
        scene.hover_pos,
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
    )


def moment_key(scene: MilleScene) -> object:
    """What the picture shows of the coup fourré moment: its clock, and whether this
    screen's person has answered (nothing of another seat's answer)."""
    moment = scene.hazard_moment
    if moment is None:
        return None
    return (scene.moment_clock(), moment.answered_by == scene.viewer)


# Each table's last still frame: (key, picture).
_frames: weakref.WeakKeyDictionary[MilleScene, tuple] = weakref.WeakKeyDictionary()


def draw(canvas: pygame.Surface, scene: MilleScene) -> None:
    """The whole table (the app draws the command bar over its bottom line)."""
    key = frame_key(scene)
    last = _frames.get(scene)
    if key is not None and last is not None and last[0] == key:
        canvas.blit(last[1], (0, 0))
        return
    _draw(canvas, scene)
    if key is not None:
        _frames[scene] = (key, canvas.copy())


def _draw(canvas: pygame.Surface, scene: MilleScene) -> None:
    canvas.blit(felt(), (0, 0))
    table, hand, lifted = scene.shown()
    rows = scene.rows()
    for side, row in rows.items():
        _draw_row(canvas, scene, table, side, row, lifted)
    _draw_hints(canvas, scene, rows)
    _draw_message(canvas, scene)
    _draw_piles(canvas, table)
    scene.play_button.draw(canvas)
    scene.discard_button.draw(canvas)
    _draw_hand(canvas, scene, hand, lifted)
    step = scene.steps.current
    if step is not None and step.started and step.shows is not None:
        step.shows.draw(canvas, step.elapsed)
    if scene.finished:
        _draw_game_over(canvas, scene)
        return
    prompt = scene.prompt()
    if prompt is not None:
        _draw_prompt(canvas, scene, prompt)
    banner = scene.talk.banner
    if banner is not None:
        draw_banner(canvas, layout.BANNER, banner.title, banner.subtitle)


# -- a side's row --------------------------------------------------------------------------
def _on_turn(table: MilleState, side: int) -> bool:
    """Whether the side's plate is lit: its seat is playing (a coup fourré question to
    another seat is private, so the attacker's side stays lit through it)."""
    return table.phase in (PLAY, COUP_FOURRE, EXTENSION) and table.side_of(table.turn_seat) == side


def _draw_row(
    canvas, scene: MilleScene, table: MilleState, side: int, row: pygame.Rect, lifted: Lifted
) -> None:
    """A side's row, drawn again only when something on it changed (rows are most of
    the picture, and change once a move at most)."""
    tableau = table.tableaux[side]
    battle = tableau.battle[: len(tableau.battle) - lifted.battle.get(side, 0)]
    speed = tableau.speed[: len(tableau.speed) - lifted.speed.get(side, 0)]
    seats = table.seats_of(side)
    key = (
        side,
        tuple(battle),
        tuple(speed),
        tuple(tableau.distance),
        tuple(tableau.safeties),
        tuple(tableau.coups_fourres),
        table.target,
        table.scores[side],
        table.options.game_target,
        _on_turn(table, side),
        table.turn_seat,
        table.phase,
        tuple((scene.name(s), scene_tag(scene, s), len(table.hands[s])) for s in seats),
    )
    cached = _rows.get(row.y)
    if cached is None or cached[0] != key:
        surface = felt().subsurface(row).copy()
        local = pygame.Rect(0, 0, row.width, row.height)
        _paint_row(surface, scene, table, side, local, battle, speed)
        cached = _rows[row.y] = (key, surface)
    canvas.blit(cached[1], row)


_rows: dict[int, tuple[tuple, pygame.Surface]] = {}


def _paint_row(
    canvas,
    scene: MilleScene,
    table: MilleState,
    side: int,
    row: pygame.Rect,
    battle: list[str],
    speed: list[str],
) -> None:
    tableau = table.tableaux[side]
    _draw_plate(canvas, scene, table, side, row)
    small = get_font("small")
    for rect, pile, label in (
        (layout.battle_rect(row), battle, "battle"),
        (layout.speed_rect(row), speed, "speed"),
    ):
        if pile:
            if len(pile) > 1:  # a pile: the edge of the card beneath shows
                pygame.draw.rect(canvas, P.BLACK, rect.move(2, 2))
            canvas.blit(mille_card(pile[-1], mini=True), rect)
        else:
            _empty(canvas, rect, SLOT_LABELS[label], small)
    for index, safety in enumerate(MILLE_SAFETIES):
        if safety in tableau.safeties:
            sideways = safety in tableau.coups_fourres
            rect = layout.safety_card_rect(row, index, sideways)
            image = turned(safety) if sideways else mille_card(safety, mini=True)
            canvas.blit(image, rect)
        else:
            _empty(canvas, layout.safety_card_rect(row, index, False), "", small)
    for index, value in enumerate(MILLE_DISTANCES):
        rect = layout.distance_rect(row, index)
        count = tableau.distance.count(value)
        if count:
            canvas.blit(mille_card(value, mini=True), rect)
            if count > 1:
                _badge(canvas, rect, f"x{count}", small)
        else:
            _empty(canvas, rect, value, small)
    _draw_km(canvas, table, side, row)
    _draw_road(canvas, table, side, row)


def _empty(canvas, rect: pygame.Rect, label: str, font) -> None:
    """An empty place: a dotted outline with its name on a dark tab."""
    canvas.blit(dotted(rect.size), rect)
    if label:
        _tab(canvas, (rect.centerx, rect.centery), label, font, P.LIGHT_GREEN)


def _tab(canvas, centre: tuple[int, int], text: str, font, colour=P.WHITE) -> pygame.Rect:
    """Words on a small black tab (words never sit on bare felt: it dithers in mono)."""
    width = font.measure(text)[0] + 6
    tab = pygame.Rect(0, 0, width, font.line_height + 1)
    tab.center = centre
    canvas.fill(P.BLACK, tab)
    font.draw(canvas, text, (tab.centerx, tab.y + 1), colour, align="center")
    return tab


def _badge(canvas, rect: pygame.Rect, text: str, font) -> None:
    """A count on a small dark tab at a card's lower right corner."""
    width = font.measure(text)[0] + 4
    tab = pygame.Rect(
        rect.right - width, rect.bottom - font.line_height - 1, width, font.line_height + 1
    )
    canvas.fill(P.BLACK, tab)
    font.draw(canvas, text, (tab.x + 2, tab.y + 1), P.WHITE)


def _draw_plate(canvas, scene: MilleScene, table: MilleState, side: int, row: pygame.Rect) -> None:
    rect = layout.plate_rect(row)
    lit = _on_turn(table, side)
    plate(canvas, rect, lit)
    small, large = get_font("small"), get_font("large")
    ink = theme.SELECT_TEXT if lit else theme.TITLE
    dim = theme.SELECT_TEXT if lit else theme.TEXT_DIM
    seats = table.seats_of(side)
    y = rect.y + 4
    for seat in seats:
        marker = ">" if lit and seat == table.turn_seat else ""
        small.draw(canvas, marker, (rect.x + 3, y), ink)
        small.draw(canvas, _fit(scene.name(seat), rect.width - 30), (rect.x + 10, y), ink)
        small.draw(canvas, str(len(table.hands[seat])), (rect.right - 5, y), dim, align="right")
        y += small.line_height
    if len(seats) == 1:
        small.draw(canvas, scene_tag(scene, seats[0]), (rect.x + 10, y), dim)
    score = table.scores[side]
    large.draw(
        canvas,
        f"{score:,}",
        (rect.right - 5, rect.bottom - large.line_height - 7),
        theme.SELECT_TEXT if lit else theme.TEXT,
        align="right",
    )
    so_far = hand_points(table)
    if so_far is not None:
        y = rect.bottom - 8 - 2 * small.line_height
        small.draw(canvas, "hand", (rect.x + 5, y), dim)
        small.draw(canvas, f"+{so_far[side]:,}", (rect.x + 5, y + small.line_height - 1), ink)
    # The way to the game target, a thin gauge along the plate's foot.
    gauge = pygame.Rect(rect.x + 5, rect.bottom - 7, rect.width - 10, 4)
    target = table.options.game_target
    pygame.draw.rect(canvas, theme.SELECT_TEXT if lit else theme.TEXT_DIM, gauge, 1)
    canvas.fill(
        theme.SELECT_TEXT if lit else P.YELLOW,
        (
            gauge.x + 1,
            gauge.y + 1,
            (gauge.width - 2) * min(score, target) // target,
            gauge.height - 2,
        ),
    )


def hand_points(table: MilleState) -> list[int] | None:
    """Each side's points so far in the hand on the table, as the engine counts them (None
    between hands, when the game score already holds them)."""
    if table.phase not in (PLAY, COUP_FOURRE, EXTENSION):
        return None
    return [side["total"] for side in score_so_far(table.tableaux)]


def scene_tag(scene: MilleScene, seat: int) -> str:
    """ "Expert", "Human" or "Demo: Expert" under a player's name."""
    from game.scenes.mille.play import LEVEL_LABELS

    labels = dict(LEVEL_LABELS)
    if scene.seats[seat].computer:
        return labels.get(scene.seats[seat].level, scene.seats[seat].level)
    if scene.played_by_computer(seat):
        return f"Demo: {labels.get(scene.level_of(seat), '')}"
    return "Human"


@lru_cache(maxsize=64)
def _fit(text: str, width: int) -> str:
    """Cut a name to `width` pixels with a trailing dot."""
    font = get_font("small")
    if font.line_width(text) <= width:
        return text
    while text and font.line_width(text + ".") > width:
        text = text[:-1]
    return text + "."


def _draw_km(canvas, table: MilleState, side: int, row: pygame.Rect) -> None:
    rect = layout.km_rect(row)
    plate(canvas, rect)
    small, large = get_font("small"), get_font("large")
    km = table.tableaux[side].km
    large.draw(canvas, str(km), (rect.right - 5, rect.y + 4), P.WHITE, align="right")
    small.draw(canvas, "km", (rect.right - 5, rect.y + 28), theme.TEXT_DIM, align="right")
    small.draw(canvas, f"/{table.target}", (rect.x + 4, rect.y + 28), P.YELLOW)


def _draw_road(canvas, table: MilleState, side: int, row: pygame.Rect) -> None:
    """The trip as a road: bornes every 100 km, a flag at the target, the side's car."""
    road = layout.road_rect(row)
    target = table.target
    end = layout.road_x(row, target)
    full = layout.road_x(row, layout.ROAD_KM)
    band = pygame.Rect(road.x, road.y + ROAD_TOP, end - road.x, ROAD_BAND)
    canvas.fill(P.BLACK, band)
    if end < full:  # the extension's stretch, not (yet) part of the trip
        spare = pygame.Rect(end, band.y, full - end, band.height)
        canvas.blit(dotted(spare.size), spare)
    mid = band.centery
    km = table.tableaux[side].km
    travelled = layout.road_x(row, km)
    for x in range(band.x + 1, band.right - DASH, DASH + DASH_GAP):
        colour = P.YELLOW if x + DASH <= travelled else P.WHITE
        canvas.fill(colour, (x, mid, DASH, 1))
    for stone in range(0, layout.ROAD_KM + 1, layout.MILESTONE_KM):
        x = layout.road_x(row, stone)
        post = pygame.Rect(x - 1, road.y - 1, *MILESTONE)
        canvas.fill(P.BLACK, post.inflate(2, 2))
        canvas.fill(P.WHITE, post)
        canvas.fill(P.RED, (post.x, post.y, post.width, 2))
    _flag(canvas, end, road.y - 3)
    image = car(side)
    canvas.blit(image, (travelled - image.get_width() // 2, band.y))


def _flag(canvas, x: int, y: int) -> None:
    """A chequered flag at the finish."""
    canvas.fill(P.BLACK, (x, y, 1, 9))
    for dy in range(3):
        for dx in range(3):
            colour = P.WHITE if (dx + dy) % 2 == 0 else P.BLACK
            canvas.fill(colour, (x + 1 + dx * 2, y + dy * 2, 2, 2))


# -- where the chosen card may go, targets and landings ------------------------------------
def _draw_hints(canvas, scene: MilleScene, rows) -> None:
    small = get_font("small")
    if scene.targets:
        for number, action in enumerate(scene.targets, start=1):
            row = rows[action.side]
            rect = layout.landing_rect(row, action.card)
            chosen = number - 1 == scene.target_index
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


def _draw_message(canvas, scene: MilleScene) -> None:
    rect = layout.MESSAGE
    plate(canvas, rect)
    small = get_font("small")
    right = rect.right - 4
    words = turn_words(scene)
    if words:
        width = small.measure(words)[0] + 8
        tag = pygame.Rect(rect.right - width - 2, rect.y + 2, width, rect.height - 4)
        canvas.fill(P.YELLOW, tag)
        small.draw(canvas, words, (tag.centerx, tag.y), P.BLACK, align="center")
        left = scene.moment_clock() if words == MOMENT_TAG else None
        if left is not None:  # the moment's clock: a line along the plate's foot that shrinks
            canvas.fill(P.YELLOW, (rect.x + 2, rect.bottom - 2, round((rect.width - 4) * left), 1))
        right = tag.x - 4
    message = scene.talk.line
    moment = scene.moment_words()
    text, colour = message.text, message.colour
    if moment and scene.talk.passing is None:
        text, colour = moment, theme.TEXT
    if not text:
        return
    lines = wrap(text, right - rect.x - 8)
    if len(lines) > 1 and scene.talk.passing is not None:
        # A hint (or a refusal) is read whole: for its moment it grows up over the row
        # above, the news line's own place staying where it is.
        lines = lines[:MESSAGE_MOST_LINES]
        height = 4 + len(lines) * (small.line_height + 1)
        grown = pygame.Rect(rect.x, rect.bottom - height, right - rect.x, height)
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
        (rect.x + 5, rect.y + 2),
        colour,
    )


def turn_words(scene: MilleScene) -> str:
    """The tag on the news line while a person here plays: "YOUR TURN", or at a shared
    screen whose turn it is ("CINDY'S TURN"), since the rows no longer say it; in a coup
    fourré moment that asks nobody here, "COUP FOURRÉ?" with the moment's clock."""
    if scene.moment_words():
        return MOMENT_TAG
    if not (scene.awaiting_human and scene.state.phase == PLAY):
        return ""
    if not scene.shared:
        return YOUR_TURN
    return _fit(f"{scene.name(scene.viewer).upper()}'S TURN", TURN_TAG_WIDTH)


def _draw_piles(canvas, table: MilleState) -> None:
    small = get_font("small")
    left = len(table.draw_pile)
    if left:
        canvas.blit(mille_back(), layout.DRAW_PILE)
        _badge(canvas, layout.DRAW_PILE.inflate(-4, -4), str(left), small)
    else:
        _empty(canvas, layout.DRAW_PILE, "Empty", small)
    if table.discard_pile:
        canvas.blit(mille_card(table.discard_pile[-1]), layout.DISCARD_PILE)
    else:
        _empty(canvas, layout.DISCARD_PILE, "", small)
    y = layout.PILE_LABEL_Y + small.line_height // 2
    _tab(canvas, (layout.DRAW_PILE.centerx, y), "Draw", small)
    _tab(canvas, (layout.DISCARD_PILE.centerx, y), "Discards", small)


# -- the hand ------------------------------------------------------------------------------
def _draw_hand(canvas, scene: MilleScene, hand: list[str], lifted: Lifted) -> None:
    small = get_font("small")
    hidden = not scene.hand_shown
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
        if (index == scene.selected or up and not choosing or card == hinted) and not scene.steps:
            canvas.blit(mille_ring(), (rect.x - MILLE_RING, rect.y - MILLE_RING))
        tab = layout.key_tab(rect)
        chosen = index == scene.selected
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
def _draw_prompt(canvas, scene: MilleScene, prompt) -> None:
    rect = layout.PROMPT
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
    hover = scene.hover_pos
    for index, (button_rect, (key, label, _)) in enumerate(
        zip(layout.prompt_buttons(len(prompt.answers)), prompt.answers)
    ):
        button = Button(
            button_rect, f"{key} {label}" if len(key) == 1 else label, InputAction("none")
        )
        button.hovered = button.contains(hover)
        button.draw(canvas, focused=index == scene.prompt_focus)


def _draw_game_over(canvas, scene: MilleScene) -> None:
    state = scene.state
    sides = state.options.sides
    box = layout.game_over_box(sides)
    draw_panel(canvas, box, "Game over")
    small, large = get_font("small"), get_font("large")
    winners = state.winners
    if len(winners) != 1:
        headline = "A tie!"
    else:
        headline = f"{wins(scene.names, state, winners[0])}!"
        if large.measure(headline)[0] > box.width - 20:
            headline = "The winners!" if len(state.seats_of(winners[0])) > 1 else "The winner!"
    large.draw(canvas, headline, (box.centerx, box.y + 12), theme.TITLE, align="center")
    ranking = sorted(range(sides), key=lambda s: -state.scores[s])
    y = box.y + 46
    for place, side in enumerate(ranking, start=1):
        colour = theme.TITLE if side in winners else theme.TEXT
        small.draw(canvas, f"{place}.", (box.x + 30, y + 6), theme.TEXT_DIM, align="right")
        small.draw(canvas, _fit(scene.side_name(side), 220), (box.x + 38, y + 6), colour)
        large.draw(canvas, f"{state.scores[side]:,}", (box.right - 24, y), colour, align="right")
        y += 28
    small.draw(
        canvas,
        f"{state.hand_number} hands to {state.options.game_target:,} points",
        (box.centerx, y + 6),
        theme.TEXT_DIM,
        align="center",
    )
    if scene.record_line:
        small.draw(
            canvas,
            _fit(scene.record_line, box.width - 20),
            (box.centerx, y + 20),
            P.LIGHT_GREEN,
            align="center",
        )
    buttons = layout.game_over_buttons(sides)
    if scene.coach_line and y + 34 + small.line_height <= buttons[0].top:
        small.draw(
            canvas,
            _fit(scene.coach_line, box.width - 20),
            (box.centerx, y + 34),
            theme.ACCENT,
            align="center",
        )
    hover = scene.hover_pos
    for rect, label in zip(buttons, ("N New game", "Esc Title")):
        button = Button(rect, label, InputAction("none"))
        button.hovered = button.contains(hover)
        button.draw(canvas)


def hand_rects(scene: MilleScene) -> list[pygame.Rect]:
    """Where each shown hand card is drawn now (tests and pictures click them)."""
    raised = scene.raised_cards()
    return [layout.hand_rect(i, lifted=card in raised) for i, card in enumerate(scene.hand_order)]
