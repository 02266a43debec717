"""UI parts: buttons, panels, menu tiles (9-slice sources), pointers, the find arrow."""

from __future__ import annotations

import pygame

from game.art import palette as P

from . import pix

SLICE = 16  # 9-slice sources are SLICE x SLICE
BORDER = 4  # ... with 4 px fixed borders
BUTTON_STATES = ("normal", "hover", "pressed", "disabled")
PANEL_STYLES = ("dark", "light", "inset")


def _bevel(face, outline, light, shade, pressed=False) -> pygame.Surface:
    """A button-like box: outline, face, a light edge and a shaded edge."""
    s = pix.new(SLICE, SLICE)
    pix.round_rect(s, outline, (0, 0, SLICE, SLICE), 1)
    pix.rect(s, face, (1, 1, SLICE - 2, SLICE - 2))
    if pressed:
        # Pushed in: the shade moves to the top-left, two pixels deep.
        if shade is not None:
            pix.rect(s, shade, (1, 1, SLICE - 2, 2))
            pix.rect(s, shade, (1, 1, 2, SLICE - 2))
        return s
    if light is not None:
        pix.rect(s, light, (1, 1, SLICE - 3, 1))
        pix.rect(s, light, (1, 1, 1, SLICE - 3))
    if shade is not None:
        pix.rect(s, shade, (2, SLICE - 3, SLICE - 3, 2))
        pix.rect(s, shade, (SLICE - 3, 2, 2, SLICE - 3))
    return s


def buttons() -> dict:
    """Button faces. Mono: normal is a white frame on black, hover is inverted (white),
    pressed is inverted with a dithered top-left, disabled is all dithered."""
    return {
        "normal": _bevel(P.BLUE, P.LIGHT_CYAN, P.LIGHT_BLUE, P.BLACK),
        "hover": _bevel(P.LIGHT_CYAN, P.LIGHT_CYAN, P.WHITE, P.CYAN),
        "pressed": _bevel(P.LIGHT_CYAN, P.LIGHT_CYAN, None, P.CYAN, pressed=True),
        "disabled": _bevel(P.BLACK, P.DARK_GREY, None, None),
    }


def panels() -> dict:
    """Panel faces: a DOS double frame on black, a light bevelled plate, a sunken well."""
    dark = pix.new(SLICE, SLICE)
    pix.round_rect(dark, P.LIGHT_CYAN, (0, 0, SLICE, SLICE), 1)
    pix.rect(dark, P.BLACK, (1, 1, SLICE - 2, SLICE - 2))
    pix.frame(dark, P.CYAN, (2, 2, SLICE - 4, SLICE - 4))
    light = _bevel(P.LIGHT_GREY, P.BLACK, P.WHITE, P.DARK_GREY)
    inset = pix.new(SLICE, SLICE)
    pix.rect(inset, P.BLACK, (0, 0, SLICE, SLICE))
    pix.rect(inset, P.DARK_GREY, (0, 0, SLICE, 1))
    pix.rect(inset, P.DARK_GREY, (0, 0, 1, SLICE))
    pix.rect(inset, P.LIGHT_GREY, (0, SLICE - 1, SLICE, 1))
    pix.rect(inset, P.LIGHT_GREY, (SLICE - 1, 0, 1, SLICE))
    return {"dark": dark, "light": light, "inset": inset}


def tiles() -> dict:
    """Title-menu tiles: a chosen tile has a thick gold frame (a bold white one in mono),
    the others a thin teal one (dotted in mono)."""
    plain = pix.new(SLICE, SLICE)
    pix.round_rect(plain, P.BLACK, (0, 0, SLICE, SLICE), 1)
    pix.frame(plain, P.CYAN, (1, 1, SLICE - 2, SLICE - 2))
    chosen = pix.new(SLICE, SLICE)
    pix.round_rect(chosen, P.BLACK, (0, 0, SLICE, SLICE), 1)
    pix.frame(chosen, P.YELLOW, (1, 1, SLICE - 2, SLICE - 2), 2)
    pix.frame(chosen, P.BROWN, (3, 3, SLICE - 6, SLICE - 6))
    return {"plain": plain, "chosen": chosen}


def select_ring() -> pygame.Surface:
    """A 9-slice selection ring (black, yellow, yellow) to draw around anything."""
    s = pix.new(SLICE, SLICE)
    pix.round_frame(s, P.BLACK, (0, 0, SLICE, SLICE), 2)
    pix.round_frame(s, P.YELLOW, (1, 1, SLICE - 2, SLICE - 2), 1)
    pix.frame(s, P.YELLOW, (2, 2, SLICE - 4, SLICE - 4))
    return s


ARROW = """
    K...........
    KK..........
    KWK.........
    KWWK........
    KWWWK.......
    KWWWWK......
    KWWWWWK.....
    KWWWWWWK....
    KWWWWWWWK...
    KWWWWWWWWK..
    KWWWWWWWWWK.
    KWWWWWWKKKKK
    KWWWKWWK....
    KWWKKWWK....
    KWK..KWWK...
    KK...KWWK...
    K.....KWWK..
    ......KWWK..
    .......KK...
"""
HAND = """
    .....KK.........
    ....KWWK........
    ....KWWK........
    ....KWWK........
    ....KWWKKK......
    ....KWWKWWKKK...
    .KK.KWWKWWKWWKK.
    KWWKKWWKWWKWWKWK
    KWWWKWWWWWWWWKWK
    .KWWWWWWWWWWWWWK
    ..KWWWWWWWWWWWWK
    ..KWWWWWWWWWWWK.
    ...KWWWWWWWWWWK.
    ...KWWWWWWWWWK..
    ....KWWWWWWWWK..
    ....KKKKKKKKKK..
"""
FIND_ARROW = """
    ....KKKKKKKKK....
    ....KYYYYYYYK....
    ....KYWWYYYYK....
    ....KYWYYYYYK....
    ....KYWYYYYYK....
    ....KYYYYYYYK....
    ....KYYYYYYYK....
    KKKKKYYYYYYYKKKKK
    .KYYYYYYYYYYYYYK.
    ..KYWYYYYYYYYYK..
    ...KYYYYYYYYYK...
    ....KYYYYYYYK....
    .....KYYYYYK.....
    ......KYYYK......
    .......KYK.......
    ........K........
"""
CHECK_OFF = """
    KKKKKKKKKKK
    KLLLLLLLLLK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLKKKKKKKWK
    KLWWWWWWWWK
    KKKKKKKKKKK
"""
CHECK_ON = """
    KKKKKKKKKKK
    KLLLLLLLLLK
    KLKKKKKKYWK
    KLKKKKKYYWK
    KLKKKKYYKWK
    KLYKKYYKKWK
    KLYYYYKKKWK
    KLKYYKKKKWK
    KLKKKKKKKWK
    KLWWWWWWWWK
    KKKKKKKKKKK
"""


def find_arrows() -> list:
    """Two frames of La Belle Lucie's card-finding arrow: it bobs down three pixels."""
    arrow = pix.art(FIND_ARROW)
    frames = []
    for drop in (0, 3):
        s = pix.new(arrow.get_width(), arrow.get_height() + 3)
        s.blit(arrow, (0, drop))
        frames.append(s)
    return frames


def build_into(sheet: pix.Sheet) -> None:
    """Add every UI part to `sheet` and record 9-slice borders and hotspots in its meta."""
    slices = {}
    for state, face in buttons().items():
        sheet.add(f"button_{state}", face)
        slices[f"button_{state}"] = [BORDER] * 4
    for style, face in panels().items():
        sheet.add(f"panel_{style}", face)
        slices[f"panel_{style}"] = [BORDER] * 4
    for kind, face in tiles().items():
        sheet.add(f"tile_{kind}", face)
        slices[f"tile_{kind}"] = [BORDER] * 4
    sheet.add("select_ring", select_ring())
    slices["select_ring"] = [BORDER] * 4
    sheet.add("pointer_arrow", pix.art(ARROW))
    sheet.add("pointer_hand", pix.art(HAND))
    for i, frame in enumerate(find_arrows()):
        sheet.add(f"find_arrow_{i}", frame)
    sheet.add("check_off", pix.art(CHECK_OFF))
    sheet.add("check_on", pix.art(CHECK_ON))
    sheet.meta.setdefault("slices", {}).update(slices)
    sheet.meta.setdefault("hotspots", {}).update({"pointer_arrow": [0, 0], "pointer_hand": [5, 0]})
