"""The 52-card deck, its back, empty-pile slots and a selection ring, for La Belle Lucie.

Card size and fan arithmetic (the 640x360 canvas):
  A card is 49x69. Fans are horizontal and the top card is the right-most, so a lower
  card shows a FAN_OFFSET (16) px strip: its rank (x 2-10) and small suit (below it).
  A three-card fan is 49 + 2*16 = 81 px wide. Six fans a row at a 100 px pitch take
  5*100 + 81 = 581 px (margins 29/30); three rows at a 75 px pitch take 2*75 + 69 =
  219 px. The four foundations sit in a row above (69 px + 8 px gap), starting at y = 8:
  8 + 69 + 8 + 219 = 304, leaving 56 px for a message line and the command bar.
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import sprites as S

from . import fonts, pix

WIDTH, HEIGHT = S.CARD_SIZE  # 49x69
FAN_OFFSET = S.FAN_OFFSET  # 16
RING = S.CARD_RING  # selection ring thickness outside the card
CORNER_W = 9  # the index column: ranks up to "10" (9 px) and the small suit
COURT_BOX = (12, 5, 25, 59)  # frame of the court picture: 23x28 halves and a divider
RANKS = S.RANKS
SUITS = S.SUITS
RED_SUITS = "DH"

# Small pips, 7x7: red suits are a dark rim around a light fill (hollow in mono),
# black suits are solid.
PIPS = {
    "H": """
        .RR.RR.
        RrrRrrR
        RrrrrrR
        RrrrrrR
        .RrrrR.
        ..RrR..
        ...R...
    """,
    "D": """
        ...R...
        ..RrR..
        .RrrrR.
        RrrrrrR
        .RrrrR.
        ..RrR..
        ...R...
    """,
    "C": """
        ..KKK..
        ..KKK..
        KK.K.KK
        KKKKKKK
        KK.K.KK
        ...K...
        ..KKK..
    """,
    "S": """
        ...K...
        ..KKK..
        .KKKKK.
        KKKKKKK
        KK.K.KK
        ...K...
        ..KKK..
    """,
}

# Bold corner ranks (2 px strokes), 7 px tall; red ranks are drawn RED, black BLACK.
RANK_ART = {
    "A": ".###. ##.## ##.## ##### ##.## ##.## ##.##",
    "2": ".###. ##.## ...## ..##. .##.. ##... #####",
    "3": "####. ...## ...## .###. ...## ...## ####.",
    "4": "...## ..### .#.## #..## ##### ...## ...##",
    "5": "##### ##... ####. ...## ...## ##.## .###.",
    "6": ".###. ##... ##... ####. ##.## ##.## .###.",
    "7": "##### ...## ..##. ..##. .##.. .##.. .##..",
    "8": ".###. ##.## ##.## .###. ##.## ##.## .###.",
    "9": ".###. ##.## ##.## .#### ...## ...## .###.",
    "T": ".##..###. ###.##.## .##.##.## .##.##.## .##.##.## .##.##.## .##..###.",
    "J": "..### ...## ...## ...## ##.## ##.## .###.",
    "Q": ".###. ##.## ##.## ##.## ##.## .###. ...##",
    "K": "##.## ##.## ####. ###.. ####. ##.## ##.##",
}

# Pip centres (dx, dy) from the card centre for ranks 2-10; lower-half pips point down.
COL = 8
ROWS4 = (-22, -7, 7, 22)
LAYOUTS = {
    2: [(0, -22), (0, 22)],
    3: [(0, -22), (0, 0), (0, 22)],
    4: [(-COL, -22), (COL, -22), (-COL, 22), (COL, 22)],
    5: [(-COL, -22), (COL, -22), (0, 0), (-COL, 22), (COL, 22)],
    6: [(x, y) for y in (-22, 0, 22) for x in (-COL, COL)],
    7: [(x, y) for y in (-22, 0, 22) for x in (-COL, COL)] + [(0, -11)],
    8: [(x, y) for y in (-22, 0, 22) for x in (-COL, COL)] + [(0, -11), (0, 11)],
    9: [(x, y) for y in ROWS4 for x in (-COL, COL)] + [(0, 0)],
    10: [(x, y) for y in ROWS4 for x in (-COL, COL)] + [(0, -15), (0, 15)],
}

# Court figures: the top half of a double-headed card, 23x28. 'A'/'a' are the suit's
# robe colours, 'E' its trim; W skin and ermine, K ink, Y gold, N hair, L beard and steel.
COURT = {
    "K": """
        .......Y...Y...Y.......
        ...L...YY.YYY.YY.......
        ...L...YEYYEYYEY.......
        ...L...YYYYYYYYY.......
        ...L..KWWWWWWWWWK......
        ...L..KWWWWWWWWWK......
        ...L..KWKKKWKKKWK......
        ...L..KWWKWWWKWWK......
        ...L..KWWWWKWWWWK......
        ...L..LWWWWKWWWWL......
        ...L..LLWKKKKKWLL......
        ...L..LLLWWWWWLLL......
        ..YYY.LLLLLLLLLLL......
        ...N...LLLLLLLLL.......
        ..WWWW..LLLLLLL.WWWW...
        ..WWKWWWWLLLLLWWWWKWW..
        .AWWWWKWWWLLLWWWKWWWWA.
        AAaWWWWWWWWLWWWWWWWWaAA
        AaaAAAAAAAWWWAAAAAAAaaA
        AaaaAAYAAAAAAAAAYAAaaaA
        AaaaAAYAAAAEAAAAYAAaaaA
        AaaAAAYAAAEEEAAAYAAAaaA
        AaaAAAYAAAAEAAAAYAAAaaA
        AaAAAAYAAAAAAAAAYAAAAaA
        AaAAAAYAAAAAAAAAYAAAAaA
        AAAAAAYYYYYYYYYYYAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAA
    """,
    "Q": """
        .........Y.Y.Y.........
        .........YYYYY.........
        ........NYEYEYN........
        ......NNKKKKKKKNN......
        ......NKWWWWWWWKN......
        ......NKWKKWKKWKN......
        ......NKWWWWWWWKN......
        ......NKWWWKWWWKN......
        ......NKWWRRRWWKN......
        ......NNKWWWWWKNN......
        .....NNNNKKKKKNNNN.....
        .....NNNNNWWWNNNNN.....
        ....NNNNEEWWWEENNNN....
        ...aNNEEEEEEEEEEENNa...
        ..aaaAEEYEYEYEYEEAaaa..
        .aaaaAAEEEEEEEEEAAaaaa.
        .aaaAAAAAAEYEAAAAArrra.
        aaaaAAAAAAAYAAAAAArYraa
        aaaAAAAAAAAYAAAAAArrraa
        aaaAAAAAAAAYAAAAAWWGaaa
        aaAAAAAAAAAYAAAAAWWGAaa
        aaAAAAAAAAAYAAAAAAAGAAa
        aAAAAAAAAAAYAAAAAAAAAAa
        aAAAAAAAAAAYAAAAAAAAAAa
        AAAAAAAAAAAYAAAAAAAAAAA
        AAAAAAAAAAAYAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAA
    """,
    "J": """
        ..L.....EEEEEEE........
        .LLL...EEEEEEEEE...W...
        ..L...AAAAAAAAAAAW.....
        ..N...NKKKKKKKKKN......
        ..N...NKWWWWWWWKN......
        ..N...NKWKKWKKWKN......
        ..N...NKWWWWWWWKN......
        ..N...NKWWWKWWWKN......
        ..N...NKWWKKKWWKN......
        ..N....NKWWWWWKN.......
        ..N.....KKKKKKK........
        ..N......WWWWW.........
        ..N...WWWWKKKWWWW......
        ..N.EEWKWWWWWWWKWEE....
        .WWWEEEEEEEEEEEEEEE....
        .WWAAaAAAAAEAAAAAaAAA..
        .AAAaaAAAAAEAAAAAaaAAA.
        .AAaaaAAYAAEAAYAAaaaAA.
        AAAaaaAAYAAEAAYAAaaaAAA
        AAaaaAAAYAAEAAYAAAaaaAA
        AAaaaAAAYAAEAAYAAAaaaAA
        AAaaAAAAYAAEAAYAAAAaaAA
        AAaaAAAAYAAEAAYAAAAaaAA
        AAAaAAAAYYYYYYYAAAAAaAA
        AAAaAAAAAAAEAAAAAAAAaAA
        AAAAAAAAAAAEAAAAAAAAAAA
        AAAAAAAAAAAEAAAAAAAAAAA
        AAAAAAAAAAAEAAAAAAAAAAA
    """,
}
SUIT_COLORS = {  # robe, robe light, trim
    "H": (P.RED, P.LIGHT_RED, P.YELLOW),
    "D": (P.RED, P.LIGHT_RED, P.BLUE),
    "C": (P.BLUE, P.LIGHT_BLUE, P.YELLOW),
    "S": (P.BLUE, P.LIGHT_BLUE, P.RED),
}


def _rank_rows(rank: str) -> list[str]:
    return RANK_ART[rank].split()


def _pip(suit: str) -> pygame.Surface:
    return pix.art(PIPS[suit])


def _big_pip(suit: str) -> pygame.Surface:
    """The ace's pip: the small pip doubled with Scale2x, so its curves stay round."""
    rows = pix.rows_of(PIPS[suit])
    rows = fonts.scale2x(rows)
    surface = pix.new(len(rows[0]), len(rows))
    pix.bitmap(surface, 0, 0, rows)
    return surface


def blank(face=P.WHITE) -> pygame.Surface:
    """A card outline filled with `face`."""
    surface = pix.new(WIDTH, HEIGHT)
    pix.round_rect(surface, P.BLACK, (0, 0, WIDTH, HEIGHT), 2)
    pix.round_rect(surface, face, (1, 1, WIDTH - 2, HEIGHT - 2), 1)
    return surface


def _corner(rank: str, suit: str) -> pygame.Surface:
    """The index: rank over a small suit, CORNER_W px wide (fits the fan strip)."""
    surface = pix.new(CORNER_W, 16)
    ink = P.RED if suit in RED_SUITS else P.BLACK
    rows = _rank_rows(rank)
    pix.bitmap(surface, (CORNER_W - len(rows[0]) + 1) // 2, 0, rows, {"#": ink})
    surface.blit(_pip(suit), (1, 9))
    return surface


def _court(rank: str, suit: str) -> pygame.Surface:
    robe, light, trim = SUIT_COLORS[suit]
    half = pix.art(COURT[rank], {"A": robe, "a": light, "E": trim})
    return half


def card(rank: str, suit: str) -> pygame.Surface:
    """One card face: rank in RANKS, suit in SUITS."""
    surface = blank()
    corner = _corner(rank, suit)
    surface.blit(corner, (2, 3))
    surface.blit(pix.rotate180(corner), (WIDTH - 2 - CORNER_W, HEIGHT - 3 - corner.get_height()))
    cx, cy = WIDTH // 2, HEIGHT // 2
    if rank == "A":
        big = _big_pip(suit)
        surface.blit(big, (cx - big.get_width() // 2, cy - big.get_height() // 2))
    elif rank in "JQK":
        ink = P.RED if suit in RED_SUITS else P.BLACK
        box = pygame.Rect(COURT_BOX)
        half = _court(rank, suit)
        surface.blit(half, (box.x + 1, box.y + 1))
        surface.blit(pix.rotate180(half), (box.x + 1, box.y + 2 + half.get_height()))
        pix.frame(surface, ink, box)
        pix.rect(surface, ink, (box.x, box.y + 1 + half.get_height(), box.width, 1))
    else:
        pip = _pip(suit)
        down = pix.flip(pip, y=True)
        for dx, dy in LAYOUTS[RANKS.index(rank) + 1]:
            surface.blit(down if dy > 0 else pip, (cx + dx - 3, cy + dy - 3))
    return surface


def back() -> pygame.Surface:
    """The card back: a blue lattice inside a white border."""
    surface = blank()
    field = pygame.Rect(3, 3, WIDTH - 6, HEIGHT - 6)
    pix.rect(surface, P.BLUE, field)
    for y in range(field.top, field.bottom):
        for x in range(field.left, field.right):
            u, v = x - field.left, y - field.top
            if (u + v) % 6 == 0 or (u - v) % 6 == 0:
                surface.set_at((x, y), P.LIGHT_BLUE)
    pix.frame(surface, P.LIGHT_BLUE, field)
    # A medallion in the middle: a gold diamond, so the back reads at a glance.
    cx, cy = WIDTH // 2, HEIGHT // 2
    medal = pix.art("""
        ....K....
        ...KYK...
        ..KYYYK..
        .KYYRYYK.
        KYYRRRYYK
        .KYYRYYK.
        ..KYYYK..
        ...KYK...
        ....K....
    """)
    surface.blit(medal, (cx - 4, cy - 4))
    return surface


def slot(suit: str | None) -> pygame.Surface:
    """An empty pile: a dotted outline on the felt, with the suit that belongs there."""
    surface = pix.new(WIDTH, HEIGHT)
    outline = pix.new(WIDTH, HEIGHT)
    pix.round_frame(outline, P.LIGHT_GREEN, (0, 0, WIDTH, HEIGHT), 2)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if outline.get_at((x, y)).a and (x + y) % 3 != 2:
                surface.set_at((x, y), P.LIGHT_GREEN)
    if suit:
        big = pix.recolor(
            _big_pip(suit),
            {P.RED: P.LIGHT_GREEN, P.LIGHT_RED: (0, 0, 0, 0), P.BLACK: P.LIGHT_GREEN},
        )
        surface.blit(big, (WIDTH // 2 - big.get_width() // 2, HEIGHT // 2 - big.get_height() // 2))
    return surface


def ring() -> pygame.Surface:
    """The selection ring: black, then two yellow pixels, hugging a card."""
    w, h = WIDTH + 2 * RING, HEIGHT + 2 * RING
    surface = pix.new(w, h)
    pix.round_frame(surface, P.BLACK, (0, 0, w, h), 3)
    pix.round_frame(surface, P.YELLOW, (1, 1, w - 2, h - 2), 3)
    pix.round_frame(surface, P.YELLOW, (2, 2, w - 4, h - 4), 2)
    return surface


def build() -> dict:
    """The cards sheet: 52 faces (e.g. "AC", "TH", "KS"), back, slots, ring."""
    sheet = pix.Sheet("cards", width=13 * (WIDTH + 1))
    for suit in SUITS:
        for rank in RANKS:
            sheet.add(rank + suit, card(rank, suit))
    sheet.add("back", back())
    sheet.add("slot", slot(None))
    for suit in SUITS:
        sheet.add(f"slot_{suit}", slot(suit))
    sheet.add("ring", ring())
    sheet.meta = {"size": [WIDTH, HEIGHT], "fan_offset": FAN_OFFSET, "ring": RING}
    return sheet.build()
