"""Sprite sheets, loaded once, handed out by meaning: the art kit's dice, cards and UI parts.

Every accessor returns a Surface owned by a cache: blit it, never draw on it. Sheets are
PNGs under assets/sprites/ with a JSON of frame rectangles, made by assets/make_assets.py.
Sizes and layout numbers are constants here so that scenes can lay out without loading.
A game's own sheet (assets/sprites/<id>.png, made by its maker assetgen/<id>.py) has its
accessors in the game's package, game/scenes/<id>/sprites.py, built on sheet() and frame().
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.images import Cache, Made, load_json, load_png

# --- dice ------------------------------------------------------------------------
DIE_SIZE = (35, 35)  # frame; the body is 29x29 at (3, 3), ring/shadow around it
DIE_BODY = pygame.Rect(3, 3, 29, 29)
DIE_STATES = ("normal", "held", "hilite", "held_hilite")
DIE_TUMBLE_FRAMES = 6

# --- playing cards ---------------------------------------------------------------
CARD_SIZE = (49, 69)
FAN_OFFSET = 16  # lower cards of a fan show this strip: rank and suit
CARD_RING = 3  # card_ring() is CARD_SIZE + 2*CARD_RING, blit at -3,-3
RANKS = "A23456789TJQK"
SUITS = "CDHS"

# --- UI -------------------------------------------------------------------------------
BUTTON_STATES = ("normal", "hover", "pressed", "disabled")
BUTTON_TEXT = {  # label colour per state (pressed labels also drop by one pixel)
    "normal": P.WHITE,
    "hover": P.BLACK,
    "pressed": P.BLACK,
    "disabled": P.LIGHT_GREY,
}
# Disabled labels stay readable in mono (a dithered 1 px font is not); the flat dotted
# frame of the disabled face is what tells it apart from a normal button there.
PANEL_STYLES = ("dark", "light", "inset")
PANEL_TEXT = {"dark": P.WHITE, "light": P.BLACK, "inset": P.WHITE}
SELECT_RING = 3  # select_ring(w, h) draws in its outer 3 pixels
GAME_ICON_SIZE = (48, 48)


class Sheet:
    """One PNG sheet and its frames."""

    def __init__(self, name: str):
        data = load_json("sprites", f"{name}.json")
        self.name = name
        self.image = load_png("sprites", data["image"])
        self.rects = {key: pygame.Rect(r) for key, r in data["frames"].items()}
        self.meta = data.get("meta", {})
        self._frames: dict[str, pygame.Surface] = {}

    def names(self) -> list[str]:
        """Every frame name, in sheet order."""
        return list(self.rects)

    def frame(self, name: str) -> pygame.Surface:
        """A frame as a subsurface of the sheet (read-only by convention)."""
        surface = self._frames.get(name)
        if surface is None:
            if name not in self.rects:
                raise KeyError(f"no frame {name!r} in sheet {self.name!r}")
            surface = self._frames[name] = self.image.subsurface(self.rects[name])
        return surface


_sheets = Cache(Sheet)


def sheet(name: str) -> Sheet:
    """A loaded sheet by name: "ui", a kit's ("dice") or a game's (its id)."""
    return _sheets.get(name)


def frame(sheet_name: str, frame_name: str) -> pygame.Surface:
    """Any frame by sheet and name, e.g. frame("cards", "QH")."""
    return sheet(sheet_name).frame(frame_name)


# Derived surfaces (nine-slices, overlays), one per kind and size: the screens use a few
# dozen sizes of panel and button, a few MB (a panel the size of the screen is 0.9 MB).
MADE_CACHE_SIZE = 256
MADE_CACHE_BYTES = 8_000_000
_made = Made(MADE_CACHE_SIZE, MADE_CACHE_BYTES)


def _nine_slice(source: pygame.Surface, border, width: int, height: int) -> pygame.Surface:
    """Grow a 9-slice source to width x height, tiling (not stretching) the edges."""
    left, top, right, bottom = border
    width, height = max(width, left + right), max(height, top + bottom)
    sw, sh = source.get_size()
    out = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    cols = [
        (0, left, 0, left),
        (left, sw - left - right, left, width - left - right),
        (sw - right, right, width - right, right),
    ]
    rows = [
        (0, top, 0, top),
        (top, sh - top - bottom, top, height - top - bottom),
        (sh - bottom, bottom, height - bottom, bottom),
    ]
    for sy, sh_, dy, dh in rows:
        for sx, sw_, dx, dw in cols:
            if min(sw_, sh_, dw, dh) <= 0:
                continue
            for ty in range(dy, dy + dh, sh_):
                for tx in range(dx, dx + dw, sw_):
                    out.blit(
                        source, (tx, ty), (sx, sy, min(sw_, dx + dw - tx), min(sh_, dy + dh - ty))
                    )
    return out


def _sliced(name: str, width: int, height: int) -> pygame.Surface:
    ui = sheet("ui")
    return _made.get(
        ("slice", name, width, height),
        lambda: _nine_slice(ui.frame(name), ui.meta["slices"][name], width, height),
    )


# --- dice -------------------------------------------------------------------------------
def die(value: int, state: str = "normal", numerals: bool = False) -> pygame.Surface:
    """A die showing 1-6; state in DIE_STATES; numerals for numbers instead of pips."""
    if state not in DIE_STATES:
        raise KeyError(f"die state must be one of {DIE_STATES}")
    return frame("dice", f"{'num' if numerals else 'pips'}_{int(value)}_{state}")


def die_tumble(tick: int) -> pygame.Surface:
    """A tumbling-die frame; any integer works (it wraps), e.g. the animation tick // 3."""
    return frame("dice", f"tumble_{tick % DIE_TUMBLE_FRAMES}")


# --- playing cards ------------------------------------------------------------------
def card_name(rank, suit: str) -> str:
    """Frame name such as "TH": rank 1-13 or one of RANKS (also "10"), suit in SUITS."""
    if isinstance(rank, int):
        rank = RANKS[rank - 1] if 1 <= rank <= 13 else "?"
    rank = "T" if rank == "10" else str(rank).upper()
    suit = suit.upper()[:1]
    if rank not in RANKS or suit not in SUITS:
        raise KeyError(f"no card {rank}{suit}")
    return rank + suit


def card(rank, suit: str) -> pygame.Surface:
    """A card face (CARD_SIZE): card(12, "H") or card("Q", "H") is the queen of hearts."""
    return frame("cards", card_name(rank, suit))


def card_back() -> pygame.Surface:
    """The blue lattice back."""
    return frame("cards", "back")


def card_slot(suit: str | None = None) -> pygame.Surface:
    """An empty pile outline for the felt, optionally showing the suit it takes."""
    return frame("cards", f"slot_{suit.upper()}" if suit else "slot")


def card_ring() -> pygame.Surface:
    """Selection ring around a card: blit at (x - CARD_RING, y - CARD_RING)."""
    return frame("cards", "ring")


# --- UI -------------------------------------------------------------------------------
def button(state: str, width: int, height: int) -> pygame.Surface:
    """A button face of any size; draw its label in BUTTON_TEXT[state]."""
    if state not in BUTTON_STATES:
        raise KeyError(f"button state must be one of {BUTTON_STATES}")
    return _sliced(f"button_{state}", width, height)


def panel(width: int, height: int, style: str = "dark") -> pygame.Surface:
    """A panel of any size: "dark" (DOS double frame), "light" (bevelled), "inset"."""
    if style not in PANEL_STYLES:
        raise KeyError(f"panel style must be one of {PANEL_STYLES}")
    return _sliced(f"panel_{style}", width, height)


def tile(width: int, height: int, chosen: bool = False) -> pygame.Surface:
    """A title-menu tile; the chosen one has a thick gold frame (bold white in mono)."""
    return _sliced("tile_chosen" if chosen else "tile_plain", width, height)


def select_ring(width: int, height: int) -> pygame.Surface:
    """A selection ring of the given outer size (its outer SELECT_RING pixels are drawn)."""
    return _sliced("select_ring", width, height)


def checker(size) -> pygame.Surface:
    """A 50% overlay of black pixels (the rest transparent) to dim what lies beneath."""
    width, height = size

    def make():
        out = pygame.Surface((width, height), pygame.SRCALPHA, 32)
        out.fill((0, 0, 0, 0))
        tile_ = pygame.Surface((2, 2), pygame.SRCALPHA, 32)
        tile_.fill((0, 0, 0, 0))
        tile_.set_at((0, 0), P.BLACK + (255,))
        tile_.set_at((1, 1), P.BLACK + (255,))
        for y in range(0, height, 2):
            for x in range(0, width, 2):
                out.blit(tile_, (x, y))
        return out

    return _made.get(("checker", width, height), make)


def pointer(kind: str = "arrow") -> pygame.Surface:
    """The mouse pointer ("arrow" or "hand"); blit at mouse - pointer_hotspot(kind)."""
    return frame("ui", f"pointer_{kind}")


def pointer_hotspot(kind: str = "arrow") -> tuple[int, int]:
    """The pixel of pointer(kind) that points: (0, 0) for the arrow."""
    return tuple(sheet("ui").meta["hotspots"][f"pointer_{kind}"])


def find_arrow(tick: int = 0) -> pygame.Surface:
    """The arrow that points at a card or a die (hints); alternate frames bob (tick // 8)."""
    return frame("ui", f"find_arrow_{tick % 2}")


def checkbox(on: bool) -> pygame.Surface:
    """An 11x11 check box for settings."""
    return frame("ui", "check_on" if on else "check_off")


def logo() -> pygame.Surface:
    """The PIXEL PARLOR title logo."""
    return frame("ui", "logo")


def game_icon(game_id: str) -> pygame.Surface:
    """A game's 48x48 title-menu icon, drawn by its art maker (assets/assetgen/<id>.py)."""
    if f"icon_{game_id}" not in sheet("ui").rects:
        raise KeyError(f"no icon for {game_id!r} in the art kit")
    return frame("ui", f"icon_{game_id}")


def window_icon(size: int = 32) -> pygame.Surface:
    """The window icon (32 or 16 px); assets/icon.ico holds it for the executable."""
    return frame("ui", "window_icon_16" if size == 16 else "window_icon")


_backdrops = Cache(lambda name: load_png("sprites", f"{name}.png", opaque=True))


def title_backdrop() -> pygame.Surface:
    """The 640x360 menu backdrop (blue with a faint lattice of suits)."""
    return _backdrops.get("backdrop")
