"""Scores: each game's Top Ten table and statistics (the Records page), its charts of
the last games (the Progress page) and its medals (the Medals page, medals_page.py); R
resets the records and charts after a confirmation (medals, once earned, stay)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import lang, speech
from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _, ngettext, number, pgettext
from game.scenes.medals_page import draw_medals, medal_at, medal_lines
from game.scenes.progress import draw_progress
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.shell.dialog import confirm
from game.shell.registry import GameInfo, registered_games
from game.storage import TOP_TEN_SIZE
from game.storage.stats import HISTORY_SIZE
from game.storage.topten import HINTS_EXTRA
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel, percent

if TYPE_CHECKING:
    from game.shell.app import App

TABS_TOP = 12
TAB_HEIGHT = 18
# The pages of every game's tab, shown as tabs of their own at the right.
# TRANSLATORS: the pages of a game's scores, as tabs and command bar words.
RECORDS, PROGRESS, MEDALS = N_("Records"), N_("Progress"), N_("Medals")
PAGES = (RECORDS, PROGRESS, MEDALS)
TABLE_RECT = pygame.Rect(16, 42, 352, BAR_TOP - 52)
STATS_RECT = pygame.Rect(
    TABLE_RECT.right + 12, 42, CANVAS_SIZE[0] - TABLE_RECT.right - 28, BAR_TOP - 52
)
ROW_HEIGHT = 13
# Table columns, as x offsets inside TABLE_RECT.
COL_RANK, COL_NAME, COL_SCORE, COL_DATE = 22, 36, 250, 268
RULE_LINES = 2  # the Top Ten's rule, under its tenth row
COL_DETAIL = 200  # right edge of a game's note beside the score ("to 5,000")
# A game without a Top Ten shows its statistics alone, in the middle.
STATS_ALONE_RECT = pygame.Rect(CANVAS_SIZE[0] // 2 - 150, 42, 300, BAR_TOP - 52)


def format_stat(value: float | None, as_percent: bool = False) -> str:
    if value is None:
        return "-"
    if as_percent:
        return percent(value, 1)
    return number(value, 1) if isinstance(value, float) else number(value)


def month_names() -> tuple[str, ...]:
    """The months as the Top Ten's dates show them, short."""
    # TRANSLATORS: short month names in a date (26 Nov 2026).
    return (
        pgettext("month", "Jan"),
        pgettext("month", "Feb"),
        pgettext("month", "Mar"),
        pgettext("month", "Apr"),
        pgettext("month", "May"),
        pgettext("month", "Jun"),
        pgettext("month", "Jul"),
        pgettext("month", "Aug"),
        pgettext("month", "Sep"),
        pgettext("month", "Oct"),
        pgettext("month", "Nov"),
        pgettext("month", "Dec"),
    )


def short_date(date) -> str:
    """ "26 Nov 2026", "26 nov. 2026", "26 lis 2026": a date the language's way."""
    month = month_names()[date.month - 1]
    # TRANSLATORS: a date in the Top Ten: day, short month name, year (26 Nov 2026).
    return _("{day} {month} {year}").format(
        day=f"{date.day:02d}", month=month, year=f"{date.year:04d}"
    )


class ScoresScene(Scene):
    """Left/right (or a click on a tab) picks the game; P, up/down (or a click on a page's
    tab) turns between its Records and its Progress."""

    title = N_("Scores")  # translated where shown
    has_command_bar = True

    def __init__(self, app: App, game_id: str | None, page: str = RECORDS):
        super().__init__(app)
        self.games: list[GameInfo] = registered_games()
        ids = [g.id for g in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0
        self.page = page if page in PAGES else RECORDS
        #: The medal the mouse is over on the Medals page (framed), if any.
        self.hover_medal: int | None = None
        self._layout()

    def _layout(self) -> None:
        """The tabs, as wide as their words in the language of the moment."""
        self.tabs = _layout_tabs([_(info.title) for info in self.games], 16)
        names = [_(name) for name in PAGES]
        widths = [get_font("small").measure(name)[0] + 16 for name in names]
        self.page_tabs = _layout_tabs(names, CANVAS_SIZE[0] - 16 - sum(widths) - 4)

    def language_changed(self) -> None:
        self._layout()

    @property
    def game(self) -> GameInfo | None:
        return self.games[self.index] if self.games else None

    @property
    def other_page(self) -> str:
        """The next page (P, down), the first after the last."""
        return PAGES[(PAGES.index(self.page) + 1) % len(PAGES)]

    def enter(self) -> None:
        # Daily-streak medals the daily deals have earned since. A late import: the title
        # imports this screen, and the table runtime loads when first needed (registry).
        from game.table.medals import check_streaks

        for info in self.games:
            check_streaks(self.app, info.id)
        speech.say(_("Scores"), interrupt=True)
        self.speak_page(interrupt=False)

    def speak_page(self, interrupt: bool = True) -> None:
        """Speech: the game and page shown; on Records, its Top Ten in order."""
        info = self.game
        if info is None:
            return
        # TRANSLATORS: spoken: the game and the page the Scores screen shows
        speech.say(_("{game}: {page}").format(game=_(info.title), page=_(self.page)), interrupt)
        if self.page == MEDALS:
            for line in medal_lines(info, self.app.storage.medals(info.id)):
                speech.say(line)
        if self.page != RECORDS:
            return
        entries = self.app.storage.top_ten(info.id).entries
        if not entries:
            speech.say(_("Nobody has entered yet."))
        for rank, entry in enumerate(entries, 1):
            # TRANSLATORS: spoken: a line of the Top Ten ("1. Ann, 188")
            speech.say(
                _("{rank}. {name}, {score}").format(
                    rank=rank, name=entry.name, score=number(entry.score)
                )
            )

    def handle(self, action: Action) -> None:
        before = (self.index, self.page)
        self._handle(action)
        if (self.index, self.page) != before and self.app.scenes.top is self:
            self.speak_page()

    def _handle(self, action: Action) -> None:
        if action.name in ("left", "right", "tab") and self.games:
            step = -1 if action.name == "left" else 1
            self.index = (self.index + step) % len(self.games)
        elif action.name in ("up", "pageup"):
            self.page = PAGES[(PAGES.index(self.page) - 1) % len(PAGES)]
        elif action.name in ("down", "pagedown") or (
            action.name == "char" and action.char.lower() == "p"
        ):
            self.page = self.other_page
        elif action.name == "cancel" or action.name == "confirm":
            self.close()
        elif action.name == "char" and action.char.lower() == "r" and self.game:
            self.ask_reset()
        elif action.name == "hover" and self.game is not None:
            self.hover_medal = medal_at(self.game, action.pos) if self.page == MEDALS else None
        elif action.name == "click":
            for i, tab in enumerate(self.tabs):
                if tab.collidepoint(action.pos):
                    self.index = i
            for page, tab in zip(PAGES, self.page_tabs):
                if tab.collidepoint(action.pos):
                    self.page = page

    def ask_reset(self) -> None:
        info = self.game
        if info.has_top_ten:
            question = _("Erase the {game} Top Ten and statistics? This cannot be undone.")
        else:
            question = _("Erase the {game} statistics? This cannot be undone.")
        confirm(
            self.app,
            question.format(game=_(info.title)),
            lambda: self.app.storage.reset_scores(info.id),
            title=_("Reset scores"),
            safe_no=True,
        )

    def commands(self) -> Sequence[Command]:
        return [
            # TRANSLATORS: the command bar: the arrows choose the game.
            named_command("<-", _("Game"), "left"),
            named_command("->", _("Game"), "right"),
            char_command("P", _(self.other_page), enabled=self.game is not None),
            char_command("R", _("Reset"), enabled=self.game is not None),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("Scores"),
                _(
                    "Records: the ten best scores on this machine for each "
                    "game, and statistics over every game you have finished."
                )
                + "\n\n"
                + _(
                    "Progress: your last {n} games charted, oldest on the "
                    "left: your accuracy in each (0-100, see the next page), your score "
                    "(a filled bar for a win, a hollow one for a loss), and how often "
                    "you win against each computer level."
                ).format(n=number(HISTORY_SIZE))
                + "\n\n"
                + _(
                    "Medals: each game's medals, bright once earned (on this machine, "
                    "by a person's own play: never the computer's), dim under a padlock "
                    "until then, with how to earn each. A medal is earned once and stays."
                )
                + "\n\n"
                + _(
                    "Left and right (or click a tab) choose the game; P, up or down "
                    "(or click Records or Progress) turn the page. R erases that game's "
                    "table and statistics, after asking you to confirm."
                ),
            ),
            HelpPage(_("Accuracy"), accuracy_help(self.games)),
            HelpPage(_("Accuracy: what players score"), accuracy_players_help(self.games)),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        small, large = get_font("small"), get_font("large")
        for i, (info, tab) in enumerate(zip(self.games, self.tabs)):
            _draw_tab(canvas, tab, _(info.title), i == self.index, small)
        info = self.game
        if info is None:
            large.draw(
                canvas,
                _("No games are installed."),
                (CANVAS_SIZE[0] // 2, 160),
                theme.TEXT,
                align="center",
                shadow=theme.BACKDROP_DARK,
            )
            return
        for page, tab in zip(PAGES, self.page_tabs):
            _draw_tab(canvas, tab, _(page), page == self.page, small)
        if self.page == PROGRESS:
            draw_progress(canvas, info, self.app.storage.stats(info.id))
        elif self.page == MEDALS:
            draw_medals(canvas, info, self.app.storage.medals(info.id), self.hover_medal)
        elif info.has_top_ten:
            self._draw_table(canvas, info, small)
            self._draw_stats(canvas, info, small, STATS_RECT)
        else:
            self._draw_stats(canvas, info, small, STATS_ALONE_RECT)

    def _draw_table(self, canvas, info, small) -> None:
        draw_panel(canvas, TABLE_RECT, _("Top Ten"))
        table = self.app.storage.top_ten(info.id)
        x, y = TABLE_RECT.x, TABLE_RECT.y + 14
        for label, col, align in (
            ("#", COL_RANK, "right"),
            # TRANSLATORS: the Top Ten's column headings.
            (_("Name"), COL_NAME, "left"),
            (_("Score"), COL_SCORE, "right"),
            (_("Date"), COL_DATE, "left"),
        ):
            small.draw(canvas, label, (x + col, y), theme.ACCENT, align=align)
        y += ROW_HEIGHT + 2
        if not table.entries:
            small.draw(
                canvas,
                _("Nobody has entered yet."),
                (TABLE_RECT.centerx, y + 40),
                theme.TEXT_DIM,
                align="center",
            )
        self._draw_rule(canvas, info, small)
        for rank in range(1, TOP_TEN_SIZE + 1):
            entry = table.entries[rank - 1] if rank <= len(table.entries) else None
            colour = theme.TITLE if rank == 1 else theme.TEXT
            small.draw(canvas, f"{rank}.", (x + COL_RANK, y), theme.TEXT_DIM, align="right")
            if entry is not None:
                small.draw(canvas, entry.name, (x + COL_NAME, y), colour)
                small.draw(canvas, number(entry.score), (x + COL_SCORE, y), colour, align="right")
                detail = entry_detail(info, entry.extra)
                if detail or info.top_ten_detail is not None:
                    small.draw(canvas, detail, (x + COL_DETAIL, y), theme.TEXT_DIM, align="right")
                small.draw(canvas, short_date(entry.date), (x + COL_DATE, y), theme.TEXT_DIM)
            y += ROW_HEIGHT + 5

    def _draw_rule(self, canvas, info, small) -> None:
        """Under the table: who enters it, and the player's best score (from the
        statistics, every finished game) when the table does not hold it."""
        table = self.app.storage.top_ten(info.id)
        best = self.app.storage.stats(info.id).best_score
        x, y = TABLE_RECT.x + 10, TABLE_RECT.bottom - 2 * small.line_height - 6
        # A rule longer than a line (French, Polish) wraps upwards, into the room below
        # the tenth row.
        lines = small.wrap(_(info.top_ten_rule), TABLE_RECT.width - 20)[:RULE_LINES]
        for i, line in enumerate(lines):
            small.draw(
                canvas, line, (x, y - (len(lines) - 1 - i) * small.line_height), theme.TEXT_DIM
            )
        if best is not None and all(entry.score != best for entry in table.entries):
            small.draw(
                canvas,
                _("Your best: {score} (not in the Top Ten)").format(score=number(best)),
                (x, y + small.line_height + 2),
                theme.TEXT,
            )

    def _draw_stats(self, canvas, info, small, rect: pygame.Rect) -> None:
        draw_panel(canvas, rect, _("Statistics"))
        stats = self.app.storage.stats(info.id)
        rows = [
            # TRANSLATORS: the statistics' rows (a label, its figure at the right).
            (_("Games played"), format_stat(stats.played)),
            (_("Won"), format_stat(stats.won)),
            (_("Win rate"), format_stat(stats.win_rate, as_percent=True)),
            (_("Average score"), format_stat(stats.average_score)),
            (_("Best score"), format_stat(stats.best_score)),
            (_("Win streak now"), format_stat(stats.current_streak)),
            (_("Longest streak"), format_stat(stats.longest_streak)),
        ]
        for key, label in info.counter_labels.items():
            rows.append((_(label), format_stat(stats.counters.get(key, 0))))
        # Games played with hints are marked, as PySolFC marks them.
        rows.append((_("Games with hints"), hinted_stat(stats.hinted_games, stats.hinted_moves)))
        x, y = rect.x + 12, rect.y + 16
        for label, value in rows:
            small.draw(canvas, label, (x, y), theme.TEXT_DIM)
            small.draw(canvas, value, (rect.right - 12, y), theme.TEXT, align="right")
            y += ROW_HEIGHT + 5


def _layout_tabs(names: Sequence[str], left: int) -> list[pygame.Rect]:
    """A row of tabs from `left`, each as wide as its name."""
    font = get_font("small")
    x, rects = left, []
    for name in names:
        width = font.measure(name)[0] + 16
        rects.append(pygame.Rect(x, TABS_TOP, width, TAB_HEIGHT))
        x += width + 4
    return rects


def _draw_tab(canvas: pygame.Surface, tab: pygame.Rect, name: str, chosen: bool, small) -> None:
    """A tab: inverted when chosen, so that mono shows which."""
    canvas.fill(theme.SELECT_BG if chosen else theme.PANEL, tab)
    pygame.draw.rect(canvas, theme.PANEL_EDGE, tab, 1)
    text_y = small.top_in(tab)
    small.draw(
        canvas,
        name,
        (tab.centerx, text_y),
        theme.SELECT_TEXT if chosen else theme.TEXT,
        align="center",
    )


def entry_detail(info: GameInfo, extra: dict) -> str:
    """What the Top Ten shows beside a score: the game's own note ("to 5,000") and, for
    a score made with hints, how many moves came from them ("3 hints")."""
    parts = []
    if info.top_ten_detail is not None:
        parts.append(lang.text(info.top_ten_detail(extra)))
    hints = extra.get(HINTS_EXTRA)
    if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
        parts.append(ngettext("{n} hint", "{n} hints", hints).format(n=number(hints)))
    return ", ".join(p for p in parts if p)


def hinted_stat(games: int, moves: int) -> str:
    """ "2 (9 moves)": games in which moves came from hints, and how many."""
    if not games:
        return "0"
    # TRANSLATORS: games played with hints, and how many moves came from them: "2 (9 moves)".
    return ngettext("{games} ({n} move)", "{games} ({n} moves)", moves).format(
        games=number(games), n=number(moves)
    )


def accuracy_help(games: Sequence[GameInfo]) -> str:
    """The Accuracy help page: the formula (game.engine.coach.accuracy), and each game's
    step."""
    scales = "\n".join(
        f"{_(info.title)}\t{lang.text(info.accuracy_halves_at)}."
        for info in games
        if info.accuracy_halves_at
    )
    return _(
        "The coach weighs every decision you make against the best move the strongest "
        "computer player knows, and scores it as chess sites score a move (lichess's "
        "curve): 100 for the best, 50 for one that gives up a step of the game, about "
        "25 for two steps, 0 from about three. A game's accuracy is the average of its "
        "decisions' scores, its distance below 100 stretched by the game's factor "
        "(where most moves cannot go wrong, the few that can count more): a slip or two "
        "among many good decisions keeps you in the 80s and 90s, and 100 means every "
        "decision was the best. Each game's step and factor were set on simulated "
        "players so that random moves score about 30 in every game and a figure means "
        "about the same in all of them. A step is:"
    ) + (
        "\n\n"
        + scales
        + "\n\n"
        + _("Games in which nothing was yours to decide show no accuracy, but keep their score.")
    )


def accuracy_players_help(games: Sequence[GameInfo]) -> str:
    """What simulated players score in each game (the games' ACCURACY_BENCH)."""
    rows = "\n".join(
        f"{_(info.title)}\t{lang.text(info.accuracy_players)}."
        for info in games
        if info.accuracy_players
    )
    return (
        _(
            "The accuracy of simulated players over 200 games each (hands in La Belle "
            "Lucie and Mille Bornes): the median game, and in brackets the 10th to the "
            "90th percentile. Perfect play is the coach's own best; random moves are any "
            "legal move."
        )
        + "\n\n"
        + rows
    )
