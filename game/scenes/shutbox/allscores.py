"""AllScores (the A command): every player's scorecard in one frame, as in 1989.

Seed: "The highest score(s) are emphasized with a flashing arrow. Also, the two sets of
lines jutting into the box from above and below show the range of scores currently in
the TopTen scores file. The score is 'graphed' as in the single-player scorecard."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _, number, pgettext
from game.scenes.scores import ScoresScene
from game.scenes.shutbox.layout import GRAPH
from game.scenes.shutbox.scorecard import (
    CARD_HEIGHT,
    CARD_PAD,
    card_width,
    draw_range_marks,
    draw_scorecard,
    leaders,
    score_range,
)
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

CARD_GAP = 6
FRAME_PAD_X = 36  # room on the left for the leader's arrow
FRAME_PAD_Y = 14  # room above and below for the Top Ten marks
MARK_LENGTH = 10
ARROW_FLASH_TICKS = 20  # the leader's arrow shows for this long, then hides
NAME_ARROW_Y = 14  # the arrow points at the card's name line
MARK_COLOUR = theme.TITLE


@dataclass(frozen=True)
class CardLine:
    """What one player's card shows."""

    name: str
    score: int
    detail: str = ""
    current: bool = False


def _right_arrow(tick: int) -> pygame.Surface:
    # The art kit's finding arrow points down; a quarter turn is exact for pixel art.
    return pygame.transform.rotate(sprites.find_arrow(tick), 90)


class AllScoresScene(Scene):
    """Every card over the dimmed game; any of Esc, Enter, A or a click goes back."""

    # TRANSLATORS: the A command's screen: every player's scorecard (the 1989 game's own
    # word, AllScores: one word on the command bar)
    title = N_("AllScores")
    opaque = False
    has_command_bar = True

    def __init__(
        self,
        app: App,
        cards: Sequence[CardLine],
        top_ten_scores: Sequence[int],
        heading: str | None = None,
    ):
        """`heading`: the frame's title (translated by the caller); "AllScores" if None."""
        super().__init__(app)
        self.cards = list(cards)
        self.heading = heading
        self.top_ten_range = score_range(list(top_ten_scores))
        width = card_width(GRAPH)
        count = len(self.cards)
        height = count * CARD_HEIGHT + max(0, count - 1) * CARD_GAP + 2 * FRAME_PAD_Y
        self.frame = pygame.Rect(0, 0, width + 2 * FRAME_PAD_X, height)
        self.frame.center = (CANVAS_SIZE[0] // 2, (BAR_TOP - 16) // 2 + 2)
        x = self.frame.x + FRAME_PAD_X
        self.card_rects = [
            pygame.Rect(
                x, self.frame.y + FRAME_PAD_Y + i * (CARD_HEIGHT + CARD_GAP), width, CARD_HEIGHT
            )
            for i in range(count)
        ]
        self.leaders = leaders([card.score for card in self.cards])

    @property
    def graph_x(self) -> int:
        """Left edge of every card's dot graph (they line up, so one set of marks serves)."""
        return self.frame.x + FRAME_PAD_X + CARD_PAD

    def arrow_visible(self) -> bool:
        """The leader's arrow flashes: on for ARROW_FLASH_TICKS, off as long."""
        return self.blink(ARROW_FLASH_TICKS) % 2 == 0

    def handle(self, action: Action) -> None:
        if action.name in ("cancel", "confirm", "space", "click"):
            self.close()
        elif action.name == "char":
            char = action.char.lower()
            if char == "a":
                self.close()
            elif char == "t":
                self.app.push(ScoresScene(self.app, "shutbox"))

    def commands(self) -> Sequence[Command]:
        back = _("Back")
        return [
            named_command(pgettext("key", "Enter"), back, "confirm"),
            char_command("A", back),
            # TRANSLATORS: the command bar's word for T: the Top Ten scores (one word)
            char_command("T", _("TopTen")),
            char_command("H", _("Help")),
            # TRANSLATORS: the command bar's word for B: the boss key (one short word)
            char_command("B", _("Boss")),
            named_command(pgettext("key", "Esc"), back, "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _(self.title),
                _(
                    "Every player's scorecard: name, score, and a graph of "
                    "50 dots, one for every 5 points of a perfect 250.\n\nThe flashing "
                    "arrow points at the leader (at each of them on a tie). The lines "
                    "jutting into the frame from above and below mark the lowest and "
                    "the highest score in the Top Ten, so you can see how your game "
                    "measures up.\n\nAny key or a click goes back to the game."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        draw_panel(canvas, self.frame, self.heading or _(self.title))
        for i, (card, rect) in enumerate(zip(self.cards, self.card_rects)):
            draw_scorecard(canvas, rect, GRAPH, card.name, card.score, card.detail, card.current)
            if i in self.leaders and self.arrow_visible():
                arrow = _right_arrow(self.blink(8))
                canvas.blit(
                    arrow,
                    (
                        rect.x - arrow.get_width() - 8,
                        rect.y + NAME_ARROW_Y - arrow.get_height() // 2,
                    ),
                )
        small = get_font("small")
        if self.top_ten_range is None:
            legend = _("The Top Ten is empty: no range to mark yet.")
        else:
            low, high = self.top_ten_range
            draw_range_marks(
                canvas,
                self.frame,
                self.graph_x,
                GRAPH,
                sorted({low, high}),
                MARK_COLOUR,
                MARK_LENGTH,
            )
            legend = (
                _("Lines above and below: the Top Ten runs from {low} to {high}.").format(
                    low=number(low), high=number(high)
                )
                if low != high
                else _("Lines above and below: the Top Ten score {low}.").format(low=number(low))
            )
        small.draw(
            canvas,
            legend,
            (self.frame.centerx, self.frame.bottom + 6),
            theme.TEXT,
            align="center",
            shadow=theme.BACKDROP_DARK,
        )
