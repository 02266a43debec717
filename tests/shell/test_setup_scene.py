"""The shared set-up screen: seats, names, options, remembered between games."""

import pygame

from game.art.font import get_font
from game.shell.name_entry import NameEntryScene
from game.shell.setup import COMPUTER, HUMAN, NONE, OptionSpec, SetupScene
from tests.harness import click, key, type_text

LEVELS = [("easy", "Easy"), ("hard", "Hard")]
OPTIONS = [
    OptionSpec(
        "target",
        "Game score",
        [(5000, "5,000"), (10000, "10,000")],
        10000,
        hint="Points needed to win.",
    )
]


def open_setup(app, started):
    scene = SetupScene(
        app,
        "farkle",
        "Farkle",
        LEVELS,
        OPTIONS,
        lambda seats, options: started.append((seats, options)),
    )
    app.push(scene)
    app.frame(1)
    return scene


def test_defaults_are_a_human_and_the_strongest_computer(app):
    started = []
    scene = open_setup(app, started)
    assert scene.seats[0].kind == HUMAN
    assert scene.seats[1].kind == COMPUTER and scene.seats[1].level == "hard"
    assert [s.kind for s in scene.seats[2:]] == [NONE, NONE]
    key(app, pygame.K_s, text="s")
    seats, options = started[0]
    assert [s.kind for s in seats] == [HUMAN, COMPUTER] and options == {"target": 10000}


def test_keys_change_seats_names_and_options_and_they_are_remembered(app):
    started = []
    scene = open_setup(app, started)
    key(app, pygame.K_DOWN)  # seat 2: computer hard -> nobody
    key(app, pygame.K_RIGHT)
    assert scene.seats[1].kind == NONE
    key(app, pygame.K_RIGHT)  # nobody -> human
    assert scene.seats[1].kind == HUMAN
    key(app, pygame.K_RETURN)  # type a name
    assert isinstance(app.scenes.top, NameEntryScene)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Bob")
    key(app, pygame.K_RETURN)
    assert scene.seats[1].name == "Bob"
    for _ in range(3):
        key(app, pygame.K_DOWN)  # the target option row
    key(app, pygame.K_LEFT)
    assert scene.values["target"] == 5000
    key(app, pygame.K_s, text="s")
    seats, options = started[0]
    assert [s.name for s in seats] == ["Player 1", "Bob"] and options["target"] == 5000
    again = open_setup(app, [])
    assert again.seats[1].name == "Bob" and again.values["target"] == 5000


def test_the_mouse_changes_a_seat_and_starts(app):
    started = []
    scene = open_setup(app, started)
    click(app, scene.row_rect(0).move(80, 0).midleft)  # the kind cell of seat 1
    assert scene.seats[0].kind == COMPUTER
    start_row = len(scene.seats) + len(scene.options)
    click(app, scene.row_rect(start_row).center)
    assert started and [s.kind for s in started[0][0]] == [COMPUTER, COMPUTER]


def test_an_empty_table_cannot_start(app):
    started = []
    scene = open_setup(app, started)
    for seat in scene.seats:
        seat.kind = NONE
    key(app, pygame.K_s, text="s")
    assert not started and "At least 1 player" in scene.message


def test_damaged_stored_seats_fall_back_to_sane_ones(app):
    app.storage.save_game_options(
        "farkle",
        {
            "seats": [
                {"kind": "alien", "name": 5},
                "junk",
                {"kind": "computer", "level": "godlike"},
            ],
            "target": 7,
        },
    )
    scene = open_setup(app, [])
    assert scene.seats[0].kind == HUMAN and scene.seats[0].name
    assert scene.seats[2].kind == COMPUTER and scene.seats[2].level == "hard"
    assert scene.values["target"] == 10000


def test_a_click_on_an_arrow_steps_that_way(app):
    """Seen in a real window: a click on the "<" of "< 10,000 >" went on to the next
    value, as a click anywhere on the row did; "<" steps back, the rest steps on."""
    started = []
    scene = SetupScene(
        app,
        "farkle",
        "Farkle",
        LEVELS,
        [OptionSpec("target", "Game score", [(n, f"{n:,}") for n in (2, 5, 10)], 5)],
        lambda seats, options: started.append((seats, options)),
    )
    app.push(scene)
    app.frame(1)
    row = scene.row_rect(len(scene.seats))
    cell = get_font("small").line_width("< 5 >")
    click(app, (row.right - 6 - cell + 2, row.centery))  # on the "<"
    assert scene.values["target"] == 2
    click(app, (row.right - 8, row.centery))  # on the ">"
    assert scene.values["target"] == 5
    click(app, (row.x + 20, row.centery))  # on the option's name
    assert scene.values["target"] == 10
    sitting = (scene.seats[1].kind, scene.seats[1].level)
    click(app, (scene.row_rect(1).x + 36, scene.row_rect(1).centery))  # seat 2's "<"
    assert (scene.seats[1].kind, scene.seats[1].level) != sitting
    click(app, (scene.row_rect(1).x + 100, scene.row_rect(1).centery))  # its words
    assert (scene.seats[1].kind, scene.seats[1].level) == sitting
