"""Shared set-up for the La Belle Lucie scene tests: a table from a deal or a position,
typing cards at the prompt, clicking cards, the deck and command-bar entries."""

from __future__ import annotations

import pygame

from game.engine.lucie import DemoPlayer, LucieGame, Position
from game.scenes.lucie import layout
from game.scenes.lucie.play import LucieScene
from tests.engine.lucie.lucie_layouts import layout as position_of
from tests.harness import click, key, run

# 5H, 6H and 7H lie on top of fans with hearts home to the four; 2C has nowhere to go; the
# rest of the pack lies in one fan that offers no move.
CHAIN = position_of("9C 5H\n2S 6H\n3S 7H\n8D 2C", home="4H")


def open_table(app, source: int | Position | LucieGame = 1, deal: int = 1) -> LucieScene:
    """Push a table: a deal number, a position (played as deal `deal`) or a game."""
    if isinstance(source, int):
        game = LucieGame.new(source)
    elif isinstance(source, Position):
        game = LucieGame(source, deal)
    else:
        game = source
    scene = LucieScene(app, game)
    app.push(scene)
    run(app, 1)
    return scene


def press(app, char: str) -> None:
    """Type one character as the keyboard would (upper case with shift)."""
    if char == "?":
        key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
        return
    mod = pygame.KMOD_SHIFT if char.isupper() else 0
    key(app, pygame.key.key_code(char.lower()), mod=mod, text=char)


def type_card(app, text: str, then_enter: bool = True) -> None:
    for char in text:
        press(app, char)
    if then_enter:
        enter(app)


def enter(app) -> None:
    key(app, pygame.K_RETURN)


def escape(app) -> None:
    key(app, pygame.K_ESCAPE)


def backspace(app) -> None:
    key(app, pygame.K_BACKSPACE)


def card_point(scene: LucieScene, card: str) -> tuple[int, int]:
    """A canvas point on the part of `card` that shows (the view must be at rest)."""
    where = scene.shown.now.find(card)
    assert where is not None, f"{card} is not on the table"
    rect = scene.shown.now.places()[where[0]].card_rect(where[1])
    return rect.x + rect.width // 2, rect.y + 20


def click_card(app, scene: LucieScene, card: str) -> None:
    click(app, card_point(scene, card))


def click_deck(app) -> None:
    click(app, layout.DECK_RECT.center)


def command_entry(app, scene, key_label: str):
    """The command bar entry with this key label, and the centre of its rectangle."""
    commands = list(scene.commands())  # laid out as drawn: dimmed entries keep their slots
    rects = app.command_bar.layout(commands)
    for command, rect in zip(commands, rects):
        if command.key == key_label and command.enabled:
            return command, rect.center
    raise AssertionError(f"no {key_label!r} on the command bar: {[c.key for c in commands]}")


def click_command(app, scene, key_label: str) -> None:
    click(app, command_entry(app, scene, key_label)[1])


def demo_line(deal: int) -> tuple[list[str], LucieGame]:
    """The demo player's actions for a whole hand of deal `deal`, and where they lead."""
    game = LucieGame.new(deal)
    player = DemoPlayer()
    actions = []
    while not game.is_over:
        action = player.choose(game.position)
        if not action:
            break
        actions.append(action)
        game.apply(action)
    return actions, game


def first_unmovable_top(game: LucieGame) -> str | None:
    movable = {move.card for move in game.position.legal_moves()}
    for fan in game.fans:
        if fan and fan[-1] not in movable:
            return fan[-1]
    return None
