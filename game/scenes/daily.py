"""The daily deal's screen (issue 35): today's deal of every game, how each went, what
the best play would have done, the streak, a calendar of past days and a line to share.

Daily on the title opens it; the end of a daily game opens it on that game. Enter plays
the chosen game's deal (or continues it, or replays it once counted), C copies the share
line, K plays any deal by its code. What the best play would have done is worked out
off the main thread (La Belle Lucie's solver may take seconds), once per deal.
"""

from __future__ import annotations

import calendar
import datetime
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.engine.dealcode import DealCode, utc_today
from game.input import Action
from game.lang import Msg, _, ngettext, number, text
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.shell.code_entry import DealCodeEntry
from game.shell.registry import GameInfo, game_of_letter, registered_games
from game.storage.daily import DailyDay, DailyRecord
from game.table.daily import daily_code, daily_slot, play_daily
from game.ui import clipboard, theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL = pygame.Rect(12, 12, CANVAS_SIZE[0] - 24, BAR_TOP - 20)
ROW_TOP = PANEL.y + 34
ROW_HEIGHT = 16
ROW_LEFT = PANEL.x + 10
ROW_WIDTH = 370
CODE_X, STATUS_X = 112, 186  # a row's columns: the game, its code, how it went
CAL_LEFT = PANEL.x + ROW_WIDTH + 30
CAL_TOP = ROW_TOP
CELL = (26, 15)
DETAIL_TOP = ROW_TOP + 4 * ROW_HEIGHT + 14
SHARE_TOP = PANEL.bottom - 44
MESSAGE_TICKS = 180

# What the best play would have done, by deal code: worked out once per run, in a thread.
_best: dict[str, Any] = {}
_best_lock = threading.Lock()


def best_play_for(info: GameInfo, code: DealCode) -> Any:
    """The best play's words for `code` (a Msg), None while it is worked out (started
    now in a thread), "" for a game that cannot say."""
    if not info.gives("deal_best"):
        return ""
    with _best_lock:
        if code.text in _best:
            return _best[code.text]
        _best[code.text] = None

    def work() -> None:
        try:
            found = info.deal_best(code)
        except Exception:  # a bug in a solver must not take the screen down
            found = Msg("The best play could not be worked out.")
        with _best_lock:
            _best[code.text] = found

    threading.Thread(target=work, name=f"best-play-{code.text}", daemon=True).start()
    return None


def outcome_words(info: GameInfo, entry: DailyDay) -> str:
    """The day's result in a few words: "won in 41 moves"."""
    if not entry.done:
        return _("in progress")
    if entry.score is None and entry.moves is None:
        return _("left unfinished")
    if info.daily_words is not None:
        return text(info.daily_words(entry))
    if entry.won:
        return _("won with {score} points").format(score=number(entry.score or 0))
    return _("lost with {score} points").format(score=number(entry.score or 0))


def share_line(info: GameInfo, day: datetime.date, entry: DailyDay) -> str:
    """The line to share: "Pixel Parlor · Lucie · 2026-11-26 · won in 41 moves · accuracy 96"."""
    parts = [PROGRAM, _(info.title), day.isoformat(), outcome_words(info, entry)]
    if entry.accuracy is not None:
        parts.append(_("accuracy {accuracy}").format(accuracy=entry.accuracy))
    parts.append(entry.code)
    return " · ".join(parts)


WON, PLAYED, STARTED = "won", "played", "started"
PROGRAM = "Pixel Parlor"  # i18n: not shown (the program's name, the same in every language)


def draw_mark(canvas: pygame.Surface, cell: pygame.Rect, kind: str) -> Any:
    """A calendar day's mark, told apart by shape too (mono): won filled, played framed,
    started underlined with dots. Returns the colour its number is written in."""
    if kind == WON:
        canvas.fill(theme.CHART_WON, cell)
        return theme.SELECT_TEXT
    if kind == PLAYED:
        pygame.draw.rect(canvas, theme.ACCENT, cell, 1)
        return theme.TEXT
    if kind == STARTED:
        for x in range(cell.x, cell.right, 2):
            canvas.fill(theme.TITLE, (x, cell.bottom - 1, 1, 1))
        return theme.TITLE
    return theme.TEXT_DIM


class DailyScene(Scene):
    """Today's deals; Up/Down choose a game, Enter plays it, C copies its share line."""

    has_command_bar = True

    def __init__(self, app: App, game_id: str | None = None, today: datetime.date | None = None):
        super().__init__(app)
        self.title = _("Daily deal")
        self.today = today or utc_today()
        self.games = [g for g in registered_games() if g.deal_letter and g.gives("deal_table")]
        ids = [g.id for g in self.games]
        self.row = ids.index(game_id) if game_id in ids else 0
        self.message = ""
        self._message_left = 0
        self._record: DailyRecord | None = None
        self._record_version: Any = None

    # -- what is shown ----------------------------------------------------------------------
    @property
    def record(self) -> DailyRecord:
        """The days played, read once per change (a copy of storage's: years of days)."""
        version = self.app.storage.daily_version
        if self._record is None or self._record_version != version:
            self._record, self._record_version = self.app.storage.daily(), version
        return self._record

    @property
    def info(self) -> GameInfo:
        return self.games[self.row]

    def entry(self, info: GameInfo) -> DailyDay | None:
        return self.record.day(info.id, self.today)

    def status(self, info: GameInfo) -> str:
        entry = self.entry(info)
        if entry is None:
            return _("to play")
        words = outcome_words(info, entry)
        if entry.done and entry.accuracy is not None:
            longer = words + " · " + _("accuracy {accuracy}").format(accuracy=entry.accuracy)
            if get_font("small").line_width(longer) <= ROW_WIDTH - STATUS_X - 4:
                return longer  # the accuracy where there is room (the details show it too)
        return words

    # -- input -------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name in ("up", "down"):
            self.row = (self.row + (1 if name == "down" else -1)) % len(self.games)
        elif name == "confirm":
            self.play()
        elif name == "cancel":
            self.close()
        elif name == "char" and action.char.lower() == "c":
            self.copy()
        elif name == "char" and action.char.lower() == "w":
            self.show_line()
        elif name == "char" and action.char.lower() == "k":
            self.app.push(DealCodeEntry(self.app, self.play_code))
        elif name == "char" and action.char.isdigit():
            index = int(action.char) - 1
            if 0 <= index < len(self.games):
                self.row = index
        elif name in ("click", "hover") and action.pos:
            for index in range(len(self.games)):
                if self.row_rect(index).collidepoint(action.pos):
                    self.row = index
                    if action.name == "click":
                        self.play()

    def best(self) -> tuple[Any, str]:
        """What the best play would have done (None while worked out), and the winning
        line if the solver gave one ("" otherwise)."""
        found = best_play_for(self.info, daily_code(self.info, self.today))
        if isinstance(found, tuple):
            return found[0], found[1]
        return found, ""

    def show_line(self) -> None:
        """W: the solver's winning line, on a page of its own."""
        said, line = self.best()
        entry = self.entry(self.info)
        if not line or entry is None or not entry.done:
            return
        page = HelpPage(
            _("The winning line"),
            text(said)
            + "\n\n"
            + line
            + "\n\n"
            + _(
                "Each card in turn, as typed at the prompt; cards that go home by themselves are left out."
            ),
        )
        self.app.push(self.app.screens.help(self.app, [page], self.title))

    def play(self) -> None:
        """Enter: the chosen game's daily deal (continued, counted, or a replay)."""
        self.close()
        play_daily(self.app, self.info, self.today)

    def play_code(self, code: DealCode) -> None:
        """K: a deal by its code, at the game's standard table (not the daily deal)."""
        info = game_of_letter(code.letter)
        if info is None or info.deal_table is None:
            return
        self.close()
        self.app.push(info.deal_table(self.app, code, None))

    def copy(self) -> None:
        entry = self.entry(self.info)
        if entry is None or not entry.done:
            self.say(_("Play today's deal first: then its line can be shared."))
            return
        line = share_line(self.info, self.today, entry)
        if clipboard.write_text(line):
            self.say(_("Copied: paste it to your friends."))
        else:
            self.say(_("There is no clipboard here: copy the line by hand."))

    def say(self, message: str) -> None:
        self.message, self._message_left = message, MESSAGE_TICKS

    def update(self) -> None:
        if self._message_left:
            self._message_left -= 1
            if not self._message_left:
                self.message = ""

    # -- the bar and help --------------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        entry = self.entry(self.info)
        if entry is None:
            play = _("Play")
        elif not entry.done and self.app.storage.has_saved_game(daily_slot(self.info.id)):
            play = _("Continue")
        else:
            # TRANSLATORS: command bar: play today's deal again, not counted (one word).
            play = _("Replay")
        return [
            named_command(_("Up/Dn"), _("Choose"), "down"),
            named_command(_("Enter"), play, "confirm"),
            # TRANSLATORS: command bar: copy the line to share (one short word).
            Command("C", _("Share"), Action("char", char="c"), enabled=bool(entry and entry.done)),
            # TRANSLATORS: command bar: play a deal by its code (one short word).
            char_command("K", _("Code")),
            # TRANSLATORS: command bar: the solver's winning line (one short word).
            *([char_command("W", _("Line"))] if entry and entry.done and self.best()[1] else []),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                self.title,
                _(
                    "Every day each game has one deal, the same for everyone: the date in "
                    "UTC chooses it by a published rule (SHA-256 of "
                    '"pixelparlor/daily/v1/<game>/<date>"; the README gives it whole). '
                    "Your first game of the day's deal counts: it is written down as it "
                    "starts, so a crash resumes it and it still counts once. Later games of "
                    "it are replays, and change nothing.\n\n"
                    "After it: your result, the coach's accuracy, what the best play would "
                    "have done, your streak (days in a row played) and a calendar. C copies "
                    "a line to share; K plays any deal by its code."
                ),
            ),
        )

    # -- drawing -------------------------------------------------------------------------------
    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(ROW_LEFT, ROW_TOP + index * ROW_HEIGHT, ROW_WIDTH, ROW_HEIGHT - 2)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        draw_panel(canvas, PANEL, self.title)
        small = get_font("small")
        small.draw(
            canvas,
            _("{day} (UTC): one deal per game, the same for everyone.").format(
                day=self.today.isoformat()
            ),
            (ROW_LEFT, PANEL.y + 14),
            theme.TEXT_DIM,
        )
        for index, info in enumerate(self.games):
            self._draw_row(canvas, index, info, small)
        self._draw_details(canvas, small)
        self._draw_calendar(canvas, small)
        if self.message:
            small.draw(
                canvas, self.message, (PANEL.centerx, PANEL.bottom - 12), theme.GOOD, align="center"
            )

    def _draw_row(self, canvas: pygame.Surface, index: int, info: GameInfo, small) -> None:
        rect = self.row_rect(index)
        chosen = index == self.row
        if chosen:
            canvas.fill(theme.SELECT_BG, rect)
        colour = theme.SELECT_TEXT if chosen else theme.TEXT
        y = rect.y + (rect.height - small.line_height) // 2 + 1
        small.draw(canvas, _(info.title), (rect.x + 4, y), colour)
        code = daily_code(info, self.today).text
        small.draw(canvas, code, (rect.x + CODE_X, y), colour if chosen else theme.ACCENT)
        small.draw(
            canvas, self.status(info), (rect.x + STATUS_X, y), colour if chosen else theme.TEXT_DIM
        )

    def _draw_details(self, canvas: pygame.Surface, small) -> None:
        info = self.info
        entry = self.entry(info)
        streak = self.record.streak(info.id, self.today)
        lines: list[tuple[str, Any]] = []
        confirm = self.key_word("confirm")
        if entry is None:
            # TRANSLATORS: {confirm} is the key or button that plays it: "Enter", or a
            # controller's "A" or "Cross".
            waiting = _("Today's deal is still to play: {confirm} plays it.")
            lines.append((waiting.format(confirm=confirm), theme.TEXT))
        elif not entry.done:
            # TRANSLATORS: {confirm} is the key or button that plays it: "Enter", or a
            # controller's "A" or "Cross".
            going = _("Today's deal is in progress: {confirm} continues it.")
            lines.append((going.format(confirm=confirm), theme.TEXT))
        else:
            lines.append(
                (_("Your result: {result}").format(result=outcome_words(info, entry)), theme.TEXT)
            )
            accuracy = (
                _("The coach's accuracy: {accuracy}").format(accuracy=entry.accuracy)
                if entry.accuracy is not None
                else _("The coach's accuracy: no decision weighed")
            )
            lines.append((accuracy, theme.TEXT))
            if entry.replays:
                lines.append(
                    (
                        ngettext(
                            "Replayed {n} time (not counted).",
                            "Replayed {n} times (not counted).",
                            entry.replays,
                        ).format(n=number(entry.replays)),
                        theme.TEXT_DIM,
                    )
                )
            best, line = self.best()
            if best is None:
                lines.append((_("The best play: being worked out..."), theme.TEXT_DIM))
            elif best:
                lines.append((text(best), theme.ACCENT))
            if line:
                lines.append((_("W shows the winning line."), theme.TEXT_DIM))
        lines.append(
            (
                ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", streak).format(
                    n=number(streak)
                ),
                theme.TITLE,
            )
        )
        y = DETAIL_TOP
        for line, colour in lines:
            for part in small.wrap(line, ROW_WIDTH - 8)[:2]:
                small.draw(canvas, part, (ROW_LEFT + 4, y), colour)
                y += small.line_height + 1
            y += 2
        if entry is not None and entry.done:
            box = pygame.Rect(ROW_LEFT, SHARE_TOP, PANEL.width - 20, 16)
            canvas.fill(theme.BACKDROP_DARK, box)
            pygame.draw.rect(canvas, theme.ACCENT, box, 1)
            small.draw(
                canvas, share_line(info, self.today, entry), (box.x + 4, box.y + 4), theme.TITLE
            )
            small.draw(
                canvas, _("C copies this line to share."), (box.x, box.y - 11), theme.TEXT_DIM
            )

    def _draw_calendar(self, canvas: pygame.Surface, small) -> None:
        """This month's days of the chosen game: won, played, started, or not played."""
        info = self.info
        days = self.record.games.get(info.id, {})
        year, month = self.today.year, self.today.month
        small.draw(
            canvas,
            f"{_(info.title)} · {year}-{month:02d}",
            (CAL_LEFT, CAL_TOP - 14),
            theme.TEXT,
        )
        weeks = calendar.Calendar(firstweekday=0).monthdayscalendar(year, month)
        for row, week in enumerate(weeks):
            for col, day_number in enumerate(week):
                if not day_number:
                    continue
                day = datetime.date(year, month, day_number)
                cell = pygame.Rect(
                    CAL_LEFT + col * CELL[0], CAL_TOP + row * CELL[1], CELL[0] - 2, CELL[1] - 2
                )
                entry = days.get(day.isoformat())
                kind = (
                    ""
                    if entry is None
                    else WON
                    if entry.done and entry.won
                    else PLAYED
                    if entry.done
                    else STARTED
                )
                ink = draw_mark(canvas, cell, kind)
                if not kind and day > self.today:
                    ink = theme.TEXT_MUTED
                small.draw(canvas, str(day_number), (cell.centerx, cell.y + 3), ink, align="center")
                if day == self.today:  # today: a frame around the cell, a step apart
                    pygame.draw.rect(canvas, theme.TEXT, cell.inflate(4, 4), 1)
        y = CAL_TOP + len(weeks) * CELL[1] + 4
        for kind, words in ((WON, _("won")), (PLAYED, _("played")), (STARTED, _("unfinished"))):
            draw_mark(canvas, pygame.Rect(CAL_LEFT, y - 1, 14, 10), kind)
            small.draw(canvas, words, (CAL_LEFT + 18, y), theme.TEXT_DIM)
            y += small.line_height + 3
