"""Our own bitmap fonts: no anti-aliasing, ASCII plus what French and Polish text needs."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.art.images import Cache, load_json, load_png, pixel_bytes

FONT_NAMES = ("small", "medium", "large")
#: Large text (Settings, issue 34): the next size up, drawn wherever "small" is asked for.
LARGE_TEXT_FONTS = {"small": "medium"}
RENDER_CACHE_SIZE = 512  # rendered strings kept per font (command bars redraw every frame)
# ...and their pixels at most (a long line is 20 KB; a screen draws a few hundred KB).
RENDER_CACHE_BYTES = 2_000_000
WIDTH_CACHE_SIZE = 4096  # line widths remembered per font (emptied when full)
TINT_CACHE_SIZE = 32  # glyph sheets kept per font, one per colour (the palette has 16)
ALIGNS = ("left", "center", "right")
# Every character beyond ASCII that French and Polish text needs; both fonts draw them all.
LANGUAGE_LETTERS = (
    "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ"  # French
    "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"  # Polish
    "\u00ab\u00bb\u2019"  # « » ’ (French quotes, the typographic apostrophe)
    "\u201e\u201d\u201c"  # „ ” (Polish quotes) “
    "\u2013\u2014\u2026"  # – — …
    # The no-break space (as wide as a space) and the narrow one (thinner): digit
    # grouping, "1\u202f000", and French spacing before : ; ! ? and inside « ».
    "\u00a0\u202f"
)


def _rgb(color) -> tuple[int, int, int]:
    return tuple(pygame.Color(color))[:3]


class BitmapFont:
    """A proportional pixel font drawn from a white glyph sheet tinted per colour.

    Text positions are cell tops: capitals start `cap_top` pixels below y and sit on
    `baseline`; the rows above cap_top hold accents of capitals. `line_height` is the
    distance between lines. "\\n" starts a new line in measure, render and draw.
    """

    def __init__(self, name: str, sheet: pygame.Surface, metrics: dict):
        self.name = name
        self.sheet = sheet
        self.line_height: int = metrics["line_height"]
        self.height: int = metrics["cell_height"]
        self.cap_top: int = metrics["cap_top"]
        self.baseline: int = metrics["baseline"]
        self.spacing: int = metrics["spacing"]
        self.shadow_offset: int = metrics["shadow_offset"]
        self.glyphs: dict[str, tuple[int, int, int]] = {
            ch: tuple(v) for ch, v in metrics["glyphs"].items()
        }
        self.fallback = metrics["fallback"]
        self._tinted: dict[tuple, pygame.Surface] = {}
        self._rendered: OrderedDict = OrderedDict()
        self._rendered_bytes = 0
        self._wrapped: OrderedDict = OrderedDict()
        self._widths: dict[str, int] = {}

    def has_glyph(self, ch: str) -> bool:
        """True if the font draws `ch` itself (not the replacement box)."""
        return ch in self.glyphs

    def _glyph(self, ch: str) -> tuple[int, int, int]:
        return self.glyphs.get(ch) or self.glyphs[self.fallback]

    def line_width(self, line: str) -> int:
        """Pixel width of one line (no trailing letter spacing); remembered, as every
        aligned text is measured at every draw."""
        width = self._widths.get(line)
        if width is None:
            if len(self._widths) >= WIDTH_CACHE_SIZE:
                self._widths.clear()
            width = sum(self._glyph(ch)[2] + self.spacing for ch in line) - self.spacing
            self._widths[line] = width = max(0, width)
        return width

    def tail(self, line: str, width: int) -> str:
        """`line` as a text field shows it in `width` pixels: whole when it fits, else
        its end after "..", where the typing goes on."""
        if self.line_width(line) <= width:
            return line
        while line and self.line_width(".." + line) > width:
            line = line[1:]
        return ".." + line

    def top_in(self, rect) -> int:
        """The y to draw one line at so that its ink, from the capitals' tops to the
        descenders' feet, sits in the middle of `rect` (a highlight bar, a bar entry):
        drawn at the rect's top, the letters' feet would hang out of a bar one line high."""
        ink = self.height - self.cap_top
        return rect.y + (rect.height - ink + 1) // 2 - self.cap_top

    def measure(self, text: str) -> tuple[int, int]:
        """(width, height) of the text's box; height is line_height per line."""
        lines = text.split("\n")
        return max(self.line_width(line) for line in lines), self.line_height * len(lines)

    def wrap(self, text: str, width: int) -> list[str]:
        """Split into lines no wider than `width` (words, then letters if one is too long).

        Cached like render(): scenes wrap the same texts every frame they draw."""
        key = (text, width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrap(text, width)
            self._wrapped[key] = lines
            if len(self._wrapped) > RENDER_CACHE_SIZE:
                self._wrapped.popitem(last=False)
        else:
            self._wrapped.move_to_end(key)
        return list(lines)

    def _wrap(self, text: str, width: int) -> tuple[str, ...]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                trial = f"{line} {word}" if line else word
                if self.line_width(trial) <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                while self.line_width(word) > width and len(word) > 1:
                    cut = len(word) - 1
                    while cut > 1 and self.line_width(word[:cut]) > width:
                        cut -= 1
                    lines.append(word[:cut])
                    word = word[cut:]
                line = word
            lines.append(line)
        return tuple(lines)

    def tinted(self, color) -> pygame.Surface:
        """The glyph sheet in one colour (cached per colour)."""
        rgb = _rgb(color)
        sheet = self._tinted.get(rgb)
        if sheet is None:
            if len(self._tinted) >= TINT_CACHE_SIZE:
                self._tinted.clear()
            sheet = self.sheet.copy()
            sheet.fill(rgb + (255,), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted[rgb] = sheet
        return sheet

    def render(self, text: str, color) -> pygame.Surface:
        """The text on a transparent surface of measure(text) (cached; do not draw on it)."""
        key = (text, _rgb(color))
        surface = self._rendered.get(key)
        if surface is not None:
            self._rendered.move_to_end(key)
            return surface
        width, height = self.measure(text)
        surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA, 32)
        sheet = self.tinted(color)
        for row, line in enumerate(text.split("\n")):
            x, y = 0, row * self.line_height
            for ch in line:
                gx, gy, gw = self._glyph(ch)
                surface.blit(sheet, (x, y), (gx, gy, gw, self.height))
                x += gw + self.spacing
        self._keep_rendered(key, surface)
        return surface

    def outlined(self, text: str, color, outline) -> pygame.Surface:
        """The text with a one-pixel halo of `outline` all round (cached); 2 px larger."""
        key = (text, _rgb(color), "outline", _rgb(outline))
        surface = self._rendered.get(key)
        if surface is None:
            inner, halo = self.render(text, color), self.render(text, outline)
            w, h = inner.get_size()
            surface = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA, 32)
            for dx, dy in ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)):
                surface.blit(halo, (dx, dy))
            surface.blit(inner, (1, 1))
            self._keep_rendered(key, surface)
        else:
            self._rendered.move_to_end(key)
        return surface

    def _keep_rendered(self, key: tuple, surface: pygame.Surface) -> None:
        """Remember a rendered text, forgetting the least recently used past the caps."""
        self._rendered[key] = surface
        self._rendered_bytes += pixel_bytes(surface)
        while len(self._rendered) > 1 and (
            len(self._rendered) > RENDER_CACHE_SIZE or self._rendered_bytes > RENDER_CACHE_BYTES
        ):
            _, dropped = self._rendered.popitem(last=False)
            self._rendered_bytes -= pixel_bytes(dropped)

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos,
        color,
        align: str = "left",
        shadow=None,
        outline=None,
    ) -> pygame.Rect:
        """Draw text with its cell top at pos[1]; pos[0] is the left, centre or right edge.

        Each line of multi-line text is aligned on its own. `shadow` is a colour drawn
        shadow_offset pixels down-right underneath; `outline` a colour drawn one pixel
        all round, which keeps text legible over the felt in mono (where the felt is a
        dither): use outline=palette.SHADOW for text on FELT. Returns the rect touched.
        """
        if align not in ALIGNS:
            raise ValueError(f"align must be one of {ALIGNS}, not {align!r}")
        x0, y0 = int(pos[0]), int(pos[1])
        pad = 0 if outline is None else 1
        touched = None
        for row, line in enumerate(text.split("\n")):
            width = self.line_width(line)
            x = x0 - (width // 2 if align == "center" else width if align == "right" else 0)
            y = y0 + row * self.line_height
            box = pygame.Rect(x - pad, y - pad, width + 2 * pad, self.line_height + 2 * pad)
            if shadow is not None:
                ghost = (
                    self.render(line, shadow)
                    if outline is None
                    else self.outlined(line, shadow, shadow)
                )
                d = self.shadow_offset
                surface.blit(ghost, (box.x + d, box.y + d))
                box.width += d
                box.height += d
            image = (
                self.render(line, color) if outline is None else self.outlined(line, color, outline)
            )
            surface.blit(image, (x - pad, y - pad))
            touched = box if touched is None else touched.union(box)
        return touched


def _load(name: str) -> BitmapFont:
    if name not in FONT_NAMES:
        raise KeyError(f"no font {name!r}; fonts are {FONT_NAMES}")
    return BitmapFont(name, load_png("fonts", f"{name}.png"), load_json("fonts", f"{name}.json"))


_fonts = Cache(_load)
_large_text = False


def set_large_text(on: bool) -> bool:
    """Draw the next size up wherever the small font is asked for (the Settings switch
    "Large text"); True if that changed. Screens open at the change lay out again."""
    global _large_text
    changed = bool(on) != _large_text
    _large_text = bool(on)
    return changed


def design_font(name: str) -> BitmapFont:
    """The named font whatever large text says: for words drawn into a picture of a fixed
    design (a card's face, redrawn in another language), as the sprite sheets' own words
    are, so that they stay inside it."""
    return _fonts.get(name)


def large_text() -> bool:
    """True while large text is on."""
    return _large_text


def get_font(name: str) -> BitmapFont:
    """The named font ("small" for labels, "large" for titles and scores), loaded once.

    With large text on, "small" gives the medium font: every screen asks here, so every
    text grows; a layout measures with the font it gets (line_height, line_width)."""
    if _large_text:
        name = LARGE_TEXT_FONTS.get(name, name)
    return _fonts.get(name)
