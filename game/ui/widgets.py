"""Widgets shared by every scene: panels, buttons and a keyboard-and-mouse menu."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game import speech
from game.art import sprites
from game.art.font import get_font
from game.input import Action
from game.lang import _, number
from game.ui import theme


def percent(share: float, decimals: int = 0) -> str:
    """A share as a percentage the language's way: "80%" / "80 %", "62.5%" / "62,5 %"."""
    # TRANSLATORS: a percentage; French puts a narrow no-break space before the sign.
    return _("{n}%").format(n=number(share * 100, decimals))


TAB_FOOT = 12  # a panel's title tab ends this far under the panel's top edge


def draw_panel(canvas: pygame.Surface, rect: pygame.Rect, title: str = "") -> None:
    """A framed panel; a title sits in a tab on its top edge."""
    canvas.blit(sprites.panel(rect.width, rect.height), rect.topleft)
    if title:
        font = get_font("small")
        # A title wider than the panel (large text, a long translation) is cut with "…".
        room = rect.width - 8 - 10  # the tab no further right than the panel
        if font.line_width(title) > room:
            while title and font.line_width(title + "…") > room:
                title = title[:-1]
            title = title.rstrip() + "…"
        width = font.measure(title)[0] + 10
        # The tab's foot stays TAB_FOOT under the panel's top whatever the font: taller
        # letters (large text) grow it upwards, clear of the panel's first line.
        height = font.height - font.cap_top + 7
        top = max(min(0, rect.y - 4), rect.y + TAB_FOOT - height)  # no higher than the top
        tab = pygame.Rect(rect.x + 8, top, width, height)
        canvas.fill(theme.PANEL_EDGE, tab)
        font.draw(canvas, title, (tab.x + 5, tab.bottom - 2 - font.height), theme.SELECT_TEXT)


def draw_banner(canvas: pygame.Surface, rect: pygame.Rect, title: str, subtitle: str) -> None:
    """An announcement across the table ("HOT DICE!", "COUP FOURRÉ!"): large title, small line."""
    canvas.blit(sprites.panel(rect.width, rect.height, "dark"), rect.topleft)
    get_font("large").draw(canvas, title, (rect.centerx, rect.y + 4), theme.TITLE, align="center")
    get_font("small").draw(
        canvas, subtitle, (rect.centerx, rect.y + 28), theme.TEXT, align="center"
    )


def dim(canvas: pygame.Surface) -> None:
    """Darken everything drawn so far with a 50% checker: the scene beneath an overlay.

    A checker of black pixels rather than alpha keeps the picture inside the palette.
    """
    canvas.blit(sprites.checker(canvas.get_size()), (0, 0))


@dataclass
class Button:
    """A clickable button with a label; `action` is what clicking or its key does."""

    rect: pygame.Rect
    label: str
    action: Action
    enabled: bool = True
    hovered: bool = False
    pressed: bool = False

    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if self.pressed:
            return "pressed"
        return "hover" if self.hovered else "normal"

    def draw(self, canvas: pygame.Surface, focused: bool = False) -> None:
        state = "hover" if focused and self.enabled and not self.pressed else self.state()
        canvas.blit(sprites.button(state, self.rect.width, self.rect.height), self.rect)
        font = get_font("small")
        colour = sprites.BUTTON_TEXT[state]
        y = self.rect.y + (self.rect.height - font.line_height) // 2 + (1 if self.pressed else 0)
        font.draw(canvas, self.label, (self.rect.centerx, y), colour, align="center")

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.rect.collidepoint(pos)


@dataclass
class MenuItem:
    """One line of a menu. `value` shows a setting; `adjust(+1/-1)` changes it."""

    label: str
    activate: Callable[[], None] | None = None
    value: Callable[[], str] = lambda: ""
    adjust: Callable[[int], None] | None = None
    enabled: bool = True
    hint: str = ""


@dataclass
class Menu:
    """A vertical list driven by arrows/Enter and by mouse hover/click."""

    items: Sequence[MenuItem]
    rect: pygame.Rect
    row_height: int = 16
    selected: int = 0
    value_x: int = 0  # where values start, relative to rect.x (0 = right-aligned)
    on_change: Callable[[], None] = field(default=lambda: None)
    #: Rows shown at once (0: all): a longer menu scrolls to keep the chosen row in view,
    #: with marks at its edge where rows lie above or below.
    visible: int = 0
    #: The first row shown.
    first: int = 0

    def __post_init__(self) -> None:
        self.selected = self._next_enabled(self.selected, 1, include_start=True)

    def row_rect(self, index: int) -> pygame.Rect:
        top = self.rect.y + (index - self.first) * self.row_height
        return pygame.Rect(self.rect.x, top, self.rect.width, self.row_height)

    def shown(self) -> range:
        """The rows in view, after scrolling the chosen one into it."""
        count = len(self.items)
        if not self.visible or self.visible >= count:
            self.first = 0
            return range(count)
        self.first = min(max(self.first, self.selected - self.visible + 1), self.selected)
        self.first = max(0, min(self.first, count - self.visible))
        return range(self.first, self.first + self.visible)

    def arrow_rects(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where the marks of rows above and below are drawn (None where there are
        none): a click on one moves the choice a row that way."""
        shown = self.shown()
        x = self.rect.right + 2
        above = below = None
        if shown.start > 0:
            above = pygame.Rect(x, self.row_rect(shown.start).y - 2, 10, 9)
        if shown.stop < len(self.items):
            below = pygame.Rect(x, self.row_rect(shown.stop - 1).bottom - 7, 10, 9)
        return above, below

    def index_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i in self.shown():
            if self.row_rect(i).collidepoint(pos) and self.items[i].enabled:
                return i
        return None

    def _next_enabled(self, start: int, step: int, include_start: bool = False) -> int:
        n = len(self.items)
        if n == 0:
            return 0
        i = start if include_start else (start + step) % n
        for _step in range(n):
            if self.items[i].enabled:
                return i
            i = (i + step) % n
        return start

    def handle(self, action: Action) -> bool:
        """Act on `action`; True when the menu used it."""
        item = self.items[self.selected] if self.items else None
        if action.name in ("up", "down"):
            self.selected = self._next_enabled(self.selected, -1 if action.name == "up" else 1)
            self.speak_row()
            return True
        if action.name in ("left", "right") and item and item.adjust:
            item.adjust(-1 if action.name == "left" else 1)
            self.on_change()
            self.speak_row()
            return True
        if action.name in ("confirm", "space") and item:
            used = self._activate(item)
            if used and item.adjust:
                self.speak_row()
            return used
        if action.name == "hover":
            index = self.index_at(action.pos)
            if index is not None:
                self.selected = index
            return index is not None
        if action.name == "click" and action.pos:
            above, below = self.arrow_rects()
            for arrow, step in ((above, -1), (below, 1)):
                if arrow is not None and arrow.collidepoint(action.pos):
                    edge = self.shown().start if step < 0 else self.shown().stop - 1
                    self.selected = self._next_enabled(edge, step)
                    self.speak_row()
                    return True
        if action.name in ("click", "rclick", "wheel_up", "wheel_down"):
            index = self.index_at(action.pos)
            if index is None:
                return False
            self.selected = index
            item = self.items[index]
            if action.name == "click":
                return self._activate(item)
            if item.adjust and action.name in ("rclick", "wheel_down"):
                item.adjust(-1)
            elif item.adjust:
                item.adjust(1)
            self.on_change()
            return True
        return False

    def speak_row(self, interrupt: bool = True) -> None:
        """Speech: the chosen row and its value, cutting what was being said."""
        if not self.items or not speech.enabled():
            return
        item = self.items[self.selected]
        value = item.value()
        # TRANSLATORS: spoken: a menu's row and its value ("Sound: On").
        speech.say(
            _("{row}: {value}").format(row=item.label, value=value) if value else item.label,
            interrupt,
        )

    def _activate(self, item: MenuItem) -> bool:
        if not item.enabled:
            return False
        if item.activate:
            item.activate()
        elif item.adjust:
            item.adjust(1)
            self.on_change()
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        font = get_font("small")
        shown = self.shown()
        for i in shown:
            item, row = self.items[i], self.row_rect(i)
            chosen = i == self.selected
            if chosen:
                canvas.fill(theme.SELECT_BG, row)
            colour = (
                theme.SELECT_TEXT if chosen else theme.TEXT if item.enabled else theme.TEXT_MUTED
            )
            y = font.top_in(row)  # the letters inside the highlight, feet and all
            font.draw(canvas, item.label, (row.x + 6, y), colour)
            value = item.value()
            if value:
                if item.adjust:
                    value = f"< {value} >"
                if self.value_x:
                    font.draw(canvas, value, (row.x + self.value_x, y), colour)
                else:
                    font.draw(canvas, value, (row.right - 6, y), colour, align="right")
        # More rows above or below: a small arrow at the edge, pointing their way (a
        # click on it moves the choice that way).
        above, below = self.arrow_rects()
        if above is not None:
            x, top = above.x + 2, above.y + 2
            pygame.draw.polygon(
                canvas, theme.ACCENT, [(x, top + 4), (x + 6, top + 4), (x + 3, top)]
            )
        if below is not None:
            x, bottom = below.x + 2, below.bottom - 3
            pygame.draw.polygon(
                canvas, theme.ACCENT, [(x, bottom - 4), (x + 6, bottom - 4), (x + 3, bottom)]
            )


@dataclass
class PromptBox:
    """A message such as "Press Enter to roll" that can also be clicked (Shut The Box:
    "boxes higher on the screen ... will allow you to click the box itself")."""

    rect: pygame.Rect
    text: str
    action: Action
    hovered: bool = False

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    def draw(self, canvas: pygame.Surface) -> None:
        style = "light" if self.hovered else "dark"
        canvas.blit(sprites.panel(self.rect.width, self.rect.height, style), self.rect.topleft)
        font = get_font("small")
        lines = font.wrap(self.text, self.rect.width - 12)
        y = self.rect.centery - len(lines) * font.line_height // 2 + 1
        for line in lines:
            font.draw(
                canvas, line, (self.rect.centerx, y), sprites.PANEL_TEXT[style], align="center"
            )
            y += font.line_height


#: Unit steps of the four directions on the canvas (y grows downwards).
DIRECTION_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def nearest_in_direction(
    points: Mapping[Hashable, tuple[int, int]], start: tuple[int, int], direction: str
) -> Hashable | None:
    """Where an arrow key (or a d-pad) moves a focus among things drawn at `points`: the
    nearest one lying ahead of `start` in `direction`, counting distance across the
    direction three times over, so that the neighbour in line wins over a nearer one off
    to the side. None when nothing lies that way."""
    dx, dy = DIRECTION_STEPS[direction]
    best, best_cost = None, None
    for key, (x, y) in points.items():
        ahead = (x - start[0]) * dx + (y - start[1]) * dy
        if ahead <= 0:
            continue
        across = abs((x - start[0]) * dy) + abs((y - start[1]) * dx)
        cost = ahead + 3 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = key, cost
    return best
