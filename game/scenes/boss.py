"""The boss key: a convincing phony DOS screen (Shut The Box, 1989).

"This key is used when you are playing the game on company time, and the boss suddenly
appears. To return to the game, key OK at the phony DOS prompt." F12 also returns. While
it is up nothing beneath it ticks: the app only ticks the top scene.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import speech
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.shell.base import HelpPage, Scene
from game.ui import theme

if TYPE_CHECKING:
    from game.shell.app import App

CAPTION = "MS-DOS Prompt"
# DOS is a grid of character cells: our proportional font is set one glyph per cell.
CELL_WIDTH = 7
RETURN_WORD = "OK"
MARGIN = 4
CURSOR_BLINK_TICKS = 16
MAX_COMMAND = 60

DIRECTORY = "C:\\LEDGER"
# (name, extension, size or None for a folder, date, time) — a bookkeeper's folder.
LISTING = [
    (".", "", None, "03-14-94", "9:12a"),
    ("..", "", None, "03-14-94", "9:12a"),
    ("ARCHIVE", "", None, "06-30-94", "5:02p"),
    ("BUDGET95", "WK1", 48213, "11-02-94", "4:51p"),
    ("BUDGET94", "WK1", 45870, "12-19-93", "3:15p"),
    ("Q3REPORT", "DOC", 22480, "10-28-94", "11:07a"),
    ("VENDORS", "DBF", 131072, "11-01-94", "8:30a"),
    ("VENDORS", "NDX", 16384, "11-01-94", "8:30a"),
    ("PAYROLL", "DBF", 98304, "10-31-94", "6:44p"),
    ("INVOICES", "DBF", 212992, "11-02-94", "9:58a"),
    ("LEDGER", "EXE", 184320, "02-11-93", "12:00p"),
    ("LEDGER", "CFG", 512, "09-07-94", "2:21p"),
    ("MEMO1102", "TXT", 3187, "11-02-94", "10:41a"),
    ("TAXCALC", "BAT", 214, "04-12-94", "8:05a"),
]
FREE_BYTES = 8_462_336
MEMO = [
    "TO:   All department heads",
    "FROM: Accounts Payable",
    "RE:   Q4 close schedule",
    "",
    "Please submit outstanding vendor invoices by the 15th.",
    "Year-end reconciliation begins the first week of December.",
]


def _with_commas(n: int) -> str:
    return f"{n:,}"


class BossScene(Scene):
    """A C:\\> prompt that answers DIR, CLS, VER, DATE, TIME, CD, TYPE, MEM and HELP."""

    title = "MS-DOS"
    wants_text = True  # B types a "b" here; F12 is the way out besides OK
    is_boss_screen = True  # the boss key closes it (the App's Screens.boss)

    def __init__(self, app: App):
        super().__init__(app)
        self.lines: list[str] = []
        self.command = ""
        self.cwd = DIRECTORY
        self._previous_caption = ""
        font = get_font("small")
        self.rows = (CANVAS_SIZE[1] - 2 * MARGIN) // font.line_height
        self._line_images: dict[str, pygame.Surface] = {}
        self._run("DIR")

    # -- life cycle --------------------------------------------------------------------
    def enter(self) -> None:
        speech.speaker().stop()  # the phony screen does not talk about the game
        self._previous_caption = self.app.display.caption
        self.app.display.set_caption(CAPTION)

    def exit(self) -> None:
        self.app.display.set_caption(self._previous_caption or "Pixel Parlor")

    # -- the phony shell ---------------------------------------------------------------
    @property
    def prompt(self) -> str:
        return f"{self.cwd}>"

    def _print(self, *lines: str) -> None:
        self.lines.extend(lines)
        excess = len(self.lines) - (self.rows - 1)
        if excess > 0:
            del self.lines[:excess]

    def _run(self, text: str) -> None:
        """Echo the command at the prompt and print what DOS would answer."""
        self._print(self.prompt + text)
        words = text.strip().split()
        if not words:
            return
        verb, args = words[0].upper(), words[1:]
        if verb in ("CD..", "CD\\"):
            verb, args = "CD", [verb[2:]]
        answer = {
            "DIR": self._dir,
            "CLS": self._cls,
            "VER": lambda a: ["", "MS-DOS Version 6.22", ""],
            "DATE": self._date,
            "TIME": self._time,
            "CD": self._cd,
            "CHDIR": self._cd,
            "TYPE": self._type,
            "MEM": self._mem,
            "HELP": self._help,
            "EXIT": lambda a: [],
        }.get(verb)
        self._print(*(answer(args) if answer else ["Bad command or file name", ""]))

    def _dir(self, args: list[str]) -> list[str]:
        out = [
            "",
            " Volume in drive C is ACCOUNTING",
            " Volume Serial Number is 1A2F-3C4D",
            f" Directory of {self.cwd}",
            "",
        ]
        files = (
            LISTING
            if self.cwd == DIRECTORY
            else [
                ("DOS", "", None, "01-04-94", "8:00a"),
                ("WINDOWS", "", None, "01-04-94", "8:10a"),
                ("LEDGER", "", None, "03-14-94", "9:12a"),
                ("AUTOEXEC", "BAT", 412, "09-07-94", "2:20p"),
                ("CONFIG", "SYS", 298, "09-07-94", "2:20p"),
                ("COMMAND", "COM", 54645, "05-31-94", "6:22a"),
            ]
        )
        total = 0
        for name, ext, size, date, clock in files:
            size_text = "<DIR>    " if size is None else f"{_with_commas(size):>9}"
            total += size or 0
            out.append(f"{name:<8} {ext:<3} {size_text} {date} {clock:>6}")
        count = sum(1 for f in files if f[2] is not None)
        out += [
            f"{count:>9} file(s) {_with_commas(total):>14} bytes",
            f"{'':>17} {_with_commas(FREE_BYTES):>14} bytes free",
            "",
        ]
        return out

    def _cls(self, args: list[str]) -> list[str]:
        self.lines.clear()
        return []

    def _date(self, args: list[str]) -> list[str]:
        today = datetime.date.today()
        return [f"Current date is {today:%a %m-%d-%Y}", "Enter new date (mm-dd-yy): ", ""]

    def _time(self, args: list[str]) -> list[str]:
        now = datetime.datetime.now()
        return [
            f"Current time is {now:%H:%M:%S}.{now.microsecond // 10000:02d}",
            "Enter new time: ",
            "",
        ]

    def _cd(self, args: list[str]) -> list[str]:
        if not args:
            return [self.cwd, ""]
        target = args[0].upper()
        if target in ("..", "\\", "C:\\"):
            self.cwd = "C:\\"
        elif target in ("LEDGER", "\\LEDGER", "C:\\LEDGER"):
            self.cwd = DIRECTORY
        else:
            return ["Invalid directory", ""]
        return [""]

    def _type(self, args: list[str]) -> list[str]:
        if not args:
            return ["Required parameter missing", ""]
        if args[0].upper() == "MEMO1102.TXT" and self.cwd == DIRECTORY:
            return [*MEMO, ""]
        names = {f"{n}.{e}" for n, e, s, _, _ in LISTING if s is not None}
        if args[0].upper() in names and self.cwd == DIRECTORY:
            return ["Access denied", ""]
        return ["File not found", ""]

    def _mem(self, args: list[str]) -> list[str]:
        return [
            "",
            "    655360 bytes total conventional memory",
            "    655360 bytes available to MS-DOS",
            "    591344 largest executable program size",
            "",
        ]

    def _help(self, args: list[str]) -> list[str]:
        return [
            "For more information on a specific command, type HELP command-name",
            "CD       Displays the name of or changes the current directory.",
            "CLS      Clears the screen.",
            "DATE     Displays or sets the date.",
            "DIR      Displays a list of files and subdirectories in a directory.",
            "MEM      Displays the amount of used and free memory in your system.",
            "TIME     Displays or sets the system time.",
            "TYPE     Displays the contents of a text file.",
            "VER      Displays the MS-DOS version.",
            "",
        ]

    # -- input --------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.name == "char":
            if len(self.command) < MAX_COMMAND:
                self.command += action.char
        elif action.name == "space":
            if len(self.command) < MAX_COMMAND:
                self.command += " "
        elif action.name == "backspace":
            self.command = self.command[:-1]
        elif action.name == "cancel":
            self.command = ""
        elif action.name == "confirm":
            text, self.command = self.command, ""
            if text.strip().upper() == RETURN_WORD:
                self.close()
            else:
                self._run(text)

    def help_pages(self) -> Sequence[HelpPage]:
        return ()

    # -- drawing ------------------------------------------------------------------------
    def _line_image(self, text: str) -> pygame.Surface:
        """A line set in fixed-width cells, like a text-mode screen (cached per line)."""
        image = self._line_images.get(text)
        if image is None:
            font = get_font("small")
            image = pygame.Surface(
                (max(1, len(text)) * CELL_WIDTH, font.line_height), pygame.SRCALPHA
            )
            for column, ch in enumerate(text):
                if ch != " ":
                    glyph = font.render(ch, theme.DOS_TEXT)
                    image.blit(
                        glyph, (column * CELL_WIDTH + (CELL_WIDTH - glyph.get_width()) // 2, 0)
                    )
            if len(self._line_images) > 4 * self.rows:
                self._line_images.clear()
            self._line_images[text] = image
        return image

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.DOS_BG)
        line_height = get_font("small").line_height
        y = MARGIN
        for line in self.lines:
            canvas.blit(self._line_image(line), (MARGIN, y))
            y += line_height
        typed = self.prompt + self.command
        canvas.blit(self._line_image(typed), (MARGIN, y))
        if (self.ticks // CURSOR_BLINK_TICKS) % 2 == 0:
            x = MARGIN + len(typed) * CELL_WIDTH
            canvas.fill(theme.DOS_TEXT, (x + 1, y + line_height - 3, CELL_WIDTH - 2, 2))
