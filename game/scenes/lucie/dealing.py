"""Dealing a winnable hand of La Belle Lucie: the solver proves candidate deals a slice a
tick (game.engine.lucie.winnable.deal_job) while this screen shows which deal it is on;
the proved deal's table then replaces it, its difficulty shown before the first move.

The search runs on the fixed tick, in slices of SLICE_MS, as the table's hints and demo
player do (game.table.thinker), never in one go: a frame never waits for it. (It is
pure-Python search, so a thread would take the interpreter's lock in turns with the
drawing and make frames less regular, not more.) Esc goes back; the boss key freezes
the search with everything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.engine.lucie.winnable import Dealt, deal_thinking
from game.input import Action
from game.lang import N_, _, ngettext, number
from game.shell.base import Command, HelpPage, Scene
from game.table.felt import felt
from game.ui import theme
from game.ui.commandbar import named_command
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

# Search time per tick: with this screen's draw (under a millisecond) and the picture's
# scaling, a frame stays well inside the 60 Hz frame's 16.7 ms.
SLICE_MS = 4.0
# The screen stays this long at least (a shuffle's moment), unless the game is on Fast.
MIN_TICKS = 24
PANEL_RECT = pygame.Rect(CANVAS_SIZE[0] // 2 - 170, 100, 340, 150)
CARDS_Y = PANEL_RECT.y + 46
CARD_STEP = 24
CARDS = 5
LIFT = 6  # the card being looked at rises this many pixels
TICKS_PER_CARD = 6


class DealingScene(Scene):
    """Finding a winnable deal; replaced by its table once one is proved."""

    title = N_("La Belle Lucie")
    has_command_bar = True
    net = None  # TableSetup asks a started table whether it is open to the network

    def __init__(self, app: App, demo: bool | None = None) -> None:
        super().__init__(app)
        self.demo = demo
        self.tried: list[int] = []
        self.thinking = deal_thinking(app.new_rng(), self.tried)
        self.dealt: Dealt | None = None

    @property
    def moving(self) -> bool:
        return True

    def update(self) -> None:
        if not self.thinking.done:
            self.thinking.step(SLICE_MS)
        if not self.thinking.done:
            return
        self.dealt = self.thinking.result
        if self.ticks >= self.anim(MIN_TICKS) and self.app.scenes.top is self:
            self.app.replace(self.table())

    def table(self) -> Scene:
        """The proved deal's table."""
        # late import: play imports this module (the table's New hand deals through it)
        from game.scenes.lucie.play import LucieScene

        assert self.dealt is not None
        return LucieScene.new_hand(
            self.app, self.dealt.proof.deal, demo=self.demo, proof=self.dealt
        )

    def handle(self, action: Action) -> None:
        if action.name == "cancel":
            self.close()

    def commands(self) -> Sequence[Command]:
        return [named_command(_("Esc"), _("Back"), "cancel")]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("Winnable deals"),
                _(
                    "The solver is proving a deal winnable: a deal it cannot prove in a "
                    "moment is skipped for the next. Esc goes back."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(felt(), (0, 0))
        draw_panel(canvas, PANEL_RECT, _("Winnable deals only"))
        small = get_font("small")
        x = PANEL_RECT.centerx
        if self.dealt is not None:
            lines = [_("Deal #{deal}: proved winnable.").format(deal=self.dealt.proof.deal)]
        else:
            lines = [_("Finding a winnable deal...")]
            if self.tried:
                lines.append(_("Proving deal #{deal}...").format(deal=self.tried[-1]))
        for i, line in enumerate(lines):
            colour = theme.TITLE if i == 0 else theme.TEXT
            small.draw(
                canvas, line, (x, PANEL_RECT.y + 16 + i * small.line_height), colour, align="center"
            )
        skipped = len(self.tried) - 1
        if skipped > 0:
            small.draw(
                canvas,
                ngettext(
                    "{n} deal skipped: not proved winnable.",
                    "{n} deals skipped: not proved winnable.",
                    skipped,
                ).format(n=number(skipped)),
                (x, PANEL_RECT.bottom - 16),
                theme.TEXT_DIM,
                align="center",
            )
        left = x - ((CARDS - 1) * CARD_STEP + sprites.CARD_SIZE[0]) // 2
        lifted = (self.ticks // TICKS_PER_CARD) % CARDS
        for i in range(CARDS):
            y = CARDS_Y - (LIFT if i == lifted and self.dealt is None else 0)
            canvas.blit(sprites.card_back(), (left + i * CARD_STEP, y))
