"""Drawing the Farkle table: felt, the ring of dice, the kept row, the scoreboard, banners.

Only drawing lives here; what to show is read from the table (DrawnTable) and the state
it shows (shown.now: the engine's, held back while a roll's dice tumble). Every colour is a palette colour, and every distinction that matters (held dice, the current player, a
greyed button) also shows as light against dark, so mono mode keeps it.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Protocol

import pygame

from game.art import palette as P
from game.art import sprites
from game.art.font import get_font
from game.art.images import Made
from game.engine.farkle import COMPUTER, ROLLED
from game.input import Action
from game.lang import _, join_words, language, number, pgettext
from game.scenes.farkle import layout
from game.scenes.farkle.face import TableFace
from game.scenes.farkle.helptext import LEVEL_LABELS
from game.scenes.farkle.presenter import FarklePresenter
from game.table.felt import grain
from game.table.sharedkeys import end_button_labels
from game.ui import theme
from game.ui.widgets import Button, draw_banner, draw_panel

RIM = 5  # the wooden rim round the felt
STITCH_RADIUS = layout.RING_RADIUS + 40
STITCH_SPACING = 5  # pixels between the stitches of that circle
LOG_TOP_GAP = 8
KEY_TAB_SIZE = (11, 13)
HINT_BOB_TICKS = 8  # the hint's arrows bob at this rate
ROW_GAP = 4  # the least space between a scoreboard row's words and its score

# The felt, and the blank die in each of its looks.
_made = Made(1 + len(sprites.DIE_STATES))


class DrawnTable(TableFace, Protocol):
    """What the view reads of the table it draws."""

    presenter: FarklePresenter
    buttons: list[Button]
    hover_centre: bool
    finished: bool
    ticks: int
    reduced_motion: bool

    def blink(self, rate: int) -> int: ...

    coach_line: str

    @property
    def held_points(self) -> int: ...

    @property
    def held_combinations(self) -> list[tuple[str, int]]: ...

    def played_by_computer(self, seat: int) -> bool: ...

    def bank_hint(self) -> str: ...

    def bank_refusal(self) -> str | None: ...

    def new_game_key(self) -> str: ...

    def key_word(self, what: str) -> str: ...


# -- the table -----------------------------------------------------------------------------
def felt() -> pygame.Surface:
    """The felt with its wooden rim and a stitched circle round the dice (made once)."""
    return _made.get("felt", _make_felt)


def _make_felt() -> pygame.Surface:
    rect = layout.FELT
    surface = pygame.Surface(rect.size)
    surface.fill(P.BROWN)
    inner = rect.inflate(-2 * RIM, -2 * RIM)
    surface.fill(P.FELT, inner)
    pygame.draw.rect(surface, P.BLACK, rect, 1)
    pygame.draw.line(surface, P.YELLOW, (1, 1), (rect.width - 2, 1))
    pygame.draw.line(surface, P.YELLOW, (1, 1), (1, rect.height - 2))
    pygame.draw.rect(surface, P.BLACK, inner.inflate(2, 2), 1)
    grain(surface, inner)
    # A stitched circle round the dice: evenly spaced dots, like a chalked ring.
    cx, cy = layout.RING_CENTRE
    dots = int(2 * math.pi * STITCH_RADIUS / STITCH_SPACING)
    for dot in range(dots):
        angle = 2 * math.pi * dot / dots
        surface.set_at(
            (
                round(cx + STITCH_RADIUS * math.cos(angle)),
                round(cy + STITCH_RADIUS * math.sin(angle)),
            ),
            P.LIGHT_GREEN,
        )
    return surface


def blank_die(state: str) -> pygame.Surface:
    """The seed's blank die in the centre: a die with its pip painted out, marked ALL."""
    return _made.get(("blank", state, language()), lambda: _make_blank_die(state))


def _make_blank_die(state: str) -> pygame.Surface:
    surface = sprites.die(1, state).copy()
    body = sprites.DIE_BODY
    centre = body.center
    face = surface.get_at((centre[0] - 7, centre[1]))
    pip = pygame.Rect(0, 0, 9, 9)
    pip.center = centre
    for y in range(pip.top, pip.bottom):
        for x in range(pip.left, pip.right):
            surface.set_at((x, y), face)
    font = get_font("small")
    ink = P.WHITE if state.startswith("held") else P.BLACK
    # TRANSLATORS: written on the blank die that holds every scoring die: capitals, at
    # most about 24 pixels wide (3 or 4 letters).
    word = pgettext("farkle", "ALL")
    font.draw(surface, word, (centre[0], centre[1] - font.line_height // 2), ink, align="center")
    return surface


def draw(canvas: pygame.Surface, scene: DrawnTable) -> None:
    """The whole table."""
    canvas.fill(theme.BACKDROP)
    canvas.blit(felt(), layout.FELT.topleft)
    _draw_header(canvas, scene)
    _draw_board(canvas, scene)
    if scene.finished:
        _draw_game_over(canvas, scene)
        return
    _draw_ring(canvas, scene)
    _draw_hint_arrows(canvas, scene)
    _draw_kept(canvas, scene)
    _draw_turn_lines(canvas, scene)
    for button in scene.buttons:
        button.draw(canvas)
    banner = scene.talk.banner
    if banner is not None:
        draw_banner(canvas, layout.BANNER, banner.title, banner.subtitle)


def wrap(text: str, width: int) -> tuple[str, ...]:
    """Small-font lines of at most `width` pixels, remembered: the log and the message are
    drawn every frame but change only now and then."""
    return _wrap(get_font("small").name, text, width)


@lru_cache(maxsize=256)
def _wrap(font: str, text: str, width: int) -> tuple[str, ...]:
    """Keyed by the font too: large text (Settings) swaps the small font for a bigger one."""
    return tuple(get_font(font).wrap(text, width))


def plate(canvas, rect: pygame.Rect) -> None:
    """A dark plate on the felt for text: black with a thin light rim."""
    canvas.fill(P.BLACK, rect)
    pygame.draw.rect(canvas, P.LIGHT_GREEN, rect, 1)


def _seat_tag(scene: DrawnTable, seat: int, short: bool = False) -> str:
    """Who plays a seat: "Computer: Expert" ("Expert" where `short`), "Human"."""
    info = scene.state.seats[seat]
    if info.kind == COMPUTER:
        level = _(dict(LEVEL_LABELS).get(info.level or "", info.level or ""))
        # TRANSLATORS: who plays a seat, in the table's header: "Computer: Expert".
        return level if short else _("Computer: {level}").format(level=level)
    if scene.played_by_computer(seat):
        # TRANSLATORS: who plays a seat: the computer, for a person, in demo mode.
        return _("Computer (demo)")
    # TRANSLATORS: who plays a seat: a person.
    return _("Human")


def _draw_header(canvas, scene: DrawnTable) -> None:
    state = scene.shown.now
    plate(canvas, layout.HEADER)
    small, large = get_font("small"), get_font("large")
    y = layout.HEADER.y + 1
    if state.is_over:
        large.draw(canvas, _("Game over"), (layout.HEADER_X, y), P.YELLOW)
        return
    seat = scene.presenter.table_seat
    # TRANSLATORS: the table's header, in big letters: whose turn it is.
    whose = _("{name}'s turn").format(name=scene.name(seat))
    large.draw(canvas, whose, (layout.HEADER_X, y), P.YELLOW)
    right = layout.HEADER.right - 8
    if state.final_round:
        second = (_("FINAL TURN: all or nothing"), P.LIGHT_RED)
    else:
        second = (
            _("Round {round}").format(round=number(scene.presenter.shown_round)),
            theme.TEXT_DIM,
        )
    if 2 * small.line_height <= layout.HEADER.height:
        small.draw(canvas, _seat_tag(scene, seat), (right, y + 1), P.WHITE, align="right")
        small.draw(canvas, second[0], (right, y + small.line_height), second[1], align="right")
    else:  # large text: the two side by side on one line
        y = small.top_in(layout.HEADER)
        small.draw(canvas, second[0], (right, y), second[1], align="right")
        left_of = right - small.line_width(second[0]) - 12
        small.draw(canvas, _seat_tag(scene, seat), (left_of, y), P.WHITE, align="right")


def _draw_ring(canvas, scene: DrawnTable) -> None:
    human = scene.waiting_for_human
    for slot in range(layout.DICE):
        if scene.tray.slots[slot].visible:
            if human:
                _key_tab(canvas, slot)
        else:
            pygame.draw.rect(
                canvas,
                P.LIGHT_GREEN,
                pygame.Rect(layout.RING_POSITIONS[slot], sprites.DIE_SIZE).inflate(-6, -6),
                1,
            )
    scene.tray.draw(canvas)
    lit = human and (scene.hover_centre or scene.cursor == layout.DICE)
    all_held = bool(scene.selected) and set(scene.selected) == set(scene.state.best_hold())
    state = ("held_hilite" if all_held else "hilite") if lit else ("held" if all_held else "normal")
    canvas.blit(blank_die(state), layout.CENTRE_DIE.topleft)


def _draw_hint_arrows(canvas, scene: DrawnTable) -> None:
    """The finding arrow over each die the hint would hold."""
    arrow = sprites.find_arrow(scene.blink(HINT_BOB_TICKS))
    for slot in scene.presenter.hinted_slots():
        x, y = layout.RING_POSITIONS[slot]
        canvas.blit(
            arrow, (x + (sprites.DIE_SIZE[0] - arrow.get_width()) // 2, y - arrow.get_height() + 4)
        )


def _key_tab(canvas, slot: int) -> None:
    """The die's key (1-6) on a small dark tab beside it."""
    font = get_font("small")
    x, y = layout.key_label_centre(slot)
    tab = pygame.Rect(0, 0, KEY_TAB_SIZE[0], KEY_TAB_SIZE[1])
    tab.center = (x, y)
    canvas.fill(P.BLACK, tab)
    pygame.draw.rect(canvas, P.LIGHT_GREEN, tab, 1)
    font.draw(canvas, str(slot + 1), (tab.centerx + 1, tab.y + 1), P.WHITE, align="center")


def _draw_kept(canvas, scene: DrawnTable) -> None:
    shown = scene.shown.now
    kept = shown.set_aside if shown.phase == ROLLED else ()
    if not kept:
        return
    font = get_font("small")
    x0, y0 = layout.kept_topleft(0)
    # TRANSLATORS: a small label beside the dice kept earlier this turn.
    word = _("Kept")
    label = pygame.Rect(0, y0 + 10, font.measure(word)[0] + 8, font.line_height + 2)
    label.right = x0 - 4
    plate(canvas, label)
    font.draw(canvas, word, (label.centerx, label.y + 2), P.WHITE, align="center")
    for index, die in enumerate(kept):
        canvas.blit(sprites.die(die, "held"), layout.kept_topleft(index))


def _held_line(scene: DrawnTable) -> str:
    parts = scene.held_combinations
    if not parts:
        return "" if scene.played_by_computer(scene.shown.now.current) else _("Nothing held yet")
    if len(parts) == 1:
        name, points = parts[0]
        # TRANSLATORS: the console's line of what the held dice make: "Holding three 4s: 400".
        return _("Holding {dice}: {points}").format(dice=name, points=number(points))
    detail = " + ".join(f"{name} {number(points)}" for name, points in parts)
    # TRANSLATORS: "Holding three 4s 400 + a 1 100 = 500".
    return _("Holding {dice} = {points}").format(dice=detail, points=number(scene.held_points))


def _draw_turn_lines(canvas, scene: DrawnTable) -> None:
    state = scene.shown.now
    console = layout.CONSOLE
    canvas.blit(sprites.panel(console.width, console.height, "dark"), console.topleft)
    small = get_font("small")
    cx = console.centerx
    if state.phase == ROLLED:
        small.draw(canvas, _held_line(scene), (cx, layout.HELD_LINE_Y), P.WHITE, align="center")
        kept, held = state.turn_points, scene.held_points
        if kept and held:
            turn = _("Turn: {kept} kept + {held} held = {total}").format(
                kept=number(kept), held=number(held), total=number(kept + held)
            )
        else:
            turn = _("Turn total: {total}").format(total=number(kept + held))
        small.draw(canvas, turn, (cx, layout.TURN_LINE_Y), P.YELLOW, align="center")
    hint = scene.bank_hint() if scene.waiting_for_human else ""
    message = scene.talk.line
    if message.text:
        lines = wrap(message.text, console.width - 16)
        if message.text == hint:
            hint = ""  # a refused Next says why in red: not again in grey below it
        if len(lines) > 1 and scene.talk.passing is not None:
            hint = ""  # a hint or a refusal takes both lines; the instruction comes back
        lines = lines[: 1 if hint else 2]
        for row, line in enumerate(lines):
            small.draw(
                canvas,
                line,
                (cx, layout.MESSAGE_Y + row * (small.line_height + 1)),
                message.colour,
                align="center",
            )
    if hint:
        allowed = scene.bank_refusal() is None
        small.draw(
            canvas,
            hint,
            (cx, layout.BANK_HINT_Y),
            P.LIGHT_GREEN if allowed else P.LIGHT_GREY,
            align="center",
        )


# -- the scoreboard ----------------------------------------------------------------------------
def _draw_board(canvas, scene: DrawnTable) -> None:
    state = scene.shown.now
    board = layout.BOARD
    # TRANSLATORS: the scoreboard's title.
    draw_panel(canvas, board, _("Scores"))
    small, large = get_font("small"), get_font("large")
    options = state.options
    x = board.x + 10
    small.draw(canvas, game_to(options.target), (x, board.y + 12), theme.ACCENT)
    if not options.min_bank:
        minimum = _("No minimum bank")
    elif options.min_bank_scope != "every_turn":
        # TRANSLATORS: the scoreboard: a turn must make 500 to bank until a player has
        # banked once ("get on" the board).
        minimum = _("Bank {points}+ to get on").format(points=number(options.min_bank))
    else:
        # TRANSLATORS: the scoreboard: a turn must make 500 or more to bank.
        minimum = _("Bank {points}+").format(points=number(options.min_bank))
    small.draw(canvas, minimum, (board.right - 10, board.y + 12), theme.TEXT_DIM, align="right")
    best = max(state.scores[s] for s in state.active_seats)
    seats = state.active_seats
    for row, seat in enumerate(seats):
        _draw_board_row(canvas, scene, row, seat, best, small, large)
    y = layout.board_row(len(seats)).y + 4
    y = _draw_final_round(canvas, scene, y, small)
    _draw_log(canvas, scene, y + LOG_TOP_GAP, small)


def _draw_board_row(canvas, scene, row: int, seat: int, best: int, small, large) -> None:
    state = scene.shown.now
    rect = layout.board_row(row)
    current = not state.is_over and seat == scene.presenter.table_seat
    winner = state.is_over and seat in state.winners
    if current or winner:
        canvas.fill(theme.SELECT_BG, rect)
    ink = theme.SELECT_TEXT if current or winner else theme.TEXT
    dim = theme.SELECT_TEXT if current or winner else theme.TEXT_DIM
    marker = ">" if current else ("*" if winner else "")
    small.draw(canvas, marker, (rect.x + 3, rect.y + 3), ink)
    small.draw(
        canvas,
        scene.name(seat),
        (rect.x + 11, rect.y + 3),
        ink if current or winner else theme.TITLE,
    )
    tag = _seat_tag(scene, seat, short=True)
    status = _final_round_status(state, seat)
    score = number(state.scores[seat])
    # The line under the name stops short of the score; where a language's words do not
    # fit beside it, the final round's status (what matters now) stands alone.
    room = rect.width - 11 - 4 - large.measure(score)[0] - ROW_GAP
    line = f"{tag}  {status}" if status else tag
    if status and small.measure(line)[0] > room:
        line = status
    small.draw(canvas, line, (rect.x + 11, rect.y + 16), dim)
    large.draw(canvas, score, (rect.right - 4, rect.y + 4), ink, align="right")


def _final_round_status(state, seat: int) -> str:
    """A seat's part in the final round, under its name on the scoreboard (short)."""
    if state.is_over:
        # TRANSLATORS: under a player's name on the scoreboard (short).
        return pgettext("farkle seat", "winner") if seat in state.winners else ""
    if not state.final_round:
        return ""
    if seat == state.final_trigger:
        # TRANSLATORS: under a player's name: passed the game score (short).
        return pgettext("farkle seat", "went out")
    if seat == state.current:
        # TRANSLATORS: under a player's name: playing the final round's turn (short).
        return pgettext("farkle seat", "last turn")
    # TRANSLATORS: under a player's name: still to play / has played the final round.
    if seat in state.final_pending:
        return pgettext("farkle seat", "to play")
    return pgettext("farkle seat", "done")


def _draw_final_round(canvas, scene: DrawnTable, y: int, small) -> int:
    state = scene.shown.now
    if not state.final_round or state.is_over:
        return y
    width = layout.BOARD.width - 12
    title, target = final_round_lines(state)
    # Each wrapped to the box (large text, a long translation), lines 13 px apart or the
    # font's line; the box as tall as they need (32 px for two small lines).
    lines = [(line, P.WHITE) for line in wrap(title, width - 8)]
    lines += [(line, P.YELLOW) for line in wrap(target, width - 8)]
    step = max(13, small.line_height)
    box = pygame.Rect(layout.BOARD.x + 6, y, width, 4 + (len(lines) - 1) * step + small.height + 3)
    canvas.fill(P.RED, box)
    pygame.draw.rect(canvas, P.YELLOW, box, 1)
    for row, (line, colour) in enumerate(lines):
        small.draw(canvas, line, (box.centerx, box.y + 4 + row * step), colour, align="center")
    return box.bottom


def final_round_lines(state) -> tuple[str, str]:
    """The scoreboard's final-round box: ("FINAL ROUND: all or nothing", "Beat N to win")."""
    leader = max(state.scores[s] for s in state.active_seats)
    return (
        _("FINAL ROUND: all or nothing"),
        _("Beat {score} to win").format(score=number(leader)),
    )


def game_to(target: int) -> str:
    """ "Game to 10,000": the game's target score."""
    # TRANSLATORS: the game's target score, on the scoreboard and the final standings.
    return _("Game to {target}").format(target=number(target))


def _draw_log(canvas, scene: DrawnTable, y: int, small) -> None:
    board = layout.BOARD
    width = board.width - 20
    lines: list[str] = []
    for entry in reversed(scene.talk.log):
        lines = list(wrap(entry.text, width)) + lines
        if len(lines) >= layout.BOARD_LOG_LINES:
            break
    lines = lines[-layout.BOARD_LOG_LINES :]
    bottom = board.bottom - 8
    room = (bottom - y) // small.line_height
    for row, line in enumerate(lines[-room:] if room > 0 else []):
        newest = row == len(lines[-room:]) - 1
        small.draw(
            canvas,
            line,
            (board.x + 10, y + row * small.line_height),
            theme.TEXT if newest else theme.TEXT_DIM,
        )


# -- announcements and the end ---------------------------------------------------------------
def coach_lines(words: str, seats: int) -> list[str]:
    """The coach's words at the end as drawn under the standings: as many wrapped lines
    as fit above the buttons."""
    small = get_font("small")
    box = layout.game_over_box(seats)
    top = box.y + 44 + seats * 16 + 18
    room = (layout.game_over_buttons(seats)[0].top - 2 - top) // small.line_height
    return small.wrap(words, box.width - 20)[:room]


def _draw_game_over(canvas, scene: DrawnTable) -> None:
    state = scene.state
    box = layout.game_over_box(len(state.active_seats))
    draw_panel(canvas, box, _("Game over"))
    small, large = get_font("small"), get_font("large")
    winners = state.winners
    names = join_words(scene.name(w) for w in winners)
    # TRANSLATORS: the final standings' headline (big letters): "Anna wins!", "Ann and Bob win!"
    headline = (_("{names} win!") if len(winners) > 1 else _("{names} wins!")).format(names=names)
    if large.measure(headline)[0] > box.width - 20:
        headline = _("A shared win!") if len(winners) > 1 else scene.name(winners[0])
    large.draw(canvas, headline, (box.centerx, box.y + 12), theme.TITLE, align="center")
    ranking = sorted(state.active_seats, key=lambda s: -state.scores[s])
    y = box.y + 44
    for place, seat in enumerate(ranking, start=1):
        colour = theme.TITLE if seat in winners else theme.TEXT
        small.draw(canvas, f"{place}.", (box.x + 40, y), theme.TEXT_DIM, align="right")
        small.draw(canvas, scene.name(seat), (box.x + 48, y), colour)
        small.draw(canvas, number(state.scores[seat]), (box.right - 40, y), colour, align="right")
        y += 16
    small.draw(
        canvas,
        game_to(state.options.target),
        (box.centerx, y + 4),
        theme.TEXT_DIM,
        align="center",
    )
    if scene.coach_line:
        for row, line in enumerate(coach_lines(scene.coach_line, len(state.active_seats))):
            small.draw(
                canvas,
                line,
                (box.centerx, y + 18 + row * small.line_height),
                theme.ACCENT,
                align="center",
            )
    hover = scene.app.mouse_pos
    buttons = layout.game_over_buttons(len(state.active_seats))
    for rect, label in zip(buttons, end_button_labels(scene, buttons[0].width)):
        button = Button(rect, label, Action("none"))
        button.hovered = button.contains(hover)
        button.draw(canvas)
