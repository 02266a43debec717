"""Join a friend's table (J on the title): the host's address, the table code, your name,
and the seat you would like (blank: the first free one).

The host's invitation line (`pixelparlor://HOST:PORT/ABCD-EFGH`, with `?tls=...` when the
table is encrypted) may be pasted (Ctrl+V) or typed in the address field: it fills the
address and the code, and says how the connection is kept private. Codes show as two
groups of four (ABCD-EFGH); only their letters and digits are typed.

Enter connects; the host answers with a seat (the one asked for, else the first free one,
or the one this person had: the token of the seat's welcome is kept on disk for that
address and code, in a private file of the data folder, so that it survives a restart of
this program) and the first view, and the game's guest table replaces this screen. A
refusal (a wrong code, a full table, another version of Pixel Parlor) or an address where
no table answers is said in red, and the fields can be changed and Enter pressed again.
Esc while knocking leaves at once: the connection gives up on its own thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import lang, speech
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _, join_words, number
from game.net import protocol
from game.net.client import NetClient
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.registry import game_info, network_games
from game.storage import clean_name
from game.table.guest import GuestLink, guest_table
from game.ui import clipboard, theme
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL = pygame.Rect(100, 36, CANVAS_SIZE[0] - 200, 250)
FIELD_HEIGHT = 16
FIELD_STEP = 28
ADDRESS, CODE, NAME, SEAT = range(4)
# Spectators (issue 36): the row after the fields chooses to play a seat or to watch.
MODE = 4
ROWS = 5
# TRANSLATORS: the Join screen's last row: to play a seat or to watch (a label, then the
# two choices, each a short word or two).
MODE_LABEL = N_("Join to")
PLAY_WORD, WATCH_WORD = N_("Play"), N_("Watch")
# TRANSLATORS: the Join screen's fields (labels left of the boxes, under 170 pixels).
FIELDS = (
    ("address", N_("Address or invitation"), 400),  # room for a pasted invitation line
    ("code", N_("Table code"), protocol.CODE_LENGTH),  # its letters and digits, no dash
    ("name", N_("Your name"), protocol.NAME_LIMIT),
    ("seat", N_("Seat (blank: the first free)"), 1),
)
# Seconds to wait for the host's welcome and first view.
ANSWER_WAIT_TICKS = 15 * 60
INVITATION_START = f"{protocol.INVITATION_SCHEME}://"
# TRANSLATORS: the name of a guest who has typed none.
GUEST_NAME = N_("Guest")  # a name for one who has typed none, ever


def split_address(text: str) -> tuple[str, int]:
    """ "192.168.1.20:28989" -> ("192.168.1.20", 28989); the default port when none is
    given. ValueError for a port that is not one."""
    text = text.strip()
    if text.startswith("["):  # [IPv6]:port
        host, _bracket, rest = text[1:].partition("]")
        port = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _colon, port = text.partition(":")
    else:  # a name, IPv4, or a bare IPv6 address
        host, port = text, ""
    if not port:
        return host or "127.0.0.1", protocol.DEFAULT_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port number")
    return host or "127.0.0.1", int(port)


def joined_address(address: str, port: int) -> str:
    """The address field for a host and port: "192.168.1.20:28989", "[::1]:28989"."""
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def privacy_words(invitation: protocol.Invitation | None) -> str:
    """How the connection is kept private, as the screen says it."""
    if invitation is not None and invitation.secret is not None:  # the relay (issue 36)
        return _("Through a relay: every message is sealed with the invitation's secret.")
    if invitation is None or not invitation.tls:
        return ""
    if invitation.fingerprint is None:
        return _("Encrypted; the host's certificate is checked by this computer's authorities.")
    shown = invitation.fingerprint.upper()
    return _("Encrypted; only the host's certificate {fingerprint} is accepted.").format(
        fingerprint=f"{shown[:4]}..{shown[-4:]}"
    )


class JoinScene(Scene):
    """Four fields and a button: Enter joins."""

    title = N_("Join a table")  # translated where shown
    has_command_bar = True
    wants_text = True
    on_screen_keyboard = True

    def __init__(self, app: App, address: str = "", code: str = "", name: str = "") -> None:
        super().__init__(app)
        self.values = {
            "address": address or "127.0.0.1",
            "code": protocol.normal_code(code)[: protocol.CODE_LENGTH],
            # The name typed last time, as the set-up remembers its names.
            "name": name
            or clean_name(app.storage.settings.join_name, protocol.NAME_LIMIT)
            or _(GUEST_NAME),
            "seat": "",
        }
        #: Join to watch (a spectator: no seat, nothing to play) rather than to play.
        self.watch = False
        self.field = CODE if address else ADDRESS
        self.problem = ""
        self.told = ""  # a line that is no problem (an invitation read)
        #: The invitation the address came from (its encryption), until the address is
        #: typed over.
        self.invitation: protocol.Invitation | None = None
        self.client: NetClient | None = None
        self.welcome: dict | None = None
        self.waited = 0
        self._table: tuple[str, int, str] = ("", 0, "")
        self._said = ""  # the problem or note said last (speech)

    # -- speech (a player who cannot see the screen) ------------------------------------
    def enter(self) -> None:
        super().enter()
        speech.say(_(self.title), interrupt=True)
        self.say_field(interrupt=False)

    def say_field(self, interrupt: bool = True) -> None:
        """The chosen row's label and what it holds."""
        if self.field == MODE:
            label, value = _(MODE_LABEL), _(WATCH_WORD if self.watch else PLAY_WORD)
        else:
            label, value = _(FIELDS[self.field][1]), self.spoken(self.field)
        # TRANSLATORS: spoken: a menu's row and its value ("Sound: On").
        speech.say(_("{row}: {value}").format(row=label, value=value), interrupt)

    def spoken(self, index: int) -> str:
        """A field's text as said: whole (the screen may show a long one by its end), a
        code in its groups, "Empty"."""
        text = self.values[FIELDS[index][0]]
        return (protocol.shown_code(text) if index == CODE else text) or _("Empty")

    def say_news(self) -> None:
        """A problem or a note the screen has just come to show, said once."""
        knocking = _("Knocking at the table...") if self.client is not None else ""
        news = self.problem or self.told or knocking
        if news != self._said:
            self._said = news
            if news:
                speech.say(news, interrupt=True)

    # -- typing -------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        field, watch = self.field, self.watch
        before = self.values.get(FIELDS[field][0]) if field < MODE else None
        self.take(action)
        if self.field != field or self.watch != watch:
            self.say_field()
        elif field < MODE and self.values[FIELDS[field][0]] != before:
            if action.name in ("char", "space"):
                speech.say(action.char if action.name == "char" else _("Space"), interrupt=True)
            else:  # erased, or pasted
                speech.say(self.spoken(field), interrupt=True)
        self.say_news()

    def take(self, action: Action) -> None:
        """What a key, a click or a paste does on this screen."""
        name = action.name
        if name == "cancel":
            self.stop_trying()
            self.close()
        elif self.client is not None:
            return  # connecting: only Esc
        elif name in ("down", "tab"):
            self.field = (self.field + 1) % ROWS
        elif name == "up":
            self.field = (self.field - 1) % ROWS
        elif self.field == MODE and name in ("left", "right", "space"):
            self.choose_watch(not self.watch)
        elif self.field == MODE and name == "char":
            if action.char.lower() in (_(PLAY_WORD)[:1].lower(), _(WATCH_WORD)[:1].lower()):
                self.choose_watch(action.char.lower() == _(WATCH_WORD)[:1].lower())
        elif self.field == MODE and name in ("backspace", "paste"):
            return
        elif name == "backspace":
            key = FIELDS[self.field][0]
            self.values[key] = self.values[key][:-1]
            self.edited()
        elif name == "paste":
            self.paste(clipboard.read_text())
        elif name == "char" or (name == "space" and self.field not in (CODE, SEAT)):
            self.type(" " if name == "space" else action.char)
        elif name == "confirm":
            self.connect()
        elif name == "click" and action.pos:
            for index in range(len(FIELDS)):
                if self.field_rect(index).collidepoint(action.pos):
                    self.field = index
            for watch, rect in ((False, self.mode_rect(False)), (True, self.mode_rect(True))):
                if rect.collidepoint(action.pos):
                    self.field = MODE
                    self.choose_watch(watch)

    def choose_watch(self, watch: bool) -> None:
        """Join to watch (True) or to play a seat."""
        self.watch = watch
        self.problem = ""
        self.app.audio.play("click")

    def type(self, text: str) -> None:
        """Characters into the chosen field, as far as it takes them."""
        key, _label, limit = FIELDS[self.field]
        font = get_font("small")
        for char in text:
            if self.field == CODE:
                char = char.upper()
                if char in "- ":
                    continue  # the groups are shown by themselves
                if char not in protocol.CODE_ALPHABET:
                    self.problem = _(
                        "{char} is in no table code: they have no 0, O, 1, I or L, "
                        "and their letters are read aloud easily."
                    ).format(char=repr(char))
                    return
            if len(self.values[key]) >= limit or not font.has_glyph(char):
                break
            self.values[key] += char
        self.edited()

    def edited(self) -> None:
        """A field changed by hand: an address typed over is no longer the invitation's."""
        self.problem = self.told = ""
        if self.field == ADDRESS:
            self.invitation = None

    def paste(self, text: str) -> None:
        """The clipboard: an invitation in it (a chat message may hold words around it)
        fills the fields; anything else goes into the chosen field, its first line."""
        start = text.lower().find(INVITATION_START)
        if start >= 0:
            self.take_invitation(text[start:].split()[0])
            return
        line = next((part.strip() for part in text.splitlines() if part.strip()), "")
        if not line:
            self.problem = _("There is nothing to paste: copy the host's invitation first.")
            return
        self.type(line)

    def take_invitation(self, line: str) -> bool:
        """Fill the fields from an invitation line; False (the problem said) if it is none."""
        try:
            invitation = protocol.parse_invitation(line)
        except protocol.ProtocolError as error:
            self.problem = _("That invitation cannot be read: {why}.").format(why=error)
            return False
        self.values["address"] = joined_address(invitation.address, invitation.port)
        self.values["code"] = invitation.code
        self.invitation = invitation
        self.field = NAME
        self.problem = ""
        # TRANSLATORS: {confirm} is the key or button that joins: "Enter", or a
        # controller's "A" or "Cross".
        self.told = _("Invitation read: check your name, then press {confirm}.").format(
            confirm=self.key_word("confirm")
        )
        return True

    # -- connecting ---------------------------------------------------------------------
    def connect(self) -> None:
        typed = self.values["address"].strip()
        if typed.lower().startswith(INVITATION_START) and not self.take_invitation(typed):
            self.field = ADDRESS
            return
        try:
            address, port = split_address(self.values["address"])
        except ValueError:
            self.problem = _("The port after the address is a number from 1 to 65535.")
            self.field = ADDRESS
            return
        code = protocol.normal_code(self.values["code"])
        if not protocol.valid_code(code):
            self.problem = _("A table code has {n} letters and digits, as ABCD-EFGH.").format(
                n=number(protocol.CODE_LENGTH)
            )
            self.field = CODE
            return
        seat = "" if self.watch else self.values["seat"]
        if seat and not ("1" <= seat <= "9"):
            self.problem = _("A seat is a number from 1, or blank for the first free one.")
            self.field = SEAT
            return
        self.problem = self.told = ""
        self.remember_name()
        self.waited = 0
        self.welcome = None
        invitation = self.invitation
        self._table = (address, port, code)
        self.client = NetClient(
            address,
            port,
            code,
            self.values["name"].strip() or _(GUEST_NAME),
            seat=int(seat) - 1 if seat else None,
            token=None if self.watch else self.app.storage.guest_token(address, port, code),
            tls=bool(invitation and invitation.tls),
            fingerprint=invitation.fingerprint if invitation else None,
            secret=invitation.secret if invitation else None,  # through a relay (issue 36)
            watch=self.watch,
        ).start()

    def remember_name(self) -> None:
        """Keep the name joined with for next time (in the settings file)."""
        name = clean_name(self.values["name"], protocol.NAME_LIMIT)
        settings = self.app.storage.settings
        if name and name != settings.join_name:
            settings.join_name = name
            self.app.storage.save_settings()

    def stop_trying(self) -> None:
        """Give up knocking at once: the client's thread ends on its own."""
        if self.client is not None:
            self.client.close()
            self.client = None

    def exit(self) -> None:
        self.stop_trying()  # the window closed, or the screen was left, mid-knock

    def update(self) -> None:
        if self.client is None:
            return
        self.waited += 1
        self.poll()
        self.say_news()

    def poll(self) -> None:
        """The host's answers while knocking: a welcome, the first view, a refusal."""
        assert self.client is not None
        # One message at a time: at the first view the table takes the connection over,
        # and the views a fast host sent after it are the table's to read, not lost here.
        while (message := self.client.next_message()) is not None:
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                if self.client.token:
                    self.app.storage.keep_guest_token(*self._table, self.client.token)
            elif kind == "view" and self.welcome is not None:
                self.sit_down(message)
                return
            elif kind in ("refused", "closed"):
                # the host's words as key and values, in this screen's language
                self.problem = lang.text(protocol.said(message))[:160]
                self.stop_trying()
                return
        if self.waited > ANSWER_WAIT_TICKS:
            self.problem = _("The host did not answer in time.")
            self.stop_trying()

    def sit_down(self, view: dict) -> None:
        """The game's guest table, in place of this screen."""
        assert self.client is not None and self.welcome is not None
        info = game_info(str(self.welcome.get("game")))
        if info is None or info.network_join is None:
            self.problem = _("This Pixel Parlor cannot join {game}.").format(
                game=repr(self.welcome.get("game"))
            )
            self.stop_trying()
            return
        watching = self.welcome.get("watching") is True
        seat = self.welcome.get("seat")
        link = GuestLink(self.client, seat if isinstance(seat, int) else -1, watching)
        if not watching and not isinstance(seat, int):
            self.problem = _(
                "The host's table cannot be shown here: "
                "the host may run another version of Pixel Parlor."
            )
            self.stop_trying()
            return
        try:
            table = guest_table(info, self.app, link, view)
        except (ValueError, KeyError, TypeError, AttributeError):
            self.problem = _(
                "The host's table cannot be shown here: "
                "the host may run another version of Pixel Parlor."
            )
            self.stop_trying()
            return
        self.client = None  # the table owns the connection now
        self.app.replace(table)

    @property
    def moving(self) -> bool:
        return self.client is not None

    # -- drawing --------------------------------------------------------------------------
    def text_rect(self) -> pygame.Rect:
        return self.field_rect(self.field)

    def field_rect(self, index: int) -> pygame.Rect:
        small = get_font("small")
        height = max(FIELD_HEIGHT, small.height - small.cap_top + 4)  # large text: taller
        # Right of the widest label (large text, a long translation pushes it right).
        widest = max(small.line_width(_(label)) for _key, label, _limit in FIELDS)
        left = max(180, 20 + widest + 8)
        return pygame.Rect(
            PANEL.x + left, PANEL.y + 34 + index * FIELD_STEP, PANEL.width - left - 20, height
        )

    def mode_rect(self, watch: bool) -> pygame.Rect:
        """The Play or the Watch choice on the last row."""
        row = self.field_rect(MODE)
        half = (row.width - 8) // 2
        return pygame.Rect(row.x + (half + 8 if watch else 0), row.y, half, row.height)

    def shown(self, index: int) -> str:
        """A field's text as drawn: a code in its groups, a long address by its end."""
        key = FIELDS[index][0]
        text = self.values[key]
        if index == CODE:
            return protocol.shown_code(text)
        return get_font("small").tail(text, self.field_rect(index).width - 10)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BACKDROP)
        draw_panel(canvas, PANEL, _(self.title))
        small = get_font("small")
        for index, (_key, label, _limit) in enumerate(FIELDS):
            label = _(label)
            rect = self.field_rect(index)
            chosen = index == self.field and self.client is None
            text_y = rect.y + 3
            if text_y + small.height - 1 > rect.bottom:  # large text: the letters centred
                text_y = small.top_in(rect)
            unused = index == SEAT and self.watch  # a watcher takes no seat
            colour = theme.TITLE if chosen else theme.TEXT_MUTED if unused else theme.TEXT
            small.draw(canvas, label, (PANEL.x + 20, text_y), colour)
            canvas.fill(theme.BACKDROP_DARK, rect)
            pygame.draw.rect(canvas, theme.ACCENT if chosen else theme.TEXT_MUTED, rect, 1)
            end = small.draw(canvas, self.shown(index), (rect.x + 4, text_y), theme.TITLE)
            if chosen and self.cursor_shown(30):
                canvas.fill(
                    theme.TITLE,
                    (max(end.right, rect.x + 3) + 1, rect.y + 3, 2, rect.height - 6),
                )
        self.draw_mode(canvas)
        privacy = privacy_words(self.invitation)
        if privacy:
            small.draw(
                canvas, privacy, (PANEL.centerx, PANEL.y + 176), theme.TEXT_DIM, align="center"
            )
        y = PANEL.y + 192
        if self.client is not None:
            small.draw(
                canvas,
                _("Knocking at the table..."),
                (PANEL.centerx, y),
                theme.ACCENT,
                align="center",
            )
        elif self.problem:
            said = self.problem[:1].upper() + self.problem[1:]
            said += "" if said.endswith((".", "!", "?")) else "."
            for line in small.wrap(said, PANEL.width - 40)[:3]:
                small.draw(canvas, line, (PANEL.centerx, y), theme.WARNING, align="center")
                y += small.line_height
        else:
            told = self.told or _(
                "Paste the host's invitation (Ctrl+V), or type the address and the code."
            )
            for line in small.wrap(told, PANEL.width - 40)[:2]:
                small.draw(canvas, line, (PANEL.centerx, y), theme.TEXT_DIM, align="center")
                y += small.line_height

    def draw_mode(self, canvas: pygame.Surface) -> None:
        """The last row: Play or Watch, the chosen one lit (a frame and a mark, for mono)."""
        small = get_font("small")
        chosen_row = self.field == MODE and self.client is None
        y = self.field_rect(MODE).y
        small.draw(
            canvas,
            _(MODE_LABEL),
            (PANEL.x + 20, y + 3),
            theme.TITLE if chosen_row else theme.TEXT,
        )
        for watch, word in ((False, PLAY_WORD), (True, WATCH_WORD)):
            rect = self.mode_rect(watch)
            on = watch == self.watch
            canvas.fill(theme.SELECT_BG if on else theme.BACKDROP_DARK, rect)
            edge = theme.ACCENT if on and chosen_row else theme.TEXT_MUTED
            pygame.draw.rect(canvas, edge, rect, 1)
            label = ("> " if on else "") + _(word)
            small.draw(
                canvas,
                label,
                (rect.centerx, rect.y + 3),
                theme.SELECT_TEXT if on else theme.TEXT,
                align="center",
            )

    def commands(self) -> Sequence[Command]:
        if self.client is not None:
            return [named_command(_("Esc"), _("Stop"), "cancel")]
        return [
            named_command(_("Up/Dn"), _("Field"), "down"),
            named_command(_("Ctrl+V"), _("Paste"), "paste"),
            named_command("<->", _(PLAY_WORD) + "/" + _(WATCH_WORD), "right", self.field == MODE),
            named_command(_("Enter"), _(WATCH_WORD) if self.watch else _("Join"), "confirm"),
            named_command(_("Bksp"), _("Erase"), "backspace"),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        hosted = join_words([_(g.title) for g in network_games()], "or")
        return (
            HelpPage(
                _("Joining a table"),
                _(
                    'A friend hosts a table (a seat made "Friend (network)" in the set-up of '
                    "{games}, or python main.py --host) and sends you its invitation, one "
                    "line such as {example}. Copy it "
                    "and press Ctrl+V here (or type it in the address field): it fills the "
                    "address and the table code. Without one, type the address of the "
                    "host's machine and the code they tell you. Add your name (offered again "
                    "next time), and the seat "
                    "you would like if you have agreed on one (the table's set-up numbers "
                    "them), and press Enter: you get that seat, or the first free one, and "
                    "play it from this screen. Only what your seat may see is sent to you."
                ).format(games=hosted, example=f"{INVITATION_START}192.168.1.20:28989/K7QX-R2M9")
                + "\n\n"
                + _(
                    "To watch instead of playing, choose Watch on the last row (Left or "
                    "Right): you take no seat, see only what is face up (no hand) and "
                    "follow the game to its end and the next; the host may refuse "
                    "watchers, and the screen then says so."
                ),
            ),
            HelpPage(
                _("Coming back, and privacy"),
                _(
                    "The port is {port} unless the host chose another: type "
                    "it after the address, as 192.168.1.20:28989. If the connection drops, or "
                    "Pixel Parlor stops, join again with the same address and code: your seat "
                    "waits for you (the computer plays it after a while, until you are back). "
                    "The key to your seat is kept in the data folder, in a file only you may "
                    "read."
                ).format(port=protocol.DEFAULT_PORT)
                + "\n\n"
                + _(
                    "An invitation ending in ?tls=... is for an encrypted table: nobody "
                    "between you can read the game, and the screen says whose certificate "
                    "is accepted. Without it, what you send and get is plain to anyone on "
                    "the way (it holds no password; your seat's key is in it)."
                ),
            ),
        )
