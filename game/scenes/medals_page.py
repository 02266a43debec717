"""The Scores screen's Medals page (issue 35): a game's medals as a row of badges, earned
ones bright, the others dim under a padlock, each with its name, when it was earned (and
by whom) or that it is still to earn, and how to earn it. The mouse over a badge frames
it; speech reads the page (medal_lines)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.lang import _, ngettext, number
from game.shell.registry import GameInfo
from game.storage.medals import MedalCase
from game.ui import badges, theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import draw_panel

PAGE_RECT = pygame.Rect(16, 42, CANVAS_SIZE[0] - 32, BAR_TOP - 52)
SCALE = 2  # the badges at twice their pixels: this page is theirs
COLUMN_WIDTH = 118
COLUMN_GAP = 4
BADGE_TOP = PAGE_RECT.y + 22
NAME_LINES = 2
HOW_LINES = 6


def medal_columns(count: int) -> list[pygame.Rect]:
    """Each medal's column, side by side in the middle of the page."""
    if count <= 0:
        return []
    width = min(COLUMN_WIDTH, (PAGE_RECT.width - 16 - COLUMN_GAP * (count - 1)) // count)
    total = count * width + (count - 1) * COLUMN_GAP
    left = PAGE_RECT.centerx - total // 2
    return [
        pygame.Rect(
            left + i * (width + COLUMN_GAP), BADGE_TOP - 6, width, PAGE_RECT.bottom - BADGE_TOP
        )
        for i in range(count)
    ]


def medal_at(info: GameInfo, pos: tuple[int, int]) -> int | None:
    """Which medal's column `pos` is in, if any."""
    for i, column in enumerate(medal_columns(len(info.medals))):
        if column.collidepoint(pos):
            return i
    return None


def earned_words(case: MedalCase, medal_id: str) -> str:
    """ "Earned 26 Nov 2026 by Ann", "Earned 26 Nov 2026", or "Not earned yet"."""
    # late import: the date's words are the Scores screen's (which imports this page)
    from game.scenes.scores import short_date

    earned = case.earned.get(medal_id)
    if earned is None:
        # TRANSLATORS: a medal not earned yet, on the Scores screen's Medals page.
        return _("Not earned yet")
    if earned.name:
        # TRANSLATORS: when a medal was earned and by whom: "Earned 26 Nov 2026 by Ann".
        return _("Earned {date} by {name}").format(date=short_date(earned.date), name=earned.name)
    # TRANSLATORS: when a medal was earned: "Earned 26 Nov 2026".
    return _("Earned {date}").format(date=short_date(earned.date))


def medal_lines(info: GameInfo, case: MedalCase) -> list[str]:
    """The page in words (speech): how many are earned, then each medal."""
    medals = list(info.medals)
    got = sum(1 for medal in medals if medal.id in case.earned)
    lines = [earned_count(got, len(medals))]
    for medal in medals:
        # TRANSLATORS: spoken: a medal, whether it was earned, how to earn it.
        lines.append(
            _("{medal}: {earned}. {how}").format(
                medal=_(medal.name), earned=earned_words(case, medal.id), how=_(medal.how)
            )
        )
    return lines


def earned_count(got: int, of: int) -> str:
    # TRANSLATORS: the Medals page's count: "2 of 5 medals earned".
    return ngettext("{n} of {total} medal earned", "{n} of {total} medals earned", of).format(
        n=number(got), total=number(of)
    )


def draw_medals(
    canvas: pygame.Surface, info: GameInfo, case: MedalCase, hover: int | None = None
) -> None:
    """The page of `info`'s medals; `hover`: the medal the mouse is over (framed)."""
    draw_panel(canvas, PAGE_RECT, _("Medals"))
    small = get_font("small")
    medals: Sequence = list(info.medals)
    if not medals:
        small.draw(
            canvas,
            _("This game has no medals."),
            PAGE_RECT.center,
            theme.TEXT_DIM,
            align="center",
        )
        return
    got = sum(1 for medal in medals if medal.id in case.earned)
    small.draw(
        canvas,
        earned_count(got, len(medals)),
        (PAGE_RECT.right - 10, PAGE_RECT.y + 6),
        theme.TEXT_DIM,
        align="right",
    )
    for i, (medal, column) in enumerate(zip(medals, medal_columns(len(medals)))):
        earned = medal.id in case.earned
        if i == hover:
            pygame.draw.rect(canvas, theme.SELECT_BG, column, 1)
        picture = badges.badge(medal.emblem, medal.face, medal.ribbon, earned)
        big = pygame.transform.scale_by(picture, SCALE)
        canvas.blit(big, (column.centerx - big.get_width() // 2, BADGE_TOP))
        y = BADGE_TOP + big.get_height() + 6
        width = column.width - 6
        for line in small.wrap(_(medal.name), width)[:NAME_LINES]:
            small.draw(
                canvas,
                line,
                (column.centerx, y),
                theme.TITLE if earned else theme.TEXT,
                align="center",
            )
            y += small.line_height
        y += 2
        for line in small.wrap(earned_words(case, medal.id), width)[:NAME_LINES]:
            small.draw(
                canvas,
                line,
                (column.centerx, y),
                theme.GOOD if earned else theme.TEXT_MUTED,
                align="center",
            )
            y += small.line_height
        y += 6
        for line in small.wrap(_(medal.how), width)[:HOW_LINES]:
            small.draw(canvas, line, (column.centerx, y), theme.TEXT_DIM, align="center")
            y += small.line_height
