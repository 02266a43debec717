"""Dice for Farkle and Shut The Box: pips or numerals, four states, tumbling frames."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import sprites as S

from . import fonts, pix

FRAME = S.DIE_SIZE[0]  # 35: every die frame is FRAME x FRAME
MARGIN = S.DIE_BODY.x  # 3: room for the highlight ring and the drop shadow
BODY = S.DIE_BODY.width  # 29: odd, so the centre pip has a centre pixel
PIP_OFFSET = 8  # centre-to-pip distance
STATES = S.DIE_STATES
TUMBLE_FRAMES = S.DIE_TUMBLE_FRAMES

# (body, bevel, pips): white dice with black pips; held dice are red with white pips,
# so a held die is a black die with white pips in mono.
LOOKS = {
    False: (P.WHITE, P.LIGHT_GREY, P.BLACK),
    True: (P.RED, P.BROWN, P.WHITE),
}
PIP = pix.rows_of("""
    .###.
    #####
    #####
    #####
    .###.
""")
PIP_PLACES = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _body(surface, held: bool, origin=(MARGIN, MARGIN), size=BODY) -> None:
    body, bevel, _ = LOOKS[held]
    x, y = origin
    pix.round_rect(surface, P.BLACK, (x, y, size, size), 3)
    pix.round_rect(surface, bevel, (x + 1, y + 1, size - 2, size - 2), 2)
    pix.round_rect(surface, body, (x + 1, y + 1, size - 4, size - 4), 2)
    # A glint on the top-left edge, the way a lit cube catches the light.
    if not held:
        pix.rect(surface, P.WHITE, (x + 3, y + 1, size - 8, 1))
    else:
        pix.rect(surface, P.LIGHT_RED, (x + 3, y + 2, size - 10, 1))
        pix.rect(surface, P.LIGHT_RED, (x + 2, y + 3, 1, size - 10))


def _ring(surface) -> None:
    """The highlight: a yellow ring edged in black, around the body."""
    pix.round_frame(surface, P.BLACK, (0, 0, FRAME, FRAME), 4)
    pix.round_frame(surface, P.YELLOW, (1, 1, FRAME - 2, FRAME - 2), 3)
    pix.round_frame(surface, P.YELLOW, (2, 2, FRAME - 4, FRAME - 4), 3)


def _shadow(surface) -> None:
    pix.round_rect(surface, P.BLACK, (MARGIN + 2, MARGIN + 2, BODY, BODY), 3)


def die(value: int, state: str, numerals: bool, writer: fonts.Writer) -> pygame.Surface:
    """One die face in one state."""
    held = state.startswith("held")
    surface = pix.new(FRAME, FRAME)
    if state.endswith("hilite"):
        _ring(surface)
    else:
        _shadow(surface)
    _body(surface, held)
    ink = LOOKS[held][2]
    centre = MARGIN + BODY // 2
    if numerals:
        # Large digits are 10x14 with three rows of accent room above the capitals.
        top = centre - (writer.baseline + writer.cap_top) // 2 - 1
        writer.draw(surface, str(value), centre + 1, top, ink, align="center")
    else:
        for dx, dy in PIP_PLACES[value]:
            pix.bitmap(
                surface, centre + dx * PIP_OFFSET - 2, centre + dy * PIP_OFFSET - 2, PIP, {"#": ink}
            )
    return surface


def tumble(frame: int) -> pygame.Surface:
    """A die caught mid-roll: a smaller, turned square with a random-looking face."""
    surface = pix.new(FRAME, FRAME)
    # Five turns, then a die seen spinning on its edge (a squashed diamond).
    angle = (15, 30, 45, 60, 75, 45)[frame]
    squash = 0.6 if frame == 5 else 1.0
    faces = (5, 3, 6, 2, 4, 1)
    side = 24
    c = FRAME / 2
    # Turning by multiples of 15 degrees; cos/sin from a small exact-enough table keeps
    # the output identical on every platform.
    table = {
        15: (0.9659, 0.2588),
        30: (0.8660, 0.5),
        45: (0.7071, 0.7071),
        60: (0.5, 0.8660),
        75: (0.2588, 0.9659),
        90: (0.0, 1.0),
    }
    co, si = table[angle]

    def turn(x, y):
        return (c + x * co - y * si, c + (x * si + y * co) * squash)

    h = side / 2
    corners = [turn(-h, -h), turn(h, -h), turn(h, h), turn(-h, h)]
    shadow = [(x + 2, y + 2) for x, y in corners]
    pix.polygon(surface, P.BLACK, shadow)
    outer = [turn(-h - 1, -h - 1), turn(h + 1, -h - 1), turn(h + 1, h + 1), turn(-h - 1, h + 1)]
    pix.polygon(surface, P.BLACK, outer)
    pix.polygon(surface, P.LIGHT_GREY, corners)
    inner = [turn(-h, -h), turn(h - 2, -h), turn(h - 2, h - 2), turn(-h, h - 2)]
    pix.polygon(surface, P.WHITE, inner)
    for dx, dy in PIP_PLACES[faces[frame]]:
        px, py = turn(dx * 6.5 - 1, dy * 6.5 - 1)
        pix.disc(surface, P.BLACK, px, py, 2.1 if squash == 1.0 else 1.6)
    return surface


def build() -> dict:
    """The dice sheet."""
    writer = fonts.Writer("large")
    sheet = pix.Sheet("dice", width=6 * (FRAME + 1))
    for numerals in (False, True):
        kind = "num" if numerals else "pips"
        for state in STATES:
            for value in range(1, 7):
                sheet.add(f"{kind}_{value}_{state}", die(value, state, numerals, writer))
    for frame in range(TUMBLE_FRAMES):
        sheet.add(f"tumble_{frame}", tumble(frame))
    sheet.meta = {
        "size": [FRAME, FRAME],
        "body": [MARGIN, MARGIN, BODY, BODY],
        "tumble_frames": TUMBLE_FRAMES,
    }
    return sheet.build()
