"""The coach's review after a game (V at the finished table): the decisions that gave
something up, biggest first, and each one's moment on the table.

Two views. The list: each person's accuracy, then the costly decisions with what each
cost and whether the figure is exact or an estimate, and the selected one's reasons.
Enter (or a click on a row) shows the position: the table restored from the moment just
before the decision, the best move marked on it as a hint is, and the coach's words in a
panel where they hide least of that table (TableScene.REVIEW_WORDS_AT; Space hides them);
Left and Right step to the neighbouring decisions there. Decisions not yet weighed when
the review opens are weighed here, a slice per tick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _, ngettext, number
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.table.coaching import JUDGING_ERRORS, Decision
from game.table.thinker import THINKING_SLICE_MS
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL = pygame.Rect(16, 8, CANVAS_SIZE[0] - 32, BAR_TOP - 14)
PAD = 10
ROWS_TOP = PANEL.y + 44
ROW_HEIGHT = 12
LIST_ROWS = 12
WHY_TOP = ROWS_TOP + LIST_ROWS * ROW_HEIGHT + 8


def row_height() -> int:
    """A decision's row: ROW_HEIGHT, or the font's line with large text."""
    return max(ROW_HEIGHT, get_font("small").line_height)


def list_rows() -> int:
    """How many rows the list shows: as many as fit above the coach's words."""
    return LIST_ROWS * ROW_HEIGHT // row_height()


# The position view's words: a heading and the coach's reasons, over the table.
WORDS_LINES = 4
WORDS_HEIGHT = 10 + WORDS_LINES * 10
WORDS = {
    "top": pygame.Rect(4, 2, CANVAS_SIZE[0] - 8, WORDS_HEIGHT),
    "bottom": pygame.Rect(4, BAR_TOP - WORDS_HEIGHT - 2, CANVAS_SIZE[0] - 8, WORDS_HEIGHT),
}
REVIEW_KEY = "v"


class ReviewedTable(Protocol):
    """What the review asks of the table it reviews (a TableScene)."""

    app: Any
    title: str
    coach: Any
    coaching: Any
    shared_keys: Any
    guest: Any
    saving: bool
    thinker: Any
    HALF_ACCURACY_AT: float
    ACCURACY_STRETCH: float
    ACCURACY_UNIT: str
    REVIEW_WORDS_AT: str

    def judge_saved(self, position: Mapping[str, Any], action: Any) -> Any: ...
    def name(self, seat: int) -> str: ...
    def show_review(self, best: Any, why: str) -> None: ...


class ReviewScene(Scene):
    """The review of the finished game at `table`."""

    has_command_bar = True

    def __init__(self, app: App, table: ReviewedTable):
        super().__init__(app)
        self.table = table
        self.title = _("Review: {game}").format(game=table.title)
        self.entries: list[Decision] = table.coach.review()
        self.selected = 0
        self.top = 0
        #: The table restored at the selected decision (None: the list shows).
        self.position: Scene | None = None
        self.position_error = ""
        #: The position view shows the coach's words (Space hides them to see the table).
        self.words_shown = True

    # -- the decisions ------------------------------------------------------------------
    def update(self) -> None:
        coach = self.table.coach
        if coach.busy:
            chosen = self.chosen
            coach.weigh(self.table.judge_saved, self.table.coaching.verdict, THINKING_SLICE_MS)
            self.entries = coach.review()
            if chosen is not None and chosen in self.entries:
                self.selected = self.entries.index(chosen)

    @property
    def moving(self) -> bool:
        return self.table.coach.busy

    @property
    def chosen(self) -> Decision | None:
        return self.entries[self.selected] if self.entries else None

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self.top = min(self.top, self.selected)
        self.top = max(self.top, self.selected - list_rows() + 1)
        if self.position is not None or self.position_error:
            self.show_position()

    def show_position(self) -> None:
        """The table as it was just before the chosen decision, its best move marked."""
        decision = self.chosen
        self.position, self.position_error = None, ""
        if decision is None or decision.verdict is None:
            return
        if decision.position is None:
            self.position_error = _("This position was not kept.")
            return
        table_class = type(self.table)
        if self.table.guest is not None:
            # A guest's table draws from the host's views: the position is the host's
            # table's (the first class that restores one itself).
            table_class = next(k for k in table_class.__mro__ if "restore" in vars(k))
        try:
            scene = table_class.restore(self.app, decision.position)
            scene.saving = False  # a picture of the past: never saved
            scene.show_review(decision.verdict.best, decision.verdict.why)
        except JUDGING_ERRORS:  # a damaged saved position: said, not shown
            self.position_error = _("This position cannot be shown: its record is damaged.")
            return
        self.position = scene

    def show_list(self) -> None:
        self.position, self.position_error = None, ""

    @property
    def showing_position(self) -> bool:
        return self.position is not None or bool(self.position_error)

    # -- input ------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        char = action.char.lower() if name == "char" else ""
        if name == "cancel":
            if self.showing_position:
                self.show_list()
            else:
                self.close()
        elif char == REVIEW_KEY:
            self.close()
        elif name in ("up", "left", "wheel_up"):
            self.select(self.selected - 1)
        elif name in ("down", "right", "wheel_down"):
            self.select(self.selected + 1)
        elif name == "home":
            self.select(0)
        elif name == "end":
            self.select(len(self.entries) - 1)
        elif name == "space" and self.position is not None:
            self.words_shown = not self.words_shown
        elif name in ("confirm", "space"):
            if self.showing_position:
                self.show_list()
            else:
                self.show_position()
        elif name == "click":
            self.click(action.pos)

    def click(self, pos: tuple[int, int] | None) -> None:
        if pos is None:
            return
        if self.showing_position:
            self.show_list()
            return
        row = self.row_at(pos)
        if row is not None:
            self.select(row)
            self.show_position()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        rows, height = list_rows(), row_height()
        if not (PANEL.x <= x < PANEL.right and ROWS_TOP <= y < ROWS_TOP + rows * height):
            return None
        index = self.top + (y - ROWS_TOP) // height
        return index if index < len(self.entries) else None

    def commands(self) -> Sequence[Command]:
        many = len(self.entries) > 1
        if self.showing_position:
            return [
                named_command("<-", _("Previous"), "left", enabled=self.selected > 0 and many),
                named_command(
                    "->", _("Next"), "right", enabled=self.selected < len(self.entries) - 1
                ),
                # TRANSLATORS: command bar: back to the list of decisions (one short word).
                named_command(_("Enter"), _("List"), "confirm"),
                # TRANSLATORS: command bar: show or hide the coach's words (one short word).
                named_command(_("Space"), _("Words"), "space"),
                char_command("H", _("Help")),
                named_command(_("Esc"), _("Back"), "cancel"),
            ]
        return [
            named_command(_("Up/Dn"), _("Choose"), "down", enabled=many),
            named_command(_("Enter"), _("Show"), "confirm", enabled=bool(self.entries)),
            char_command("V", _("Close")),
            char_command("H", _("Help")),
            named_command(_("Esc"), _("Close"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("The coach's review"),
                _(
                    "Every decision you made in this game was weighed against the strongest computer "
                    "player. The list shows those that gave something up, the costliest first, "
                    "with what each cost: exact where the game's solver knows the answer, else the "
                    "computer's estimate (with its uncertainty where it has one).\n\n"
                    "Up and Down choose a decision; Enter or a click shows the table at that moment, "
                    "with the best move marked and the coach's words (Space hides them, to see the "
                    "whole table). There Left and Right step to the other decisions and Enter or "
                    "Esc goes back to the list.\n\n"
                    "Each decision scores 100 when it was the best and 50 when it gave up "
                    "{scale}; accuracy is their average (the Scores screen's help says how)."
                ).format(scale=self.table.shared_keys.accuracy_scale()),
            ),
        )

    # -- drawing ----------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        if self.position is not None:
            self.position.draw(canvas)
            if self.words_shown:
                self.draw_words(canvas)
            return
        canvas.fill(theme.BACKDROP)
        draw_panel(canvas, PANEL, self.title)
        if self.position_error:
            get_font("small").draw(
                canvas, self.position_error, PANEL.center, theme.WARNING, align="center"
            )
            return
        self.draw_list(canvas)

    def label(self, decision: Decision) -> str:
        """ "Round 3, your move 7" ("Ann's move" when several people here decided)."""
        seats = self.table.coach.seats()
        ordinal = number(self.table.coach.ordinal(decision))
        moment = decision.moment
        if len(seats) > 1:
            name = self.table.name(decision.seat)
            if moment:
                return _("{moment}, {name}'s move {number}").format(
                    moment=moment, name=name, number=ordinal
                )
            return _("{name}'s move {number}").format(name=name, number=ordinal)
        if moment:
            return _("{moment}, your move {number}").format(moment=moment, number=ordinal)
        return _("your move {number}").format(number=ordinal)

    def caption(self) -> str:
        """The position view's heading: which decision, and what it gave up."""
        decision = self.chosen
        if decision is None or decision.verdict is None:
            return ""
        return _("{index} of {count}: {decision} gave up {cost}").format(
            index=number(self.selected + 1),
            count=number(len(self.entries)),
            decision=self.label(decision),
            cost=self.cost_words(decision),
        )

    def cost_words(self, decision: Decision) -> str:
        """What a decision gave up, in the game's one accuracy unit (the list is sorted
        by it): never "386 points" above "4% win chance"."""
        assert decision.verdict is not None
        return decision.verdict.points_words(self.table.ACCURACY_UNIT)

    def draw_words(self, canvas: pygame.Surface) -> None:
        decision = self.chosen
        if decision is None or decision.verdict is None:
            return
        rect = WORDS.get(self.table.REVIEW_WORDS_AT, WORDS["bottom"])
        draw_panel(canvas, rect)
        small = get_font("small")
        x, y = rect.x + PAD, rect.y + 5
        small.draw(canvas, self.caption(), (x, y), theme.TITLE)
        lines = small.wrap(decision.verdict.why, rect.width - 2 * PAD)
        # Lines 10 px apart, or closer to the font's with large text: as many as fit,
        # the last one ending in "…" when some are left out.
        step = max(10, small.line_height - 2)
        room = min(WORDS_LINES - 1, (rect.height - 7 - small.baseline) // step)
        if len(lines) > room:
            lines = lines[:room]
            cut = lines[-1]
            while cut and small.line_width(cut + "…") > rect.width - 2 * PAD:
                cut = cut[:-1]
            lines[-1] = cut.rstrip() + "…"
        for line in lines:
            y += step
            small.draw(canvas, line, (x, y), theme.TEXT)

    def summary_lines(self) -> list[str]:
        table, lines = self.table, []
        for seat in table.coach.seats():
            summary = table.coach.summary(seat, table.HALF_ACCURACY_AT, table.ACCURACY_STRETCH)
            several = len(table.coach.seats()) > 1
            listed = table.coach.review(seat)
            hinted = summary.hinted
            from_hints = ngettext(
                "{n} move from hints, not counted", "{n} moves from hints, not counted", hinted
            ).format(n=number(hinted))
            if summary.accuracy is None:
                # Every move came from a hint: said so, not "nothing to weigh" above them.
                if hinted:
                    line = _("{hints}; {gave}.").format(hints=from_hints, gave=_gave(len(listed)))
                else:
                    line = _("no decision to weigh.")
                lines.append(_with_name(table.name(seat), line) if several else line)
                continue
            # The count beside the accuracy is of the same decisions: a hint's move that
            # cost something is listed below but not counted here ("1 decision; 2 gave
            # something up" read as a contradiction).
            costly = sum(not decision.hinted for decision in listed)
            accuracy = ngettext(
                "accuracy {accuracy} over {n} decision",
                "accuracy {accuracy} over {n} decisions",
                summary.decisions,
            ).format(accuracy=summary.accuracy, n=number(summary.decisions))
            if hinted:
                line = _("{accuracy}; {gave} ({hints}).").format(
                    accuracy=accuracy, gave=_gave(costly), hints=from_hints
                )
            else:
                line = _("{accuracy}; {gave}.").format(accuracy=accuracy, gave=_gave(costly))
            lines.append(_with_name(table.name(seat), line) if several else line)
        waiting = table.coach.waiting
        if waiting:
            lines.append(
                ngettext(
                    "Weighing {n} more decision...", "Weighing {n} more decisions...", waiting
                ).format(n=number(waiting))
            )
        return lines[:3]

    def draw_list(self, canvas: pygame.Surface) -> None:
        small = get_font("small")
        x, width = PANEL.x + PAD, PANEL.width - 2 * PAD
        y = PANEL.y + 16
        for line in self.summary_lines():
            small.draw(canvas, line[:1].upper() + line[1:], (x, y), theme.TEXT)
            y += small.line_height
        if not self.entries:
            weighed = [d for d in self.table.coach.decisions if d.verdict is not None]
            if self.table.coach.busy:
                words = _("Weighing your decisions...")
            elif weighed and all(decision.hinted for decision in weighed):
                # Following the hints is not "the best decisions you made".
                words = _("Every move followed a hint: nothing of your own to review.")
            else:
                words = _("Every decision you made was the best one. Nothing to review.")
            small.draw(canvas, words, (PANEL.centerx, ROWS_TOP + 20), theme.GOOD, align="center")
            return
        rows, height = list_rows(), row_height()
        for index in range(self.top, min(len(self.entries), self.top + rows)):
            decision = self.entries[index]
            row = pygame.Rect(
                PANEL.x + 4, ROWS_TOP + (index - self.top) * height, PANEL.width - 8, height
            )
            chosen = index == self.selected
            if chosen:
                pygame.draw.rect(canvas, theme.SELECT_BG, row)
            colour = theme.SELECT_TEXT if chosen else theme.TEXT
            assert decision.verdict is not None
            text_y = small.top_in(row)
            small.draw(canvas, f"{index + 1}. {self.label(decision)}", (x, text_y), colour)
            small.draw(
                canvas, self.cost_words(decision), (x + width, text_y), colour, align="right"
            )
        if len(self.entries) > rows:
            # On the summary's first line, at the right: under the list it crowded the
            # twelfth row and the coach's words.
            small.draw(
                canvas,
                _("{first}-{last} of {count}").format(
                    first=number(self.top + 1),
                    last=number(min(len(self.entries), self.top + rows)),
                    count=number(len(self.entries)),
                ),
                (x + width, PANEL.y + 16),
                theme.TEXT_DIM,
                align="right",
            )
        chosen = self.chosen
        if chosen is not None and chosen.verdict is not None:
            small.draw(canvas, _("The coach:"), (x, WHY_TOP), theme.TEXT_DIM)
            y = WHY_TOP + small.line_height
            for line, colour in self.detail_lines(width)[:4]:
                small.draw(canvas, line, (x, y), colour)
                y += small.line_height

    def detail_lines(self, width: int) -> list[tuple[str, Any]]:
        """The chosen decision's detail under the list: the coach's words, then the
        figures behind an estimate (the hint and coach mode say only the words)."""
        chosen = self.chosen
        if chosen is None or chosen.verdict is None:
            return []
        small = get_font("small")
        lines = [(line, theme.ACCENT) for line in small.wrap(chosen.verdict.why, width)[:3]]
        if chosen.verdict.figures:
            lines += [(line, theme.TEXT_DIM) for line in small.wrap(chosen.verdict.figures, width)]
        return lines


def _gave(costly: int) -> str:
    """How many decisions gave something up, in the summary's words."""
    if not costly:
        return _("none gave anything up")
    return ngettext("{n} gave something up", "{n} gave something up", costly).format(
        n=number(costly)
    )


def _with_name(name: str, line: str) -> str:
    """A summary line of one of several people here."""
    # TRANSLATORS: a person's name, then what the coach says of their game.
    return _("{name}: {words}").format(name=name, words=line)
