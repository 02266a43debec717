"""The small bitmap font, glyph by glyph ('#' ink, '.' paper).

A glyph cell is CELL_H rows tall: rows 0-1 hold the accents of capitals, row 2 is air,
capitals and digits fill rows 3-9 (the baseline is row 9), lowercase x-height is rows
5-9, descenders use rows 10-11. Each entry is one line of space-separated rows. The
first token says where the rows start: "x" = x-height (row 5), a number = that row,
otherwise the capital line (row 3). Widths vary (a proportional font); all rows of one
glyph have the same width. Accented letters are composed from a base and an accent.
"""

from __future__ import annotations

CELL_H = 12
CAP_TOP = 3
X_TOP = 5
BASELINE = 9
SPACING = 1  # blank columns after every glyph
SPACE_WIDTH = 3  # the space and the no-break space (U+00A0)
NARROW_SPACE_WIDTH = 1  # the narrow no-break space (U+202F): "1 000", "Prêt ?"

GLYPHS = {
    # Capitals: 5 wide unless a narrower shape reads better.
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": "### .#. .#. .#. .#. .#. ###",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#... #... #... #... #... #... ####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".###. #...# #.... .###. ....# #...# .###.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# .#.#. .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# ##.## #...#",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    # Lowercase: 4 wide unless the shape needs otherwise.
    "a": "x .##. ...# .### #..# .###",
    "b": "#... #... ###. #..# #..# #..# ###.",
    "c": "x .### #... #... #... .###",
    "d": "...# ...# .### #..# #..# #..# .###",
    "e": "x .##. #..# #### #... .###",
    "f": "..# .#. ### .#. .#. .#. .#.",
    "g": "x .### #..# #..# #..# .### ...# ###.",
    "h": "#... #... ###. #..# #..# #..# #..#",
    "i": "# . # # # # #",
    "j": "..# ... ..# ..# ..# ..# ..# ..# ##.",
    "k": "#... #... #..# #.#. ##.. #.#. #..#",
    "l": "#. #. #. #. #. #. .#",
    "m": "x ##.#. #.#.# #.#.# #.#.# #.#.#",
    "n": "x ###. #..# #..# #..# #..#",
    "o": "x .##. #..# #..# #..# .##.",
    "p": "x ###. #..# #..# #..# ###. #... #...",
    "q": "x .### #..# #..# #..# .### ...# ...#",
    "r": "x #.## ##.. #... #... #...",
    "s": "x .### #... .##. ...# ###.",
    "t": "4 .#. ### .#. .#. .#. ..#",
    "u": "x #..# #..# #..# #..# .###",
    "v": "x #...# #...# .#.#. .#.#. ..#..",
    "w": "x #...# #...# #.#.# #.#.# .#.#.",
    "x": "x #..# #..# .##. #..# #..#",
    "y": "x #..# #..# #..# #..# .### ...# ###.",
    "z": "x #### ...# .##. #... ####",
    # Digits: all 5 wide so scores line up.
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    # Punctuation and symbols.
    "!": "# # # # # . #",
    '"': "#.# #.# #.#",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "%": "##..# ##.#. ...#. ..#.. .#... .#.## #..##",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "'": "# # .",
    "(": ".# #. #. #. #. #. .#",
    ")": "#. .# .# .# .# .# #.",
    "*": "4 ..#.. #.#.# .###. #.#.# ..#..",
    "+": "x ..#.. ..#.. ##### ..#.. ..#..",
    "\u00b1": "..#.. ..#.. ##### ..#.. ..#.. ..... #####",  # ± (the coach's estimates)
    ",": "8 .# .# #.",
    "-": "6 ###",
    ".": "9 #",
    "/": "..# ..# .#. .#. .#. #.. #..",
    ":": "5 # . . . #",
    ";": "5 .# .. .. .. .# #.",
    "<": "...# ..#. .#.. #... .#.. ..#. ...#",
    "=": "x .... #### .... #### ....",
    ">": "#... .#.. ..#. ...# ..#. .#.. #...",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "@": ".###. #...# #.### #.#.# #.##. #.... .###.",
    "[": "## #. #. #. #. #. ##",
    "\\": "#.. #.. .#. .#. .#. ..# ..#",
    "]": "## .# .# .# .# .# ##",
    "^": ".#. #.#",
    "_": "10 #####",
    "`": "#. .#",
    "{": "..# .#. .#. #.. .#. .#. ..#",
    "|": "# # # # # # # # #",
    "}": "#.. .#. .#. ..# .#. .#. #..",
    "~": "5 .#.# #.#.",
    # Extras: typographic quotes, French guillemets, times, degree, bullet, ellipsis.
    "\u2019": "# # .",  # ’ typographic apostrophe
    "\u00ab": "x ..... .#..# #..#. .#..# .....",  # «
    "\u00bb": "x ..... #..#. .#..# #..#. .....",  # »
    "\u00d7": "x ..... #...# .#.#. ..#.. .#.#. #...#",  # ×
    "\u00b0": ".#. #.# .#.",  # °
    "\u00b7": "6 #",  # ·
    "\u2026": "9 #.#.#",  # …
    "\u2013": "6 #####",  # – en dash
    "\u2014": "6 ########",  # — em dash
    "\u201e": "8 .#.# .#.# #.#.",  # „ Polish opening quote (a raised pair of commas closes)
    "\u201d": ".#.# .#.# #.#.",  # ”
    "\u201c": ".#.# #.#. #.#.",  # “
    # Ligatures and the barred l (French œ æ, Polish ł): letters of their own.
    "\u00e6": "x .##.##. ...#..# .###### #..#... .##.###",  # æ
    "\u00c6": ".###### #..#... #..#... ######. #..#... #..#... #..####",  # Æ
    "\u0153": "x .##.##. #..#..# #..#### #..#... .##.###",  # œ
    "\u0152": ".###### #..#... #..#... #..###. #..#... #..#... .######",  # Œ
    "\u0142": ".#. .#. .#. .## ##. .#. ..#",  # ł
    "\u0141": ".#... .#... .#... .##.. ##... .#... .####",  # Ł
    # Card suits and arrows, so labels can say "7♥" and "←→ move".
    "\u2660": "..#.. .###. ##### ##### ##### ..#.. .###.",  # ♠
    "\u2665": ".#.#. ##### ##### ##### .###. ..#.. .....",  # ♥
    "\u2666": "..#.. .###. ##### ##### .###. ..#.. .....",  # ♦
    "\u2663": "..#.. .###. ..#.. ##.## ##.## ..#.. .###.",  # ♣
    "\u2190": "x ..#.. .#... ##### .#... ..#..",  # ←
    "\u2192": "x ..#.. ...#. ##### ...#. ..#..",  # →
    "\u2191": "..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..",  # ↑
    "\u2193": "..#.. ..#.. ..#.. ..#.. #.#.# .###. ..#..",  # ↓
    # Bases used only to compose accented letters.
    "\u0131": "x # # # # #",  # ı dotless i
}

# Accents: rows drawn above a base (two rows touching lowercase, one row of air above
# capitals) or below it (the cedilla, and the ogonek at the right foot).
ACCENTS = {
    "acute": ["..#", ".#."],
    "grave": ["#..", ".#."],
    "circumflex": [".#.", "#.#"],
    "diaeresis": ["#.#", "..."],
    "cedilla": [".#", "#."],
    "dot": ["#", "."],
    "ogonek": ["#.", ".#"],
}
BELOW = {"cedilla", "ogonek"}  # accents hung under the baseline, in the descender rows
RIGHT = {"ogonek"}  # accents that hang from the letter's right foot, not its middle

# What the French card names need (é), the rest of French's accented letters, Polish's.
COMPOSED = {
    "à": ("a", "grave"),
    "â": ("a", "circumflex"),
    "ä": ("a", "diaeresis"),
    "ç": ("c", "cedilla"),
    "é": ("e", "acute"),
    "è": ("e", "grave"),
    "ê": ("e", "circumflex"),
    "ë": ("e", "diaeresis"),
    "î": ("\u0131", "circumflex"),
    "ï": ("\u0131", "diaeresis"),
    "ô": ("o", "circumflex"),
    "ö": ("o", "diaeresis"),
    "ù": ("u", "grave"),
    "û": ("u", "circumflex"),
    "ü": ("u", "diaeresis"),
    "À": ("A", "grave"),
    "Â": ("A", "circumflex"),
    "Ä": ("A", "diaeresis"),
    "Ç": ("C", "cedilla"),
    "É": ("E", "acute"),
    "È": ("E", "grave"),
    "Ê": ("E", "circumflex"),
    "Ë": ("E", "diaeresis"),
    "Î": ("I", "circumflex"),
    "Ï": ("I", "diaeresis"),
    "Ô": ("O", "circumflex"),
    "Ö": ("O", "diaeresis"),
    "Ù": ("U", "grave"),
    "Û": ("U", "circumflex"),
    "Ü": ("U", "diaeresis"),
    "ÿ": ("y", "diaeresis"),
    "Ÿ": ("Y", "diaeresis"),
    "ą": ("a", "ogonek"),
    "ć": ("c", "acute"),
    "ę": ("e", "ogonek"),
    "ń": ("n", "acute"),
    "ó": ("o", "acute"),
    "ś": ("s", "acute"),
    "ź": ("z", "acute"),
    "ż": ("z", "dot"),
    "Ą": ("A", "ogonek"),
    "Ć": ("C", "acute"),
    "Ę": ("E", "ogonek"),
    "Ń": ("N", "acute"),
    "Ó": ("O", "acute"),
    "Ś": ("S", "acute"),
    "Ź": ("Z", "acute"),
    "Ż": ("Z", "dot"),
}

# Drawn for any character the font lacks.
FALLBACK = "\ufffd"
FALLBACK_ROWS = "#### #..# #..# #..# #..# #..# ####"
HIDDEN = {"\u0131"}  # composition helpers, not offered as characters


def _parse(spec: str) -> tuple[int, list[str]]:
    tokens = spec.split()
    if tokens[0] == "x":
        return X_TOP, tokens[1:]
    if tokens[0].isdigit():
        return int(tokens[0]), tokens[1:]
    return CAP_TOP, tokens


def _cell(top: int, rows: list[str]) -> list[str]:
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError(f"ragged glyph rows: {rows}")
    if top + len(rows) > CELL_H:
        raise ValueError(f"glyph runs past the cell: {rows}")
    blank = "." * width
    return [blank] * top + rows + [blank] * (CELL_H - top - len(rows))


def _compose(base: list[str], name: str, capital: bool) -> list[str]:
    accent = ACCENTS[name]
    width = max(len(base[0]), len(accent[0]))
    pad_base = (width - len(base[0])) // 2
    cell = ["." * pad_base + row + "." * (width - len(row) - pad_base) for row in base]
    # Accents sit one column right of centre on even widths, as hand-drawn fonts do.
    left = width - len(accent[0]) if name in RIGHT else (width - len(accent[0]) + 1) // 2
    if name in BELOW:
        top = BASELINE + 1
    elif capital:
        top = 0
    else:
        top = X_TOP - len(accent)
    for i, accent_row in enumerate(accent):
        row = list(cell[top + i])
        for j, pixel in enumerate(accent_row):
            if pixel == "#":
                row[left + j] = "#"
        cell[top + i] = "".join(row)
    return cell


def glyph_cells() -> dict[str, list[str]]:
    """Every character of the font as CELL_H rows of '#'/'.' (space included)."""
    cells = {
        " ": ["." * SPACE_WIDTH] * CELL_H,
        "\u00a0": ["." * SPACE_WIDTH] * CELL_H,
        "\u202f": ["." * NARROW_SPACE_WIDTH] * CELL_H,
    }
    for char, spec in GLYPHS.items():
        cells[char] = _cell(*_parse(spec))
    for char, (base, accent) in COMPOSED.items():
        cells[char] = _compose(cells[base], accent, base.isupper())
    cells[FALLBACK] = _cell(CAP_TOP, FALLBACK_ROWS.split())
    for char in HIDDEN:
        del cells[char]
    return cells
