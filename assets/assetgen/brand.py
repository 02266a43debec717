"""The title logo, the menu backdrop, the window/program icon, and each registered game's
title icon (drawn by the game's own maker, assetgen/<id>.py, as its icon())."""

from __future__ import annotations

import importlib
import struct

import pygame

from game.art import palette as P

from . import cards, glyphs, pix

CANVAS = (640, 360)
LOGO_TEXT = "PIXEL PARLOR"
BLOCK = 5  # each font pixel of the logo becomes a 5x5 bevelled block
# Fill colours down the seven rows of a capital: a sunset of light colours, so every
# block is white in mono and the dark bevels still draw the pixel grid.
LOGO_ROWS = [
    P.YELLOW,
    P.YELLOW,
    P.YELLOW,
    P.LIGHT_RED,
    P.LIGHT_RED,
    P.LIGHT_MAGENTA,
    P.LIGHT_MAGENTA,
]
LOGO_SHADES = {P.YELLOW: P.BROWN, P.LIGHT_RED: P.RED, P.LIGHT_MAGENTA: P.MAGENTA}
ICON_SIZE = 48
ICO_SIZES = (16, 32, 48, 64, 128, 256)


def logo() -> pygame.Surface:
    """PIXEL PARLOR in big bevelled blocks with a hard black drop shadow."""
    cells = glyphs.glyph_cells()
    letters = []
    for ch in LOGO_TEXT:
        rows = cells[ch][glyphs.CAP_TOP : glyphs.BASELINE + 1]
        letters.append(rows)
    width = sum(len(rows[0]) + 1 for rows in letters) - 1
    shadow = 3
    s = pix.new(width * BLOCK + shadow + 2, 7 * BLOCK + shadow + 2)
    # Shadow first: a solid silhouette down-right, then a black outline, then blocks.
    for pass_ in ("shadow", "outline", "block"):
        x0 = 1
        for rows in letters:
            for j, row in enumerate(rows):
                for i, bit in enumerate(row):
                    if bit != "#":
                        continue
                    x, y = x0 + i * BLOCK, 1 + j * BLOCK
                    if pass_ == "shadow":
                        pix.rect(s, P.BLACK, (x + shadow, y + shadow, BLOCK, BLOCK))
                    elif pass_ == "outline":
                        pix.rect(s, P.BLACK, (x - 1, y - 1, BLOCK + 2, BLOCK + 2))
                    else:
                        fill = LOGO_ROWS[j]
                        pix.rect(s, LOGO_SHADES[fill], (x, y, BLOCK, BLOCK))
                        pix.rect(s, fill, (x, y, BLOCK - 1, BLOCK - 1))
                        pix.rect(s, P.WHITE, (x, y, BLOCK - 1, 1))
                        pix.rect(s, P.WHITE, (x, y, 1, BLOCK - 1))
            x0 += (len(rows[0]) + 1) * BLOCK
    return s


MOTIFS = [cards.PIPS[s] for s in "SHCD"]


def backdrop() -> pygame.Surface:
    """The menu backdrop: deep blue with a faint lattice of suits and pips (black in mono)."""
    s = pix.new(*CANVAS, fill=P.BLUE)
    pitch = 40
    for row, y in enumerate(range(-8, CANVAS[1] + pitch, pitch // 2)):
        for col, x in enumerate(range(-8 + (row % 2) * (pitch // 2), CANVAS[0] + pitch, pitch)):
            kind = (row + col * 3) % 5
            if kind < 4:
                pix.bitmap(
                    s, x, y, pix.rows_of(MOTIFS[kind]), {"K": P.BLACK, "R": P.BLACK, "r": P.BLACK}
                )
            else:
                # A die face's five pips, to nod at the dice games.
                for dx, dy in ((0, 0), (4, 0), (2, 2), (0, 4), (4, 4)):
                    pix.rect(s, P.BLACK, (x + 1 + dx, y + 1 + dy, 2, 2))
    return s


def mini_die(value: int, held: bool = False, size: int = 15) -> pygame.Surface:
    body, ink = (P.RED, P.WHITE) if held else (P.WHITE, P.BLACK)
    s = pix.new(size + 1, size + 1)
    pix.round_rect(s, P.BLACK, (1, 1, size, size), 2)
    pix.round_rect(s, P.BLACK, (0, 0, size, size), 2)
    pix.round_rect(s, P.LIGHT_GREY if not held else P.BROWN, (1, 1, size - 2, size - 2), 1)
    pix.round_rect(s, body, (1, 1, size - 3, size - 3), 1)
    c, d = size // 2 - 1, size // 4 + 1
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for dx, dy in spots:
        pix.rect(s, ink, (c + dx * (d - 1), c + dy * (d - 1), 2, 2))
    return s


def mini_card(suit: str | None, rank: str = "A") -> pygame.Surface:
    s = pix.new(17, 23)
    pix.round_rect(s, P.BLACK, (0, 0, 17, 23), 1)
    if suit is None:
        pix.rect(s, P.BLUE, (1, 1, 15, 21))
        for y in range(2, 21):
            for x in range(2, 15):
                if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                    s.set_at((x, y), P.LIGHT_BLUE)
        return s
    pix.rect(s, P.WHITE, (1, 1, 15, 21))
    ink = P.RED if suit in cards.RED_SUITS else P.BLACK
    pix.bitmap(s, 2, 2, cards.RANK_ART[rank].split(), {"#": ink})
    pix.bitmap(s, 6, 11, pix.rows_of(cards.PIPS[suit]))
    return s


# 3x5 digits for numbers painted on tiny things (the icon's milestone, its doors).
MICRO_DIGITS = {
    "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###",
    "2": "### ..# ### #.. ###",
    "3": "### ..# .## ..# ###",
    "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ### ..# ###",
    "6": "### #.. ### #.# ###",
    "7": "### ..# .#. .#. .#.",
    "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ###",
}


def micro(surface, text: str, x: int, y: int, color) -> None:
    """Paint digits in the 3x5 micro font with one pixel between them."""
    for i, ch in enumerate(text):
        pix.bitmap(surface, x + 4 * i, y, MICRO_DIGITS[ch].split(), {"#": color})


def game_ids() -> list[str]:
    """The registered games whose title icon the kit draws (a game may draw its own,
    GameInfo.icon), in title order: the registry is the one list of games."""
    from game.shell.registry import load_games

    return [info.id for info in load_games() if info.icon is None]


def game_maker(game_id: str):
    """A game's own art maker, assetgen/<id>.py."""
    return importlib.import_module(f"{__package__}.{game_id}")


def window_icon(size: int) -> pygame.Surface:
    """The program's icon: an ace of hearts behind a die (32 px; a simpler 16 px)."""
    if size == 16:
        s = pix.new(16, 16)
        pix.round_rect(s, P.BLACK, (0, 0, 11, 14), 1)
        pix.rect(s, P.WHITE, (1, 1, 9, 12))
        pix.bitmap(s, 2, 3, pix.rows_of(cards.PIPS["H"]))
        s.blit(mini_die(5, size=9), (6, 6))
        return s
    s = pix.new(32, 32)
    card = mini_card("H", "A")
    s.blit(card, (2, 1))
    s.blit(mini_die(5, size=17), (13, 13))
    return s


def ico_bytes(images: dict) -> bytes:
    """A Windows .ico holding uncompressed 32-bit images (bytes follow pixels exactly)."""
    entries, blobs = [], []
    offset = 6 + 16 * len(images)
    for size in sorted(images):
        image = images[size]
        w, h = image.get_size()
        header = struct.pack("<IiiHHIIiiII", 40, w, h * 2, 1, 32, 0, 0, 0, 0, 0, 0)
        rows = []
        for y in range(h - 1, -1, -1):  # bottom-up, BGRA
            row = bytearray()
            for x in range(w):
                r, g, b, a = image.get_at((x, y))
                row += bytes((b, g, r, a))
            rows.append(bytes(row))
        mask_row = ((w + 31) // 32) * 4
        mask = bytes(mask_row * h)  # alpha does the work; the AND mask stays clear
        blob = header + b"".join(rows) + mask
        entries.append(struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(blob), offset))
        blobs.append(blob)
        offset += len(blob)
    return struct.pack("<HHH", 0, 1, len(images)) + b"".join(entries) + b"".join(blobs)


def build_into(sheet: pix.Sheet, writer) -> dict:
    """Add logo and icons to `sheet`; returns the extra files (backdrop, icon.png, .ico)."""
    sheet.add("logo", logo())
    for game_id in game_ids():
        sheet.add(f"icon_{game_id}", game_maker(game_id).icon())
    icon32, icon16 = window_icon(32), window_icon(16)
    sheet.add("window_icon", icon32)
    sheet.add("window_icon_16", icon16)
    images = {16: icon16, 32: icon32}
    for size in ICO_SIZES:
        if size not in images:
            images[size] = (
                pygame.transform.scale(icon32, (size, size))
                if size % 32 == 0
                else pygame.transform.scale(icon16, (size, size))
            )
    return {"sprites/backdrop.png": backdrop(), "icon.png": icon32, "icon.ico": ico_bytes(images)}
