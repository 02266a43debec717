"""The one-line text box (game.shell.name_entry): what a paste brings, and a text longer
than the box shown by its end."""

from __future__ import annotations

import pygame

from game.art.font import get_font
from game.scenes.settings import SettingsScene
from game.shell.name_entry import NameEntryScene
from game.ui import theme
from tests.harness import key, run

FINGERPRINT = "ab" * 32
RELAY = f"relay.example.org:8765?tls={FINGERPRINT}"


def paste(app, text: str) -> None:
    pygame.scrap.put_text(text)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)


def open_relay_box(app) -> NameEntryScene:
    settings = app.push(SettingsScene(app))
    run(app, 1)
    row = [item.label for item in settings.menu.items].index("Relay")
    for _ in range(row):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    box = app.scenes.top
    assert isinstance(box, NameEntryScene)
    return box


def test_a_relay_address_with_its_fingerprint_is_pasted_into_settings(new_app):
    app = new_app()
    box = open_relay_box(app)
    paste(app, f"  {RELAY}  \nthe relay Ann runs")
    assert box.text == RELAY, "the first line, trimmed"
    key(app, pygame.K_RETURN)
    assert app.storage.settings.relay_address == RELAY


def test_a_text_longer_than_the_box_shows_its_end_inside_the_box(new_app):
    app = new_app()
    box = open_relay_box(app)
    paste(app, RELAY)
    room = box.field.width - 10
    shown = get_font("small").tail(box.text, room)
    assert shown.startswith("..") and shown.endswith(FINGERPRINT[-8:])
    assert get_font("small").line_width(shown) <= room
    canvas = app.display.canvas
    app.draw_scenes(canvas)
    beside = pygame.Rect(box.field.right + 1, box.field.y, 0, box.field.height)
    beside.width = box.rect.right - 4 - beside.x
    letters = pygame.Color(theme.TITLE)
    assert not [
        (x, y)
        for x in range(beside.left, beside.right)
        for y in range(beside.top, beside.bottom)
        if canvas.get_at((x, y)) == letters
    ], "no letter drawn right of the box"


def test_pasting_nothing_or_what_cannot_be_typed_changes_nothing(new_app):
    app = new_app()
    box = open_relay_box(app)
    paste(app, "\n \n")
    assert box.text == ""
    box.text = "x" * box.max_length
    paste(app, "more")
    assert box.text == "x" * box.max_length, "full: nothing more"
