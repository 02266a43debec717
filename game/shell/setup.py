"""The set-up screen every game shares: who sits where, their names, the game's options.

Each seat is human, computer (at a level) or empty; names are typed with the keyboard.
The game supplies its computer levels and option rows; everything chosen here is
remembered (storage.game_options) and offered again next time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import input as keys
from game import lang, speech
from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _, ngettext, number
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.name_entry import NameEntryScene
from game.shell.registry import game_info
from game.storage import clean_name
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.engine.dealcode import DealCode
    from game.shell.app import App

HUMAN, COMPUTER, NONE = "human", "computer", "none"
#: A friend on another machine: the table is opened to the network (game.hosting).
FRIEND = "friend"
SEAT_KINDS = (HUMAN, COMPUTER, FRIEND, NONE)
# Computer players borrow the names of the people Shut The Box's author thanked.
COMPUTER_NAMES = ("Cindy", "Rosamund", "Genevieve", "Greg", "Bob", "Jay")  # i18n: not shown (names)
#: The seats' names until the player types one: kept in English (the stored set-up, the
#: network), shown in the language of the moment (shown_name).
HUMAN_NAMES = tuple(f"Player {number}" for number in range(1, 7))  # i18n: not shown (keys)
#: A friend's seat before the friend has come (the guest's own name replaces it).
# TRANSLATORS: the name of a friend's seat (over the network) before the friend comes.
FRIEND_NAME = N_("Friend")


def shown_name(name: str) -> str:
    """A seat's name as the player reads it: one the set-up gave in the language of the
    moment ("Joueur 1"), one the player typed as typed."""
    if name in HUMAN_NAMES:
        # TRANSLATORS: a seat's name until the player types one: "Player 1".
        return _("Player {number}").format(number=number(HUMAN_NAMES.index(name) + 1))
    if name == FRIEND_NAME:
        return _(FRIEND_NAME)
    return name


def usual_name(kind: str, index: int) -> str:
    """The name a seat of this kind gets at row `index` until the player types one."""
    if kind == COMPUTER:
        return COMPUTER_NAMES[index % len(COMPUTER_NAMES)]
    if kind == FRIEND:
        return FRIEND_NAME
    return HUMAN_NAMES[index % len(HUMAN_NAMES)]


def is_usual_name(name: str) -> bool:
    """Whether `name` is one the set-up gave (any kind's), not one the player typed: in
    English or as it is shown in the language of the moment."""
    return (
        name in HUMAN_NAMES
        or name in COMPUTER_NAMES
        or name == FRIEND_NAME
        or name in {shown_name(usual) for usual in (*HUMAN_NAMES, FRIEND_NAME)}
    )


PANEL_RECT = pygame.Rect(70, 18, CANVAS_SIZE[0] - 140, BAR_TOP - 30)
ROW_HEIGHT = 18
ROWS_TOP = PANEL_RECT.y + 42
ROW_LEFT = PANEL_RECT.x + 14
ROW_WIDTH = PANEL_RECT.width - 28
KIND_X = 34  # seat rows: where the "< Computer: Perfect >" cell starts
NAME_X = 250  # ... and where the name cell starts
MESSAGE_TICKS = 150
TABLE_HINT_ABOVE = 15  # the table hint's line sits this far above the row hint
SEAT_KEYS = tuple("123456")  # a digit key changes that seat's row


@dataclass
class SeatConfig:
    """One seat as set up: kind in SEAT_KINDS, the name shown, the computer's level."""

    kind: str = HUMAN
    name: str = ""
    level: str = ""
    #: A person's device (game.input: KEYBOARD, pad_device(n)); "" any.
    device: str = ""

    @property
    def active(self) -> bool:
        return self.kind != NONE

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def to_json(self) -> dict[str, str]:
        data = {"kind": self.kind, "name": self.name, "level": self.level}
        if self.device:
            data["device"] = self.device
        return data


@dataclass(frozen=True)
class OptionSpec:
    """A game option row: stored under `key`, cycled through `choices` (value, label).

    An option that is the arcade's own setting (fast mode) gives `read` and `write`: it is
    shown as the app has it and changed there, not stored among the game's options."""

    key: str
    label: str
    choices: Sequence[tuple[Any, str]]
    default: Any
    hint: str = ""
    read: Callable[[App], Any] | None = None
    write: Callable[[App, Any], None] | None = None

    def label_of(self, value: Any) -> str:
        for choice, label in self.choices:
            if choice == value:
                return label
        return str(value)

    def checked(self, value: Any) -> Any:
        """`value` if it is one of the choices, else the default (stored data is the
        player's file)."""
        return value if any(value == choice for choice, _ in self.choices) else self.default

    def step(self, value: Any, step: int) -> Any:
        values = [choice for choice, _ in self.choices]
        index = values.index(value) if value in values else 0
        return values[(index + step) % len(values)]


def default_seats(levels: Sequence[tuple[str, str]], count: int = 2) -> list[SeatConfig]:
    """Seat 1 a human, seat 2 the strongest computer, the rest empty."""
    strongest = levels[-1][0] if levels else ""
    seats = [
        SeatConfig(HUMAN, HUMAN_NAMES[0]),
        SeatConfig(
            COMPUTER if levels else HUMAN,
            COMPUTER_NAMES[1] if levels else HUMAN_NAMES[1],
            strongest,
        ),
    ]
    while len(seats) < count:
        seats.append(SeatConfig(NONE, HUMAN_NAMES[len(seats)], strongest))
    return seats[:count]


def seats_from_json(data: Any, levels: Sequence[tuple[str, str]], count: int) -> list[SeatConfig]:
    """Stored seats, each bad field replaced by a sensible one (the file is the player's)."""
    level_ids = [level for level, _ in levels]
    seats = default_seats(levels, count)
    if isinstance(data, list):
        for i, item in enumerate(data[:count]):
            if not isinstance(item, dict):
                continue
            kind = item.get("kind") if item.get("kind") in SEAT_KINDS else seats[i].kind
            if kind == COMPUTER and not level_ids:
                kind = HUMAN
            level = (
                item.get("level")
                if item.get("level") in level_ids
                else (level_ids[-1] if level_ids else "")
            )
            name = clean_name(item.get("name", "")) if isinstance(item.get("name"), str) else ""
            device = item.get("device", "")
            device = device if kind == HUMAN and keys.is_device(device) else ""
            seats[i] = SeatConfig(kind, name or seats[i].name, level, device)
    return seats


class SetupScene(Scene):
    """Up/Down choose a row; Left/Right change it; Enter edits a name or starts."""

    has_command_bar = True

    def __init__(
        self,
        app: App,
        game_id: str,
        title: str,
        levels: Sequence[tuple[str, str]],
        options: Sequence[OptionSpec],
        on_start: Callable[[list[SeatConfig], dict[str, Any]], None],
        min_seats: int = 1,
        max_seats: int = 4,
        help_text: str = "",
        level_help: dict[str, str] | None = None,
        table_hint: Callable[[Sequence[SeatConfig], dict[str, Any]], str] | None = None,
        friends: bool = False,
    ):
        """`friends`: a seat may be a friend's, played from another machine."""
        super().__init__(app)
        self.friends = friends
        self.game_id = game_id
        #: The game's title in English (translated as it is shown).
        self.game_title = title
        self.levels = list(levels)
        self.options = list(options)
        self.on_start = on_start
        self.min_seats = min_seats
        self.help_text = help_text
        self.level_help = level_help or {}
        #: A line about the table as it is set (Mille Bornes: who plays with whom).
        self.table_hint = table_hint
        defaults = {"seats": [s.to_json() for s in default_seats(self.levels, max_seats)]}
        defaults.update({o.key: o.default for o in self.options if o.write is None})
        stored = app.storage.game_options(game_id, defaults)
        self.stored = stored
        self.seats = seats_from_json(stored.get("seats"), self.levels, max_seats)
        #: The friends' seats of the last table, which `open_to_friends` gives back.
        self.last_friends = [i for i, seat in enumerate(self.seats) if seat.kind == FRIEND]
        # A set-up opens as an ordinary table: one played with friends last time becomes
        # a network table again only when the player asks (Friends on the title, or a
        # seat turned to Friend here), never because it was remembered.
        for index in self.last_friends:
            self.seats[index] = self.stand_in_for_friend(index)
        self.values = {
            o.key: o.checked(o.read(app) if o.read else stored[o.key]) for o in self.options
        }
        self.stored = {
            key: value
            for key, value in stored.items()
            if key not in {o.key for o in self.options if o.write is not None}
        }
        self.row = 0
        self.message = ""
        self._message_left = 0
        # Deal codes (issue 35): the code typed with C, which this table will play.
        self.deal: DealCode | None = None

    def stand_in_for_friend(self, index: int) -> SeatConfig:
        """Who sits in a remembered friend's seat of a table not opened to friends: the
        computer (the friend's seat was an opponent), under a computer's usual name."""
        level = self.seats[index].level
        if not self.levels:
            return SeatConfig(HUMAN, usual_name(HUMAN, index), level)
        if level not in dict(self.levels):
            level = self.levels[-1][0]
        return SeatConfig(COMPUTER, usual_name(COMPUTER, index), level)

    def open_to_friends(self) -> None:
        """A table for friends (Friends on the title): the friends' seats of the last such
        table are friends' again, or seat 2 is, under the name a friend's seat has."""
        if not self.friends or len(self.seats) < 2:
            return
        for index in self.last_friends or [1]:
            self.seats[index] = SeatConfig(FRIEND, FRIEND_NAME, self.seats[index].level)

    # -- rows: seats, then options, then Start and Back ------------------------------
    @property
    def row_count(self) -> int:
        return len(self.seats) + len(self.options) + 2

    def row_kind(self, row: int) -> tuple[str, int]:
        if row < len(self.seats):
            return "seat", row
        row -= len(self.seats)
        if row < len(self.options):
            return "option", row
        return ("start", 0) if row == len(self.options) else ("back", 0)

    def row_rect(self, row: int) -> pygame.Rect:
        gap = 6 if row >= len(self.seats) else 0
        gap += 6 if row >= len(self.seats) + len(self.options) else 0
        height = self.row_height()
        return pygame.Rect(ROW_LEFT, ROWS_TOP + row * height + gap, ROW_WIDTH, height)

    def row_height(self) -> int:
        """ROW_HEIGHT, or less where a table has many rows (options, the way friends
        connect) and tall letters: the rows close up, a line of text each at least, so
        that Back stays above the table's line and the hint."""
        small = get_font("small")
        hint_y = PANEL_RECT.bottom - 7 - small.baseline
        room = hint_y - TABLE_HINT_ABOVE + small.cap_top - 2 - ROWS_TOP - 12
        return max(small.line_height, min(ROW_HEIGHT, room // max(1, self.row_count)))

    # -- choices -------------------------------------------------------------------------
    def seat_choices(self) -> list[tuple[str, str]]:
        """(kind, level) pairs the kind cell cycles through; a person's come with each
        device (as the level) once a controller is plugged in or a seat has one."""
        choices = [(HUMAN, device) for device in self.devices()]
        choices += [(COMPUTER, level) for level, _ in self.levels]
        return choices + ([(FRIEND, "")] if self.friends else []) + [(NONE, "")]

    @property
    def title(self) -> str:  # the help screen's "Help: Farkle: set-up"
        # TRANSLATORS: the set-up screen of a game, as its help names it.
        return _("{game}: set-up").format(game=_(self.game_title))

    def devices(self) -> list[str]:
        """A person's seat's devices: any; with controllers, the keyboard and each pad."""
        players = [pad.player for pad in self.app.pads.pads.values()]
        players += [int(s.device[3:]) for s in self.seats if s.device.startswith("pad")]
        if not players and not any(s.device for s in self.seats):
            return [""]
        last = min(keys.MAX_PADS, max(players, default=0))
        return ["", keys.KEYBOARD] + [keys.pad_device(n) for n in range(1, last + 1)]

    def seat_label(self, seat: SeatConfig) -> str:
        if seat.kind == COMPUTER:
            label = _(dict(self.levels).get(seat.level, seat.level))
            # TRANSLATORS: a seat played by the computer at a level: "Computer: Expert".
            return _("Computer: {level}").format(level=label)
        if seat.kind == HUMAN and seat.device:
            # TRANSLATORS: a person's seat played with one device: "Human: controller 2".
            return _("Human: {device}").format(device=keys.device_name(seat.device))
        if seat.kind == HUMAN:
            # TRANSLATORS: who sits at a seat of the set-up.
            return _("Human")
        if seat.kind == FRIEND:
            return _("Friend (network)")
        return _("Nobody")

    def cycle_seat(self, index: int, step: int) -> None:
        seat = self.seats[index]
        choices = self.seat_choices()
        mark = {COMPUTER: seat.level, HUMAN: seat.device}.get(seat.kind, "")
        current = (seat.kind, mark)
        position = choices.index(current) if current in choices else 0
        kind, level = choices[(position + step) % len(choices)]
        was = seat.kind
        seat.device = level if kind == HUMAN else ""
        seat.kind = kind
        if kind != HUMAN:
            seat.level = level or seat.level
        # A seat that changes kind gets that kind's usual name, unless the player typed
        # one: a friend's name goes with the friend (the computer is not the friend).
        if kind not in (was, NONE) and (was == FRIEND or is_usual_name(seat.name)):
            seat.name = usual_name(kind, index)
        self.app.audio.play("click")
        self.remember()

    def cycle_option(self, index: int, step: int) -> None:
        option = self.options[index]
        self.values[option.key] = option.step(self.values[option.key], step)
        if option.write is not None:
            option.write(self.app, self.values[option.key])
        self.app.audio.play("click")
        self.remember()

    def edit_name(self, index: int) -> None:
        seat = self.seats[index]

        def done(name: str) -> None:
            seat.name = name
            self.remember()

        self.app.push(
            NameEntryScene(
                self.app,
                _("Name for seat {number}:").format(number=number(index + 1)),
                done,
                initial=shown_name(seat.name),
                title=_("Name"),
            )
        )

    def remember(self) -> None:
        options = dict(self.stored)
        options["seats"] = [s.to_json() for s in self.seats]
        options.update({o.key: self.values[o.key] for o in self.options if o.write is None})
        self.stored = options
        self.app.storage.save_game_options(self.game_id, options)

    def start(self) -> None:
        playing = [s for s in self.seats if s.active]
        if len(playing) < self.min_seats:
            self.say(
                ngettext(
                    "At least {n} player must sit at the table.",
                    "At least {n} players must sit at the table.",
                    self.min_seats,
                ).format(n=number(self.min_seats)),
                error=True,
            )
            return
        self.remember()
        self.app.audio.play("click")
        values = dict(self.values)
        if self.deal is not None:
            values["deal"] = self.deal  # the game's start deals it (never remembered)
        self.on_start(
            [SeatConfig(s.kind, shown_name(s.name), s.level, s.device) for s in playing],
            values,
        )

    @property
    def deal_letter(self) -> str:
        """The game's letter in deal codes ("" for a game without them)."""
        info = game_info(self.game_id)
        return info.deal_letter if info is not None else ""

    def ask_code(self) -> None:
        """C: play a deal by its code (typed or pasted) at the table as set."""
        # late import: the codes are read only when asked for (the title starts without)
        from game.shell.code_entry import DealCodeEntry

        def chosen(code: DealCode) -> None:
            self.deal = code
            self.say(_("This table will play deal {code}.").format(code=code.text))

        self.app.push(DealCodeEntry(self.app, chosen, self.deal_letter))

    def say(self, message: str, error: bool = False) -> None:
        self.message, self._message_left = message, MESSAGE_TICKS
        speech.say(message, interrupt=error)
        if error:
            self.app.audio.play("error")

    # -- input ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Speech: the screen, the row the keyboard is on, and how to start."""
        speech.say(self.title, interrupt=True)
        self.speak_row()
        # TRANSLATORS: spoken on entering a game's set-up screen
        speech.say(_("Up and down choose a row, left and right change it, S starts the game."))

    def spoken_row(self, row: int) -> str:
        """A row as speech says it: "Seat 1: Human, Ann", "Target: 10,000", "Start the game"."""
        kind, index = self.row_kind(row)
        if kind == "seat":
            seat = self.seats[index]
            who = self.seat_label(seat)
            if not seat.active:
                # TRANSLATORS: spoken: an empty seat of the set-up ("Seat 4: Nobody")
                return _("Seat {number}: {who}").format(number=index + 1, who=who)
            # TRANSLATORS: spoken: a seat of the set-up, who plays it and its name
            return _("Seat {number}: {who}, {name}").format(
                number=index + 1, who=who, name=shown_name(seat.name)
            )
        if kind == "option":
            option = self.options[index]
            return _("{row}: {value}").format(
                row=_(option.label), value=_(option.label_of(self.values[option.key]))
            )
        return _("Start the game") if kind == "start" else _("Back")

    def speak_row(self) -> None:
        speech.say(self.spoken_row(self.row), interrupt=True)

    def handle(self, action: Action) -> None:
        name = action.name
        before = (self.row, self.spoken_row(self.row))
        self._handle(action)
        if name not in ("hover", "click", "rclick") and self.app.scenes.top is self:
            if (self.row, self.spoken_row(self.row)) != before:
                self.speak_row()

    def _handle(self, action: Action) -> None:
        name = action.name
        if name in ("up", "down"):
            self.row = (self.row + (1 if name == "down" else -1)) % self.row_count
        elif name in ("left", "right"):
            self.change(self.row, 1 if name == "right" else -1)
        elif name in ("confirm", "space"):
            self.activate(self.row)
        elif name == "cancel":
            self.close()
        elif name == "char" and action.char.lower() == "s":
            self.start()
        elif name == "char" and action.char.lower() == "c" and self.deal_letter:
            self.ask_code()
        elif name == "char" and action.char in SEAT_KEYS and int(action.char) <= len(self.seats):
            self.row = int(action.char) - 1
            self.change(self.row, 1)
        elif name in ("hover", "click", "rclick") and action.pos:
            self.point(action)

    def change(self, row: int, step: int) -> None:
        kind, index = self.row_kind(row)
        if kind == "seat":
            self.cycle_seat(index, step)
        elif kind == "option":
            self.cycle_option(index, step)

    def activate(self, row: int) -> None:
        kind, index = self.row_kind(row)
        if kind == "seat":
            if self.seats[index].active:
                self.edit_name(index)
            else:
                self.cycle_seat(index, 1)
        elif kind == "option":
            self.cycle_option(index, 1)
        elif kind == "start":
            self.start()
        else:
            self.close()

    def point(self, action: Action) -> None:
        for row in range(self.row_count):
            rect = self.row_rect(row)
            if not rect.collidepoint(action.pos):
                continue
            self.row = row
            if action.name == "hover":
                return
            kind, index = self.row_kind(row)
            back = action.name == "rclick" or self.on_back_arrow(row, action.pos[0])
            step = -1 if back else 1
            if kind == "seat" and action.pos[0] >= rect.x + NAME_X and self.seats[index].active:
                self.edit_name(index)
            elif kind in ("seat", "option"):
                self.change(row, step)
            elif action.name == "click":
                self.activate(row)
            return

    def on_back_arrow(self, row: int, x: int) -> bool:
        """Whether `x` is on the "<" of the row's "< value >" cell: a click there steps
        back, as Left does."""
        kind, index = self.row_kind(row)
        font, rect = get_font("small"), self.row_rect(row)
        if kind == "seat":
            left = rect.x + KIND_X
        elif kind == "option":
            option = self.options[index]
            cell = f"< {_(option.label_of(self.values[option.key]))} >"
            left = rect.right - 6 - font.line_width(cell)
        else:
            return False
        return left - 4 <= x < left + font.line_width("< ")

    def update(self) -> None:
        if self._message_left:
            self._message_left -= 1
            if not self._message_left:
                self.message = ""

    # -- presentation -----------------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        return [
            named_command(_("Up/Dn"), _("Choose"), "down"),
            named_command("<-/->", _("Change"), "right"),
            named_command(
                _("Enter"),
                _("Name") if self.row_kind(self.row)[0] == "seat" else _("Select"),
                "confirm",
            ),
            Command("S", _("Start"), Action("char", char="s")),
            *(
                # TRANSLATORS: command bar: play a deal by its code (one short word).
                [Command("C", _("Code"), Action("char", char="c"))] if self.deal_letter else []
            ),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        if not self.seats:  # a solitaire: its options and Start are all there is
            return [
                HelpPage(
                    self.title,
                    _(
                        "Up and Down choose a row; Left and Right or a click change an "
                        "option. S or Start begins the game. What you choose here is "
                        "remembered for next time."
                    ),
                ),
                *([HelpPage(_("Options"), _(self.help_text))] if self.help_text else []),
            ]
        pages = [
            HelpPage(
                self.title,
                "\n\n".join(
                    (
                        _(
                            "Each seat is a human, a computer player at one of its levels, "
                            "a friend on another machine (the table then opens to the "
                            "network and shows its address and code), or nobody. Left and "
                            "Right (or a click on the seat) change who sits there; Enter "
                            "(or a click on the name) types a new name."
                        )
                        if self.friends
                        else _(
                            "Each seat is a human, a computer player at one of its levels, "
                            "or nobody. Left and Right (or a click on the seat) change who "
                            "sits there; Enter (or a click on the name) types a new name."
                        ),
                        _(
                            "The rows below the seats are this game's options; Left and "
                            "Right or a click change them."
                        ),
                        _(
                            "S or Start begins the game. Everything you choose here is "
                            "remembered for next time, but a friend's seat only for a table "
                            "hosted with Friends on the title: opened from the game's tile, "
                            "the computer sits there."
                        )
                        if self.friends
                        else _(
                            "S or Start begins the game. Everything you choose here is "
                            "remembered for next time."
                        ),
                    )
                ),
            )
        ]
        levels = [
            f"{_(label)}\t{_(self.level_help[level]) if self.level_help.get(level) else ''}"
            for level, label in self.levels
        ]
        if levels:
            pages.append(HelpPage(_("Computer players"), "\n".join(levels)))
        if self.help_text:
            pages.append(HelpPage(_("Options"), _(self.help_text)))
        return pages

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        draw_panel(canvas, PANEL_RECT, _("New game"))
        small, large = get_font("small"), get_font("large")
        large.draw(
            canvas,
            _(self.game_title),
            (PANEL_RECT.centerx, PANEL_RECT.y + 12),
            theme.TITLE,
            align="center",
        )
        if self.deal is not None:
            small.draw(
                canvas,
                _("Deal {code}").format(code=self.deal.text),
                (PANEL_RECT.right - 12, PANEL_RECT.y + 14),
                theme.ACCENT,
                align="right",
            )
        for row in range(self.row_count):
            self._draw_row(canvas, row, small)
        # The hint's line: 16 px over the panel's foot, its letters' feet off the frame
        # with large text too.
        hint_y = PANEL_RECT.bottom - 7 - small.baseline
        if self.message:
            small.draw(
                canvas,
                self.message,
                (PANEL_RECT.centerx, hint_y),
                theme.WARNING,
                align="center",
            )
        else:
            hint = self._row_hint()
            if hint:
                hint = _(hint)
            small.draw(
                canvas,
                hint,
                (PANEL_RECT.centerx, hint_y),
                theme.TEXT_DIM,
                align="center",
            )
        if self.table_hint is not None:
            small.draw(
                canvas,
                lang.text(self.table_hint(self.seats, self.values)),
                (PANEL_RECT.centerx, hint_y - TABLE_HINT_ABOVE),
                theme.ACCENT,
                align="center",
            )

    def _row_hint(self) -> str:
        kind, index = self.row_kind(self.row)
        if kind == "option":
            return self.options[index].hint
        if kind == "seat":
            # TRANSLATORS: {confirm} is the key or button that types a name: "Enter", or
            # a controller's "A" or "Cross".
            return _("Left/Right: who sits here.  {confirm}: type a name.").format(
                confirm=self.key_word("confirm")
            )
        return ""

    def _draw_row(self, canvas: pygame.Surface, row: int, font) -> None:
        rect = self.row_rect(row)
        chosen = row == self.row
        if chosen:
            canvas.fill(theme.SELECT_BG, rect)
        y = font.top_in(rect)  # the letters inside the highlight, feet and all
        kind, index = self.row_kind(row)
        colour = theme.SELECT_TEXT if chosen else theme.TEXT
        if kind == "seat":
            seat = self.seats[index]
            dim_colour = theme.SELECT_TEXT if chosen else theme.TEXT_DIM
            font.draw(canvas, f"{index + 1}.", (rect.x + 6, y), colour)
            font.draw(
                canvas,
                f"< {self.seat_label(seat)} >",
                (rect.x + KIND_X, y),
                colour if seat.active else dim_colour,
            )
            if seat.active:
                font.draw(
                    canvas,
                    shown_name(seat.name),
                    (rect.x + NAME_X, y),
                    colour if chosen else theme.TITLE,
                )
        elif kind == "option":
            option = self.options[index]
            font.draw(canvas, _(option.label), (rect.x + 6, y), colour)
            font.draw(
                canvas,
                f"< {_(option.label_of(self.values[option.key]))} >",
                (rect.right - 6, y),
                colour,
                align="right",
            )
        else:
            label = _("Start the game") if kind == "start" else _("Back")
            font.draw(canvas, label, (rect.centerx, y), colour, align="center")
