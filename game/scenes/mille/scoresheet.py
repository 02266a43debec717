"""The end of a hand: the score sheet, line by line for every side, with running totals;
and the same sheet while a hand is on (S): the points each side has so far.

The lines are the engine's (scoring.SCORE_LINES, points from the hand's breakdown); they
appear one after another, each adding to the hand's running total and the game total
beneath. Enter (or a click) shows them all at once, then goes on to the next hand, or
to the end of the game when a side has reached the game target.

The sheet so far is BSD mille's score window: the lines every side earns as it plays
(scoring.score_so_far: distance, safeties, all four, coups fourrés), the hand's total so
far, and the game total with it. S, Esc, Enter or a click close it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game import speech
from game.art import palette as P
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.engine.mille.rules import GAME_OVER
from game.engine.mille.scoring import score_so_far
from game.input import Action
from game.lang import N_, _, number, pgettext
from game.scenes.mille import spoken
from game.scenes.mille.help import scoring_page
from game.scenes.mille.keys import SCORE
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable
    from game.shell.app import App

LINE_TICKS = 14  # between two lines appearing (fast mode: all at once)
DEMO_READ_TICKS = 150  # demo mode: the full sheet stays this long, then goes on
PANEL = pygame.Rect(56, 8, CANVAS_SIZE[0] - 112, BAR_TOP - 16)
LABEL_X = PANEL.x + 16
FIRST_COLUMN_RIGHT = PANEL.x + 300  # right edge of the first side's column
LAST_COLUMN_RIGHT = PANEL.right - 18
HEADER_Y = PANEL.y + 30
ROW_HEIGHT = 15
RULE_GAP = 5
BAR_WIDTH, BAR_HEIGHT = 100, 6  # each side's way to the game target, under its total


class ScoreSheetScene(Scene):
    """The hand's score lines over the dimmed table; Enter goes on."""

    opaque = False
    has_command_bar = True

    def __init__(
        self, app: App, table: MilleTable, result: Mapping[str, Any], on_done: Callable[[], None]
    ):
        super().__init__(app)
        self.table = table
        self.result = result
        self.on_done = on_done
        self.hand_number = result.get("hand_number", "")
        self.sides: list[Mapping[str, Any]] = list(result["sides"])
        self.lines = len(self.sides[0]["lines"]) if self.sides else 0
        self.shown = 0
        self.left = self.anim(LINE_TICKS)
        self.demo_left = DEMO_READ_TICKS
        if not self.left:
            self.shown = self.lines

    def enter(self) -> None:
        """Speech: the sheet's title, each side's points, and the way on."""
        speech.say(self.title)
        for line in spoken.sheet(self.table, dict(self.result)):
            speech.say(line)
        way_on = (
            # TRANSLATORS: spoken under the score sheet at the game's end; {confirm} is
            # the key or button: "Enter", or a controller's "A" or "Cross".
            _("{confirm} shows the result.")
            if self.game_over
            # TRANSLATORS: spoken under the score sheet; {confirm} is the key or button:
            # "Enter", or a controller's "A" or "Cross".
            else _("{confirm} goes on.")
        )
        speech.say(way_on.format(confirm=self.key_word("confirm")))

    @property
    def title(self) -> str:
        """The panel's title, in the language of the moment."""
        # TRANSLATORS: the score sheet's title: "Hand 3".
        return _("Hand {number}").format(number=self.hand_number)

    @property
    def complete(self) -> bool:
        return self.shown >= self.lines

    @property
    def game_over(self) -> bool:
        return self.table.state.phase == GAME_OVER

    def update(self) -> None:
        if not self.complete:
            self.left -= 1
            if self.left <= 0:
                self._reveal_next()
        elif self.table.demo or not self.table.people_here:
            # Nobody at this screen to press Enter (a demo, a network host's table): the
            # sheet goes on by itself once read.
            self.demo_left -= 1
            if self.demo_left <= 0:
                self.done()

    def _reveal_next(self) -> None:
        self.shown += 1
        self.left = self.anim(LINE_TICKS)
        if any(side["lines"][self.shown - 1]["points"] for side in self.sides):
            self.app.audio.play("click")

    def done(self) -> None:
        """Go on: the table deals the next hand (or shows the end)."""
        if self.complete:
            self.close()
            self.on_done()
        else:
            self.shown = self.lines

    def handle(self, action: Action) -> None:
        if action.name in ("confirm", "space", "click", "cancel"):
            self.done()
        elif action.name == "char" and action.char.lower() == "n":
            self.done()

    def commands(self) -> Sequence[Command]:
        # TRANSLATORS: command bar words (short) under the score sheet.
        word = _("Result") if self.game_over else _("Next hand")
        entries = [
            named_command(
                pgettext("key", "Enter"), word if self.complete else _("All lines"), "confirm"
            )
        ]
        return entries + [char_command("H", _("Help")), char_command("B", _("Boss"))]

    def help_pages(self) -> Sequence[HelpPage]:
        return [
            HelpPage(
                self.title,
                _(
                    "The hand's points, line by line for every side. "
                    "Enter shows every line at once; Enter again goes on to the next "
                    "hand (or the end of the game)."
                ),
            ),
            scoring_page(),
        ]

    # -- drawing ---------------------------------------------------------------------------
    def column_right(self, index: int) -> int:
        count = len(self.sides)
        if count <= 1:
            return LAST_COLUMN_RIGHT
        step = (LAST_COLUMN_RIGHT - FIRST_COLUMN_RIGHT) // (count - 1)
        return FIRST_COLUMN_RIGHT + index * step

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        panel = self.PANEL
        draw_panel(canvas, panel, self.title)
        small, large = get_font("small"), get_font("large")
        state = self.table.state
        small.draw(
            canvas, self.headline(), (panel.centerx, panel.y + 12), theme.TITLE, align="center"
        )
        y = HEADER_Y
        header_lines = max(len(state.seats_of(s["side"])) for s in self.sides)
        for index, side in enumerate(self.sides):
            for row, seat in enumerate(state.seats_of(side["side"])):
                small.draw(
                    canvas,
                    self.table.name(seat),
                    (self.column_right(index), y + row * small.line_height),
                    theme.ACCENT,
                    align="right",
                )
        y += header_lines * small.line_height + RULE_GAP
        pygame.draw.line(canvas, theme.PANEL_EDGE, (LABEL_X, y - 3), (LAST_COLUMN_RIGHT, y - 3))
        running = [0] * len(self.sides)
        for line in range(self.lines):
            visible = line < self.shown
            label = self.sides[0]["lines"][line]["label"]
            small.draw(canvas, _(label), (LABEL_X, y), theme.TEXT if visible else theme.TEXT_MUTED)
            for index, side in enumerate(self.sides):
                entry = side["lines"][line]
                if not visible:
                    continue
                running[index] += entry["points"]
                small.draw(
                    canvas,
                    _cell(entry),
                    (self.column_right(index), y),
                    theme.TEXT if entry["points"] else theme.TEXT_DIM,
                    align="right",
                )
            y += ROW_HEIGHT
        pygame.draw.line(canvas, theme.PANEL_EDGE, (LABEL_X, y + 1), (LAST_COLUMN_RIGHT, y + 1))
        y += RULE_GAP
        # TRANSLATORS: the score sheet's line of the hand's points.
        small.draw(canvas, _("This hand"), (LABEL_X, y), theme.TITLE)
        for index in range(len(self.sides)):
            small.draw(
                canvas,
                number(running[index]),
                (self.column_right(index), y),
                theme.TITLE,
                align="right",
            )
        y += ROW_HEIGHT + 2
        small.draw(canvas, _(self.TOTAL_LABEL), (LABEL_X, y + 6), theme.TEXT)
        target = state.options.game_target
        for index, side in enumerate(self.sides):
            before = side["game_total"] - side["total"]
            total = before + running[index]
            winner = self.complete and self.game_over and side["side"] in state.winners
            large.draw(
                canvas,
                number(total),
                (self.column_right(index), y),
                P.YELLOW if winner else theme.TEXT,
                align="right",
            )
            bar = pygame.Rect(0, y + large.line_height + 2, BAR_WIDTH, BAR_HEIGHT)
            bar.right = self.column_right(index)
            pygame.draw.rect(canvas, theme.TEXT, bar, 1)
            canvas.fill(
                P.YELLOW,
                (
                    bar.x + 1,
                    bar.y + 1,
                    (bar.width - 2) * min(total, target) // target,
                    bar.height - 2,
                ),
            )
        # TRANSLATORS: under the game total: "of 5,000" (the game's target).
        target_words = _("of {points}").format(points=number(target))
        small.draw(canvas, target_words, (LABEL_X, y + large.line_height), theme.TEXT_DIM)
        if self.complete:
            small.draw(
                canvas,
                self.note(),
                (panel.centerx, panel.bottom - 16),
                theme.TEXT_DIM,
                align="center",
            )

    # TRANSLATORS: the score sheet's last line (the game's total with this hand).
    TOTAL_LABEL = N_("Game total")
    PANEL = PANEL

    def headline(self) -> str:
        completed = self.result.get("completed_by")
        if completed is None:
            return _("The cards ran out: no one completed the trip.")
        return _("{side} completed the trip!").format(side=self.table.side_name(completed))

    def note(self) -> str:
        note = (
            # TRANSLATORS: the score sheet's last line; {confirm} is the key or button
            # that goes on: "Enter", or a controller's "A" or "Cross".
            _("A side has reached the target: {confirm} for the final result.")
            if self.game_over
            # TRANSLATORS: the score sheet's last line; {confirm} is the key or button
            # that goes on: "Enter", or a controller's "A" or "Cross".
            else _("{confirm} deals the next hand.")
        )
        return note.format(confirm=self.key_word("confirm"))


class ScoreSoFarScene(ScoreSheetScene):
    """The points each side has so far in the hand on the table (S); nothing moves
    beneath it, and S, Esc, Enter or a click close it."""

    # TRANSLATORS: the score so far's last line (the game's total with this hand's points).
    TOTAL_LABEL = N_("With this hand")
    # Four lines fit in less: the table shows beneath, as BSD's window beside its board.
    PANEL = pygame.Rect(PANEL.x, PANEL.y, PANEL.width, 196)

    def __init__(self, app: App, table: MilleTable):
        state = table.state
        sides = [
            dict(side, game_total=state.scores[side["side"]] + side["total"])
            for side in score_so_far(table.shown.now.table.tableaux)
        ]
        super().__init__(
            app, table, {"hand_number": state.hand_number, "sides": sides}, lambda: None
        )
        self.shown = self.lines

    @property
    def title(self) -> str:
        # TRANSLATORS: the title of the score so far (S): "Hand 3 so far".
        return _("Hand {number} so far").format(number=self.hand_number)

    @property
    def game_over(self) -> bool:
        return False

    def update(self) -> None:
        """Nothing to reveal, and demo mode waits for nobody: the window stays till closed."""

    def headline(self) -> str:
        return _("The points every side has so far in this hand.")

    def note(self) -> str:
        cancel = self.key_word("cancel")
        if self.app.pad_layout is not None:  # no button of a controller opens it
            # TRANSLATORS: {cancel} is a controller's button that closes it ("B", "Circle").
            return _("The trip's bonuses come when a side completes it. {cancel} closes.").format(
                cancel=cancel
            )
        # TRANSLATORS: {key} is the key that opened the score so far (S unless changed),
        # {cancel} the key Esc's name ("Esc", French "Échap").
        return _(
            "The trip's bonuses come when a side completes it. {key} or {cancel} closes."
        ).format(key=self.table.keys.label(SCORE), cancel=cancel)

    def handle(self, action: Action) -> None:
        if action.name in ("confirm", "space", "click", "cancel") or (
            action.name == "char" and self.table.keys.command(action.char) == SCORE
        ):
            self.close()

    def commands(self) -> Sequence[Command]:
        return [
            named_command(pgettext("key", "Esc"), _("Close"), "cancel"),
            char_command("H", _("Help")),
            char_command("B", _("Boss")),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return [
            HelpPage(
                self.title,
                _(
                    "What every side has earned so far in this hand, as "
                    "the score sheet will count it: distance, safeties, all four, "
                    "coups fourrés. The bonuses for completing the trip come only "
                    "with it."
                ),
            ),
            scoring_page(),
        ]


def _cell(entry: Mapping[str, Any]) -> str:
    """A line's points for one side, with the count where it says more ("2 x 100")."""
    points, count = entry["points"], entry["count"]
    if not points:
        return "-"
    if entry["key"] in ("safeties", "coups_fourres", "shutout") and count > 1:
        return f"{count} x {number(points // count)} = {number(points)}"
    return number(points)
