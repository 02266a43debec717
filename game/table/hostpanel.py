"""The host's table panel (G at a network table): the host in charge of its table.

An overlay over the table, which plays on beneath it (the panel ticks it: friends still
join and play while the host reads). It shows where friends connect (the address, the
port, whether the connection is encrypted), the table code, and the invitation line to
paste in a chat, in full, while a friend's seat is still free (C copies it where the
system has a clipboard); then each friend's seat: who is there and from where, who is
away, which seat waits for a friend. The host chooses a seat (arrows, its digit, or a
click) and sends its guest away (K: the seat opens again, the guest's key to it dies),
gives an empty seat to the computer for good (W: start without a missing friend), or
changes the code (N: the old one lets nobody in any more). G, Esc or a click outside
goes back to the table. A headless host has the same as commands (hosting.HostConsole).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, Msg, _, text
from game.net import protocol
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.shell.dialog import confirm
from game.table.door import (
    CERT_FILE,
    KEY_FILE,
    RELAY_JOINING,
    address_of,
    invitation,
    relay_words,
)
from game.table.remote import SeatRow, WatcherRow
from game.ui import clipboard, theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL = pygame.Rect(30, 10, CANVAS_SIZE[0] - 60, BAR_TOP - 18)
PAD = 12
ROW_HEIGHT = 13
SEATS_TOP = PANEL.y + 150
PANEL_KEY = "g"
KICK_KEY, WITHOUT_KEY, CODE_KEY, COPY_KEY = "k", "w", "n", "c"
# Spectators (issue 36): V allows or refuses watchers; a watcher's row is chosen as a
# seat's is (its key: -1 - its number) and K turns it out.
WATCHERS_KEY = "v"
WATCHER_COLOUR = theme.TEXT
JOINING = N_(
    "A friend presses J on their title screen and pastes it (or types the address and "
    "the code), then plays their seat from there. Over the internet, give them this "
    "router's public address instead, with the port open to this machine."
)
STATE_COLOURS = {
    "here": theme.GOOD,
    "away": theme.TITLE,
    "open": theme.TEXT_DIM,
    "computer": theme.ACCENT,
}


class PanelTable(Protocol):
    """What the table panel asks of the host's table (a TableScene)."""

    app: Any
    title: str
    net: Any
    moving: bool

    def tick(self) -> None: ...


class HostPanelScene(Scene):
    """The table panel over `table`, a table open to friends."""

    opaque = False
    has_command_bar = True

    def __init__(self, app: App, table: PanelTable, until_full: bool = False) -> None:
        """`until_full`: the panel a table opens with, which goes by itself once every
        friend's seat is taken."""
        super().__init__(app)
        self.table = table
        self.until_full = until_full
        self.title = _("Table for friends: {game}").format(game=table.title)
        #: The chosen friend's seat (a seat number; None while there is none).
        self.chosen: int | None = None
        #: What the last command did, in a line.
        self.said = ""
        self.said_bad = False
        rows = self.rows()
        self.chosen = rows[0].seat if rows else None

    # -- the table beneath --------------------------------------------------------------
    def update(self) -> None:
        """The table plays on beneath the panel, and its door keeps serving."""
        net = self.table.net
        if net is None or (self.until_full and not net.waiting_for_friends()):
            self.close()  # closed or replaced (a rematch); or every friend is here
            return
        self.table.tick()

    @property
    def moving(self) -> bool:
        return self.table.moving  # still, the loop wakes often enough for friends

    def rows(self) -> list[SeatRow]:
        net = self.table.net
        return net.rows() if net is not None else []

    @property
    def row(self) -> SeatRow | None:
        return next((row for row in self.rows() if row.seat == self.chosen), None)

    # -- spectators (issue 36) --------------------------------------------------------------
    def watcher_rows(self) -> list[WatcherRow]:
        net = self.table.net
        return net.watcher_rows() if net is not None else []

    def keys(self) -> list[int]:
        """Every row to choose, in order: the friends' seats, then the watchers (-1 - n)."""
        return [row.seat for row in self.rows()] + [-1 - row.watcher for row in self.watcher_rows()]

    @property
    def watcher(self) -> WatcherRow | None:
        """The chosen watcher's row, if a watcher's is chosen."""
        return next((row for row in self.watcher_rows() if -1 - row.watcher == self.chosen), None)

    def toggle_watchers(self) -> None:
        net = self.table.net
        if net is not None:
            self.say(net.allow_watchers(not net.host.watchers_allowed))
            self.app.audio.play("click")

    def kick_watcher(self) -> None:
        row = self.watcher
        if row is not None and self.table.net is not None:
            self.say(self.table.net.kick_watcher(row.watcher))

    # -- input ------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name, char = action.name, action.char.lower() if action.name == "char" else ""
        seats = self.keys()
        if char == KICK_KEY and self.watcher is not None:
            self.kick_watcher()
        elif char == WITHOUT_KEY and self.watcher is not None:
            self.say(Msg("A watcher holds no seat: K turns them out."), bad=True)
        elif char == WATCHERS_KEY:
            self.toggle_watchers()
        elif name in ("up", "down") and seats:
            here = seats.index(self.chosen) if self.chosen in seats else 0
            self.chosen = seats[(here + (1 if name == "down" else -1)) % len(seats)]
        elif char.isdigit() and int(char) >= 1 and int(char) - 1 in seats:
            self.chosen = int(char) - 1
        elif char == KICK_KEY:
            self.ask(self.kick)
        elif char == WITHOUT_KEY:
            self.ask(self.without)
        elif char == CODE_KEY:
            self.new_code()
        elif char == COPY_KEY:
            self.copy()
        elif name == "click" and action.pos is not None:
            self.click(action.pos)
        elif name in ("cancel", "confirm") or char == PANEL_KEY:
            self.close()

    def click(self, pos: tuple[int, int]) -> None:
        if not PANEL.collidepoint(pos):
            self.close()
            return
        for index, key in enumerate(self.keys()):
            if self.row_rect(self.row_index(index)).collidepoint(pos):
                self.chosen = key

    def row_index(self, index: int) -> int:
        """Where the `index`th row to choose is drawn: watchers after a heading line."""
        seats = len(self.rows())
        return index if index < seats else index + 1

    def ask(self, then) -> None:
        """K and W ask first: neither can be taken back."""

        question = self.question(then)
        if question is not None:
            title, words = question
            confirm(self.app, words, then, title=title, safe_no=True)

    def question(self, then) -> tuple[str, str] | None:
        """The question before sending a guest away or giving a seat to the computer; None
        (and why not, said in the panel) when the chosen seat allows neither."""
        row = self.row
        if row is None:
            self.say(Msg("Choose a friend's seat first (Up and Down)."), bad=True)
            return None
        seat = row.seat + 1
        if then == self.kick:
            if row.state in ("open", "computer"):
                self.say(Msg("Nobody holds seat {seat}.", seat=seat), bad=True)
                return None
            return (
                _("Send {name} away?").format(name=row.name),
                _(
                    "{name} leaves seat {seat}: it opens to a friend again, and {name}'s key"
                    " to it no longer works."
                ).format(name=row.name, seat=seat),
            )
        if row.state == "here":
            self.say(
                Msg(
                    "{name} is at seat {seat}: send them away first (K).", name=row.name, seat=seat
                ),
                bad=True,
            )
            return None
        if row.state == "computer":
            self.say(Msg("The computer already plays seat {seat}.", seat=seat), bad=True)
            return None
        return (
            _("Play without seat {seat}?").format(seat=seat),
            _(
                "The computer takes seat {seat} for the rest of this game and the next ones "
                "at this table; no friend can take it any more."
            ).format(seat=seat),
        )

    def kick(self) -> None:
        if self.chosen is not None and self.table.net is not None:
            self.say(self.table.net.kick(self.chosen))

    def without(self) -> None:
        if self.chosen is not None and self.table.net is not None:
            self.say(self.table.net.play_without(self.chosen))

    def new_code(self) -> None:
        if self.table.net is not None:
            self.say(self.table.net.new_code())
            self.app.audio.play("click")

    def copy(self) -> None:
        """The invitation into the system's clipboard (where there is one)."""
        if self.table.net is None:
            return
        if not clipboard.write_text(invitation(self.table)):
            self.say(Msg("There is no clipboard here: copy the invitation by hand."), bad=True)
            return
        self.say(Msg("The invitation is copied: paste it to your friends."))
        self.app.audio.play("click")

    def say(self, words: str | Msg, bad: bool = False) -> None:
        self.said, self.said_bad = text(words), bad
        if bad:
            self.app.audio.play("error")

    # -- the command bar and help --------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        row = self.row
        return [
            # TRANSLATORS: command bar keys: the Up and Down arrow keys (a short label).
            named_command(_("Up/Dn"), _("Seat"), "down", enabled=len(self.rows()) > 1),
            # TRANSLATORS: command bar: send the guest away (one short word).
            char_command(
                "K",
                _("Kick"),
                enabled=(row is not None and row.state in ("here", "away"))
                or self.watcher is not None,
            ),
            # TRANSLATORS: command bar: play without that seat's friend (one short word).
            char_command(
                "W", _("Without"), enabled=row is not None and row.state in ("open", "away")
            ),
            # TRANSLATORS: command bar: make a new table code (one short word).
            char_command("N", _("NewCode")),
            # TRANSLATORS: command bar: copy the invitation (one short word).
            char_command("C", _("Copy")),
            # TRANSLATORS: command bar: allow or refuse watchers (a toggle, one short word).
            char_command(
                "V",
                _("Watchers"),
                state=self.table.net is not None and self.table.net.host.watchers_allowed,
            ),
            char_command("G", _("Close")),
            named_command(_("Esc"), _("Close"), "cancel"),
            char_command("H", _("Help")),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("The table panel"),
                _(
                    "Your table is open to friends on other machines. The panel shows the "
                    "address they connect to, the table code and the invitation: one line "
                    "a friend pastes into the Join screen (J on the title). C copies it to "
                    "the clipboard; send it by chat or mail. Without a certificate (--cert "
                    "and --key) the connection is not encrypted: send the invitation "
                    "privately.\n\n"
                    "Below, each friend's seat: who is there and from which address, who is "
                    "away (the computer plays for them after a while), which seat waits "
                    "for a friend. Up and Down (or a click, or the seat's digit) choose a "
                    "seat.\n\n"
                    "K sends the guest at the chosen seat away: the seat opens to a friend "
                    "again and that guest's key to it stops working. W gives a seat nobody "
                    "sits at to the computer for good: play without a friend who does not "
                    "come. N makes a new table code: friends already at the table stay, "
                    "the old code lets nobody else in.\n\n"
                    "The game goes on beneath the panel. G, Esc or a click outside the "
                    "panel goes back to the table."
                )
                + "\n\n"
                + _(
                    "Friends may also join to watch (Watch on their Join screen): a watcher "
                    "takes no seat, sees only what is face up (no hand) and cannot play. "
                    "Watchers are listed under the seats; V allows or refuses them (refusing "
                    "turns out those watching), and K turns out the chosen watcher."
                ),
            ),
        )

    # -- drawing --------------------------------------------------------------------------
    def draw_watchers(self, canvas: pygame.Surface, seats: int) -> None:
        """Under the seats: whether watchers are taken, and who watches from where (as
        many rows as the panel holds; the rest counted)."""
        net = self.table.net
        if net is None:
            return
        small = get_font("small")
        host = net.host
        rows = self.watcher_rows()
        heading = self.row_rect(seats)
        small.draw(
            canvas,
            _watchers_line(host.watchers_allowed, len(rows), host.watcher_cap),
            (heading.x + 3, small.top_in(heading)),
            theme.TEXT if host.watchers_allowed else theme.TEXT_DIM,
        )
        room = max(0, (PANEL.bottom - 22 - heading.bottom) // ROW_HEIGHT)
        shown = rows if len(rows) <= room else rows[: max(0, room - 1)]
        for index, row in enumerate(shown):
            rect = self.row_rect(seats + 1 + index)
            chosen = -1 - row.watcher == self.chosen
            if chosen:
                pygame.draw.rect(canvas, theme.SELECT_BG, rect)
            colour = theme.SELECT_TEXT if chosen else WATCHER_COLOUR
            text_y = small.top_in(rect)
            small.draw(canvas, f"-  {row.name}", (rect.x + 3, text_y), colour)
            small.draw(canvas, row.words, (rect.x + 120, text_y), colour)
        if len(shown) < len(rows):
            rect = self.row_rect(seats + 1 + len(shown))
            small.draw(
                canvas,
                _("and {n} more").format(n=len(rows) - len(shown)),
                (rect.x + 3, small.top_in(rect)),
                theme.TEXT_DIM,
            )

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            PANEL.x + PAD - 3,
            self.seats_top() + index * ROW_HEIGHT - 1,
            PANEL.width - 2 * PAD + 6,
            ROW_HEIGHT,
        )

    def seats_top(self) -> int:
        """Where the seats' rows start: SEATS_TOP, or lower under a taller head (large
        text, a long translation), with the seats' heading between."""
        small = get_font("small")
        _lines, bottom = self._head(small)
        return max(SEATS_TOP, bottom + small.line_height + 6)

    def _head(self, small) -> tuple[list[tuple[str, tuple[int, int], Any]], int]:
        """The lines above the seats: (text, where, colour) each, and the y below them."""
        net = self.table.net
        lines: list[tuple[str, tuple[int, int], Any]] = []
        if net is None:
            return lines, PANEL.y + 20
        left, width = PANEL.x + PAD, PANEL.width - 2 * PAD
        host = net.host
        y = PANEL.y + 20
        relayed = relay_words(self.table)  # the relay (issue 36): its own top and words
        lines.append(
            (
                # TRANSLATORS: one line at the top of the host's panel; keep it short.
                _("Address {address}   Port {port}   Code {code}").format(
                    address=address_of(self.table),
                    port=host.port,
                    code=protocol.shown_code(host.code),
                )
                if relayed is None
                else relayed[0],
                (left, y),
                theme.TITLE,
            )
        )
        y += small.line_height + 2
        if relayed is not None:
            security, colour = relayed[1], theme.GOOD if relayed[2] else theme.WARNING
        elif host.fingerprint:
            security = _("Encrypted (wss://): the invitation pins this table's certificate.")
            colour = theme.GOOD
        else:
            security = _(
                "Not encrypted (plain ws://): send the invitation privately. A certificate "
                "gives wss://: {cert} and {key} in {folder}, or --cert and --key."
            ).format(cert=CERT_FILE, key=KEY_FILE, folder=self.app.storage.data_dir)
            colour = theme.WARNING
        for line in small.wrap(security, width):
            lines.append((line, (left, y), colour))
            y += small.line_height
        y += 4
        if net.waiting_for_friends():
            lines.append(
                (_("The invitation to paste in a chat (C copies it):"), (left, y), theme.TEXT)
            )
            y += small.line_height + 1
            for line in _broken(invitation(self.table), small, width - 8):
                lines.append((line, (left + 8, y), theme.ACCENT))
                y += small.line_height
            y += 3
            joining = JOINING if relayed is None else RELAY_JOINING
            for line in small.wrap(_(joining), width):
                lines.append((line, (left, y), theme.TEXT_DIM))
                y += small.line_height
        else:
            lines.append(
                (
                    _("Every friend's seat is taken (C still copies the invitation)."),
                    (left, y),
                    theme.GOOD,
                )
            )
            y += small.line_height
        return lines, y

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        draw_panel(canvas, PANEL, self.title)
        if self.table.net is None:
            return
        small = get_font("small")
        left, width = PANEL.x + PAD, PANEL.width - 2 * PAD
        for words, where, colour in self._head(small)[0]:
            small.draw(canvas, words, where, colour)
        small.draw(
            canvas,
            _("Friends' seats"),
            (left, self.seats_top() - small.line_height - 3),
            theme.TEXT,
        )
        for index, row in enumerate(self.rows()):
            rect = self.row_rect(index)
            chosen = row.seat == self.chosen
            if chosen:
                pygame.draw.rect(canvas, theme.SELECT_BG, rect)
            colour = theme.SELECT_TEXT if chosen else STATE_COLOURS.get(row.state, theme.TEXT)
            text_y = small.top_in(rect)  # the letters inside the highlight, feet and all
            small.draw(canvas, f"{row.seat + 1}  {row.name}", (rect.x + 3, text_y), colour)
            small.draw(canvas, row.words, (rect.x + 120, text_y), colour)
        self.draw_watchers(canvas, len(self.rows()))
        if self.said:
            lines = small.wrap(self.said, width)
            y = PANEL.bottom - 8 - len(lines) * small.line_height
            for line in lines:
                small.draw(canvas, line, (left, y), theme.WARNING if self.said_bad else theme.TITLE)
                y += small.line_height


def _watchers_line(allowed: bool, count: int, cap: int) -> str:
    """The heading of the watchers' rows."""
    if not allowed:
        return _("Watchers: refused (V allows them)")
    return _("Watchers: {count} of {cap} (V refuses them)").format(count=count, cap=cap)


def _broken(text: str, font, width: int) -> list[str]:
    """A line with no spaces (an invitation) broken to fit `width`, every character kept."""
    lines, line = [], ""
    for ch in text:
        if line and font.measure(line + ch)[0] > width:
            lines.append(line)
            line = ""
        line += ch
    return lines + ([line] if line else [])
