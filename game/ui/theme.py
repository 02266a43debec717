"""The shell's colours by role, all taken from the one palette (game.art.palette).

Roles are chosen so that mono mode (each palette colour to black or white) keeps every
distinction: light text on dark panels, and selection shown by inversion as well as hue.
"""

from game.art import palette as pal

BACKDROP = pal.BLUE  # behind menus and dialogs
BACKDROP_DARK = pal.BLACK
PANEL = pal.BLACK
PANEL_EDGE = pal.LIGHT_CYAN
TITLE = pal.YELLOW
TEXT = pal.WHITE
TEXT_DIM = pal.LIGHT_GREY
TEXT_MUTED = pal.LIGHT_BLUE  # disabled items (dark grey would dither away in mono)
ACCENT = pal.LIGHT_CYAN
WARNING = pal.LIGHT_RED
GOOD = pal.LIGHT_GREEN

# Selection is drawn as an inverted bar: dark text on a light bar.
SELECT_BG = pal.LIGHT_CYAN
SELECT_TEXT = pal.BLACK

# The command bar: a DOS-style bottom line.
BAR_BG = pal.BLUE
BAR_EDGE = pal.LIGHT_BLUE
BAR_HOVER = pal.LIGHT_CYAN  # lit entries are inverted: black on light
BAR_KEY = pal.YELLOW
BAR_TEXT = pal.WHITE
# An entry not valid at this moment, dimmed in its place (mono: a 50% dither, apart
# from the white of the valid ones).
BAR_OFF = pal.CYAN

# Notices at the top of the screen.
TOAST_BG = pal.BLACK
TOAST_EDGE = pal.YELLOW
TOAST_TEXT = pal.YELLOW

# The progress charts (game.ui.chart), on dark panels. Mono keeps them apart by shape:
# the grid (dark grey) turns into dotted lines, everything else white.
CHART_GRID = pal.DARK_GREY
CHART_AXIS = pal.LIGHT_GREY
CHART_LINE = pal.YELLOW  # the accuracy line and its square points
CHART_WON = pal.LIGHT_GREEN  # filled bars, and the share won of a win-rate meter
CHART_LOST = pal.LIGHT_RED  # hollow bars

# The phony DOS screen.
DOS_BG = pal.BLACK
DOS_TEXT = pal.LIGHT_GREY
