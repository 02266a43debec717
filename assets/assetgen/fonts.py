"""Font sheets: the small font from glyphs.py, and the large one by Scale2x."""

from __future__ import annotations

from . import glyphs, pix

SHEET_WIDTH = {"small": 256, "large": 512}
INK = (255, 255, 255, 255)  # sheets are white; the game tints them per colour


def scale2x(cell: list[str]) -> list[str]:
    """Scale2x (AdvMAME2x): doubles a bitmap and rounds its diagonals."""
    h, w = len(cell), len(cell[0])

    def at(x, y):
        return cell[y][x] if 0 <= x < w and 0 <= y < h else "."

    out = []
    for y in range(h):
        top, bottom = [], []
        for x in range(w):
            p, a, b, c, d = at(x, y), at(x, y - 1), at(x + 1, y), at(x - 1, y), at(x, y + 1)
            top.append(c if c == a and c != d and a != b else p)
            top.append(b if a == b and a != c and b != d else p)
            bottom.append(c if d == c and d != b and c != a else p)
            bottom.append(b if b == d and b != a and d != c else p)
        out += ["".join(top), "".join(bottom)]
    return out


def font_cells(size: str) -> dict[str, list[str]]:
    """Every glyph of the named font as rows of '#'/'.'."""
    cells = glyphs.glyph_cells()
    if size == "large":
        cells = {ch: scale2x(cell) for ch, cell in cells.items()}
    return cells


def scale_of(size: str) -> int:
    return 2 if size == "large" else 1


def build_font(size: str) -> dict:
    """{png path: sheet, json path: metrics} for one font."""
    cells = font_cells(size)
    k = scale_of(size)
    height = glyphs.CELL_H * k
    width = SHEET_WIDTH[size]
    x = y = 0
    placed = {}
    for ch in sorted(cells):
        w = len(cells[ch][0])
        if x + w > width:
            x, y = 0, y + height + 1
        placed[ch] = [x, y, w]
        x += w + 1
    sheet = pix.new(width, y + height)
    for ch, (gx, gy, _) in placed.items():
        for j, row in enumerate(cells[ch]):
            for i, bit in enumerate(row):
                if bit == "#":
                    sheet.set_at((gx + i, gy + j), INK)
    metrics = {
        "image": f"{size}.png",
        "cell_height": height,
        "line_height": height,
        "cap_top": glyphs.CAP_TOP * k,
        "baseline": glyphs.BASELINE * k,
        "spacing": glyphs.SPACING * k,
        "shadow_offset": k,
        "fallback": glyphs.FALLBACK,
        "glyphs": placed,
    }
    return {f"fonts/{size}.png": sheet, f"fonts/{size}.json": metrics}


def build() -> dict:
    """Both font sheets and their metrics."""
    return {**build_font("small"), **build_font("large")}


class Writer:
    """Text straight from the glyph bitmaps, for drawing names onto sprites."""

    def __init__(self, size: str = "small"):
        self.cells = font_cells(size)
        self.k = scale_of(size)
        self.height = glyphs.CELL_H * self.k
        self.cap_top = glyphs.CAP_TOP * self.k
        self.baseline = glyphs.BASELINE * self.k

    def _cell(self, ch):
        return self.cells.get(ch) or self.cells[glyphs.FALLBACK]

    def width(self, text: str) -> int:
        """Pixel width of one line."""
        if not text:
            return 0
        return sum(len(self._cell(ch)[0]) + self.k for ch in text) - self.k

    def draw(self, surface, text: str, x: int, y: int, color, align="left") -> None:
        """Draw one line with its cell top at y."""
        if align == "center":
            x -= self.width(text) // 2
        elif align == "right":
            x -= self.width(text)
        for ch in text:
            cell = self._cell(ch)
            for j, row in enumerate(cell):
                for i, bit in enumerate(row):
                    if bit == "#":
                        surface.set_at((x + i, y + j), color)
            x += len(cell[0]) + self.k

    def wrap(self, text: str, width: int) -> list[str]:
        """Greedy word wrap to `width` pixels; a hyphenated word may break after its hyphen."""
        words = []
        for word in text.split():
            parts = word.split("-")
            words += (
                [p + "-" for p in parts[:-1]] + [parts[-1]] if self.width(word) > width else [word]
            )
        lines, line = [], ""
        for word in words:
            glue = "" if line.endswith("-") else " "
            trial = f"{line}{glue}{word}" if line else word
            if self.width(trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines
