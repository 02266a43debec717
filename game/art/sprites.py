"""Sprite sheets, loaded once, handed out by meaning: dice, cards, doors, UI parts.

Every accessor returns a Surface owned by a cache: blit it, never draw on it. Sheets are
PNGs under assets/sprites/ with a JSON of frame rectangles, made by assets/make_assets.py.
Sizes and layout numbers are constants here so that scenes can lay out without loading.
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.images import Cache, Made, load_json, load_png

SHEETS = ("dice", "cards", "mille", "shutbox", "ui")

# --- dice (Farkle and Shut The Box) -----------------------------------------------
DIE_SIZE = (35, 35)  # frame; the body is 29x29 at (3, 3), ring/shadow around it
DIE_BODY = pygame.Rect(3, 3, 29, 29)
DIE_STATES = ("normal", "held", "hilite", "held_hilite")
DIE_TUMBLE_FRAMES = 6

# --- playing cards (La Belle Lucie) -------------------------------------------------
CARD_SIZE = (49, 69)
FAN_OFFSET = 16  # lower cards of a fan show this strip: rank and suit
CARD_RING = 3  # card_ring() is CARD_SIZE + 2*CARD_RING, blit at -3,-3
RANKS = "A23456789TJQK"
SUITS = "CDHS"
# A suggested La Belle Lucie layout that fits (see the report / assetgen/cards.py):
LUCIE_FAN_PITCH = (100, 75)  # six fans a row (581 px wide), three rows (219 px tall)
LUCIE_FOUNDATION_Y = 8
LUCIE_TABLEAU_TOP = 85

# --- Mille Bornes ---------------------------------------------------------------------
MILLE_SIZE = (64, 90)
MILLE_MINI_SIZE = (32, 45)
MILLE_RING = 3
MILLE_HAZARDS = ("accident", "out_of_gas", "flat_tire", "stop", "speed_limit")
MILLE_REMEDIES = ("repairs", "gasoline", "spare_tire", "roll", "end_of_limit")
MILLE_SAFETIES = ("driving_ace", "extra_tank", "puncture_proof", "right_of_way")
MILLE_DISTANCES = ("25", "50", "75", "100", "200")
MILLE_CARDS = MILLE_HAZARDS + MILLE_REMEDIES + MILLE_SAFETIES + MILLE_DISTANCES
MILLE_NAMES = {  # (English, French) as printed on the bilingual cards
    "accident": ("Accident", "Accident"),
    "out_of_gas": ("Out of Gas", "Panne d'essence"),
    "flat_tire": ("Flat Tire", "Crevaison"),
    "stop": ("Stop", "Feu rouge"),
    "speed_limit": ("Speed Limit", "Limite de vitesse"),
    "repairs": ("Repairs", "Réparations"),
    "gasoline": ("Gasoline", "Essence"),
    "spare_tire": ("Spare Tire", "Roue de secours"),
    "roll": ("Roll", "Feu vert"),
    "end_of_limit": ("End of Limit", "Fin de limite de vitesse"),
    "driving_ace": ("Driving Ace", "As du volant"),
    "extra_tank": ("Extra Tank", "Citerne d'essence"),
    "puncture_proof": ("Puncture-Proof", "Increvable"),
    "right_of_way": ("Right of Way", "Véhicule prioritaire"),
    "25": ("25 km", "25 bornes"),
    "50": ("50 km", "50 bornes"),
    "75": ("75 km", "75 bornes"),
    "100": ("100 km", "100 bornes"),
    "200": ("200 km", "200 bornes"),
}


def mille_kind(card_id) -> str:
    """ "hazard", "remedy", "safety" or "distance"."""
    card_id = str(card_id)
    for kind, group in (
        ("hazard", MILLE_HAZARDS),
        ("remedy", MILLE_REMEDIES),
        ("safety", MILLE_SAFETIES),
        ("distance", MILLE_DISTANCES),
    ):
        if card_id in group:
            return kind
    raise KeyError(f"no Mille Bornes card {card_id!r}")


# --- Shut The Box -----------------------------------------------------------------------
DOOR_SIZE = (40, 84)  # up and down doors share the frame: place both at one spot
DOOR_HINGE = 56  # y of the hinge: up doors stand above, down doors lie below
DOOR_PITCH = 42
BOX_SIZE = (416, 176)
BOX_DOOR_ORIGIN = (20, 12)  # where door 1 goes inside box(); door n at + (n-1)*DOOR_PITCH
BOX_TRAY = pygame.Rect(14, 102, 388, 60)  # the felt where the dice land, inside box()
SCORE_DOT_SIZE = (7, 7)

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
    """A loaded sheet by name (see SHEETS)."""
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
    """A die showing 1-6; state in DIE_STATES; numerals for Shut The Box's P toggle."""
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


# --- Mille Bornes -----------------------------------------------------------------------
def mille_card(card_id, mini: bool = False) -> pygame.Surface:
    """A Mille Bornes face by id (MILLE_CARDS; distances as "25" or 25); mini for tableaux."""
    card_id = str(card_id)
    mille_kind(card_id)
    return frame("mille", f"{card_id}_mini" if mini else card_id)


def mille_back(mini: bool = False) -> pygame.Surface:
    """The Mille Bornes back."""
    return frame("mille", "back_mini" if mini else "back")


def mille_ring(mini: bool = False) -> pygame.Surface:
    """Selection ring around a Mille Bornes card: blit at (x - MILLE_RING, y - MILLE_RING)."""
    return frame("mille", "ring_mini" if mini else "ring")


# --- Shut The Box -----------------------------------------------------------------------
def door(number: int, down: bool = False, hilite: bool = False) -> pygame.Surface:
    """Door 1-9, up or down (shut); hilite adds the cursor ring. All share DOOR_SIZE."""
    return frame(
        "shutbox", f"door_{int(number)}_{'down' if down else 'up'}" + ("_hilite" if hilite else "")
    )


def box() -> pygame.Surface:
    """The wooden box with its felt tray; doors go at BOX_DOOR_ORIGIN + n*DOOR_PITCH."""
    return frame("shutbox", "box")


def score_dot(filled: bool) -> pygame.Surface:
    """A scorecard dot (one per five points); drawn for light panels."""
    return frame("shutbox", "dot_filled" if filled else "dot_empty")


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
    """La Belle Lucie's card-finding arrow; alternate frames bob (pass tick // 8)."""
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
