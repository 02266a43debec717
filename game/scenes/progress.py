"""The Scores screen's Progress page: a game's last games, charted from its statistics.

Three panels: the coach's accuracy over the last games (points joined by lines, 0-100),
the score of the same games (bars: filled when won, hollow when lost), and the win rate
against each computer level, weakest first (a game played alone: its win rate over the
last games and over all). Each game has the same column in both charts, oldest on the
left, so a dip in accuracy sits above the score it cost.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.art.font import BitmapFont, get_font
from game.display import CANVAS_SIZE
from game.lang import N_, _, ngettext, number
from game.shell.registry import GameInfo
from game.storage.stats import HISTORY_SIZE, MAX_ACCURACY, GameStats, PastGame, WinCount
from game.ui import chart, theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel, percent

# The two charts on the left, one above the other with the same columns; the wins on
# the right.
ACCURACY_RECT = pygame.Rect(16, 42, 364, 140)
SCORE_RECT = pygame.Rect(
    16, ACCURACY_RECT.bottom + 12, 364, BAR_TOP - 10 - ACCURACY_RECT.bottom - 12
)
WINS_RECT = pygame.Rect(
    ACCURACY_RECT.right + 12, 42, CANVAS_SIZE[0] - 16 - ACCURACY_RECT.right - 12, BAR_TOP - 52
)
EMPTY_RECT = pygame.Rect(CANVAS_SIZE[0] // 2 - 200, 110, 400, 120)
# Inside a chart's panel: a heading line, then the plot with its scale's labels on the
# left and the games' numbers below. HISTORY_SIZE columns of SLOT_WIDTH fill the plot.
HEADING_Y = 12
PLOT_LEFT = 34
PLOT_TOP = 30
PLOT_HEIGHT = 82
SLOT_WIDTH = 8
PLOT_WIDTH = HISTORY_SIZE * SLOT_WIDTH
# The score scale has 3 to 5 round steps (labels at least 16 pixels apart).
SCORE_STEPS = (3, 4, 5)
# The wins panel: a row per opponent (its name and figures, then a meter below them),
# then the win rate of the last RECENT_GAMES games and of all.
ROW_TOP = 16
ROW_HEIGHT = 30
DIVIDER_GAP = 6
RECENT_GAMES = 10
METER_HEIGHT = 8
MARGIN = 10

# TRANSLATORS: the key of the accuracy chart (0 to 100).
ACCURACY_KEY = N_("100 = every decision the best")
PEOPLE, ALONE = "people", ""  # the opponents that are not a computer level
# TRANSLATORS: opponents in the progress page's wins: other people, or nobody (alone).
OPPONENT_NAMES = {PEOPLE: N_("People"), ALONE: N_("Alone")}
EMPTY_TEXT = N_("Play a game to see your progress here.")


def draw_progress(canvas: pygame.Surface, info: GameInfo, stats: GameStats) -> None:
    """The whole page for one game (below the Scores screen's tabs)."""
    small = get_font("small")
    if not stats.history:
        _draw_empty(canvas, info, stats, small)
        return
    _draw_accuracy(canvas, stats, small)
    _draw_scores(canvas, stats, small)
    if info.level_labels:
        _draw_wins_by_opponent(canvas, info, stats, small)
    else:
        _draw_wins_alone(canvas, info, stats, small)


def _draw_empty(
    canvas: pygame.Surface, info: GameInfo, stats: GameStats, small: BitmapFont
) -> None:
    draw_panel(canvas, EMPTY_RECT, _("Progress"))
    x, width = EMPTY_RECT.centerx, EMPTY_RECT.width - 2 * MARGIN - 8
    y = EMPTY_RECT.y + 18
    for line in small.wrap(_(EMPTY_TEXT), width):
        small.draw(canvas, line, (x, y), theme.TEXT, align="center")
        y += small.line_height
    y += small.line_height
    if info.level_labels:
        about = _(
            "Every game you finish adds to the charts: your accuracy (0-100: 100 = every "
            "decision the best), your score, and your wins against each level."
        )
    else:
        about = _(
            "Every game you finish adds to the charts: your accuracy (0-100: 100 = every "
            "decision the best), your score, and how often you win."
        )
    notes = [about]
    if stats.played:
        # A statistics file from before the history was kept: the totals are all it has.
        notes.append(
            ngettext(
                "The {n} game before this version of Pixel Parlor "
                "count in the Records page's totals only.",
                "The {n} games before this version of Pixel Parlor "
                "count in the Records page's totals only.",
                stats.played,
            ).format(n=number(stats.played))
        )
    for note in notes:
        for line in small.wrap(note, width):
            small.draw(canvas, line, (x, y), theme.TEXT_DIM, align="center")
            y += small.line_height
        y += small.line_height // 2


def plot_rect(panel: pygame.Rect) -> pygame.Rect:
    """Where a chart panel (ACCURACY_RECT, SCORE_RECT) draws its plot."""
    return pygame.Rect(panel.x + PLOT_LEFT, panel.y + PLOT_TOP, PLOT_WIDTH, PLOT_HEIGHT)


def _draw_game_numbers(
    canvas: pygame.Surface, plot: pygame.Rect, stats: GameStats, small: BitmapFont
) -> None:
    """The numbers of the first and last games charted (1 = the first game ever counted)
    under their columns, so that the columns read as games, oldest first."""
    first, count = stats.first_in_history, len(stats.history)
    y = plot.bottom + 3
    last_slot = chart.slot_rect(plot, count - 1, HISTORY_SIZE)
    for slot in {chart.slot_rect(plot, 0, HISTORY_SIZE).centerx, last_slot.centerx}:
        pygame.draw.line(canvas, theme.CHART_AXIS, (slot, plot.bottom), (slot, plot.bottom + 1))
    # TRANSLATORS: under a chart: the number of the first game charted.
    left = _("game {number}").format(number=number(first))
    right = number(first + count - 1)
    left_end = plot.x + small.line_width(left)
    if count == 1:
        small.draw(canvas, left, (plot.x, y), theme.TEXT_DIM)
    elif last_slot.centerx - small.line_width(right) // 2 > left_end + 6:
        small.draw(canvas, left, (plot.x, y), theme.TEXT_DIM)
        small.draw(canvas, right, (last_slot.centerx, y), theme.TEXT_DIM, align="center")
    else:  # the last column is too close to the first for two labels
        games = _("games {first}-{last}").format(
            first=number(first), last=number(first + count - 1)
        )
        small.draw(canvas, games, (plot.x, y), theme.TEXT_DIM)


def _draw_accuracy(canvas: pygame.Surface, stats: GameStats, small: BitmapFont) -> None:
    rect = ACCURACY_RECT
    draw_panel(canvas, rect, _("Accuracy"))
    plot = plot_rect(rect)
    judged = [game.accuracy for game in stats.history if game.accuracy is not None]
    hinted = [index for index, game in enumerate(stats.history) if game.hints]
    heading_y = rect.y + HEADING_Y
    key = _(ACCURACY_KEY)
    words = ""
    if judged or hinted:
        # Games played with hints are marked (their hinted moves are not counted).
        if not judged:
            words = _("No accuracy; {hinted} with hints (red marks)")
        elif hinted:
            words = ngettext(
                "Average {average} over {n} game; {hinted} with hints (red marks)",
                "Average {average} over {n} games; {hinted} with hints (red marks)",
                len(judged),
            )
        else:
            words = ngettext(
                "Average {average} over {n} game", "Average {average} over {n} games", len(judged)
            )
        words = words.format(
            average=number(round(sum(judged) / len(judged))) if judged else "",
            n=number(len(judged)),
            hinted=number(len(hinted)),
        )
        small.draw(canvas, words, (rect.x + MARGIN, heading_y), theme.TEXT)
    key_left = rect.right - MARGIN - small.line_width(key)
    if not (judged or hinted) or rect.x + MARGIN + small.line_width(words) + 8 < key_left:
        # The key gives way to the heading when the hints' note needs its room.
        small.draw(canvas, key, (rect.right - MARGIN, heading_y), theme.TEXT_DIM, align="right")
    ticks = [(value, str(value) if value % 50 == 0 else "") for value in range(0, 101, 25)]
    chart.draw_scale(canvas, plot, small, ticks, 0, MAX_ACCURACY)
    values = _in_slots([game.accuracy for game in stats.history])
    if judged:
        chart.draw_points(canvas, plot, values, 0, MAX_ACCURACY, theme.CHART_LINE)
    else:
        _say_in_plot(canvas, plot, _("No decision of yours judged yet"), small)
    for index in hinted:
        # A caret under the game's column: moves of it came from hints.
        slot = chart.slot_rect(plot, index, HISTORY_SIZE)
        tip = (slot.centerx, plot.bottom - 4)
        pygame.draw.polygon(
            canvas, theme.WARNING, [tip, (tip[0] - 2, tip[1] + 3), (tip[0] + 2, tip[1] + 3)]
        )
    _draw_game_numbers(canvas, plot, stats, small)


def _draw_scores(canvas: pygame.Surface, stats: GameStats, small: BitmapFont) -> None:
    rect = SCORE_RECT
    draw_panel(canvas, rect, _("Score"))
    plot = plot_rect(rect)
    heading_y = rect.y + HEADING_Y
    x = rect.x + MARGIN
    # TRANSLATORS: the score chart's key: a filled bar a game won, a hollow one lost.
    for filled, word in ((True, _("won")), (False, _("lost"))):
        swatch = pygame.Rect(x, heading_y + small.cap_top, 6, 6)
        chart.draw_swatch(canvas, swatch, filled, theme.CHART_WON, theme.CHART_LOST)
        x = small.draw(canvas, word, (swatch.right + 4, heading_y), theme.TEXT).right + 12
    scores = [game.score for game in stats.history if game.score is not None]
    if scores:
        average = round(sum(scores) / len(scores))
        small.draw(
            canvas,
            _("Average {average}  best {best}").format(
                average=number(average), best=number(max(scores))
            ),
            (rect.right - MARGIN, heading_y),
            theme.TEXT,
            align="right",
        )
    low, high, ticks = _score_scale(scores)
    chart.draw_scale(canvas, plot, small, ticks, low, high)
    if scores:
        chart.draw_bars(
            canvas,
            plot,
            _in_slots([game.score for game in stats.history]),
            _in_slots([game.won for game in stats.history], False),
            low,
            high,
            theme.CHART_WON,
            theme.CHART_LOST,
        )
    else:
        _say_in_plot(canvas, plot, _("No scores yet"), small)
    _draw_game_numbers(canvas, plot, stats, small)


def _score_scale(scores: Sequence[int]) -> tuple[float, float, list[tuple[float, str]]]:
    """The score chart's ends and labelled ticks: round numbers from below the lowest
    score (or 0) to above the highest (or 0), in the steps that waste least height."""
    low, high = min([0, *scores]), max([0, *scores])

    def ends(step: float) -> tuple[float, float]:
        bottom, top = step * (low // step), step * -(-high // step)
        return bottom, (top if top > bottom else bottom + step)

    # Scores are whole numbers: no step below 1 (a scale of 0, 0.5, 1).
    step = min(
        (max(1, chart.nice_step(high - low, steps)) for steps in SCORE_STEPS),
        key=lambda step: ends(step)[1] - ends(step)[0],
    )
    bottom, top = ends(step)
    count = round((top - bottom) / step)
    ticks = [(bottom + i * step, chart.short_number(bottom + i * step)) for i in range(count + 1)]
    return bottom, top, ticks


def _draw_wins_by_opponent(
    canvas: pygame.Surface, info: GameInfo, stats: GameStats, small: BitmapFont
) -> None:
    rect = WINS_RECT
    draw_panel(canvas, rect, _("Wins by opponent"))
    note = _("Each game counts against the strongest computer player at its table.")
    note_lines = small.wrap(note, rect.width - 2 * MARGIN)
    note_top = rect.bottom - MARGIN - len(note_lines) * small.line_height
    y = _draw_rows(canvas, rect, rect.y + ROW_TOP, opponent_rows(info, stats), note_top, small)
    pygame.draw.line(canvas, theme.CHART_GRID, (rect.x + MARGIN, y), (rect.right - MARGIN - 1, y))
    _draw_rows(canvas, rect, y + DIVIDER_GAP, overall_rows(stats), note_top, small)
    for i, line in enumerate(note_lines):
        small.draw(
            canvas, line, (rect.x + MARGIN, note_top + i * small.line_height), theme.TEXT_DIM
        )


def _draw_wins_alone(
    canvas: pygame.Surface, info: GameInfo, stats: GameStats, small: BitmapFont
) -> None:
    rect = WINS_RECT
    draw_panel(canvas, rect, _("Win rate"))
    rows = overall_rows(stats)
    if RECENT_GAMES < len(stats.history) < stats.played:  # room for the whole history
        rows.insert(1, (last_games(len(stats.history)), _wins(stats.history)))
    y = _draw_rows(canvas, rect, rect.y + ROW_TOP, rows, rect.bottom - MARGIN, small)
    groups = grouped_rows(info, stats)
    if groups and y + DIVIDER_GAP + ROW_HEIGHT <= rect.bottom - MARGIN:
        pygame.draw.line(
            canvas, theme.CHART_GRID, (rect.x + MARGIN, y), (rect.right - MARGIN - 1, y)
        )
        _draw_rows(canvas, rect, y + DIVIDER_GAP, groups, rect.bottom - MARGIN, small)


def overall_rows(stats: GameStats) -> list[tuple[str, WinCount | None]]:
    """The win rate of every game, and of the last few to set against it once there
    are more games than those."""
    rows: list[tuple[str, WinCount | None]] = [(_("All games"), WinCount(stats.played, stats.won))]
    recent = stats.history[-RECENT_GAMES:]
    if len(recent) < stats.played:
        rows.insert(0, (last_games(len(recent)), _wins(recent)))
    return rows


def grouped_rows(info: GameInfo, stats: GameStats) -> list[tuple[str, WinCount | None]]:
    """(label, wins) for each of a game's own groups (GameInfo.grouped_wins); a group
    never played has None, and none are shown before one is. Counters that contradict
    each other count as none."""
    rows: list[tuple[str, WinCount | None]] = []
    for key, label in info.grouped_wins.items():
        played = stats.counters.get(f"{key}_played", 0)
        won = stats.counters.get(f"{key}_won", 0)
        rows.append((_(label), WinCount(played, won) if 0 <= won <= played > 0 else None))
    return rows if any(wins is not None for _label, wins in rows) else []


def last_games(count: int) -> str:
    """ "Last 10 games": a row of the win rates."""
    return ngettext("Last {n} game", "Last {n} games", count).format(n=number(count))


def _wins(games: Sequence[PastGame]) -> WinCount:
    return WinCount(len(games), sum(game.won for game in games))


def opponent_rows(info: GameInfo, stats: GameStats) -> list[tuple[str, WinCount | None]]:
    """(name, wins) for each computer level, weakest first, then people and alone when
    played; a level never played has None. Opponents the game does not name (a level of
    another version) are left out."""
    rows: list[tuple[str, WinCount | None]] = [
        (_(label), stats.by_opponent.get(level)) for level, label in info.level_labels.items()
    ]
    rows += [
        (_(label), stats.by_opponent[key])
        for key, label in OPPONENT_NAMES.items()
        if key not in info.level_labels and key in stats.by_opponent
    ]
    return rows


def _draw_rows(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    top: int,
    rows: Sequence[tuple[str, WinCount | None]],
    bottom: int,
    small: BitmapFont,
) -> int:
    """Each row from `top`: the name, its win rate and won/played, and a meter; as many as
    fit above `bottom`. Returns the y below the last."""
    left, right = rect.x + MARGIN, rect.right - MARGIN
    y = top
    for name, wins in rows:
        if y + ROW_HEIGHT > bottom:
            break
        small.draw(canvas, name, (left, y), theme.TEXT)
        rate = wins.win_rate if wins is not None else None
        if rate is None:
            small.draw(canvas, _("not played yet"), (right, y), theme.TEXT_DIM, align="right")
        else:
            figures = f"{percent(rate)}  {number(wins.won)}/{number(wins.played)}"
            if small.line_width(name) + small.line_width(figures) + 8 > right - left:
                won, played = chart.short_number(wins.won), chart.short_number(wins.played)
                figures = f"{percent(rate)}  {won}/{played}"
            small.draw(canvas, figures, (right, y), theme.TEXT, align="right")
        meter = pygame.Rect(left, y + small.line_height + 2, right - left, METER_HEIGHT)
        chart.draw_meter(canvas, meter, rate, theme.CHART_WON)
        y += ROW_HEIGHT
    return y


def _in_slots(values: Sequence, empty=None) -> list:
    """`values` (one per game charted) padded with `empty` to HISTORY_SIZE columns, so a
    chart's columns keep their width however few games there are."""
    return [*values, *[empty] * (HISTORY_SIZE - len(values))][:HISTORY_SIZE]


def _say_in_plot(canvas: pygame.Surface, plot: pygame.Rect, text: str, small: BitmapFont) -> None:
    """A line in the middle of an empty plot, on the panel's black: a grid line through
    it would break it up, worst in mono, where the grid is dotted."""
    box = pygame.Rect(0, 0, small.line_width(text) + 8, small.line_height + 2)
    box.center = plot.center
    canvas.fill(theme.PANEL, box)
    small.draw(canvas, text, (plot.centerx, box.y + 1), theme.TEXT_DIM, align="center")
