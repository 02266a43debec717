"""Small overlay scenes: a yes/no question and a list of choices over a dimmed game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game import speech
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _, language
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.ui import theme
from game.ui.widgets import Button, dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

DIALOG_WIDTH = 300
BUTTON_SIZE = (84, 18)


def bar_word(label: str) -> str:
    """A button's label as the command bar's one word, in the seed's manner ("AllScores",
    "TopTen"): "See table" is "SeeTable", where its first word alone ("T See, Esc See")
    said nothing of what the key does. French and Polish keep their words apart, as
    their own programs write them ("Nouvelle partie", not "NouvellePartie")."""
    if language() != "en":
        return label
    return "".join(word[:1].upper() + word[1:] for word in label.split())


class ChoiceDialog(Scene):
    """A question with a few answers, each with a key; Esc takes the last (cancel) one."""

    opaque = False
    has_command_bar = True

    def __init__(
        self,
        app: App,
        message: str,
        choices: Sequence[tuple[str, str, Callable[[], None]]],
        title: str = "",
    ):
        """`choices`: (key letter, label, what to do) — first is the default (Enter)."""
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = list(choices)
        self.focus = 0
        font = get_font("small")
        gap = 8
        # Buttons as wide as the widest label needs (French and Polish run longer),
        # narrowing the gaps, then the labels' margins, to stay on the canvas.
        button_width = max(
            BUTTON_SIZE[0], *(font.line_width(label) + 12 for _key, label, _act in self.choices)
        )
        room = CANVAS_SIZE[0] - 24
        while len(self.choices) * button_width + (len(self.choices) - 1) * gap > room:
            if gap > 4:
                gap -= 1
            elif button_width > BUTTON_SIZE[0] // 2:
                button_width -= 1
            else:
                break
        total = len(self.choices) * button_width + (len(self.choices) - 1) * gap
        width = max(DIALOG_WIDTH, total + 24)
        if title:  # wide enough for its title's tab too (large text), within the canvas
            width = max(width, min(room, font.line_width(title) + 26))
        self.lines = font.wrap(message, width - 24)
        height = 28 + len(self.lines) * font.line_height + BUTTON_SIZE[1] + 10
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (CANVAS_SIZE[0] // 2, CANVAS_SIZE[1] // 2 - 10)
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - BUTTON_SIZE[1] - 10
        self.buttons = []
        for key, label, _act in self.choices:
            self.buttons.append(
                Button(
                    pygame.Rect(x, y, button_width, BUTTON_SIZE[1]),
                    label,
                    Action("char", char=key.lower()),
                )
            )
            x += button_width + gap

    def enter(self) -> None:
        """Speech: the question, its answers by key, and the one Enter takes."""
        if self.title:
            speech.say(self.title, interrupt=True)
        speech.say(self.message)
        for key, label, _act in self.choices:
            speech.say(_("{key}: {answer}").format(key=key, answer=label))
        self.speak_focus()

    def speak_focus(self, interrupt: bool = False) -> None:
        # TRANSLATORS: spoken: the answer Enter would take now
        speech.say(_("Enter: {answer}").format(answer=self.choices[self.focus][1]), interrupt)

    def choose(self, index: int) -> None:
        self.close()
        self.choices[index][2]()

    def handle(self, action: Action) -> None:
        if action.name == "char":
            for i, (key, _label, _act) in enumerate(self.choices):
                if action.char.lower() == key.lower():
                    self.choose(i)
                    return
        elif action.name in ("left", "right", "tab"):
            step = -1 if action.name == "left" else 1
            self.focus = (self.focus + step) % len(self.choices)
            self.speak_focus(interrupt=True)
        elif action.name in ("confirm", "space"):
            self.choose(self.focus)
        elif action.name == "cancel":
            self.choose(len(self.choices) - 1)
        elif action.name in ("hover", "click", "release"):
            for i, button in enumerate(self.buttons):
                button.hovered = button.contains(action.pos)
                if button.hovered:
                    self.focus = i
                    if action.name == "click":
                        self.choose(i)
                        return

    def commands(self) -> Sequence[Command]:
        entries = [char_command(key, bar_word(label)) for key, label, _act in self.choices]
        entries.append(named_command(_("Esc"), bar_word(self.choices[-1][1]), "cancel"))
        return entries

    def help_pages(self) -> Sequence[HelpPage]:
        # TRANSLATORS: a key and the answer it gives, as "Y Yes".
        keys = ", ".join(
            _("{key} {answer}").format(key=k, answer=label) for k, label, _act in self.choices
        )
        return (
            HelpPage(
                self.title or _("A question"),
                self.message
                + "\n\n"
                + _(
                    "Answer with {keys}, or the arrows and Enter, or click a button. "
                    "Esc is the last answer."
                ).format(keys=keys),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        draw_panel(canvas, self.rect, self.title)
        font = get_font("small")
        y = self.rect.y + 14
        for line in self.lines:
            font.draw(canvas, line, (self.rect.centerx, y), theme.TEXT, align="center")
            y += font.line_height
        for i, button in enumerate(self.buttons):
            button.draw(canvas, focused=(i == self.focus))


def confirm(
    app: App,
    message: str,
    on_yes: Callable[[], None],
    on_no: Callable[[], None] | None = None,
    title: str = "",
    safe_no: bool = False,
) -> ChoiceDialog:
    """Push a Yes/No question; Y answers yes, Esc or N answers no, and Enter the focused
    answer: Yes, or No when `safe_no` (a question whose Yes cannot be taken back)."""
    dialog = ChoiceDialog(
        app,
        message,
        # TRANSLATORS: a question's answers; their keys stay Y and N in every language.
        [("Y", _("Yes"), on_yes), ("N", _("No"), on_no or (lambda: None))],
        title=title,
    )
    dialog.focus = 1 if safe_no else 0
    app.push(dialog)
    return dialog


def pause_menu(
    app: App,
    title: str,
    message: str,
    quit_to_title: Callable[[], None],
    new_game: Callable[[], None],
    new_word: str | None = None,
) -> ChoiceDialog:
    """Push a table's Esc menu: Quit to the title (the game is kept for Continue), a new
    game, Exit the program (the seed's "exit to DOS"; the game is kept too), or Resume,
    which has the focus and is Esc's answer, so that Esc twice or Enter goes back to the
    table."""
    dialog = ChoiceDialog(
        app,
        message,
        [
            # TRANSLATORS: a table's Esc menu: Quit to the title (the game is kept),
            # a new game, Exit the program, Resume playing.
            ("Q", _("Quit"), quit_to_title),
            ("N", new_word or _("New game"), new_game),
            ("X", _("Exit"), app.quit),
            ("R", _("Resume"), lambda: None),
        ],
        title=title,
    )
    dialog.focus = 3
    app.push(dialog)
    return dialog
