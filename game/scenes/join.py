"""Join a friend's table (J on the title): the host's address, the table code, your name,
and the seat you would like (blank: the first free one).

Enter connects; the host answers with a seat (the one asked for, else the first free one,
or the one this person had: the token of an earlier welcome is kept for that address and
code in this run) and the first view, and the game's guest table replaces this screen. A refusal (a
wrong code, a full table, another version of Pixel Parlor) or an address where no table
answers is said in red, and the fields can be changed and Enter pressed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.net import protocol
from game.net.client import NetClient
from game.scenes.base import Command, HelpPage, Scene, named_command
from game.scenes.registry import network_games, spoken_list
from game.table.guest import GuestLink
from game.ui import theme
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.app import App

PANEL = pygame.Rect(100, 60, CANVAS_SIZE[0] - 200, 200)
FIELD_HEIGHT = 16
FIELDS = (
    ("address", "Host's address (and :port)", 40),
    ("code", "Table code", 9),
    ("name", "Your name", protocol.NAME_LIMIT),
    ("seat", "Seat (blank: the first free)", 1),
)
# Seconds to wait for the host's welcome and first view.
ANSWER_WAIT_TICKS = 15 * 60
# Tokens of the seats this program has held, by (address, code): coming back to a table
# in this run takes the same seat.
_TOKENS: dict[tuple[str, str], str] = {}


def split_address(text: str) -> tuple[str, int]:
    """ "192.168.1.20:28989" -> ("192.168.1.20", 28989); the default port when none is
    given. ValueError for a port that is not one."""
    text = text.strip()
    if text.startswith("["):  # [IPv6]:port
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:  # a name, IPv4, or a bare IPv6 address
        host, port = text, ""
    if not port:
        return host or "127.0.0.1", protocol.DEFAULT_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port number")
    return host or "127.0.0.1", int(port)


class JoinScene(Scene):
    """Three fields and a button: Enter joins."""

    title = "Join a table"
    has_command_bar = True
    wants_text = True

    def __init__(self, app: App, address: str = "", code: str = "", name: str = "") -> None:
        super().__init__(app)
        self.values = {
            "address": address or "127.0.0.1",
            "code": code,
            "name": name or "Guest",
            "seat": "",
        }
        self.field = 1 if address else 0
        self.problem = ""
        self.client: NetClient | None = None
        self.welcome: dict | None = None
        self.waited = 0

    # -- typing -------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name == "cancel":
            self.stop_trying()
            self.close()
        elif self.client is not None:
            return  # connecting: only Esc
        elif name in ("down", "tab"):
            self.field = (self.field + 1) % len(FIELDS)
        elif name == "up":
            self.field = (self.field - 1) % len(FIELDS)
        elif name == "backspace":
            key = FIELDS[self.field][0]
            self.values[key] = self.values[key][:-1]
        elif name == "char" or (name == "space" and self.field != 1):
            self.type(" " if name == "space" else action.char)
        elif name == "confirm":
            self.connect()
        elif name == "click" and action.pos:
            for index in range(len(FIELDS)):
                if self.field_rect(index).collidepoint(action.pos):
                    self.field = index

    def type(self, char: str) -> None:
        key, _, limit = FIELDS[self.field]
        if len(self.values[key]) < limit and get_font("small").has_glyph(char):
            self.values[key] += char
            self.problem = ""

    # -- connecting ---------------------------------------------------------------------
    def connect(self) -> None:
        try:
            address, port = split_address(self.values["address"])
        except ValueError as error:
            self.problem = str(error)
            return
        code = protocol.normal_code(self.values["code"])
        if len(code) != protocol.CODE_LENGTH:
            self.problem = f"A table code has {protocol.CODE_LENGTH} letters and digits."
            self.field = 1
            return
        seat = self.values["seat"]
        if seat and not ("1" <= seat <= "9"):
            self.problem = "A seat is a number from 1, or blank for the first free one."
            self.field = 3
            return
        self.problem = ""
        self.waited = 0
        self.welcome = None
        self.client = NetClient(
            address,
            port,
            code,
            self.values["name"].strip() or "Guest",
            seat=int(seat) - 1 if seat else None,
            token=_TOKENS.get((address, code)),
        ).start()
        self._key = (address, code)

    def stop_trying(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def update(self) -> None:
        if self.client is None:
            return
        self.waited += 1
        for message in self.client.poll():
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                if self.client.token:
                    _TOKENS[self._key] = self.client.token
            elif kind == "view" and self.welcome is not None:
                self.sit_down(message)
                return
            elif kind in ("refused", "closed"):
                self.problem = str(message.get("reason") or "no answer")[:160]
                self.stop_trying()
                return
        if self.waited > ANSWER_WAIT_TICKS:
            self.problem = "The host did not answer in time."
            self.stop_trying()

    def sit_down(self, view: dict) -> None:
        """The game's guest table, in place of this screen."""
        from game.scenes.registry import game_info

        assert self.client is not None and self.welcome is not None
        info = game_info(str(self.welcome.get("game")))
        if info is None or info.network_join is None:
            self.problem = f"This Pixel Parlor cannot join {self.welcome.get('game')!r}."
            self.stop_trying()
            return
        link = GuestLink(self.client, int(self.welcome["seat"]))
        try:
            table = info.network_join(self.app, link, view)
        except (ValueError, KeyError, TypeError) as error:
            self.problem = f"The host's table cannot be shown here ({type(error).__name__})."
            self.stop_trying()
            return
        self.client = None  # the table owns the connection now
        self.app.replace(table)

    @property
    def moving(self) -> bool:
        return self.client is not None

    # -- drawing --------------------------------------------------------------------------
    def field_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            PANEL.x + 180, PANEL.y + 34 + index * 30, PANEL.width - 200, FIELD_HEIGHT
        )

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BACKDROP)
        draw_panel(canvas, PANEL, self.title)
        small = get_font("small")
        for index, (key, label, _) in enumerate(FIELDS):
            rect = self.field_rect(index)
            chosen = index == self.field and self.client is None
            small.draw(
                canvas, label, (PANEL.x + 20, rect.y + 3), theme.TITLE if chosen else theme.TEXT
            )
            canvas.fill(theme.BACKDROP_DARK, rect)
            pygame.draw.rect(canvas, theme.ACCENT if chosen else theme.TEXT_MUTED, rect, 1)
            end = small.draw(canvas, self.values[key], (rect.x + 4, rect.y + 3), theme.TITLE).right
            if chosen and self.cursor_shown(30):
                canvas.fill(
                    theme.TITLE, (max(end, rect.x + 3) + 1, rect.y + 3, 2, small.line_height - 2)
                )
        y = PANEL.y + 160
        if self.client is not None:
            small.draw(
                canvas, "Knocking at the table...", (PANEL.centerx, y), theme.ACCENT, align="center"
            )
        elif self.problem:
            said = self.problem[:1].upper() + self.problem[1:]
            said += "" if said.endswith((".", "!", "?")) else "."
            for line in small.wrap(said, PANEL.width - 40)[:3]:
                small.draw(canvas, line, (PANEL.centerx, y), theme.WARNING, align="center")
                y += small.line_height
        else:
            small.draw(
                canvas,
                "Ask the host for the address and the code, then press Enter.",
                (PANEL.centerx, y),
                theme.TEXT_DIM,
                align="center",
            )

    def commands(self) -> Sequence[Command]:
        if self.client is not None:
            return [named_command("Esc", "Stop", "cancel")]
        return [
            named_command("Up/Dn", "Field", "down"),
            named_command("Enter", "Join", "confirm"),
            named_command("Bksp", "Erase", "backspace"),
            named_command("Esc", "Back", "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        hosted = spoken_list([g.title for g in network_games()], "or")
        return (
            HelpPage(
                "Joining a table",
                (
                    'A friend hosts a table (a seat made "Friend (network)" in the set-up of '
                    f"{hosted}, or python main.py --host) and tells you "
                    "the address of their machine and the table code. Type them here with your "
                    "name, and the seat you would like if you have agreed on one (the table's set-up "
                    "numbers them), and press Enter: you get that seat, or the first free one, and "
                    "play it from this screen. Only what your seat may see is sent to you.\n\n"
                    f"The port is {protocol.DEFAULT_PORT} unless the host chose another: type it "
                    "after the address, as 192.168.1.20:28989. If the connection drops, join again "
                    "with the same code and name: your seat waits for you (the computer plays it "
                    "after a minute, until you are back)."
                ),
            ),
        )
