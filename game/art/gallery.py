"""The art kit's pages of the gallery, and what every page is drawn with (header, tag...).

A page draws on a 640x360 surface. The shell's Gallery screen (game.scenes.gallery) puts
the kit's pages together with each registered game's (GameInfo.gallery_pages); its
command bar covers the bottom BOTTOM_BAR pixels, so pages keep that strip empty. The
kit's pages that show the registered games (their icons and titles) take them as an
argument, and a game may add a sample of its own pictures to two of them
(GameInfo.gallery_samples): one beside the tumbling dice, two in the mono page's right
column (DICE_SAMPLES, MONO_SAMPLES).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.art import palette as P
from game.art import sprites as S
from game.art.font import get_font
from game.lang import _

CANVAS = (640, 360)
BOTTOM_BAR = 14
BACKGROUND = P.BLUE
TITLE_COLOR = P.YELLOW
LABEL_COLOR = P.LIGHT_CYAN
# A game's sample on a shared page: draw(surface, (x, y)) draws a tag with its top left at
# (x, y) and the pictures below it, in the room the page keeps for it.
Sample = Callable[[pygame.Surface, tuple[int, int]], None]
DICE_SAMPLES = 1  # room for this many on the dice page, 230 x 48 each (6 dice in a row)
MONO_SAMPLES = 2  # and on the mono page's right column, 200 x 106 each


class GalleryGame(Protocol):
    """What the pages ask of a registered game (game.shell.registry.GameInfo, which sits
    above the art kit)."""

    title: str
    #: The game's own pages, each drawing on a 640x360 surface.
    gallery_pages: Sequence[Callable[[pygame.Surface], None]]

    def tile_icon(self) -> pygame.Surface: ...


def header(surface, title: str) -> int:
    """A page's title along the top (draw_gallery adds the page number); returns the
    first free y."""
    large = get_font("large")
    large.draw(surface, title, (8, 2), TITLE_COLOR, shadow=P.BLACK)
    pygame.draw.line(surface, P.LIGHT_BLUE, (8, 26), (631, 26))
    return 32


def label(surface, text: str, pos, color=LABEL_COLOR, align="left") -> None:
    get_font("small").draw(surface, text, pos, color, align=align)


def tag(surface, text: str, pos, align="left", room: int | None = None) -> pygame.Rect:
    """A label on a black tag: white text on felt is not legible in mono (dithered felt).
    Cut with "…" to `room` pixels if given (a long translation with large text)."""
    small = get_font("small")
    if room is not None and small.line_width(text) > room:
        while text and small.line_width(text + "…") > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    width = small.line_width(text)
    x = pos[0] - (width // 2 if align == "center" else width if align == "right" else 0)
    box = pygame.Rect(x - 3, pos[1], width + 6, small.line_height - 1)
    surface.fill(P.BLACK, box)
    small.draw(surface, text, (x, pos[1] - 1), P.WHITE)
    return box


def felt_area(surface, rect) -> None:
    """A felt area framed in black, to show table sprites on their own ground."""
    rect = pygame.Rect(rect)
    surface.fill(P.BLACK, rect.inflate(2, 2))
    surface.fill(P.FELT, rect)


def page_palette_and_fonts(surface) -> None:
    y = header(surface, _("Palette and letters"))
    small, large = get_font("small"), get_font("large")
    for i, (color, name) in enumerate(zip(P.PALETTE, P.NAMES)):
        x = 8 + (i % 8) * 78
        top = y + (i // 8) * 28
        surface.fill(P.WHITE, (x, top, 20, 20))
        surface.fill(P.BLACK, (x + 1, top + 1, 18, 18))
        surface.fill(color, (x + 2, top + 2, 16, 16))
        label(
            surface,
            name.replace("LIGHT_", "LT_").replace("_", " ").title(),
            (x + 23, top - 1),
            P.WHITE,
        )
        label(surface, f"{i:2d} {P.MONO_LEVELS[i]}", (x + 23, top + 9), P.LIGHT_GREY)
    y += 60
    chars = [chr(c) for c in range(33, 127)]
    accents = "àâäçéèêëîïôöùûü ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜ «»×°·…’ ♠♥♦♣ ←→↑↓"
    for line in ("".join(chars[:47]), "".join(chars[47:]), accents):
        small.draw(surface, line, (8, y), P.WHITE)
        y += small.line_height
    small.draw(
        surface,
        # i18n: not shown (a specimen of the letters, the same in every language)
        "Véhicule prioritaire · Réparations · Crevaison · Citerne d'essence · Roue de secours",  # i18n: not shown
        (8, y),
        P.LIGHT_GREEN,
    )
    y += small.line_height + 2
    for line, color in (
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", P.WHITE),
        ("abcdefghijklmnopqrstuvwxyz", P.WHITE),
        ("0123456789 !?&%+-=:.,'()/", P.LIGHT_CYAN),
        ("ÀÂÇÉÈÊËÎÔÙÛ àâçéèêëîôùû", P.YELLOW),
        ("Coup fourré! 5 000 km", P.LIGHT_GREEN),  # i18n: not shown (a specimen)
    ):
        large.draw(surface, line, (8, y), color, shadow=P.BLACK)
        y += large.line_height - 2
    text = _(
        "Small is a 5x7 proportional font with room above capitals for accents; large is "
        "small doubled by Scale2x. measure() sizes text, wrap() fits it to a width, "
        "draw() aligns left, centre or right, with an optional shadow."
    )
    lines = small.wrap(text, 202 - 14)
    # As tall as the five large lines beside it, or the words (French and Polish: longer).
    height = max(5 * (large.line_height - 2) - 6, len(lines) * small.line_height + 9)
    box = pygame.Rect(430, y - 5 * (large.line_height - 2), 202, height)
    surface.blit(S.panel(box.width, box.height), box.topleft)
    for i, line in enumerate(lines):
        small.draw(surface, line, (box.x + 7, box.y + 5 + i * small.line_height), P.WHITE)


def page_dice(surface, samples: Sequence[Sample] = ()) -> None:
    """The dice kit; `samples` (DICE_SAMPLES at most) beside the tumbling dice."""
    y = header(surface, _("Dice"))
    felt = pygame.Rect(8, y + 2, 624, 360 - BOTTOM_BAR - y - 10)
    felt_area(surface, felt)
    w = S.DIE_SIZE[0] + 3
    for col, state in enumerate(S.DIE_STATES):
        for numerals in (False, True):
            x = felt.x + 6 + col * 156
            top = felt.y + 14 + (1 if numerals else 0) * 120
            tag(surface, f"{state} {'numerals' if numerals else 'pips'}", (x, top - 13))
            for v in range(1, 7):
                surface.blit(
                    S.die(v, state, numerals), (x + ((v - 1) % 3) * w, top + ((v - 1) // 3) * w)
                )
    top = felt.y + 254
    tag(surface, _("tumbling"), (felt.x + 6, top - 13))
    for i in range(S.DIE_TUMBLE_FRAMES):
        surface.blit(S.die_tumble(i), (felt.x + 6 + i * 40, top))
    for draw in samples[:DICE_SAMPLES]:
        draw(surface, (felt.x + 290, top - 13))


def page_cards(surface) -> None:
    y = header(surface, _("The deck"))
    surface.fill(P.FELT, (0, y - 4, 640, 360 - y + 4 - BOTTOM_BAR))
    cw, ch = S.CARD_SIZE
    pitch = 48
    left = (640 - (12 * pitch + cw)) // 2
    for row, suit in enumerate(S.SUITS):
        for col, rank in enumerate(S.RANKS):
            surface.blit(S.card(rank, suit), (left + col * pitch, y + row * 71))


def page_ui(surface, games: Sequence[GalleryGame] = ()) -> None:
    """The interface's parts, with the icons of `games` (each with a tile_icon())."""
    y = header(surface, _("Buttons, panels and pointers"))
    small = get_font("small")
    x = 8
    for i, state in enumerate(S.BUTTON_STATES):
        for j, (w, h) in enumerate(((64, 18), (96, 22))):
            bx, by = x + j * 72, y + 4 + i * 28
            surface.blit(S.button(state, w, h), (bx, by))
            small.draw(
                surface,
                state.title(),
                (bx + w // 2, by + (h - small.line_height) // 2 + (1 if state == "pressed" else 0)),
                S.BUTTON_TEXT[state],
                align="center",
            )
    px = 190
    for i, style in enumerate(S.PANEL_STYLES):
        r = pygame.Rect(px + i * 94, y + 4, 88, 56)
        surface.blit(S.panel(r.width, r.height, style), r.topleft)
        small.draw(
            surface, style.title(), (r.centerx, r.y + 20), S.PANEL_TEXT[style], align="center"
        )
    for i, chosen in enumerate((False, True)):
        r = pygame.Rect(px + i * 94, y + 66, 88, 52)
        surface.blit(S.tile(r.width, r.height, chosen), r.topleft)
        small.draw(
            surface,
            _("Chosen") if chosen else _("Tile"),
            (r.centerx, r.y + 20),
            P.YELLOW if chosen else P.WHITE,
            align="center",
        )
    r = pygame.Rect(px + 188, y + 66, 88, 52)
    surface.blit(S.select_ring(r.width, r.height), r.topleft)
    small.draw(surface, _("Selected"), (r.centerx, r.y + 20), P.WHITE, align="center")
    ix = 480
    surface.blit(S.pointer("arrow"), (ix, y + 4))
    surface.blit(S.pointer("hand"), (ix + 20, y + 4))
    surface.blit(S.find_arrow(0), (ix + 44, y + 4))
    surface.blit(S.find_arrow(1), (ix + 62, y + 4))
    surface.blit(S.checkbox(False), (ix + 84, y + 6))
    surface.blit(S.checkbox(True), (ix + 100, y + 6))
    surface.blit(S.window_icon(32), (ix, y + 30))
    surface.blit(S.window_icon(16), (ix + 40, y + 38))
    for i, info in enumerate(games[:4]):
        surface.blit(info.tile_icon(), (ix + (i % 2) * 54 - 0, y + 70 + (i // 2) * 54))
    logo = S.logo()
    surface.blit(logo, ((480 - logo.get_width()) // 2 + 4, y + 130))
    dim = pygame.Rect(8, y + 180, 460, 360 - BOTTOM_BAR - y - 186)
    surface.fill(P.FELT, dim)
    for i in range(4):
        surface.blit(S.card(13 - i, "SHDC"[i]), (dim.x + 10 + i * 30, dim.y + 4))
    surface.blit(S.checker((dim.width // 3, dim.height)), dim.topleft)
    small.draw(surface, _("checker() dims"), (dim.x + 4, dim.bottom - 12), P.WHITE, outline=P.BLACK)
    large = get_font("large")
    tx = dim.x + 176
    small.draw(surface, _("Text on felt:"), (tx, dim.y + 6), P.WHITE)
    small.draw(
        surface, _("outline=SHADOW reads in mono"), (tx, dim.y + 20), P.WHITE, outline=P.SHADOW
    )
    small.draw(surface, _("shadow= alone does not"), (tx, dim.y + 34), P.WHITE, shadow=P.SHADOW)
    held = large.draw(surface, _("Held 400"), (tx, dim.y + 52), P.YELLOW, outline=P.SHADOW)
    large.draw(
        surface,
        _("Hot dice!"),
        (max(tx + 130, held.right + 12), dim.y + 52),
        P.LIGHT_RED,
        outline=P.SHADOW,
        shadow=P.SHADOW,
    )


def page_title(surface, games: Sequence[GalleryGame] = ()) -> None:
    """The title screen with the tiles of `games` (each with a title and a tile_icon())."""
    surface.blit(S.title_backdrop(), (0, 0))
    logo = S.logo()
    surface.blit(logo, ((640 - logo.get_width()) // 2, 24))
    small, large = get_font("small"), get_font("large")
    for i, info in enumerate(games[:4]):
        name = info.title
        r = pygame.Rect(28 + i * 150, 110, 134, 118)
        chosen = i == 1
        surface.blit(S.tile(r.width, r.height, chosen), r.topleft)
        icon = info.tile_icon()
        surface.blit(icon, (r.centerx - icon.get_width() // 2, r.y + 12))
        lines = large.wrap(name, r.width - 8)
        font = large if len(lines) == 1 else small
        for j, line in enumerate(font.wrap(name, r.width - 8)):
            font.draw(
                surface,
                line,
                (r.centerx, r.y + 70 + j * font.line_height),
                P.YELLOW if chosen else P.WHITE,
                align="center",
            )
    for i, (label, state) in enumerate(
        (
            (_("Settings"), "normal"),
            (_("Scores"), "hover"),
            (_("Help"), "normal"),
            (_("Gallery"), "pressed"),
            (_("Quit"), "disabled"),
        )
    ):
        r = pygame.Rect(70 + i * 104, 256, 92, 20)
        surface.blit(S.button(state, r.width, r.height), r.topleft)
        small.draw(
            surface,
            label,
            (r.centerx, r.y + 4 + (1 if state == "pressed" else 0)),
            S.BUTTON_TEXT[state],
            align="center",
        )
    small.draw(
        surface,
        _("The title screen as the kit sees it"),
        (320, 300),
        P.LIGHT_CYAN,
        align="center",
        shadow=P.BLACK,
    )


def page_mono_pairs(surface, samples: Sequence[Sample] = ()) -> None:
    """What mono keeps apart: the kit's pictures; `samples` (MONO_SAMPLES) on the right."""
    y = header(surface, _("What mono keeps apart"))
    felt = pygame.Rect(8, y + 2, 624, 360 - BOTTOM_BAR - y - 8)
    felt_area(surface, felt)
    small = get_font("small")
    col = [felt.x + 8, felt.x + 216, felt.x + 424]
    tag(surface, _("red suits hollow, black solid"), (col[0], felt.y + 6))
    for i, suit in enumerate("HDSC"):
        surface.blit(S.card(7, suit), (col[0] + i * 50, felt.y + 22))
    tag(surface, _("held dice inverted, ring"), (col[1], felt.y + 6))
    for i, state in enumerate(S.DIE_STATES):
        surface.blit(S.die(5, state), (col[1] + (i % 2) * 40, felt.y + 22 + (i // 2) * 38))
    y2 = felt.y + 112
    tag(surface, _("selected card, find arrow"), (col[0], y2))
    surface.blit(S.card(12, "S"), (col[0] + 4, y2 + 28))
    surface.blit(S.card(12, "H"), (col[0] + 70, y2 + 28))
    surface.blit(S.card_ring(), (col[0] + 70 - S.CARD_RING, y2 + 28 - S.CARD_RING))
    surface.blit(S.find_arrow(0), (col[0] + 20, y2 + 11))
    surface.blit(S.card_slot("H"), (col[0] + 136, y2 + 28))
    tag(
        surface, _("buttons: normal hover pressed disabled"), (col[1], y2), room=col[2] - col[1] - 8
    )
    panel = pygame.Rect(col[1], y2 + 16, 200, 112)
    surface.blit(S.panel(panel.width, panel.height), panel.topleft)
    for i, state in enumerate(S.BUTTON_STATES):
        r = pygame.Rect(panel.x + 12, panel.y + 8 + i * 25, 176, 20)
        surface.blit(S.button(state, r.width, r.height), r.topleft)
        small.draw(
            surface,
            state.title(),
            (r.centerx, r.y + 4 + (state == "pressed")),
            S.BUTTON_TEXT[state],
            align="center",
        )
    for draw, y in zip(samples[:MONO_SAMPLES], (felt.y + 6, y2)):
        draw(surface, (col[2], y))
