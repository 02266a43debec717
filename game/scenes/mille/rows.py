"""A side's row on the Mille Bornes table: its plate (names, score, the hand's points, the
gauge to the game's target), its tableau (battle and speed piles, safeties, distances)
and its road to the trip's target. Each row is painted apart and kept until it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as P
from game.art.font import get_font
from game.engine.mille.rules import COUP_FOURRE, EXTENSION, PLAY, MilleState
from game.engine.mille.scoring import score_so_far
from game.lang import N_, _, number, pgettext
from game.scenes.mille import layout
from game.scenes.mille.marks import badge, car, dotted, empty, fit, plate
from game.scenes.mille.motion import Lifted, turned
from game.scenes.mille.sprites import MILLE_DISTANCES, MILLE_SAFETIES, mille_card
from game.scenes.mille.words import LEVEL_LABELS
from game.table.felt import felt
from game.ui import theme

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable

ROAD_TOP, ROAD_BAND = 4, 7  # the asphalt inside the road strip
DASH, DASH_GAP = 4, 4  # the centre line
MILESTONE = (3, 4)  # a borne: white post with a red cap
# TRANSLATORS: the labels of a row's battle pile and speed pile (short: 5-7 letters).
SLOT_LABELS = {"battle": N_("Battle"), "speed": N_("Speed")}


def on_turn(table: MilleState, side: int) -> bool:
    """Whether the side's plate is lit: its seat is playing (a coup fourré question to
    another seat is private, so the attacker's side stays lit through it)."""
    return table.phase in (PLAY, COUP_FOURRE, EXTENSION) and table.side_of(table.turn_seat) == side


def draw_row(
    canvas, scene: MilleTable, table: MilleState, side: int, row: pygame.Rect, lifted: Lifted
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
        on_turn(table, side),
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
    scene: MilleTable,
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
            empty(canvas, rect, _(SLOT_LABELS[label]), small)
    for index, safety in enumerate(MILLE_SAFETIES):
        if safety in tableau.safeties:
            sideways = safety in tableau.coups_fourres
            rect = layout.safety_card_rect(row, index, sideways)
            image = turned(safety) if sideways else mille_card(safety, mini=True)
            canvas.blit(image, rect)
        else:
            empty(canvas, layout.safety_card_rect(row, index, False), "", small)
    for index, value in enumerate(MILLE_DISTANCES):
        rect = layout.distance_rect(row, index)
        count = tableau.distance.count(value)
        if count:
            canvas.blit(mille_card(value, mini=True), rect)
            if count > 1:
                badge(canvas, rect, f"x{count}", small)
        else:
            empty(canvas, rect, value, small)
    _draw_km(canvas, table, side, row)
    _draw_road(canvas, table, side, row)


def _draw_plate(canvas, scene: MilleTable, table: MilleState, side: int, row: pygame.Rect) -> None:
    rect = layout.plate_rect(row)
    lit = on_turn(table, side)
    plate(canvas, rect, lit)
    small, large = get_font("small"), get_font("large")
    ink = theme.SELECT_TEXT if lit else theme.TITLE
    dim = theme.SELECT_TEXT if lit else theme.TEXT_DIM
    seats = table.seats_of(side)
    y = rect.y + 4
    for seat in seats:
        marker = ">" if lit and seat == table.turn_seat else ""
        small.draw(canvas, marker, (rect.x + 3, y), ink)
        small.draw(canvas, fit(scene.name(seat), rect.width - 30), (rect.x + 10, y), ink)
        small.draw(canvas, str(len(table.hands[seat])), (rect.right - 5, y), dim, align="right")
        y += small.line_height
    if len(seats) == 1:
        small.draw(canvas, scene_tag(scene, seats[0]), (rect.x + 10, y), dim)
    score = table.scores[side]
    large.draw(
        canvas,
        number(score),
        (rect.right - 5, rect.bottom - large.line_height - 7),
        theme.SELECT_TEXT if lit else theme.TEXT,
        align="right",
    )
    so_far = hand_points(table)
    if so_far is not None:
        y = rect.bottom - 8 - 2 * small.line_height
        # Large text: no room for the word over the points; the points alone say it.
        worded = y >= rect.y + 4 + 2 * small.line_height
        if worded:
            # TRANSLATORS: on a name plate, over the points so far in this hand (short).
            small.draw(canvas, pgettext("plate", "hand"), (rect.x + 5, y), dim)
        points = f"+{number(so_far[side])}"
        small.draw(canvas, points, (rect.x + 5, y + small.line_height - (1 if worded else 0)), ink)
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


def scene_tag(scene: MilleTable, seat: int) -> str:
    """ "Expert", "Human" or "Demo: Expert" under a player's name."""
    labels = dict(LEVEL_LABELS)
    if scene.seats[seat].computer:
        level = scene.seats[seat].level
        return _(labels[level]) if level in labels else level
    if scene.played_by_computer(seat):
        # TRANSLATORS: under a player's name: a person's seat the computer plays in demo mode.
        return _("Demo: {level}").format(level=_(labels.get(scene.level_of(seat), "")))
    # TRANSLATORS: under a player's name: a person plays this seat.
    return _("Human")


def _draw_km(canvas, table: MilleState, side: int, row: pygame.Rect) -> None:
    rect = layout.km_rect(row)
    plate(canvas, rect)
    small, large = get_font("small"), get_font("large")
    km = table.tableaux[side].km
    large.draw(canvas, str(km), (rect.right - 5, rect.y + 4), P.WHITE, align="right")
    # TRANSLATORS: the unit under a side's distance travelled (short, as "km").
    small.draw(
        canvas,
        pgettext("distance", "km"),
        (rect.right - 5, rect.y + 28),
        theme.TEXT_DIM,
        align="right",
    )
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
