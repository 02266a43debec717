"""Drawing La Belle Lucie's table from the scene's state: the deck and the deal, the
foundations and the score, the 18 fans, rings and the finding arrow, the prompt and the
messages. Every word sits on a dark panel, so it reads the same in colour and in mono."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import pygame

from game.art import palette as P
from game.art import sprites
from game.art.font import get_font
from game.engine.lucie import LucieGame
from game.lang import _, ngettext, number, text
from game.scenes.lucie import layout
from game.scenes.lucie.controls import Controls
from game.scenes.lucie.entry import CardEntry
from game.scenes.lucie.layout import (
    DEAL_RECT,
    DECK_RECT,
    MESSAGE_PAD,
    MESSAGE_RECT,
    PROMPT_RECT,
    SCORE_RECT,
)
from game.scenes.lucie.picture import CardsPicture
from game.scenes.lucie.present import Presenter
from game.scenes.lucie.words import DIFFICULTY_WORDS, SHUFFLE, keys_line
from game.shell.base import Command
from game.storage import GameStats
from game.table import Shown, Talk
from game.table.felt import felt
from game.ui import theme
from game.ui.widgets import draw_panel

ARROW_BOB_TICKS = 8  # the finding arrow bobs at this rate
CURSOR_BLINK_TICKS = 20
DRAW_BLINK_TICKS = 10  # the draw prompt flashes at this rate just after the shuffle
LINE_GAP = 1  # between the message panel's lines


class DrawnTable(Protocol):
    """What the drawing reads of La Belle Lucie's table."""

    game: LucieGame
    shown: Shown[CardsPicture]
    presenter: Presenter
    controls: Controls
    entry: CardEntry
    talk: Talk
    demo: bool
    tip: str
    ticks: int
    reduced_motion: bool

    def blink(self, rate: int) -> int: ...
    def key_word(self, what: str) -> str: ...

    share: float | None

    @property
    def is_over(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    @property
    def thinking(self) -> bool: ...
    @property
    def stats(self) -> GameStats: ...
    @property
    def difficulty(self) -> str: ...
    def deck_hinted(self) -> bool: ...
    def deck_clickable(self) -> bool: ...
    def highlighted_card(self) -> str | None: ...
    def arrow_card(self) -> str | None: ...
    def cursor_shown(self, blink_ticks: int) -> bool: ...
    def commands(self) -> Sequence[Command]: ...


def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered (drawn every frame)."""
    return _wrap(get_font("small").name, text, width)


@lru_cache(maxsize=128)
def _wrap(font: str, text: str, width: int) -> tuple[str, ...]:
    """Keyed by the font too: large text (Settings) swaps the small font for a bigger one."""
    return tuple(get_font(font).wrap(text, width))


def draw_table(canvas: pygame.Surface, scene: DrawnTable) -> None:
    """The whole table (the app draws the command bar over its bottom line)."""
    canvas.blit(felt(), (0, 0))
    places = scene.shown.now.places()
    _draw_deck(canvas, scene)
    _draw_deal_panel(canvas, scene)
    _draw_foundations(canvas, scene)
    _draw_score_panel(canvas, scene)
    _draw_fans(canvas, scene, places)
    _draw_rings(canvas, scene, places)
    _draw_arrow(canvas, scene, places)
    flight = scene.shown.now.flight
    if flight is not None:
        canvas.blit(sprites.card(flight.card[0], flight.card[1]), flight.pos)
    _draw_prompt(canvas, scene)
    _draw_messages(canvas, scene)


# -- the top band --------------------------------------------------------------------------
def _draw_deck(canvas, scene: DrawnTable) -> None:
    """The seed's S as a thing to click: the deck, with the shuffles left on its corner."""
    left = scene.game.redeals_left
    if not left:
        canvas.blit(sprites.card_slot(), DECK_RECT.topleft)
        return
    canvas.blit(sprites.card_back(), DECK_RECT.topleft)
    badge = pygame.Rect(0, 0, *layout.BADGE_SIZE)
    badge.bottomright = (DECK_RECT.right - 4, DECK_RECT.bottom - 4)
    canvas.fill(P.BLACK, badge)
    pygame.draw.rect(canvas, P.YELLOW, badge, 1)
    get_font("small").draw(
        canvas, str(left), (badge.centerx + 1, badge.y + 1), P.YELLOW, align="center"
    )
    lit = scene.deck_hinted() or (scene.controls.hover == "deck" and scene.deck_clickable())
    if lit:
        _ring(canvas, DECK_RECT.topleft)


def _draw_deal_panel(canvas, scene: DrawnTable) -> None:
    game = scene.game
    # TRANSLATORS: a panel's heading, the deal's number (no grouping): "Deal #1989".
    draw_panel(canvas, DEAL_RECT, _("Deal #{deal}").format(deal=game.deal))
    small = get_font("small")
    x, y = DEAL_RECT.x + 8, DEAL_RECT.y + 12
    left = game.redeals_left
    shuffles = (
        ngettext("{n} shuffle left", "{n} shuffles left", left).format(n=number(left))
        if left
        else _("No shuffles left")
    )
    room = DEAL_RECT.right - 4 - x
    small.draw(canvas, fitted(shuffles, room), (x, y), theme.TEXT)
    if left:
        second, colour = _("then the free draw"), theme.TEXT_DIM
    elif game.draw_available and not scene.is_over:
        second, colour = _("FREE DRAW NOW"), theme.TITLE
    else:
        second, colour = _("free draw gone"), theme.TEXT_DIM
    small.draw(canvas, fitted(second, room), (x, y + small.line_height), colour)
    # TRANSLATORS: the cards on the foundations, of the deck's 52: "12 of 52 home".
    home = _("{home} of 52 home").format(home=game.cards_home)
    small.draw(canvas, fitted(home, room), (x, y + 2 * small.line_height + 6), theme.ACCENT)


def _draw_foundations(canvas, scene: DrawnTable) -> None:
    tops = scene.shown.now.tops
    for suit in layout.FOUNDATION_SUITS:
        top = tops.get(suit)
        pos = layout.foundation_pos(suit)
        canvas.blit(sprites.card(top[0], top[1]) if top else sprites.card_slot(suit), pos)


def _draw_score_panel(canvas, scene: DrawnTable) -> None:
    draw_panel(canvas, SCORE_RECT, _("Score"))
    small, large = get_font("small"), get_font("large")
    x, y = SCORE_RECT.x + 8, SCORE_RECT.y + 8
    right = large.draw(canvas, str(scene.game.score), (x, y), theme.TITLE).right
    # TRANSLATORS: beside the score, in small letters: "63 of 100".
    small.draw(
        canvas, _("of 100"), (right + 4, y + large.baseline - small.baseline), theme.TEXT_DIM
    )
    stats = scene.stats
    if stats.played:
        average = (
            _("Average {average}").format(average=number(stats.average_score, 1))
            if stats.average_score is not None
            else _("Average -")
        )
        # TRANSLATORS: hands played and won: "7 hands, 2 won".
        record = ngettext("{n} hand, {won} won", "{n} hands, {won} won", stats.played).format(
            n=number(stats.played), won=number(stats.won)
        )
    else:
        average, record = _("Average: no hands yet"), _("The first hand counts")
    score_y = y
    y += 29  # under the score (a review's panel covers the top of the table above it)
    room = SCORE_RECT.right - 4 - x
    small.draw(canvas, fitted(average, room), (x, y), theme.TEXT)
    # Closer under it when taller letters (large text) would sink into the frame.
    below = min(y + small.line_height, SCORE_RECT.bottom - 5 - small.baseline)
    small.draw(canvas, fitted(record, room), (x, below), theme.TEXT_DIM)
    if scene.share is not None:  # a deal dealt as winnable: its difficulty, all hand long
        right = SCORE_RECT.right - 8
        # TRANSLATORS: the score panel's corner, above the difficulty: this deal was
        # proved winnable (one short word).
        small.draw(canvas, _("Winnable"), (right, score_y), theme.ACCENT, align="right")
        level = text(DIFFICULTY_WORDS.get(scene.difficulty, scene.difficulty))
        small.draw(canvas, level, (right, score_y + small.line_height), theme.TITLE, align="right")


# -- the fans ------------------------------------------------------------------------------
def _draw_fans(canvas, scene: DrawnTable, places) -> None:
    for fan, place in zip(scene.shown.now.fans, places):
        for index, card in enumerate(fan):
            canvas.blit(sprites.card(card[0], card[1]), place.card_pos(index))


def _ring(canvas, pos: tuple[int, int]) -> None:
    """The kit's ring, with a dark line outside it so that it stands off the felt's dither
    in mono as well as in colour."""
    ring = sprites.CARD_RING
    canvas.blit(sprites.card_ring(), (pos[0] - ring, pos[1] - ring))
    outside = pygame.Rect(pos, layout.CARD_SIZE).inflate(2 * ring + 2, 2 * ring + 2)
    pygame.draw.rect(canvas, layout.HOVER_EDGE_DARK, outside, 1)


def _ring_card(canvas, places, where: tuple[int, int]) -> None:
    """Ring a whole top card, or frame the strip that shows of a covered one."""
    fan, index = where
    place = places[fan]
    if index >= place.count - 1:
        _ring(canvas, place.card_pos(index))
        return
    strip = place.card_rect(index).inflate(2, 2)
    pygame.draw.rect(canvas, layout.HOVER_EDGE, strip.inflate(2, 2), 2)
    pygame.draw.rect(canvas, layout.HOVER_EDGE_DARK, strip, 1)


def _draw_rings(canvas, scene: DrawnTable, places) -> None:
    if scene.busy:
        return
    card = scene.highlighted_card()
    where = scene.shown.now.find(card) if card else None
    if where is not None:
        _ring_card(canvas, places, where)
    hover = scene.controls.hover
    if isinstance(hover, tuple) and hover != where and not scene.is_over and not scene.demo:
        fan, index = hover
        if fan < len(places) and index < places[fan].count:
            _ring_card(canvas, places, hover)


def _draw_arrow(canvas, scene: DrawnTable, places) -> None:
    card = scene.arrow_card()
    where = scene.shown.now.find(card) if card else None
    if where is None:
        return
    place = places[where[0]]
    canvas.blit(sprites.find_arrow(scene.blink(ARROW_BOB_TICKS)), layout.arrow_pos(place, where[1]))


# -- the bottom band -----------------------------------------------------------------------
def _draw_prompt(canvas, scene: DrawnTable) -> None:
    rect = PROMPT_RECT
    canvas.blit(sprites.panel(rect.width, rect.height, "dark"), rect.topleft)
    small, large = get_font("small"), get_font("large")
    label_y = rect.centery - small.line_height // 2 + 1
    if scene.is_over:
        word = _("You won!") if scene.game.is_won else _("Hand over")
        large.draw(
            canvas,
            word,
            (rect.centerx, rect.centery - large.line_height // 2 + 1),
            theme.TITLE,
            align="center",
        )
        return
    if scene.demo:
        word = _("Thinking...") if scene.thinking else _("Computer plays")
        small.draw(canvas, word, (rect.centerx, label_y), theme.ACCENT, align="center")
        return
    # TRANSLATORS: the prompt where a card is typed (keep it short: about 6 letters).
    label_right = small.draw(canvas, _("Card:"), (rect.x + 10, label_y), theme.TEXT_DIM).right
    entry_x = max(rect.x + 44, label_right + 6)
    entry_y = rect.centery - large.line_height // 2 + 1
    end = (
        large.draw(canvas, scene.entry.text, (entry_x, entry_y), layout.ENTRY_TEXT).right
        if scene.entry
        else entry_x
    )
    if scene.cursor_shown(CURSOR_BLINK_TICKS):
        canvas.fill(layout.ENTRY_TEXT, (end + 2, entry_y + large.baseline, 10, 2))
    if scene.entry.complete:
        # The key (or a controller's button) that moves the card typed.
        enter = scene.key_word("confirm")
        small.draw(canvas, enter, (rect.right - 10, label_y), theme.TEXT_DIM, align="right")


def _draw_messages(canvas, scene: DrawnTable) -> None:
    rect = MESSAGE_RECT
    canvas.blit(sprites.panel(rect.width, rect.height, "dark"), rect.topleft)
    small = get_font("small")
    width = rect.width - 2 * MESSAGE_PAD
    x = rect.x + MESSAGE_PAD
    first_y = rect.y + (rect.height - 2 * small.line_height - LINE_GAP) // 2 + 1
    second_y = first_y + small.line_height + LINE_GAP
    standing = standing_line(scene)
    message = scene.talk.line
    lines: tuple[str, ...] = wrap(message.text, width) if message.text else ()
    if standing and len(lines) > 1 and standing[2] is None:
        standing = None  # a message that wraps (a hint) is shown whole: the plain line waits
    room = 1 if standing else 2
    for row, line in enumerate(lines[:room]):
        small.draw(
            canvas, line, (x, first_y + row * (small.line_height + LINE_GAP)), message.colour
        )
    if not standing:
        return
    text, colour, plate = standing
    y = second_y if lines else first_y
    if plate is not None:
        box = pygame.Rect(rect.x + 4, y - 2, rect.width - 8, small.line_height + 3)
        canvas.fill(plate, box)
    small.draw(canvas, fitted(text, width), (x, y), colour)


def fitted(line: str, width: int) -> str:
    """`line` as it fits `width` in the small font: cut with "…" when it is too long (a
    long translation with large text on)."""
    small = get_font("small")
    if small.line_width(line) <= width:
        return line
    while line and small.line_width(line + "…") > width:
        line = line[:-1]
    return line.rstrip() + "…"


def standing_line(scene: DrawnTable) -> tuple[str, tuple, tuple | None] | None:
    """The panel's lasting line: (text, colour, plate colour or None)."""
    game = scene.game
    if scene.is_over:
        # TRANSLATORS: {keys} lists the bar's keys: "Enter Next, N New, Esc Title".
        words = _("The hand is over: {keys}.").format(keys=keys_line(scene.commands()))
        return words, theme.TEXT_DIM, None
    if game.draw_available and not scene.demo:
        blinking = scene.presenter.draw_flash
        flash = blinking and (scene.reduced_motion or (blinking // DRAW_BLINK_TICKS) % 2)
        text, plate = layout.DRAW_PROMPT_FLASH if flash else layout.DRAW_PROMPT
        words = _("FREE DRAW: this first move may take any card, even a buried one.")
        return (words, text, plate)
    if scene.demo:
        words = _("Demo: the computer plays the hand. D hands the cards back.")
        return words, theme.TEXT_DIM, None
    if scene.tip:
        return _(scene.tip), theme.ACCENT, None
    return (
        _(
            "Type a card and Enter, or click it.  {shuffle} shuffles, U undoes, ? hints, "
            "Q+Enter quits."
        ).format(shuffle=_(SHUFFLE[0])),
        theme.TEXT_DIM,
        None,
    )
