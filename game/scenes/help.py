"""Help: any scene's help pages, paged with the arrows or the mouse; H, F1 or Esc closes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game import speech
from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _, join_words, ngettext, number, pgettext
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.shell.registry import network_games, registered_games
from game.storage.keymap import key_map, relabel_rows
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL_RECT = pygame.Rect(16, 14, CANVAS_SIZE[0] - 32, BAR_TOP - 22)
TEXT_LEFT = PANEL_RECT.x + 14
TEXT_WIDTH = PANEL_RECT.width - 28
TEXT_TOP = PANEL_RECT.y + 34
TEXT_BOTTOM = PANEL_RECT.bottom - 18
# A tab in help text starts the second column (key tables: "F11\tFull screen...").
TAB_X = 110
SMALL_LINE_HEIGHT = 12  # the small font's, for which TAB_X is measured


def footer_y() -> int:
    """The page count's line: 14 px over the panel's foot, higher with large text so that
    the letters' feet stay off the frame."""
    return PANEL_RECT.bottom - 5 - get_font("small").baseline


def tab_x(font) -> int:
    """Where the second column starts: TAB_X, as much further right as the font's lines
    are taller than the small font's (large text: wider names in the first column)."""
    return TAB_X * font.line_height // SMALL_LINE_HEIGHT


def general_help() -> list[HelpPage]:
    """The shell's own help: keys that work everywhere, modes, and the games."""
    games = registered_games()
    hosted = join_words([_(g.title) for g in network_games()], "or")
    pages = [
        HelpPage(
            _("Welcome to Pixel Parlor"),
            ngettext(
                "{count} classic table game from the shareware era, rebuilt in one arcade. "
                "Choose a game on the title screen with the arrow keys and Enter, or click "
                "its tile.",
                "{count} classic table games from the shareware era, rebuilt in one arcade. "
                "Choose a game on the title screen with the arrow keys and Enter, or click "
                "its tile.",
                len(games),
            ).format(count=capitalized(count_words(len(games))))
            + "\n\n"
            + _(
                "Everything can be done with the keyboard alone or the mouse alone. The "
                "bottom line of every game lists the keys you can press right now, each "
                "with a one-word meaning; clicking an entry is the same as pressing its key."
            ),
        ),
        HelpPage(
            _("Keys that work everywhere"),
            # TRANSLATORS: a table of keys: the key, a tab, what it does; one per line.
            _(
                "H or F1\tHelp for the screen you are on (press again to close).\n"
                "Esc\tBack, or the game's menu.\n"
                "F11\tFull screen or window (Alt+Enter does the same).\n"
                "B or F12\tThe boss key: a phony DOS screen appears at once, all sound "
                "stops and the game beneath is frozen. Type OK and Enter at its prompt, or "
                "press F12, to return exactly where you were. While you are typing a name, "
                "only F12 works.\n"
                "Alt+F4\tQuit (your game is saved first)."
            ),
        ),
        HelpPage(
            _("Playing with a controller"),
            # TRANSLATORS: a table of a game controller's buttons (Xbox names; the
            # command bar shows a PlayStation or Nintendo pad's own), a tab, what it does.
            _(
                "D-pad or left stick\tMove, as the arrow keys do.\n"
                "A\tAct, as Enter does.\n"
                "B\tBack, as Esc does.\n"
                "X and Y\tThe game's two commands played most: the command bar shows "
                "which.\n"
                "LB and RB\tChoose any command on the command bar; A does it.\n"
                "Start\tThe game's menu. Back: help.\n"
                "Back+Start\tThe boss key, there and back (both at once).\n"
                "LT and RT\tPage up and down; the right stick scrolls."
            )
            + "\n\n"
            + _(
                "Names and addresses are typed with an on-screen keyboard. While a "
                "controller was used last, the command bar shows its buttons; a key or "
                "the mouse brings the keys back. Unplugging a controller in play pauses "
                "the game until it is back."
            ),
        ),
        HelpPage(
            _("Modes"),
            _(
                "Speed: each game has its own, Normal, Quick (animations and pauses half as "
                "long) or Fast (none: dice stop at once, doors drop at once). F at a game's "
                "table turns it; Settings shows every game's."
            )
            + "\n\n"
            + _(
                "Mono mode shows the whole picture in black and white, for monitors or "
                "eyes that prefer it (the originals' B switch)."
            )
            + "\n\n"
            + _(
                "Demo mode lets the computer play every seat. Start the game with --demo "
                "and the title screen will show each game in turn."
            )
            + "\n\n"
            + _("Settings (S on the title screen) keeps your choices between runs."),
        ),
        HelpPage(
            _("Playing with friends"),
            _(
                "{games} can be played by friends on their own machines. To host, choose "
                "Friends on the title screen and the game "
                '(or make a seat "Friend (network)" in its set-up): the table says this '
                "machine's address and a table code to pass on. To join, press J on the "
                "title screen (or Friends, then Join) and type the host's address, the code "
                "and, if you agreed on one, your seat's number."
            ).format(games=hosted)
            + "\n\n"
            + _(
                "The host's program is the referee: your moves go to it and it sends back "
                "only what your seat may see. If the connection drops, join again with the "
                "same code: your seat waits for you (after a minute, or as long as the "
                "host's set-up says, the computer plays it until you are back)."
            ),
        ),
        HelpPage(
            _("Saving"),
            _(
                "Scores, statistics, settings and a game in progress are saved as you "
                "play: on quitting, on the boss key and every few moves. The title screen "
                "offers Continue for a game in progress."
            )
            + "\n\n"
            + _(
                "If the folder cannot be written, the game plays on and says that scores "
                "are not being saved. A damaged file is set aside (renamed, never deleted) "
                "and replaced by a fresh one, with a notice."
            ),
        ),
        HelpPage(
            _("Starting from the command line"),
            # TRANSLATORS: a table: an option (never translated), a tab, what it does.
            _(
                "--windowed\tStart in a window instead of full screen.\n"
                "--mono\tBlack and white.\n"
                "--fast\tEvery game Fast for this run.\n"
                "--demo\tThe computer plays every seat.\n"
                "--no-sound\tPlay silently.\n"
                "--no-save\tWrite nothing (like a write-protected disk).\n"
                "--seed N\tReplayable dice and deals.\n"
                "--game NAME\tStart straight in a game: {names}.\n"
                "--data-dir DIR\tKeep scores, settings and saved games in DIR.\n"
                "--gallery\tThe art gallery: every sprite, colour and letter the games draw.\n"
                "--help\tEvery option."
            ).format(names=game_names()),
        ),
    ]
    if games:
        # TRANSLATORS: a line of the help's list of games: its name and its tagline.
        body = "\n".join(
            _("{game}: {tagline}").format(game=_(g.title), tagline=_(g.tagline)) for g in games
        )
        pages.append(
            HelpPage(
                _("The games"),
                body
                + "\n\n"
                + _(
                    "Each game has its own help: press H while playing it. Help on "
                    "the title screen holds every game's rules too."
                ),
            )
        )
    return pages


#: A line of the title help's contents: the part's number, a dot, its name.
CONTENTS_LINE = re.compile(r"(\d+)\. ")
#: The title's help: the arcade's own pages form its first part.
ARCADE_CHAPTER = "Pixel Parlor"  # i18n: not shown (the program's name, never translated)


def title_help(stored_keys: Mapping[str, Mapping[str, str]] | None = None) -> list[HelpPage]:
    """Help on the title: a contents page, the arcade's own pages, then each registered
    game's rules (its table's help pages), a part each, so that the rules can be read
    before a game is chosen; their keys as `stored_keys` (Settings.keys) change them."""
    parts = [(ARCADE_CHAPTER, _("keys, modes, friends, saving, the command line"), general_help())]
    for info in registered_games():
        if info.rules is not None:
            # TRANSLATORS: what a game's part of the help holds (its contents line).
            keys = key_map(stored_keys or {}, info.id)
            rules = [replace(page, text=relabel_rows(page.text, keys)) for page in info.rules()]
            parts.append((info.title, _("how to play"), rules))
    contents = "\n".join(
        # TRANSLATORS: a line of the help's contents; keep "{number}. " at its start
        # (a click on the line turns to that part).
        _("{number}. {part}: {what}").format(number=index, part=_(name), what=what)
        for index, (name, what, _pages) in enumerate(parts, 1)
    )
    pages = [
        HelpPage(
            _("Contents"),
            contents
            + "\n\n"
            + _(
                "Press a part's number, or click its line, to turn to it; "
                "Left and Right turn the pages, Home comes back here."
            ),
        )
    ]
    for name, _what, part in parts:
        pages += [replace(page, chapter=name) for page in part]
    return pages


def game_names() -> str:
    """The --game names of the registered games: "farkle, lucie or mille"."""
    return join_words([g.id for g in registered_games()], "or")


def number_words() -> tuple[str, ...]:
    """How many games, in words, from none to twelve (Polish says "dwie gry", French
    "deux jeux": the context tells the translators what is counted)."""
    return (
        pgettext("a number of games", "no"),
        pgettext("a number of games", "one"),
        pgettext("a number of games", "two"),
        pgettext("a number of games", "three"),
        pgettext("a number of games", "four"),
        pgettext("a number of games", "five"),
        pgettext("a number of games", "six"),
        pgettext("a number of games", "seven"),
        pgettext("a number of games", "eight"),
        pgettext("a number of games", "nine"),
        pgettext("a number of games", "ten"),
        pgettext("a number of games", "eleven"),
        pgettext("a number of games", "twelve"),
    )


def count_words(count: int) -> str:
    """ "four": how many, as the welcome page says it (figures past twelve)."""
    words = number_words()
    return words[count] if 0 <= count < len(words) else number(count)


def capitalized(text: str) -> str:
    """The first letter a capital, the rest as it is."""
    return text[:1].upper() + text[1:]


def paginate(pages: Sequence[HelpPage]) -> list[tuple[str, list[str]]]:
    """Wrap every page's text to the panel; a page too long continues on the next one."""
    font = get_font("small")
    per_page = (TEXT_BOTTOM - TEXT_TOP) // font.line_height
    out: list[tuple[str, list[str]]] = []
    for page in pages:
        lines: list[str] = []
        for paragraph in page.text.split("\n"):
            if "\t" in paragraph:
                left, right = paragraph.split("\t", 1)
                wrapped = font.wrap(right, TEXT_WIDTH - tab_x(font)) or [""]
                lines.append(f"{left}\t{wrapped[0]}")
                lines.extend(f"\t{rest}" for rest in wrapped[1:])
            else:
                lines.extend(font.wrap(paragraph, TEXT_WIDTH) or [""])
        for start in range(0, max(1, len(lines)), per_page):
            # TRANSLATORS: the heading of a help page that goes on from the last one.
            heading = (
                page.heading
                if start == 0
                else _("{heading} (continued)").format(heading=page.heading)
            )
            out.append((heading, lines[start : start + per_page]))
    return out or [(_("Help"), [_("There is no help for this screen.")])]


def help_title(about: str) -> str:
    """The help screen's tab: "Help: Settings", the screen's title translated."""
    if not about:
        return _("Help")
    return _("Help: {screen}").format(screen=_(about))


class HelpScene(Scene):
    """Pages of help text; left/right (or click the arrows) turn the page."""

    has_command_bar = True
    is_help_screen = True  # H / F1 closes it (the App's Screens.help)

    def __init__(self, app: App, pages: Sequence[HelpPage], about: str = ""):
        super().__init__(app)
        #: The help of which screen: its title, translated as it is shown.
        self.about = about
        self.title = help_title(about)
        #: The pages as shown (a long one continues on the next), each page's part
        #: ("" for none), and where each part starts: (its name, its first page).
        self.pages: list[tuple[str, list[str]]] = []
        self.page_chapters: list[str] = []
        self.chapters: list[tuple[str, int]] = []
        for page in pages or general_help():
            if page.chapter and (not self.chapters or self.chapters[-1][0] != page.chapter):
                self.chapters.append((page.chapter, len(self.pages)))
            shown = paginate([page])
            self.pages += shown
            self.page_chapters += [page.chapter] * len(shown)
        self.page = 0
        arrow_y = footer_y()
        self.prev_rect = pygame.Rect(PANEL_RECT.x + 10, arrow_y - 4, 40, 14)
        self.next_rect = pygame.Rect(PANEL_RECT.right - 50, arrow_y - 4, 40, 14)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))

    def turn_to_chapter(self, number: int) -> bool:
        """Turn to the first page of part `number` (1 the first); False if none."""
        if not 1 <= number <= len(self.chapters):
            return False
        self.page = self.chapters[number - 1][1]
        return True

    def chapter_at(self, pos: tuple[int, int]) -> int | None:
        """The part a line of the contents names by its number ("2. Farkle: how to
        play"), at a canvas point; None elsewhere (a rule's "1 = 100" is no link)."""
        if not self.chapters or self.page_chapters[self.page] or pos[1] < TEXT_TOP:
            return None
        row = (pos[1] - TEXT_TOP) // get_font("small").line_height
        _, lines = self.pages[self.page]
        found = CONTENTS_LINE.match(lines[row]) if row < len(lines) else None
        return int(found[1]) if found else None

    def enter(self) -> None:
        speech.say(self.title, interrupt=True)
        self.speak_page(interrupt=False)

    def speak_page(self, interrupt: bool = True) -> None:
        """Speech: the page shown, its heading and its lines (a tab between a key and
        what it does is read as a pause), and where it is among the pages."""
        heading, lines = self.pages[self.page]
        # TRANSLATORS: spoken: which help page is shown ("Page 3 of 10")
        speech.say(
            _("Page {page} of {pages}").format(
                page=number(self.page + 1), pages=number(len(self.pages))
            ),
            interrupt,
        )
        speech.say(heading)
        for line in lines:
            speech.say(line.replace("\t", ": "))

    def handle(self, action: Action) -> None:
        before = self.page
        self._handle(action)
        if self.page != before:
            self.speak_page()

    def _handle(self, action: Action) -> None:
        if action.name in ("right", "down", "pagedown", "space", "wheel_down"):
            self.turn(1)
        elif action.name in ("left", "up", "pageup", "wheel_up"):
            self.turn(-1)
        elif action.name == "home":
            self.page = 0
        elif action.name == "end":
            self.page = len(self.pages) - 1
        elif action.name in ("cancel", "confirm"):
            self.close()
        elif action.name == "char" and action.char.isdigit() and self.chapters:
            self.turn_to_chapter(int(action.char))
        elif action.name == "click":
            if self.prev_rect.collidepoint(action.pos):
                self.turn(-1)
            elif self.next_rect.collidepoint(action.pos):
                self.turn(1)
            elif (number := self.chapter_at(action.pos)) is not None:
                self.turn_to_chapter(number)

    def commands(self) -> Sequence[Command]:
        return [
            named_command("<-", _("Back"), "left", enabled=self.page > 0),
            named_command("->", _("More"), "right", enabled=self.page < len(self.pages) - 1),
            # A help in parts (the title's): its first page lists them by number.
            named_command(
                f"1-{min(9, len(self.chapters))}",
                _("Contents"),
                "home",
                enabled=len(self.chapters) > 1,
            ),
            char_command("H", _("Close")),
            named_command(_("Esc"), _("Close"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return general_help()

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        chapter = self.page_chapters[self.page]
        draw_panel(canvas, PANEL_RECT, help_title(chapter or self.about))
        heading, lines = self.pages[self.page]
        small, large = get_font("small"), get_font("large")
        large.draw(canvas, heading, (TEXT_LEFT, PANEL_RECT.y + 12), theme.TITLE)
        y = TEXT_TOP
        for line in lines:
            if "\t" in line:
                left, right = line.split("\t", 1)
                small.draw(canvas, left, (TEXT_LEFT, y), theme.ACCENT)
                small.draw(canvas, right, (TEXT_LEFT + tab_x(small), y), theme.TEXT)
            else:
                small.draw(canvas, line, (TEXT_LEFT, y), theme.TEXT)
            y += small.line_height
        count = _("Page {page} of {pages}").format(
            page=number(self.page + 1), pages=number(len(self.pages))
        )
        small.draw(
            canvas,
            count,
            (PANEL_RECT.centerx, footer_y()),
            theme.TEXT_DIM,
            align="center",
        )
        if self.page > 0:
            # TRANSLATORS: the help's links to the page before and the page after.
            small.draw(canvas, _("< Back"), (self.prev_rect.x, self.prev_rect.y + 4), theme.ACCENT)
        if self.page < len(self.pages) - 1:
            small.draw(
                canvas,
                _("More >"),
                (self.next_rect.right, self.next_rect.y + 4),
                theme.ACCENT,
                align="right",
            )
