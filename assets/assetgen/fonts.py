"""Font sheets: the small font from glyphs.py, the medium one by stretching it (large
text, issue 34), and the large one by Scale2x."""

from __future__ import annotations

from . import glyphs, pix

SHEET_WIDTH = {"small": 256, "medium": 320, "large": 512}
# The medium font (the Settings switch "Large text" draws it wherever the small one was):
# the small glyphs with one row repeated in each band of rows and one column repeated in
# glyphs 4 or more wide. Capitals grow from 7 px to 9, lowercase from 5 to 6, capitals'
# widths from 5 to 6; strokes stay one pixel, and a blank row under the descenders
# parts the lines. Which row and column repeat is chosen per glyph (below).
#: The small cell's bands of rows, each (first, last, rows repeated by preference):
#: the capitals' upper rows (rows 3-4: ascenders, lowercase accents), the x-height rows
#: 5-9, the descenders 10-11. Accents of capitals (0-1) and the air row 2 stay as they are.
MEDIUM_BANDS = ((3, 4, (4, 3)), (5, 9, (8, 7, 6, 5, 9)), (10, 11, (10, 11)))
MEDIUM_CELL_H = 16  # 12 + three repeated rows + the blank row under every line
MEDIUM_CAP_TOP = glyphs.CAP_TOP
MEDIUM_BASELINE = glyphs.BASELINE + 2  # a row repeated in each of the two bands above
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


def _lone(cell: list[str], x: int, y: int, dx: int, dy: int) -> bool:
    """Ink at (x, y) with no ink either side along (dx, dy): repeating it there thickens."""
    h, w = len(cell), len(cell[0])

    def ink(i, j):
        return 0 <= i < w and 0 <= j < h and cell[j][i] == "#"

    return ink(x, y) and not ink(x - dx, y - dy) and not ink(x + dx, y + dy)


def _row_cost(cell: list[str], y: int) -> int:
    """Pixels of a horizontal stroke in row y: a repeated row makes them two thick."""
    return sum(_lone(cell, x, y, 0, 1) for x in range(len(cell[0])))


def _column_cost(cell: list[str], x: int) -> int:
    """Pixels of a vertical stroke in column x (likewise)."""
    return sum(_lone(cell, x, y, 1, 0) for y in range(len(cell)))


def _least(costs: dict[int, int], order) -> int:
    """The first of `order` among the cheapest."""
    best = min(costs.values())
    return next(i for i in order if costs[i] == best)


def medium_cell(cell: list[str], shape: list[str] | None = None) -> list[str]:
    """A small glyph stretched to the medium font: in each band of rows the row whose
    repeat thickens the fewest strokes (by preference the lower middle), and in glyphs 4
    or more wide the column likewise (by preference the middle). `shape` is the glyph
    the column is chosen on (an accented letter's base letter, so that "é" grows as "e";
    its rows are its own, so that an accent above or below stays thin)."""
    shape = shape if shape is not None and len(shape[0]) == len(cell[0]) else cell
    repeated = set()
    for first, last, order in MEDIUM_BANDS:
        repeated.add(_least({y: _row_cost(cell, y) for y in range(first, last + 1)}, order))
    rows = []
    for y, row in enumerate(cell):
        rows += [row, row] if y in repeated else [row]
    rows.append("." * len(cell[0]))
    width = len(cell[0])
    if width >= 4:
        middle = (width - 1) / 2
        order = sorted(range(width), key=lambda x: (abs(x - middle), -x))
        x = _least({i: _column_cost(shape, i) for i in range(width)}, order)
        rows = [row[: x + 1] + row[x:] for row in rows]
    return rows


def font_cells(size: str) -> dict[str, list[str]]:
    """Every glyph of the named font as rows of '#'/'.'."""
    cells = glyphs.glyph_cells()
    if size == "large":
        cells = {ch: scale2x(cell) for ch, cell in cells.items()}
    elif size == "medium":
        bases = {ch: cells.get(base) for ch, (base, _) in glyphs.COMPOSED.items()}
        cells = {ch: medium_cell(cell, bases.get(ch)) for ch, cell in cells.items()}
    return cells


def scale_of(size: str) -> int:
    return 2 if size == "large" else 1


def build_font(size: str) -> dict:
    """{png path: sheet, json path: metrics} for one font."""
    cells = font_cells(size)
    k = scale_of(size)
    height = MEDIUM_CELL_H if size == "medium" else glyphs.CELL_H * k
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
        "cap_top": MEDIUM_CAP_TOP if size == "medium" else glyphs.CAP_TOP * k,
        "baseline": MEDIUM_BASELINE if size == "medium" else glyphs.BASELINE * k,
        "spacing": glyphs.SPACING * k,
        "shadow_offset": k,
        "fallback": glyphs.FALLBACK,
        "glyphs": placed,
    }
    return {f"fonts/{size}.png": sheet, f"fonts/{size}.json": metrics}


def build() -> dict:
    """The font sheets and their metrics."""
    return {**build_font("small"), **build_font("medium"), **build_font("large")}


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
